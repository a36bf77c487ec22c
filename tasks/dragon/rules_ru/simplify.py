"""Russian rules triplets: sentences simplified before the second parse (parentheses dropped, an
abbreviation remembered, attribution clauses moved to a line of their own).
"""
from __future__ import annotations

import re

from tasks.dragon.rules_ru.lexicon import (
    _RU_ABBREVIATION, _RU_AS_SAID, _RU_ATTRIBUTION, _RU_CLAUSE_WORDS, _RU_NUMBER_ABBREVIATIONS, _RU_OPINION_NOUNS,
    _RU_SOURCE_NOUNS, _RU_SOURCE_VERBS, _RU_STAMP_WORDS, _RU_UPDATE_STAMPS,
)
from tasks.dragon.rules_ru.morph import _lemma


def _is_say_verb(vocab, token) -> bool:
    return (token.pos == "VERB" and (token.feats or {}).get("VerbForm") == "Fin"
            and _lemma(vocab, token) in _RU_ATTRIBUTION)


def _finite(token) -> bool:
    return token.pos in ("VERB", "AUX") and (token.feats or {}).get("VerbForm") == "Fin"


def _remark_tail(tokens, vocab) -> bool:
    """Is what follows an attribution clause more of the speaker's ("..., отметив, что ...",
    "..., с которыми ознакомился корреспондент", "..., доктор наук Аркадий Зверев, ..."): a gerund
    of saying, a relative clause, or an appositive of the speaker (no verb of its own) before one?"""
    words = [t for t in tokens if t.pos != "PUNCT"]
    if not words:
        return True
    first = words[0]
    if (first.feats or {}).get("VerbForm") == "Conv" and _lemma(vocab, first) in _RU_ATTRIBUTION:
        return True
    if any(_lemma(vocab, t) == "который" for t in words[:2]):
        return True
    comma = next((j for j, t in enumerate(tokens) if t.text == ","), len(tokens))
    segment = [t for t in tokens[:comma] if t.pos != "PUNCT"]
    appositive = (segment and segment[0].pos in ("NOUN", "PROPN", "ADJ") and not any(
        _finite(t) or (t.feats or {}).get("VerbForm") in ("Conv", "Inf") or t.text.lower() in _RU_CLAUSE_WORDS
        or t.pos in ("CCONJ", "SCONJ") for t in segment))
    return bool(appositive) and _remark_tail(tokens[comma + 1:], vocab)


def _simplified_lines(parsed, vocab):
    """Each sentence of a first parse as plain clauses, or (None, originals, anchors) when no
    sentence changes. Returns (lines, originals, anchors): the lines to parse again, for each
    line the sentence it came from (facts keep the sentence as written), and the abbreviations
    a parenthesis defined, as {line index: [(abbreviation, offset in the line where the name
    ends)]}.

    Agency copy wraps a fact in clauses natasha's parser reads badly: a parenthesis
    ("«Колымская горнорудная компания» (КГК) получила ..." parses the company as an appositive
    of a later noun) and a clause of attribution ("..., сообщила в среду пресс-служба
    компании", "..., как уточнил Ладыгин, ...", "Как рассказал X, ...") that the parser makes a
    second root, taking the fact's subject with it. A parenthesis is dropped (an abbreviation in
    it is remembered for the name before it); an attribution clause -- a verb of saying
    (``_RU_SAY``) right after a comma or dash, with no "что" / "как" clause of its own, running
    to the end of the sentence or to the next comma -- becomes its own line after the clause, so
    the roles it names ("сказал генеральный директор КГК Андрей Шестаков") are still read.
    """
    lines: list[str] = []
    originals: list[str] = []
    anchors: dict[int, list[tuple[str, int]]] = {}
    changed = False
    for sent in parsed.sents:
        texts = [t.text for t in sent.tokens if t.text not in (".", "!", "?")]
        if len(texts) <= 5 and texts[:1] == ["«"] and texts[-1:] == ["»"]:
            # "«Волга-Пресс»." left of a dateline: no fact, and beside the next sentence it
            # changes what the NER finds there
            changed = True
            continue
        main, extra, found = _simplify_sentence(sent, vocab)
        main, extra = join_digit_groups(main), [join_digit_groups(line) for line in extra]
        changed = changed or main != sent.text or bool(extra)
        if found:
            anchors[len(lines)] = found
        for line in (main, *extra):
            lines.append(line)
            originals.append(sent.text)
    return (lines if changed else None), originals, anchors


def _simplify_sentence(sent, vocab) -> tuple[str, list[str], list[tuple[str, int]]]:
    tokens = sent.tokens
    base = sent.start
    text = sent.text
    cuts: list[tuple[int, int]] = []          # character ranges (in the sentence) to drop
    moved: list[tuple[int, int]] = []         # character ranges that become lines of their own
    abbreviations: list[tuple[str, int]] = []  # (abbreviation, sentence offset of the "(")
    suffixes: list[str] = []                  # "по словам X": said at the end of the main clause
    words = [t for t in tokens if t.pos != "PUNCT"]
    # parentheses
    index = 0
    while index < len(tokens):
        if tokens[index].text == "(":
            depth, end = 0, None
            for j in range(index, len(tokens)):
                depth += tokens[j].text == "("
                depth -= tokens[j].text == ")"
                if depth == 0:
                    end = j
                    break
            if end is None:
                break
            inside = tokens[index + 1:end]
            if len(inside) == 1 and _RU_ABBREVIATION.match(inside[0].text):
                abbreviations.append((inside[0].text, tokens[index].start - base))
            cuts.append((tokens[index].start - base, tokens[end].stop - base))
            index = end + 1
            continue
        index += 1
    # "Дополнено 3 декабря 2026 г. ГК «Волгастрой» ...": an update stamp glued in front of the sentence
    if tokens and tokens[0].text.lower() in _RU_UPDATE_STAMPS:
        end = 1
        while end < len(tokens) and (tokens[end].text.isdigit() or tokens[end].text.lower().rstrip(".") in _RU_STAMP_WORDS
                                     or tokens[end].text in (".", ",", ":", "—", "–")):
            end += 1
        if 1 < end < len(tokens) and any(t.text.isdigit() for t in tokens[1:end]):
            cuts.append((0, tokens[end].start - base))
    # "620 тыс. тонн": the abbreviation's period inside a sentence reads as a clause break to the
    # parser ("тыс" and "тонн" become two objects); the number phrase is one
    for i, token in enumerate(tokens[:-2]):
        if (token.text.lower() in _RU_NUMBER_ABBREVIATIONS and tokens[i + 1].text == "."
                and tokens[i + 2].text[:1].islower()):
            cuts.append((tokens[i + 1].start - base, tokens[i + 1].stop - base))
    # attribution clauses
    for i, token in enumerate(tokens):
        if not _is_say_verb(vocab, token):
            continue
        before = [t for t in tokens[:i] if t.pos != "PUNCT"]
        opener = before[-1] if before else None
        if opener is not None and opener.text.lower() == "как" and len(before) >= 1:
            # "Как рассказал X, ..." / "..., как уточнил X, ...": up to the next comma
            start_token = opener
            prev = tokens[tokens.index(opener) - 1] if tokens.index(opener) > 0 else None
            if prev is not None and prev.text not in (",", "—", "–", "-"):
                continue
            end = next((j for j in range(i + 1, len(tokens)) if tokens[j].text == ","), None)
            if end is None:
                continue
            role_end = next((j for j in range(end + 1, len(tokens)) if tokens[j].text == ","), None)
            role = [t for t in tokens[end + 1:role_end or end + 1] if t.pos != "PUNCT"]
            # (or a participle of the speaker's, "Как рассказал X, ранее руководивший портом, ...": left
            # in the clause it hangs on the next noun, «путь | руководить | порт»)
            head = next((t for t in role if t.pos != "ADV"), None)
            participle = head is not None and (head.feats or {}).get("VerbForm") == "Part" and \
                (head.feats or {}).get("Case") == "Nom" and (head.feats or {}).get("Voice") != "Pass"
            if (role_end is not None and tokens[end - 1].pos == "PROPN" and role
                    and (role[0].pos in ("NOUN", "ADJ") or participle)
                    and ((role[0].feats or {}).get("Case") == "Nom" or participle) and not any(_finite(t) for t in role)
                    and not any(t.text.lower() in _RU_CLAUSE_WORDS for t in role)
                    and any(_finite(t) for t in tokens[role_end + 1:])):
                # "Как пояснил Андрей Вяткин, начальник департамента транспорта, обслуживание ...": the
                # speaker's role between commas goes with the attribution
                end = role_end
            span = tokens[tokens.index(opener):end]
            if any(t.text.lower() in _RU_CLAUSE_WORDS for t in span[2:]) or any(
                    t is not token and t.pos == "VERB" and (t.feats or {}).get("VerbForm") == "Fin" for t in span):
                continue
            if len([t for t in tokens[end:] if t.pos != "PUNCT"]) < 2:
                continue
            # "При этом, как уточнил Ладыгин, повышать ..." → "При этом повышать ..."
            cut_start = (prev.start if prev is not None else start_token.start) - base
            cuts.append((cut_start, tokens[end].stop - base))
            moved.append((token.start - base, tokens[end - 1].stop - base))
            continue
        # "..., сообщила в среду пресс-служба компании." / "«...», — сказал X." / "..., следует из
        # материалов картотеки, с которыми ознакомился корреспондент" / "..., сообщил X, отметив, что ..."
        if i == 0 or tokens[i - 1].text not in (",", "—", "–", "-"):
            continue
        if len(before) < 3:
            continue
        if _lemma(vocab, token) in _RU_SOURCE_VERBS and not any(
                t.text.lower() == "из" for t in tokens[i + 1:i + 3]):
            continue  # "следует" alone is no attribution; "следует из материалов" is
        comma = next((j for j in range(i + 1, len(tokens)) if tokens[j].text == ","), len(tokens))
        tail = [t for t in tokens[i:comma] if t.pos != "PUNCT"]
        if any(t.text.lower() in _RU_CLAUSE_WORDS for t in tail) or any(
                t is not token and _finite(t) for t in tail) or not _remark_tail(tokens[comma + 1:], vocab):
            continue
        first = i - 1
        while first > 0 and tokens[first - 1].text in (",", "—", "–", "-"):
            first -= 1
        # up to the sentence's final stop, closing quotes included: "..., сообщает «Интерфакс»."
        last = next(t for t in reversed(tokens[i:]) if t.text not in (".", "!", "?", "…"))
        cuts.append((tokens[first].start - base, last.stop - base))
        moved.append((token.start - base, last.stop - base))
        break
    # "..., по данным источника агентства, может ...", "..., как указано в решении суда, ...": where
    # the fact comes from, inserted between commas; the parser takes the sentence's subject into it.
    # A source goes; someone's judgement ("по словам X", "по оценке X") moves to the end, where it
    # still says whose word the fact is
    for i, token in enumerate(tokens[1:-1], start=1):
        if tokens[i - 1].text != ",":
            continue
        lemma_next = _lemma(vocab, tokens[i + 1]) if i + 1 < len(tokens) else ""
        source = token.text.lower() == "по" and lemma_next in _RU_SOURCE_NOUNS | _RU_OPINION_NOUNS
        as_said = token.text.lower() == "как" and lemma_next in _RU_AS_SAID
        if not (source or as_said):
            continue
        end = next((j for j in range(i + 1, len(tokens)) if tokens[j].text in (",", "—", "–")), None)
        if end is None or any(_finite(t) or t.text.lower() in _RU_CLAUSE_WORDS for t in tokens[i + 2:end]):
            continue
        if len([t for t in tokens[end:] if t.pos != "PUNCT"]) < 2:
            continue
        cuts.append((tokens[i - 1].start - base, tokens[end].stop - base))
        if source and lemma_next in _RU_OPINION_NOUNS:
            suffixes.append(text[token.start - base:tokens[end - 1].stop - base])
    # "Сокращать персонал компания не планирует: 260 работников пройдут переобучение": a colon
    # between two clauses ends the first; the second is a sentence of its own (not a quotation)
    for i, token in enumerate(tokens):
        if token.text != ":" or i + 1 >= len(tokens) or tokens[i + 1].text in ("«", "\"", "„", "—", "–", "-"):
            continue
        if tokens[i + 1].start == token.stop or (i > 0 and tokens[i - 1].stop == token.start
                                                 and tokens[i - 1].text[-1:].isdigit()):
            continue  # "к 20:00": a time, not a colon between clauses
        left, right = tokens[:i], tokens[i + 1:]
        if any(_finite(t) for t in left) and any(_finite(t) for t in right) and not any(
                a < token.start - base < b for a, b in cuts):
            last = next(t for t in reversed(right) if t.text not in (".", "!", "?", "…"))
            cuts.append((token.start - base, last.stop - base))
            moved[:] = [(a, b) for a, b in moved if a < token.start - base]  # the clause takes its attribution along
            moved.append((right[0].start - base, last.stop - base))
            break
    if not cuts:
        return text, [], []
    cuts.sort()
    pieces, offset, anchor_at = [], 0, {}
    out_len = 0
    for start, stop in cuts:
        if start < offset:
            continue
        piece = text[offset:start]
        pieces.append(piece)
        out_len += len(piece)
        anchor_at[start] = out_len
        offset = stop
    pieces.append(text[offset:])
    main = "".join(pieces)
    # tidy the seams: "компания  получила", "лицензию ." → single spaces, no space before punctuation
    main_clean = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", main)).strip()
    if suffixes:
        stop = main_clean[-1] if main_clean[-1:] in ".!?" else ""
        main_clean = f"{main_clean[:len(main_clean) - len(stop)].rstrip(' ,')}, {', '.join(suffixes)}{stop or '.'}"
    found = []
    for abbr, at in abbreviations:
        if at in anchor_at:
            prefix = re.sub(r"\s{2,}", " ", "".join(pieces)[:anchor_at[at]]).rstrip()
            found.append((abbr, len(prefix)))
    extra = [_sentence_case(text[a:b].rstrip(" ,;")) + "." for a, b in moved]  # a line of its own ends as a sentence
    return main_clean, extra, found


def _sentence_case(line: str) -> str:
    """A clause made a line of its own starts like a sentence ("260 работников пройдут ...")."""
    return line[:1].upper() + line[1:] if line[:1].islower() and not line.startswith(("кв", "тыс", "млн")) else line


#: "18 400 единиц", "1 340 микрозаймов": a number in digit groups (natasha reads "18" and "400" apart)
_DIGIT_GROUPS = re.compile(r"(?<![\d,.])(\d{1,3})((?:[ \u00a0\u202f]\d{3})+)(?![\d,.]\d)")


def join_digit_groups(line: str) -> str:
    """The line with its grouped numbers written as one token: "18 400" → "18400"."""
    return _DIGIT_GROUPS.sub(lambda m: m.group(1) + re.sub(r"\D", "", m.group(2)), line)


def digit_groups(sentence: str) -> dict[str, str]:
    """{"18400": "18 400"}: the grouped numbers of a sentence as written, by their joined form."""
    return {m.group(1) + re.sub(r"\D", "", m.group(2)): m.group(0) for m in _DIGIT_GROUPS.finditer(sentence)}
