"""benchmill core: settings, store, engines, prompts and releases shared by flows/ and tasks/."""
from pathlib import Path

__version__ = "0.1.0"

#: repository root (prompts/, data/ and schemas/ live here)
ROOT = Path(__file__).resolve().parent.parent
