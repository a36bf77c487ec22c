"""Triplet extraction, rules engine, Russian: dependency patterns over a natasha parse (see tasks/dragon/triplets.py)."""
from __future__ import annotations

from collections.abc import Iterator
import re

from benchmill import nlp
from schemas import IncrementDoc, Triplet

from tasks.dragon.triplets_base import (  # noqa: F401
    TripletConfig, _Emitter, _Fact, _DocCollector, _paragraphs, _join, _fact,
)

# --------------------------------------------------------------------------- Russian

_RU_SUBJ = frozenset({"nsubj", "nsubj:pass"})
_RU_OBJ = frozenset({"obj", "iobj"})
_RU_NP_KEEP = frozenset({"amod", "nummod", "nummod:gov", "flat:name", "flat", "compound"})
_RU_RELATIVE = frozenset({"который", "которая", "которое", "которые", "что", "кто"})
#: nouns that alone point back at a named organisation ("компания заявила")
_RU_ANAPHORS = frozenset({
    "компания", "фирма", "группа", "холдинг", "банк", "перевозчик", "авиакомпания", "концерн", "корпорация",
    "предприятие", "оператор", "производитель", "клуб", "сеть",
})
#: too vague to ask about
_RU_GENERIC = frozenset({"решение", "сделка", "год", "время", "раз", "часть", "случай", "вопрос", "заявление"})
_RU_NEGATIONS = frozenset({"не", "ни"})
_RU_CONDITIONS = frozenset({"если", "ежели", "коли"})
_RU_FUTURE_AUX = frozenset({"буду", "будешь", "будет", "будем", "будете", "будут"})
#: heads whose infinitive is a plan: "планирует открыть" → (X, открыть, Y) planned
_RU_PLAN_HEADS = frozenset({
    "планировать", "намереваться", "собираться", "рассчитывать", "хотеть", "обещать", "предполагать",
    "намерен", "намеренный", "должен", "должный", "готовиться", "обязаться", "надеяться",
})
_RU_POSSIBLE_HEADS = frozenset({"мочь", "смочь"})
#: verbs whose object is a new thing, not one named before: "открыла компанию в Казани"
_RU_CREATE = frozenset({
    "создать", "создавать", "основать", "основывать", "открыть", "открывать", "учредить", "зарегистрировать",
    "построить", "строить", "запустить", "запускать",
})
_RU_COPULAS = frozenset({"являться", "стать", "становиться", "оставаться", "остаться", "назначить", "избрать"})


class _RuSentence:
    """Pattern helpers over one natasha sentence."""

    def __init__(self, tokens, span_of: dict[str, object], vocab, antecedent=None, person=None, sole_person=None,
                 things=None):
        self.tokens = tokens
        #: a common noun's lemma → the named thing it last came with ("стадион «Прибрежный»"):
        #: what the bare noun ("Стадион вмещает ...") points back at
        self.things = things or {}
        #: the person, when the sentence before named exactly one: what "22-летний форвард" points back at
        self.sole_person = sole_person
        #: the person last named before this sentence: what "он" / "она" points back at
        self.person = person
        #: the organisation named before this sentence: what "компания" alone points back at
        self.antecedent = antecedent
        self.by_id = {t.id: t for t in tokens}
        self.children: dict[str, list] = {}
        for token in tokens:
            self.children.setdefault(token.head_id, []).append(token)
        self.span_of = span_of
        self.vocab = vocab

    def kids(self, token, rels=None) -> list:
        found = self.children.get(token.id, ())
        return [c for c in found if rels is None or c.rel in rels]

    def with_conjuncts(self, token) -> list:
        out = [token]
        for child in self.kids(token, ("conj",)):
            out.extend(self.with_conjuncts(child))
        return out

    def phrase(self, head, common: bool = False) -> tuple[str, str | None] | None:
        """(text, NER label) of what ``head`` names, or None.

        A named-entity span in its normal (nominative) form; a common noun with a named
        appositive ("компания «Северный порт»") gives the appositive; a number phrase is
        kept as written ("2139 автомобилей"); a lone proper noun in its lemma.
        """
        if head.text.lower() in ("он", "она") and head.rel in _RU_SUBJ:
            return self.person  # "Ранее он руководил ...": the person named before, or nothing
        if head.pos == "PRON" or head.text.lower() in _RU_RELATIVE:
            return None
        span = self.span_of.get(head.id)
        if span is not None:
            return _unquote(span.normal), span.type
        for child in self.kids(head, ("appos", "flat:name")):
            # "фирму «Балтийский транзит»": the name is an appositive of the common noun
            span = self.span_of.get(child.id)
            if span is not None:
                return _unquote(span.normal), span.type
        for nmod in self.kids(head, ("nmod",)) if _lemma(self.vocab, head) in _RU_ANAPHORS else ():
            # "сеть магазинов «Лента»": the name hangs off the genitive (not "иск компании «Ростел»")
            if self.kids(nmod, ("case",)):
                continue
            for child in self.kids(nmod, ("appos",)):
                span = self.span_of.get(child.id)
                if span is not None:
                    return _unquote(span.normal), span.type
        date = self.date_phrase(head)
        if date is not None:
            return date, None
        number = self.number_phrase(head)
        if number is not None:
            return number, None
        if head.pos == "PROPN" and _lemma(self.vocab, head) in _RU_ANAPHORS:
            return self.common_phrase(head) if common else None  # "Банк откроет ...": a capitalised "the bank"
        if (head.pos == "PROPN" and head is self.tokens[0] and not self.kids(head, ("flat:name", "flat", "appos"))
                and _common_noun(self.vocab, head)):
            # "Лабораторией руководит ...": a capital at the start of a sentence, not a name
            return _lemma(self.vocab, head), None
        if head.pos == "PROPN":
            parts = sorted([head, *self.kids(head, ("flat:name", "flat"))], key=lambda t: t.start)
            return " ".join(_lemma(self.vocab, t).capitalize() for t in parts), None
        if common and head.pos == "NOUN":
            return self.common_phrase(head)
        return None

    def date_phrase(self, head) -> str | None:
        """ "в 2026 году" → "2026 год", "в марте" → "март"; only an absolute time (a year or a month)."""
        lemma = _lemma(self.vocab, head)
        if lemma in _RU_MONTHS:
            years = [c for c in self.kids(head, ("amod", "nummod", "nmod")) if c.text.isdigit()]
            return " ".join([lemma, *[y.text for y in years]])
        if lemma == "год":
            years = [c for c in self.kids(head, ("amod", "nummod")) if c.text.isdigit() and len(c.text) == 4]
            if years:
                return f"{years[0].text} год"
        return None

    def number_phrase(self, head) -> str | None:
        """ "20 тысяч электромобилей", "3 миллиарда рублей", "2139 автомобилей": as written, or None."""
        words, stack, has_number = [head], [head], head.pos == "NUM"
        while stack:
            token = stack.pop()
            for child in self.kids(token, ("nummod", "nummod:gov", "amod")):
                if child.rel == "amod" and token is not head:
                    continue
                words.append(child)
                stack.append(child)
                has_number = has_number or child.pos == "NUM"
        if not has_number:
            return None
        return " ".join(t.text for t in sorted(words, key=lambda t: t.start))

    def common_phrase(self, head) -> tuple[str, str | None] | None:
        """A thing named by a common noun, in the nominative with its adjectives and genitive
        ("ремонт моста через Волгу", "новый стадион в Казани"); "компания" / "банк" alone point
        back at the organisation named before (``antecedent``), else nothing."""
        lemma = _lemma(self.vocab, head)
        # a bare modifier of a noun is its genitive; an instrumental one ("объяснила рост
        # новыми линиями") is the verb's, misattached by the parser
        modifiers = [
            m for m in self.kids(head, ("nmod",)) if self.kids(m, ("case",)) or (m.feats or {}).get("Case") in (None, "Gen")
        ]
        if lemma in _RU_ANAPHORS and not modifiers and not self.kids(head, ("amod",)):
            return self.antecedent
        if lemma in _RU_GENERIC:
            return None
        if lemma in self.things and not modifiers and not self.kids(head, ("amod", "appos", "flat:name")):
            # "Стадион «Прибрежный» ... . Стадион вмещает 21000 зрителей": the stadium named before,
            # not «стадион», an answer nobody can check out of its article
            return self.things[lemma]
        if _animate(self.vocab, head):
            # "22-летний форвард заменит ...": a description of a person, not a name a question
            # can use; with an age it points back at the person just named, else nothing
            ages = [c for c in self.kids(head, ("amod",)) if _RU_AGE.match(c.text.lower())]
            return self.sole_person if ages else None
        name = self.quoted_appositive(head)
        if name is not None:
            # "новый городской электромобиль «Волна Бриз»": the thing is «Волна Бриз», as a
            # named appositive gives its name ("фирму «Балтийский транзит»"); the noun alone
            # would be an answer nobody can check (issue 10)
            return name, None
        words = [self.role(head)]
        for nmod in modifiers[:1]:
            tokens = sorted([nmod, *self.kids(nmod, ("case", "amod", "flat:name")), *[
                t for c in self.kids(nmod, ("nmod",)) for t in (c, *self.kids(c, ("case",)))
            ]], key=lambda t: t.start)
            names = [_unquote(self.span_of[c.id].normal) for c in self.kids(nmod, ("appos",)) if c.id in self.span_of]
            names = names or [n for n in (self.quoted_appositive(nmod),) if n is not None]
            if names:  # "выручка холдинга «Металлинвест»", "песни из нового альбома «Солёный ветер»"
                words.append(f"{' '.join(t.text for t in tokens)} «{names[0]}»")
            elif len(tokens) <= 5:
                # the modifier whole when it is short and unbroken: "крепления боковой стенки",
                # "моста через реку Самару", not "крепления стенки", "моста через реку"
                whole = self.subtree(nmod)
                order = [self.tokens.index(t) for t in whole]
                if len(whole) <= 5 and max(order) - min(order) + 1 == len(whole):
                    tokens = whole
                words.append(" ".join(t.text for t in tokens))
        return " ".join(words), None

    def back_reference(self, noun) -> tuple[str, str | None] | None:
        """The organisation a bare "компания" / "предприятие" (no adjective, genitive or name)
        points back at, or None (not such a noun, or nothing named before it)."""
        if (_lemma(self.vocab, noun) not in _RU_ANAPHORS or noun.id in self.span_of
                or self.kids(noun, ("amod", "nmod", "appos", "flat:name", "det"))):
            return None
        return self.antecedent

    def quoted_appositive(self, noun) -> str | None:
        """The name in «» right after a common noun, as written (an appositive name stays in the
        nominative: "альбома «Солёный ветер»"), whatever the NER made of it; or None."""
        for child in self.kids(noun, ("appos", "flat:name")):
            words = self.subtree(child)
            order = [self.tokens.index(t) for t in words]
            first, last = min(order), max(order)
            if (last - first + 1 == len(words) and first > 0 and last + 1 < len(self.tokens)
                    and self.tokens[first - 1].text == "«" and self.tokens[last + 1].text == "»"):
                return " ".join(t.text for t in words)
        return None

    def role(self, noun) -> str:
        """A role noun with its adjectives in the nominative: "генеральным директором" → "генеральный директор".

        natasha's own normaliser, not lemmas: a participle keeps its form ("управляющий
        партнер", where the lemma would be the verb "управлять").
        """
        from natasha.norm import inflect_word

        parts = sorted([noun, *[c for c in self.kids(noun, ("amod",)) if c.id not in self.span_of]], key=lambda t: t.start)
        return " ".join(inflect_word(self.vocab, t) for t in parts)

    def as_written(self, noun) -> str:
        """A common noun with its adjectives as in the text: "роботов", "новый терминал"."""
        parts = sorted([noun, *self.kids(noun, ("amod",))], key=lambda t: t.start)
        return " ".join(t.text.lower() for t in parts)

    def secondary_predicate(self, verb) -> str | None:
        """What the verb says its object becomes or is called, as written: "назвал Тарасова
        лучшим молодым нападающим страны" → "лучшим молодым нападающим страны"; None when the
        verb has none; "" when it has one too long or broken to keep (the fact is then dropped:
        «назвал Тарасова» alone says nothing)."""
        for x in self.kids(verb, ("xcomp",)):
            if x.pos not in ("NOUN", "ADJ") or self.kids(x, ("case",)):
                continue
            words = self.subtree(x)
            order = [self.tokens.index(t) for t in words]
            if len(words) > 5 or max(order) - min(order) + 1 != len(words):
                return ""
            return " ".join(t.text for t in words)
        return None

    def subtree(self, token) -> list:
        """The token and everything under it, punctuation left out, in text order."""
        out, stack = [], [token]
        while stack:
            current = stack.pop()
            if current.pos != "PUNCT":
                out.append(current)
            stack.extend(self.kids(current))
        return sorted(out, key=lambda t: self.tokens.index(t))

    def preposition(self, token) -> str:
        cases = [c for c in self.kids(token, ("case",))]
        return " ".join(c.text.lower() for c in cases)


_RU_NAME_GRAMMEMES = ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr")


def _common_noun(vocab, token) -> bool:
    """Is the word, by pymorphy's likeliest reading, a dictionary common noun (no name, place or
    brand, nor a guess at an unknown word such as "Робопорт")?"""
    parses = vocab.parse(token.text.lower())
    return (bool(parses) and parses[0].is_known and parses[0].tag.POS == "NOUN"
            and not any(g in parses[0].tag for g in _RU_NAME_GRAMMEMES))


def _dative(token) -> bool:
    """An indirect object: the parser's iobj, or an "obj" in the dative ("передало больнице томограф")."""
    return token.rel == "iobj" or (token.feats or {}).get("Case") == "Dat"


_RU_AGE = re.compile(r"^\d+-(?:летн|лет)")


def _animate(vocab, token) -> bool:
    """Is the common noun a kind of person ("форвард", "министр")? pymorphy's likeliest noun reading."""
    for parse in vocab.parse(token.text.lower()):
        if parse.tag.POS == "NOUN":
            return "anim" in parse.tag
    return False


def _unquote(name: str) -> str:
    """ "Авиакомпания «Северный ветер" (natasha's span took the noun and one quote) → "Северный ветер"."""
    if "«" in name:
        name = name.split("«", 1)[1]
    return name.replace("»", "").replace("«", "").strip() or name


def _lemma(vocab, token) -> str:
    if token.lemma is None:
        token.lemmatize(vocab)
    return token.lemma.replace("ё", "е")


def _rules_ru(doc: IncrementDoc, config: TripletConfig) -> list[Triplet]:
    collector = _DocCollector(doc, "rules", config)
    paragraphs = _paragraphs(doc)
    if not paragraphs:
        return []
    vocab = nlp.morph_vocab()
    for _, piece in nlp.text_chunks("\n".join(paragraphs)):  # a huge article: one natasha Doc per piece
        _rules_ru_piece(nlp.parse_ru(piece), vocab, collector)
    return collector.finish()


def _rules_ru_piece(parsed, vocab, collector: _DocCollector) -> None:
    span_of: dict[str, object] = {}
    for span in parsed.spans:
        span.normalize(vocab)
        for token in span.tokens:
            span_of[token.id] = span
    _name_stems(parsed.spans)
    antecedent = person = sole_person = None
    things: dict[str, tuple[str, str | None]] = {}
    for sent in parsed.sents:
        helper = _RuSentence(sent.tokens, span_of, vocab, antecedent, person, sole_person, dict(things))
        for token in sent.tokens:
            if token.pos in ("VERB", "AUX"):
                for fact in _verb_facts_ru(token, sent.text, helper):
                    collector.add(fact)
            elif token.pos == "NOUN":
                for fact in _noun_facts_ru(token, sent.text, helper):
                    collector.add(fact)
        for token in sent.tokens:
            if token.pos == "NOUN" and token.id not in span_of and not _animate(vocab, token) and (
                    helper.quoted_appositive(token) is not None
                    or any(c.id in span_of for c in helper.kids(token, ("appos",)))):
                named = helper.phrase(token, common=True)
                if named is not None:
                    things[_lemma(vocab, token)] = named
        people = [span for span in parsed.spans if span.type == "PER" and sent.start <= span.start < sent.stop]
        if people:
            person = (people[0].normal, people[0].type)
        sole_person = person if len({p.normal for p in people}) == 1 else None
        orgs = [span for span in parsed.spans if span.type == "ORG" and sent.start <= span.start < sent.stop]
        if orgs:
            antecedent = (orgs[0].normal, orgs[0].type)


_RU_NAME_ENDINGS = ("ами", "ями", "ом", "ем", "ой", "ей", "ам", "ям", "ах", "ях", "а", "я", "у", "ю", "е", "ы", "и")


def _name_stems(spans) -> None:
    """A name natasha could not normalise ("генеральный директор «ГридЛаба»": pymorphy does not
    know the word) takes the nominative the same text gives elsewhere ("Компания «ГридЛаб» ...")."""
    normals = {span.normal for span in spans}
    for span in spans:
        for ending in _RU_NAME_ENDINGS:
            stem = span.normal[: -len(ending)]
            if span.normal.endswith(ending) and len(stem) >= 3 and stem in normals:
                span.normal = stem
                break


def _own_modality_ru(verb, helper: _RuSentence) -> str | None:
    """What the verb's own particles, auxiliaries, tense and clause say; None when nothing does.

    "не" → negated; an "если" clause or its main clause → conditional; "бы" → possible;
    "будет" + infinitive / passive participle, or a perfective future ("поставит") → planned.
    """
    kids = helper.kids(verb)
    if any(c.text.lower() in _RU_NEGATIONS and c.rel in ("advmod", "discourse", "aux", "dep") for c in kids):
        return "negated"
    if verb.rel == "advcl" and any(c.rel == "mark" and c.text.lower() in _RU_CONDITIONS for c in kids):
        return "conditional"
    for child in kids:
        if child.rel == "advcl" and any(m.rel == "mark" and m.text.lower() in _RU_CONDITIONS for m in helper.kids(child)):
            return "conditional"
    if any(c.text.lower() in ("бы", "б") for c in kids):
        return "possible"
    if any(c.rel in ("aux", "aux:pass") and c.text.lower() in _RU_FUTURE_AUX for c in kids):
        return "planned"
    if (verb.feats or {}).get("Tense") == "Fut":
        return "planned"
    return None


def _modality_ru(verb, helper: _RuSentence) -> str:
    own = _own_modality_ru(verb, helper)
    if own is not None:
        return own
    head = helper.by_id.get(verb.head_id)
    if head is None or head is verb:
        return "asserted"
    if verb.rel == "conj" and head.pos in ("VERB", "AUX") and not helper.kids(verb, _RU_SUBJ):
        return _modality_ru(head, helper)
    if verb.rel == "xcomp":
        above = _modality_ru(head, helper)
        if above != "asserted":
            return above
        lemma = _lemma(helper.vocab, head)
        if lemma in _RU_POSSIBLE_HEADS:
            return "possible"
        if lemma in _RU_PLAN_HEADS or head.text.lower() in _RU_PLAN_HEADS:
            return "planned"
    return "asserted"


#: verbs and words of saying and believing: a fact in their "что" clause is the speaker's word
_RU_SPEECH_HEADS = frozenset({
    "сказать", "говорить", "заявить", "заявлять", "сообщить", "сообщать", "отметить", "отмечать", "подчеркнуть",
    "добавить", "пояснить", "рассказать", "считать", "полагать", "думать", "ожидать", "прогнозировать",
    "предсказать", "уверенный", "уверен", "убежденный", "убежден",
})


def _speaker_ru(verb, helper: _RuSentence):
    """The token naming who says the verb's clause, or None: the subject of the speech verb
    whose "что" clause it is ("тренер сказал, что ...", its conjuncts and infinitives
    included), or the genitive of "по словам тренера"."""
    clause = verb
    while clause.rel in ("conj", "xcomp") and helper.by_id.get(clause.head_id) not in (None, clause):
        clause = helper.by_id[clause.head_id]
    for words in helper.kids(clause, ("parataxis", "obl")):
        if _lemma(helper.vocab, words) == "слово" and helper.preposition(words) == "по":
            return next(iter(helper.kids(words, ("nmod",))), None)
    head = helper.by_id.get(clause.head_id)
    if clause.rel != "ccomp" or head is None or head is clause:
        return None
    if _lemma(helper.vocab, head) not in _RU_SPEECH_HEADS and head.text.lower() not in _RU_SPEECH_HEADS:
        return None
    return next(iter(helper.kids(head, _RU_SUBJ)), None)


def _predicted_by_another_ru(verb, subjects, helper: _RuSentence) -> bool:
    """Is the verb's future someone else's word about a person ("тренер сказал, что Доронин
    усилит атаку", "по словам тренера, Доронин усилит ...")? A prediction, not the person's plan."""
    speaker = _speaker_ru(verb, helper)
    if speaker is None:
        return False
    said_by = helper.phrase(speaker, common=True)
    for subject in subjects:
        if subject.text.lower() in ("он", "она", "я", "мы"):
            return False  # "Рябов заявил, что он ...": the speaker's own plan
        named = helper.phrase(subject)
        if named is None or named[1] != "PER" or named == said_by:
            return False
    return bool(subjects)


def _control_prefix_ru(verb, helper: _RuSentence) -> str:
    """ "согласилась купить" → "согласиться"; "планирует открыть", "может снизить" → "" (modality instead)."""
    if verb.rel != "xcomp":
        return ""
    head = helper.by_id.get(verb.head_id)
    if head is None or head.pos not in ("VERB",):
        return ""
    lemma = _lemma(helper.vocab, head)
    if lemma in _RU_PLAN_HEADS or lemma in _RU_POSSIBLE_HEADS or lemma in _RU_COPULAS or lemma == "быть":
        return ""
    return _join(_control_prefix_ru(head, helper), lemma)


def _subjects_ru(verb, helper: _RuSentence) -> list:
    # a subject is never dative, instrumental or locative: "фонд выделил лаборатории грант" —
    # the parser may call the dative «лаборатории» a second subject (its Acc / Gen tags are
    # often a nominative's homonym: "Ремонт моста стоил ...", so those stay)
    subjects = [s for s in helper.kids(verb, _RU_SUBJ) if (s.feats or {}).get("Case") not in ("Dat", "Ins", "Loc")]
    if not subjects and verb.rel == "xcomp":
        head = helper.by_id.get(verb.head_id)  # "«Русгидро» согласилась купить ...": the head's subject
        if head is not None and head is not verb:
            return _subjects_ru(head, helper)
    if not subjects and verb.rel == "conj":
        head = helper.by_id.get(verb.head_id)
        if head is not None and head.pos in ("VERB", "AUX"):
            subjects = helper.kids(head, _RU_SUBJ)
    if not subjects and verb.rel in ("acl", "amod"):
        head = helper.by_id.get(verb.head_id)  # "компания, основанная в 1990 году"
        subjects = [head] if head is not None else []
    resolved = []
    for subject in subjects:
        if subject.text.lower() in _RU_RELATIVE and verb.rel == "acl:relcl":
            head = helper.by_id.get(verb.head_id)
            if head is None:
                continue
            subject = head
        resolved.extend(helper.with_conjuncts(subject))
    return resolved


def _verb_facts_ru(verb, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    subjects = _subjects_ru(verb, helper)
    if not subjects:
        return
    # "не одобрила", "будет построен", "может снизить", "если ..., выпустит": on the fact (issue 10)
    modality = _modality_ru(verb, helper)
    if modality == "planned" and _predicted_by_another_ru(verb, subjects, helper):
        modality = "possible"  # issue 10: «Что планирует усилить Доронин?» for the coach's forecast
    emit = _Emitter(sentence, modality, _control_prefix_ru(verb, helper))
    feats = verb.feats or {}
    passive = feats.get("Voice") == "Pass" or any(c.rel == "nsubj:pass" for c in helper.kids(verb))
    lemma = _lemma(helper.vocab, verb)
    # natasha marks the agent of a passive as a bare instrumental obl ("приобретён «Северным портом»")
    agents = [
        c for c in helper.kids(verb, ("obl:agent", "obl"))
        if c.rel == "obl:agent" or (passive and not helper.kids(c, ("case",)) and (c.feats or {}).get("Case") == "Ins")
    ]

    subject_phrases = [p for p in (helper.phrase(s) for s in subjects) if p is not None]
    if passive and agents:
        # "«Балтийский транзит» приобретён «Северным портом»" → (Северный порт, приобрести, ...)
        patients = [p for p in (helper.phrase(s, common=True) for s in subjects) if p is not None]
        for agent in agents:
            agent_phrase = helper.phrase(agent)
            if agent_phrase is not None:
                for subject_phrase in patients:  # the patient may be a thing: "стадион будет построен ..."
                    yield emit(agent_phrase, lemma, subject_phrase)
        return
    common_subject = False
    if not subject_phrases:
        # "Ремонт моста стоил 3 миллиарда рублей": a thing as subject, only with a named or counted object
        subject_phrases = [p for p in (helper.phrase(s, common=True) for s in subjects) if p is not None]
        common_subject = bool(subject_phrases)
    if not subject_phrases:
        return
    base = _passive_form(helper.vocab, verb) if passive and feats.get("VerbForm") == "Part" else lemma

    if lemma in _RU_COPULAS:
        # "Москва является столицей России" → (Москва, столица, Россия)
        for predicate in helper.kids(verb, ("xcomp", "obl", "obj")):
            if helper.kids(predicate, ("case",)):
                continue
            for fact in _role_facts_ru(predicate, subject_phrases, sentence, helper):
                yield fact
            named = helper.phrase(predicate)
            if named is not None and named[1] is not None:
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, lemma, named)
        return

    time_suffix = _time_phrase_ru(verb, helper)
    objects = helper.kids(verb, _RU_OBJ)
    named_object = any(helper.phrase(o) is not None for o in objects)
    # an unnamed direct object belongs in the relation of the verb's other facts:
    # "испытал роботов в Северном порту" → (Робопорт, испытать роботов в, Северный порт)
    # (the direct object before a dative: "передало больнице томограф" is about the томограф)
    plain_object = next((o for o in sorted(objects, key=_dative)
                         if o.pos == "NOUN" and helper.phrase(o) is None), None)
    # "Он руководит компанией с 2017 года": «компанией» alone says not which company; the one
    # named before it goes into the relation ("руководить компанией «Балтийские верфи» с") and
    # is the verb's own object (issue 10: «С какого года руководит компанией Андрей Соколов?»)
    back = helper.back_reference(plain_object) if plain_object is not None and lemma not in _RU_CREATE else None
    # "назвал Тарасова лучшим нападающим": the complement belongs to the object's relation
    complement = helper.secondary_predicate(verb)
    located = _nested_places_ru(verb, helper)
    for inner, outer in located:
        # "испытал краны в «Северном порту» в Санкт-Петербурге": the city says where the port is,
        # not a second place of the test (issue 10: the set «Санкт-Петербург | Северный порт»)
        yield _fact(sentence, inner[1], _join("находиться", helper.preposition(outer[0])), outer[1])
    produced = False
    for child in helper.kids(verb):
        if any(child is outer[0] for _, outer in located):
            continue
        if child.rel in _RU_OBJ:
            if complement == "" or (complement is None and lemma in _RU_NEEDS_COMPLEMENT):
                continue
            if _dative(child) and not all(_dative(o) for o in objects):
                continue  # "продал Савельева «Ротору»": the recipient is not what was sold
            # a quantity is true of a period: "продала 2139 автомобилей в октябре" → "продать в октябре"
            is_quantity = helper.number_phrase(child) is not None
            relation = _join(base, time_suffix) if is_quantity else _join(base, complement or "")
        elif child.rel == "obl":
            if named_object:
                continue  # as in English: the fact about the named object stands on its own
            middle = helper.as_written(plain_object) if plain_object is not None else ""
            if back is not None:
                middle = f"{middle} «{back[0]}»"
            relation = _join(base, middle, helper.preposition(child))
        else:
            continue
        for obj in helper.with_conjuncts(child):
            if not helper.kids(obj, ("case",)) and _lemma(helper.vocab, obj) in _RU_DURATIONS:
                continue  # "тренировался две недели": a duration, not an object
            if (child.rel == "obl" and (obj.feats or {}).get("Case") == "Loc" and helper.date_phrase(obj) is None
                    and helper.number_phrase(obj) is not None):
                continue  # "вырос в двух кварталах от стадиона": a distance, not a place one can name
            object_phrase = helper.phrase(obj)
            if object_phrase is not None:
                produced = True
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, relation, object_phrase)
            elif child.rel in _RU_OBJ and obj.pos == "NOUN":
                # "открыл офис в Казани" → (Сбербанк, открыть офис в, Казань)
                for nmod in helper.kids(obj, ("nmod",)):
                    preposition = helper.preposition(nmod)
                    nmod_phrase = helper.phrase(nmod) if preposition else None
                    if nmod_phrase is None:
                        continue
                    # the object as written ("управляет активами на"): a lemma here would read
                    # «управляет активы на» in a question
                    relation_with_object = _join(base, helper.as_written(obj), preposition)
                    produced = True
                    for subject_phrase in subject_phrases:
                        yield emit(subject_phrase, relation_with_object, nmod_phrase)
    if ((not produced or back is not None) and plain_object is not None and not common_subject and complement is None
            and lemma not in _RU_NEEDS_COMPLEMENT):
        # "Дума не одобрила проект" → (Дума, одобрить, проект) negated: a named subject doing
        # something to a thing (thing–verb–thing is never kept)
        thing = back or helper.phrase(plain_object, common=True)
        if thing is not None and thing is not back and _own_only(plain_object, helper):
            thing = None  # "сохранит свой пост": «пост» is no answer a reader can check (issue 10)
        if thing is not None and (thing[1] is None or thing is back):
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, thing)


def _nested_places_ru(verb, helper: _RuSentence) -> list:
    """The verb's places where a later one says where an earlier one is: "в «Северном порту» в
    Санкт-Петербурге" → [(Северный порт, Санкт-Петербург)], each a (token, phrase) pair. Only named
    places in the locative ("в" / "на"), the later a geographic name; a time ("в октябре") is none."""
    places = []
    for child in helper.kids(verb, ("obl",)):
        if (helper.preposition(child) not in ("в", "во", "на") or (child.feats or {}).get("Case") != "Loc"
                or helper.date_phrase(child) is not None or helper.kids(child, ("conj",))):
            continue
        phrase = helper.phrase(child)
        if phrase is not None and phrase[1] in ("ORG", "LOC"):
            places.append((child, phrase))
    places.sort(key=lambda p: p[0].start)
    if len(places) != 2 or places[1][1][1] != "LOC" or places[0][1][0] == places[1][1][0]:
        return []
    return [(places[0], places[1])]


def _own_only(noun, helper: _RuSentence) -> bool:
    """Is the common noun only the subject's own ("свой пост", "свои краны"), with no genitive or
    name to say which one? Then the noun alone names nothing a reader can check."""
    return (any(_lemma(helper.vocab, d) == "свой" for d in helper.kids(noun, ("det", "amod")))
            and not helper.kids(noun, ("nmod", "appos", "flat:name")) and noun.id not in helper.span_of)


#: verbs that say nothing with their object alone: "назвал покупку" (чем?), "объяснила рост" (чем?),
#: "связывает рост" (с чем?); their facts need the second complement or are not kept
_RU_NEEDS_COMPLEMENT = frozenset({
    "назвать", "называть", "считать", "счесть", "признать", "признавать", "объяснить", "объяснять",
    "связать", "связывать", "сделать",
})
_RU_DURATIONS = frozenset({"секунда", "минута", "час", "день", "сутки", "неделя", "месяц", "год", "сезон", "квартал"})
_RU_MONTHS = frozenset({
    "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь",
})


def _time_phrase_ru(verb, helper: _RuSentence) -> str:
    """The verb's "в октябре" / "в 2023 году" modifier as written, or ""."""
    for child in helper.kids(verb, ("obl",)):
        preposition = helper.preposition(child)
        if preposition not in ("в", "во", "за"):
            continue
        lemma = _lemma(helper.vocab, child)
        words = sorted([child, *helper.kids(child, ("amod", "nummod", "nmod"))], key=lambda t: t.start)
        if lemma in _RU_MONTHS or (lemma in ("год", "квартал", "месяц") and len(words) > 1):
            return _join(preposition, " ".join(t.text for t in words))
    return ""


def _passive_form(vocab, verb) -> str:
    """Short passive participle in the masculine singular: "построена" → "построен"."""
    from pymorphy2.analyzer import Parse

    for parse in vocab.parse(verb.text.lower()):
        if parse.tag.POS in ("PRTS", "PRTF"):
            short = Parse.inflect(parse, {"PRTS", "masc", "sing"}) or parse
            return short.word.replace("ё", "е")
    return verb.text.lower()


def _role_facts_ru(noun, subject_phrases, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    """A role noun with a genitive entity ("глава Газпрома", "столицей России") → (X, глава, Газпром)."""
    if noun.id in helper.span_of:
        return
    for nmod in helper.kids(noun, ("nmod",)):
        if helper.kids(nmod, ("case",)):
            continue  # "директор по продажам": not the organisation the role belongs to
        for conjunct in helper.with_conjuncts(nmod):
            object_phrase = helper.phrase(conjunct)
            if object_phrase is None:
                continue
            relation = helper.role(noun)
            for subject_phrase in subject_phrases:
                yield _fact(sentence, subject_phrase, relation, object_phrase)


def _noun_facts_ru(noun, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    """Appositive and zero-copula roles.

    "Иван Петров, глава Газпрома," (role is an appositive of the name);
    "директор «Северного порта» Анна Смирнова" (the name is an appositive of the role);
    "Москва — столица России" (the role noun is the predicate, with its own subject).
    """
    if noun.id in helper.span_of:
        return
    anchors = []
    head = helper.by_id.get(noun.head_id)
    if noun.rel == "appos" and head is not None:
        anchors.append(head)
    anchors += [c for c in helper.kids(noun, ("appos",)) if c.id in helper.span_of]
    anchors += helper.kids(noun, ("nsubj",)) if noun.rel == "root" else []
    subject_phrases = []
    for anchor in anchors:
        phrase = helper.phrase(anchor)
        if phrase is not None and phrase[1] in ("PER", "ORG", "LOC"):
            subject_phrases.append(phrase)
    if subject_phrases:
        yield from _role_facts_ru(noun, subject_phrases, sentence, helper)


# =========================================================================== llm engine

