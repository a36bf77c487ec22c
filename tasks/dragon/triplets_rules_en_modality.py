"""Triplet extraction, rules engine, English: the modality of a fact (issue 10).

A plan, a possibility, a negation or a condition is never stated as a done fact: "will build" is
planned, "could sell" possible, "did not acquire" negated, the main clause of an "if" clause
conditional; control verbs ("plans to open", "failed to win", "ruled out closing"), reported futures
("said it would invest") and a timetable in the present ("the tour opens on 3 April") likewise.

The word lists and lemma helpers are ``triplets_rules_en_lexicon``'s; the clause helpers of
``triplets_rules_en_subjects`` are reached through ``_subjects()`` (that module imports this one at its top).
"""
from __future__ import annotations

from tasks.dragon.triplets_rules_en_lexicon import _EN_ORG_ANAPHORS, _EN_SUBJ, _ORG, _absolute_date, _verb_lemma


def _subjects():
    """triplets_rules_en_subjects, imported when first needed (it imports this module at its top)."""
    from tasks.dragon import triplets_rules_en_subjects

    return triplets_rules_en_subjects


#: verbs whose infinitive complement is a plan, not a done fact: "plans to open" → (X, open, Y) planned
_EN_PLAN_HEADS = frozenset({
    "plan", "intend", "aim", "expect", "set", "schedule", "due", "prepare", "hope", "want", "seek", "promise",
    "pledge", "go", "propose",
    # a vow or a wish is the subject's own intention, like a promise: "vowed to rebuild", "wishes to expand"
    "vow", "swear", "wish", "aspire",
})
#: verbs whose infinitive the text does not vouch for at all: a threat or a boast ("threatened to beat X 5-0"), a
#: claim ("claims to have sold a million"), a need ("needs to cut 200 jobs"): no done fact, and no plan either
_EN_UNSTATED_HEADS = frozenset({"threaten", "claim", "boast", "purport", "pretend", "profess", "need", "dream"})
_EN_PLANNED_AUX = frozenset({"will", "shall", "'ll", "wo"})
_EN_POSSIBLE_AUX = frozenset({"could", "may", "might", "can", "would", "'d", "should", "must", "ca"})
_EN_CONDITION_MARKS = frozenset({"if", "unless"})


def _own_modality_en(verb, helper: "_EnSentence | None" = None) -> str | None:
    """What the verb's own auxiliaries, negation and clause say; None when nothing does.

    Negation wins ("will not raise" is negated), then a condition (the main clause of an
    "if"/"unless" clause, or the "if" clause itself), then "could/may/might/can/would"
    (possible), then "will/shall" (planned).
    """
    children = list(verb.children)
    if any(c.dep_ == "neg" for c in children) or any(
            c.dep_ == "advmod" and any(n.dep_ == "neg" for n in c.children) for c in children):
        return "negated"  # "did not sell", "no longer sells"
    if verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _EN_CONDITION_MARKS for c in children):
        return "conditional"
    for child in children:
        if child.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _EN_CONDITION_MARKS for m in child.children):
            return "conditional"
        if _condition_clause(child):
            return "conditional"
    auxes = {c.lower_ for c in children if c.dep_ in ("aux", "auxpass")}
    if auxes & {"would", "'d"} and not auxes & (_EN_POSSIBLE_AUX - {"would", "'d"}) and _reported_past(verb, helper):
        # "Greta Holm said the company would invest 60 million euros": the future of a past
        # statement, a plan ("will invest" in direct speech), not a possibility
        return "planned"
    if auxes & _EN_POSSIBLE_AUX:
        return "possible"
    if auxes & _EN_PLANNED_AUX:
        return "planned"
    if not auxes and verb.tag_ in ("VBZ", "VBP") and helper is not None and _dated_present(verb, helper):
        return "planned"  # "The tour opens at the Corn Hall on 3 April": a timetable, not a done fact
    return None


def _dated_present(verb, helper: "_EnSentence") -> bool:
    """A verb of an event in the present simple with a calendar date of its own ("opens on 3 April", "ends in
    May"): news copy states the timetable of what is to come that way."""
    if _verb_lemma(verb) in ("be", "have", "include", "employ", "own", "hold", "cost", "remain", "stand", "contain"):
        return False
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("on", "in", "from"):
            continue
        for pobj in prep.children:
            ent = helper.ent_of.get(pobj.i)
            if pobj.dep_ == "pobj" and ent is not None and ent.label_ == "DATE" and _absolute_date(ent.text) \
                    and not any(w.lower_ in ("since", "last", "ago", "every", "each") for w in ent):
                return True
    return False


#: control verbs whose infinitive did not happen: "failed to win", "refused to lend", "declined to bid"
_EN_NEGATIVE_CONTROL = frozenset({"fail", "refuse", "decline", "neglect"})
#: verbs + particle that deny a gerund: "ruled out closing the plant", "has ruled out cancelling"
_EN_RULE_OUT = frozenset({("rule", "out"), ("write", "off")})


def _rules_out(verb) -> bool:
    return any((_verb_lemma(verb), c.lower_) in _EN_RULE_OUT for c in verb.children if c.dep_ == "prt")


#: adjectives of likelihood before an infinitive: "is likely to close" (possible)
_EN_LIKELY = frozenset({"likely", "unlikely"})
#: verbs whose "that" clause is denied: "denied that it had paid bribes"
_EN_DENIAL = frozenset({"deny", "dispute", "refute"})
#: verbs that report speech or thought: "said", "told", "announced" (their "would" clause is reported future)
_EN_REPORTING = frozenset({
    "say", "tell", "announce", "confirm", "state", "add", "report", "expect", "write", "explain", "reveal",
    "insist", "promise", "warn", "note", "claim", "believe", "think",
})


def _condition_clause(child) -> bool:
    """The other ways English says "if": "provided (that) the council approves", "as long as sales
    grow", "Should the deal fail, ..." (an inverted should/had/were)."""
    grandchildren = list(child.children)
    if child.lower_ in ("provided", "providing") and any(g.dep_ in ("ccomp", "advcl") for g in grandchildren):
        return True
    if child.dep_ == "advmod" and child.lower_ == "long" and any(g.lower_ == "as" for g in grandchildren) \
            and any(g.dep_ == "advcl" for g in grandchildren):
        return True
    if child.dep_ == "advcl" and child.i < child.head.i:
        first = child.left_edge
        subject = next((g for g in grandchildren if g.dep_ in ("nsubj", "nsubjpass")), None)
        return first.dep_ == "aux" and first.lower_ in ("should", "had", "were") and subject is not None \
            and first.i < subject.i
    return False


def _reported_past(verb, helper: "_EnSentence | None" = None) -> bool:
    """Is ``verb`` the clause reported by a past-tense reporting verb ("said the company would ...")?"""
    head = verb.head
    while verb.dep_ == "conj" and head is not verb:
        verb, head = head, head.head
    if not (verb.dep_ == "ccomp" and head is not verb and head.lemma_.lower() in _EN_REPORTING
            and head.tag_ in ("VBD", "VBN")):
        return False
    # whose plan: the speaker's own ("she would", "Holm said Holm would"), or an organisation's
    # told by its people ("the company would", "Nordkai would"); a person's future told by
    # someone else ("the coach said Asante would strengthen the attack") is a prediction
    subject = next((c for c in verb.children if c.dep_ in _EN_SUBJ), None)
    if subject is None:
        return False
    if subject.lower_ == "it" and helper is not None:
        # "it would yield 15,000 tonnes" with "it" the mine: a possibility, not the company's plan
        meant = helper.phrase(subject, as_subject=True)
        return meant is not None and (meant[1] == _ORG or meant[0] in helper.discourse.orgs)
    if subject.pos_ == "PRON" or subject.ent_type_ in ("ORG", "NORP", "GPE") or subject.lower_ in _EN_ORG_ANAPHORS:
        return True
    speaker = next((c for c in head.children if c.dep_ in _EN_SUBJ), None)
    return speaker is not None and speaker.lower_ == subject.lower_


def _modality_en(verb, helper: "_EnSentence | None" = None, own_object: bool = True) -> str:
    """Modality of the fact a verb states, looking up through coordination and control verbs.

    "will build X and run Y": "run" shares "will"; "is set to build" / "plans to open":
    planned; "could agree to buy": possible.
    """
    own = _own_modality_en(verb, helper)
    if own is not None:
        return own
    if own_object and any(c.dep_ in ("dobj", "attr") and any(d.dep_ == "det" and d.lower_ == "no" for d in c.children)
                          for c in verb.children):
        return "negated"  # "has no other drug in development", "sold no cars in May" (its own object only)
    head = verb.head
    if verb.dep_ == "conj" and head.i != verb.i and head.pos_ in ("VERB", "AUX") \
            and not any(c.dep_ in _EN_SUBJ for c in verb.children):
        return _modality_en(_subjects()._conjunct_head(verb), helper, own_object=False)
    infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    if head.i != verb.i and head.pos_ in ("VERB", "AUX", "ADJ") and (
            verb.dep_ == "xcomp" or verb.dep_ == "ccomp" and infinitive and _verb_lemma(head) in _EN_PLAN_HEADS):
        # "plans to open", "is set to build"; "expects the mine to produce" (the mine's own clause)
        if _verb_lemma(head) in _EN_NEGATIVE_CONTROL or _rules_out(head):
            return "negated"  # "failed to win any frequencies", "refused to lend", "ruled out closing"
        if head.lemma_ in ("have", "be") and infinitive and any(
                c.dep_ == "advmod" and c.lower_ == "yet" for c in head.children):
            return "negated"  # "has yet to sign", "is yet to decide": not done (so far)
        if head.pos_ == "ADJ" and head.dep_ == "acomp" and head.head.i != head.i:
            # "will not be able to pay its debts": the copula carries "will not"
            above = _modality_en(head.head, helper)
            if above != "asserted":
                return above
        above = _modality_en(head, helper)
        if above != "asserted":
            return above
        if _verb_lemma(head) in _EN_PLAN_HEADS or head.lemma_ == "be" and verb.dep_ == "xcomp" and infinitive \
                and verb.i > head.i:
            return "planned"  # "plans to open"; "Nordhav is to close two plants" (a schedule)
        if head.lemma_ == "have" and verb.dep_ == "xcomp" and infinitive and head.tag_ in ("VBZ", "VBP"):
            return "possible"  # "has to pay a fine": an obligation, not a deed (like "must"); "had to cancel" was done
        if head.lower_ in _EN_LIKELY:
            return "possible"  # "is likely to close its plant"
    if verb.dep_ == "ccomp" and head.i != verb.i and _verb_lemma(head) in _EN_DENIAL:
        return "negated"  # "denied that it had paid bribes"
    plan = _subjects()._plan_noun_head(verb)
    if plan is not None:
        # "has no plans to sell" (negated), "does not have plans to ..." (negated), "has plans to open" (planned)
        if any(c.dep_ == "det" and c.lower_ == "no" for c in plan.children) or _verb_lemma(plan.head) in _subjects()._EN_DROP:
            return "negated"  # "has no plans to", "scrapped plans to"
        above = _modality_en(plan.head, helper, own_object=False)
        return above if above != "asserted" else "planned"
    if _subjects()._shares_subject(verb) and verb.tag_ == "VBG":
        return _modality_en(head, helper, own_object=False)  # "will build a factory, creating 600 jobs": planned too
    return "asserted"
