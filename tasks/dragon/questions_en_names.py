"""DRAGON questions, English: how a name is said and asked for (the independent judge's fourth
English round on the blind site4, written as rules for classes of names, not for its sentences).

- ``org_wh``: "Which organization ...?" only where the name itself says it is one (an
  organisation's head or suffix: "... Council", "... Ltd", "... Trust", "... University"); a
  sports club's suffix ("... RFC", "... FC", "... United") asks "Which club"; a name whose head
  is a common class noun asks by it ("Which castle", "Which arcade", "Which line"); anything
  else is asked "Who" where it acts like a body (it signed, beat, took over) or is an opponent
  (was beaten, faced), and "What" otherwise. The tagger's ORG is weak evidence: castles, rail
  lines, shopping arcades and rugby teams were all "Which organization" on site4.
- ``with_class_noun``: a name that the text never writes without a lowercase class noun after
  it ("the Heart of Wales line", "the Severn estuary") keeps that noun: the bare name is
  another thing, or none.
- ``full_name``: a short form ("Bevan", "Kovač", "the Warriors", "Glas RFC") becomes the longer
  capitalised name its sentences write around or before it ("Carys Bevan", "Tawe Warriors").
- ``odd_label``: labels that are no names: an all-capitals dateline or heading ("CARDIFF CROWN
  COURT", "LEEDS"), a number word ("Eleven" of "Eleven of the 14 venues"), a common word that
  opens its sentence stuck to a name ("Scrum-half Iestyn Carew" -> the name alone).
"""
from __future__ import annotations

import re

from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.triplets_rules_en_lexicon import EN_PERSON_NOUNS
from tasks.dragon.words_en import EN_CLUB_SUFFIXES, EN_MONTH_ABBREVIATIONS, EN_MONTHS, EN_WEEKDAYS


def bare_label(label: str) -> str:
    """A name without its leading "the": "the Solway Cocklers' Association" -> "Solway Cocklers' Association"
    (how the question code looks a name up in the article, whichever way the article writes it)."""
    return label[4:] if label.startswith("the ") else label

#: an organisation's own head or suffix: a name ending so is an organisation whatever it does
_STRONG_ORG_HEADS = frozenset("""
    group bank fund holdings partners foundation trust association union federation committee council
    ministry agency institute university college academy party industries insurance bv ltd inc llc plc gmbh ag sa
    corp corporation company co commission board authority department police service services parliament senate
    government assembly bureau organisation organization society charity cooperative co-operative
    creamery dairy brewery distillery winery cidery bakery
    """.split())
#: class nouns that may end a name of a thing that is no organisation: asked "Which <noun>"
_THING_CLASS_HEADS = frozenset("""
    castle arcade line railway route tunnel road street lane avenue boulevard highway parkway drive crescent square
    market mall tower church cathedral
    abbey chapel palace house manor estate farm mill park garden gardens bridge canal river lake reservoir
    festival scheme programme program project prize award cup trophy show exhibition forest wood beach
    league championship championships premiership division tournament competition court tribunal
    """.split())
#: the nouns ``org_class`` may put in "the <noun> that ...": a described node, not a name
CLASS_WORDS = frozenset({"club", "organization", *_THING_CLASS_HEADS})

#: roles held for a person ("the manager of Luka Kovač"): with a person as their object they are asked
#: "Whose manager is X?", not "What is X the manager of?" (the kinds make any role object an organisation)
PERSONAL_ROLES = frozenset("""
    manager agent promoter trainer lawyer solicitor barrister spokesman spokeswoman spokesperson assistant aide
    wife husband partner son daughter mother father brother sister carer biographer
    """.split())

#: verbs whose subject acts like a body of people: an unknown name doing them is asked "Who"
BODY_VERBS = frozenset("""
    sign sell buy acquire hire fire pay sue appoint sponsor invest announce approve award order employ recall
    launch found fund beat defeat sack loan raise spend borrow lend supply merge win lose play face take replace
    confirm say warn agree reject plan promise issue apply ask offer score draw lead thrash edge
    """.split())
#: verbs whose object is an opponent: an unknown name beaten or faced is asked "Who"
OPPONENT_VERBS = frozenset("beat defeat face play meet thrash edge overcome host".split())
#: phrasal verbs of beating an opponent: "What did the Gulls hold off?" -> a team: "who"
OPPONENT_PHRASALS = frozenset({"hold off", "see off", "fend off", "fight off", "knock out", "edge out", "shut out"})
#: verbs whose object is a person: a court sentences, the police arrest people, not organisations; a name the
#: tagger took for a body is asked "Who did Justice X sentence?"
PERSON_OBJECT_VERBS = frozenset("sentence jail imprison convict acquit arrest detain parole marry".split())
#: verbs whose object is a work (a series, film, play), whatever the tagger called it: "What did X star in?"
WORK_VERBS = frozenset("star co-star".split())


def _words(label: str) -> list[str]:
    return [w for w in label.split() if w.lower() not in ("the", "a", "an")]


def name_head(label: str) -> str:
    words = _words(label)
    return words[-1].lower().strip(".,") if words else ""


def org_evidence(label: str) -> str | None:
    """ "organization" / "club" when the name's own last word says so, else None."""
    words = _words(label)
    if len(words) < 2 or not words[-1][:1].isupper():
        return None
    head = name_head(label)
    if head in EN_CLUB_SUFFIXES:
        return "club"
    if head in _STRONG_ORG_HEADS:
        return "organization"
    return None


#: class nouns that open a name of a thing, before a number or a name: "Highway 4", "Route 9", "Lake Ardee"
_LEADING_CLASS_HEADS = frozenset("highway route lake loch river motorway interstate".split())


def leading_class(label: str) -> str | None:
    """ "highway" for "Highway 4", "lake" for "Lake Ardee": a class noun that opens a name of two words (the
    question word "Which highway", never "Who": "Highway 1 meets Highway 4" has no opponent)."""
    words = _words(label)
    if len(words) == 2 and words[0].lower() in _LEADING_CLASS_HEADS and words[0][:1].isupper() \
            and (words[1][:1].isupper() or words[1].isdigit()):
        return words[0].lower()
    return None


def thing_class(label: str) -> str | None:
    """ "castle" for "Coity Castle", "line" for "the Heart of Wales Line": a named thing's class noun."""
    words = _words(label)
    if len(words) < 2 or not words[-1][:1].isupper():
        return None
    head = name_head(label)
    return head if head in _THING_CLASS_HEADS else None


#: plural heads that name a company ("Baltic Freight Lines") or infrastructure ("the Core Valleys Lines"):
#: the text's own "the" before the name says infrastructure (companies are written bare)
_AMBIGUOUS_PLURAL_HEADS = frozenset("lines networks railways routes".split())


def common_head(label: str) -> str | None:
    """ "terminal" for "the Woodside terminal", "team" for "the Kelby women's team", "unit" for "the cardiac unit
    of Kelby Hospital": a name ended (or opened, before "of" and a name) by a common noun in lower case says what
    the thing is; None for a name of capitalised words."""
    words = _words(label)
    of = words.index("of") if "of" in words[1:-1] else 0
    if of and all(w.islower() for w in words[:of]) and words[of + 1][:1].isupper():
        head = words[of - 1]  # "the cardiac unit of Kelby Hospital": the unit, whoever's it is
        words = [words[of + 1], head]
    if len(words) < 2 or not any(w[:1].isupper() for w in words[:-1]):
        return None
    head = words[-1]
    if not head.isalpha() or not head.islower() or head in _NOT_HEADS:
        return None
    from tasks.dragon.questions_en_verbs import _en_lexicon

    return head if head in _en_lexicon()[1] and not head.endswith("s") else None


#: lower-case last words that are no head noun of the name ("Port aux Basques", "Sons and daughters")
_NOT_HEADS = frozenset("of and or the de du la le aux des von van der da do dos".split())


#: nouns a text says a body of people is ("the firm X", "X, a Halifax charity"): with them the name stays
#: "Which organization"; agent nouns ("operator", "publisher", "owner") count as bodies too
_BODY_NOUNS = frozenset("""
    company firm group organisation organization business body charity union club team side band agency authority
    council department ministry carrier airline brand label chain network partnership consortium association society
    institution school university college party coalition co-operative cooperative co-op coop government cabinet
    """.split())
#: verbs whose object is a work (a play, book, film, album) or a vessel, never a body: "What did X stage?"
WORK_OR_VESSEL_OBJECT_VERBS = frozenset("""
    stage publish direct screen premiere broadcast air christen refit berth moor
    """.split())


#: nouns of people that are no post: kin and the like ("Ada Cleary, the keeper's daughter")
_KIN_WORDS = frozenset("""
    girl boy child kid friend neighbour neighbor cousin uncle aunt niece nephew grandson granddaughter fiance fiancee
    widower man woman person character hero heroine villain
    """.split())


def _said_nouns(label: str, sentences: list[str] | tuple[str, ...]) -> list:
    """The lowercase nouns (spaCy tokens) the text writes a name with: before it as a compound ("the ferry
    Chebucto Light"), in apposition ("Chebucto Light, a new ferry,", "the new ferry, Chebucto Light"), or
    naming it ("the house, known as Thornhaven", "a schooner called Bluenose Star")."""
    from tasks.dragon.questions_en_context import _span_of, sentence_doc

    found = []
    for sentence in sentences:
        doc = sentence_doc(sentence)
        span = _span_of(doc, label)
        if span is None or not len(span):
            continue
        root = span.root
        nouns = [c for c in root.children
                 if (c.dep_ in ("compound", "appos") and c.i < span.start) or (c.dep_ == "appos" and c.i >= span.end)]
        if root.dep_ == "appos" and root.head.i < span.start:
            nouns.append(root.head)  # "the new ferry, Chebucto Light"
        verb = root.head.head if root.dep_ == "pobj" and root.head.lower_ == "as" else None
        if verb is not None and verb.lemma_.lower() in ("know", "call") and verb.dep_ == "acl" and verb.head.i < span.start:
            nouns.append(verb.head)  # "the house, known as Thornhaven,"
        elif root.dep_ in ("oprd", "dobj") and root.head.lemma_.lower() in ("call", "name") and root.head.dep_ == "acl" \
                and root.head.head.i < span.start:
            nouns.append(root.head.head)  # "a schooner called Bluenose Star", "a mare named Kelby Lass"
        found.extend(noun for noun in nouns
                     if noun.pos_ in ("NOUN", "ADJ" if noun.dep_ == "appos" else "NOUN") and noun.is_alpha
                     and noun.is_lower  # an apposition is a noun phrase ("a new musical" parsed as ADJ)
                     and not (noun.i and noun.nbor(-1).text == "-" and not noun.nbor(-1).whitespace_)  # "start-up"
                     and not _cut_from_compound(noun))
    return found


#: positions and posts an adjective and a noun make together: "the tight end X" is no end, "the wide receiver X" no
#: plain receiver, "the chief executive X" no plain executive; any other adjective only describes a thing of its
#: class ("the private clinic X" is a clinic, "the independent bookshop X" a bookshop)
_ROLE_COMPOUNDS = frozenset(tuple(pair.split("+")) for pair in """
    tight+end wide+receiver running+back defensive+end defensive+back defensive+tackle offensive+tackle
    offensive+lineman defensive+lineman nose+tackle free+safety strong+safety left+tackle right+tackle left+guard
    right+guard middle+linebacker outside+linebacker inside+linebacker left+back right+back centre+back
    center+back central+defender left+wing right+wing centre+forward center+forward central+midfielder
    defensive+midfielder attacking+midfielder holding+midfielder point+guard shooting+guard small+forward
    power+forward left+fielder right+fielder center+fielder starting+pitcher relief+pitcher designated+hitter
    scrum+half fly+half loose+forward inside+centre outside+centre chief+executive general+manager
    managing+director general+secretary attorney+general
    """.split())


def _cut_from_compound(noun) -> bool:
    """Is the spaCy token ``noun``, a title before a name, the head of a position its adjective makes with it
    (``_ROLE_COMPOUNDS``: "tight end Sam Pietila", "wide receiver X", "free safety X")? Asked alone ("Which end
    did X find?") it is a cut noun. (An apposition describes: "the Halcyon, a private clinic," is a clinic.)"""
    before = noun.doc[noun.i - 1] if noun.i and noun.dep_ == "compound" else None
    return before is not None and before.head.i == noun.i and (before.lower_, noun.lower_) in _ROLE_COMPOUNDS


def text_class(label: str, sentences: list[str] | tuple[str, ...]) -> str | None:
    """The lowercase class noun the text writes a name with, where that says it is no body of people: "ferry"
    for "the ferry Chebucto Light", "Chebucto Light, a new ferry," or "the new ferry, Chebucto Light"; "play" for
    "the play Harbour Lights". None where the text gives no such noun, or calls it a body ("the firm X", "X, an
    operator"); "what" where two sentences give two different classes."""
    from tasks.dragon.questions_en_verbs import _en_lexicon

    found: set[str] = set()
    for noun in _said_nouns(label, sentences):
        lemma = noun.lemma_.lower()
        if lemma in _BODY_NOUNS or _person_word(lemma) or agent_noun(lemma) or lemma not in _en_lexicon()[1]:
            return None  # a body, or a person ("the keeper's daughter", "a session musician")
        found.add(lemma)
    if not found:
        return None
    return found.pop() if len(found) == 1 else "what"


#: the body nouns a question may call a body by where the text does ("the firm X" -> "the firm that ..."):
#: words that say what kind of body, not "body", "group" or "side" (a group of what, which side)
_SAYABLE_BODY_NOUNS = frozenset("""
    company firm business charity club team agency authority council ministry department carrier airline chain
    consortium association society school university college party co-operative cooperative bank insurer
    """.split())


def body_class(label: str, sentences: list[str] | tuple[str, ...]) -> str | None:
    """ "firm" where the text writes the name as one ("the Galway firm Nephin Sensors", "Nephin Sensors, a
    sensor company,"): the word a question may use for it in place of the guess "organization"; None where the
    text gives no such noun, or two different ones, or also a class noun that says it is no body."""
    found = {noun.lemma_.lower() for noun in _said_nouns(label, sentences)}
    return found.pop() if len(found) == 1 and found <= _SAYABLE_BODY_NOUNS else None


def org_wh(label: str, verb: str | None = None, subject: bool = False, plural: bool = False,
           sentences: list[str] | tuple[str, ...] = ()) -> str:
    """The question word for a thing the tagger called an organisation (see the module doc); ``sentences``
    may say what the thing is ("the ferry X": "Which ferry"), and so may the verb ("staged X": "What")."""
    evidence = org_evidence(label)
    if evidence == "club":
        return f"which club{'s' if plural else ''}"
    cls = thing_class(label) or leading_class(label)
    if cls and not plural:
        return f"which {cls}"
    head = common_head(label)
    if head and not plural:
        return f"which {head}"  # "Which terminal did X rebuild?" -> the Woodside terminal
    said = text_class(label, sentences) if not evidence else None
    if said:
        return said if said == "what" or plural else f"which {said}"  # "Which ferry does X replace?"
    if not evidence and verb in WORK_OR_VESSEL_OBJECT_VERBS and not subject:
        return "what"  # "What did the Neptune Theatre stage?" -> a play (a company sails as often as a ship)
    if not evidence and label.startswith("the ") and name_head(label) in _AMBIGUOUS_PLURAL_HEADS | _THING_CLASS_HEADS:
        return "what"  # "the Core Valleys Lines": a rail network, not "Which organization"
    if verb in OPPONENT_VERBS:
        return "who"  # "Who beat Kellsbridge?": a team, whatever its name
    if verb in PERSON_OBJECT_VERBS and not subject and not evidence:
        return "who"  # "Who did Justice X sentence?", not "Which organization"
    if verb in WORK_VERBS and not subject:
        return "what"  # "What did Lena Brandt star in?": a series, not an organization
    return f"which organization{'s' if plural else ''}"


def org_class(label: str, sentences: list[str] | tuple[str, ...] = ()) -> str:
    """ "the club", "the castle", "the ferry", "the organization": how a relative clause names a hidden one."""
    evidence = org_evidence(label)
    if evidence == "club":
        return "the club"
    said = text_class(label, sentences) if not evidence else None
    if said and said != "what":
        return f"the {said}"
    cls = thing_class(label) or common_head(label)
    if cls and not evidence:
        return f"the {cls}"
    said = body_class(label, sentences) if evidence != "club" else None
    return f"the {said}" if said else "the organization"  # "the firm that Gráinne Mulcahy founded"


#: lowercase class nouns written after a name as part of what it names
_TRAILING_CLASS_NOUNS = frozenset("""
    line lines railway route road motorway bypass estuary river valley tunnel bridge scheme project programme
    festival fund estate
    """.split())


def with_class_noun(label: str, sentences: list[str]) -> str:
    """ "Heart of Wales" -> "Heart of Wales line" when every mention of the name has that lowercase
    class noun right after it (and there is at least one)."""
    words = label.split()
    if not words or not any(w[:1].isupper() for w in words) or name_head(label) in _TRAILING_CLASS_NOUNS:
        return label
    if not words[-1][:1].isupper():
        return label
    pattern = re.compile(rf"(?<![\w-]){re.escape(label)}(?![\w-])")
    found = None
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            after = re.match(r"\s+([a-z]+)\b", sentence[match.end():])
            if not after or after.group(1) not in _TRAILING_CLASS_NOUNS:
                return label
            if found not in (None, after.group(1)):
                return label
            found = after.group(1)
    return f"{label} {found}" if found else label


_NAME_WORD = r"[A-Z][\w'’.-]*"
_NOT_NAME_WORDS = frozenset(
    "the a an this that these those its their his her in on at by for from with after before but and or so as when "
    "while if mr mrs ms dr sir".split())


#: titles and roles of people, written capitalised next to a name ("Norden CEO Ingrid Ek",
#: "Chief Executive Marcus Feld"); questions_en_answers extends it with its own words
ROLE_TITLES = frozenset("""
    ceo cfo coo cto chief president chairman chairwoman chair director executive founder co-founder minister secretary
    manager spokesman spokeswoman spokesperson head coach mayor councillor boss leader owner analyst economist
    professor dr mr mrs ms sir chancellor governor senator general captain vice deputy
    """.split())

#: titles and roles written capitalised before a name: they end what comes before it
_TITLE_WORDS = ROLE_TITLES | frozenset("""
    striker forward midfielder defender goalkeeper hooker prop scrum-half fly-half winger centre full-back lock flanker
    judge inspector sergeant constable officer treasurer
    """.split())


#: lowercase nouns that introduce a person right before the name ("the Tonga international prop Sione
#: Vaipulu", "the architect William Lofthouse", "the veteran Gareth Lumb"); the titles above too
PERSON_NOUNS = _TITLE_WORDS | frozenset("""
    international player footballer cricketer athlete runner cyclist boxer jockey swimmer singer musician guitarist
    drummer bassist pianist violinist songwriter rapper actor actress comedian presenter broadcaster journalist
    reporter photographer architect artist author writer novelist poet painter sculptor designer engineer scientist
    researcher student pupil teacher lecturer doctor nurse surgeon farmer chef baker landlord landlady veteran
    substitute debutant winger centre forward batsman bowler skipper resident campaigner volunteer businessman
    businesswoman entrepreneur developer historian curator priest vicar bishop rector pensioner grandfather
    grandmother widow actor lawyer solicitor barrister collector donor benefactor
    """.split())
_HONORIFICS = frozenset("mr mrs ms miss dr sir dame lord lady prof professor".split())

#: nouns of people and of posts that neither the lists above nor a verb they are made from give
_MORE_AGENT_NOUNS = frozenset("""
    tenant client patient official member sponsor host champion winner buyer rival ally heir successor predecessor
    representative ambassador shareholder stakeholder fan candidate nominee appointee opponent applicant participant
    registrar scholar entrant graduate delegate envoy deputy guardian colleague citizen
    """.split())
#: nouns of things that the lists above hold as people too ("centre" is a rugby position, "lock" and "prop"
#: forwards) or that a verb makes ("committee" from "commit"): at a place they say what a thing is
_THING_READINGS = frozenset("centre center lock prop committee".split())
#: endings that make a noun of people whatever the stem: "chairman", "spokesperson", "economist", "historian"
_PEOPLE_ENDINGS = ("man", "woman", "person", "people", "ist", "ian")


def _person_noun(noun: str) -> bool:
    """A noun only a person is ("collector", "architect", "widow", "chairman"): not the posts and agent nouns a
    body holds too ("sponsor", "buyer", "owner")."""
    return noun in PERSON_NOUNS or noun in _KIN_WORDS or len(noun) > 5 and noun.endswith(_PEOPLE_ENDINGS)


def _person_word(noun: str) -> bool:
    """A noun that says its name is a person's: a person noun, a personal role, kin, or a people ending."""
    return noun in PERSON_NOUNS or noun in PERSONAL_ROLES or noun in _MORE_AGENT_NOUNS or noun in _KIN_WORDS \
        or noun.endswith(_PEOPLE_ENDINGS)
#: endings of a noun made from a verb for the one who does it: "director", "manager", "trustee", "consultant",
#: "resident"; only with a verb of four letters or more before them ("tower" is no one who tows)
_AGENT_SUFFIXES = ("er", "or", "ee", "ant", "ent")


def agent_noun(noun: str) -> bool:
    """A noun for a person or the post someone (or a body) holds, not for a thing: by the lexicon of person and
    role nouns, the endings "-man", "-person", "-ist", "-ian", or an agent suffix after a verb the spaCy
    lemma table knows ("investor", "operator", "employee", "consultant"). Not by the suffix alone:
    "restaurant", "plant", "theater", "tower", "shelter", "department", "business" are things."""
    from tasks.dragon.questions_en_verbs import _en_lexicon

    noun = noun.lower()
    if noun in _THING_READINGS:
        return False
    if noun in PERSON_NOUNS or noun in PERSONAL_ROLES or noun in _MORE_AGENT_NOUNS:
        return True
    if len(noun) > 5 and noun.endswith(_PEOPLE_ENDINGS):
        return True
    if noun.endswith("ment"):
        return False  # "department", "government", "settlement": what is done, or a body, never the doer
    verbs = _en_lexicon()[0]
    for suffix in _AGENT_SUFFIXES:
        if not noun.endswith(suffix):
            continue
        stem = noun[:-len(suffix)]
        if len(stem) < 3:
            continue  # "plant" is no one who "plates"
        stems = {stem, stem + "e", stem + "ate"}  # "direct", "manag(e)", "operat(e)"
        if stem.endswith("i"):
            stems.add(stem[:-1] + "y")  # "supplier" → "supply"
        if len(stem) > 2 and stem[-1] == stem[-2]:
            stems.add(stem[:-1])  # "runner" → "run"
        if any(len(s) >= 4 and s in verbs for s in stems):
            return True
    return False


def person_evidence(label: str, sentences: list[str]) -> bool:
    """Does the text introduce ``label`` as a person: after a lowercase person noun ("the architect
    William Lofthouse", "the Tonga international prop Sione Vaipulu"), after an honorific ("Mr Lumb"),
    or with an age after it ("Vaipulu, 26,")? The tagger's ORG for a person is asked "Which organization"."""
    words = _words(label)
    if not words or not all(w[:1].isupper() for w in words) or org_evidence(label) or thing_class(label):
        return False
    names = {" ".join(words)} | ({words[-1]} if len(words) > 1 else set())
    for name in names:
        for sentence in sentences:
            for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence):
                before = sentence[:match.start()].split()
                prev = before[-1] if before else ""
                if re.match(r",\s*\d{1,2}\s*,", sentence[match.end():]):
                    return True  # "Vaipulu, 26, made 58 appearances"
                if len(words) > 1 and prev.endswith(",") and _person_noun(prev.rstrip(",").lower()):
                    return True  # "a Wellington collector, Marcus Hale,": a person noun set before the name
                if len(words) == 1 and (_introduced_by_role(sentence[match.end():])
                                        or _person_word(prev.rstrip(",").lower()) and prev.endswith(",")):
                    # one word a role introduces: "Silas, the inn's owner, said", "Silas, who runs the inn",
                    # "her father, Silas" (a longer name says more by itself: "Harlow Foods, a Leeds baker")
                    return True
                if prev.lower().strip(".") in _HONORIFICS and prev[:1].isupper():
                    return True
                if name == " ".join(words) and prev.islower() and prev in PERSON_NOUNS:
                    return True
                if name == " ".join(words) and len(words) > 1 and prev[:1].isupper() and prev[1:].islower() \
                        and prev.lower() in PERSON_NOUNS and prev.lower() not in _THING_READINGS:
                    return True  # "Winger Tadhg Ó Cuív scored": a post capitalised before the full name, as a title
                if name == " ".join(words) and prev in _PEOPLE_PAIRS and re.match(r"\s+and\s+[A-Z]", sentence[match.end():]):
                    return True  # "the brothers Callum and Ewan Fairlie": Callum
                if name == " ".join(words) and len(before) > 2 and before[-1] == "and" and before[-2][:1].isupper() \
                        and before[-3] in _PEOPLE_PAIRS:
                    return True  # ... and Ewan Fairlie
    return False


_APPOSITION = re.compile(r",\s+(?:the|a|an|his|her|their|its|[A-Z][\w’'-]*[’']s)\s+([^,.;:()]+)")
_APPOSITION_END = re.compile(r"\s(?:of|at|for|in|from|with|on|to|who|which|that|where|when|and|since)\s.*$")


def _introduced_by_role(after: str) -> bool:
    """Does the text right after a name say it is a person: ", who ...", or an apposition whose head is a
    person noun (", the inn's owner,", ", a retired fisherman from Kelby", ", the club's physiotherapist")?"""
    if re.match(r",\s+who\b", after):
        return True
    found = _APPOSITION.match(after)
    if not found:
        return False
    words = _APPOSITION_END.sub("", found.group(1).strip()).split()
    head = words[-1].lower() if words else ""
    return bool(words) and words[-1].islower() and _person_word(head)


#: nouns of works whose titles keep their own "The" ("The Salt Road, a new play by ...")
_WORK_NOUNS = frozenset("play novel book film movie album single song opera musical ballet poem memoir".split())


def title_article(label: str, sentences: list[str]) -> str:
    """ "the Salt Road" -> "The Salt Road": a name whose "The" the text writes capitalised, and never in
    lowercase, is a title (of a play, a book, an album) whose article is part of it; lowercased, it reads as
    a road. The capital says so inside a sentence, after a lowercase word ("the debut play The Salt Road"). A
    work's name the text writes with "The" only where it opens a sentence ("The Salt Road, the first play by
    ...") may or may not own its "The": ``NoTemplate`` (a question would guess its case). A title-case
    headline ("To Stage The Salt Road") says nothing: the word before is capitalised there too."""
    if not label.startswith("the ") or not label[4:5].isupper():
        return label
    rest = label[4:]
    titled = opening = False
    for sentence in sentences:
        for match in re.finditer(rf"(?<![\w-])(the|The)\s+{re.escape(rest)}(?![\w-])", sentence):
            if match.group(1) == "the":
                return label
            before = sentence[:match.start()].split()
            titled = titled or bool(before) and before[-1].isalpha() and before[-1].islower()
            opening = opening or not before
    if titled:
        return f"The {rest}"
    if opening and text_class(rest, sentences) in _WORK_NOUNS:
        raise NoTemplate(f"{rest!r} is a work's title the text writes only opening a sentence: is 'The' its own?")
    return label


def written_with_the(label: str, sentences: list[str]) -> bool:
    """Does the text write the capitalised name ``label`` only right after a lowercase "the" ("came to Hobart
    from the Alfred in Melbourne")? A person's name takes no article; the tagger's PERSON is wrong."""
    words = _words(label)
    if not words or not all(w[:1].isupper() for w in words):
        return False
    mentions = [sentence[:m.start()].split()[-1:] for sentence in sentences
                for m in re.finditer(rf"(?<![\w-]){re.escape(' '.join(words))}(?![\w-])", sentence)]
    return bool(mentions) and all(before == ["the"] for before in mentions)


def group_evidence(label: str, sentences: list[str]) -> bool:
    """Does the text write ``label`` as the subject of a plural verb ("Kirkstall Knights have signed",
    "the Fernhills are touring")? A name that takes "have" or "are" is a team or a band, no one person."""
    words = _words(label)
    if len(words) < 2 or not all(w[:1].isupper() for w in words) or not words[-1].endswith("s"):
        return False
    name = " ".join(words)
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}\s+(?:have|are|were)\b")
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            before = sentence[:match.start()].split()
            if not before or before[-1].lower() not in ("and", "&", "with", "of"):
                return True
    return False


def opening_role(word: str) -> bool:
    """Whether ``word``, its sentence's first, is a person noun or a player's position capitalised only there:
    "Defenseman Ryan Takak did not dress" writes the name "Ryan Takak"."""
    return word.lower() in PERSON_NOUNS or word.lower() in EN_PERSON_NOUNS


def full_name(label: str, sentences: list[str]) -> str:
    """The longer capitalised name the sentences write ``label`` at the end of: "Bevan" -> "Carys
    Bevan", "the Warriors" -> "Tawe Warriors", "Glas RFC" -> "Cefn Glas RFC"; ``label`` when no
    sentence does (or they disagree)."""
    article = label.split()[0] if label.split() and label.split()[0] in ("the",) else ""
    bare = label[len(article):].strip() if article else label
    if not bare or not bare[:1].isupper() or bare.isupper():
        return label
    pattern = re.compile(rf"((?:{_NAME_WORD}\s+)+){re.escape(bare)}(?![\w-])")
    longer: set[str] = set()
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            before = match.group(1).split()
            # "Two Te Anau helicopter companies", "Monday Otago ...": a number word, a day or a month a sentence's
            # capital glued before the name is no part of it
            while before and (before[0].lower() in _NOT_NAME_WORDS | _NUMBER_WORDS | _NOT_NAME_TAIL
                              or before[0].endswith((",", ".", ":", ";"))
                              or (match.start() == 0 and before[0] == sentence.split()[0] and opening_role(before[0]))):
                before = before[1:]
            titles = [i for i, w in enumerate(before) if w.lower().strip(",.") in _TITLE_WORDS]
            if titles:  # "Brightwater Toys Chief Executive Marcus Feld": the name starts after the title
                before = before[titles[-1] + 1:]
            if before and not any(w.endswith(("'s", "’s")) for w in before) and not before[-1].isupper():
                longer.add(" ".join([*before, bare]))
    if len(longer) == 1:
        return longer.pop()
    return label


#: plural nouns that introduce people named together ("the brothers Callum and Ewan Fairlie", "the couple
#: Mira and Tomas Halloran"): before such a pair the first name shares the surname written once at the end
_PEOPLE_PAIRS = frozenset("""
    brothers sisters siblings twins couple cousins spouses founders co-founders partners owners parents sons daughters
    """.split())


def longer_form(label: str, sentences: list[str], own: list[str] | None = None, ordered: list[str] = ()) -> str:
    """ "Calder" -> "Calder Town": a one-word org name takes the one longer name its article writes (not a day or
    month). A 2+-word name may share its words with another body ("Penby Town" the team, "Penby Town Council"):
    it is lengthened only where its ``own`` sentences (its fact's; the article when not given) write it longer
    and never alone, the article never writes it alone, or its first mention in the ``ordered`` sentences is the
    longer name ("Spruce Cape Seafoods ..., Spruce Cape ...": news says a name whole first)."""
    bare = bare_label(label)
    if not bare[:1].isupper() or bare.isupper():
        return label
    longer = one_longer(bare, sentences)
    if longer is None or len(bare.split()) == 1:
        return longer or label
    mine, first = continuations(bare, sentences if own is None else own), continuations(bare, ordered)[:1]
    alone = any(not after for after in mine) or not mine and any(not a for a in continuations(bare, sentences))
    return longer if first and first[0] or not alone else label  # a short name written alone is its own body


def one_longer(bare: str, sentences: list[str] | tuple[str, ...]) -> str | None:
    """The one longer name ``sentences`` write ``bare`` as ("Spruce Cape Seafoods"); None for none or several."""
    longer = {" ".join([bare, *after]) for after in continuations(bare, sentences) if after}
    return longer.pop() if len(longer) == 1 else None


#: capitalised words after a name that are no part of it: a day, a month
_NOT_NAME_TAIL = frozenset(w.lower() for w in EN_WEEKDAYS + EN_MONTHS + EN_MONTH_ABBREVIATIONS)


def continuations(name: str, sentences: list[str] | tuple[str, ...]) -> list[list[str]]:
    """The capitalised name words each mention of ``name`` in ``sentences`` goes on with ([] where none: a
    mention that ends there): "Seafoods" of "Spruce Cape Seafoods has agreed"; a title ("Spruce Cape Chief
    Executive ..."), a possessive, a day or a month ends the run."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w'’-])((?:\s+{_NAME_WORD})*)")
    found = []
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            after = []
            for word in match.group(1).split():
                if word.lower().strip(",.;:") in _TITLE_WORDS | _NOT_NAME_TAIL or word.endswith(("'s", "’s")):
                    break
                after.append(word.rstrip(",.;:"))
                if word[-1:] in ",.;:":
                    break
            found.append(after)
    return found


_NUMBER_WORDS = frozenset("""
    one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
    eighteen nineteen twenty thirty forty fifty hundred thousand dozen half
    """.split())


#: a match score written after a name: "Calder Town 3–1" is the team and the result read as one name
_TRAILING_SCORE = re.compile(r"\s\d{1,3}\s?[–—-]\s?\d{1,3}$")


def odd_label(label: str) -> str | None:
    """Why ``label`` is no name a question may show or answer, or None."""
    if _TRAILING_SCORE.search(label.strip()):
        return f"{label!r} ends in a score: a result stuck to the name, not part of it"
    words = _words(label)
    letters = [w for w in words if any(ch.isalpha() for ch in w)]
    if letters and all(w.isupper() for w in letters) and (len(letters) > 1 or len(letters[0]) > 5):
        return f"{label!r} is in capitals: a dateline or a heading, not a name in the text"
    if len(words) == 1 and words[0].lower() in _NUMBER_WORDS:
        return f"{label!r} is a number word opening its sentence, not a name"
    if re.fullmatch(r"(?:the\s+|a\s+|an\s+)?(?:\d+|\w+)-year-olds?(?:\s+[a-z][\w-]*)*", label.strip(), re.IGNORECASE) \
            and not any(w[:1].isupper() for w in words[1:] if not w.lower().endswith("year-old")):
        return f"{label!r} describes someone by age: a reference back in the article, no name"
    return None


#: heads that end the name of a body, a club, a place or a thing, never a person's name: a name ending so
#: keeps its first word even when the tagger called it a person ("Vistula Box Terminal" is no "Box Terminal")
_NAMED_THING_HEADS = _STRONG_ORG_HEADS | EN_CLUB_SUFFIXES | _THING_CLASS_HEADS | frozenset("""
    terminal port harbour harbor dock docks airport station depot yard works plant factory refinery mine hospital
    clinic school centre center stadium arena ground hall theatre theater museum gallery library hotel shipyard
    """.split())


def drop_opening_noun(label: str, sentences: list[str], nouns: frozenset | set) -> str:
    """ "Scrum-half Iestyn Carew" -> "Iestyn Carew": a common noun (a role, a description) that opens
    every sentence writing the label, capitalised only for that, before a capitalised name."""
    words = label.split()
    if len(words) < 3 or not words[0][:1].isupper() or not words[0][1:].replace("-", "").islower():
        return label
    if not all(w[:1].isupper() for w in words[1:]):
        return label
    if words[-1].lower() in _NAMED_THING_HEADS:
        return label  # "Vistula Box Terminal": the rest is no person's name, the first word is the name's own
    parts = words[0].lower().split("-")
    if not all(p in nouns for p in parts) and words[0].lower() not in PERSON_NOUNS:
        return label
    mentions = [m for s in sentences for m in re.finditer(rf"(?<![\w-]){re.escape(label)}(?![\w-])", s)]
    if not mentions or any(m.start() != 0 for m in mentions):
        return label
    return " ".join(words[1:])

