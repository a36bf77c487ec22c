"""DRAGON questions, Russian: subgraphs no Russian question should be asked about, and entity
kinds the tagger gets wrong. Each check is a recorded reason to skip (a Failure row), never a
silent drop; the templates themselves are ``questions_ru``'s.

Found by an independent judge on held-out news-ru (round 5), fixed as classes, not cases:

- a gold answer that says nothing out of its article: one bare common noun («город», «покупка»,
  «станция»), or a set whose members are one entity twice («Волна Авто», «конкурент компании»);
- a measure noun left without its number («ветропарком мощностью», «участок площадью»);
- a product, brand or model name («трамваи Tatra», «бренд «Сокольское»») the tagger calls an
  organisation, then asked «какая организация».

The checks live beside this module, by what they read: ``questions_ru_names`` (is a label a name said
whole and in the nominative), ``questions_ru_as_said`` (does a relation or an answer say what its
sentence says), ``questions_ru_classes`` (what an entity is: class nouns, teams, products). This module
puts them together into the reason a subgraph is skipped (``ru_skip_reason``, then ``ru_round6_reason``,
then ``questions_ru_answers.ru_round7_reason``) and re-exports the names other modules import from here.
"""
from __future__ import annotations

import re

from schemas import Subgraph
from tasks.dragon.questions_base import _kind, _labels, _shared_node, unnamed
from tasks.dragon.questions_ru_agents import ru_instrumental_name
from tasks.dragon.questions_ru_answers import ru_round7_reason
from tasks.dragon.questions_ru_as_said import (
    ru_answer_not_as_said,
    ru_dropped_genitive,
    ru_dropped_infinitive,
    ru_dropped_object,
    ru_list_cut,
    ru_measure_without_number,
    ru_passive_frame,
    ru_preposition_not_said,
)
from tasks.dragon.questions_ru_classes import (  # noqa: F401 (re-exported)
    RU_CLASS_NOUNS,
    refine_products_ru,
    ru_class_in_sentences,
    ru_class_nouns,
    ru_label_class,
    ru_label_head_noun,
    ru_label_sentences,
)
from tasks.dragon.questions_ru_names import (  # noqa: F401 (_RU_WORD re-exported)
    _RU_WORD,
    ru_capitalised_common_noun,
    ru_hanging_genitive,
    ru_label_not_nominative,
    ru_role_noun_as_name,
    ru_subject_not_said,
    ru_truncated_name,
)


def _bare_common_noun(label: str) -> bool:
    """One lowercase word with no digit: «город», «покупка», «станция», «техника»."""
    words = label.split()
    return len(words) == 1 and label[:1].islower() and not any(ch.isdigit() for ch in label)


_RU_RELATIVE_SHARE = re.compile(r"(?:остальн|оставш|друг|част[ьи]\b|половин|ряд\b|прочи)", re.IGNORECASE)
_RU_NUMBERISH = re.compile(r"\s*(?:\d|(?:один|одна|одно|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|несколько)(?![а-яё]))",
                           re.IGNORECASE)

#: pronouns that point back into the article: an answer «траектория его падения» says of nothing
_RU_BACK_PRONOUN = re.compile(r"(?<![А-Яа-яЁё])(?:его|её|ее|их|этого|этой|этих)(?![А-Яа-яЁё])", re.IGNORECASE)


def ru_skip_reason(subgraph: Subgraph, kinds: dict, classes: dict | None = None) -> str | None:
    """Why no Russian question is asked about ``subgraph`` (recorded as a Failure), or None."""
    if subgraph.lang != "ru":
        return None
    labels = _labels(subgraph)
    if subgraph.type == "set":
        shared = _shared_node(subgraph.edges)
        if shared is not None and _kind(kinds, "ru", shared) in ("DATE", "NUM"):
            # «Кто работает с 2022 года?» → «Катим», «Марина Кузьмина»: a date or an amount shared by
            # two facts is no set a reader can list; the text does not say these are all
            return f"skipped: the set shares only the value {labels.get(shared, shared)!r}"
    for edge in subgraph.edges:
        for label in (edge.head_label, edge.tail_label):
            if ru_truncated_name(label, edge.sentences):
                return f"skipped: {label!r} is the start of a longer name its sentence goes on with"
            if ru_capitalised_common_noun(label, edge.sentences):
                return f"skipped: {label!r} is a common noun that opens its sentence, not a name"
            if ru_hanging_genitive(label, edge.sentences):
                return f"skipped: {label!r} ends in a noun whose name its sentence gives and the label drops"
        for label, kind in ((edge.head_label, edge.head_type), (edge.tail_label, edge.tail_type)):
            if ru_role_noun_as_name(label, kind, edge.sentences):
                return f"skipped: {label!r} is a common noun capitalised at its sentence's start, not a name"
            if kind not in ("date", "quantity") and ru_label_not_nominative(label):
                return f"skipped: the name {label!r} is not in the nominative"
        if edge.head_type not in ("date", "quantity") and ru_instrumental_name(edge.head_label):
            # a subject in the instrumental («Когда Роснедрами выдал …?»); a passive's agent was mended before
            # (questions_ru_agents.ru_nominative_agents), any other is not asked
            return f"skipped: the subject {edge.head_label!r} is in the instrumental its sentence gave it"
        if edge.head_type == "person" and ru_subject_not_said(edge.head_label, edge.sentences):
            return f"skipped: its sentence neither names {edge.head_label!r} nor points to them as the doer"
        if ru_passive_frame(edge.relation, edge.head_label, edge.sentences):
            return (f"skipped: {edge.relation!r} stands in its sentence only as a passive participle; its subject "
                    f"{edge.head_label!r} is what it was done to, not the doer")
        if ru_preposition_not_said(edge.relation, edge.tail_label, edge.sentences):
            return (f"skipped: {edge.relation!r} puts a preposition before {edge.tail_label!r} that its sentence "
                    f"does not («во Владивостоке, на берегу …» read as «во берегу»)")
    answers = [n for n in subgraph.answer_nodes if n in labels]
    for edge in subgraph.edges:
        for node, label, kind in ((edge.head, edge.head_label, edge.head_type), (edge.tail, edge.tail_label, edge.tail_type)):
            # (a "quantity" type with no number in it is the tagger's mistake: «мост длиной 620 метров»)
            if node not in answers and node not in subgraph.hidden_nodes and kind != "date" \
                    and unnamed(label, None) and not _RU_NUMBERISH.match(label):
                # «Что соединит четырехполосный мост?»: which bridge? (the shared check reads only question_nodes)
                return f"skipped: the question would name {label!r}, a common noun that does not say which one"
    for node in answers:
        if _RU_RELATIVE_SHARE.match(labels[node]):
            # «остальные средства», «часть старых машин»: a share of something the article sets out
            return f"skipped: the answer {labels[node]!r} is a share of something only its article names"
        if _RU_BACK_PRONOUN.search(labels[node]):
            return f"skipped: the answer {labels[node]!r} points back into its article with a pronoun"
        if _kind(kinds, "ru", node) in ("DATE", "NUM"):
            continue
        if _bare_common_noun(labels[node]):
            return (f"skipped: the answer {labels[node]!r} is one common noun that out of its article does not say "
                    "which one")
    if subgraph.type == "set" and len(answers) > 1:
        entities = [labels[n] for n in answers if _kind(kinds, "ru", n) not in ("DATE", "NUM")
                    and not any(ch.isdigit() for ch in labels[n])]
        named = [label for label in entities if label[:1].isupper()]
        common = [label for label in entities if label[:1].islower()]
        if named and common:
            # «Волна Авто», «конкурент компании»: the common noun is most often the named one again
            return f"skipped: the set member {common[0]!r} may be {named[0]!r} named by a common noun"
    for edge in subgraph.edges:
        for text in (edge.relation, edge.head_label, edge.tail_label):
            if ru_measure_without_number(text):
                return f"skipped: {text!r} holds a measure noun without its number"
    return ru_round6_reason(subgraph, kinds, classes)


_RU_PRONOUN_PARTNER = re.compile(r"\bс\s+(?:ним|ней|ними|нею)\b", re.IGNORECASE)
_RU_PACT_WORD = re.compile(r"\b(?:договор|соглашени|контракт|меморандум|сделк)", re.IGNORECASE)


def ru_round6_reason(subgraph: Subgraph, kinds: dict, classes: dict | None = None) -> str | None:
    """Round 6's classes of a question that cannot be said well (see each function)."""
    labels = _labels(subgraph)
    answers = [n for n in subgraph.answer_nodes if n in labels]
    for edge in subgraph.edges:
        for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
            kind = _kind(kinds, "ru", node)
            if kind == "PER" and len(label.split()) > 1 and label.split()[-1].lower().endswith(("ом", "ым")) \
                    and label.split()[-1][:1].isupper():
                # «Микко Ронкайненом»: a name kept in the instrumental it had after «с»
                return f"skipped: the name {label!r} is not in the nominative"
            if ru_dropped_genitive(label, edge.sentences):
                return f"skipped: {label!r} ends in a noun whose genitive its sentence gives and the label drops"
            if node in answers and kind not in ("DATE", "NUM"):
                if ru_answer_not_as_said(label, edge.sentences):
                    return f"skipped: the answer {label!r} is not said so in its sentence (a word dropped or reordered)"
                if ru_list_cut(label, edge.sentences):
                    return f"skipped: the answer {label!r} is one member of a list its sentence gives"
            if node in answers and kind == "DATE" and re.search(
                    rf"\bдо\s+{re.escape(label.split()[0])}", " ".join(edge.sentences)) and "до" not in edge.relation.lower().split():
                # «продлили контракт до 2028 года» asked «Когда продлили контракт?»: an end date, not when
                return f"skipped: the date {label!r} is how long the fact lasts («до»), not when it happened"
        if ru_dropped_genitive(edge.relation, edge.sentences):
            return f"skipped: the relation {edge.relation!r} ends in a noun whose genitive its sentence gives"
        if ru_dropped_infinitive(edge.relation, edge.sentences):
            return f"skipped: {edge.relation!r} drops the infinitive its verb governs"
        if ru_dropped_object(edge.relation, edge.tail_label, edge.sentences):
            return f"skipped: {edge.relation!r} drops the direct object its sentence gives the verb"
        if _RU_PACT_WORD.search(edge.relation) and any(_RU_PRONOUN_PARTNER.search(s) for s in edge.sentences):
            # «продлили с ним контракт»: the partner is a pronoun's antecedent, not the name the stage took
            return f"skipped: the pact's partner in {edge.relation!r} is a pronoun, not {edge.tail_label!r}"
    return ru_round7_reason(subgraph, kinds, classes)
