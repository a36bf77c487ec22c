"""DRAGON questions, English: ``EnglishTemplates``, the question templates per subgraph type (moved
from ``questions_en``)."""
from __future__ import annotations

import re

from schemas import Edge
from tasks.dragon.questions_en_verbs import (
    EnRelation, _EN_LOCATIVE, _EN_OBJECT_PRONOUNS, _EN_STATIVE, en_participle,
)
from tasks.dragon.questions_base import NoTemplate, asserted_only as _asserted_only, _cap, _q
from tasks.dragon.questions_en_wh import (
    _EN_CLASS, _EN_DETERMINERS, _EN_VENUE_HEADS, _EN_WHO, _bare_label, _class_noun, _counted_plural, _described,
    _exchange,
    _no_place_or_body, team_noun, team_wh, _not_a_thing_intending, _plural_name, _team_class, _venue, _wh,
)
from tasks.dragon.questions_en_amounts import (
    _EN_CURRENCY_WORDS, _EN_MASS_NOUNS, _EN_PLURAL_MONEY, _en_how_much, _en_more, en_amount, uncounted,
)
from tasks.dragon.questions_en_words import (
    _EN_DIRECTIONS, _EN_EVENT_VERBS, _EN_GIVING_VERBS, _EN_IN_VERBS, _EN_MAKING_VERBS, _EN_MOTION_VERBS,
    _EN_NOT_WHEN, _EN_ORG_HEADS, _EN_PARTICLES, _EN_PLACE_HEADS, _EN_PLACE_OBJECT_VERBS, _EN_PLACE_ROLES,
    _EN_THING_OBJECT_VERBS, _EN_WHERE_VERBS,
)
from tasks.dragon.questions_en_tense import _agree, _bare_present, _be_tense, _do_support, _finite, _modality, _relation
from tasks.dragon.questions_en_kinds import _name_head, game_edge
from tasks.dragon.questions_en_determiners import _role_article, _role_be, _thing_at
from tasks.dragon import questions_en_compound as en_compound
from tasks.dragon import questions_en_context as en_context
from tasks.dragon import questions_en_names as en_names
from tasks.dragon.scores_en import is_score
from tasks.dragon.subgraphs import parse_quantity


class EnglishTemplates:
    """Question templates for English edges (see the module doc for the relation shapes)."""

    lang = "en"

    def __init__(self, teams: frozenset[str] = frozenset(), animals: dict[str, str] | None = None):
        self.teams = teams  # nodes and names that won or lost a game in the batch (``questions_en_kinds.team_nodes``)
        # nodes and names the articles write as animals, with their class noun (``questions_en_animals``)
        self.animals = animals or {}

    def _animal(self, node: str, label: str) -> str | None:
        """ "horse" where the article writes ``node`` as one ("the mare X", "X is trained by A ... the gelding"):
        "Which horse does A train?", never "Who" nor "Which team"."""
        return self.animals.get(node) or self.animals.get(_bare_label(label))

    def _team(self, node: str, label: str, edge: Edge | None = None, kind: str | None = None) -> bool:
        """Is ``node`` (named ``label``) a side in a game of the batch? On ``edge`` (asked with ``kind``), a node
        typed a place and not an organisation is a side only where the edge itself says a game: "Ardmore beat
        Kelby" makes no team of the Kelby that "Cyclone Mala flooded"."""
        if not (node in self.teams or _bare_label(label) in self.teams) or self._animal(node, label):
            return False  # (a horse that beat another is no team)
        if edge is None or kind == "ORG" or game_edge(edge):
            return True
        typed = edge.tail_type if node == edge.tail else edge.head_type
        return typed != "place" and kind != "LOC"

    def statement(self, edge: Edge) -> str:
        """A keypoint: "Harbour Logistics acquired Nordic Freight."."""
        try:
            return _cap(self._predicate_for_head(edge, edge.head_label)) + "."
        except NoTemplate:
            return f"{edge.head_label} {edge.relation} {edge.tail_label}."

    def _predicate_for_head(self, edge: Edge, subject: str) -> str:
        """A full clause with ``subject`` as the edge's head: "X acquired Y"."""
        rel = _relation(edge)
        tail = edge.tail_label
        if rel.kind == "verb":
            return self._verb_clause(subject, rel, tail, _modality(edge))
        _asserted_only(edge, "a statement")
        if rel.kind == "passive":
            return " ".join(p for p in (subject, _be_tense(edge, rel), rel.head, rel.rest_text, tail) if p)
        if rel.kind == "role":
            return f"{subject} is {_role_article(edge, rel)} {rel.head} {rel.rest_text} {tail}"
        return f"the {rel.head} of {subject} is {tail}"

    @staticmethod
    def _be(rel: EnRelation) -> str:
        return "is" if rel.head in _EN_STATIVE else "was"

    @staticmethod
    def _verb_clause(subject: str, rel: EnRelation, tail: str, modality: str = "asserted", plural: bool = False) -> str:
        if not rel.trailing_preposition and uncounted(tail) and not re.fullmatch(r"(?:1[89]|20)\d\d", tail.strip()):
            # "Which organization agreed to buy X and employs about 210?", "... and that lost four straight?": the
            # object counts nothing named, as the how-many template refuses it (a year is a date, not a count)
            raise NoTemplate(uncounted(tail))
        past = _finite(rel.head, modality, plural)
        rest = _agree(rel.rest_text, modality, plural)
        if rel.trailing_preposition:  # "opened a new terminal in Bergen"
            return " ".join(p for p in (subject, past, rest, tail) if p)
        if rel.infinitive:  # "agreed to buy Rookwood Whisky (in May)": the object is the infinitive's
            words = rest.split()
            return " ".join(p for p in (subject, past, *words[:rel.infinitive], tail, *words[rel.infinitive:]) if p)
        words = rest.split()
        if words and is_score(tail) and (words[0][:1].isupper() or words[0].lower() in ("the", "a", "an")):
            # "beat Western Washington 81-63", not "beat 81-63 Western Washington": a score follows the side
            return " ".join(p for p in (subject, past, rest, tail) if p)
        if words and words[0].lower() in _EN_PARTICLES and tail and tail.split()[0].lower() not in _EN_OBJECT_PRONOUNS:
            # "handed out nine assists", not "handed nine assists out": a particle before a noun phrase object
            return " ".join(p for p in (subject, past, words[0], tail, *words[1:]) if p)
        return " ".join(p for p in (subject, past, tail, rest) if p)  # "sold 2139 cars in October"

    # --- asking for one end of one edge ------------------------------------------------

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        """Question whose answer is the edge's tail; ``head`` is how the head is named."""
        rel = _relation(edge)
        prep = rel.trailing_preposition
        who = _wh(kind, edge.tail_label, plural, rel.head if rel.kind == "verb" else None, sentences=edge.sentences,
                  holder=edge.head_label)
        who = _exchange(who, rel)  # "Which stock exchange is X listed on?", not "Which organization ..."
        modality = _modality(edge)
        _no_place_or_body(edge, rel, kind)
        if rel.kind != "verb":
            _asserted_only(edge, "a question")
        aux, verb = _do_support(rel.head, modality)
        if rel.kind == "verb" and _described(head):
            # "Which organization did the organization that Tobias Engström founded sign a deal with?": a
            # relative clause between the auxiliary and its verb is the nesting the judge failed as unnatural
            raise NoTemplate(f"a described subject would sit between {aux!r} and its verb")
        if aux == "does" and (_plural_name(head) or (modality == "present" and _bare_present(edge))):
            aux = "do"  # "Where do the Lanterns plan to perform?", "Where do Vistula United play ...?"
        if aux == "is" and _plural_name(head):
            aux = "are"
        if aux == "was" and (_plural_name(head) or _counted_plural(head)):
            aux = "were"  # "When were about 1,300 Tasmanians waiting ...?"
        if aux == "has" and _plural_name(head):
            aux = "have"
        if kind == "NUM":
            quantity = en_amount(edge.tail_label)
            if rel.kind != "verb" or quantity is None:
                raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
            if quantity.money and quantity.unit_text and quantity.unit_text.split()[-1].lower() not in _EN_CURRENCY_WORDS:
                # "$260 million pet food plant": a thing described by its price; "How much will X build?" asks nothing
                raise NoTemplate(f"{edge.tail_label!r} is a thing described by its price, not an amount")
            amount = f"how many {quantity.unit_text}" if quantity.unit_text and not quantity.money else "how much"
            if quantity.unit in ("percent", "per cent", "%"):  # not "How many percent did turnout reach?"
                amount = "what percentage"
            if prep == "of":  # "report revenue of" 410 million euros: "How much revenue did X report?"
                noun = [w for w in rel.rest[:-1] if w.lower() not in _EN_DETERMINERS]
                if not noun:
                    raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
                if quantity.unit_text and not quantity.money and noun[-1].lower() not in _EN_MASS_NOUNS | _EN_PLURAL_MONEY:
                    # "take delivery of" eight trains: "How many trains does X plan to take delivery of?" (not
                    # "... plan to take?"); "have sales of" 1.3 billion crowns stays "How much in sales ...?"
                    return _q(f"how many {quantity.unit_text}", aux, head, verb, rel.rest_text), "tail.how-many-of"
                return _q(_en_how_much(noun), aux, head, verb), "tail.how-much-of"
            if prep:
                raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
            if uncounted(edge.tail_label):
                # "added 14 (goals) from 18": a bare count says not what it counts; "How much did X add?" asks
                # for an amount of stuff, "How many did X add?" for nothing named; "lost four straight", "won
                # three consecutive": the counted noun (games) is left out
                raise NoTemplate(uncounted(edge.tail_label))
            return _q(amount, aux, head, verb, rel.rest_text), "tail.how-many"
        if kind == "DATE":
            if rel.kind == "verb":
                if prep in _EN_NOT_WHEN:  # "approve a budget for 2027": 2027 is not when it was approved
                    raise NoTemplate(f"no when template for relation {edge.relation!r} (its date follows {prep!r})")
                if prep == "since":
                    if modality not in ("asserted", "present", "progressive", "perfect"):
                        raise NoTemplate(f"no {modality} since-when template for {edge.relation!r}")
                    had = re.compile(rf"\bhad\s+(?:\w+\s+)?{re.escape(en_participle(rel.head))}\b", re.IGNORECASE)
                    if any(had.search(sentence) for sentence in edge.sentences):
                        # "had backed Norden Chips since 2019": it no longer does; "Since when has ...?" is false
                        raise NoTemplate(f"{edge.relation!r} is said in the past perfect: a state that has ended")
                    return _q("since when has", head, en_participle(rel.head), rel.rest_without_preposition), "tail.since-when"
                return _q("when", aux, head, verb, rel.rest_without_preposition), "tail.when"
            if rel.kind == "passive":
                if prep in _EN_NOT_WHEN or prep == "since":
                    # "has been streamed 3.1 million times since October": "When was X streamed?" misstates it
                    raise NoTemplate(f"no when template for passive {edge.relation!r} (its date follows {prep!r})")
                return _q("when", "was", head, rel.head, rel.rest_without_preposition), "tail.passive-when"
            raise NoTemplate(f"no when template for relation {edge.relation!r}")
        if rel.kind == "verb":
            if (kind == "LOC" and prep in _EN_LOCATIVE) or (
                    prep in ("in", "at") and _name_head(edge.tail_label) in _EN_PLACE_HEADS) or (
                    prep in ("in", "at") and kind in ("ORG", "MISC") and rel.head in _EN_WHERE_VERBS
                    and _name_head(edge.tail_label) not in _EN_ORG_HEADS and _bare_label(edge.tail_label)[:1].isupper()):
                # "perform at Quayside Arena": where, even when the arena is also the company
                # that announces concerts ("Which organization did X perform at?"); a source keeps
                # its preposition ("Where did X import gas from?"); a destination after a verb of moving
                # is "where" alone ("Where will X move its base?", not "... to?")
                if edge.tail_label.split()[-1].lower() in en_context._EVENT_NOUNS:
                    # "Where will Biscuit compete?" -> the Southern Counties Championship: an event, not where it is
                    raise NoTemplate(f"{edge.tail_label!r} is an event, not a place")
                if prep in ("from",) and rel.head not in _EN_MOTION_VERBS:
                    raise NoTemplate(f"'from' of {edge.relation!r} is no place it comes from")
                if prep in _EN_DIRECTIONS - {"from"}:
                    if rel.head not in _EN_MOTION_VERBS:
                        raise NoTemplate(f"no where-template for {edge.relation!r} (a stranded {prep!r})")
                    rest = rel.rest_without_preposition
                else:
                    rest = rel.rest_text if prep in _EN_DIRECTIONS else rel.rest_without_preposition
                if prep == "at" and kind in ("ORG", "MISC") and rel.head in _EN_EVENT_VERBS and not rest:
                    # "finishing at the Corn Exchange in Leeds": "Where ...?" is answered by the town too; the
                    # named thing an event is at is its venue
                    return _q("at which venue", aux, head, verb), "tail.venue"
                return _q("where", aux, head, verb, rest), "tail.where"
            if prep == "for" and kind == "LOC":
                raise NoTemplate(f"a place after 'for' ({edge.relation!r}) is no purpose one can ask about")
            if prep in ("in", "into") and who.startswith("which organization") and rel.head not in _EN_IN_VERBS:
                # "Which organization did X finish in?" -> a league, "... run a shop in?" -> an arcade: a stranded
                # "in" after a verb that does not take it says where, and the name does not say which kind of
                # place; the guess "organization" is refused rather than written
                raise NoTemplate(f"{edge.tail_label!r} after {edge.relation!r} is a place of unknown kind")
            if prep == "at" and rel.rest[:-1] and (kind == "MISC" or kind == "ORG" and who.startswith("which organization")
                                                    and not en_names.org_evidence(edge.tail_label)):
                # "raise the hourly rate at seven town centre car parks", "use a packhouse at Earnscleugh": where the
                # thing is, not "What ... at?" nor "Which organization ... at?" (a locality the tagger called a body)
                return _q("where", aux, head, verb, rel.rest_without_preposition), "tail.where"
            if kind == "LOC" and not prep and not rel.rest and rel.head not in _EN_PLACE_OBJECT_VERBS \
                    and who in ("which place", "which places"):
                who = "what"  # (a name that says its class keeps it: "Which highway does Highway 1 meet?")
            opponent = not rel.rest and rel.head in en_names.OPPONENT_VERBS or \
                " ".join((rel.head, *rel.rest)) in en_names.OPPONENT_PHRASALS
            if kind in ("LOC", "MISC", "ORG") and not prep and opponent and not en_names.org_evidence(edge.tail_label) \
                    and not en_names.leading_class(edge.tail_label):  # "Highway 1 meets Highway 4": no opponent
                who = "who"  # "Who did Tawe Warriors beat / hold off?" -> Kellsbridge: an opponent, not "What"
            if kind == "ORG" and not prep and rel.head in _EN_MAKING_VERBS and not _venue(edge.tail_label):
                who = "what"  # "Which organization does Lumen Energy produce?" -> the Lumen Volta: a product
            if kind == "PER" and prep in ("to", "from", "into") and rel.head in _EN_MOTION_VERBS - _EN_GIVING_VERBS \
                    and rel.head not in ("send", "bring", "deliver", "take", "carry", "ship", "export", "import"):
                # "Who did X come to?" -> Hobart: one comes to or moves from a place or a body, hardly a person;
                # the tagger's PERSON is doubtful and neither "who" nor "where" is sure
                raise NoTemplate(f"a person as where {edge.relation!r} goes: the tagger's type is doubtful")
            if kind == "PER" and not prep and rel.head in _EN_THING_OBJECT_VERBS:
                who = "what"  # "Who does the Multi-State Gaming Association run?" -> Mega Fortune, a lottery
            if kind == "PER" and who == "who" and len(edge.tail_label.split()) == 1 \
                    and not en_names.person_evidence(edge.tail_label, list(edge.sentences)) \
                    and not self._animal(edge.tail, edge.tail_label):  # ("Pickle", the spaniel: "Which dog")
                # "Who does Martin Szabo represent?" -> Bedford: one capitalised word the text never introduces
                # as a person may as well be a place or a body
                raise NoTemplate(f"{edge.tail_label!r} is one word the text does not introduce as a person")
            if who == "what" and re.fullmatch(r"(?:the\s+)?[$€£]?\d[\d.,]*\s*[^\s\d-]+", edge.tail_label):
                raise NoTemplate(f"a measure ({edge.tail_label!r}) asked with 'what'")
            if prep == "of" and len(rel.rest) > 1:
                # "praise the speed of" Kwame Asante: "Whose speed did Petra Novak praise?", not "Who did Petra
                # Novak praise the speed of?"; "Which organization's board will Henrik Dahl join?"
                noun = [w for w in rel.rest[:-1] if w.lower() not in _EN_DETERMINERS]
                if not noun or kind not in ("PER", "ORG") or plural:
                    raise NoTemplate(f"no template for the object of {edge.relation!r} (a preposition would be stranded)")
                whose = "whose" if kind == "PER" else f"{_wh(kind, edge.tail_label)}'s"
                if not whose.startswith(("whose", "which ")):
                    raise NoTemplate(f"no whose-template for {edge.tail_label!r}, whose kind its name does not say")
                return _q(whose, " ".join(noun), aux, head, verb), "tail.whose"
            if prep in ("between", "among", "amongst") and not who.startswith("which "):
                # "What will Northbound Ring Road close between?" -> two avenues: "between" asks for the ends by
                # their class ("Which places will X run trains between?"); a bare "what" names no class of ends
                raise NoTemplate(f"no template for the ends of {edge.relation!r} ('what' before a stranded {prep!r})")
            if prep in (None, "for", "against", "with", "to", "from"):
                # "Which team did Mele Fonua lead?", "Which team will Ardmore host?" -> a side in a game of the batch
                who = team_wh(who, kind, self._team(edge.tail, edge.tail_label, edge, kind), plural, subject=False)
            animal = self._animal(edge.tail, edge.tail_label)
            if animal:  # "Which horse does Ana Rau train?", not "Who" (the tagger's person) nor "Which team"
                who = f"which {animal}{'s' if plural else ''}"
            return _q(who, aux, head, verb, rel.rest_text), "tail.verb"
        if rel.kind == "passive":
            be = _be_tense(edge, rel)
            if _plural_name(head) or _counted_plural(head):
                be = {"is": "are", "was": "were"}.get(be, be)  # "Where were two second-prize tickets sold?"
            if kind == "LOC" and prep in _EN_LOCATIVE:
                return _q("where", be, head, rel.head, rel.rest_without_preposition), "tail.passive-where"
            if prep is None:
                raise NoTemplate(f"passive relation {edge.relation!r} without a preposition")
            if _described(head):
                # "Which organization is the organization that runs two cruise boats listed on?": a clause between
                # "is" and its participle, and the preposition stranded after both ("Where is the organization
                # that X acquired headquartered?" strands none)
                raise NoTemplate(f"a described subject would sit between 'be' and {rel.head!r} before a stranded {prep!r}")
            animal = self._animal(edge.tail, edge.tail_label)
            return _q(f"which {animal}" if animal and not plural else who, be, head, rel.head, rel.rest_text), \
                "tail.passive"
        if rel.kind == "role":
            if head.startswith(tuple(f"{c} " for c in _EN_CLASS.values())):
                # "What is the person who praised the speed of Kwame Asante the head coach of?"
                raise NoTemplate(f"a role question about a described subject ({edge.relation!r}) reads badly")
            thing = _thing_at(edge, rel)
            if thing:
                if not _bare_label(head)[:1].isupper() or head.split()[0].lower() in _EN_DETERMINERS:
                    # "Where is the distillery the plant?" / "... the Royal Hobart Hospital?": no name to stand after the noun
                    raise NoTemplate(f"no name to follow the class noun {thing!r} of {edge.relation!r}")
                return _q("where", _role_be(edge, rel), "the", thing, head), "tail.thing-where"
            if rel.rest == ("at",):
                if kind != "LOC" and who.startswith("which "):
                    # "Where is Alan Kilbane the director of rugby?" -> a club: "where" asks for a place, and "What
                    # is X the analyst at?" strands its "at"; a body one holds a post at is asked "At which club ...?"
                    return _q(f"at {who}", _role_be(edge, rel), head, _role_article(edge, rel), rel.head), \
                        "tail.role-at"
                # "What is Owen Tallis the principal analyst at?": where one holds a post is asked with where
                return _q("where", _role_be(edge, rel), head, _role_article(edge, rel), rel.head), "tail.role-where"
            animal = self._animal(edge.tail, edge.tail_label)
            if animal and rel.rest == ("of",):  # "Which horse is Colin Drew the trainer of?", not "Whose trainer ..."
                return _q(f"which {animal}", _role_be(edge, rel), head, _role_article(edge, rel), rel.head, "of"), \
                    "tail.role-animal"
            if rel.rest == ("of",) and (kind == "PER" or (edge.tail_type == "person" and rel.head.split()[-1]
                                                           in en_names.PERSONAL_ROLES)):
                # "What is Tomasz Nowak the manager of?" -> Luka Kovač: a person's manager is asked "whose"
                return _q("whose", rel.head, _role_be(edge, rel), head), "tail.role-whose"
            # what one is the head coach / a member / the chief executive of is an organisation,
            # a team or a band, never a person or a place: "what" reads right whichever it is
            return _q("what", _role_be(edge, rel), head, _role_article(edge, rel), rel.head, rel.rest_text), "tail.role"
        return _q("who" if kind == "PER" else "what", "is the", rel.head, "of", head), "tail.attribute"

    def ask_head(self, edge: Edge, tail: str, kind: str, plural: bool = False) -> tuple[str, str]:
        """Question whose answer is the edge's head; ``tail`` is how the tail is named."""
        rel = _relation(edge)
        plural = plural or (kind == "ORG" and _plural_name(edge.head_label) and " and " in edge.head_label)
        who = _wh(kind, edge.head_label, plural, rel.head if rel.kind == "verb" else None, subject=True,
                  sentences=edge.sentences)
        if kind == "DATE":
            raise NoTemplate(f"a date as the subject of {edge.relation!r}")
        if rel.kind in ("verb", "passive") and not tail.startswith("the team "):
            # "Which team beat Kellsbridge?", not "Who"/"What"/"Which organization" (nor "Which team beat the team ...")
            who = team_wh(who, kind, self._team(edge.head, edge.head_label, edge, kind), plural)
        animal = self._animal(edge.head, edge.head_label)
        if animal and kind not in ("NUM", "DATE"):
            who = f"which {animal}{'s' if plural else ''}"  # "Which horse won the Tasman Cup?"
        modality = _modality(edge)
        if rel.kind == "verb":
            return _not_a_thing_intending(_q(self._verb_clause(who, rel, tail, modality, plural and who != "who"))), \
                "head.verb"
        _asserted_only(edge, "a question")
        if rel.kind == "passive":
            be = _be_tense(edge, rel) if not plural else ("are" if _be_tense(edge, rel) == "is" else "were")
            return _q(who, be, rel.head, rel.rest_text, tail), "head.passive"
        if rel.kind == "role":
            if plural:
                raise NoTemplate(f"no plural template for role relation {edge.relation!r}")
            thing = _thing_at(edge, rel)
            if thing:  # "Which distillery is at Gravelly Beach?"; "a distillery at" may be one of several
                if _role_article(edge, rel) != "the":
                    raise NoTemplate(f"'a {thing} at' names one of several: no unique answer")
                return _q("which", thing, _role_be(edge, rel), rel.rest_text, tail), "head.thing-at"
            subject = "what" if kind in ("LOC", "MISC", "NUM") else who
            return _q(subject, _role_be(edge, rel), _role_article(edge, rel), rel.head, rel.rest_text, tail), "head.role"
        if plural:
            raise NoTemplate(f"no plural template for attribute relation {edge.relation!r}")
        return _q(who, "has", tail, "as its", rel.head), "head.attribute"

    # --- clauses for multi-hop and conditional -----------------------------------------

    def describe(self, edge: Edge, node: str, kind: str) -> str:
        """ "the organization that sold 2139 cars in 2023": ``node`` described by ``edge`` without naming it."""
        rel = _relation(edge)
        if kind == "DATE":
            raise NoTemplate("a date is not described by a relative clause")
        label = edge.head_label if node == edge.head else edge.tail_label
        refusal = en_compound.clause_refusal(edge, rel, node)
        if refusal:
            raise NoTemplate(f"not a clean clause to describe {label!r}: {refusal}")
        cls = _team_class(_class_noun(kind, label, edge.sentences), label, rel, node == edge.tail)
        cls = team_noun(cls, kind, self._team(node, label))  # "the team that Ardmore will host"
        animal = self._animal(node, label)
        if animal:
            cls = f"the {animal}"  # "the horse that Ana Rau trains", not "the team" nor "the person who"
        body = en_compound.person_object_as_body(rel, node == edge.tail, cls)
        if body:
            raise NoTemplate(body)
        if cls == "the one":
            # "Which organization sponsors the one that Tarnbeck Events organises?": a thing needs its noun
            raise NoTemplate(f"no class noun to describe {(edge.head_label if node == edge.head else edge.tail_label)!r}")
        that = "who" if kind == "PER" and not animal else "that"
        modality = _modality(edge)
        if rel.kind != "verb":
            _asserted_only(edge, "a description")
        if node == edge.head:
            tail = edge.tail_label
            if rel.kind == "verb":
                return f"{cls} {self._verb_clause(that, rel, tail, modality)}"
            if rel.kind == "passive":
                return " ".join(p for p in (cls, that, _be_tense(edge, rel), rel.head, rel.rest_text, tail) if p)
            if rel.kind == "role":
                thing = _thing_at(edge, rel)
                if thing:  # "the distillery at Gravelly Beach", not "the organization that is the distillery at ..."
                    if _role_article(edge, rel) != "the" or _role_be(edge, rel) != "is":
                        raise NoTemplate(f"'{thing} at' does not describe one thing now")
                    return f"the {thing} {rel.rest_text} {tail}"
                return f"{cls} {that} is {_role_article(edge, rel)} {rel.head} {rel.rest_text} {tail}"
            return f"{cls} whose {rel.head} is {tail}"
        head = edge.head_label
        _no_place_or_body(edge, rel, kind)  # "the organization whose head coach is Y" for a town X returned to
        if rel.kind == "verb" and rel.trailing_preposition in ("in", "at") and _name_head(edge.tail_label) in _EN_PLACE_HEADS \
                and not _venue(edge.tail_label):
            cls = "the place"  # "the place that Elena Marsh performed at", though the arena is a company too
        if rel.kind == "verb" and rel.trailing_preposition == "of" and len(rel.rest) > 1:
            # "the organization whose board Henrik Dahl will join", not "... that Henrik Dahl will join the board of"
            noun = [w for w in rel.rest[:-1] if w.lower() not in _EN_DETERMINERS]
            if not noun or kind not in ("PER", "ORG"):
                raise NoTemplate(f"cannot describe the object of {edge.relation!r} (a preposition would be stranded)")
            plural_head = _plural_name(head)
            return " ".join(p for p in (cls, "whose", " ".join(noun), head, _finite(rel.head, modality, plural_head)) if p)
        if rel.kind == "verb":
            plural_head = _plural_name(head)
            if (cls == "the place" or cls.split()[-1] in _EN_VENUE_HEADS) and rel.trailing_preposition in ("in", "at"):
                # "the place that Meridian Media owns publishers in", "the arena that the Lanterns will perform
                # at" strand their preposition: "the place where ...", "the arena where ..."
                return " ".join(p for p in (cls, "where", head, _finite(rel.head, modality, plural_head),
                                            _agree(rel.rest_without_preposition, modality, plural_head)) if p)
            return " ".join(p for p in (cls, "that", head, _finite(rel.head, modality, plural_head),
                                        _agree(rel.rest_text, modality, plural_head)) if p)
        if rel.kind == "passive":
            if cls == "the place" and rel.trailing_preposition in ("in", "at"):
                # "the place that X is located in": "the place where X is located"
                return " ".join(p for p in (cls, "where", head, _be_tense(edge, rel), rel.head,
                                            rel.rest_without_preposition) if p)
            if rel.trailing_preposition is None:
                raise NoTemplate(f"cannot describe the object of passive {edge.relation!r}")
            return " ".join(p for p in (cls, "that", head, _be_tense(edge, rel), rel.head, rel.rest_text) if p)
        if rel.kind == "role":
            # "the organization that Marcus Feld is the chief executive of" reads as a template: say it as
            # "the organization whose chief executive is Marcus Feld" / "... where Annika Sommer is a lodging analyst"
            article = _role_article(edge, rel)
            be = _role_be(edge, rel)
            if cls == "the organization" and rel.head.split()[-1].lower() in _EN_PLACE_ROLES:
                cls = "the place"  # "the place whose mayor is X": a district or a town, not "the organization"
            if rel.rest == ("of",) and article == "the":
                return f"{cls} whose {rel.head} {be} {head}"
            thing = _thing_at(edge, rel)
            if thing:  # "the beach where the distillery Rookwood Whisky is", not "... where Rookwood Whisky is the distillery"
                if not _bare_label(head)[:1].isupper() or head.split()[0].lower() in _EN_DETERMINERS:
                    raise NoTemplate(f"no name to follow the class noun {thing!r} of {edge.relation!r}")
                return f"{cls} where the {thing} {head} {be}"
            if rel.rest == ("at",):
                return f"{cls} where {head} {be} {article} {rel.head}"
            raise NoTemplate(f"no natural description of the object of role {edge.relation!r}")
        return f"{cls} that is the {rel.head} of {head}"

    def subject_predicate(self, edge: Edge, node: str) -> str:
        """A predicate true of ``node`` for a conditional question: "acquired Nordic Freight"."""
        rel = _relation(edge)
        modality = _modality(edge)
        if node == edge.head and rel.kind == "verb":
            return self._verb_clause("", rel, edge.tail_label, modality).strip()
        _asserted_only(edge, "a condition")
        if node == edge.head:
            tail = edge.tail_label
            if rel.kind == "verb":
                return self._verb_clause("", rel, tail).strip()
            if rel.kind == "passive":
                return " ".join(p for p in (_be_tense(edge, rel), rel.head, rel.rest_text, tail) if p)
            if rel.kind == "role":
                if _thing_at(edge, rel):
                    # "Which organization is the distillery at Gravelly Beach and sold ...?": what a thing is
                    # does not coordinate with what it did
                    raise NoTemplate(f"{edge.relation!r} says what the thing is, not a condition on it")
                return f"{_role_be(edge, rel)} {_role_article(edge, rel)} {rel.head} {rel.rest_text} {tail}"
            return f"has {tail} as its {rel.head}"
        head = edge.head_label
        if rel.kind == "verb" and rel.infinitive:
            # "was agreed by Kestrel Spirits to buy": a control verb's object is the infinitive's, and the
            # passive of the finite verb says something else (the described form asks it instead)
            raise NoTemplate(f"the object of {edge.relation!r} belongs to its infinitive: no passive of it")
        if rel.kind == "verb" and not rel.trailing_preposition:
            # the object of "X acquired Y" as a subject predicate: "was acquired by X"
            rest = f" {rel.rest_text}" if rel.rest_text else ""
            participle = en_participle(rel.head)
            if rel.rest and rel.rest[0].lower() in _EN_PARTICLES:
                # "was held off by the Gulls", not "was held by the Gulls off": the particle stays with its verb
                participle, rest = f"{participle} {rel.rest[0]}", "".join(f" {w}" for w in rel.rest[1:])
            if modality == "progressive":
                return f"is being {participle} by {head}{rest}"
            if modality == "past-progressive":
                return f"was being {participle} by {head}{rest}"
            if modality == "perfect":
                return f"has been {participle} by {head}{rest}"
            return f"{'is' if modality == 'present' else 'was'} {participle} by {head}{rest}"
        if rel.kind == "role":
            return f"has {head} as its {rel.head}" if rel.rest == ("of",) else _raise(edge)
        if rel.kind == "attribute":
            return f"is the {rel.head} of {head}"
        raise NoTemplate(f"cannot state {edge.relation!r} about its object")

    def conditional_question(self, edges: list[Edge], shared: str, shared_kind: str) -> tuple[str, str]:
        """ "Which organization acquired Maersk and is headquartered in Oslo?"; where a condition
        cannot be said of its subject ("X tested its machines at _", a plan about its object:
        "Lumen Energy plans to supply _"), the two relative clauses of the thing asked for:
        "What is the name of the organization that Tidewave Robotics tested its machines at and
        that employs 900 people?"."""
        label = next((e.head_label if e.head == shared else e.tail_label) for e in edges)
        verb = None
        team = self._team(shared, label)
        acting, bodies = [], []
        for e in edges:  # "Who beat Kellsbridge and scored three tries ...?": a team, said by what it did
            try:
                r = _relation(e)
            except NoTemplate:
                continue
            refusal = en_compound.clause_refusal(e, r, shared)
            if refusal:
                raise NoTemplate(f"not a clean condition: {refusal}")
            if r.kind == "verb" and e.head == shared:
                acting.append(r.head)
            body = en_compound.body_by_its_fact(e, r, shared)
            if body:
                bodies.append(body)
            # "Which team finished third and has Ana Rau as its head coach?": a coach's body, or one that won
            # or lost a game, is a team (the word "organization" was the tagger's guess)
            team = team or _team_class("the organization", label, r, e.tail == shared) == "the team"
            if r.kind == "verb" and e.head == shared and r.head in en_names.BODY_VERBS \
                    and verb not in en_names.OPPONENT_VERBS:
                verb = r.head  # an opponent's verb decides: "Who beat X and scored three tries?"
        try:
            return self.conditional(shared_kind, [self.subject_predicate(e, shared) for e in edges], label, verb,
                                    [s for e in edges for s in e.sentences], team, acting, bodies,
                                    self._animal(shared, label))
        except NoTemplate as direct:
            if shared_kind == "DATE":
                raise
            try:
                # the object-gap clause first: "the organization that X tested ... at and that employs ..."
                ordered = sorted(edges, key=lambda e: e.head == shared)
                first, second = (self.describe(e, shared, shared_kind) for e in ordered)
            except NoTemplate:
                raise direct from None
            cls = _class_noun(shared_kind, label)
            cls = team_noun(cls, shared_kind, team)  # as ``describe`` called it
            animal = self._animal(shared, label)
            cls = f"the {animal}" if animal else cls
            if cls in ("the place", "the one") and en_compound.agent_asked_as_thing("which place", acting, bodies):
                raise direct from None  # "the place that issued a snowfall warning": an agency, not a place
            classed = [d for d in (first, second) if not d.startswith(cls + " ")]
            if len(classed) == 1 and not {"that", "who", "where", "whose", cls.split()[-1]} & set(classed[0].split()):
                # "the bakery at Otley Quay" (``_thing_at``) names the thing by its own noun: "What is the name
                # of the bakery at Otley Quay that sold 9,000 loaves in 2023?"
                other = second if classed[0] is first else first
                return _q("what is the name of", classed[0], other[len(cls) + 1:]), "conditional.described-thing"
            if not second.startswith(cls + " "):
                raise direct from None
            return _q("what is the name of", first, "and", second[len(cls) + 1:]), "conditional.described"

    def conditional(self, shared_kind: str, predicates: list[str], label: str | None = None,
                    verb: str | None = None, sentences: list[str] | tuple[str, ...] = (),
                    team: bool = False, acting: list[str] | tuple[str, ...] = (),
                    bodies: list[str] | tuple[str, ...] = (), animal: str | None = None) -> tuple[str, str]:
        if shared_kind == "DATE":
            raise NoTemplate("a date as the subject of a conditional question")
        who = _wh(shared_kind, label, verb=verb, subject=True, sentences=sentences)
        who = team_wh(who, shared_kind, team)  # see ``conditional_question``
        who = f"which {animal}" if animal else who  # "Which horse won the Tasman Cup and ...?" (``_animal``)
        agent = en_compound.agent_asked_as_thing(who, list(acting), bodies)
        if agent:
            raise NoTemplate(agent)
        # "Who beat X and will play Y?", not "Who will play Y and beat X?" (read as "will beat")
        # "will close X and send Y", not "will close X and will send Y": one modal over both (``modal_once``)
        ordered = en_compound.modal_once(en_compound.time_ordered(predicates))
        return _not_a_thing_intending(_q(who, " and ".join(ordered))), "conditional"

    def comparison(self, edge: Edge, kind: str, first: str, second: str) -> tuple[str, str]:
        rel = _relation(edge)
        _asserted_only(edge, "a comparison")
        quantity = parse_quantity(edge.tail_label, "en")
        if rel.kind != "verb" or quantity is None:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        if rel.trailing_preposition == "of":  # "report revenue of": "Which organization reported more revenue, A or B?"
            noun = [w for w in rel.rest[:-1] if w.lower() not in _EN_DETERMINERS]
            if not noun:
                raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
            who = "who" if kind == "PER" else _EN_WHO.get(kind, "which")
            who = "which" if who in ("what", "when") else who
            what = f"more {quantity.unit_text}" if quantity.unit_text and not quantity.money else _en_more(noun)
            if quantity.unit_text and not quantity.money and noun[-1].lower() not in _EN_MASS_NOUNS | _EN_PLURAL_MONEY:
                what = f"{rel.rest_text} more {quantity.unit_text}"  # "took delivery of more trains", not "took more trains"
            return _q(who, _finite(rel.head, _modality(edge)), what)[:-1] + f", {first} or {second}?", "comparison.of"
        if rel.trailing_preposition:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        who = "who" if kind == "PER" else _EN_WHO.get(kind, "which")
        if who in ("what", "when"):
            who = "which"
        what = "more" if not quantity.unit_text or quantity.money else f"more {quantity.unit_text}"
        if quantity.money and not quantity.unit_text:
            what = "more money" if rel.head in ("raise", "earn", "spend", "invest", "pay", "receive", "lose", "make") else "more"
        if rel.infinitive:  # "agreed to pay more", not "agreed more to pay"
            return _q(who, _finite(rel.head, _modality(edge)), rel.rest_text, what)[:-1] + f", {first} or {second}?", \
                "comparison"
        return _q(who, _finite(rel.head, _modality(edge)), what, rel.rest_text) [:-1] + f", {first} or {second}?", "comparison"



def _raise(edge: Edge):
    raise NoTemplate(f"cannot state {edge.relation!r} about its object")
