"""The validation portal over real HTTP (uvicorn on 127.0.0.1), on SQLite and on a real
PostgreSQL 15 server: public routes, team and admin routes, and the security rules of issue 12
(private split never served, hashed tokens, own submissions only, admin token, CSRF, upload
limit, strict parser, rate limit, audit log)."""
from __future__ import annotations

import hashlib
import json
import re

import httpx
import pytest
from sqlalchemy import func, select

from portal.app import create_app
from portal.db import AuditEntry, Result, Team
from portal.service import Portal
from tests.portal_env import (  # noqa: F401 - postgres, db_url: pytest fixtures
    db_url,
    gold_submission,
    make_home,
    portal_settings,
    postgres,
    private_strings,
    serve,
    write_baseline,
)

ADMIN = {"Authorization": "Bearer admin-secret-token"}



@pytest.fixture
def home(tmp_path):
    return make_home(tmp_path / "home")


@pytest.fixture
def site(home, db_url):
    """(base URL, Portal, home) of a portal with news-en@1.0.0 and @1.1.0 and two teams."""
    portal = Portal(portal_settings(home, db_url, submissions_per_day=3))
    portal.tokens = {"alpha": portal.create_team("alpha"), "beta": portal.create_team("beta")}
    with serve(create_app(portal)) as url:
        yield url, portal, home
    portal.close()


def team(portal, name):
    return {"Authorization": f"Bearer {portal.tokens[name]}"}


def submit(url, headers, body, ref="news-en/1.0.0"):
    raw = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return httpx.post(f"{url}/api/submissions/{ref}", content=raw, headers=headers, timeout=60)


def assert_no_private(text: str) -> None:
    for secret in private_strings():
        assert secret not in text, f"private split leaked: {secret!r}"
    assert "private/" not in text and "qa.jsonl" not in text and "qa.parquet" not in text
    assert "item-10" not in text and "text_ids" not in text and "keypoints" not in text


# ------------------------------------------------------------------ public routes
def test_public_releases_and_files_never_the_private_split(site):
    url, portal, home = site
    listed = httpx.get(f"{url}/api/releases").json()
    assert [(r["collection"], r["version"]) for r in listed] == [("news-en", "1.0.0"), ("news-en", "1.1.0")]
    assert set(listed[0]["files"]) == {"texts.parquet", "texts.jsonl", "questions.parquet", "questions.jsonl",
                                       "manifest.json"}
    texts = httpx.get(f"{url}/api/releases/news-en/1.0.0/files/texts.jsonl")
    assert texts.status_code == 200
    assert texts.content == (home / "releases/news-en/1.0.0/public/texts.jsonl").read_bytes()
    questions = httpx.get(f"{url}/api/releases/news-en/1.0.0/files/questions.jsonl")
    assert questions.status_code == 200 and b"Harbor Bridge" in questions.content
    assert_no_private(questions.text)
    # every way of naming a private file is refused, and the refusal carries nothing of it
    for path in ("files/qa.jsonl", "files/qa.parquet", "files/..%2Fprivate%2Fqa.jsonl", "files/%2e%2e/private/qa.jsonl",
                 "../private/qa.jsonl", "files/private%2Fqa.jsonl"):
        resp = httpx.get(f"{url}/api/releases/news-en/1.0.0/{path}")
        assert resp.status_code == 404, path
        assert_no_private(resp.text)
    for bad in ("/api/releases/..%2F..%2Fetc/1.0.0", "/api/releases/news-en/..%2F1.0.0/files/manifest.json",
                "/releases/news-en/9.9.9", "/api/releases/news-en/1.0/files/texts.jsonl"):
        resp = httpx.get(url + bad)
        assert resp.status_code == 404, bad
    # every public page and JSON route of the site, with a scored and approved submission in place
    rid = submit(url, team(portal, "alpha"), gold_submission()).json()["id"]
    httpx.post(f"{url}/api/submissions/{rid}/publish", headers=team(portal, "alpha"))
    httpx.post(f"{url}/api/admin/results/{rid}/approve", headers=ADMIN)
    # every GET route the app has, anonymous, as the team and as the admin
    params = {"collection": "news-en", "version": "1.0.0", "result_id": str(rid)}
    seen = 0
    for route in create_app(portal).routes:
        if "GET" not in getattr(route, "methods", ()) or "{" not in route.path and route.path.startswith("/api/openapi"):
            continue
        names = ["texts.jsonl", "questions.parquet", "manifest.json", "qa.jsonl"] if "{name}" in route.path else [None]
        for name in names:
            path = route.path.format(**params, name=name)
            for headers in ({}, team(portal, "alpha"), ADMIN):
                resp = httpx.get(url + path, headers=headers)
                assert resp.status_code in (200, 303, 401, 403, 404), (path, resp.status_code)
                if name == "texts.jsonl":  # the public texts hold the answers' sources: exactly the public file
                    assert resp.content == (home / "releases/news-en/1.0.0/public/texts.jsonl").read_bytes()
                else:
                    assert_no_private(resp.content.decode("utf-8", "replace"))
                seen += 1
    assert seen >= 3 * 15
    for path in ("/", "/releases/news-en/1.0.0", "/leaderboard/news-en", "/leaderboard/news-en?view=actual",
                 "/api/releases", "/api/releases/news-en/1.0.0", "/api/leaderboard/news-en",
                 "/api/leaderboard/news-en?view=actual&n=2", "/submit", "/api/releases/news-en/1.0.0/files/manifest.json"):
        resp = httpx.get(url + path)
        assert resp.status_code == 200, path
        assert_no_private(resp.text)


# ------------------------------------------------------------------ teams
def test_team_gets_aggregates_only_and_sees_only_its_own(site):
    url, portal, _ = site
    resp = submit(url, team(portal, "alpha"), gold_submission())
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert set(body) == {"id", "kind", "system", "collection", "version", "convention", "k", "questions", "created",
                         "overall", "by_type", "status", "hidden", "notes", "engine", "metric_notes"}
    assert body["convention"] == "benchmill" and body["version"] == "1.0.0" and body["questions"] == 5
    # the rules engine: the LLM metrics are there and say why they have no value
    assert body["engine"] == "rules"
    for metric in ("judge_score", "completeness", "hallucination", "irrelevance"):
        assert body["overall"][metric] is None and body["metric_notes"][metric] == "skipped: needs llm"
    assert body["overall"]["rouge_l"] == pytest.approx(1.0) and body["overall"]["hit_rate@5"] == pytest.approx(1.0)
    assert set(body["by_type"]) >= {"simple"} and body["status"] == "private"
    assert_no_private(resp.text)
    assert "101" not in json.dumps(body["overall"]) and "question_id" not in resp.text

    mine = httpx.get(f"{url}/api/submissions", headers=team(portal, "alpha")).json()
    assert [r["id"] for r in mine] == [body["id"]]
    assert httpx.get(f"{url}/api/submissions", headers=team(portal, "beta")).json() == []
    other = httpx.get(f"{url}/api/submissions/{body['id']}", headers=team(portal, "beta"))
    assert other.status_code == 404
    assert httpx.post(f"{url}/api/submissions/{body['id']}/publish", headers=team(portal, "beta")).status_code == 404
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": f"Bearer {portal.tokens['alpha']}x"}):
        assert httpx.get(f"{url}/api/submissions", headers=headers).status_code == 401
        assert submit(url, headers, gold_submission()).status_code == 401
    # an unpublished result is on no leaderboard
    board = httpx.get(f"{url}/api/leaderboard/news-en?version=1.0.0").json()
    assert board["rows"] == []


def test_tokens_are_stored_hashed_and_compared_in_constant_time(site, monkeypatch):
    url, portal, _ = site
    with portal.Session() as s:
        teams = {t.name: t.token_hash for t in s.scalars(select(Team))}
    for name, token in portal.tokens.items():
        assert teams[name] == hashlib.sha256(token.encode()).hexdigest() and token not in teams.values()
    import portal.db as db

    calls = []
    real = db.hmac.compare_digest
    monkeypatch.setattr(db.hmac, "compare_digest", lambda a, b: calls.append(1) or real(a, b))
    assert httpx.get(f"{url}/api/submissions", headers=team(portal, "beta")).status_code == 200
    assert len(calls) == 2  # every stored team hash compared, not a lookup that stops at the first match


# ------------------------------------------------------------------ admin
def test_publication_flow_admin_routes_and_audit(site):
    url, portal, _ = site
    alpha, beta = team(portal, "alpha"), team(portal, "beta")
    a = submit(url, alpha, gold_submission()).json()["id"]
    b = submit(url, beta, gold_submission(wrong=True)).json()["id"]
    assert httpx.post(f"{url}/api/submissions/{a}/publish", headers=alpha).json()["status"] == "requested"
    assert httpx.post(f"{url}/api/submissions/{b}/publish", headers=beta).status_code == 200
    # admin routes refuse teams and anonymous callers
    for headers in ({}, alpha, {"Authorization": "Bearer admin-secret-tokenX"}):
        assert httpx.get(f"{url}/api/admin/queue", headers=headers).status_code == 403
        assert httpx.get(f"{url}/api/admin/audit", headers=headers).status_code == 403
        assert httpx.post(f"{url}/api/admin/results/{a}/approve", headers=headers).status_code == 403
    assert [r["id"] for r in httpx.get(f"{url}/api/admin/queue", headers=ADMIN).json()] == [a, b]
    assert httpx.post(f"{url}/api/admin/results/{a}/approve", headers=ADMIN).json()["status"] == "approved"
    assert httpx.post(f"{url}/api/admin/results/{b}/reject", headers=ADMIN,
                      params={"reason": "ran on\n the private split?"}).json()["status"] == "rejected"
    assert httpx.post(f"{url}/api/admin/results/{b}/approve", headers=ADMIN).status_code == 409
    audit = httpx.get(f"{url}/api/admin/audit", headers=ADMIN).json()
    assert any(e["action"] == "reject" and e["detail"].endswith(": ran on the private split?") for e in audit), audit

    board = httpx.get(f"{url}/api/leaderboard/news-en?version=1.0.0").json()
    assert [(r["system"], r["kind"]) for r in board["rows"]] == [("alpha", "submission")]
    assert board["rows"][0]["convention"] == "benchmill" and board["rows"][0]["versions"] == ["1.0.0"]
    assert "simple" in board["rows"][0]["by_type"]
    assert httpx.post(f"{url}/api/admin/results/{a}/hide", headers=ADMIN).json()["hidden"] is True
    assert httpx.get(f"{url}/api/leaderboard/news-en?version=1.0.0").json()["rows"] == []

    # a token made by `portal-admin admin-token` works too
    extra = {"Authorization": f"Bearer {portal.create_admin_token()}"}
    audit = httpx.get(f"{url}/api/admin/audit", headers=extra).json()
    actions = [(e["actor"], e["action"], e["result_id"]) for e in reversed(audit)]
    for expected in [("team:alpha", "submit", a), ("team:beta", "submit", b), ("team:alpha", "request-publication", a),
                     ("admin", "approve", a), ("admin", "reject", b), ("admin", "hide", a)]:
        assert expected in actions


# ------------------------------------------------------------------ upload checks
def test_upload_size_limit(home, db_url):
    portal = Portal(portal_settings(home, db_url, max_upload_mb=0.001))
    token = portal.create_team("alpha")
    headers = {"Authorization": f"Bearer {token}"}
    with serve(create_app(portal)) as url:
        big = json.dumps({"101": {"found_ids": [1], "model_answer": "x" * 2000}})
        resp = submit(url, headers, big)
        assert resp.status_code == 413 and resp.json() == {"error": "upload is over the 0.001 MB limit"}

        def chunks():  # no Content-Length: the limit holds while the body streams in
            for _ in range(20):
                yield b" " * 200

        resp = httpx.post(f"{url}/api/submissions/news-en/1.0.0", content=chunks(), headers=headers)
        assert resp.status_code == 413
        small = submit(url, headers, {"101": {"found_ids": [1], "model_answer": "x"}})
        assert small.status_code == 200, small.text
    with portal.Session() as s:
        refused = [e.detail for e in s.scalars(select(AuditEntry).where(AuditEntry.action == "submit-refused"))]
    assert len(refused) == 2 and all("limit" in d for d in refused)
    portal.close()


@pytest.mark.parametrize("body, message", [
    ('{"101": {"found_ids": [1]}, "101": {"found_ids": [2]}}', "duplicate JSON key '101'"),
    ('{"0101": {"found_ids": [1]}}', "question key '0101' is not a question id"),
    ('{"101": {"found_ids": ["1"]}}', "question '101': found_ids.0: Input should be a valid integer"),
    ('{"101": {"model_answer": 7}}', "question '101': model_answer: Input should be a valid string"),
    ('{"101": {"found_ids": [999]}}', "question '101': found_ids: 999 is not a text id of news-en@1.0.0"),
    ('[1, 2]', "expected a JSON object keyed by question id"),
    ('{"101": ', "not valid JSON"),
])
def test_strict_parser_errors_are_one_clear_message(site, body, message):
    url, portal, _ = site
    resp = submit(url, team(portal, "alpha"), body)
    assert resp.status_code == 422
    error = resp.json()["error"]
    assert message in error and error.startswith("submission: ") and "\n" not in error
    assert_no_private(resp.text)


def test_rate_limit_per_team_and_version(site):
    url, portal, _ = site
    alpha = team(portal, "alpha")
    codes = [submit(url, alpha, gold_submission()).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert "3 submissions per team for news-en@1.0.0 in 24 hours" in submit(url, alpha, gold_submission()).json()["error"]
    assert submit(url, alpha, gold_submission(), ref="news-en/1.1.0").status_code == 200  # another version
    assert submit(url, team(portal, "beta"), gold_submission()).status_code == 200  # another team
    with portal.Session() as s:
        n = s.scalar(select(Result.id).where(Result.team_id.is_not(None)).order_by(Result.id.desc()).limit(1))
        refused = s.scalars(select(AuditEntry).where(AuditEntry.action == "submit-refused")).all()
    assert n is not None and len(refused) == 2


def test_rate_limit_holds_across_portal_processes_on_one_database(site):
    """Two portals (two engines, two process-local locks) on one database: the team's row lock counts."""
    from concurrent.futures import ThreadPoolExecutor

    from portal.service import RateLimited

    url, portal, home = site
    other = Portal(portal.settings)
    alpha = portal.team_for(portal.tokens["alpha"])
    raw = json.dumps(gold_submission()).encode()

    def one(i: int) -> str:
        try:
            (portal if i % 2 else other).submit(alpha, "news-en", "1.0.0", raw)
            return "ok"
        except RateLimited:
            return "limited"

    with ThreadPoolExecutor(8) as pool:
        outcomes = list(pool.map(one, range(8)))
    other.close()
    assert sorted(outcomes) == ["limited"] * 5 + ["ok"] * 3
    with portal.Session() as s:
        assert s.scalar(select(func.count(Result.id)).where(Result.team_id == alpha.id)) == 3


def test_unknown_release_and_routes(site):
    url, portal, _ = site
    resp = submit(url, team(portal, "alpha"), gold_submission(), ref="news-en/9.9.9")
    assert resp.status_code == 404 and resp.json() == {"error": "no release news-en@9.9.9"}
    assert httpx.get(f"{url}/api/leaderboard/nothing").status_code == 404
    assert httpx.get(f"{url}/api/nowhere").json() == {"error": "not found"}
    assert httpx.get(f"{url}/api/leaderboard/news-en?n=abc").status_code == 400


# ------------------------------------------------------------------ baselines and views
def test_baselines_are_imported_once_and_the_actual_view_averages(site):
    url, portal, home = site
    write_baseline(home, "news-en", "1.0.0", "bm25")
    path = write_baseline(home, "news-en", "1.1.0", "bm25", wrong=True)
    write_baseline(home, "news-en", "1.1.0", "dense")
    (home / "reports" / "baselines" / "news-en@1.1.0" / "broken.json").write_text("{not json", encoding="utf-8")
    for _ in range(2):  # requested twice: still one row per file
        board = httpx.get(f"{url}/api/leaderboard/news-en").json()
    assert board["version"] == "1.1.0"
    assert [(r["system"], r["kind"], r["overall"]["rouge_l"]) for r in board["rows"]] == [
        ("dense", "baseline", pytest.approx(1.0)), ("bm25", "baseline", pytest.approx(0.0))]
    assert httpx.post(f"{url}/api/admin/baselines/import", headers=ADMIN).json() == {
        "imported": 0, "updated": 0, "unchanged": 3, "skipped": 1}
    with portal.Session() as s:
        assert len(s.scalars(select(Result).where(Result.kind == "baseline")).all()) == 3

    actual = httpx.get(f"{url}/api/leaderboard/news-en?view=actual&n=2").json()
    rows = {r["system"]: r for r in actual["rows"]}
    assert rows["bm25"]["overall"]["rouge_l"] == pytest.approx(0.5) and rows["bm25"]["coverage"] == "2/2"
    assert rows["dense"]["versions"] == ["1.1.0"] and rows["dense"]["coverage"] == "1/2"
    assert actual["window"] == ["1.0.0", "1.1.0"] and actual["plot"]["series"]["bm25 (baseline)"]["1.0.0"] == 1.0

    # the auto-evaluation rewrites a report: the row's scores follow, still one row
    write_baseline(home, "news-en", "1.1.0", "bm25")
    assert httpx.post(f"{url}/api/admin/baselines/import", headers=ADMIN).json()["updated"] == 1
    board = httpx.get(f"{url}/api/leaderboard/news-en?version=1.1.0").json()
    assert {r["system"]: r["overall"]["rouge_l"] for r in board["rows"]} == {"bm25": 1.0, "dense": 1.0}
    page = httpx.get(f"{url}/leaderboard/news-en?view=actual")
    assert page.status_code == 200 and "<svg" in page.text and "bm25 (baseline)" in page.text
    assert path.exists()


# ------------------------------------------------------------------ HTML forms
def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_html_forms_need_the_csrf_token(site):
    url, portal, _ = site
    with httpx.Client(base_url=url) as browser:
        form = browser.get("/submit")
        token = _csrf(form.text)
        assert browser.cookies.get("portal_csrf") == token
        fields = {"token": portal.tokens["alpha"], "release": "news-en@1.0.0", "results": json.dumps(gold_submission())}
        # no CSRF field, a wrong one, and a right one
        assert browser.post("/submit", data=fields).status_code == 403
        assert browser.post("/submit", data={**fields, "csrf": "forged"}).status_code == 403
        ok = browser.post("/submit", data={**fields, "csrf": token})
        assert ok.status_code == 303 and ok.headers["location"].startswith("/my?submitted=")
        mine = browser.get("/my")
        assert mine.status_code == 200 and "Submissions of alpha" in mine.text
        rid = int(ok.headers["location"].rsplit("=", 1)[1])
        assert browser.post(f"/my/{rid}/publish", data={"csrf": "forged"}).status_code == 403
        assert browser.post(f"/my/{rid}/publish", data={"csrf": token}).status_code == 303
        # admin: login form, then decisions, each with the CSRF token
        login = browser.get("/admin")
        assert "Admin token" in login.text
        assert browser.post("/admin/login", data={"token": "admin-secret-token"}).status_code == 403
        assert browser.post("/admin/login", data={"token": "wrong", "csrf": token}).status_code == 403
        assert browser.post("/admin/login", data={"token": "admin-secret-token", "csrf": token}).status_code == 303
        assert f'id="queue-{rid}"' in browser.get("/admin").text
        assert browser.post(f"/admin/results/{rid}/approve", data={"reason": "x"}).status_code == 403
        assert browser.post(f"/admin/results/{rid}/approve", data={"csrf": token}).status_code == 303
        assert 'name="reason"' in browser.get("/admin").text  # reject / hide forms ask why
        assert browser.post(f"/admin/results/{rid}/hide", data={"csrf": token, "reason": "duplicate of #1"}).status_code == 303
        assert "duplicate of #1" in browser.get("/admin").text  # in the audit log
        assert browser.post(f"/admin/results/{rid}/unhide", data={"csrf": token}).status_code == 303
    # a cross-site form post carries neither cookie: refused
    assert httpx.post(f"{url}/admin/results/{rid}/hide", data={"csrf": token}).status_code == 403
    board = httpx.get(f"{url}/leaderboard/news-en?version=1.0.0")
    assert ">alpha<" in board.text
