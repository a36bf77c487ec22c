"""The validation portal and leaderboard (issue 12): see portal/app.py and docs/ARCHITECTURE.md."""
