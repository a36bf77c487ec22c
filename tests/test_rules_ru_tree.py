"""ParseTree's clause helpers (rules_ru/tree.py) the repair passes share since _repair_parse_ru was split into
modules: what heads a clause, the stretch of a clause up to a comma, and whether two words share one."""
from __future__ import annotations

from types import SimpleNamespace

from tasks.dragon.rules_ru.tree import ParseTree


def _tree(*words):
    """Tokens "text/POS" (a trailing "+short" marks a short adjective), each hung on the first."""
    tokens = []
    for i, word in enumerate(words, 1):
        text, pos = word.split("/")
        feats = {"Variant": "Short"} if pos.endswith("+short") else {}
        tokens.append(SimpleNamespace(id=f"1_{i}", head_id="1_1" if i > 1 else "1_0", text=text,
                                      pos=pos.removesuffix("+short"), rel="dep", feats=feats))
    return ParseTree(tokens)


def test_a_verb_an_auxiliary_and_a_short_adjective_head_a_clause_a_full_adjective_does_not():
    tree = _tree("Мэрия/NOUN", "будет/AUX", "готова/ADJ+short", "строить/VERB", "новый/ADJ")
    assert [tree.is_verb(t) for t in tree.tokens] == [False, True, True, True, False]


def test_a_segment_runs_to_the_clause_break_in_either_direction():
    tree = _tree("Завод/NOUN", "построят/VERB", ",/PUNCT", "сообщил/VERB", "мэр/NOUN", "(/PUNCT", "вчера/ADV")
    assert list(tree.segment(3, 1)) == [4]  # from "сообщил" up to "("
    assert list(tree.segment(3, -1)) == []  # the comma right before it
    assert list(tree.segment(1, -1)) == [0]
    assert list(tree.segment(4, 1)) == []


def test_two_words_share_a_clause_when_no_break_stands_between_them():
    tree = _tree("Завод/NOUN", "построят/VERB", ",/PUNCT", "сообщил/VERB", "мэр/NOUN")
    word, built, _, said, mayor = tree.tokens
    assert tree.same_clause(word, built) and tree.same_clause(built, word)
    assert tree.same_clause(said, mayor)
    assert not tree.same_clause(built, said) and not tree.same_clause(mayor, word)
