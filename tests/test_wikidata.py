"""tasks.dragon.wikidata: the DuckDB index built from a dump, and the live API client.

The index is built from tests/fixtures/wikidata/mini.json.bz2, a small dump in the real
format (a JSON array, one entity per line; items, properties and a lexeme; labels,
aliases, ``mul`` labels, claims with ranks, qualifiers, references, somevalue snaks and
external ids). mini.json is the same dump uncompressed, for reading.

The API client talks to a fake MediaWiki API (stdlib http.server on 127.0.0.1) that
answers wbsearchentities / wbgetentities from the same fixture entities, in the shape
www.wikidata.org answers them.
"""
from __future__ import annotations

import bz2
import gzip
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from tasks.dragon.wikidata import (
    WikidataAPI,
    WikidataAPIError,
    WikidataDumpError,
    WikidataIndex,
    WikidataIndexError,
    WikidataUnavailable,
    normalise_literal,
    normalise_name,
)

FIXTURES = Path(__file__).parent / "fixtures" / "wikidata"
MINI_DUMP = FIXTURES / "mini.json.bz2"
SAMPLE_DUMP = Path(__file__).resolve().parent.parent / "data" / "wikidata" / "sample.json.bz2"


def _fixture_entities() -> list[dict]:
    lines = (FIXTURES / "mini.json").read_text(encoding="utf-8").splitlines()
    return [json.loads(line.rstrip(",")) for line in lines if line not in ("[", "]")]


@pytest.fixture(scope="module")
def index(tmp_path_factory) -> WikidataIndex:
    path = tmp_path_factory.mktemp("wikidata") / "index.duckdb"
    with WikidataIndex.build(MINI_DUMP, path) as built:
        yield built


# --------------------------------------------------------------------------- normalisation


def test_normalise_name_folds_case_accents_punctuation_and_yo():
    assert normalise_name("Harbour-Logistics, Ltd.") == "harbour logistics ltd"
    assert normalise_name("Zürich") == "zurich"
    assert normalise_name("Ёлкино «Север»") == normalise_name("елкино север")
    assert normalise_literal("2,139") == normalise_literal("2 139") == "2139"


# --------------------------------------------------------------------------- building


def test_fixture_files_are_the_same_dump():
    assert bz2.decompress(MINI_DUMP.read_bytes()).decode("utf-8") == (FIXTURES / "mini.json").read_text(encoding="utf-8")


def test_build_indexes_items_properties_and_claims(index: WikidataIndex):
    stats = index.stats()
    entities = _fixture_entities()
    assert stats["entities"] == sum(e["type"] in ("item", "property") for e in entities)  # the lexeme is skipped
    assert stats["properties"] > 0 and stats["names"] > stats["entities"] / 2
    meta = index.meta
    assert meta["format_version"] == "1" and len(meta["dump_sha256"]) == 64
    assert meta["dump_size"] == str(MINI_DUMP.stat().st_size)


@pytest.mark.parametrize("suffix", [".json", ".json.gz"])
def test_uncompressed_and_gzip_dumps_build_the_same_index(tmp_path, index, suffix):
    body = bz2.decompress(MINI_DUMP.read_bytes())
    dump = tmp_path / f"dump{suffix}"
    dump.write_bytes(gzip.compress(body) if suffix.endswith(".gz") else body)
    with WikidataIndex.build(dump, tmp_path / "index.duckdb") as other:
        assert other.stats() == index.stats()


def test_rebuild_is_skipped_while_the_dump_is_unchanged(tmp_path):
    dump = tmp_path / "dump.json.bz2"
    shutil.copyfile(MINI_DUMP, dump)
    path = tmp_path / "index.duckdb"
    WikidataIndex.build(dump, path).close()
    built = (path.stat().st_ino, path.stat().st_mtime_ns)

    started = time.perf_counter()
    WikidataIndex.build(dump, path).close()
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == built
    assert time.perf_counter() - started < 1.0

    # same bytes, new mtime (a copy, a touch): recognised by sha256, not rebuilt
    os.utime(dump, ns=(time.time_ns(), time.time_ns() + 5_000_000_000))
    with WikidataIndex(path) as reader:
        # while this process reads the file, nothing is written into it
        with WikidataIndex.build(dump, path) as again:
            assert again.meta["dump_mtime_ns"] != str(dump.stat().st_mtime_ns)
        assert reader.candidates("Rotterdam", "en")[0].qid == "Q34370"
    # with no reader, the new mtime is recorded so the next check needs no hashing
    with WikidataIndex.build(dump, path) as again:
        assert again.meta["dump_mtime_ns"] == str(dump.stat().st_mtime_ns)
        assert again.stats()["entities"] > 0
    assert path.stat().st_ino == built[0]


def test_changed_dump_is_rebuilt_and_open_readers_are_not_confused(tmp_path):
    dump = tmp_path / "dump.json"
    dump.write_bytes(bz2.decompress(MINI_DUMP.read_bytes()))
    path = tmp_path / "index.duckdb"
    old = WikidataIndex.build(dump, path)
    assert old.candidates("Harbour Logistics", "en") == []

    lines = dump.read_text(encoding="utf-8").splitlines()
    extra = {
        "type": "item", "id": "Q99999901", "labels": {"en": {"language": "en", "value": "Harbour Logistics Ltd"}},
        "descriptions": {"en": {"language": "en", "value": "freight company"}}, "aliases": {}, "claims": {}, "sitelinks": {},
    }
    lines[-2] += ","
    lines.insert(-1, json.dumps(extra))
    dump.write_text("\n".join(lines) + "\n", encoding="utf-8")

    with WikidataIndex.build(dump, path) as new:
        assert [c.qid for c in new.candidates("Harbour Logistics", "en")] == ["Q99999901"]
    # the instance opened before the rebuild keeps reading the file it opened
    assert old.candidates("Harbour Logistics", "en") == []
    old.close()


def test_failed_build_keeps_the_previous_index_and_leaves_no_temp_files(tmp_path):
    dump = tmp_path / "dump.json"
    dump.write_bytes(bz2.decompress(MINI_DUMP.read_bytes()))
    path = tmp_path / "index.duckdb"
    WikidataIndex.build(dump, path).close()

    lines = dump.read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5][: len(lines[5]) // 2]  # a truncated entity line
    dump.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(WikidataDumpError, match="entity 5"):
        WikidataIndex.build(dump, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump.json", "index.duckdb"]
    with WikidataIndex(path) as kept:
        assert kept.candidates("Rotterdam", "en")[0].qid == "Q34370"


def _write_big_dump(path: Path, n: int) -> None:
    template = _fixture_entities()[-3]  # an item with claims
    with path.open("w", encoding="utf-8") as fp:
        fp.write("[\n")
        for i in range(n):
            entity = dict(template, id=f"Q{10_000_000 + i}")
            entity["labels"] = {"en": {"language": "en", "value": f"Entity number {i}"}}
            fp.write(json.dumps(entity) + (",\n" if i < n - 1 else "\n"))
        fp.write("]\n")


def test_killed_build_never_leaves_a_half_index(tmp_path):
    path = tmp_path / "index.duckdb"
    WikidataIndex.build(MINI_DUMP, path).close()
    big = tmp_path / "big.json"
    _write_big_dump(big, 100_000)
    script = (
        "import sys; from tasks.dragon.wikidata import WikidataIndex; "
        "WikidataIndex.build(sys.argv[1], sys.argv[2])"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(big), str(path)], cwd=Path(__file__).resolve().parent.parent
    )
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".index.duckdb.*.building")) and time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the build ended (rc={process.returncode}) before it could be killed")
        time.sleep(0.05)
    time.sleep(0.3)
    process.kill()
    process.wait()
    assert list(tmp_path.glob(".index.duckdb.*.building")), "the killed build's temp file should remain"

    with WikidataIndex(path) as kept:  # the previous index, whole
        assert kept.stats()["entities"] < 100
    WikidataIndex.build(MINI_DUMP, path, force=True).close()
    assert not list(tmp_path.glob(".index.duckdb.*")), "the next build removes temp files of dead builds"


def test_build_and_open_errors_name_the_file(tmp_path):
    with pytest.raises(WikidataDumpError, match="must end with"):
        WikidataIndex.build(tmp_path / "dump.csv", tmp_path / "index.duckdb")
    with pytest.raises(WikidataDumpError, match="does not exist"):
        WikidataIndex.build(tmp_path / "missing.json.bz2", tmp_path / "index.duckdb")
    with pytest.raises(WikidataIndexError, match="does not exist"):
        WikidataIndex(tmp_path / "index.duckdb")
    not_an_index = tmp_path / "other.duckdb"
    not_an_index.write_bytes(b"not a database")
    with pytest.raises(WikidataIndexError, match="not a Wikidata index"):
        WikidataIndex(not_an_index)


@pytest.mark.skipif(not SAMPLE_DUMP.exists(), reason="data/wikidata/sample.json.bz2 (the demo dump) is not there yet")
def test_demo_sample_dump_builds(tmp_path):
    with WikidataIndex.build(SAMPLE_DUMP, tmp_path / "index.duckdb") as sample:
        stats = sample.stats()
        assert stats["entities"] > 0 and stats["names"] > 0
        name = sample._query("SELECT name FROM names ORDER BY name_norm LIMIT 1")[0][0]
        assert sample.candidates(name, "en"), f"the demo index should find its own name {name!r}"


# --------------------------------------------------------------------------- lookups


def _qids(candidates) -> list[str]:
    return [c.qid for c in candidates]


def test_candidates_exact_label(index):
    found = index.candidates("Rotterdam", "en")
    assert found[0].qid == "Q34370" and found[0].label == "Rotterdam" and found[0].string_score == 1.0
    assert found[0].description == "city in South Holland, the Netherlands"
    assert "Роттердам" in found[0].aliases  # names in the other language count as aliases
    # names that start with the surface come too, ranked below the exact hit
    assert {"Q190667", "Q2104143"} <= set(_qids(found))


def test_candidates_alias(index):
    assert _qids(index.candidates("Holland", "en"))[:1] == ["Q55"]
    assert _qids(index.candidates("Havenbedrijf Rotterdam", "en"))[:1] == ["Q2104143"]
    assert _qids(index.candidates("PJSC Gazprom", "en"))[:1] == ["Q102673"]


def test_candidates_typo(index):
    found = index.candidates("Rotterdm", "en")
    assert found[0].qid == "Q34370" and 0.85 <= found[0].string_score < 1.0


def test_candidates_russian_inflection_and_labels(index):
    gazprom = index.candidates("Газпрома", "ru")
    assert gazprom[0].qid == "Q102673" and gazprom[0].label == "Газпром"
    assert gazprom[0].description == "российская энергетическая компания"
    assert index.candidates("Роттердамский порт", "ru")[0].qid == "Q190667"
    assert index.candidates("Rotterdam", "ru")[0].label == "Роттердам"  # label in the asked language
    assert index.candidates("Петербурге", "ru")[0].qid == "Q656"


def test_candidates_label_fallbacks(index):
    # "mul" (language-neutral) labels serve every language
    zeebrugge = index.candidates("Zeebrugge", "ru")[0]
    assert zeebrugge.qid == "Q1757" and zeebrugge.label == "Zeebrugge"
    # no Russian description: the English one is better than none
    assert zeebrugge.description == "port village in Belgium"


def test_ambiguous_name_ranks_the_more_described_entity_first(index):
    found = index.candidates("Apple", "en")
    assert _qids(found)[:2] == ["Q312", "Q89"]
    assert found[0].string_score == found[1].string_score == 1.0


def test_candidates_unknown_empty_and_limit(index):
    assert index.candidates("Harbour Logistics", "en") == []
    assert index.candidates("  ", "en") == []
    assert index.candidates("---", "en") == []
    assert len(index.candidates("Rotterdam", "en", limit=1)) == 1
    assert not any(c.type == "property" for c in [index.entity(q) for q in _qids(index.candidates("country", "en"))])


def test_candidates_latency(index):
    surfaces = ["Rotterdam", "Holland", "Rotterdm", "Газпрома", "Apple", "Unknown Shipping Co", "Miller"] * 10
    index.candidates("warm up", "en")
    started = time.perf_counter()
    for surface in surfaces:
        index.candidates(surface, "en")
    per_lookup = (time.perf_counter() - started) / len(surfaces)
    assert per_lookup < 0.05, f"{per_lookup * 1000:.1f} ms per candidates() lookup"


def test_claims_for(index):
    claims = index.claims_for(["Q102673"])
    by_property = {}
    for claim in claims:
        by_property.setdefault(claim.property_id, []).append(claim)
    # the deprecated P159 Moscow and the "somevalue" CEO are not facts
    assert [(c.value_qid, c.value_text) for c in by_property["P159"]] == [("Q656", None)]
    assert [c.value_qid for c in by_property["P169"]] == ["Q312939"]
    assert [c.value_text for c in by_property["P571"]] == ["1989-08-08"]
    assert [c.value_text for c in by_property["P1128"]] == ["466100"]
    hq = by_property["P159"][0].property_labels
    assert hq[:2] == ["headquarters location", "штаб-квартира"]
    assert {"headquartered in", "HQ", "главный офис"} <= set(hq)
    assert {c.subject_qid for c in claims} == {"Q102673"}


def test_claims_skip_external_ids_and_unknown_subjects(index):
    rotterdam = index.claims_for(["Q34370", "Q404", ""])
    assert {c.property_id for c in rotterdam} == {"P31", "P17", "P856"}  # not P214, an external id
    assert [c.value_text for c in rotterdam if c.property_id == "P856"] == ["https://www.rotterdam.nl/"]
    assert index.claims_for([]) == []
    year = [c for c in index.claims_for(["Q2104143"]) if c.property_id == "P571"]
    assert [c.value_text for c in year] == ["2004"]  # year precision


def test_entity(index):
    gazprom = index.entity("Q102673")
    assert gazprom.labels == {"en": "Gazprom", "ru": "Газпром"}
    assert gazprom.aliases["ru"] == ["ПАО «Газпром»", "ОАО «Газпром»"]
    assert gazprom.label("ru") == "Газпром" and gazprom.label("de") == "Gazprom"
    assert any(c.property_id == "P159" for c in gazprom.claims)
    assert index.entity("P159").type == "property"
    assert index.entity("Q404") is None


def test_lookups_from_threads(index):
    errors = []

    def worker():
        try:
            for _ in range(20):
                assert index.candidates("Rotterdam", "en")[0].qid == "Q34370"
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


# --------------------------------------------------------------------------- the live API


class FakeWikidataAPI:
    """The MediaWiki action API of Wikidata, answering from the fixture entities.

    ``fail(*answers)`` queues answers given instead of the real one, one per request:
    ``(status, body)`` or ``("sleep", seconds)``.
    """

    def __init__(self, entities: list[dict]):
        self.entities = {e["id"]: e for e in entities if e["type"] in ("item", "property")}
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.failures: deque = deque()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):  # noqa: N802
                parsed = urlparse(self.path)
                params = {k: v[0] for k, v in parse_qs(parsed.query).items()}
                fake.requests.append(params)
                fake.headers.append(dict(self.headers))
                if fake.failures:
                    kind, payload = fake.failures.popleft()
                    if kind == "sleep":
                        time.sleep(payload)
                    else:
                        self._send(kind, payload)
                        return
                if parsed.path != "/w/api.php":
                    self._send(404, "Not Found")
                    return
                self._send(200, fake.answer(params))

            def _send(self, status, body):
                data = body.encode() if isinstance(body, str) else json.dumps(body, ensure_ascii=False).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/w/api.php"

    def fail(self, *answers) -> None:
        self.failures.extend(answers)

    def answer(self, params: dict) -> dict:
        action = params.get("action")
        if params.get("format") != "json":
            return {"error": {"code": "badformat", "info": "format=json expected"}}
        if action == "wbsearchentities":
            return self._search(params)
        if action == "wbgetentities":
            return self._get(params)
        return {"error": {"code": "badvalue", "info": f"Unrecognized value for parameter \"action\": {action}."}}

    def _search(self, params: dict) -> dict:
        query, lang, limit = params["search"].casefold(), params["language"], int(params.get("limit", 7))
        hits = []
        for entity in self.entities.values():
            if entity["type"] != "item":
                continue
            label = (entity["labels"].get(lang) or entity["labels"].get("mul") or {}).get("value")
            aliases = [a["value"] for a in entity["aliases"].get(lang, [])]
            matched = next(((kind, text) for kind, text in [("label", label), *(("alias", a) for a in aliases)]
                            if text and text.casefold().startswith(query)), None)
            if matched is None:
                continue
            hit = {
                "id": entity["id"], "title": entity["id"], "pageid": int(entity["id"][1:]) % 100000,
                "concepturi": f"http://www.wikidata.org/entity/{entity['id']}", "repository": "wikidata",
                "url": f"//www.wikidata.org/wiki/{entity['id']}",
                "match": {"type": matched[0], "language": lang, "text": matched[1]},
            }
            if label:
                hit["label"] = label
                hit["display"] = {"label": {"value": label, "language": lang}}
            description = entity["descriptions"].get(lang, {}).get("value")
            if description:
                hit["description"] = description
            if matched[0] == "alias":
                hit["aliases"] = [matched[1]]
            hits.append(hit)
        return {"searchinfo": {"search": params["search"]}, "search": hits[:limit], "search-continue": limit, "success": 1}

    def _get(self, params: dict) -> dict:
        ids = params["ids"].split("|")
        if len(ids) > 50:
            return {"error": {"code": "toomanyvalues", "info": "Too many values supplied for parameter \"ids\". The limit is 50."}}
        props = params.get("props", "").split("|")
        languages = params.get("languages", "").split("|")
        out = {}
        for qid in ids:
            entity = self.entities.get(qid)
            if entity is None:
                out[qid] = {"id": qid, "missing": ""}
                continue
            answer = {"type": entity["type"], "id": qid}
            if entity["type"] == "property":
                answer["datatype"] = entity["datatype"]
            for prop in ("labels", "descriptions", "aliases"):
                if prop in props:
                    answer[prop] = {k: v for k, v in entity[prop].items() if k in languages}
            if "claims" in props:
                answer["claims"] = entity["claims"]
            out[qid] = answer
        return {"entities": out, "success": 1}

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake_wikidata():
    with FakeWikidataAPI(_fixture_entities()) as server:
        yield server


@pytest.fixture
def api(fake_wikidata):
    with WikidataAPI(fake_wikidata.url, "benchmill-tests/0.1 (tests@example.org)", timeout=2.0, backoff=0.01) as client:
        yield client


def test_api_search(api, fake_wikidata):
    found = api.search("Rotter", "en")
    assert _qids(found) == ["Q34370", "Q190667", "Q2104143"]
    assert found[0].label == "Rotterdam" and found[0].description == "city in South Holland, the Netherlands"
    request = fake_wikidata.requests[-1]
    assert request["action"] == "wbsearchentities" and request["language"] == "en" and request["type"] == "item"
    assert request["limit"] == "7"
    assert fake_wikidata.headers[-1]["User-Agent"] == "benchmill-tests/0.1 (tests@example.org)"


def test_api_search_alias_and_russian(api):
    holland = api.search("Holland", "en")
    assert holland[0].qid == "Q55" and holland[0].label == "Netherlands" and "Holland" in holland[0].aliases
    assert holland[0].string_score == 1.0
    gazprom = api.search("Газпром", "ru", limit=3)
    assert gazprom[0].qid == "Q102673" and gazprom[0].label == "Газпром"
    assert api.search("Harbour Logistics", "en") == []
    assert api.candidates("Gazprom", "en")[0].qid == "Q102673"


def test_api_get_entities_with_claims_and_property_labels(api, fake_wikidata):
    entities = api.get(["Q102673", "Q404"])  # Q404 is missing: skipped
    assert [e.qid for e in entities] == ["Q102673"]
    gazprom = entities[0]
    assert gazprom.labels == {"en": "Gazprom", "ru": "Газпром"}
    assert gazprom.aliases["en"] == ["PJSC Gazprom", "OAO Gazprom"]
    hq = [c for c in gazprom.claims if c.property_id == "P159"]
    assert [c.value_qid for c in hq] == ["Q656"]  # deprecated Moscow dropped, as in the index
    assert hq[0].property_labels[:2] == ["headquarters location", "штаб-квартира"]
    assert "headquartered in" in hq[0].property_labels
    assert [c.value_text for c in gazprom.claims if c.property_id == "P571"] == ["1989-08-08"]

    calls = len(fake_wikidata.requests)
    api.claims_for(["Q102673"])
    assert len(fake_wikidata.requests) == calls + 1, "property labels are cached per client"
    assert api.entity("Q404") is None


def test_api_get_splits_requests_of_more_than_50_ids(api, fake_wikidata):
    ids = [f"Q{i}" for i in range(1, 121)]
    api.get(ids)
    id_requests = [r for r in fake_wikidata.requests if r["action"] == "wbgetentities"]
    assert [len(r["ids"].split("|")) for r in id_requests[:3]] == [50, 50, 20]
    with pytest.raises(ValueError, match="not Wikidata entity ids"):
        api.get(["Rotterdam"])


def test_api_error_answer_is_an_exception_with_the_message(api, fake_wikidata):
    fake_wikidata.fail((200, {"error": {"code": "no-such-entity", "info": "Could not find an entity with the ID \"Q0\"."}}))
    with pytest.raises(WikidataAPIError, match="no-such-entity: Could not find an entity") as caught:
        api.get(["Q1"])
    assert not isinstance(caught.value, WikidataUnavailable)


def test_api_retries_server_errors_then_succeeds(api, fake_wikidata):
    fake_wikidata.fail((503, "Service Unavailable"), (429, "Too Many Requests"))
    assert api.search("Rotterdam", "en")[0].qid == "Q34370"
    assert len(fake_wikidata.requests) == 3


def test_api_retries_maxlag(api, fake_wikidata):
    fake_wikidata.fail((200, {"error": {"code": "maxlag", "info": "Waiting for all: 5.2 seconds lagged."}}))
    assert api.search("Rotterdam", "en")[0].qid == "Q34370"


def test_api_unavailable_after_retries(api, fake_wikidata):
    fake_wikidata.fail(*[(500, "Internal Server Error")] * 3)
    with pytest.raises(WikidataUnavailable, match=r"HTTP 500 \(3 attempts\)"):
        api.search("Rotterdam", "en")


def test_api_timeout(fake_wikidata):
    fake_wikidata.fail(("sleep", 1.0))
    with WikidataAPI(fake_wikidata.url, "benchmill-tests/0.1", timeout=0.2, retries=0) as client:
        with pytest.raises(WikidataUnavailable, match="timed out after 0.2s"):
            client.search("Rotterdam", "en")


def test_api_connection_refused():
    with FakeWikidataAPI([]) as server:
        url = server.url
    with WikidataAPI(url, "benchmill-tests/0.1", timeout=1.0, retries=1, backoff=0.01) as client:
        with pytest.raises(WikidataUnavailable, match="connection failed"):
            client.search("Rotterdam", "en")


def test_api_malformed_answers(api, fake_wikidata):
    fake_wikidata.fail((200, "<html>maintenance</html>"))
    with pytest.raises(WikidataAPIError, match="not JSON"):
        api.search("Rotterdam", "en")
    fake_wikidata.fail((200, {"searchinfo": {}}))
    with pytest.raises(WikidataAPIError, match="no 'search' list"):
        api.search("Rotterdam", "en")
    fake_wikidata.fail((403, "Forbidden: please set a User-Agent"))
    with pytest.raises(WikidataAPIError, match="HTTP 403"):
        api.search("Rotterdam", "en")


def test_api_arguments_are_checked():
    with pytest.raises(ValueError, match="http"):
        WikidataAPI("www.wikidata.org/w/api.php", "benchmill")
    with pytest.raises(ValueError, match="User-Agent"):
        WikidataAPI("https://www.wikidata.org/w/api.php", " ")


def test_lookup_merges_the_index_and_the_live_api(index, api):
    from tasks.dragon.wikidata import WikidataLookup

    both = WikidataLookup(index, api)
    index_only = WikidataLookup(index, None)
    api_only = WikidataLookup(None, api)
    merged = [c.qid for c in both.candidates("Rotterdam", "en")]
    assert len(merged) == len(set(merged))  # one candidate per Q-id
    assert set(merged) == {c.qid for c in index_only.candidates("Rotterdam", "en")} | {
        c.qid for c in api_only.candidates("Rotterdam", "en")}
    claims = both.claims_for(["Q34370"])
    keys = [(c.subject_qid, c.property_id, c.value_qid, c.value_text) for c in claims]
    assert claims and len(keys) == len(set(keys))
    assert WikidataLookup(None, None).candidates("Rotterdam", "en") == []
