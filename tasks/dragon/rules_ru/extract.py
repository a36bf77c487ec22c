"""Russian rules triplets: the extractor proper. ``_rules_ru`` parses an article (twice when
simplifying helps), mends the parse, and reads facts off each verb (``_verb_facts_ru``) and role noun
(``_noun_facts_ru``, in ``roles.py``); the tests on a verb's arguments it applies are in ``arguments.py``.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from benchmill import nlp
from schemas import IncrementDoc, Triplet

from tasks.dragon.triplets_base import TripletConfig, _Emitter, _Fact, _DocCollector, _paragraphs, _join, _fact
from tasks.dragon.rules_ru.lexicon import (
    _RU_ADMISSIONS, _RU_AGREEMENTS, _RU_APPOINT, _RU_BARE_NUMBER, _RU_COPULAS, _RU_CREATE, _RU_DATIVE_CONTROL,
    _RU_DURATIONS, _RU_INSTITUTIONS, _RU_MENTAL, _RU_NAME_ENDINGS, _RU_OBJ, _RU_OBJECT_CONTROL, _RU_PHASE_HEADS,
    _RU_PLAN_HEADS, _RU_POSSIBLE_HEADS, _RU_QUESTION_WORDS, _RU_RELATIVE, _RU_SAY, _RU_SUBJ, _RU_TIME_NOUNS,
)
from tasks.dragon.rules_ru.morph import (
    _capitalised_common, _common_noun, _dative, _lemma, _name_stems, _org_normals, _person_canonical, _person_normals,
    _place_normals, _adjective_normals, _genitive_tails, _common_genitive_tails, _capitalised_phrase,
    _RU_GENERIC_PLACES,
)
from tasks.dragon.rules_ru.class_nouns import ClassNouns
from tasks.dragon.rules_ru.written_forms import WrittenForms
from tasks.dragon.rules_ru.gapping import gapped_facts
from tasks.dragon.rules_ru.lists import classed_names, nmod_with_conjuncts
from tasks.dragon.rules_ru.quantified import people_share
from tasks.dragon.rules_ru.recipients import _RU_GIVE_VERBS, genitive_recipient, lone_recipient, recipient_words
from tasks.dragon.rules_ru.terms import lasting_until, missed_time, sentenced_name, spanned_time, term_phrase
from tasks.dragon.rules_ru.purposes import money, purpose_words, source_words
from tasks.dragon.rules_ru.appositions import dash_named
from tasks.dragon.rules_ru.indefinite import indefinite_patients, passive_participle
from tasks.dragon.rules_ru.reference import _Memory, _named_before, _remember, _speaker_org
from tasks.dragon.rules_ru.phrases import _RuSentence
from tasks.dragon.rules_ru.simplify import _simplified_lines, digit_groups
from tasks.dragon.rules_ru.repairs import _repair_parse_ru
from tasks.dragon.rules_ru.modality import _modality_ru, _predicted_by_another_ru
from tasks.dragon.rules_ru.arguments import (
    _agents_ru, _antecedent, _frame_noun_ru, _governed_infinitive, folded_object, _indefinite_personal, _listed_subject, _measured,
    _needs_complement, _nested_places_ru, _nominal_facts_ru, _numeral_only, _oblique_thing_ru, _own_only, _passive_form,
    _reflexive_agent, _share_of, _speaking_body, _time_phrase_ru,
)
from tasks.dragon.rules_ru.ranks import opponent_words, score_phrase
from tasks.dragon.rules_ru.roles import _noun_facts_ru, _role_facts_ru

def _rules_ru(doc: IncrementDoc, config: TripletConfig) -> list[Triplet]:
    collector = _DocCollector(doc, "rules", config)
    paragraphs = _paragraphs(doc)
    if not paragraphs:
        return []
    vocab = nlp.morph_vocab()
    # the whole article, not only its new paragraphs: an update names «завод» as the first version did
    classed = ClassNouns(doc.text or "\n".join(paragraphs), vocab)
    # (and the nominatives it writes: written_forms.py)
    classed = _Ends(classed, WrittenForms(doc.text or "\n".join(paragraphs)))
    for _, piece in nlp.text_chunks("\n".join(paragraphs)):  # a huge article: one natasha Doc per piece
        parsed = nlp.parse_ru(piece)
        lines, originals, anchors = _simplified_lines(parsed, vocab)
        if lines is None:
            _rules_ru_piece(parsed, vocab, collector, classed)
            continue
        # the sentences again without their parentheses and attribution clauses, one a line:
        # natasha's parse of the plain clause is far better (see _simplified_lines)
        _rules_ru_piece(nlp.parse_ru("\n".join(lines)), vocab, collector, classed, originals, anchors)
    return collector.finish()


class _Ends:
    """What a fact's ends become before they are collected: the nominative the article writes
    (``WrittenForms``), then the class noun it writes before a quoted name (``ClassNouns``)."""

    def __init__(self, classed: ClassNouns, written: WrittenForms) -> None:
        self.classed, self.written = classed, written

    def fact(self, fact: _Fact) -> _Fact:
        return self.classed.fact(self.written.fact(fact))


def _rules_ru_piece(parsed, vocab, collector: _DocCollector, classed: "_Ends", originals=None, anchors=None
                    ) -> None:
    for sent in parsed.sents:
        # mended first: natasha's normaliser reads the heads ("со «Средневолжской мостостроительной
        # компанией»" under an adjective head gave «Средневолжская мостостроительной компанией»)
        _repair_parse_ru(sent.tokens, vocab)
    common = _trim_capitalised_words(parsed, vocab)
    span_of: dict[str, object] = {}
    for span in parsed.spans:
        span.normalize(vocab)
        for token in span.tokens:
            span_of[token.id] = span
    _org_normals(parsed.spans)  # (first: the written nominative, then the declined ones mended)
    _name_stems(parsed.spans, parsed.text)
    _person_normals(parsed.spans, vocab)
    _person_canonical(parsed.spans)
    _place_normals(parsed.spans, vocab)
    _adjective_normals(parsed.spans, vocab)
    _genitive_tails(parsed.spans, parsed.text)
    _common_genitive_tails(parsed.spans, [t for sent in parsed.sents for t in sent.tokens], vocab)
    for span in common:
        span.normal = span.normal[:1].lower() + span.normal[1:]  # (no name: a common phrase, as a reader writes it)
    line_starts = [0]
    for line in parsed.text.split("\n")[:-1]:
        line_starts.append(line_starts[-1] + len(line) + 1)
    memory = _Memory()
    memory.declined = _declined_names(parsed.text)
    sents = list(parsed.sents)
    lines = [bisect.bisect_right(line_starts, sent.start) - 1 for sent in sents]
    for number, sent in enumerate(sents):
        line = lines[number]
        sentence = originals[line] if originals is not None else sent.text
        for abbreviation, offset in (anchors or {}).get(line, ()):
            name = _named_before(parsed.spans, sent, line_starts[line] + offset)
            if name is not None and _abbreviates(abbreviation, name[0]):
                # "Федеральная налоговая служба (ФНС)": one name for the full form and the abbreviation
                shown = name[0] if name[0] == abbreviation else f"{memory.expanded.get(name[0], name[0])}"
                shown = shown if shown.endswith(f"({abbreviation})") else f"{shown} ({abbreviation})"
                memory.aliases[abbreviation] = (shown, name[1])
                memory.expanded[name[0]] = shown
        helper = _RuSentence(sent.tokens, span_of, vocab, memory)
        helper.spaced = digit_groups(sentence)
        helper.max_relation_words = collector.config.max_relation_words
        if originals is not None:
            # «Мы рассчитываем ...», — отметил генеральный директор ГК «Волгастрой»: the attribution,
            # moved to a line after its quote, says whose "мы" it is
            after = [sents[k] for k in range(number + 1, len(sents)) if originals[lines[k]] == sentence]
            speakers = [_speaker_org(_RuSentence(later.tokens, span_of, vocab, memory)) for later in after]
            helper.we = next((org for org in speakers if org is not None), helper.we)
        for token in sent.tokens:
            if token.pos in ("VERB", "AUX"):
                for fact in _verb_facts_ru(token, sentence, helper):
                    collector.add(classed.fact(fact))
            elif token.pos == "NOUN":
                for fact in _noun_facts_ru(token, sentence, helper):
                    collector.add(classed.fact(fact))
        _remember(sent, parsed.spans, helper, memory)


def _trim_capitalised_words(parsed, vocab) -> list:
    """A person's name never begins with a common noun: the NER reads a sentence's capitalised first
    word into the name after it ("Дубль Лобанова принёс ..." → «Дубль Лобанов») or alone («Курьер»),
    and a fronted verb into any name after it. The word leaves the span; a span of nothing else is none.
    Nor is a common phrase that only opens a sentence a name (``_capitalised_phrase``): a kind of place
    («Курортный город») is none, a thing («Смотровую площадку») is returned, to be written lowercase."""
    kept, common = [], []
    for span in parsed.spans:
        first = span.tokens[0] if span.tokens else None
        if _capitalised_phrase(vocab, span, parsed.text):
            if _lemma(vocab, span.tokens[-1]) in _RU_GENERIC_PLACES:
                continue  # «Курортный город обогнал ...»: the article's phrase for its town, no name
            common.append(span)  # «Смотровую площадку ... откроет администрация»: a thing, a common phrase
        if first is not None and first.id.endswith("_1") and (
                span.type == "PER" and _capitalised_common(vocab, first) or first.pos in ("VERB", "AUX")):
            # (nor does any name begin with a verb: "Перекрывать проспект Мира строители не будут" read
            # «Перекрывать проспект Мира» as one organisation)
            rest = span.tokens[1:]
            if not rest:
                continue
            span.tokens, span.start = rest, rest[0].start
            span.text = parsed.text[span.start:span.stop]
        kept.append(span)
    parsed.spans[:] = kept
    return common


def _declined_names(text: str) -> dict[str, str]:
    """Names the text declines inside their quotes, with the nominative it also gives: «Фармлайна» →
    «Фармлайн» (one word, a case ending more)."""
    quoted = set(re.findall(r"«([^«»\s]{3,40})»", text))
    out = {}
    for name in quoted:
        for ending in _RU_NAME_ENDINGS:
            if name.endswith(ending) and name[: -len(ending)] in quoted:
                out[name] = name[: -len(ending)]
                break
    return out


def _abbreviates(abbreviation: str, name: str) -> bool:
    """Do the abbreviation's letters stand for the name's words ("ФНС" for "Федеральная налоговая
    служба", "АМС" for "антенно-мачтовые сооружения"), not for something else beside it ("(КНР)"
    after a Chinese firm's name)? Every letter is an initial of a word or of a hyphenated part."""
    initials = {part[0].casefold() for word in re.findall(r"[^\W\d_][\w-]*", name) for part in word.split("-") if part}
    letters = [c.casefold() for c in abbreviation if c.isalpha()]
    return bool(letters) and letters[0] in initials and all(c in initials for c in letters)


def _control_prefix_ru(verb, helper: _RuSentence) -> str:
    """ "согласилась купить" → "согласиться"; "планирует открыть", "может снизить" → "" (modality instead)."""
    if verb.rel != "xcomp":
        return ""
    head = helper.by_id.get(verb.head_id)
    if head is None or head.pos not in ("VERB",):
        return ""
    lemma = _lemma(helper.vocab, head)
    if lemma in _RU_OBJECT_CONTROL and helper.kids(head, ("obj",)):
        return _join(_control_prefix_ru(head, helper), lemma)  # "обязал Ершова возместить" → "обязать возместить"
    if (lemma in _RU_PLAN_HEADS or lemma in _RU_POSSIBLE_HEADS or lemma in _RU_COPULAS or lemma in _RU_APPOINT
            or lemma == "быть" or head.text.lower() in _RU_PLAN_HEADS):
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
        at = helper.tokens.index(verb)
        fronted = any(head is not None and helper.tokens.index(head) < helper.tokens.index(o) < at
                      for o in helper.kids(verb, ("obj",)))
        # (".., а в январе спектакль покажут на малой сцене": an object put before a subjectless verb
        # makes it indefinite-personal, no verb of the first clause's subject)
        # (a subject both verbs share agrees with both: "Часть жителей выступила против; в департаменте
        # пообещали ..." — the plural has none of its own)
        numbers = {(t.feats or {}).get("Number") for t in (verb, head) if t is not None and
                   (t.feats or {}).get("VerbForm") == "Fin"}
        if head is not None and head.pos in ("VERB", "AUX") and not fronted and len(numbers - {None}) < 2:
            subjects = helper.kids(head, _RU_SUBJ)
            if not subjects and head.rel == "xcomp" and head is not verb:
                # "планирует поставлять кабель, а также экспортировать ...": the planner does both
                return _subjects_ru(head, helper)
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
        # (only a clause after its verb: "в ней открыли отделение, и врачи говорили, что ..." parsed as the
        # complement of "говорили" is no report of the doctors')
        if (head is not None and head is not verb and head.pos == "VERB"
                and helper.tokens.index(head) < helper.tokens.index(verb)):
            matrix = [s for s in _subjects_ru(head, helper) if s.pos != "PRON" or s.text.lower() in ("он", "она", "они", "мы")]
            vf = verb.feats or {}
            agreeing = [s for s in matrix if (s.feats or {}).get("Number") in (None, vf.get("Number"))
                        and (vf.get("Tense") != "Past" or vf.get("Number") == "Plur"
                             or (s.feats or {}).get("Gender") in (None, vf.get("Gender")))
                        or (helper.kids(s, ("case",)) and _indefinite_personal(verb))]  # "... пообещали, что сделают"
            if agreeing:
                return agreeing
    if not subjects and _indefinite_personal(verb):
        # "В администрации города пообещали ...", "В клубе не исключают ...": a third-person plural with
        # no subject says what the body in its "в" phrase does
        subjects = [o for o in helper.kids(verb, ("obl",)) if _speaking_body(o, helper, _lemma(helper.vocab, verb))][:1]
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
    if lemma in _RU_SAY and not any(o.pos in ("NOUN", "PROPN", "NUM") and not _dative(o) for o in helper.kids(verb, _RU_OBJ)):
        # "сообщила в четверг пресс-служба компании в Telegram-канале": attribution, no fact
        # ("добавит ещё два рейса" has an object: adding, not saying)
        return
    if (lemma in _RU_POSSIBLE_HEADS or lemma in _RU_PLAN_HEADS or lemma in _RU_PHASE_HEADS) and any(
            (x.feats or {}).get("VerbForm") == "Inf" for x in helper.kids(verb, ("xcomp",))):
        return  # "может вырасти в 2027 году": the infinitive's facts carry it; «мочь в 2027 год» is none
    if (verb.feats or {}).get("VerbForm") == "Inf" and not _governed_infinitive(verb, helper):
        return  # an infinitive asserts nothing by itself: "Штрафовать ... не будет" needs its "будет"
    if lemma in _RU_MENTAL or any(k.text.lower() == "ли" for k in helper.kids(verb)):
        return  # "мы видим спрос", "зависит от того, найдем ли мы помещение": an attitude or a question, no fact
    head = helper.by_id.get(verb.head_id)
    if verb.rel == "xcomp" and head is not None and _lemma(helper.vocab, head) in _RU_MENTAL:
        return  # "стараемся не доводить дело до суда"
    for fact in _verb_facts_ru_all(verb, sentence, helper):
        if (_RU_BARE_NUMBER.match(fact.subject) or _RU_BARE_NUMBER.match(fact.object) or _numeral_only(fact.subject, helper)
                or _numeral_only(fact.object, helper)):
            continue  # "2 | оцениваться | 1", "два | нуждаться в", "сменил девять": pieces of a count, not things
        if {fact.subject.split()[0].casefold(), fact.object.split()[0].casefold()} & _RU_QUESTION_WORDS:
            continue  # "о том, сколько денег получили компании": a question, not its answer
        yield fact


def _verb_facts_ru_all(verb, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    subjects = _subjects_ru(verb, helper)
    # "подрядчиков выберут до 1 марта": no one named acts, the object is what the fact is about
    indefinite = not subjects and bool(subjects := indefinite_patients(verb, helper))
    if not subjects:
        return
    # "не одобрила", "будет построен", "может снизить", "если ..., выпустит": on the fact (issue 10)
    modality = _modality_ru(verb, helper)
    if modality == "planned" and _predicted_by_another_ru(verb, subjects, helper):
        modality = "possible"  # issue 10: «Что планирует усилить Доронин?» for the coach's forecast
    emit = _Emitter(sentence, modality, _control_prefix_ru(verb, helper))
    feats = verb.feats or {}
    passive = indefinite or feats.get("Voice") == "Pass" or any(c.rel == "nsubj:pass" for c in helper.kids(verb))
    lemma = _lemma(helper.vocab, verb)
    if lemma.endswith(("ся", "сь")) and _reflexive_agent(verb, helper):
        # "работы выполняются подрядной организацией «X»", "поставка осуществляется производителем
        # «Y»": a reflexive passive with its agent is the active verb ("выполнять", "осуществлять")
        parses = helper.vocab.parse(lemma[:-2])
        if parses and parses[0].tag.POS == "INFN" and parses[0].is_known:
            passive, lemma = True, lemma[:-2]
    agents = [] if indefinite else _agents_ru(verb, passive, helper)
    if lemma in _RU_APPOINT:
        # "Новым главой района назначен Сергей Иванов": the bare instrumental is the role, not who appointed
        agents = [a for a in agents if helper.phrase(a) is not None or helper.doer_name(a) is not None
                  or _lemma(helper.vocab, a) in _RU_INSTITUTIONS]

    common_subject = patients = False
    if passive and agents:
        # a passive is read as its active: the agent does it, the passive's subject is what it
        # is done to, and the verb's other complements keep their places ("будет введена
        # застройщиком в эксплуатацию в IV квартале" → (застройщик, ввести в эксплуатацию, ...))
        subject_phrases = [p for p in (helper.phrase(a) or helper.doer_name(a) or helper.agent_phrase(a)
                                       for a in agents) if p is not None]
        if not subject_phrases:
            return
        objects = subjects
        passive, patients = False, True
    else:
        objects = helper.kids(verb, _RU_OBJ)
        if any((x.feats or {}).get("VerbForm") == "Inf" for x in helper.kids(verb, ("xcomp",))):
            # "запретил ему занимать должности", "поручил управлению подготовить": the dative is who
            # is to do the infinitive, never what the verb acts on
            objects = [o for o in objects if not _dative(o)]
        # ("деньги выделил генеральный спонсор команды — компания «Гранит»": the name after the dash acts
        # and holds the role)
        subject_phrases = [p for p in (helper.phrase(s) or helper.doer_name(s) or dash_named(s, helper) for s in subjects)
                           if p is not None]
        for s in subjects:
            if helper.phrase(s) is None and helper.doer_name(s) is None and (named := dash_named(s, helper)):
                yield from _role_facts_ru(s, [named], sentence, helper)
        if subject_phrases and not passive:
            # "предоставили Курский музей, Орловский музей и семья художника": a listed subject beside
            # named ones acts too when it says whose it is (a genitive) or is people by trade
            subject_phrases += [p for p in (_listed_subject(s, helper) for s in subjects
                                            if (helper.phrase(s) or helper.doer_name(s)) is None) if p is not None]
        if not subject_phrases and (not passive or indefinite):
            # "пожарные не смогли его локализовать", "власти района ввели режим ЧС": people by their
            # trade or an institution act as a named subject does (issue 10)
            subject_phrases = [p for p in (helper.agent_phrase(s) or people_share(s, helper) for s in subjects)
                               if p is not None]
        if not subject_phrases:
            # "Ремонт моста стоил 3 миллиарда рублей": a thing as subject, only with a named or counted object
            # (not a kind of place an adjective describes, «курортный город», «соседний регион»: the town meant
            # is named elsewhere)
            subject_phrases = [p for p in (helper.phrase(s, common=True) for s in subjects
                                           if _lemma(helper.vocab, s) not in _RU_GENERIC_PLACES
                                           or not helper.kids(s, ("amod",))) if p is not None]
            common_subject = bool(subject_phrases)
    if not subject_phrases:
        return
    # "Без света остались 14 домов и две школы": counted things are as definite as a name
    counted_subject = common_subject and all(helper.number_phrase(s) is not None for s in subjects)
    base = _passive_form(helper.vocab, verb) if passive and feats.get("VerbForm") == "Part" else lemma
    if indefinite:
        base, objects = passive_participle(helper.vocab, lemma), []  # (the one object is the subject now)
    # an object of the verb's own, whoever the parser made it: the passive's patient is one; a
    # relative "который" is the noun its clause is about ("георадар, который институт получил в 2025 году")
    # (a noun with an ``orphan`` under it is the subject of a gapped clause, "«Арго» купила 20 автобусов,
    # «Вектор» — 12": none of this verb's objects, whatever relation the repairs gave it)
    objects = [c for o in objects for c in helper.with_conjuncts(o) if not helper.kids(c, ("orphan",))]
    antecedents = [_antecedent(o, verb, helper) for o in objects if _lemma(helper.vocab, o) == "который"]
    objects = [o for o in objects if _lemma(helper.vocab, o) != "который"] + [a for a in antecedents if a is not None]

    # "Доходы составят 18 млрд рублей, расходы — 19 млрд рублей": the dash's clause has this verb
    yield from gapped_facts(verb, emit, helper)
    if lemma in _RU_APPOINT and not passive:
        # "назначило главным режиссёром театра «Волжская сцена» Кирилла Абрамцева": the one
        # appointed takes the role, the subject did the appointing
        # (never a dative: "суд назначил Сафиуллину штраф" appoints no one, the fine is given to him)
        people = [p for p in (helper.phrase(o) for o in objects if not _dative(o)) if p is not None and p[1] == "PER"]
        for person in people:
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, lemma, person)
            for predicate in helper.kids(verb, ("xcomp", "obl")):
                if not helper.kids(predicate, ("case",)) and (predicate.feats or {}).get("Case") == "Ins":
                    yield from _role_facts_ru(predicate, [person], sentence, helper, emit.modality)
        if people:
            return  # "утвердил программу": no one appointed, an ordinary verb
    if lemma in _RU_COPULAS or (lemma in _RU_APPOINT and passive):
        # "Москва является столицей России" → (Москва, столица, Россия); "«Здравица» станет
        # крупнейшей аптечной сетью Поволжья" keeps its plan
        for predicate in helper.kids(verb, ("xcomp", "obl", "obj")):
            if helper.preposition(predicate) == "без" and (not common_subject or counted_subject):
                # "без света остались 14 домов": what they were left without is the fact
                thing = _oblique_thing_ru(predicate, helper)
                for subject_phrase in subject_phrases if thing is not None else ():
                    yield emit(subject_phrase, _join(lemma, "без"), thing)
                continue
            if helper.kids(predicate, ("case",)):
                continue
            for fact in _role_facts_ru(predicate, subject_phrases, sentence, helper, emit.modality):
                yield fact
            named = helper.phrase(predicate)
            if named is not None and named[1] is not None:
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, lemma, named)
        return

    for fact in _nominal_facts_ru(verb, lemma, objects, subject_phrases, emit, helper):
        yield fact
        return  # "осуществит поставку оборудования" is the delivery of the equipment, said once

    time_suffix = _time_phrase_ru(verb, helper)
    # (the "в" body an indefinite-personal verb's subject is read from is no place of its act:
    # "Бюджет подготовили в министерстве финансов" → (министерство финансов, подготовить, бюджет))
    obliques = [c for c in helper.kids(verb, ("obl",)) if c not in agents and c not in subjects]
    if indefinite:
        # ("мост открыли 1 сентября": a bare time under a passive reading says when, a relation «открыт» with
        # no preposition that no question can ask by)
        obliques = [c for c in obliques if helper.preposition(c)]
    # "ввело в эксплуатацию линию", "выставить на торги комплекс", "взять в аренду судно": a bare
    # abstract noun after a preposition completes the verb; it goes into the relation, and the
    # direct object is the fact's object
    # (so it does for a passive's subject or an indefinite verb's patient, when another oblique is left to be
    # the fact's object: "переход закроют на ремонт с 5 марта" → (переход, закрыт на ремонт с, 5 марта))
    frame = next((c for c in obliques if (objects or passive and len(obliques) > 1) and _frame_noun_ru(c, helper)), None)
    if frame is not None:
        base = _join(base, helper.preposition(frame), frame.text.lower())
        obliques = [c for c in obliques if c is not frame]
    # an object that only points back ("руководит компанией") names its thing in the relation
    # below, so the verb's other complements still give facts ("руководить компанией «X» с | 2017 год")
    named_object = any(helper.phrase(o) is not None and helper.refers_back(o) is None for o in objects)
    # an unnamed direct object belongs in the relation of the verb's other facts:
    # "испытал роботов в Северном порту" → (Робопорт, испытать роботов в, Северный порт)
    # (the direct object before a dative: "передало больнице томограф" is about the томограф)
    plain_object = next((o for o in sorted(objects, key=_dative)
                         if (o.pos == "NOUN" or o.pos == "PROPN" and _common_noun(helper.vocab, o))  # "Сеть, ..." first
                         and (helper.phrase(o) is None or helper.refers_back(o) is not None)
                         and not (_dative(o) and not all(_dative(x) for x in objects))
                         and not lone_recipient(lemma, o, objects, passive)), None)
    # "Он руководит компанией с 2017 года": «компанией» alone says not which company; the one
    # named before it goes into the relation ("руководить компанией «Балтийские верфи» с") and
    # is the verb's own object (issue 10: «С какого года руководит компанией Андрей Соколов?»)
    # (a thing created is a new one — "открыла компанию в Казани" — unless it is what a passive is
    # about: "Сеть, основанная в 2011 году Шевелевым" is the chain named before)
    back = (helper.back_reference(plain_object) if plain_object is not None and (lemma not in _RU_CREATE or patients)
            else None)
    # "назвал Тарасова лучшим нападающим": the complement belongs to the object's relation
    complement = helper.secondary_predicate(verb)
    located = _nested_places_ru(verb, helper)
    for inner, outer in located:
        # "испытал краны в «Северном порту» в Санкт-Петербурге": the city says where the port is,
        # not a second place of the test (issue 10: the set «Санкт-Петербург | Северный порт»)
        yield _fact(sentence, inner[1], _join("находиться", helper.preposition(outer[0])), outer[1])
    produced = False
    carried = ""  # the object's words another complement's relation carries ("переселить жителей в")
    if len(subject_phrases) >= 2 and plain_object is not None and _lemma(helper.vocab, plain_object) in _RU_AGREEMENTS:
        # "ГК «Волгастрой» и банк «Тверь-Кредит» подписали соглашение": each signed it with the other
        named = [p for p in subject_phrases if p[1] is not None]
        for partner in named[1:]:
            yield emit(named[0], _join(base, helper.as_written(plain_object), "с"), partner)
    arguments = [(o, "obj") for o in objects] + [(c, "obl") for c in obliques]
    for child, kind in sorted(arguments, key=lambda a: helper.tokens.index(a[0])):
        if any(child is outer[0] for _, outer in located):
            continue
        if kind == "obj":
            if complement == "" or (complement is None and _needs_complement(lemma, child, helper)):
                continue
            if _dative(child) and not all(_dative(o) for o in objects) or lone_recipient(lemma, child, objects, passive):
                continue  # "продал Савельева «Ротору»", "компании выделит Фонд": the recipient is not what was given
            # a quantity is true of a period: "продала 2139 автомобилей в октябре" → "продать в октябре"
            is_quantity = helper.number_phrase(child) is not None
            if is_quantity and _measured(child, helper):
                continue  # "построит цех ... стоимостью около 180 млн рублей": the cost is the цех's
            # ("передала театру 2 млн рублей": whom it went to is in the relation, as a reader says it)
            given = _join(base, recipient_words(objects, helper) if lemma in _RU_GIVE_VERBS else "")
            if is_quantity and frame is None:
                # "выделить на покупку котла | 14 млн рублей", "взыскать с Лукина | 86 млн рублей"; with the time
                # too the relation may grow past what a fact may hold and the fact be dropped whole: then the
                # time stays, the purpose or the source goes
                paid = money(helper.number_phrase(child))
                room = helper.max_relation_words - len(_join(given, time_suffix).split())
                # ("5 млрд рублей на строительство ветки выделит Фонд": the purpose put first hangs on the sum)
                purpose = purpose_words(verb, obliques + helper.kids(child, ("nmod",)), helper, room) if paid else ""
                for words in (source_words(verb, obliques, helper, paid), purpose):
                    if len(_join(given, words, time_suffix).split()) <= helper.max_relation_words:
                        given = _join(given, words)
            relation = _join(given, time_suffix) if is_quantity else _join(given, complement or "")
        elif helper.range_phrase(child) is not None:
            # "составить от 1,1 до 1,3 млрд рублей": one amount, a range
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, (helper.range_phrase(child), None))
            produced = True
            continue
        elif not common_subject and (score := score_phrase(child, helper)) is not None:
            # "обыграл «Зенит» со счётом 3:1": the result, with whom it was against in the relation
            produced = True
            # ("сыграл вничью со «Спартаком»": a side with its preposition is one too)
            against = opponent_words(objects, helper, [o for o in obliques if o is not child])
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, _join(base, against, "со счётом"), (score, None))
            continue
        else:
            amount = helper.amount_frame(child)
            if named_object and amount is None and (helper.number_phrase(child) is None or helper.date_phrase(child)
                                                     or any(helper.number_phrase(o) is not None for o in objects)):
                # as in English: the fact about the named object stands on its own; an amount
                # is one more ("оштрафовало «Ишимскую птицефабрику» на 600 тыс. рублей")
                continue
            middle = (helper.object_words(plain_object, accusative=patients or plain_object in antecedents)
                      if plain_object is not None else "")
            if back is not None:
                middle = f"{middle} «{back[0]}»"
            if amount is not None and plain_object is not None:
                middle = helper.accusative_words(plain_object) if patients else helper.as_written(plain_object)
            if amount is not None:
                # "выплатит субсидию в размере 9 млн рублей", "на общую сумму 2,1 млрд рублей": the amount
                words, phrase = amount
                produced = True
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, _join(base, middle, words), (phrase, None))
                continue
            relation = _join(base, middle, helper.preposition(child))
            carried = carried or middle
        for obj in ([child] if kind == "obj" else helper.with_conjuncts(child)):
            # "может пропустить ещё две недели": the span missed is the object, not a duration of the act;
            # "интервал сократится до 24 часов", "проект окупится за девять лет": the span is the value stated
            missed = missed_time(lemma, obj, helper)
            span, span_relation = (missed, base) if missed is not None else (spanned_time(lemma, obj, helper), relation)
            if span is not None:
                produced = True
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, span_relation, (span, None))
                continue
            if not helper.kids(obj, ("case",)) and _lemma(helper.vocab, obj) in _RU_DURATIONS:
                continue  # "тренировался две недели": a duration, not an object
            if (kind == "obl" and (obj.feats or {}).get("Case") == "Loc" and helper.date_phrase(obj) is None
                    and helper.number_phrase(obj) is not None):
                continue  # "вырос в двух кварталах от стадиона": a distance, not a place one can name
            until = lasting_until(lemma, obj, helper) if kind == "obl" else None
            if until is not None:
                # "снегопад продлится до четверга": until when, whatever the subject (a thing lasts)
                produced = True
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, relation, (until, None))
                continue
            term = term_phrase(obj, helper) if kind == "obl" else None
            if term is not None:
                # "приговорил Смирнова к четырём годам колонии": the term is what the verb gives, a fact
                # of its own beside the named person
                produced = True
                # ("приговорил бывшего заместителя мэра Олега Пестова к ...": whom, by name as written)
                sentenced = sentenced_name(objects, helper)
                if sentenced and not term[1]:
                    relation = _join(base, sentenced, helper.preposition(obj))
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, _join(base, middle) if term[1] else relation, (term[0], None))
                continue
            if kind == "obl" and _lemma(helper.vocab, obj) in _RU_DURATIONS and helper.date_phrase(obj) is None \
                    and helper.preposition(obj) in ("около", "к", "до", "после", "через", "в", "во", "за", "в течение"):
                continue  # "около трех часов ночи", "через два часа": a time, not a thing
            if kind == "obl" and _measured(obj, helper):
                continue
            # "в сёлах Ивановка, Петровка и Сидоровка": one place per name, as for "в Ивановке и Петровке"
            shared = helper.distributed(obj) or (classed_names(obj, helper) if kind == "obl" else [])
            if shared:
                # "начнет работать в Автозаводском и Сормовском районах": one place per adjective
                produced = True
                for subject_phrase in subject_phrases:
                    for place in shared:
                        yield emit(subject_phrase, relation, place)
                continue
            object_phrase = helper.phrase(obj)
            owned = helper.owner_of(obj) if kind == "obj" and object_phrase is None or (
                object_phrase is not None and helper.number_phrase(obj) is not None and kind == "obj") else None
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
                for nmod in helper.kids(obj, ("nmod",)) if kind == "obj" else ():
                    amount = helper.amount_frame(nmod)
                    if amount is not None:
                        # "выдали 1 340 микрозаймов на общую сумму 2,1 млрд рублей": the sum is a fact too
                        words = helper.number_phrase(obj) or helper.as_written(obj)
                        for subject_phrase in subject_phrases:
                            yield emit(subject_phrase, _join(base, words, amount[0]), (amount[1], None))
            elif kind == "obl":
                # "может перейти в аппарат полпреда", "не попали в плей-офф": a thing named by its
                # common noun is where or what the verb goes to (not a circumstance: "в рамках
                # программы", "в течение года", "с помощью георадара")
                thing = _oblique_thing_ru(obj, helper)
                # (an indefinite verb's patient is what is acted on, however common its noun: "старый катер
                # переведут в резерв" says where the катер goes, as "катер переведён в резерв" would)
                if thing is not None and (not common_subject or counted_subject or indefinite):
                    produced = True
                    for subject_phrase in subject_phrases:
                        yield emit(subject_phrase, relation, thing)
            elif obj.pos == "NOUN":
                # "открыл офис в Казани" → (Сбербанк, открыть офис в, Казань)
                # ("открыл рейсы в Казань и Пермь": one fact per city, each under the first one's "в")
                for nmod, preposition in nmod_with_conjuncts(obj, helper):
                    amount = helper.amount_frame(nmod)
                    # (a thing named in «» after its noun stays in the object: "песни из нового альбома
                    # «Солёный ветер»" is what was sung)
                    if (_lemma(helper.vocab, nmod) in _RU_DURATIONS | _RU_TIME_NOUNS and helper.date_phrase(nmod) is None
                            and helper.amount_frame(nmod) is None):
                        continue  # "перекрыли участок около трех часов ночи": a time of the act
                    thing_name = helper.quoted_appositive(nmod) is not None and helper.quoted_label(nmod) is None
                    nmod_phrase = helper.phrase(nmod) if preposition and not thing_name else None
                    if nmod_phrase is None and preposition and _lemma(helper.vocab, nmod) in _RU_INSTITUTIONS:
                        nmod_phrase = helper.agent_phrase(nmod)  # "договор с администрацией города Твери"
                    if amount is not None:
                        # "выдали 1340 микрозаймов на общую сумму 2,1 млрд рублей"
                        relation_with_object = _join(base, helper.object_words(obj), amount[0])
                        nmod_phrase = (amount[1], None)
                    elif nmod_phrase is None:
                        continue
                    else:
                        # the object as written ("управляет активами на"): a lemma here would read
                        # «управляет активы на» in a question
                        written = helper.accusative_words(obj) if patients else helper.as_written(obj)
                        relation_with_object = _join(base, written, preposition)
                    produced = True
                    for subject_phrase in subject_phrases:
                        yield emit(subject_phrase, relation_with_object, nmod_phrase)
    # (a fold is there only for the whole object: cut down to its bare noun it says nothing more)
    only_folded = produced and back is None and frame is None and not patients
    # ("половину стоимости компенсирует областной бюджет": a share of something counts as an amount does,
    # so a thing may be its subject)
    if ((not produced or back is not None or frame is not None or patients
         or produced and folded_object(carried, plain_object, helper)) and plain_object is not None
            and (not common_subject or _share_of(plain_object, helper))
            and complement is None and not _needs_complement(lemma, plain_object, helper)):
        # "Дума не одобрила проект" → (Дума, одобрить, проект) negated: a named subject doing
        # something to a thing (thing–verb–thing is never kept); "ввело в эксплуатацию линию"
        thing = back or helper.phrase(plain_object, common=True) or helper.people_phrase(plain_object)
        if thing is not None and thing is not back and genitive_recipient(lemma, plain_object, objects, helper):
            # "передаст танкеры «Каспийской линии»": the line may be whom they go to; the thing alone
            thing = None if only_folded else (helper.role(plain_object), None)
        if (thing is not None and thing is not back and _own_only(plain_object, helper)
                and _lemma(helper.vocab, plain_object) not in _RU_ADMISSIONS):  # ("свою вину не признал": an admission)
            thing = None  # "сохранит свой пост": «пост» is no answer a reader can check (issue 10)
        if thing is not None and (thing[1] is None or thing is back):
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, thing)
    if (plain_object is not None and helper.kids(plain_object, ("conj",)) and not common_subject and complement is None
            and not _needs_complement(lemma, plain_object, helper)):
        # "оборудует в школе бассейн, спортивный зал и планетарий": one fact per thing listed, whatever
        # else the verb says (a list of things under one verb is a list of facts)
        for item in helper.with_conjuncts(plain_object):
            thing = helper.phrase(item, common=True) if item.pos == "NOUN" else None
            if thing is None or thing[1] is not None or _own_only(item, helper) or helper.refers_back(item) is not None:
                continue
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, thing)
