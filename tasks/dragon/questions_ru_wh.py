"""DRAGON questions, Russian: the question word and class noun of a hidden node — «где» or «когда» of a place
or a period, «чей» of a role, «который» of a described class, a class noun's forms, the class noun a role's sentence
gives its organisation, roles that cannot take another genitive. Moved unchanged from ``questions_ru``."""
from __future__ import annotations

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_base import NoTemplate, _q
from tasks.dragon.questions_ru_answers import ru_not_a_place
from tasks.dragon.questions_ru_order import ru_ordered
from tasks.dragon.questions_ru_scope import _ru_event_date, ru_manner
from tasks.dragon.questions_ru_verbs import RuRelation
from tasks.dragon.questions_ru_words import _RU_RELATIVE_TIME, _RU_WORD


def _ru_class_triple(noun: str) -> tuple[str, str, str]:
    """(singular, plural, gender) of a class noun: «театр» → ("театр", "театры", "masc")."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(noun) if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
    if parse is None:
        raise NoTemplate(f"{noun!r} is not a noun")
    if noun in _RU_NEWS_PLURALS:
        return noun, _RU_NEWS_PLURALS[noun], str(parse.tag.gender or "masc")
    plural = Parse.inflect(parse, {"nomn", "plur"})
    return noun, plural.word if plural is not None else noun, str(parse.tag.gender or "masc")


#: plurals of the reading news means where the dictionary's first nominative is another lexeme's: the ship
#: «судно» is «суда» (pymorphy inflects its homonym, «судна»)
_RU_NEWS_PLURALS = {"судно": "суда"}


def _ru_where(edge: Edge, verb: str, rel: RuRelation, head: str) -> tuple[str, str]:
    """«Где ...?» when the answer is a place; «Когда ...?» when it is a period («в третьей четверти»);
    no question when it is an event («в матче чемпионата»: где asks its venue), a state («находится в
    процедуре банкротства») or the scope of a count («на весь край приходилось»)."""
    what = ru_not_a_place(edge.tail_label, edge.sentences)
    if what == "a time":
        return _q("когда", *ru_ordered(ru_manner(edge), verb, rel.middle, head)), "tail.when-period"
    if what is not None:
        raise NoTemplate(f"«где» of {edge.tail_label!r}, which is {what}, not a place")
    if any(_RU_RELATIVE_TIME.search(s) for s in edge.sentences):
        raise NoTemplate(f"«где» of {edge.tail_label!r}: its sentence times the fact from another event")
    return _q("где", *ru_ordered(_ru_event_date(edge, rel), verb, rel.middle, head)), "tail.where"


def _ru_genitives_in_role(rel: RuRelation) -> int:
    """How many genitive nouns a role names after its head: "заместитель главы города" → 2."""
    vocab = nlp.morph_vocab()
    return sum(1 for word in rel.head.split()[1:]
               if (parses := vocab.parse(word)) and parses[0].tag.POS == "NOUN" and "gent" in parses[0].tag)


def _ru_plain_role(rel: RuRelation, what: str) -> None:
    """A role that names its own genitive ("глава города", "руководитель пресс-службы главы региона")
    cannot take another: «Главой города чего является ...?», «в месте, заместителем главы города которого»."""
    words = rel.head.split()
    vocab = nlp.morph_vocab()
    for word in words[1:]:
        parses = vocab.parse(word)
        if parses and parses[0].tag.POS == "NOUN" and "gent" in parses[0].tag:
            raise NoTemplate(f"{what}: the role {rel.head!r} already has a genitive")


def _ru_whose(role: str) -> str:
    """«чей» in the instrumental agreeing with the role's head noun: «чьим адвокатом», «чьей помощницей»."""
    words = role.split()
    head = next((p for w in words for p in nlp.morph_vocab().parse(w) if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
    gender = str(head.tag.gender) if head is not None and head.tag.number != "plur" else "plur"
    return {"femn": "чьей", "plur": "чьими"}.get(gender, "чьим")


def _ru_role_class(rel: "RuRelation", edge: Edge) -> str | None:
    """The class noun a role's sentence gives its organisation as the role's genitive: «директора
    театра Людмилы Гараниной», «Ректор университета Елена Воронцова» → «театр», «университет»."""
    from tasks.dragon.questions_ru_classes import RU_CLASS_NOUNS

    last = rel.head.split()[-1]
    lemma = nlp.lemma_ru(last)
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        words = _RU_WORD.findall(sentence)
        for index, word in enumerate(words[:-1]):
            if nlp.lemma_ru(word.lower()) != lemma:
                continue
            following = words[index + 1].lower()
            for parse in vocab.parse(following)[:2]:
                if parse.tag.POS == "NOUN" and "gent" in parse.tag and parse.normal_form in RU_CLASS_NOUNS:
                    if _ru_noun_before_name(words[index + 2:], edge.tail_label):
                        # «профессор кафедры неорганической химии ТГУ»: the name is the genitive of a later
                        # noun, and «кафедра» is not what ТГУ is
                        return None
                    return parse.normal_form
    return None


def _ru_noun_before_name(words: list[str], name: str) -> bool:
    """Does a lowercase noun stand among ``words`` before the first word of ``name`` (found among them)?"""
    first = _RU_WORD.findall(name)[:1]
    if not first or first[0] not in words:
        return False
    vocab = nlp.morph_vocab()
    return any(w[:1].islower() and vocab.parse(w.lower())[0].tag.POS == "NOUN" for w in words[:words.index(first[0])])


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
