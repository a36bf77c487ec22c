"""Russian rules triplets: a class noun with a place adjective, then the quoted name after its own
complements: «Вологодский клуб по хоккею с мячом «Северные ястребы» проиграл ...». natasha makes
«Вологодский клуб» an organisation of its own and the quoted name the verb's subject; the text
names one club, «Северные ястребы», and «Вологодский клуб» only says what and where it is (a judge:
«a common descriptor, not the club's name»). The repair hangs the quoted name on its class noun; the
descriptor span then yields to it (``descriptor_span``), in the facts and in the article's memory
(«Президент клуба» is the president of «Северные ястребы»)."""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CLASS_NOUNS
from tasks.dragon.rules_ru.morph import _lemma


def mend_descriptor_name(tree, vocab) -> None:
    """Hang a quoted nominative name on the class noun whose complements run up to its opening quote
    («клуб по хоккею с мячом «Северные ястребы»»): natasha makes the name the verb's subject (the noun
    then takes its place in the clause) or an appositive of the complement's last noun («мячом»), which
    names no kind of thing."""
    tokens, kids, head, index = tree.tokens, tree.kids, tree.head, tree.index
    for noun in tokens:
        if noun.pos != "NOUN" or _lemma(vocab, noun) not in _RU_CLASS_NOUNS or not kids(noun, ("nmod",)):
            continue
        inner = {t.id for t in _subtree(tree, noun)}
        at = index[noun.id] + 1
        if at >= len(tokens) or tokens[at].pos != "ADP":
            continue  # a prepositional complement only («клуб по хоккею»; not «партию консервов под маркой «X»»)
        while at < len(tokens) and tokens[at].id in inner and tokens[at].text != "«":
            at += 1
        if at >= len(tokens) - 2 or tokens[at].text != "«" or at == index[noun.id] + 1:
            continue
        closing = next((j for j in range(at + 1, len(tokens)) if tokens[j].text in ("»", "«")), None)
        if closing is None or tokens[closing].text != "»":
            continue
        inside = tokens[at + 1:closing]
        tops = [t for t in inside if head(t) is None or not at < index[head(t).id] < closing]
        if len(tops) != 1:
            continue
        name, above = tops[0], head(tops[0])
        if name.pos not in ("NOUN", "PROPN") or (name.feats or {}).get("Case") != "Nom" or above is None:
            continue
        if name.rel in ("nsubj", "nsubj:pass") and head(noun) is above:
            rel = name.rel
            if tree.attach(name, noun, "appos"):
                noun.rel = rel
        elif name.rel == "appos" and above.id in inner and above is not noun \
                and _lemma(vocab, above) not in _RU_CLASS_NOUNS:
            tree.attach(name, noun, "appos")


def _subtree(tree, token) -> list:
    out, stack = [], [token]
    while stack:
        current = stack.pop()
        out.append(current)
        stack += [k for k in tree.kids(current) if k not in out]
    return out


def descriptor_span(helper, span, noun) -> bool:
    """Is ``span`` a descriptor of the quoted name hung on its noun: an organisation span of adjectives
    and this class noun alone («Вологодский клуб»), the noun with a quoted appositive?"""
    if span.type != "ORG" or len(span.tokens) < 2 or span.tokens[-1].id != noun.id:
        return False
    if any(t.pos != "ADJ" for t in span.tokens[:-1]) or _lemma(helper.vocab, noun) not in _RU_CLASS_NOUNS:
        return False
    return helper.quoted_appositive(noun) is not None
