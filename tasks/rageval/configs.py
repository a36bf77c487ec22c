"""Stage 2a, configurations: N fillings of the schema, hybrid as in the paper.

Typed fields get programmatic values, reproducible for (seed, index): names, companies and
cities from Faker in the schema language's locale; dates in order (``after``); amounts in
range, and totals that add up (``sum_of``, summed from the rounded parts so the printed
figures add up too); integers; choices. Free-text fields come from the field's phrase pool
(rules) or from the LLM in one JSON request per configuration (llm); a config whose reply
is unusable is a recorded failure, and the other configs go on.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import re
from functools import lru_cache

from pydantic import create_model

from benchmill.engines import EngineConfig
from benchmill.prompts import render
from schemas.rageval import Config, DomainSchema, FieldSpec, StageFailure
from tasks.rageval.text import format_date, format_number

LOCALES = {"en": "en_US", "ru": "ru_RU"}
_TITLE_PREFIX = re.compile(r"^[\wА-Яа-яЁё]{1,4}\.\s+")  # Faker ru cities: "с. Североморск", "г. Тверь"


@lru_cache(maxsize=4)
def _faker(lang: str):
    from faker import Faker

    return Faker(LOCALES[lang])


class _Faker:
    """A Faker seeded for one config (Faker's own seed is global to the instance)."""

    def __init__(self, lang: str, seed: int):
        self.fake = _faker(lang)
        self.fake.seed_instance(seed)
        self.lang = lang

    def person(self) -> str:
        # no titles ("Dr.", "тов."): a full stop inside a name would split its sentence
        if self.lang == "ru":
            g = "male" if self.fake.random.random() < 0.5 else "female"
            parts = (getattr(self.fake, f"last_name_{g}")(), getattr(self.fake, f"first_name_{g}")(),
                     getattr(self.fake, f"middle_name_{g}")())
            return " ".join(parts)
        return f"{self.fake.first_name()} {self.fake.last_name()}"

    def company(self) -> str:
        name = self.fake.company().replace(".", "")
        if self.lang == "ru" and "«" not in name:
            # an abbreviated legal form keeps the name indeclinable in every question template
            name = f"ООО «{name}»"
        return name

    def city(self) -> str:
        return re.sub(r"\s*\(.*?\)", "", _TITLE_PREFIX.sub("", self.fake.city())).strip()


def _order(schema: DomainSchema) -> list[FieldSpec]:
    """Fields in an order where ``after`` dates and ``sum_of`` totals follow what they need."""
    done: list[FieldSpec] = []
    names: set[str] = set()
    pending = list(schema.fields)
    while pending:
        progressed = False
        for f in list(pending):
            needs = set(f.depends())
            if needs <= names:
                done.append(f)
                names.add(f.name)
                pending.remove(f)
                progressed = True
        if not progressed:
            raise ValueError(f"circular after / sum_of between fields {[f.name for f in pending]}")
    return done


def _config_seed(seed: int, index: int, attempt: int = 0) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{index}:{attempt}".encode()).digest()[:8], "big")


def typed_values(schema: DomainSchema, seed: int, index: int, attempt: int = 0) -> dict[str, str | int | float]:
    """Programmatic values for every field (text fields: a pool phrase, or "" without a pool)."""
    s = _config_seed(seed, index, attempt)
    rng = random.Random(s)
    fake = _Faker(schema.language, s % (2**32))
    values: dict[str, str | int | float] = {}
    index: dict[str, int] = {}  # option index chosen per choice / pool field (for aligned_with)
    for f in _order(schema):
        options = f.choices or f.pool
        if f.aligned_with and options:
            values[f.name] = options[index[f.aligned_with] % len(options)]
            index[f.name] = index[f.aligned_with]
            continue
        if f.type in ("choice", "text") and options and not f.compose:
            index[f.name] = rng.randrange(len(options))
        if f.type == "person":
            values[f.name] = fake.person()
        elif f.type == "company":
            values[f.name] = fake.company()
        elif f.type == "city":
            values[f.name] = fake.city()
        elif f.type == "choice":
            values[f.name] = f.choices[index[f.name]]
        elif f.type == "text" and f.compose:
            values[f.name] = f.compose.format_map({k: format_value(schema.field(k), v, schema.language)
                                                   for k, v in values.items()})
        elif f.type == "text":
            values[f.name] = f.pool[index[f.name]] if f.pool else ""
        elif f.type == "integer":
            values[f.name] = rng.randint(int(f.min), int(f.max))
        elif f.type == "amount":
            if f.sum_of:
                values[f.name] = round(sum(float(values[p]) for p in f.sum_of), f.decimals)
            else:
                values[f.name] = round(rng.uniform(f.min, f.max), f.decimals)
        elif f.type == "date":
            if f.after:
                prev = dt.date.fromisoformat(str(values[f.after]))
                day = prev + dt.timedelta(days=rng.randint(7, f.max_gap_days))
            else:
                lo, hi = f.years or (2019, 2024)
                day = dt.date(rng.randint(lo, hi), 1, 1) + dt.timedelta(days=rng.randint(0, 200))
            values[f.name] = day.isoformat()
    return values


def format_value(f: FieldSpec, value: str | int | float, lang: str) -> str:
    if f.type == "date":
        return format_date(str(value), lang)
    if f.type == "amount":
        text = format_number(float(value), f.decimals, lang)
    elif f.type == "integer":
        text = str(value)
    else:
        return str(value)
    return f"{text} {f.unit}".strip()


def make_config(schema: DomainSchema, values: dict[str, str | int | float], index: int) -> Config:
    text = {f.name: format_value(f, values[f.name], schema.language) for f in schema.fields}
    digest = hashlib.sha256(json.dumps([schema.domain, schema.language, values], sort_keys=True,
                                       ensure_ascii=False).encode()).hexdigest()[:16]
    return Config(config_id=digest, index=index, values=values, text=text, subject=schema.subject.format_map(text))


def _unique_values(schema: DomainSchema, seed: int, index: int, taken: set[str]) -> dict | None:
    for attempt in range(50):
        values = typed_values(schema, seed, index, attempt)
        if str(values[schema.name_field]) not in taken:
            return values
    return None


def _llm_text(schema: DomainSchema, values: dict, engine: EngineConfig, index: int) -> tuple[dict | None, StageFailure | None]:
    text_fields = [f for f in schema.fields if f.type == "text" and not f.compose]
    if not text_fields:
        return values, None
    model = create_model("ConfigText", **{f.name: (str, ...) for f in text_fields})
    typed = {f.label: format_value(f, values[f.name], schema.language) for f in schema.fields if f.type != "text"}
    prompt = render("rageval_config", schema.language, domain=schema.domain, typed=typed,
                    fields=[{"name": f.name, "label": f.label, "examples": f.pool[:3]} for f in text_fields])
    result = engine.client().complete_json(prompt, model)
    if not result.ok:
        return None, StageFailure(stage="configs", key=f"config-{index}", reason=result.error or "unusable reply",
                                  raw=result.raw)
    filled = result.value.model_dump()
    empty = [k for k, v in filled.items() if not v.strip()]
    if empty:
        return None, StageFailure(stage="configs", key=f"config-{index}", reason=f"empty values for {empty}",
                                  raw=result.raw)
    return {**values, **{k: v.strip() for k, v in filled.items()}}, None


def generate_configs(schema: DomainSchema, n: int, seed: int, engine: EngineConfig | None = None
                     ) -> tuple[list[Config], list[StageFailure]]:
    """``n`` configurations, reproducible for ``seed``; llm fills free text."""
    engine = engine or EngineConfig(kind="rules")
    if engine.kind == "rules":
        missing = [f.name for f in schema.fields if f.type == "text" and not f.pool and not f.compose]
        if missing:
            raise ValueError(f"the rules engine needs a phrase pool for text fields {missing}")
    configs, failures, taken = [], [], set()
    for i in range(n):
        values = _unique_values(schema, seed, i, taken)
        if values is None:
            failures.append(StageFailure(stage="configs", key=f"config-{i}", reason=(
                f"no unique {schema.name_field} left after {len(taken)} configs (widen its pool or make it a "
                "person / company field)")))
            break
        if engine.kind == "llm":
            values, failure = _llm_text(schema, values, engine, i)
            if failure is not None:
                failures.append(failure)
                continue
        taken.add(str(values[schema.name_field]))
        configs.append(make_config(schema, values, i))
    return configs, failures
