"""The portal's read path to releases: the exported folders under ``settings.releases_dir``.

A release folder appears by an atomic rename once its files are complete
(benchmill/releases.py), so a folder with a manifest is a whole release; reading it needs no
DuckDB connection and no lock, and a daily run writing the next release never blocks the
portal (nor the portal the run). Public files are served from ``public/`` by a fixed allow
list; nothing under ``private/`` is ever named by a route.
"""
from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from benchmill.releases import VERSION_RE

COLLECTION_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$")
#: the only files a route serves: public texts and questions, and the manifest
PUBLIC_FILES = {
    "texts.parquet": "public/texts.parquet",
    "texts.jsonl": "public/texts.jsonl",
    "questions.parquet": "public/questions.parquet",
    "questions.jsonl": "public/questions.jsonl",
    "manifest.json": "manifest.json",
}


class UnknownRelease(LookupError):
    pass


def version_key(version: str) -> tuple[int, int, int]:
    m = VERSION_RE.match(version)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else (-1, -1, -1)


def valid_ref(collection: str, version: str) -> bool:
    return bool(COLLECTION_RE.match(collection) and ".." not in collection and VERSION_RE.match(version))


@dataclass(frozen=True)
class ReleaseInfo:
    collection: str
    version: str
    path: Path
    manifest: dict

    @property
    def ref(self) -> str:
        return f"{self.collection}@{self.version}"

    def public_manifest(self) -> dict:
        """The manifest's summary fields (counts, filters, lineage of the release)."""
        keep = ("collection", "version", "parent", "created", "counts_by_type", "counts_by_language", "texts",
                "questions", "held_back_by_quota", "skipped_filters")
        return {k: self.manifest.get(k) for k in keep if k in self.manifest}

    def files(self) -> list[str]:
        return [name for name, rel in PUBLIC_FILES.items() if (self.path / rel).is_file()]


class ReleaseReader:
    """Lists exported releases and loads one for scoring (cached per folder and manifest time)."""

    def __init__(self, releases_dir: Path) -> None:
        self.root = Path(releases_dir)
        self._cache: dict[tuple[str, str], tuple[float, object]] = {}
        self._lock = threading.Lock()

    def releases(self, collection: str | None = None) -> list[ReleaseInfo]:
        out: list[ReleaseInfo] = []
        if not self.root.is_dir():
            return out
        for cdir in sorted(self.root.iterdir()):
            if not cdir.is_dir() or (collection is not None and cdir.name != collection):
                continue
            if not COLLECTION_RE.match(cdir.name):
                continue
            for vdir in cdir.iterdir():
                if not (vdir.is_dir() and VERSION_RE.match(vdir.name) and (vdir / "manifest.json").is_file()):
                    continue  # temp folders of an export in progress have no version name
                try:
                    manifest = json.loads((vdir / "manifest.json").read_text(encoding="utf-8"))
                except (OSError, json.JSONDecodeError):
                    continue
                out.append(ReleaseInfo(cdir.name, vdir.name, vdir, manifest if isinstance(manifest, dict) else {}))
        out.sort(key=lambda r: (r.collection, version_key(r.version)))
        return out

    def collections(self) -> list[str]:
        return sorted({r.collection for r in self.releases()})

    def get(self, collection: str, version: str) -> ReleaseInfo:
        if not valid_ref(collection, version):
            raise UnknownRelease(f"no release {collection}@{version}")
        path = self.root / collection / version
        if not (path / "manifest.json").is_file():
            raise UnknownRelease(f"no release {collection}@{version}")
        try:
            manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            raise UnknownRelease(f"release {collection}@{version} is not readable") from None
        return ReleaseInfo(collection, version, path, manifest if isinstance(manifest, dict) else {})

    def public_file(self, collection: str, version: str, name: str) -> Path:
        info = self.get(collection, version)
        rel = PUBLIC_FILES.get(name)
        if rel is None or not (info.path / rel).is_file():
            raise UnknownRelease(f"release {collection}@{version}: public files are {', '.join(info.files())}")
        return info.path / rel

    def load(self, collection: str, version: str):
        """The release's data for scoring (private split included: it never leaves the process)."""
        from tasks.evaluate.release_data import load_release

        info = self.get(collection, version)
        stamp = (info.path / "manifest.json").stat().st_mtime
        key = (collection, version)
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None and hit[0] == stamp:
                return hit[1]
        data = load_release(info.path, collection, version)
        with self._lock:
            self._cache[key] = (stamp, data)
            while len(self._cache) > 16:
                self._cache.pop(next(iter(self._cache)))
        return data
