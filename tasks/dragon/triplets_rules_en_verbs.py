"""Triplet extraction, rules engine, English: the facts of one verb.

``_verb_facts_en`` reads a verb's frame: passives with their agent, copulas (-> triplets_rules_en_roles),
objects (named, counted, plain things), prepositional phrases folded into the relation ("go on display
from", "file for approval in"), amounts with their period, rate, means and what was spent on, "worth".
Subjects come from triplets_rules_en_subjects, objects' helpers from triplets_rules_en_objects, what
states no fact from triplets_rules_en_no_fact, the modality from triplets_rules_en_modality.
"""
from __future__ import annotations

from collections.abc import Iterator

from tasks.dragon.triplets_base import _Emitter, _Fact, _join
from tasks.dragon.triplets_rules_en_lexicon import (
    _EN_CAUSATIVE, _EN_CLAIMS, _EN_GENERIC_NOUNS, _EN_MAX_RELATION_WORDS, _EN_OBJ, _EN_PARTITIVES, _EN_PART_NOUNS,
    _EN_SPEECH, _EN_SUBJ, _EN_TITLE_WORDS, _PER, _verb_lemma,
)
from tasks.dragon.triplets_rules_en_modality import _EN_PLAN_HEADS, _modality_en
from tasks.dragon.triplets_rules_en_no_fact import (
    _claims_a_thing, _embedded_question, _object_controlled, _unconfirmed, _unstated,
)
from tasks.dragon.scores_en import in_game_time, score_part, statistic
from tasks.dragon.words_en import EN_TRANSFER_GOALS
from tasks.dragon.triplets_rules_en_objects import (
    _clause_subject_as_object, _count_period, _duration_after, _measure_phrase, _name_after_comma,
    _parenthetical_place, _possessor, _relative_time, _spent_on, _tally_after_object, _through_part_noun,
    _with_counted_stuff, _zero_relative_object, goal_after_object, source_after_object,
)
from tasks.dragon.triplets_rules_en_phrases import _EnSentence
from tasks.dragon.triplets_rules_en_results import (
    _EN_GAME_VERBS, result_facts, side_before_score, side_read_as_adverbial, won_after,
)
from tasks.dragon.triplets_rules_en_repairs import counted_adverbial_object, stray_agent, tallied_purpose, tally
from tasks.dragon.triplets_rules_en_roles import (
    _appointed_as_facts_en, _copular_facts_en, _named_prep_objects, _role_facts_en,
)
from tasks.dragon.triplets_rules_en_subjects import (
    _control_prefix_en, _plan_noun_head, _raised_relative, _relative_antecedent, _subjects_en,
)


#: nouns of a rate after an amount: "118 million litres a day", "1.2 million euros a season"
_EN_RATE_NOUNS = frozenset({"year", "season", "month", "week", "day", "hour", "night", "game", "match"})

#: how an amount is paid: "pay $700 million in cash" (-> "pay in cash")
_EN_PAYMENT_MEANS = frozenset({"cash", "stock", "share", "shares", "bond", "bonds", "kind", "instalment", "installment",
                               "instalments", "installments", "euro", "euros", "dollar", "dollars"})



def _verb_facts_en(verb, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    children = list(verb.children)
    if _object_controlled(verb):
        return
    if verb.dep_ in ("xcomp", "ccomp") and verb.head.i != verb.i and _object_controlled(verb.head):
        return  # "to pay damages", "helps museums buy works": its subject is the controller's object
    if verb.dep_ in ("xcomp", "advcl") and verb.head.i != verb.i and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) \
            and any(c.dep_ in ("dobj",) and c.i < verb.i and not tally(c) for c in verb.head.children) \
            and _verb_lemma(verb.head) not in _EN_PLAN_HEADS and not won_after(verb):
        return  # "hired 40 extra surveyors to clear a backlog": a purpose (whose?), not a fact of the hirer's
    if verb.dep_ == "xcomp" and verb.tag_ == "VBG" and any(c.dep_ == "dobj" for c in verb.head.children):
        return  # "spent four years redesigning the project": how the time went, not a fact of its own
    lemma = _verb_lemma(verb)
    if lemma in _EN_SPEECH or lemma in _EN_CLAIMS and not _claims_a_thing(verb, lemma):
        return  # "Albuquerque told reporters", "Pettifer insisted Harbourside will ...": who said it, not a fact
    if verb.tag_ == "VBG" and verb.dep_ == "advcl" and _verb_lemma(verb) in ("start", "begin") \
            and any(c.dep_ == "prep" and c.lower_ == "with" for c in children) and not any(c.dep_ in _EN_OBJ for c in children):
        return  # "plans to open 15 shops, starting with Dumfries and Galashiels": which come first, no fact of its own
    if lemma in ("call", "name", "dub", "nickname") and verb.dep_ == "acl":
        return  # "a cockapoo called Biscuit from Poole": a naming, no fact of the thing
    if lemma in _EN_CAUSATIVE and not any(c.dep_ in ("xcomp", "ccomp", "prep", "oprd") for c in children):
        return  # "helps regional museums (buy works)": the help alone says nothing
    if verb.dep_ == "ccomp" and verb.head.i != verb.i and verb.i < verb.head.i and not any(
            c.dep_ in _EN_SUBJ for c in verb.head.children) and any(c.dep_ in _EN_SUBJ and c.i < verb.head.i for c in children) \
            and any(t.dep_ == "relcl" for t in verb.doc[next(c.i for c in children if c.dep_ in _EN_SUBJ):verb.i]):
        # "The Fund, a charity that helps museums buy works, contributed £650,000": the parser hung "buy" on
        # "contributed" and gave it that verb's subject; the verb it is hung on is left with none
        return
    if _embedded_question(verb):
        return  # "could limit how widely doctors use the drug": a question, not a fact
    if _unconfirmed(verb):
        return  # "did not confirm that Verdant had won the contract": neither stated nor denied
    if _unstated(verb):
        return  # "threatened to beat Harlow 5-0", "claims to have sold", "needs to cut": no fact, no plan
    if any(c.dep_ == "dobj" and _plan_noun_head(next((a for a in c.children if a.dep_ == "acl"), c)) is not None
           for c in children):
        return  # "has no plans to sell X": the fact is the sale's, not "have plans"
    subjects = _subjects_en(verb, helper)
    if not subjects:
        return
    # "did not acquire", "will build", "could sell", "if ..., X will ...": carried on the
    # fact, never stated as done (issue 10)
    modality = _modality_en(verb, helper)
    control = _control_prefix_en(verb)
    emit = _Emitter(sentence, modality, control)
    # "bring back the helter-skelter": the parser may call a particle an adverb; one right after the verb is one
    particle = " ".join(c.lower_ for c in children if c.dep_ == "prt" or (
        c.dep_ == "advmod" and c.i == verb.i + 1 and c.lower_ in ("back", "off", "out", "up", "down", "over")
        and any(o.dep_ == "dobj" and o.i > c.i for o in children)))
    passive = any(c.dep_ == "auxpass" for c in children) or any(p for _, p in subjects)
    if passive and verb.tag_ != "VBN":
        passive = False  # "has invested", "manages": only a past participle can be passive
    # "was designed by X ... and restored in 2004 by Y": a participle conjoined to a passive, with its own agent
    # (the tagger may call it a past tense)
    passive = passive or verb.dep_ == "conj" and verb.tag_ in ("VBN", "VBD") and any(
        c.dep_ == "agent" for c in children) and any(c.dep_ == "auxpass" for c in verb.head.children)
    if passive and not any(c.dep_ in ("auxpass", "agent") for c in children) and any(c.dep_ == "dobj" for c in children):
        passive = False  # "Haddad, the theatre's director, directed its last run": the parser's reduced relative
        # has a direct object, so it is the name's own past tense (a participle of a passive takes none)
    is_copula = lemma == "be"

    # agent of a passive: "Y was acquired by X" → (X, acquire, Y)
    agents = []
    stray = stray_agent(verb, helper.ent_of)  # "was jailed for 18 months by Justice Helen Marsh"
    more = _more_agents(children)
    more_at = {m.i for m in more}
    for child in children + ([stray] if stray is not None else []) + more:
        if child.dep_ == "agent" or child is stray or child.i in more_at:
            # (not any other "by": "was bought by X by the end of 2019" has one agent)
            for by in _EnSentence.with_conjuncts(child):  # "by the board and by the Finch family trust"
                for p in by.children:
                    if p.dep_ != "pobj" or _by_a_time(p, helper):
                        continue
                    named = _named_appos(p, helper) if p.pos_ == "NOUN" and p.i not in helper.ent_of else None
                    # "by warehouse-automation veterans Mira Castellanos and Tobias Engström": the names
                    agents.append(named if named is not None else p)
    if passive and agents and not is_copula:
        # "will be paid for by the fund": a preposition left without its object belongs to the verb ("pay for")
        stranded = " ".join(c.lower_ for c in children if c.dep_ == "prep" and not any(
            g.dep_ in ("pobj", "pcomp") for g in c.children) and c.i == verb.i + 1)
        relation = _join(lemma, particle, stranded)
        for agent_head in agents:
            for agent in _EnSentence.with_conjuncts(agent_head):
                agent = _through_part_noun(agent, helper)  # "owned by the city of Oslo": Oslo
                agent_phrase = helper.phrase(agent, as_subject=True)
                if agent_phrase is None and agent.pos_ == "NOUN" and any(
                        t.dep_ == "det" and t.lower_ in ("the", "a", "an")
                        or t.dep_ in ("poss", "compound") and (t.pos_ == "PROPN" or t.i in helper.ent_of) for t in agent.lefts):
                    # "were sold by a private collector", "was approved by the industry regulator", "was restored
                    # by Northgrid crews": a passive that says who did it names an agent, even as a description
                    # ("by damp" does not)
                    agent_phrase = helper.phrase(agent, common=True)
                if agent_phrase is None:
                    agent_phrase = _members_of_named(agent, helper)  # "by officers from the Harwich drugs squad"
                if agent_phrase is None:
                    continue
                for subject, _ in subjects:
                    # the patient of a passive may be anything named, or a thing: "the stadium will be built by X"
                    if subject.lower_ in _EN_PARTITIVES | {"bulk", "majority", "rest", "remainder", "share", "half"}:
                        # "the bulk of the work will be paid for by X": what it is a part of
                        subject = next((p for c in subject.children if c.dep_ == "prep" and c.lower_ == "of"
                                        for p in c.children if p.dep_ == "pobj"), None)
                        if subject is None:
                            continue
                    subject_phrase = helper.phrase(subject, common=True)
                    if subject_phrase is not None:
                        yield emit(agent_phrase, relation, subject_phrase)
                        yield from _passive_term(verb, children, agent_phrase, relation, subject_phrase, emit)
                        yield from _passive_buyer_and_price(verb, children, subject, subject_phrase, agent_phrase,
                                                            relation, emit, helper)
        if stray is None:
            return
        # the verb's own phrases still say what was done to the patient ("was jailed for 18 months")

    if is_copula or lemma == "become" and any(c.dep_ == "attr" for c in children):
        # "who became Fellwater's chief executive in January": a role, as with "is"
        yield from _copular_facts_en(verb, children, subjects, sentence, helper, emit)
        return
    verb_word = verb.lower_ if control and verb.tag_ == "VBG" else lemma  # "began operating in 2011"
    # "finished third in the league": the rank completes the verb ("finish in" alone says nothing)
    rank = next((c.lower_ for c in children if c.dep_ in ("advmod", "npadvmod", "oprd", "acomp", "attr")
                 and c.ent_type_ == "ORDINAL" and c.i == verb.i + 1 and not list(c.children)), "")
    # "pleaded guilty to 11 charges", "came close to a deal": an adjective with its preposition completes the verb
    complement = next((c for c in children if c.dep_ == "acomp" and c.pos_ == "ADJ" and c.i == verb.i + 1
                       and any(p.dep_ == "prep" and p.i == c.i + 1 for p in c.children)), None) if not is_copula else None
    rank = _join(rank, complement.lower_) if complement is not None else rank
    # "will keep the Harlow plant open", "left the gates closed": the state the object is kept in completes the verb
    state = next((c for c in children if c.dep_ == "oprd" and c.pos_ == "ADJ" and not list(c.children)
                  and any(o.dep_ == "dobj" and o.i < c.i for o in children)), None)
    rank = _join(rank, state.lower_) if state is not None else rank
    base = _join("be", verb.lower_, particle, rank) if passive else _join(verb_word, particle, rank)

    objects = []
    raised = _raised_relative(verb)
    for child in children:
        if child.dep_ in _EN_OBJ and not _measure_phrase(child) and not _clause_subject_as_object(verb, child) \
                and not statistic(child) \
                and not (tally(child) and any(tallied_purpose(c) for c in children)) \
                and not (child.dep_ == "dative" and child.pos_ == "ADP") \
                and not (raised is not None and child.lower_ in ("which", "that")):
            objects += _EnSentence.with_conjuncts(child)
    side = side_read_as_adverbial(verb)
    if side is not None:
        objects = [side]  # "beat Chester 2-0": the side, not the score's last number, is what was beaten
    elif len(objects) > 1 and verb.lemma_.lower() in _EN_GAME_VERBS:
        objects = [o for o in objects if not score_part(o)]  # "beat Harlow City 3-1": "1" is no second side
    counted = counted_adverbial_object(verb, helper.ent_of) if not objects else None
    if counted is not None:
        objects = [counted]  # "scored 31 points": a count the parser took for an adverbial
    frequency = counted if counted is not None and counted.pos_ == "ADV" else None  # "scored twice"
    # "the auction, which the regulator plans to hold in 2027": what is held is the auction
    objects = [_relative_antecedent(o) if o.lower_ in ("which", "that", "whom") else o for o in objects]
    # "sell any of its U.S. hotels", "open-source parts of its pipeline": the part stands for the whole it names
    objects = [next((p for c in o.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                     if p.dep_ == "pobj"), o) if o is not None and o.lower_ in _EN_PARTITIVES else o for o in objects]
    objects = [o for o in objects if o is not None]
    if not objects and _zero_relative_object(verb):
        objects = [verb.head]  # "a refinery it is building in Kokkola": the refinery is what is built
    # "released her fourth album, Salt Lines": the name in apposition is what was released
    objects = [next((a for a in o.children if a.dep_ == "appos" and a.pos_ == "PROPN" and helper.phrase(a) is not None), o)
               if o.pos_ == "NOUN" else o for o in objects]
    named_objects = [(o, _with_counted_stuff(o, helper.phrase(o), helper)) for o in objects]
    named_objects = [(o, side_before_score(verb, o, p)) for o, p in named_objects if p is not None]
    # "carried 380,000 trucks and trailers": the number counts both nouns; "380,000 trucks" alone
    # would be a wrong answer, so the bare conjuncts join the counted phrase
    shared = []
    for n, (obj, object_phrase) in enumerate(named_objects):
        if object_phrase[1] not in (None, "MISC") or not any(t.like_num for t in obj.lefts):
            continue
        bare = [c for c in obj.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i not in helper.ent_of
                and not any(t.like_num for t in c.subtree)]
        if bare:
            words = [object_phrase[0]]
            for c in bare:
                cc = next((t.text for t in obj.children if t.dep_ == "cc" and t.i < c.i), "and")
                words += [cc, _EnSentence.plain_text(c)]
            named_objects[n] = (obj, (" ".join(words), object_phrase[1]))
            shared += bare
    objects = [o for o in objects if o not in shared]
    # a pronoun object is no thing to fold into a relation ("taped it out in October")
    plain_object = next((o for o in objects if helper.phrase(o) is None and o.pos_ != "PRON"), None)

    preps = []  # (preposition, object head) pairs; "in October", "in Oslo"
    for child in children + ([p for p in complement.children if p.dep_ == "prep"] if complement is not None else []):
        if _parenthetical_place(child, verb) or in_game_time(child):  # "scored 41 seconds into the third"
            continue
        if child.dep_ == "prep" or child.dep_ == "dative" and child.pos_ == "ADP":  # "granted a permit to X"
            for pobj in child.children:
                if pobj.dep_ == "pobj" and not statistic(pobj):  # "on 2-of-11 shooting", "with 2:14 left"
                    for conjunct in _EnSentence.with_conjuncts(pobj):
                        named = next((a for a in conjunct.children if a.dep_ == "appos" and a.pos_ == "PROPN"
                                      and helper.phrase(a) is not None), None) \
                            if conjunct.pos_ == "NOUN" and conjunct.i not in helper.ent_of else None
                        if named is None and conjunct.pos_ == "NOUN" and conjunct.lower_ in _EN_TITLE_WORDS:
                            named = _name_after_comma(conjunct, helper)
                            found = helper.phrase(named) if named is not None else None
                            if found is not None:
                                helper.discourse.people.add(found[0])  # "the defending champion, X,": X is a person
                        # "drew with the defending champion, Norway's Sindre Holt": the name in apposition
                        preps.append((child.lower_, named if named is not None else _through_part_noun(conjunct, helper)))
    # "will go on display from 6 March", "plans to file for approval in the United States": with no
    # object, the first prepositional phrase after the verb, a thing, completes the verb and is kept
    # in the relation of the others ("go on display from", "file for approval in")
    lead = None
    if not objects and not is_copula:
        after = max([verb.i] + [c.i for c in children if c.dep_ in ("prt", "neg")])
        first = next((c for c in children if c.dep_ == "prep" and c.i > verb.i), None)
        pobj = next((c for c in first.children if c.dep_ == "pobj"), None) if first is not None else None
        if first is not None and first.i == after + 1 and pobj is not None and pobj.pos_ == "NOUN" \
                and not helper.is_time(pobj) and helper.phrase(pobj) is None and pobj.lower_ not in _EN_PART_NOUNS \
                and not any(o.i != pobj.i and o.dep_ != "conj" and p == first.lower_ for p, o in preps):
            lead = (first, pobj)
            preps = [(p, o) for p, o in preps if o.i != pobj.i]
    # "will close for nine weeks from 11 January": how long is part of what happens from that day
    duration = _duration_after(verb, children, helper) if not objects and lead is None and not is_copula else ""
    completed = None  # "will put the map on display in April": a thing after the object completes the verb
    if len(objects) == 1 and not is_copula:
        first = next((c for c in children if c.dep_ == "prep" and c.i > objects[0].i), None)
        pobj = next((c for c in first.children if c.dep_ == "pobj"), None) if first is not None else None
        if first is not None and first.i == objects[0].right_edge.i + 1 and pobj is not None and pobj.pos_ == "NOUN" \
                and pobj.tag_ == "NN" and not list(pobj.lefts) and not list(pobj.rights) and not helper.is_time(pobj) \
                and helper.phrase(pobj) is None and pobj.lower_ not in _EN_PART_NOUNS:  # "on display", "on hold"
            completed = (first, pobj)
            preps = [(p, o) for p, o in preps if o.i != pobj.i]
    for obj in objects:
        # "rebuilt the main stand in 2022": the parser hangs the date on the object; it dates the deed
        for prep in obj.children:
            if prep.dep_ == "prep" and prep.lower_ in ("in", "on", "during"):
                preps += [(prep.lower_, p) for p in prep.children if p.dep_ == "pobj" and helper.is_absolute_time(p)]
            # "take [Ashby Rose [to Arden Park]]": the goal of a verb of moving, hung on its object by the parser
            if prep.dep_ == "prep" and prep.lower_ in EN_TRANSFER_GOALS.get(verb.lemma_.lower(), ()) and len(objects) == 1:
                preps += [(prep.lower_, p) for p in prep.children if p.dep_ == "pobj" and not helper.is_time(p)]
    times = [(p, o) for p, o in preps if helper.is_absolute_time(o)]
    relative_time = _relative_time(verb, helper) if not times else None
    if relative_time is not None:
        times = [relative_time]  # "below 2019, when the company carried 93,000 people": carried in 2019
    if len(objects) == 1 and objects[0].pos_ == "NOUN" and any(t.ent_type_ == "MONEY" for t in objects[0].lefts):
        # "build a $260 million pet food plant in Emporia": the parser hangs the place on the thing built
        preps += [(c.lower_, p) for c in objects[0].children if c.dep_ == "prep" and c.lower_ in ("in", "at", "near")
                  for p in c.children if p.dep_ == "pobj" and p.ent_type_ in ("GPE", "LOC", "FAC")]

    # "Harrowgate & Finch's best-selling series ... has sold": a name with 's owns the subject, it is not it
    subjects = [(s, p) for s, p in subjects if not _possessor(s, helper)]
    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    yield from _appointed_as_facts_en(children, objects, subject_phrases, sentence, helper, modality)
    for child in children:
        if child.dep_ == "oprd" and subject_phrases:
            # "Tomas Varga was appointed chief financial officer of Rivelle Motors" → (Varga, chief financial officer of, ...)
            yield from _role_facts_en(child, subject_phrases, sentence, helper, emit)
    common_subject = False
    if not subject_phrases:
        # "Repairs to the Vasa bridge cost 41 million euros": a thing as subject, kept only
        # with a named object or a number (below), never thing–verb–thing
        subject_phrases = [p for p in (_members_of_named(s, helper) or helper.phrase(s, common=True) for s, _ in subjects)
                           if p is not None]
        common_subject = bool(subject_phrases)
    if not subject_phrases:
        return
    # A quantity is true of a period: "sold 2139 cars in October" → (X, sell in October,
    # 2139 cars). A fact about named things ("acquired Y in March") holds without its date.
    time_suffix = ""
    if times:
        preposition, when = times[0]
        when_ent = helper.ent_of.get(when.i)
        if when_ent is not None and when_ent.start > 0 and when.doc[when_ent.start - 1].pos_ == "ADP" \
                and when_ent.start <= when.i - 1:
            preposition = when.doc[when_ent.start - 1].lower_  # "in the year to March", not "to the year to March"
        time_suffix = _join(preposition, when_ent.text if when_ent is not None else when.text)
    folded_time = False
    prep_facts = False
    for obj, object_phrase in named_objects:
        quantity = any(t.like_num for t in obj.subtree) and object_phrase[1] in (None, "MISC")
        # "has put 40 extra crews on standby": the bare noun after the count completes the verb ("put on standby")
        base_here = _join(base, completed[0].lower_, completed[1].text) if completed is not None and quantity else base
        # "lent the company $4 million": who got the amount is part of its fact ("How much did X lend the company?")
        recipient = next((c for c in children if c.dep_ == "dative" and c.pos_ in ("NOUN", "PROPN") and c.i < obj.i),
                         None) if quantity and obj.dep_ == "dobj" and not passive else None
        if recipient is not None and len(_join(emit.prefix, base_here, _EnSentence.plain_text(recipient)).split()) \
                <= _EN_MAX_RELATION_WORDS:
            base_here = _join(base_here, _EnSentence.plain_text(recipient))
        relation = _join(base_here, time_suffix) if quantity else base
        if quantity:
            # "pay about $700 million in cash": how it is paid is part of what is asked
            means = next((f"in {p.lower_}" for c in obj.children if c.dep_ == "prep" and c.lower_ == "in"
                          for p in c.children if p.dep_ == "pobj" and p.lemma_.lower() in _EN_PAYMENT_MEANS), "")
            # "lost 118 million litres of water a day": the amount is a rate, and the question must say so
            rate = next((f"{d.lower_} {c.lower_}" for c in list(children) + list(obj.children)
                         if c.dep_ == "npadvmod" and c.lemma_.lower() in _EN_RATE_NOUNS
                         for d in c.children if d.dep_ == "det" and d.lower_ in ("a", "an", "per", "each", "every")), "")
            # "scored 9 tries last season", "made 58 appearances over three seasons": the period the count is of
            period = _count_period(verb, obj, helper) if not time_suffix else ""
            # "spent £410,000 on new players": what money went on is part of the amount's fact
            spent_on = _spent_on(children, obj, helper)
            relation = _join(base_here, spent_on, means, rate, period, time_suffix)
            if len(_join(emit.prefix, relation).split()) > _EN_MAX_RELATION_WORDS:
                relation = _join(base_here, spent_on, means, rate, time_suffix)
            if len(_join(emit.prefix, relation).split()) > _EN_MAX_RELATION_WORDS:
                relation = _join(base_here, means, rate)  # "lose a day": the rate says more than the period
        folded_time = folded_time or (quantity and bool(time_suffix))
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, relation, object_phrase)
    # "beat the Harlow Hawks 27-20 at Fenwick Park": the result and the ground of the win over that team
    yield from result_facts(verb, objects, preps, base, subject_phrases, emit, helper)
    for obj in objects:
        # "give it property tax abatements worth $18 million": the amount is what the thing is worth
        worth = next((c for c in obj.children if c.lower_ == "worth"), None)
        amount = next((c for c in worth.children if c.dep_ in ("npadvmod", "pobj", "dobj") and (
            c.like_num or c.ent_type_ == "MONEY")), None) if worth is not None else None
        amount_phrase = helper.phrase(amount) if amount is not None else None
        if amount_phrase is not None and obj.pos_ == "NOUN":
            relation = _join(base, _EnSentence.plain_text(obj, det=False), "worth")
            if len(_join(emit.prefix, relation).split()) <= _EN_MAX_RELATION_WORDS:
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, relation, amount_phrase)
    for preposition, pobj in preps:
        if folded_time and (preposition, pobj) == times[0]:
            continue  # part of the quantity fact above
        # a thing named only by its price ("a $260 million pet food plant"), not a count ("200 workers")
        counted = [o for o, p in named_objects if p[1] in (None, "MISC") and o.pos_ == "NOUN" and o.i not in helper.ent_of
                   and any(t.ent_type_ == "MONEY" or t.pos_ == "SYM" for t in o.lefts)]
        tallied = _tally_after_object(preposition, pobj, named_objects, helper) if named_objects else None
        # "leased 90 hectares from X": whom the counted thing came from, asked with it ("lease 90 hectares from")
        tallied = tallied or (source_after_object(preposition, pobj, named_objects, helper) if named_objects else None)
        # "take Ngaio Star to Riccarton": where the one object is taken, asked with it ("take Ngaio Star to")
        tallied = tallied or (goal_after_object(preposition, pobj, named_objects, verb, helper) if named_objects else None)
        if named_objects and tallied is None and not (len(named_objects) == 1 and counted and not helper.is_time(pobj)
                                                      and preposition in ("in", "at", "near")):
            # "founded Tidewave Robotics in Rotterdam": (X, found in, Rotterdam) would drop
            # what was founded; the fact about the named object stands on its own
            continue
        if pobj.lower_ in _EN_GENERIC_NOUNS and not helper.is_absolute_time(pobj):
            continue  # "for the first time", "at the same time": no thing to ask about
        if plain_object is not None and not named_objects and any(
                c.dep_ == "prep" and c.lower_ == "of" for c in plain_object.children):
            continue  # "take delivery of eight trains by 2027": the object's "of" is what is delivered, not "delivery"
        object_phrase = helper.phrase(pobj)
        if object_phrase is None:
            continue
        middle = helper.plain_text(plain_object) if plain_object is not None and not named_objects else ""
        if tallied is not None:
            middle = tallied  # "caught nine passes for 142 yards" -> "catch nine passes for"
        elif named_objects:
            # "build a $260 million pet food plant in Emporia" -> "build a pet food plant in": the thing, not its price
            thing = counted[0]
            words = [t for t in thing.subtree if t.i <= thing.i and not (t.like_num or t.ent_type_ in ("MONEY", "CARDINAL",
                     "QUANTITY", "PERCENT") or t.pos_ in ("SYM", "PUNCT") or t.dep_ in ("nummod", "quantmod"))]
            middle = " ".join(t.text for t in words)
        if lead is not None:
            middle = _join(lead[0].lower_, helper.plain_text(lead[1]))
        elif duration and not middle and preposition != "for":
            middle = duration
        elif completed is not None and middle:
            middle = _join(middle, completed[0].lower_, helper.plain_text(completed[1]))
        relation = _join(base, middle, preposition)
        if len(_join(emit.prefix, relation).split()) > _EN_MAX_RELATION_WORDS:
            continue  # too long to ask: the thing itself is the fact ("voted to scrap free Sunday parking")
        prep_facts = True
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, relation, object_phrase)
    if len(objects) == 1 and not prep_facts and not is_copula:
        # "agreed to buy Kestrel Dairy for $44 million", "voted to buy a 4.1-hectare former rail yard in Millbay for
        # $12.5 million", "hired nine portable toilets for $2,400 a month": what the one thing cost
        named = dict((o.i, p) for o, p in named_objects).get(objects[0].i)
        yield from _price_facts(children, objects[0], named, base, emit, helper, subject_phrases)
    if plain_object is not None and not named_objects and not common_subject and not prep_facts:
        # "Marcus Hale opened the new library" → (Marcus Hale, open, new library): a named
        # subject doing something to a thing (thing–verb–thing is never kept)
        thing = helper.phrase(plain_object, common=True)
        if thing is None and frequency is not None and plain_object.i == frequency.i:
            thing = (plain_object.lower_, None)  # "scored twice": the count is the answer
        named_in_thing = [named for named in _named_prep_objects(plain_object, helper)
                          if thing is not None and thing[0].endswith(named[0])]
        if thing is not None and not named_in_thing:
            # "join the board of Lumen Energy" is asked by its name below ("Which organization will
            # Henrik Dahl join the board of?"); "What will he join? -> the board of Lumen Energy" asks it twice
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, thing)
    if lead is not None and not prep_facts and not common_subject:
        # "the cooperative will appeal against the permit" → (cooperative, appeal against, permit)
        thing = helper.phrase(lead[1], common=True)
        if thing is not None:
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, _join(base, lead[0].lower_), thing)
    if plain_object is not None and not named_objects:
        # "announced a partnership with OpenAI" → (X, announce a partnership with, OpenAI)
        for prep in plain_object.children:
            if prep.dep_ != "prep" or _parenthetical_place(prep, plain_object):
                continue
            for pobj in prep.children:
                if pobj.dep_ != "pobj" or helper.is_time(pobj):
                    continue
                for conjunct in _EnSentence.with_conjuncts(pobj):
                    object_phrase = helper.phrase(conjunct)
                    if object_phrase is None:
                        continue
                    relation = _join(base, helper.plain_text(plain_object), prep.lower_)
                    for subject_phrase in subject_phrases:
                        yield emit(subject_phrase, relation, object_phrase)


def _members_of_named(noun, helper: _EnSentence) -> tuple[str, str | None] | None:
    """ "officers from the Harwich drugs squad", "detectives of Kent Police": a bare plural of people that
    says which body they come from names the agent by that body ("officers from Harwich drugs squad")."""
    if noun.pos_ != "NOUN" or noun.tag_ != "NNS" or noun.i in helper.ent_of or any(
            t.dep_ in ("det", "poss", "nummod") for t in noun.lefts):
        return None
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ in ("from", "of", "at"):
            body = next((p for p in prep.children if p.dep_ == "pobj"), None)
            named = helper.phrase(body) if body is not None and not helper.is_time(body) else None
            if named is not None and named[1] != _PER:
                return f"{_EnSentence.plain_text(noun, det=False)} {prep.lower_} {named[0]}", None
    return None


def _price_facts(children, obj, named, base: str, emit, helper: _EnSentence, subject_phrases,
                 things: list[str] | None = None) -> Iterator[_Fact]:
    """(subject, "buy <the thing> for", price) for a "for <money>" after the verb's one object; the thing is
    its name, or the common noun with as many of its modifiers as the relation has room for ("buy rail yard for")."""
    for prep in children:
        if prep.dep_ != "prep" or prep.lower_ != "for" or prep.i < obj.i:
            continue
        money = next((p for p in prep.children if p.dep_ == "pobj" and p.ent_type_ == "MONEY"), None)
        amount = helper.phrase(money) if money is not None else None
        if amount is None:
            continue
        # "for $2,400 a month": the price is a rate, and the question must say so
        rate = next((f"{d.lower_} {c.lower_}" for c in money.children if c.dep_ == "npadvmod"
                     and c.lemma_.lower() in _EN_RATE_NOUNS for d in c.children
                     if d.dep_ == "det" and d.lower_ in ("a", "an", "per", "each", "every")), "")
        if rate:
            amount = (f"{amount[0]} {rate}", amount[1])
        for thing in things if things is not None else _thing_words(obj, named):
            relation = _join(base, thing, "for")
            if len(_join(emit.prefix, relation).split()) <= _EN_MAX_RELATION_WORDS:
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, relation, amount)
                break
        return


def _more_agents(children) -> list:
    """Further "by" phrases of a passive that the parser hung elsewhere: "paid for by Arts Council England, which has
    given £50,000, and by the Pellow Trust" (a ``conj`` of the verb), "by Sport England, which has agreed to give
    £1 million, by Kerrow Council and by a public appeal" (a "by" right after the comma closing the first agent's
    relative clause, hung inside it). Only where the verb has an agent of its own."""
    agent = next((c for c in children if c.dep_ == "agent"), None)
    if agent is None:
        return []
    more = [c for c in children if c.dep_ == "conj" and c.lower_ == "by" and c.pos_ == "ADP" and c.i > agent.i]
    for pobj in (p for p in agent.children if p.dep_ == "pobj"):
        for clause in (c for c in pobj.children if c.dep_ == "relcl"):
            more += [t for t in clause.subtree if t.dep_ == "prep" and t.lower_ == "by" and t.i > clause.i
                     and t.doc[t.i - 1].text == "," and t.head.i in {c.i for c in clause.subtree}]
    return more


def _by_a_time(p, helper: _EnSentence) -> bool:
    """ "by May", "by 2027", "by the end of 2019": a deadline, never who did it."""
    return helper.is_time(p) or p.lemma_.lower() in (
        "end", "start", "beginning", "middle", "close", "time") and any(
        c.dep_ == "prep" and c.lower_ == "of" for c in p.children)


def _passive_buyer_and_price(verb, children, patient, patient_phrase, agent_phrase, relation: str, emit,
                             helper: _EnSentence) -> Iterator[_Fact]:
    """ "The farm has been sold by the Holt family to Arden Homes for £4.2 million": whom the agent passed the patient
    to and for how much, as in the active "sold the farm to Arden Homes for £4.2 million": (Holt family, "sell farm
    to", Arden Homes), (Holt family, "sell farm for", £4.2 million). "to" takes a name only (not a time, not a
    count: "cut to 35 minutes" is ``_passive_term``'s)."""
    named = patient_phrase if patient.pos_ == "PROPN" or patient_phrase[1] is not None else None
    # "sell the block to": the common noun keeps its article, which the question reads ("sell block to" would not)
    things = [_with_article(patient, thing) if named is None else thing for thing in _thing_words(patient, named)]
    yield from _price_facts(children, patient, named, relation, emit, helper, [agent_phrase], things)
    for prep in children:
        if prep.dep_ != "prep" or prep.lower_ != "to" or prep.i < verb.i:
            continue
        pobj = next((p for p in prep.children if p.dep_ == "pobj"), None)
        if pobj is not None and pobj.pos_ == "NOUN" and pobj.i not in helper.ent_of:
            pobj = _named_appos(pobj, helper)  # "to the York housebuilder Nidd Valley Homes"
        if pobj is None or pobj.pos_ != "PROPN" and pobj.i not in helper.ent_of or helper.is_time(pobj) \
                or any(t.like_num for t in pobj.subtree):
            continue
        recipient = helper.phrase(pobj)
        if recipient is None or recipient[0] == agent_phrase[0]:
            continue
        for thing in things:
            full = _join(relation, thing, "to")
            if len(_join(emit.prefix, full).split()) <= _EN_MAX_RELATION_WORDS:
                yield emit(agent_phrase, full, recipient)
                break


def _with_article(noun, thing: str) -> str:
    """``thing`` (words naming ``noun``) after the noun's article: "the block", "a farm" (a/an as the words begin)."""
    det = next((t.lower_ for t in noun.lefts if t.dep_ == "det" and t.lower_ in ("the", "a", "an")), "")
    if det in ("a", "an"):
        det = "an" if thing[:1].lower() in "aeiou" else "a"
    return _join(det, thing)


def _thing_words(obj, named) -> list[str]:
    """How a relation may name ``obj``, longest first: its name; else its modifiers and noun without counts
    ("portable toilets", "former rail yard"), the nouns that compound it ("rail yard"), the noun alone."""
    if named is not None and not any(t.like_num for t in obj.subtree) and (obj.pos_ == "PROPN" or named[1] is not None):
        return [named[0]]
    if obj.pos_ != "NOUN":
        return []
    mods = [t for t in obj.lefts if t.dep_ in ("amod", "compound") and not t.like_num
            and not any(c.like_num for c in t.subtree) and t.pos_ in ("ADJ", "NOUN")]
    compounds = [t for t in mods if t.dep_ == "compound"]
    out = []
    for words in (mods, compounds, []):
        text = " ".join(t.text for t in words + [obj])
        if text not in out:
            out.append(text)
    return out


def _named_appos(noun, helper: _EnSentence):
    """The name in apposition to an agent's description, or None: "by the club's treasurer, Ann Kerr" (Kerr);
    through a second description, "by the firm's new auditor, the accountant Lena Fisk" (Fisk)."""
    for appos in (a for a in noun.children if a.dep_ == "appos"):
        if appos.pos_ == "PROPN" or appos.i in helper.ent_of:
            return appos
        if appos.pos_ == "NOUN":
            inner = next((a for a in appos.children if a.dep_ == "appos" and (a.pos_ == "PROPN" or a.i in helper.ent_of)),
                         None)
            if inner is not None:
                return inner
    return None


def _passive_term(verb, children, agent_phrase, relation: str, patient, emit) -> Iterator[_Fact]:
    """ "was sentenced to 18 months by Judge X", "was cut to 35 minutes by X": the count the agent brought the
    patient to, (X, "sentence Alan Briggs to", "18 months"); the patient leaves the relation when it is too long."""
    for prep in children:
        if prep.dep_ != "prep" or prep.lower_ != "to" or prep.i < verb.i:
            continue
        term = next((p for p in prep.children if p.dep_ == "pobj" and p.pos_ == "NOUN"
                     and any(t.like_num for t in p.subtree if t.i < p.i)), None)
        if term is None:
            continue
        amount = term.doc[term.left_edge.i : term.i + 1].text
        full = _join(relation, patient[0], "to")
        short = _join(relation, "to")
        yield emit(agent_phrase, full if len(_join(emit.prefix, full).split()) <= _EN_MAX_RELATION_WORDS else short,
                   (amount, None))
