"""What the portal does, apart from HTTP: teams and tokens, scoring a submission on the private
split, publication decisions, baseline import, leaderboards and the audit log.

A submitter only ever gets aggregates (overall and per question type) back; per-question
scores are computed in memory and dropped.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from benchmill.settings import Settings
from portal.db import (
    APPROVED,
    BASELINE,
    PRIVATE,
    REJECTED,
    REQUESTED,
    AdminToken,
    AuditEntry,
    Result,
    Score,
    Team,
    hash_token,
    init_db,
    new_token,
    same_hash,
    utcnow,
)
from portal.releases import ReleaseReader, UnknownRelease, valid_ref, version_key

log = logging.getLogger("benchmill.portal")
OVERALL = "*"
#: the metrics only an LLM measures, by the per-question section that holds them
LLM_METRICS = {"keypoints": ("completeness", "hallucination", "irrelevance"), "judge": ("judge_score",)}


class PortalError(Exception):
    """A request the portal refuses; ``status`` is the HTTP status, the message is safe to show."""

    status = 400

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class RateLimited(PortalError):
    status = 429


class NotFound(PortalError):
    status = 404


class Portal:
    def __init__(self, settings: Settings, database_url: str | None = None) -> None:
        self.settings = settings
        self.cfg = settings.portal
        self.engine, self.Session = init_db(database_url or self.cfg.database_url)
        self.reader = ReleaseReader(settings.releases_dir)
        self._submit_lock = threading.Lock()
        self._import_lock = threading.Lock()
        self._seen: dict[Path, tuple[int, int, str]] = {}  # baseline file -> (mtime, size, outcome) when last read
        self._client = None  # the LLM client, made on the first submission scored with the llm engine
        if settings.active_engine == "llm":  # engine = 'llm' without an endpoint: refused at start, not per submission
            from benchmill.engines import EngineConfig

            EngineConfig.from_settings(settings)

    def close(self) -> None:
        self.engine.dispose()

    def scoring_engine(self):
        """(engine, LLM client or None) submissions are scored with: the settings' active engine.
        ``llm`` adds the keypoint and judge metrics (tasks.evaluate's code path, through the
        settings' LLM endpoint and cache); ``rules`` records them as ``skipped: needs llm``."""
        if self.settings.active_engine != "llm":
            return "rules", None
        if self._client is None:
            from benchmill.engines import EngineConfig
            from tasks.evaluate.metrics_generation import engine_client

            self._client = engine_client(EngineConfig.from_settings(self.settings))
        return "llm", self._client

    # ------------------------------------------------------------ tokens
    def create_team(self, name: str) -> str:
        name = name.strip()
        if not name or len(name) > 100:
            raise PortalError(f"team name {name!r}: expected 1 to 100 characters")
        token = new_token()
        with self.Session.begin() as s:
            if s.scalar(select(Team).where(Team.name == name)) is not None:
                raise PortalError(f"team {name!r} exists already")
            s.add(Team(name=name, token_hash=hash_token(token)))
            s.add(AuditEntry(actor="admin", action="create-team", detail=name))
        return token

    def create_admin_token(self) -> str:
        token = new_token()
        with self.Session.begin() as s:
            s.add(AdminToken(token_hash=hash_token(token)))
            s.add(AuditEntry(actor="admin", action="create-admin-token"))
        return token

    def team_for(self, token: str | None) -> Team | None:
        """The team whose token this is; every stored hash is compared in constant time."""
        if not token:
            return None
        digest = hash_token(token)
        with self.Session() as s:
            found = None
            for team in s.scalars(select(Team)):
                if same_hash(team.token_hash, digest):
                    found = team
            return found

    def is_admin(self, token: str | None) -> bool:
        if not token:
            return False
        digest = hash_token(token)
        ok = False
        configured = self.cfg.admin_token.get_secret_value() if self.cfg.admin_token is not None else ""
        if configured:  # an empty BENCHMILL_PORTAL__ADMIN_TOKEN (docker-compose default) is no token
            ok |= same_hash(hash_token(configured), digest)
        with self.Session() as s:
            for stored in s.scalars(select(AdminToken.token_hash)):
                ok |= same_hash(stored, digest)
        return ok

    # ------------------------------------------------------------ audit
    def _audit(self, s, actor: str, action: str, result_id: int | None = None, detail: str = "") -> None:
        s.add(AuditEntry(actor=actor, action=action, result_id=result_id, detail=detail[:2000]))

    def audit_log(self, limit: int = 200) -> list[dict]:
        with self.Session() as s:
            rows = s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit))
            return [{"id": e.id, "at": e.at.isoformat(timespec="seconds") + "Z", "actor": e.actor, "action": e.action,
                     "result_id": e.result_id, "detail": e.detail} for e in rows]

    def audit_refusal(self, team: Team, ref: str, reason: str) -> None:
        with self.Session.begin() as s:
            self._audit(s, f"team:{team.name}", "submit-refused", None, f"{ref}: {reason}")

    # ------------------------------------------------------------ submissions
    def submit(self, team: Team, collection: str, version: str, raw: bytes) -> dict:
        """Score ``raw`` (a DRAGON submission) on the release's private split and store the aggregates."""
        from tasks.evaluate.release_data import ReleaseDataError
        from tasks.evaluate.scoring import SubmissionError, loads_submission, score_submission

        ref = f"{collection}@{version}"
        try:
            if not valid_ref(collection, version):
                raise NotFound(f"no release {ref}")
            if len(raw) > self.max_upload_bytes:
                raise PortalError(f"submission is over the {self.cfg.max_upload_mb:g} MB limit", 413)
            self._check_rate(team, collection, version)
            try:
                data = self.reader.load(collection, version)
            except UnknownRelease as exc:
                raise NotFound(str(exc)) from None
            except ReleaseDataError:
                log.exception("release %s unreadable", ref)
                raise PortalError(f"release {ref} cannot be scored now", 503) from None
            try:
                entries = loads_submission(raw, "submission")
                engine, client = self.scoring_engine()
                report = score_submission(data, entries, k=self.cfg.k, client=client, engine=engine,
                                          source="submission", llm_metrics=True, convention=self.cfg.convention)
            except SubmissionError as exc:
                raise PortalError(" ".join(str(exc).split()), 422) from None
        except PortalError as exc:
            self.audit_refusal(team, ref, str(exc))
            raise
        sha = hashlib.sha256(raw).hexdigest()
        with self._submit_lock:  # the count and the insert of one team's submissions are one step
            with self.Session.begin() as s:
                # first statement a write on the team's row: PostgreSQL locks the row, SQLite takes its
                # write lock, so portals in other processes on the same database wait here too
                s.execute(update(Team).where(Team.id == team.id).values(token_hash=Team.token_hash))
                try:
                    self._check_rate(team, collection, version, s)
                except RateLimited as exc:
                    self._audit(s, f"team:{team.name}", "submit-refused", None, f"{ref}: {exc}")
                    raise
                result = self._result_from_report(report, kind="submission", system=team.name, team_id=team.id,
                                                  status=PRIVATE, sha=sha)
                s.add(result)
                s.flush()
                self._audit(s, f"team:{team.name}", "submit", result.id, f"{ref} sha256={sha[:16]}")
                rid = result.id
        return self.result_view(rid, team=team)

    @property
    def max_upload_bytes(self) -> int:
        return int(self.cfg.max_upload_mb * 1_000_000)

    def _check_rate(self, team: Team, collection: str, version: str, s=None) -> None:
        since = utcnow() - timedelta(days=1)
        q = select(func.count(Result.id)).where(
            Result.team_id == team.id, Result.collection == collection, Result.version == version,
            Result.kind == "submission", Result.created_at >= since)
        if s is None:
            with self.Session() as s2:
                n = s2.scalar(q)
        else:
            n = s.scalar(q)
        if n >= self.cfg.submissions_per_day:
            raise RateLimited(f"rate limit: {self.cfg.submissions_per_day} submissions per team for "
                              f"{collection}@{version} in 24 hours; try again later")

    def _result_from_report(self, report, *, kind: str, system: str, team_id: int | None, status: str, sha: str,
                            baseline_key: str | None = None) -> Result:
        major, minor, patch = version_key(report.version or "")
        result = Result(kind=kind, team_id=team_id, system=system, collection=report.collection, version=report.version,
                        major=major, minor=minor, patch=patch, convention=report.convention, k=report.k,
                        questions=report.overall.questions, status=status, payload_sha256=sha,
                        engine=report.engine if report.engine in ("rules", "llm") else "rules",
                        baseline_key=baseline_key, notes=[n for n in report.notes][:10], created_at=utcnow())
        result.scores = self._scores(report)
        return result

    @staticmethod
    def _scores(report) -> list[Score]:
        notes = Portal._llm_notes(report)
        out = []
        for qtype, summary in [(OVERALL, report.overall), *sorted(report.by_type.items())]:
            for metric, value in summary.means.items():
                out.append(Score(qtype=qtype, metric=metric, value=value, count=summary.counts.get(metric, 0),
                                 note=notes.pop((qtype, metric), None)))
        for (qtype, metric), note in sorted(notes.items()):  # not measured at all: a row that says why
            out.append(Score(qtype=qtype, metric=metric, value=None, count=0, note=note))
        return out

    @staticmethod
    def _llm_notes(report) -> dict[tuple[str, str], str]:
        """(question type or ``*``, LLM metric) -> why its mean is missing or partial: every
        question skipped it (``skipped: needs llm``: the rules engine), or some replies were
        unusable (left out of the mean). Computed from the per-question scores, then dropped."""
        from benchmill.engines import SKIPPED_NEEDS_LLM

        statuses: dict[tuple[str, str], Counter] = defaultdict(Counter)
        for q in report.questions:
            for section in LLM_METRICS:
                s = getattr(q, section)
                if s is not None:
                    for qtype in (OVERALL, q.type):
                        statuses[(qtype, section)][s.status] += 1
        if not report.questions and any("need the llm engine: skipped" in n for n in report.notes):
            statuses[(OVERALL, "judge")]["skipped"] += 1  # a report without its questions: its note says so
        notes = {}
        for (qtype, section), counts in statuses.items():
            total = sum(counts.values())
            if counts["skipped"] == total:
                note = SKIPPED_NEEDS_LLM
            elif counts["error"]:
                note = f"{counts['error']} of {total} LLM replies unusable: left out of the mean"
            else:
                continue
            for metric in LLM_METRICS[section]:
                notes[(qtype, metric)] = note
        return notes

    # ------------------------------------------------------------ views of results
    @staticmethod
    def _view(r: Result, private: bool = False) -> dict:
        overall = {sc.metric: sc.value for sc in r.scores if sc.qtype == OVERALL}
        metric_notes = {sc.metric: sc.note for sc in r.scores if sc.qtype == OVERALL and sc.note}
        by_type: dict[str, dict] = defaultdict(dict)
        for sc in r.scores:
            if sc.qtype != OVERALL:
                by_type[sc.qtype][sc.metric] = sc.value
        view = {"id": r.id, "kind": r.kind, "system": r.system, "collection": r.collection, "version": r.version,
                "convention": r.convention, "k": r.k, "questions": r.questions, "engine": r.engine,
                "metric_notes": metric_notes,
                "created": r.created_at.isoformat(timespec="seconds") + "Z", "overall": overall, "by_type": dict(by_type)}
        if private:
            view.update(status=r.status, hidden=r.hidden, notes=list(r.notes or []))
        return view

    def result_view(self, result_id: int, team: Team | None = None) -> dict:
        with self.Session() as s:
            r = s.get(Result, result_id)
            if r is None or (team is not None and r.team_id != team.id):
                raise NotFound(f"no submission {result_id}")
            return self._view(r, private=True)

    def team_results(self, team: Team) -> list[dict]:
        with self.Session() as s:
            rows = s.scalars(select(Result).where(Result.team_id == team.id).order_by(Result.id.desc()))
            return [self._view(r, private=True) for r in rows]

    def request_publication(self, team: Team, result_id: int) -> dict:
        with self.Session.begin() as s:
            r = s.get(Result, result_id)
            if r is None or r.team_id != team.id:
                raise NotFound(f"no submission {result_id}")
            if r.status not in (PRIVATE, REJECTED):
                raise PortalError(f"submission {result_id} is {r.status}; only a private or rejected one can be put forward",
                                  409)
            r.status = REQUESTED
            self._audit(s, f"team:{team.name}", "request-publication", r.id, r.ref)
        return self.result_view(result_id, team)

    # ------------------------------------------------------------ admin
    def queue(self) -> list[dict]:
        with self.Session() as s:
            rows = s.scalars(select(Result).where(Result.status == REQUESTED).order_by(Result.id))
            return [self._view(r, private=True) for r in rows]

    def all_results(self, limit: int = 500) -> list[dict]:
        with self.Session() as s:
            rows = s.scalars(select(Result).order_by(Result.id.desc()).limit(limit))
            return [self._view(r, private=True) for r in rows]

    def decide(self, result_id: int, action: str, reason: str = "", actor: str = "admin") -> dict:
        """approve | reject (a requested submission) | hide | unhide (any result); audited as ``actor``
        (the web admin: ``admin``; ``benchmill portal-admin``: ``admin:cli``)."""
        with self.Session.begin() as s:
            r = s.get(Result, result_id)
            if r is None:
                raise NotFound(f"no result {result_id}")
            if action in ("approve", "reject"):
                if r.status != REQUESTED:
                    raise PortalError(f"result {result_id} is {r.status}, not awaiting a decision", 409)
                r.status = APPROVED if action == "approve" else REJECTED
                r.decided_at = utcnow()
            elif action in ("hide", "unhide"):
                r.hidden = action == "hide"
            else:
                raise PortalError(f"unknown action {action!r}")
            self._audit(s, actor, action, r.id, f"{r.ref} {r.system}" + (f": {reason}" if reason else ""))
        return self.result_view(result_id)

    # ------------------------------------------------------------ baselines
    @property
    def baselines_dir(self) -> Path:
        return self.settings.reports_dir / "baselines"

    def import_baselines(self) -> dict:
        """Every ``<reports_dir>/baselines/<collection>@<version>/<system>.json`` as one baseline row.

        Idempotent: a file already imported with the same content is skipped; a changed file
        replaces its row's scores. A file that is not a report is skipped with a warning."""
        from pydantic import ValidationError

        from tasks.evaluate.records import EvaluationReport

        counts = {"imported": 0, "updated": 0, "unchanged": 0, "skipped": 0}
        if not self.baselines_dir.is_dir():
            return counts
        with self._import_lock:
            for folder in sorted(self.baselines_dir.iterdir()):
                collection, _, version = folder.name.partition("@")
                if not folder.is_dir() or not valid_ref(collection, version):
                    continue
                for path in sorted(folder.glob("*.json")):
                    key = f"{collection}@{version}/{path.stem}"
                    try:
                        st = path.stat()
                        seen = self._seen.get(path)
                        if seen is not None and seen[:2] == (st.st_mtime_ns, st.st_size):
                            counts[seen[2]] += 1  # read before and not touched since
                            continue
                        self._seen[path] = (st.st_mtime_ns, st.st_size, "skipped")
                        raw = path.read_bytes()
                        report = EvaluationReport.model_validate(json.loads(raw))
                    except (OSError, ValueError, ValidationError) as exc:
                        log.warning("baseline report %s skipped: %s", path, str(exc).splitlines()[0])
                        counts["skipped"] += 1
                        continue
                    report.collection, report.version = collection, version
                    sha = hashlib.sha256(raw).hexdigest()
                    counts[self._upsert_baseline(report, key, path.stem, sha)] += 1
                    self._seen[path] = (st.st_mtime_ns, st.st_size, "unchanged")
        return counts

    def _upsert_baseline(self, report, key: str, system: str, sha: str) -> str:
        try:
            with self.Session.begin() as s:
                existing = s.scalar(select(Result).where(Result.baseline_key == key))
                if existing is not None and existing.payload_sha256 == sha:
                    return "unchanged"
                if existing is None:
                    fresh = self._result_from_report(report, kind="baseline", system=report.system or system,
                                                     team_id=None, status=BASELINE, sha=sha, baseline_key=key)
                    s.add(fresh)
                    s.flush()
                    self._audit(s, "system", "import-baseline", fresh.id, key)
                    return "imported"
                existing.scores.clear()
                s.flush()  # the old scores go before the new ones (one row per metric and type)
                existing.system, existing.convention, existing.k = report.system or system, report.convention, report.k
                existing.questions, existing.payload_sha256 = report.overall.questions, sha
                existing.engine = report.engine if report.engine in ("rules", "llm") else "rules"
                existing.notes = list(report.notes)[:10]
                existing.scores.extend(self._scores(report))
                self._audit(s, "system", "update-baseline", existing.id, key)
                return "updated"
        except IntegrityError:  # another process imported the same file at the same moment
            return "unchanged"

    # ------------------------------------------------------------ leaderboard
    def _visible(self, s, collection: str):
        return s.scalars(select(Result).where(
            Result.collection == collection, Result.hidden.is_(False),
            Result.status.in_((APPROVED, BASELINE))).order_by(Result.id))

    def versions(self, collection: str) -> list[str]:
        found = {r.version for r in self.reader.releases(collection)}
        with self.Session() as s:
            found |= set(s.scalars(select(Result.version).where(Result.collection == collection).distinct()))
        return sorted(found, key=version_key)

    def leaderboard(self, collection: str, version: str | None = None, view: str = "version", n: int | None = None) -> dict:
        """Rows for one version (default: the newest), or ``view='actual'``: each system's means over
        the last ``n`` versions it has results in (DRAGON's "actual versions" toggle)."""
        versions = self.versions(collection)
        if not versions:
            raise NotFound(f"no collection {collection!r}")
        n = n or self.cfg.actual_versions
        main = self.cfg.main_metric
        with self.Session() as s:
            latest: dict[tuple, Result] = {}
            for r in self._visible(s, collection):
                latest[(r.kind, r.system, r.convention, r.version)] = r  # newest result of a system per version
            views = {key: self._view(r) for key, r in latest.items()}
        if view == "actual":
            window = versions[-n:]
            rows = self._aggregate([v for key, v in views.items() if key[3] in window], window)
            title = f"actual versions ({', '.join(window)})"
        elif view == "version":
            version = version or versions[-1]
            if version not in versions:
                raise NotFound(f"no version {version} of {collection!r}")
            window = [version]
            rows = [dict(v, versions=[version]) for key, v in views.items() if key[3] == version]
            title = f"version {version}"
        else:
            raise PortalError(f"view {view!r}: expected version or actual")
        rows.sort(key=lambda r: (r["overall"].get(main) is None, -(r["overall"].get(main) or 0.0), r["system"]))
        for i, row in enumerate(rows, start=1):
            row["rank"] = i
        metrics: list[str] = []
        types: list[str] = []
        for row in rows:
            metrics += [m for m in row["overall"] if m not in metrics]
            types += [t for t in row["by_type"] if t not in types]
        if main in metrics:  # the sort key first
            metrics = [main] + [m for m in metrics if m != main]
        return {"collection": collection, "view": view, "version": version if view == "version" else None,
                "versions": versions, "window": window, "title": title, "main_metric": main, "metrics": metrics,
                "types": sorted(types), "rows": rows, "plot": self._plot(views, versions, main)}

    @staticmethod
    def _mean_dicts(dicts: list[dict]) -> dict:
        sums: dict[str, list[float]] = defaultdict(list)
        for d in dicts:
            for m, v in d.items():
                if v is not None:
                    sums[m].append(v)
                else:
                    sums.setdefault(m, [])
        return {m: (sum(v) / len(v) if v else None) for m, v in sums.items()}

    def _aggregate(self, views: list[dict], window: list[str]) -> list[dict]:
        groups: dict[tuple, list[dict]] = defaultdict(list)
        for v in views:
            groups[(v["kind"], v["system"], v["convention"])].append(v)
        rows = []
        for (kind, system, convention), vs in groups.items():
            vs.sort(key=lambda v: version_key(v["version"]))
            types = sorted({t for v in vs for t in v["by_type"]})
            rows.append({
                "id": None, "kind": kind, "system": system, "collection": vs[0]["collection"], "version": None,
                "convention": convention, "k": vs[-1]["k"], "questions": sum(v["questions"] for v in vs),
                "created": vs[-1]["created"], "versions": [v["version"] for v in vs],
                "overall": self._mean_dicts([v["overall"] for v in vs]),
                "engine": vs[-1]["engine"],
                # a note where no version has a value (a mean over some versions needs none)
                "metric_notes": {m: n for v in vs for m, n in v["metric_notes"].items()
                                 if all(w["overall"].get(m) is None for w in vs)},
                "by_type": {t: self._mean_dicts([v["by_type"][t] for v in vs if t in v["by_type"]]) for t in types},
                "coverage": f"{len(vs)}/{len(window)}",
            })
        return rows

    @staticmethod
    def _plot(views: dict, versions: list[str], main: str, top: int = 5) -> dict:
        """Main metric per version for the systems best on the newest versions they have."""
        series: dict[str, dict[str, float]] = defaultdict(dict)
        for (kind, system, convention, version), v in views.items():
            value = v["overall"].get(main)
            if value is not None:
                series[f"{system}" + (" (baseline)" if kind == "baseline" else "")][version] = value
        def best(item):
            points = item[1]
            newest = max(points, key=version_key)
            return -points[newest]
        chosen = dict(sorted(series.items(), key=best)[:top])
        return {"metric": main, "versions": versions, "series": chosen}
