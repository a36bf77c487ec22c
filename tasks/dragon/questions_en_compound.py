"""DRAGON questions, English: which facts may be said as one clause of a compound question (issue 10,
session 25).

A conditional question joins two facts about one thing ("Who threw for 318 yards and completed 24 of 31
passes?") and a multi-hop question hides a thing behind a relative clause ("the organization that Sylvie
Gagnon founded"). A clause there has no sentence of its own around it: what a simple question can lean on
(its answer, the one fact it asks) is gone, and the judges fail these questions about twice as often as
simple ones. So a fact is said as such a clause only in a shape that is reliably clean, and refused with
its reason otherwise:

- ``clause_refusal``: the object of an active verb is the verb's own (not the object of a preposition the
  relation dropped: "got two defenders" of "got behind two defenders"), and a noun phrase said in the
  clause has the determiner a singular count noun needs ("has 200-metre banked track", "left the field in
  61st minute", "signed 19-year-old", "will pay further $40,000", "is the player of week");
- ``time_ordered``: the conditions in an order that keeps each verb's tense readable: a past that has its
  bare form ("beat", "put", "cut") after "will play ..." reads as "will beat";
- ``modal_once`` (session 32): conditions that open with one modal, plan or auxiliary ("will close ... and will
  pay ...", "plans to build ... and plans to sell ...", "was bought by ... and was designed by ...") say it once,
  as English coordinates two verb phrases under one modal ("will close ... and pay ..."); the judges read the
  repeated modal as two questions glued together;
- ``agent_asked_as_thing``: the subject of a verb of acting (signing, scoring, issuing) asked "What ...?" or
  "Which place ...?": a team or an agency that the tagger took for a thing or a place; so is a thing that a
  fact shows is a team or a body (``body_by_its_fact``: "lost 27–24", "was joined by Dante Okafor-Bell").
"""
from __future__ import annotations

import re

from schemas import Edge
from tasks.dragon import questions_en_context as en_context
from tasks.dragon.questions_en_amounts import _EN_MASS_NOUNS
from tasks.dragon.questions_en_names import PERSON_NOUNS, PERSON_OBJECT_VERBS
from tasks.dragon.questions_en_verbs import (
    _EN_CONTROL_VERBS, _en_adjectives, _EN_IRREGULAR, _EN_PREPOSITIONS, _en_lexicon, _en_verb_lemma, en_participle,
)

#: a measure said as an adjective ("200-metre", "$9-million", "three-storey", "19-year-old"), an ordinal
#: ("61st", "third"): before a singular noun they need "a" or "the" ("a 200-metre track", "the 61st minute")
_MEASURE_ADJECTIVE = re.compile(
    r"^(?:[$€£]?\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|"
    r"fifty|hundred)(?:-[a-z]+)+$", re.IGNORECASE)
_ORDINAL = re.compile(r"^(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                      r"eleventh|twelfth|\w+teenth|twentieth|thirtieth|fortieth|fiftieth|sixtieth|seventieth|"
                      r"eightieth|ninetieth|hundredth|final|same)$", re.IGNORECASE)
#: adjectives that, before an amount of money, make it one sum: "a further $40,000", "an extra $2 million"
_SUM_ADJECTIVES = frozenset("further additional extra estimated reported total combined initial undisclosed".split())
_MONEY = re.compile(r"^(?:[$€£]\s?\d|\d[\d.,]*\s*(?:euros?|dollars?|pounds?)\b)", re.IGNORECASE)
#: words a noun phrase may open with that determine it
_DETERMINERS = frozenset("""
    a an the this that these those its his her their our my your each every another any some no either neither
    both all several many few much more most such what which whose one
    """.split())
#: time nouns a role noun takes with "of" and "the" ("player of the week", "coach of the year")
_TIME_NOUNS = frozenset("week month year season day decade game match round tournament".split())


def _singular_count_noun(word: str) -> bool:
    lower = word.lower().strip(".,;:")
    if not lower.isalpha() or lower in _EN_MASS_NOUNS or lower.endswith("s") and not lower.endswith(("ss", "us")):
        return False
    return lower in _en_lexicon()[1]


def _plain_adjective(word: str) -> bool:
    """ "new", "covered": a lower-case adjective, which determines nothing (no article, no possessive, no number)."""
    lower = word.lower()
    return lower.isalpha() and word.islower() and lower not in _DETERMINERS and lower not in _EN_PREPOSITIONS \
        and lower in _en_adjectives()


def bare_count_noun(phrase: str) -> str | None:
    """The words of ``phrase`` (an object, a prepositional phrase of a relation) that make a singular count
    noun phrase without its determiner, or None: "200-metre banked track", "61st minute" (of "in 61st minute"),
    "further $40,000", "19-year-old" (a person named by age alone). A name ("Pier 21"), a number ("318
    yards"), a plural or a mass noun ("cherries", "whiskey" is not decided: only a measure or an ordinal
    before the noun, or a sum adjective before money, counts) is no such phrase."""
    words = phrase.split()
    for i, word in enumerate(words):
        before = words[i - 1].lower() if i else None
        opening = i  # where the noun phrase opens: after its plain adjectives ("new $22-million plant")
        while opening and words[opening - 1].lower() not in _EN_PREPOSITIONS and _plain_adjective(words[opening - 1]):
            opening -= 1
        if opening != i and (_MEASURE_ADJECTIVE.match(word.lower()) or _ORDINAL.match(word.lower())) \
                and (not opening or words[opening - 1].lower() in _EN_PREPOSITIONS):
            found = bare_count_noun(" ".join(words[i:]))
            if found and not found.startswith(("further", "additional")) and not found.endswith("-old"):
                return " ".join([*words[opening:i], found])
        if before is not None and before not in _EN_PREPOSITIONS:
            continue  # a phrase opens the object or follows a preposition
        if word[:1].isupper() or word.lower() in _DETERMINERS or word.lower().endswith(("'s", "’s")):
            continue
        lower = word.lower()
        if lower in _SUM_ADJECTIVES and i + 1 < len(words) and _MONEY.match(" ".join(words[i + 1:i + 3])):
            return " ".join(words[i:i + 2])  # "further $40,000": a further sum
        if _MEASURE_ADJECTIVE.match(lower) and lower.endswith("-old") and (i + 1 == len(words)
                                                                         or words[i + 1].lower() in _EN_PREPOSITIONS):
            return word  # "signed 19-year-old": a person named by age, without "the"
        if not (_MEASURE_ADJECTIVE.match(lower) or _ORDINAL.match(lower)):
            continue
        # the noun the modifier goes with: the last word before a preposition or the end
        j = i + 1
        while j < len(words) and words[j].lower() not in _EN_PREPOSITIONS and not words[j][:1].isupper():
            j += 1
        if j - 1 > i and _singular_count_noun(words[j - 1]):
            return " ".join(words[i:j])
    return None


def _role_without_article(rel) -> str | None:
    """ "player of week": a role whose own "of" phrase is a time noun without "the"."""
    words = [*rel.head.split(), *rel.rest]
    for i, word in enumerate(words[:-1]):
        if word.lower() == "of" and words[i + 1].lower() in _TIME_NOUNS:
            return " ".join(words[i:i + 2])
    return None


def _verb_and_object(edge: Edge, lemma: str):
    """(doc, verb token, object span) of ``edge``'s fact in its sentence, or None when either is not found."""
    found = en_context.locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    span = en_context._span_of(doc, edge.tail_label)
    return None if span is None else (doc, verb, span)


def under_unsaid_preposition(edge: Edge, lemma: str, said: set[str]) -> str | None:
    """The preposition the verb's object is governed by in the fact's sentence, when the relation does not
    say it ("Tibbs got behind two defenders" read as "get" + "two defenders"), else None."""
    located = _verb_and_object(edge, lemma)
    if located is None:
        return None
    doc, verb, span = located
    before = doc[span.start - 1] if span.start > 0 else None
    if before is not None and before.head.i == verb.i and before.dep_ in ("advmod", "prt") \
            and before.lower_ in _EN_PREPOSITIONS and before.lower_ not in said:
        return before.lower_  # "got behind two defenders", "behind" parsed as the verb's adverb
    token = en_context.coordination_head(span.root)  # "two touchdowns" of "for 318 yards and two touchdowns"
    if token.dep_ != "pobj" or token.head.dep_ != "prep" or token.head.head.i != verb.i:
        return None
    prep = token.head.lower_
    return None if prep in said else prep


#: units of measure: their "of" phrase names the stuff measured, which the amount says without it
_MEASURE_UNITS = frozenset("""
    tonnes tons tonne ton litres liters litre liter kilograms kilogram kilos kg kilometres kilometers km metres meters
    hectares acres barrels gallons megawatts gigawatts kilowatts megawatt-hours bushels cubic square
    """.split())
#: a possessive pronoun before an object says whose it is, which the clause's subject already says
_POSSESSIVE_PRONOUNS = frozenset("its their his her".split())
#: modifiers of a noun that, written before a label and left out of it, make it a cut phrase
_LEFT_MODIFIERS = frozenset({"amod", "compound", "nmod", "nummod", "poss"})


def cut_label(edge: Edge, label: str) -> str | None:
    """The words of the noun phrase ``label`` is cut from in the fact's sentence, or None: "wool store" of
    "the former Kaikorai Valley wool store", "the Wheat Kings" of "the Brandon Wheat Kings", "the Heart of
    Wales" of "the Heart of Wales line" (a name that is itself a modifier). A title before a person's name
    ("Quarterback Jalen Whitfield", "Cr Doug Ferreira") and a lower-case word before a name ("the
    family-owned Kawarau Rapids Jet") do not cut it; the sentence is the first of the fact's that writes the
    label."""
    nouns = _en_lexicon()[1]
    name = label.split()[-1:] != [] and label.split()[-1][:1].isupper()
    for sentence in edge.sentences:
        doc = en_context.sentence_doc(sentence)
        span = en_context._span_of(doc, label)
        if span is None:
            continue
        if span.text.lower() != " ".join(w for w in label.split() if w.lower() not in ("the", "a", "an")).lower():
            return None  # found by its last word only (``_span_of``): no phrase to compare
        root = span.root
        outside = [t for t in root.children if t.i < span.start and t.dep_ in _LEFT_MODIFIERS
                   and not (t.dep_ == "poss" and t.lower_ in _POSSESSIVE_PRONOUNS)]  # "parks (its) 22 buses"
        if name:
            outside = [t for t in outside if t.pos_ == "PROPN" and t.text[:1].isupper()
                       and t.lower_.rstrip(".") not in PERSON_NOUNS and t.lower_ not in nouns]
        if outside:
            first = min(t.left_edge.i for t in outside)
            return doc[first:span.end].text
        kept_of = [t for t in root.children if t.dep_ == "prep" and t.lower_ == "of" and t.i >= span.end]
        if kept_of and not name and root.lower_ not in _MEASURE_UNITS:  # "3.6 million tonnes (of cargo)" measures
            return doc[span.start:kept_of[0].right_edge.i + 1].text  # "41 counts" of "41 counts of theft"
        after = doc[span.end] if span.end < len(doc) else None
        if name and after is not None and after.pos_ == "NOUN" and after.is_lower \
                and any(t.head.i == after.i for t in span):
            return doc[span.start:after.i + 1].text  # "the Heart of Mercia line": the name is a modifier
        return None
    return None


def object_is_a_doer(edge: Edge, lemma: str) -> str | None:
    """The relation's object is, in the fact's sentence, a subject of its verb or in its "by" phrase ("The
    school will be shared by Regina Public Schools and Regina Catholic Schools" read as one sharing the
    other): said as "the organization that X shares" the clause turns the fact round."""
    located = _verb_and_object(edge, lemma)
    if located is None:
        return None
    doc, verb, span = located
    token = en_context.coordination_head(span.root)
    if token.dep_ == "nsubj" and token.head.i == verb.i:
        return f"{edge.tail_label!r} is the subject of {verb.text!r} in its sentence"
    if token.dep_ == "pobj" and token.head.dep_ == "agent" and token.head.head.i == verb.i:
        return f"{edge.tail_label!r} is in the 'by' phrase of {verb.text!r} in its sentence: a doer, not the object"
    return None


def cut_object_in_relation(edge: Edge, rel) -> str | None:
    """The object noun phrase the relation carries ("vote to buy wool store for") cut from its sentence's
    phrase ("the former Kaikorai Valley wool store"): its article and modifiers are lost, or None."""
    words = list(rel.rest)
    if words[:1] == ["to"] and len(words) > 1 and rel.head in _EN_CONTROL_VERBS and words[1].lower() not in _DETERMINERS \
            and _en_verb_lemma(words[1].lower()):
        words = words[2:]  # "vote to buy wool store for": the infinitive's object ("move to its site": a place)
    phrase = []
    for word in words:
        if word.lower() in _EN_PREPOSITIONS:
            break
        phrase.append(word)
    if not phrase or phrase[0].lower() in _DETERMINERS or phrase[0][:1].isupper() \
            or not _singular_count_noun(phrase[-1]):
        return None
    text = " ".join(phrase)
    for sentence in edge.sentences:
        doc = en_context.sentence_doc(sentence)
        span = en_context._span_of(doc, text)
        if span is None:
            continue
        outside = [t for t in span.root.children if t.i < span.start and t.dep_ in _LEFT_MODIFIERS | {"det"}]
        if outside:
            return doc[min(t.left_edge.i for t in outside):span.end].text
        return None
    return None


#: head nouns by which a hidden thing is described ("the gallery whose director is ..."): a venue or an
#: institution, not a company's own last word ("Group", "Jet")
_CLASS_HEADS = frozenset("""
    gallery college school university hospital museum church library council theatre theater arena stadium hall
    airport station bridge pier harbour harbor port centre center terminal academy institute court prison
    """.split())


def unwritten_head(edge: Edge, label: str) -> str | None:
    """The head noun of a hidden thing's name ("Gallery" of "the Dunedin Public Art Gallery") that the fact's
    sentence does not write, nor the name: the node was joined to the fact out of the reader's sight
    ("taught at the King Edward Technical College in Dunedin" linked to the gallery), and the clause would
    call it by the wrong class. None where a name without a common head noun ("Voltéra Systèmes") is asked."""
    words = label.split()
    if not words or words[-1].lower() not in _CLASS_HEADS or not words[-1][:1].isupper():
        return None
    head = words[-1].lower()
    text = " ".join(edge.sentences).lower()
    name = " ".join(w for w in words[:-1] if w.lower() not in ("the", "a", "an")).lower()
    if re.search(rf"\b{re.escape(head)}\b", text) or name and re.search(rf"\b{re.escape(name)}\b", text):
        return None  # "the Globe" of "the Globe Theatre": the name without its head is written
    return f"the sentence of {edge.relation!r} writes neither {label!r} nor its {head!r}"


def clause_refusal(edge: Edge, rel, node: str) -> str | None:
    """Why ``edge`` (its relation read as ``rel``) may not be said as a clause about ``node`` in a compound
    question, or None (see the module doc)."""
    said = {w.lower() for w in edge.relation.split()}
    if rel.kind == "verb" and node == edge.head:
        prep = under_unsaid_preposition(edge, rel.head, said)
        if prep:
            return f"the object {edge.tail_label!r} of {edge.relation!r} is governed by {prep!r}, which the relation dropped"
    if rel.kind == "role":
        cut = _role_without_article(rel)
        if cut:
            return f"the role {edge.relation!r} lost an article ({cut!r})"
    if rel.kind == "verb":
        cut = cut_object_in_relation(edge, rel)
        if cut:
            return f"the object of {edge.relation!r} is cut from {cut!r}"
        unwritten = unwritten_head(edge, edge.head_label if node == edge.head else edge.tail_label)
        if unwritten:
            return unwritten
    if rel.kind == "verb" and node == edge.tail:
        doer = object_is_a_doer(edge, rel.head)
        if doer:
            return doer
    said_label = edge.tail_label if node == edge.head else edge.head_label
    if rel.kind in ("verb", "passive"):
        whole = cut_label(edge, said_label)
        if whole:
            return f"{said_label!r} in a clause of {edge.relation!r} is cut from {whole!r}"
    for phrase in (rel.rest_text, edge.tail_label if node == edge.head else None):
        if not phrase:
            continue
        bare = bare_count_noun(phrase)
        if bare:
            return f"{bare!r} in a clause of {edge.relation!r} is a singular noun without its article"
    return None


#: past forms that are also the bare verb: after "will play ... and" they read as "will beat" (``time_ordered``)
_BARE_PASTS = frozenset(base for base, (past, _) in _EN_IRREGULAR.items() if past == base)
_OPENS_A_BARE_VERB = re.compile(
    r"^(?:will|would|could|can|may|might|should|must|(?:plans?|hopes?|expects?|aims?|wants?|intends?|agreed|"
    r"is expected|are expected|agrees?) to)\b")


def person_object_as_body(rel, node_is_tail: bool, cls: str) -> str | None:
    """ "the organization that Justice X sentenced": the object of a verb whose object is a person, described
    as a body (the tagger's guess for a name it did not know)."""
    if rel.kind == "verb" and node_is_tail and rel.head in PERSON_OBJECT_VERBS and cls != "the person":
        return f"{cls!r} for the object of {rel.head!r}, who is a person"
    return None


def time_ordered(predicates: list[str]) -> list[str]:
    """``predicates`` with a past ("beat the Roughriders", "placed 420 line crews", "was signed by X") moved before
    one that opens with a modal or a plan ("will play the BC Lions"): "beat X and will play Y", not "will play Y and
    beat X" (read as "will beat") nor "will open its centre and placed 420 crews" (the judges' tense clash): what
    happened first, then what will, says both tenses. So too a bare past ("beat", "hit", "set") beside a present
    with -s: "beat X 81-63 and improves to 5-1", not "improves to 5-1 and beat X" (read as a broken "beats")."""
    def past(predicate: str) -> bool:
        word = (predicate.split() or [""])[0].lower()
        if _OPENS_A_BARE_VERB.match(predicate) or not word:
            return False
        lemma = _en_verb_lemma(word)
        return word in ("was", "were") or word in _BARE_PASTS or (
            lemma is not None and lemma != word and not word.endswith("s"))

    def present(predicate: str) -> bool:  # "improves to 5-1": a verb's third person present
        word = (predicate.split() or [""])[0].lower()
        lemma = _en_verb_lemma(word) if word.endswith("s") and word not in ("is", "was", "has", "does") else None
        return lemma is not None and lemma != word

    def bare_past(predicate: str) -> bool:
        return (predicate.split() or [""])[0].lower() in _BARE_PASTS

    # "Who improves to 5-1 and beat X?": after a present with -s a bare past reads as a present without it
    mixed = any(present(p) for p in predicates) and any(bare_past(p) for p in predicates)
    if len(predicates) < 2 or not (mixed or any(_OPENS_A_BARE_VERB.match(p) for p in predicates)):
        return predicates
    first = [p for p in predicates if past(p)]
    return first + [p for p in predicates if not past(p)]


#: a modal, or a verb of planning with its "to", that governs the bare verb after it ("will", "plans to")
_MODAL_OPENING = re.compile(
    r"^((?:will|would|could|can|may|might|should|must)|(?:plans?|hopes?|expects?|aims?|wants?|intends?|agreed|"
    r"agrees?|is expected|are expected|is set|are set|is due|are due) to)\s+(?=[a-z])")


#: an auxiliary of the passive, the perfect or the progressive ("was bought by", "has signed", "is forecasting")
_AUXILIARY_OPENING = re.compile(r"^((?:was|were|is|are)(?: being)?|(?:has|have|had)(?: been)?)\s+([a-z]+)\b")


def _opening(predicate: str) -> tuple[str, int] | None:
    """The modal, plan or auxiliary ``predicate`` opens with and where the verb after it starts, or None. An
    auxiliary counts only before a participle ("was bought", "has signed", "is forecasting"): "is the captain of X"
    and "has 210 members" open with a verb of their own."""
    modal = _MODAL_OPENING.match(predicate)
    if modal:
        return modal.group(1), modal.end()
    aux = _AUXILIARY_OPENING.match(predicate)
    if aux is None:
        return None
    verb = aux.group(2)
    lemma = _en_verb_lemma(verb)
    participle = lemma is not None and verb != lemma and (verb == en_participle(lemma) or verb.endswith("ing"))
    return (aux.group(1), aux.start(2)) if participle else None


#: words right after a modal that deny the verb after them
_NEGATIONS = frozenset({"not", "never", "no"})


def modal_once(predicates: list[str]) -> list[str]:
    """``predicates`` with the modal, plan or auxiliary they all open with said by the first only: "will close both
    lanes at Northam" and "will send traffic through Toodyay" -> "will close both lanes at Northam" and "send
    traffic through Toodyay" (joined by "and": one modal over two verb phrases); "was bought by X" and "was designed
    by Y" -> "was bought by X and designed by Y". Predicates that open differently ("beat X" and "will host Y",
    "will close X" and "plans to sell Y") are kept as they are, and so are predicates one of which is negated ("will
    not renew X" and "will sign Y": "will not renew X and sign Y" would deny both)."""
    openings = [_opening(p) for p in predicates]
    if len(predicates) < 2 or not all(openings) or len({o[0] for o in openings}) != 1:
        return predicates
    if any(p[o[1]:].split(" ", 1)[0].lower() in _NEGATIONS for p, o in zip(predicates, openings)):
        return predicates
    return [predicates[0], *(p[o[1]:] for p, o in zip(predicates[1:], openings[1:]))]


#: verbs of acting whose subject is a person or a body, never a thing or a place
_AGENT_VERBS = frozenset("""
    sign hire fire sue appoint sponsor invest announce approve award order employ recall launch found fund beat
    defeat sack score issue warn agree reject promise apply ask offer lead thrash edge host forecast say confirm
    """.split())


#: a game's score: "lost 27–24", "won 3-1"
_SCORE = re.compile(r"^\d{1,3}\s?[–-]\s?\d{1,3}$")
#: verbs of a game's result, whose subject is a team or a player when their object is a score
_RESULT_VERBS = frozenset("lose win draw tie".split())
#: verbs whose object, when a person is their subject, is a body of people: one joins a club, coaches a team
_BODY_OBJECT_VERBS = frozenset("join rejoin coach captain".split())


def body_by_its_fact(edge: Edge, rel, node: str) -> str | None:
    """The fact that shows ``node`` is a team or a body, whatever the tagger typed it: the subject of a result
    with a score ("lost 27–24"), the object of a person joining or coaching it ("was joined by Dante Okafor")."""
    if rel.kind != "verb":
        return None
    if node == edge.head and rel.head in _RESULT_VERBS and _SCORE.match(edge.tail_label.strip()):
        return f"{rel.head} {edge.tail_label}"
    if node == edge.tail and rel.head in _BODY_OBJECT_VERBS and edge.head_type == "person":
        return f"a person's {rel.head!r}"
    return None


def agent_asked_as_thing(who: str, verbs: list[str], bodies: list[str] | tuple[str, ...] = ()) -> str | None:
    """ "What scored four unanswered goals ...?", "Which place issued a snowfall warning ...?": the subject
    of a verb of acting asked as a thing or a place (a team, an agency the tagger did not see as a body);
    ``bodies``: facts that show the thing is a body (``body_by_its_fact``: "What ... lost 27–24?")."""
    if who.lower() not in ("what", "which place", "which places"):
        return None
    acting = [v for v in verbs if v in _AGENT_VERBS]
    if acting:
        return f"{who!r} asked for the subject of {acting[0]!r}, a verb of acting: the thing is a person or a body"
    if bodies:
        return f"{who!r} asked for a team or a body ({bodies[0]!r})"
    return None
