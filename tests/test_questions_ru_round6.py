"""Russian questions, round 6: causes an independent judge found on held-out news-ru (bench/site4),
each fixed as a class and tested here on sentences written for the class, not the judged ones."""
from __future__ import annotations

from tests.test_questions_ru_grammar import RULES, edge, question
from schemas import Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_ru_checks import ru_class_in_sentences, ru_label_class


def asked(e, ask: str):
    """The question, or None with the recorded reason when it is skipped."""
    answer, named = ("n2", "n1") if ask == "tail" else ("n1", "n2")
    sub = Subgraph(subgraph_id=f"s-{ask}", type="simple", lang="ru", edges=[e], answer_nodes=[answer], question_nodes=[named])
    batch = generate_questions([sub], RULES, QuestionConfig())
    return (batch.items[0].question, None) if batch.items else (None, batch.failures[0].reason)


# ---------------------------------------------------------------- 1. a thing is named by its own class noun

def test_class_noun_from_apposition_label_head_and_declined_name():
    assert ru_class_in_sentences("Белые ночи", ["Хор исполнит кантату на фестивале «Белые ночи»."]) == "фестиваль"
    assert ru_class_in_sentences("Буря", ["Зрители увидят новую постановку «Буря»."]) == "постановка"
    assert ru_class_in_sentences("Буря", ["«Бурю» поставил режиссёр."]) is None
    assert ru_label_class("Ленинский районный суд") == "суд"
    assert ru_label_class("Пермская филармония") == "филармония"
    assert ru_label_class("Игорь Мамаев") is None


def test_a_person_role_is_asked_with_whose():
    """«Адвокатом кого является ...?» is no Russian: «Чьим адвокатом», «Чьей помощницей»."""
    assert question(edge("Ирина Котова", "адвокат", "Павел Зуев", "Его адвокат Ирина Котова подаст жалобу.",
                         "person", "person"), "tail") == "Чьим адвокатом является Ирина Котова?"
    assert question(edge("Ольга Нестерова", "помощница", "Павел Зуев", "Помощница Ольга Нестерова сказала.",
                         "person", "person"), "tail") == "Чьей помощницей является Ольга Нестерова?"


def test_a_role_of_an_organisation_names_its_class_or_is_skipped():
    """«Главным режиссёром чего является ...?»: the class noun the role's genitive gives, else no «чего»."""
    e = edge("Анна Петрова", "художественный руководитель", "Молодёжная сцена",
             "Художественный руководитель театра Анна Петрова рассказала о планах.", "person", "org")
    assert question(e, "tail") == "Художественным руководителем какого театра является Анна Петрова?"
    e = edge("Анна Петрова", "директор", "Северный", "Директор Анна Петрова рассказала о планах.", "person", "place")
    text, reason = asked(e, "tail")
    assert text is None and "no class noun" in reason


def test_a_court_a_choir_a_festival_are_not_an_organisation_or_a_place():
    e = edge("Ленинский районный суд", "арестовать", "Игорь Мамаев", "Ленинский районный суд арестовал Игоря Мамаева.",
             "org", "person")
    assert question(e, "head") == "Какой суд арестовал Игоря Мамаева?"
    e = edge("Северные звёзды", "открыть", "Белые ночи", "Хор «Северные звёзды» откроет фестиваль «Белые ночи».",
             "org", "org", "planned")
    assert question(e, "tail").startswith("Какой фестиваль ")
    assert question(e, "head").startswith("Какой хор ")


def test_a_place_without_a_class_noun_is_not_called_a_place():
    """«Под каким местом ...?», «Какое место отправится ...?»: no reader says «место» of a named thing."""
    e = edge("Каменка", "находиться", "Тольятти", "Каменка находится под Тольятти.", "place", "place")
    text, reason = asked(e, "head")
    assert text is None and "no class noun" in reason
