"""Russian rules triplets: the walks over a natasha dependency parse that the parse repairs share
(repairs.py, coordination.py): children, head, case, finite verbs, ancestors, and a re-attachment
that never closes a loop."""
from __future__ import annotations


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
