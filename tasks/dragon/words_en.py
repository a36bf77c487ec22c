"""English word lists that several rules share: one home, so a fix to one reaches every user.

Time words (months, weekdays, time nouns) and team words. Where two rules mean different things by "a time
noun" or "a team word", each meaning has its own name here, one derived from the other."""

from __future__ import annotations

#: the months, in order (lower case; regexes are built from them with re.IGNORECASE)
EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
             "november", "december")
#: the months' short forms in news text ("Dec. 15", "Sept 3"); "may" is its own
EN_MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: days said relative to when the text was written
EN_RELATIVE_DAYS = ("today", "tomorrow", "yesterday")
EN_SEASONS = frozenset({"spring", "summer", "autumn", "winter"})

#: a regex alternation of the months' full names ("january|february|..."), for re.IGNORECASE patterns
EN_MONTHS_PATTERN = "|".join(EN_MONTHS)
#: the same, with the short forms after the full names (the full name must be tried first)
EN_MONTHS_AND_ABBREVIATIONS_PATTERN = "|".join(EN_MONTHS + EN_MONTH_ABBREVIATIONS)

#: calendar units and parts of a day that every time-noun list below holds
_EN_CALENDAR_NOUNS = frozenset({"day", "week", "weekend", "month", "year", "night"})
#: nouns that name a time wherever they stand in a phrase ("on Monday morning", "on the afternoon of May 2",
#: "last year"): a prepositional phrase that holds one is a time, not a complement
EN_TIME_NOUNS = _EN_CALENDAR_NOUNS | {"time", "morning", "afternoon", "evening"}
#: the same with spans and periods ("an hour", "ten minutes", "this season", "last quarter"): after a preposition
#: these are as often what a verb takes ("resulted in an hour of delays", "a quarter of staff"), but a phrase of
#: them between "and" and a conjoined verb is a time ("and last quarter sold", "and within minutes scored")
EN_TIME_AND_PERIOD_NOUNS = EN_TIME_NOUNS | {"season", "quarter", "minute", "hour"}
#: nouns of a period a figure is counted over ("carried 4.2 million passengers last year", "scored 20 goals this
#: campaign"): no hours or parts of a day, but seasons, halves and terms
EN_TALLY_PERIOD_NOUNS = _EN_CALENDAR_NOUNS | EN_SEASONS | {"season", "quarter", "half", "decade", "term", "campaign"}
#: words a time phrase is made of: a month (or its short form), a weekday, a relative day or a time noun
EN_TIME_WORDS = frozenset(EN_MONTHS + EN_MONTH_ABBREVIATIONS + EN_WEEKDAYS + EN_RELATIVE_DAYS) | EN_TIME_NOUNS

#: the last word of a name that makes the name a sports club's on its own ("Harbour Rovers", "Eastfield FC"):
#: asked "Which club"
EN_CLUB_SUFFIXES = frozenset("fc rfc afc cf sc club united rovers wanderers athletic albion".split())
#: last words of a team's name once the sentence is about a game: also words that end names of places and
#: other things ("Hull City", "Vatican City", "Aston Villa"), so no club by themselves
EN_TEAM_WORDS = EN_CLUB_SUFFIXES | frozenset("""
    city town county rangers athletico academicals hotspur villa thistle olympic dynamo sporting real
    """.split())

#: verbs that put, move, exchange or turn an object and say another thing, or nothing whole, without where to or
#: into what: "put $310,000 towards the study" ("How much did X put?"), "poured $2 million into the pool",
#: "plan to take the horse to Riccarton" ("the horse that X plans to take"), "swapped its depot for a site",
#: "turned the depot into flats"; the preposition that says it (the question that drops it is refused, questions_en_valency; the
#: fact keeps it with the object, triplets_rules_en_objects.goal_after_object)
EN_TRANSFER_GOALS = {
    "put": ("towards", "toward", "into", "to", "in", "on", "onto", "behind"),
    "pour": ("into", "in"), "plough": ("into",), "plow": ("into",), "pump": ("into",), "sink": ("into",),
    "inject": ("into",), "channel": ("into", "to", "towards", "toward"),
    "commit": ("to", "towards", "toward"), "allocate": ("to", "towards", "toward"), "devote": ("to",),
    "dedicate": ("to",), "earmark": ("for", "to", "towards", "toward"), "divert": ("to", "into", "towards"),
    "take": ("to",), "send": ("to",), "bring": ("to",), "move": ("to", "into"), "relocate": ("to",),
    "transfer": ("to", "into"), "ship": ("to",), "truck": ("to",), "fly": ("to",), "drive": ("to",),
    "swap": ("for",), "trade": ("for",), "exchange": ("for",),
    "turn": ("into",), "convert": ("into", "to"), "transform": ("into",),
}
