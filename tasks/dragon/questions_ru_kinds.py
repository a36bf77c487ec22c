"""DRAGON questions, Russian: is a thing the tagger called an organisation one a question may call «организация»?

The tagger's ORG label alone is no evidence of what a thing is: a team («Против какой организации проведут
матч»), a residential complex («Какую организацию строит»), a play or a brand is tagged so as often as a
company. A question names a body «организация» only where the text gives positive evidence that it is one:

- a legal form in its name or before it («ООО «Северный прокат»», «АО Волгахим»);
- a noun of a body next to its name anywhere in its article («застройщик «Восток-Девелопмент»», «управляющая
  компания «Камский квартал»», ««Идель Капитал» — инвестиционная компания»);
- someone holds a post in it (a role's genitive: «вице-президент «Идель Капитала»», «директор «Водоканала»»);
- it does what only a business or an agency does: buys, sells, invests, hires, pays, produces, exports
  («Восход Капитал инвестировал», «Кодикс Софт планирует нанять»); a team signs players, extends and signs contracts,
  appoints and dismisses coaches and announces as well, so those verbs are no evidence (a team is found by its games first: ru_class_nouns).

The class nouns the text gives (questions_ru_classes.ru_class_nouns: «театр», «завод», «клуб», a team by its
games) come first; a thing with neither is not asked about with «какая организация» (the templates refuse it).
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Subgraph
from tasks.dragon.questions_ru_names import _RU_WORD

#: the class noun that says "a body of people whose kind the text does not narrow": the templates' «организация»
RU_BODY = "организация"

#: nouns that name a body of people working as one: written next to a name they say it is an organisation
_RU_BODY_NOUNS = frozenset("""
компания фирма предприятие холдинг концерн корпорация госкорпорация организация банк фонд агентство группа
застройщик девелопер оператор перевозчик производитель поставщик ритейлер дистрибьютор подрядчик ведомство
управление инспекция министерство ассоциация союз объединение кооператив общество партнёрство партнерство
учреждение страховщик стартап резидент лизингодатель акционерный артель
""".split())
#: legal forms of a Russian body («ООО», «ПАО», «МУП»)
_RU_LEGAL_FORM = re.compile(r"(?<![А-ЯЁA-Z])(?:ООО|ОАО|ЗАО|ПАО|НАО|АО|ГУП|МУП|ФГУП|ГБУ|МБУ|ГАУ|ГКУ|МКУ|ФГБУ|АНО|НКО|ГК)"
                            r"(?![А-ЯЁA-Zа-яё])")
#: verbs whose doer is a business or an agency (as the relation's verb or the infinitive it governs)
_RU_BODY_VERBS = frozenset("""
приобрести приобретать купить покупать выкупить выкупать продать продавать инвестировать вложить вкладывать нанять
нанимать трудоустроить выплатить выплачивать потратить тратить производить произвести выпускать
выпустить экспортировать импортировать поставлять арендовать обанкротиться зарегистрировать управлять представить
испытать перевалить перевезти перевозить отгрузить обслуживать сообщить заявить опубликовать
выделить предоставить запустить открыть основать разработать строить построить сдать возводить
""".split())
#: verbs whose object is a body founded by someone («основал «Здраву»»)
_RU_FOUND_VERBS = frozenset({"основать", "учредить"})
#: verbs of a game: an organisation that plays one with or against another is a team, as is one that scores
_RU_PLAY_VERBS = frozenset({"играть", "сыграть", "отыграться"})
_RU_SCORE_VERBS = frozenset({"набрать", "забить", "забросить", "пропустить"})
_RU_SCORE_NOUNS = re.compile(r"\b(?:очк|гол|мяч|шайб)", re.IGNORECASE)
#: the relations that make a thing part of a business: «входит в холдинг», «принадлежит компании»
_RU_PART_OF_VERBS = frozenset({"входить", "принадлежать"})
def _relation_lemmas(relation: str) -> list[str]:
    """The lemmas of a relation's words, «ё» written «е» («купила у» -> купить, у)."""
    return [nlp.lemma_ru(w.lower()).replace("ё", "е") for w in _RU_WORD.findall(relation)]


def _name_stem(label: str) -> str | None:
    """The start of a name's first word, which its declined forms share («Идель» of «Идель Капиталу»)."""
    words = _RU_WORD.findall(label.strip("«»"))
    if not words or not words[0][:1].isupper():
        return None
    return words[0][:max(3, len(words[0]) - 2)]


def _body_noun(word: str) -> bool:
    """Is ``word`` (any case) a noun of a body («компании», «застройщик», «ООО»)?"""
    if _RU_LEGAL_FORM.fullmatch(word):
        return True
    if not word[:1].islower():
        return False
    return any(p.tag.POS in ("NOUN", "ADJF") and p.normal_form.replace("ё", "е") in _RU_BODY_NOUNS
               for p in nlp.morph_vocab().parse(word)[:2])


def ru_body_in_text(label: str, sentences: list[str]) -> bool:
    """Does the name ``label`` or a sentence about it say it is a body: a legal form or a lowercase body noun
    in the name, a body noun right before the name («компания «Северный прокат»», «группы компаний «ТатДомИнвест»») or after a dash or
    comma right after it (««Идель Капитал» — инвестиционная компания»)?"""
    words = _RU_WORD.findall(label)
    if _RU_LEGAL_FORM.search(label) or any(_body_noun(w) for w in words[1:]) \
            or len(words) > 1 and _body_noun(words[0].lower()):
        return True  # «ПАО «Волгахим»», «Государственная транспортная лизинговая компания», «Министерство спорта»
    stem = _name_stem(label)
    if stem is None:
        return False
    # the stem, then at most a declension's ending: another name sharing the first letters («Белстрой» after
    # «Белые росы») is not this one
    word = rf"{re.escape(stem)}[а-яё]{{0,4}}(?![\w-])"
    before = re.compile(rf"([А-Яа-яЁё]+)\s+(?:([а-яё]+)\s+)?«?{word}")  # «производителем упаковки «Х»»
    after = re.compile(rf"(?<![\w-]){word}(?:\s+[^\s,—–]+){{0,3}}?»?\s*(?:—|–|,)\s*"
                       r"((?:[а-яё-]+\s+){0,2}[а-яё]+)")
    for sentence in sentences:
        if any(_body_noun(w) for m in before.finditer(sentence) for w in m.groups() if w):
            return True
        for match in after.finditer(sentence):
            if any(_body_noun(w) for w in match.group(1).split()):
                return True
    return False


def ru_body_nodes(subgraphs: list[Subgraph], said: dict[str, list[str]], labels: dict[str, str]) -> set[str]:
    """The nodes the text shows to be bodies of people (see the module doc): a post held in them, a body noun or
    legal form by their name in any sentence about them, or a business's deed done by them."""
    from tasks.dragon.questions_ru_verbs import ru_relation

    bodies = {node for node, label in labels.items() if ru_body_in_text(label, said.get(node, []))}
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            words = _relation_lemmas(edge.relation)
            if edge.tail_type in ("org", None) and words[:1] and words[0] in _RU_FOUND_VERBS:
                bodies.add(edge.tail)  # «основал «Здраву»»: what one founds as an ORG is a body
            if edge.head_type in ("org", None) and any(lemma in _RU_BODY_VERBS for lemma in words[:3]):
                bodies.add(edge.head)  # «Кодикс Софт планирует нанять 400 разработчиков»
            if edge.tail in bodies or edge.tail_type not in ("org", None):
                continue
            try:
                rel = ru_relation(edge.relation)
            except Exception:  # NoTemplate: a relation no template reads holds no role
                continue
            if rel.kind == "role" and _a_post(rel.head):
                bodies.add(edge.tail)  # «вице-президент «Идель Капитала»»: a post is held in a body
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            words = _relation_lemmas(edge.relation)
            if edge.head_type in ("org", None) and edge.tail in bodies and words[:1] and words[0] in _RU_PART_OF_VERBS:
                bodies.add(edge.head)  # «входит в холдинг «Тайга»», «принадлежит компании «Янтарь»»
    return bodies


def _a_post(role: str) -> bool:
    """Is ``role`` a post someone holds («директор», «вице-президент», «главный инженер»): its first noun names a
    person? «группа», «часть», «дочерняя компания» say what a thing is part of, not that people work in it."""
    for word in role.split():
        parses = [p for p in nlp.morph_vocab().parse(word.lower())[:2] if p.tag.POS == "NOUN"]
        if parses:
            return "anim" in parses[0].tag
    return False


def ru_team_nodes(subgraphs: list[Subgraph]) -> set[str]:
    """Organisations the text uses as teams besides those ``questions_ru_classes._sports_teams`` finds: the sides
    of a game played with or against another («сыграл вничью с «Металлургом»»: «С какой организацией сыграл» is
    what judges reject), and one that scores points or goals («набрал 30 очков»)."""
    teams = set()
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            words = _relation_lemmas(edge.relation)
            if not words:
                continue
            if words[0] in _RU_PLAY_VERBS and words[-1] in ("с", "со", "против"):
                teams |= {node for node, kind in ((edge.head, edge.head_type), (edge.tail, edge.tail_type)) if kind == "org"}
            elif words[0] in _RU_SCORE_VERBS and edge.head_type == "org" and _RU_SCORE_NOUNS.search(edge.tail_label):
                teams.add(edge.head)
    return teams


def ru_kind_classes(subgraphs: list[Subgraph], said: dict[str, list[str]], labels: dict[str, str]) -> dict[str, str]:
    """node → «команда» for a team by its games, «организация» for a body the text shows to be one."""
    found = {node: "команда" for node in ru_team_nodes(subgraphs)}
    for node in ru_body_nodes(subgraphs, said, labels):
        found.setdefault(node, RU_BODY)
    return found
