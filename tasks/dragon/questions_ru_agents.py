"""DRAGON questions, Russian: a name left in the instrumental its sentence gave it, and the class noun said twice.

- The triplet stage takes the doer of a passive sentence as it stands there: «Лицензия была выдана … Роснедрами»
  gives the subject «Роснедрами», and «Когда Роснедрами выдал лицензию?» is broken case and agreement. A question's
  subject is in the nominative and its verb agrees with it: where the name is a passive's agent the name is mended
  to its nominative («Роснедра», and the verb agrees: «выдали»); a name in the instrumental for any other reason
  («подписали контракт с Петром Лазаревым» → «Лазаревым») is refused (``questions_ru_checks``).
- A question that asks a thing by its class noun and names another thing by the same noun says it twice: «У какой
  авиакомпании авиакомпания «Северный рейс» арендует самолёт?»; the named one drops its noun (its name is quoted).
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Subgraph
from tasks.dragon.questions_ru_names import _RU_WORD

#: a short passive participle: «выдана», «подписан», «построено», «открыты»
_RU_SHORT_PASSIVE = frozenset({"PRTS"})


def ru_instrumental_name(label: str) -> bool:
    """Is ``label`` a one-word name in the instrumental: every reading of it, the dictionary's or a guess by its
    ending, is one («Роснедрами», «Минфином», «Газпромом»; not «Росатом», «Рособрнадзор»)?"""
    words = _RU_WORD.findall(label)
    if len(words) != 1 or not label.strip("«»")[:1].isupper() or any(ch.isdigit() for ch in label):
        return False
    parses = nlp.morph_vocab().parse(words[0].lower())
    return bool(parses) and all(p.tag.POS == "NOUN" and p.tag.case == "ablt" for p in parses)


def _nominative(label: str) -> str | None:
    """The nominative of a one-word instrumental name, capitalised as written: «Роснедрами» → «Роснедра»."""
    word = _RU_WORD.findall(label)[0]
    parse = nlp.morph_vocab().parse(word.lower())[0]
    from pymorphy2.analyzer import Parse

    form = Parse.inflect(parse, {"nomn", str(parse.tag.number or "sing")})
    if form is None:
        return None
    nominative = form.word[:1].upper() + form.word[1:]
    return label.replace(word, nominative)


def _ru_plural(label: str) -> bool:
    """Is the one-word name ``label`` (in the nominative) read first as a plural («Роснедра»)?"""
    parses = nlp.morph_vocab().parse(_RU_WORD.findall(label)[0].lower())
    return bool(parses) and parses[0].tag.number == "plur"


def ru_passive_agent(label: str, sentences: list[str]) -> bool:
    """Does a sentence write ``label`` as the agent of a short passive participle («была выдана … Роснедрами»)?"""
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        if label not in sentence:
            continue
        before = _RU_WORD.findall(sentence[: sentence.index(label)])
        if any(vocab.parse(w.lower())[0].tag.POS in _RU_SHORT_PASSIVE for w in before):
            return True
    return False


def ru_nominative_agents(subgraph: Subgraph) -> Subgraph:
    """``subgraph`` with each name its sentences write as a passive's agent in the instrumental put in the
    nominative («Роснедрами» → «Роснедра»), so the question's subject is nominative and its verb agrees."""
    mended: dict[str, str] = {}
    for edge in subgraph.edges:
        if edge.head_type in ("person", "org", "other", None) and ru_instrumental_name(edge.head_label) \
                and ru_passive_agent(edge.head_label, edge.sentences):
            nominative = _nominative(edge.head_label)
            if nominative is not None:
                mended[edge.head] = nominative
    if not mended:
        return subgraph
    # a plural name («Роснедра») is no one person, whatever the tagger said: its verb is plural («выдали»)
    plural = {node for node, label in mended.items() if _ru_plural(label)}
    edges = [edge.model_copy(update={
        "head_label": mended.get(edge.head, edge.head_label), "tail_label": mended.get(edge.tail, edge.tail_label),
        "head_type": "org" if edge.head in plural and edge.head_type == "person" else edge.head_type,
        "tail_type": "org" if edge.tail in plural and edge.tail_type == "person" else edge.tail_type})
        for edge in subgraph.edges]
    return subgraph.model_copy(update={"edges": edges})


#: «какой» + its noun after a preposition («У какой авиакомпании», «С каким клубом») or in a case no subject or
#: object takes («Какому клубу»): there the case marks who does what, and the named one's noun is only said twice
#: (a nominative or accusative one is left: «Какой завод купил завод «Нордфарм»?» marks the roles by the noun)
_RU_WHICH_NOUN = re.compile(r"(?:\b(?:у|с|со|к|ко|в|во|на|для|от|из|о|об|при|за|перед|над|под|по|до|против)\s+)"
                            r"как(?:ой|ая|ое|ие|ого|ому|ую|ом|им|ими|их)\s+([а-яё-]+)"
                            r"|\bкак(?:ому|им|ом|ими)\s+([а-яё-]+)", re.IGNORECASE)


def ru_class_once(question: str) -> str:
    """``question`` with a class noun the wh-phrase already says dropped before a quoted name: «У какой авиакомпании
    авиакомпания «Северный рейс» …» → «У какой авиакомпании «Северный рейс» …»."""
    match = _RU_WHICH_NOUN.search(question)
    if match is None:
        return question
    lemma = nlp.lemma_ru((match.group(1) or match.group(2)).lower())
    rest = question[match.end():]
    for word in re.finditer(r"(?<![А-Яа-яЁё-])([а-яё-]+)\s+(?=«)", rest):
        if nlp.lemma_ru(word.group(1)) == lemma:
            return question[: match.end()] + rest[: word.start()] + rest[word.end():]
    return question
