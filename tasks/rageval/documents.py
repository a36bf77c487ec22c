"""Stage 2b, documents: one per configuration, and the fact-coverage check.

rules: the seed folder's Jinja template rendered over the config's formatted values.
llm: written section by section as in the paper (finance: financial report, corporate
governance, environmental and social responsibility, each from its part of the config
plus a company summary for continuity; legal: one judgment citing articles by number
only; medical: patient information, history, examinations, diagnosis, treatment plan,
follow-up). A section the model fails fails that document only.

Every document is checked for every config value (as formatted); misses are recorded on
the document (``missing_facts``) - QRA never asks about a fact its document lacks.
"""
from __future__ import annotations

import hashlib

import jinja2

from benchmill.engines import EngineConfig
from benchmill.prompts import render
from schemas.rageval import Config, Document, DomainSchema, StageFailure

#: section keys and titles per domain and language, in document order (llm engine)
SECTIONS: dict[str, dict[str, list[tuple[str, str]]]] = {
    "finance": {
        "en": [("financial_report", "Financial Report"), ("governance", "Corporate Governance"),
               ("esg", "Environmental and Social Responsibility")],
        "ru": [("financial_report", "Финансовый отчёт"), ("governance", "Корпоративное управление"),
               ("esg", "Экологическая и социальная ответственность")],
    },
    "legal": {
        "en": [("judgment", "Judgment")],
        "ru": [("judgment", "Решение суда")],
    },
    "medical": {
        "en": [("patient", "Patient Information"), ("history", "Medical History"), ("examination", "Examinations"),
               ("diagnosis", "Diagnosis"), ("treatment", "Treatment Plan"), ("follow_up", "Follow-up")],
        "ru": [("patient", "Сведения о пациенте"), ("history", "Анамнез"), ("examination", "Обследования"),
               ("diagnosis", "Диагноз"), ("treatment", "План лечения"), ("follow_up", "Наблюдение")],
    },
}


def doc_id_for(content: str) -> int:
    """A content-derived integer id (48 bits: exact in JSON readers that use doubles)."""
    return int(hashlib.sha256(content.encode()).hexdigest()[:12], 16)


def mentions(value: str, text: str) -> bool:
    """``value`` occurs in ``text`` as a whole (a "9" inside "559,1" does not count)."""
    start = text.find(value)
    while start >= 0:
        end = start + len(value)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        after_next = text[end + 1] if end + 1 < len(text) else " "
        if not (before.isalnum() or before == "_" or (before in ",." and value[:1].isdigit())) and not (
            after.isalnum() or after == "_" or (after in ",." and after_next.isdigit())
        ):
            return True
        start = text.find(value, start + 1)
    return False


def missing_facts(schema: DomainSchema, config: Config, content: str) -> list[str]:
    return [f.name for f in schema.fields if config.text[f.name] and not mentions(config.text[f.name], content)]


def _document(schema: DomainSchema, config: Config, content: str) -> Document:
    return Document(doc_id=doc_id_for(content), config_id=config.config_id, name=config.text[schema.name_field],
                    content=content, missing_facts=missing_facts(schema, config, content))


def compile_template(source: str) -> jinja2.Template:
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False, autoescape=False,
                             trim_blocks=True, lstrip_blocks=True)
    return env.from_string(source)


def render_rules(schema: DomainSchema, configs: list[Config], template: str) -> list[Document]:
    tpl = compile_template(template)
    out = []
    for c in configs:
        content = tpl.render(**c.text, subject=c.subject, config_id=c.config_id).strip()
        out.append(_document(schema, c, content))
    return out


def write_llm(schema: DomainSchema, configs: list[Config], engine: EngineConfig
              ) -> tuple[list[Document], list[StageFailure]]:
    client = engine.client()
    sections = SECTIONS[schema.domain][schema.language]
    keys = {k for k, _ in sections}
    docs, failures = [], []
    for c in configs:
        by_section: dict[str, list[dict]] = {k: [] for k, _ in sections}
        for f in schema.fields:
            key = f.section if f.section in keys else sections[0][0]
            by_section[key].append({"label": f.label, "value": c.text[f.name]})
        summary = [{"label": f.label, "value": c.text[f.name]} for f in schema.fields[:4]]
        parts, failed = [], None
        for key, title in sections:
            prompt = render("rageval_section", schema.language, domain=schema.domain, title=title, subject=c.subject,
                            summary=summary, facts=by_section[key], done=[t for _, t in sections][:len(parts)])
            result = client.complete_text(prompt)
            if not result.ok:
                failed = StageFailure(stage="documents", key=c.config_id, reason=f"section {title!r}: {result.error}",
                                      raw=result.raw)
                break
            parts.append(f"{title}\n\n{result.value.strip()}")
        if failed:
            failures.append(failed)
            continue
        docs.append(_document(schema, c, "\n\n".join(parts)))
    return docs, failures


def generate_documents(schema: DomainSchema, configs: list[Config], engine: EngineConfig, template: str | None
                       ) -> tuple[list[Document], list[StageFailure]]:
    if engine.kind == "llm":
        return write_llm(schema, configs, engine)
    if template is None:
        raise ValueError("the rules engine needs a document template in the seed folder (domain.toml: template)")
    return render_rules(schema, configs, template), []
