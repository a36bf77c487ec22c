"""The llm path of the RAGEval build over real HTTP against the fake OpenAI server.

Scripted replies: a schema induced from the seeds, free-text config values (one config's
reply is not JSON: that config alone fails), sections that state the facts they are given,
QRA items (one reply is not JSON: that item alone fails; another adds an unsupported claim
and a paraphrased reference, which refinement removes / replaces) and keypoints.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest

from benchmill import ROOT
from benchmill.llm import RETRY_MARKER
from schemas.rageval import QUERY_TYPES
from tasks.rageval.pipeline import build
from tasks.rageval.seeds import load_seed_folder
from tasks.rageval.summary import SchemaError, summarize
from tasks.rageval.text import sentences
from tests.fakes.openai_server import Reply

SEEDS = ROOT / "data" / "seeds"
NOT_JSON = "Sure! Here is a lovely item for you, hope it helps."


def _folder(tmp_path, quotas=True):
    folder = tmp_path / "finance"
    shutil.copytree(SEEDS / "finance", folder)
    schema = json.loads((folder / "schema.json").read_text())
    (folder / "schema.json").unlink()  # the llm induces it
    toml = 'domain = "finance"\nlanguage = "en"\ndocuments = 3\nseed = 5\n'
    if quotas:
        toml += "[quotas]\n" + "".join(f"{t} = 1\n" for t in QUERY_TYPES)
    (folder / "domain.toml").write_text(toml)
    induced = {k: v for k, v in schema.items() if k not in ("domain", "language")}
    return folder, induced


def _user(body) -> str:
    return body["messages"][-1]["content"]


def _facts(text: str) -> list[tuple[str, str]]:
    return re.findall(r"^- ([^:\n]+): (.+)$", text, flags=re.M)


class Script:
    """Computes replies from the prompt, as a cooperative model would."""

    def __init__(self, induced: dict):
        self.induced = induced
        self.config_calls = 0
        self.qra_calls = 0

    def __call__(self, body):
        text = _user(body)
        if "schema of facts" in text:
            return json.dumps(self.induced)
        if "fill in one configuration" in text:
            self.config_calls += 1
            if self.config_calls == 2:
                return NOT_JSON
            return json.dumps({"community_program": f"a river clean-up programme number {self.config_calls}"})
        if "writing one section" in text:
            facts = _facts(text.split("State every fact below")[1])
            return " ".join(f"The {label} was {value}." for label, value in facts) or "Nothing to report."
        if "question-reference-answer" in text:
            self.qra_calls += 1
            if self.qra_calls == 2:
                return NOT_JSON
            docs = re.findall(r"Text:\n(.*?)\n</document", text, flags=re.S)
            sents = [s for s in sentences(docs[0]) if re.search(r"\d", s)]
            if "does NOT answer" in text:
                return json.dumps({"question": f"What market share did the company hold in Japan ({self.qra_calls})?",
                                   "answer": "The documents do not contain this information.", "references": []})
            ref = sents[self.qra_calls % len(sents)]
            if self.qra_calls == 1:
                # an unsupported claim and a paraphrased reference: refinement must fix both
                return json.dumps({"question": "What net profit did the company report?",
                                   "answer": f"{ref} It also opened a factory in Atlantis in 1999.",
                                   "references": [ref.replace("was", "amounted to")]})
            extra = [sentences(d)[1] for d in docs[1:]]
            return json.dumps({"question": f"Question {self.qra_calls} about: {ref[:40]}?",
                               "answer": " ".join([ref, *extra]), "references": [ref, *extra]})
        if "keypoints" in text:
            answer = text.split("Answer:")[-1]
            return json.dumps({"keypoints": [f"Point {i}: {answer.strip()[:40]}" for i in range(3)]})
        raise AssertionError(f"unexpected prompt: {text[:200]}")


def test_llm_build_over_http(fake_llm, llm_engine, tmp_path):
    folder, induced = _folder(tmp_path)
    script = Script(induced)
    fake_llm.route(RETRY_MARKER, NOT_JSON)  # the one corrective retry is not JSON either
    fake_llm.handler(script)

    result = build(folder, engine=llm_engine)

    # the schema came from the model (the folder has no schema.json)
    assert [f.name for f in result.schema_.fields] == [f["name"] for f in induced["fields"]]
    # config 2's reply was not JSON: that config failed, the others built
    config_failures = [f for f in result.failures if f.stage == "configs"]
    assert len(config_failures) == 1 and config_failures[0].raw == NOT_JSON
    assert len(result.configs) == 2 and len(result.documents) == 2
    assert all(c.values["community_program"].startswith("a river clean-up") for c in result.configs)
    # documents written section by section, each fact checked
    for d in result.documents:
        assert d.content.index("Financial Report") < d.content.index("Corporate Governance") < d.content.index(
            "Environmental and Social Responsibility")
        assert d.missing_facts == []
    # QRA: one reply not JSON fails that item only
    qra_failures = [f for f in result.failures if f.stage == "qra"]
    assert len(qra_failures) == 1 and qra_failures[0].raw == NOT_JSON and "no JSON" in qra_failures[0].reason
    assert len(result.items) == len(QUERY_TYPES) - 1
    docs = {d.doc_id: d.content for d in result.documents}
    for item in result.items:
        assert len(item.keypoints) == 3
        for ref in item.references:
            assert any(ref in docs[i] for i in item.doc_ids)
    first = next(i for i in result.items if i.question == "What net profit did the company report?")
    assert "Atlantis" not in first.answer and first.answer
    assert any("dropped non-verbatim reference" in r for r in first.refinement)
    assert any("dropped unsupported answer sentence" in r for r in first.refinement)
    assert first.references and all(r in docs[first.doc_ids[0]] for r in first.references)
    unanswerable = [i for i in result.items if i.type == "unanswerable"]
    assert unanswerable and unanswerable[0].references == [] and unanswerable[0].doc_ids == []


def test_unparsable_schema_reply_is_a_recorded_failure(fake_llm, llm_engine, tmp_path):
    folder, _ = _folder(tmp_path)
    fake_llm.route("schema of facts", NOT_JSON)
    fake_llm.route(RETRY_MARKER, NOT_JSON)
    with pytest.raises(SchemaError, match=r"could not induce a schema .*no JSON.* and the folder has no schema\.json"):
        build(folder, engine=llm_engine)
    # with a schema.json to fall back on, the failure is recorded with the raw reply
    shutil.copy(SEEDS / "finance" / "schema.json", folder / "schema.json")
    schema, failures = summarize(load_seed_folder(folder), llm_engine)
    assert schema.name_field == "company_name"
    assert len(failures) == 1 and failures[0].stage == "schema" and failures[0].raw == NOT_JSON


def test_broken_keypoints_reply_fails_that_item(fake_llm, llm_engine):
    from tasks.rageval.keypoints import keypoints_llm

    built = build(SEEDS / "legal", n_docs=3)
    items = built.items[:3]
    fake_llm.route(items[1].question, NOT_JSON)
    fake_llm.route(RETRY_MARKER, NOT_JSON)
    fake_llm.handler(lambda body: Reply(json.dumps({"keypoints": ["a", "b", "c", "d"]})))
    out, failures = keypoints_llm(items, "en", llm_engine)
    assert [i.item_id for i in out] == [items[0].item_id, items[2].item_id]
    assert all(i.keypoints == ["a", "b", "c", "d"] for i in out)
    assert len(failures) == 1 and failures[0].key == items[1].item_id and failures[0].raw == NOT_JSON
