"""DRAGON questions, English: the word lists the templates read by — verbs of moving, giving, making
and intending, heads of organisations and places, prepositions of direction and of time (moved from
``questions_en``)."""
from __future__ import annotations

from benchmill import nlp



#: posts held over a place, not in a body: what they are "of" is a town, a district, a state
_EN_PLACE_ROLES = frozenset("mayor mayoress governor premier provost reeve".split())
#: posts held only in a sports side: what a head coach or a captain is "of" is a team, not "the organization"
_EN_TEAM_ROLES = frozenset("coach captain skipper vice-captain co-captain".split())
#: verbs of winning a game: both the one that beat and the one beaten are teams ("the team that X beat")
_EN_GAME_VERBS = frozenset("beat defeat thrash edge overcome outplay".split())



#: verbs whose complement is "in" a body or an abstract thing ("invest in", "take part in"), not a place
_EN_IN_VERBS = frozenset("""
    invest reinvest participate engage specialise specialize believe result succeed trust involve interest share
    stake help assist join partner collaborate cooperate co-operate merge absorb incorporate
    """.split())


#: verbs of an event held at a venue: what they are at, named, is asked "At which venue ...?"
_EN_EVENT_VERBS = frozenset("perform play finish start end begin stage host hold open close".split())


#: verbs whose "in"/"at" object is where they happen, whatever the tagger calls it ("start in
#: Barrow-in-Furness", "farm at Boot in Eskdale"); not "invest in", "a stake in"
_EN_WHERE_VERBS = frozenset(
    "start finish end begin live farm work settle open close build base locate stage hold host perform play meet "
    "grow operate arrive land stop stay die study train run manage open relocate move expand launch set sit stand "
    "compete race record shoot film lie".split())


#: prepositions of a direction: a where-question keeps them ("Where will X move its base to?")
_EN_DIRECTIONS = frozenset({"to", "from", "into", "onto", "towards", "toward"})
#: adverb particles of phrasal verbs, said before a noun phrase object ("hand out", "hold off", "pay back")
_EN_PARTICLES = frozenset("out off up down away back".split())
#: verbs of moving something somewhere: their "to" is where, their "from" where from
_EN_MOTION_VERBS = frozenset(
    "move relocate transfer ship send bring deliver fly sail travel return export import truck take carry drive "
    "walk go come head migrate shift switch expand extend withdraw evacuate".split())
#: prepositions before a date that do not say when the fact happened ("a budget for 2027", "by 2028")
_EN_NOT_WHEN = {"for", "by", "until", "before", "after", "from", "to", "through", "over", "within"}


#: last words of names that make the name an organisation's ("Baltic Freight Lines", "Elbe Rovers")
#: or a place's ("Hafenpark Stadium", "Amber Park"): the one lexicon in benchmill.nlp
_EN_ORG_HEADS = nlp.EN_ORG_HEADS
_EN_PLACE_HEADS = nlp.EN_PLACE_HEADS


#: verbs whose "to" names a recipient, not a destination
_EN_GIVING_VERBS = frozenset("supply sell pay give send deliver lend loan award donate transfer offer grant lease".split())
#: what is made, launched or sold is a product, whatever the tagger calls its name
_EN_MAKING_VERBS = frozenset(
    "produce build make manufacture launch unveil release design develop sell market ship assemble".split())
#: verbs whose object is a place one goes to: "has visited Cumbria" (a place, whatever the tagger says)
_EN_TRAVEL_VERBS = frozenset("visit tour enter leave reach".split())
#: verbs whose direct object is never a person, whatever the tagger calls its name
_EN_THING_OBJECT_VERBS = _EN_MAKING_VERBS - {"sell"} | frozenset(
    "run operate own organise organize sponsor host stage open close delay cancel postpone".split())
#: what organisations do and places do not: a "place" that signs, pays or sues is a club, a council, a firm
_EN_AGENT_VERBS = frozenset(
    "sign sell buy acquire hire fire pay sue appoint sponsor invest announce approve award order employ recall "
    "launch found fund beat defeat sack loan release report raise spend borrow lend operate unveil open manage "
    "supply acquire merge own run expand cut post earn".split())
#: verbs whose direct object may be a place ("Which place does the city of Hamburg own?"); a place
#: won, told or designed is no place ("Which place did Salt Roads win?" -> the Golden Caravel)
_EN_PLACE_OBJECT_VERBS = frozenset(
    "own visit leave reach enter buy acquire sell lease rent renovate build open close run manage operate host "
    "rebuild expand occupy capture control tour".split())
