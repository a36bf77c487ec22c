"""The core package imports no flow and no CLI: flows and the CLI stand on the core, never
the other way round (issue 8). Checked on the source, by parsing every import statement."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("flows", "cli")


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def _offenders(package: Path, forbidden: tuple[str, ...], allow: set[str] = frozenset()) -> list[str]:
    bad = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in allow:
            continue
        for lineno, module in _imported_modules(path):
            if module.split(".")[0] in forbidden:
                bad.append(f"{rel}:{lineno} imports {module}")
    return bad


def test_core_imports_no_flow_and_no_cli():
    # benchmill/__main__.py is the one exception: `python -m benchmill` delegates to cli
    assert _offenders(ROOT / "benchmill", FORBIDDEN, allow={"benchmill/__main__.py"}) == []


def test_stages_import_no_flow_and_no_cli():
    assert _offenders(ROOT / "tasks", FORBIDDEN) == []


def test_portal_stands_on_the_core_and_nothing_below_it_imports_the_portal():
    # the portal (issue 12) reads releases and scores with tasks.evaluate; it runs no flow and no CLI,
    # and neither the core nor a stage nor a flow depends on it (only cli/portal.py serves it)
    assert _offenders(ROOT / "portal", FORBIDDEN) == []
    for package in ("benchmill", "tasks", "flows", "schemas"):
        assert _offenders(ROOT / package, ("portal",)) == [], package


def test_shared_filters_import_no_generator_stages():
    # shared filters serve every generator: DRAGON's stages register their own filter
    assert _offenders(ROOT / "tasks" / "filters", ()) == []
    bad = [f"{p.name}: {m}" for p in sorted((ROOT / "tasks" / "filters").glob("*.py"))
           for _, m in _imported_modules(p) if m.startswith(("tasks.dragon", "tasks.rageval"))]
    assert bad == []


def test_the_checker_sees_a_forbidden_import(tmp_path):
    pkg = tmp_path / "core"
    pkg.mkdir()
    (pkg / "a.py").write_text("import os\nfrom flows.daily_news import daily_news\n", encoding="utf-8")
    (pkg / "b.py").write_text("def f():\n    import cli.evaluate\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert _offenders(pkg, FORBIDDEN) == ["core/a.py:2 imports flows.daily_news", "core/b.py:2 imports cli.evaluate"]
    finally:
        ROOT = saved
