"""Russian rules triplets: the facts a role noun states about the one it names
(``_noun_facts_ru``): an appositive role («Иван Петров, глава Газпрома»), a name appositive to its
role («директор «Северного порта» Анна Смирнова») or a zero-copula predicate («Москва — столица
России»), each read as (X, role, organisation or place) by ``_role_facts_ru``, which carries the
genitives that name no one into the role («председатель правления», «министр финансов») and keeps a
place noun that points back («глава города»).
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from tasks.dragon.triplets_base import _Fact, _fact
from tasks.dragon.rules_ru.lexicon import _RU_FIELD_TITLES, _RU_PLACE_ANAPHORS, _RU_UNITS
from tasks.dragon.rules_ru.morph import _animate, _lemma
from tasks.dragon.rules_ru.phrases import _RuSentence


def _role_facts_ru(noun, subject_phrases, sentence: str, helper: _RuSentence, modality: str = "asserted"
                   ) -> Iterator[_Fact]:
    """A role noun with a genitive entity ("глава Газпрома", "столицей России") → (X, глава, Газпром);
    through genitives that name no one, the role takes them along: "председатель правления
    банка" → (X, председатель правления, Итиль-Банк), "заместитель министра транспорта
    Нижегородской области" → (X, заместитель министра транспорта, Нижегородская область),
    "руководитель нижегородского филиала компании" → (X, руководитель нижегородского филиала,
    Катим). A place a bare noun points back at keeps the noun: "глава города" → (X, глава города,
    Нижний Новгород). A person's role in a body named by its common noun alone gives that noun:
    "руководитель экспедиции" → (X, руководитель, экспедиция)."""
    if noun.id in helper.span_of:
        return
    for nmod in helper.kids(noun, ("nmod",)):
        if helper.kids(nmod, ("case",)):
            continue  # "директор по продажам": not the organisation the role belongs to
        relation, current = helper.role(noun), nmod
        nearer = _nearer_role(noun, nmod, helper)
        if nearer is not None:
            # "нынешний директор «Северной буровой» Геннадий Волков, бывший главный инженер Охинского
            # нефтегазодобывающего управления": the parser hangs the last genitive on the first role; it is
            # the second's, a former one (issue 10, site20: «Нынешним директором каких организаций ...»)
            relation = helper.role(nearer, after=noun)
        field = next((f for f in helper.kids(noun, ("nmod",)) if helper.preposition(f) == "по" and f.start < nmod.start
                      and not helper.kids(f, ("nmod", "appos"))), None)
        if field is not None:
            relation = f"{relation} по {helper.as_written(field)}"  # "директор по экологии «Камабумпрома»"
        # "министр финансов Нижегородской области": a bare genitive before the named one, both under the
        # role noun, names the field and stays in the role («министр финансов», not «министр»)
        fields = [f for f in helper.kids(noun, ("nmod",)) if f.start < nmod.start and f.pos == "NOUN"
                  and not helper.kids(f, ("case",)) and (f.feats or {}).get("Case") in ("Gen", None)
                  and f.id not in helper.span_of and helper.phrase(f) is None]
        if fields and helper.phrase(nmod) is not None:
            relation = " ".join([relation, *(helper.as_written(f) for f in fields)])
        for _ in range(3):
            if any(helper.phrase(c) is not None for c in helper.with_conjuncts(current)) or current.pos != "NOUN":
                break
            # (a genitive follows its head: «директор «Северного терминала» Олег Панов, бывший заместитель
            # начальника порта» — the terminal the parser hangs on «начальника» is the director's)
            inner = [c for c in helper.kids(current, ("nmod",)) if not helper.kids(c, ("case",))
                     and (c.feats or {}).get("Case") in ("Gen", None) and c.start > current.start]
            if not inner:
                break
            named = [c for c in inner if helper.phrase(c) is not None]
            # "министра транспорта Энской области": the unnamed genitives stay in the role
            between = [c for c in inner if c is not (named or inner)[0] and c.start < (named or inner)[0].start]
            relation = " ".join([relation, helper.as_written(current), *(helper.as_written(c) for c in between)])
            current = (named or inner)[0]
        owners = helper.with_conjuncts(current)
        if (current is not nmod and nmod.pos == "NOUN" and _lemma(helper.vocab, nmod) in _RU_UNITS
                and all(helper.phrase(c) is None for c in owners)):
            # "руководитель департамента транспорта": no name down the genitives, so the body is
            # the first of them, with the rest (as "руководитель экспедиции" below)
            relation, current, owners = helper.role(noun), nmod, [nmod]
        for conjunct in owners:
            object_phrase = helper.phrase(conjunct)
            words = relation
            if object_phrase is not None and _lemma(helper.vocab, conjunct) in _RU_PLACE_ANAPHORS \
                    and helper.refers_back(conjunct) is not None:
                words = f"{relation} {conjunct.text.lower()}"  # "глава города" (Нижний Новгород)
            if (object_phrase is None and current is nmod and conjunct.pos == "NOUN" and _animate(helper.vocab, noun)
                    and (conjunct.feats or {}).get("Number") == "Sing" and not _animate(helper.vocab, conjunct)
                    and (_lemma(helper.vocab, conjunct) in _RU_UNITS or fields
                         or _lemma(helper.vocab, noun) not in _RU_FIELD_TITLES)
                    and any(p[1] == "PER" for p in subject_phrases) and _own_genitive(noun, conjunct, fields, helper)):
                # "руководитель экспедиции", "консультант постановки", "министр финансов региона": a
                # person's role in a body or a work its common noun names, the bare genitives before it in the role
                object_phrase = helper.common_phrase(conjunct)
                nouns = [a for a in helper.kids(conjunct, ("amod",)) if a.pos == "NOUN" and a.start < conjunct.start]
                if nouns and object_phrase is not None:
                    # "тренер сборной области": the parser hangs the substantivised adjective («сборная»)
                    # on the noun after it as a modifier; the body is the first noun, of the second
                    object_phrase = (f"{helper.role(nouns[0])} {conjunct.text}", object_phrase[1])
                words = " ".join([relation, *(helper.as_written(f) for f in fields)]) if relation == helper.role(noun) \
                    else relation
            if object_phrase is None:
                continue
            for subject_phrase in subject_phrases:
                if helper.number_phrase(conjunct) is None and not re.match(r"^[\d.,]+\s", subject_phrase[0]):
                    yield _fact(sentence, subject_phrase, words, object_phrase, modality)  # (870 человек hold no role)


def _nearer_role(noun, genitive, helper: _RuSentence):
    """The role noun right before the genitive when it is another than ``noun``: an animate noun after
    ``noun``, with nothing between it and the genitive but the genitive's own words («директор «Северной
    буровой» Геннадий Волков, бывший главный инженер Охинского управления»: инженер)."""
    start, end = helper.tokens.index(noun), helper.tokens.index(genitive)
    own = {t.id for t in helper.subtree(genitive)}
    for at in range(end - 1, start, -1):
        token = helper.tokens[at]
        if token.id in own or token.pos == "PUNCT" and token.text in "«»":
            continue
        if token.pos == "NOUN" and token.id not in helper.span_of and _animate(helper.vocab, token):
            return token
        return None
    return None


def _own_genitive(noun, genitive, fields, helper: _RuSentence) -> bool:
    """Does the genitive follow the role noun with nothing between but its own words and the fields
    («министр финансов региона», «тренер сборной области»)? One further off is the parser's guess
    («Депутат от Апатитов Сергей Мельников, бывший глава городского округа»: the округ is the глава's)."""
    start, end = helper.tokens.index(noun), helper.tokens.index(genitive)
    own = {t.id for t in [*helper.subtree(genitive), *(w for f in fields for w in helper.subtree(f))]}
    return start < end and all(t.id in own for t in helper.tokens[start + 1:end])


def _noun_facts_ru(noun, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    """Appositive and zero-copula roles.

    "Иван Петров, глава Газпрома," (role is an appositive of the name);
    "директор «Северного порта» Анна Смирнова" (the name is an appositive of the role);
    "Москва — столица России" (the role noun is the predicate, with its own subject).
    """
    if noun.id in helper.span_of or _in_quotes(noun, helper):
        return
    anchors = []
    head = helper.by_id.get(noun.head_id)
    if noun.rel == "appos" and head is not None:
        anchors.append(head)
    anchors += [c for c in helper.kids(noun, ("appos",)) if c.id in helper.span_of]
    if not anchors:
        # "руководитель экспедиции, доктор геолого-минералогических наук Аркадий Зверев": the name at
        # the end of a chain of appositives
        current = noun
        for _ in range(3):
            nested = [c for c in helper.kids(current, ("appos",)) if c.pos in ("NOUN", "PROPN")]
            named = [c for c in nested if c.id in helper.span_of and helper.span_of[c.id].type == "PER"]
            if named or not nested:
                anchors += named
                break
            current = nested[0]
    anchors += helper.kids(noun, ("nsubj",)) if noun.rel == "root" else []
    # «заведующий лабораторией цунами института Михаил Кан»: the parser hangs the name on the last noun of the
    # role's chain of genitives; a thing («цунами») down that chain is no person's role, the role's own head
    # noun is further up, and (Кан, цунами, институт) would be a false fact
    in_chain = noun.rel == "nmod" and getattr(head, "pos", None) == "NOUN" and not _animate(helper.vocab, noun)
    subject_phrases = []
    for anchor in anchors:
        phrase = helper.phrase(anchor)
        if phrase is not None and phrase[1] in ("PER", "ORG", "LOC") and not (in_chain and phrase[1] == "PER"):
            subject_phrases.append(phrase)
    if subject_phrases:
        yield from _role_facts_ru(noun, subject_phrases, sentence, helper)


def _in_quotes(noun, helper: _RuSentence) -> bool:
    """Is the noun a word of a quoted title («выставку ювелира «Свет Балтики»», «фестиваль «Голос моря»»,
    «программа «Хозяин земли»»)? The title names a work, not a role: «Свет» is no one's light (issue 10, site21
    judges: «Светом какой команды является ...?»)."""
    depth, straight = 0, 0
    for token in helper.tokens:
        if token is noun:
            return depth > 0 or straight % 2 == 1
        if token.text in ("«", "“", "„"):
            depth += 1
        elif token.text in ("»", "”") and depth:
            depth -= 1
        elif token.text == '"':
            straight += 1
    return False
