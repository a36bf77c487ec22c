"""Stage 3, QRA: question, references, answer for the seven RAGEval types, then refinement.

rules: templates over config fields (the schema's ``ask`` / ``answer`` / ``identify`` /
``event`` strings plus the per-language generic templates below); llm: one prompt per item
with the config facts and the document(s) (prompts/<lang>/rageval_qra.j2). References are
verbatim sentences of the cited documents.

Refinement (paper, 3.3): references not found verbatim are dropped; each answer sentence
whose content (numbers, names) no reference carries gets the document sentence that does
added as a reference; an answer sentence whose content no document sentence supports is
removed. An answer left empty fails the item.

Documents missing a fact (``missing_facts``) are never asked about that fact.
"""
from __future__ import annotations

import hashlib
import random
import re


from pydantic import BaseModel

from benchmill.engines import EngineConfig
from benchmill.prompts import render
from schemas.rageval import QUERY_TYPES, Config, Document, DomainSchema, DomainSpec, FieldSpec, QRAItem, StageFailure
from tasks.rageval.documents import mentions
from tasks.rageval.text import content_units, lower_first, sentences, upper_first

GENERIC = {
    "en": {
        "summary_q": "Summarize what the {title} section says about {subject}.",
        "integration_q": "Compare the {label} of {a} with that of {b}.",
        "numerical_q": "Which had the greater {label}: {a} or {b}?",
        "numerical_a": "{A} had the greater {label}: {va}, compared with {vb} for {b}.",
        "numerical_kp": "{A} had the greater {label}.",
        "temporal_q": "For {subject}, which happened first: {e1} or {e2}?",
        "temporal_a": "{E1} happened first, on {d1}; {e2} followed on {d2}.",
        "temporal_kp": "{E1} happened before {e2}.",
        "unanswerable_a": "The documents do not contain this information, so the question cannot be answered.",
        "unanswerable_kp": ["The documents do not contain the information the question asks for.",
                            "The question cannot be answered from the documents."],
    },
    "ru": {
        "summary_q": "Кратко изложите раздел «{title}» для {subject}.",
        "integration_q": "Сравните показатель «{label}» у {a} и у {b}.",
        "numerical_q": "У кого показатель «{label}» выше: у {a} или у {b}?",
        "numerical_a": "Показатель «{label}» выше у {a}: {va} против {vb} у {b}.",
        "numerical_kp": "Показатель «{label}» у {a} выше, чем у {b}.",
        "temporal_q": "Что у {subject} произошло раньше: {e1} или {e2}?",
        "temporal_a": "Сначала — {e1} ({d1}), затем — {e2} ({d2}).",
        "temporal_kp": "{E1} — раньше, чем {e2}.",
        "unanswerable_a": "В документах нет этих сведений, поэтому на вопрос ответить нельзя.",
        "unanswerable_kp": ["В документах нет сведений, о которых спрашивает вопрос.",
                            "На вопрос нельзя ответить по документам."],
    },
}
TYPES = list(QUERY_TYPES)


class _Draft(BaseModel):
    type: str
    question: str
    answer: str
    references: list[str]
    doc_ids: list[int]
    fields: list[str] = []
    facts: list[str] = []


class QRAReply(BaseModel):
    """What the llm engine is asked for per item."""

    question: str
    answer: str
    references: list[str]


def plan_types(spec: DomainSpec, n_docs: int) -> dict[str, int]:
    """Items per type: the quotas, else the type mix over round(n_docs x questions_per_document)."""
    if spec.quotas:
        return {t: spec.quotas.get(t, 0) for t in TYPES}
    total = max(1, round(n_docs * spec.questions_per_document))
    weight = sum(spec.type_mix.values())
    shares = {t: total * spec.type_mix.get(t, 0.0) / weight for t in TYPES}
    counts = {t: int(v) for t, v in shares.items()}
    for t in sorted(TYPES, key=lambda t: (-(shares[t] - counts[t]), TYPES.index(t)))[: total - sum(counts.values())]:
        counts[t] += 1
    return counts


def item_ids(lang: str, draft: _Draft) -> tuple[str, int]:
    digest = hashlib.sha256("\0".join([lang, draft.type, draft.question, *map(str, draft.doc_ids)]).encode()).hexdigest()
    return digest[:16], int(digest[:12], 16)


class _Fill(dict):
    def __missing__(self, key):
        raise KeyError(key)


def _fmt(template: str, values: dict, **extra) -> str:
    return template.format_map(_Fill({**values, **extra}))


def reference_for(doc: Document, value: str, prefer: str | None = None) -> str | None:
    """The document sentence holding ``value``; of several, the one naming most of ``prefer`` (the subject)."""
    found = [s for s in sentences(doc.content) if mentions(value, s)]
    if not found:
        return None
    if prefer:
        want = content_units(prefer) | {w.casefold() for w in re.findall(r"[\w'’-]{3,}", prefer)}
        return max(found, key=lambda s: (len(want & {w.casefold() for w in re.findall(r"[\w'’-]{3,}", s)}), len(s)))
    return found[0]


class _RulesQRA:
    def __init__(self, schema: DomainSchema, configs: list[Config], documents: list[Document], rng: random.Random):
        self.schema, self.rng = schema, rng
        self.lang = schema.language
        self.g = GENERIC[self.lang]
        by_config = {c.config_id: c for c in configs}
        self.pairs = [(by_config[d.config_id], d) for d in documents if d.config_id in by_config]
        import string

        in_subject = {n for _, n, _, _ in string.Formatter().parse(schema.subject) if n}
        self.askable = [f for f in schema.fields if f.ask and f.name not in in_subject]
        # information integration compares like with like across documents
        self.integrable = [f for f in self.askable if f.compare or f.type in ("choice", "city", "date")]
        self.comparable = [f for f in self.askable if f.compare and f.type in ("amount", "integer")]
        self.events = [f for f in schema.fields if f.type == "date" and f.event]
        self.bridges = [f for f in schema.fields if f.identify and f.answer]
        counts: dict[tuple[str, str], int] = {}
        for c, _ in self.pairs:
            for f in self.bridges:
                counts[(f.name, c.text[f.name])] = counts.get((f.name, c.text[f.name]), 0) + 1
        self.bridge_counts = counts

    # a fact of one document: its answer sentence and reference -------------------------
    def fact(self, c: Config, d: Document, f: FieldSpec, subject: str | None = None) -> tuple[str, str] | None:
        if f.name in d.missing_facts or not f.answer:
            return None
        answer = upper_first(_fmt(f.answer, c.text, subject=subject or c.subject))
        ref = reference_for(d, c.text[f.name], prefer=_fmt(f.answer, c.text, subject=c.subject))
        if ref is None:
            return None
        return answer, ref

    def _pick(self):
        return self.rng.choice(self.pairs)

    def _two(self):
        if len(self.pairs) < 2:
            return None
        return self.rng.sample(self.pairs, 2)

    def factual(self) -> _Draft | None:
        c, d = self._pick()
        fields = [f for f in self.askable if f.name not in d.missing_facts]
        if not fields:
            return None
        f = self.rng.choice(fields)
        fact = self.fact(c, d, f)
        if fact is None:
            return None
        return _Draft(type="factual", question=upper_first(_fmt(f.ask, c.text, subject=c.subject)), answer=fact[0],
                      references=[fact[1]], doc_ids=[d.doc_id], fields=[f"{d.doc_id}:{f.name}"], facts=[fact[0]])

    def summary(self) -> _Draft | None:
        c, d = self._pick()
        groups: dict[str, list[FieldSpec]] = {}
        for f in self.askable:
            if f.section in self.schema.sections and f.name not in d.missing_facts:
                groups.setdefault(f.section, []).append(f)
        groups = {k: v for k, v in groups.items() if len(v) >= 2}
        if not groups:
            return None
        key = self.rng.choice(sorted(groups))
        # every fact of the section, less those another of its answers already states
        # (total revenue's answer gives the operating revenue too)
        made = [(f, self.fact(c, d, f)) for f in groups[key]]
        made = [(f, x) for f, x in made if x]
        facts = [(f, x) for f, x in made
                 if not any(g is not f and c.text[f.name] in y[0] and len(y[0]) > len(x[0]) for g, y in made)]
        if len(facts) < 2:
            return None
        return _Draft(type="summary", question=upper_first(self.g["summary_q"].format(title=self.schema.sections[key], subject=c.subject)),
                      answer=" ".join(x[0] for _, x in facts), references=_unique(x[1] for _, x in facts),
                      doc_ids=[d.doc_id], fields=[f"{d.doc_id}:{f.name}" for f, _ in facts], facts=[x[0] for _, x in facts])

    def multi_hop(self) -> _Draft | None:
        c, d = self._pick()
        bridges = [f for f in self.bridges if self.bridge_counts.get((f.name, c.text[f.name])) == 1
                   and f.name not in d.missing_facts]
        if not bridges:
            return None
        b = self.rng.choice(bridges)
        targets = [f for f in self.askable if f.name != b.name and f.name not in d.missing_facts]
        if not targets:
            return None
        t = self.rng.choice(targets)
        bridge_fact, target_fact = self.fact(c, d, b), self.fact(c, d, t)
        if bridge_fact is None or target_fact is None:
            return None
        question = _tidy(_fmt(t.ask, c.text, subject=_fmt(b.identify, c.text, subject=c.subject)))
        return _Draft(type="multi_hop", question=upper_first(question), answer=f"{bridge_fact[0]} {target_fact[0]}",
                      references=_unique([bridge_fact[1], target_fact[1]]), doc_ids=[d.doc_id],
                      fields=[f"{d.doc_id}:{b.name}", f"{d.doc_id}:{t.name}"], facts=[bridge_fact[0], target_fact[0]])

    def integration(self) -> _Draft | None:
        two = self._two()
        if two is None or not self.integrable:
            return None
        (ca, da), (cb, db) = two
        f = self.rng.choice(self.integrable)
        fa, fb = self.fact(ca, da, f), self.fact(cb, db, f)
        if fa is None or fb is None:
            return None
        return _Draft(type="integration",
                      question=upper_first(self.g["integration_q"].format(label=f.label, a=ca.subject, b=cb.subject)),
                      answer=f"{fa[0]} {fb[0]}", references=[fa[1], fb[1]], doc_ids=[da.doc_id, db.doc_id],
                      fields=[f"{da.doc_id}:{f.name}", f"{db.doc_id}:{f.name}"], facts=[fa[0], fb[0]])

    def numerical(self) -> _Draft | None:
        two = self._two()
        if two is None or not self.comparable:
            return None
        f = self.rng.choice(self.comparable)
        (ca, da), (cb, db) = two
        if float(ca.values[f.name]) == float(cb.values[f.name]):
            return None
        fa, fb = self.fact(ca, da, f), self.fact(cb, db, f)
        if fa is None or fb is None:
            return None
        (cw, _), (cl, _) = sorted(two, key=lambda p: -float(p[0].values[f.name]))
        g = self.g
        conclusion = g["numerical_a"].format(A=upper_first(cw.subject), a=cw.subject, label=f.label,
                                             va=cw.text[f.name], vb=cl.text[f.name], b=cl.subject)
        keypoint = g["numerical_kp"].format(A=upper_first(cw.subject), a=cw.subject, b=cl.subject, label=f.label)
        return _Draft(type="numerical",
                      question=upper_first(g["numerical_q"].format(label=f.label, a=ca.subject, b=cb.subject)),
                      answer=conclusion, references=[fa[1], fb[1]], doc_ids=[da.doc_id, db.doc_id],
                      fields=[f"{da.doc_id}:{f.name}", f"{db.doc_id}:{f.name}"], facts=[fa[0], fb[0], keypoint])

    def temporal(self) -> _Draft | None:
        c, d = self._pick()
        events = [f for f in self.events if f.name not in d.missing_facts]
        if len(events) < 2:
            return None
        e1, e2 = self.rng.sample(events, 2)
        if c.values[e1.name] == c.values[e2.name]:
            return None
        first, second = sorted([e1, e2], key=lambda f: str(c.values[f.name]))
        ev = {f.name: _fmt(f.event, c.text, subject=c.subject) for f in (e1, e2)}
        r1 = reference_for(d, c.text[first.name], prefer=f"{c.subject} {ev[first.name]}")
        r2 = reference_for(d, c.text[second.name], prefer=f"{c.subject} {ev[second.name]}")
        if r1 is None or r2 is None:
            return None
        g = self.g
        answer = g["temporal_a"].format(E1=upper_first(ev[first.name]), e1=ev[first.name], d1=c.text[first.name],
                                        e2=ev[second.name], d2=c.text[second.name])
        keypoint = g["temporal_kp"].format(E1=upper_first(ev[first.name]), e2=ev[second.name])
        return _Draft(type="temporal",
                      question=upper_first(g["temporal_q"].format(subject=c.subject, e1=ev[e1.name], e2=ev[e2.name])),
                      answer=answer, references=_unique([r1, r2]), doc_ids=[d.doc_id],
                      fields=[f"{d.doc_id}:{first.name}", f"{d.doc_id}:{second.name}"],
                      facts=[f"{upper_first(ev[first.name])}: {c.text[first.name]}.",
                             f"{upper_first(ev[second.name])}: {c.text[second.name]}.", keypoint])

    def unanswerable(self) -> _Draft | None:
        if not self.schema.unanswerable:
            return None
        c, _ = self._pick()
        question = _fmt(self.rng.choice(self.schema.unanswerable), c.text, subject=c.subject)
        return _Draft(type="unanswerable", question=upper_first(question), answer=self.g["unanswerable_a"],
                      references=[], doc_ids=[], facts=list(self.g["unanswerable_kp"]))


def _tidy(text: str) -> str:
    """Punctuation left by a bridge phrase set off by commas: "компании , где ... ,?" -> "компании, где ...?"."""
    text = re.sub(r"\s+,", ",", text)
    return re.sub(r",\s*([?.!])", r"\1", text)


def _unique(values) -> list[str]:
    out: list[str] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def _finish(lang: str, draft: _Draft) -> QRAItem:
    item_id, query_id = item_ids(lang, draft)
    return QRAItem(item_id=item_id, query_id=query_id, **draft.model_dump())


def generate_qra_rules(schema: DomainSchema, configs: list[Config], documents: list[Document], spec: DomainSpec,
                       plan: dict[str, int] | None = None) -> tuple[list[QRAItem], list[StageFailure]]:
    """Drafts from templates, reproducible for spec.seed; a type that cannot fill its quota is a failure."""
    plan = plan or plan_types(spec, len(documents))
    gen = _RulesQRA(schema, configs, documents, random.Random(f"qra:{spec.seed}"))
    items, failures, seen = [], [], set()
    for qtype in TYPES:
        want = plan.get(qtype, 0)
        made = 0
        for _ in range(want * 30 if gen.pairs else 0):
            if made == want:
                break
            try:
                draft = getattr(gen, qtype)()
            except KeyError as exc:  # a schema template names a field the config lacks
                failures.append(StageFailure(stage="qra", key=qtype, reason=f"template uses unknown field {exc}"))
                break
            if draft is None:
                continue
            key = (draft.question.casefold(), tuple(draft.doc_ids))
            if key in seen:
                continue
            item, failure = refine(_finish(schema.language, draft), documents)
            if failure:
                failures.append(failure)
                continue
            seen.add(key)
            items.append(item)
            made += 1
        if made < want:
            failures.append(StageFailure(stage="qra", key=qtype, reason=f"made {made} of {want} {qtype} items "
                                         "(the documents or schema offer no more distinct ones)"))
    return items, failures


# --------------------------------------------------------------------------- refinement


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def refine(item: QRAItem, documents: list[Document]) -> tuple[QRAItem | None, StageFailure | None]:
    """Verbatim references only; add references for answer content, drop unsupported answer content."""
    if item.type == "unanswerable":
        return item.model_copy(update={"references": []}), None
    docs = [d for d in documents if d.doc_id in set(item.doc_ids)]
    doc_sentences = [(d.doc_id, s) for d in docs for s in sentences(d.content)]
    texts = [_norm(d.content) for d in docs]
    log: list[str] = []
    refs = []
    for r in item.references:
        if any(_norm(r) in t for t in texts) and r.strip():
            refs.append(r.strip())
        else:
            log.append(f"dropped non-verbatim reference {r[:60]!r}")
    kept = []
    for sent in sentences(item.answer):
        need = content_units(sent, claim=True) - set().union(set(), *(content_units(r) for r in refs))
        while need:
            # the document sentence carrying most of what no reference carries yet
            best = max(doc_sentences, key=lambda ds: len(need & content_units(ds[1])), default=None)
            if best is None or not need & content_units(best[1]):
                break
            refs.append(best[1])
            log.append(f"added reference {best[1][:60]!r}")
            need -= content_units(best[1])
        if need:
            log.append(f"dropped unsupported answer sentence {sent[:60]!r} ({', '.join(sorted(need))})")
            continue
        kept.append(sent)
    if not kept:
        return None, StageFailure(stage="refine", key=item.item_id, reason="no answer content is supported by the documents")
    used = {d for d, s in doc_sentences if s in refs}
    return item.model_copy(update={"answer": " ".join(kept), "references": _unique(refs), "refinement": log,
                                   "doc_ids": [i for i in item.doc_ids if i in used] or item.doc_ids}), None


# --------------------------------------------------------------------------- llm


TYPE_GUIDE = {
    "en": {
        "factual": "a factual question about one specific fact of the document",
        "summary": "a question asking to summarise one section or event of the document",
        "multi_hop": "a question that needs two facts of the document chained together (name the entity only through another fact)",
        "integration": "a question whose answer combines information from both documents",
        "numerical": "a question comparing a number given in both documents (which is higher / lower)",
        "temporal": "a question about the order in time of two events of the document",
        "unanswerable": "a plausible question about the document's subject that the document does NOT answer; "
                        "the answer says that the documents do not contain the information, and references are empty",
    },
    "ru": {
        "factual": "фактический вопрос об одном конкретном факте документа",
        "summary": "вопрос с просьбой кратко изложить один раздел или событие документа",
        "multi_hop": "вопрос, для ответа на который нужно связать два факта документа",
        "integration": "вопрос, ответ на который объединяет сведения из обоих документов",
        "numerical": "вопрос, сравнивающий число, приведённое в обоих документах (что больше / меньше)",
        "temporal": "вопрос о порядке во времени двух событий документа",
        "unanswerable": "правдоподобный вопрос о предмете документа, на который документ НЕ отвечает; "
                        "ответ говорит, что в документах нет этих сведений, список references пуст",
    },
}


def generate_qra_llm(schema: DomainSchema, configs: list[Config], documents: list[Document], spec: DomainSpec,
                     engine: EngineConfig, plan: dict[str, int] | None = None
                     ) -> tuple[list[QRAItem], list[StageFailure]]:
    """One prompt per item (config facts + document(s)); an unusable reply fails that item only."""
    plan = plan or plan_types(spec, len(documents))
    rng = random.Random(f"qra:{spec.seed}")
    by_config = {c.config_id: c for c in configs}
    pairs = [(by_config[d.config_id], d) for d in documents if d.config_id in by_config]
    client = engine.client()
    items, failures, seen = [], [], set()
    for qtype in TYPES:
        for k in range(plan.get(qtype, 0) if pairs else 0):
            n_docs = 2 if qtype in ("integration", "numerical") and len(pairs) >= 2 else 1
            chosen = rng.sample(pairs, n_docs)
            prompt = render(
                "rageval_qra", schema.language, domain=schema.domain, guide=TYPE_GUIDE[schema.language][qtype],
                documents=[{"facts": [{"label": f.label, "value": c.text[f.name]} for f in schema.fields],
                            "content": d.content} for c, d in chosen],
            )
            key = f"{qtype}-{k}"
            result = client.complete_json(prompt, QRAReply)
            if not result.ok:
                failures.append(StageFailure(stage="qra", key=key, reason=result.error or "unusable reply", raw=result.raw))
                continue
            reply: QRAReply = result.value
            draft = _Draft(type=qtype, question=reply.question.strip(), answer=reply.answer.strip(),
                           references=[] if qtype == "unanswerable" else reply.references,
                           doc_ids=[] if qtype == "unanswerable" else [d.doc_id for _, d in chosen])
            if not draft.question or not draft.answer:
                failures.append(StageFailure(stage="qra", key=key, reason="empty question or answer", raw=result.raw))
                continue
            dedup = (draft.question.casefold(), tuple(draft.doc_ids))
            if dedup in seen:
                failures.append(StageFailure(stage="qra", key=key, reason="duplicate question", raw=result.raw))
                continue
            item, failure = refine(_finish(schema.language, draft), documents)
            if failure:
                failures.append(failure.model_copy(update={"raw": result.raw}))
                continue
            seen.add(dedup)
            items.append(item)
    return items, failures


def generate_qra(schema: DomainSchema, configs: list[Config], documents: list[Document], spec: DomainSpec,
                 engine: EngineConfig) -> tuple[list[QRAItem], list[StageFailure]]:
    if engine.kind == "llm":
        return generate_qra_llm(schema, configs, documents, spec, engine)
    return generate_qra_rules(schema, configs, documents, spec)


__all__ = ["GENERIC", "QRAReply", "TYPES", "generate_qra", "generate_qra_llm", "generate_qra_rules", "lower_first",
           "plan_types", "reference_for", "refine"]
