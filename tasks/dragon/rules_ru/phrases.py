"""Russian rules triplets: ``_RuSentence``, pattern helpers over one parsed sentence: what a token
names (a named entity, a date, an amount, a thing by its common noun, a role) as a subject or object.
"""
from __future__ import annotations

import re

from tasks.dragon.rules_ru.lexicon import (
    _RU_ABBREVIATION, _RU_AGE, _RU_AMOUNT_FRAMES, _RU_ANAPHORS, _RU_DEMONSTRATIVES, _RU_DURATIONS, _RU_FACILITIES,
    _RU_GENERIC, _RU_GENERIC_ORGS, _RU_INSTITUTIONS, _RU_MEASURES, _RU_MONTHS, _RU_NOT_COMPANIES,
    _RU_PERSONAL, _RU_RELATIVE, _RU_SEASONS, _RU_SHARES, _RU_SITED, _RU_STAFF, _RU_TIME_NOUNS,
)
from tasks.dragon.rules_ru.quoted_names import declined_quoted_name
from tasks.dragon.rules_ru.morph import _animate, _common_noun, _inflected, _lemma, _name_lemma, _nominative_word, _unquote
from tasks.dragon.rules_ru.descriptors import descriptor_span
from tasks.dragon.rules_ru.reference import _Memory, _References
from tasks.dragon.rules_ru.place_names import appositive_place, place_with_name
from tasks.dragon.rules_ru.routes import route_dash, route_phrase
from tasks.dragon.rules_ru.terms import described_people
from tasks.dragon.triplets_base import TripletConfig


#: parts of a period: "в конце 2027 года", "к середине марта"
_PERIOD_PARTS = frozenset({"конец", "начало", "середина"})


class _RuSentence(_References):
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
        #: phrases already read in this sentence (None: not remembered)
        self.cache: dict | None = {}
        #: the organisation a quoted "мы" speaks for here (see reference._speaker_org)
        self.we = self.memory.speaker_org
        #: the sentence's grouped numbers as written, by the joined form the parser read ("18400": "18 400")
        self.spaced: dict[str, str] = {}
        #: the longest relation the run's collector keeps (TripletConfig.max_relation_words): a qualifier
        #: that would push a relation past it is left out rather than the fact dropped whole
        self.max_relation_words: int = TripletConfig.model_fields["max_relation_words"].default

    def kids(self, token, rels=None) -> list:
        found = self.children.get(token.id, ())
        return [c for c in found if rels is None or c.rel in rels]

    def genitives(self, token) -> list:
        """The nouns ``token`` governs in the bare genitive, no preposition ("половину стоимости",
        "расходы бюджета"): what it is of."""
        return [n for n in self.kids(token, ("nmod",))
                if not self.kids(n, ("case",)) and (n.feats or {}).get("Case") == "Gen"]

    def with_conjuncts(self, token) -> list:
        out = [token]
        for child in self.kids(token, ("conj",)):
            out.extend(self.with_conjuncts(child))
        return out

    def phrase(self, head, common: bool = False) -> tuple[str, str | None] | None:
        """``_phrase`` remembered per token while the sentence's facts are read (the memory does not
        change then; ``_remember`` turns the cache off before it changes the memory)."""
        if self.cache is None:
            return self._phrase(head, common)
        key = (head.id, common)
        if key not in self.cache:
            self.cache[key] = self._phrase(head, common)
        return self.cache[key]

    def _phrase(self, head, common: bool = False) -> tuple[str, str | None] | None:
        """(text, NER label) of what ``head`` names, or None.

        A named-entity span in its normal (nominative) form; a common noun with a named
        appositive ("компания «Северный порт»") gives the appositive; a number phrase is
        kept as written ("2139 автомобилей"); a lone proper noun in its lemma.
        """
        if head.pos == "PRON" and _lemma(self.vocab, head) in _RU_PERSONAL:
            return self.pronoun(head)  # "Ранее он руководил ...", "Компания построит его": the one meant, or nothing
        if head.pos == "PRON" and _lemma(self.vocab, head) == "мы" and head.rel in ("nsubj", "nsubj:pass"):
            # "— Мы подадим воду к 20:00, — сказал директор «Горводосети»": a spokesperson's "мы" is
            # the organisation they speak for (issue 10: interviews and quotes)
            return self.we
        if head.pos == "PRON" or head.text.lower() in _RU_RELATIVE:
            return None
        if head.text in self.aliases:
            return self.aliases[head.text]
        span = self.span_of.get(head.id)
        if span is not None and span.text.rstrip().endswith("«") or span is not None and descriptor_span(self, span, head):
            # "Самарская аптечная сеть «" (the NER stopped at the quote), "Вологодский клуб по хоккею
            # «Северные ястребы»" (descriptors.py): the name is the appositive
            span = None
        if span is not None:
            if span.text in self.aliases:
                return self.aliases[span.text]
            return self.memory.named(_unquote(span.normal), span.type)
        back = self.refers_back(head)
        if back is not None:
            return back
        quoted = self.quoted_name(head)
        if quoted is not None:
            return quoted
        for child in self.kids(head, ("appos", "flat:name")):
            # "фирму «Балтийский транзит»": the name is an appositive of the common noun
            place = appositive_place(self, head, child)
            if place is not None:
                return place, "LOC"  # «в посёлке Ясном»: «посёлок Ясный» (place_names.py)
            span = self.span_of.get(child.id)
            if span is not None and span.type == "LOC" and _lemma(self.vocab, head) in _RU_SITED:
                # "аэропорт Астрахани", "администрация Самары": the town locates the body, it is not the body
                # (nor does it act for it: «Сколько пассажиров обслужила Астрахань?»); the place as written
                facility = _lemma(self.vocab, head) in _RU_FACILITIES
                return f"{self.role(head)} {span.text}", "LOC" if facility else None
            if span is not None:
                # («линия Владивосток — остров Попова»: both ends, routes.py)
                return route_phrase(self, head, span) or self.memory.named(_unquote(span.normal), span.type)
        if not common and head.pos == "NOUN":
            quoted = self.quoted_appositive(head)
            if quoted is not None:
                # "на портале «Псковика онлайн»", "в холдинг «СтройРесурс»": the name the NER missed
                return self.known_name(quoted, self.quoted_label(head))
        if _lemma(self.vocab, head) in _RU_STAFF:
            # "специалисты компании", "силами подрядной организации ООО «Уралтехмонтаж»": who acts
            # for an organisation is that organisation
            for nmod in self.kids(head, ("nmod",)):
                if self.kids(nmod, ("case",)) or (nmod.feats or {}).get("Case") not in ("Gen", None):
                    continue
                owner = self.phrase(nmod)
                if owner is not None and owner[1] == "ORG":
                    return owner

        lemma = _lemma(self.vocab, head)
        for nmod in self.kids(head, ("nmod",)) if lemma in _RU_ANAPHORS or lemma in _RU_GENERIC_ORGS else ():
            # "сеть магазинов «Лента»": the name hangs off the genitive (not "иск компании «Ростел»");
            # "организацией ООО «Поморстройсвязь»": the genitive is the name
            if self.kids(nmod, ("case",)):
                continue
            span = self.span_of.get(nmod.id)
            if span is not None and span.type == "ORG" and not span.text.rstrip().endswith("«"):
                return self.memory.named(_unquote(span.normal), span.type)
            for child in self.kids(nmod, ("appos",)):
                span = self.span_of.get(child.id)
                if span is not None:
                    return _unquote(span.normal), span.type
        date = self.date_phrase(head)
        if date is not None:
            return date, None
        number = self.number_phrase(head)
        if number is not None and any(_lemma(self.vocab, d) in _RU_DEMONSTRATIVES for d in self.kids(head, ("det", "amod"))):
            return None  # "три подобных аппарата": which ones, the sentence before says
        if number is not None:
            return number, None
        if head.pos == "PROPN" and _lemma(self.vocab, head) in _RU_ANAPHORS:
            return self.common_phrase(head) if common else None  # "Банк откроет ...": a capitalised "the bank"
        if (head.pos == "PROPN" and head is self.tokens[0] and not self.kids(head, ("flat:name", "flat", "appos"))
                and _common_noun(self.vocab, head)):
            # "Лабораторией руководит ...": a capital at the start of a sentence, not a name
            return _lemma(self.vocab, head), None
        if head.pos == "PROPN" and head is self.tokens[0] and any(
                p.tag.POS in ("PRTS", "VERB", "INFN", "ADVB", "ADJS", "PRED") for p in self.vocab.parse(head.text.lower())[:1]):
            return None  # "Отсканировано 18 400 единиц": a capitalised verb form, not a name
        if head.pos == "PROPN" and _RU_ABBREVIATION.match(head.text) and not self.kids(head, ("flat:name", "flat")):
            return head.text, None  # "АМС", "КРТ": an abbreviation as written, not a lemma «Амс»
        if head.pos == "PROPN":
            parts = sorted([head, *self.kids(head, ("flat:name", "flat"))], key=lambda t: t.start)
            return " ".join(_name_lemma(self.vocab, t).capitalize() for t in parts), None
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
        if lemma in _PERIOD_PARTS:
            # "в конце 2027 года", "к началу марта": a part of a dated period is a date too
            periods = [self.date_phrase(c) for c in self.kids(head, ("nmod",)) if not self.kids(c, ("case",))]
            periods = [p for p in periods if p]
            return f"{lemma} {self._genitive_date(head, periods[0])}" if periods else None
        if lemma in ("квартал", "полугодие") and any(a.pos == "ADJ" for a in self.kids(head, ("amod",))):
            # "в третьем квартале 2027 года": a numbered part of a year
            year = self.year_of(head)
            return f"{self.role(head)} {year}" if year else None
        if lemma in ("утро", "вечер", "ночь", "день") and self.preposition(head):
            # "к вечеру 18 декабря", "в ночь на 5 марта": a part of a dated day (a bare "ночью 19 декабря"
            # says when, no object of the verb)
            days = [self.date_phrase(c) for c in self.kids(head, ("nmod", "flat", "nummod", "amod")) if c.text.isdigit()]
            days = [d for d in days if d]
            return f"{lemma} {days[0]}" if days else None
        if head.text.isdigit() and 1 <= int(head.text) <= 31:
            # "1 февраля 2027 года", "12 декабря": a day of a month, as written
            months = [c for c in self.kids(head, ("flat", "nmod", "amod", "nummod", "appos"))
                      if _lemma(self.vocab, c) in _RU_MONTHS and (c.feats or {}).get("Case") in (None, "Gen")]
            if months:
                year = self.year_of(head) or self.year_of(months[0])
                return " ".join(p for p in (head.text, months[0].text.lower(), year) if p)
        return None

    def _genitive_date(self, head, date: str) -> str:
        """The dated period under a part of it, as written ("2027 года", "марта"), else as date_phrase gave it."""
        for child in self.kids(head, ("nmod",)):
            words = self.subtree(child)
            order = [self.tokens.index(t) for t in words]
            if len(words) <= 4 and max(order) - min(order) + 1 == len(words) and self.date_phrase(child):
                return " ".join(t.text.lower() for t in words)
        return date

    def year_of(self, token) -> str:
        """ "2027 года" (or "2027-го") hanging on a date word, as written, or ""."""
        for child in self.kids(token, ("nmod", "flat", "amod", "nummod")):
            if re.fullmatch(r"\d{4}-(?:го|й|м)", child.text):
                return child.text  # "на лето 2027-го"
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
        return f"от {self.spaced.get(head.text, head.text)} до {self.number_phrase(upper[0])}"

    def number_phrase(self, head, counted: bool = True) -> str | None:
        """ "20 тысяч электромобилей", "3 миллиарда рублей", "2139 автомобилей": as written, or None."""
        def numeral(token) -> bool:  # the tagger calls "23" in "23 фрагмента" an adjective at times
            return token.pos == "NUM" or bool(re.fullmatch(r"\d+(?:[.,]\d+)?", token.text))

        words, stack, has_number = [head], [head], numeral(head)
        while stack:
            token = stack.pop()
            for child in self.kids(token, ("nummod", "nummod:gov", "amod")):
                if child.rel == "amod" and token is not head:
                    continue
                words.append(child)
                stack.append(child)
                has_number = has_number or numeral(child)
        if not has_number:
            return None
        if counted:
            words.extend(self.counted_genitive(head, words))
        words = sorted(words, key=lambda t: t.start)
        if len(words) == 2 and all(t.text.isdigit() for t in words) and len(words[1].text) == 2 \
                and any(t.text == ":" and words[0].stop == t.start and t.stop == words[1].start for t in self.tokens):
            return f"{words[0].text}:{words[1].text}"  # a time of day, "к 20:00"
        return " ".join(self.spaced.get(t.text, t.text) for t in words)

    def counted_genitive(self, head, words) -> list:
        """What a counted noun is of, when it follows right after: "23 фрагмента железного
        метеорита", "3,5 тыс. тонн помета", "18 400 единиц хранения" (a short genitive, no name)."""
        if head.pos != "NOUN" and head.text != "%":
            return []
        last = max(self.tokens.index(t) for t in words)
        for nmod in self.kids(head, ("nmod",)):
            if self.kids(nmod, ("case",)) or (nmod.feats or {}).get("Case") not in ("Gen", None) or nmod.id in self.span_of:
                continue
            parts = sorted([nmod, *self.kids(nmod, ("amod",))], key=lambda t: t.start)
            order = [self.tokens.index(t) for t in parts]
            if (len(parts) <= 3 and min(order) == last + 1 and max(order) - min(order) + 1 == len(parts)
                    and not any(t.pos == "NUM" or t.id in self.span_of for t in parts)):
                return parts
        return []

    def distributed(self, noun) -> list[tuple[str, str | None]]:
        """ "в Автозаводском и Сормовском районах" → [Автозаводский район, Сормовский район]: a plural
        noun shared by coordinated singular adjectives names one thing per adjective."""
        if noun.pos != "NOUN" or (noun.feats or {}).get("Number") != "Plur":
            return []
        firsts = [a for a in self.kids(noun, ("amod",)) if a.pos == "ADJ" and (a.feats or {}).get("Number") == "Sing"
                  and self.kids(a, ("conj",))]
        if not firsts:
            return []
        adjectives = self.with_conjuncts(firsts[0])
        from pymorphy2.analyzer import Parse

        head = next((p for p in self.vocab.parse(noun.text.lower()) if p.tag.POS == "NOUN" and "plur" in p.tag), None)
        single = Parse.inflect(head, {"nomn", "sing"}) if head is not None else None
        if single is None:
            return []
        gender = single.tag.gender
        out = []
        for adjective in adjectives:
            parse = next((p for p in self.vocab.parse(adjective.text.lower()) if p.tag.POS == "ADJF"), None)
            form = Parse.inflect(parse, {"nomn", "sing", gender}) if parse is not None and gender else None
            if form is None:
                return []
            word = form.word.capitalize() if adjective.text[:1].isupper() else form.word
            out.append((f"{word} {single.word}", "LOC" if adjective.text[:1].isupper() else None))
        return out

    def amount_frame(self, token) -> tuple[str, str] | None:
        """ "на общую сумму 2,1 млрд рублей" → ("на общую сумму", "2,1 млрд рублей"), "в размере 9
        миллионов рублей" → ("в размере", ...): the frame as written and the amount, or None."""
        if _lemma(self.vocab, token) not in _RU_AMOUNT_FRAMES or not self.kids(token, ("case",)):
            return None
        for child in self.kids(token, ("nmod", "nummod", "nummod:gov", "obl")):
            amount = self.number_phrase(child)
            if amount is not None and not self.kids(child, ("case",)):
                words = sorted([token, *self.kids(token, ("case", "amod"))], key=lambda t: t.start)
                return " ".join(t.text.lower() for t in words), amount
        return None

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
        if lemma in _RU_GENERIC and not [m for m in modifiers if not self.kids(m, ("case",)) or self.names_within(m)]:
            # "решение", "часть" alone; "часть старых машин" says which, and so does a modifier with a
            # name in it: "сделку по покупке «Чулымской фанеры»"
            return None
        name = self.quoted_appositive(head)
        if name is not None:
            # "новый городской электромобиль «Волна Бриз»": the thing is «Волна Бриз», as a
            # named appositive gives its name ("фирму «Балтийский транзит»"); the noun alone
            # would be an answer nobody can check (issue 10); a name in «» is never a person's
            return self.known_name(name, self.quoted_label(head))
        if _animate(self.vocab, head):
            # "22-летний форвард заменит ...": a description of a person, not a name a question
            # can use; with an age it points back at the person just named, else nothing
            ages = [c for c in self.kids(head, ("amod",)) if _RU_AGE.match(c.text.lower())]
            return self.sole_person if ages else None
        return self.thing_words(head), None

    def measure_tail(self, token, top) -> bool:
        """Is the token in an instrumental measure ("линию по переработке ПЭТ-тары мощностью 9 тыс.
        тонн": "мощностью ...") under ``top``? A thing's name stops before its measures."""
        current = token
        while current is not None and current is not top:
            if (current.pos == "NOUN" and (current.feats or {}).get("Case") == "Ins"
                    and _lemma(self.vocab, current) in _RU_MEASURES and not self.kids(current, ("case",))):
                return True
            current = self.by_id.get(current.head_id)
        return False

    def thing_words(self, head) -> str:
        """The noun in the nominative with its adjectives and (short) genitive, as common_phrase
        gives a thing: "ремонт моста через Волгу", "власти Карымского района"."""
        modifiers = [
            m for m in self.kids(head, ("nmod",)) if (self.kids(m, ("case",)) or (m.feats or {}).get("Case") in (None, "Gen"))
            and not (self.kids(m, ("case",)) and _lemma(self.vocab, m) in _RU_TIME_NOUNS | _RU_DURATIONS
                     and self.date_phrase(m) is None)  # "участок около трех часов ночи": the time is the act's
        ]
        for name in self.kids(head, ("nmod", "appos")):
            place = None if self.kids(name, ("case",)) else place_with_name(self, head, name)
            if place is not None:
                return place  # «в бухте Китовой»: «бухта Китовая», not «бухта Китовой» (place_names.py)
        words = [self.role(head)]
        for nmod in modifiers[:1]:
            if any(t.text.lower() in _RU_RELATIVE or _lemma(self.vocab, t) == "который" for t in self.subtree(nmod)):
                break  # "спрос на которые", "порывы которого": the modifier is another clause's word
            if any(t.pos == "PRON" and _lemma(self.vocab, t) in _RU_PERSONAL for t in self.subtree(nmod)):
                break  # «музыку к ней»: what the pronoun means is a guess (reference.py); the noun says no more
            tokens = sorted([nmod, *self.kids(nmod, ("case", "amod", "flat:name")), *[
                t for c in self.kids(nmod, ("nmod",)) for t in (c, *self.kids(c, ("case",)))
            ]], key=lambda t: t.start)
            span = self.span_of.get(nmod.id)
            if span is not None and span.type == "ORG" and not span.text.rstrip().endswith("«"):
                # "экспедиция Института космической минералогии (ИКМ)": the genitive name as written
                shown = self.memory.named(_unquote(span.normal), span.type)[0]
                abbreviation = shown[len(_unquote(span.normal)):].strip() if shown != _unquote(span.normal) else ""
                words.append(" ".join([span.text, abbreviation]).strip())
                break
            names = [_unquote(self.span_of[c.id].normal) for c in self.kids(nmod, ("appos",))
                     if c.id in self.span_of and self.span_of[c.id].type not in ("PER", "LOC")]  # as written
            names = names or [n for n in (self.quoted_appositive(nmod),) if n is not None]
            if names:  # "выручка холдинга «Металлинвест»", "песни из нового альбома «Солёный ветер»"
                words.append(f"{' '.join(t.text for t in tokens)} «{names[0]}»")
            elif len(tokens) <= 5:
                # the modifier whole when it is short and unbroken: "крепления боковой стенки",
                # "моста через реку Самару", not "крепления стенки", "моста через реку"
                whole = [t for t in self.subtree(nmod) if not self.measure_tail(t, nmod)]
                order = [self.tokens.index(t) for t in whole]
                # (with its quotes: "сделка по покупке «Чулымской фанеры»", not "по покупке фанеры")
                end = max(order) + 1
                if end < len(self.tokens) and self.tokens[end].text == "»":
                    end += 1
                stretch = self.tokens[min(order):end]
                # (and a route's dash: «для линии Ванино — Холмск», not «для линии Ванино», routes.py)
                if len(whole) <= 5 and all(t in whole or t.text in "«»" or route_dash(self, t) for t in stretch) \
                        and sum(t.text == "«" for t in stretch) == sum(t.text == "»" for t in stretch):
                    tokens = stretch
                words.append(" ".join(t.text for t in tokens).replace("« ", "«").replace(" »", "»"))
        return " ".join(words)

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
        if described_people(noun, self):
            return self.role(noun).lower(), None  # (in the nominative already: no lemma, which is a verb's)
        if noun.pos not in ("NOUN", "ADJ") or noun.id in self.span_of:
            return None
        lemma = _lemma(self.vocab, noun)
        if lemma in _RU_GENERIC or (lemma in _RU_ANAPHORS and (noun.feats or {}).get("Number") != "Plur"):
            return None  # ("застройщики", plural, are builders by trade; "застройщик" is the one named before)
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
        return self.known_name(quoted, self.quoted_label(noun))

    def known_name(self, text: str, label: str | None) -> tuple[str, str | None]:
        """A name in «» as the text named it before (with the label it had then), else with ``label``;
        a name declined inside its quotes («аптеки «Фармлайна»») is the one named before with that stem."""
        text = self.memory.declined.get(text, text)
        known = next((name for name in self.memory.counts if name[0] == text), None)
        return known or (text, label)

    def quoted_label(self, noun) -> str | None:
        """The label of a name in «» after its common noun: an organisation when the noun names an
        actor or a body ("производителем красок «Колорит»", "сети «Лента»", "клуб «Метеор»"), none
        for a thing ("альбом «Солёный ветер»", "программа «Развитие»")."""
        lemma = _lemma(self.vocab, noun)
        actor = lemma in _RU_ANAPHORS or lemma in _RU_NOT_COMPANIES or lemma in _RU_GENERIC_ORGS or _animate(self.vocab, noun)
        return "ORG" if actor else None

    def quoted_name(self, head) -> tuple[str, str | None] | None:
        """A name in «» that the NER missed, when the phrase is the whole quotation and in the
        nominative ("«Беломорский экспресс» добавит ...", "«Заволжская нива» может ..."); a
        name the text gave before keeps that one's label."""
        if head.pos not in ("NOUN", "PROPN"):
            return None
        if (head.feats or {}).get("Case") not in ("Nom", None):
            # "против «Амурских соколов»": the quotation declined, named in the nominative
            text = declined_quoted_name(self, head)
            if text is None:
                return None
            return next((name for name in self.memory.counts if name[0] == text), (text, None))
        words = self.subtree(head)
        while (len(words) > 1 and words[0].rel == "amod" and words[0].head_id == head.id
               and self.tokens[self.tokens.index(words[0]) + 1].text == "«"):
            words = words[1:]  # "вологодская «Северная молочная компания»": the adjective is no part of the name
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
        head_words = self.number_phrase(noun, counted=False) if noun.pos in ("NUM", "SYM") or self.number_phrase(noun) else None
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

    def object_words(self, noun, accusative: bool = False) -> str:
        """A direct object as written with its short modifier right after it ("закупки свёклы",
        "первую очередь комбината", "жителей Урульги", "ставки по ипотеке"): what the relation
        carries when the fact's object is another complement ("сократит закупки свёклы на 10%")."""
        words = self.accusative_words(noun) if accusative else self.as_written(noun)
        position = self.tokens.index(noun)
        for nmod in self.kids(noun, ("nmod",)):
            if not self.kids(nmod, ("case",)) and (nmod.feats or {}).get("Case") not in ("Gen", None):
                continue
            if self.amount_frame(nmod) is not None or any(_lemma(self.vocab, t) == "который" for t in self.subtree(nmod)):
                break  # "субсидию в размере ...": the amount is the fact's object; "о предоставлении которого"
            parts = sorted([nmod, *self.kids(nmod, ("case", "amod"))], key=lambda t: t.start)
            order = [self.tokens.index(t) for t in parts]
            if len(parts) <= 3 and max(order) - min(order) + 1 == len(parts) and min(order) == position + 1:
                if self.kids(nmod, ("case",)) and self._own_genitive(nmod):
                    # "соглашение о реализации проекта", "цех по переработке рыбы": cut from its «проекта» the
                    # prepositional phrase reads broken (judges: «подписала соглашение о реализации»), and carried
                    # whole it leaves the relation too long and no fact of the whole object: the object alone
                    break
                words = f"{words} {' '.join(t.text for t in parts)}"
                quoted = self.quoted_appositive(nmod)
                if quoted is not None and self.quoted_label(nmod) is None:
                    words = f"{words} «{quoted}»"  # "премьеру спектакля «Чайка»": which one
            break
        return words

    def _own_genitive(self, noun) -> bool:
        """Does a modifier noun govern a genitive of its own ("о реализации проекта", "по переработке рыбы")?"""
        return any(not self.kids(k, ("case",)) and (k.feats or {}).get("Case") == "Gen" and k.pos in ("NOUN", "PROPN")
                   for k in self.kids(noun, ("nmod",)))

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

    def role(self, noun, after=None) -> str:
        """A role noun with its adjectives in the nominative: "генеральным директором" → "генеральный директор"
        (only those after the token ``after``, when given).

        natasha's own normaliser, not lemmas: a participle keeps its form ("управляющий
        партнер", where the lemma would be the verb "управлять").
        """
        from natasha.norm import inflect_word

        parts = sorted([noun, *[c for c in self.kids(noun, ("amod",)) if c.id not in self.span_of
                                and (after is None or c.start > after.start)]], key=lambda t: t.start)
        return " ".join(_nominative_word(self.vocab, t, inflect_word(self.vocab, t)) for t in parts)

    def accusative_words(self, noun) -> str:
        """A noun with its adjectives in the accusative, for a passive's subject read as the active's
        object: "Сделка была одобрена управлением" → "одобрить сделку"."""
        parts = sorted([noun, *self.kids(noun, ("amod",))], key=lambda t: t.start)
        animate = "anim" if _animate(self.vocab, noun) else "inan"
        return " ".join(_inflected(self.vocab, t, {"accs", animate}) for t in parts)

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

    def names_within(self, token) -> bool:
        """Is there a name under the token: an NER span, or a quotation opening ("«Чулымской фанеры»")?"""
        return any(t.id in self.span_of or self.tokens.index(t) > 0 and self.tokens[self.tokens.index(t) - 1].text == "«"
                   for t in self.subtree(token))

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
        """The token's preposition as written, a complex one whole ("с помощью", "за счет", "в течение")."""
        words = [w for c in self.kids(token, ("case",)) for w in (c, *self.kids(c, ("fixed",)))]
        return " ".join(w.text.lower() for w in sorted(words, key=lambda t: t.start))

    def complex_preposition(self, token) -> bool:
        """Is the token's preposition a complex one ("с помощью георадара", "за счет средств", "в
        течение восьми лет"): a circumstance, never the thing a verb acts on?"""
        return any(self.kids(c, ("fixed",)) for c in self.kids(token, ("case",)))
