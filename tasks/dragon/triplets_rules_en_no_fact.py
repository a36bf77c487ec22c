"""Triplet extraction, rules engine, English: clauses that state no fact of their own.

An object-controlled verb ("ordered X to pay": the fact is the infinitive's), an embedded question
("how widely doctors use the drug"), the clause of a negated verb of saying ("did not confirm that ..."),
and which verbs of claiming take a thing as object ("admitted 14 counts of fraud" is a deed).
"""
from __future__ import annotations

from tasks.dragon.triplets_rules_en_lexicon import _EN_OBJ, _EN_SUBJ, _EN_WH, _verb_lemma
from tasks.dragon.triplets_rules_en_modality import _EN_PLAN_HEADS, _EN_REPORTING, _EN_UNSTATED_HEADS
from tasks.dragon.triplets_rules_en_objects import _clause_subject_as_object
from tasks.dragon.triplets_rules_en_subjects import _relative_antecedent


#: verbs whose object is the subject of their infinitive: "ordered Marrow Foods to pay damages"
_EN_OBJECT_CONTROL = frozenset({
    "order", "ask", "tell", "urge", "force", "require", "allow", "persuade", "encourage", "invite", "instruct",
    "compel", "oblige", "permit", "advise", "warn", "help", "enable", "call",
    "use",  # "will use the money to rebuild its youth academy": neither "use the money" nor "use to rebuild"
})


def _object_controlled(verb) -> bool:
    """ "ordered Marrow Foods to pay damages", "called the ruling a victory": the object alone
    completes no fact ("Judge Whitfield ordered Marrow Foods", "Coleman called the ruling")."""
    children = list(verb.children)
    if not any(c.dep_ in _EN_OBJ for c in children):
        return False
    if verb.lemma_.lower() in ("call", "consider", "deem", "find") and any(c.dep_ == "oprd" for c in children):
        return True
    objects = [c for c in children if c.dep_ in _EN_OBJ]
    # "helps museums buy works": a bare infinitive right after the object
    return verb.lemma_.lower() in _EN_OBJECT_CONTROL and any(
        c.dep_ == "xcomp" or c.dep_ == "ccomp" and c.tag_ == "VB" and any(o.right_edge.i + 1 == c.left_edge.i for o in objects)
        for c in children)


def _unconfirmed(verb) -> bool:
    """The clause of a negated verb of saying: "the ministry did not confirm that X had won"."""
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    head = verb.head
    return verb.dep_ == "ccomp" and head.i != verb.i and _verb_lemma(head) in _EN_REPORTING \
        and any(c.dep_ == "neg" for c in head.children)


def _unstated(verb) -> bool:
    """The infinitive under a verb of threat, boast, claim or need ("threatened to beat Harlow 5-0 at X Park",
    "claims to have sold a million copies", "needs to cut 200 jobs"), through "and" and further infinitives
    ("vowed to fight on and win"), and such a verb, or a verb of plan or hope, itself when it governs one (its
    "at X Park" belongs to the threatened or hoped-for game): none of it happened, and none of it is the subject's
    plan either (the plan is its infinitive's, planned)."""
    if _verb_lemma(verb) in _EN_UNSTATED_HEADS | _EN_PLAN_HEADS and not any(
            c.dep_ == "auxpass" or c.dep_ == "dobj" and not c.like_num for c in verb.children) and any(
            _to_infinitive(c) for c in verb.children):
        return True
    seen = 0
    while verb.head.i != verb.i and seen < 6 and (
            verb.dep_ == "xcomp" or verb.dep_ == "conj" and not any(c.dep_ in _EN_SUBJ for c in verb.children)):
        below, verb, seen = verb, verb.head, seen + 1
        if _verb_lemma(verb) in _EN_UNSTATED_HEADS and not any(c.dep_ == "auxpass" for c in verb.children) and (
                below.dep_ == "xcomp" or _under_its_infinitive(below, verb)):
            return True  # (not "$8 million will be needed to strengthen it": a purpose, said of the money)
    return False


def _under_its_infinitive(conj, head) -> bool:
    """A verb conjoined straight to a verb of threat, claim or need belongs to that verb's to-infinitive only when
    there is one before it and the conjunct is no finite verb of its own: "threatened to shut the foundry and sack
    200 workers" (the parser may hang "sack" on "threatened"), not "threatened workers with dismissal and closed its
    foundry", "claimed the title and beat Kendal Rovers", "needs no introduction and founded Halden Steel": stated."""
    return conj.tag_ not in ("VBD", "VBZ", "VBP") and any(_to_infinitive(c) and c.i < conj.i for c in head.children)


def _to_infinitive(child) -> bool:
    """``child`` is its head's to-infinitive complement: "threatened [to close]", "needs [to cut]"."""
    return child.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in child.children)


def _embedded_question(verb) -> bool:
    """ "could limit how widely doctors use the drug", "asked whether X would sell": a clause that asks."""
    if verb.dep_ not in ("ccomp", "xcomp", "advcl", "csubj") or verb.head.i == verb.i:
        return False
    first = verb.left_edge
    relative = first.lower_ in ("which", "who", "whom", "whose", "where", "when") and _relative_antecedent(first) is not None
    if first.lower_ in _EN_WH and first.i < verb.i and not relative:
        if first.lower_ in ("which", "who") and first.dep_ in _EN_SUBJ:
            return False
        return first.lower_ != "when" or verb.dep_ != "advcl"
    return any(c.dep_ == "mark" and c.lower_ == "whether" for c in verb.children)


#: verbs of claiming that also take a thing as object: "admitted 14 counts of fraud", "claimed the title",
#: "will maintain the bridge" are deeds, not claims
_EN_CLAIMS_OF_THINGS = frozenset({"admit", "concede", "claim", "maintain"})


def _claims_a_thing(verb, lemma: str) -> bool:
    """ "Allender admitted 14 counts of fraud": a common noun as the object and no clause after it."""
    return lemma in _EN_CLAIMS_OF_THINGS \
        and any(c.dep_ == "dobj" and c.pos_ == "NOUN" and not _clause_subject_as_object(verb, c) for c in verb.children) \
        and not any(c.dep_ in ("ccomp", "xcomp", "advcl", "parataxis") for c in verb.children)
