"""The question-grammar filter against the hand-judged sheets (issue 10).

Every row of ``bench/judged/<sheet>.jsonl`` (written by ``benchmill judge-sheet``, filled by an
independent reader) says whether its question is grammatical. This runs the filter's checks
(``tasks/dragon/question_grammar``) on each judged news question, read from the row alone
(question, answers, references: the sheets carry no subgraph, so checks that need one stay silent)
and reports, per sheet and over all of them:

  caught      ungrammatical questions the filter rejects / all ungrammatical ones (recall)
  wrongly     grammatical questions it rejects / all grammatical ones (false rejections)
  good_lost   rows judged good on all four flags that it rejects / all such rows (a check on the answer's
              form, say, rejects grammatical questions whose answers are wrong: those are no loss)
  after       the grammatical share of the questions it lets through (vs the share before)
  ms/question the filter's cost: wall time of the checks per judged question, once the language's
              parser is loaded (the first question of each language is not counted)

    python -m bench.bench_grammar                          # every news sheet but held-out sites'
    python -m bench.bench_grammar --sheets 'site8-*' --details
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JUDGED = ROOT / "bench" / "judged"


def _view(row: dict):
    from tasks.dragon.question_grammar import QuestionView

    parts = [part[0] for part in row.get("answer_parts") or [] if part]
    answers = tuple(parts or [row.get("answer", "")])
    return QuestionView(question=row["question"], answers=answers, type=row.get("type", "simple"),
                        lang=row.get("lang") or row["collection"].rsplit("-", 1)[-1],
                        references=tuple(row.get("references") or ()))


_WARM: set[str] = set()


def score_sheet(path: Path, details: bool = False) -> dict:
    from tasks.dragon.question_grammar import findings

    counts: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("grammatical") is None:
            continue
        view = _view(row)
        start = time.perf_counter()
        found = findings(view)
        if view.lang in _WARM:
            counts["timed"] += 1
            counts["micros"] += round((time.perf_counter() - start) * 1e6)
        _WARM.add(view.lang)
        good = bool(row["grammatical"])
        flawless = all(row.get(flag) for flag in ("grammatical", "answerable", "correct", "unique"))
        counts["grammatical" if good else "ungrammatical"] += 1
        counts["flawless"] += flawless
        if found:
            counts["rejected_good" if good else "rejected_bad"] += 1
            counts["rejected_flawless"] += flawless
            codes.update(f.code for f in found)
        if details and (found or not good):
            mark = ("WRONG " if good else "caught") if found else "missed"
            lines.append(f"  {mark} {row['question']}  -> {row.get('answer', '')}")
            for f in found:
                lines.append(f"         {f.code}: {f.reason}")
            if not good and row.get("note"):
                lines.append(f"         judge: {row['note'][:200]}")
    return {"counts": counts, "codes": codes, "lines": lines}


def _rates(c: Counter) -> dict:
    bad, good = c["ungrammatical"], c["grammatical"]
    kept_good, kept_bad = good - c["rejected_good"], bad - c["rejected_bad"]
    return {
        "questions": bad + good,
        "caught": f"{c['rejected_bad']}/{bad}",
        "wrongly": f"{c['rejected_good']}/{good}",
        "good_lost": f"{c['rejected_flawless']}/{c['flawless']}",
        "grammatical_before": round(good / max(1, good + bad), 3),
        "grammatical_after": round(kept_good / max(1, kept_good + kept_bad), 3),
        "kept": kept_good + kept_bad,
        "ms_per_question": round(c["micros"] / max(1, c["timed"]) / 1000, 1),
    }


# Sheets of sites held out from whoever changes the question writer or the filter: the default run skips them
# (their rows must not be read while rules are written); name them in --sheets to score them, counts only.
HELD_OUT_SHEETS = ("site11-", "site12-", "site14-", "site15-", "site22-")


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--sheets",
        default=None,
        help="glob of sheet names in bench/judged (default: every news sheet but the held-out sites' ones)",
    )
    parser.add_argument("--details", action="store_true", help="print every rejected or ungrammatical question")
    args = parser.parse_args(argv)
    results: dict = {}
    total: dict[str, Counter] = {"en": Counter(), "ru": Counter()}
    codes: Counter[str] = Counter()
    for path in sorted(JUDGED.glob((args.sheets or "*news-*") + ".jsonl")):
        if "news-" not in path.name or (args.sheets is None and path.name.startswith(HELD_OUT_SHEETS)):
            continue
        lang = "ru" if "news-ru" in path.name else "en"
        scored = score_sheet(path, args.details)
        total[lang].update(scored["counts"])
        codes.update(scored["codes"])
        results[path.stem] = _rates(scored["counts"])
        print(f"{path.stem}: {results[path.stem]}")
        for line in scored["lines"]:
            print(line)
    for lang, c in total.items():
        if c:
            results[f"all-{lang}"] = _rates(c)
            print(f"ALL {lang}: {results[f'all-{lang}']}")
    results["codes"] = dict(codes.most_common())
    print("codes:", results["codes"])
    return results


if __name__ == "__main__":
    main()
