"""DRAGON questions, Russian: relations and verb forms — ``RuRelation`` and ``ru_relation`` (a relation read as a
verb, a short participle or a role), the finite, future and participle forms (pymorphy2 conjugation), the verb of a
fact by its modality and the tense its sentences use. Moved unchanged from ``questions_ru``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_base import NoTemplate, modality_of as _modality
from tasks.dragon.questions_ru_answers import WORD as _WORD, WORKS as _WORKS
from tasks.dragon.questions_ru_words import (
    _RU_BACK_REFERENCES, _RU_COMPLEX_PREPOSITIONS, _RU_CREATE_VERBS, _RU_PLAN_WORDS, _RU_PREP_CASE, _RU_RATE_ADVERBS,
    _RU_REPORTED, _RU_WORD,
)


def _ru_shot_a_work(edge: Edge) -> bool:
    """Is the object of «снять» a work («снял фильм «Зима»», «фильм «Зима» снял ...»): a work noun in
    the label itself or right before its first word in a sentence? «Росавиация сняла «Победу» с рейсов»
    says no work, and its answer is an organisation, not «что»."""
    words = _WORD.findall(edge.tail_label)
    if not words:
        return False
    if any(nlp.lemma_ru(w.lower()).replace("ё", "е") in _WORKS for w in words):
        return True
    for sentence in edge.sentences:
        found = [w.lower() for w in _WORD.findall(sentence)]
        for at, word in enumerate(found):
            if word == words[0].lower() and at and nlp.lemma_ru(found[at - 1]).replace("ё", "е") in _WORKS:
                return True
    return False


def _ru_verb(edge: Edge, rel: "RuRelation", gender: str) -> str:
    """The finite verb of a fact by its modality: "построила", "планирует построить", "может построить"."""
    modality = _modality(edge)
    if rel.kind != "verb":
        if modality != "asserted":
            raise NoTemplate(f"no {modality} template for {edge.relation!r}")
        return _ru_participle(rel.head, gender)
    if modality == "planned" and edge.head_type not in ("person", "org", None):
        # a thing does not plan: "следующий концерт пройдёт", never "планирует пройти"
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned" and edge.head_type == "person" and not _ru_says_plan(edge):
        # "Гуляев сохранит свой пост", "22-летний форвард заменит Доронина": what will happen
        # to a person, not what the person plans (a company's future is its announced plan)
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned" and not _ru_says_plan(edge):
        # «суд рассмотрит дело в феврале», «закрывать фестиваль будет хор»: a future no one is said to plan
        # is said as what will happen («Когда рассмотрит дело суд?»), not «планирует рассмотреть», which
        # reads «планируют закрывать» as a plan to shut something down
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned" and _ru_reported(edge) and not _ru_says_plan(edge):
        # "Ахмедов заявил, что терминал уступит только «Северному порту»", "по данным «Вестника»,
        # верфи будут выплачивать": someone's forecast, not the subject's own plan
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned":
        return _ru_with_rate_adverb(edge, rel, f"{'планируют' if gender == 'plur' else 'планирует'} {rel.head}")
    if modality == "possible":
        return _ru_with_rate_adverb(edge, rel, f"{'могут' if gender == 'plur' else 'может'} {rel.head}")
    tense = _ru_tense_in_sentences(edge, rel.head)
    if tense == "futr":
        # «компания спишет суда весной 2027 года» stated as a fact: «Когда «Идель Флот» спишет ...?», never the
        # past «списала», whose premise the text does not give (site13 judges)
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    return _ru_with_rate_adverb(edge, rel, ru_finite(rel.head, gender, tense))


def _ru_reported(edge: Edge) -> bool:
    """Does a source sentence of ``edge`` report someone's words or forecast?"""
    return any(_RU_REPORTED.search(s) for s in edge.sentences)


def _ru_with_rate_adverb(edge: Edge, rel: "RuRelation", verb: str) -> str:
    """``verb`` with the recurrence adverb its sentence puts next to it: "будут ежегодно выплачивать"."""
    if rel.kind != "verb":
        return verb
    stem = rel.head[:4]
    for sentence in edge.sentences:
        words = [w.lower() for w in _RU_WORD.findall(sentence)]
        for index, word in enumerate(words):
            if word not in _RU_RATE_ADVERBS or word in verb:
                continue
            near = words[max(0, index - 3): index + 4]
            if any(w.startswith(stem) and nlp.lemma_ru(w).replace("ё", "е") == rel.head for w in near):
                parts = verb.split()
                # the adverb goes right before the verb's infinitive or finite form
                return " ".join([*parts[:-1], word, parts[-1]])
    return verb


def _ru_says_plan(edge: Edge) -> bool:
    """Does a source sentence of ``edge`` have a plan word ("планирует", "намерен")?"""
    return any(nlp.lemma_ru(w) in _RU_PLAN_WORDS for s in edge.sentences for w in _RU_WORD.findall(s))


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
    written = relation.strip().replace("ё", "е").split()
    words = [w.lower() for w in written]
    if not words:
        raise NoTemplate("empty relation")
    if len(words) > 2 and words[-1] in _RU_COMPLEX_PREPOSITIONS and words[-2] in _RU_PREP_CASE:
        raise NoTemplate(f"relation {relation!r} ends in a complex preposition")
    quoted = False
    for index, word in enumerate(written):
        # a name in «» keeps its capitals: "руководить компанией «Балтийские верфи» с"; so does a
        # name inside the relation: "открыть офисы в Кудымкаре", never «в кудымкаре»
        opens = word.startswith("«")
        if quoted or opens or (index and word[:1].isupper()):
            words[index] = word
        quoted = (quoted or opens) and not word.endswith("»")
    vocab = nlp.morph_vocab()
    preposition = words[-1] if words[-1] in _RU_PREP_CASE and len(words) > 1 else None
    body = words[:-1] if preposition else words
    for index, word in enumerate(body[1:], 1):
        named = index + 1 < len(body) and body[index + 1].startswith("«")  # "компанией «Балтийские верфи»"
        if not named and nlp.lemma_ru(word) in _RU_BACK_REFERENCES and nlp.lemma_ru(body[0]) not in _RU_CREATE_VERBS:
            # "руководить компанией с" → «С какого года руководит компанией Андрей Соколов?»: which company?
            raise NoTemplate(f"relation {relation!r} names {word!r}, which out of its article does not say which one")
    first = vocab.parse(body[0])
    tags = [p.tag for p in first]
    for word in body[1:]:
        nouns = [p.tag for p in vocab.parse(word) if p.tag.POS == "NOUN"]
        if nouns and all("gent" in t and "plur" in t for t in nouns):
            # "инвестировать рублей в": the amount was cut off ("вложил 2 млрд рублей в"), a
            # question would read «инвестировала рублей»
            raise NoTemplate(f"relation {relation!r} holds a counted noun without its number")
    if any(t.POS == "INFN" for t in tags[:2]):
        return RuRelation("verb", body[0], " ".join(body[1:]), preposition)
    if any(t.POS == "PRTS" for t in tags[:2]):
        return RuRelation("passive", body[0], " ".join(body[1:]), preposition)
    if tags and tags[0].POS == "VERB":  # a finite form the triplet stage did not normalise
        infinitive = first[0].normal_form
        return RuRelation("verb", infinitive, " ".join(body[1:]), preposition)
    if preposition is None and any(t.POS in ("NOUN", "ADJF", "PRTF") for t in tags[:2]):  # "управляющий партнер"
        if not any(p.tag.POS == "NOUN" and ("nomn" in p.tag or index > 0)
                   for index, word in enumerate(body) for p in vocab.parse(word)):
            # «заведующий», «управляющий»: a participle governs its verb's case («заведующим
            # лабораторией»), not a role noun's genitive; with its complement («заведующая кафедрой») the
            # complement takes the genitive and the participle declines as the head (nlp.inflect_ru)
            raise NoTemplate(f"role {relation!r} is a participle or adjective, with no role noun")
        return RuRelation("role", " ".join(body), "", None)
    raise NoTemplate(f"relation {relation!r} has no recognisable verb or role noun")


def ru_infinitive_chain(rel: RuRelation) -> tuple[str, str]:
    """(the infinitives that open the relation's middle words, the rest): «согласиться | купить» → ("купить",
    ""). A control verb's infinitive goes right after it and its object after both («согласилась купить 60 %
    акций»), never the object between them («согласилась 60 % акций купить»)."""
    words = rel.middle.split()
    vocab = nlp.morph_vocab()
    count = 0
    while count < len(words) and any(p.tag.POS == "INFN" for p in vocab.parse(words[count].lower())[:1]):
        count += 1
    return " ".join(words[:count]), " ".join(words[count:])


def ru_finite(infinitive: str, gender: str, tense: str | None = None) -> str:
    """The finite verb for a fact: perfective verbs in the past agreeing with ``gender``
    (masc / femn / neut / plur: "приобрела"), imperfective ones — states such as
    "находиться", "руководить", "являться" — in the present ("находится"), unless ``tense``
    ("past", as the source sentence has it: "ранее проектировал") says otherwise."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(infinitive) if p.tag.POS == "INFN"), None)
    if parse is None:
        raise NoTemplate(f"{infinitive!r} is not an infinitive")
    form = None
    if "impf" in parse.tag and tense != "past":
        form = Parse.inflect(parse, {"VERB", "pres", "3per", "plur" if gender == "plur" else "sing"})
    if form is None:
        form = Parse.inflect(parse, {"VERB", "past", gender})
    if form is None:
        raise NoTemplate(f"cannot conjugate {infinitive!r}")
    return form.word


def _ru_future(infinitive: str, gender: str) -> str:
    """ "пройдёт" (a perfective verb), "будет поставлять" (an imperfective one)."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(infinitive) if p.tag.POS == "INFN"), None)
    if parse is None:
        raise NoTemplate(f"{infinitive!r} is not an infinitive")
    number = "plur" if gender == "plur" else "sing"
    if "impf" in parse.tag:
        return f"{'будут' if number == 'plur' else 'будет'} {infinitive}"
    form = Parse.inflect(parse, {"VERB", "futr", "3per", number})
    if form is None:
        raise NoTemplate(f"cannot conjugate {infinitive!r} in the future")
    return form.word


def _ru_participle(participle: str, gender: str) -> str:
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(participle) if p.tag.POS == "PRTS"), None)
    if parse is None:
        raise NoTemplate(f"{participle!r} is not a short participle")
    form = Parse.inflect(parse, {gender} if gender != "plur" else {"plur"})
    return form.word if form is not None else participle


def _ru_tense_in_sentences(edge: Edge, infinitive: str) -> str | None:
    """ "past" when the source sentences use the verb in the past tense ("ранее проектировал"),
    "pres" when in the present, "futr" when in a perfective future («спишет»), None when they do not show it."""
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        for word in _RU_WORD.findall(sentence.lower()):
            for parse in vocab.parse(word):
                if parse.tag.POS == "VERB" and parse.normal_form.replace("ё", "е") == infinitive:
                    if "past" in parse.tag:
                        return "past"
                    if "pres" in parse.tag:
                        return "pres"
                    if "futr" in parse.tag:
                        return "futr"  # a perfective verb's future: «спишет»
                if parse.tag.POS in ("PRTS", "PRTF") and "past" in parse.tag \
                        and parse.normal_form.replace("ё", "е") == infinitive:
                    return "past"  # "было отсканировано": what the passive says is done
    return None
