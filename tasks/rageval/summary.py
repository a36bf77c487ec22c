"""Stage 1, schema summary: the facts a domain's documents carry.

rules: the folder's schema.json, else fields derived from structured seeds ("Key: value"
lines shared by the seeds); llm: a schema induced from the seeds (prompts/<lang>/
rageval_schema.j2), an unusable reply being a recorded failure with the raw reply.
"""
from __future__ import annotations

import datetime as dt
import re
from collections import OrderedDict

from pydantic import BaseModel, Field, ValidationError

from benchmill.engines import EngineConfig
from benchmill.prompts import render
from schemas.rageval import DomainSchema, FieldSpec, SeedFolder, StageFailure

_KEY_VALUE = re.compile(r"^\s*([A-Za-zА-Яа-яЁё][\w \-/()]{1,60}?)\s*:\s*(\S.{0,200}?)\s*$")
_PERSON = re.compile(r"^[A-ZА-ЯЁ][a-zа-яё'’-]+(?: [A-ZА-ЯЁ][a-zа-яё'’-]+){1,2}$")
_INSTITUTION = re.compile(r"\b(Court|Hospital|Clinic|Bank|Group|Inc|Ltd|LLC|PLC|Company|University|Ministry|Суд|Больница|Банк)\b", re.I)
_NUMBER = re.compile(r"^-?\d[\d,.\u00a0 ]*$")
#: seed excerpt length shown to the model per seed
SEED_EXCERPT_CHARS = 3000


class SchemaError(ValueError):
    """No schema can be had for the folder (the message says why and what to add)."""


class InducedSchema(BaseModel):
    """What the model is asked for; domain and language come from domain.toml."""

    name_field: str
    subject: str
    fields: list[FieldSpec] = Field(min_length=1)
    unanswerable: list[str] = []


def _slug(key: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", key.lower()).strip("_") or "field"


def _is_date(value: str) -> bool:
    try:
        dt.date.fromisoformat(value)
        return True
    except ValueError:
        return False


def derive_schema(folder: SeedFolder) -> DomainSchema | None:
    """Fields from "Key: value" lines present in at least two seeds (or the only seed)."""
    per_seed = []
    for seed in folder.seeds:
        pairs: OrderedDict[str, str] = OrderedDict()
        for line in seed.text.splitlines():
            m = _KEY_VALUE.match(line)
            if m and m.group(1).strip().lower() not in pairs:
                pairs[m.group(1).strip().lower()] = m.group(2).strip()
        per_seed.append(pairs)
    need = 1 if len(per_seed) == 1 else 2
    keys = [k for k in per_seed[0] | OrderedDict((k, None) for p in per_seed[1:] for k in p)
            if sum(k in p for p in per_seed) >= need]
    if len(keys) < 2:
        return None
    fields = []
    for key in keys:
        values = [p[key] for p in per_seed if key in p]
        name = _slug(key)
        if any(f.name == name for f in fields):
            continue
        common = dict(name=name, label=key, ask=f"What is the {key} of {{subject}}?",
                      answer=f"The {key} of {{subject}} is {{{name}}}.")
        if all(_is_date(v) for v in values):
            fields.append(FieldSpec(type="date", years=(2018, 2024), **common))
        elif all(_NUMBER.match(v) for v in values):
            nums = [float(re.sub(r"[^\d.-]", "", v.replace(",", ""))) for v in values]
            fields.append(FieldSpec(type="amount", min=min(nums) / 2, max=max(nums) * 2 or 1, compare=True, **common))
        elif all(_PERSON.match(v) and not _INSTITUTION.search(v) for v in values):
            fields.append(FieldSpec(type="person", **common))
        else:
            fields.append(FieldSpec(type="text", pool=sorted(set(values)), **common))
    # the document is named by a generated person (unique per config), else by the first field
    at = next((i for i, f in enumerate(fields) if f.type == "person"), 0)
    first = fields[at].name
    fields[at] = fields[at].model_copy(update={"ask": None, "answer": None})
    try:
        return DomainSchema(domain=folder.spec.domain, language=folder.spec.language, name_field=first,
                            subject=f"{{{first}}}", fields=fields)
    except ValidationError:
        return None


def summarize_rules(folder: SeedFolder) -> DomainSchema:
    if folder.schema_ is not None:
        return folder.schema_
    derived = derive_schema(folder)
    if derived is None:
        raise SchemaError(
            f"{folder.root}: no schema.json and the seeds are not structured (no 'Key: value' lines shared by "
            "the seeds); add a schema.json or use the llm engine to induce one"
        )
    return derived


def summarize_llm(folder: SeedFolder, engine: EngineConfig) -> tuple[DomainSchema | None, list[StageFailure]]:
    """Induce a schema from the seeds; (None, [failure with the raw reply]) when unusable."""
    prompt = render(
        "rageval_schema", folder.spec.language, domain=folder.spec.domain,
        seeds=[s.text[:SEED_EXCERPT_CHARS] for s in folder.seeds],
    )
    result = engine.client().complete_json(prompt, InducedSchema)
    key = f"{folder.spec.name}:schema"
    if not result.ok:
        return None, [StageFailure(stage="schema", key=key, reason=result.error or "unusable reply", raw=result.raw)]
    induced: InducedSchema = result.value
    try:
        schema = DomainSchema(domain=folder.spec.domain, language=folder.spec.language, **induced.model_dump())
    except ValidationError as exc:
        return None, [StageFailure(stage="schema", key=key, reason=f"induced schema invalid: {exc.errors()[0]['msg']}",
                                   raw=result.raw)]
    return schema, []


def summarize(folder: SeedFolder, engine: EngineConfig) -> tuple[DomainSchema, list[StageFailure]]:
    """The schema for the build: llm induction (falling back to schema.json), or rules."""
    if engine.kind == "llm":
        schema, failures = summarize_llm(folder, engine)
        if schema is not None:
            return schema, failures
        if folder.schema_ is not None:
            return folder.schema_, failures
        raise SchemaError(f"{folder.root}: the LLM could not induce a schema ({failures[0].reason}) "
                          "and the folder has no schema.json")
    return summarize_rules(folder), []
