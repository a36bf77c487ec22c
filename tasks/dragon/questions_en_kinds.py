"""DRAGON questions, English: what a node is — the tagger's kinds corrected by the name's head noun and
the relations the node is in (moved from ``questions_en``)."""
from __future__ import annotations

import re

from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_names import bare_label
from tasks.dragon.questions_en_words import (
    _EN_AGENT_VERBS, _EN_GAME_VERBS, _EN_GIVING_VERBS, _EN_ORG_HEADS, _EN_PLACE_HEADS, _EN_TRAVEL_VERBS,
)
from tasks.dragon.questions_en_tense import _relation
from tasks.dragon.questions_en_article import article_kinds
from tasks.dragon.questions_en_amounts import en_amount
from tasks.dragon.subgraphs import parse_quantity


#
# The small NER model types "Vistula Box Terminal" PER ("Who handled ...?"), "Calder City" LOC
# ("Which place is Maria Lindgren the sporting director of?") and "Turnout" PER. The relation
# and the name's own head noun are better witnesses; where they do not settle it, the
# templates fall back to a neutral wh-phrase ("What is X the head coach of?").


def _product_code(label: str) -> bool:
    """ "Talon-V", "the KR-7", "NX600", "LC-40": a model code (capitals and digits, a hyphenated capital)."""
    words = [w for w in label.split() if w.lower() not in ("the", "a", "an")]
    return len(words) == 1 and bool(re.fullmatch(r"[A-Z][A-Za-z]*-[A-Z0-9]+|[A-Z]{1,4}-?\d+[A-Za-z]?", words[0]))


def _name_head(label: str) -> str:
    words = [w for w in label.split() if w.lower() not in ("the", "a", "an")]
    return words[-1].lower().strip(".,") if words else ""


def refine_kinds_en(kinds: dict, subgraphs) -> dict:
    """The en node kinds corrected by the name's head noun and the relations the node is in.

    A name ending in an organisation's head noun ("... Terminal", "... Lines", "... Party") is
    an organisation, one ending in a place's ("... Stadium", "... Park") a place, whatever the
    tagger said. The subject of a role relation ("member of", "sporting director of") that the
    tagger left MISC is a person; its object is never a person.
    """
    kinds = dict(kinds)
    for subgraph in subgraphs:
        if subgraph.lang != "en":
            continue
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("en", node)) in ("PER", "LOC", "ORG") and _product_code(label):
                    kinds[("en", node)] = "MISC"  # "the Talon-V", "KR-7": a product's code, not a place or a firm
            try:
                verb = _relation(edge)
            except NoTemplate:
                verb = None
            if verb is not None and verb.kind == "verb" and not verb.rest and verb.head in _EN_TRAVEL_VERBS \
                    and kinds.get(("en", edge.tail)) == "PER":
                kinds[("en", edge.tail)] = "LOC"  # "has visited Cumbria": not "Who have ... visited?"
            if kinds.get(("en", edge.tail)) not in ("NUM", "DATE") and any(ch.isdigit() for ch in edge.tail_label) \
                    and parse_quantity(edge.tail_label, "en") is None and en_amount(edge.tail_label) is not None:
                kinds[("en", edge.tail)] = "NUM"  # "about 2,100 people": "How many people ...?", not "What ...?"
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                kind = kinds.get(("en", node))
                label = bare_label(label)  # "the Solway Cocklers' Association"
                if kind not in ("PER", "MISC", "LOC", "ORG", None) or not label[:1].isupper():
                    continue
                head = _name_head(label)
                if head in _EN_ORG_HEADS and kind != "ORG" or kind in ("LOC", "MISC") and public_body(label):
                    kinds[("en", node)] = "ORG"  # "... Terminal"; "Environment Canada", "Main Roads WA"
                elif head in _EN_PLACE_HEADS and kind in ("PER", "MISC", None):
                    kinds[("en", node)] = "LOC"
            try:
                rel = _relation(edge)
            except NoTemplate:
                continue
            if rel.trailing_preposition in ("at", "in") and _name_head(edge.tail_label) in _EN_PLACE_HEADS:
                kinds[("en", edge.tail)] = "LOC"  # "perform at Quayside Arena": the arena as a place
            if rel.kind == "verb" and rel.head in _EN_GIVING_VERBS and rel.trailing_preposition == "to" \
                    and kinds.get(("en", edge.tail)) == "LOC" and _name_head(edge.tail_label) not in _EN_PLACE_HEADS:
                kinds[("en", edge.tail)] = "ORG"  # "supplies chips to Daewon": a customer, not where: not "Where ...?"
            if rel.kind == "verb" and rel.head == "represent" and not rel.rest \
                    and kinds.get(("en", edge.tail)) in ("PER", "MISC", "ORG", None) \
                    and represented_area(edge, kinds.get(("en", edge.tail))):
                kinds[("en", edge.tail)] = "LOC"  # "Cllr X, who represents Skipton West": a ward, not "Who ...?"
            if rel.kind == "verb" and rel.head in _EN_AGENT_VERBS and kinds.get(("en", edge.head)) in ("LOC", "MISC"):
                # "Calder City signed Daniel Okafor": the club, not the place; "What unveiled the Fold One?"
                # -> Veltrix, a company the tagger did not know
                kinds[("en", edge.head)] = "ORG"
            if rel.kind == "role":
                if kinds.get(("en", edge.head)) == "MISC" and _name_head(edge.head_label) not in _EN_ORG_HEADS:
                    kinds[("en", edge.head)] = "PER"
                if kinds.get(("en", edge.tail)) == "PER":
                    kinds[("en", edge.tail)] = "ORG"
    return article_kinds(kinds, subgraphs)


def team_nodes(subgraphs) -> frozenset[str]:
    """The en nodes that won or lost a game in some fact of the batch ("the Derwent Comets beat the Tamar
    Hawks"): sports sides, by node and by name without "the" (the article's "Steel" may be another node that
    its questions call "the Southern Steel"). A fact about one that says nothing of games ("Mele Fonua led
    the Tamar Hawks", "Fonoti joined the Southern Steel") is asked "Which team ...?", not by the guess
    "Which organization". A side that hosts, plays, faces or meets one of these is a side too ("Ardmore beat
    Kelby and will host Dunmore": Dunmore is asked "Which team will Ardmore host?")."""
    teams = set()
    fixtures = []  # "Ardmore will host Kelby": a game only where one side is known to be a team
    for subgraph in subgraphs:
        if subgraph.lang != "en":
            continue
        for edge in subgraph.edges:
            try:
                rel = _relation(edge)
            except NoTemplate:
                continue
            ends = (edge.head, edge.tail, bare_label(edge.head_label), bare_label(edge.tail_label))
            if _game_result(rel):
                # by the bare name too: the templates look a side up by it
                teams.update(ends)
            elif _fixture(rel):
                fixtures.append(ends)  # (one hosts a summit, and plays a part, too)
    for ends in fixtures:
        if ends[0] in teams or ends[2] in teams or ends[1] in teams or ends[3] in teams:
            teams.update(ends)
    return frozenset(teams)


#: verbs of a game yet to be played: "Ardmore will host / play / face / meet Kelby"
_FIXTURE_VERBS = frozenset("host play face meet".split())
#: a game's relations with a preposition: "lose to", "draw with"
_GAME_PHRASES = frozenset({"lose to", "draw with", "draw against", "play against", "win against", "fall to"})


def game_edge(edge) -> bool:
    """Does ``edge`` say a game ("beat", "lose to", "host", "draw with", "was beaten by")? A side named like a
    town is asked "Which team" on such an edge only: on "Cyclone Mala flooded Kelby" it is the town."""
    try:
        rel = _relation(edge)
    except NoTemplate:
        return False
    return (_result(rel) or _fixture(rel)
            or rel.kind == "verb" and " ".join((rel.head, *rel.rest)) in _GAME_PHRASES)


def result_edge(edge) -> bool:
    """Does ``edge`` say a result between sides ("beat", "edge", "hold off", "was beaten by"), not a game yet to be
    played? (``questions_en_animals.field_result`` refuses it where the sides ran in a field.)"""
    try:
        return _result(_relation(edge))
    except NoTemplate:
        return False


def _result(rel) -> bool:
    """A won or lost game said actively (``_game_result``) or in the passive ("was beaten by")."""
    return rel.kind == "passive" and rel.head in _EN_GAME_VERBS or _game_result(rel)


def _game_result(rel) -> bool:
    """Does the relation say who won or lost a game ("beat", "defeat", "lose to" and the other opponent phrasals)?
    Its two ends are sides, for ``team_nodes`` and ``game_edge`` alike."""
    from tasks.dragon.questions_en_names import OPPONENT_PHRASALS

    return rel.kind == "verb" and (not rel.rest and rel.head in _EN_GAME_VERBS
                                   or " ".join((rel.head, *rel.rest)) in OPPONENT_PHRASALS)


def _fixture(rel) -> bool:
    """A game yet to be played ("will host / play / face / meet"): a game only where one side is known to be a team."""
    return rel.kind == "verb" and not rel.rest and rel.head in _FIXTURE_VERBS


#: titles of an elected office, written before the name ("Cllr Andrea Hirst", "Coun. Martin Szabo", "Senator X") or
#: after it ("X MP"): never a word that names any representative ("rep", "representative", "supervisor"), nor
#: "sen" without its stop (a surname: "Ravi Sen")
_ELECTED_TITLES = frozenset("""
    cllr cllr. councillor councilor coun coun. alderman ald. alderwoman mp mla msp mpp mha td mep senator sen.
    congressman congresswoman assemblyman assemblywoman assemblymember
    """.split())
#: nouns of the area an elected member represents, written next to its name ("Skipton West ward", "the ward of X")
AREA_NOUNS = frozenset("ward wards constituency riding division district electorate seat borough county".split())
#: last words of a name of a body of members, not a place: "Kerrow Residents", "Holm Tenants"
_MEMBER_HEADS = frozenset("residents tenants members workers traders growers farmers owners users parents".split())
#: parties named without a head noun: what a member represents in talks is no area
_PARTY_NAMES = frozenset("""
    labour conservative conservatives tory tories greens snp plaid ukip reform democrats republicans dup uup
    """.split()) | {"liberal democrats", "lib dems", "plaid cymru", "sinn fein", "sinn féin", "fine gael", "fianna fail",
                    "fianna fáil", "green party", "reform uk"}
#: countries (and the nations of the UK) a person may represent: asked "Which country ...?"
_COUNTRIES = frozenset(c.strip().lower() for c in """
    England, Scotland, Wales, Northern Ireland, Ireland, Britain, Great Britain, United Kingdom, UK, France, Germany,
    Spain, Portugal, Italy, Netherlands, Belgium, Luxembourg, Switzerland, Austria, Denmark, Norway, Sweden, Finland,
    Iceland, Poland, Czechia, Czech Republic, Slovakia, Hungary, Romania, Bulgaria, Greece, Cyprus, Malta, Croatia,
    Slovenia, Serbia, Bosnia, Montenegro, Albania, North Macedonia, Kosovo, Estonia, Latvia, Lithuania, Ukraine,
    Belarus, Moldova, Russia, Georgia, Armenia, Azerbaijan, Turkey, Israel, Lebanon, Jordan, Syria, Iraq, Iran,
    Saudi Arabia, Qatar, Kuwait, Bahrain, Oman, Yemen, United Arab Emirates, UAE, Egypt, Libya, Tunisia, Algeria,
    Morocco, Nigeria, Ghana, Senegal, Cameroon, Ivory Coast, Kenya, Uganda, Tanzania, Ethiopia, Rwanda, Zambia,
    Zimbabwe, Botswana, Namibia, South Africa, Mozambique, Malawi, Madagascar, Mauritius, Canada, United States, USA,
    US, America, Mexico, Cuba, Jamaica, Trinidad and Tobago, Barbados, Bahamas, Haiti, Dominican Republic, Guatemala,
    Honduras, Costa Rica, Panama, Colombia, Venezuela, Ecuador, Peru, Bolivia, Chile, Argentina, Uruguay, Paraguay,
    Brazil, Guyana, China, Japan, South Korea, North Korea, Korea, Taiwan, Mongolia, India, Pakistan, Bangladesh,
    Sri Lanka, Nepal, Afghanistan, Kazakhstan, Uzbekistan, Thailand, Vietnam, Cambodia, Laos, Myanmar, Malaysia,
    Singapore, Indonesia, Philippines, Australia, New Zealand, Fiji, Samoa, Tonga, Papua New Guinea
    """.split(","))


def is_country(label: str) -> bool:
    """ "Wales", "the Netherlands", "New Zealand": a country by the list above."""
    return bare_label(label).lower().removeprefix("the ").strip() in _COUNTRIES


#: sectors a public or national body is named by before the country or state it serves ("Environment Canada",
#: "Main Roads WA", "Transport for Wales", "Rugby Australia"): nouns of a service or a sport, no place's adjective
_SECTOR_NOUNS = frozenset("""
    environment health transport roads road rail railways fisheries oceans parks police fire ambulance coastguard
    sport sports tourism heritage forestry agriculture energy water housing education justice revenue customs
    immigration statistics trade enterprise business post radio television broadcasting air rugby cricket football
    soccer hockey athletics swimming netball tennis golf cycling rowing basketball baseball volleyball sailing
    """.split())
#: states and provinces written short after a body's sector ("Main Roads WA", "Transport for NSW")
_REGION_ABBREVIATIONS = frozenset("WA NSW NT QLD Qld VIC Vic TAS Tas ACT BC NZ".split())


def public_body(label: str) -> bool:
    """ "Environment Canada", "Main Roads WA", "Health New Zealand", "Transport for Wales": a sector noun, then the
    country or state the body serves, is the name of a body, however the tagger typed it (a place by its last word:
    "Which place issued a snowfall warning?"); a country alone ("Great Britain") or a region ("Western Australia")
    has no sector noun."""
    words = bare_label(label).split()
    if len(words) < 2 or not all(w[:1].isupper() or w in ("for", "of", "and", "&") for w in words):
        return False
    k = 1 if words[-1] in _REGION_ABBREVIATIONS else next(
        (k for k in (3, 2, 1) if k < len(words) and is_country(" ".join(words[-k:]))), 0)
    return bool(k) and any(w.lower() in _SECTOR_NOUNS for w in words[:-k])


def _organisation_name(label: str) -> bool:
    """ "Unison"-like names are the tagger's to judge; this says it by the name: "Kerrow Residents", "Labour",
    "the Kelby Tenants' Association"."""
    from tasks.dragon.questions_en_names import org_evidence

    bare = bare_label(label).strip()
    return bool(org_evidence(bare)) or bare.lower() in _PARTY_NAMES \
        or bare.split()[-1].lower().rstrip("'’") in _MEMBER_HEADS | {"party", "union", "association"}


def elected_holder(holder: str, sentences) -> bool:
    """Whether the text writes ``holder`` with a title of elected office: before the name ("Cllr X", "The
    councillor X", "Senator X"), after it ("X MP") or as its apposition ("X, the MP for ...", "X, a Labour
    councillor")."""
    head = bare_label(holder)
    words = head.split()
    titles = {words[0].lower()} if len(words) > 1 else set()
    name = re.escape(head)
    titled = re.compile(rf"(?:\b([\w.]+)\s+){name}\b|{name},?\s+([A-Z]{{2,3}})\b"
                        rf"|{name},\s+(?:the|a|an)\s+([\w.]+)(?:\s+([\w.]+))?")  # "X, the (Labour) MP"
    for sentence in sentences:
        for match in titled.finditer(sentence):
            titles.update(word.lower() for word in match.groups() if word)
    return bool(titles & _ELECTED_TITLES)


def represented_noun(tail: str, holder: str, sentences) -> str | None:
    """The class noun of the object of "represent" where the text says what it is: "country" for a country, the
    area noun the text writes next to the name ("Skipton West ward"), or "area" where the subject holds an elected
    office ("Cllr Andrea Hirst", "X MP") and the object is no body ("Unison", "Kerrow Residents", "Labour"); else
    None (a client, a team's country of a sport, a union: the caller's own word)."""
    if not tail[:1].isupper():
        return None
    if is_country(tail):
        return "country"
    said = area_said(tail, sentences)
    if said:
        return said
    if _organisation_name(tail):
        return None
    return "area" if elected_holder(holder, sentences) else None


def represented_area(edge, tail_kind: str | None = None) -> str | None:
    """The area noun for the object of "represent" when it is the area an elected member sits for, not a client
    (``represented_noun``); a name the tagger calls an organisation only where the text writes an area noun next
    to it ("Unison", "Labour" stay bodies whoever represents them)."""
    tail = bare_label(edge.tail_label)
    if tail_kind == "ORG":
        return area_said(tail, edge.sentences)
    return represented_noun(tail, edge.head_label, edge.sentences)


def area_said(label: str, sentences) -> str | None:
    """The area noun the text writes next to the name ``label`` ("Skipton West ward", "the riding of Bedford"),
    else None."""
    bare = bare_label(label)
    near = re.compile(rf"{re.escape(bare)}\s+(\w+)|\b(\w+)\s+of\s+{re.escape(bare)}")
    for sentence in sentences:
        for match in near.finditer(sentence):
            word = (match.group(1) or match.group(2) or "").lower()
            if word in AREA_NOUNS:
                return "ward" if word == "wards" else word
    return None
