"""Baseline reports on disk: the contract between auto-evaluation and the portal.

    <settings.reports_dir>/baselines/<collection>@<version>/<system file>.json

one ``EvaluationReport`` (tasks/evaluate/records.py) per configured baseline system, as
``benchmill evaluate C@V --system S --json`` reports it; ``system_file_name`` maps the
configured spec to the file name (``hybrid:scan`` -> ``hybrid-scan.json``). The report's
``config.system`` is the configured spec, its ``system`` the resolved one (``hybrid:scan``
-> ``hybrid:<best weight>``). A file is absent or complete (temp file + rename);
``read_baseline_report`` accepts only a complete baseline report of that release and
system. Only files: no store, no Prefect (the portal imports this without the flows).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from pydantic import ValidationError

from benchmill.settings import Settings
from tasks.evaluate.records import EvaluationReport

_VERSION = re.compile(r"^\d+\.\d+\.\d+$")


def baselines_dir(settings: Settings) -> Path:
    return settings.reports_dir / "baselines"


def system_file_name(system: str) -> str:
    """``hybrid:scan`` -> ``hybrid-scan.json`` (no ':' in file names); the report's ``config.system``
    keeps the configured spec, its ``system`` the resolved one (hybrid:scan -> hybrid:<weight>)."""
    return system.replace(":", "-") + ".json"


def baseline_report_path(settings: Settings, collection: str, version: str, system: str) -> Path:
    return baselines_dir(settings) / f"{collection}@{version}" / system_file_name(system)


def read_baseline_report(path: Path, collection: str, version: str, system: str) -> EvaluationReport | None:
    """The report at ``path`` when it is a complete baseline report of this release and system, else None."""
    try:
        report = EvaluationReport.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError):
        return None
    ok = (report.kind == "baseline" and report.collection == collection and report.version == version
          and report.config.get("system") == system)
    return report if ok else None


def report_bytes(report: EvaluationReport) -> bytes:
    """The same JSON as ``report.json`` of ``benchmill evaluate`` (tasks/evaluate/report.py)."""
    return json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=1).encode("utf-8")


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def exported_releases(settings: Settings) -> list[tuple[str, str]]:
    """(collection, version) of every complete export folder (one with its manifest.json)."""
    root = settings.releases_dir
    found = []
    if root.is_dir():
        for cdir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
            for vdir in cdir.iterdir():
                if vdir.is_dir() and _VERSION.match(vdir.name) and (vdir / "manifest.json").is_file():
                    found.append((cdir.name, vdir.name))
    return sorted(found, key=lambda cv: (cv[0], tuple(int(x) for x in cv[1].split("."))))


def missing_reports(settings: Settings, systems: list[str], releases: list[tuple[str, str]] | None = None,
                    ) -> dict[tuple[str, str], list[str]]:
    """Release -> the systems without a valid report (releases with none missing left out)."""
    out = {}
    for collection, version in exported_releases(settings) if releases is None else releases:
        todo = [s for s in systems if read_baseline_report(
            baseline_report_path(settings, collection, version, s), collection, version, s) is None]
        if todo:
            out[(collection, version)] = todo
    return out
