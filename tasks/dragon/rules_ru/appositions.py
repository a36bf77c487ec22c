"""Russian rules triplets: a role noun named by an appositive after a dash ("генеральный спонсор команды —
компания «Гранит»", "её владелец — холдинг «Север»"): the name after the dash is who the role noun is, so it
is the subject of the clause's verb and holds the role."""
from __future__ import annotations

from tasks.dragon.rules_ru.morph import _animate


def dash_named(noun, helper) -> tuple[str, str | None] | None:
    """The name a dash gives a role noun ("спонсор команды — компания «Гранит»" → Гранит), or None: only an
    animate common noun (a role, people) with an appositive right after a dash that names a body or a
    person, directly or through its class noun ("компания «Гранит»")."""
    if noun.pos != "NOUN" or noun.id in helper.span_of or not _animate(helper.vocab, noun):
        return None
    for appos in helper.kids(noun, ("appos",)):
        at = helper.tokens.index(appos)
        before = [t for t in helper.tokens[:at] if t.head_id == appos.id and t.pos == "PUNCT"]
        if not any(t.text in ("—", "–", "-") for t in before):
            continue
        named = helper.phrase(appos) or helper.doer_name(appos)
        if named is not None and named[1] in ("ORG", "PER"):
            return named
    return None
