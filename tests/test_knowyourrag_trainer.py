"""The Know Your RAG trainer on a tiny T5 built offline: the real peft / transformers training
path (train, save, reload, generate, parse) plus the training-set rules and the clear errors."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from schemas import Item, Lineage
from tasks.knowyourrag.tiny_t5 import build_tiny_t5
from tasks.knowyourrag.trainer import (
    ANSWER_SEP,
    TrainerConfig,
    TrainerError,
    build_training_set,
    format_input,
    format_target,
    generate,
    generate_items,
    load_generator,
    parse_output,
    train_generator,
)

GOLD = json.loads((Path(__file__).parent / "fixtures" / "knowyourrag" / "gold.json").read_text(encoding="utf-8"))["contexts"]

#: short contexts with (question, answer) per type: small enough to learn in ~150 CPU steps
FACTS = [
    ("Baltic Freight Group will build a terminal in Gdansk.", "Who builds in Gdansk?", "Baltic Freight Group"),
    ("Corvane Motors delivered 212,000 vehicles.", "How many vehicles?", "212,000"),
    ("The Kessel Bridge reopened on Monday.", "When did it reopen?", "Monday"),
    ("Anna Berg leads the Lindqvist Foundation.", "Who leads it?", "Anna Berg"),
    ("Norland raised its rate to 4.75 percent.", "What rate?", "4.75 percent"),
]


def kyr_item(iid: str, qtype: str, context: str, question: str, answer: str, collection: str | None = None) -> Item:
    return Item(item_id=iid, method="kyr", type=qtype, lang="en", question=question, answers=[answer],
                references=[context], doc_ids=["d"], config={"collection": collection}, lineage=Lineage(engine="rules"))


def small_items() -> list[Item]:
    out = []
    for n, (context, question, answer) in enumerate(FACTS):
        out.append(kyr_item(f"{n}f", "fact_single", context, question, answer))
        out.append(kyr_item(f"{n}s", "summary", context, "Summary " + question, context))
    return out


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory) -> Path:
    texts = [g["text"] for g in GOLD] + [c for c, _, _ in FACTS]
    return build_tiny_t5(tmp_path_factory.mktemp("tiny-t5"), texts, vocab_size=300)


@pytest.fixture(scope="module")
def trained(tiny_base, tmp_path_factory):
    root = tmp_path_factory.mktemp("models")
    training_set = build_training_set(small_items(), types=("fact_single", "summary"))
    config = TrainerConfig(base_model=tiny_base, output_root=root, types=("fact_single", "summary"), max_steps=160,
                           learning_rate=1e-2, lora_r=16, lora_dropout=0.0, batch_size=8, torch_threads=1,
                           target_modules=["q", "k", "v", "o", "wi", "wo"])
    return training_set, config, train_generator(training_set, config)


# --------------------------------------------------------------------------- training set


def test_formats():
    assert format_input("summary", "  A context. ") == "<<summary>> A context."
    assert format_target("reasoning", "Why?", "Because.") == "<<reasoning>> Why? <a> Because."
    assert parse_output("<<fact_single>> Who leads it? <a> Anna Berg</s>") == ("Who leads it?", "Anna Berg")
    assert parse_output("Who leads it?<a>Anna Berg") == ("Who leads it?", "Anna Berg")
    assert parse_output("<<fact_single>> no separator here") == (None, None)
    assert parse_output("a <a> b <a> c") == (None, None)
    assert parse_output("question only <a> ") == (None, None)


def test_training_set_split_dedup_and_hash():
    items = small_items() + [kyr_item("zz-dup", "fact_single", FACTS[0][0], "Another?", "Other")]
    ts = build_training_set(items, types=("fact_single", "summary"))
    examples = ts.train + ts.validation
    assert len(examples) == 10  # each context once per type: the duplicate is dropped
    assert len({(e.context_key, e.type) for e in examples}) == 10
    assert {e.context_key for e in ts.train}.isdisjoint({e.context_key for e in ts.validation})
    assert len({e.context_key for e in ts.validation}) == 1  # 20 % of 5 contexts
    assert all(e.input.startswith(f"<<{e.type}>> ") and f" {ANSWER_SEP} " in e.target for e in examples)
    again = build_training_set(list(reversed(items)), types=("fact_single", "summary"))
    assert again.data_hash == ts.data_hash and again.validation == ts.validation
    other = [build_training_set(items, types=("fact_single", "summary"), seed=s).data_hash for s in range(5)]
    assert len(set(other)) > 1


def test_training_set_holds_out_one_collection():
    items = [kyr_item(f"{c}{n}", "fact_single", f"Context {c} number {n} about Gdansk.", "Q?", "A", collection=c)
             for c in ("news@1", "finance@1") for n in range(6)]
    ts = build_training_set(items, hold_out_collection="finance@1", types=("fact_single",))
    assert {e.collection for e in ts.held_out} == {"finance@1"} and len(ts.held_out) == 6
    assert {e.collection for e in ts.train + ts.validation} == {"news@1"}
    with pytest.raises(TrainerError, match="hold-out collection 'medical@1' has no items"):
        build_training_set(items, hold_out_collection="medical@1")


def test_training_set_too_small_to_split():
    with pytest.raises(TrainerError, match="too small to split: 2 examples from 1 contexts"):
        build_training_set(small_items()[:2])
    with pytest.raises(TrainerError, match="too small to split"):
        build_training_set([])


# --------------------------------------------------------------------------- training


def test_training_lowers_the_loss_and_writes_a_card(trained, tiny_base):
    training_set, config, result = trained
    card = result.card
    assert result.version == "v0001" and result.model_dir == config.output_root / "kyr-t5" / "v0001"
    metrics = card["metrics"]
    assert metrics["steps"] == 160
    assert metrics["train_loss_last"] < 0.5 * metrics["train_loss_first"], metrics
    assert metrics["validation_loss"] is not None
    assert 0 < metrics["trainable_parameters"] < metrics["total_parameters"]
    assert card["data"]["hash"] == training_set.data_hash
    assert card["data"]["train_examples"] == len(training_set.train)
    assert card["base_model"]["path"] == str(tiny_base.resolve()) and card["base_model"]["model_type"] == "t5"
    assert card["added_tokens"] == ["<a>", "<<fact_single>>", "<<summary>>"]
    on_disk = json.loads((result.model_dir / "training_card.json").read_text())
    assert on_disk["data"]["hash"] == training_set.data_hash
    for name in ("adapter_config.json", "adapter_model.safetensors", "tokenizer_config.json"):
        assert (result.model_dir / name).is_file(), name


def test_reload_generate_and_parse(trained):
    _, _, result = trained
    generator = load_generator(result.model_dir)
    contexts = [c for c, _, _ in FACTS]
    out = generate(generator, contexts, types=("fact_single", "summary"), max_new_tokens=40)
    assert [(o.context_index, o.type) for o in out] == [(i, t) for i in range(5) for t in ("fact_single", "summary")]
    parsed = [o for o in out if o.parsed]
    assert len(parsed) >= 4, [o.raw for o in out]  # the <a> separator was learnt (6 of 10 here)
    for o in parsed:
        assert o.question and o.answer and ANSWER_SEP not in o.question + o.answer
    with pytest.raises(TrainerError, match="was not trained for types"):
        generate(generator, contexts, types=("reasoning",))
    long_context = " ".join(["Baltic Freight Group will build a terminal in Gdansk."] * 120)
    [long_out] = generate(generator, [long_context], types=("fact_single",), max_new_tokens=8)
    assert long_out.input_truncated and not out[0].input_truncated


def test_generate_items_as_a_stage(trained):
    from schemas.knowyourrag import KyrContext

    _, _, result = trained
    generator = load_generator(result.model_dir)
    contexts = [KyrContext(context_id=f"c{n}", text=c + " " + c, lang="en", collection="news@1") for n, (c, _, _) in enumerate(FACTS)]
    contexts.append(KyrContext(context_id="tiny", text="Too short.", lang="en"))
    batch = generate_items(generator, contexts, types=("fact_single", "summary"), min_words=5)
    assert len(batch.items) + len(batch.failures) == 10
    assert {s.context_id for s in batch.skipped} == {"tiny"}
    for item in batch.items:
        assert item.lineage.model == "t5:kyr-t5/v0001" and item.lineage.prompt_hash == result.card["data"]["hash"][:16]
        assert item.config["generator"] == "t5" and item.config["collection"] == "news@1"
        assert item.references == [next(c.text for c in contexts if c.context_id == item.config["context_id"])]
    for failure in batch.failures:
        assert failure.stage == "kyr_t5" and "does not parse" in failure.reason


def test_versions_increase(trained, tiny_base):
    training_set, config, _ = trained
    second = train_generator(training_set, config.model_copy(update={"max_steps": 2}))
    assert second.version == "v0002" and second.model_dir.is_dir()


# --------------------------------------------------------------------------- errors


def test_base_model_errors(tmp_path, trained):
    training_set, config, _ = trained
    with pytest.raises(TrainerError, match=r"types \['summary'\] that are not in the trainer's types"):
        train_generator(training_set, config.model_copy(update={"types": ("fact_single",)}))
    with pytest.raises(TrainerError, match="does not exist"):
        train_generator(training_set, config.model_copy(update={"base_model": tmp_path / "nope"}))
    from transformers import GPT2Config

    decoder_only = tmp_path / "gpt2"
    GPT2Config(n_layer=1, n_embd=8, n_head=1).save_pretrained(str(decoder_only))
    with pytest.raises(TrainerError, match="not a seq2seq"):
        train_generator(training_set, config.model_copy(update={"base_model": decoder_only}))
    (tmp_path / "empty").mkdir()
    with pytest.raises(TrainerError, match="no config.json"):
        train_generator(training_set, config.model_copy(update={"base_model": tmp_path / "empty"}))


def test_corrupt_adapter_directory(tmp_path, trained):
    _, _, result = trained
    broken = tmp_path / "broken"
    shutil.copytree(result.model_dir, broken)
    (broken / "adapter_model.safetensors").write_bytes(b"not a safetensors file")
    with pytest.raises(TrainerError, match="corrupt adapter directory"):
        load_generator(broken)
    no_card = tmp_path / "no-card"
    shutil.copytree(result.model_dir, no_card)
    (no_card / "training_card.json").unlink()
    with pytest.raises(TrainerError, match="corrupt adapter directory .*training_card.json"):
        load_generator(no_card)
    with pytest.raises(TrainerError, match="does not exist"):
        load_generator(tmp_path / "missing")


def test_untied_lm_head_is_trained_and_saved(tmp_path):
    """Flan-T5 unties the output layer: its rows for <a> and the flags must be trained too."""
    from safetensors import safe_open

    base = build_tiny_t5(tmp_path / "untied", [c for c, _, _ in FACTS] * 3, vocab_size=200, tie_word_embeddings=False)
    items = [kyr_item(f"{n}", "fact_single", c, q, a) for n, (c, q, a) in enumerate(FACTS)]
    config = TrainerConfig(base_model=base, output_root=tmp_path / "models", types=("fact_single",), max_steps=30,
                           learning_rate=1e-2, lora_r=8, lora_dropout=0.0, torch_threads=1)
    result = train_generator(build_training_set(items, types=("fact_single",)), config)
    assert result.card["metrics"]["train_loss_last"] < result.card["metrics"]["train_loss_first"]
    with safe_open(str(result.model_dir / "adapter_model.safetensors"), "pt") as weights:
        assert any("lm_head" in key for key in weights.keys())
    out = generate(load_generator(result.model_dir), [FACTS[0][0]], types=("fact_single",), max_new_tokens=8)
    assert len(out) == 1 and out[0].raw


def test_evaluate_generator_on_held_out_contexts(trained, fake_llm, llm_engine):
    from schemas.knowyourrag import KyrContext
    from tasks.knowyourrag.evaluate import evaluate_generator

    _, _, result = trained

    def handler(body):
        text = body["messages"][-1]["content"]
        if "choose the one label" in text:
            return json.dumps({"label": "fact_single", "reason": "one value"})
        return json.dumps({"evaluation": "fine", "rating": 4})

    fake_llm.handler(handler)
    contexts = [KyrContext(context_id=f"h{n}", text=c, lang="en") for n, (c, _, _) in enumerate(FACTS)]
    report = evaluate_generator(load_generator(result.model_dir), contexts, llm_engine, ("fact_single", "summary"),
                                min_words=3)
    assert report.adapter == "kyr-t5/v0001" and report.contexts == 5
    assert report.requested == {"fact_single": 5, "summary": 5}
    parsed = sum(round(report.parse_rate[t] * 5) for t in ("fact_single", "summary"))
    assert parsed == report.label_mix["all"]["fact_single"]  # every parsed item was labelled
    assert parsed + report.failures == 10
    for by_critique in report.mean_critique.values():
        assert by_critique == {"stand_alone": 4.0, "question_specificity": 4.0, "question_grounded": 4.0,
                               "answer_grounded": 4.0}
    # one label + four critiques per parsed item (identical prompts, e.g. stand-alone of a repeated question, are cached)
    assert report.usage.calls + report.usage.cached == parsed * 5


def test_t5_engine_stage_and_model_record(trained):
    """The registered-model path: the content id is stable, the t5 engine stage loads the
    adapter from the record and generates items with engine "t5"; untrained types are skipped."""
    from benchmill.engines import EngineConfig
    from schemas.knowyourrag import KyrContext
    from tasks.knowyourrag.trainer import adapter_model_id, model_record, t5_generate
    from tasks.knowyourrag.statements import ExtractionConfig

    _, _, result = trained
    record = model_record(result, ["kyr-en@1.0.0"])
    assert record.model_id == adapter_model_id(result.model_dir) == adapter_model_id(Path(str(result.model_dir)))
    assert len(record.model_id) == 16 and record.ref == "kyr-t5/v0001" and record.training_data == ["kyr-en@1.0.0"]
    assert record.data_hash == result.card["data"]["hash"] and record.metrics["steps"] == 160
    engine = EngineConfig.t5(record)
    assert engine.kind == "t5" and engine.model == "t5:kyr-t5/v0001"
    contexts = [KyrContext(context_id=f"c{n}", text=c + " " + c, lang="en") for n, (c, _, _) in enumerate(FACTS)]
    batch = t5_generate(contexts, engine, ExtractionConfig(types=["fact_single", "reasoning"], min_words=5))
    assert len(batch.items) + len(batch.failures) == 5 and len(batch.items) >= 2, [f.reason for f in batch.failures]
    assert all(i.lineage.engine == "t5" and i.lineage.model == "t5:kyr-t5/v0001" for i in batch.items)
    assert [(s.context_id, s.type) for s in batch.skipped] == [(f"c{n}", "reasoning") for n in range(5)]
    assert all("not trained for reasoning" in s.reason for s in batch.skipped)
    with pytest.raises(TrainerError, match="t5 engine"):
        t5_generate(contexts, EngineConfig(kind="rules"), ExtractionConfig())
