"""DRAGON questions, English: what may be an answer, and whether a name is written whole.

Two checks on the things a released question names or answers, each a recorded reason to skip
(the independent judge's groups 5, 7 and 8 on held-out news):

- ``answer_not_a_thing``: an answer must be a thing one can check — a name (a capitalised word:
  "Norden Semiconductor", "the Talon-V"), an amount for a how-many/how-much question, or a date
  for a when-question. A description ("the second assembly line", "3.6-metre hut", "ageing
  pipes", "the new headline sponsor", "1.4-gigawatt project") has many right wordings and, out
  of its article, often several referents: a reader cannot grade it.
- ``sentence_case``: a label whose first word is capitalised only because it opened its
  sentence ("Shares in Helixbase", "Replacement buses to Ostry") keeps the lower case it has
  in the middle of a question (the judge's group 10).
- ``truncated_name``: a label that the text only ever writes inside a longer name ("Forge
  Builders" of "Prairie Forge Builders", "Scotland" of "Police Scotland", "Corvane" of
  "Corvane Robotics") names something else, or nothing, in the question.
"""
from __future__ import annotations

import re

from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_en_names import PERSON_NOUNS, ROLE_TITLES, odd_label
from tasks.dragon.questions_en_whole_names import coordinated_first_name, head_of_longer_name

#: question openings that ask for an amount or a date: the answer may be a bare figure
_VALUE_QUESTION = re.compile(r"^(?:how (?:many|much|large|big|long|far|old)|what percentage|when|since when)\b",
                             re.IGNORECASE)

#: words after a name that are the holder's title, not more of the name ("Norden CEO Ingrid ...")
_TITLES = ROLE_TITLES | frozenset({"trust", "board", "council"})

#: capitalised words opening a sentence that belong to the sentence, not to a name after them
#: words that open an amount ("About 1,300 Tasmanians"): capitalised only because a sentence opens with them
OPENING_APPROXIMATORS = frozenset("about around some nearly almost over roughly approximately up more fewer".split())
_OPENERS = frozenset(
    "the a an this that these those its their his her our my your in on at by for from with after before "
    "but and or so yet as when while if although though since until under over about some many most all "
    "both each every no one two three former rival local new meanwhile also still now then here there "
    "earlier later last next".split())


def _has_name(label: str) -> bool:
    return any(word[:1].isupper() for word in label.split())


_CUT_PREPOSITIONS = frozenset("of in on at for with from to by between near".split())


def _is_named(label: str) -> bool:
    """A name, not a description with a name in it: the head noun (before any preposition) is
    capitalised ("the Multi-State Gaming Association", "Cobb's Haberdashery on South Street",
    "United Toy and Plastics Workers Local 88"), or a common head says which one by "of <Name>"
    ("the port of Kelling") or is an institution named by its place ("Kelling town council").
    "the Grade II-listed pier" and "140 KR-7 units" only carry a name as a modifier."""
    from tasks.dragon.questions_en_checks import _EN_INSTITUTION_NOUNS

    words = label.split()
    cut = next((i for i, w in enumerate(words) if i > 0 and w in _CUT_PREPOSITIONS), len(words))
    core, rest = words[:cut], words[cut:]
    core = [w for w in core if w.lower() not in ("the", "a", "an")]
    if not core:
        return False
    head = core[-1]
    if head[:1].isupper() or (head[:1].isdigit() and any(w[:1].isupper() for w in core[:-1])):
        return True
    if rest and rest[0] == "of" and any(w[:1].isupper() for w in rest[1:]):
        return True
    if head.lower().strip(".,") not in _EN_INSTITUTION_NOUNS:
        return False
    modifiers = core[:-1]
    place = 0
    while place < len(modifiers) and modifiers[place].isalpha() and modifiers[place][:1].isupper():
        place += 1
    # a place name, then plain nouns: "Kelling town council"; not "the Grade II-listed pier"
    return place > 0 and all(w.isalpha() and w.islower() for w in modifiers[place:])


def answer_not_a_thing(question: str, answers: list[str]) -> str | None:
    """Why the answers are no things a reader can check (a description), or None."""
    value_question = bool(_VALUE_QUESTION.match(question.strip()))
    for answer in answers:
        if _is_named(answer):
            continue
        if value_question and (any(ch.isdigit() for ch in answer) or parse_quantity(answer, "en") is not None):
            continue  # "about 600 jobs", "$85 million", "eight new trains", "2017", "the first half of 2027"
        what = "a description with a figure" if any(ch.isdigit() for ch in answer) else "a description"
        return (f"skipped: the answer {answer!r} is {what}, not a name, an amount asked as one or a date: "
                "it has many wordings and no one referent out of its article")
    return None


def _bare(label: str) -> str:
    words = label.split()
    if words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


def _capitalised_name_word(word: str) -> bool:
    word = word.strip("“”\"'‘’()")
    return bool(word) and word[:1].isupper() and word.lower() not in _TITLES


#: lower-case words inside a place's or a body's name, between its capitalised words ("Port aux Basques")
_NAME_PARTICLES = frozenset("aux de du des la le les sur upon en am an der von van del della di y".split())


def _name_occurrences(label: str, sentences: list[str], not_after: str) -> list[tuple[str, re.Match]]:
    """Every place the sentences write ``label`` as a whole name (not followed by a ``not_after``
    character); none when the label holds no name word."""
    bare = _bare(label)
    if not bare or not _has_name(bare):
        return []
    pattern = re.compile(rf"(?<![\w-]){re.escape(bare)}(?!{not_after})")
    return [(sentence, match) for sentence in sentences for match in pattern.finditer(sentence)]


def truncated_name(label: str, sentences: list[str], person: bool = False) -> bool:
    """True when every time the sentences write ``label`` it is part of a longer capitalised name.

    A name word right after the label ("Corvane Robotics") lengthens it unless it is a title
    ("Norden CEO") or after a possessive; a capitalised word right before it ("Police Scotland",
    "Prairie Forge Builders") does too, unless it opens the sentence as an ordinary word ("The",
    "After") or the label is a person's (a person's name follows titles and descriptions: "Stratacore
    President Elliot Vasquez-Grant", "Mum-of-two Jess Lumley")."""
    found = _name_occurrences(label, sentences, r"[\w-]")
    for sentence, match in found:
        before = sentence[:match.start()].rstrip()
        after = sentence[match.end():]
        longer = False
        if after[:1] == " ":
            nxt = after.split()[0] if after.split() else ""
            if _capitalised_name_word(nxt.rstrip(",.;:")):
                longer = True
            rest = after.split()
            if len(rest) > 1 and rest[0] in _NAME_PARTICLES and _capitalised_name_word(rest[1].rstrip(",.;:")):
                longer = True  # "Port" of "Port aux Basques", "Saint-Pierre" of "Saint-Pierre de Lys"
            if len(rest) > 1 and rest[0] in ("and", "&") and _capitalised_name_word(rest[1].rstrip(",.;:")) \
                    and len(_bare(label).split()) == 1 and _capitalised_plural_noun(_bare(label)):
                longer = True  # "Fisheries" of "Fisheries and Oceans Canada": a common plural opens a longer name
        if not person and before and sentence[match.start() - 1:match.start()] == " ":
            prev_words = before.split()
            prev = prev_words[-1] if prev_words else ""
            if prev.lower() in ("and", "&") and len(prev_words) > 1 and _capitalised_name_word(prev_words[-2]) \
                    and (_inside_entity(sentence, match.start()) or _capitalised_plural_noun(prev_words[-2])):
                longer = True  # "Rescue" of "Fire and Rescue": a common noun ending a longer name
            opens_sentence = len(prev_words) == 1
            if _capitalised_name_word(prev) and prev.lower() not in ("the", "a", "an") \
                    and not (prev.lower() in PERSON_NOUNS and (opens_sentence or not prev[:1].isupper())) \
                    and not prev.endswith((",", ".", ";", ":", "’s", "'s")):
                if not (opens_sentence and prev.lower() in _OPENERS):
                    longer = True
        if not longer:
            return False
    return bool(found)


def modifier_only(label: str, sentences: list[str], said: frozenset | set = frozenset()) -> bool:
    """True when every time the sentences write ``label`` it only modifies a common noun after it ("the
    Larry Uteck Boulevard on-ramp", "the Kenby Motors plant"): the fact is about the ramp or the plant, and a
    question naming or answering the label asks about something else. A possessive ("Kenby Motors' plant")
    or a name the noun does not follow is the label itself, and so is a name before a noun ``said`` by the
    fact's relation ("the former Halifax Town coach" for "coach of")."""
    from tasks.dragon.questions_en_context import sentence_doc

    found = _name_occurrences(label, sentences, r"[\w'’-]")
    for sentence, match in found:
        after = sentence[match.end():]
        nxt = after.split()[0].rstrip(",.;:)") if after[:1] == " " and after.split() else ""
        if not nxt or not nxt[:1].islower() or nxt.lower() in said:
            return False  # "the former Halifax Town coach" of "coach of": the relation's own noun
        doc = sentence_doc(sentence)
        span = doc.char_span(match.start(), match.end(), alignment_mode="expand")
        following = doc[span.end] if span is not None and span.end < len(doc) else None
        if span is None or following is None:
            return False
        last = doc[span.end - 1]
        if "-" in nxt and nxt.split("-")[-1] in _nouns() and not nxt.endswith(("-based", "-born", "-owned",
                                                                              "-run", "-led", "-area")):
            continue  # "on-ramp", "by-election": tokenised apart, the parse of it is no guide
        if last.dep_ in ("compound", "nmod") and last.head.i >= span.end and last.head.pos_ == "NOUN" \
                and following.pos_ == "NOUN":
            continue
        return False
    return bool(found)


def _nouns() -> set[str]:
    from tasks.dragon.questions_en_verbs import _en_lexicon

    return _en_lexicon()[1]


def _capitalised_plural_noun(word: str) -> bool:
    """ "Fisheries", "Oceans", "Parks": a capitalised plural of a common noun. Joined by "and" to a capitalised
    word it is part of one name ("Fisheries and Oceans Canada", "Parks and Recreation"), not a name of its own."""
    from tasks.dragon.questions_en_verbs import _en_lexicon

    word = word.strip(",.;:")
    if not word[:1].isupper() or not word[1:].islower() or not word.endswith("s") or word.endswith("ss"):
        return False
    low = word.lower()
    singulars = {low[:-1], low[:-2]} | ({low[:-3] + "y"} if low.endswith("ies") else set())
    return bool(singulars & _en_lexicon()[1])


def _inside_entity(sentence: str, start: int) -> bool:
    """Is the word at ``start`` inside a named entity that begins before it ("Rescue" of "West Dale Fire
    and Rescue"), not the first of its own ("Porto" of "Lisbon and Porto")?"""
    from tasks.dragon.questions_en_context import sentence_doc

    for token in sentence_doc(sentence):
        if token.idx == start:
            # the tagger may end the entity on the "and" it swallowed: "[South Yorkshire Fire and] Rescue"
            before = token.nbor(-1) if token.i > 0 else None
            return token.ent_iob_ == "I" or (before is not None and before.ent_iob_ in ("B", "I")
                                              and before.lower_ in ("and", "&"))
    return False


def written_lowercase(label: str, sentences: list[str]) -> bool:
    """ "Hospital" for "which runs the hospital": a one-word label capitalised by the extractor that
    every sentence writes in lower case, where it is written at all: a common noun, no name."""
    bare = _bare(label)
    if len(bare.split()) != 1 or not bare[:1].isupper() or bare.isupper():
        return False
    mentions = [m.group(0) for s in sentences for m in re.finditer(rf"(?<![\w-]){re.escape(bare)}(?![\w-])", s,
                                                                    re.IGNORECASE)]
    return bool(mentions) and all(m[:1].islower() for m in mentions)


def en_truncated_names(subgraph) -> str | None:
    """A skip reason when a name the question shows or answers is a piece of a longer name."""
    hidden = set(subgraph.hidden_nodes)
    said = [s for e in subgraph.edges for s in e.sentences]
    for edge in subgraph.edges:
        for node, label, typ in ((edge.head, edge.head_label, edge.head_type), (edge.tail, edge.tail_label, edge.tail_type)):
            odd = odd_label(label)
            if odd:
                return f"skipped: {odd}"
            if node not in hidden and written_lowercase(label, said):
                return f"skipped: {label!r} is a common noun the text writes in lower case, not a name"
            # only a person's one-word name may be a first name whose surname is the other's: "Hale and Ross
            # Dunmore"; "Hobart and Port Arthur", "Telstra and Optus Mobile" are two whole names
            pair = coordinated_first_name(label, said) if typ == "person" else None
            if pair and not pair[1]:
                # an answer too: "Bev; Noel Fennimore" answers with a cut name whichever way "Bev" is read
                return (f"skipped: {label!r} is written before 'and' and a full name: its surname may be the "
                        "other's, and no noun says they are a pair")
            if head_of_longer_name(label, said, _nouns()):
                return (f"skipped: {label!r} is written in the text only before 'of' and a name: the head of "
                        "a longer name, which names nothing alone")
            if (typ in ("person", "org", "place", "other") or node == edge.head) and re.fullmatch(r"[\d.,]+", label.strip()) \
                    and not re.fullmatch(r"1[89]\d\d|20\d\d", label.strip()):
                # "Which organization was 60 brought in from?": "60" of "60 (line crews)" is no name
                return f"skipped: {label!r} is a bare number standing for what it counts, no name"
            if typ != "date" and modifier_only(label, edge.sentences, {w.lower() for w in edge.relation.split()}):
                return (f"skipped: {label!r} is written in the text only before a noun it modifies: the fact is "
                        "about that thing, not the name")
            if node not in hidden and truncated_name(label, said, person=typ == "person"):
                return (f"skipped: {label!r} is written in the text only as part of a longer name: "
                        "the question would name something else")
    return None


def sentence_case(label: str, sentences: list[str], article: list[str] | tuple[str, ...] = ()) -> str:
    """``label`` with its first word lowercased when that word is an ordinary word capitalised only
    because every sentence that writes the label opens with it, and the next word is lowercase
    (so it is no name: "Police Scotland", "Rose Tavern" stay; nor is "and" before a capitalised word: "Fisheries
    and Oceans Canada"; nor a word the ``article`` writes as a name inside a sentence: "Darwin"). One-word
    labels are ``en_vague``'s."""
    from tasks.dragon.questions_en_verbs import _en_lexicon, _en_verb_lemma

    words = label.split()
    if len(words) < 2 or not words[0].isalpha() or not words[0][:1].isupper() or not words[0][1:].islower() \
            or not (words[1][:1].islower() or words[1][:1].isdigit()):
        return label  # "About 1,300 Tasmanians": a number after it is no name word either
    if len(words) > 2 and words[1] in ("and", "&") and words[2][:1].isupper():
        return label  # "Environment and Climate Change Canada": "and" joins two capitalised parts of one name
    mentions = [m for sentence in sentences for m in re.finditer(rf"(?<![\w-]){re.escape(label)}(?![\w-])", sentence)]
    if not mentions or any(m.start() != 0 for m in mentions):
        return label
    if _name_on_its_own(words[0], article):
        return label  # "Darwin logistics company ...": "in Darwin on Friday" writes the word as a name
    _, nouns, _ = _en_lexicon()
    lower = words[0].lower()
    if lower in nouns or lower.rstrip("s") in nouns or _en_verb_lemma(lower) is not None or lower in OPENING_APPROXIMATORS:
        return " ".join([lower, *words[1:]])
    return label


def _name_on_its_own(word: str, article: list[str] | tuple[str, ...]) -> bool:
    """Does the article write ``word`` capitalised inside a sentence, between lower-case words ("a court in
    Darwin on Friday")? Then it is a name (a place, a person), whatever the lexicon holds of its lower case."""
    pattern = re.compile(rf"(?<=[a-z,] ){re.escape(word)}(?![\w'’-])(?!\s+[A-Z])")
    return any(pattern.search(sentence) for sentence in article)
