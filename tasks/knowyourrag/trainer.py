"""The Know Your RAG generator: LoRA on a seq2seq base, trained on statement-extraction items.

Training data (the paper's format, FORMATS.md): input ``<<type>> context``, target
``<<type>> question <a> answer``; each context appears once per type; contexts (not
examples) are split 80/20 with a fixed seed so that no context is in both halves; one
source collection can be held out entirely (the paper's generalisation protocol).

Training: LoRA (peft) on the attention q / v projections of a seq2seq model loaded from a
local folder (``google/flan-t5-large`` in production, a tiny T5 in tests). ``<a>`` and the
type flags are added to the tokenizer as normal tokens (``skip_special_tokens`` would
delete special ones) and their embedding rows are trained (peft ``trainable_token_indices``).
Seeds are fixed. The model directory ``<root>/<name>/v<NNNN>/`` holds the adapter, the
tokenizer and ``training_card.json`` (base model, data hash, metrics, settings).

Generation (:func:`generate`) loads base + adapter and returns, per context and requested
type, the question and answer parsed at ``<a>`` (or the raw output when it does not parse).

Errors are :class:`TrainerError` with one clear line: a base path that does not exist or
is not a seq2seq model, a training set too small to split, a corrupt adapter directory.
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import time
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel, Field

from schemas import Item
from schemas.knowyourrag import QUESTION_TYPES, QuestionType

ANSWER_SEP = "<a>"
CARD = "training_card.json"
CARD_FORMAT = 1

__all__ = [
    "ANSWER_SEP",
    "GeneratedQA",
    "TrainerConfig",
    "TrainerError",
    "TrainingExample",
    "TrainingResult",
    "TrainingSet",
    "adapter_model_id",
    "build_training_set",
    "format_input",
    "format_target",
    "generate",
    "load_generator",
    "model_record",
    "parse_output",
    "train_generator",
    "type_flag",
]


class TrainerError(ValueError):
    """Bad trainer input (one line, naming the input)."""


def type_flag(qtype: str) -> str:
    return f"<<{qtype}>>"


def format_input(qtype: str, context: str) -> str:
    return f"{type_flag(qtype)} {context.strip()}"


def format_target(qtype: str, question: str, answer: str) -> str:
    return f"{type_flag(qtype)} {question.strip()} {ANSWER_SEP} {answer.strip()}"


# --------------------------------------------------------------------------- training set


class TrainingExample(BaseModel):
    context_key: str
    type: QuestionType
    collection: str | None = None
    input: str
    target: str


class TrainingSet(BaseModel):
    train: list[TrainingExample]
    validation: list[TrainingExample]
    held_out: list[TrainingExample] = []
    held_out_collection: str | None = None
    data_hash: str = Field(description="sha256 over the train and validation examples, in order")


def _context_key(text: str) -> str:
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def build_training_set(
    items: list[Item],
    *,
    types: tuple[str, ...] = QUESTION_TYPES,
    val_fraction: float = 0.2,
    seed: int = 13,
    hold_out_collection: str | None = None,
) -> TrainingSet:
    """Examples from accepted items: one per (context, type), contexts split train / validation.

    The context is the item's first reference; the collection is ``item.config["collection"]``.
    """
    if not 0 < val_fraction < 1:
        raise TrainerError(f"val_fraction must be between 0 and 1, got {val_fraction}")
    seen: set[tuple[str, str]] = set()
    examples: list[TrainingExample] = []
    for item in sorted(items, key=lambda i: i.item_id):
        if item.type not in types or not item.references or not item.answers:
            continue
        context = item.references[0]
        key = (_context_key(context), item.type)
        if key in seen:
            continue  # each context once per type
        seen.add(key)
        examples.append(
            TrainingExample(
                context_key=key[0],
                type=item.type,
                collection=(item.config or {}).get("collection"),
                input=format_input(item.type, context),
                target=format_target(item.type, item.question, item.answers[0]),
            )
        )
    held_out: list[TrainingExample] = []
    if hold_out_collection is not None:
        held_out = [e for e in examples if e.collection == hold_out_collection]
        if not held_out:
            raise TrainerError(f"hold-out collection {hold_out_collection!r} has no items in the training set")
        examples = [e for e in examples if e.collection != hold_out_collection]
    contexts = sorted({e.context_key for e in examples})
    n_val = round(len(contexts) * val_fraction)
    if len(contexts) < 2 or n_val < 1 or n_val >= len(contexts):
        raise TrainerError(
            f"training set too small to split: {len(examples)} examples from {len(contexts)} contexts "
            f"(need at least {max(2, int(1 / val_fraction) // 2 + 1)} contexts for a {val_fraction:.0%} validation split)"
        )
    random.Random(seed).shuffle(contexts)
    val_keys = set(contexts[:n_val])
    train = [e for e in examples if e.context_key not in val_keys]
    validation = [e for e in examples if e.context_key in val_keys]
    digest = hashlib.sha256()
    for e in train + validation:
        digest.update(json.dumps([e.input, e.target, e.context_key in val_keys], ensure_ascii=False).encode("utf-8"))
    return TrainingSet(train=train, validation=validation, held_out=held_out,
                       held_out_collection=hold_out_collection, data_hash=digest.hexdigest())


# --------------------------------------------------------------------------- training


class TrainerConfig(BaseModel):
    base_model: Path
    output_root: Path
    name: str = "kyr-t5"
    types: tuple[QuestionType, ...] = QUESTION_TYPES
    seed: int = 13
    lora_r: int = Field(8, ge=1)
    lora_alpha: int = Field(16, ge=1)
    lora_dropout: float = Field(0.05, ge=0, lt=1)
    target_modules: list[str] = ["q", "v"]
    learning_rate: float = Field(1e-3, gt=0)
    epochs: int = Field(3, ge=1)
    max_steps: int | None = Field(None, ge=1, description="stop after this many optimizer steps")
    batch_size: int = Field(8, ge=1)
    max_input_tokens: int = Field(512, ge=8, description="longer inputs are truncated (counted in the card)")
    max_target_tokens: int = Field(128, ge=8)
    torch_threads: int | None = Field(
        None, ge=1, description="torch intra-op threads (None: torch's default); 1 is much faster on a shared small CPU"
    )


class TrainingResult(BaseModel):
    model_dir: Path
    version: str
    card: dict


def _check_base(path: Path):
    """The base model's config, or TrainerError when the folder is missing / not seq2seq."""
    from transformers import AutoConfig

    path = Path(path)
    if not path.is_dir():
        raise TrainerError(f"base model path {path} does not exist or is not a directory")
    if not (path / "config.json").is_file():
        raise TrainerError(f"base model path {path} has no config.json: not a transformers model folder")
    try:
        config = AutoConfig.from_pretrained(str(path))
    except Exception as exc:
        raise TrainerError(f"base model {path}: unreadable config.json ({type(exc).__name__}: {exc})") from exc
    if not getattr(config, "is_encoder_decoder", False):
        raise TrainerError(f"base model {path} is not a seq2seq (encoder-decoder) model: model_type {config.model_type!r}")
    return config


def _seed_everything(seed: int) -> None:
    import numpy as np
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def _next_version(root: Path) -> tuple[str, Path]:
    root.mkdir(parents=True, exist_ok=True)
    numbers = [int(m.group(1)) for p in root.iterdir() if (m := re.fullmatch(r"v(\d{4})", p.name))]
    version = f"v{max(numbers, default=0) + 1:04d}"
    return version, root / version


def _batches(examples: list[TrainingExample], size: int, rng: random.Random | None):
    order = list(range(len(examples)))
    if rng is not None:
        rng.shuffle(order)
    for start in range(0, len(order), size):
        yield [examples[i] for i in order[start: start + size]]


def _encode(tokenizer, batch: list[TrainingExample], config: TrainerConfig):
    enc = tokenizer([e.input for e in batch], max_length=config.max_input_tokens, truncation=True,
                    padding=True, return_tensors="pt")
    labels = tokenizer(text_target=[e.target for e in batch], max_length=config.max_target_tokens, truncation=True,
                       padding=True, return_tensors="pt")["input_ids"]
    labels[labels == tokenizer.pad_token_id] = -100
    enc["labels"] = labels
    return enc


def _mean_loss(model, tokenizer, examples: list[TrainingExample], config: TrainerConfig) -> float | None:
    import torch

    if not examples:
        return None
    model.eval()
    total, n = 0.0, 0
    with torch.no_grad():
        for batch in _batches(examples, config.batch_size, None):
            total += float(model(**_encode(tokenizer, batch, config)).loss) * len(batch)
            n += len(batch)
    model.train()
    return total / n


def _file_hash(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path.is_file() else None


def train_generator(training_set: TrainingSet, config: TrainerConfig) -> TrainingResult:
    """Train a LoRA adapter; save adapter + tokenizer + training card to a new version directory."""
    import peft
    import torch
    import transformers
    from peft import LoraConfig, TaskType, get_peft_model
    from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

    _check_base(config.base_model)
    if not training_set.train:
        raise TrainerError("training set too small: no training examples")
    extra = sorted({e.type for e in training_set.train + training_set.validation} - set(config.types))
    if extra:
        raise TrainerError(f"training set has types {extra} that are not in the trainer's types {list(config.types)}")
    if config.torch_threads:
        torch.set_num_threads(config.torch_threads)
    _seed_everything(config.seed)
    started = time.perf_counter()
    tokenizer = AutoTokenizer.from_pretrained(str(config.base_model))
    new_tokens = [ANSWER_SEP] + [type_flag(t) for t in config.types]
    tokenizer.add_tokens([t for t in new_tokens if t not in tokenizer.get_vocab()])
    model = AutoModelForSeq2SeqLM.from_pretrained(str(config.base_model))
    model.resize_token_embeddings(len(tokenizer))
    new_ids = tokenizer.convert_tokens_to_ids(new_tokens)
    # trainable_token_indices trains the new rows of the input embedding (and of a tied
    # lm_head); an untied lm_head (Flan-T5) is trained and saved whole, or the model could
    # never learn to emit <a> and the flags
    untied_head = not getattr(model.config, "tie_word_embeddings", True)
    lora = LoraConfig(
        task_type=TaskType.SEQ_2_SEQ_LM,
        r=config.lora_r,
        lora_alpha=config.lora_alpha,
        lora_dropout=config.lora_dropout,
        target_modules=list(config.target_modules),
        trainable_token_indices=new_ids,
        modules_to_save=["lm_head"] if untied_head else None,
    )
    model = get_peft_model(model, lora)
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    total_params = sum(p.numel() for p in model.parameters())
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=config.learning_rate)
    truncated = sum(
        1 for e in training_set.train if len(tokenizer(e.input)["input_ids"]) > config.max_input_tokens
    )

    rng = random.Random(config.seed)
    losses: list[float] = []
    steps = 0
    model.train()
    train_started = time.perf_counter()
    epoch = 0
    while True:
        for batch in _batches(training_set.train, config.batch_size, rng):
            loss = model(**_encode(tokenizer, batch, config)).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            losses.append(float(loss.detach()))
            steps += 1
            if config.max_steps is not None and steps >= config.max_steps:
                break
        epoch += 1
        if config.max_steps is not None and steps >= config.max_steps:
            break
        if config.max_steps is None and epoch >= config.epochs:
            break
    train_seconds = time.perf_counter() - train_started
    val_loss = _mean_loss(model, tokenizer, training_set.validation, config)

    version, model_dir = _next_version(Path(config.output_root) / config.name)
    tmp = model_dir.with_name(model_dir.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)  # left by a killed run
    model.save_pretrained(str(tmp))
    tokenizer.save_pretrained(str(tmp))
    head = max(1, min(5, len(losses) // 4))
    card = {
        "format": CARD_FORMAT,
        "name": config.name,
        "version": version,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "base_model": {
            "path": str(Path(config.base_model).resolve()),
            "model_type": model.config.model_type,
            "config_sha256": _file_hash(Path(config.base_model) / "config.json"),
        },
        "data": {
            "hash": training_set.data_hash,
            "train_examples": len(training_set.train),
            "validation_examples": len(training_set.validation),
            "held_out_collection": training_set.held_out_collection,
            "held_out_examples": len(training_set.held_out),
            "types": list(config.types),
            "inputs_truncated": truncated,
        },
        "settings": json.loads(config.model_dump_json(exclude={"base_model", "output_root"})),
        "added_tokens": new_tokens,
        "metrics": {
            "steps": steps,
            "train_loss_first": sum(losses[:head]) / head if losses else None,
            "train_loss_last": sum(losses[-head:]) / head if losses else None,
            "validation_loss": val_loss,
            "train_seconds": round(train_seconds, 3),
            "steps_per_s": round(steps / train_seconds, 3) if train_seconds > 0 else None,
            "trainable_parameters": trainable,
            "total_parameters": total_params,
            "wall_seconds": round(time.perf_counter() - started, 3),
        },
        "losses": [round(x, 5) for x in losses],
        "versions": {"torch": torch.__version__, "transformers": transformers.__version__, "peft": peft.__version__},
    }
    (tmp / CARD).write_text(json.dumps(card, indent=2, ensure_ascii=False), encoding="utf-8")
    tmp.rename(model_dir)  # a killed run leaves only a .partial directory, never a half version
    return TrainingResult(model_dir=model_dir, version=version, card=card)


def adapter_model_id(model_dir: Path) -> str:
    """A trained adapter's content id: sha256 over its weights, adapter config and added tokens."""
    model_dir = Path(model_dir)
    digest = hashlib.sha256()
    for name in ("adapter_model.safetensors", "adapter_config.json", "added_tokens.json"):
        path = model_dir / name
        if path.is_file():
            digest.update(name.encode() + b"\x00" + path.read_bytes())
    return digest.hexdigest()[:16]


def model_record(result: TrainingResult, training_data: list[str]):
    """The store's registry row (``schemas.models.ModelRecord``) for a trained version directory."""
    from schemas.models import ModelRecord

    card = result.card
    created = datetime.fromisoformat(card["created"]).astimezone(timezone.utc).replace(tzinfo=None)
    return ModelRecord(model_id=adapter_model_id(result.model_dir), name=card["name"], version=result.version,
                       base_model=card["base_model"]["path"], adapter_path=str(Path(result.model_dir).resolve()),
                       training_data=sorted(training_data), data_hash=card["data"]["hash"], metrics=card["metrics"],
                       created_at=created)


# --------------------------------------------------------------------------- generation


class GeneratedQA(BaseModel):
    context_index: int
    type: str
    raw: str
    question: str | None = None
    answer: str | None = None
    parsed: bool = False
    input_truncated: bool = False


_FLAG = re.compile(r"^\s*<<\s*(fact_single|summary|reasoning)\s*>>\s*")


def parse_output(raw: str) -> tuple[str | None, str | None]:
    """``(question, answer)`` from ``<<type>> question <a> answer``; ``(None, None)`` when it does not parse."""
    text = _FLAG.sub("", raw.replace("</s>", "").replace("<pad>", "")).strip()
    if text.count(ANSWER_SEP) != 1:
        return None, None
    question, answer = (part.strip() for part in text.split(ANSWER_SEP))
    if not question or not answer:
        return None, None
    return question, answer


class LoadedGenerator:
    def __init__(self, model, tokenizer, card: dict, model_dir: Path):
        self.model, self.tokenizer, self.card, self.model_dir = model, tokenizer, card, model_dir


def load_generator(model_dir: Path, base_model: Path | None = None) -> LoadedGenerator:
    """Base model + adapter + tokenizer from a version directory (base path from the card unless given)."""
    from peft import PeftModel
    from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

    model_dir = Path(model_dir)
    if not model_dir.is_dir():
        raise TrainerError(f"adapter directory {model_dir} does not exist")
    card_path = model_dir / CARD
    try:
        card = json.loads(card_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TrainerError(f"corrupt adapter directory {model_dir}: unreadable {CARD} ({exc})") from exc
    for needed in ("adapter_config.json", "adapter_model.safetensors"):
        if not (model_dir / needed).is_file():
            raise TrainerError(f"corrupt adapter directory {model_dir}: {needed} is missing")
    base = Path(base_model) if base_model is not None else Path(card.get("base_model", {}).get("path", ""))
    _check_base(base)
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(model_dir))
        model = AutoModelForSeq2SeqLM.from_pretrained(str(base))
        model.resize_token_embeddings(len(tokenizer))
        model = PeftModel.from_pretrained(model, str(model_dir))
    except TrainerError:
        raise
    except Exception as exc:
        raise TrainerError(f"corrupt adapter directory {model_dir}: {type(exc).__name__}: {str(exc).splitlines()[0][:300]}") from exc
    model.eval()
    return LoadedGenerator(model, tokenizer, card, model_dir)


def generate(
    generator: LoadedGenerator,
    contexts: list[str],
    types: tuple[str, ...] = QUESTION_TYPES,
    *,
    max_new_tokens: int = 64,
    batch_size: int = 16,
    num_beams: int = 1,
) -> list[GeneratedQA]:
    """One (question, answer) per context and requested type, parsed at ``<a>``."""
    import torch

    known = set(generator.card.get("data", {}).get("types", QUESTION_TYPES))
    unknown = [t for t in types if t not in known]
    if unknown:
        raise TrainerError(f"the generator {generator.model_dir} was not trained for types {unknown}")
    settings = generator.card.get("settings", {})
    max_input = int(settings.get("max_input_tokens", 512))
    jobs = [(i, t, format_input(t, c)) for i, c in enumerate(contexts) for t in types]
    out: list[GeneratedQA] = []
    tok = generator.tokenizer
    for start in range(0, len(jobs), batch_size):
        chunk = jobs[start: start + batch_size]
        lengths = [len(tok(text)["input_ids"]) for _, _, text in chunk]
        enc = tok([text for _, _, text in chunk], max_length=max_input, truncation=True, padding=True, return_tensors="pt")
        with torch.no_grad():
            ids = generator.model.generate(**enc, max_new_tokens=max_new_tokens, num_beams=num_beams, do_sample=False)
        texts = tok.batch_decode(ids, skip_special_tokens=True)
        for (index, qtype, _), raw, length in zip(chunk, texts, lengths):
            question, answer = parse_output(raw)
            out.append(GeneratedQA(context_index=index, type=qtype, raw=raw, question=question, answer=answer,
                                   parsed=question is not None, input_truncated=length > max_input))
    return out


def generate_items(
    generator: LoadedGenerator,
    contexts: list,
    types: tuple[str, ...] = QUESTION_TYPES,
    *,
    min_words: int = 12,
    max_new_tokens: int = 64,
    batch_size: int = 16,
):
    """The ``t5`` generator as a stage: ``KyrContext`` list in, ``KyrBatch`` of items out.

    Items go through the same checks and critiques as statement-extraction items. An output
    that does not parse at ``<a>`` is a Failure keeping the raw output; empty or tiny
    contexts are skipped with their reason. Lineage: ``engine = "t5"``,
    ``model = "t5:<name>/<version>"``, ``prompt_hash`` = the training data hash.
    """
    from schemas import Failure, Lineage
    from schemas.knowyourrag import KyrBatch, KyrSkip
    from tasks.knowyourrag.statements import context_item, item_id

    batch = KyrBatch()
    usable = []
    for context in contexts:
        words = len(context.text.split())
        if words < min_words:
            reason = "empty context" if words == 0 else f"context too short: {words} words (minimum {min_words})"
            batch.skipped += [KyrSkip(context_id=context.context_id, type=t, reason=reason) for t in types]
        else:
            usable.append(context)
    outputs = generate(generator, [c.text for c in usable], types, max_new_tokens=max_new_tokens, batch_size=batch_size)
    card = generator.card
    model = f"t5:{card.get('name')}/{card.get('version')}"
    data_hash = card.get("data", {}).get("hash", "")[:16]
    for out in outputs:
        context = usable[out.context_index]
        key = f"{context.context_id}#{out.type}"
        if not out.parsed:
            batch.failures.append(Failure(stage="kyr_t5", key=key, reason=f"output does not parse at {ANSWER_SEP}: {out.raw[:500]!r}"))
            continue
        batch.items.append(context_item(
            context, item_id(context, out.type, "t5", model, data_hash, 0), out.type, out.question, out.answer,
            context.text,
            {"context_id": context.context_id, "collection": context.collection, "generator": "t5",
             "adapter": str(generator.model_dir), "input_truncated": out.input_truncated},
            Lineage(engine="t5", model=model, prompt_name="kyr_t5_adapter", prompt_hash=data_hash),
        ))
    return batch


def t5_generate(contexts: list, engine, config=None):
    """The ``t5`` engine as a generation stage of the statements flow: load the registered
    adapter (``engine.adapter``) and make one item per context and requested type; a type
    the model was not trained for is skipped with its reason."""
    from schemas.knowyourrag import KyrBatch, KyrSkip

    if engine.kind != "t5" or not engine.adapter:
        raise TrainerError(f"the t5 stage needs the t5 engine with a registered adapter, got {engine.kind!r}")
    generator = load_generator(Path(engine.adapter))
    types = tuple(config.types) if config is not None else QUESTION_TYPES
    trained = set(generator.card.get("data", {}).get("types", QUESTION_TYPES))
    usable = tuple(t for t in types if t in trained)
    batch = generate_items(generator, contexts, usable, min_words=config.min_words if config is not None else 12) \
        if usable else KyrBatch()
    ref = f"{generator.card.get('name')}/{generator.card.get('version')}"
    batch.skipped += [KyrSkip(context_id=c.context_id, type=t, reason=f"skipped: the t5 model {ref} was not trained for {t}")
                      for c in contexts for t in types if t not in trained]
    return batch
