"""Russian rules triplets: mending a participial clause natasha hangs on the verb.

"Директором назначен Олег Петров, ранее возглавлявший компанию «Вектор»": a full active participle set
off by a comma right after a noun or name it agrees with (case, number, gender) describes that noun —
its facts are the noun's ("Олег Петров | возглавлять | Вектор") — but natasha often attaches it to the
sentence's verb as ``dep`` / ``parataxis`` / ``advcl``, where it has no subject at all. It is moved under
the noun as ``acl`` (``_subjects_ru`` then reads the noun as its subject, as for any participle). And a
participle natasha hung on the wrong noun goes to the one before it it agrees with (``mend_participle_agreement``).
"""
from __future__ import annotations

_MISPLACED = ("dep", "parataxis", "advcl", "conj", "xcomp")


def _agrees(participle, noun) -> bool:
    pf, nf = participle.feats or {}, noun.feats or {}
    if pf.get("Case") is None or pf.get("Case") != nf.get("Case"):
        return False
    if pf.get("Number") and nf.get("Number") and pf["Number"] != nf["Number"]:
        return False
    return not (pf.get("Number") == "Sing" and pf.get("Gender") and nf.get("Gender") and pf["Gender"] != nf["Gender"])


def _across_clause(tree, noun, participle) -> bool:
    """Is the participle hung on a noun of another clause, a finite verb between them («забил Иван Сомов, точку
    поставил Олег Рябов, попавший в пустые ворота»: Рябов hit the empty net, issue 10)?"""
    between = tree.tokens[tree.index[noun.id] + 1:tree.index[participle.id]]
    return tree.index[noun.id] < tree.index[participle.id] and any(tree.finite(t) for t in between)


def mend_participial_clauses(tree) -> None:
    """Attach each misplaced active participle after ", " to the noun before the comma (the head of the name
    it ends: "Олег Петров" → "Олег") when they agree."""
    tokens = tree.tokens
    for participle in tokens:
        feats = participle.feats or {}
        if (participle.pos != "VERB" or feats.get("VerbForm") != "Part" or feats.get("Voice") != "Act"
                or feats.get("Variant") == "Short" or participle.rel not in _MISPLACED + ("acl",)):
            continue
        head = tree.head(participle)
        if head is None or (head.pos not in ("VERB", "AUX") if participle.rel != "acl" else not _across_clause(tree, head, participle)):
            continue
        at = tree.index[participle.id]
        # the comma, then only the participle's own dependents ("ранее", "уже") before it
        start = at
        while start > 0 and tree.head(tokens[start - 1]) is participle and tokens[start - 1].pos != "PUNCT":
            start -= 1
        if start < 2 or tokens[start - 1].text != ",":
            continue
        noun = tokens[start - 2]
        while noun.rel in ("flat:name", "flat") and tree.head(noun) is not None:
            noun = tree.head(noun)  # "Олег Петров": the name's head
        if noun.pos not in ("NOUN", "PROPN") or not _agrees(participle, noun):
            continue
        tree.attach(participle, noun, "acl")


def mend_participle_agreement(tree) -> None:
    """A participle agrees with its noun in case, number and gender: "договора о развитии
    территории, заключенного группой компаний" is the договор's (natasha hung it on территории)."""
    tokens, index, head, attach = tree.tokens, tree.index, tree.head, tree.attach
    for clause in tokens:
        feats = clause.feats or {}
        noun = head(clause)
        if clause.rel != "acl" or feats.get("VerbForm") != "Part" or noun is None or noun.pos not in ("NOUN", "PROPN"):
            continue

        def agrees_with(candidate) -> bool:
            cf = candidate.feats or {}
            if feats.get("Case") and cf.get("Case") and feats["Case"] != cf["Case"]:
                return False
            if feats.get("Number") and cf.get("Number") and feats["Number"] != cf["Number"]:
                return False
            genders = {feats.get("Gender"), cf.get("Gender")}
            # masculine and neuter share their oblique forms ("заключенного", "заключенным")
            return (feats.get("Number") == "Plur" or None in genders or len(genders) == 1
                    or (genders == {"Masc", "Neut"} and feats.get("Case") not in ("Nom", "Acc")))

        if agrees_with(noun) or index[noun.id] > index[clause.id]:
            continue
        for j in range(index[clause.id] - 1, -1, -1):
            candidate = tokens[j]
            if candidate.pos in ("NOUN", "PROPN") and agrees_with(candidate):
                attach(clause, candidate, "acl")
                break
