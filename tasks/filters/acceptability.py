"""Linguistic acceptability (DRAGON §4, QA Filtering, its first filter): is the question a well-formed sentence?

DRAGON scores each question with a sequence classifier trained on RuCoLa
(``RussianNLP/ruRoBERTa-large-rucola``); for English a CoLA model plays that part. How
a batch is judged, per language:

* a classifier is configured for the language (``model_paths[lang]``, else
  ``model_path``): a local ``transformers`` sequence-classification folder
  (``save_pretrained`` layout), loaded once per process. score = P(acceptable), the
  softmax of the ``acceptable_label`` logit (default: the label the model's config names
  "acceptable", else index 1 — CoLA's and RuCoLa's convention); passed when ≥
  ``threshold``. A folder that cannot be loaded is an ``error`` for those items (fix it
  and the next run judges them), never a pass;
* no classifier, engine ``llm``: prompts/<lang>/acceptability.j2 asks the model for
  ``{"rationale", "acceptable"}``; an unusable reply is an ``error`` for that item,
  ``LLMUnavailable`` propagates (the task fails and is retried);
* neither: ``skipped`` with the reason ``skipped: needs model`` (counts neither way, and
  the manifest says so — never a silent pass).

Paths are checked when the collection spec is validated (before any work): a missing
folder is a settings error naming the key.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from benchmill.prompts import render
from schemas import Item, LLMUsage, Verdict
from tasks.filters import FilterResult, map_llm

FILTER_NAME = "acceptability"
PROMPT_NAME = "acceptability"
SKIPPED_NEEDS_MODEL = "skipped: needs model"


def _existing_folder(value: str) -> str:
    if value and not Path(value).expanduser().is_dir():
        raise ValueError(f"no model folder at {value!r}")
    return value


class AcceptabilityConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model_path: str = Field("", description="sequence-classification model folder used for every language without its own")
    model_paths: dict[str, str] = Field({}, description="per language: e.g. {ru = '<ruRoBERTa-large-rucola>', en = '<CoLA model>'}")
    acceptable_label: int | None = Field(None, ge=0, description="logit index meaning acceptable (default: from the model config, else 1)")
    threshold: float = Field(0.5, ge=0.0, le=1.0, description="least P(acceptable) that passes")
    batch_size: int = Field(32, ge=1)
    max_length: int = Field(128, ge=8, description="tokens of a question the classifier reads")
    use_llm: bool = Field(True, description="with the llm engine and no classifier for the language, ask the LLM")

    @field_validator("model_path")
    @classmethod
    def _path(cls, v: str) -> str:
        return _existing_folder(v)

    @field_validator("model_paths")
    @classmethod
    def _paths(cls, v: dict[str, str]) -> dict[str, str]:
        for path in v.values():
            _existing_folder(path)
        return v

    def model_for(self, lang: str) -> str:
        return self.model_paths.get(lang) or self.model_path


class AcceptabilityReply(BaseModel):
    rationale: str
    acceptable: bool


# ------------------------------------------------------------------ classifier
_models: dict[str, Any] = {}
_lock = threading.Lock()


def load_classifier(path: str) -> tuple[Any, Any]:
    """(tokenizer, model) of a local sequence-classification folder, cached per process."""
    key = str(Path(path).expanduser().resolve())
    with _lock:
        if key not in _models:
            from transformers import AutoModelForSequenceClassification, AutoTokenizer

            tokenizer = AutoTokenizer.from_pretrained(key, local_files_only=True)
            model = AutoModelForSequenceClassification.from_pretrained(key, local_files_only=True)
            model.eval()
            _models[key] = (tokenizer, model)
        return _models[key]


def _acceptable_index(model: Any, configured: int | None) -> int:
    if configured is not None:
        return configured
    for index, label in (getattr(model.config, "id2label", None) or {}).items():
        if str(label).strip().lower() in ("acceptable", "grammatical"):
            return int(index)
    return 1


def classify(questions: list[str], path: str, config: AcceptabilityConfig) -> tuple[list[float], str]:
    """P(acceptable) per question, and the label index used."""
    import torch

    tokenizer, model = load_classifier(path)
    index = _acceptable_index(model, config.acceptable_label)
    if index >= model.config.num_labels:
        raise ValueError(f"acceptable_label {index} but the model has {model.config.num_labels} labels")
    probabilities: list[float] = []
    with torch.no_grad():
        for start in range(0, len(questions), config.batch_size):
            batch = tokenizer(questions[start : start + config.batch_size], padding=True, truncation=True,
                              max_length=config.max_length, return_tensors="pt")
            logits = model(**batch).logits
            probabilities += torch.softmax(logits.float(), dim=-1)[:, index].tolist()
    label = (getattr(model.config, "id2label", None) or {}).get(index, str(index))
    return probabilities, f"label {index} ({label})"


def _by_classifier(items: list[Item], path: str, config: AcceptabilityConfig) -> list[Verdict]:
    name = Path(path).name or path
    try:
        probabilities, label = classify([i.question for i in items], path, config)
    except Exception as exc:  # a broken or incompatible folder: those items wait for a fix, never pass
        reason = f"acceptability model {path!r} unusable: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        return [Verdict(item_id=i.item_id, filter=FILTER_NAME, status="error", reason=reason) for i in items]
    verdicts = []
    for item, p in zip(items, probabilities):
        ok = p >= config.threshold
        verdicts.append(Verdict(
            item_id=item.item_id, filter=FILTER_NAME, status="passed" if ok else "rejected", score=round(p, 4),
            reason=f"{'acceptable' if ok else 'unacceptable'}: P({label}) = {p:.3f} {'>=' if ok else '<'} {config.threshold:g} (model {name})",
            code="" if ok else "unacceptable",
        ))
    return verdicts


def _by_llm(items: list[Item], engine: EngineConfig) -> tuple[list[Verdict], list[LLMUsage]]:
    client = engine.client()

    def ask(item: Item):
        return client.complete_json(render(PROMPT_NAME, item.lang, question=item.question), AcceptabilityReply)

    # one call per distinct question: template questions repeat, and the verdict is the question's
    first: dict[str, Item] = {}
    for item in items:
        first.setdefault(item.question, item)
    by_question = dict(zip(first, map_llm(engine, ask, list(first.values()), FILTER_NAME)))
    usages = [r.usage for r in by_question.values()]
    verdicts = []
    for item in items:
        result = by_question[item.question]
        reply = result.value
        if reply is None:
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="error",
                                    reason=f"acceptability reply unusable: {result.error}"))
            continue
        rationale = " ".join(reply.rationale.split())[:200]
        verdicts.append(Verdict(
            item_id=item.item_id, filter=FILTER_NAME, status="passed" if reply.acceptable else "rejected",
            score=1.0 if reply.acceptable else 0.0,
            reason=f"{'acceptable' if reply.acceptable else 'unacceptable'} (llm): {rationale}",
            code="" if reply.acceptable else "unacceptable",
        ))
    return verdicts, usages


def check_acceptability(items: list[Item], engine: EngineConfig,
                        config: AcceptabilityConfig = AcceptabilityConfig()) -> FilterResult:
    """Verdict per item (in the order of ``items``), by classifier, LLM or ``skipped: needs model`` (module doc)."""
    by_lang: dict[str, list[Item]] = {}
    for item in items:
        by_lang.setdefault(item.lang, []).append(item)
    verdicts: dict[str, Verdict] = {}
    usages: list[LLMUsage] = []
    for lang in sorted(by_lang):
        group = by_lang[lang]
        path = config.model_for(lang)
        if path:
            found = _by_classifier(group, path, config)
        elif engine.kind == "llm" and config.use_llm:
            found, used = _by_llm(group, engine)
            usages += used
        else:
            found = [Verdict(item_id=i.item_id, filter=FILTER_NAME, status="skipped", reason=SKIPPED_NEEDS_MODEL)
                     for i in group]
        verdicts.update((v.item_id, v) for v in found)
    return FilterResult(verdicts=[verdicts[i.item_id] for i in items], usage=LLMUsage.total(usages))


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: AcceptabilityConfig) -> FilterResult:
    return check_acceptability(items, engine, config)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=False, config=AcceptabilityConfig, score=score,
                    description="rejects questions a RuCoLa / CoLA classifier (or the LLM) finds ill-formed")
