"""Russian rules engine on agency-style news copy (issue 10): attribution, anaphora, appositive
roles, passives, plans, negations, conditions. Sentences written for these tests, real natasha."""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import IncrementDoc
from tasks.dragon.triplets import extract_triplets

RULES = EngineConfig(kind="rules")


def ru_facts(*paragraphs: str) -> set[tuple[str, str, str, str]]:
    doc = IncrementDoc(doc_id="ru-news", version_id="ru-news-v1", canonical_url="https://news.example/ru-news",
                       lang="ru", title="", text="\n\n".join(paragraphs), new_paragraphs=list(paragraphs))
    batch = extract_triplets([doc], RULES)
    assert batch.failures == []
    return {(t.subject, t.relation, t.object, t.modality) for t in batch.triplets}


def triplets(*paragraphs: str):
    doc = IncrementDoc(doc_id="ru-news", version_id="ru-news-v1", canonical_url="https://news.example/ru-news",
                       lang="ru", title="", text="\n\n".join(paragraphs), new_paragraphs=list(paragraphs))
    return extract_triplets([doc], RULES).triplets


# --------------------------------------------------------------------------- attribution, parentheses


def test_trailing_attribution_leaves_the_fact_its_subject():
    found = ru_facts("«Северная верфь» (СВ) спустила на воду ледокол «Таймыр», сообщила в пятницу пресс-служба верфи.")
    assert any(s == "Северная верфь" and r.startswith("спустить") for s, r, _, _ in found), found


def test_abbreviation_in_parentheses_names_the_company_later():
    found = ru_facts("«Уральская энергетическая компания» (УЭК) получила лицензию на добычу угля. "
                     "За лицензию УЭК заплатила 300 млн рублей.")
    assert ("Уральская энергетическая компания", "получить", "лицензия на добычу угля", "asserted") in found
    assert not any("УЭК" in s or "УЭК" in o for s, _, o, _ in found), found


def test_attribution_keeps_the_role_it_names_and_says_nothing_itself():
    found = ru_facts("«Балтийский текстиль» откроет фабрику в Пскове, сообщил генеральный директор компании Павел Зуев.")
    assert ("Павел Зуев", "генеральный директор", "Балтийский текстиль", "asserted") in found
    assert not any(r.startswith("сообщить") for _, r, _, _ in found), found


def test_facts_keep_the_sentence_as_written():
    sentence = "«Балтийский текстиль» (БЛ) откроет фабрику в Пскове, сообщил генеральный директор компании Павел Зуев."
    assert {t.sentence for t in triplets(sentence)} == {sentence}
