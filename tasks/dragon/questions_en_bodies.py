"""DRAGON questions, English: "organization" only with positive evidence that the thing is one (issue 10,
session 27).

The question word and the relative-clause noun fall back to "which organization" / "the organization"
wherever the tagger said ORG and nothing else said what the thing is. The small tagger calls towns,
regions, roads, venues, competitions and people ORG, and on the development sheets that guess was the
largest class of ungrammatical English simple questions ("Which organization do the Colliers travel to?"
-> a town; "Which organization did the Knights finish in?" -> a league). So the word is kept only where
the name or its article gives positive evidence of a body:

- the name's own head or suffix ("... Holdings", "... Systems", "... Council", "... FC"), or an initialism
  ("the NZX");
- a class noun the article writes with the name that says it is a body ("the firm X", "X, a Galway
  start-up", "X, a builder,");
- the name as the subject of a verb only bodies do ("X employs", "X announced", "X reported a loss",
  "X said in a statement");
- a post held in it or its staff and shares ("X's chief executive", "the chief executive of X", "principal
  analyst at X", "X shares", "staff of X");
- a side in a game of the batch (``questions_en_kinds.team_nodes``).

The article's locative use of the name ("in X", "near X", "the town of X", "X-based") is evidence of a
place: with it, only the name's own head settles the kind (the text's other evidence may be about a body
named after the town). Without evidence, or with conflicting evidence, the question is refused (a recorded
``NoTemplate``): no word is right for a town, a venue, a person and a body at once.
"""
from __future__ import annotations

import re

from benchmill.nlp import EN_ORG_HEADS, EN_PLACE_HEADS
from tasks.dragon import questions_en_names as en_names
from tasks.dragon.questions_en_words import _EN_PLACE_ROLES
from tasks.dragon.words_en import EN_CLUB_SUFFIXES

#: heads of bodies' names beyond ``EN_ORG_HEADS`` and the names module's strong heads; less the heads of
#: things the tagger calls ORG that are no body ("Super League", "the Woodside Terminal", a court)
_BODY_HEADS = (EN_ORG_HEADS | frozenset("""
    sensors analytics solutions enterprises ventures software mining metals resources power hydro transit transport
    marine construction properties developments homes builders brewing telecom communications pharmaceuticals
    electric utilities co-op coop cooperative co-operative ferries buses coaches mills works haulage couriers
    """.split())) - frozenset("league court office band theatre theater".split())

#: verbs (as written: past and third person) whose subject is a body of people: an employer, a buyer, a
#: company reporting or announcing; a town, a road or a venue does none of them
_BODY_VERB_FORMS = frozenset("""
    employs employed hired hires announced announces acquired acquires bought buys reported reports posted posts
    recruited recruits laid manufactures manufactured exports exported invested invests operates operated
    appointed appoints sponsors sponsored awarded awards raised raises sacked fired shed cut signed signs
    issued issues confirmed launched launches supplies supplied won lost beat defeated agreed owns owned
    plans planned founded funds funded merged applied unveiled ordered hosts hosted plays played faces faced meets
    recalled recalls
    """.split())
#: verbs (as written) whose object is a side in a game: "will host the Geelong Quays", "beat Kellsbridge"
_OPPONENT_FORMS = frozenset("""
    host hosts hosted beat beats defeat defeats defeated face faces faced play plays played meet meets thrashed edged
    """.split())
#: lowercase nouns that call a name a body beyond ``_BODY_NOUNS``: agent nouns of trade and the producers
#: whose names end so ("Rookwood Whisky, the distillery at ...")
_TRADE_NOUNS = frozenset("""
    start-up startup operator developer builder maker producer manufacturer retailer supplier insurer lender
    broadcaster publisher contractor distributor exporter importer owner buyer distillery brewery winery cidery
    creamery dairy bakery
    """.split())
#: posts, staff and shares a body has: "X's chief executive", "the chief executive of X", "X shares"
_BODY_POSTS = (r"chief\s+executive|ceo|chief\s+financial\s+officer|cfo|managing\s+director|chairman|chairwoman|chair|"
               r"founder|co-founder|owner|owners|spokesman|spokeswoman|spokesperson|board|shareholders|"
               r"head\s+coach|coach|captain|general\s+manager|president")
#: a body's people, who work "at" a place too ("workers at Earnscleugh"): only "of" a name or before it
_BODY_STAFF = r"employees|staff|workers|players|members"
#: nouns that say what kind of place a name is: "the town of X", "X, a small town"
_PLACE_NOUNS = frozenset("""
    town city village suburb region district province state country county island valley borough hamlet
    locality township settlement neighbourhood neighborhood community area peninsula coast
    """.split())
#: words before "in X" that make X a body, not where: "a stake in X", "shares in X", "jobs in X" stays doubtful
_IN_A_BODY = frozenset("stake stakes shares share interest investment invest invested investing role".split())


def _words(label: str) -> list[str]:
    """The name's words without a leading article: "the Bank of the West" -> Bank of the West (an article
    inside the name stays, or its mentions would never be found)."""
    words = label.split()
    return words[1:] if words and words[0].lower() in ("the", "a", "an") else words


def name_says_body(label: str) -> bool:
    """Does the name's own last word say it is a body ("Orbiton Launch Systems", "Westman Prairie Credit Union",
    "Corrib Wanderers"), or is it an initialism ("the NZX", "CFL")?"""
    words = _words(label)
    if not words:
        return False
    if len(words) == 1 and re.fullmatch(r"[A-Z]{2,6}", words[0]):
        return True
    from tasks.dragon.questions_en_kinds import public_body

    return bool(en_names.org_evidence(label)) or len(words) > 1 and words[-1][:1].isupper() \
        and words[-1].lower().strip(".,") in _BODY_HEADS or public_body(label)  # "Environment Canada"


def _mentions(label: str, sentences) -> list[tuple[str, int, int]]:
    """(sentence, start, end) of every mention of the name as written without "the"."""
    name = " ".join(_words(label))
    if not name:
        return []
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    return [(s, m.start(), m.end()) for s in sentences for m in pattern.finditer(s)]


def text_says_body(label: str, sentences) -> str | None:
    """What in the article says the name is a body: a body's class noun with it ("the firm X", "X, a Galway
    start-up,"), a verb only bodies do with it as subject ("X employs 40 people", "X said in a statement"), or a
    post, staff or shares in it ("X's chief executive", "staff at X", "X shares"); None where nothing does."""
    for sentence, start, end in _mentions(label, sentences):
        after, before = sentence[end:], sentence[:start]
        verb = _body_verb(after)
        if verb:
            return f"subject of {verb!r}"
        longer = re.match(r"(?:\s+[A-Z][\w'’&-]*){1,2}(?=\s+[a-z])", after)
        if longer and not {w.lower() for w in longer.group(0).split()} & _OTHER_BODY_WORDS:
            verb = _body_verb(after[longer.end():])
            if verb and verb not in _OPPONENT_FORMS:
                # "Palliser Pulse Ingredients opened a plant": the name's longer form acts as a body; not "Halifax
                # Regional Council" (another body, named after the town) nor "the Truro Bearcats beat" (a team)
                return f"its longer name the subject of {verb!r}"
        if re.match(r"\s+said\s+(?:in\s+a\s+statement|on\s+its\s+website|in\s+its\s+annual)", after):
            return "said in a statement"
        if re.match(rf"(?:['’]s)?\s+(?:{_BODY_POSTS}|{_BODY_STAFF}|shares|share\s+price)\b", after, re.IGNORECASE):
            return "a post or shares in it"
        if re.search(rf"\b(?:{_BODY_POSTS})\s+(?:of|at)\s+(?:the\s+)?$|\b(?:{_BODY_STAFF})\s+of\s+(?:the\s+)?$|\b(?:shares|stake)\s+in\s+(?:the\s+)?$|"
                     rf"\b(?:works|worked|working)\s+for\s+(?:the\s+)?$", before, re.IGNORECASE):
            return "a post or shares in it"
        post = re.search(r"\b([a-z-]+)(?:\s+of\s+[a-z]+)?\s+at\s+(?:the\s+)?$", before)
        if post and _post_at_a_body(post.group(1)):
            return f"a {post.group(1)} at it"  # "principal analyst at X", "director of rugby at X"
        if re.search(r"\b(?:co-)?found(?:ed|s)?\s+(?:the\s+)?$", before):
            return "founded"  # "Ruth Brenner founded Pennine Mills": what one founds is a body
        opponent = re.search(r"\b([a-z]+)\s+(?:the\s+)?$", before)
        if opponent and opponent.group(1) in _OPPONENT_FORMS:
            return f"the object of {opponent.group(1)!r}: a side in a game"
        if _apposition_head(after) in en_names._BODY_NOUNS | _TRADE_NOUNS:
            return f"called a {_apposition_head(after)}"
    for noun in en_names._said_nouns(label, sentences):
        lemma = noun.lemma_.lower()
        if lemma in en_names._BODY_NOUNS or lemma in _TRADE_NOUNS:
            return f"called a {lemma}"
    if en_names.group_evidence(label, list(sentences)):
        return "a plural name with a plural verb: a team, a band, a company of players"
    return None


#: people "at" a place rather than holding a post in a body
_AT_A_PLACE = frozenset("resident visitor tourist guest student pupil patient prisoner inmate".split())


def _post_at_a_body(noun: str) -> bool:
    """Is ``noun`` before "at X" a post held in a body ("analyst", "director", "head coach")? One person's
    post, so singular: "workers at X" are where they work; a town's posts are "of" it ("mayor of")."""
    return not noun.endswith("s") and noun not in _AT_A_PLACE and noun not in _EN_PLACE_ROLES \
        and (noun in en_names.ROLE_TITLES or en_names.agent_noun(noun))


def _body_verb(after: str) -> str | None:
    """The verb only bodies do that opens ``after`` (the text after a name), past auxiliaries and "which"."""
    verb = re.match(r"(?:,\s+which)?\s+(?:(?:has|have|had|will|would|also|now|recently|last\s+year|this\s+year)\s+)*"
                    r"([a-z]+)\b", after)
    if verb and verb.group(1) in _BODY_VERB_FORMS:
        return verb.group(1)
    if verb and verb.group(1) in ("opens", "opened") and re.match(r"\s+(?:a\b|an\b|its\b|their\b|[A-Z])",
                                                                   after[verb.end():]):
        return verb.group(1)  # opened a plant or a shop (a venue or a shop "opened" alone: it was opened)
    return None


#: words that make a longer name another body or a place named after the shorter one: "Halifax Regional
#: Council", "Truro City", "Kelby Harbour"
_OTHER_BODY_WORDS = _BODY_HEADS | EN_CLUB_SUFFIXES | EN_PLACE_HEADS | frozenset("""
    city regional municipality district county borough region town police health water council
    """.split())


def _apposition_head(after: str) -> str | None:
    """The lowercase head noun of an apposition right after a name: "company" of ", the US cloud infrastructure
    company, after ...", "town" of ", a market town in Cornwall"; None where none follows."""
    found = en_names._APPOSITION.match(after)
    if not found:
        return None
    words = en_names._APPOSITION_END.sub("", found.group(1).strip()).split()
    return words[-1].lower() if words and words[-1].islower() and words[-1].isalpha() or words and "-" in words[-1] \
        and words[-1].islower() else None


def text_says_place(label: str, sentences) -> str | None:
    """What in the article says the name is a place: after a locative preposition ("in X", "near X",
    "outside X") that is no stake or shares in it, with a place noun ("the town of X", "X, a small town"),
    or as a base ("X-based", "based in X"); None where nothing does."""
    for noun in en_names._said_nouns(label, sentences):
        if noun.lemma_.lower() in _PLACE_NOUNS:
            return f"called a {noun.lemma_.lower()}"
    name = " ".join(_words(label))
    if name and any(re.search(rf"(?<![\w-]){re.escape(name)}-based\b", s) for s in sentences):
        return "a base"  # "the Brenton-based grower"
    for sentence, start, end in _mentions(label, sentences):
        before = sentence[:start].split()
        after = sentence[end:]
        if _apposition_head(after) in _PLACE_NOUNS:
            return f"called a {_apposition_head(after)}"
        if re.match(r"\s+[A-Z]", after):
            continue  # "in Halifax Harbour": the mention is part of a longer name
        if before and before[-1] == "the":
            before = before[:-1]
        if len(before) >= 2 and before[-1].lower() == "of" and before[-2].lower() in _PLACE_NOUNS:
            return f"the {before[-2].lower()} of it"
        if before and before[-1] in ("in", "near", "outside", "around", "across") \
                and (len(before) < 2 or before[-2].lower() not in _IN_A_BODY):
            return f"'{before[-1]} {label}'"
    return None


def body_evidence(label: str, sentences, team: bool = False) -> str | None:
    """Why the name may be asked for as an organization, or None: the name's own head, or a team, settles it;
    the article's evidence of a body does unless the article also uses the name as a place."""
    if name_says_body(label) or team:
        return "its name" if not team else "a side in a game"
    said = text_says_body(label, sentences)
    if said and not text_says_place(label, sentences):
        return said
    # "Esk Marine was founded ..." says it of "Esk Marine Engineering", the name the question gives in full
    return next((f"{found} (as {short!r})" for short in short_forms(label, sentences)
                 for found in [body_evidence(short, sentences)] if found), None)


def short_forms(label: str, sentences: list[str] | tuple[str, ...]) -> list[str]:
    """The shorter names the article writes ``label`` by, which it also writes in full: "Esk Marine" for "Esk
    Marine Engineering" where the article writes both ("Esk Marine was founded in 1974"). What the text says of
    the short form (a body's verb, a post in it) it says of the name."""
    words = en_names.bare_label(label).split()
    return [short for short in (" ".join(words[:k]) for k in range(len(words) - 1, 0, -1))
            if en_names.one_longer(short, sentences) == " ".join(words)
            and any(not after for after in en_names.continuations(short, sentences))]


_WHICH_ORGANIZATION = re.compile(r"\bwhich\s+organizations?\b|^what is the name of the organization\b", re.IGNORECASE)
_THE_ORGANIZATION = re.compile(r"\bthe\s+organization\s+(?:that|whose|where|who)\b", re.IGNORECASE)


def unevidenced_organization(question: str, subgraph, kinds: dict, pool: dict, teams: frozenset[str]) -> str | None:
    """Why the question may not call a node "organization", or None: it asks "Which organization ...?" (of its
    answer) or describes "the organization that/whose ..." (its hidden bridge), and that node, which the tagger
    called ORG, has no positive evidence of being a body (see the module doc)."""
    from tasks.dragon.questions_en_article import pooled

    hidden = [n for e in subgraph.edges for n in (e.head, e.tail)
              if n in subgraph.hidden_nodes or n not in {*subgraph.answer_nodes, *subgraph.question_nodes}]
    called = [*(subgraph.answer_nodes if _WHICH_ORGANIZATION.search(question) else ()),
              *(dict.fromkeys(hidden) if _THE_ORGANIZATION.search(question) else ())]
    for node in called:
        if kinds.get((subgraph.lang, node)) != "ORG":
            continue
        edges = [e for e in subgraph.edges if node in (e.head, e.tail)]
        if not edges:
            continue
        label = edges[0].head_label if edges[0].head == node else edges[0].tail_label
        sentences = [s for e in edges for s in pooled(e, pool)]
        team = node in teams or en_names.bare_label(label) in teams
        if body_evidence(label, sentences, team) is None:
            place = text_says_place(label, sentences)
            return (f"{label!r} asked as an organization: the article also uses it as a place ({place})" if place
                    else f"{label!r} asked as an organization: nothing in its name or article says it is one")
    return None
