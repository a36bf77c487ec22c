"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): relative clauses with «который».

«который» after a comma is an argument of its clause's verb, its case saying which; a «который» clause
parsed as a root of its own is a relative clause of the noun before it; and it belongs to the noun the
pronoun agrees with (or to the person whose appositive that noun ends).
"""
from __future__ import annotations

from tasks.dragon.rules_ru.morph import _lemma


def mend_relative_pronouns(tree, vocab) -> None:
    """A "который" right after a comma is an argument of its clause's verb (its case says which), not an
    appositive of a noun in that clause: "георадара, который институт получил в 2025 году"."""
    tokens, index = tree.tokens, tree.index
    head, case, finite, attach, segment = tree.head, tree.case, tree.finite, tree.attach, tree.segment
    for pronoun in tokens:
        at = index[pronoun.id]
        if _lemma(vocab, pronoun) != "который" or at == 0 or tokens[at - 1].text != "," or pronoun.rel == "nmod":
            continue
        verbs = [tokens[j] for j in segment(at, 1) if finite(tokens[j]) and tokens[j].rel not in ("aux", "aux:pass", "cop")]
        if not verbs or head(pronoun) is verbs[0]:
            continue
        rel = {"Nom": "nsubj", "Acc": "obj"}.get(case(pronoun))
        if rel is not None:
            attach(pronoun, verbs[0], rel)


def mend_relative_roots(tree, vocab) -> None:
    """A clause with "который" parsed as a root of its own is a relative clause of the noun before it."""
    tokens, index = tree.tokens, tree.index
    kids, head, attach, is_verb = tree.kids, tree.head, tree.attach, tree.is_verb
    for clause in tokens:
        if clause.rel not in ("root", "parataxis", "conj", "dep") or not is_verb(clause):
            continue
        pronoun = next((k for k in kids(clause) if _lemma(vocab, k) == "который" and index[k.id] < index[clause.id]), None)
        if pronoun is None or index[pronoun.id] == 0 or tokens[index[pronoun.id] - 1].text != ",":
            continue
        nouns = [t for t in tokens[:index[pronoun.id]] if t.pos in ("NOUN", "PROPN")]
        if not nouns:
            continue
        if clause.rel == "root":
            others = [t for t in tokens if t.rel == "root" and t is not clause]
            if not others:
                continue
        outer = head(clause) if clause.rel != "root" else others[0]
        # the clause begins at its "который": what stands before the comma is the outer clause's ("будет 640
        # квартир и детский сад, который застройщик передаст городу": the flats are not handed over)
        for kid in kids(clause):
            if index[kid.id] < index[pronoun.id] - 1 and kid.pos not in ("PUNCT", "CCONJ") and outer is not None:
                attach(kid, outer, "dep")
        attach(clause, nouns[-1], "acl:relcl")


def mend_relative_nouns(tree, vocab) -> None:
    """A relative "который" agrees with its noun: "аппарат ..., который был закуплен" is the
    аппарат's clause even when natasha hangs it on "больница"."""
    tokens, index, kids, head, attach = tree.tokens, tree.index, tree.kids, tree.head, tree.attach
    for clause in tokens:
        if clause.rel != "acl:relcl" or head(clause) is None:
            continue
        pronoun = next((k for k in kids(clause) if _lemma(vocab, k) == "который"), None)
        if pronoun is None:
            continue
        pf = pronoun.feats or {}

        def agrees(noun) -> bool:
            nf = noun.feats or {}
            if pf.get("Number") == "Plur" or nf.get("Number") == "Plur":
                return pf.get("Number") == nf.get("Number")
            return pf.get("Gender") in (None, nf.get("Gender"))

        noun = head(clause)
        if noun.pos not in ("NOUN", "PROPN"):
            continue
        if not agrees(noun):
            noun = next((tokens[j] for j in range(index[pronoun.id] - 1, -1, -1)
                         if tokens[j].pos in ("NOUN", "PROPN") and agrees(tokens[j]) and tokens[j] is not clause), None)
            if noun is None:
                continue
        # "Руслан Ахметов, бывший заместитель директора филиала компании «X», который ... руководил": a
        # relative after a person's appositive is the person's, when the person agrees
        current, through_appositive = noun, False
        for _ in range(6):
            above = head(current)
            if above is None or above.pos not in ("NOUN", "PROPN") or current.rel not in ("nmod", "appos", "flat:name"):
                break
            through_appositive = through_appositive or current.rel == "appos"
            current = above
        person = current if current.rel != "flat:name" else head(current)
        if (through_appositive and person is not None and person is not noun and person.pos == "PROPN"
                and (person.feats or {}).get("Animacy") == "Anim" and agrees(person)):
            noun = person
        if head(clause) is not noun:
            attach(clause, noun, "acl:relcl")
