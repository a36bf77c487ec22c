"""Know Your RAG benchmarks (CPU, no LLM).

- gold: precision / recall of the rules engine's factual statements against the hand
  labels of tests/fixtures/knowyourrag/gold.json (10 paragraphs, en + ru);
- rules throughput: statements/s and items/s of ``extract_statements`` (rules) over the
  gold paragraphs repeated (models loaded before timing);
- trainer: steps/s of LoRA training on the tiny offline T5 (tasks/knowyourrag/tiny_t5.py)
  with gold-derived examples, and generation items/s from the saved adapter;
- optional ``--flan-t5-large-shape``: the same step timing for a randomly initialised
  model of Flan-T5-large's shape (LoRA r=16 on q, v) - meant for a machine with a GPU;
- peak RSS of the process.

    python -m bench.bench_knowyourrag [OUT_DIR] [--threads N] [--flan-t5-large-shape]
"""
from __future__ import annotations

import argparse
import json
import platform
import resource
import tempfile
import time
from pathlib import Path

from benchmill.engines import EngineConfig
from schemas import Item, Lineage
from schemas.knowyourrag import KyrContext

GOLD = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "knowyourrag" / "gold.json"


def gold_contexts() -> tuple[list[dict], list[KyrContext]]:
    gold = json.loads(GOLD.read_text(encoding="utf-8"))["contexts"]
    return gold, [KyrContext(context_id=g["id"], text=g["text"], lang=g["lang"], title=g["title"]) for g in gold]


def bench_gold_and_rules(repeat: int) -> dict:
    from tasks.knowyourrag.statements import ExtractionConfig, extract_statements

    gold, contexts = gold_contexts()
    rules = EngineConfig(kind="rules")
    warm = [next(c for c in contexts if c.lang == "en"), next(c for c in contexts if c.lang == "ru")]
    extract_statements(warm, rules)  # load spaCy and natasha outside the timing
    batch = extract_statements(contexts, rules)
    found = {s.context_id: set(s.facts) for s in batch.statements}
    tp = sum(len(found[g["id"]] & set(g["facts"])) for g in gold)
    fp = sum(len(found[g["id"]] - set(g["facts"])) for g in gold)
    fn = sum(len(set(g["facts"]) - found[g["id"]]) for g in gold)
    many = [c.model_copy(update={"context_id": f"{c.context_id}-{n}"}) for n in range(repeat) for c in contexts]
    started = time.perf_counter()
    timed = extract_statements(many, rules, ExtractionConfig(types=["fact_single"]))
    seconds = time.perf_counter() - started
    statements = sum(len(s.facts) for s in timed.statements)
    return {
        "gold_contexts": len(gold),
        "gold_facts": tp + fn,
        "precision": round(tp / (tp + fp), 3) if tp + fp else None,
        "recall": round(tp / (tp + fn), 3) if tp + fn else None,
        "gold_items": len(batch.items),
        "rules_contexts": len(many),
        "rules_seconds": round(seconds, 3),
        "rules_statements": statements,
        "rules_statements_per_s": round(statements / seconds, 1),
        "rules_items_per_s": round(len(timed.items) / seconds, 1),
        "rules_contexts_per_s": round(len(many) / seconds, 1),
    }


def bench_trainer(threads: int, steps: int) -> dict:
    from tasks.knowyourrag.tiny_t5 import build_tiny_t5
    from tasks.knowyourrag.trainer import TrainerConfig, build_training_set, generate, load_generator, train_generator

    gold, _ = gold_contexts()
    items = []
    for g in gold:
        for qtype, answer in (("fact_single", g["facts"][0]), ("summary", g["facts"][1]), ("reasoning", g["facts"][-1])):
            items.append(Item(item_id=f"{g['id']}-{qtype}", method="kyr", type=qtype, lang=g["lang"],
                              question=f"What about {g['title']}?", answers=[answer], references=[g["text"]],
                              doc_ids=[g["id"]], lineage=Lineage(engine="rules")))
    with tempfile.TemporaryDirectory() as tmp:
        base = build_tiny_t5(Path(tmp) / "base", [g["text"] for g in gold])
        training_set = build_training_set(items)
        # the tests' recipe for the tiny model (LoRA r=16 on every linear layer, lr 1e-2): the
        # default q, v / 1e-3 barely moves a randomly initialised 2-layer T5 in a few hundred steps
        config = TrainerConfig(base_model=base, output_root=Path(tmp) / "models", max_steps=steps, batch_size=8,
                               max_input_tokens=256, torch_threads=threads, learning_rate=1e-2, lora_r=16,
                               lora_dropout=0.0, target_modules=["q", "k", "v", "o", "wi", "wo"])
        result = train_generator(training_set, config)
        generator = load_generator(result.model_dir)
        contexts = [g["text"] for g in gold]
        generate(generator, contexts[:1], types=("fact_single",), max_new_tokens=8)  # warm-up
        started = time.perf_counter()
        out = generate(generator, contexts, max_new_tokens=48, batch_size=16)
        gen_seconds = time.perf_counter() - started
    metrics = result.card["metrics"]
    return {
        "train_examples": len(training_set.train),
        "steps": metrics["steps"],
        "batch_size": 8,
        "max_input_tokens": 256,
        "steps_per_s": metrics["steps_per_s"],
        "train_loss_first": round(metrics["train_loss_first"], 3),
        "train_loss_last": round(metrics["train_loss_last"], 3),
        "trainable_parameters": metrics["trainable_parameters"],
        "total_parameters": metrics["total_parameters"],
        "generated": len(out),
        "generation_items_per_s": round(len(out) / gen_seconds, 2),
        "parse_rate": round(sum(o.parsed for o in out) / len(out), 3),
    }


def bench_large_shape(steps: int) -> dict:
    """Steps/s for a random Flan-T5-large-shaped model (d_model 1024, 24+24 layers), LoRA r=16 on q, v."""
    import torch
    from peft import LoraConfig, TaskType, get_peft_model
    from transformers import T5Config, T5ForConditionalGeneration

    device = "cuda" if torch.cuda.is_available() else "cpu"
    config = T5Config(vocab_size=32128, d_model=1024, d_kv=64, d_ff=2816, num_layers=24, num_decoder_layers=24,
                      num_heads=16, feed_forward_proj="gated-gelu", tie_word_embeddings=False)
    model = get_peft_model(T5ForConditionalGeneration(config), LoraConfig(task_type=TaskType.SEQ_2_SEQ_LM, r=16,
                                                                          lora_alpha=32, target_modules=["q", "v"]))
    model.to(device).train()
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)
    x = torch.randint(0, 32000, (8, 512), device=device)
    y = torch.randint(0, 32000, (8, 64), device=device)
    for _ in range(2):
        model(input_ids=x, labels=y).loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    if device == "cuda":
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
    started = time.perf_counter()
    for _ in range(steps):
        model(input_ids=x, labels=y).loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    if device == "cuda":
        torch.cuda.synchronize()
    seconds = time.perf_counter() - started
    out = {"device": device, "steps": steps, "batch": "8 x 512 -> 64", "steps_per_s": round(steps / seconds, 3),
           "trainable_parameters": sum(p.numel() for p in model.parameters() if p.requires_grad),
           "total_parameters": sum(p.numel() for p in model.parameters())}
    if device == "cuda":
        out["gpu_peak_mib"] = round(torch.cuda.max_memory_allocated() / 2**20, 1)
        model.eval()
        started = time.perf_counter()
        with torch.no_grad():
            model.generate(input_ids=x[:, :512].repeat(8, 1), max_new_tokens=48, do_sample=False)
        torch.cuda.synchronize()
        out["generation_items_per_s"] = round(64 / (time.perf_counter() - started), 2)
    return out


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", type=Path)
    parser.add_argument("--threads", type=int, default=1, help="torch threads for the tiny-model trainer")
    parser.add_argument("--repeat", type=int, default=10, help="gold paragraphs repeated for the rules timing")
    parser.add_argument("--steps", type=int, default=200, help="tiny-model training steps")
    parser.add_argument("--flan-t5-large-shape", action="store_true")
    parser.add_argument("--skip-trainer", action="store_true")
    args = parser.parse_args(argv)
    report = {"machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine()}}
    report["statements"] = bench_gold_and_rules(args.repeat)
    if not args.skip_trainer:
        report["trainer_tiny_t5"] = bench_trainer(args.threads, args.steps)
    if args.flan_t5_large_shape:
        report["trainer_flan_t5_large_shape"] = bench_large_shape(10)
    report["process_peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    text = json.dumps(report, indent=2)
    print(text)
    if args.out_dir:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        (args.out_dir / "bench_knowyourrag.json").write_text(text + "\n", encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
