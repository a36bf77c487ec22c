"""Render an EvaluationReport: Markdown, HTML and PNG plots (matplotlib, Agg backend).

Tables: retrieval and generation metrics overall and per question type (and per language
when there are several), MIRAGE adaptability per type, the hybrid text-weight scan per
label, failures and notes. The same Markdown and the overall table become Prefect
artifacts when the evaluation runs as a flow.
"""
from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from tasks.evaluate.mirage import MIRAGE_GROUPS
from tasks.evaluate.records import EvaluationReport, MetricSummary

_RETRIEVAL_PREFIXES = ("hit_rate@", "recall@", "precision@", "f1@", "mrr@", "ndcg@", "rageval_recall", "eir")
_GENERATION = ("rouge_l", "substring_match", "em", "nem", "token_f1", "completeness", "hallucination", "irrelevance", "judge_score")


class ReportFiles(BaseModel):
    directory: Path
    markdown: Path
    html: Path
    json_file: Path
    plots: list[Path]


def fmt(value: float | int | str | None) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _columns(summaries: Sequence[MetricSummary], kind: str) -> list[str]:
    names: list[str] = []
    for s in summaries:
        for n in s.means:
            if n in names:
                continue
            is_retrieval = n.startswith(_RETRIEVAL_PREFIXES)
            if (kind == "retrieval" and is_retrieval) or (kind == "generation" and n in _GENERATION):
                names.append(n)
    if kind == "generation":
        names.sort(key=_GENERATION.index)
    return names


def metric_table(report: EvaluationReport, kind: str, group: str = "type") -> tuple[list[str], list[list[str]]]:
    """Header and rows: "all" then one row per question type (or language)."""
    groups = report.by_type if group == "type" else report.by_lang
    summaries = [report.overall, *groups.values()]
    cols = _columns(summaries, kind)
    if not cols:
        return [], []
    header = [group, "questions", *cols]
    rows = []
    for name, s in [("all", report.overall), *groups.items()]:
        rows.append([name, str(s.questions), *(_cell(s, c) for c in cols)])
    return header, rows


def _cell(s: MetricSummary, metric: str) -> str:
    """The mean, with the number of records it averages when that is not the row's question count."""
    value, n = s.means.get(metric), s.counts.get(metric)
    if value is None or n is None or n == s.questions:
        return fmt(value)
    return f"{fmt(value)} (n={n})"


def mirage_table(report: EvaluationReport) -> tuple[list[str], list[list[str]]]:
    if report.mirage is None:
        return [], []
    header = ["type", "questions", *MIRAGE_GROUPS, "base acc.", "oracle acc.", "mixed acc."]
    rows = []
    for name, m in [("all", report.mirage), *report.mirage_by_type.items()]:
        rows.append([
            name, str(m.n), *(fmt(getattr(m, g)) for g in MIRAGE_GROUPS),
            fmt(m.base_accuracy), fmt(m.oracle_accuracy), fmt(m.mixed_accuracy),
        ])
    return header, rows


def scan_table(report: EvaluationReport) -> tuple[list[str], list[list[str]]]:
    scan = report.text_weight_scan
    if scan is None:
        return [], []
    inclusive = scan.inclusive_weight
    header = ["label", "questions", *(f"w={w:g}" for w in scan.weights), "best text weight (per label)",
              f"best recall@{scan.k}", f"recall@{scan.k} at inclusive w={fmt(inclusive) if inclusive is None else f'{inclusive:g}'}"]
    rows = [
        [label, str(scan.questions[label]), *(fmt(by_w[f"{w:g}"]) for w in scan.weights),
         f"{scan.best_weight[label]:g}", fmt(scan.best_recall[label]), fmt(scan.recall_at_inclusive(label))]
        for label, by_w in scan.recall.items()
    ]
    return header, rows


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    if not header:
        return ""
    esc = lambda x: str(x).replace("|", "\\|")  # noqa: E731
    lines = ["| " + " | ".join(esc(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def title(report: EvaluationReport) -> str:
    if report.kind == "rageval":
        return f"RAGEval scores: {Path(report.source).name}"
    what = f"{report.collection}@{report.version}"
    if report.kind == "submission":
        return f"Submission scores on {what}"
    return f"Baseline {report.system} on {what}"


def _facts(report: EvaluationReport) -> list[tuple[str, str]]:
    facts = [("kind", report.kind), ("convention", report.convention), ("source", report.source)]
    if report.system:
        facts.append(("system", report.system))
    if report.k:
        facts.append(("k", str(report.k)))
    facts.append(("engine", report.engine))
    if report.answered_by:
        facts.append(("answers by", report.answered_by))
    facts.append(("questions", str(report.overall.questions)))
    if report.usage.calls or report.usage.cached:
        facts.append(("LLM calls", f"{report.usage.calls} ({report.usage.cached} cached, {report.usage.failures} failed)"))
    facts.append(("created", report.created.isoformat(timespec="seconds")))
    return facts


def sections(report: EvaluationReport) -> list[tuple[str, list[str], list[list[str]]]]:
    """(heading, header, rows) of every table in the report, in order."""
    out = []
    for kind, heading in (("retrieval", "Retrieval"), ("generation", "Generation")):
        header, rows = metric_table(report, kind, "type")
        if header:
            out.append((f"{heading} by question type", header, rows))
    if len(report.by_lang) > 1:
        for kind, heading in (("retrieval", "Retrieval"), ("generation", "Generation")):
            header, rows = metric_table(report, kind, "lang")
            if header:
                out.append((f"{heading} by language", header, rows))
    header, rows = mirage_table(report)
    if header:
        out.append(("MIRAGE adaptability (they sum to 1 per row)", header, rows))
    header, rows = scan_table(report)
    if header:
        out.append((f"Hybrid text-weight scan (Recall@{report.text_weight_scan.k})", header, rows))
    if report.failures:
        out.append(("Failures", ["stage", "key", "reason"], [[f.stage, f.key, f.reason] for f in report.failures]))
    return out


def render_markdown(report: EvaluationReport, plots: Sequence[Path] = ()) -> str:
    parts = [f"# {title(report)}", "", *(f"- **{k}**: {v}" for k, v in _facts(report)), ""]
    for note in report.notes:
        parts += [f"> {note}", ""]
    for heading, header, rows in sections(report):
        parts += [f"## {heading}", "", _md_table(header, rows), ""]
    if plots:
        parts += ["## Plots", ""] + [f"![{p.stem}]({p.name})" for p in plots] + [""]
    parts += [
        "Metrics: retrieval at cut-off k over de-duplicated found_ids, several relevant texts per question; "
        "NDCG's ideal ranking from all relevant texts; substring match = normalised gold answer inside the "
        "answer; keypoint metrics from structured LLM labels; judge score = mean of DRAGON's 0–2 criteria / 2 (0–1). "
        f"Convention {report.convention}: see the README's scoring section; a mean over fewer records than "
        "the row's questions shows its count as (n=…).",
        "",
    ]
    return "\n".join(parts)


def render_html(report: EvaluationReport, plots: Sequence[Path] = ()) -> str:
    e = html.escape
    body = [f"<h1>{e(title(report))}</h1>", "<ul>"]
    body += [f"<li><b>{e(k)}</b>: {e(v)}</li>" for k, v in _facts(report)]
    body.append("</ul>")
    body += [f"<blockquote>{e(n)}</blockquote>" for n in report.notes]
    for heading, header, rows in sections(report):
        body.append(f"<h2>{e(heading)}</h2><table><thead><tr>")
        body += [f"<th>{e(h)}</th>" for h in header]
        body.append("</tr></thead><tbody>")
        for r in rows:
            body.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>")
        body.append("</tbody></table>")
    if plots:
        body.append("<h2>Plots</h2>")
        body += [f'<figure><img src="{e(p.name)}" alt="{e(p.stem)}"><figcaption>{e(p.stem)}</figcaption></figure>' for p in plots]
    style = (
        "body{font-family:system-ui,sans-serif;margin:2em;max-width:1200px}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}"
        "td:first-child,th:first-child{text-align:left}th{background:#f3f3f3}img{max-width:100%}"
        "blockquote{color:#555;border-left:3px solid #ccc;margin:1em 0;padding-left:1em}"
    )
    return (
        f'<!doctype html><html><head><meta charset="utf-8"><title>{e(title(report))}</title>'
        f"<style>{style}</style></head><body>{''.join(body)}</body></html>"
    )


def make_plots(report: EvaluationReport, out_dir: Path) -> list[Path]:
    """PNG plots: key metrics per question type, MIRAGE groups, text-weight scan."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    k = report.k
    wanted = [f"recall@{k}", f"ndcg@{k}", f"mrr@{k}", "rageval_recall", "rouge_l", "substring_match", "token_f1", "judge_score"]
    groups = {"all": report.overall, **report.by_type}
    metrics = [m for m in wanted if any(s.means.get(m) is not None for s in groups.values())]
    if metrics:
        fig, ax = plt.subplots(figsize=(max(6, 1.6 * len(groups)), 4))
        width = 0.8 / len(metrics)
        for i, m in enumerate(metrics):
            xs = [j + i * width for j in range(len(groups))]
            ax.bar(xs, [s.means.get(m) or 0.0 for s in groups.values()], width, label=m)  # all on 0-1
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(groups))], list(groups), rotation=20)
        ax.set_ylim(0, 1)
        ax.set_title("Metrics by question type")
        ax.legend(fontsize=7, ncols=2)
        fig.tight_layout()
        paths.append(out_dir / "metrics_by_type.png")
        fig.savefig(paths[-1], dpi=110)
        plt.close(fig)
    if report.mirage is not None and report.mirage.n:
        rows = {"all": report.mirage, **report.mirage_by_type}
        fig, ax = plt.subplots(figsize=(7, 1 + 0.5 * len(rows)))
        left = [0.0] * len(rows)
        for g in MIRAGE_GROUPS:
            vals = [getattr(m, g) or 0.0 for m in rows.values()]
            ax.barh(list(rows), vals, left=left, label=g.replace("_", " "))
            left = [a + b for a, b in zip(left, vals)]
        ax.set_xlim(0, 1)
        ax.set_title("MIRAGE adaptability")
        ax.legend(fontsize=7, loc="lower right")
        fig.tight_layout()
        paths.append(out_dir / "mirage.png")
        fig.savefig(paths[-1], dpi=110)
        plt.close(fig)
    scan = report.text_weight_scan
    if scan is not None and scan.recall:
        fig, ax = plt.subplots(figsize=(6, 4))
        for label, by_w in scan.recall.items():
            ax.plot(scan.weights, [by_w[f"{w:g}"] for w in scan.weights], marker="o", label=label)
        ax.set_xlabel("text weight (0 = dense, 1 = lexical)")
        ax.set_ylabel(f"Recall@{scan.k}")
        ax.set_title("Hybrid text-weight scan")
        ax.legend(fontsize=7)
        fig.tight_layout()
        paths.append(out_dir / "text_weight_scan.png")
        fig.savefig(paths[-1], dpi=110)
        plt.close(fig)
    return paths


def write_report(report: EvaluationReport, out_dir: Path, plots: bool = True) -> ReportFiles:
    """report.md, report.html, report.json and the PNG plots in ``out_dir``."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    pngs = make_plots(report, out_dir) if plots else []
    md, page, js = out_dir / "report.md", out_dir / "report.html", out_dir / "report.json"
    md.write_text(render_markdown(report, pngs), encoding="utf-8")
    page.write_text(render_html(report, pngs), encoding="utf-8")
    js.write_text(json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=1), encoding="utf-8")
    return ReportFiles(directory=out_dir, markdown=md, html=page, json_file=js, plots=pngs)


def overall_table_rows(report: EvaluationReport) -> list[dict]:
    """Rows for a Prefect table artifact: one per group (all + each question type)."""
    rows = []
    for name, s in [("all", report.overall), *report.by_type.items()]:
        row: dict = {"type": name, "convention": report.convention, "questions": s.questions}
        row.update({m: (round(v, 4) if v is not None else None) for m, v in s.means.items()})
        # how many records a mean averages, where that is not the row's question count
        row.update({f"{m} (n)": n for m, n in s.counts.items() if n != s.questions})
        rows.append(row)
    return rows
