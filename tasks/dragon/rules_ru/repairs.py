"""Russian rules triplets: mending the head errors natasha's parser makes on long news sentences.
"""
from __future__ import annotations

from benchmill import nlp

from tasks.dragon.rules_ru.lexicon import (
    _RU_ABBREVIATION, _RU_ANAPHORS, _RU_CLAUSE_BREAKS, _RU_CONDITIONS, _RU_COPULAS, _RU_FUTURE_AUX,
    _RU_PLACE_PREPOSITIONS, _RU_PLAN_HEADS, _RU_POSSIBLE_HEADS, _RU_SUBORDINATORS,
)
from tasks.dragon.rules_ru.coordination import _repair_coordination_ru
from tasks.dragon.rules_ru.participles import mend_participial_clauses
from tasks.dragon.rules_ru.predicatives import mend_predicative_subjects
from tasks.dragon.rules_ru.quoted_names import mend_quoted_objects
from tasks.dragon.rules_ru.fronted import mend_fronted_bare_objects, mend_fronted_objects, mend_nouns_read_as_adjectives
from tasks.dragon.rules_ru.tree import ParseTree
from tasks.dragon.rules_ru.morph import _animate, _lemma
from tasks.dragon.rules_ru.agreement import (
    mend_accusative_subject, mend_animate_object, mend_fronted_object, mend_infinitive_subject, mend_stray_adjectives,
)
from tasks.dragon.rules_ru.amounts import mend_split_amounts
from tasks.dragon.rules_ru.dashed import mend_dashed_amount
from tasks.dragon.rules_ru.descriptors import mend_descriptor_name
from tasks.dragon.rules_ru.negation import mend_negated_subject
from tasks.dragon.rules_ru.subject_candidates import _could_be_subject, _past_agrees
from tasks.dragon.rules_ru.tagging import _mend_capitalised_first_word, _mend_signed_numbers, _mend_tagged_forms


def _repair_parse_ru(tokens, vocab) -> None:
    """Mend the head errors natasha's parser makes on long news sentences, in general terms.

    Each repair moves a token only where its attachment breaks Russian grammar: a subordinator
    ("если") belongs to the first verb after it; an "если" clause parsed as a second root is an
    adverbial clause of the main one, and it runs to its comma; what natasha hangs on the
    auxiliary "будет" (subject, "не") is the main verb's; a passive's second "subject" in the
    instrumental is its agent; a finite verb with no subject takes the nearest agreeing
    nominative before it in its clause; a noun is never an adjective's dependent or an
    adjective modifier; a relative "который" agrees with its noun; coordinated nouns share their
    case; a verb has no numeral modifier; an appositive name agrees in case with its noun.
    """
    _mend_capitalised_first_word(tokens, vocab)  # (first: the repairs below read the part of speech)
    _mend_signed_numbers(tokens)
    tree = ParseTree(tokens)
    mend_nouns_read_as_adjectives(tree, vocab)  # "Дворы подрядчики должны расчистить" (fronted.py)
    index = tree.index
    kids, head, case, finite, ancestors, attach = tree.kids, tree.head, tree.case, tree.finite, tree.ancestors, tree.attach
    is_verb, segment, same_clause = tree.is_verb, tree.segment, tree.same_clause

    # a preposition belongs to the first noun after it (its adjectives and numerals aside): "арендовала у
    # казанской компании «Аэроглиссер» судно на воздушной подушке" (у case → подушке)
    for token in tokens:
        if token.rel != "case" or token.pos != "ADP":
            continue
        j = index[token.id] + 1
        while j < len(tokens) and (tokens[j].pos == "PUNCT" and tokens[j].text not in _RU_CLAUSE_BREAKS
                                   or tokens[j].rel == "fixed"  # "в отношении компании": one preposition
                                   or tokens[j].pos != "PUNCT" and head(tokens[j]) is not None
                                   and index[head(tokens[j]).id] > j):  # a modifier of a word further on
            j += 1
        if j >= len(tokens) or tokens[j].pos not in ("NOUN", "PROPN", "PRON", "NUM"):
            continue
        target, current = tokens[j], head(token)
        if current is not None and current is not target and index[current.id] > j and not kids(target, ("case",)):
            token.head_id = target.id

    # adjectives coordinated over one plural noun are its modifiers, each of its own: "соединит
    # Засвияжский и Ленинский районы" (natasha made «Засвияжский» an object of its own)
    for i, token in enumerate(tokens[:-3]):
        if token.pos not in ("ADJ", "PROPN") or not vocab.parse(token.text.lower()) \
                or vocab.parse(token.text.lower())[0].tag.POS != "ADJF":
            continue
        j = i + 1
        while j + 1 < len(tokens) and tokens[j].text in (",", "и") and tokens[j + 1].pos == "ADJ":
            j += 2
        if j == i + 1 or j >= len(tokens):
            continue
        noun = tokens[j]
        last = tokens[j - 1]
        if noun.pos == "NOUN" and (noun.feats or {}).get("Number") == "Plur" and head(last) is noun and head(token) is not noun:
            first = token
            token.pos = "ADJ"
            attach(first, noun, "amod")
            for k in range(i + 2, j, 2):
                attach(tokens[k], first, "conj")

    # a subject or object never takes a preposition: "подаст жалобу в Седьмой арбитражный суд"
    # (суд nsubj, with its "в") is where the complaint goes
    for token in tokens:
        if token.rel in ("nsubj", "nsubj:pass", "obj") and any(c.text.lower() in _RU_PLACE_PREPOSITIONS
                                                              for c in kids(token, ("case",))):
            token.rel = "obl"
    # nor does an appositive: "проведут игру в субботу против «Невских львов»" (львов appos → игру)
    # is the verb's oblique, whom the game is against, not a second name of the game
    for token in tokens:
        if token.rel != "appos" or not any(c.pos == "ADP" for c in kids(token, ("case",))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is not None:
            attach(token, verb, "obl")
    # a verb has no noun modifier: "и обошёлся городу в 2 млрд рублей" (рублей nmod → обошёлся) is its oblique
    for token in tokens:
        above = head(token)
        if token.rel == "nmod" and above is not None and above.pos == "VERB":
            token.rel = "obl"

    # a personal verb form the tagger read as a participle or an adjective ("Подрядчик оборудует ...":
    # VerbForm=Part; "Электробусы произведёт завод": ADJ) is a finite verb when pymorphy knows the word
    # only as one; a noun it read as an adjective ("Электробусы") is a noun when pymorphy knows no other
    _mend_tagged_forms(tokens, vocab)
    mend_stray_adjectives(tree)  # "примут красноярских «Ястребов»": the adjective's noun is the object
    mend_accusative_subject(tree, lambda noun, verb: _could_be_subject(vocab, noun, verb.feats or {}, kids, strict=True))
    mend_fronted_object(tree, vocab, _RU_CLAUSE_BREAKS)  # "Первую очередь девелопер планирует сдать ..."

    # a short passive participle the tagger read as an adjective ("будет введён компанией": ADJ,
    # Case=Ins) is a verb: pymorphy knows it only as a participle, and it has a passive's subject or
    # auxiliary
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

    # a noun as an adjective modifier: "наценку на важные препараты" (наценку amod → препараты),
    # "в Балакове элеватор" (Балакове amod → элеватор, the "в" on элеватор)
    for token in tokens:
        target = head(token)
        if token.rel != "amod" or token.pos not in ("NOUN", "PROPN") or target is None or target.pos not in ("NOUN", "PROPN"):
            continue
        if index[token.id] > index[target.id]:
            continue
        cases = kids(target, ("case",))
        between = [c for c in cases if index[token.id] < index[c.id] < index[target.id]]
        before = [c for c in cases if index[c.id] < index[token.id]]
        above = head(target)
        if between and above is not None:
            rel = target.rel if target.rel not in ("dep", "amod") else "obj"
            if attach(token, above, rel):
                attach(target, token, "nmod")
        elif before and above is not None:
            for c in before:
                c.head_id = token.id
            if attach(token, above, "obl" if is_verb(above) else "nmod"):
                has_obj = any(k.rel == "obj" for k in kids(above) if k is not target)
                target.rel = "obj" if is_verb(above) and not has_obj and case(target) in ("Acc", "Nom") else target.rel
        elif (not cases and above is not None and is_verb(above) and target.rel == "iobj" and case(token) in ("Acc", "Nom")
              and kids(above, ("nsubj",)) and not kids(above, ("obj",))):
            # "Подъёмники курорту поставит компания": the thing given before its recipient, the verb's object
            attach(token, above, "obj")

    # an adjective heading a noun: "со «Средневолжской мостостроительной компанией»" (компанией nmod →
    # Средневолжской): the noun takes the adjective's place, the adjective modifies it
    for token in tokens:
        if token.pos != "ADJ" or token.rel in ("amod", "root", "conj", "xcomp", "acl") or head(token) is None:
            continue
        nouns = [k for k in kids(token, ("nmod", "appos", "obl")) if k.pos in ("NOUN", "PROPN")
                 and index[k.id] > index[token.id] and (case(k) == case(token) or case(token) is None)]
        if not nouns:
            continue
        noun = nouns[0]
        gap = tokens[index[token.id] + 1:index[noun.id]]
        if any(t.pos not in ("ADJ", "PUNCT") for t in gap):
            continue
        above, rel = head(token), token.rel
        noun.head_id, noun.rel = above.id, rel
        for k in kids(token):
            if k is not noun and k.rel in ("case", "amod", "punct", "nmod", "appos"):
                k.head_id = noun.id
        token.head_id, token.rel = noun.id, "amod"

    # a subordinator belongs to the first verb after it in its clause: "Если цены ... сохранятся"
    for token in tokens:
        if token.rel != "mark" or token.text.lower() not in _RU_SUBORDINATORS:
            continue
        verbs = [tokens[j] for j in segment(index[token.id], 1) if is_verb(tokens[j])
                 and tokens[j].rel not in ("aux", "aux:pass", "cop", "amod")
                 and (tokens[j].feats or {}).get("VerbForm") not in ("Part", "Conv")]
        if verbs and head(token) is not verbs[0]:
            token.head_id = verbs[0].id

    # "сказал, что если X, Y": an "если" clause parsed as the что-clause, Y its sibling, is Y's condition
    for clause in tokens:
        marks = kids(clause, ("mark",))
        if clause.rel not in ("ccomp", "conj", "parataxis", "dep") or not any(
                m.text.lower() in _RU_CONDITIONS for m in marks) or head(clause) is None:
            continue
        later = [k for k in kids(head(clause), ("ccomp", "conj", "parataxis")) if k is not clause and is_verb(k)
                 and index[k.id] > index[clause.id]]
        if not later:
            continue
        main = min(later, key=lambda k: index[k.id])
        if attach(clause, main, "advcl"):
            for mark in marks:
                if mark.text.lower() in ("что", "чтобы") and not kids(main, ("mark",)):
                    mark.head_id = main.id

    # an "если" clause parsed as a root of its own: an adverbial clause of the main verb
    roots = [t for t in tokens if t.rel == "root"]
    for clause in tokens:
        if not any(k.rel == "mark" and k.text.lower() in _RU_CONDITIONS for k in kids(clause)):
            continue
        main = head(clause)
        if clause.rel == "root" or main is None:
            others = [r for r in roots if r is not clause and is_verb(r)]
            others += [k for k in kids(clause, ("parataxis", "conj", "ccomp", "dep")) if is_verb(k)
                       and index[k.id] > index[clause.id]]
            after = [o for o in others if index[o.id] > index[clause.id]]
            if not after:
                continue
            main = min(after, key=lambda o: index[o.id])
            if main.rel != "root":
                main.head_id, main.rel = clause.head_id, "root"
            clause.head_id, clause.rel = main.id, "advcl"
        elif clause.rel != "advcl":
            continue
        if index[clause.id] > index[main.id]:
            continue
        # the clause runs from its subordinator to its comma: what lies there is the clause's,
        # what lies past it the main verb's ("Если бюджет выделит театру 90 млн рублей, театр отремонтирует ...")
        inside = set(segment(index[clause.id], 1)) | set(segment(index[clause.id], -1))
        for j in inside:
            token = tokens[j]
            if token.head_id == main.id and token.rel not in ("punct", "advcl"):
                attach(token, clause, token.rel)
        end = max(inside | {index[clause.id]})
        for token in kids(clause):
            if index[token.id] > end and token.rel in ("nsubj", "obj", "obl", "iobj", "advmod", "nsubj:pass"):
                attach(token, main, token.rel)

    # a future "будет" beside an infinitive is its auxiliary, whatever natasha called it
    # ("повышать тарифы перевозчик не будет": будет dep → повышать; "Штрафовать компании мэрия
    # до 15 декабря не будет": two roots)
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

    mend_negated_subject(tree)  # "Перекрывать улицу строители не будут": не → строители is the verb's (negation.py)
    mend_infinitive_subject(tree, lambda noun, aux: _could_be_subject(vocab, noun, aux.feats or {}, kids, strict=True),
                            _RU_FUTURE_AUX)  # "Закрывать переправу минтранс не будет" (минтранс obj, agreement.py)
    # what natasha hangs on an auxiliary ("клуб не будет повышать": клуб, не → будет) is the verb's
    for token in tokens:
        aux = head(token)
        if aux is None or aux.rel not in ("aux", "aux:pass", "cop") or token.rel in ("punct",):
            continue
        verb = head(aux)
        if verb is not None:
            attach(token, verb, token.rel)

    # a passive's "subject" that can only be instrumental is its agent: "было обнаружено
    # лётчиками-наблюдателями", "был приобретён агрогруппой «Пензенские нивы»"
    for token in tokens:
        if token.rel != "nsubj:pass" or token.pos not in ("NOUN", "PROPN"):
            continue
        forms = [p.tag for p in vocab.parse(token.text.lower()) if p.tag.POS == "NOUN"]
        if forms and all("ablt" in tag for tag in forms):
            token.rel = "obl:agent"
            if token.feats is not None:
                token.feats = {**token.feats, "Case": "Ins"}

    # an instrumental right before a passive verb is its agent, not the genitive chain's: "открытие
    # продаж ... до получения разрешения на строительство компанией не планируется", "застройщиком
    # может быть ускорено"
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

    # an argument belongs to a verb of its own stretch between commas when that stretch has one: "о
    # находке институт сообщил" after "..., однако" is сообщил's, not работала's before the comma; "в
    # первом же комментарии агентству заявил" is заявил's, not представит's two clauses on
    for token in tokens:
        verb = head(token)
        if token.rel not in ("obj", "obl", "iobj") or verb is None or not is_verb(verb):
            continue
        here = set(segment(index[token.id], 1)) | set(segment(index[token.id], -1)) | {index[token.id]}
        if index[verb.id] in here:
            continue
        own = [tokens[j] for j in here if is_verb(tokens[j]) and tokens[j].rel not in ("aux", "aux:pass", "cop", "amod")
               and tokens[j] is not token]
        if own:
            attach(token, min(own, key=lambda w: abs(index[w.id] - index[token.id])), token.rel)

    # an argument does not reach across another clause's verb to a verb before it: "руководил
    # омским театром" (театром obj → назначило, over руководил), "привлекать ...: строительство
    # будет финансироваться за счёт собственных средств" (средств obj → привлекать)
    for token in tokens:
        verb = head(token)
        if token.rel not in ("obj", "obl", "iobj") or verb is None or not is_verb(verb) or index[verb.id] > index[token.id]:
            continue
        lineage = {a.id for a in ancestors(token)}
        between = [tokens[j] for j in range(index[verb.id] + 1, index[token.id])
                   if (finite(tokens[j]) or (tokens[j].feats or {}).get("VerbForm") == "Inf")
                   and tokens[j].rel not in ("aux", "aux:pass", "cop", "xcomp")
                   and verb.id not in {a.id for a in ancestors(tokens[j])}]
        if between and between[-1].id not in lineage:
            attach(token, between[-1], token.rel)

    # a noun with its preposition modifies a noun, not the adjective before it: "лесозаготовительные
    # предприятия в Новосибирской и Томской областях" (natasha hung "областях" on the adjective, and the
    # qualifier fell off the enterprises)
    for token in tokens:
        above = head(token)
        if (token.rel == "nmod" and token.pos in ("NOUN", "PROPN") and kids(token, ("case",)) and above is not None
                and above.pos == "ADJ" and above.rel == "amod"):
            noun = head(above)
            if noun is not None and noun.pos in ("NOUN", "PROPN"):
                attach(token, noun, "nmod")

    # "который" right after a comma is an argument of its clause's verb (its case says which), not an
    # appositive of a noun in that clause: "георадара, который институт получил в 2025 году"
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

    # a clause with "который" parsed as a root of its own is a relative clause of the noun before
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

    # a relative "который" agrees with its noun: "аппарат ..., который был закуплен" is the
    # аппарат's clause even when natasha hangs it on "больница"
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

    # a participle agrees with its noun in case, number and gender: "договора о развитии
    # территории, заключенного группой компаний" is the договор's (natasha hung it on территории)
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

    # a name in «» is the appositive of the noun right before its quote, or of the noun that
    # noun modifies when that is who acts ("контракт с производителем красок «Колорит»": the
    # producer's name, not the club's three words back)
    for token in tokens:
        at = index[token.id]
        while at > 0 and tokens[at - 1].head_id == token.id and tokens[at - 1].rel in ("amod", "nummod", "flat"):
            at -= 1  # «Камерная сцена»: the name's adjectives come first inside its quotes
        if token.rel != "appos" or at < 2 or tokens[at - 1].text != "«" or tokens[at - 2].pos not in ("NOUN", "PROPN"):
            continue
        noun = tokens[at - 2]
        above = head(noun)
        if (noun.rel == "nmod" and not kids(noun, ("case",)) and above is not None and above.pos == "NOUN"
                and _lemma(vocab, above) in _RU_ANAPHORS and not _animate(vocab, noun)):
            noun = above  # (but "директор завода «Техмаш»": the factory's name)
        if head(token) is not noun:
            attach(token, noun, "appos")

    # an infinitive belongs to the word of intention or ability just before it in its clause, not to
    # a verb further back: "суд утвердил Ракитина, который намерен выставить на торги комплекс"
    for token in tokens:
        verb = head(token)
        if (token.feats or {}).get("VerbForm") != "Inf" or verb is None or index[verb.id] > index[token.id]:
            continue
        heads = [tokens[j] for j in segment(index[token.id], -1)
                 if _lemma(vocab, tokens[j]) in _RU_PLAN_HEADS | _RU_POSSIBLE_HEADS or tokens[j].text.lower() in _RU_PLAN_HEADS]
        if heads and heads[0] is not verb and index[heads[0].id] > index[verb.id]:
            attach(token, heads[0], "xcomp")

    # a verb has no numeral modifier, a noun no verb conjunct: "могла составить от 1,1 ...",
    # "вырастет на 7% — до 146 рублей" (рублей conj → вырастет)
    for token in tokens:
        verb = head(token)
        if verb is None or not is_verb(verb) or (verb.feats or {}).get("VerbForm") == "Part":
            continue  # a participle used as a noun counts: "двух подозреваемых"
        if token.rel == "nummod" or (token.rel == "conj" and token.pos in ("NOUN", "NUM", "SYM") and not kids(token, ("cc",))):
            token.rel = "obl" if kids(token, ("case",)) else "obj"

    # coordinated nouns share their case: "на аукционе, ..., 2,4 млрд рублей" (рублей conj →
    # аукционе) is the verb's object
    for token in tokens:
        first = head(token)
        if (token.rel != "conj" or token.pos not in ("NOUN", "NUM") or first is None or first.pos not in ("NOUN", "PROPN")
                or kids(token, ("cc",)) or case(token) in (None, case(first))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is None:
            continue
        if kids(token, ("case",)):
            attach(token, verb, "obl")
        elif case(token) in ("Gen", "Acc") and not kids(verb, ("obj",)):
            attach(token, verb, "obj")

    # an appositive name agrees in case with its noun; a name in the accusative is no bare
    # modifier: "назначило главным режиссёром театра Кирилла Абрамцева" (Абрамцева appos →
    # Министерство), "назначил генеральным директором Олега Кравцова" (Олега nmod → директором)
    for token in tokens:
        noun = head(token)
        if token.pos != "PROPN" or noun is None or noun.pos not in ("NOUN", "PROPN") or kids(token, ("case",)):
            continue
        if index[token.id] > 0 and tokens[index[token.id] - 1].text == "«":
            continue  # a quoted name stays in the nominative
        mismatch = (token.rel == "appos" and case(token) not in (None, case(noun))
                    and case(token) in ("Acc", "Gen") and case(noun) in ("Nom", "Ins"))
        mismatch = mismatch or (token.rel == "nmod" and case(token) == "Acc")
        if not mismatch:
            continue
        verb = next((tokens[j] for j in range(index[token.id] - 1, -1, -1) if is_verb(tokens[j])
                     and tokens[j].rel not in ("aux", "aux:pass")), None)
        if verb is not None and not kids(verb, ("obj",)):
            attach(token, verb, "obj")

    # a name after a secondary predicate is the verb's object, not the predicate's genitive:
    # "признал банкротом ООО «Сибирский каравай»", "назвал лучшим игроком «Метеора» Ивана Лиса"
    for token in tokens:
        noun = head(token)
        if (token.rel != "nmod" or kids(token, ("case",)) or noun is None or noun.rel not in ("xcomp", "obl")
                or case(noun) != "Ins" or kids(noun, ("case",)) or index[token.id] < index[noun.id]):
            continue
        verb = head(noun)
        named = token.pos == "PROPN" or any(tokens[index[k.id] - 1].text == "«" for k in kids(token, ("appos",))
                                           if index[k.id] > 0)
        passive = verb is not None and ((verb.feats or {}).get("Voice") == "Pass" or kids(verb, ("nsubj:pass", "aux:pass")))
        if named and verb is not None and is_verb(verb) and not passive and not kids(verb, ("obj",)) \
                and _lemma(vocab, verb) not in _RU_COPULAS \
                and noun.pos == "NOUN" and index[token.id] == index[noun.id] + 1:  # (a passive's agent keeps its name)
            attach(token, verb, "obj")

    # a verb has one direct object: a bare genitive right after it is that object's modifier
    # ("запустит первую очередь комбината": комбината obj → очередь); an object with a
    # preposition is an oblique ("управляет ... в Самарской и Ульяновской областях")
    for token in tokens:
        verb = head(token)
        if token.rel != "obj" or verb is None:
            continue
        preps = [c for c in kids(token, ("case",)) if c.text.lower() in _RU_PLACE_PREPOSITIONS]
        if preps:
            token.rel = "obl"
            continue
        earlier = [o for o in kids(verb, ("obj",)) if index[o.id] < index[token.id] and o.pos in ("NOUN", "PROPN")]
        if earlier and case(token) == "Gen" and all(
                tokens[j].pos in ("ADJ", "DET", "NUM") for j in range(index[earlier[-1].id] + 1, index[token.id])):
            attach(token, earlier[-1], "nmod")

    # an adjective agrees with its noun: a bare "genitive" whose adjective is accusative is an
    # animate accusative, the verb's object ("привлекать к проекту иностранных партнёров")
    for token in tokens:
        if token.rel != "nmod" or token.pos != "NOUN" or kids(token, ("case",)) or case(token) != "Gen":
            continue
        if (token.feats or {}).get("Number") != "Plur" or not any(case(a) == "Acc" for a in kids(token, ("amod",))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is not None and not kids(verb, ("obj",)) and (verb.feats or {}).get("VerbForm") in ("Fin", "Inf"):
            attach(token, verb, "obj")

    # a genitive the parser left hanging on the verb after a noun is that noun's: "рассказал
    # коммерческий директор «Заволжской нивы» Олег Самсонов" (нивы dep → рассказал)
    for token in tokens:
        if token.rel != "dep" or case(token) != "Gen" or token.pos not in ("NOUN", "PROPN") or kids(token, ("case",)):
            continue
        j = index[token.id] - 1
        while j >= 0 and (tokens[j].pos in ("ADJ", "DET") or tokens[j].text in ("«", "»")):
            j -= 1
        if j >= 0 and tokens[j].pos in ("NOUN", "PROPN"):
            attach(token, tokens[j], "nmod")

    # a subject agrees with its verb in number: "Сырьё «Сурскому» поставляют около 120 хозяйств" —
    # the tagger's nominative «Сурскому» (a dative) beside a plural verb is no subject
    for subject in tokens:
        verb = head(subject)
        if (subject.rel != "nsubj" or verb is None or not finite(verb) or subject.pos not in ("NOUN", "PROPN")
                or kids(subject, ("conj", "nummod", "nummod:gov")) or any(k.rel == "conj" for k in kids(verb, ("nsubj",)))):
            continue
        vn, sn = (verb.feats or {}).get("Number"), (subject.feats or {}).get("Number")
        if vn and sn and vn != sn and vn == "Plur" and not _RU_ABBREVIATION.match(subject.text):
            readings = {str(p.tag.case) for p in vocab.parse(subject.text.lower()) if p.tag.POS == "NOUN"}
            subject.rel = "iobj" if "datv" in readings else "obl"

    # a verb has one subject: of two, the one a comma keeps from it belongs to the subjectless verb
    # of its own clause ("Пост заняла Марина Кузьмина, ..., а ее предшественник Андрей Ельцов может
    # перейти": Кузьмина is заняла's)
    for verb in tokens:
        subjects = kids(verb, ("nsubj", "nsubj:pass"))
        if len(subjects) < 2:
            continue
        near = [x for x in subjects if same_clause(x, verb)]
        if not near:
            continue
        for subject in subjects:
            if subject in near:
                continue
            home = [t for t in tokens if t is not verb and finite(t) and same_clause(t, subject)
                    and not kids(t, ("nsubj", "nsubj:pass"))]
            if home:
                target = min(home, key=lambda t: abs(index[t.id] - index[subject.id]))
                attach(subject, target, "nsubj:pass" if (target.feats or {}).get("Voice") == "Pass" else "nsubj")

    # of two subjects in one clause, one is the object put first (Russian word order is free): the
    # person acts on the thing ("Министерство цифрового развития возглавит Руслан Ахметов"), else the
    # one right before the verb is its subject ("Часть старых машин город может передать ..."); the
    # other, when it can be an accusative, is the object (of the infinitive, if the verb has one)
    for verb in tokens:
        subjects = [k for k in kids(verb, ("nsubj",)) if k.pos in ("NOUN", "PROPN") and not kids(k, ("case",))
                    and same_clause(k, verb)]
        if len(subjects) != 2 or not finite(verb):
            continue
        first, second = sorted(subjects, key=lambda t: index[t.id])
        animate = [k for k in subjects if (k.feats or {}).get("Animacy") == "Anim"]
        if len(animate) == 1:
            subject, other = animate[0], next(k for k in subjects if k is not animate[0])
        elif not animate and index[second.id] < index[verb.id]:
            subject, other = second, first
        elif not animate and len(agree := [k for k in subjects if _past_agrees(verb, k)]) == 1:
            subject, other = agree[0], next(k for k in subjects if k is not agree[0])  # «компания согласилась купить ... завод»
        else:
            continue
        vf, sf = verb.feats or {}, subject.feats or {}
        if vf.get("Tense") == "Past" and vf.get("Number") == "Sing" and vf.get("Gender") not in (None, sf.get("Gender")):
            continue  # the past tense agrees with its subject, and this is not it
        if not any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(other.text.lower())):
            continue
        target = next((k for k in kids(verb, ("xcomp",)) if (k.feats or {}).get("VerbForm") == "Inf"), verb)
        if any(k.rel == "obj" and case(k) != "Dat" for k in kids(target)):
            continue
        attach(other, target, "obj")

    # a second root that opens with "и" / "а" / "но" and has no subject of its own is the second
    # verb of one subject when it agrees with the first: "Кравцов сравнял счёт, а на 77-й минуте
    # реализовал пенальти, назначенный за фол ..." (the participle's tail made natasha split it)
    roots = [t for t in tokens if t.rel == "root"]
    for verb in roots[1:]:
        first, vf = roots[0], verb.feats or {}
        ff = first.feats or {}
        if (not finite(verb) or not finite(first) or index[first.id] > index[verb.id]
                or kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl"))
                or not any(c.text.lower() in ("и", "а", "но") for c in kids(verb, ("cc",)))
                or not kids(first, ("nsubj", "nsubj:pass")) or vf.get("Person") in ("1", "2")):
            continue
        if any(vf.get(k) != ff.get(k) for k in ("Number", "Gender", "Person") if vf.get(k) and ff.get(k)):
            continue
        attach(verb, first, "conj")

    _repair_coordination_ru(tree, vocab)  # each coordinated verb its own arguments (coordination.py)
    mend_participial_clauses(tree)  # ", ранее возглавлявший ...": the noun's clause (participles.py)
    mend_quoted_objects(tree, vocab)  # "обыграли на своём льду «Северных рысей»" (quoted_names.py)
    mend_fronted_objects(tree, vocab, _could_be_subject)  # "Запись концерта может показать телеканал «Волна»" (fronted.py)
    mend_predicative_subjects(tree, vocab, _could_be_subject)  # "Сделку должна одобрить служба" (predicatives.py)
    mend_split_amounts(tree)  # «2 млрд рублей и ... до 120 тысяч тонн»: one amount each (amounts.py)
    mend_dashed_amount(tree)  # "Часть средств — 15 млрд рублей — компании выделит Фонд" (dashed.py)
    mend_descriptor_name(tree, vocab)  # "Вологодский клуб по хоккею «Северные ястребы» проиграл" (descriptors.py)

    # object-verb-subject order: a finite active verb with no subject and an object on either side
    # ("Солнечные модули изготовит завод «Солар-Модуль»", "Ещё 1,1 млрд рублей направит областной
    # бюджет"). A verb has one direct object: when the one before it cannot be the subject (it
    # disagrees with the verb, or it is an amount) and the one after it can (a nominative reading
    # that agrees), the one after it is the subject the parser read as an object
    for verb in tokens:
        vf = verb.feats or {}
        if (not finite(verb) or vf.get("Voice") == "Pass" or vf.get("Person") in ("1", "2")
                or kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl"))):
            continue
        objects = [k for k in kids(verb, ("obj",)) if k.pos in ("NOUN", "PROPN", "NUM") and not kids(k, ("case",))]
        before = [k for k in objects if index[k.id] < index[verb.id]]
        after = [k for k in objects if index[k.id] > index[verb.id] and k.pos in ("NOUN", "PROPN")]
        if len(before) != 1 or len(after) != 1:
            continue
        if any(tokens[j].text in _RU_CLAUSE_BREAKS and tokens[j].text not in ("—", "–")
               for j in range(index[before[0].id] + 1, index[after[0].id])):
            continue
        if _could_be_subject(vocab, before[0], vf, kids) or not _could_be_subject(vocab, after[0], vf, kids, strict=True):
            continue
        attach(after[0], verb, "nsubj")

    # the same order read the other way: a "subject" before the verb that cannot agree with it and an
    # object after it that can ("Трамваи соберёт завод «Уралтрансмаш»": трамваи nsubj) trade places
    for verb in tokens:
        vf = verb.feats or {}
        if not finite(verb) or vf.get("Voice") == "Pass" or vf.get("Person") in ("1", "2"):
            continue
        subjects = kids(verb, ("nsubj",))
        objects = [k for k in kids(verb, ("obj",)) if k.pos in ("NOUN", "PROPN") and not kids(k, ("case",))
                   and index[k.id] > index[verb.id]]
        if len(subjects) != 1 or len(objects) != 1 or index[subjects[0].id] > index[verb.id]:
            continue
        subject, obj = subjects[0], objects[0]
        if subject.pos not in ("NOUN", "PROPN") or _could_be_subject(vocab, subject, vf, kids) \
                or not _could_be_subject(vocab, obj, vf, kids, strict=True):
            continue
        if any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(subject.text.lower())):
            attach(subject, verb, "obj")
            attach(obj, verb, "nsubj")

    # an infinitive the parser hung on a noun is the complement of the plan or possibility verb after it
    # in its clause ("Летом авиакомпания сокращать рейсы не планирует": сокращать xcomp of авиакомпания)
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

    # a quoted name hung on a noun as its genitive while its last word has no genitive reading is no
    # genitive: it is the subject the finite verb over it lacks ("Сокращать персонал «Агропром» не
    # планирует": «Агропром» nmod of персонал; a genitive would be «Агропрома»)
    for token in tokens:
        if token.rel != "nmod" or token.pos not in ("NOUN", "PROPN") or kids(token, ("case",)) or case(token) != "Gen":
            continue
        name = sorted([token, *(t for t in tokens if t.text not in ("«", "»") and any(a is token for a in ancestors(t)))],
                      key=lambda t: index[t.id])
        first, last = index[name[0].id], index[name[-1].id]
        if (last - first + 1 != len(name) or first == 0 or last + 1 >= len(tokens)
                or tokens[first - 1].text != "«" or tokens[last + 1].text != "»"):
            continue
        word = token.text.lower().rsplit("-", 1)[-1]
        parses = [p for p in vocab.parse(word)[:4] if p.tag.POS == "NOUN"]
        if len(word) < 3 or not parses or any("gent" in p.tag for p in parses) or not any("nomn" in p.tag for p in parses):
            continue
        verb = next((a for a in ancestors(token) if finite(a)), None)
        if verb is None or kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl")) or (verb.feats or {}).get("Person") in ("1", "2") \
                or (verb.feats or {}).get("Voice") == "Pass" or not _could_be_subject(vocab, token, verb.feats or {}, kids):
            continue
        attach(token, verb, "nsubj")

    # a finite verb with no subject takes the nearest nominative before it in its clause that
    # agrees with it ("«Колымская горнорудная компания» получила ...", "КГК заплатила ...",
    # "Если A снизит ставку, «Итиль-Банк» ... снизит ставки")
    for verb in tokens:
        if not finite(verb) or verb.rel in ("aux", "aux:pass", "cop", "xcomp", "acl", "csubj"):
            continue
        if verb.rel == "acl:relcl" and not any(_lemma(vocab, k) == "который" and k.rel in ("obj", "obl", "iobj")
                                               for k in kids(verb)):
            continue  # a relative clause's subject is its "который" — unless that is its object
        if kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl")):
            continue
        if verb.rel == "conj" and head(verb) is not None and is_verb(head(verb)):
            continue  # "заменят кровлю и восстановят ...": the first verb's subject
        vf = verb.feats or {}
        if vf.get("Person") in ("1", "2"):
            continue
        for j in segment(index[verb.id], -1):
            candidate = tokens[j]
            if candidate.pos not in ("NOUN", "PROPN") or kids(candidate, ("case",)):
                continue
            abbreviation = bool(_RU_ABBREVIATION.match(candidate.text))
            if case(candidate) != "Nom" and not abbreviation:
                continue
            cf = candidate.feats or {}
            if vf.get("Number") and cf.get("Number") and vf["Number"] != cf["Number"] and not abbreviation:
                continue
            if (vf.get("Number") == "Sing" and vf.get("Gender") and cf.get("Gender") and vf["Gender"] != cf["Gender"]
                    and not abbreviation):
                continue
            owner = head(candidate)
            if candidate.rel in ("nsubj", "nsubj:pass") and owner is not None and owner is not verb:
                rivals = [k for k in kids(owner, ("nsubj", "nsubj:pass")) if k is not candidate]
                crossing = any(tokens[k].text in _RU_CLAUSE_BREAKS for k in range(
                    min(index[candidate.id], index[owner.id]), max(index[candidate.id], index[owner.id])))
                if not rivals and not crossing:
                    break
            # the top of an appositive chain: "компания" for "«... компания» (КГК)"
            while candidate.rel == "appos" and head(candidate) is not None and head(candidate).pos in ("NOUN", "PROPN") \
                    and index[head(candidate).id] < index[verb.id] and case(head(candidate)) == "Nom":
                candidate = head(candidate)
            attach(candidate, verb, "nsubj:pass" if vf.get("Voice") == "Pass" else "nsubj")
            break
    mend_animate_object(tree, vocab)  # "примет дома «Уральских волков»": the animate plural is the object
    # (last: the subject repairs above may leave a fronted object an oblique)
    mend_fronted_bare_objects(tree, vocab)  # "Следующий матч «Речные волки» сыграют в Перми" (матч obl; fronted.py)
    nlp.break_head_cycles(tokens)
