"""Answer leaks: a question whose text states another question's answer (issue 10).

A release lets a system read every question; if question *i* names the answer of
question *j* about the same fact, *j* is answered by reading *i* ("Who performed at M-bar
and met with Dmitry Dibrov?" gives away "Where did Roman Miroshnichenko perform?" → M-bar).

*i leaks j* when

* every answer part of *j* is named in *i*'s question (whole words, case-folded; Russian
  compared on lemmas too, so "в Мурманске" names "Мурманск"),
* *j*'s own question does not already name it (a comparison's winner is one of the two
  options it asks about: nothing to give away), and
* *i*'s question also names the other end of *j*'s answer fact: for an item with a
  subgraph, the other end of an edge touching *j*'s answer node (for a multi-hop bridge, which
  *j* describes instead of naming, the far end of the description); without one, every
  number and capitalised name of *j*'s question (its first word aside). Naming the answer
  alone is common in a small graph (an entity is in many facts) and gives little away;
  naming both ends of the fact states it.

The pool is the batch the stack hands the filter: the collection's items awaiting it,
i.e. the release candidates of this cycle. Of each leaking pair one item is kept: items
are visited best first (``tasks.filters.preference``: not rejected by a filter ahead, more
complete answer, higher scores ahead, lower id) and an item that leaks with a kept item
either way is rejected, the reason naming the other item. An item a filter ahead already
rejected knocks nothing out. score = 1.0 for a rejected item, else 0.0 (no leak).
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from schemas import Item, Verdict
from tasks.filters import FilterResult, words
from tasks.filters.preference import explain, preference_key, score_filters

FILTER_NAME = "answer_leaks"


class AnswerLeaksConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min_answer_chars: int = Field(2, ge=1, description="shorter answer parts (a lone digit) are too common to count as named")
    require_same_fact: bool = Field(True, description="the leaking question must name the other end of the answer's fact too")


def _lemma_words(text: str, lang: str) -> tuple[str, ...]:
    ws = words(text)
    if lang != "ru":
        return tuple(ws)
    from benchmill.nlp import lemma_ru

    return tuple(w if w.isdigit() else lemma_ru(w) for w in ws)


def _contains(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    if n == 0 or n > len(haystack):
        return False
    return any(haystack[k : k + n] == needle for k in range(len(haystack) - n + 1))


class _Forms:
    """Word and lemma sequences of texts, memoised (questions and answers are compared many times)."""

    def __init__(self, lang: str):
        self.lang = lang
        self._memo: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def of(self, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if text not in self._memo:
            surface = tuple(words(text))
            self._memo[text] = (surface, _lemma_words(text, self.lang) if self.lang == "ru" else surface)
        return self._memo[text]

    def names(self, text: str, part: str) -> bool:
        ts, tl = self.of(text)
        ps, pl = self.of(part)
        return _contains(ts, ps) or _contains(tl, pl)


def _answer_neighbours(item: Item) -> list[str] | None:
    """Labels of the nodes sharing an edge with the item's answer nodes; None without a subgraph.

    A hidden neighbour (a multi-hop bridge) is never named; the question describes it by the far
    end of its other edge, so that end stands in for it: "Which organization will build a
    warehouse in Kiel and acquired Baltic Freight Lines?" states the answer of "Where will the
    organization that acquired Baltic Freight Lines build a warehouse?" (Kiel)."""
    sg = item.subgraph
    if not isinstance(sg, dict) or not sg.get("edges"):
        return None
    answer_nodes = set(sg.get("answer_nodes") or [])
    hidden = set(sg.get("hidden_nodes") or [])
    ends = [(e.get("head"), e.get("head_label") or "", e.get("tail"), e.get("tail_label") or "") for e in sg["edges"]]
    out = []
    for head, head_label, tail, tail_label in ends:
        for node, (other, other_label) in ((head, (tail, tail_label)), (tail, (head, head_label))):
            if node not in answer_nodes or other in answer_nodes:
                continue
            if other in hidden:  # the description: the bridge's other neighbours
                out += [b_label if a == other else a_label for a, a_label, b, b_label in ends
                        if other in (a, b) and {a, b} - {other} and not ({a, b} - {other}) & (answer_nodes | hidden)]
            else:
                out.append(other_label)
    return [x for x in out if x]


def leaks(items: list[Item], lang: str, config: AnswerLeaksConfig = AnswerLeaksConfig()) -> list[tuple[str, str]]:
    """Every ``(i, j)`` item-id pair where question i states the answer of question j (module doc), sorted."""
    from tasks.filters.duplicates import named_anchors

    forms = _Forms(lang)
    # inverted index: a word (surface or lemma) -> questions containing it, to skip hopeless pairs
    postings: dict[str, set[int]] = {}
    for n, i in enumerate(items):
        surface, lemmas = forms.of(i.question)
        for w in set(surface) | set(lemmas):
            postings.setdefault(w, set()).add(n)

    def candidates(part: str) -> set[int]:
        surface, lemmas = forms.of(part)
        found_in: set[int] = set()
        for seq in {surface, lemmas}:
            if seq:
                found_in |= set.intersection(*(postings.get(w, set()) for w in seq))
        return found_in

    found = []
    for j in items:
        parts = [a for a in j.answers if len("".join(words(a))) >= config.min_answer_chars]
        if not parts or len(parts) != len(j.answers):
            continue
        if any(forms.names(j.question, a) for a in parts):
            continue  # its own question names it: nothing to give away
        neighbours = _answer_neighbours(j)
        anchors = None if neighbours is not None else sorted(named_anchors(j.question, lang))
        pool = set.intersection(*(candidates(a) for a in parts))
        for i in (items[n] for n in sorted(pool)):
            if i.item_id == j.item_id or not all(forms.names(i.question, a) for a in parts):
                continue
            if config.require_same_fact:
                if neighbours is not None:
                    if not any(forms.names(i.question, n) for n in neighbours):
                        continue
                elif not anchors or not named_anchors(i.question, lang) >= set(anchors):
                    continue
            found.append((i.item_id, j.item_id))
    return sorted(found)


def check_answer_leaks(items: list[Item], lang: str, config: AnswerLeaksConfig = AnswerLeaksConfig(),
                       earlier_verdicts: dict[str, list[Verdict]] | None = None) -> FilterResult:
    """Verdict per item (in the order of ``items``): rejected when it leaks with a better kept item."""
    earlier_verdicts = earlier_verdicts or {}
    by_id = {i.item_id: i for i in items}
    partners: dict[str, list[tuple[str, str]]] = {}
    for i, j in leaks(items, lang, config):
        partners.setdefault(i, []).append((j, "its question states"))
        partners.setdefault(j, []).append((i, "its answer is stated"))
    rank_filters = score_filters(earlier_verdicts)
    ordered = sorted(items, key=lambda it: preference_key(it, earlier_verdicts.get(it.item_id, []), rank_filters))
    kept: set[str] = set()
    verdicts: dict[str, Verdict] = {}
    for item in ordered:
        clash = [(other, how) for other, how in partners.get(item.item_id, []) if other in kept]
        if clash:
            other, how = sorted(clash)[0]
            why = explain(by_id[other], item, earlier_verdicts, rank_filters)
            o = by_id[other]
            if how.startswith("its question"):
                what = f"its question states the answer of item {other} ({o.question!r} → {'; '.join(o.answers)!r})"
            else:
                what = f"its answer {'; '.join(item.answers)!r} is stated in the question of item {other} ({o.question!r})"
            verdicts[item.item_id] = Verdict(
                item_id=item.item_id, filter=FILTER_NAME, status="rejected", score=1.0, code="answer_leak",
                reason=f"{what}; kept {other}: {why}",
            )
            continue
        n = len(partners.get(item.item_id, []))
        verdicts[item.item_id] = Verdict(
            item_id=item.item_id, filter=FILTER_NAME, status="passed", score=0.0,
            reason="no answer leak" if n == 0 else f"no leak with a kept item (leaks with {n} item(s) ranked lower)",
        )
        if not any(v.status == "rejected" for v in earlier_verdicts.get(item.item_id, [])):
            kept.add(item.item_id)
    return FilterResult(verdicts=[verdicts[i.item_id] for i in items])


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: AnswerLeaksConfig) -> FilterResult:
    return check_answer_leaks(items, inputs.lang, config, inputs.earlier_verdicts)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=False, config=AnswerLeaksConfig, score=score,
                    context=frozenset({"earlier_verdicts"}),
                    description="of two questions where one states the other's answer, keeps one")
