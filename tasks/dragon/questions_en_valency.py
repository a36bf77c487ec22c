"""DRAGON questions, English: the parts a fact's verb needs that its relation lost (issue 10, session 21).

A relation keeps the verb and, at best, its preposition; the sentence's parse keeps what the verb
cannot be said without. A question built from the relation alone is clipped or asks something else:

- a predicative the verb takes ("pleaded guilty", "turned professional"): "When did X plead?";
- a particle ("spun out", "held off") the relation does not say;
- the object of a relative clause, which is the noun the clause hangs on ("the barn it has used since
  2015"): "Since when has X used?";
- a prepositional complement the verb selects, said with a gerund ("barred him from holding a
  licence", "talked her into signing", "accused them of hiding"): "Who did X bar?";
- the role an object is given ("cast Y in the title role", "put Z into the lead part"): asked for Y, "Who
  did X cast?" has as many answers as X cast people ("replaced Y as chair" still has one answer);
- the second object of a verb said with two ("giving the two towns a second airline", "lend the firm $19
  million"): "How many towns will X give?" keeps who receives and drops what is given (``second_object``);
- a particle the parser reads as an adverb ("set aside 40 lots", "paid back the loan"): "How many lots will
  X set?" (``particle_adverb``);
- an object that is no object of the verb but hangs on the noun that is ("paid for the exhibition at the
  Arts Centre", "bought a stake in Kelby Mills"): "Which centre did X pay for?" asks a false premise
  (``hung_on_another_noun``);
- a preposition the verb selects and says another thing without ("close on the building": buy it; "apply for
  a licence"): "When does the county plan to close?" (``_selected_complement``; a time after it is none);
- a part picked from the whole the question would ask for ("submitted the lowest of five bids"): "How many
  bids did X submit the lowest of?" (``_PARTITIVE``);
- what an amount is added to or taken off ("adding about 20 minutes to the trip"): "What will add about 20
  minutes?" (``_goal_of_an_amount``, session 32).

The three before these are shared with the question filter's ``question_grammar_fidelity.lost_complement``, which
reads the question's words where this module reads the relation's.

``lost_dependent`` reports the first of these the question would drop (a recorded refusal), None when
the verb is complete or its sentence is not found. Every template path (simple, set, multi-hop relative
clause, conditional predicate) says the relation as it is, so the check is on the edge.
"""
from __future__ import annotations

import re

from tasks.dragon import questions_en_context as en_context
from tasks.dragon.words_en import EN_TIME_WORDS, EN_TRANSFER_GOALS

#: prepositions that, with a gerund after them, complete the verb ("bar from holding", "talk into
#: signing", "accuse of hiding"); other prepositions with a gerund are adverbials ("after pleading")
_SELECTED_WITH_GERUND = frozenset({"from", "into", "of"})
#: nouns of a role given to an object ("in the title role", "in the lead part")
_ROLE_NOUNS = frozenset({"role", "roles", "part", "parts", "position", "post", "capacity", "lead"})
#: nouns a relative clause may hang on without being its object ("the year it opened")
_NOT_OBJECT_NOUNS = frozenset({
    "year", "years", "day", "days", "week", "weeks", "month", "months", "time", "times", "season", "seasons",
    "way", "ways", "reason", "place", "moment", "night", "morning", "hour", "hours", "minute", "minutes", "era",
    "decade", "decades", "period", "date", "game", "match", "race", "point", "stage", "extent", "manner",
})
_RELATIVES = frozenset({"which", "that", "who", "whom", "whose", "what"})
_WH_ADVERBS = frozenset({"where", "when", "why", "how", "whereby"})
#: words the noun table also lists but that, before a subject, are the verb of a clause ("said she would")
_VERBS_ONLY = frozenset({"said", "says", "say", "told", "tell", "think", "thinks", "thought", "believe", "believes",
                         "know", "knows", "knew", "hope", "hopes", "hoped", "expect", "expects", "expected"})


def _ends(doc, edge):
    return [span for span in (en_context._span_of(doc, edge.head_label), en_context._span_of(doc, edge.tail_label))
            if span is not None]


def _covers(token, ends) -> bool:
    """One of the fact's ends lies in ``token``'s subtree (the end is the dependent, or in it)."""
    return any(token.left_edge.i <= span.start and span.end - 1 <= token.right_edge.i for span in ends) or any(
        span.start <= token.i < span.end for span in ends)


def _text(doc, token) -> str:
    return doc[token.left_edge.i:token.right_edge.i + 1].text


def lost_dependent(edge, lemma: str, object_asked: bool) -> str | None:
    """See the module doc. ``object_asked``: the verb's object is what the question asks for or hides
    (the answer of a simple or set question, a multi-hop bridge); only then does a role the object was
    given decide which object is meant."""
    if object_asked and _PARTITIVE.search(edge.relation):
        # "submitted the lowest of five bids": "How many bids did X submit the lowest of?" asks the whole a part
        # was picked from, not what the verb acts on
        return f"{edge.relation!r} acts on a part of what it would ask for"
    found = en_context.locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    said = {w.lower() for w in edge.relation.split()}
    ends = _ends(doc, edge)
    selected = _selected_complement(verb, said, ends)
    if selected is not None:
        return f"{edge.relation!r} lost the complement {selected[0].text!r} selects ({_text(doc, selected[1])!r})"
    goal = _goal_of_an_amount(verb, said, ends)
    if goal is not None:
        return (f"{edge.relation!r} lost what the amount of {verb.text!r} is added to or taken off "
                f"({_text(doc, goal)!r})")
    goal = goal_of_a_transfer(verb, said, ends, edge.relation)
    if goal is not None:
        return f"{edge.relation!r} lost where {goal[0].text!r} puts, moves or turns its object ({_text(doc, goal[1])!r})"
    holder = money_taker_not_the_subject(edge, doc, verb)
    if holder is not None:
        return holder
    for child in verb.children:
        if child.dep_ in ("acomp", "oprd") and child.lower_ not in said and not _covers(child, ends):
            return f"{edge.relation!r} lost what {verb.text!r} needs ({_text(doc, child)!r})"
        if child.dep_ == "prt" and child.lower_ not in said:
            return f"{edge.relation!r} lost the particle of {verb.text!r} ({child.text!r})"
        if child.dep_ == "prep" and child.lower_ in _SELECTED_WITH_GERUND and child.lower_ not in said \
                and not _covers(child, ends) and any(
                    g.dep_ == "pcomp" and g.tag_ == "VBG" for g in child.children):
            return f"{edge.relation!r} lost the complement {verb.text!r} selects ({_text(doc, child)!r})"
        if object_asked and child.dep_ == "prep" and child.lower_ not in said and not _covers(child, ends):
            noun = next((g for g in child.children if g.dep_ == "pobj"), None)
            if noun is not None and child.lower_ in ("in", "into") and noun.lower_ in _ROLE_NOUNS:
                if any(c.dep_ == "dobj" and _covers(c, ends) for c in verb.children):
                    return f"the object of {edge.relation!r} is one of several without {_text(doc, child)!r}"
    given = second_object(verb, lambda token: _covers(token, ends) or token.lower_ in said)
    if given is not None:
        return f"{edge.relation!r} lost the second object of {verb.text!r} ({_text(doc, given)!r})"
    particle = particle_adverb(verb, said)
    if particle is not None:
        return f"{edge.relation!r} lost the particle of {verb.text!r} ({particle.text!r})"
    # a place or a time is asked with "where" or "when", which the noun it hangs on leaves true ("finish on the
    # summit of Cairn Gorm": "Where will the rally finish?")
    tail = en_context._span_of(doc, edge.tail_label) if edge.tail_type not in ("place", "date") else None
    holder = hung_on_another_noun(verb, tail, said | en_context._words(edge.tail_label)) if tail is not None else None
    if holder is not None:
        return f"{edge.tail_label!r} is not what {edge.relation!r} acts on but hangs on it ({holder!r})"
    noun = _gap_noun(doc, verb)
    if noun is not None and noun.lower_ not in said and not _covers(noun, [s for s in ends if not _inside(s, verb)]):
        return f"{edge.relation!r} lost its object, the noun its relative clause hangs on ({noun.text!r})"
    return None


#: a part picked from a whole: "the lowest of", "the first of", "one of" ends a relation whose object is the whole
_PARTITIVE = re.compile(r"\bthe\s+(?:\w+est|most|least|best|worst|first|last)\s+of$", re.IGNORECASE)
#: verbs that say another thing without the preposition they select ("close on the building": complete its
#: purchase; "When does the county plan to close?" asks when it shuts); a time after it is no complement ("close
#: on Dec. 15")
_SELECTED_PREPOSITIONS = {
    "close": ("on",), "settle": ("on",), "count": ("on",), "rely": ("on",), "depend": ("on",), "insist": ("on",),
    "apply": ("for",), "account": ("for",), "call": ("for",), "opt": ("for",), "qualify": ("for",),
    "deal": ("with",), "cope": ("with",), "comply": ("with",), "consist": ("of",), "dispose": ("of",),
    "object": ("to",), "belong": ("to",), "refer": ("to",), "respond": ("to",), "plead": ("to",),
    "adhere": ("to",), "result": ("in",), "specialise": ("in",), "specialize": ("in",),
}


def _a_time(preposition) -> bool:
    """Is the object of ``preposition`` a time ("on Dec. 15", "on Monday")?"""
    noun = next((g for g in preposition.children if g.dep_ == "pobj"), None)
    return noun is None or noun.ent_type_ in ("DATE", "TIME") or any(
        t.lower_.rstrip(".") in EN_TIME_WORDS for t in noun.subtree)


def _chain(verb, said: set[str]) -> list:
    """``verb`` and the verbs of the relation it governs ("plans to close", "agreed to take")."""
    chain = [verb]
    while True:
        nxt = next((c for c in chain[-1].children if c.dep_ == "xcomp" and c.lower_ in said), None)
        if nxt is None:
            return chain
        chain.append(nxt)


def _selected_complement(verb, said: set[str], ends):
    """(verb, preposition) where ``verb``, or a verb of the relation it governs ("plans to close"), lost the
    preposition it selects (``_SELECTED_PREPOSITIONS``) and its object, which neither the relation nor a fact's
    end says; else None."""
    return next(((v, c) for v in _chain(verb, said) for c in v.children
                 if c.dep_ == "prep" and c.lower_ in _SELECTED_PREPOSITIONS.get(v.lemma_.lower(), ())
                 and not _covers(c, ends) and not _a_time(c) and (c.lower_ not in said or any(
                     o.i != c.i and o.dep_ == "prep" and o.lower_ == c.lower_ and (_covers(o, ends) or _a_time(o))
                     for o in v.children))), None)  # "close on" said of the time of "close on the building on Dec. 15"


#: verbs that move an amount onto or off something, and the preposition that says what: "adding about 20
#: minutes to the trip", "shaved $2 million off the bill"; without it, "What will add about 20 minutes?" and "How
#: many minutes will X add?" say neither what grows nor by what (site20's judges: "add about 20 minutes" cut)
_AMOUNT_GOALS = {"add": ("to", "onto"), "shave": ("off", "from"), "knock": ("off",), "tack": ("on", "onto")}
#: the nouns of a measure of time, money or share, which says nothing without what it is added to: "20 minutes to
#: the trip", "$2m off the bill", "5 per cent to prices"; a count of things ("120 jobs", "two goals", "40 homes")
#: is whole without it ("How many jobs will X add?")
_MEASURE_NOUNS = frozenset("""
    second seconds minute minutes min mins hour hours hr hrs day days week weeks month months year years
    percent per cent % point points pence p cent cents dollar dollars pound pounds euro euros yen rupee rupees
    m bn k million billion trillion
    """.split())


def _a_measure(amount) -> bool:
    """Is the amount object ``amount`` a measure of time, money or share ("about 20 minutes", "$2 million",
    "5%", "£300,000"), not a count of things ("120 jobs")?"""
    def own(token) -> bool:  # the amount's own words, not a phrase after it ("jobs [to its workforce of 800]")
        while token.i != amount.i:
            if token.dep_ == "prep" and token.lower_ != "per":  # "4 per cent"
                return False
            token = token.head
        return True

    words = [t for t in amount.subtree if own(t)]
    return amount.ent_type_ in ("MONEY", "PERCENT", "TIME") or any(t.tag_ == "$" or t.text in ("$", "£", "€", "%") or t.lower_ in _MEASURE_NOUNS for t in words)


def _goal_of_an_amount(verb, said: set[str], ends):
    """The preposition of ``verb`` (``_AMOUNT_GOALS``) that says what its amount object ("about 20 minutes",
    "$2 million", "5 per cent") is added to or taken off, when the relation says neither it nor its object; else
    None. An object that is no amount ("added Carnarvon to its routes") is a thing, whole without it."""
    goals = _AMOUNT_GOALS.get(verb.lemma_.lower(), ())
    # a number in the object's own words, not in a phrase after it ("flights to 14 villages" is no amount)
    amounts = [c for c in verb.children if c.dep_ == "dobj" and any(
        (t.like_num or t.tag_ == "$") and t.i <= c.i for t in c.subtree) and _a_measure(c)]
    if not goals or not amounts:
        return None
    # the parser hangs the goal on the verb or on the amount ("adding [about 15 minutes [to the journey]]")
    return next((c for head in (verb, *amounts) for c in head.children if c.dep_ in ("prep", "prt")
                 and c.lower_ in goals and c.lower_ not in said and not _covers(c, ends)), None)


def goal_of_a_transfer(verb, said: set[str], ends, relation: str = ""):
    """The preposition of ``verb`` (``words_en.EN_TRANSFER_GOALS``) that says where or into what it puts, moves, swaps or turns
    its object, when the verb has an object (said without one, "the firm moved in May" is whole) and neither the
    relation nor a fact's end says the preposition or its object; a time is no goal ("moved the vote to March" asks
    when). (verb, preposition), else None."""
    for verb in _chain(verb, said):  # "plan to take the horse to Riccarton": the governed verb's goal
        goals = EN_TRANSFER_GOALS.get(verb.lemma_.lower(), ())
        objects = [c for c in verb.children if c.dep_ in ("dobj", "obj")]
        if not goals or not objects:
            continue
        # a preposition the relation says after the verb ("put towards"), not the "to" of its infinitive ("plan to take")
        words = relation.lower().split()
        at = next((i for i, w in enumerate(words) if w in (verb.lower_, verb.lemma_.lower())), None)
        after = set(words[at + 1:]) if at is not None else said
        # the parser hangs the goal on the verb or on its object ("put [$310,000 [towards it]]")
        goal = next((c for head in (verb, *objects) for c in head.children if c.dep_ in ("prep", "dative")
                     and c.lower_ in goals and c.lower_ not in after and not _covers(c, ends) and not _a_time(c)
                     and any(g.dep_ in ("pobj", "pcomp") for g in c.children)), None)
        if goal is not None:
            return verb, goal
    return None


#: verbs of money or a prize coming to their subject: the one who receives is the subject, never a name inside the
#: phrase of what the money is for or where it is spent ("X will receive $3m for restoring wetland on the Y Plain")
_TAKING_MONEY = frozenset("receive get win secure earn gain grant award obtain collect raise".split())


def money_taker_not_the_subject(edge, doc, verb) -> str | None:
    """The fact's head, said to receive (``_TAKING_MONEY``), is written in its sentence only inside a phrase hung on
    the verb or on its object ("for wetland restoration on the Awarua Plain", "to upgrade the road through Arden"),
    not in the verb's subject: the question would give the money to the place or thing it is spent on. None where
    the head is in the subject, nowhere in the sentence (a pronoun or a descriptor stood for it), or the verb is
    passive ("was awarded to X": its receiver is a "to" phrase)."""
    if verb.lemma_.lower() not in _TAKING_MONEY or any(c.dep_ in ("auxpass", "nsubjpass", "agent") for c in verb.children):
        return None
    head = en_context._span_of(doc, edge.head_label)
    if head is None:
        return None
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "csubj")]
    if not subjects and verb.dep_ in ("xcomp", "conj", "advcl"):
        subjects = [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    if any(s.left_edge.i <= head.start and head.end - 1 <= s.right_edge.i for s in subjects):
        return None
    phrase = next((c for c in verb.children if c.dep_ in ("prep", "advcl", "dobj", "npadvmod")
                   and c.left_edge.i <= head.start and head.end - 1 <= c.right_edge.i and c.i < head.start), None)
    if phrase is None or not subjects:
        return None
    return (f"{edge.head_label!r} is named in {_text(doc, phrase)!r}, not as the subject of {verb.text!r} "
            f"({_text(doc, subjects[0])!r})")


#: adverbs that, right after a verb or its object, are its particle though the parser reads them as adverbs
#: ("set aside 40 lots", "paid the loan back", "stepped down"): the verb without them says another thing
_PARTICLE_ADVERBS = frozenset("aside away apart back off out up down forward ahead together".split())
#: nouns an "of" phrase names the kind or the part of, so the phrase is what the verb acts on ("visited the
#: town of Kelby", "signed two of the players", "a number of firms")
_OF_TRANSPARENT = frozenset("""
    city town village suburb state region district county province country island shire municipality port
    number lot group couple pair total series range mix variety handful dozen dozens hundreds thousands millions
    rest remainder majority most some all each both either none one any part name
    """.split())


#: verbs whose receiver alone is a whole object ("pay the club", "tell the board", "charge customers")
_RECEIVER_ALONE = frozenset("pay tell ask teach serve feed charge owe bill fine email call phone warn show".split())


def second_object(verb, said):
    """The direct object of ``verb`` said with two objects ("giving the two towns a second airline", "lend Arnhem
    Freight $19 million", "give the keys to the council") when ``said`` (a predicate on tokens: the question or
    the relation says or asks it) holds of the receiver but not of what is given, else None."""
    if verb.lemma_.lower() in _RECEIVER_ALONE:
        return None
    objects = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ != "PRON"]
    receivers = [c for c in verb.children if c.dep_ == "dative" and c.pos_ in ("NOUN", "PROPN")] + [
        g for c in verb.children if c.dep_ == "dative" and c.lower_ == "to" for g in c.children if g.dep_ == "pobj"]
    if not objects or not receivers or any(said(o) for o in objects) or not any(said(r) for r in receivers):
        return None
    return objects[0]


def _game_verb(verb) -> bool:
    """A verb of playing a game or of its result ("play", "beat", "win", "lose"): its opponent and its venue ("away")
    are the game's."""
    from tasks.dragon.questions_en_compound import _RESULT_VERBS
    from tasks.dragon.questions_en_names import OPPONENT_VERBS

    return verb.lemma_.lower() in OPPONENT_VERBS | _RESULT_VERBS


def particle_adverb(verb, said: set[str]):
    """A particle of ``verb`` the parser reads as its adverb, right after the verb or after its object ("set
    aside 40 lots", "paid the loan back"), that ``said`` (lower-case words) does not say, else None. The "away" of
    a game ("beat Rovers away", "won away", "play the Hawks away") says where it was played: an adverb, no particle."""
    game = _game_verb(verb)
    after = {verb.i + 1} | {c.right_edge.i + 1 for c in verb.children if c.dep_ == "dobj"}
    return next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ in _PARTICLE_ADVERBS and c.i in after
                 and c.lower_ not in said and not (game and c.lower_ == "away")
                 and not any(g.dep_ in ("prep", "pobj") for g in c.children)), None)


def hung_on_another_noun(verb, span, said: set[str]) -> str | None:
    """The noun phrase ``span`` (an object the question or relation gives ``verb``) hangs on, when that noun,
    not ``span``, is what the verb acts on (its object, or the object of its preposition) and ``said``
    (lower-case words of the question or relation) does not name it: "for the exhibition" of "paid for the
    exhibition at the Arts Centre", "a stake" of "bought a stake in Kelby Mills". An "of" phrase on a noun of
    a kind or a part ("the town of Kelby", "two of the players") is the object itself; so is the opponent of a game
    a game verb plays or wins ("won the final against Rovers", "play in the opener against Rovers": "Which team did
    X win against?" is true), unlike "lodged an appeal against the league"."""
    from tasks.dragon.questions_en_context import coordination_head

    token = coordination_head(span.root)
    if token.dep_ != "pobj" or token.head.dep_ != "prep":
        return None
    noun = coordination_head(token.head.head)
    if noun.pos_ not in ("NOUN", "PROPN") or noun.lower_ in said or noun.lemma_.lower() in said:
        return None
    if token.head.lower_ == "of" and (noun.lemma_.lower() in _OF_TRANSPARENT or noun.pos_ == "PROPN"):
        return None
    if token.head.lower_ == "against" and _game_verb(verb):
        return None
    acts_on = noun.dep_ == "dobj" and noun.head.i == verb.i or noun.dep_ == "pobj" and noun.head.dep_ in (
        "prep", "dative") and noun.head.head.i == verb.i
    if not acts_on:
        return None
    return noun.doc[noun.left_edge.i:token.head.i].text


def _inside(span, verb) -> bool:
    return verb.left_edge.i <= span.start and span.end - 1 <= verb.right_edge.i


def _gap_noun(doc, verb):
    """The noun a relative clause without a relative pronoun hangs on when that noun is the clause's
    object ("the converted dairy barn it has used since 2015", "the shares she sold"), or None: the verb
    has a subject, no object or complement of its own, no "where"/"when", no stranded preposition. Read
    from the words, not the clause's attachment, which the parser often gets wrong here ("barn" a verb)."""
    kids = list(verb.children)
    subject = next((c for c in kids if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ in _RELATIVES or subject.i > verb.i or any(
            c.dep_ in ("dobj", "nsubjpass", "ccomp", "xcomp", "attr", "dative", "acomp", "oprd", "prt")
            or c.lower_ in _WH_ADVERBS
            or c.dep_ == "prep" and not any(g.dep_ in ("pobj", "pcomp") for g in c.children) for c in kids):
        return None
    if verb.dep_ == "relcl":
        noun = verb.head
    else:
        before = subject.left_edge.i - 1
        if before < 0:
            return None
        noun = doc[before]
        if noun.dep_ in ("pobj", "npadvmod", "advmod", "nsubj", "appos"):
            return None  # "At the meeting officials voted": a fronted phrase, no antecedent
        if not (noun.pos_ in ("NOUN", "PROPN")
                or noun.is_lower and noun.lemma_.lower() in _nouns() and noun.lower_ not in _VERBS_ONLY):
            return None
    if noun.i > verb.i or noun.lower_ in _NOT_OBJECT_NOUNS or not noun.is_alpha:
        return None
    return noun


def _nouns() -> set[str]:
    from tasks.dragon.questions_en_verbs import _en_lexicon

    return _en_lexicon()[1]


#: verbs whose passive says what an object-less parse of them says ("the band formed in 2009", "Kerr, elected
#: in 2019, said"): the intransitive "form" is the passive's sense, the others are participles the parser read
#: as a finite verb; with an object ("Kerr founded the firm") the passive would turn the fact round
_PASSIVE_FOR_INTRANSITIVE = frozenset("form found establish build bear name elect appoint".split())


def active_as_passive(edge, lemma: str) -> str | None:
    """A passive relation ("be graduated in", "be directed") whose verb the sentence says in the active with
    the fact's subject as its subject ("Nkemelu graduated from ...", "Haddad directed the run"): "was
    graduated" is no English, and "was directed the run" turns the fact round. None where the sentence's
    verb is passive, a participle after a noun ("the team coached by X"), or not found."""
    found = en_context.locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    if any(c.dep_ in ("auxpass", "nsubjpass", "agent") for c in verb.children):
        return None
    if lemma in _PASSIVE_FOR_INTRANSITIVE and not any(c.dep_ in ("dobj", "obj", "dative") for c in verb.children):
        return None  # "the club formed in 1952", "Kerr, elected in 2019,": "When was X formed?" says the same
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if verb.tag_ in ("VBD", "VBZ", "VBP") and subject is not None:
        return f"{edge.relation!r} is passive, but its sentence says {verb.text!r} in the active ({subject.text} {verb.text})"
    root = verb.head
    if verb.tag_ in ("VBN", "VBD") and verb.dep_ == "acl" and root.dep_ == "ROOT" and root.pos_ in ("PROPN", "NOUN") \
            and root.i < verb.i and not any(t.pos_ in ("VERB", "AUX") for t in doc if t.i != verb.i and t.head.i == root.i):
        # "Nkemelu, 24, graduated from ...": parsed as a participle on the name, the sentence's only verb
        return f"{edge.relation!r} is passive, but {verb.text!r} is its sentence's own verb, said in the active"
    return None


def passive_as_active(edge, lemma: str) -> str | None:
    """The fact's verb is said in the passive of the edge's head, so a relation that makes the head its doer
    turns the voice round: "The house was designed by X and restored in 2009 by its owners" read as the
    house restoring ("When did Wilmot House restore?"). A bare conjunct of a passive verb counts when it has
    no subject and no object of its own ("was injured and missed six games" is active). With a "by" agent
    the extractor's active fact is named through its agent ("is organised by the company"), unless the
    agent is not the head and the passive's subject is. The mirror of ``active_as_passive``."""
    found = en_context.locate(edge, lemma)
    if found is None:
        return None
    _, verb = found
    deps = {c.dep_ for c in verb.children}
    if "auxpass" in deps:
        carrier = verb
    elif verb.dep_ == "conj" and verb.tag_ in ("VBN", "VBD") and not deps & {"nsubj", "nsubjpass", "dobj", "dative"} \
            and any(c.dep_ == "auxpass" for c in verb.head.children):
        carrier = verb.head  # "was designed by X and restored in 2009": the subject is the first verb's
    else:
        return None
    agent = {t.lower_.strip(".,'’") for c in verb.children if c.dep_ == "agent" for t in c.subtree}
    head = en_context._words(edge.head_label)
    patient = {t.lower_.strip(".,'’") for c in carrier.children if c.dep_ == "nsubjpass" for t in c.subtree}
    if not agent or not head & agent and head & patient:
        return f"{edge.relation!r} is said in the passive of {edge.head_label!r} ({verb.text!r}): it did not do it"
    return None


def not_a_verb_there(edge, lemma: str) -> str | None:
    """A verb relation whose first word the sentence writes only as a noun or an adjective ("the company's
    associate artistic director" read as "associate artistic director of"): "Who associated ...?" has no
    verb of the text. None where the word is a verb there, or not written."""
    words = [w.lower() for w in edge.relation.split()]
    if len(words) < 3:
        return None
    word, rest = words[0], set(words[1:])
    seen = False
    for sentence in edge.sentences:
        for token in en_context.sentence_doc(sentence):
            if token.lower_ == word or token.lemma_.lower() == lemma and token.lower_.startswith(lemma[:3]):
                if token.pos_ in ("VERB", "AUX"):
                    return None
                # a modifier of a noun the relation goes on with: "associate [artistic] director"
                seen = seen or (token.lower_ == word and token.dep_ in ("amod", "compound", "nmod")
                                and token.head.i > token.i and token.head.pos_ == "NOUN" and token.head.lower_ in rest)
    if not seen:
        return None
    return f"{word!r} of {edge.relation!r} is no verb in its sentence: a role read as a verb"
