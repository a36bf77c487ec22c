"""Data files that must stay in sync with code: JSON Schema exports and docker-compose.yml."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from schemas.export import render_json_schemas

ROOT = Path(__file__).resolve().parent.parent


def test_json_schema_exports_are_current():
    rendered = render_json_schemas()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "schemas" / "json").glob("*.schema.json")}
    stale = sorted(n for n in rendered if on_disk.get(n) != rendered[n])
    extra = sorted(set(on_disk) - set(rendered))
    assert not stale and not extra, f"run `benchmill schemas export`: stale {stale}, orphaned {extra}"


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose (Debian package) not installed; .ci/run installs it")
def test_docker_compose_file_is_valid(tmp_path: Path):
    proc = subprocess.run(["docker-compose", "-f", str(ROOT / "docker-compose.yml"), "config"], capture_output=True,
                          text=True, cwd=ROOT, env={"PATH": "/usr/bin:/bin:/usr/local/bin"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for service in ("postgres:", "prefect-server:", "benchmill:", "vllm:"):
        assert service in out
    assert "benchmill serve" in out and "PREFECT_API_URL: http://prefect-server:4200/api" in out
    assert "postgresql+asyncpg://" in out and "vllm/vllm-openai" in out
    # the validation portal (issue 12) on its own database of the same Postgres, data read-only
    portal = out[out.index("\n  portal:"):]
    portal = portal[:portal.index("\n  postgres:")] if "\n  postgres:" in portal else portal
    assert "benchmill portal --host 0.0.0.0" in portal and "postgresql+psycopg://" in portal and "@postgres:5432/portal" in portal
    assert "benchmill-data:/var/lib/benchmill:ro" in portal
    # the GPU service only starts with its profile, and reaches nothing outside its volume
    vllm = out[out.index("  vllm:"):]
    assert "profiles:" in vllm and "- gpu" in vllm and "/models" in vllm
