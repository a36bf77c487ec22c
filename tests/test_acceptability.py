"""tasks/filters/acceptability.py: a real (tiny, built offline) sequence classifier, the LLM over HTTP, and
"skipped: needs model" when neither is configured."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterError, get_filter
from tasks.filters.acceptability import SKIPPED_NEEDS_MODEL, AcceptabilityConfig, check_acceptability
from tests.fakes.openai_server import last_user_message
from tests.test_filters import by_id, make_item

SUBJECTS = ["the company", "the port", "the club", "the mayor", "the director", "the city", "the team", "the bank"]
VERBS = ["buy", "open", "sign", "sell", "build", "close", "visit", "fund"]
OBJECTS = ["a stadium", "the factory", "a player", "the terminal", "a bridge", "the office", "a school", "the ship"]


def _good(rng: random.Random) -> str:
    return f"what did {rng.choice(SUBJECTS)} {rng.choice(VERBS)} ?" if rng.random() < 0.5 else \
        f"who did {rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} with ?"


def _bad(sentence: str, rng: random.Random) -> str:
    """Word salad: the words shuffled and one doubled, as a broken template would write."""
    tokens = sentence.rstrip(" ?").split()
    rng.shuffle(tokens)
    k = rng.randrange(len(tokens))
    return " ".join(tokens[:k] + [tokens[k]] + tokens[k:]) + " ?"


def build_tiny_classifier(out_dir: Path, steps: int = 60, seed: int = 0) -> Path:
    """A 1-layer BERT with a word-level vocab, trained a few steps on good vs word-salad questions (~2 s)."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    words = sorted({w for phrase in SUBJECTS + VERBS + OBJECTS for w in phrase.split()} | {"what", "who", "did", "with", "?"})
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "vocab.txt").write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words]) + "\n", encoding="utf-8")
    tokenizer = BertTokenizer(vocab_file=str(out_dir / "vocab.txt"), do_lower_case=True)
    torch.manual_seed(seed)
    config = BertConfig(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=32, num_labels=2,
                        id2label={0: "unacceptable", 1: "acceptable"}, label2id={"unacceptable": 0, "acceptable": 1})
    model = BertForSequenceClassification(config)
    rng = random.Random(seed)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny matrices: more threads only contend on a shared machine
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3)
    model.train()
    for _ in range(steps):
        good = [_good(rng) for _ in range(8)]
        texts = good + [_bad(s, rng) for s in good]
        batch = tokenizer(texts, padding=True, return_tensors="pt")
        loss = model(**batch, labels=torch.tensor([1] * 8 + [0] * 8)).loss
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
    torch.set_num_threads(threads)
    model.eval()
    tokenizer.save_pretrained(str(out_dir))
    model.save_pretrained(str(out_dir))
    return out_dir


@pytest.fixture(scope="module")
def classifier(tmp_path_factory) -> Path:
    return build_tiny_classifier(tmp_path_factory.mktemp("cola") / "tiny-cola")


RULES = EngineConfig(kind="rules")


def test_a_configured_classifier_decides_and_scores(classifier: Path):
    rng = random.Random(7)
    good = [_good(rng) for _ in range(20)]
    bad = [_bad(s, rng) for s in good]
    items = [make_item(f"g{n:02d}", q, ["x"]) for n, q in enumerate(good)] + \
            [make_item(f"b{n:02d}", q, ["x"]) for n, q in enumerate(bad)]
    config = AcceptabilityConfig(model_path=str(classifier))
    verdicts = by_id(check_acceptability(items, RULES, config))
    passed_good = sum(verdicts[f"g{n:02d}"].status == "passed" for n in range(20))
    rejected_bad = sum(verdicts[f"b{n:02d}"].status == "rejected" for n in range(20))
    assert passed_good >= 18 and rejected_bad >= 18, (passed_good, rejected_bad)
    v = verdicts["g00"]
    assert 0.0 <= v.score <= 1.0 and "P(label 1 (acceptable))" in v.reason and "tiny-cola" in v.reason
    rejected = next(x for x in verdicts.values() if x.status == "rejected")
    assert rejected.code == "unacceptable" and rejected.score < 0.5
    # the threshold and the label index are the config's: reading label 0 as "acceptable" flips the decisions
    flipped = by_id(check_acceptability(items, RULES, config.model_copy(update={"acceptable_label": 0})))
    assert sum(flipped[f"g{n:02d}"].status == "rejected" for n in range(20)) >= 18
    strict = by_id(check_acceptability(items[:1], RULES, config.model_copy(update={"threshold": 1.0})))
    assert strict["g00"].status == "rejected"


def test_per_language_models_and_skipped_needs_model(classifier: Path):
    en = make_item("en", "what did the club sign ?", ["x"])
    ru = make_item("ru", "Что подписал клуб?", ["x"], lang="ru")
    v = by_id(check_acceptability([ru, en], RULES, AcceptabilityConfig(model_paths={"en": str(classifier)})))
    assert v["en"].status in ("passed", "rejected") and v["en"].score is not None
    assert (v["ru"].status, v["ru"].reason) == ("skipped", SKIPPED_NEEDS_MODEL)
    none = check_acceptability([en, ru], RULES).verdicts
    assert [(x.status, x.reason, x.filter) for x in none] == [("skipped", SKIPPED_NEEDS_MODEL, "acceptability")] * 2


def test_config_refuses_a_missing_folder_and_a_broken_folder_is_an_error(tmp_path: Path):
    spec = get_filter("acceptability")
    with pytest.raises(FilterError, match=r"news-en.filters.acceptability.model_paths: Value error, no model folder"):
        spec.validate_config({"model_paths": {"ru": str(tmp_path / "nowhere")}}, where="news-en.filters.acceptability")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{not json", encoding="utf-8")
    v = check_acceptability([make_item("a", "who did the team visit ?", ["x"])], RULES,
                            AcceptabilityConfig(model_path=str(broken))).verdicts[0]
    assert v.status == "error" and "broken" in v.reason and "unusable" in v.reason


def test_llm_engine_uses_the_prompt_and_a_broken_reply_is_an_error(fake_llm, llm_engine):
    def reply(body: dict) -> str:
        first_user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        if "Question: Which place is Meier the work at?" in first_user:
            return json.dumps({"rationale": "Garbled word order.", "acceptable": False})
        if "Вопрос: Что подписал клуб?" in first_user:
            return json.dumps({"rationale": "Нормальный вопрос.", "acceptable": True})
        if "broken" in first_user:
            return "I think it is fine, maybe?"
        return json.dumps({"rationale": "Fluent.", "acceptable": True})

    fake_llm.handler(reply)
    items = [make_item("good", "Who voiced Morty Smith?", ["Keisuke Chiba"]),
             make_item("garbled", "Which place is Meier the work at?", ["Berlin"]),
             make_item("ru", "Что подписал клуб?", ["Маяк"], lang="ru"),
             make_item("broken", "A broken reply question?", ["x"]),
             make_item("twin", "Who voiced Morty Smith?", ["Keisuke Chiba"])]
    result = check_acceptability(items, llm_engine)
    v = by_id(result)
    assert (v["good"].status, v["good"].score) == ("passed", 1.0)
    assert v["garbled"].status == "rejected" and v["garbled"].code == "unacceptable" and "Garbled" in v["garbled"].reason
    assert v["ru"].status == "passed"
    assert v["broken"].status == "error" and v["broken"].reason.startswith("acceptability reply unusable")
    assert any("Вопрос: Что подписал клуб?" in last_user_message(b) for b in fake_llm.requests)  # the ru prompt
    assert v["twin"].status == "passed" and v["twin"].reason == v["good"].reason
    asked = [last_user_message(b) for b in fake_llm.requests]
    assert sum("Question: Who voiced Morty Smith?" in m for m in asked) == 1  # one call per distinct question
    assert result.usage.calls >= 4
    # with the LLM turned off for this filter the llm engine also skips
    off = check_acceptability(items[:1], llm_engine, AcceptabilityConfig(use_llm=False)).verdicts[0]
    assert (off.status, off.reason) == ("skipped", SKIPPED_NEEDS_MODEL)
