"""The live Wikidata API client (MediaWiki action API), with the same lookups as the local
index (see tasks/dragon/wikidata_index.py)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any
import json
import threading
import time

from rapidfuzz import fuzz
import httpx

from schemas.graph import EntityCandidate
from schemas.graph import WikidataClaim
from tasks.dragon.wikidata_dump import _parse_entity
from tasks.dragon.wikidata_index import WikidataIndex
from tasks.dragon.wikidata_records import (
    INDEX_LANGUAGES,
    MULTILINGUAL,
    _QID,
    _ENTITY_ID,
    WikidataAPIError,
    WikidataUnavailable,
    normalise_name,
    WikidataEntity,
)

# --------------------------------------------------------------------------- the live API


class WikidataAPI:
    """Client of the MediaWiki action API of Wikidata (``https://www.wikidata.org/w/api.php``).

    Same lookups as :class:`WikidataIndex` (``candidates``, ``claims_for``, ``entity``),
    plus the raw calls ``search`` and ``get``. Timeouts, connection errors, HTTP 429/5xx
    and ``maxlag`` answers are retried with exponential backoff (honouring Retry-After),
    then raise :class:`WikidataUnavailable`; any other error answer raises
    :class:`WikidataAPIError` at once. Property labels are cached per client: they are
    few and rarely change.
    """

    #: wbgetentities refuses more ids per request
    MAX_IDS_PER_REQUEST = 50

    def __init__(
        self,
        base_url: str,
        user_agent: str,
        timeout: float = 20.0,
        *,
        retries: int = 2,
        backoff: float = 0.5,
        languages: tuple[str, ...] = INDEX_LANGUAGES,
    ):
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"Wikidata API base_url must start with http:// or https://, got {base_url!r}")
        if not user_agent.strip():
            # Wikimedia blocks clients without a descriptive User-Agent
            raise ValueError("Wikidata API needs a descriptive user_agent (Wikimedia's User-Agent policy)")
        self.base_url = base_url
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.languages = tuple(languages)
        self._client = httpx.Client(
            headers={"User-Agent": user_agent, "Accept": "application/json"},
            timeout=timeout,
            follow_redirects=True,
        )
        self._property_names: dict[str, list[str]] = {}
        self._property_lock = threading.Lock()

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> "WikidataAPI":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # transport -----------------------------------------------------------------------

    def _call(self, action: str, **params: Any) -> dict[str, Any]:
        query = {"action": action, "format": "json", **params}
        what = f"Wikidata API {action} at {self.base_url}"
        problem = ""
        delay = 0.0
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(delay)
            delay = self.backoff * (2**attempt)
            try:
                response = self._client.get(self.base_url, params=query)
            except httpx.TimeoutException:
                problem = f"timed out after {self.timeout:g}s"
                continue
            except httpx.TransportError as exc:
                problem = f"connection failed: {exc}"
                continue
            if response.status_code == 429 or response.status_code >= 500:
                problem = f"HTTP {response.status_code}"
                delay = max(delay, _retry_after(response))
                continue
            if response.status_code >= 400:
                raise WikidataAPIError(f"{what}: HTTP {response.status_code}: {response.text[:200]}")
            try:
                payload = response.json()
            except ValueError:
                raise WikidataAPIError(f"{what}: answer is not JSON: {response.text[:200]!r}") from None
            if not isinstance(payload, dict):
                raise WikidataAPIError(f"{what}: answer is not a JSON object: {response.text[:200]!r}")
            error = payload.get("error")
            if error:
                code = error.get("code", "unknown") if isinstance(error, dict) else "unknown"
                info = error.get("info", "") if isinstance(error, dict) else str(error)
                if code == "maxlag":
                    # the replicas are behind: Wikimedia asks clients to wait and retry
                    problem = f"maxlag: {info}"
                    delay = max(delay, _retry_after(response))
                    continue
                raise WikidataAPIError(f"{what}: error {code}: {info}")
            return payload
        raise WikidataUnavailable(f"{what}: {problem} ({self.retries + 1} attempts)")

    # raw calls -----------------------------------------------------------------------

    def search(self, surface: str, lang: str, limit: int = 7) -> list[EntityCandidate]:
        """``wbsearchentities``: items whose label or alias matches ``surface``, best first."""
        if not surface.strip():
            return []
        payload = self._call(
            "wbsearchentities", search=surface, language=lang, uselang=lang, type="item",
            limit=max(1, min(int(limit), 50)),
        )
        results = payload.get("search")
        if not isinstance(results, list):
            raise WikidataAPIError(f"Wikidata API wbsearchentities: no 'search' list in the answer for {surface!r}")
        surface_norm = normalise_name(surface)
        out = []
        for hit in results:
            qid = hit.get("id")
            if not isinstance(qid, str) or not _QID.match(qid):
                continue
            match = hit.get("match") or {}
            aliases = [a for a in hit.get("aliases") or [] if isinstance(a, str)]
            if match.get("type") == "alias" and match.get("text") and match["text"] not in aliases:
                aliases.append(match["text"])
            label = hit.get("label") or match.get("text") or qid
            matched = normalise_name(match.get("text") or label)
            score = 1.0 if matched == surface_norm else fuzz.WRatio(surface_norm, matched) / 100.0
            out.append(
                EntityCandidate(
                    qid=qid,
                    label=label,
                    aliases=[a for a in aliases if a != label],
                    description=hit.get("description") or "",
                    string_score=round(score, 4),
                    score=round(score, 4),
                )
            )
        return out

    def get(self, qids: list[str]) -> list[WikidataEntity]:
        """``wbgetentities``: labels, aliases, descriptions and claims of items/properties.

        Unknown ids are skipped; a redirected id comes back under its target's id. Claims
        carry their property's labels and aliases (fetched once per property and cached).
        """
        ids = list(dict.fromkeys(q for q in qids if q))
        bad = [q for q in ids if not _ENTITY_ID.match(q)]
        if bad:
            raise ValueError(f"not Wikidata entity ids: {bad}")
        entities: list[WikidataEntity] = []
        claim_rows: list[tuple[str, str, str | None, str | None]] = []
        for raw in self._get_raw(ids, props="labels|aliases|descriptions|claims"):
            parsed = _parse_entity(raw, self.languages)
            if parsed is None:
                continue
            entities.append(parsed.entity)
            claim_rows.extend(parsed.claim_rows)
        names = self._property_labels({pid for _, pid, _, _ in claim_rows})
        by_subject: dict[str, list[WikidataClaim]] = {}
        for subject, pid, value_qid, value_text in claim_rows:
            by_subject.setdefault(subject, []).append(
                WikidataClaim(
                    subject_qid=subject, property_id=pid, property_labels=names.get(pid, []),
                    value_qid=value_qid, value_text=value_text,
                )
            )
        for entity in entities:
            entity.claims = by_subject.get(entity.qid, [])
        return entities

    def _get_raw(self, ids: list[str], props: str) -> Iterator[dict[str, Any]]:
        for start in range(0, len(ids), self.MAX_IDS_PER_REQUEST):
            chunk = ids[start : start + self.MAX_IDS_PER_REQUEST]
            payload = self._call(
                "wbgetentities", ids="|".join(chunk), props=props,
                languages="|".join((*self.languages, MULTILINGUAL)),
            )
            found = payload.get("entities")
            if not isinstance(found, dict):
                raise WikidataAPIError(f"Wikidata API wbgetentities: no 'entities' object in the answer for {chunk}")
            for raw in found.values():
                if isinstance(raw, dict) and "missing" not in raw and raw.get("id"):
                    yield raw

    def _property_labels(self, pids: set[str]) -> dict[str, list[str]]:
        with self._property_lock:
            missing = sorted(pids - self._property_names.keys())
        if missing:
            fetched: dict[str, list[str]] = {pid: [] for pid in missing}
            for raw in self._get_raw(missing, props="labels|aliases"):
                parsed = _parse_entity(raw, self.languages)
                if parsed is not None:
                    entity = parsed.entity
                    labels = [entity.labels[c] for c in (*self.languages, MULTILINGUAL) if entity.labels.get(c)]
                    aliases = [a for c in (*self.languages, MULTILINGUAL) for a in entity.aliases.get(c, [])]
                    fetched[entity.qid] = list(dict.fromkeys(labels + aliases))
            with self._property_lock:
                self._property_names.update(fetched)
        with self._property_lock:
            return {pid: self._property_names.get(pid, []) for pid in pids}

    # the WikidataIndex interface -----------------------------------------------------

    def candidates(self, surface: str, lang: str, limit: int = 7) -> list[EntityCandidate]:
        return self.search(surface, lang, limit)

    def claims_for(self, qids: list[str]) -> list[WikidataClaim]:
        return [claim for entity in self.get([q for q in qids if q]) for claim in entity.claims]

    def entity(self, qid: str) -> WikidataEntity | None:
        found = self.get([qid])
        return found[0] if found else None


def _retry_after(response: httpx.Response) -> float:
    """Seconds the server asks us to wait (Retry-After), capped so a test or a run never stalls."""
    value = response.headers.get("Retry-After", "")
    try:
        return min(float(value), 30.0)
    except ValueError:
        return 0.0
