"""Failpoints for fault-injection tests: ``checkpoint(name)`` SIGKILLs the own process when
the environment variable ``BENCHMILL_FAULT_AT`` equals ``name``.

The variable is read once at import; with it unset a checkpoint is one comparison. Only
tests set it (tests/test_fault_injection.py kills a real ``benchmill daily`` at every
checkpoint and checks that the rerun publishes exactly what an uninterrupted run does).
"""
from __future__ import annotations

import os
import signal

_FAULT_AT = os.environ.get("BENCHMILL_FAULT_AT") or None


def checkpoint(name: str) -> None:
    if _FAULT_AT is not None and name == _FAULT_AT:
        os.kill(os.getpid(), signal.SIGKILL)
