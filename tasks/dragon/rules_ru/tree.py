"""Russian rules triplets: the walks over a natasha dependency parse that the parse repairs share
(repairs.py and the modules of its passes): children, head, case, finite verbs, verbs, ancestors, the
stretch of a clause between commas, and a re-attachment that never closes a loop."""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CLAUSE_BREAKS


class ParseTree:
    """One sentence's tokens (natasha ``Token``s, mended in place) and the lookups over them."""

    def __init__(self, tokens) -> None:
        self.tokens = tokens
        self.by_id = {t.id: t for t in tokens}
        self.index = {t.id: i for i, t in enumerate(tokens)}

    def kids(self, token, rels=None):
        return [t for t in self.tokens if t.head_id == token.id and (rels is None or t.rel in rels)]

    def head(self, token):
        return self.by_id.get(token.head_id)

    @staticmethod
    def case(token):
        return (token.feats or {}).get("Case")

    @staticmethod
    def finite(token):
        return token.pos in ("VERB", "AUX") and (token.feats or {}).get("VerbForm") == "Fin"

    @staticmethod
    def is_verb(token):
        """A verb, an auxiliary or a short adjective ("намерена", "готов"): what heads a clause."""
        return token.pos in ("VERB", "AUX") or (token.pos == "ADJ" and (token.feats or {}).get("Variant") == "Short")

    def segment(self, i, step):
        """Indices from i in one direction up to a clause break (comma, colon, parenthesis)."""
        j = i + step
        while 0 <= j < len(self.tokens) and self.tokens[j].text not in _RU_CLAUSE_BREAKS:
            yield j
            j += step

    def same_clause(self, a, b) -> bool:
        """No clause break (comma, colon, parenthesis) stands between tokens a and b."""
        lo, hi = sorted((self.index[a.id], self.index[b.id]))
        return not any(self.tokens[j].text in _RU_CLAUSE_BREAKS for j in range(lo + 1, hi))

    def ancestors(self, token):
        seen, current = set(), self.head(token)
        while current is not None and current.id not in seen:
            seen.add(current.id)
            yield current
            current = self.head(current)

    def attach(self, token, new_head, rel) -> bool:
        if new_head is token or any(a is token for a in self.ancestors(new_head)):
            return False  # would close a loop
        token.head_id, token.rel = new_head.id, rel
        return True
