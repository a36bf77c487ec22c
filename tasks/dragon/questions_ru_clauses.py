"""DRAGON questions, Russian: does a fact's verb govern both its subject and its object in the
sentence it came from? (natasha's dependency parse of that sentence)

A question asks the triplet as one clause: «Сколько передач перехватил X?». When the sentence
coordinates two predicates («X сделал 9 передач и дважды перехватил мяч») or two clauses with
their own subjects («роль A исполнит B, C сыграет D»), a triplet that takes its object from one
and its verb from the other states a fact the text never says, and its question has a false
premise. The triplet stage is another module's; here such an input is refused with a reason.

Checked only where the parse can tell: the relation's verb, the subject and the object must each
be found in the sentence; if any is not, or the sentence is not parsed, nothing is said.
"""
from __future__ import annotations

from functools import lru_cache

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_ru_answers import WORKS as _WORKS, WORD as _WORD
from tasks.dragon.questions_ru_classes import RU_CLASS_NOUNS
from tasks.dragon.questions_ru_kinds import RU_BODY

#: relations along which a verb shares its governor's subject: «X планирует открыть», «X сделал и перехватил»
_SHARES_SUBJECT = ("xcomp", "conj")
#: dependents that give a verb an addressee of its own: «обязал Щербакова возместить» — the one who
#: repays is Щербаков, not the subject of «обязал»
_ADDRESSEE = ("obj", "iobj")


@lru_cache(maxsize=4096)
def _parse(sentence: str) -> tuple | None:
    """(text, lemma, upos, rel, index of head or -1, Case, Gender) per token of ``sentence``'s first sentence."""
    try:
        doc = nlp.parse_ru(sentence)
    except Exception:  # the parse is a check, never a reason to lose the question stage
        return None
    tokens = [t for s in doc.sents for t in s.tokens]
    if not tokens:
        return None
    index = {t.id: i for i, t in enumerate(tokens)}
    return tuple((t.text, _lemma(t.text), t.pos, t.rel, index.get(t.head_id, -1), (t.feats or {}).get("Case"),
                  (t.feats or {}).get("Gender")) for t in tokens)


def _lemma(word: str) -> str:
    return nlp.lemma_ru(word.lower()).replace("ё", "е") if _WORD.fullmatch(word) else word


def _same_word(word: str, token: tuple) -> bool:
    """Is ``word`` (of a label, in any case) the token's word? By lemma, or by a shared stem for the
    names pymorphy lemmatises apart («Пастухова» / «Пастуховой»)."""
    text, lemma = token[0].lower().replace("ё", "е"), token[1]
    word = word.lower().replace("ё", "е")
    if _lemma(word) == lemma or word == text:
        return True
    stem = min(len(word), len(text)) - 2
    return stem >= 4 and word[:stem] == text[:stem]


def _span(label: str, tokens: tuple) -> list[int] | None:
    """Token indices of ``label``'s first run of words in the sentence (punctuation skipped)."""
    words = _WORD.findall(label)
    if not words:
        return None
    content = [i for i, t in enumerate(tokens) if _WORD.fullmatch(t[0])]
    for start in range(len(content) - len(words) + 1):
        run = content[start:start + len(words)]
        if all(_same_word(w, tokens[i]) for w, i in zip(words, run)):
            return run
    return None


def _common_noun(token: tuple, tokens: tuple) -> bool:
    """A common noun, also one the parser calls a name for its capital at the start of the sentence."""
    if token[2] == "NOUN":
        return True
    if token[2] != "PROPN" or token is not tokens[0]:
        return False
    parses = nlp.morph_vocab().parse(token[0].lower())
    return bool(parses) and parses[0].tag.POS == "NOUN" and not any(
        g in parses[0].tag for g in ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad"))


def _top(span: list[int], tokens: tuple) -> int:
    """The span's token whose head lies outside it (its syntactic head)."""
    inside = set(span)
    return next((i for i in span if tokens[i][4] not in inside), span[0])


def _ancestors(i: int, tokens: tuple) -> list[int]:
    seen, chain = {i}, []
    current = tokens[i][4]
    while current >= 0 and current not in seen:
        chain.append(current)
        seen.add(current)
        current = tokens[current][4]
    return chain


def _first_verb_up(i: int, tokens: tuple) -> int | None:
    """The nearest verb (finite, infinitive or participle) above token ``i``."""
    for j in _ancestors(i, tokens):
        if tokens[j][2] in ("VERB", "AUX"):
            return j
    return None


def _path_rels(verb: int, up_to: int, tokens: tuple) -> list[int] | None:
    """The tokens from ``verb`` up to its ancestor ``up_to`` (``verb`` first, ``up_to`` excluded)."""
    path, current = [], verb
    while current != up_to:
        if current < 0 or len(path) > len(tokens):
            return None
        path.append(current)
        current = tokens[current][4]
    return path


def _subject_chain(v: int, tokens: tuple) -> list[int]:
    """Verb ``v`` and the verbs above it whose subject it shares (``_SHARES_SUBJECT``): «может передать» →
    [передать, может]; a subject on any of them is the subject of ``v``."""
    chain, current = [v], v
    while tokens[current][3].split(":")[0] in _SHARES_SUBJECT and tokens[current][4] >= 0:
        current = tokens[current][4]
        chain.append(current)
    return chain


def _has_child(i: int, rels: tuple, tokens: tuple) -> bool:
    return any(t[4] == i and t[3].split(":")[0] in rels for t in tokens)


def _coordinated(a: int, b: int, tokens: tuple) -> bool:
    """Are verbs ``a`` and ``b`` coordinated (one a ``conj`` of the other, or both ``conj`` of one)? The
    only link the parse draws surely enough to refuse on: «сделал 9 передач и перехватил мяч»."""
    def conj_up(x: int) -> list[int]:
        chain = []
        while tokens[x][3].split(":")[0] == "conj" and tokens[x][4] >= 0 and len(chain) <= len(tokens):
            x = tokens[x][4]
            chain.append(x)
        return chain
    up_a, up_b = conj_up(a), conj_up(b)
    return b in up_a or a in up_b or bool(set(up_a) & set(up_b))


def _tail_in_clause(tail: int, verb: int, tokens: tuple) -> bool:
    """False only when the object belongs to a verb coordinated with the fact's verb; PP attachments and
    subordinate clauses, which the parser often gets wrong, are given the benefit of the doubt."""
    governor = _first_verb_up(tail, tokens)
    if governor is None or governor == verb or tail == verb or tail in _ancestors(verb, tokens):
        return True
    return not _coordinated(governor, verb, tokens)


def _head_in_clause(head: int, verb: int, tokens: tuple) -> bool:
    if tokens[head][3] == "nmod" and tokens[head][5] == "Gen" and tokens[tokens[head][4]][2] == "NOUN":
        # «центровой «Волков» Тимур Ахмадеев получил травму»: a genitive on the subject is not the subject
        return False
    if tokens[head][3] == "appos" and sum(1 for t in tokens if t[4] == tokens[head][4] and t[3] == "appos") > 1:
        # «центровой «Волков» Тимур Ахмадеев получил»: two names beside one noun, a team's and a player's;
        # which of them is the subject the parse does not say
        return False
    if head == verb or head in _ancestors(verb, tokens):
        return True  # the subject itself, or a participle / relative clause on it («X, открывшая ...»)
    governor = _first_verb_up(head, tokens)
    if governor == verb:
        # two subjects on one verb: the parse joined two clauses («роль A исполнит B, C сыграет D»)
        return sum(1 for t in tokens if t[4] == verb and t[3].split(":")[0] == "nsubj") < 2
    if governor is None:
        return True
    if governor not in _ancestors(verb, tokens):
        # a coordinated verb with a subject of its own: «A исполнит роль, а Гамлета сыграет D»; anything
        # else the parse may have got wrong
        return not (_coordinated(governor, verb, tokens) and _has_child(verb, ("nsubj",), tokens))
    path = _path_rels(verb, governor, tokens)
    if path is None:
        return True
    for j in path:
        rel = tokens[j][3].split(":")[0]
        if rel not in _SHARES_SUBJECT:
            return True  # an adverbial or other clause: the parse says nothing sure
        if _has_child(j, ("nsubj",), tokens):
            return False  # the coordinated clause has its own subject
        if rel == "xcomp" and _has_child(tokens[j][4], _ADDRESSEE, tokens):
            return False  # «обязал Щербакова возместить»: the object, not the subject, is who acts
    return True


#: common nouns a name said before may stand for («Компания открыла ...» after «Сибнефтемаш»)
_STANDS_FOR_NAME = frozenset("""
компания фирма группа холдинг агрохолдинг концерн корпорация предприятие завод фабрика комбинат банк управление
министерство администрация мэрия правительство департамент комитет служба суд театр музей больница поликлиника
школа университет вуз институт колледж фонд агентство ведомство инспекция прокуратура клуб команда стадион порт
терминал аэропорт станция лаборатория филиал организация учреждение город область край район село регион страна
подрядчик застройщик оператор производитель перевозчик ретейлер сеть центр проект ансамбль коллектив оркестр хор
""".split())


def _stands_for(verb: int, tokens: tuple) -> bool:
    """Is the verb's own subject (or that of the verb it completes: «компания рассчитывает перевезти») a common
    noun a name said elsewhere stands for? Then the name found elsewhere in the sentence («директор
    «Волга-Авиа» сообщила, что компания ...») is its antecedent, not a wrong subject."""
    for v in (verb, *[a for a in _ancestors(verb, tokens)[:2]]):
        if any(t[4] == v and t[3].split(":")[0] == "nsubj" and (t[2] == "PRON" or t[1] in _STANDS_FOR_NAME
                                                                and _common_noun(t, tokens)) for t in tokens):
            return True
        if tokens[v][3].split(":")[0] != "xcomp" or _has_child(tokens[v][4], _ADDRESSEE, tokens):
            break  # «суд обязал Петрова возместить»: who repays is the object, not the court
    return False


def ru_outside_clause(edge: Edge, classes: dict | None = None) -> str | None:
    """Why ``edge``'s subject or object is not its verb's in its sentence, or None (also when it cannot tell)."""
    classes = classes or {}
    words = edge.relation.split()
    if not words:
        return None
    parses = nlp.morph_vocab().parse(words[0].lower())
    if not parses or parses[0].tag.POS not in ("INFN", "VERB", "PRTS"):
        return None
    lemma = _lemma(words[0])
    verdicts = []
    for sentence in edge.sentences:
        tokens = _parse(sentence)
        if not tokens:
            continue
        verbs = [i for i, t in enumerate(tokens) if t[1] == lemma and t[2] in ("VERB", "AUX")]
        head_span, tail_span = _span(edge.head_label, tokens), _span(edge.tail_label, tokens)
        for node, label, span, rels in ((edge.tail, edge.tail_label, tail_span, ("obj",)),
                                        (edge.head, edge.head_label, head_span, ("nsubj",))):
            if span is None and verbs and label[:1].isupper():
                # a name taken from elsewhere for the common noun the verb has here: that noun must be the
                # name's own class noun («фестиваль» for a festival), not another class's («спектакль» for
                # the name of its theatre)
                noun = next((t for v in verbs for t in tokens if t[4] == v and t[3].split(":")[0] in rels
                             and _common_noun(t, tokens)), None)
                known = classes.get(node) if classes.get(node) != RU_BODY else None  # a body: any of its nouns
                if noun is not None and ((known and noun[1] in RU_CLASS_NOUNS and noun[1] != known)
                                         or (not known and noun[1] in _WORKS)):
                    # (with no class noun known, a work — «спектакль», «фильм» — is the one a name from
                    # elsewhere stands for wrongly most: its theatre's, its studio's)
                    verdicts.append(f"skipped: {label!r} ({known or 'no class known'}) is not in its sentence, "
                                    f"where {words[0]!r} has «{noun[0]}»")
        if not verbs or head_span is None or tail_span is None:
            continue
        head, tail = _top(head_span, tokens), _top(tail_span, tokens)
        if any(_tail_in_clause(tail, v, tokens) and (_head_in_clause(head, v, tokens) or _stands_for(v, tokens))
               for v in verbs):
            return None
        which = "object" if not any(_tail_in_clause(tail, v, tokens) for v in verbs) else "subject"
        label = edge.tail_label if which == "object" else edge.head_label
        verdicts.append(f"skipped: the {which} {label!r} is another clause's, not {words[0]!r}'s, in its sentence")
    return verdicts[0] if verdicts else None


#: verbs that link a name to its role across them: «Пётр Зуев был назначен директором театра»
_LINK_VERBS = frozenset("""
быть стать становиться назначить назначать избрать избирать являться работать служить остаться оставаться
""".split())


def ru_role_apart(edge: Edge) -> str | None:
    """Why a role fact («заслуженный артист» of «Россия» said of a person) is not said of its person in
    its sentence, or None. A role is refused only when another person's name stands nearer to it than
    the fact's subject («роль A исполнит студентка B, C сыграет артист D»: «артист» is D's, never B's);
    link verbs («был назначен директором», «стала»), the role's own object and punctuation are no
    distance. Relations that are verbs or participles («расположенный в») are no roles. Nothing is said
    when the words are not found."""
    words = edge.relation.split()
    if not words:
        return None
    first = nlp.morph_vocab().parse(words[0].lower())
    if not first or first[0].tag.POS in ("INFN", "VERB", "PRTS", "PRTF"):
        return None
    verdict = None
    for sentence in edge.sentences:
        matches = list(_WORD.finditer(sentence))
        tokens = tuple((m.group(0), _lemma(m.group(0))) for m in matches)
        role, head = _spans(edge.relation, tokens), _spans(edge.head_label, tokens)
        if not role or not head:
            continue
        free = {i for span in _spans(edge.tail_label, tokens) for i in span}
        free |= {i for i, t in enumerate(tokens) if t[1] in _LINK_VERBS}
        names = _person_names(sentence, matches)
        if any(_nearest_name(r, h, names, free) for r in role for h in head):
            return None
        verdict = f"skipped: the role {edge.relation!r} is not said of {edge.head_label!r} in its sentence (another name's)"
    return verdict


def _person_names(sentence: str, matches: list) -> set[int]:
    """Indices of the words of ``sentence`` that are a person's first name or surname (outside «»)."""
    vocab = nlp.morph_vocab()
    found = set()
    for i, match in enumerate(matches):
        word = match.group(0)
        if not word[:1].isupper() or sentence[:match.start()].count("«") > sentence[:match.start()].count("»"):
            continue
        if any("Name" in p.tag or "Surn" in p.tag for p in vocab.parse(word.lower())[:2]):
            found.add(i)
    return found


def _nearest_name(role: list[int], head: list[int], names: set[int], free: set[int]) -> bool:
    """Is no other person's name nearer to ``role`` than ``head`` (words between counted, ``free`` ones not)?"""
    def distance(span: list[int]) -> int:
        low, high = (span[-1], role[0]) if span[-1] < role[0] else (role[-1], span[0])
        return sum(1 for i in range(low + 1, high) if i not in free)
    own = distance(head)
    return not any(distance([i]) < own for i in names - set(head) - set(role) - free)


def _spans(label: str, tokens: tuple) -> list[list[int]]:
    """Every run of ``label``'s words among ``tokens`` ((word, lemma) pairs, punctuation already dropped)."""
    words = _WORD.findall(label)
    found = []
    for start in range(len(tokens) - len(words) + 1):
        run = list(range(start, start + len(words)))
        if words and all(_same_word(w, tokens[i]) for w, i in zip(words, run)):
            found.append(run)
    return found
