"""DRAGON questions: Russian templates and morphology (pymorphy2 conjugation and cases)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from benchmill import nlp
from schemas import Edge
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_base import NoTemplate, _cap, _q  # noqa: F401

# =========================================================================== Russian realisation

# case governed by a preposition (the most frequent reading for facts in news)
_RU_PREP_CASE = {
    "в": "loct", "во": "loct", "на": "loct", "о": "loct", "об": "loct", "при": "loct",
    "с": "ablt", "со": "ablt", "за": "ablt", "под": "ablt", "над": "ablt", "перед": "ablt", "между": "ablt",
    "из": "gent", "от": "gent", "до": "gent", "у": "gent", "для": "gent", "без": "gent", "около": "gent",
    "после": "gent", "против": "gent", "среди": "gent", "из-за": "gent", "возле": "gent",
    "к": "datv", "ко": "datv", "по": "datv", "благодаря": "datv",
    "через": "accs", "про": "accs", "сквозь": "accs",
}
#: verbs whose object is not in the accusative
_RU_VERB_CASE = {
    "руководить": "ablt", "владеть": "ablt", "управлять": "ablt", "командовать": "ablt", "заниматься": "ablt",
    "стать": "ablt", "становиться": "ablt", "являться": "ablt", "возглавлять": "accs", "помочь": "datv",
    "помогать": "datv", "принадлежать": "datv", "угрожать": "datv", "достигнуть": "gent", "достичь": "gent",
    "лишиться": "gent", "добиться": "gent",
}
_RU_WHO = {"nomn": "кто", "gent": "кого", "datv": "кому", "accs": "кого", "ablt": "кем", "loct": "ком"}
_RU_WHAT = {"nomn": "что", "gent": "чего", "datv": "чему", "accs": "что", "ablt": "чем", "loct": "чём"}
#: (singular phrase, plural phrase, gender) naming an entity class in questions
_RU_CLASS = {
    "PER": ("человек", "люди", "masc"),
    "ORG": ("организация", "организации", "femn"),
    "LOC": ("место", "места", "neut"),
    "MISC": ("объект", "объекты", "masc"),
    "NUM": ("объект", "объекты", "masc"),
}
_RU_WHICH = {"masc": "какой", "femn": "какая", "neut": "какое", "plur": "какие"}
_RU_WHICH_REL = {"masc": "который", "femn": "которая", "neut": "которое", "plur": "которые"}


@dataclass(frozen=True)
class RuRelation:
    """kind ``verb`` (infinitive + middle words + preposition: "открыть" "офис" "в"),
    ``passive`` (short participle "основан" + preposition), ``role`` (noun phrase in the
    nominative: "генеральный директор" — X is the director of Y, Y in the genitive)."""

    kind: str
    head: str  # infinitive, participle or role noun phrase
    middle: str
    preposition: str | None


@lru_cache(maxsize=10_000)
def ru_relation(relation: str) -> RuRelation:
    words = relation.strip().lower().replace("ё", "е").split()
    if not words:
        raise NoTemplate("empty relation")
    vocab = nlp.morph_vocab()
    preposition = words[-1] if words[-1] in _RU_PREP_CASE and len(words) > 1 else None
    body = words[:-1] if preposition else words
    first = vocab.parse(body[0])
    tags = [p.tag for p in first]
    if any(t.POS == "INFN" for t in tags[:2]):
        return RuRelation("verb", body[0], " ".join(body[1:]), preposition)
    if any(t.POS == "PRTS" for t in tags[:2]):
        return RuRelation("passive", body[0], " ".join(body[1:]), preposition)
    if tags and tags[0].POS == "VERB":  # a finite form the triplet stage did not normalise
        infinitive = first[0].normal_form
        return RuRelation("verb", infinitive, " ".join(body[1:]), preposition)
    if preposition is None and any(t.POS in ("NOUN", "ADJF", "PRTF") for t in tags[:2]):  # "управляющий партнер"
        return RuRelation("role", " ".join(body), "", None)
    raise NoTemplate(f"relation {relation!r} has no recognisable verb or role noun")


def ru_finite(infinitive: str, gender: str) -> str:
    """The finite verb for a fact: perfective verbs in the past agreeing with ``gender``
    (masc / femn / neut / plur: "приобрела"), imperfective ones — states such as
    "находиться", "руководить", "являться" — in the present ("находится")."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(infinitive) if p.tag.POS == "INFN"), None)
    if parse is None:
        raise NoTemplate(f"{infinitive!r} is not an infinitive")
    form = None
    if "impf" in parse.tag:
        form = Parse.inflect(parse, {"VERB", "pres", "3per", "plur" if gender == "plur" else "sing"})
    if form is None:
        form = Parse.inflect(parse, {"VERB", "past", gender})
    if form is None:
        raise NoTemplate(f"cannot conjugate {infinitive!r}")
    return form.word


def _ru_participle(participle: str, gender: str) -> str:
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(participle) if p.tag.POS == "PRTS"), None)
    if parse is None:
        raise NoTemplate(f"{participle!r} is not a short participle")
    form = Parse.inflect(parse, {gender} if gender != "plur" else {"plur"})
    return form.word if form is not None else participle


def _ru_gender(label: str) -> str:
    """Grammatical gender of a noun phrase in the nominative (its head noun's), masc if unknown."""
    words = re.findall(r"[А-Яа-яЁё-]+", label)
    vocab = nlp.morph_vocab()
    for word in words:
        for parse in vocab.parse(word.lower()):
            tag = parse.tag
            if tag.POS == "NOUN" and "nomn" in tag:
                if tag.number == "plur":
                    return "plur"
                if tag.gender in ("masc", "femn", "neut"):
                    return str(tag.gender)  # a plain str: pymorphy's grammeme type rejects comparisons with "plur"
                break
    return "masc"


def _ru_inflect(label: str, case: str) -> str:
    if parse_quantity(label, "ru") is not None or case == "nomn":
        return label
    return nlp.inflect_ru(label, case)


def _ru_object_case(rel: RuRelation, edge: Edge | None = None) -> str:
    """The case the relation governs for its object.

    Read off the source sentences where possible ("перешёл в «Маяк»" is accusative,
    "работает в «Маяке»" locative; "усилился Артёмом Беловым" instrumental), else the
    preposition's usual case, else the verb lexicon, else the accusative.
    """
    if edge is not None:
        seen = _ru_case_in_sentences(edge, rel.preposition)
        if seen is not None:
            return seen
    if rel.preposition:
        return _RU_PREP_CASE[rel.preposition]
    return _RU_VERB_CASE.get(rel.head, "accs")


#: cases a preposition can govern (the first is the default)
_RU_PREP_CASES = {
    "в": ("loct", "accs"), "во": ("loct", "accs"), "на": ("loct", "accs"), "за": ("ablt", "accs"),
    "под": ("ablt", "accs"), "с": ("ablt", "gent"), "со": ("ablt", "gent"), "о": ("loct", "accs"),
}
_RU_CASE_ALIASES = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent"}
_RU_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


def _ru_case_in_sentences(edge: Edge, preposition: str | None) -> str | None:
    tail_words = [w.lower() for w in _RU_WORD.findall(edge.tail_label)]
    if not tail_words:
        return None
    tail_lemmas = {nlp.lemma_ru(w) for w in tail_words}
    allowed = _RU_PREP_CASES.get(preposition, (_RU_PREP_CASE[preposition],)) if preposition else ("accs", "gent", "datv", "ablt")
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        words = [w.lower() for w in _RU_WORD.findall(sentence)]
        for index, word in enumerate(words):
            if preposition and preposition not in words[max(0, index - 3) : index]:
                continue
            for parse in vocab.parse(word):
                case = _RU_CASE_ALIASES.get(str(parse.tag.case), str(parse.tag.case))
                if parse.normal_form.replace("ё", "е") in tail_lemmas and case in allowed:
                    return case
    return None


def _ru_quantity_unit(label: str) -> str | None:
    """"2139 автомобилей" → "автомобилей" (genitive plural, as after "сколько")."""
    quantity = parse_quantity(label, "ru")
    if quantity is None or not quantity.unit_text:
        return None
    from pymorphy2.analyzer import Parse

    words = quantity.unit_text.split()
    parse = next((p for p in nlp.morph_vocab().parse(words[0].lower()) if p.tag.POS == "NOUN"), None)
    if parse is None:
        return quantity.unit_text
    form = Parse.inflect(parse, {"gent", "plur"})
    return " ".join([form.word if form else words[0], *words[1:]])


class RussianTemplates:
    lang = "ru"

    def statement(self, edge: Edge) -> str:
        try:
            return _cap(self._clause(edge, edge.head_label, _ru_gender(edge.head_label))) + "."
        except NoTemplate:
            return f"{edge.head_label} — {edge.relation} — {edge.tail_label}."

    def _clause(self, edge: Edge, subject: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        return " ".join(p for p in (subject, self._predicate_from_head(edge, rel, gender)) if p)

    def _predicate_from_head(self, edge: Edge, rel: RuRelation, gender: str) -> str:
        """Predicate with the edge's head as subject: "приобрела «Балтийский транзит»"."""
        tail = edge.tail_label
        if rel.kind == "role":
            return f"является {nlp.inflect_ru(rel.head, 'ablt')} {_ru_inflect(tail, 'gent')}"
        obj = " ".join(p for p in (rel.preposition, _ru_inflect(tail, _ru_object_case(rel, edge))) if p)
        if rel.kind == "passive":
            return " ".join(p for p in (_ru_participle(rel.head, gender), rel.middle, obj) if p)
        verb = ru_finite(rel.head, gender)
        if rel.preposition:
            return " ".join(p for p in (verb, rel.middle, obj) if p)
        return " ".join(p for p in (verb, obj, rel.middle) if p)  # "продала 2139 автомобилей в октябре"

    def _wh_subject(self, kind: str, plural: bool) -> tuple[str, str]:
        """(question word(s) in the nominative, verb agreement) for an asked subject."""
        if kind == "PER":
            return "кто", "masc"
        if kind in ("MISC", "NUM"):
            return "что", "neut"
        singular, plural_noun, gender = _RU_CLASS[kind]
        if plural:
            return f"какие {plural_noun}", "plur"
        return f"{_RU_WHICH[gender]} {singular}", gender

    def _wh_object(self, kind: str, case: str, plural: bool) -> str:
        if kind == "PER":
            return _RU_WHO[case]
        if kind in ("MISC", "NUM"):
            return _RU_WHAT[case]
        singular, plural_noun, gender = _RU_CLASS[kind]
        phrase = f"какие {plural_noun}" if plural else f"{_RU_WHICH[gender]} {singular}"
        return nlp.inflect_ru(phrase, case)

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        gender = _ru_gender(head)
        if rel.kind == "role":
            if kind == "PER":
                return _q(nlp.inflect_ru(rel.head, "ablt"), "кого является", head), "tail.role"
            which = "чего" if kind in ("LOC", "MISC", "NUM") else self._wh_object(kind, "gent", plural)
            return _q(nlp.inflect_ru(rel.head, "ablt"), which, "является", head), "tail.role"
        if kind == "NUM":
            unit = _ru_quantity_unit(edge.tail_label)
            if rel.kind != "verb" or rel.preposition or unit is None:
                raise NoTemplate(f"no сколько template for relation {edge.relation!r}")
            return _q("сколько", unit, ru_finite(rel.head, gender), head, rel.middle), "tail.how-many"
        verb = ru_finite(rel.head, gender) if rel.kind == "verb" else _ru_participle(rel.head, gender)
        if kind == "LOC" and rel.preposition in ("в", "во", "на") and _ru_object_case(rel, edge) == "loct":
            return _q("где", verb, rel.middle, head), "tail.where"
        if kind == "LOC" and rel.preposition == "из":
            return _q("откуда", verb, rel.middle, head), "tail.whence"
        case = _ru_object_case(rel, edge)
        if rel.kind == "passive" and not rel.preposition:
            raise NoTemplate(f"passive relation {edge.relation!r} without a preposition")
        wh = " ".join(p for p in (rel.preposition, self._wh_object(kind, case, plural)) if p)
        if rel.preposition:
            return _q(wh, verb, rel.middle, head), "tail.verb-prep"
        return _q(wh, verb, head, rel.middle), "tail.verb"

    def ask_head(self, edge: Edge, tail: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        wh, gender = self._wh_subject(kind, plural)
        probe = Edge(**{**edge.model_dump(), "tail_label": tail})
        if rel.kind == "role":
            verb = "являются" if plural else "является"
            return _q(wh, verb, nlp.inflect_ru(rel.head, "ablt"), _ru_inflect(tail, "gent")), "head.role"
        return _q(wh, self._predicate_from_head(probe, rel, gender)), f"head.{rel.kind}"

    def describe(self, edge: Edge, node: str, kind: str) -> str:
        """ "организация, которая продала 2139 автомобилей в октябре" — ``node`` described by
        ``edge`` without naming it, in the nominative (callers inflect the leading noun)."""
        rel = ru_relation(edge.relation)
        singular, _, gender = _RU_CLASS[kind]
        if node == edge.head:
            clause = f"{_ru_which_rel(gender, 'nomn', kind)} {self._predicate_from_head(edge, rel, gender)}"
        else:
            head = edge.head_label
            head_gender = _ru_gender(head)
            if rel.kind == "role":
                clause = f"{nlp.inflect_ru(rel.head, 'ablt')} {_ru_which_rel(gender, 'gent', kind)} является {head}"
            else:
                pronoun = _ru_which_rel(gender, _ru_object_case(rel, edge), kind)
                verb = ru_finite(rel.head, head_gender) if rel.kind == "verb" else _ru_participle(rel.head, head_gender)
                clause = " ".join(p for p in (rel.preposition, pronoun, verb, rel.middle, head) if p)
        return f"{singular}, {clause}"

    def subject_predicate(self, edge: Edge, node: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        if node != edge.head:
            raise NoTemplate(f"no template states {edge.relation!r} about its object")
        return self._predicate_from_head(edge, rel, gender)

    def conditional(self, edges: list[Edge], shared: str, kind: str) -> tuple[str, str]:
        wh, gender = self._wh_subject(kind, False)
        predicates = [self.subject_predicate(e, shared, gender) for e in edges]
        return _q(wh, " и ".join(predicates)), "conditional"

    def comparison(self, edge: Edge, kind: str, first: str, second: str) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        unit = _ru_quantity_unit(edge.tail_label)
        if rel.kind != "verb" or rel.preposition:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        wh, gender = self._wh_subject(kind if kind != "MISC" else "ORG", False)
        if kind == "PER":
            wh, gender = "кто", "masc"
        what = f"больше {unit}" if unit else "больше"
        return _q(wh, ru_finite(rel.head, gender), what, rel.middle)[:-1] + f": {first} или {second}?", "comparison"


def _ru_which_rel(gender: str, case: str, kind: str) -> str:
    """The relative pronoun "который" agreeing with the described class: "которой", "которого"."""
    from pymorphy2.analyzer import Parse

    parse = next(p for p in nlp.morph_vocab().parse("который") if "nomn" in p.tag and "masc" in p.tag)
    grammemes = {case, gender if gender != "plur" else "plur"}
    if case == "accs" and gender in ("masc", "plur"):
        grammemes.add("anim" if kind == "PER" else "inan")  # которого (a person) / который (a thing)
    form = Parse.inflect(parse, grammemes)
    if form is None:
        raise NoTemplate(f"cannot inflect 'который' to {sorted(grammemes)}")
    return form.word

