"""Russian rules triplets: a subject that is a share of people ("большинство депутатов не
поддержало поправку", "половина жителей проголосовала за проект", "часть сотрудников перешла в новый
офис"): the people act, counted by the share noun, so the phrase is a subject as people by their trade
are (``_RuSentence.agent_phrase``); a share of a thing ("часть расходов") stays a thing."""
from __future__ import annotations

from tasks.dragon.rules_ru.morph import _lemma

#: nouns that count a part of a group
_PEOPLE_SHARES = frozenset({"большинство", "меньшинство", "половина", "часть", "треть", "четверть"})


def people_share(noun, helper) -> tuple[str, str | None] | None:
    """(the share phrase as written in the nominative, None) when the noun is a share noun whose bare genitive
    names people by their trade or a body; None otherwise."""
    if noun.pos != "NOUN" or _lemma(helper.vocab, noun) not in _PEOPLE_SHARES:
        return None
    if (noun.feats or {}).get("Case") not in ("Nom", None):
        return None
    if not any(helper.agent_phrase(g) is not None for g in helper.genitives(noun)):
        return None
    return helper.common_phrase(noun)
