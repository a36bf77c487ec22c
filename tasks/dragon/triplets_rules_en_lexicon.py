"""Triplet extraction, rules engine, English: the words and labels the rules read by.

Dependency and entity labels of the English (ClearNLP-style) scheme of en_core_web_sm, the closed word lists
(honorifics, person roles and titles, nouns for people, organisation nouns and the ones that point back,
generic heads, partitives, part-of-a-place nouns, verbs of saying and claiming) and the lemma helpers over
spaCy's lemmatizer tables (``_verb_lemma``, ``_noun_form``, ``_absolute_date``). Imports no other
``triplets_rules_en_*`` module.
"""
from __future__ import annotations

from functools import lru_cache
import re

from benchmill import nlp
from tasks.dragon.triplets_base import TripletConfig
from tasks.dragon.words_en import EN_MONTHS_PATTERN


# dependency labels of the English (ClearNLP-style) scheme used by en_core_web_sm
_EN_NP_KEEP = frozenset({"compound", "amod", "nummod", "quantmod", "nmod", "npadvmod", "nn", "flat"})
_EN_SUBJ = frozenset({"nsubj", "nsubjpass"})
_EN_OBJ = frozenset({"dobj", "obj", "dative"})
_EN_TIME_LABELS = frozenset({"DATE", "TIME"})
_EN_RELATIVE = frozenset({"which", "that", "who", "whom", "whose"})
#: "CEO of", "professor at", "spokesperson for"; not "in": "a terminal in Gdańsk" is a location, not a role
_EN_COPULA_NOUN_PREPS = frozenset({"of", "at", "for"})
#: entity labels of values, not things: never a subject
_EN_VALUE_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
_MONTHS_OR_DIGIT = re.compile(
    rf"\d|\b({EN_MONTHS_PATTERN})\b", re.IGNORECASE
)


def _absolute_date(text: str) -> bool:
    """ "October", "1991", "12 May 2024" name a time; "Monday", "last year" depend on when it was said."""
    return bool(_MONTHS_OR_DIGIT.search(text))


#: what a person is called before the name: "Ms Redpath", "Dr Owen Pritchard" (dropped: the name is the name)
_EN_HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lord", "lady"})
_PER = nlp.spacy_label("PERSON")
#: a relation longer than this is dropped by the collector (TripletConfig.max_relation_words' default); the
#: English verb rules and the results rules keep a shorter form or leave the fact out before that happens
_EN_MAX_RELATION_WORDS = TripletConfig.model_fields["max_relation_words"].default
_ORG = nlp.spacy_label("ORG")


@lru_cache(maxsize=1)
def _en_common_words() -> frozenset[str]:
    """Lemmas of English common nouns and adjectives (spaCy's lemmatizer tables): tells "Chief
    Executive" (a title written in capitals) from a name."""
    index = nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return frozenset(index["noun"]) | frozenset(index["adj"])


@lru_cache(maxsize=1)
def _en_verbs() -> frozenset[str]:
    return frozenset(nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")["verb"])


def _verb_lemma(token) -> str:
    """The token's lemma, repaired where the small model strips too much: "hopes"/"hoped" → "hope", not "hop"."""
    lemma = token.lemma_.lower()
    text = token.lower_
    if text.endswith(("es", "ed")) and text[:-1] == lemma + "e" and lemma + "e" in _en_verbs():
        return lemma + "e"
    if text == lemma + "ing" and lemma + "e" in _en_verbs() and nlp.en_doubles_final_consonant(lemma):
        # "sparing" is "spare", not "spar": one syllable ending in one vowel and one consonant doubles it before
        # "-ing" ("sparring", "hopping"), so the undoubled form is the e-verb's
        return lemma + "e"
    return lemma


def _noun_form(word: str) -> str | None:
    """``word`` as a common-noun lemma ("Museum" → "museum", "Masters" → "master"), else None."""
    nouns = _en_common_words()
    lower = word.lower()
    for candidate in (lower, lower[:-1] if lower.endswith("s") else None):
        if candidate and candidate.isalpha() and candidate in nouns:
            return candidate
    return None


#: "the 19-year-old", "a 34-year-old": an age used as a noun for a person
_AGE_NOUN = re.compile(r"^(?:(?:the|a|an)\s+)?\d{1,3}\s*-\s*year\s*-\s*old$", re.IGNORECASE)


def _is_team_word(word: str) -> bool:
    """ "Gulls", "Colliers", "Tides": a capitalised plural that ends a team's name (not "Ss": "Rhodes")."""
    return len(word) > 3 and word[:1].isupper() and word.endswith("s") and not word.endswith(("ss", "'s", "’s"))


def _is_org_noun(lemma: str) -> bool:
    return lemma in _EN_ORG_NOUNS or (lemma.endswith("maker") and len(lemma) > 5)


#: pronouns and nouns of a part: "any of its hotels", "parts of the pipeline" (the whole is what is named)
_EN_PARTITIVES = frozenset({"any", "some", "all", "none", "most", "each", "either", "neither", "part", "parts",
                            "much", "many", "several", "both"})

#: heads that only point back ("the move", "the deal") or are too vague to ask about
_EN_GENERIC_NOUNS = frozenset({
    "move", "deal", "one", "thing", "way", "part", "lot", "number", "time", "year", "day", "statement", "people",
    "fact", "case", "issue", "side", "kind", "decision", "plan", "comment",
    # "the company", "the airline": they point back at a name (resolved to the last organisation
    # named before, else dropped: a question about "the company" answers nothing)
    "company", "firm", "group", "business", "operator", "carrier", "airline", "bank", "chain", "cooperative",
    "maker", "manufacturer", "retailer", "lender", "insurer", "club", "team", "startup", "organisation",
    "organization", "unit", "subsidiary", "giant",
})


_EN_ORG_ANAPHORS = frozenset({
    "company", "firm", "group", "business", "operator", "carrier", "airline", "bank", "chain", "cooperative",
    "maker", "manufacturer", "retailer", "lender", "insurer", "club", "startup",
    # kinds of business a firm is called by in wire copy ("the utility", "the publisher", "the drugmaker");
    # not "the regulator", "the council", "the union": those are usually another party
    "utility", "publisher", "broadcaster", "miner", "producer", "supplier", "developer", "brewer", "shipper",
    "distributor", "exporter", "importer", "conglomerate", "drugmaker", "carmaker", "automaker", "chipmaker",
    "airline", "telecom", "builder", "grocer", "supermarket",
})

#: the organisation anaphors that mean a firm (not "the club", "the cooperative": a team or a members' body)
_EN_FIRM_ANAPHORS = _EN_ORG_ANAPHORS - {"club", "cooperative"}

#: words that make "the company" the one two firms form: "the combined company will employ 540" is neither partner
_EN_MERGED = frozenset({"combined", "merged", "enlarged"})

#: heads of names of public bodies and institutions: "Corran Bureau of Meteorology", "City of Hallam", "Tarnside
#: Museum" are never what "the company", "the utility" or "the airline" point back at (those are businesses)
_EN_PUBLIC_BODY_HEADS = frozenset({
    "bureau", "authority", "department", "council", "commission", "ministry", "government", "police", "court",
    "tribunal", "parliament", "university", "college", "school", "museum", "gallery", "hospital", "library",
    "agency", "office", "committee", "shire", "centre", "center", "institute", "regulator", "assembly", "senate",
})
#: heads that name a public body only before "of" ("City of Hallam", not the club "Hallam City")
_EN_PLACE_BODY_HEADS = frozenset({"city", "town", "state", "county", "borough", "district", "municipality"})


def public_body_name(name: str) -> bool:
    """``name`` is a public body's or an institution's by its head word ("Corran Bureau of Meteorology":
    bureau; "City of Hallam": city), not a business's."""
    head, of, _ = name.partition(" of ")
    words = head.split()
    if not words or not words[-1][:1].isupper():
        return False
    return words[-1].lower() in _EN_PUBLIC_BODY_HEADS or bool(of) and words[-1].lower() in _EN_PLACE_BODY_HEADS


#: last words of a business's name: "Pinecrest Lumber Works", "Tarn Holdings", "Ardent Foods Ltd" are firms whatever
#: the small NER model says (or does not); a town ("Kelby") or a person carries none
_EN_FIRM_NAME_ENDS = frozenset({
    "works", "ltd", "ltd.", "limited", "inc", "inc.", "co", "co.", "corp", "corp.", "corporation", "company", "plc",
    "llc", "group", "holdings", "industries", "enterprises", "partners", "products", "foods", "mills", "motors",
    "energy", "steel", "logistics", "systems", "technologies", "pharmaceuticals", "airlines", "airways", "brewery",
    "services", "lumber", "timber", "resources", "capital", "media", "labs", "ventures", "mining", "shipping",
    "construction", "homes", "developments", "farms", "dairy", "bakery", "manufacturing", "solutions", "bank", "engineering",
})


def firm_name(name: str) -> bool:
    """``name`` is a business's by its last word ("Pinecrest Lumber Works", "Gogebic Timber Products")."""
    words = name.split()
    return len(words) > 1 and words[-1][:1].isupper() and words[-1].lower() in _EN_FIRM_NAME_ENDS


#: common nouns that name a kind of organisation: "X, the Penrith bakery chain", "the consultancy X"
#: (its name is then an organisation, whatever the small NER model says)
_EN_ORG_NOUNS = _EN_ORG_ANAPHORS | frozenset({
    "publisher", "broadcaster", "consultancy", "charity", "authority", "regulator", "council", "fund", "trust",
    "association", "agency", "ministry", "utility", "developer", "investor", "brand", "producer", "supplier",
    "miner", "conglomerate", "subsidiary", "organisation", "organization", "outlet", "newspaper", "provider",
    "distributor", "exporter", "importer", "shipper", "builder", "contractor", "foundation", "institute",
    "university", "museum", "hospital", "union", "federation", "committee", "commission", "department",
    "exchange", "owner", "partnership", "venture", "cooperative", "co-operative", "studio", "label", "insurer",
    "broker", "airport", "port", "railway", "utility", "operator", "vendor", "foundry", "licensor", "licensee",
    "manufacturer", "fintech", "biotech", "lab", "laboratory", "automaker", "landlord", "housebuilder", "chainstore",
})


#: nouns of roles only people hold: "X, the chief executive of Y" makes X a person who works for Y
_EN_PERSON_ROLES = frozenset({
    "executive", "director", "chair", "chairman", "chairwoman", "chairperson", "president", "founder", "co-founder",
    "head", "manager", "minister", "spokesperson", "spokesman", "spokeswoman", "secretary", "officer", "ceo", "cfo",
    "coo", "cto", "editor", "leader", "mayor", "governor", "coach", "captain", "partner", "analyst", "professor",
    "researcher", "economist", "chancellor", "commissioner", "ambassador", "treasurer", "trustee", "curator",
    "principal", "dean", "superintendent", "inspector", "chief", "deputy", "vice-president", "employee", "member",
})
#: ties one person has to another ("Pryce's lawyer, Sian Hollis,", "Owusu's sister, the actor Ama Owusu,"): the
#: owner of such a role is a person, not an organisation
_EN_PERSONAL_TIES = frozenset({
    "lawyer", "solicitor", "barrister", "attorney", "counsel", "advocate", "agent", "wife", "husband", "spouse",
    "son", "daughter", "sister", "brother", "mother", "father", "niece", "nephew", "great-niece", "great-nephew",
    "grandson", "granddaughter", "grandmother", "grandfather", "cousin", "aunt", "uncle", "widow", "widower",
    "stepson", "stepdaughter", "fiancée", "fiance", "fiancé",
})
#: a role written as a title inside a person's name: "Striker Leon Osei", "Archivist Rachel Ames"
_EN_TITLE_WORDS = _EN_PERSON_ROLES | frozenset({
    "striker", "goalkeeper", "defender", "midfielder", "winger", "forward", "midfield", "judge", "justice",
    "archivist", "historian", "senator", "councillor", "chancellor", "premier", "general", "colonel", "captain",
    "sergeant", "constable", "detective", "bishop", "rabbi", "imam", "father", "sister", "nurse", "surgeon", "rider",
    "driver", "grandmaster", "champion", "skipper", "reverend", "president", "chairman", "manager", "coach",
})
#: nouns for people that tabloid and local copy put before a name ("nurse Leanne Hardcastle", "Surrey
#: businessman Derek Vane", "Mum-of-two Jess Lumley"): the name after them is a person's
EN_PERSON_NOUNS = frozenset({
    "nurse", "vet", "teacher", "businessman", "businesswoman", "pensioner", "neighbour", "neighbor", "fisherman",
    "grandmother", "grandfather", "gran", "grandad", "mother", "father", "mum", "dad", "student", "farmer", "resident",
    "shopkeeper", "landlord", "landlady", "tenant", "worker", "owner", "trader", "widow", "widower", "retiree",
    "veteran", "volunteer", "campaigner", "lawyer", "solicitor", "doctor", "gp", "paramedic", "firefighter",
    "officer", "dancer", "singer", "actor", "actress", "artist", "author", "writer", "entrepreneur", "boss",
    "man", "woman", "boy", "girl", "child", "victim", "patient", "friend",
    # players by position ("the prop X", "half-back X")
    "prop", "hooker", "half-back", "full-back", "fly-half", "scrum-half", "stand-off", "loosehead", "tighthead",
    "keeper", "batsman", "batter", "bowler", "jockey", "pitcher", "quarterback", "playmaker", "centre-back",
    "linebacker", "receiver", "kicker", "punter", "cornerback", "slotback", "tailback", "lineman", "defenceman",
    "defenseman", "goaltender", "goalie", "winger", "striker", "midfielder",
})
#: verbs that need what their object does: "helps museums buy works", "allows customers to ..."
_EN_CAUSATIVE = frozenset({"help", "enable", "allow", "let", "permit", "encourage", "persuade"})
#: verbs of claiming: what follows is the claim's clause (the parser may make its subject their object)
_EN_CLAIMS = frozenset({"insist", "claim", "argue", "admit", "suggest", "hint", "fume", "laugh", "stress", "maintain",
                        "contend", "assert", "allege", "concede", "predict", "fear", "reckon"})
#: verbs of saying: their facts are attribution, which the key facts leave out
_EN_SPEECH = frozenset({"say", "tell"})
#: nouns that name a part or a kind of a place: "the summit of Hardknott Pass", "the Polish city of Poznań"
_EN_PART_NOUNS = frozenset({
    "top", "summit", "foot", "bottom", "edge", "end", "side", "centre", "center", "heart", "middle", "outskirts",
    "city", "town", "village", "hamlet", "region", "province", "county", "district", "island", "port", "area",
    "coast", "shore", "banks", "capital", "suburb",
})
_EN_WH = frozenset({"how", "why", "whether", "what", "who", "which", "where", "when"})
