"""Triplet extraction, rules engine, English: whose fact a verb states.

``_subjects_en`` finds a verb's subjects where the parse leaves them implicit or wrong: conjuncts sharing
a subject, control ("agreed to buy"), raising in a relative ("which the museum expects to cost"), plan
nouns ("has no plans to sell"), opening participles ("Founded in 1952, X ..."), reduced relatives and
appositions, relative pronouns resolved to their antecedent. ``_control_prefix_en`` gives the control
verb kept in the relation ("agree to"). ``without_shared_amounts`` keeps an amount of coordinated doers off
each of them ("X and Y gave $180,000" is no fact about X).
"""
from __future__ import annotations

import re

from tasks.dragon.triplets_base import _Fact, _join
from tasks.dragon.triplets_rules_en_lexicon import (
    _EN_CLAIMS, _EN_RELATIVE, _EN_SPEECH, _EN_SUBJ, _EN_VALUE_LABELS, _verb_lemma,
)
from tasks.dragon.triplets_rules_en_modality import _EN_NEGATIVE_CONTROL, _EN_PLAN_HEADS, _EN_REPORTING, _rules_out
from tasks.dragon.triplets_rules_en_mentions import _next_to
from tasks.dragon.triplets_rules_en_phrases import _EN_SUBORDINATE_MARKS, _EnSentence
from tasks.dragon.triplets_rules_en_repairs import named_apposition, subject_of_finite_acl, tallied_purpose
from tasks.dragon.triplets_rules_en_results import won_after
from tasks.dragon.words_en import EN_TIME_AND_PERIOD_NOUNS


def _control_prefix_en(verb) -> str:
    """ "agreed to buy" → "agree to"; "plans to open" → "" (the plan is the modality, not the relation)."""
    if verb.dep_ != "xcomp" and not tallied_purpose(verb) or verb.head is verb or verb.head.pos_ not in ("VERB", "AUX") \
            or won_after(verb):
        return ""  # "rallied to beat Harlow 27-20": the win is the fact, not the rally
    head = verb.head
    lemma = _verb_lemma(head)
    if lemma in _EN_PLAN_HEADS or lemma in _EN_NEGATIVE_CONTROL or lemma in ("be", "have") or _rules_out(head):
        return ""  # "plans to open" is a planned opening, "failed to win" a negated win, "has to pay" a duty
    to = "to" if any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) else ""
    return _join(_control_prefix_en(head), lemma, to)


def _subjects_en(verb, helper: _EnSentence) -> list[tuple[object, bool]]:
    """Subject head tokens of ``verb`` with whether the subject is passive."""
    subjects = [(c, c.dep_ == "nsubjpass") for c in verb.children if c.dep_ in _EN_SUBJ]
    if len(subjects) > 1:
        # "UPDATE, Dec. 16: RCMP officers charged X": what stands before a colon is a label of what follows,
        # not a second subject of its verb
        doc = verb.doc
        subjects = [(c, p) for c, p in subjects
                    if not any(doc[i].text == ":" for i in range(c.i + 1, verb.i))
                    or not any(o.i > c.i for o, _ in subjects)]
    if not subjects:
        # "which is 60% owned by X": the parser may hang the subject on the auxiliary
        subjects = [(c, c.dep_ == "nsubjpass" or a.dep_ == "auxpass") for a in verb.children
                    if a.dep_ in ("aux", "auxpass") for c in a.children if c.dep_ in _EN_SUBJ]
    anchor = verb  # the verb whose subject it is (for relative-clause resolution)
    if not subjects:
        punished = _punished_for(verb)
        if punished is not None:
            return [(c, False) for c in punished.children if c.dep_ in ("nsubjpass",)]
    missed = _own_subject_missed(verb) if not subjects and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX") \
        else None
    if missed is not None:
        # "The coach moved X to the top line, and the forward scored ...", "Tasson passed for 211 yards, and
        # running back Jaxon Koski ran for 146": the clause after "and" names its own doer, which the parser took
        # for an adverb or a clausal subject; the first clause's subject did not do it. A name right before the
        # verb is its doer; else who did cannot be read off the parse, and the verb gives no fact
        return [(missed, False)] if missed is not verb else []
    if not subjects and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        # "X acquired Y and sold Z": the second verb shares the first one's subject, but
        # not its voice ("is based in Oslo and manages ..." — "manages" is active)
        anchor = _conjunct_head(verb)
        own_passive = any(c.dep_ == "auxpass" for c in verb.children) or (
            verb.tag_ == "VBN" and any(c.dep_ == "agent" for c in verb.children)
            and (any(c.dep_ in ("auxpass", "nsubjpass") for c in anchor.children)  # "is organised by X and sponsored by Y"
                 or anchor.dep_ == "acl" and anchor.tag_ == "VBN"))  # "the centre, built by X and designed by Y,"
        subjects = [(c, own_passive) for c in anchor.children if c.dep_ in _EN_SUBJ]
        if not subjects and anchor.i != verb.i:
            return [(s, own_passive) for s, _ in _subjects_en(anchor, helper)]
    if not subjects and verb.dep_ == "ccomp" and verb.head.i != verb.i \
            and _verb_lemma(verb.head) in _EN_REPORTING | _EN_CLAIMS | _EN_SPEECH:
        # "Pettifer insisted Harbourside will not raise rents": the parser made the clause's subject the
        # object of "insisted"
        taken = next((c for c in verb.head.children if c.dep_ == "dobj" and c.i < verb.i
                      and c.right_edge.i + 1 == verb.left_edge.i), None)
        if taken is not None:
            return [(taken, False)]
    raised = _raised_relative(verb)
    if not subjects and raised is not None:
        # "restoration, which the museum expects to cost about £40,000": what costs is the restoration
        return [(raised, False)]
    if not subjects and (verb.dep_ == "xcomp" or tallied_purpose(verb) or won_after(verb)) \
            and verb.head.pos_ in ("VERB", "AUX", "ADJ") \
            and verb.head.i != verb.i:
        # control: "Telmark agreed to buy X", "Kolding Wind is set to build X": the head's subject
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        controller = verb.head
        if controller.pos_ == "ADJ" and controller.dep_ == "acomp" and controller.head.i != controller.i:
            controller = controller.head  # "Vesta Foods is likely to close ...": the subject of "is"
        return [(s, own_passive) for s, _ in _subjects_en(controller, helper)]
    plan = _plan_noun_head(verb)
    if not subjects and plan is not None:
        # "has no plans to sell X", "had plans to open Y": the subject of "have"
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        return [(s, own_passive) for s, _ in _subjects_en(plan.head, helper)]
    if not subjects and _shares_subject(verb):
        # "won the tournament, beating X in 41 moves": the participle's subject is the clause's;
        # "Founded in 1952, Vesta Foods employs ...": a past participle's, as its patient
        passive = verb.tag_ == "VBN"
        # "Founded in 2009 by X, Tallgrass was acquired by Y": what was founded is the main clause's
        # subject whatever its voice; "beating X, Y was crowned" (an active participle) only an active one's
        return [(s, passive) for s, p in _subjects_en(verb.head, helper) if passive or not p]
    finite_root = subject_of_finite_acl(verb) if not subjects else None
    if finite_root is not None:
        subjects = [(finite_root, False)]  # "Delacroix, who grew up in Sandy Bay, starred in ...": the parser's acl
    if not subjects and verb.dep_ == "acl" and verb.tag_ == "VBN":
        # "Harbour Logistics, based in Oslo, ..." : a participle modifying its noun; "Corvalimab, an
        # experimental drug developed by X": the noun stands for the name it is in apposition to
        noun = verb.head
        before = noun.doc[noun.left_edge.i - 1] if noun.left_edge.i > 0 else None
        if before is not None and before.pos_ in ("NOUN", "PROPN") and before.dep_ != "compound" \
                and verb.i == noun.i + 1 and not any(c.dep_ == "agent" for c in verb.children):
            return []  # "figures the company published in its report": a relative clause without "that", not a passive
        if noun.dep_ == "pobj" and noun.head.head.pos_ in ("NOUN", "PROPN") and (
                noun.ent_type_ in ("GPE", "LOC", "FAC") or noun.doc[verb.i - 1].text == ","):
            return []  # "a Weimaraner called Duchess from Wareham, owned by X": not the town, who is owned cannot be told
        if noun.dep_ == "appos" and noun.pos_ == "NOUN" and (noun.head.pos_ == "PROPN" or noun.head.i in helper.ent_of):
            noun = noun.head
        named = next((a for a in noun.children if a.dep_ == "appos" and a.pos_ == "PROPN" and a.i < verb.i), None) \
            if noun.pos_ == "NOUN" and noun.i not in helper.ent_of else None
        if named is not None and helper.phrase(named) is not None:
            noun = named  # "its second album, Driftwood, produced by X": what was produced is Driftwood
        subjects = [(noun, True)]
    resolved = []
    for subject, passive in subjects:
        if subject.lower_ in _EN_RELATIVE and anchor.dep_ == "relcl":
            who = subject.lower_ == "who"
            subject = anchor.head  # "X, which is based in Oslo" → X
            if who and subject.pos_ in ("NOUN", "PROPN") and subject.dep_ == "pobj" and subject.head.lower_ in ("from", "of") \
                    and subject.head.head.pos_ == "NOUN" and subject.head.head.tag_ == "NNS" and subject.ent_type_ != "PERSON":
                # "officers from the drugs squad, who found cash": "who" is the people, not the body they come from
                subject = subject.head.head
            if subject.dep_ == "pobj" and subject.head.lower_ == "of" and subject.head.head.pos_ == "NOUN" \
                    and any(t.like_num for t in subject.lefts):
                # "the tournament record of 7.5 points, which was set by Holt": the record was set, not the points
                subject = subject.head.head
            if subject.dep_ == "pobj" and subject.lower_ not in _EN_RELATIVE and (
                    subject.ent_type_ in ("GPE", "LOC", "FAC") or subject.head.lower_ in ("on", "in", "at", "near")
                    and subject.pos_ == "PROPN" and subject.head.head.pos_ == "NOUN"):
                # "sold at a store on Main Street in Ankeny, which will receive a bonus": the parser hangs the
                # clause on the nearest place; a place after a verb's preposition stands beside the thing the
                # verb's earlier preposition names (the store); after a noun's ("a company in Perth") who is
                # meant cannot be told
                subject = _thing_before_place(subject)
                if subject is None:
                    continue
            if subject.dep_ == "appos" and subject.pos_ == "NOUN" and (
                    subject.head.pos_ == "PROPN" or subject.head.i in helper.ent_of):
                if not _next_to(subject, subject.head) or subject.head.ent_type_ in _EN_VALUE_LABELS:
                    # "X proposed building generators, a plan that drew 1,400 objections", "agreed to buy Y for
                    # $64 million, a deal that would ...": a noun after the clause sums the clause up; what drew
                    # the objections is the plan, not X (nor the sum the parser hung the noun on): no fact
                    continue
                subject = subject.head  # "The Tour, the race that has visited Cumbria" → the Tour
        # "Storm Bay Marine's managing director, Hamish Treloar, has ordered ...": the name acts
        subject = named_apposition(subject, helper.ent_of) or subject
        for conjunct in _EnSentence.with_conjuncts(subject):
            resolved.append((conjunct, passive))
    return resolved


#: what may stand between "and" and a conjoined verb without being its subject: "and then sold", "and last year
#: sold", "and in 2019 sold it": adverbs, times and prepositional phrases
_EN_NOT_SUBJECT_DEPS = frozenset({"aux", "auxpass", "neg", "punct", "cc", "prep", "mark", "prt"})
#: clauses that hang before a conjoined verb without naming its doer: "and, officials said, will reopen" (parataxis),
#: "and, if no buyer is found, will lay off" (advcl), "and, as the coach admitted, rallied" (advcl)
_EN_ASIDE_DEPS = frozenset({"advcl", "parataxis", "ccomp"})


def _own_subject_missed(verb):
    """A conjoined verb with a noun phrase of its own between the coordinator and it that the parser did not
    call its subject ("and the forward scored", "and running back Jaxon Koski ran", "and bikes travel free"):
    the verb has a doer of its own, so it does not share the first verb's subject. Returns that doer's name
    when a name ends right before the verb ("Koski"), ``verb`` itself when the doer is no name, else None."""
    head = verb.head
    cc = next((c for c in reversed(list(head.children)) if c.dep_ == "cc" and c.i < verb.i), None)
    if cc is None:
        return None
    doc = verb.doc
    for child in verb.lefts:
        if child.i <= cc.i or child.dep_ in _EN_NOT_SUBJECT_DEPS or child.dep_ in _EN_ASIDE_DEPS:
            continue
        if child.left_edge.i > 0 and doc[child.left_edge.i - 1].text == "," \
                and child.right_edge.i + 1 < len(doc) and doc[child.right_edge.i + 1].text == ",":
            continue  # "and, officials said, will reopen", "and, citing costs, cut": an aside set off by commas
        if child.dep_ != "csubj" and any(t.ent_type_ in ("DATE", "TIME") or t.lemma_.lower() in EN_TIME_AND_PERIOD_NOUNS
                                         for t in child.subtree):
            continue  # "and last year sold", "and this week opened": a time
        if child.dep_ == "csubj" or any(t.pos_ in ("DET", "PROPN", "PRON") or t.tag_ in ("NN", "NNS")
                                        for t in child.subtree):
            # "running back Jaxon Koski ran": "running" read as the verb of a clausal subject, "Koski" its object
            last = verb.doc[verb.i - 1]
            return last if last.pos_ == "PROPN" and last.ent_type_ in ("PERSON", "ORG") and last.i > cc.i else verb
    return None


def _thing_before_place(place):
    """The pobj of the verb's preposition before the one of ``place`` (see _subjects_en), or None."""
    prep = place.head
    verb = prep.head
    if prep.dep_ != "prep" or verb.pos_ not in ("VERB", "AUX"):
        return None
    earlier = [c for c in verb.children if c.dep_ == "prep" and c.i < prep.i]
    if not earlier:
        return None
    pobj = next((p for p in earlier[-1].children if p.dep_ == "pobj"), None)
    if pobj is None or pobj.pos_ != "NOUN" or pobj.ent_type_ in ("GPE", "LOC", "DATE", "TIME"):
        return None
    return pobj


#: verbs that take "X to V" with X the infinitive's subject: "which the museum expects to cost"
_EN_RAISING = frozenset({"expect", "estimate", "forecast", "project", "predict", "believe", "consider", "want"})


def _raised_relative(verb):
    """ "which the museum expects to cost £40,000": the parser makes "which" a second object of "cost";
    with another object there, it is the infinitive's subject (its antecedent), not an object."""
    if verb.dep_ != "xcomp":
        return None
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    relative = next((o for o in objects if o.lower_ in ("which", "that") and o.i < verb.head.i), None)
    if relative is None or len(objects) < 2 or _verb_lemma(verb.head) not in _EN_RAISING:
        return None
    return _relative_antecedent(relative)


def _conjunct_head(verb):
    """The verb a conjunct shares its subject with. "X began operating in 2011, after Portugal opened its
    market, and carried 14.2 million passengers": the parser hangs "carried" on "opened", but a comma
    closes the "after" clause before "and", so "carried" goes with "began"."""
    head = verb.head
    cc = next((c for c in head.children if c.dep_ == "cc" and c.i < verb.i), None)
    if head.dep_ == "advcl" and head.head.i != head.i and cc is not None and cc.i > 0 \
            and verb.doc[cc.i - 1].text == "," and any(
                c.dep_ == "mark" and c.lower_ in _EN_SUBORDINATE_MARKS for c in head.children):
        return head.head
    return head


#: verbs whose subject owns the plan it has or makes known: "announced plans to build" (not "rejected a plan to")
_EN_PLAN_OWNERS = frozenset({"have", "announce", "unveil", "outline", "present", "confirm", "reveal", "publish",
                             "detail", "draw", "make", "lay", "set", "submit", "file"})
#: verbs that give a plan up: "scrapped plans to open a base" (a negated opening)
_EN_DROP = frozenset({"scrap", "drop", "abandon", "shelve", "cancel", "ditch", "withdraw", "axe"})
#: nouns of intention: "has no plans to sell X" is a negated sale, "has plans to open Y" a planned opening
_EN_PLAN_NOUNS = frozenset({"plan", "intention", "intent"})


def _plan_noun_head(verb):
    """The noun "plans" of "has (no) plans to V", with ``verb`` its infinitive; else None."""
    noun = verb.head
    if verb.dep_ != "acl" or noun.i == verb.i or noun.lemma_.lower() not in _EN_PLAN_NOUNS:
        return None
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    if noun.dep_ != "dobj" or noun.head.pos_ not in ("VERB", "AUX") \
            or _verb_lemma(noun.head) not in _EN_PLAN_OWNERS | _EN_DROP:
        return None  # "has no plans to", "announced plans to", "scrapped plans to"; not "rejected a plan to"
    return noun


def _shares_subject(verb) -> bool:
    """A participle clause with no subject of its own: "X won the title, beating Y" (X beat Y),
    "will build a plant, creating 600 jobs". Not after a verb of saying ("the company said,
    sending its shares up": the shares were sent by the news, not by the speaker)."""
    if not (verb.dep_ == "advcl" or verb.dep_ == "prep" and verb.tag_ == "VBN" and verb.i == verb.sent.start) \
            or verb.tag_ not in ("VBG", "VBN") or verb.head.i == verb.i:
        return False  # ("Based in Oslo, X ...": the parser may call the opening participle a preposition)
    if verb.tag_ == "VBN" and verb.i > verb.head.i:
        return False  # only an opening "Founded in 1952, X ...": after the verb a past participle is another clause
    if any(c.dep_ in ("mark", "nsubj", "nsubjpass", "aux") for c in verb.children):
        return False
    head = verb.head
    return head.pos_ in ("VERB", "AUX") and head.lemma_.lower() not in _EN_REPORTING and (
        verb.i > head.i or verb.tag_ == "VBN")


def _relative_antecedent(pronoun):
    """The noun a relative pronoun stands for ("the auction, which the regulator plans to hold")."""
    token = pronoun
    for _ in range(6):
        if token.dep_ == "relcl":
            return token.head
        if token.head.i == token.i:
            return None
        token = token.head
    return None


#: verbs of a penalty for a deed that a court found done: "was jailed for stealing ..." (never "arrested / charged
#: for", an allegation)
_EN_PENALTIES = frozenset({"sentence", "jail", "imprison", "convict", "fine", "ban", "disqualify", "suspend"})


def _punished_for(gerund):
    """ "was sentenced ... to eight months' detention for stealing $52,000": the passive penalty verb whose patient
    did the gerund's deed, or None."""
    if gerund.tag_ != "VBG" or gerund.dep_ != "pcomp" or gerund.head.lower_ != "for":
        return None
    token = gerund.head
    for _ in range(4):  # up through "for" and the noun it may hang on ("detention for stealing")
        token = token.head
        if token.pos_ == "VERB":
            break
        if token.dep_ not in ("pobj", "prep") and token.pos_ not in ("NOUN", "ADP"):
            return None
    if token.pos_ != "VERB" or _verb_lemma(token) not in _EN_PENALTIES \
            or not any(c.dep_ == "auxpass" for c in token.children):
        return None
    return token


#: words that make a verb's amount its doers' sum: "which together gave $180,000", "won nine turnovers between them"
_EN_JOINTLY = frozenset({"together", "jointly", "collectively"})
#: words that make it each doer's own: "X and Y each gave $5,000", "paid $200 apiece", "were both 34"
_EN_EACH = frozenset({"each", "apiece", "respectively", "per", "both"})
#: verbs whose money or count, done by coordinated doers, is their sum: giving, paying, raising, investing
#: ("X and Y gave $400,000"); a score, an age, a deal's worth is no sum they share ("X and Y scored in the 2-1 win")
_EN_SUM_VERBS = frozenset({
    "give", "donate", "pay", "raise", "invest", "spend", "contribute", "pledge", "lend", "loan", "fund", "commit",
    "put", "bid", "offer", "collect", "earn", "grant", "provide", "chip", "pump", "plough", "plow", "inject"})
#: verbs whose coordinated subjects are the two sides of one event: "Rovers and City will play two matches" is
#: true of each side
_EN_SIDES = frozenset({"play", "meet", "face", "draw", "tie", "host", "visit"})
#: an amount: a sum, a count of things ("nine turnovers", "about $400,000", "two more games")
_EN_AMOUNT = re.compile(
    r"^(?:(?:about|around|nearly|almost|roughly|some|over|under|more than|less than|fewer than|up to|another"
    r"|a further|an extra|a total of|a combined|a joint)\s+)*(?:[$£€¥]|\d|(?:one|two|three|four|five|six|seven"
    r"|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred"
    r"|hundreds|thousands|dozen|dozens|a hundred|a thousand|a million)\b)", re.IGNORECASE)


def without_shared_amounts(verb, facts: list[_Fact], helper: _EnSentence) -> list[_Fact]:
    """``verb``'s facts less the amounts that belong to its doers together (false premises, issue 10).

    "The Halvorsen Trust and the Dunmore Foundation gave $400,000", "X and Y, which together gave $180,000",
    "the pair of A and B won nine turnovers between them": the sum or the count is the pair's; asked of one of
    them ("How much did the Dunmore Foundation give?") it is false, and what each gave the text does not say, so
    no per-doer amount fact is kept. "each", "apiece", "respectively" make the amount each doer's own, and the
    sides of a game ("Rovers and City will play two matches") each do it. Facts with no amount stand: both gave."""
    if not any(_is_amount(f) for f in facts) or _verb_lemma(verb) in _EN_SIDES or not _shared_by_doers(verb, helper):
        return facts
    if _verb_lemma(verb) not in _EN_SUM_VERBS and not _said_jointly(verb):
        return facts  # "X and Y signed a deal worth $5 million", "scored in the 2-1 win": no sum of theirs
    return [f for f in facts if not _is_amount(f)]


#: a year, which is a time and no amount ("who sold a software company in 2021")
_EN_YEAR = re.compile(r"^(?:1[89]|20)\d\d\b")


#: a result, which is no amount: "the 2-1 win", "a 24-17 loss"
_EN_RESULT = re.compile(r"^(?:the |a |an )?\d{1,3}\s?[-–—]\s?\d{1,3}\b")


def _is_amount(fact: _Fact) -> bool:
    if _EN_YEAR.match(fact.object) or _EN_RESULT.match(fact.object):
        return False
    return fact.object_label in ("MONEY", "CARDINAL", "QUANTITY") or (
        fact.object_label not in ("PERCENT", "DATE", "TIME", "ORDINAL") and _EN_AMOUNT.match(fact.object) is not None)


def _said_jointly(verb) -> bool:
    """ "which together gave", "scored 31 goals between them": the clause says its amount is a sum."""
    near = [t for c in verb.children for t in (c, *c.children)]
    return any(c.lower_ in _EN_JOINTLY and c.dep_ in ("advmod", "npadvmod") for c in verb.children) or any(
        t.dep_ == "prep" and t.lower_ in ("between", "among") and any(
            p.dep_ == "pobj" and p.lower_ in ("them", "themselves") for p in t.children) for t in near)


def _shared_by_doers(verb, helper: _EnSentence) -> bool:
    """Whether ``verb``'s doers are several things that did it together: its subject is a coordination of
    names ("X and Y gave", "X and Y, who gave"), or the clause says "together" / "between them"."""
    near = [t for c in verb.children for t in (c, *c.children)]
    if any(t.lower_ in _EN_EACH and t.dep_ not in ("prep", "preconj") for t in near) \
            or any(t.lower_ == "per" for t in near):
        return False
    if _said_jointly(verb):
        return True
    for subject, _ in _subjects_en(verb, helper):
        first = subject
        while first.dep_ == "conj" and first.head.i != first.i and first.head.pos_ in ("NOUN", "PROPN"):
            first = first.head
        if len(_EnSentence.with_conjuncts(first)) > 1:
            return True
    return False
