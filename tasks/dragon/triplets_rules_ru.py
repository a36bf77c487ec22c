"""Triplet extraction, rules engine, Russian: dependency patterns over a natasha parse (see tasks/dragon/triplets.py)."""
from __future__ import annotations

import bisect
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
#: third-person pronouns that point back at something named ("он", "её", "ними")
_RU_PERSONAL = frozenset({"он", "она", "оно", "они"})
#: institutions that act as a person does ("власти ввели режим ЧС", "комиссия отклонила заявку")
_RU_INSTITUTIONS = frozenset({
    "власть", "администрация", "правительство", "министерство", "ведомство", "мэрия", "полиция", "суд", "прокуратура",
    "комиссия", "совет", "дума", "парламент", "управление", "служба", "штаб", "инспекция", "агентство", "департамент",
    "комитет", "руководство", "жюри", "минздрав", "минфин", "минсельхоз", "минтранс", "правление", "собрание",
    "законодательный", "госдума", "росстат", "регулятор", "следствие", "арбитраж",
})
#: words that make a noun point back at something said before
_RU_DEMONSTRATIVES = frozenset({"этот", "тот", "такой", "подобный", "данный", "указанный", "вышеуказанный"})
#: too vague to ask about
_RU_GENERIC = frozenset({"решение", "сделка", "год", "время", "раз", "часть", "случай", "вопрос", "заявление"})
_RU_NEGATIONS = frozenset({"не", "ни"})
_RU_CONDITIONS = frozenset({"если", "ежели", "коли"})
_RU_FUTURE_AUX = frozenset({"буду", "будешь", "будет", "будем", "будете", "будут"})
#: heads whose infinitive is a plan: "планирует открыть" → (X, открыть, Y) planned
_RU_PLAN_HEADS = frozenset({
    "планировать", "намереваться", "собираться", "рассчитывать", "хотеть", "обещать", "предполагать",
    "намерен", "намеренный", "должен", "должный", "готовиться", "обязаться", "надеяться", "обязать", "обязанный",
})
_RU_POSSIBLE_HEADS = frozenset({"мочь", "смочь"})
#: impersonal verbs whose dative is the infinitive's doer: "пожарным удалось локализовать огонь"
#: ("приходилось ездить" is left out: "Раньше жителям приходилось ездить" says what no longer holds)
_RU_DATIVE_CONTROL = frozenset({"удаться", "удаваться", "предстоять"})
#: verbs that put someone in a role: "назначило главным режиссёром Кирилла Абрамцева"
_RU_APPOINT = frozenset({"назначить", "назначать", "избрать", "избирать", "утвердить", "утверждать"})
#: verbs whose object is a new thing, not one named before: "открыла компанию в Казани"
_RU_CREATE = frozenset({
    "создать", "создавать", "основать", "основывать", "открыть", "открывать", "учредить", "зарегистрировать",
    "построить", "строить", "запустить", "запускать",
})
_RU_COPULAS = frozenset({"являться", "стать", "становиться", "оставаться", "остаться"})


class _Memory:
    """What one article has named so far: the words that point back ("компания", "музей", "она",
    an abbreviation) are read against it."""

    def __init__(self) -> None:
        self.counts: dict[tuple, int] = {}
        self.last: dict[tuple, int] = {}
        self.heads: dict[tuple, set[str]] = {}
        self.order = 0
        #: abbreviation → the full name the text gave it in parentheses
        self.aliases: dict[str, tuple[str, str | None]] = {}
        #: (person, gender) in the order named
        self.people: list[tuple[tuple, str | None]] = []
        #: the subjects and objects of the sentence before, nearest first: (phrase, gender, number)
        self.previous: list[tuple[tuple, str | None, str | None]] = []
        #: the named subjects of the sentence before
        self.previous_subjects: list[tuple] = []
        self.sole_person = None

    def heads_of(self, name: tuple) -> list[str]:
        return sorted(self.heads.get(name, ()))

    def mention(self, name: tuple, heads=()) -> None:
        self.order += 1
        self.counts[name] = self.counts.get(name, 0) + 1
        self.last[name] = self.order
        self.heads.setdefault(name, set()).update(h for h in heads if h)

    def resolve(self, lemma: str, generic: bool, earlier=()) -> tuple | None:
        """The thing a bare noun points back at: a fitting name earlier in its own sentence
        (``earlier``, nearest first: "Генеральный директор «Норникеля», который возглавляет
        компанию с 2012 года"), else a fitting subject of the sentence before, else among the
        names whose head noun it is the one named most (then last); a generic organisation noun
        may also take a name without that head ("компания" for «Здравица», a chain), a head
        match counting as two mentions."""
        for name, heads in earlier:
            match = any(h == lemma or (len(lemma) >= 4 and h.endswith(lemma)) for h in heads)
            if match or (generic and name[1] == "ORG"):
                return name
        for name in self.previous_subjects:
            # "«Фосагро» открыла завод. Компания заработала ...": the subject just before, first
            match = any(h == lemma or (len(lemma) >= 4 and h.endswith(lemma)) for h in self.heads.get(name, ()))
            if match or (generic and name[1] == "ORG"):
                return name
        best, best_key = None, None
        for name, count in self.counts.items():
            match = any(h == lemma or (len(lemma) >= 4 and h.endswith(lemma)) for h in self.heads.get(name, ()))
            if not match and not (generic and name[1] == "ORG"):
                continue
            key = (count + (2 if match else 0), self.last[name])
            if best_key is None or key > best_key:
                best, best_key = name, key
        return best


class _RuSentence:
    """Pattern helpers over one natasha sentence."""

    def __init__(self, tokens, span_of: dict[str, object], vocab, memory: "_Memory | None" = None):
        self.tokens = tokens
        #: what the text named before (and the abbreviations it defined): what "компания", "музей",
        #: "он", "её" point back at
        self.memory = memory or _Memory()
        self.aliases = self.memory.aliases
        #: the person, when the sentence before named exactly one: what "22-летний форвард" points back at
        self.sole_person = self.memory.sole_person
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
        if head.pos == "PRON" and _lemma(self.vocab, head) in _RU_PERSONAL:
            return self.pronoun(head)  # "Ранее он руководил ...", "Компания построит его": the one meant, or nothing
        if head.pos == "PRON" or head.text.lower() in _RU_RELATIVE:
            return None
        if head.text in self.aliases:
            return self.aliases[head.text]
        span = self.span_of.get(head.id)
        if span is not None and span.text.rstrip().endswith("«"):
            span = None  # "Самарская аптечная сеть «" (the NER stopped at the quote): the name is the appositive
        if span is not None:
            if span.text in self.aliases:
                return self.aliases[span.text]
            return _unquote(span.normal), span.type
        back = self.refers_back(head)
        if back is not None:
            return back
        quoted = self.quoted_name(head)
        if quoted is not None:
            return quoted
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
        """ "в 2026 году" → "2026 год", "в марте" → "март", "с 1 февраля 2027 года" → "1 февраля 2027
        года", "весной 2027 года" → "весна 2027 года"; only an absolute time (a year, a month, a
        season of a year or a day of a month)."""
        lemma = _lemma(self.vocab, head)
        if lemma in _RU_MONTHS:
            years = [c for c in self.kids(head, ("amod", "nummod", "nmod")) if c.text.isdigit()]
            if not years:
                year = self.year_of(head)
                if year:
                    return f"{lemma} {year}"
            return " ".join([lemma, *[y.text for y in years]])
        if lemma in _RU_SEASONS:
            year = self.year_of(head)
            return f"{lemma} {year}" if year else None
        if lemma == "год":
            years = [c for c in self.kids(head, ("amod", "nummod")) if c.text.isdigit() and len(c.text) == 4]
            if years:
                return f"{years[0].text} год"
        if head.text.isdigit() and 1 <= int(head.text) <= 31:
            # "1 февраля 2027 года", "12 декабря": a day of a month, as written
            months = [c for c in self.kids(head, ("flat", "nmod", "amod", "nummod", "appos"))
                      if _lemma(self.vocab, c) in _RU_MONTHS and (c.feats or {}).get("Case") in (None, "Gen")]
            if months:
                year = self.year_of(head) or self.year_of(months[0])
                return " ".join(p for p in (head.text, months[0].text.lower(), year) if p)
        return None

    def year_of(self, token) -> str:
        """ "2027 года" hanging on a date word, as written, or ""."""
        for child in self.kids(token, ("nmod", "flat", "amod")):
            if _lemma(self.vocab, child) == "год" and not self.kids(child, ("case",)):
                digits = [c for c in self.kids(child, ("amod", "nummod")) if c.text.isdigit() and len(c.text) == 4]
                if digits:
                    return f"{digits[0].text} {child.text.lower()}"
        return ""

    def range_phrase(self, head) -> str | None:
        """ "от 1,1 до 1,3 млрд рублей" (the "до" part hanging on the "от" number) as written, or None."""
        if self.preposition(head) != "от" or head.pos != "NUM":
            return None
        upper = [c for c in self.kids(head, ("obl", "nmod", "conj")) if self.preposition(c) == "до"
                 and self.number_phrase(c) is not None]
        if not upper:
            return None
        return f"от {head.text} до {self.number_phrase(upper[0])}"

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
        back at the organisation named before (``refers_back``), else nothing."""
        lemma = _lemma(self.vocab, head)
        # a bare modifier of a noun is its genitive; an instrumental one ("объяснила рост
        # новыми линиями") is the verb's, misattached by the parser
        modifiers = [
            m for m in self.kids(head, ("nmod",)) if self.kids(m, ("case",)) or (m.feats or {}).get("Case") in (None, "Gen")
        ]
        back = self.refers_back(head)
        if back is not None or (lemma in _RU_ANAPHORS and not modifiers and not self.kids(head, ("amod",))):
            return back
        if any(_lemma(self.vocab, d) in _RU_DEMONSTRATIVES for d in self.kids(head, ("det", "amod"))):
            return None  # "рассматривал такую возможность", "это решение": which one, the sentence before says
        if lemma in _RU_GENERIC:
            return None
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
        return self.thing_words(head), None

    def thing_words(self, head) -> str:
        """The noun in the nominative with its adjectives and (short) genitive, as common_phrase
        gives a thing: "ремонт моста через Волгу", "власти Карымского района"."""
        modifiers = [
            m for m in self.kids(head, ("nmod",)) if self.kids(m, ("case",)) or (m.feats or {}).get("Case") in (None, "Gen")
        ]
        words = [self.role(head)]
        for nmod in modifiers[:1]:
            if any(t.text.lower() in _RU_RELATIVE or _lemma(self.vocab, t) == "который" for t in self.subtree(nmod)):
                break  # "спрос на которые", "порывы которого": the modifier is another clause's word
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
        return " ".join(words)

    def back_reference(self, noun) -> tuple[str, str | None] | None:
        """The organisation a bare "компания" / "предприятие" (no adjective, genitive or name)
        points back at, or None (not such a noun, or nothing named before it)."""
        if (_lemma(self.vocab, noun) not in _RU_ANAPHORS or noun.id in self.span_of
                or self.kids(noun, ("amod", "nmod", "appos", "flat:name", "det"))):
            return None
        return self.memory.resolve(_lemma(self.vocab, noun), generic=True, earlier=self.earlier_names(noun))

    def refers_back(self, noun) -> tuple[str, str | None] | None:
        """What a bare common noun points back at, or None.

        Russian copy names a thing once ("Онежский художественный музей", "хоккейный клуб
        «Северное сияние»", "«Итиль-Банк»") and then calls it by its head noun alone: "Музей
        закроется ...", "клуб намерен ...", "председатель правления банка". A noun with no
        adjective, genitive, name or number of its own points back at the thing named before
        whose head noun it is (the last part of a compound counts: "холдинг" for
        "агрохолдинг"); the generic organisation nouns (``_RU_ANAPHORS``: "компания",
        "предприятие", ...) at the organisation the text has named most (issue 10).
        """
        if noun.pos not in ("NOUN", "PROPN") or noun.id in self.span_of or noun.text in self.aliases:
            return None
        if self.kids(noun, ("amod", "nmod", "appos", "flat:name", "flat", "nummod", "nummod:gov", "acl", "acl:relcl")):
            return None
        if any(_lemma(self.vocab, d) == "свой" for d in self.kids(noun, ("det",))):
            return None
        if noun.pos == "PROPN" and not _common_noun(self.vocab, noun) and _lemma(self.vocab, noun) not in _RU_ANAPHORS:
            return None
        lemma = _lemma(self.vocab, noun)
        return self.memory.resolve(lemma, generic=lemma in _RU_ANAPHORS, earlier=self.earlier_names(noun))

    def earlier_names(self, token) -> list[tuple[tuple, list[str]]]:
        """The organisations named in this sentence before ``token``, nearest first, with their
        head nouns."""
        position = self.tokens.index(token)
        found, seen = [], set()
        for candidate in reversed(self.tokens[:position]):
            span = self.span_of.get(candidate.id)
            if span is None or span.type not in ("ORG", "LOC") or id(span) in seen or span.text.rstrip().endswith("«"):
                continue
            seen.add(id(span))
            if span.type == "LOC":  # a place only by its own head noun: "Самарской области ... область"
                heads = [_lemma(self.vocab, t) for t in span.tokens if t.pos == "NOUN" and _common_noun(self.vocab, t)]
                if heads and len(span.tokens) > 1:
                    found.append(((span.normal, span.type), heads[:1]))
                continue
            name = self.aliases.get(span.text) or (_unquote(span.normal), span.type)
            found.append((name, _name_heads(self.vocab, span.tokens) + self.memory.heads_of(name)))
        return found

    def pronoun(self, token) -> tuple[str, str | None] | None:
        """What a third-person pronoun ("он", "она", "его", "ней", "их") points back at, or None.

        The nearest thing before it that agrees in gender and number: a subject earlier in the
        sentence (not of the pronoun's own verb: "Иван видел его" is not Иван), then a subject or
        object of the sentence before, then the person last named of that gender ("Министерство
        не продлило с ней контракт" after "... сменил Людмилу Гранову").
        """
        feats = token.feats or {}
        gender, number = feats.get("Gender"), feats.get("Number")
        lemma = _lemma(self.vocab, token)
        if lemma == "они":
            number, gender = "Plur", None
        elif lemma == "она":
            gender, number = "Fem", "Sing"
        elif lemma == "оно":
            gender, number = "Neut", "Sing"
        elif number is None:
            number = "Sing"

        def agrees(g, n) -> bool:
            if number == "Plur" or n == "Plur":
                return number == n
            return gender is None or g is None or g == gender or (gender in ("Masc", "Neut") and g in ("Masc", "Neut")
                                                                and token.text.lower() in ("его", "него", "ему", "нему", "им", "ним", "нём"))

        own_verb = self.by_id.get(token.head_id)
        position = self.tokens.index(token)
        for candidate in reversed(self.tokens[:position]):
            if candidate.rel not in _RU_SUBJ or candidate.pos == "PRON" or candidate.text.lower() in _RU_RELATIVE:
                continue
            if own_verb is not None and (candidate.head_id == own_verb.id or candidate.head_id == own_verb.head_id):
                continue
            cf = candidate.feats or {}
            if agrees(cf.get("Gender"), cf.get("Number")):
                phrase = self.phrase(candidate, common=True) or self.agent_phrase(candidate)
                if phrase is not None:
                    return phrase
        for phrase, g, n in self.memory.previous:
            if agrees(g, n):
                return phrase
        if lemma in ("он", "она") and number != "Plur":
            for phrase, g in reversed(self.memory.people):
                if g is None or gender is None or g == gender:
                    return phrase
        return None

    def people_phrase(self, noun) -> tuple[str, str | None] | None:
        """People named by what they are and where they are from, as an object: "жителей Урульги"
        → "жители Урульги", "34-летнего жителя Урульги" → "житель Урульги" (the age says nothing a
        reader can check), "пациентов" (a plural group); None for one undescribed person."""
        if noun.pos != "NOUN" or noun.id in self.span_of or not _animate(self.vocab, noun):
            return None
        named = [m for m in self.kids(noun, ("nmod",)) if not self.kids(m, ("case",))
                 and (self.phrase(m) or (None, None))[1] in ("LOC", "ORG")]
        plural = (noun.feats or {}).get("Number") == "Plur"
        if not named and not plural:
            return None
        from natasha.norm import inflect_word

        parts = sorted([noun, *[a for a in self.kids(noun, ("amod",)) if not _RU_AGE.match(a.text.lower())]],
                       key=lambda t: t.start)
        words = " ".join(inflect_word(self.vocab, t) for t in parts)
        if named:
            words = f"{words} {' '.join(t.text for t in self.subtree(named[0]))}"
        return words, None

    def agent_phrase(self, noun) -> tuple[str, str | None] | None:
        """A common noun that names who acts: people by their trade ("пожарные", "подрядчик",
        "владельцы предприятия", "лётчики-наблюдатели") or an institution ("власти Карымского
        района", "администрация района", "конкурсная комиссия", ``_RU_INSTITUTIONS``), as written
        in the nominative with its adjectives and genitive; None for anything else, and for a
        described person ("22-летний форвард", "34-летнего жителя": no name a reader can check)."""
        if noun.pos not in ("NOUN", "ADJ") or noun.id in self.span_of:
            return None
        lemma = _lemma(self.vocab, noun)
        if lemma in _RU_GENERIC or lemma in _RU_ANAPHORS:
            return None
        if not (lemma in _RU_INSTITUTIONS or _animate(self.vocab, noun)):
            return None
        if any(_RU_AGE.match(c.text.lower()) for c in self.kids(noun, ("amod",))):
            return None
        if noun.pos == "ADJ":
            return self.role(noun), None
        return self.thing_words(noun), None


    def doer_name(self, noun) -> tuple[str, str | None] | None:
        """Who acts, when named by a quotation the NER missed: "агрохолдингом «Русское поле»" →
        Русское поле (a known name keeps its label). Only for a subject or agent: an object
        keeps its noun ("песни из нового альбома «Солёный ветер»")."""
        if noun.pos != "NOUN" or _animate(self.vocab, noun):
            return None
        quoted = self.quoted_appositive(noun)
        if quoted is None:
            return None
        return next((name for name in self.memory.counts if name[0] == quoted), None) or (quoted, None)

    def quoted_name(self, head) -> tuple[str, str | None] | None:
        """A name in «» that the NER missed, when the phrase is the whole quotation and in the
        nominative ("«Беломорский экспресс» добавит ...", "«Заволжская нива» может ..."); a
        name the text gave before keeps that one's label."""
        if (head.feats or {}).get("Case") not in ("Nom", None) or head.pos not in ("NOUN", "PROPN"):
            return None
        words = self.subtree(head)
        order = [self.tokens.index(t) for t in words]
        first, last = min(order), max(order)
        if not (last - first + 1 == len(words) and first > 0 and last + 1 < len(self.tokens)
                and self.tokens[first - 1].text == "«" and self.tokens[last + 1].text == "»"):
            return None
        text = " ".join(t.text for t in words)
        for name in self.memory.counts:
            if name[0] == text:
                return name
        return text, None

    def owner_of(self, noun) -> tuple[str, tuple] | None:
        """A quantity or share of something named, through bare genitives: "100% сети «Фармлайн»"
        → ("100 % сети", Фармлайн), "30% акций компании «Север»" → ("30 % акций компании",
        Север); None when no name is reached in two steps."""
        head_words = self.number_phrase(noun) if noun.pos in ("NUM", "SYM") or self.number_phrase(noun) else None
        if head_words is None:
            if _lemma(self.vocab, noun) not in _RU_SHARES:
                return None
            head_words = self.as_written(noun)
        words, current = [head_words], noun
        for _ in range(2):
            genitives = [c for c in self.kids(current, ("nmod",)) if not self.kids(c, ("case",))
                         and (c.feats or {}).get("Case") in ("Gen", None)]
            if not genitives:
                return None
            current = genitives[0]
            named = self.phrase(current)
            if named is not None and (named[1] is not None or self.quoted_appositive(current) is not None
                                      or current.id in self.span_of):
                if current.pos == "NOUN" and current.id not in self.span_of:
                    words.append(current.text.lower())  # "сети «Фармлайн»": the noun stays with the share
                return " ".join(words), named
            if current.pos != "NOUN":
                return None
            words.append(current.text.lower())
        return None

    def object_words(self, noun) -> str:
        """A direct object as written with its short modifier right after it ("закупки свёклы",
        "первую очередь комбината", "жителей Урульги", "ставки по ипотеке"): what the relation
        carries when the fact's object is another complement ("сократит закупки свёклы на 10%")."""
        words = self.as_written(noun)
        position = self.tokens.index(noun)
        for nmod in self.kids(noun, ("nmod",)):
            if not self.kids(nmod, ("case",)) and (nmod.feats or {}).get("Case") not in ("Gen", None):
                continue
            parts = sorted([nmod, *self.kids(nmod, ("case", "amod"))], key=lambda t: t.start)
            order = [self.tokens.index(t) for t in parts]
            if len(parts) <= 3 and max(order) - min(order) + 1 == len(parts) and min(order) == position + 1:
                words = f"{words} {' '.join(t.text for t in parts)}"
            break
        return words

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
        return " ".join(_nominative_word(self.vocab, t, inflect_word(self.vocab, t)) for t in parts)

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


_RU_UD_CASES = {"Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}


def _nominative_word(vocab, token, inflected: str) -> str:
    """natasha's nominative, or, where it kept an oblique form because the tagger's gender was
    off ("главой", a masculine noun of the feminine declension), pymorphy's nominative of the
    reading in the token's case and number."""
    grammeme = _RU_UD_CASES.get((token.feats or {}).get("Case"))
    if grammeme is None or inflected != token.text.lower().replace("ё", "е") or token.pos != "NOUN":
        return inflected
    number = "plur" if (token.feats or {}).get("Number") == "Plur" else "sing"
    for parse in vocab.parse(token.text.lower()):
        if parse.tag.POS == "NOUN" and grammeme in parse.tag and number in parse.tag:
            from pymorphy2.analyzer import Parse

            form = Parse.inflect(parse, {"nomn", number})
            if form is not None:
                return form.word.replace("ё", "е")
    return inflected


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
    """Is the common noun a kind of person ("форвард", "министр")? The tagger's reading in context
    ("спасателям" is people, though pymorphy's likeliest reading is a device) or pymorphy's
    likeliest noun reading ("лётчиками-наблюдателями", which the tagger misses)."""
    if (token.feats or {}).get("Animacy") == "Anim" and token.pos == "NOUN":
        return True
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
        parsed = nlp.parse_ru(piece)
        lines, originals, anchors = _simplified_lines(parsed, vocab)
        if lines is None:
            _rules_ru_piece(parsed, vocab, collector)
            continue
        # the sentences again without their parentheses and attribution clauses, one a line:
        # natasha's parse of the plain clause is far better (see _simplified_lines)
        _rules_ru_piece(nlp.parse_ru("\n".join(lines)), vocab, collector, originals, anchors)
    return collector.finish()


# --------------------------------------------------------------------------- simplification

#: verbs of saying that frame reported speech ("..., сообщила пресс-служба"): their own facts
#: are attribution, never key facts
_RU_SAY = frozenset({
    "сказать", "говорить", "заявить", "заявлять", "сообщить", "сообщать", "отметить", "отмечать", "подчеркнуть",
    "подчеркивать", "добавить", "добавлять", "пояснить", "пояснять", "рассказать", "рассказывать", "уточнить",
    "уточнять", "предупредить", "предупреждать", "говориться", "сообщаться", "напомнить", "заметить", "констатировать",
})
_RU_NUMBER_ABBREVIATIONS = frozenset({"тыс", "млн", "млрд", "трлн", "руб", "долл", "коп", "км", "га"})
_RU_ABBREVIATION = re.compile(r"^[A-ZА-ЯЁ][A-ZА-ЯЁ0-9-]*[A-ZА-ЯЁ][A-ZА-ЯЁ0-9]*$")
_RU_CLAUSE_WORDS = frozenset({"что", "чтобы", "будто", "ли", "если", "как", "когда", "который", "которая", "которое",
                              "которые"})


def _is_say_verb(vocab, token) -> bool:
    return (token.pos == "VERB" and (token.feats or {}).get("VerbForm") == "Fin"
            and _lemma(vocab, token) in _RU_SAY)


def _simplified_lines(parsed, vocab):
    """Each sentence of a first parse as plain clauses, or (None, originals, anchors) when no
    sentence changes. Returns (lines, originals, anchors): the lines to parse again, for each
    line the sentence it came from (facts keep the sentence as written), and the abbreviations
    a parenthesis defined, as {line index: [(abbreviation, offset in the line where the name
    ends)]}.

    Agency copy wraps a fact in clauses natasha's parser reads badly: a parenthesis
    ("«Колымская горнорудная компания» (КГК) получила ..." parses the company as an appositive
    of a later noun) and a clause of attribution ("..., сообщила в среду пресс-служба
    компании", "..., как уточнил Ладыгин, ...", "Как рассказал X, ...") that the parser makes a
    second root, taking the fact's subject with it. A parenthesis is dropped (an abbreviation in
    it is remembered for the name before it); an attribution clause -- a verb of saying
    (``_RU_SAY``) right after a comma or dash, with no "что" / "как" clause of its own, running
    to the end of the sentence or to the next comma -- becomes its own line after the clause, so
    the roles it names ("сказал генеральный директор КГК Андрей Шестаков") are still read.
    """
    lines: list[str] = []
    originals: list[str] = []
    anchors: dict[int, list[tuple[str, int]]] = {}
    changed = False
    for sent in parsed.sents:
        texts = [t.text for t in sent.tokens if t.text not in (".", "!", "?")]
        if len(texts) <= 5 and texts[:1] == ["«"] and texts[-1:] == ["»"]:
            # "«Волга-Пресс»." left of a dateline: no fact, and beside the next sentence it
            # changes what the NER finds there
            changed = True
            continue
        main, extra, found = _simplify_sentence(sent, vocab)
        changed = changed or main != sent.text or bool(extra)
        if found:
            anchors[len(lines)] = found
        for line in (main, *extra):
            lines.append(line)
            originals.append(sent.text)
    return (lines if changed else None), originals, anchors


def _simplify_sentence(sent, vocab) -> tuple[str, list[str], list[tuple[str, int]]]:
    tokens = sent.tokens
    base = sent.start
    text = sent.text
    cuts: list[tuple[int, int]] = []          # character ranges (in the sentence) to drop
    moved: list[tuple[int, int]] = []         # character ranges that become lines of their own
    abbreviations: list[tuple[str, int]] = []  # (abbreviation, sentence offset of the "(")
    words = [t for t in tokens if t.pos != "PUNCT"]
    # parentheses
    index = 0
    while index < len(tokens):
        if tokens[index].text == "(":
            depth, end = 0, None
            for j in range(index, len(tokens)):
                depth += tokens[j].text == "("
                depth -= tokens[j].text == ")"
                if depth == 0:
                    end = j
                    break
            if end is None:
                break
            inside = tokens[index + 1:end]
            if len(inside) == 1 and _RU_ABBREVIATION.match(inside[0].text):
                abbreviations.append((inside[0].text, tokens[index].start - base))
            cuts.append((tokens[index].start - base, tokens[end].stop - base))
            index = end + 1
            continue
        index += 1
    # "620 тыс. тонн": the abbreviation's period inside a sentence reads as a clause break to the
    # parser ("тыс" and "тонн" become two objects); the number phrase is one
    for i, token in enumerate(tokens[:-2]):
        if (token.text.lower() in _RU_NUMBER_ABBREVIATIONS and tokens[i + 1].text == "."
                and tokens[i + 2].text[:1].islower()):
            cuts.append((tokens[i + 1].start - base, tokens[i + 1].stop - base))
    # attribution clauses
    for i, token in enumerate(tokens):
        if not _is_say_verb(vocab, token):
            continue
        before = [t for t in tokens[:i] if t.pos != "PUNCT"]
        opener = before[-1] if before else None
        if opener is not None and opener.text.lower() == "как" and len(before) >= 1:
            # "Как рассказал X, ..." / "..., как уточнил X, ...": up to the next comma
            start_token = opener
            prev = tokens[tokens.index(opener) - 1] if tokens.index(opener) > 0 else None
            if prev is not None and prev.text not in (",", "—", "–", "-"):
                continue
            end = next((j for j in range(i + 1, len(tokens)) if tokens[j].text == ","), None)
            if end is None:
                continue
            span = tokens[tokens.index(opener):end]
            if any(t.text.lower() in _RU_CLAUSE_WORDS for t in span[2:]) or any(
                    t is not token and t.pos == "VERB" and (t.feats or {}).get("VerbForm") == "Fin" for t in span):
                continue
            if len([t for t in tokens[end:] if t.pos != "PUNCT"]) < 2:
                continue
            # "При этом, как уточнил Ладыгин, повышать ..." → "При этом повышать ..."
            cut_start = (prev.start if prev is not None else start_token.start) - base
            cuts.append((cut_start, tokens[end].stop - base))
            moved.append((token.start - base, tokens[end - 1].stop - base))
            continue
        # "..., сообщила в среду пресс-служба компании." / "«...», — сказал X."
        if i == 0 or tokens[i - 1].text not in (",", "—", "–", "-"):
            continue
        if len(before) < 3:
            continue
        tail = [t for t in tokens[i:] if t.pos != "PUNCT"]
        if any(t.text.lower() in _RU_CLAUSE_WORDS for t in tail) or any(
                t is not token and t.pos == "VERB" and (t.feats or {}).get("VerbForm") == "Fin" for t in tail):
            continue
        first = i - 1
        while first > 0 and tokens[first - 1].text in (",", "—", "–", "-"):
            first -= 1
        # up to the sentence's final stop, closing quotes included: "..., сообщает «Интерфакс»."
        last = next(t for t in reversed(tokens[i:]) if t.text not in (".", "!", "?", "…"))
        cuts.append((tokens[first].start - base, last.stop - base))
        moved.append((token.start - base, last.stop - base))
        break
    if not cuts:
        return text, [], []
    cuts.sort()
    pieces, offset, anchor_at = [], 0, {}
    out_len = 0
    for start, stop in cuts:
        if start < offset:
            continue
        piece = text[offset:start]
        pieces.append(piece)
        out_len += len(piece)
        anchor_at[start] = out_len
        offset = stop
    pieces.append(text[offset:])
    main = "".join(pieces)
    # tidy the seams: "компания  получила", "лицензию ." → single spaces, no space before punctuation
    main_clean = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", main)).strip()
    found = []
    for abbr, at in abbreviations:
        if at in anchor_at:
            prefix = re.sub(r"\s{2,}", " ", "".join(pieces)[:anchor_at[at]]).rstrip()
            found.append((abbr, len(prefix)))
    extra = [text[a:b].rstrip(" ,;") + "." for a, b in moved]  # a line of its own ends as a sentence
    return main_clean, extra, found


# --------------------------------------------------------------------------- parse repairs

_RU_PLACE_PREPOSITIONS = frozenset({"в", "во", "на", "из", "с", "со", "к", "ко", "по", "о", "об", "у", "от", "за",
                                    "под", "над", "при", "через", "для", "перед", "между"})
_RU_SUBORDINATORS = frozenset({"если", "ежели", "коли", "когда", "хотя", "чтобы", "пока", "поскольку", "так", "после"})
_RU_CLAUSE_BREAKS = frozenset({",", ";", ":", "(", ")"})


def _repair_parse_ru(tokens, vocab) -> None:
    """Mend the head errors natasha's parser makes on long news sentences, in general terms.

    Each repair moves a token only where its attachment breaks Russian grammar: a subordinator
    ("если") belongs to the first verb after it; an "если" clause parsed as a second root is an
    adverbial clause of the main one, and it runs to its comma; what natasha hangs on the
    auxiliary "будет" (subject, "не") is the main verb's; a passive's second "subject" in the
    instrumental is its agent; a finite verb with no subject takes the nearest agreeing
    nominative before it in its clause; a noun is never an adjective's dependent or an
    adjective modifier; a relative "который" agrees with its noun; coordinated nouns share their
    case; a verb has no numeral modifier; an appositive name agrees in case with its noun.
    """
    by_id = {t.id: t for t in tokens}
    index = {t.id: i for i, t in enumerate(tokens)}

    def kids(token, rels=None):
        return [t for t in tokens if t.head_id == token.id and (rels is None or t.rel in rels)]

    def head(token):
        return by_id.get(token.head_id)

    def case(token):
        return (token.feats or {}).get("Case")

    def is_verb(token):
        return token.pos in ("VERB", "AUX") or (token.pos == "ADJ" and (token.feats or {}).get("Variant") == "Short")

    def finite(token):
        feats = token.feats or {}
        return token.pos in ("VERB", "AUX") and feats.get("VerbForm") == "Fin"

    def segment(i, step):
        """Indices from i in one direction up to a clause break (comma, colon, parenthesis)."""
        j = i + step
        while 0 <= j < len(tokens) and tokens[j].text not in _RU_CLAUSE_BREAKS:
            yield j
            j += step

    def ancestors(token):
        seen = set()
        current = head(token)
        while current is not None and current.id not in seen:
            seen.add(current.id)
            yield current
            current = head(current)

    def attach(token, new_head, rel):
        if new_head is token or any(a is token for a in ancestors(new_head)):
            return False  # would close a loop
        token.head_id, token.rel = new_head.id, rel
        return True

    # a noun as an adjective modifier: "наценку на важные препараты" (наценку amod → препараты),
    # "в Балакове элеватор" (Балакове amod → элеватор, the "в" on элеватор)
    for token in tokens:
        target = head(token)
        if token.rel != "amod" or token.pos not in ("NOUN", "PROPN") or target is None or target.pos not in ("NOUN", "PROPN"):
            continue
        if index[token.id] > index[target.id]:
            continue
        cases = kids(target, ("case",))
        between = [c for c in cases if index[token.id] < index[c.id] < index[target.id]]
        before = [c for c in cases if index[c.id] < index[token.id]]
        above = head(target)
        if between and above is not None:
            rel = target.rel if target.rel not in ("dep", "amod") else "obj"
            if attach(token, above, rel):
                attach(target, token, "nmod")
        elif before and above is not None:
            for c in before:
                c.head_id = token.id
            if attach(token, above, "obl" if is_verb(above) else "nmod"):
                has_obj = any(k.rel == "obj" for k in kids(above) if k is not target)
                target.rel = "obj" if is_verb(above) and not has_obj and case(target) in ("Acc", "Nom") else target.rel

    # an adjective heading a noun: "со «Средневолжской мостостроительной компанией»" (компанией nmod →
    # Средневолжской): the noun takes the adjective's place, the adjective modifies it
    for token in tokens:
        if token.pos != "ADJ" or token.rel in ("amod", "root", "conj", "xcomp", "acl") or head(token) is None:
            continue
        nouns = [k for k in kids(token, ("nmod", "appos", "obl")) if k.pos in ("NOUN", "PROPN")
                 and index[k.id] > index[token.id] and (case(k) == case(token) or case(token) is None)]
        if not nouns:
            continue
        noun = nouns[0]
        gap = tokens[index[token.id] + 1:index[noun.id]]
        if any(t.pos not in ("ADJ", "PUNCT") for t in gap):
            continue
        above, rel = head(token), token.rel
        noun.head_id, noun.rel = above.id, rel
        for k in kids(token):
            if k is not noun and k.rel in ("case", "amod", "punct", "nmod", "appos"):
                k.head_id = noun.id
        token.head_id, token.rel = noun.id, "amod"

    # a subordinator belongs to the first verb after it in its clause: "Если цены ... сохранятся"
    for token in tokens:
        if token.rel != "mark" or token.text.lower() not in _RU_SUBORDINATORS:
            continue
        verbs = [tokens[j] for j in segment(index[token.id], 1) if is_verb(tokens[j])
                 and tokens[j].rel not in ("aux", "aux:pass", "cop", "amod")
                 and (tokens[j].feats or {}).get("VerbForm") not in ("Part", "Conv")]
        if verbs and head(token) is not verbs[0]:
            token.head_id = verbs[0].id

    # an "если" clause parsed as a root of its own: an adverbial clause of the main verb
    roots = [t for t in tokens if t.rel == "root"]
    for clause in tokens:
        if not any(k.rel == "mark" and k.text.lower() in _RU_CONDITIONS for k in kids(clause)):
            continue
        main = head(clause)
        if clause.rel == "root" or main is None:
            others = [r for r in roots if r is not clause and is_verb(r)]
            others += [k for k in kids(clause, ("parataxis", "conj", "ccomp", "dep")) if is_verb(k)
                       and index[k.id] > index[clause.id]]
            after = [o for o in others if index[o.id] > index[clause.id]]
            if not after:
                continue
            main = min(after, key=lambda o: index[o.id])
            if main.rel != "root":
                main.head_id, main.rel = clause.head_id, "root"
            clause.head_id, clause.rel = main.id, "advcl"
        elif clause.rel != "advcl":
            continue
        if index[clause.id] > index[main.id]:
            continue
        # the clause runs from its subordinator to its comma: what lies there is the clause's,
        # what lies past it the main verb's ("Если бюджет выделит театру 90 млн рублей, театр отремонтирует ...")
        inside = set(segment(index[clause.id], 1)) | set(segment(index[clause.id], -1))
        for j in inside:
            token = tokens[j]
            if token.head_id == main.id and token.rel not in ("punct", "advcl"):
                attach(token, clause, token.rel)
        end = max(inside | {index[clause.id]})
        for token in kids(clause):
            if index[token.id] > end and token.rel in ("nsubj", "obj", "obl", "iobj", "advmod", "nsubj:pass"):
                attach(token, main, token.rel)

    # a future "будет" beside an infinitive is its auxiliary, whatever natasha called it
    # ("повышать тарифы перевозчик не будет": будет dep → повышать)
    for token in tokens:
        verb = head(token)
        if (token.text.lower() in _RU_FUTURE_AUX and token.rel in ("dep", "conj", "parataxis", "advcl") and verb is not None
                and (verb.feats or {}).get("VerbForm") == "Inf"):
            token.rel = "aux"

    # what natasha hangs on an auxiliary ("клуб не будет повышать": клуб, не → будет) is the verb's
    for token in tokens:
        aux = head(token)
        if aux is None or aux.rel not in ("aux", "aux:pass", "cop") or token.rel in ("punct",):
            continue
        verb = head(aux)
        if verb is not None:
            attach(token, verb, token.rel)

    # a passive's "subject" that can only be instrumental is its agent: "было обнаружено
    # лётчиками-наблюдателями", "был приобретён агрогруппой «Пензенские нивы»"
    for token in tokens:
        if token.rel != "nsubj:pass" or token.pos not in ("NOUN", "PROPN"):
            continue
        forms = [p.tag for p in vocab.parse(token.text.lower()) if p.tag.POS == "NOUN"]
        if forms and all("ablt" in tag for tag in forms):
            token.rel = "obl:agent"
            if token.feats is not None:
                token.feats = {**token.feats, "Case": "Ins"}

    # an argument does not reach across another clause's verb to a verb before it: "руководил
    # омским театром" (театром obj → назначило, over руководил), "привлекать ...: строительство
    # будет финансироваться за счёт собственных средств" (средств obj → привлекать)
    for token in tokens:
        verb = head(token)
        if token.rel not in ("obj", "obl", "iobj") or verb is None or not is_verb(verb) or index[verb.id] > index[token.id]:
            continue
        lineage = {a.id for a in ancestors(token)}
        between = [tokens[j] for j in range(index[verb.id] + 1, index[token.id])
                   if (finite(tokens[j]) or (tokens[j].feats or {}).get("VerbForm") == "Inf")
                   and tokens[j].rel not in ("aux", "aux:pass", "cop", "xcomp")
                   and verb.id not in {a.id for a in ancestors(tokens[j])}]
        if between and between[-1].id not in lineage:
            attach(token, between[-1], token.rel)

    # a clause with "который" parsed as a root of its own is a relative clause of the noun before
    for clause in tokens:
        if clause.rel not in ("root", "parataxis", "conj", "dep") or not is_verb(clause):
            continue
        pronoun = next((k for k in kids(clause) if _lemma(vocab, k) == "который" and index[k.id] < index[clause.id]), None)
        if pronoun is None or index[pronoun.id] == 0 or tokens[index[pronoun.id] - 1].text != ",":
            continue
        nouns = [t for t in tokens[:index[pronoun.id]] if t.pos in ("NOUN", "PROPN")]
        if not nouns:
            continue
        if clause.rel == "root":
            others = [t for t in tokens if t.rel == "root" and t is not clause]
            if not others:
                continue
        attach(clause, nouns[-1], "acl:relcl")

    # a relative "который" agrees with its noun: "аппарат ..., который был закуплен" is the
    # аппарат's clause even when natasha hangs it on "больница"
    for clause in tokens:
        if clause.rel != "acl:relcl" or head(clause) is None:
            continue
        pronoun = next((k for k in kids(clause) if _lemma(vocab, k) == "который"), None)
        if pronoun is None:
            continue
        pf = pronoun.feats or {}

        def agrees(noun) -> bool:
            nf = noun.feats or {}
            if pf.get("Number") == "Plur" or nf.get("Number") == "Plur":
                return pf.get("Number") == nf.get("Number")
            return pf.get("Gender") in (None, nf.get("Gender"))

        noun = head(clause)
        if noun.pos not in ("NOUN", "PROPN") or agrees(noun):
            continue
        for j in range(index[pronoun.id] - 1, -1, -1):
            candidate = tokens[j]
            if candidate.pos in ("NOUN", "PROPN") and agrees(candidate) and candidate is not clause:
                attach(clause, candidate, "acl:relcl")
                break

    # a verb has no numeral modifier, a noun no verb conjunct: "могла составить от 1,1 ...",
    # "вырастет на 7% — до 146 рублей" (рублей conj → вырастет)
    for token in tokens:
        verb = head(token)
        if verb is None or not is_verb(verb) or (verb.feats or {}).get("VerbForm") == "Part":
            continue  # a participle used as a noun counts: "двух подозреваемых"
        if token.rel == "nummod" or (token.rel == "conj" and token.pos in ("NOUN", "NUM", "SYM") and not kids(token, ("cc",))):
            token.rel = "obl" if kids(token, ("case",)) else "obj"

    # coordinated nouns share their case: "на аукционе, ..., 2,4 млрд рублей" (рублей conj →
    # аукционе) is the verb's object
    for token in tokens:
        first = head(token)
        if (token.rel != "conj" or token.pos not in ("NOUN", "NUM") or first is None or first.pos not in ("NOUN", "PROPN")
                or kids(token, ("cc",)) or case(token) in (None, case(first))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is None:
            continue
        if kids(token, ("case",)):
            attach(token, verb, "obl")
        elif case(token) in ("Gen", "Acc") and not kids(verb, ("obj",)):
            attach(token, verb, "obj")

    # an appositive name agrees in case with its noun; a name in the accusative is no bare
    # modifier: "назначило главным режиссёром театра Кирилла Абрамцева" (Абрамцева appos →
    # Министерство), "назначил генеральным директором Олега Кравцова" (Олега nmod → директором)
    for token in tokens:
        noun = head(token)
        if token.pos != "PROPN" or noun is None or noun.pos not in ("NOUN", "PROPN") or kids(token, ("case",)):
            continue
        if index[token.id] > 0 and tokens[index[token.id] - 1].text == "«":
            continue  # a quoted name stays in the nominative
        mismatch = (token.rel == "appos" and case(token) not in (None, case(noun))
                    and case(token) in ("Acc", "Gen") and case(noun) in ("Nom", "Ins"))
        mismatch = mismatch or (token.rel == "nmod" and case(token) == "Acc")
        if not mismatch:
            continue
        verb = next((tokens[j] for j in range(index[token.id] - 1, -1, -1) if is_verb(tokens[j])
                     and tokens[j].rel not in ("aux", "aux:pass")), None)
        if verb is not None and not kids(verb, ("obj",)):
            attach(token, verb, "obj")

    # a verb has one direct object: a bare genitive right after it is that object's modifier
    # ("запустит первую очередь комбината": комбината obj → очередь); an object with a
    # preposition is an oblique ("управляет ... в Самарской и Ульяновской областях")
    for token in tokens:
        verb = head(token)
        if token.rel != "obj" or verb is None:
            continue
        preps = [c for c in kids(token, ("case",)) if c.text.lower() in _RU_PLACE_PREPOSITIONS]
        if preps:
            token.rel = "obl"
            continue
        earlier = [o for o in kids(verb, ("obj",)) if index[o.id] < index[token.id] and o.pos in ("NOUN", "PROPN")]
        if earlier and case(token) == "Gen" and all(
                tokens[j].pos in ("ADJ", "DET", "NUM") for j in range(index[earlier[-1].id] + 1, index[token.id])):
            attach(token, earlier[-1], "nmod")

    # an adjective agrees with its noun: a bare "genitive" whose adjective is accusative is an
    # animate accusative, the verb's object ("привлекать к проекту иностранных партнёров")
    for token in tokens:
        if token.rel != "nmod" or token.pos != "NOUN" or kids(token, ("case",)) or case(token) != "Gen":
            continue
        if (token.feats or {}).get("Number") != "Plur" or not any(case(a) == "Acc" for a in kids(token, ("amod",))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is not None and not kids(verb, ("obj",)) and (verb.feats or {}).get("VerbForm") in ("Fin", "Inf"):
            attach(token, verb, "obj")

    # a genitive the parser left hanging on the verb after a noun is that noun's: "рассказал
    # коммерческий директор «Заволжской нивы» Олег Самсонов" (нивы dep → рассказал)
    for token in tokens:
        if token.rel != "dep" or case(token) != "Gen" or token.pos not in ("NOUN", "PROPN") or kids(token, ("case",)):
            continue
        j = index[token.id] - 1
        while j >= 0 and (tokens[j].pos in ("ADJ", "DET") or tokens[j].text in ("«", "»")):
            j -= 1
        if j >= 0 and tokens[j].pos in ("NOUN", "PROPN"):
            attach(token, tokens[j], "nmod")

    # a finite verb with no subject takes the nearest nominative before it in its clause that
    # agrees with it ("«Колымская горнорудная компания» получила ...", "КГК заплатила ...",
    # "Если A снизит ставку, «Итиль-Банк» ... снизит ставки")
    for verb in tokens:
        if not finite(verb) or verb.rel in ("aux", "aux:pass", "cop", "xcomp", "acl:relcl", "acl", "csubj"):
            continue
        if kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl")):
            continue
        if verb.rel == "conj" and head(verb) is not None and is_verb(head(verb)):
            continue  # "заменят кровлю и восстановят ...": the first verb's subject
        vf = verb.feats or {}
        if vf.get("Person") in ("1", "2"):
            continue
        for j in segment(index[verb.id], -1):
            candidate = tokens[j]
            if candidate.pos not in ("NOUN", "PROPN") or kids(candidate, ("case",)):
                continue
            abbreviation = bool(_RU_ABBREVIATION.match(candidate.text))
            if case(candidate) != "Nom" and not abbreviation:
                continue
            cf = candidate.feats or {}
            if vf.get("Number") and cf.get("Number") and vf["Number"] != cf["Number"] and not abbreviation:
                continue
            if (vf.get("Number") == "Sing" and vf.get("Gender") and cf.get("Gender") and vf["Gender"] != cf["Gender"]
                    and not abbreviation):
                continue
            owner = head(candidate)
            if candidate.rel in ("nsubj", "nsubj:pass") and owner is not None and owner is not verb:
                rivals = [k for k in kids(owner, ("nsubj", "nsubj:pass")) if k is not candidate]
                crossing = any(tokens[k].text in _RU_CLAUSE_BREAKS for k in range(
                    min(index[candidate.id], index[owner.id]), max(index[candidate.id], index[owner.id])))
                if not rivals and not crossing:
                    break
            # the top of an appositive chain: "компания" for "«... компания» (КГК)"
            while candidate.rel == "appos" and head(candidate) is not None and head(candidate).pos in ("NOUN", "PROPN") \
                    and index[head(candidate).id] < index[verb.id] and case(head(candidate)) == "Nom":
                candidate = head(candidate)
            attach(candidate, verb, "nsubj:pass" if vf.get("Voice") == "Pass" else "nsubj")
            break
    nlp.break_head_cycles(tokens)


def _rules_ru_piece(parsed, vocab, collector: _DocCollector, originals=None, anchors=None) -> None:
    for sent in parsed.sents:
        # mended first: natasha's normaliser reads the heads ("со «Средневолжской мостостроительной
        # компанией»" under an adjective head gave «Средневолжская мостостроительной компанией»)
        _repair_parse_ru(sent.tokens, vocab)
    span_of: dict[str, object] = {}
    for span in parsed.spans:
        span.normalize(vocab)
        for token in span.tokens:
            span_of[token.id] = span
    _name_stems(parsed.spans)
    _person_normals(parsed.spans, vocab)
    line_starts = [0]
    for line in parsed.text.split("\n")[:-1]:
        line_starts.append(line_starts[-1] + len(line) + 1)
    memory = _Memory()
    for sent in parsed.sents:
        line = bisect.bisect_right(line_starts, sent.start) - 1
        sentence = originals[line] if originals is not None else sent.text
        for abbreviation, offset in (anchors or {}).get(line, ()):
            name = _named_before(parsed.spans, sent, line_starts[line] + offset)
            if name is not None:
                memory.aliases[abbreviation] = name
        helper = _RuSentence(sent.tokens, span_of, vocab, memory)
        for token in sent.tokens:
            if token.pos in ("VERB", "AUX"):
                for fact in _verb_facts_ru(token, sentence, helper):
                    collector.add(fact)
            elif token.pos == "NOUN":
                for fact in _noun_facts_ru(token, sentence, helper):
                    collector.add(fact)
        _remember(sent, parsed.spans, helper, memory)


def _remember(sent, spans, helper: _RuSentence, memory: _Memory) -> None:
    """Add what one sentence names to the article's memory (see _Memory)."""
    vocab, span_of = helper.vocab, helper.span_of
    seen_spans = set()
    for token in sent.tokens:
        if token.pos == "NOUN" and token.id not in span_of and not _animate(vocab, token) and (
                helper.quoted_appositive(token) is not None
                or any(c.id in span_of for c in helper.kids(token, ("appos",)))):
            # "театр «Волжская сцена»", "агрохолдинг «Заволжская нива»": the noun is the name's head
            named = helper.phrase(token, common=True)
            if named is not None:
                memory.mention(named, [_lemma(vocab, token)])
                seen_spans.update(id(span_of[c.id]) for c in helper.kids(token, ("appos",)) if c.id in span_of)
    for token in sent.tokens:
        if token.id in span_of or token.pos not in ("NOUN", "PROPN"):
            continue
        quoted = helper.quoted_name(token)
        if quoted is not None and quoted not in memory.counts:
            # "«Волжский банк» откроет ...": a quoted name the NER missed is named all the same
            memory.mention(quoted, [_lemma(vocab, token)] if _common_noun(vocab, token) else [])
    for span in spans:
        if sent.start <= span.start < sent.stop and span.type == "LOC" and len(span.tokens) > 1:
            # "Самарская область ... область не будет повышать тарифы": a place its head noun names
            # (only by that noun: a place is never what "компания" means)
            heads = [_lemma(vocab, t) for t in span.tokens if t.pos == "NOUN" and _common_noun(vocab, t)]
            if heads:
                memory.mention((span.normal, span.type), heads[:1])
        if not (sent.start <= span.start < sent.stop) or span.type != "ORG" or id(span) in seen_spans:
            continue
        name = memory.aliases.get(span.text) or (_unquote(span.normal), span.type)
        memory.mention(name, _name_heads(vocab, span.tokens))
    people = [span for span in spans if span.type == "PER" and sent.start <= span.start < sent.stop]
    for span in people:
        memory.people.append(((span.normal, span.type), (span.tokens[0].feats or {}).get("Gender")))
    memory.sole_person = memory.people[-1][0] if people and len({p.normal for p in people}) == 1 else None
    previous = []
    for rels in (_RU_SUBJ, _RU_OBJ):
        for token in sent.tokens:
            if token.rel in rels and token.pos != "PRON" and token.text.lower() not in _RU_RELATIVE:
                phrase = helper.phrase(token, common=True) or helper.agent_phrase(token)
                if phrase is not None:
                    feats = token.feats or {}
                    previous.append((phrase, feats.get("Gender"), feats.get("Number")))
    memory.previous = previous
    memory.previous_subjects = [
        p for p in (helper.phrase(t) for t in sent.tokens if t.rel in _RU_SUBJ and t.pos != "PRON") if p is not None
        and p in memory.counts]


def _name_heads(vocab, tokens) -> list[str]:
    """The common nouns a name is built on: "Онежский художественный музей" → музей, "Министерство
    культуры" → министерство, "Итиль-Банк" → банк (the last part of a hyphenated name)."""
    heads = []
    for token in tokens:
        if token.pos in ("NOUN", "PROPN") and _common_noun(vocab, token):
            heads.append(_lemma(vocab, token))
            break
    for token in tokens:
        if "-" in token.text:
            last = token.text.rsplit("-", 1)[1].lower()
            parses = vocab.parse(last)
            if parses and parses[0].is_known and parses[0].tag.POS == "NOUN":
                heads.append(parses[0].normal_form.replace("ё", "е"))
    return heads


def _named_before(spans, sent, at: int) -> tuple[str, str | None] | None:
    """The name that ends at character ``at`` of the parsed text (where a parenthesis with its
    abbreviation stood): an NER span, else the words in «» right before it, as written."""
    for span in spans:
        if sent.start <= span.start and at - 2 <= span.stop <= at:
            return _unquote(span.normal), span.type
    before = sent.text[: at - sent.start].rstrip()
    if before.endswith("»") and "«" in before:
        return before[before.rindex("«") + 1:-1].strip(), "ORG"
    return None


def _person_normals(spans, vocab) -> None:
    """A person's surname in the case and gender of the first name before it: natasha gives
    "Людмила Гранову" for "Людмилу Гранову" (its tagger took the surname for masculine)."""
    from pymorphy2.analyzer import Parse

    for span in spans:
        words = span.normal.split()
        if span.type != "PER" or len(words) != len(span.tokens) or len(words) < 2:
            continue
        first = span.tokens[0].feats or {}
        gender = {"Fem": "femn", "Masc": "masc"}.get(first.get("Gender"))
        grammeme = {"Acc": "accs", "Gen": "gent", "Dat": "datv", "Ins": "ablt", "Loc": "loct"}.get(first.get("Case"))
        if gender is None or grammeme is None:
            continue
        for position, token in enumerate(span.tokens[1:], start=1):
            for parse in vocab.parse(token.text.lower()):
                tag = parse.tag
                if ("Surn" in tag or "Patr" in tag) and gender in tag and grammeme in tag:
                    nominative = Parse.inflect(parse, {"nomn"})
                    if nominative is not None:
                        words[position] = nominative.word.capitalize()
                    break
        span.normal = " ".join(words)


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
        if child.rel in ("obl", "advmod", "nmod") and _lemma(helper.vocab, child) in ("случай", "условие") \
                and helper.preposition(child) in ("в", "при") and helper.kids(child, ("nmod", "acl", "advcl", "ccomp")):
            return "conditional"  # "в случае одобрения сделки ...", "при условии финансирования ...": a condition
    if any(c.text.lower() in ("бы", "б") for c in kids):
        return "possible"
    if any(c.rel in ("aux", "aux:pass") and c.text.lower() in _RU_FUTURE_AUX for c in kids):
        return "planned"
    if (verb.feats or {}).get("Tense") == "Fut":
        return "planned"
    return None


def _modality_ru(verb, helper: _RuSentence) -> str:
    own = _own_modality_ru(verb, helper)
    if own not in ("negated", "conditional") and verb.rel == "ccomp" and _allowed_by_ru(verb, helper):
        return "possible"  # "не исключил, что пригласит ...": a possibility, not a plan
    if own is not None:
        return own
    head = helper.by_id.get(verb.head_id)
    if head is None or head is verb:
        return "asserted"
    if verb.rel == "conj" and head.pos in ("VERB", "AUX") and not helper.kids(verb, _RU_SUBJ):
        return _modality_ru(head, helper)
    if verb.rel == "advcl" and (verb.feats or {}).get("VerbForm") == "Conv":
        return _modality_ru(head, helper)  # "не стал ..., сославшись": the gerund shares its verb's modality
    if verb.rel == "csubj" and _lemma(helper.vocab, head) in _RU_DATIVE_CONTROL:
        above = _modality_ru(head, helper)  # "не удалось локализовать": negated
        if above != "asserted":
            return above
        return "planned" if _lemma(helper.vocab, head) == "предстоять" else "asserted"
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


def _allowed_by_ru(verb, helper: _RuSentence) -> bool:
    """Is the verb's "что" clause only allowed for ("не исключил, что ...", "допускает, что ...")?"""
    head = helper.by_id.get(verb.head_id)
    if head is None or head is verb:
        return False
    lemma = _lemma(helper.vocab, head)
    negated = any(c.text.lower() in _RU_NEGATIONS for c in helper.kids(head, ("advmod", "discourse", "dep", "aux")))
    return (lemma in ("исключить", "исключать") and negated) or (lemma in _RU_ALLOW and not negated)


_RU_ALLOW = frozenset({"допускать", "допустить", "предполагать", "предположить"})


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
    if (lemma in _RU_PLAN_HEADS or lemma in _RU_POSSIBLE_HEADS or lemma in _RU_COPULAS or lemma in _RU_APPOINT
            or lemma == "быть"):
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
    if not subjects and verb.rel == "advcl" and (verb.feats or {}).get("VerbForm") == "Conv":
        head = helper.by_id.get(verb.head_id)  # "..., сменив на посту Юху Лахтинена": the main clause's subject
        if head is not None and head is not verb:
            return _subjects_ru(head, helper)
    if not subjects and verb.rel == "ccomp" and (verb.feats or {}).get("VerbForm") == "Fin" \
            and (verb.feats or {}).get("Voice") != "Pass":
        head = helper.by_id.get(verb.head_id)  # "компания заявила, что откроет офис": the one who said it
        if head is not None and head is not verb and head.pos == "VERB":
            matrix = [s for s in _subjects_ru(head, helper) if s.pos != "PRON" or s.text.lower() in ("он", "она", "они")]
            vf = verb.feats or {}
            agreeing = [s for s in matrix if (s.feats or {}).get("Number") in (None, vf.get("Number"))
                        and (vf.get("Tense") != "Past" or vf.get("Number") == "Plur"
                             or (s.feats or {}).get("Gender") in (None, vf.get("Gender")))]
            if agreeing:
                return agreeing
    if not subjects and verb.rel in ("csubj", "xcomp"):
        head = helper.by_id.get(verb.head_id)  # "пожарным удалось локализовать огонь": who succeeded
        if head is not None and _lemma(helper.vocab, head) in _RU_DATIVE_CONTROL:
            subjects = [k for k in helper.kids(head, ("iobj", "obl", "obj", "nsubj"))
                        if (k.feats or {}).get("Case") == "Dat" and not helper.kids(k, ("case",))]
    resolved = []
    for subject in subjects:
        if subject.text.lower() in _RU_RELATIVE and verb.rel == "acl:relcl":
            head = helper.by_id.get(verb.head_id)
            if head is None:
                continue
            subject = head
        resolved.extend(helper.with_conjuncts(subject))
    return resolved


def objects_of(verb, helper: _RuSentence) -> list:
    """The verb's direct objects, conjuncts included."""
    return [c for o in helper.kids(verb, _RU_OBJ) for c in helper.with_conjuncts(o)]


def _verb_facts_ru(verb, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    lemma = _lemma(helper.vocab, verb)
    if lemma in _RU_SAY and not any(o.pos in ("NOUN", "PROPN", "NUM") for o in helper.kids(verb, _RU_OBJ)):
        # "сообщила в четверг пресс-служба компании в Telegram-канале": attribution, no fact
        # ("добавит ещё два рейса" has an object: adding, not saying)
        return
    if (lemma in _RU_POSSIBLE_HEADS or lemma in _RU_PLAN_HEADS) and helper.kids(verb, ("xcomp",)):
        return  # "может вырасти в 2027 году": the infinitive's facts carry it; «мочь в 2027 год» is none
    for fact in _verb_facts_ru_all(verb, sentence, helper):
        if _RU_BARE_NUMBER.match(fact.subject) or _RU_BARE_NUMBER.match(fact.object):
            continue  # "2 | оцениваться | 1": pieces of a broken number or code, not things
        yield fact


_RU_BARE_NUMBER = re.compile(r"^[\d.,–-]+$")


def _verb_facts_ru_all(verb, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
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
    if lemma in _RU_APPOINT:
        # "Новым главой района назначен Сергей Иванов": the bare instrumental is the role, not who appointed
        agents = [a for a in agents if helper.phrase(a) is not None or helper.doer_name(a) is not None
                  or _lemma(helper.vocab, a) in _RU_INSTITUTIONS]

    subject_phrases = [p for p in (helper.phrase(s) or helper.doer_name(s) for s in subjects) if p is not None]
    if not subject_phrases and not passive:
        # "пожарные не смогли его локализовать", "власти района ввели режим ЧС": people by their
        # trade or an institution act as a named subject does (issue 10)
        subject_phrases = [p for p in (helper.agent_phrase(s) for s in subjects) if p is not None]
    if passive and agents:
        # "«Балтийский транзит» приобретён «Северным портом»" → (Северный порт, приобрести, ...)
        patients = [p for p in (helper.phrase(s, common=True) for s in subjects) if p is not None]
        for agent in agents:
            agent_phrase = helper.phrase(agent) or helper.doer_name(agent) or helper.agent_phrase(agent)
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

    if lemma in _RU_APPOINT and not passive:
        # "назначило главным режиссёром театра «Волжская сцена» Кирилла Абрамцева": the one
        # appointed takes the role, the subject did the appointing
        people = [p for p in (helper.phrase(o) for o in objects_of(verb, helper)) if p is not None and p[1] == "PER"]
        for person in people:
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, lemma, person)
            for predicate in helper.kids(verb, ("xcomp", "obl")):
                if not helper.kids(predicate, ("case",)) and (predicate.feats or {}).get("Case") == "Ins":
                    yield from _role_facts_ru(predicate, [person], sentence, helper, emit.modality)
        return
    if lemma in _RU_COPULAS or lemma in _RU_APPOINT:
        # "Москва является столицей России" → (Москва, столица, Россия); "«Здравица» станет
        # крупнейшей аптечной сетью Поволжья" keeps its plan
        for predicate in helper.kids(verb, ("xcomp", "obl", "obj")):
            if helper.kids(predicate, ("case",)):
                continue
            for fact in _role_facts_ru(predicate, subject_phrases, sentence, helper, emit.modality):
                yield fact
            named = helper.phrase(predicate)
            if named is not None and named[1] is not None:
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, lemma, named)
        return

    time_suffix = _time_phrase_ru(verb, helper)
    objects = helper.kids(verb, _RU_OBJ)
    # an object that only points back ("руководит компанией") names its thing in the relation
    # below, so the verb's other complements still give facts ("руководить компанией «X» с | 2017 год")
    named_object = any(helper.phrase(o) is not None and helper.refers_back(o) is None for o in objects)
    # an unnamed direct object belongs in the relation of the verb's other facts:
    # "испытал роботов в Северном порту" → (Робопорт, испытать роботов в, Северный порт)
    # (the direct object before a dative: "передало больнице томограф" is about the томограф)
    plain_object = next((o for o in sorted(objects, key=_dative)
                         if o.pos == "NOUN" and (helper.phrase(o) is None or helper.refers_back(o) is not None)), None)
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
        elif child.rel == "obl" and helper.range_phrase(child) is not None:
            # "составить от 1,1 до 1,3 млрд рублей": one amount, a range
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, (helper.range_phrase(child), None))
            produced = True
            continue
        elif child.rel == "obl":
            if named_object:
                continue  # as in English: the fact about the named object stands on its own
            middle = helper.object_words(plain_object) if plain_object is not None else ""
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
            owned = helper.owner_of(obj) if child.rel in _RU_OBJ and object_phrase is None or (
                object_phrase is not None and helper.number_phrase(obj) is not None and child.rel in _RU_OBJ) else None
            if owned is not None:
                # "приобрела 100% сети «Фармлайн»": the share with the name of what it is a share
                # of, one object (a question asks «Что приобрела Здравица?»; the share alone,
                # «100 %», says nothing)
                words, owner = owned
                produced = True
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, relation, (f"{words} «{owner[0]}»", None))
                continue
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
        thing = back or helper.phrase(plain_object, common=True) or helper.people_phrase(plain_object)
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
#: nouns of a part of something: "долю", "пакет акций", "контроль над"
_RU_SHARES = frozenset({"доля", "часть", "пакет", "акция", "половина", "треть", "четверть"})
_RU_SEASONS = frozenset({"весна", "лето", "осень", "зима"})
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


def _role_facts_ru(noun, subject_phrases, sentence: str, helper: _RuSentence, modality: str = "asserted"
                   ) -> Iterator[_Fact]:
    """A role noun with a genitive entity ("глава Газпрома", "столицей России") → (X, глава, Газпром);
    through a genitive that names no one, the role takes it along: "председатель правления
    банка" → (X, председатель правления, Итиль-Банк)."""
    if noun.id in helper.span_of:
        return
    for nmod in helper.kids(noun, ("nmod",)):
        if helper.kids(nmod, ("case",)):
            continue  # "директор по продажам": not the organisation the role belongs to
        relation = helper.role(noun)
        owners = helper.with_conjuncts(nmod)
        if all(helper.phrase(c) is None for c in owners) and nmod.pos == "NOUN" and not helper.kids(nmod, ("amod",)):
            inner = [c for c in helper.kids(nmod, ("nmod",)) if not helper.kids(c, ("case",))]
            if inner:
                relation, owners = f"{relation} {nmod.text.lower()}", helper.with_conjuncts(inner[0])
        for conjunct in owners:
            object_phrase = helper.phrase(conjunct)
            if object_phrase is None:
                continue
            for subject_phrase in subject_phrases:
                yield _fact(sentence, subject_phrase, relation, object_phrase, modality)


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

