"""RAGEval's (DragonBall's) documents and queries JSONL, field for field (../shared/FORMATS.md).

documents: ``{domain, language, doc_id, content, <name field>}`` with the name field
``company_name`` (finance), ``court_name`` (law), ``hospital_patient_name`` (medical).
queries: ``{domain, language, query: {query_id, query_type, content}, ground_truth:
{doc_ids, content, references, keypoints}}``; ``prediction`` only when given (scored
results). The ``domain`` value is RAGEval's: finance, law, medical.

Files are written to a temporary name and renamed, so a killed run leaves no half file.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from schemas.rageval import NAME_FIELD, QUERY_TYPES, RAGEVAL_DOMAIN, Document, DomainBuild, QRAItem


def document_record(domain: str, lang: str, doc: Document) -> dict:
    return {"domain": RAGEVAL_DOMAIN[domain], "language": lang, "doc_id": doc.doc_id, "content": doc.content,
            NAME_FIELD[domain]: doc.name}


def query_record(domain: str, lang: str, item: QRAItem, prediction: dict | None = None) -> dict:
    record = {
        "domain": RAGEVAL_DOMAIN[domain],
        "language": lang,
        "query": {"query_id": item.query_id, "query_type": QUERY_TYPES[item.type], "content": item.question},
        "ground_truth": {"doc_ids": list(item.doc_ids), "content": item.answer, "references": list(item.references),
                         "keypoints": list(item.keypoints)},
    }
    if prediction is not None:
        record["prediction"] = {"content": prediction.get("content", ""),
                                "references": list(prediction.get("references", []))}
    return record


def _write_jsonl(path: Path, records) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    os.replace(tmp, path)
    return path


def write_documents(path: Path, build: DomainBuild) -> Path:
    d, lang = build.spec.domain, build.spec.language
    return _write_jsonl(path, (document_record(d, lang, doc) for doc in build.documents))


def write_queries(path: Path, build: DomainBuild, predictions: dict[int, dict] | None = None) -> Path:
    d, lang = build.spec.domain, build.spec.language
    return _write_jsonl(path, (query_record(d, lang, it, (predictions or {}).get(it.query_id) if predictions else None)
                               for it in build.items))


def write_release(store, texts: list[dict], items: list[tuple[int, "object"]], out_dir: Path) -> list[str]:
    """The ``rageval`` export of a release (benchmill.releases.EXPORT_WRITERS): RAGEval's
    ``rageval/documents.jsonl`` (the release's texts) and ``rageval/queries.jsonl`` (its
    questions, readable by ``benchmill score --rageval``), in public-id order.

    The RAGEval fields come from what the domain-build flow stored: each passage's lineage
    (``domain``, ``rageval_doc_id``, ``name``) and each item's config (``domain``,
    ``query_id``, ``rageval_doc_ids``). Texts of other generators have no RAGEval id and are
    left out."""
    passages = {p.passage_id: p for p in store.passages(sorted(t["passage_id"] for t in texts))}
    docs = []
    for t in texts:
        p = passages[t["passage_id"]]
        if "rageval_doc_id" not in p.lineage:
            continue
        doc = Document(doc_id=p.lineage["rageval_doc_id"], config_id=p.lineage.get("config_id", ""),
                       name=p.lineage.get("name", p.title), content=p.text)
        docs.append(document_record(p.lineage["domain"], p.lang, doc))
    queries = []
    for _, it in items:
        cfg = it.config or {}
        if "query_id" not in cfg:
            continue
        q = QRAItem(item_id=it.item_id, query_id=cfg["query_id"], type=it.type, question=it.question,
                    answer=it.answers[0] if it.answers else "", references=it.references,
                    doc_ids=cfg.get("rageval_doc_ids", []), keypoints=it.keypoints)
        queries.append(query_record(cfg["domain"], it.lang, q))
    _write_jsonl(Path(out_dir) / "rageval" / "documents.jsonl", docs)
    _write_jsonl(Path(out_dir) / "rageval" / "queries.jsonl", queries)
    return ["rageval/documents.jsonl", "rageval/queries.jsonl"]
