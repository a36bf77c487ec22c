"""Russian rules triplets: mending the head errors natasha's parser makes on long news sentences.

``_repair_parse_ru`` is the driver: it runs the repair passes in a fixed order, each a ``mend_*`` function
of the module that owns its concern (the module is named beside each call). The order matters: a later
pass reads what the earlier ones mended.
"""
from __future__ import annotations

from benchmill import nlp

from tasks.dragon.rules_ru.agreement import (
    mend_accusative_subject, mend_animate_object, mend_fronted_object, mend_infinitive_subject, mend_stray_adjectives,
)
from tasks.dragon.rules_ru.amounts import mend_split_amounts
from tasks.dragon.rules_ru.auxiliaries import (
    mend_auxiliary_dependents, mend_future_auxiliary, mend_infinitives_on_nouns, mend_instrumental_agents,
    mend_instrumental_subjects, mend_intention_infinitives, mend_short_passives,
)
from tasks.dragon.rules_ru.clauses import (
    mend_arguments_across_verbs, mend_arguments_of_own_stretch, mend_conditional_roots, mend_conditions_in_that_clauses,
    mend_second_roots, mend_subordinate_subjects, mend_subordinators,
)
from tasks.dragon.rules_ru.coordination import _repair_coordination_ru
from tasks.dragon.rules_ru.dashed import mend_dashed_amount
from tasks.dragon.rules_ru.descriptors import mend_descriptor_name
from tasks.dragon.rules_ru.fronted import mend_fronted_bare_objects, mend_fronted_objects, mend_nouns_read_as_adjectives
from tasks.dragon.rules_ru.lexicon import _RU_CLAUSE_BREAKS, _RU_FUTURE_AUX
from tasks.dragon.rules_ru.negation import mend_negated_subject
from tasks.dragon.rules_ru.noun_phrases import (
    mend_adjectives_heading_nouns, mend_coordinated_adjectives, mend_nouns_as_adjective_modifiers,
    mend_nouns_under_adjectives, mend_stranded_genitives,
)
from tasks.dragon.rules_ru.objects import (
    mend_animate_genitives, mend_appositive_cases, mend_coordinated_cases, mend_second_objects,
    mend_secondary_predicate_objects, mend_verb_numerals,
)
from tasks.dragon.rules_ru.participles import mend_participial_clauses, mend_participle_agreement
from tasks.dragon.rules_ru.predicatives import mend_predicative_subjects
from tasks.dragon.rules_ru.prepositions import (
    mend_preposition_heads, mend_prepositional_appositives, mend_prepositional_arguments, mend_verb_noun_modifiers,
)
from tasks.dragon.rules_ru.quoted_names import mend_quoted_appositives, mend_quoted_objects
from tasks.dragon.rules_ru.relatives import mend_relative_nouns, mend_relative_pronouns, mend_relative_roots
from tasks.dragon.rules_ru.subject_candidates import _could_be_subject
from tasks.dragon.rules_ru.subjects import (
    mend_missing_subjects, mend_object_verb_subject, mend_quoted_genitive_subjects, mend_subject_number,
    mend_subject_verb_object_swapped, mend_subjects_across_commas, mend_two_subjects,
)
from tasks.dragon.rules_ru.tagging import _mend_capitalised_first_word, _mend_signed_numbers, _mend_tagged_forms
from tasks.dragon.rules_ru.tree import ParseTree


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

    mend_preposition_heads(tree)  # "арендовала у казанской компании ... судно" (prepositions.py)
    mend_coordinated_adjectives(tree, vocab)  # "Засвияжский и Ленинский районы" (noun_phrases.py)
    mend_prepositional_arguments(tree)  # "подаст жалобу в ... суд": суд no subject (prepositions.py)
    mend_prepositional_appositives(tree)  # "игру ... против «Невских львов»" (prepositions.py)
    mend_verb_noun_modifiers(tree)  # "обошёлся городу в 2 млрд рублей" (prepositions.py)

    # a personal verb form the tagger read as a participle or an adjective ("Подрядчик оборудует ...":
    # VerbForm=Part; "Электробусы произведёт завод": ADJ) is a finite verb when pymorphy knows the word
    # only as one; a noun it read as an adjective ("Электробусы") is a noun when pymorphy knows no other
    _mend_tagged_forms(tokens, vocab)
    mend_stray_adjectives(tree)  # "примут красноярских «Ястребов»": the adjective's noun is the object
    mend_accusative_subject(tree, lambda noun, verb: _could_be_subject(vocab, noun, verb.feats or {}, tree.kids,
                                                                       strict=True))
    mend_fronted_object(tree, vocab, _RU_CLAUSE_BREAKS)  # "Первую очередь девелопер планирует сдать ..."
    mend_short_passives(tree, vocab)  # "будет введён компанией": a verb, not an adjective (auxiliaries.py)
    mend_nouns_as_adjective_modifiers(tree)  # "наценку на важные препараты" (noun_phrases.py)
    mend_adjectives_heading_nouns(tree)  # "со «Средневолжской мостостроительной компанией»" (noun_phrases.py)

    # clauses: a subordinator's verb, then the "если" clauses (clauses.py)
    mend_subordinators(tree)
    mend_conditions_in_that_clauses(tree)  # "сказал, что если X, Y"
    mend_conditional_roots(tree)
    mend_subordinate_subjects(tree)  # "Если производитель, X, сорвёт сроки, Y может ...": X is сорвёт's only

    # auxiliaries and passives (auxiliaries.py, negation.py, agreement.py)
    mend_future_auxiliary(tree)  # "повышать тарифы перевозчик не будет"
    mend_negated_subject(tree)  # "Перекрывать улицу строители не будут": не → строители is the verb's (negation.py)
    mend_infinitive_subject(tree, lambda noun, aux: _could_be_subject(vocab, noun, aux.feats or {}, tree.kids, strict=True),
                            _RU_FUTURE_AUX)  # "Закрывать переправу минтранс не будет" (минтранс obj, agreement.py)
    mend_auxiliary_dependents(tree)  # (after the two above) "клуб не будет повышать": клуб, не → будет
    mend_instrumental_subjects(tree, vocab)  # "было обнаружено лётчиками-наблюдателями"
    mend_instrumental_agents(tree, vocab)  # "... компанией не планируется"

    mend_arguments_of_own_stretch(tree)  # an argument's verb between its commas (clauses.py)
    mend_arguments_across_verbs(tree)  # "руководил омским театром" (clauses.py)
    mend_nouns_under_adjectives(tree)  # "предприятия в ... областях" (noun_phrases.py)

    # relative clauses and participles: "который" and its noun (relatives.py, participles.py)
    mend_relative_pronouns(tree, vocab)  # "георадара, который институт получил"
    mend_relative_roots(tree, vocab)
    mend_relative_nouns(tree, vocab)  # "аппарат ..., который был закуплен"
    mend_participle_agreement(tree)  # "договора о развитии территории, заключенного ..."
    mend_quoted_appositives(tree, vocab)  # "с производителем красок «Колорит»" (quoted_names.py)
    mend_intention_infinitives(tree, vocab)  # "который намерен выставить на торги комплекс" (auxiliaries.py)

    # objects (objects.py, noun_phrases.py)
    mend_verb_numerals(tree)  # "вырастет на 7% — до 146 рублей"
    mend_coordinated_cases(tree)  # "на аукционе, ..., 2,4 млрд рублей"
    mend_appositive_cases(tree)  # "назначил генеральным директором Олега Кравцова"
    mend_secondary_predicate_objects(tree, vocab)  # "признал банкротом ООО «Сибирский каравай»"
    mend_second_objects(tree)  # "запустит первую очередь комбината"
    mend_animate_genitives(tree)  # "привлекать к проекту иностранных партнёров"
    mend_stranded_genitives(tree)  # "директор «Заволжской нивы» Олег Самсонов" (noun_phrases.py)

    # subjects (subjects.py, clauses.py)
    mend_subject_number(tree, vocab)  # "Сырьё «Сурскому» поставляют около 120 хозяйств"
    mend_subjects_across_commas(tree)  # "Пост заняла Марина Кузьмина, ..., а ее предшественник ..."
    mend_two_subjects(tree, vocab)  # "Министерство цифрового развития возглавит Руслан Ахметов"
    mend_second_roots(tree)  # "Кравцов сравнял счёт, а на 77-й минуте реализовал пенальти" (clauses.py)

    _repair_coordination_ru(tree, vocab)  # each coordinated verb its own arguments (coordination.py)
    mend_participial_clauses(tree)  # ", ранее возглавлявший ...": the noun's clause (participles.py)
    mend_quoted_objects(tree, vocab)  # "обыграли на своём льду «Северных рысей»" (quoted_names.py)
    mend_fronted_objects(tree, vocab, _could_be_subject)  # "Запись концерта может показать телеканал «Волна»" (fronted.py)
    mend_predicative_subjects(tree, vocab, _could_be_subject)  # "Сделку должна одобрить служба" (predicatives.py)
    mend_split_amounts(tree)  # «2 млрд рублей и ... до 120 тысяч тонн»: one amount each (amounts.py)
    mend_dashed_amount(tree)  # "Часть средств — 15 млрд рублей — компании выделит Фонд" (dashed.py)
    mend_descriptor_name(tree, vocab)  # "Вологодский клуб по хоккею «Северные ястребы» проиграл" (descriptors.py)

    mend_object_verb_subject(tree, vocab)  # "Солнечные модули изготовит завод «Солар-Модуль»" (subjects.py)
    mend_subject_verb_object_swapped(tree, vocab)  # "Трамваи соберёт завод «Уралтрансмаш»" (subjects.py)
    mend_infinitives_on_nouns(tree, vocab)  # "авиакомпания сокращать рейсы не планирует" (auxiliaries.py)
    mend_quoted_genitive_subjects(tree, vocab)  # "Сокращать персонал «Агропром» не планирует" (subjects.py)
    mend_missing_subjects(tree, vocab)  # "КГК заплатила ...": the nearest agreeing nominative (subjects.py)
    mend_animate_object(tree, vocab)  # "примет дома «Уральских волков»": the animate plural is the object
    # (last: the subject repairs above may leave a fronted object an oblique)
    mend_fronted_bare_objects(tree, vocab)  # "Следующий матч «Речные волки» сыграют в Перми" (матч obl; fronted.py)
    nlp.break_head_cycles(tokens)
