"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): auxiliaries, passives and governed
infinitives.

A short passive participle tagged as an adjective is a verb; a future «будет» beside an infinitive is its
auxiliary, and what natasha hangs on an auxiliary is the main verb's; a passive's instrumental is its
agent; an infinitive belongs to the word of plan or possibility («намерен», «планирует», «может») of
its clause.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CLAUSE_BREAKS, _RU_FUTURE_AUX, _RU_PLAN_HEADS, _RU_POSSIBLE_HEADS
from tasks.dragon.rules_ru.morph import _lemma


def mend_short_passives(tree, vocab) -> None:
    """A short passive participle the tagger read as an adjective ("будет введён компанией": ADJ,
    Case=Ins) is a verb: pymorphy knows it only as a participle, and it has a passive's subject or
    auxiliary."""
    tokens, kids = tree.tokens, tree.kids
    for token in tokens:
        if token.pos != "ADJ" or not kids(token, ("nsubj:pass", "aux:pass", "nsubj", "aux")):
            continue
        parses = vocab.parse(token.text.lower())
        if parses and all(p.tag.POS == "PRTS" for p in parses) and "pssv" in parses[0].tag and not kids(token, ("xcomp",)):
            # ("намерена" is an adjective too, with its infinitive: left as it is)
            tag = parses[0].tag
            token.pos = "VERB"
            token.feats = {"Aspect": "Perf" if "perf" in tag else "Imp", "Number": "Plur" if "plur" in tag else "Sing",
                           "Tense": "Past", "Variant": "Short", "VerbForm": "Part", "Voice": "Pass"}
            for child in kids(token, ("nsubj",)):
                child.rel = "nsubj:pass"
            for child in kids(token, ("aux",)):
                child.rel = "aux:pass"


def mend_future_auxiliary(tree) -> None:
    """A future "будет" beside an infinitive is its auxiliary, whatever natasha called it
    ("повышать тарифы перевозчик не будет": будет dep → повышать; "Штрафовать компании мэрия
    до 15 декабря не будет": two roots)."""
    tokens, index, kids, head, attach = tree.tokens, tree.index, tree.kids, tree.head, tree.attach
    for token in tokens:
        if token.text.lower() not in _RU_FUTURE_AUX:
            continue
        infinitive = next((k for k in kids(token) if (k.feats or {}).get("VerbForm") == "Inf"
                           and k.rel in ("dep", "xcomp", "csubj", "obj", "nsubj", "advcl", "parataxis", "conj")), None)
        if infinitive is not None:
            # "Штрафовать перевозчиков мэрия не будет" (штрафовать dep → будет): the infinitive is the verb
            infinitive.head_id, infinitive.rel = token.head_id, token.rel
            for k in kids(token):
                if k is not infinitive:
                    k.head_id = infinitive.id
            token.head_id, token.rel = infinitive.id, "aux"
    for token in tokens:
        verb = head(token)
        if token.text.lower() in _RU_FUTURE_AUX and token.rel == "root":
            infinitives = [t for t in tokens[:index[token.id]] if t.rel == "root" and (t.feats or {}).get("VerbForm") == "Inf"
                           and not any(tokens[j].text in _RU_CLAUSE_BREAKS for j in range(index[t.id], index[token.id]))]
            if infinitives and attach(token, infinitives[-1], "aux"):
                continue
        if (token.text.lower() in _RU_FUTURE_AUX and token.rel in ("dep", "conj", "parataxis", "advcl") and verb is not None
                and (verb.feats or {}).get("VerbForm") == "Inf"):
            token.rel = "aux"


def mend_auxiliary_dependents(tree) -> None:
    """What natasha hangs on an auxiliary ("клуб не будет повышать": клуб, не → будет) is the verb's."""
    tokens, head, attach = tree.tokens, tree.head, tree.attach
    for token in tokens:
        aux = head(token)
        if aux is None or aux.rel not in ("aux", "aux:pass", "cop") or token.rel in ("punct",):
            continue
        verb = head(aux)
        if verb is not None:
            attach(token, verb, token.rel)


def mend_instrumental_subjects(tree, vocab) -> None:
    """A passive's "subject" that can only be instrumental is its agent: "было обнаружено
    лётчиками-наблюдателями", "был приобретён агрогруппой «Пензенские нивы»"."""
    tokens = tree.tokens
    for token in tokens:
        if token.rel != "nsubj:pass" or token.pos not in ("NOUN", "PROPN"):
            continue
        forms = [p.tag for p in vocab.parse(token.text.lower()) if p.tag.POS == "NOUN"]
        if forms and all("ablt" in tag for tag in forms):
            token.rel = "obl:agent"
            if token.feats is not None:
                token.feats = {**token.feats, "Case": "Ins"}


def mend_instrumental_agents(tree, vocab) -> None:
    """An instrumental right before a passive verb is its agent, not the genitive chain's: "открытие
    продаж ... до получения разрешения на строительство компанией не планируется", "застройщиком
    может быть ускорено"."""
    tokens, index = tree.tokens, tree.index
    kids, case, attach, is_verb = tree.kids, tree.case, tree.attach, tree.is_verb
    for token in tokens:
        if token.rel != "nmod" or token.pos not in ("NOUN", "PROPN") or case(token) != "Ins" or kids(token, ("case",)):
            continue
        j = index[token.id] + 1
        while j < len(tokens) and (tokens[j].pos in ("PART", "AUX", "PUNCT") and tokens[j].text not in _RU_CLAUSE_BREAKS
                                   or tokens[j].text.lower() in ("может", "могут", "будет", "будут", "быть")):
            j += 1
        if j >= len(tokens) or not is_verb(tokens[j]):
            continue
        verb = tokens[j]
        vf = verb.feats or {}
        if (vf.get("Voice") == "Pass" or _lemma(vocab, verb).endswith(("ся", "сь"))) and not kids(verb, ("obl:agent",)):
            attach(token, verb, "obl:agent")


def mend_intention_infinitives(tree, vocab) -> None:
    """An infinitive belongs to the word of intention or ability just before it in its clause, not to
    a verb further back: "суд утвердил Ракитина, который намерен выставить на торги комплекс"."""
    tokens, index, head, attach, segment = tree.tokens, tree.index, tree.head, tree.attach, tree.segment
    for token in tokens:
        verb = head(token)
        if (token.feats or {}).get("VerbForm") != "Inf" or verb is None or index[verb.id] > index[token.id]:
            continue
        heads = [tokens[j] for j in segment(index[token.id], -1)
                 if _lemma(vocab, tokens[j]) in _RU_PLAN_HEADS | _RU_POSSIBLE_HEADS or tokens[j].text.lower() in _RU_PLAN_HEADS]
        if heads and heads[0] is not verb and index[heads[0].id] > index[verb.id]:
            attach(token, heads[0], "xcomp")


def mend_infinitives_on_nouns(tree, vocab) -> None:
    """An infinitive the parser hung on a noun is the complement of the plan or possibility verb after it
    in its clause ("Летом авиакомпания сокращать рейсы не планирует": сокращать xcomp of авиакомпания)."""
    tokens, index = tree.tokens, tree.index
    kids, head, finite, attach, segment = tree.kids, tree.head, tree.finite, tree.attach, tree.segment
    for token in tokens:
        owner = head(token)
        if ((token.feats or {}).get("VerbForm") != "Inf" or token.rel != "xcomp" or owner is None
                or owner.pos not in ("NOUN", "PROPN")):
            continue
        for j in segment(index[token.id], 1):
            verb = tokens[j]
            if finite(verb) and _lemma(vocab, verb) in _RU_PLAN_HEADS | _RU_POSSIBLE_HEADS:
                if not any((k.feats or {}).get("VerbForm") == "Inf" for k in kids(verb, ("xcomp",))):
                    attach(token, verb, "xcomp")
                break
        else:
            # (or the one right before it: "Защитник получил травму и может пропустить две недели":
            # пропустить hung on защитник, the modal word just before it)
            previous = tokens[index[token.id] - 1] if index[token.id] > 0 else None
            if (previous is not None and finite(previous) and _lemma(vocab, previous) in _RU_PLAN_HEADS | _RU_POSSIBLE_HEADS
                    and not any((k.feats or {}).get("VerbForm") == "Inf" for k in kids(previous, ("xcomp",)))):
                attach(token, previous, "xcomp")
