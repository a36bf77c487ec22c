"""Russian rules triplets: reference resolution. ``_Memory`` is what one article has named so far;
``_References`` reads a bare noun ("компания", "музей"), a pronoun ("он", "её") or an abbreviation
against it; ``_remember`` adds a sentence's names to it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tasks.dragon.rules_ru.lexicon import (
    _RU_ANAPHORS, _RU_ATTRIBUTION, _RU_BODY_ANAPHORS, _RU_CLASS_NOUNS, _RU_COURTS, _RU_DEMONSTRATIVES,
    _RU_GENERIC_ORGS, _RU_INSTITUTIONS, _RU_NAMED_KINDS, _RU_NOT_COMPANIES, _RU_OBJ, _RU_PHASE_HEADS, _RU_PLACE_ANAPHORS,
    _RU_PLAN_HEADS, _RU_POSSIBLE_HEADS, _RU_RELATIVE, _RU_ROLE_ANAPHORS, _RU_SAME_KINDS, _RU_SAY, _RU_SPEAKING, _RU_STAFF,
    _RU_SUBJ, _RU_UNITS,
)
from tasks.dragon.rules_ru.descriptors import descriptor_span
from tasks.dragon.rules_ru.morph import _animate, _common_noun, _lemma, _unquote

if TYPE_CHECKING:  # the helper is passed in; phrases.py imports this module
    from tasks.dragon.rules_ru.phrases import _RuSentence


class _Memory:
    """What one article has named so far: the words that point back ("компания", "музей", "она",
    an abbreviation) are read against it."""

    def __init__(self) -> None:
        self.counts: dict[tuple, int] = {}
        self.last: dict[tuple, int] = {}
        self.first: dict[tuple, int] = {}
        self.heads: dict[tuple, set[str]] = {}
        #: how often each name was a subject: the thing a text is about is its subject
        self.subjects: dict[tuple, int] = {}
        self.order = 0
        #: the sentence being read, and the one each name was last named in (a name of the sentence
        #: before is nearer than one named more often long before)
        self.sentence = 0
        self.seen_in: dict[tuple, int] = {}
        #: abbreviation → the full name the text gave it in parentheses, with the abbreviation
        #: ("Федеральная налоговая служба (ФНС)"): one name for both, as the text defines them
        self.aliases: dict[str, tuple[str, str | None]] = {}
        #: full name → that same name with its abbreviation
        self.expanded: dict[str, str] = {}
        #: a name declined inside its quotes → its nominative the text also gives («Фармлайна» → Фармлайн)
        self.declined: dict[str, str] = {}
        #: role noun → the person last named with it ("Губернатор ... Виталий Обухов": губернатор)
        self.roles: dict[str, tuple] = {}
        #: the organisation the last quoted speaker speaks for ("— сказал директор «Горводосети»
        #: Сергей Кожин"), or None when the last speaker spoke for none: what "мы" means in a quote
        self.speaker_org: tuple | None = None
        #: (person, gender) in the order named
        self.people: list[tuple[tuple, str | None]] = []
        #: the sentence each person was last named in, and (sentence, gender, number) of each inanimate common
        #: noun: «к ней» after «художником Ольгой Нам» and then «В постановке заняты ...» may mean the production
        self.person_named: dict[tuple, int] = {}
        self.things: list[tuple[int, str | None, str | None]] = []
        #: the subjects and objects of the sentence before, nearest first: (phrase, gender, number)
        self.previous: list[tuple[tuple, str | None, str | None]] = []
        #: the same, a role subject named by no name read as the person it stands for («бывший директор»
        #: after «суд оштрафовал Ворожцова»): whose «Его адвокат» is, who «Он» is (only for a pronoun
        #: subject or a role's owner: «Им стала ...» after «сменится руководитель» is someone new)
        self.previous_people: list[tuple[tuple, str | None, str | None]] = []
        #: the named subjects of the sentence before
        self.previous_subjects: list[tuple] = []
        self.sole_person = None
        #: the names read off «» with no NER label («Стальных медведей»): a shorter ORG may be their last words
        self.quoted: set[tuple] = set()

    def heads_of(self, name: tuple) -> list[str]:
        return sorted(self.heads.get(name, ()))

    def named(self, text: str, label: str | None) -> tuple[str, str | None]:
        """A name as the article gives it: with its abbreviation when the text defined one, and in
        full when it is the last words of a longer name said before («Ястребы» for «Волжские ястребы»)."""
        text = self.expanded.get(text, text)
        if label == "ORG":
            words = text.casefold().split()
            # (a quoted name the NER missed has no label: «Стальных медведей» before «Медведей»)
            longer = [name for name in self.counts if name[1] == "ORG" or name[1] is None and name in self.quoted]
            for name in longer:
                known = name[0].casefold().split()
                if len(known) > len(words) and known[-len(words):] == words:
                    return name
            for name in longer if len(words) == 1 else ():
                # «Волков» for «Уральские волки»: the last word declined (a genitive plural) inside its quotes
                known = name[0].casefold().split()
                if len(known) > 1 and _same_stem(known[-1], words[0]):
                    return name
        return text, label

    def kinds_of(self, text: str) -> set[str]:
        """The head nouns the text gave a name under any of its tags, less the name's own words (the
        quoted «Озёрный квартал» is headed by «квартал» where no class noun stands before it)."""
        own = text.casefold().replace("ё", "е").split()
        return {head for (known, _), heads in self.heads.items() if known == text for head in heads
                if not any(_same_stem(head, word) for word in own)}

    def mention(self, name: tuple, heads=()) -> None:
        self.order += 1
        self.counts[name] = self.counts.get(name, 0) + 1
        self.last[name] = self.order
        self.first.setdefault(name, self.order)
        self.seen_in[name] = self.sentence
        self.heads.setdefault(name, set()).update(h for h in heads if h)

    def resolve(self, lemma: str, generic: bool, earlier=(), nearby_only: bool = False) -> tuple | None:
        """The thing a bare noun points back at: a fitting name earlier in its own sentence
        (``earlier``, nearest first: "Генеральный директор «Норникеля», который возглавляет
        компанию с 2012 года"), else a fitting subject of the sentence before, else the fitting
        name the text has made most of (mentions, subjects counting twice, then the last named).

        A name fits a noun that is its head noun ("музей", "банк"; the last part of a compound:
        "холдинг" for "агрохолдинг"). A specific noun ("банк", "оператор") takes only such a name
        when the text has one; the general company nouns ("компания", "предприятие",
        ``_RU_GENERIC_ORGS``) any organisation that is not named as another kind of body (a club,
        a theatre, a ministry); "ведомство" any named institution; "город" / "регион" a place of
        that kind (``_RU_PLACE_ANAPHORS``). ``nearby_only``: a noun no name was given under resolves only to a
        name of its own sentence or the one subject of the sentence before, never to the text's most named."""
        def match(name, heads=None) -> bool:
            heads = self.heads.get(name, set()) if heads is None else heads
            return any(h == lemma or (len(lemma) >= 4 and h.endswith(lemma)) for h in heads)

        def fits(name, heads=None) -> bool:
            heads = self.heads.get(name, set()) if heads is None else heads
            if lemma in _RU_PLACE_ANAPHORS:
                return name[1] == "LOC" and _RU_PLACE_ANAPHORS[lemma](heads)
            if match(name, heads):
                return True
            if lemma in _RU_BODY_ANAPHORS:
                # (a court judges, it is no "ведомство": «ведомство перестало заключать контракты» after a
                # sentence of the court's is the ministry's)
                return name[1] == "ORG" and bool(heads & _RU_INSTITUTIONS) and not (
                    lemma == "ведомство" and heads & _RU_COURTS)
            if not generic or name[1] != "ORG":
                return False
            # "компания", "сеть" never mean a body named as another kind: a court, a club, a ministry
            if lemma not in _RU_NOT_COMPANIES and heads and heads <= _RU_NOT_COMPANIES:
                return False
            # nor a thing the text names as no body at all, under any tag: a vessel, a housing complex, a
            # work («жилой комплекс «Озёрный квартал»» ... «участок был выкуплен компанией»)
            return not self.kinds_of(name[0]) & _RU_NAMED_KINDS

        specific = lemma not in _RU_GENERIC_ORGS and lemma not in _RU_PLACE_ANAPHORS and (
            any(match(n) for n in self.counts) or any(match(n, set(h)) for n, h in earlier))
        test = match if specific else fits  # "оператор" means the one named as an operator, when there is one
        for name, heads in earlier:
            if test(name, set(heads) | self.heads.get(name, set())):
                return name
        previous = [name for name in self.previous_subjects if test(name)]
        if len(previous) == 1:
            # "«Фосагро» открыла завод. Компания заработала ...": the subject just before, first
            return previous[0]
        if nearby_only and not specific:
            return None
        # two that fit named in the sentence before ("картины предоставили Новосибирский художественный
        # музей и Колпашевский краеведческий музей. ... куратор музея"): nearness decides nothing, the
        # article's own one does — the one it made most of, then the one it named first
        recent = [name for name in self.counts if test(name) and self.seen_in.get(name, -9) >= self.sentence - 1]
        ambiguous = len(previous) > 1 or len(recent) > 1
        best, best_key = None, None
        for name, count in self.counts.items():
            if not test(name):
                continue
            key = (not ambiguous and self.seen_in.get(name, -9) >= self.sentence - 1,
                   count + self.subjects.get(name, 0) + (2 if match(name) and lemma not in _RU_GENERIC_ORGS else 0),
                   -self.first[name] if ambiguous else self.last[name])
            if best_key is None or key > best_key:
                best, best_key = name, key
        return best


def _plural_class(vocab, noun) -> bool:
    """Is the plural a plural of the noun's own ("застройщики", "компании"), not a name that is plural
    («Соколы» aside, a plurale tantum)? Only then does it name a class of things, never the one named."""
    return any(p.tag.POS == "NOUN" and "plur" in p.tag and "Pltm" not in p.tag and "sing" not in p.tag
               for p in vocab.parse(noun.text.lower())[:1])


def _habitual_subject(noun, helper) -> bool:
    """Is the noun the subject of a verb in the present tense, no modal or plan word ("перевозчик может
    сократить рейсы" is the one airline's option): what one of its kind does as a rule?"""
    verb = helper.by_id.get(noun.head_id)
    return (noun.rel in ("nsubj", "nsubj:pass") and verb is not None and verb is not noun
            and (verb.feats or {}).get("Tense") == "Pres"
            and _lemma(helper.vocab, verb) not in _RU_POSSIBLE_HEADS | _RU_PLAN_HEADS | _RU_PHASE_HEADS
            and not any((k.feats or {}).get("VerbForm") == "Inf" for k in helper.kids(verb, ("xcomp",))))


def _same_stem(a: str, b: str) -> bool:
    """Two forms of one word: all but their last two letters at most in common, four at least
    ("волки" / "волков", "металлург" / "металлурга")."""
    if a == b:
        return True
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    return common >= 4 and common >= max(len(a), len(b)) - 2


class _References:
    """What a bare noun, a pronoun or an abbreviation points back at: the methods of
    ``_RuSentence`` (tasks/dragon/rules_ru/phrases.py) that read the article's ``_Memory``."""

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
        # a participle or relative clause describes the thing ("Сервис, принадлежащий группе «X»,
        # работает ..."); an adjective, a genitive, a name or a number makes it another one (but
        # "группа компаний" is one noun)
        own = [k for k in self.kids(noun, ("amod", "nmod", "appos", "flat:name", "flat", "nummod", "nummod:gov"))
               if not (k.rel == "nmod" and _lemma(self.vocab, k) in _RU_ANAPHORS and not self.kids(k)
                       and (k.feats or {}).get("Number") == "Plur")]
        if own:
            return self.named_by_place(noun, own[0]) if len(own) == 1 and own[0].rel == "amod" else None
        if any(_lemma(self.vocab, d) == "свой" for d in self.kids(noun, ("det",))):
            return None
        if noun.pos == "PROPN" and not _common_noun(self.vocab, noun) and _lemma(self.vocab, noun) not in _RU_ANAPHORS:
            return None
        lemma = _lemma(self.vocab, noun)
        if lemma in _RU_BODY_ANAPHORS:
            named_here = self.institution_here(noun)
            if named_here is not None:
                return named_here
        if lemma in _RU_ANAPHORS and (noun.feats or {}).get("Number") == "Plur" and _plural_class(self.vocab, noun):
            return None  # "застройщики не собираются снижать цены": builders at large, not the one named before
        if lemma in self.memory.roles and lemma not in _RU_ANAPHORS and _animate(self.vocab, noun):
            if (noun.feats or {}).get("Number") == "Plur":
                return None  # "депутаты согласились" after "депутат Иван Петров": the body, not the one member
            return self.memory.roles[lemma]  # "губернатор не планирует ..." after "Губернатор ... Виталий Обухов"
        # a trade's role said of what it always does ("перевозчик платит 45 тысяч рублей за рейс") is whoever plays
        # it, often a party the text never named, not the ferry's operator named two sentences before (issue 10:
        # «Сколько рублей платит компания «Балтморсервис»?», a false premise for the site21 judges); only a
        # name near it is the one it means
        habitual = lemma in _RU_ROLE_ANAPHORS and _habitual_subject(noun, self)
        return self.memory.resolve(lemma, generic=lemma in _RU_ANAPHORS, earlier=self.earlier_names(noun),
                                   nearby_only=habitual)

    def named_by_place(self, noun, adjective) -> tuple[str, str | None] | None:
        """The one organisation named before whose name has the place adjective's stem, for a body
        described by that adjective and its kind: «сахалинская команда» after «Сахалинская волна» (issue
        10, site20: an answer that describes the team the article names); None for none or two."""
        lemma = _lemma(self.vocab, adjective)
        if (_lemma(self.vocab, noun) not in _RU_ANAPHORS | _RU_GENERIC_ORGS | _RU_NOT_COMPANIES
                or not lemma.islower() or not lemma.endswith(("ский", "цкий", "ской"))):
            return None
        stem = lemma[:-4].replace("ё", "е")
        if len(stem) < 4 or (noun.feats or {}).get("Number") == "Plur" or any(
                _lemma(self.vocab, k) in _RU_DEMONSTRATIVES for k in self.kids(noun, ("det", "amod"))):
            return None  # («приморские компании экспортировали ...»: companies at large)
        kind = _lemma(self.vocab, noun)
        same = next((group for group in _RU_SAME_KINDS if kind in group), frozenset({kind}))
        # (never a body its own name says is another kind: «Приморское управление Росрыболовства», «Банк
        # «Приморье»» are no «компания»; and the stem is the name's adjective, not a place noun: «Приморье»)
        found = [name for name in self.memory.counts if name[1] in ("ORG", None)
                 and any(word.startswith(stem) and word[len(stem):len(stem) + 2] == lemma[-4:-2]
                         for word in _fold_words(name[0]))
                 and not _another_kind(name[0], self.memory.heads.get(name, set()), same)]
        return found[0] if len(found) == 1 else None

    def institution_here(self, noun) -> tuple[str, str | None] | None:
        """The body a "ведомство" / "учреждение" means when its own sentence names one the NER missed
        ("После этого, напомнили в министерстве ЖКХ, ведомство перестало ...", "по словам представителя
        управления Росприроднадзора, ведомство ..."): that institution, in the nominative; never a body
        named in another sentence (the court of the sentence before). Only a noun made specific by a
        genitive or adjective counts, and only when the sentence names one such."""
        found = []
        for token in self.tokens:
            kind = _lemma(self.vocab, token)
            if (token is noun or token.pos != "NOUN" or token.id in self.span_of
                    or kind not in _RU_INSTITUTIONS - _RU_BODY_ANAPHORS or not self.kids(token, ("nmod", "amod"))
                    or kind in _RU_COURTS and _lemma(self.vocab, noun) == "ведомство"):
                continue
            found.append(token)
        if len(found) != 1:
            return None
        words = self.thing_words(found[0])
        return (words, "ORG") if words and " " in words else None

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
            if self.former_employer(span):
                continue
            if span.type == "LOC":  # a place only by its own head noun: "Самарской области ... область"
                heads = [_lemma(self.vocab, t) for t in span.tokens if t.pos == "NOUN" and _common_noun(self.vocab, t)]
                if heads and len(span.tokens) > 1:
                    found.append(((span.normal, span.type), heads[:1]))
                continue
            name = self.aliases.get(span.text) or self.memory.named(_unquote(span.normal), span.type)
            found.append((name, _name_heads(self.vocab, span.tokens) + self.memory.heads_of(name)))
        return found

    def former_employer(self, span) -> bool:
        """Is the name the body a person's former role was in («Галиев, бывший вице-президент «Идель
        Капитала», рассказал, что компания вложит ...»)? The person no longer speaks or acts for it: no
        later «компания» of the sentence means it (issue 10: the investor read as the seller)."""
        for token in span.tokens:
            # (through the role's own genitives: «бывший командир воздушного судна «Аэрофлота»», «бывший
            # инженер бюро «Мостостроя»»)
            child, role = token, self.by_id.get(token.head_id)
            for _ in range(3):
                if child.rel not in ("nmod", "appos") or role is None or role.id in self.span_of or role.pos != "NOUN":
                    break
                if _animate(self.vocab, role):
                    if any(_lemma(self.vocab, a) in ("бывший", "прежний") for a in self.kids(role, ("amod",))):
                        return True
                    break
                child, role = role, self.by_id.get(role.head_id)
        return False

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
        if (token.rel in _RU_SUBJ and own_verb is not None and lemma in ("он", "она") and number != "Plur"
                and _lemma(self.vocab, own_verb) in _RU_SPEAKING):
            # "Он также не исключил, что ...": only a person says or allows for something — the person
            # last named of that gender, not "спектакль «Гроза»" of the sentence before
            for phrase, g in reversed(self.memory.people):
                if g is None or gender is None or g == gender:
                    return phrase
        # an object pronoun may take up an earlier clause's object too ("Проект подготовили в бюро, в
        # октябре его одобрила комиссия": the project), the nearest that agrees
        own_subject = own_verb is not None and any(k is not token for k in self.kids(own_verb, _RU_SUBJ))
        takers = _RU_SUBJ | {"obj"} if token.rel == "obj" else _RU_SUBJ
        for candidate in reversed(self.tokens[:position]):
            if candidate.rel not in takers or candidate.pos == "PRON" or candidate.text.lower() in _RU_RELATIVE:
                continue
            if own_verb is not None and (candidate.head_id == own_verb.id or candidate.head_id == own_verb.head_id
                                         and candidate.rel in _RU_SUBJ and not own_subject):
                continue  # (a clause with its own subject may point back at the first clause's: "клуб её не раскрывает")
            cf = candidate.feats or {}
            if agrees(cf.get("Gender"), cf.get("Number")):
                verb = self.by_id.get(candidate.head_id)
                if candidate.rel == "obj" and verb is not None and any(
                        agrees((k.feats or {}).get("Gender"), (k.feats or {}).get("Number"))
                        for k in self.kids(verb, _RU_SUBJ) if k.pos != "PRON"):
                    # «Если спектакль получит приглашение ..., театр может повезти его»: the clause's subject
                    # agrees as well as its object; which one is meant is a guess
                    return None
                phrase = self.phrase(candidate, common=True) or self.agent_phrase(candidate)
                if phrase is not None:
                    return phrase
        owner = self.by_id.get(token.head_id)
        # "Его адвокат" after "Свою вину бывший директор не признал": a person's role noun is owned by the person;
        # "Он сохранит 25 % акций" after "основатель завода ...": the person acts (not "Им стала ..." after
        # "сменится руководитель": someone new)
        person = lemma in ("он", "она") and (token.rel in _RU_SUBJ or token.rel in ("nmod", "det") and owner is not None
                                             and owner.pos == "NOUN" and _animate(self.vocab, owner))
        for phrase, g, n in self.memory.previous_people if person else self.memory.previous:
            if agrees(g, n):
                return phrase
        if (token.rel in ("nmod", "det") and owner is not None and owner.pos == "NOUN" and _animate(self.vocab, owner)
                and lemma in ("он", "она", "оно", "они")):
            # "Ее директор Елена Старостина" after "Фонд ... — одна из крупнейших организаций": a role's
            # possessor is an organisation; the one the sentence before named, whatever gender its
            # predicate gave the pronoun
            organisations = {phrase for phrase, _, _ in self.memory.previous if phrase[1] == "ORG"}
            if len(organisations) == 1:
                return organisations.pop()
        if lemma in ("он", "она") and number != "Plur":
            for phrase, g in reversed(self.memory.people):
                if g is None or gender is None or g == gender:
                    # (not across a thing of its gender named since: «Музыку к ней написал ...» after «В
                    # постановке заняты 22 актёра» is the production's, not the designer's named before it)
                    # («Его адвокат»: a person's role noun is owned by a person)
                    return None if token.rel not in _RU_SUBJ and not person and self.thing_since(phrase, token, agrees) \
                        else phrase
        return None

    def thing_since(self, person: tuple, token, agrees) -> bool:
        """Has an inanimate noun that agrees with the pronoun been named after the person was last named
        (in a later sentence, or in the pronoun's own before it)? Then the pronoun may mean that thing: the
        person is a guess (issue 10, site20: «К кому Виктор Куркин написал музыку? — Ольга Нам»)."""
        since = self.memory.person_named.get(person, -1)
        things = [(g, n) for at, g, n in self.memory.things if at > since]
        position = self.tokens.index(token)
        things += [((t.feats or {}).get("Gender"), (t.feats or {}).get("Number")) for t in self.tokens[:position]
                   if t.pos == "NOUN" and t.id not in self.span_of and not _animate(self.vocab, t)]
        return any(g is not None and agrees(g, n) for g, n in things)


def _person_meant(noun, memory: _Memory, vocab) -> tuple | None:
    """The person a singular role or people noun stands for where the text gave no name with it («Свою
    вину бывший директор не признал» after «суд оштрафовал Ворожцова»): the one named with that role
    before, else the person last named of its gender. What «Его адвокат» in the next sentence is
    whose (issue 10: «адвокат | бывший директор» named no one)."""
    feats = noun.feats or {}
    if feats.get("Number") == "Plur":
        return None
    role = memory.roles.get(_lemma(vocab, noun))
    if role is not None:
        return role
    gender = feats.get("Gender")
    return next((phrase for phrase, g in reversed(memory.people) if g is None or gender is None or g == gender), None)


def _remember(sent, spans, helper: _RuSentence, memory: _Memory) -> None:
    """Add what one sentence names to the article's memory (see _Memory)."""
    vocab, span_of = helper.vocab, helper.span_of
    helper.cache = None  # the memory changes below: what a token names may change with it
    # what each bare noun points back at, read before this sentence's names are added: a noun points back,
    # never at a name its own sentence gives only after it («самолёты, которые перевозчик получит в лизинг
    # от Государственной транспортной лизинговой компании»: the carrier is the airline named before)
    backs = {token.id: helper.refers_back(token) for token in sent.tokens
             if token.pos == "NOUN" and token.id not in span_of}
    seen_spans = set()
    for token in sent.tokens:
        if token.pos == "NOUN" and token.id not in span_of and (
                helper.quoted_appositive(token) is not None
                or any(c.id in span_of for c in helper.kids(token, ("appos",)))):
            # "театр «Волжская сцена»", "агрохолдинг «Заволжская нива»": the noun is the name's head
            named = helper.phrase(token, common=True)
            if named is not None:
                memory.mention(named, [_lemma(vocab, token)])
                seen_spans.update(id(span_of[c.id]) for c in helper.kids(token, ("appos",)) if c.id in span_of)
        elif token.pos == "NOUN" and token.id in span_of and descriptor_span(helper, span_of[token.id], token):
            # "Вологодский клуб по хоккею «Северные ястребы»": the quoted name, headed by the noun, is the
            # one named; the descriptor is no name of its own (descriptors.py)
            named = helper.phrase(token)
            if named is not None:
                memory.mention(named, [_lemma(vocab, token)])
                seen_spans.add(id(span_of[token.id]))
        elif token.pos == "NOUN" and token.id in span_of:
            # "Псковской региональной библиотеки «Кривичи»": the noun is in another name's span, and
            # still the quoted name's head (a library, not a company)
            for child in helper.kids(token, ("appos",)):
                span = span_of.get(child.id)
                if span is not None and span is not span_of[token.id] and span.type == "ORG":
                    memory.mention(memory.named(_unquote(span.normal), span.type), [_lemma(vocab, token)])
    for token in sent.tokens:
        if token.id in span_of or token.pos not in ("NOUN", "PROPN"):
            continue
        quoted = helper.quoted_name(token)
        if quoted is not None and quoted not in memory.counts:
            # "«Волжский банк» откроет ...": a quoted name the NER missed is named all the same (its
            # last word is its kind only in a name of several words: «Кривичи» is no "кривич")
            kind = _common_noun(vocab, token) and len(quoted[0].split()) > 1
            memory.mention(quoted, [_lemma(vocab, token)] if kind else [])
            memory.quoted.add(quoted)
    for span in spans:
        if sent.start <= span.start < sent.stop and span.type == "LOC" and any(
                t.pos in ("NOUN", "PROPN") and not _adjective_word(vocab, t) for t in span.tokens):
            # ("Борскому и Кстовскому округам": an adjective is no place alone)
            # "Самарская область ... область не будет повышать тарифы": a place its head noun names
            # (only by that noun, or "город" / "регион": a place is never what "компания" means)
            heads = [_lemma(vocab, t) for t in span.tokens if t.pos == "NOUN" and _common_noun(vocab, t)]
            memory.mention((span.normal, span.type), heads[:1] if len(span.tokens) > 1 else [])
        if not (sent.start <= span.start < sent.stop) or span.type != "ORG" or id(span) in seen_spans:
            continue
        name = memory.aliases.get(span.text) or memory.named(_unquote(span.normal), span.type)
        memory.mention(name, _name_heads(vocab, span.tokens))
    for token in sent.tokens:
        # a bare noun read as a name it points back at is one more mention of it, under that noun
        # ("оператором" for «СеверТелеком»: the next "оператор" means it too)
        if token.pos == "NOUN" and token.id not in span_of:
            back = backs[token.id]
            if back is not None and back in memory.counts:
                lemma = _lemma(vocab, token)
                learnt = back[1] != "LOC" and (lemma in _RU_ANAPHORS or not _animate(vocab, token))
                memory.mention(back, [lemma] if learnt else [])
        # "Губернатор Курганской области Виталий Обухов": the role names its person later ("губернатор")
        if token.pos == "NOUN" and token.id not in span_of and _animate(vocab, token):
            person = next((span_of[c.id] for c in helper.kids(token, ("appos", "flat:name"))
                           if c.id in span_of and span_of[c.id].type == "PER"), None)
            above = helper.by_id.get(token.head_id)
            if person is None and token.rel == "appos" and above is not None and above.id in span_of:
                person = span_of[above.id] if span_of[above.id].type == "PER" else None
            if person is not None:
                memory.roles[_lemma(vocab, token)] = (person.normal, person.type)
        verb = helper.by_id.get(token.head_id)
        if token.rel in _RU_SUBJ and not (verb is not None and _lemma(vocab, verb) in _RU_SAY
                                          and _lemma(vocab, token) in _RU_STAFF):
            # ("Об этом сообщила пресс-служба Верховного суда": the court's press office reports what another
            # court did; the text is not about the court it speaks for, and «суд» later is not that one)
            named = helper.phrase(token)
            if named is not None and named in memory.counts:
                memory.subjects[named] = memory.subjects.get(named, 0) + 1
    people = [span for span in spans if span.type == "PER" and sent.start <= span.start < sent.stop]
    for span in people:
        memory.people.append(((span.normal, span.type), (span.tokens[0].feats or {}).get("Gender")))
        memory.person_named[(span.normal, span.type)] = memory.sentence
    memory.things += [(memory.sentence, (t.feats or {}).get("Gender"), (t.feats or {}).get("Number"))
                      for t in sent.tokens if t.pos == "NOUN" and t.id not in span_of and not _animate(vocab, t)]
    memory.sole_person = memory.people[-1][0] if people and len({p.normal for p in people}) == 1 else None
    previous, people_meant = [], []
    for rels in (_RU_SUBJ, _RU_OBJ):
        for token in sent.tokens:
            if token.rel in rels and token.pos != "PRON" and token.text.lower() not in _RU_RELATIVE:
                phrase = helper.phrase(token, common=True) or helper.agent_phrase(token)
                if phrase is not None:
                    feats = token.feats or {}
                    previous.append((phrase, feats.get("Gender"), feats.get("Number")))
                    if phrase[1] is None and token.rel in _RU_SUBJ and token.pos == "NOUN" and _animate(vocab, token):
                        phrase = _person_meant(token, memory, vocab) or phrase
                    people_meant.append((phrase, feats.get("Gender"), feats.get("Number")))
    memory.previous = previous
    memory.previous_people = people_meant
    memory.sentence += 1
    if any(t.pos == "VERB" and _lemma(vocab, t) in _RU_ATTRIBUTION for t in sent.tokens):
        speaker = _speaker_org(helper)
        if speaker is not None or any(span.type == "PER" for span in people):
            memory.speaker_org = speaker  # a resident quoted after an official speaks for no one
    memory.previous_subjects = [
        p for p in (helper.phrase(t) for t in sent.tokens if t.rel in _RU_SUBJ and t.pos != "PRON") if p is not None
        and p in memory.counts]


def _another_kind(name: str, heads: set[str], same: frozenset[str]) -> bool:
    """Does a name's class noun (before its quotes: «банк «Приморская звезда»», or one it was called by) say it
    is another kind of body than ``same``?"""
    classes = (heads | set(_fold_words(name.split("«")[0]))) & (_RU_CLASS_NOUNS | _RU_UNITS)
    return bool(classes) and not classes & same


def _fold_words(name: str) -> list[str]:
    return name.casefold().replace("ё", "е").replace("«", " ").split()


def _name_heads(vocab, tokens) -> list[str]:
    """The common nouns a name is built on: "Онежский художественный музей" → музей, "Министерство
    культуры" → министерство, "Итиль-Банк" → банк (the last part of a hyphenated name)."""
    heads = []
    words = [t for t in tokens if t.pos != "PUNCT"]
    for token in words:
        if token.pos in ("NOUN", "PROPN") and _common_noun(vocab, token):
            lemma = _lemma(vocab, token)
            if len(words) > 1 or lemma in _RU_UNITS or lemma in _RU_ANAPHORS:
                heads.append(lemma)  # (a one-word name is a name, not its kind: «Кривичи»; «Управление» is one)
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


def _adjective_word(vocab, token) -> bool:
    """Is the word, by pymorphy's likeliest reading, an adjective ("Борскому", tagged PROPN)?"""
    parses = vocab.parse(token.text.lower())
    return bool(parses) and parses[0].tag.POS == "ADJF"


def _speaker_org(helper) -> tuple | None:
    """The organisation a person named with a role speaks for in this sentence: "директор
    «Горводосети» Сергей Кожин", "генеральный директор ГК «Волгастрой» Евгений Марков", "Ее
    директор Елена Старостина" (the role's genitive or possessor, through unnamed genitives)."""
    span_of, vocab = helper.span_of, helper.vocab
    for token in helper.tokens:
        if token.pos != "NOUN" or token.id in span_of or not _animate(vocab, token):
            continue
        person = any(c.id in span_of and span_of[c.id].type == "PER" for c in helper.kids(token, ("appos", "flat:name")))
        above = helper.by_id.get(token.head_id)
        person = person or (token.rel == "appos" and above is not None and above.id in span_of
                            and span_of[above.id].type == "PER")
        if not person:
            continue
        current = token
        for _ in range(3):
            owners = [c for c in helper.kids(current, ("nmod", "det")) if not helper.kids(c, ("case",))]
            named = [p for p in (helper.phrase(c) for c in owners) if p is not None and p[1] == "ORG"]
            if named:
                return named[0]
            nouns = [c for c in owners if c.pos == "NOUN"]
            if not nouns:
                break
            current = nouns[0]
    return None
