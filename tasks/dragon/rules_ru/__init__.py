"""Triplet extraction, rules engine, Russian: dependency patterns over a natasha parse (see
tasks/dragon/triplets.py for the stage; the entry point is ``_rules_ru``).

One module per concern, in the order an article goes through them:

| module | what it holds |
|---|---|
| ``extract.py`` | the extractor proper: ``_rules_ru`` (parse, simplify, mend, read facts off each verb and role noun) |
| ``arguments.py`` | what a verb's arguments are: agents of a passive, obliques that complete the verb or name a thing, places, time, a light verb over a noun of action |
| ``roles.py`` | the facts a role noun states (``_noun_facts_ru``, ``_role_facts_ru``): «глава Газпрома», «Москва — столица России» |
| ``simplify.py`` | sentences rewritten before the second parse: parentheses, abbreviations, attribution clauses |
| ``repairs.py`` | mending natasha's head errors: ``_repair_parse_ru``, the driver that runs the repair passes below in their order |
| ``prepositions.py``, ``noun_phrases.py`` | repair passes: where a preposition and its noun belong; the heads inside a noun phrase (a noun read as an adjective's modifier, an adjective heading its noun, a stranded genitive) |
| ``clauses.py``, ``relatives.py`` | repair passes: a subordinator's verb, «если» clauses, an argument's own stretch between commas, a second root; «который» clauses and the noun they belong to |
| ``auxiliaries.py`` | repair passes: short passives, the future «будет», what hangs on an auxiliary, a passive's agent, an infinitive's plan or possibility word |
| ``subjects.py``, ``objects.py`` | repair passes: a finite verb's subject (agreement, two subjects, object-verb-subject order, the nearest agreeing nominative); its direct object (numerals, cases of names and coordinated nouns, one object) |
| ``tagging.py``, ``subject_candidates.py`` | the tagger's part-of-speech errors, mended before the head repairs (a signed number, a verb or noun tagged otherwise, a capitalised first word); whether a noun could be a verb's subject (agreement in number and gender) |
| ``coordination.py`` | mending heads across coordinated clauses and stacked names (each verb its own arguments) |
| ``agreement.py``, ``participles.py``, ``predicatives.py`` | repairs of one kind each: an adjective hung on a noun it does not agree with, a participial clause hung on the verb, the subject of «должна + infinitive» read as its object |
| ``gapping.py`` | a clause whose verb a dash stands for («расходы — 19 млрд рублей») |
| ``dashed.py``, ``descriptors.py`` | an amount between dashes before its verb («Часть средств — 15 млрд рублей — компании выделит»); a place adjective and class noun before the noun's complement and a quoted name («Вологодский клуб по хоккею «Северные ястребы»»): the name is the one named |
| ``fronted.py``, ``quoted_names.py`` | the object put first before a modal or plan verb and its infinitive («Запись концерта может показать телеканал «Волна»»); quoted names hung on the wrong word («обыграли на своём льду «Степных орлов»», «против «Амурских соколов»») and declined ones named in the nominative |
| ``purposes.py`` | what a sum is for («выделить на покупку котла» → «14 млн рублей») and «за счёт» as the source of what is done |
| ``recipients.py`` | the dative of a verb of giving: whom it goes to, in the relation beside the thing given, never the object alone |
| ``indefinite.py`` | indefinite-personal clauses («терминал построят», «выделили 12 млн»): the object as the passive subject |
| ``amounts.py``, ``routes.py`` | an amount natasha split across phrases («вложит ... 2 млрд рублей и увеличит выпуск до 120 тысяч тонн»); a route named by its two ends («линия Владивосток — остров Попова») |
| ``quantified.py``, ``lists.py``, ``ranks.py``, ``terms.py``, ``appositions.py`` | subjects that are shares of people; lists under one word; places in a ranking; sentences and maximum terms; a role named after a dash |
| ``tree.py`` | ``ParseTree``: the walks over a parse the repairs share (children, head, verbs, ancestors, a clause's stretch between commas, loop-safe re-attachment) |
| ``phrases.py`` | ``_RuSentence``: what a token names as a subject or object (a name, a date, an amount, a thing, a role) |
| ``class_nouns.py`` | an entity's name with the class noun its article writes before the quoted name («завод «Богородская кожа»»), at every mention |
| ``written_forms.py`` | a fact's ends in the nominative the article writes («Полярный промысел», not the guessed «промысл»; «лучшее», not «наихорошее»), and an institution said by its head named in full («Мурманский областной драматический театр») |
| ``place_names.py`` | a name in apposition to its place class noun, said in the nominative with it («в бухте Китовой» → «бухта Китовая»; a genitive name, «улица Ленина», stays as written) |
| ``reference.py`` | what a bare noun, a pronoun or an abbreviation points back at (the article's ``_Memory``) |
| ``modality.py`` | asserted / planned / possible / negated / conditional from a verb's particles, tense, clause and head |
| ``morph.py`` | word-level morphology (lemmas, animacy, nominatives natasha could not give) |
| ``lexicon.py`` | the closed classes of general vocabulary the rules read (verbs of saying, modal words, anaphoric nouns) |
"""
from tasks.dragon.rules_ru.extract import _rules_ru

__all__ = ["_rules_ru"]
