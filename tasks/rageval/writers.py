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
