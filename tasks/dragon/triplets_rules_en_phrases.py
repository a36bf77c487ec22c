"""Triplet extraction, rules engine, English: ``_EnSentence``, what a noun phrase names.

``phrase`` turns a noun head into (text, NER label) when it names something (widened to whole entities,
titles and descriptions before a name cut off, scores and particles trimmed), and resolves what points
back through the article's ``_Discourse``: "he"/"she", "it", "its", "we" in a quote, "the company",
"the N" for a name the text called an N. Also the small parse-tree predicates it relies on (inside a
quote, a subordinate clause's subject, a name given by "known as").
"""
from __future__ import annotations

from benchmill import nlp

from tasks.dragon.scores_en import figure_end
from tasks.dragon.triplets_rules_en_discourse import _Discourse, speaker_firm
from tasks.dragon.triplets_rules_en_fullest import placed
from tasks.dragon.triplets_rules_en_kinds import kind_antecedent
from tasks.dragon.triplets_rules_en_lexicon import (
    _AGE_NOUN, _EN_FIRM_ANAPHORS, _EN_GENERIC_NOUNS, _EN_HONORIFICS, _EN_MERGED, _EN_NP_KEEP, _EN_ORG_ANAPHORS,
    EN_PERSON_NOUNS, _EN_RELATIVE, _EN_SUBJ, _EN_TIME_LABELS, _EN_TITLE_WORDS, _EN_VALUE_LABELS, _ORG, _PER,
    _absolute_date, _en_common_words, _is_org_noun, _noun_form, _verb_lemma, public_body_name,
)
from tasks.dragon.triplets_rules_en_modality import _EN_REPORTING
from tasks.dragon.triplets_rules_en_names import (
    _EN_SCORE, _aged, _name_conjunct, _possessive_name_part, _stat_figure, _title_as_written, name_written_possessive,
)
from tasks.dragon.triplets_rules_en_pronouns import AMBIGUOUS, main_clause_person
from tasks.dragon.triplets_rules_en_they import plural_name_before


class _EnSentence:
    """Noun-phrase helpers over one spaCy sentence (entity lookup precomputed once per doc)."""

    __slots__ = ("ent_of", "discourse")

    def __init__(self, ent_of: dict[int, object], discourse: _Discourse | None = None):
        self.ent_of = ent_of
        self.discourse = discourse if discourse is not None else _Discourse()

    # kept for callers that read them: the person / organisation named before this sentence
    @property
    def person(self) -> tuple[str, str | None] | None:
        return self.discourse.person

    @property
    def antecedent(self) -> tuple[str, str | None] | None:
        return self.discourse.org

    def phrase(self, head, as_subject: bool = False, common: bool = False) -> tuple[str, str | None] | None:
        """(text, NER label) of the noun phrase headed by ``head`` if it names something.

        Kept: compounds, adjectives, numbers and quantifiers left of the head, widened to
        whole entities ("Nordic Freight Ltd.", "$5 million"). It names something when the
        head itself is inside a named entity or is a proper noun, or the phrase holds a
        number ("2139 cars"). A named modifier alone is not enough: "Ghanaian winger",
        "Stuttgart carmaker" describe, they do not name. Dates count only when absolute
        ("October 2024", "1991", not "Monday", "the same year"). A subject must be a
        name, never a number or date: "October was the best month" states nothing about
        an entity.

        What points back is resolved through the article's discourse: "he"/"she", "it" as a
        subject, "the company" / "the N" for a name the text called an N, "Ms Redpath" or
        "Redpath" for the person named in full before.

        ``common``: a common noun may stand too ("repairs to the Vasa bridge", "the city
        council"): its phrase keeps a following "of/to/for/in <name>" that tells which one.
        """
        lower = head.lower_
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ:
            # "Leanne said she might breed from Biscuit": the speaker named in the sentence, not the last person before
            speaker = self.speaker(head)
            if speaker is not None and speaker[0] not in self.discourse.orgs and (
                    speaker[1] == _PER or speaker[0] in self.discourse.people or len(speaker[0].split()) > 1
                    and speaker[1] is None):
                self.discourse.people.add(speaker[0])
                return speaker[0], _PER
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ and head.head.dep_ == "advcl" \
                and head.head.i < head.head.head.i:
            # "If he is convicted, Kettridge could face life": a clause put before its main clause points
            # forward to the person the main clause names as its subject
            main = next((c for c in head.head.head.children if c.dep_ in _EN_SUBJ and c.i > head.head.i), None)
            named = self.phrase(main, as_subject=True) if main is not None and main.pos_ == "PROPN" else None
            if named is not None and named[0] not in self.discourse.orgs and (
                    named[1] == _PER or named[0] in self.discourse.people):
                return named[0], _PER
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ:
            named = main_clause_person(self, head)
            if named == AMBIGUOUS:
                return None  # "Ann Lee fired Tom Ayre, and he sued her": either may be "he"
            if named is not None:
                return named
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ | {"pobj"}:
            if self.discourse.person is not None:
                self.discourse.people.add(self.discourse.person[0])
            return self.discourse.person  # "Okafor previously led ..." after "... hired Daniel Okafor"; None when nobody was named
        forward = plural_name_before(head)  # "If Rovers win, they will face ...": Rovers
        if forward is not None:
            return self.phrase(forward, as_subject=True)
        if lower == "it" and head.dep_ in _EN_SUBJ:
            return self.resolve_it(head)
        if lower == "we" and head.dep_ in _EN_SUBJ:
            return self.resolve_we(head)
        if head.pos_ == "PRON" or lower in _EN_RELATIVE:
            return None
        if _EN_SCORE.match(head.text) and head.pos_ == "NOUN" and head.i > 0:
            team = next((c for c in head.lefts if c.dep_ == "compound" and c.pos_ == "PROPN" and c.i == head.i - 1), None)
            if team is not None:
                return self.phrase(team, as_subject=as_subject)  # "beat the Port Elgin Herons 5–2": the parser's head is the score
        title = _title_as_written(head)
        if title is not None:
            return title, nlp.spacy_label("WORK_OF_ART")
        if head.pos_ == "NOUN" and head.text[:1].isupper() and head.i not in self.ent_of and not list(head.lefts) \
                and (head.text in self.discourse.orgs or any(n == head.text for n, _ in self.discourse.names)):
            # "Helixbase, which was founded ..., sells ...": a name the article gave, tagged a common noun at the
            # start of a sentence
            named = next((n for n in self.discourse.names if n[0] == head.text), (head.text, None))
            return head.text, self.discourse.label(*named)
        if head.pos_ == "NOUN" and head.tag_ == "NNS" and head.text[:1].isupper() and head.text[1:].islower() \
                and head.i not in self.ent_of and not list(head.lefts) and _noun_form(head.text) is None:
            # "Tunks will be eligible for parole" after "Bradley Tunks": a surname ending in -s that the tagger read
            # as a plural noun (no noun of the lexicon) is the short name of the one person named so (the NER's
            # person, even where the discourse took the plural-looking name for a team's)
            people = {n for n, label in self.discourse.names if len(n.split()) > 1 and n.split()[-1].lower() == lower
                      and (label == _PER or n in self.discourse.people)}
            if len(people) == 1:
                return people.pop(), _PER
        if head.like_num and head.i >= 2 and head.doc[head.i - 1].text in ("-", "–") and head.doc[head.i - 2].like_num:
            return None  # "beat Harlow Town 3-1": a score's second number is nothing beaten
        if head.pos_ == "PROPN" and head.i > 0 and head.doc[head.i - 1].lower_ in ("a", "an") \
                and head.doc[head.i - 1].head.i == head.i and head.i + 1 < len(head.doc):
            # "A Herdwick tup bred by ...": a name after "a" is a kind; the parser took the noun after it for
            # something else ("tup" a verb), and the kind with its noun is a thing, not the name
            noun = head.doc[head.i + 1]
            if noun.is_alpha and noun.text.islower() and noun.head.i == head.i:
                return f"{head.text} {noun.text}", None
            return None
        known = _known_as(head) if head.pos_ == "NOUN" and head.i not in self.ent_of else None
        if known is not None:
            return self.phrase(known, as_subject=as_subject)  # "The house, known as Thornhaven, was sold": the name
        if head.pos_ == "NOUN" and head.i not in self.ent_of:
            ref = self.anaphor(head)
            if ref is not None:
                return ref
            if self.named_description(head):
                return self.common_phrase(head)
        if head.pos_ == "NOUN" and head.i not in self.ent_of:
            # "the consultancy Tidewater Ecology", "the Latvian bank Daugava Capital", "The developer,
            # Kastrup Ejendomme,": the name is the name
            named = next((a for a in head.children if a.dep_ == "appos" and a.pos_ == "PROPN"), None)
            if named is not None and any(t.dep_ == "det" for t in head.lefts):
                return self.phrase(named, as_subject=as_subject)
        if common and head.pos_ == "NOUN" and head.i not in self.ent_of and not any(t.like_num for t in head.lefts):
            return self.common_phrase(head)
        start = end = head.i
        stack = [head]
        while stack:
            token = stack.pop()
            for child in token.children:
                if child.dep_ in _EN_NP_KEEP and child.i < head.i:
                    if child.i < start:
                        start = child.i
                    stack.append(child)
        owner = _possessive_name_part(head)
        if owner is not None:
            start = min(start, owner.left_edge.i)  # "St Aidan's Hospital": the possessive is part of the name
        ent_of = self.ent_of
        head_ent = ent_of.get(head.i)
        doc = head.doc
        if head_ent is not None and start < head_ent.start and all(
                _describes_name(doc[i], ent_of) or _place_before_noun(doc, i, head_ent.start, ent_of)
                for i in range(start, head_ent.start)) \
                and (any(doc[i].pos_ == "NOUN" or (doc[i].pos_ == "PROPN" and _noun_form(doc[i].text))
                         for i in range(start, head_ent.start))
                     or any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts)):  # "western Norway" stays
            # "striker Daniel Okafor", "Rival carrier Channel Wings", "Ghanaian winger Kwame Asante",
            # "Swiss drugmaker Veltrane", "Chief Executive Marco Gentile": common nouns and adjectives
            # before a name describe it; the name is the name
            described_person = len(head_ent) > 1 and any(
                doc[i].lower_ in _EN_TITLE_WORDS | EN_PERSON_NOUNS for i in range(start, head_ent.start))
            start = head_ent.start
        else:
            described_person = False
        if head_ent is not None and head_ent.label_ == "PERSON" and start < head_ent.start:
            # "Larkspur Chief Executive Dana Ruiz", "Mum-of-two Jess Lumley", "Surrey businessman Derek Vane":
            # what comes before a person's name describes the person (a role fact of its own), it is no name
            described_person = any(doc[i].lower_.rstrip(".") in _EN_TITLE_WORDS | _EN_HONORIFICS
                                   for i in range(start, head_ent.start))
            start = head_ent.start
        if head_ent is not None:
            start, end = min(start, head_ent.start), max(end, head_ent.end - 1)
            after = doc[end + 1] if end + 1 < len(doc) else None
            if after is not None and after.like_num and after.dep_ == "nummod" and after.head.i == head.i \
                    and head_ent.label_ == "ORG" and not _stat_figure(doc, after.i):
                end += 1  # "United Toy and Plastics Workers Local 88": the number is part of the name
        elif head.pos_ == "PROPN" and end == head.i and end + 1 < len(doc) and doc[end + 1].dep_ == "nummod" \
                and doc[end + 1].head.i == head.i and doc[end + 1].text.isdigit() and len(doc[end + 1].text) <= 3 \
                and not _stat_figure(doc, end + 1):
            end += 1  # "Shed 2", "Terminal 5": a number right after a name is part of it
        if head.pos_ == "PROPN" and (any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts) or (
                head_ent is not None and head_ent.label_ in ("ORG", "EVENT", "FAC", "WORK_OF_ART"))):
            # "the Tour of the Fells", "the Bank of England": a name that goes on with "of <Name>"
            prep = doc[end + 1] if end + 1 < len(doc) else None
            if prep is not None and prep.lower_ == "of" and prep.head.i == head.i:
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                pobj_ent = ent_of.get(pobj.i) if pobj is not None else None
                if pobj is not None and pobj.pos_ == "PROPN" and pobj.right_edge.i == pobj.i \
                        and (pobj_ent is None or pobj_ent.label_ not in _EN_VALUE_LABELS) \
                        and _titled(doc[head.i : pobj.i + 1]):
                    end = pobj.i
        has_number = False
        for i in range(start, end + 1):
            token = doc[i]
            if token.like_num:
                has_number = True
            ent = ent_of.get(i)
            if ent is not None and ent is not head_ent:
                start, end = min(start, ent.start), max(end, ent.end - 1)  # "$5 million", "Nordic Freight Ltd."
        label = head_ent.label_ if head_ent is not None else None
        if label in _EN_TIME_LABELS and not _absolute_date(head_ent.text):
            return None
        if as_subject and (label in _EN_VALUE_LABELS or (label is None and has_number and head.pos_ != "PROPN")):
            return None
        if label is None and head.pos_ != "PROPN" and not has_number:
            return None
        cut = next((i for i in range(start + 1, end) if doc[i].lower_ == "rather" and doc[i + 1].lower_ == "than"), None)
        if cut is not None:
            end = cut - 1  # "$90 million rather than 30 annual payments": the rest was not chosen
        joined = next((c for c in head.children if c.dep_ == "conj" and _name_conjunct(head, c)), None)
        if joined is not None and joined.i > end:
            end = joined.i  # "South Yorkshire Fire and Rescue": one body, not two
        while end > start and doc[end].lower_ in ("and", "&") and end > head.i:
            end -= 1  # an entity run on into "and" whose second half the parser split off
        while end > start and doc[end].pos_ == "ADP" and doc[end].i != head.i:
            end -= 1  # "the Talon-V to": an entity run on into the next preposition
        while end > start and _EN_SCORE.match(doc[end].text) and (
                doc[end - 1].pos_ == "PROPN" or doc[end - 1].text[:1].isupper()):  # "the Port Elgin Herons 5–2"
            end -= 1  # "beat Harlow Town 2–0": the score is the result, not the team's name
        while start < end and doc[start].dep_ == "prt":
            start += 1  # "has handed over £5.1million": the verb's particle is not the amount's
        if doc[start].lower_ in ("than", "rather") or (start > 0 and doc[start - 1].lower_ == "than"):
            return None  # "rather than 30 annual payments": what was not chosen
        if any(doc[i].pos_ == "VERB" and doc[i].dep_ not in ("amod", "compound", "nmod", "npadvmod", "acl")
               and doc[i].tag_ not in ("VBN", "VBG") for i in range(start, end + 1)):
            return None  # "on-die and schedule every transfer": a clause run together, not a name
        run_end = figure_end(head) if head.like_num and start <= head.i <= end else None
        if run_end is not None and run_end > end:
            end = run_end  # "improved to 19-10-2-1", "stopped 27 of 31 shots": a figure is stated whole, never cut
        span = doc[start : end + 1]
        words = [t for t in span]
        while len(words) > 2 and words[0].lower_ in ("the", "a", "an") and words[1].tag_ in ("JJR", "JJS") \
                and words[2].text[:1].isupper() and words[1].lower_ not in ("first", "last"):
            words = [words[0]] + words[2:]  # "the larger Northbridge Aster": larger than nothing said here
        while len(words) > 1 and words[0].tag_ in ("JJR", "JJS") and words[1].text[:1].isupper():
            words = words[1:]
        titled = described_person
        while len(words) > 1 and (words[0].lower_ in ("the", "a", "an") or words[0].lower_.rstrip(".") in _EN_HONORIFICS
                                  or len(words) > 2 and (label == "PERSON" or words[0].text.islower())
                                  and (words[0].lower_ in _EN_TITLE_WORDS | EN_PERSON_NOUNS
                                       or words[0].lower_.split("-")[0] in EN_PERSON_NOUNS)
                                  and all(w.text[:1].isupper() for w in words[1:])):
            titled = titled or words[0].lower_ not in ("the", "a", "an")
            words = words[1:]  # "the Tour of the Fells", "Ms Redpath", "Dr Owen Pritchard", "Striker Leon Osei"
        # "Parkstone nurse Leanne Hardcastle", "Surrey businessman Derek Vane": a place or a firm and a noun for a
        # person before two capitalised words; the person is the last two (or more) words
        descriptor_of_name = None

        def chain_end(k: int) -> int:  # "Mum-of-two": a noun and its hyphenated words are one description
            while k + 2 < len(words) and words[k + 1].text in ("-", "–") and not words[k].whitespace_ \
                    and not words[k + 1].whitespace_:
                k += 2
            return k

        # a sentence's first word is capitalised whatever it is ("Linebacker Tremaine Osei, who ..."), but a firm's
        # name may begin with such a noun too ("Goalie Masks Inc."): a person's name ends in no common noun
        opener = len(words) > 2 and words[0].i == words[0].sent.start and _noun_form(words[-1].text) is None \
            and words[-1].is_alpha and words[-1].text[1:].islower()
        cut = max((chain_end(k) for k, w in enumerate(words[:-2]) if (w.lower_ in _EN_TITLE_WORDS or (
            w.text.islower() or chain_end(k) > k or k == 0 and opener) and w.lower_.split("-")[0] in EN_PERSON_NOUNS)
            and len(words) - chain_end(k) - 1 >= 2
            and all(x.text[:1].isupper() and x.pos_ == "PROPN" or x.text in ("-", "–") for x in words[chain_end(k) + 1:])), default=None)
        if cut is not None and (label not in ("ORG", "WORK_OF_ART", "EVENT") or words[0].text != words[0].text.upper()
                                and words[0].lower_.split("-")[0] in EN_PERSON_NOUNS):
            titled = True
            words = words[cut + 1:]
        while len(words) > 1 and label in ("ORG", "FAC") and words[0].is_alpha \
                and words[0].text.islower() and words[0].lower_ not in ("de", "van", "von", "la", "le", "da", "di", "du",
                                                                         "del", "der", "al", "el", "bin") \
                and any(w.text[:1].isupper() for w in words[1:]):
            stripped = words[0]
            words = words[1:]  # "rival Kessler Mills", "slammed housing association Harbourside Homes"
            if stripped.pos_ == "NOUN" and not words[0].text.islower() and _is_org_noun(stripped.lemma_.lower()):
                descriptor_of_name = stripped.lemma_.lower()  # "the association" later is this name
        text = doc[words[0].i : end + 1].text
        if descriptor_of_name and label == "ORG":
            self.discourse.descriptors.setdefault(descriptor_of_name, (text, _ORG))
            self.discourse.add_org(text)
        if "|" in text or "\n" in text:
            return None  # cells of a table run together: not one name
        if (head_ent is not None and head_ent.label_ == "PERSON" and len(head_ent) == 1 or (
                head_ent is None or len(head_ent) == 1 and head_ent.label_ in ("ORG", "GPE", "NORP"))
                and not list(head.lefts) and head.text[:1].isupper() and head.text not in self.discourse.orgs
                and head.dep_ == "appos" and head.head.pos_ == "NOUN") and head.pos_ == "PROPN":
            # "brothers Walt and Eddie Corrigan": the first names share the surname written once, at the end (the
            # small model may leave the lone first name untagged: "the couple Anna and Rhys Morgan")
            partner = next((c for c in head.children if c.dep_ == "conj" and c.ent_type_ == "PERSON"), None)
            partner_ent = ent_of.get(partner.i) if partner is not None else None
            if partner_ent is not None and len(partner_ent) >= 2 and partner_ent.start < partner.i < partner_ent.end \
                    and not partner_ent[0].whitespace_ == "" and all(
                        t.pos_ == "PROPN" or t.text in ("-", "–") for t in partner_ent):
                # "Farid and Leena Haddad-Marr": the surname is all the partner's name after the first name
                text = f"{text} {doc[partner_ent.start + 1 : partner_ent.end].text}"
                label = "PERSON"
        if as_subject and name_written_possessive(head, ent_of):
            if end + 1 < len(doc) and doc[end + 1].tag_ == "POS":
                text += doc[end + 1].text  # "St Mary's beat Nightcliff": the 's is part of the name
        elif text.endswith(("'s", "’s")):
            text = text[:-2]  # "Nordhav's chief executive"
        elif text.endswith(("'", "’")) and doc[end].tag_ == "POS" and end > start:
            text = doc[words[0].i : end].text  # "Marram Grass' trainer": a plural's apostrophe is not the name's
        mapped = nlp.spacy_label(label) if label is not None else None
        if head.pos_ == "PROPN" and len(text.split()) == 1 and not has_number:
            # "Nordhav's chief executive" after "Nordhav Energy": whatever the tagger made of the short form
            # "Fonoti, 22, joined ..." after "Aaliyah Fonoti": an age says a person, whatever the tagger's place
            aged = _aged(head, ent_of[head.i].end if head.i in ent_of else head.i + 1)
            short = self.discourse.short_name(text, loose=mapped is not None,
                                              person=mapped in (_PER, _ORG, None) or aged,
                                              after=doc[head.i + 1:head.sent.end].text,
                                              place=placed(doc, head.i))
            if short is not None:
                text, mapped = short
        if head.pos_ == "PROPN" and len(text.split()) > 1 and not has_number and (
                head.dep_ in _EN_SUBJ | {"dobj"} or head.dep_ == "pobj" and head.head.lower_ == "by"):
            team = self.discourse.team_of(text)  # what a place does or undergoes in a game is its team's
            if team is not None:
                text, mapped = team
        if head.pos_ == "PROPN" and len(text.split()) > 1 and not has_number and mapped not in (_PER, "LOC"):
            text, mapped = self.discourse.longer_name(text) or (text, mapped)  # "Palliser Pulse" of "... Ingredients"
        if _AGE_NOUN.search(text) and not any(t.pos_ == "PROPN" for t in span):
            return None  # "The 19-year-old was signed by ...": an age stands for a person it does not name
        if titled:
            self.discourse.people.add(text)
        return text, self.discourse.label(text, mapped)

    def named_description(self, head) -> bool:
        """ "the Lokka herding cooperative", "the Finch family trust": a definite common noun that a
        proper noun (not a place or nationality) tells apart is as good as a name."""
        definite = any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts)
        owner = next((t for t in head.lefts if t.dep_ == "poss" and t.pos_ == "NOUN"), None)
        if owner is not None and not definite and self.named_description(owner):
            return True  # "the Kessel fishermen's cooperative"
        for t in head.lefts:
            if t.dep_ in ("compound", "nmod") and t.pos_ == "PROPN" and t.text[:1].isupper() and (
                    definite or any(d.dep_ == "det" and d.lower_ == "the" for d in t.lefts)):
                ent = self.ent_of.get(t.i)
                if ent is not None and ent.label_ in ("ORG", "PERSON", "FAC"):
                    return True  # "the Maumbury Road car park": a facility's name tells which car park
                if (ent is None or ent.label_ == "NORP") and t.lower_ not in _en_common_words():
                    return True  # "Lokka" (tagged NORP), not "Swedish" or "Chief"
        return False

    def anaphor(self, head) -> tuple[str, str | None] | None:
        """ "the chain", "the museum", "the pass", "the company": a definite singular common noun
        that points back at a name the article gave (its descriptor), else, for an organisation
        noun, the speaker's organisation or the organisation named last."""
        if head.tag_ != "NN" or not any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts):
            return None
        if any(t.dep_ not in ("det", "amod", "punct") or t.lower_ in _EN_MERGED for t in head.lefts) or any(
                t.dep_ == "prep" and t.lower_ == "of" for t in head.rights):
            return None  # "the stock market", "the edge of the fire", "the combined company": another thing
        if any(t.dep_ == "appos" for t in head.children):
            return None  # "the consultancy Tidewater Ecology": the name follows
        lemma = head.lemma_.lower()
        discourse = self.discourse
        if lemma in _EN_ORG_ANAPHORS and lemma in discourse.descriptors:
            own = speaker_firm(self, head)
            if own is not None:
                return own  # "X's managing director, Y, said the firm wanted ...": X, not "the Ripon firm Z" named before
        if lemma in discourse.descriptors:
            named = discourse.descriptors[lemma]
            if lemma in ("company", "firm", "group", "business") and discourse.org is not None \
                    and discourse.org[0] != named[0] and discourse.org[0] in discourse.orgs and self.speaker(head) is None \
                    and discourse.subjects and discourse.subjects[-1][0] == discourse.org[0]:
                # "Stratacore, the ... software company, ... Helixbase ... sells a platform. The company says it
                # processes ...": a word as general as "company" means the organisation the text just spoke of
                return discourse.org
            return named
        if lemma not in _EN_ORG_ANAPHORS:
            bound = kind_antecedent(head, discourse)  # "the unit" after "X Hospital has opened a new cardiac unit"
            if bound is not None:
                return bound
        if lemma in _EN_ORG_ANAPHORS:
            speaker = self.speaker(head)
            if speaker is not None and speaker[0] in discourse.affiliation:
                return discourse.affiliation[speaker[0]]
            topic = discourse.topic() if speaker is not None and speaker[0] in discourse.titled else None
            if topic is not None:
                found = topic  # "Chief Executive Marco Gentile said the company ...": the article's firm
            else:
                found = self.sentence_org(head) or discourse.organisation(firm=lemma in _EN_FIRM_ANAPHORS)
            if found is not None and public_body_name(found[0]):
                return None  # "the utility" after "the Corran Bureau of Meteorology recorded ...": no business named
            if found is not None and found[1] != _ORG:
                discourse.add_org(found[0])
                found = (found[0], _ORG)
            return found
        return None

    def sentence_org(self, token) -> tuple[str, str | None] | None:
        """An organisation named as a main-clause subject earlier in the sentence: "Verdant Rows has
        raised 18 million euros, the company said" → Verdant Rows."""
        said = token.dep_ in _EN_SUBJ and _verb_lemma(token.head) in _EN_REPORTING and token.head.dep_ == "ROOT"
        for subject in reversed(token.sent[: token.i - token.sent.start]):
            if subject.dep_ in _EN_SUBJ and (subject.pos_ == "PROPN" or subject.i in self.ent_of) \
                    and subject.head.dep_ not in ("relcl", "acl") and not _subordinate(subject):
                named = self.phrase(subject, as_subject=True)
                if named is not None and (named[1] == _ORG or named[0] in self.discourse.orgs):
                    return named
                if named is not None and said and named[0] not in self.discourse.people | self.discourse.things \
                        and named[1] in (_PER, None):
                    return named  # "Solberg Shipping has won ..., the company said": the small model's PERSON is the firm
        return None

    def speaker(self, token) -> tuple[str, str | None] | None:
        """Who is reported to have said the clause ``token`` is in ("Ms Hollins said crews could not ..."), if
        the speaker is named before the clause."""
        verb = token.head
        seen = 0
        while verb.dep_ in ("conj", "advcl", "xcomp") and verb.head.i != verb.i and seen < 10:
            verb, seen = verb.head, seen + 1
        if verb.dep_ != "ccomp" or verb.head is verb or verb.head.lemma_.lower() not in _EN_REPORTING:
            return None
        subject = next((c for c in verb.head.children if c.dep_ in _EN_SUBJ), None)
        if subject is None:
            return None
        if subject.lower_ == "it":
            return self.discourse.it if subject.i > token.i else self.resolve_it(subject)
        return self.phrase(subject, as_subject=True, common=True)

    def resolve_it(self, pronoun) -> tuple[str, str | None] | None:
        """What "it" as a subject points back at: the organisation whose statement the clause is
        ("Orlan said it may bid" → Orlan), else the last subject before it in the sentence that is
        not a person ("the chain will not sell ..., though it may ..."), else the last such subject
        of the sentences before. Subjects of "if/when/because" clauses are passed over: "If demand
        recovers, it could expand ..." is not about demand."""
        verb = pronoun.head
        if verb.lemma_.lower() in _EN_EXPLETIVE_VERBS and any(
                c.dep_ in ("ccomp", "xcomp", "advcl", "csubj") and c.i > pronoun.i and any(
                    m.dep_ in ("aux", "mark") and m.lower_ in ("to", "that", "for") for m in c.children)
                for c in verb.children):
            return None  # "it may take 20 years for the peat to recover": "it" points at the clause after it
        if verb.lemma_.lower() in ("feel", "look", "sound", "seem") and any(
                c.dep_ == "prep" and c.lower_ == "like" for c in verb.children):
            return None  # "it feels like the natural next step": no thing
        top = verb
        while top.dep_ in ("conj", "advcl", "xcomp") and top.head.i != top.i:
            top = top.head
        if top.dep_ == "ccomp" and top.head.lemma_.lower() in _EN_REPORTING:
            subject = next((c for c in top.head.children if c.dep_ in _EN_SUBJ), None)
            if subject is not None and subject.i < pronoun.i and subject.lower_ not in ("he", "she", "they"):
                said_by = self.phrase(subject, as_subject=True, common=True) if subject.lower_ != "it" \
                    else self.resolve_it(subject)
                if said_by is not None and not self.discourse.is_person(said_by):
                    return said_by
                if said_by is None and subject.pos_ in ("NOUN", "PROPN"):
                    return None  # "the herders' cooperative said it will appeal": it is the speaker, unnamed
        quoted = _in_quote(pronoun)
        for token in reversed(pronoun.sent[: pronoun.i - pronoun.sent.start]):
            if quoted and not _in_quote(token):
                break
            if token.dep_ in _EN_SUBJ and token.head.dep_ not in ("relcl", "acl") \
                    and not (_subordinate(token) and not _inside(pronoun, token.head)):
                found = self.it_candidate(token)
                if found is not None:
                    return found
        if quoted:
            return None  # "it" in someone's own words points into what they said, not into the article
        return self.discourse.it

    def resolve_its(self, pronoun) -> tuple[str, str | None] | None:
        """What "its" points back at: the last main-clause subject before it that is no person, else the
        article's last such subject ("The museum received ... Its director, Helena Vos")."""
        for token in reversed(pronoun.sent[: pronoun.i - pronoun.sent.start]):
            if token.dep_ in _EN_SUBJ and token.head.dep_ not in ("relcl", "acl") and not _subordinate(token):
                found = self.it_candidate(token)
                if found is not None:
                    return found
        return self.discourse.it

    def resolve_we(self, pronoun) -> tuple[str, str | None] | None:
        """ "“We will not raise prices,” said Olga Brandt, head of sales at Ferrox Steel": "we" in what
        someone says is their organisation (or the organisation that speaks)."""
        if not _in_quote(pronoun):
            # news copy says "we" outside quotes only in an interview's answers (or a first-person piece): the
            # organisation of the one person the article introduced with a role, if there is exactly one
            people = {person for person in self.discourse.affiliation}
            if len(people) == 1 and self.speaker(pronoun) is None:
                return self.discourse.affiliation[next(iter(people))]
            return None
        said_by = self.speaker(pronoun)
        if said_by is None:
            return None
        role = self.speaker_role(pronoun)
        if role is not None:
            # "“We kept the ball,” said the Rovers' head coach, Petra Lund": "we" is the side the role is held at
            # (the possessive), never the role noun itself; no owner written, no guess
            owner = next((t for t in role.lefts if t.dep_ == "poss" and t.pos_ == "PROPN"), None)
            found = self.phrase(owner) if owner is not None else None
            return (found[0], _ORG) if found is not None and found[1] != _PER else None
        if said_by[0] in self.discourse.affiliation:
            return self.discourse.affiliation[said_by[0]]
        return None if said_by[1] == _PER or said_by[0] in self.discourse.people else said_by

    def speaker_role(self, token):
        """The role noun that says the clause ``token`` is in ("said the Rovers' head coach, X"), or None."""
        verb = token.head
        seen = 0
        while verb.dep_ in ("conj", "advcl", "xcomp") and verb.head.i != verb.i and seen < 10:
            verb, seen = verb.head, seen + 1
        if verb.dep_ != "ccomp" or verb.head is verb:
            return None
        subject = next((c for c in verb.head.children if c.dep_ in _EN_SUBJ), None)
        if subject is None or subject.pos_ != "NOUN" or subject.i in self.ent_of:
            return None
        return subject if subject.lower_ in _EN_TITLE_WORDS | EN_PERSON_NOUNS else None

    def it_candidate(self, subject) -> tuple[str, str | None] | None:
        """``subject`` resolved, if "it" could point back at it (a thing or an organisation, never a person)."""
        if subject.lower_ in _EN_RELATIVE:
            anchor = subject.head
            if anchor.dep_ != "relcl":
                return None
            subject = anchor.head
        if subject.pos_ == "PRON" and subject.lower_ != "it" or subject.tag_ == "NNS":
            return None
        found = self.phrase(subject, as_subject=True, common=True)
        if found is None or self.discourse.is_person(found):
            return None
        return found

    def common_phrase(self, head) -> tuple[str, str | None] | None:
        if head.lower_ in _EN_ORG_ANAPHORS and any(t.lower_ == "the" for t in head.lefts) \
                and not self.named_description(head):
            # "Portline will cancel ... The airline carried ...": the organisation named before
            if len([t for t in head.lefts if t.dep_ not in ("det", "amod")]) == 0:
                return self.anaphor(head)
            return None
        named = self.named_description(head)
        described = any(t.dep_ in ("amod", "compound") for t in head.lefts)
        if head.lower_ in _EN_GENERIC_NOUNS and not described and not named \
                or head.lower_ in _EN_ORG_ANAPHORS and not named and not (
                    described and any(t.dep_ == "poss" for t in head.lefts)) \
                or head.tag_ == "NNS" and head.lower_ in ("others", "ones"):
            return None  # "its hydropower business", "its frozen-meals unit" are things; "the business" points back
        first = head.i
        stack = [t for t in head.lefts if t.dep_ in ("amod", "compound", "nmod")
                 or t.dep_ == "poss" and t.pos_ == "NOUN" and self.named_description(t)]
        while stack:  # "the Riga Masters chess tournament", "an experimental heart failure drug": modifiers of modifiers
            token = stack.pop()
            first = min(first, token.i)
            stack += [t for t in token.lefts if t.dep_ in ("amod", "compound", "nmod", "advmod", "npadvmod", "nummod")]
        while first < head.i and head.doc[first].dep_ in ("punct", "det", "poss", "case"):
            first += 1
        if any(t.pos_ == "VERB" and t.tag_ in ("VB", "VBD", "VBZ", "VBP") for t in head.doc[first:head.i]):
            return None  # "on-die and schedule every transfer": a clause run together, not a thing
        words = [head.doc[first : head.i + 1].text]
        for prep in head.rights:
            if prep.dep_ == "prep" and prep.lower_ in ("of", "to", "for", "in"):
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                if pobj is not None and self.is_time(pobj):
                    break  # "rebuilt the main stand in 2022": when it was done, not which stand
                named = self.phrase(pobj) if pobj is not None else None
                if named is None and pobj is not None and any(t.pos_ == "PROPN" for t in pobj.lefts):
                    named = (" ".join(t.text for t in pobj.lefts if t.dep_ in ("compound", "amod")) + " " + pobj.text, None)
                if named is None and pobj is not None and prep.lower_ == "of" and pobj.pos_ == "NOUN" \
                        and pobj.i not in self.ent_of:
                    # "the risk of kidney damage": what kind of risk
                    named = (_EnSentence.plain_text(pobj, det=False), None)
                if named is not None:
                    words += [prep.text, named[0]]
                break
        return " ".join(w for w in words if w), None

    @staticmethod
    def with_conjuncts(token) -> list:
        out = [token]
        for child in token.children:
            if child.dep_ == "conj" and not _name_conjunct(token, child):
                out.extend(_EnSentence.with_conjuncts(child))
        return out

    @staticmethod
    def plain_text(token, det: bool = True) -> str:
        """A common-noun object as written, for folding into the relation ("open a new terminal in")."""
        keep = ("det", "amod", "compound", "nummod", "poss") if det else ("amod", "compound", "nummod")
        left = [t for t in token.lefts if t.dep_ in keep]
        if not left:
            return token.text
        # the words as written from the first kept modifier ("the two companies' warehouses")
        return token.doc[min(t.left_edge.i for t in left) : token.i + 1].text

    def is_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS

    def is_absolute_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS and _absolute_date(ent.text)


def _in_quote(token) -> bool:
    """Is ``token`` inside quotation marks (direct speech)?"""
    inside = False
    for t in token.doc[: token.i]:
        if t.text in ("“", "«"):
            inside = True
        elif t.text in ("”", "»"):
            inside = False
        elif t.text == '"':
            inside = not inside
    return inside


def _titled(span) -> bool:
    """ "Tour of the Fells": every word but the small ones is capitalised."""
    return all(t.text[:1].isupper() or t.lower_ in ("of", "the", "and", "&") for t in span)


def _place_before_noun(doc, i: int, stop: int, ent_of) -> bool:
    """ "Tallinn software maker Kvarts Labs": a place that qualifies a common noun before the name."""
    ent = ent_of.get(i)
    return doc[i].pos_ in ("PROPN", "NOUN") and doc[i].text[:1].isupper() and ent is not None \
        and ent.label_ in ("GPE", "LOC", "ORG") and ent.end < stop \
        and any(doc[j].pos_ == "NOUN" and j not in ent_of for j in range(ent.end, stop))


def _describes_name(token, ent_of) -> bool:
    """A word before a name that describes it: a common noun or adjective, a nationality, or a title
    written in capitals ("Chief Executive"); never a number."""
    if token.like_num:
        return False
    ent = ent_of.get(token.i)
    if token.pos_ in ("NOUN", "ADJ") or token.pos_ == "VERB" and token.text.islower() and token.tag_ in ("VBN", "VBG"):
        return ent is None or ent.label_ == "NORP"  # "slammed housing association Harbourside Homes" (a misparse)
    if token.pos_ == "PROPN":
        return (ent is not None and ent.label_ == "NORP") or (ent is None and _noun_form(token.text) is not None)
    return False


#: verbs of an "it" that stands for a clause after it: "it is likely that", "it may take years for X to"
_EN_EXPLETIVE_VERBS = frozenset({"be", "seem", "appear", "take", "remain", "become", "matter", "happen"})
_EN_SUBORDINATE_MARKS = frozenset({
    "if", "unless", "when", "whenever", "because", "as", "since", "while", "after", "before", "until", "once",
    "although", "though", "whether",
})


def _subordinate(subject) -> bool:
    """Is ``subject`` the subject of an "if/when/because/after ..." clause? "it" in the main clause
    does not point back at it ("If demand recovers, it could expand ..." is not about demand)."""
    verb = subject.head
    while verb.head.i != verb.i:
        if verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _EN_SUBORDINATE_MARKS for c in verb.children):
            return True
        verb = verb.head
    return False


def _inside(token, clause) -> bool:
    return clause.left_edge.i <= token.i <= clause.right_edge.i


def _known_as(noun):
    """ "the house, known as Thornhaven,", "a schooner called Bluenose": the name a participle of naming gives a
    common noun (its head token), or None."""
    for acl in noun.children:
        if acl.dep_ != "acl" or acl.tag_ != "VBN" or acl.lemma_.lower() not in ("know", "call", "name") \
                or acl.i != noun.right_edge.i and noun.doc[noun.i + 1].text not in (",", "—") and acl.i != noun.i + 1:
            continue
        names = [c for c in acl.children if c.dep_ in ("oprd", "attr", "dobj") and c.pos_ == "PROPN"]
        names += [p for c in acl.children if c.dep_ == "prep" and c.lower_ == "as"
                  for p in c.children if p.dep_ == "pobj" and p.pos_ == "PROPN"]
        if len(names) == 1:
            return names[0]
    return None
