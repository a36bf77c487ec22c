"""DRAGON questions, rules engine: one templated question per subgraph."""
from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass

from schemas import Edge, Failure, Item, Lineage, LLMUsage, Subgraph
from tasks.dragon.graph import canonical_relation
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_base import (
    STAGE, TEMPLATES_VERSION, NoTemplate, QuestionBatch, QuestionConfig, _check_shape, _kind, _labels, _mentions, skip_reason,
    _node_kinds, _other, _shared_node, item_id, log,
)
from tasks.dragon.questions_en import (
    EnglishTemplates, doc_sentences, en_amount, en_former_once, en_incomplete, en_name_article, en_skip_reason, en_time_once, pooled,
    refine_kinds_en,
)
from tasks.dragon.questions_en_checks import en_carried
from tasks.dragon.questions_en_kinds import team_nodes
from tasks.dragon.questions_en_animals import animal_nodes, field_result
from tasks.dragon.questions_en_amounts import dropped_scope
from tasks.dragon.questions_en_answers import answer_not_a_thing, en_truncated_names, sentence_case
from tasks.dragon.questions_en_bodies import unevidenced_organization
from tasks.dragon import questions_en_names as en_names
from tasks.dragon import questions_en_whole_names as whole_names
from tasks.dragon.questions_en import _en_lexicon
from tasks.dragon.questions_en_verbs import _en_adjectives
from tasks.dragon import questions_two_fact as two_fact
from tasks.dragon.questions_two_fact import amount_asked, one_predicate, ru_post_of_a_body
from tasks.dragon.questions_ru import RussianTemplates
from tasks.dragon.questions_ru_scope import ru_hanging_preposition
from tasks.dragon.questions_ru_government import ru_deictic
from tasks.dragon.questions_ru_as_said import ru_measure_without_number
from tasks.dragon.questions_ru_checks import ru_skip_reason
from tasks.dragon.questions_ru_agents import ru_class_once, ru_nominative_agents
from tasks.dragon.questions_ru_surface import ru_idiom_opening, ru_written
from tasks.dragon.questions_ru_classes import refine_dates_ru, refine_products_ru, ru_class_nouns, ru_label_sentences
from tasks.dragon.questions_keypoints import _item
from tasks.dragon.questions_stats import stat_without_occasion


def _templates(lang: str, classes: dict | None = None, said: dict | None = None, teams: frozenset[str] = frozenset(),
               animals: dict | None = None):
    if lang == "en":
        return EnglishTemplates(teams, animals)
    if lang == "ru":
        return RussianTemplates(classes, said)
    raise NoTemplate(f"no templates for language {lang!r}")


# =========================================================================== rules engine

#: words that open an en phrase which takes no definite article ("more than half", "its rival")
_NO_ARTICLE = frozenset(
    "the a an this that these those its their his her our my your some any each every all both no one two three "
    "more less most least about over under nearly almost around half several many few much".split())


#: a measure written as one hyphenated modifier: "200-metre", "$9-million", "£4.5m-a-year", "19-year-old"
_MEASURE_MODIFIER = re.compile(r"[£$€]?\d[\d.,]*-[a-z][a-z-]*")


def _en_definite(label: str, entity_type: str | None, said: list[str] = ()) -> str:
    """A bare English common-noun label gets "the": "plant" -> "the plant", "city of Hamburg" ->
    "the city of Hamburg". Names (capitalised), numbers, dates, amounts and phrases that already
    open with a determiner or a quantifier stay as they are."""
    words = label.split()
    lead = 0  # plain adjectives before the measure: "new $22-million plant"
    while lead + 1 < len(words) and words[lead].isalpha() and words[lead].islower() and words[lead] in _en_adjectives():
        lead += 1
    if words and _MEASURE_MODIFIER.fullmatch(words[lead]) and len(words) > lead + 1 and not words[lead].endswith("-old"):
        # "200-metre banked track", "$9-million production hall": a thing described by a measure, no amount; it
        # takes the article its sentence gives it ("has a 200-metre banked track"); a person described by age
        # ("the 19-year-old") is no name and is refused (questions_en_names.odd_label)
        for sentence in said:
            found = re.search(rf"\b(a|an|the)\s+{re.escape(label)}(?![\w-])", sentence, re.IGNORECASE)
            if found:
                return f"{found.group(1).lower()} {label}"
        return label
    if not words or not words[0][:1].islower() or words[0].lower() in _NO_ARTICLE:
        return label
    if entity_type in ("date", "money") or any(ch.isdigit() for ch in words[0]):
        return label
    # a number inside is no amount: "the number 11 shirt" (typed a quantity for its digits); "at least 10%",
    # "roughly 210" are amounts behind an approximator, which takes no article either
    if parse_quantity(label, "en") is not None or en_amount(label) is not None:
        return label
    last = words[-1].lower()
    if last.endswith("s") and not last.endswith(("ss", "us", "is")) and said:
        # a plural written bare is a kind, not a known set: "builds automated straddle carriers"
        # -> "What does Tidewave Robotics build?" -> "automated straddle carriers", not "the ..."
        with_the = re.compile(rf"\bthe\s+{re.escape(label)}\b", re.IGNORECASE)
        bare = re.compile(rf"\b{re.escape(label)}\b", re.IGNORECASE)
        if any(bare.search(s) for s in said) and not any(with_the.search(s) for s in said):
            return label
    return f"the {label}"


def _with_articles(subgraph: Subgraph, pool: dict[str, list[str]] | None = None) -> Subgraph:
    """The subgraph as English questions name it: a common-noun entity ("plant", "main stand",
    "folk band") read out of its sentence needs an article to be grammatical and to refer.
    ``pool``: the batch's sentences by document (``doc_sentences``): how the rest of the article
    writes a name ("the Lanterns" where this sentence says "the band", "Calder Town" for "Calder")."""
    if subgraph.lang != "en":
        return subgraph
    said = [s for e in subgraph.edges for s in e.sentences]  # "the European Research Council" as written
    article = said + [s for e in subgraph.edges for s in pooled(e, pool or {}) if s not in said]
    # the batch's sentences of these documents in the order its facts were read (near document order)
    ordered = [s for d in dict.fromkeys(d for e in subgraph.edges for d in e.doc_ids) for s in (pool or {}).get(d, ())]
    def named(label: str, entity_type: str | None, own: list[str]) -> str:
        if entity_type == "person" and en_names.written_with_the(label, said):
            entity_type = "org"  # "from the Alfred": the tagger's person keeps the article the text gives it
        # the name as the text writes it in full: "Carys Bevan" for "Bevan", "the Heart of Wales line" for
        # "Heart of Wales", "Iestyn Carew" for "Scrum-half Iestyn Carew" (questions_en_names)
        # "the Darwin logistics company Arnhem Freight Group": the description before the name is no part of it
        label = whole_names.without_descriptor(label, _en_lexicon()[1])
        label = en_names.full_name(en_names.with_class_noun(label, said), said)
        # a surname is shared by people ("the carriers Bev and Noel Fennimore"), never places ("the rivers Tamar
        # and North Esk": "rivers" reads as a noun of agents)
        pair = whole_names.coordinated_first_name(label, said, article) if entity_type != "place" else None
        if pair and pair[1]:
            label = pair[0]  # "the brothers Callum and Ewan Fairlie", "the Fennimores": "Callum" is Callum Fairlie
        if entity_type != "place":
            # "Allender" -> "Kevin Allender", "the Warriors" -> "Tawe Warriors" from the article's other sentences
            label = en_names.full_name(label, article)
        if entity_type in ("org", "other") or entity_type == "person" and len(label.split()) == 1:
            # "Calder's captain": the club is Calder Town; "her husband, Pieter," whom the article names Pieter Vos
            label = en_names.longer_form(label, article, own, ordered)
        if entity_type != "person":
            label = whole_names.possessive_name(label, article)  # "St Mary" of "St Mary’s coach Lisa Harrow"
        if entity_type != "person" and label.split()[:1] and label.split()[0].lower() in en_names.PERSON_NOUNS:
            dropped = en_names.drop_opening_noun(label, said, _en_lexicon()[1])
            entity_type = "person" if dropped != label else entity_type  # "Scrum-half Iestyn Carew" typed other
            label = dropped
        if entity_type == "person":
            label = en_names.drop_opening_noun(label, said, _en_lexicon()[1])
            if label[:1].isupper():
                return label  # a person's name takes no article: "the veteran Gareth Lumb" is "Gareth Lumb"
        # "The Salt Road" as the text writes the title inside a sentence, not "the Salt Road" (a road)
        return en_names.title_article(en_name_article(_en_definite(sentence_case(label, said, article), entity_type, said),
                                                      article), article)

    # "beat the Alaska Anchorage at" where the sentence writes "the Alaska Anchorage Seawolves": a name the relation
    # holds is said whole too
    edges = [e.model_copy(update={"head_label": named(e.head_label, e.head_type, e.sentences),
                                  "tail_label": named(e.tail_label, e.tail_type, e.sentences),
                                  "relation": whole_names.relation_names_whole(e.relation, e.sentences)})
             for e in subgraph.edges]
    if all(a == b for a, b in zip(edges, subgraph.edges)):
        return subgraph
    return subgraph.model_copy(update={"edges": edges})


#: a noun that makes the quoted name after it a venue: «стадион «Прибрежный»», «в зале «Прибой»»
_RU_VENUE_NOUN = r"(?:стадион|зал|арен|театр|парк|площадк|дворц|дворец)[а-яё]*"


def _refine_venues_ru(kinds: dict, subgraphs: list[Subgraph]) -> dict:
    """A name its sentences introduce as a stadium or a hall is a place, whatever the tagger
    said: «Какая организация вмещает больше зрителей: Прибрежный или Прибой?» asked about two
    venues. (The en twin is the name-head lexicon of refine_kinds_en.)"""
    kinds = dict(kinds)
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("ru", node)) not in ("ORG", "MISC", "PER", None):
                    continue
                venue = re.compile(rf"\b{_RU_VENUE_NOUN}\s+«{re.escape(label)}»", re.IGNORECASE)
                if any(venue.search(s) for s in edge.sentences):
                    kinds[("ru", node)] = "LOC"
    return kinds


def _with_place_types(subgraph: Subgraph, kinds: dict) -> Subgraph:
    """ru: a venue's edges typed as a place (``_refine_venues_ru``), so its future is said as
    what will happen («Какое место закроет южную трибуну?»), not as a plan it made."""
    if subgraph.lang != "ru":
        return subgraph
    edges = [e.model_copy(update={
        "head_type": "place" if kinds.get(("ru", e.head)) == "LOC" and e.head_type == "org" else e.head_type,
        "tail_type": "place" if kinds.get(("ru", e.tail)) == "LOC" and e.tail_type == "org" else e.tail_type})
        for e in subgraph.edges]
    if all(a == b for a, b in zip(edges, subgraph.edges)):
        return subgraph
    return subgraph.model_copy(update={"edges": edges})


def _one_kind_of_answer(subgraph: Subgraph, kinds: dict) -> None:
    """A set answer lists things of one kind: "What does Harbour Logistics plan to pay?" ->
    "1.2 million euros, Elbe Rovers" mixes an amount with the club it is paid to, two facts
    that only share a relation word."""
    if subgraph.type != "set":
        return
    found = {_kind(kinds, subgraph.lang, node) for node in subgraph.answer_nodes}
    values = found & {"NUM", "DATE"}
    # entity kinds among themselves are too noisy to split on (the small NER models call one
    # company ORG and the next MISC); a value beside an entity, or an amount beside a date, is not
    if values and (len(values) > 1 or found - values):
        raise NoTemplate(f"set members of different kinds ({', '.join(sorted(found))})")


@dataclass
class _Draft:
    question: str
    answers: list[str]
    template: str


def _read(subgraphs: list[Subgraph], context: list[Edge]) -> list[Subgraph]:
    """What the batch-wide tables (kinds, class nouns, sentences per label and per article) are read
    from: the context's edges first, one pseudo-subgraph per language, then the batch's own."""
    langs = sorted({e.lang for e in context})
    return [Subgraph(subgraph_id=f"context:{lang}", type="simple", lang=lang, answer_nodes=[], question_nodes=[],
                     edges=[e for e in context if e.lang == lang]) for lang in langs] + list(subgraphs)


def _build_tables(read: list[Subgraph]) -> tuple[dict, dict, dict, dict, frozenset[str], dict]:
    """Entity kinds, Russian class nouns, Russian sentences per label, English sentences per article, English
    sides that won or lost a game ("Which team ...?"), English names the articles write as animals ("Which horse
    ...?", ``questions_en_animals``)."""
    try:
        kinds = _node_kinds([s for s in read if s.edges])
        kinds = refine_kinds_en(kinds, [s for s in read if s.lang == "en"])
        kinds = _refine_venues_ru(kinds, [s for s in read if s.lang == "ru"])
        kinds = refine_products_ru(kinds, [s for s in read if s.lang == "ru"])
        kinds = refine_dates_ru(kinds, [s for s in read if s.lang == "ru"])
    except Exception:  # NER trouble must not stop generation: types fall back to MISC
        log.exception("questions: entity typing failed; every node is typed MISC")
        kinds = {}
    classes = ru_class_nouns([s for s in read if s.lang == "ru"])
    said = ru_label_sentences([s for s in read if s.lang == "ru"])
    pool = doc_sentences([s for s in read if s.lang == "en"])
    return kinds, classes, said, pool, team_nodes(read), animal_nodes([s for s in read if s.lang == "en"])


#: the tables of the last few contexts: a run's chunks share one context, so NER reads its articles once
_CONTEXT_TABLES: OrderedDict[str, tuple] = OrderedDict()


def _tables(subgraphs: list[Subgraph], context: list[Edge]) -> tuple[dict, dict, dict, dict, frozenset[str], dict]:
    """The batch-wide tables, as fresh dicts (the templates may add to them). Read from the context alone
    — once per context, cached — when it holds every edge of the batch (the flow's case); else from
    the context and the batch together."""
    ids = {e.edge_id for e in context}
    if not context or any(e.edge_id not in ids for s in subgraphs for e in s.edges):
        return _build_tables(_read(subgraphs, context))
    key = hashlib.sha256("\x1e".join(
        "\x1f".join([e.edge_id, e.lang, e.head, e.tail, e.head_label, e.tail_label, str(e.head_type),
                     str(e.tail_type), *e.sentences, *e.doc_ids]) for e in context).encode()).hexdigest()
    if key not in _CONTEXT_TABLES:
        _CONTEXT_TABLES[key] = _build_tables(_read([], context))
        while len(_CONTEXT_TABLES) > 4:
            _CONTEXT_TABLES.popitem(last=False)
    kinds, classes, said, pool, teams, animals = _CONTEXT_TABLES[key]
    return (dict(kinds), dict(classes), {k: list(v) for k, v in said.items()}, {k: list(v) for k, v in pool.items()},
            teams, dict(animals))


class _Refused(NoTemplate):
    """A subgraph the path refuses with a reason of its own, recorded without the ``no template:`` prefix."""


def _asked(subgraph: Subgraph, config: QuestionConfig, tables: tuple) -> tuple[Subgraph, _Draft, object]:
    """The question one subgraph is asked as (the subgraph as its question names it, the draft, the templates),
    after every refusal of the path; raises ``_Refused`` or ``NoTemplate`` with the reason it is not asked."""
    kinds, classes, said, pool, teams, animals = tables
    original = subgraph
    subgraph = _with_articles(_with_place_types(subgraph, kinds), pool)
    if subgraph.lang == "ru":
        subgraph = ru_nominative_agents(subgraph)  # «Когда Роснедрами выдал …?» → «Когда Роснедра выдали …?»
    unasked = skip_reason(subgraph) or (
        en_skip_reason(subgraph) or en_truncated_names(subgraph) or en_incomplete(subgraph, kinds)
        or field_result(subgraph, pool, animals)  # "Who did X beat?" of a race: the winner beat the whole field
        if subgraph.lang == "en" else ru_skip_reason(subgraph, kinds, classes))
    if unasked:
        raise _Refused(unasked)
    _check_shape(subgraph, config)
    _one_kind_of_answer(subgraph, kinds)
    templates = _templates(subgraph.lang, classes, said, teams, animals)
    draft = _draft(subgraph, templates, kinds)
    if subgraph.lang == "ru":
        draft.question = ru_written(ru_class_once(draft.question))  # «У какой авиакомпании авиакомпания «…»»: said once
    if subgraph.lang == "en":
        draft.question = en_former_once(en_time_once(draft.question))
        unfit = answer_not_a_thing(draft.question, draft.answers) \
            or unevidenced_organization(draft.question, subgraph, kinds, pool, teams) or next(
            (reason for e in subgraph.edges for label in (e.head_label, e.tail_label)
             for reason in [dropped_scope(label, e.sentences, draft.question)] if reason), None)
        if unfit:
            raise _Refused(unfit)
    elif (idiom := ru_idiom_opening(draft.question)) is not None:
        raise _Refused(idiom)
    elif ru_measure_without_number(draft.question):
        raise NoTemplate("the question holds a measure noun without its number")
    elif ru_hanging_preposition(draft.question):
        # «в домашнем матче с и набрал ...»: the relation lost the object of its own preposition
        raise NoTemplate("the question holds a preposition with no object after it")
    elif (deictic := ru_deictic(re.sub(r"«[^«»]*»", " ", draft.question))) is not None:
        # «Когда здесь показали комедию?»: «здесь» points at a place the question never names
        raise NoTemplate(f"the question holds the deictic «{deictic}»")
    unasked = stat_without_occasion(draft.question, subgraph.lang)
    if unasked:  # "How many points did X score?": which game's, which season's?
        raise _Refused(unasked)
    if len(draft.question) > config.max_question_chars:
        raise NoTemplate(f"question longer than {config.max_question_chars} characters")
    clause_tables = (two_fact.clause_kinds(original, kinds), *tables[1:])  # its answer as the conditional asks it
    unasked = two_fact.clause_refusal(original, lambda clause: _asked(clause, config, clause_tables))
    if unasked:
        raise _Refused(unasked)
    return subgraph, draft, templates


def _generate_rules(subgraphs: list[Subgraph], config: QuestionConfig, context: list[Edge] = ()) -> QuestionBatch:
    items: list[Item] = []
    failures: list[Failure] = []
    tables = _tables(subgraphs, list(context))
    kinds = tables[0]
    for subgraph in subgraphs:
        try:
            subgraph, draft, templates = _asked(subgraph, config, tables)
        except _Refused as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=str(exc)))
            continue
        except NoTemplate as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"no template: {exc}"))
            continue
        except Exception as exc:  # a defect on one subgraph must not lose the others
            log.exception("questions: rules generation failed for %s", subgraph.subgraph_id)
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"{type(exc).__name__}: {exc}"))
            continue
        template_id = f"{subgraph.type}.{subgraph.lang}.{draft.template}"
        prompt_name = f"rules:{template_id}"
        prompt_hash = hashlib.sha256(f"{TEMPLATES_VERSION}:{template_id}".encode()).hexdigest()[:16]
        items.append(
            _item(
                subgraph,
                draft.question,
                draft.answers,
                Lineage(engine="rules", model=None, prompt_name=prompt_name, prompt_hash=prompt_hash),
                item_id(subgraph.lang, subgraph.subgraph_id, "rules", None, f"{TEMPLATES_VERSION}:{template_id}"),
                templates,
                kinds,
            )
        )
    return QuestionBatch(items=items, failures=failures, usage=LLMUsage())



def _draft(subgraph: Subgraph, templates, kinds: dict) -> _Draft:
    lang = subgraph.lang
    labels = _labels(subgraph)
    edges = subgraph.edges
    kind_of = lambda node: _kind(kinds, lang, node)  # noqa: E731

    if subgraph.type == "simple":
        edge = edges[0]
        answer = _answer_node(subgraph, candidates=[edge.tail, edge.head])
        if answer == edge.tail:
            question, template = templates.ask_tail(edge, edge.head_label, kind_of(edge.tail))
            if lang == "en":
                question, template = en_carried(edge, kind_of(edge.tail), question, template)
        else:
            question, template = templates.ask_head(edge, edge.tail_label, kind_of(edge.head))
        return _Draft(question, [labels[answer]], template)

    if subgraph.type == "set":
        shared = _shared_node(edges)
        if shared is None:
            raise NoTemplate("set edges do not share exactly one node")
        relations = {canonical_relation(e.relation, lang) for e in edges}  # "bought" and "acquired" are one
        if len(relations) != 1:
            raise NoTemplate("set edges do not share one relation")
        answers = [_other(e, shared) for e in edges]
        answer_kinds = {kind_of(a) for a in answers}
        if len(answer_kinds) > 1 and "PER" in answer_kinds and answer_kinds <= {"PER", "ORG", "MISC"}:
            answer_kinds = {"PER"}  # a singer and a band performed: "who", not "what"
        kind = answer_kinds.pop() if len(answer_kinds) == 1 else "MISC"
        edge = edges[0]
        if all(e.head == shared for e in edges):
            question, template = templates.ask_tail(edge, labels[shared], kind, plural=True)
        elif all(e.tail == shared for e in edges):
            question, template = templates.ask_head(edge, labels[shared], kind, plural=True)
        else:
            raise NoTemplate("set edges mix the shared node's roles")
        return _Draft(question, [labels[a] for a in answers], template)

    if subgraph.type == "multi-hop":
        bridge = subgraph.hidden_nodes[0] if subgraph.hidden_nodes else _shared_node(edges)
        if bridge is None or not all(bridge in (e.head, e.tail) for e in edges):
            raise NoTemplate("multi-hop edges do not meet at the bridge")
        answer = _answer_node(subgraph, candidates=[n for e in edges for n in (e.head, e.tail) if n != bridge])
        main = next(e for e in edges if answer in (e.head, e.tail))
        described_by = next(e for e in edges if e is not main)
        if answer == bridge or main is described_by:
            raise NoTemplate("multi-hop answer must be a non-bridge end")
        if (bridge == main.head) == (bridge == described_by.head) and one_predicate(main, described_by, lang, verb_only=True):
            # «Когда сыграет следующий матч команда, которая сыграет следующий матч в Новосибирске?»: the bridge
            # described by the fact the question asks, with another of its phrases: one fact said twice (a chain
            # keeps its verb: "the organization that acquired the organization that acquired X")
            raise NoTemplate(f"the bridge is described by the predicate the question asks ({main.relation!r})")
        if lang == "ru" and (post := ru_post_of_a_body(described_by, bridge, kind_of(bridge))):
            raise NoTemplate(post)
        # Russian templates inflect the description's leading noun for its slot; the
        # relative clause after it keeps its own cases
        description = templates.describe(described_by, bridge, kind_of(bridge))
        if bridge == main.head:
            question, template = templates.ask_tail(main, description, kind_of(answer))
        else:
            question, template = templates.ask_head(main, description, kind_of(answer))
        if _mentions(question, labels[bridge], lang):
            raise NoTemplate("the multi-hop question would name the bridge entity")
        return _Draft(question, [labels[answer]], template)

    if subgraph.type == "conditional":
        shared = _shared_node(edges)
        if shared is None:
            raise NoTemplate("conditional edges do not share exactly one node")
        if subgraph.answer_nodes and subgraph.answer_nodes != [shared]:
            raise NoTemplate("conditional answer must be the shared node")
        if len(edges) == 2 and (shared == edges[0].head) == (shared == edges[1].head) \
                and one_predicate(edges[0], edges[1], lang):
            # "Which road will open at the Town Hall Theatre and will open on 4 March?": one verb and its object
            # said twice, with two of its phrases, asks one fact as two conditions
            raise NoTemplate(f"both conditions say {edges[0].relation!r} and {edges[1].relation!r}: they restate one predicate")
        if lang == "en" and len(edges) == 2 and edges[0].head == edges[1].head == shared and any(
                re.search(rf"(?<!\w){re.escape(a.tail_label.lower())}(?!\w)", f"{b.relation} {b.tail_label}".lower())
                for a, b in (edges, edges[::-1])):
            # "Who fined Lyle Burchell and sentenced Lyle Burchell to 14 months?": one object named twice (the ru
            # templates refuse it too)
            raise NoTemplate("both conditions name one object: it would be said twice")
        kind = kind_of(shared)
        unfit = amount_asked(labels[shared], lang) or (next((p for e in edges for p in [ru_post_of_a_body(e, shared, kind)] if p), None)
                                       if lang == "ru" else None)
        if unfit:
            raise NoTemplate(unfit)
        if lang == "ru":
            question, template = templates.conditional(edges, shared, kind)
        else:
            question, template = templates.conditional_question(edges, shared, kind)
        if _mentions(question, labels[shared], lang):
            raise NoTemplate("the conditional question would name its answer")
        return _Draft(question, [labels[shared]], template)

    if subgraph.type == "comparison":
        first, second = edges
        if canonical_relation(first.relation, lang) != canonical_relation(second.relation, lang):
            raise NoTemplate("comparison edges have different relations")
        if first.head == second.head:
            raise NoTemplate("comparison needs two different subjects")
        q1, q2 = parse_quantity(first.tail_label, lang), parse_quantity(second.tail_label, lang)
        if q1 is None or q2 is None:
            raise NoTemplate("comparison objects are not numbers")
        if q1.unit != q2.unit or q1.money != q2.money:
            raise NoTemplate(f"comparison units differ ({q1.unit_text!r} vs {q2.unit_text!r})")
        if q1.value == q2.value:
            raise NoTemplate("comparison values are equal")
        winner = first if q1.value > q2.value else second
        kinds_heads = {kind_of(first.head), kind_of(second.head)}
        kind = kinds_heads.pop() if len(kinds_heads) == 1 else "MISC"
        # the Russian templates quote each name as its own sentences do («Автоваз»)
        extra = {"second_edge": second} if templates.lang == "ru" else {}
        question, template = templates.comparison(first, kind, first.head_label, second.head_label, **extra)
        return _Draft(question, [winner.head_label], template)

    raise NoTemplate(f"unknown question type {subgraph.type!r}")


def _answer_node(subgraph: Subgraph, candidates: list[str]) -> str:
    for node in subgraph.answer_nodes:
        if node in candidates:
            return node
    # no usable answer_nodes: ask for the tail (the object of the fact), DRAGON's usual choice
    if candidates:
        return candidates[0]
    raise NoTemplate("no answer node")

