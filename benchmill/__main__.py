"""``python -m benchmill``: the command line lives in the top-level ``cli`` package (the
core package imports no flow and no CLI; this entry point only delegates)."""
from cli import main

main()
