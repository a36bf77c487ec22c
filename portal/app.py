"""The portal's HTTP face (FastAPI): JSON API under /api, server-rendered pages elsewhere.

Public: releases and their public files, leaderboards. Teams: ``Authorization: Bearer
<team token>`` (pages: a cookie set by the submission form). Admin: the admin token, same
header (pages: a cookie set by the admin login form). Every HTML form post carries a CSRF
token that must equal the ``portal_csrf`` cookie (double submit; cookies are SameSite=Strict).
No response ever carries the private split: errors are one message written by the portal,
and anything unexpected is "internal error" with the details in the server log only.
"""
from __future__ import annotations

import hmac
import logging
import secrets
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import parse_qs

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from portal.releases import UnknownRelease
from portal.service import NotFound, Portal, PortalError

log = logging.getLogger("benchmill.portal")
TEMPLATES = Path(__file__).with_name("templates")
CSRF_COOKIE, TEAM_COOKIE, ADMIN_COOKIE = "portal_csrf", "portal_team", "portal_admin"


def _reason(text: str) -> str:
    """An admin's reason for the audit log (a reject or hide tells the team why): one line, at most 500 characters."""
    return " ".join(text.split())[:500]


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


async def read_limited(request: Request, limit: int) -> bytes:
    """The request body, refused (413) as soon as it is over ``limit`` bytes."""
    declared = request.headers.get("content-length", "")
    too_big = PortalError(f"upload is over the {limit / 1e6:g} MB limit", 413)
    if declared.isdigit() and int(declared) > limit:
        raise too_big
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise too_big
    return bytes(buf)


def create_app(portal: Portal) -> FastAPI:
    app = FastAPI(title="benchmill validation portal", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    app.state.portal = portal
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"]))
    env.filters["fmt"] = lambda v: "–" if v is None else f"{v:.3f}"
    # a result's overall metric: its value, or why there is none ("skipped: needs llm")
    env.filters["cell"] = lambda row, m: (row.get("metric_notes") or {}).get(m) if row["overall"].get(m) is None \
        and (row.get("metric_notes") or {}).get(m) else env.filters["fmt"](row["overall"].get(m))

    # ----------------------------------------------------------- errors
    def _error(request: Request, message: str, status: int) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status)
        return HTMLResponse(env.get_template("error.html").render(message=message, status=status, csrf=""),
                            status_code=status)

    @app.exception_handler(PortalError)
    async def _portal_error(request: Request, exc: PortalError):
        return _error(request, str(exc), exc.status)

    @app.exception_handler(UnknownRelease)
    async def _unknown(request: Request, exc: UnknownRelease):
        return _error(request, str(exc), 404)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        return _error(request, "not found" if exc.status_code == 404 else "request refused", exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        err = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in err.get("loc", ()))
        return _error(request, f"bad request: {where}: {err.get('msg', 'invalid')}", 400)

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception):
        log.exception("portal: %s %s failed", request.method, request.url.path)
        return _error(request, "internal error", 500)

    # ----------------------------------------------------------- auth helpers
    def team_of(request: Request, cookie: bool = False):
        token = _bearer(request) or (request.cookies.get(TEAM_COOKIE) if cookie else None)
        team = portal.team_for(token)
        if team is None:
            raise PortalError("a valid team token is required (Authorization: Bearer TOKEN)", 401)
        return team

    def require_admin(request: Request, cookie: bool = False) -> None:
        token = _bearer(request) or (request.cookies.get(ADMIN_COOKIE) if cookie else None)
        if not portal.is_admin(token):
            raise PortalError("the admin token is required", 403)

    def csrf_token(request: Request) -> str:
        token = request.cookies.get(CSRF_COOKIE) or getattr(request.state, "new_csrf", None)
        if not token:
            token = request.state.new_csrf = secrets.token_urlsafe(24)
        return token

    def page(request: Request, name: str, status: int = 200, **ctx) -> HTMLResponse:
        token = csrf_token(request)
        html = env.get_template(name).render(csrf=token, team_cookie=bool(request.cookies.get(TEAM_COOKIE)),
                                             admin_cookie=bool(request.cookies.get(ADMIN_COOKIE)), **ctx)
        resp = HTMLResponse(html, status_code=status)
        if request.cookies.get(CSRF_COOKIE) != token:
            resp.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict")
        return resp

    async def form(request: Request, limit: int = 100_000) -> dict[str, str]:
        """A urlencoded form post whose ``csrf`` field matches the CSRF cookie."""
        ctype = request.headers.get("content-type", "").split(";")[0].strip()
        if ctype != "application/x-www-form-urlencoded":
            raise PortalError("expected a form post (application/x-www-form-urlencoded)", 415)
        body = await read_limited(request, limit)
        try:
            fields = {k: v[0] for k, v in parse_qs(body.decode("utf-8"), keep_blank_values=True).items()}
        except UnicodeDecodeError:
            raise PortalError("form is not UTF-8", 400) from None
        cookie = request.cookies.get(CSRF_COOKIE, "")
        sent = fields.get("csrf", "")
        if not cookie or not sent or not hmac.compare_digest(cookie.encode(), sent.encode()):
            raise PortalError("CSRF check failed: reload the page and post the form again", 403)
        return fields

    def import_baselines() -> None:
        try:
            portal.import_baselines()
        except Exception:  # a broken reports folder must not take the leaderboard down
            log.exception("portal: baseline import failed")

    @asynccontextmanager
    async def lifespan(_app):
        await run_in_threadpool(import_baselines)
        yield

    app.router.lifespan_context = lifespan

    # ----------------------------------------------------------- public API
    @app.get("/api/health")
    def health():
        return {"ok": True}

    @app.get("/api/releases")
    def api_releases():
        return [{"collection": r.collection, "version": r.version, "files": r.files(), "manifest": r.public_manifest()}
                for r in portal.reader.releases()]

    @app.get("/api/releases/{collection}/{version}")
    def api_release(collection: str, version: str):
        r = portal.reader.get(collection, version)
        return {"collection": r.collection, "version": r.version, "files": r.files(), "manifest": r.public_manifest()}

    @app.get("/api/releases/{collection}/{version}/files/{name}")
    def api_release_file(collection: str, version: str, name: str):
        path = portal.reader.public_file(collection, version, name)
        media = "application/json" if name.endswith(".json") else (
            "application/x-ndjson" if name.endswith(".jsonl") else "application/vnd.apache.parquet")
        return FileResponse(path, media_type=media, filename=f"{collection}-{version}-{name}")

    @app.get("/api/leaderboard/{collection}")
    def api_leaderboard(collection: str, version: str | None = None, view: str = "version", n: int | None = None):
        import_baselines()
        return portal.leaderboard(collection, version=version, view=view, n=n)

    # ----------------------------------------------------------- team API
    # (before the submission route: /api/submissions/7/publish would also match {collection}/{version})
    @app.post("/api/submissions/{result_id}/publish")
    def api_publish(result_id: int, request: Request):
        return portal.request_publication(team_of(request), result_id)

    @app.post("/api/submissions/{collection}/{version}")
    async def api_submit(collection: str, version: str, request: Request):
        team = await run_in_threadpool(team_of, request)
        try:
            raw = await read_limited(request, portal.max_upload_bytes)
        except PortalError as exc:
            await run_in_threadpool(portal.audit_refusal, team, f"{collection}@{version}", str(exc))
            raise
        return await run_in_threadpool(portal.submit, team, collection, version, raw)

    @app.get("/api/submissions")
    def api_my_submissions(request: Request):
        return portal.team_results(team_of(request))

    @app.get("/api/submissions/{result_id}")
    def api_my_submission(result_id: int, request: Request):
        return portal.result_view(result_id, team=team_of(request))

    # ----------------------------------------------------------- admin API
    @app.get("/api/admin/queue")
    def api_queue(request: Request):
        require_admin(request)
        return portal.queue()

    @app.get("/api/admin/results")
    def api_results(request: Request):
        require_admin(request)
        return portal.all_results()

    @app.post("/api/admin/results/{result_id}/{action}")
    def api_decide(result_id: int, action: str, request: Request, reason: str = ""):
        require_admin(request)
        if action not in ("approve", "reject", "hide", "unhide"):
            raise NotFound(f"no admin action {action!r}")
        return portal.decide(result_id, action, _reason(reason))

    @app.get("/api/admin/audit")
    def api_audit(request: Request, limit: int = 200):
        require_admin(request)
        return portal.audit_log(min(max(limit, 1), 5000))

    @app.post("/api/admin/baselines/import")
    def api_import(request: Request):
        require_admin(request)
        return portal.import_baselines()

    # ----------------------------------------------------------- pages
    @app.get("/", response_class=HTMLResponse)
    def index(request: Request):
        releases = portal.reader.releases()
        by_collection: dict[str, list] = {}
        for r in releases:
            by_collection.setdefault(r.collection, []).append(r)
        return page(request, "index.html", collections=by_collection)

    @app.get("/releases/{collection}/{version}", response_class=HTMLResponse)
    def release_page(collection: str, version: str, request: Request):
        r = portal.reader.get(collection, version)
        return page(request, "release.html", release=r, manifest=r.public_manifest(), files=r.files())

    @app.get("/leaderboard/{collection}", response_class=HTMLResponse)
    def leaderboard_page(collection: str, request: Request, version: str | None = None, view: str = "version",
                         n: int | None = None):
        import_baselines()
        board = portal.leaderboard(collection, version=version, view=view, n=n)
        return page(request, "leaderboard.html", board=board, svg=svg_plot(board["plot"]))

    @app.get("/submit", response_class=HTMLResponse)
    def submit_page(request: Request, release: str = ""):
        return page(request, "submit.html", releases=[r.ref for r in portal.reader.releases()], chosen=release,
                    error=None)

    @app.post("/submit")
    async def submit_form(request: Request):
        fields = await form(request, limit=3 * portal.max_upload_bytes + 100_000)
        token = fields.get("token", "").strip() or request.cookies.get(TEAM_COOKIE)
        team = await run_in_threadpool(portal.team_for, token)
        releases = [r.ref for r in portal.reader.releases()]
        chosen = fields.get("release", "")
        if team is None:
            return page(request, "submit.html", 401, releases=releases, chosen=chosen, error="unknown team token")
        collection, _, version = chosen.partition("@")
        try:
            result = await run_in_threadpool(portal.submit, team, collection, version,
                                             fields.get("results", "").encode("utf-8"))
        except PortalError as exc:
            return page(request, "submit.html", exc.status, releases=releases, chosen=chosen, error=str(exc))
        resp = RedirectResponse(f"/my?submitted={result['id']}", status_code=303)
        resp.set_cookie(TEAM_COOKIE, token, httponly=True, samesite="strict")
        return resp

    @app.get("/my", response_class=HTMLResponse)
    def my_page(request: Request, submitted: int | None = None):
        team = portal.team_for(request.cookies.get(TEAM_COOKIE))
        if team is None:
            return RedirectResponse("/submit", status_code=303)
        return page(request, "my.html", team=team.name, results=portal.team_results(team), submitted=submitted)

    @app.post("/my/{result_id}/publish")
    async def my_publish(result_id: int, request: Request):
        await form(request)
        team = await run_in_threadpool(team_of, request, True)
        await run_in_threadpool(portal.request_publication, team, result_id)
        return RedirectResponse("/my", status_code=303)

    @app.get("/admin", response_class=HTMLResponse)
    def admin_page(request: Request):
        if not portal.is_admin(request.cookies.get(ADMIN_COOKIE)):
            return page(request, "admin_login.html", error=None)
        return page(request, "admin.html", queue=portal.queue(), results=portal.all_results(100),
                    audit=portal.audit_log(50))

    @app.post("/admin/login")
    async def admin_login(request: Request):
        fields = await form(request)
        token = fields.get("token", "").strip()
        if not await run_in_threadpool(portal.is_admin, token):
            return page(request, "admin_login.html", 403, error="not an admin token")
        resp = RedirectResponse("/admin", status_code=303)
        resp.set_cookie(ADMIN_COOKIE, token, httponly=True, samesite="strict")
        return resp

    @app.post("/admin/results/{result_id}/{action}")
    async def admin_decide(result_id: int, action: str, request: Request):
        fields = await form(request)
        await run_in_threadpool(require_admin, request, True)
        if action not in ("approve", "reject", "hide", "unhide"):
            raise NotFound(f"no admin action {action!r}")
        await run_in_threadpool(portal.decide, result_id, action, _reason(fields.get("reason", "")))
        return RedirectResponse("/admin", status_code=303)

    @app.post("/logout")
    async def logout(request: Request):
        await form(request)
        resp = RedirectResponse("/", status_code=303)
        resp.delete_cookie(TEAM_COOKIE)
        resp.delete_cookie(ADMIN_COOKIE)
        return resp

    return app


def svg_plot(plot: dict, width: int = 640, height: int = 240) -> str:
    """A line per system: the main metric (0..1) per version. Plain SVG, no script."""
    versions, series = plot["versions"], plot["series"]
    if not versions or not series:
        return ""
    left, right, top, bottom = 40, 150, 10, 30
    w, h = width - left - right, height - top - bottom
    step = w / max(len(versions) - 1, 1)
    x = {v: left + i * step for i, v in enumerate(versions)}
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"]
    esc = lambda s: (str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{esc(plot["metric"])} per version">',
             f'<line x1="{left}" y1="{top + h}" x2="{left + w}" y2="{top + h}" stroke="#888"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + h}" stroke="#888"/>']
    for tick in (0.0, 0.5, 1.0):
        y = top + h - tick * h
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end">{tick:g}</text>')
    for v in versions:
        parts.append(f'<text x="{x[v]:.1f}" y="{top + h + 16}" font-size="10" text-anchor="middle">{esc(v)}</text>')
    for i, (name, points) in enumerate(series.items()):
        color = colors[i % len(colors)]
        pts = [(x[v], top + h - max(0.0, min(1.0, points[v])) * h) for v in versions if v in points]
        parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="'
                     + " ".join(f"{px:.1f},{py:.1f}" for px, py in pts) + '"/>')
        parts += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{color}"/>' for px, py in pts]
        parts.append(f'<text x="{left + w + 8}" y="{top + 12 + 14 * i}" font-size="11" fill="{color}">{esc(name)[:24]}</text>')
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["create_app", "read_limited", "svg_plot"]
