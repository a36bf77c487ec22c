"""DRAGON questions, Russian: ``RussianTemplates``, the templates per subgraph type (a statement, ask a tail, ask a
head, describe a node, a relative clause, conditions, comparisons). Moved unchanged from ``questions_ru``."""
from __future__ import annotations

import dataclasses
import re

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_base import NoTemplate, _cap, _q, asserted_only as _asserted_only
from tasks.dragon.questions_ru_answers import ru_says_a_time
from tasks.dragon.questions_ru_government import (
    RU_GIVE_VERBS, RU_LEVEL_VERBS, _ru_case_in_sentences, _ru_object_case, _ru_prep_phrase, _ru_quantity_unit,
    ru_body_destination, ru_destination, ru_dropped_object, ru_partner_case, ru_toponym,
)
from tasks.dragon.questions_ru_classes import ru_thing_class, ru_vehicle_head, ru_which_phrase
from tasks.dragon.questions_ru_kinds import RU_BODY
from tasks.dragon.questions_ru_inflect import _ru_animate, _ru_gender, _ru_inflect, _ru_oblique_amount, _ru_quote
from tasks.dragon.questions_ru_order import ru_ordered, ru_roles_unmarked
from tasks.dragon.questions_ru_refusals import RU_BUILD_VERBS, ru_rank_noun, ru_streak
from tasks.dragon.questions_ru_scope import (
    _ru_amount_scope, _ru_drop_repeated_time, _ru_shared_time, _ru_shared_trailing_time, _ru_without_time, ru_manner,
    ru_occasion_said as _ru_occasion_said, ru_ordinal_phrase as _ru_ordinal_phrase,
)
from tasks.dragon.questions_two_fact import ru_plural_role
from tasks.dragon.questions_ru_verbs import (
    RuRelation, _ru_shot_a_work, _ru_verb, ru_finite, ru_infinitive_chain, ru_relation,
)
from tasks.dragon.questions_ru_wh import (
    _ru_class_triple, _ru_genitives_in_role, _ru_plain_role, _ru_role_class, _ru_where, _ru_which_rel, _ru_whose,
)
from tasks.dragon.questions_ru_words import (
    _RU_ADDRESS_VERBS, _RU_AMOUNT_FRAME, _RU_AMOUNT_FRAME_WH, _RU_CLASS, _RU_GAME_NOUNS, _RU_INTO_VERBS, _RU_MAKE_VERBS,
    _RU_MOTION_VERBS, _RU_NA_OBJECT_VERBS, _RU_NOT_PLACE_VERBS, _RU_NOUNS_INTO, _RU_ORG_NOUNS, _RU_PACT,
    _RU_PREP_CASE, _RU_PRONOUNS, _RU_PUT_INTO_VERBS, _RU_SHOOT_VERBS, _RU_VAGUE_CLASS, _RU_VERB_CASE, _RU_WHAT,
    _RU_WHICH, _RU_WHO, _RU_WORD, _RU_YEAR,
)
from tasks.dragon.subgraphs import parse_quantity


class RussianTemplates:
    lang = "ru"

    def __init__(self, classes: dict[str, str] | None = None, said: dict[str, list[str]] | None = None):
        #: node → the class noun the text gives it («театр», «суд», «фестиваль»; questions_ru_classes.ru_class_nouns)
        self.classes = classes or {}
        #: label → every sentence of its node's edges (questions_ru_classes.ru_label_sentences)
        self.said = said or {}

    def _quote(self, label: str, form: str, sentences: list[str]) -> str:
        """``_ru_quote``; a name its own sentences do not write («Завод был построен ...», the subject taken
        from the article) is quoted as the other sentences about it write it («Богородская кожа»)."""
        quoted = _ru_quote(label, form, sentences)
        words = label.split()
        stem = re.compile(rf"(?<![а-яёa-z]){re.escape(words[0].lower()[:4])}") if words else None
        if quoted != form or not words or any(stem.search(s.lower()) for s in sentences):  # a word's start: not «бого» in «убогой»
            return quoted
        return _ru_quote(label, form, self.said.get(label, []))

    def _class(self, node: str | None, kind: str) -> tuple[str, str, str]:
        """(singular, plural, gender) naming ``node``: the class noun its text gives it («какой театр»,
        «суд, который ...»), else the kind's placeholder — «организация» for an organisation; a place or
        a thing with no class noun of its own has none a reader would say («какое место» of a theatre,
        «объект» of a festival), so the question is not asked."""
        noun = self.classes.get(node) if node is not None else None
        if noun == RU_BODY and kind != "ORG":
            noun = None  # a post held in a place («глава города») says nothing of what the place is
        if noun is not None and kind not in ("PER", "DATE", "NUM") and not (kind == "ORG" and noun in _RU_ORG_NOUNS):
            return _ru_class_triple(noun)
        if kind in _RU_VAGUE_CLASS or kind in ("MISC", "NUM"):
            raise NoTemplate(f"no class noun names this {kind} (the text gives none)")
        if kind == "ORG" and noun is None:
            # «Против какой организации проведут матч» of a team, «Какую организацию строит» of a housing estate:
            # the tagger's ORG is no evidence of a body, and the text gives none (questions_ru_kinds)
            raise NoTemplate("nothing in the text says this ORG is an organisation, nor what else it is")
        return _RU_CLASS[kind]

    def statement(self, edge: Edge) -> str:
        try:
            subject = self._quote(edge.head_label, edge.head_label, edge.sentences)
            return _cap(self._clause(edge, subject, _ru_gender(edge.head_label, edge))) + "."
        except NoTemplate:
            return f"{edge.head_label} — {edge.relation} — {edge.tail_label}."

    def _clause(self, edge: Edge, subject: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        return " ".join(p for p in (subject, self._predicate_from_head(edge, rel, gender)) if p)

    def _predicate_from_head(self, edge: Edge, rel: RuRelation, gender: str, case_edge: Edge | None = None) -> str:
        """Predicate with the edge's head as subject: "приобрела «Балтийский транзит»".

        ``case_edge``: the edge whose sentences show the object's case, when ``edge``'s tail
        label was replaced by a description ("организация, которая ...").
        """
        tail = edge.tail_label
        if rel.kind == "role":
            _asserted_only(edge, "a role statement")
            named = self._quote(tail, _ru_inflect(tail, 'gent', case_edge or edge), (case_edge or edge).sentences)
            return f"является {nlp.inflect_ru(rel.head, 'ablt')} {named}"
        case = ru_partner_case(rel.head, rel.preposition, edge.tail_type in ("org", "person"),
                               _ru_object_case(rel, case_edge or edge))  # «проиграла клубу», not «клуб»
        obj = _ru_prep_phrase(rel.preposition, self._quote(tail, _ru_inflect(tail, case, case_edge or edge),
                                                          (case_edge or edge).sentences))
        if rel.kind == "passive":
            return " ".join(p for p in (_ru_verb(edge, rel, gender), rel.middle, obj) if p)
        verb = _ru_verb(edge, rel, gender)
        if parse_quantity(tail, "ru") is not None and not _RU_YEAR.fullmatch(tail):
            # «Кто забил 9 мячей в прошлом сезоне?»: an amount is true of its occasion only
            # (an occasion the object already says is not said again: «продлила серию до 13 матчей», not
            # «... до 13 матчей до 13 матчей»)
            obj = " ".join([obj, *_ru_occasion_said(case_edge or edge, rel, [obj])])
        if rel.preposition or ", " in obj or _RU_AMOUNT_FRAME.search(" " + rel.middle):
            # (and an amount after its frame: "выплатить субсидию в размере 9 миллионов рублей")
            # a described object ("организацию, которая подписала Илью Доронина") ends the predicate:
            # the rest of the verb's words would read as the relative clause's (issue 10)
            return " ".join(p for p in (verb, rel.middle, obj) if p)
        chain, rest = ru_infinitive_chain(rel)
        # "продала 2139 автомобилей в октябре"; "согласилась купить 60 % акций", not «согласилась 60 % акций купить»
        return " ".join(p for p in (verb, chain, obj, rest) if p)

    @staticmethod
    def _which_in_phrase(edge: Edge) -> tuple[str, str] | None:
        """``ru_which_phrase`` of a prepositional object, unless it is an ordinal of no rank («вторая очередь»:
        refused below) or a streak's count («десятый матч подряд»)."""
        ordinal = _ru_ordinal_phrase(edge.tail_label)
        if ordinal is not None and (not ru_rank_noun(ordinal[0]) or ru_streak(edge.tail_label, edge.sentences)):
            return None
        return ru_which_phrase(edge.tail_label)

    def _thing_class(self, kind: str, node: str | None, label: str | None) -> bool:
        """Is ``node`` a thing (MISC) its text names by a class noun a question may ask it by (``ru_thing_class``)?"""
        return kind == "MISC" and node is not None and label is not None and ru_thing_class(
            self.classes.get(node), label, self.said.get(label, []))

    def _wh_subject(self, kind: str, plural: bool, node: str | None = None,
                    label: str | None = None) -> tuple[str, str]:
        """(question word(s) in the nominative, verb agreement) for an asked subject: «что» of a thing, unless its
        text names its class («Что отменило занятия?» of «администрация округа»: «Какая администрация»)."""
        if kind == "PER":
            return "кто", "masc"
        if kind in ("MISC", "NUM") and not self._thing_class(kind, node, label):
            vehicle = ru_vehicle_head(label) if kind == "MISC" and label else None
            if vehicle is None:
                return "что", "neut"
            singular, plural_noun, gender = _ru_class_triple(vehicle[0])  # «Какие рейсы летают ...?», not «Что летает»
            plural = plural or vehicle[1]
        else:
            singular, plural_noun, gender = self._class(node, kind)
        if plural:
            return f"какие {plural_noun}", "plur"
        return f"{_RU_WHICH[gender]} {singular}", gender

    def _wh_object(self, kind: str, case: str, plural: bool, animate: bool = False, node: str | None = None,
                   noun_needed: bool = False, label: str | None = None) -> str:
        if kind == "DATE":
            raise NoTemplate("a date as an object: asked with когда")
        if kind == "PER" or (kind == "MISC" and animate):
            return _RU_WHO[case]  # "поблагодарил подрядчика": кого, not что
        if kind == "NUM" or (kind == "MISC" and not noun_needed and not self._thing_class(kind, node, label)):
            return _RU_WHAT[case]  # (a team, a district, a body its text names: «Какую команду обыграл ...?»)
        singular, plural_noun, gender = self._class(node, kind)
        phrase = f"какие {plural_noun}" if plural else f"{_RU_WHICH[gender]} {singular}"
        return nlp.inflect_ru(phrase, case)

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        if not _RU_WORD.search(head) or head.strip().lower() in _RU_PRONOUNS:
            # «Где может открыть ...?»: a question with no subject (or only a pronoun) asks of no one
            raise NoTemplate(f"the subject {head!r} names no one")
        if parse_quantity(edge.head_label, "ru") is not None:
            # «Где стоит 620 машин?»: an amount names nothing a reader can find the fact by
            raise NoTemplate(f"the subject {edge.head_label!r} is an amount")
        gender = _ru_gender(head, edge)
        if head == edge.head_label:
            head = self._quote(head, head, edge.sentences)  # «Где обыграли «Уральские волки»?»
        if rel.kind == "role":
            _asserted_only(edge, "a role question")
            if kind == "DATE":
                raise NoTemplate(f"no когда template for role {edge.relation!r}")
            if kind == "PER":
                # «Чьим адвокатом является Марк Ильин?», never «Адвокатом кого является»
                return _q(_ru_whose(rel.head), nlp.inflect_ru(rel.head, "ablt"), "является", head), "tail.role"
            # «Главным режиссёром какого театра является ...?» by the class noun the text gives
            # (also as the role's own genitive: «директор театра Людмила Гаранина»); «чего» is no
            # question word a reader says, and a place or thing with no class noun is not asked
            node = edge.tail if self.classes.get(edge.tail, RU_BODY) != RU_BODY else None
            if node is None and (found := _ru_role_class(rel, edge)) is not None:
                self.classes = {**self.classes, edge.tail: found}
                node = edge.tail
            if node is None and kind != "ORG":
                raise NoTemplate(f"a role of a {kind} the text gives no class noun for: «{rel.head} чего»")
            if node is not None:
                _ru_plain_role(rel, "a role question about a class noun")  # «Главой города какого театра»
            which = self._wh_object(kind, "gent", plural, node=node or edge.tail, noun_needed=True)
            return _q(nlp.inflect_ru(rel.head, "ablt"), which, "является", head), "tail.role"
        if kind == "NUM":
            if plural:  # "Сколько судов отремонтировал Западный док?" → «40 судов, три парома»: one amount per question
                raise NoTemplate(f"a set of amounts for {edge.relation!r}")
            frame = _RU_AMOUNT_FRAME.search(" " + rel.middle)
            rel = dataclasses.replace(rel, middle=_RU_AMOUNT_FRAME.sub("", " " + rel.middle).strip())
            unit = _ru_quantity_unit(edge.tail_label)
            if rel.kind != "verb" or rel.preposition or unit is None:
                raise NoTemplate(f"no сколько template for relation {edge.relation!r}")
            if frame is not None and "," not in head:
                # «выплатит субсидию в размере 9 млн рублей»: «В каком размере выплатит область субсидию?»;
                # «Сколько рублей выплатит область субсидию?» leaves the object hanging beside the amount
                wh = _RU_AMOUNT_FRAME_WH[frame.group(1).lower().replace("ё", "е")]
                chain, rest = ru_infinitive_chain(rel)
                return _q(wh, *_ru_amount_scope(edge, rel), _ru_verb(edge, rel, gender), chain, head,
                          rest), "tail.how-much-frame"
            if _ru_bare_object(ru_infinitive_chain(rel)[1]):
                # «предоставит финансирование 2 млрд рублей»: the amount measures the object, and «Сколько
                # рублей предоставит банк финансирование?» leaves that object hanging
                raise NoTemplate(f"an amount beside the object of {edge.relation!r}: «сколько» leaves it hanging")
            if rel.head in _RU_VERB_CASE and _RU_VERB_CASE[rel.head] != "accs":
                # «достигла 112 тысяч рублей»: the verb governs the genitive, which «сколько рублей» cannot
                # take; a level reached is «какой величины», any other such verb is not asked
                if rel.head not in RU_LEVEL_VERBS or "," in head:
                    raise NoTemplate(f"{rel.head!r} governs the {_RU_VERB_CASE[rel.head]}: «сколько» cannot take it")
                chain, rest = ru_infinitive_chain(rel)
                return _q("какой величины", _ru_verb(edge, rel, gender), chain, head, rest), "tail.what-level"
            if _ru_oblique_amount(edge.tail_label):
                # "управляет 86 аптеками": «Сколько аптек управляет ...?» would need «сколькими аптеками»
                raise NoTemplate(f"the amount {edge.tail_label!r} is in an oblique case")
            scope = _ru_amount_scope(edge, rel)
            scope += _ru_occasion_said(edge, rel, scope)
            if "," in head:
                # a described subject ends the question, and a time its clause already has is
                # not said twice: "Сколько судов приняла в октябре организация, которая
                # перевалила 3,8 млн тонн?", not «... 3,8 млн тонн в октябре в октябре?»
                head = _ru_drop_repeated_time(head, rel)
                return _q("сколько", unit, *scope, _ru_verb(edge, rel, gender), rel.middle, head), "tail.how-many"
            chain, rest = ru_infinitive_chain(rel)  # «Сколько рублей согласился выделить ...?»
            return _q("сколько", unit, *scope, _ru_verb(edge, rel, gender), chain, head, rest), "tail.how-many"
        if kind == "ORG" and not rel.preposition and (
                rel.head in _RU_MAKE_VERBS or rel.head in _RU_SHOOT_VERBS and _ru_shot_a_work(edge)
                or rel.head in RU_BUILD_VERBS and self.classes.get(edge.tail, RU_BODY) == RU_BODY):
            # "производит «ГЛ-90»": a product the tagger took for an organisation; «строит «Агидель-Парк»»: a
            # building, never «Какую организацию строит ...?»
            kind = "MISC"
        if kind == "LOC" and not rel.preposition and not plural:
            kind = "MISC"  # "ремонтирует Фрунзенский мост": что, not «какое место»
        verb = _ru_verb(edge, rel, gender)
        dropped = ru_dropped_object(rel.head, rel.preposition, rel.middle, edge.tail_label, edge.sentences)
        if dropped is not None and kind != "DATE":
            # «приговорил бывшего директора к четырём годам» as «приговорить к»: «К чему приговорил суд?» asks
            # of no one; the object the sentence names is not in the relation
            raise NoTemplate(f"{rel.head!r} + «{rel.preposition}» without the object «{dropped}» its sentence gives")
        if rel.preposition in ("до", "к") and (kind == "DATE" or _RU_YEAR.fullmatch(edge.tail_label)):
            # «танцевала в Новосибирске до 2024 года»: «Когда танцевала ...?» → «2024 год» loses the bound, «До чего
            # танцевала ...?» asks a thing; a year is «до какого года» («к какому году»), any other bound is not asked
            if not _RU_YEAR.fullmatch(edge.tail_label):
                raise NoTemplate(f"a bound «{rel.preposition}» {edge.tail_label!r}: «когда» would lose it")
            which = "до какого года" if rel.preposition == "до" else "к какому году"
            return _q(which, *ru_ordered([], verb, rel.middle, head)), "tail.until-year"
        if kind == "DATE":
            if rel.preposition == "на":  # "приняло бюджет на 2027 год": what for, not when
                if not _RU_YEAR.fullmatch(edge.tail_label):
                    raise NoTemplate(f"no template for a date after «на» in {edge.relation!r}")
                return _q("на какой год", *ru_ordered([], verb, rel.middle, head)), "tail.for-year"
            if rel.preposition == "с":  # "руководит предприятием с 2012 года": since when, not when
                since = "с какого года" if re.search(r"\b(?:1[89]|20)\d\d\b", edge.tail_label) else "с каких пор"
                return _q(since, *ru_ordered([], verb, rel.middle, head)), "tail.since-when"
            if not ru_says_a_time(edge.tail_label):
                # «Когда работает театр?» → «здание бывшего кинотеатра»: the tagger's date is no time
                raise NoTemplate(f"«когда» of {edge.tail_label!r}, which says no time")
            # «в четвёртой четверти он неудачно приземлился»: the time is the bad landing's, so the manner goes too
            return _q("когда", *ru_ordered(ru_manner(edge), verb, rel.middle, head)), "tail.when"
        place = kind == "LOC" or (kind == "MISC" and ru_toponym(edge.tail_label))
        if place and rel.preposition == "до":
            # «ходит только до Тотьмы»: «До чего ходит ...?» asks a thing; a way's limit is «до какого города» by the
            # class noun the text gives (a capitalised «Докуда» reads as a name to the NER), and only of a way
            if rel.head not in _RU_MOTION_VERBS and not ru_destination(rel.head, rel.middle):
                raise NoTemplate(f"«до» + a place after {rel.head!r}, which goes nowhere")
            singular, _, gender = self._class(edge.tail, "LOC")
            wh = _ru_prep_phrase("до", nlp.inflect_ru(f"{_RU_WHICH[gender]} {singular}", "gent"))
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.how-far"
        if (place and rel.preposition in ("в", "во", "на") and ru_destination(rel.head, rel.middle)
                and rel.head not in _RU_INTO_VERBS and rel.head not in _RU_PUT_INTO_VERBS
                and _ru_object_case(rel, edge) == "accs"):
            # «поставляет в Турцию», «отменила рейсы в Кириллов»: a destination is «куда», not «где», «во что»
            return _q("куда", *ru_ordered([], verb, rel.middle, head)), "tail.whither"
        if (kind == "MISC" and rel.preposition in ("в", "во", "на") and _ru_object_case(rel, edge) == "accs"
                and ru_body_destination(rel.head, rel.middle, edge.tail_label)):
            # «направлял отчёты в министерство», «подал иск в суд»: a body a thing is sent to is «куда», not «во что»
            return _q("куда", *ru_ordered([], verb, rel.middle, head)), "tail.whither"
        if (kind in ("LOC", "MISC") and rel.preposition in ("в", "во", "на") and rel.head in _RU_MOTION_VERBS
                and _ru_object_case(rel, edge) != "loct"):
            # "перешёл в калининградский клуб", "приезжали в Калининград": куда, not «во что», «в какое место»
            return _q("куда", *ru_ordered([], verb, rel.middle, head)), "tail.whither"
        if (kind == "LOC" and rel.preposition in ("в", "во", "на") and rel.head not in _RU_NOT_PLACE_VERBS
                and rel.head not in _RU_MOTION_VERBS and _ru_object_case(rel, edge) == "accs"):
            # «В какое место ... построить»: a place a thing is built or done in is где; the
            # accusative reading a motion would need is not one these verbs have
            return _ru_where(edge, verb, rel, head)
        # "в/на" + prepositional case of a place, or of an unnamed thing ("вырос в двух кварталах"): где
        if (kind in ("LOC", "MISC") and rel.preposition in ("в", "во", "на") and _ru_object_case(rel, edge) == "loct"
                and rel.head not in _RU_NOT_PLACE_VERBS):
            return _ru_where(edge, verb, rel, head)
        if rel.preposition == "из" and (place or (
                kind == "MISC" and rel.head in _RU_MOTION_VERBS and not _ru_animate(edge.tail_label, edge.sentences))):
            # «перешёл из новосибирского клуба»: whence, not «Из чего перешёл ...?»
            return _q("откуда", *ru_ordered([], verb, rel.middle, head)), "tail.whence"
        if kind == "ORG" and rel.preposition in ("на",) and _ru_object_case(rel, edge) == "loct":
            # "работают на предприятии «Сурский»": «на какой организации» is not said
            raise NoTemplate(f"«{rel.preposition}» with an organisation in {edge.relation!r}")
        # «проиграли «Лосям»»: the opponent is «какому клубу», whatever case the label's sentence shows
        case = ru_partner_case(rel.head, rel.preposition, kind in ("ORG", "PER"), _ru_object_case(rel, edge))
        if case == "datv" and rel.head in RU_GIVE_VERBS and not rel.middle:
            # «компании выделит Фонд»: «Какой организации выделит Фонд?» asks who gets nothing named
            raise NoTemplate(f"the receiver of {rel.head!r} asked without what is given")
        if (kind == "MISC" and rel.preposition == "на" and case == "accs" and rel.head not in _RU_NA_OBJECT_VERBS
                and not _ru_animate(edge.tail_label, edge.sentences)):
            # "закроет трибуну на ремонт", "передать на постоянное хранение": «на что» there asks a purpose or a
            # regime, which no reader says so; only verbs whose «на» object is a thing ask «на что»
            raise NoTemplate(f"«на что» after {rel.head!r} asks a purpose, not an object")
        if (kind in ("MISC", "ORG") and rel.preposition in ("в", "во") and case == "accs" and rel.middle
                and nlp.lemma_ru(rel.middle.split()[-1].lower()).replace("ё", "е") in _RU_NOUNS_INTO
                and rel.head not in _RU_MOTION_VERBS and rel.head not in _RU_INTO_VERBS
                and rel.head not in _RU_PUT_INTO_VERBS):
            # «рассматривает поправки в бюджет»: «в» + accusative after a noun is the noun's («поправки во что»),
            # and «Во что рассматривает поправки ...?» asks it of the verb; only a verb that puts a thing into
            # another («внести изменения в закон») asks «во что»
            raise NoTemplate(f"«в» + accusative after {rel.middle.split()[-1]!r} belongs to the noun, not to {rel.head!r}")
        if rel.kind == "passive" and not rel.preposition:
            raise NoTemplate(f"passive relation {edge.relation!r} without a preposition")
        if (kind == "MISC" and rel.preposition and not plural and (which := self._which_in_phrase(edge)) is not None
                and not _ru_animate(edge.tail_label, edge.sentences)):
            # «замкнул прострел с правого фланга»: «С какого фланга …?», not «С чего …?» (why, what from); «под
            # восьмым номером»: «Под каким номером …?», not «Под чем …?»
            noun, gender = which
            wh = _ru_prep_phrase(rel.preposition, nlp.inflect_ru(f"{_RU_WHICH[gender]} {noun}", case))
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.which-in-phrase"
        if kind == "MISC" and rel.preposition in ("у", "под") and not _ru_animate(edge.tail_label, edge.sentences):
            # «У чего арендовала землю ...?» (a landlord is someone), «Под чем находится ...?» (под арестом:
            # a state): no reader asks so
            raise NoTemplate(f"«{rel.preposition} чего/чем» after {rel.head!r} is not asked")
        ordinal = _ru_ordinal_phrase(edge.tail_label) if kind in ("MISC", "NUM") and not plural else None
        words = edge.tail_label.split()
        if ordinal is None and kind in ("MISC", "NUM") and not plural and len(words) > 2 and words[2] in _RU_PREP_CASE:
            # «пятое место в Восточной конференции»: still «Какое место ...?», never «Что занимает ...?»
            ordinal = _ru_ordinal_phrase(" ".join(words[:2]))
        if ordinal is not None and not ru_rank_noun(ordinal[0]):
            # «Какую очередь планирует сдать ...?» → «первая очередь», «Какой матч выиграли ...?» → «десятый матч»:
            # an ordinal names one of a series only its article sets out; a rank («место», «номер») is the one
            # a reader can ask which of
            raise NoTemplate(f"the ordinal {edge.tail_label!r} is no rank: «какой» of it names nothing")
        if ordinal is not None and ru_streak(edge.tail_label, edge.sentences):
            # «выиграли десятый матч подряд»: a count of a streak names no match, «Какой матч выиграли ...?»
            raise NoTemplate(f"the ordinal {edge.tail_label!r} counts a streak («подряд»), it names none")
        if ordinal is not None:
            # «Какое место занимает «Речник»?» of «седьмое место»: an ordinal asks which, not what
            noun, gender = ordinal
            wh = _ru_prep_phrase(rel.preposition, nlp.inflect_ru(f"{_RU_WHICH[gender]} {noun}", case))
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.which-ordinal"
        partner = kind == "MISC" and ((rel.preposition in ("с", "со") and (
            _RU_PACT.search(rel.middle) or any(nlp.lemma_ru(w.lower()) in _RU_GAME_NOUNS for w in _RU_WORD.findall(rel.middle))))
                                      or (not rel.preposition and rel.head in _RU_ADDRESS_VERBS))
        # "заключил договор с администрацией города": the other party of a pact is someone, «с кем»;
        # so is the other side of a game («сыграют следующий матч с «Волжскими чайками»»: «с кем», not «с чем»)
        wh = _ru_prep_phrase(rel.preposition, self._wh_object(
            kind, case, plural, bool(partner) or _ru_animate(edge.tail_label, edge.sentences), node=edge.tail,
            label=edge.tail_label))
        if rel.preposition:
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.verb-prep"
        if case == "accs":
            head, verb = self._roles_marked(edge, rel, wh, verb, head, gender)
        if "," in head:
            # a described subject ("человек, который руководит компанией") ends the question,
            # or the rest of the predicate would read as part of its clause
            return _q(wh, verb, rel.middle, _ru_drop_repeated_time(head, rel)), "tail.verb"
        chain, rest = ru_infinitive_chain(rel)  # «Что согласилась купить ...?», not «Что согласилась ... купить?»
        return _q(wh, verb, chain, head, rest), "tail.verb"

    def ask_head(self, edge: Edge, tail: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        if kind == "DATE":
            raise NoTemplate(f"a date as the subject of {edge.relation!r}")
        if kind == "NUM":
            # "640 человек | работать на | Сурский": «Что работает на организации ...?» asks an
            # amount of people with "что"; a counted subject needs "сколько", which no template builds
            raise NoTemplate(f"a counted subject of {edge.relation!r}")
        wh, gender = self._wh_subject(kind, plural, node=edge.head, label=edge.head_label)
        if ", " in tail and rel.kind == "verb" and not rel.preposition and rel.head not in _RU_VERB_CASE \
                and _ru_case_in_sentences(edge, None) is None:
            # «Что позволит организацию, ...»: the case of a described object is not known from
            # the verb nor seen in its sentence, and the accusative is only a guess
            raise NoTemplate(f"the case of a described object of {edge.relation!r} is not known")
        probe = Edge(**{**edge.model_dump(), "tail_label": tail})
        if rel.kind == "role":
            _asserted_only(edge, "a role question")
            if ", " in tail:
                # «главой города места, в котором ...»: a role's own genitive and a described one
                _ru_plain_role(rel, "a role of a described thing")
            # «Кто является ...?» even of a set: кто takes a singular verb; «какие организации являются»
            verb = "являются" if plural and kind != "PER" else "является"
            named = self._quote(tail, _ru_inflect(tail, "gent", edge), edge.sentences)
            return _q(wh, verb, nlp.inflect_ru(rel.head, "ablt"), named), "head.role"
        return _q(wh, self._predicate_from_head(probe, rel, gender, case_edge=edge)), f"head.{rel.kind}"

    def describe(self, edge: Edge, node: str, kind: str) -> str:
        """ "организация, которая продала 2139 автомобилей в октябре" — ``node`` described by
        ``edge`` without naming it, in the nominative (callers inflect the leading noun)."""
        if kind == "NUM" or (kind == "MISC" and node not in self.classes):
            # «состоять из объекта, который ...»: "объект" is no class a reader can picture
            raise NoTemplate(f"no class noun describes a {kind} bridge")
        singular, _, _gender = self._class(node, kind)
        return f"{singular}, {self.relative_clause(edge, node, kind)}"

    def relative_clause(self, edge: Edge, node: str, kind: str) -> str:
        """ "которая продала 2139 автомобилей", "которую приобрела Гармония": ``edge`` said of ``node``."""
        if kind == "DATE":
            raise NoTemplate("a date is not described by a relative clause")
        rel = ru_relation(edge.relation)
        _singular, _, gender = self._class(node, kind) if kind != "PER" else _RU_CLASS[kind]
        if node == edge.head:
            return f"{_ru_which_rel(gender, 'nomn', kind)} {self._predicate_from_head(edge, rel, gender)}"
        head = edge.head_label
        head_gender = _ru_gender(head, edge)
        head = self._quote(head, head, edge.sentences)
        if rel.kind == "role":
            _asserted_only(edge, "a role description")
            if ru_plural_role(rel.head):
                # «район, деревнями которого является Иргизлы»: one thing is not a plural role of another
                raise NoTemplate(f"the role {rel.head!r} is plural: one thing is not it")
            if kind == "LOC" and node not in self.classes:
                # «места, главным режиссёром которого является ...»: a place with a director is an
                # organisation the tagger typed as a place; «в месте, заместителем главы города которого»
                raise NoTemplate("a place is not described by a role")
            if kind != "ORG" or _ru_genitives_in_role(rel) > 1:
                # «организации, председателем правления которой является X» is said; «места,
                # заместителем главы города которого» is not
                _ru_plain_role(rel, "a role description")
            return f"{nlp.inflect_ru(rel.head, 'ablt')} {_ru_which_rel(gender, 'gent', kind)} является {head}"
        if kind == "ORG" and not rel.preposition and rel.head in RU_BUILD_VERBS and self.classes.get(node, RU_BODY) == RU_BODY:
            # «организации, которую строит «Новострой-Уфа»»: what is built is no organisation
            raise NoTemplate(f"what {rel.head!r} builds is described as an organisation")
        case = ru_partner_case(rel.head, rel.preposition, kind in ("ORG", "PER"), _ru_object_case(rel, edge))
        if case == "datv" and rel.head in RU_GIVE_VERBS and not rel.middle:
            raise NoTemplate(f"the receiver of {rel.head!r} described without what is given")
        pronoun = _ru_which_rel(gender, case, kind)  # «клуб, которому проиграли «Волки»»
        verb = _ru_verb(edge, rel, head_gender)
        if case == "accs" and not rel.preposition:
            head, verb = self._roles_marked(edge, rel, pronoun, verb, head, head_gender)
        return " ".join(p for p in (_ru_prep_phrase(rel.preposition, pronoun), verb, rel.middle, head) if p)

    def _roles_marked(self, edge: Edge, rel, wh: str, verb: str, head: str, gender: str) -> tuple[str, str]:
        """(subject, verb) of a question asking ``edge``'s object with ``wh`` that a reader takes the right way
        round: «Какой завод купил «Нордфарм»?» reads as the plant buying (``ru_roles_unmarked``); the subject's class
        noun marks the roles («купит компания «Нордфарм»», «купил холдинг «Нордфарм»»); else no question."""
        if not ru_roles_unmarked(wh, verb, head, gender):
            return head, verb
        noun = self.classes.get(edge.head)
        if noun is None or noun == RU_BODY or "," in head:
            raise NoTemplate(f"«{wh} {verb} {head}» reads either way: neither the subject nor the question word "
                             "shows its case")
        return f"{noun} {head}", _ru_verb(edge, rel, _ru_class_triple(noun)[2])

    def subject_predicate(self, edge: Edge, node: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        if node != edge.head:
            raise NoTemplate(f"no template states {edge.relation!r} about its object")
        return self._predicate_from_head(edge, rel, gender)

    def conditional(self, edges: list[Edge], shared: str, kind: str) -> tuple[str, str]:
        """Both facts said of the shared node, which is asked.

        Both edges from the node: "Какая организация P1 и P2?". One from it: the other
        becomes a relative clause, "Какая организация, которую приобрела X, базируется в
        Москве?". None: the first is asked about its object, the second is a relative
        clause: "Какую организацию, в которую перешёл X, приобрела Гармония?".
        """
        if kind == "DATE":
            raise NoTemplate("a date as the subject of a conditional question")
        if len(edges) == 2:
            first, second = (ru_relation(e.relation) for e in edges)
            if (first.kind, first.head, first.middle) == (second.kind, second.head, second.middle) or (
                    first.kind == second.kind == "verb" and first.head == second.head
                    and ru_infinitive_chain(first)[0] == ru_infinitive_chain(second)[0] != ""):
                # "планирует поставлять аккумуляторы для Робопорта и планирует поставлять аккумуляторы
                # с 2027 года" (issue 10): two conditions that restate one verb ask nothing twice
                raise NoTemplate(f"both conditions use {first.head!r}: they restate one fact")
            if edges[0].head == edges[1].head == shared and edges[0].tail_label.lower() == edges[1].tail_label.lower():
                # «построит детский сад на 220 мест и передаст детский сад на 220 мест»: one object said
                # twice; a reader hears one clumsy fact, not two conditions
                raise NoTemplate(f"both conditions name {edges[0].tail_label!r}: one object said twice")
        label = next((e.head_label if e.head == shared else e.tail_label for e in edges if shared in (e.head, e.tail)), None)
        wh, gender = self._wh_subject(kind, False, node=shared, label=label)  # «Какая администрация отменила … и …?»
        from_node = [e for e in edges if e.head == shared]
        to_node = [e for e in edges if e.head != shared]
        if not to_node:
            # "Какая организация в октябре перевалила ... и приняла ...?": a time both facts
            # share is said once, not after each (issue 10)
            time = _ru_shared_time(edges)
            predicates = [self.subject_predicate(_ru_without_time(e, time), shared, gender) for e in edges]
            if time is None:
                time, predicates = _ru_shared_trailing_time(predicates)
            if wh == "что" and time and time.split()[0].lower() == "за":
                # «Что за год достигло …?» reads as the idiom «what kind of year»: the time goes after the facts
                return _q(wh, " и ".join(_ru_one_copula(predicates)), time), "conditional"
            return _q(wh, time, " и ".join(_ru_one_copula(predicates))), "conditional"
        if kind in ("MISC", "NUM") and shared not in self.classes:
            raise NoTemplate(f"«какой объект, который ...»: no class noun describes a {kind} answer")
        if kind in ("PER", "MISC", "NUM"):
            # a class noun carries the relative clause: "какой человек, который ...", «какой комплекс, который
            # строит ...», not «Что, который строит ...»
            singular, _, noun_gender = self._class(shared, kind) if kind != "PER" else _RU_CLASS[kind]
            wh, gender = f"{_RU_WHICH[noun_gender]} {singular}", noun_gender
        _singular, _, noun_gender = self._class(shared, kind) if kind != "PER" else _RU_CLASS[kind]
        if from_node:
            main, other = from_node[0], to_node[0]
            clause = self.relative_clause(other, shared, kind)
            predicate = self.subject_predicate(main, shared, gender)
            return _q(f"{wh}, {clause},", predicate), "conditional.relative"
        main, other = to_node
        clause = self.relative_clause(other, shared, kind)
        rel = ru_relation(main.relation)
        head = main.head_label
        if rel.kind == "role":
            _asserted_only(main, "a role question")
            head = self._quote(head, head, main.sentences)
            which = nlp.inflect_ru(f"{_RU_WHICH[noun_gender]} {_singular}", "gent")
            return _q(nlp.inflect_ru(rel.head, "ablt"), f"{which}, {clause},", "является", head), "conditional.object-role"
        case = _ru_object_case(rel, main)
        which = _ru_prep_phrase(rel.preposition, nlp.inflect_ru(f"{_RU_WHICH[noun_gender]} {_singular}", case))
        verb = _ru_verb(main, rel, _ru_gender(head, main))
        head = self._quote(head, head, main.sentences)
        return _q(f"{which}, {clause},", verb, rel.middle, head), "conditional.object"

    def comparison(self, edge: Edge, kind: str, first: str, second: str,
                   second_edge: Edge | None = None) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        _asserted_only(edge, "a comparison")
        unit = _ru_quantity_unit(edge.tail_label)
        if rel.kind != "verb" or rel.preposition:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        if second_edge is not None and second_edge.head_type != edge.head_type:
            # «Какая организация набрала больше очков: «Жигули» или Микко Ронкайнен?»: a team and a player
            raise NoTemplate(f"a comparison of a {edge.head_type} and a {second_edge.head_type}")
        # the class both sides share names them («Какая команда набрала больше очков»); the tagger's ORG does not
        classes = {self.classes.get(edge.head), self.classes.get((second_edge or edge).head)}
        shared = edge.head if len(classes) == 1 or classes <= _RU_ORG_NOUNS else None
        wh, gender = ("кто", "masc") if kind == "PER" else self._wh_subject(kind if kind != "MISC" else "ORG", False, shared)
        what = f"больше {unit}" if unit else "больше"
        # each name as its own sentences write it: «Автоваз» or Камаз
        first = self._quote(first, first, edge.sentences)
        second = self._quote(second, second, (second_edge or edge).sentences)
        chain, rest = ru_infinitive_chain(rel)
        return _q(wh, ru_finite(rel.head, gender), chain, what, rest)[:-1] + f": {first} или {second}?", "comparison"


def _ru_bare_object(rest: str) -> bool:
    """Does ``rest`` (a relation's words after its verb chain) open with a noun that can be the verb's direct
    object («финансирование», «субсидию»), not a prepositional phrase, an adverb or an oblique noun?"""
    words = _RU_WORD.findall(rest.lower())
    if not words:
        return False
    parses = nlp.morph_vocab().parse(words[0])
    return bool(parses) and parses[0].tag.POS == "NOUN" and any(
        p.tag.POS == "NOUN" and ("accs" in p.tag or "nomn" in p.tag) for p in parses)


def _ru_one_copula(predicates: list[str]) -> list[str]:
    """«является главным тренером «Политехника» и бывшим игроком сборной»: two roles share one «является»;
    «является X и является Y» is a template's repetition no editor lets through."""
    copula = ("является ", "являются ")
    if len(predicates) > 1 and all(p.startswith(copula) for p in predicates):
        return [predicates[0], *(p.split(" ", 1)[1] for p in predicates[1:])]
    return predicates
