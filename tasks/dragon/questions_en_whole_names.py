"""DRAGON questions, English: a name said whole, as its article writes it (session 28; the judges' "cut"
and "padded" names of site16 and older sites, written as rules for classes of names).

- ``coordinated_first_name``: a first name before "and" and a full name ("the brothers Callum and Ewan
  Fairlie", "the cattle carriers Bev and Noel Fennimore") shares the surname when a plural noun of people
  introduces the pair or the article names the family by it ("the Fennimores", "the Fennimores' son");
  else the first name is cut and its question is refused (``questions_en_answers.en_truncated_names``).
- ``possessive_name``: "St Mary" of "St Mary's coach Lisa Harrow": a name whose possessive ending is its
  own ("St Mary's", "St John's", a club written "Kelby's" before a comma) keeps it.
- ``without_descriptor``: "the Darwin logistics company Arnhem Freight Group" -> "Arnhem Freight Group":
  a description in lower case before a capitalised name is the text's apposition, no part of the name.
- ``head_of_longer_name``: "City" of "City of Palmerston council": a capitalised common noun the article
  only writes before "of" and a name is the head of that longer name, never the name itself.
- ``relation_names_whole``: "beat the Alaska Anchorage at" -> "beat the Alaska Anchorage Seawolves at": a name
  inside a relation that its sentence writes only with more name words after it is said whole (session 31).
"""
from __future__ import annotations

import re

from tasks.dragon.questions_en_names import _NAME_WORD, _PEOPLE_PAIRS, _TITLE_WORDS, agent_noun, bare_label, continuations


def _people_plural(word: str) -> bool:
    """ "brothers", "couple", or the plural of a noun of people or their work: "carriers", "farmers", "fishermen"."""
    word = word.lower().strip(",;:")
    if word in _PEOPLE_PAIRS or word.endswith(("men", "people", "folk")) and len(word) > 4:
        return True  # "fishermen", "businesspeople"
    if not word.endswith("s") or word.endswith("ss") or len(word) < 5:
        return False
    singular = word[:-3] + "y" if word.endswith("ies") else word[:-1]
    return agent_noun(singular)


def _family_named(surname: str, article: list[str] | tuple[str, ...]) -> bool:
    """Does the article name a family by ``surname`` in the plural: "the Fennimores", "the Joneses' son"?"""
    plural = rf"{re.escape(surname)}(?:es|s)"
    pattern = re.compile(rf"\bthe\s+{plural}\b|(?<![\w-]){plural}[’']")
    return any(pattern.search(sentence) for sentence in article)


def coordinated_first_name(label: str, sentences: list[str], article: list[str] | tuple[str, ...] = ()
                           ) -> tuple[str, bool] | None:
    """A one-word name written before "and" and a full name: ("Callum Fairlie", True) for "Callum" in "the
    brothers Callum and Ewan Fairlie" (a plural noun of people before the pair, or the ``article`` naming the
    family "the Fairlies", says the surname is both's); (label, False) when nothing says so ("Hale and Ross
    Dunmore": Hale may be someone else's surname, the name is cut either way); None when no sentence writes
    the label so."""
    bare = bare_label(label)
    if len(bare.split()) != 1 or not bare[:1].isupper() or bare.isupper():
        return None
    pattern = re.compile(rf"(?<![\w-]){re.escape(bare)}\s+and\s+({_NAME_WORD}(?:\s+{_NAME_WORD})+)")
    found: set[tuple[str, bool]] = set()
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            surname = match.group(1).split()[-1].rstrip(",.;:")
            if surname.endswith(("'s", "’s")) or surname.lower() in _TITLE_WORDS:
                continue
            before = sentence[:match.start()].split()
            paired = bool(before) and _people_plural(before[-1]) or _family_named(surname, [*sentences, *article])
            found.add((f"{bare} {surname}", True) if paired else (label, False))
    if not found:
        return None
    return found.pop() if len(found) == 1 else (label, False)


#: a saint's name opening a name: "St Mary's", "St. John's", "Saint Patrick's" are clubs, schools, churches
_SAINT = re.compile(r"^(?:St\.?|Saint)\s+[A-Z]")


def possessive_name(label: str, article: list[str] | tuple[str, ...]) -> str:
    """ "St Mary" -> "St Mary’s": a name the article writes only with a possessive ending, where that ending
    is the name's own: after a saint's name ("St Mary’s coach", "St Mary’s beat Nightcliff"), or before a
    comma or a full stop, where nothing follows for it to possess ("won by Kelby’s, 3-1");
    ``label`` otherwise ("Calder's captain": Calder is the club, its captain a person)."""
    bare = bare_label(label)
    if not bare[:1].isupper() or bare.endswith(("'s", "’s", "s'", "s’")):
        return label
    pattern = re.compile(rf"(?<![\w-]){re.escape(bare)}(?![\w-])(?P<end>[’']s(?![\w-]))?(?P<after>\s*\S?)")
    mentions = [m for sentence in article for m in pattern.finditer(sentence)]
    if not mentions or any(m.group("end") is None for m in mentions):
        return label
    # "won by Kelby's, 3-1", not "Crane's 1934 oil painting" (a number the possessive goes on to) nor "a
    # friend of Crane's." (the double genitive: the person's, no name's own ending)
    own = _SAINT.match(bare) or any(re.fullmatch(r"\s*(?:[,.;:)!?]|)", m.group("after"))
                                    and not re.search(r"\bof\s+(?:the\s+)?$", m.string[:m.start()]) for m in mentions)
    if not own:
        return label
    return f"{label}{mentions[0].group('end')}"


#: words of a description before a name that are no name's own: function words join parts of one name
_JOINING_WORDS = frozenset("""
    of and & or for de du la le the a an on in at upon with by from to into over under near against between about
    after before without within across through its his her their our this that these those who which
    """.split())


def without_descriptor(label: str, nouns) -> str:
    """ "the Darwin logistics company Arnhem Freight Group" -> "Arnhem Freight Group", "the Katherine road
    train operator Gorge Country Haulage" -> "Gorge Country Haulage": a lower-case description (a noun last)
    between the start and a run of capitalised words to the end is the article's apposition before the
    name, not part of it (``nouns``: the lexicon's common nouns). Names joined by "of", "and" ("Ministry of Works", "Fisheries and Oceans Canada")
    and names that end in lower case ("City of Palmerston council") stay."""
    words = label.split()
    start = 1 if words[:1] == ["the"] else 0
    tail = len(words)
    while tail > start and words[tail - 1][:1].isupper():
        tail -= 1
    if tail == len(words) or tail == start:
        return label
    described = words[start:tail]
    lower = [w for w in described if not w[:1].isupper()]
    if not lower or not described[-1].islower() or described[-1] not in nouns:
        return label  # "the merger with Fjord Lines": no noun the name stands in apposition to
    if any(w.lower() in _JOINING_WORDS or not w.replace("-", "").isalpha() for w in described):
        return label  # "the University of Otago Dunedin School", "the number 11 shirt"
    return " ".join(words[tail:])


def head_of_longer_name(label: str, article: list[str] | tuple[str, ...], nouns) -> bool:
    """True for "City" of "City of Palmerston council", "Port" of "Port of Tauranga": a one-word label that is
    a common noun (in ``nouns``) capitalised, which the article writes only before "of" and a capitalised
    name: it is the head of that longer name and names nothing alone."""
    bare = bare_label(label)
    if len(bare.split()) != 1 or not bare[:1].isupper() or bare.isupper() or bare.lower() not in nouns:
        return False
    pattern = re.compile(rf"(?<![\w-]){re.escape(bare)}(?![\w'’-])(?P<after>\s+of\s+[A-Z])?")
    mentions = [m for sentence in article for m in pattern.finditer(sentence)]
    return bool(mentions) and all(m.group("after") for m in mentions)


#: a run of capitalised words inside a relation ("beat the Alaska Anchorage at"): a name the relation holds
_RELATION_NAME = re.compile(rf"(?<![\w-]){_NAME_WORD}(?:\s+{_NAME_WORD})*")


def relation_names_whole(relation: str, sentences: list[str] | tuple[str, ...]) -> str:
    """ "beat the Alaska Anchorage at" -> "beat the Alaska Anchorage Seawolves at": a name inside a relation that
    its sentences write only with more capitalised name words after it, one way, is said whole (the extractor
    cut the team's nickname off at the score after it: "the Alaska Anchorage Seawolves 4-2"); a name some
    mention ends where the relation ends it, or the sentences continue two ways, stays."""
    out = relation
    for match in reversed(list(_RELATION_NAME.finditer(relation))):
        found = continuations(match.group(0), sentences)
        tails = {" ".join(after) for after in found}
        if len(tails) == 1 and "" not in tails:
            out = f"{out[:match.end()]} {tails.pop()}{out[match.end():]}"
    return out
