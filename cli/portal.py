"""`benchmill portal` (serve the validation portal), `benchmill portal-admin ...`, and the
client commands `benchmill submit` and `benchmill leaderboard`.

    benchmill portal [--host 127.0.0.1] [--port 8600]
    benchmill portal-admin create-team NAME          # prints the team's token once
    benchmill portal-admin admin-token               # prints a new admin token once
    benchmill portal-admin import-baselines
    benchmill portal-admin queue                     # publication requests waiting
    benchmill portal-admin approve|reject|hide|unhide ID [--reason TEXT]
    benchmill submit news-en@1.2.0 results.json --portal http://127.0.0.1:8600 --token T
    benchmill leaderboard news-en [--portal URL] [--version V | --actual]

Bad input (release reference, missing file, refused submission, unreachable portal) ends as
one line on stderr, exit status 2.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable output")]
PortalOpt = Annotated[Optional[str], typer.Option("--portal", help="portal URL, e.g. http://127.0.0.1:8600")]

admin_app = typer.Typer(help="Portal administration: teams, admin tokens, baselines, moderation.", no_args_is_help=True)


def _fail(message: str) -> None:
    typer.echo(f"benchmill: error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(2)


def _portal(config: Path | None):
    from benchmill.settings import SettingsError, load_settings
    from portal.migrations import PortalSchemaError
    from portal.service import Portal

    try:
        settings = load_settings(config)
    except SettingsError as exc:
        _fail(str(exc))
    try:
        return Portal(settings)
    except (SettingsError, PortalSchemaError) as exc:  # engine = 'llm' without an endpoint; a newer schema
        _fail(str(exc))
    except Exception as exc:  # unreachable database, bad URL
        _fail(f"portal database {settings.portal.database_url.split('@')[-1]}: {str(exc).splitlines()[0]}")


def serve_portal(
    host: Annotated[Optional[str], typer.Option(help="interface to listen on (default: settings portal.host)")] = None,
    port: Annotated[Optional[int], typer.Option(help="port (default: settings portal.port, 8600)")] = None,
    config: ConfigOpt = None,
) -> None:
    """Serve the validation portal and leaderboard (FastAPI + uvicorn)."""
    import uvicorn

    from portal.app import create_app

    portal = _portal(config)
    host = host or portal.cfg.host
    port = port or portal.cfg.port
    typer.echo(f"benchmill: portal on http://{host}:{port} (releases {portal.settings.releases_dir}, "
               f"baselines {portal.baselines_dir})")
    uvicorn.run(create_app(portal), host=host, port=port, log_level="warning")


@admin_app.command("create-team")
def create_team(name: str, config: ConfigOpt = None) -> None:
    """Create a team and print its token (shown once: only its hash is stored)."""
    from portal.service import PortalError

    portal = _portal(config)
    try:
        token = portal.create_team(name)
    except PortalError as exc:
        _fail(str(exc))
    typer.echo(token)


@admin_app.command("admin-token")
def admin_token(config: ConfigOpt = None) -> None:
    """Create an admin token and print it (shown once: only its hash is stored)."""
    typer.echo(_portal(config).create_admin_token())


@admin_app.command("import-baselines")
def import_baselines(config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Import the baseline reports under <reports_dir>/baselines/ (idempotent)."""
    counts = _portal(config).import_baselines()
    typer.echo(json.dumps(counts) if as_json else ", ".join(f"{k} {v}" for k, v in counts.items()))


@admin_app.command("queue")
def queue(config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Submissions awaiting a publication decision (oldest first), as the /admin page lists them."""
    portal = _portal(config)
    pending, main = portal.queue(), portal.cfg.main_metric
    if as_json:
        typer.echo(json.dumps(pending, indent=1, ensure_ascii=False))
        return
    if not pending:
        typer.echo("no publication requests waiting")
        return
    for r in pending:
        value = r["overall"].get(main)
        typer.echo(f"{r['id']:>6}  {r['collection']}@{r['version']:<10} {r['system']:<30} {r['created']}  "
                   f"{main} {'-' if value is None else f'{value:.4f}'}  ({r['questions']} questions)")


def _decide(action: str, submission_id: str, reason: str, config: Path | None, as_json: bool) -> None:
    from portal.service import PortalError

    if not submission_id.isdigit():
        _fail(f"submission id {submission_id!r}: expected a number, as `benchmill portal-admin queue` lists it")
    portal = _portal(config)
    try:
        view = portal.decide(int(submission_id), action, reason=reason, actor="admin:cli")
    except PortalError as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(view, indent=1, ensure_ascii=False))
        return
    typer.echo(f"result {view['id']} ({view['collection']}@{view['version']}, {view['system']}): "
               f"status {view['status']}{', hidden' if view['hidden'] else ''}")


IdArg = Annotated[str, typer.Argument(help="submission (result) id, as `portal-admin queue` lists it")]
ReasonOpt = Annotated[str, typer.Option("--reason", help="why (written to the audit log)")]


@admin_app.command("approve")
def approve(submission_id: IdArg, reason: ReasonOpt = "", config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Publish a requested submission on the leaderboard (audited)."""
    _decide("approve", submission_id, reason, config, as_json)


@admin_app.command("reject")
def reject(submission_id: IdArg, reason: ReasonOpt = "", config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Refuse a publication request (audited)."""
    _decide("reject", submission_id, reason, config, as_json)


@admin_app.command("hide")
def hide(submission_id: IdArg, reason: ReasonOpt = "", config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Take a result (submission or baseline) off the leaderboard (audited)."""
    _decide("hide", submission_id, reason, config, as_json)


@admin_app.command("unhide")
def unhide(submission_id: IdArg, reason: ReasonOpt = "", config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Put a hidden result back on the leaderboard (audited)."""
    _decide("unhide", submission_id, reason, config, as_json)


def _client_error(resp) -> str:
    try:
        return resp.json().get("error") or f"HTTP {resp.status_code}"
    except ValueError:
        return f"HTTP {resp.status_code}"


def submit(
    release: Annotated[str, typer.Argument(help="COLLECTION@VERSION the results answer")],
    results: Annotated[Path, typer.Argument(help='submission JSON: {"<qid>": {"found_ids": [...], "model_answer": "..."}}')],
    portal: Annotated[str, typer.Option("--portal", help="portal URL, e.g. http://127.0.0.1:8600")] = "http://127.0.0.1:8600",
    token: Annotated[Optional[str], typer.Option("--token", envvar="BENCHMILL_PORTAL_TOKEN",
                                                 help="team token (or $BENCHMILL_PORTAL_TOKEN)")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Send results to a portal for scoring on the private split; prints the aggregate scores."""
    import httpx

    from benchmill.releases import ReleaseError, parse_ref

    try:
        collection, version = parse_ref(release)
    except ReleaseError as exc:
        _fail(str(exc))
    if version is None:
        _fail(f"release {release!r}: name the version, e.g. {collection}@1.0.0")
    if not token:
        _fail("--token (or $BENCHMILL_PORTAL_TOKEN) is required: ask the portal's admin for a team token")
    if not results.is_file():
        _fail(f"{results}: submission file does not exist")
    url = f"{portal.rstrip('/')}/api/submissions/{collection}/{version}"
    try:
        resp = httpx.post(url, content=results.read_bytes(), timeout=300,
                          headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    except httpx.HTTPError as exc:
        _fail(f"portal {portal}: {exc}")
    if resp.status_code != 200:
        _fail(f"{results}: {_client_error(resp)}")
    data = resp.json()
    if as_json:
        typer.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    typer.echo(f"submission {data['id']} of {data['collection']}@{data['version']} scored "
               f"({data['convention']}, k={data['k']}, {data['questions']} questions); status {data['status']}")
    notes = data.get("metric_notes") or {}
    for metric, value in data["overall"].items():
        typer.echo(f"  {metric:<20} {notes.get(metric, '-') if value is None else f'{value:.4f}'}")
    typer.echo(f"request publication: POST {portal.rstrip('/')}/api/submissions/{data['id']}/publish (or the /my page)")


def leaderboard(
    collection: Annotated[str, typer.Argument(help="collection, e.g. news-en")],
    portal: PortalOpt = None,
    version: Annotated[Optional[str], typer.Option(help="one version (default: the newest)")] = None,
    actual: Annotated[bool, typer.Option("--actual", help="average over the last N versions (DRAGON's actual view)")] = False,
    n: Annotated[Optional[int], typer.Option(help="versions in the --actual view")] = None,
    all_metrics: Annotated[bool, typer.Option("--all-metrics", help="every metric, not the main few")] = False,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The leaderboard of a collection as a terminal table (from a portal, or this home's portal database)."""
    view = "actual" if actual else "version"
    if portal:
        import httpx

        try:
            resp = httpx.get(f"{portal.rstrip('/')}/api/leaderboard/{collection}", timeout=60,
                             params={k: v for k, v in {"version": version, "view": view, "n": n}.items() if v})
        except httpx.HTTPError as exc:
            _fail(f"portal {portal}: {exc}")
        if resp.status_code != 200:
            _fail(f"leaderboard {collection}: {_client_error(resp)}")
        board = resp.json()
    else:
        from portal.service import PortalError

        p = _portal(config)
        try:
            p.import_baselines()
            board = p.leaderboard(collection, version=version, view=view, n=n)
        except PortalError as exc:
            _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(board, indent=1, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{board['collection']} — {board['title']}")
    for col in ("#", "system", "convention", "versions"):
        table.add_column(col)
    metrics = board["metrics"]
    if not all_metrics:
        k = next((r["k"] for r in board["rows"] if r.get("k")), 5)
        wanted = [board["main_metric"], f"hit_rate@{k}", f"mrr@{k}", f"ndcg@{k}", "token_f1", "judge_score"]
        metrics = [m for m in dict.fromkeys(wanted) if m in metrics]
    for m in metrics:
        table.add_column(m, justify="right")
    for row in board["rows"]:
        system = row["system"] + (" (baseline)" if row["kind"] == "baseline" else "")
        versions = ", ".join(row["versions"]) + (f" ({row['coverage']})" if row.get("coverage") else "")
        table.add_row(str(row["rank"]), system, f"{row['convention']} @{row['k']}", versions,
                      *[(row.get("metric_notes") or {}).get(m, "-") if row["overall"].get(m) is None
                        else f"{row['overall'][m]:.3f}" for m in metrics])
    console = Console()
    if not console.is_terminal:  # piped: no 80-column wrapping of names
        console = Console(width=160)
    console.print(table)
    if not board["rows"]:
        typer.echo("no published results yet")


def register(app: typer.Typer) -> None:
    """Add ``portal``, ``portal-admin``, ``submit`` and ``leaderboard`` to the main app."""
    app.command("portal")(serve_portal)
    app.add_typer(admin_app, name="portal-admin")
    app.command("submit")(submit)
    app.command("leaderboard")(leaderboard)
