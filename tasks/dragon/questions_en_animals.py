"""DRAGON questions, English: named animals (racehorses, harness horses, greyhounds, show and sale stock) and
the races they run (session 33, the judges' notes on site20 and site21).

The small NER model types a racehorse a person or a body, and a horse that "beat" another becomes a side in a
game: "Who does Deb Castellano train?", "Which team does Murray Galt train?" -> a horse. News copy says what the
name is by the words around it, and a question asks it by that class ("Which horse does X train?"):

- ``animal_noun``: the animal noun the article writes the name with: strongly by an animal noun before it ("the
  mare X", "the five-year-old gelding X", "greyhound X") or in apposition ("X, a three-year-old filly,"), or as
  a breed's noun with "called" ("a cockapoo called X"), or the one ridden ("Ridden by A, X won", "X was ridden by A"); weakly by a trainer's, a driver's or a race's words
  ("X is trained at Ashby by A", "Driven by A, X won", "X's trainer", "the favourite, X", "X started at $9") where the article also names an
  animal ("the gelding", "the horse"). "horse" for any horse's noun, "dog" for a dog's (a breed too), "cat" for
  a cat's; a farm animal keeps its own noun ("Which ram ...?").
- ``animal_nodes``: the batch's en nodes (and their bare names) with that noun, for the templates.
- ``field_result``: "X beat Y" read from a race or a contest of many (a side is an animal, or the article places
  a third runner, "third was Z", or says the field's size): the winner beat the whole field, so "Who did X
  beat?" has no one answer; the subgraph is refused with that reason. A two-sided game keeps its question.
"""
from __future__ import annotations

import re

from tasks.dragon.questions_en_amounts import en_amount
from tasks.dragon.questions_en_names import bare_label

#: the nouns of a horse in racing and breeding copy: asked "Which horse"
_HORSE_NOUNS = frozenset("""
    horse horses racehorse mare gelding filly colt stallion pacer trotter yearling pony foal stayer
    """.split())
#: the nouns of a dog in racing and show copy: asked "Which dog"
_DOG_NOUNS = frozenset("""
    dog greyhound hound whippet bitch pup puppy cockapoo cockerpoo labradoodle spaniel labrador retriever terrier
    collie sheepdog poodle beagle dachshund lurcher pug bulldog alsatian husky malamute corgi schnauzer chihuahua
    rottweiler kelpie heeler dalmatian doberman mastiff
    """.split())
#: cats, asked "Which cat"
_CAT_NOUNS = frozenset("cat kitten moggy".split())
#: farm and show animals, asked by their own noun ("Which ram sold for $40,000?")
_STOCK_NOUNS = frozenset("ram ewe bull cow heifer steer bullock boar sow stag".split())
_ANIMAL_NOUNS = _HORSE_NOUNS | _DOG_NOUNS | _CAT_NOUNS | _STOCK_NOUNS
_NOUN = "|".join(sorted(_ANIMAL_NOUNS, key=len, reverse=True))
#: a modifier before the animal noun: "five-year-old", "Winton", "Group 1-winning", "$40,000"
_MODIFIER = r"(?:[\w$',.-]+\s+){0,3}?"
#: a runner placed beyond second, or the size of a field: a race or a contest of many
_COUNT = r"(?:\d+|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|twenty)"
_FIELD = re.compile(r"\b(?:third|fourth|fifth|sixth)\s+(?:was|were|went\s+to|place\s+went\s+to)\b"
                    r"|\b(?:was|were|finished|came|ran|placed|home)\s+(?:a\s+[\w-]+\s+)?(?:third|fourth|fifth|sixth)\b"
                    r"(?!\s+(?:time|straight|successive|consecutive|quarter|period|round|test|game|match|set|season))"
                    # "were third in the league", "sit fifth on the ladder": a league's table, not a race's placings
                    r"(?!\s+(?:in|on|of)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:league|table|standings|ladder|pool|group"
                    r"|conference|division|championship)\b)"
                    rf"|\bfield\s+of\s+{_COUNT}\b|\b{_COUNT}\s+(?:runners|starters|entrants|finishers|competitors"
                    r"|dogs|horses)\b", re.IGNORECASE)
#: words of a race (not of a game between two sides), lowercase: the field words above count only with one of these
#: ("derby" lowercase is a local game between two sides, a "title race" or a "race for promotion" a league's)
_RACE = re.compile(r"\b(?<!title )(?<!points )(?<!playoff )(?<!promotion )(?:race|races)\b"
                   r"(?!\s+for\s+(?:the\s+)?(?:title|promotion|playoffs?|top|finals?|premiership|championship|pennant))"
                   r"|\b(?:raced|racecourse|stakes|lengths?|photo\s+finish|furlongs?|regatta|marathon"
                   r"|time\s+trial|grand\s+prix|handicap)\b")


def _class(noun: str) -> str:
    noun = noun.lower()
    if noun in _HORSE_NOUNS:
        return "horse"
    if noun in _DOG_NOUNS:
        return "dog"
    if noun in _CAT_NOUNS:
        return "cat"
    return noun


def _strong(name: str, sentence: str) -> str | None:
    """The animal class the sentence gives ``name`` by itself (see the module doc), or None."""
    n = rf"(?:the\s+)?{re.escape(name)}(?![\w-])"
    before = re.search(rf"(?:^|(?<=\s))({_NOUN})\s+{n}", sentence)
    if before and (before.group(1).islower() or before.start() == 0):
        return _class(before.group(1))  # "the mare X", "Winton mare X", "the five-year-old gelding X"
    after = re.search(rf"(?<![\w-]){re.escape(name)},\s+(?:a|an|the)\s+{_MODIFIER}({_NOUN})\b", sentence)
    if after and after.group(1).islower():
        return _class(after.group(1))  # "X, a three-year-old filly,"
    called = re.search(rf"\b({_NOUN})\s+(?:called|named)\s+{n}", sentence)
    if called:
        return _class(called.group(1))  # "a scruffy spaniel called X"
    if re.search(rf"\bridden\s+by\s+[^,.;]+,\s+{n}", sentence, re.IGNORECASE) \
            or re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])[^.;]{{0,60}}?\b(?:is|was|will\s+be|to\s+be)\s+ridden\b",
                         sentence) \
            or re.search(rf"(?<![\w-]){re.escape(name)}(?:'s|’s|'|’)\s+(?:jockey|rider|breeder|dam|sire)\b", sentence):
        return "horse"  # "Ridden by A, X beat ...", "X will be ridden by A", "X's jockey"
    return None


def _weak(name: str, sentence: str) -> bool:
    """Does the sentence give ``name`` a trainer's, a driver's or a race's words ("X is trained at Ashby by A",
    "Driven by A, X won", "X's trainer", "the favourite, X", "X started at $9")? Said of a boxer too: it counts only beside an animal noun."""
    at = rf"(?<![\w-]){re.escape(name)}(?![\w-])"
    # "X was trained as a nurse", "trained to fly", "trained in law": a person's schooling, never a trainer's horse
    return bool(re.search(rf"{at}[^.;]{{0,60}}?\b(?:is|was|are|were|being)\s+trained\b(?!\s+(?:as|to|in|for)\b)",
                          sentence)
                or re.search(rf"\b(?:trained|driven)\s+by\s+[^,.;]+,\s+{at}", sentence, re.IGNORECASE)
                or re.search(rf"{at}(?:'s|’s|'|’)\s+(?:trainer|driver|owners?|connections)\b", sentence)
                or re.search(rf"\b(?:the|a)\s+(?:\w+\s+)?favourite,\s+{at}", sentence)
                or re.search(rf"{at}[^.;]{{0,40}}?\bstarted\s+(?:at\s+)?\$\d", sentence))


def _article_animal(sentences) -> str | None:
    """The one animal class the article names with a determiner ("the gelding", "his dog"), else None."""
    found = {_class(m.group(1)) for s in sentences for m in re.finditer(
        rf"\b(?i:the|a|an|his|her|their|its)\s+{_MODIFIER}(?<!hot )(?<!top )({_NOUN})\b", s) if m.group(1).islower()}
    return found.pop() if len(found) == 1 else None


def animal_noun(label: str, sentences) -> str | None:
    """ "horse", "dog" or a stock noun ("ram") where the article writes ``label`` as an animal (see the module
    doc); None for any other name."""
    name = bare_label(label).strip()
    name = re.sub(r"^the\s+", "", name, flags=re.IGNORECASE)
    words = name.split()
    if not words or not all(w[:1].isupper() or not w[:1].isalpha() for w in words):
        return None
    sentences = list(sentences)
    for sentence in sentences:
        found = _strong(name, sentence)
        if found:
            return found
    if any(_weak(name, s) for s in sentences):
        return _article_animal(sentences)
    return None


def animal_nodes(subgraphs) -> dict[str, str]:
    """The batch's en nodes the articles write as animals, by node and by bare name, with their class noun."""
    from tasks.dragon.questions_en_article import doc_sentences, pooled

    pool = doc_sentences([s for s in subgraphs if s.lang == "en"])
    found: dict[str, str] = {}
    seen: set[str] = set()
    for subgraph in subgraphs:
        if subgraph.lang != "en":
            continue
        for edge in subgraph.edges:
            said = None
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if node in seen or not label[:1].isupper() and not label.startswith("the "):
                    continue
                seen.add(node)
                said = said if said is not None else pooled(edge, pool)
                noun = animal_noun(label, said)
                if noun:
                    found[node] = noun
                    found[bare_label(label)] = noun
    return found


def field_result(subgraph, pool: dict[str, list[str]], animals: dict[str, str]) -> str | None:
    """Why "X beat Y" of a race or a contest of many is not asked (see the module doc), or None."""
    from tasks.dragon.questions_en_article import pooled
    from tasks.dragon.questions_en_kinds import result_edge

    for edge in subgraph.edges:
        if not result_edge(edge):
            continue
        if en_amount(edge.tail_label) is not None:
            continue  # "How many rivals did X beat?": a count, not one of the field
        ends = (edge.head, edge.tail, bare_label(edge.head_label), bare_label(edge.tail_label))
        if any(end in animals for end in ends):
            return f"skipped: {edge.relation!r} between runners of a race: the winner beat the whole field, " \
                   f"{edge.tail_label!r} is not the one answer"
        article = pooled(edge, pool)
        if any(_FIELD.search(s) for s in article) and any(_RACE.search(s) for s in article):
            return f"skipped: {edge.relation!r} read from a race or contest of many (the article places a third " \
                   f"or sizes the field): {edge.tail_label!r} is not the one answer"
    return None
