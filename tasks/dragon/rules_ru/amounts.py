"""Russian rules triplets: an amount natasha split across two phrases. In «вложит в модернизацию завода
2 млрд рублей и увеличит выпуск до 120 тысяч тонн» it hung «2» on «тысяч» further on and «рублей» on
«выпуск»: the relation read «до 2 120 тысяч тонн» and the 2 млрд рублей were lost (issue 10). A
numeral right before a quantity word («млн», «тысяч») is that word's; a genitive amount never
modifies a noun after it (a Russian genitive follows its head), so it is the verb's object before it.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CLAUSE_BREAKS, _RU_NUMBER_WORDS
from tasks.dragon.rules_ru.tree import ParseTree


def mend_split_amounts(tree: ParseTree) -> None:
    tokens, index, kids, head, attach = tree.tokens, tree.index, tree.kids, tree.head, tree.attach
    for i, token in enumerate(tokens[:-1]):
        word = tokens[i + 1]
        if (token.pos == "NUM" and token.rel == "nummod" and head(token) is not word
                and word.text.lower().rstrip(".") in _RU_NUMBER_WORDS | {"тысяч", "тысячи", "миллиона", "миллионов",
                                                                          "миллиарда", "миллиардов"}):
            attach(token, word, "nummod")
    for token in tokens:
        above = head(token)
        if (token.rel != "nmod" or token.pos != "NOUN" or above is None or index[above.id] < index[token.id]
                or kids(token, ("case",)) or (token.feats or {}).get("Case") != "Gen"
                or not any(k.rel in ("nummod", "nummod:gov") for k in kids(token))):
            continue
        verb = None
        for j in range(index[token.id] - 1, -1, -1):
            if tokens[j].text in _RU_CLAUSE_BREAKS:
                break
            if tokens[j].pos == "VERB" and tree.finite(tokens[j]) or (tokens[j].feats or {}).get("VerbForm") == "Inf":
                verb = tokens[j]
                break
        if verb is not None and not kids(verb, ("obj",)):
            attach(token, verb, "obj")
