"""Progress of long stages, shown as rich progress bars by the CLI and silent elsewhere.

Flows call ``stage(name, total)`` / ``advance()``; the CLI installs a reporter for the
process it runs the flow in. Served deployments and tests install none: no output.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Reporter(Protocol):
    def start(self, name: str, total: int | None) -> None: ...
    def advance(self, n: int = 1) -> None: ...
    def finish(self) -> None: ...


_reporter: Reporter | None = None


class StageClock:
    """Wall seconds per stage name, accumulated (a stage may run once per language)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str, total: int | None = None) -> Iterator[None]:
        start = time.perf_counter()
        with stage(name, total):
            yield
        key = name.split("[", 1)[0]
        self.seconds[key] = round(self.seconds.get(key, 0.0) + time.perf_counter() - start, 3)


def install(reporter: Reporter | None) -> None:
    global _reporter
    _reporter = reporter


@contextmanager
def stage(name: str, total: int | None = None) -> Iterator[None]:
    if _reporter is not None:
        _reporter.start(name, total)
    try:
        yield
    finally:
        if _reporter is not None:
            _reporter.finish()


def advance(n: int = 1) -> None:
    if _reporter is not None:
        _reporter.advance(n)


class RichReporter:
    """One bar per stage: a counter bar when the stage knows its size, a spinner otherwise."""

    def __init__(self, console=None):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description:<22}"), BarColumn(),
                                 MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=False)
        self._task = None

    def __enter__(self) -> "RichReporter":
        self.progress.start()
        install(self)
        return self

    def __exit__(self, *exc) -> None:
        install(None)
        self.progress.stop()

    def start(self, name: str, total: int | None) -> None:
        self._task = self.progress.add_task(name, total=total if total is not None else 1)

    def advance(self, n: int = 1) -> None:
        if self._task is not None:
            self.progress.advance(self._task, n)

    def finish(self) -> None:
        if self._task is not None:
            task = self.progress.tasks[self._task]
            self.progress.update(self._task, completed=task.total)
            self._task = None
