"""English triplets: a fact under a verb of threat, boast, claim or need is no done fact (nor a plan); a vow or a
wish is a plan; a game not played has no score; "the company" is read back only to a firm, never to a town, and to
the speaker's own firm before one named earlier (h-ensubj65). Sentences of our own."""
from __future__ import annotations

import pytest

from tests.en_articles import article

#: (article, facts it must give)
GIVEN = [
    ("Mayor Ruth Penley vowed to rebuild the Aske footbridge. Halden Steel wishes to expand its plant in Wexby.",
     {("Ruth Penley", "rebuild", "Aske footbridge", "planned"), ("Halden Steel", "expand its plant in", "Wexby", "planned")}),
    ("Halden Steel agreed to buy Tarrow Forge. Brackley Rovers scored twice to beat Oxton Albion 2-0 at Mercer Park.",
     {("Halden Steel", "agree to buy", "Tarrow Forge", "asserted"), ("Brackley Rovers", "beat Oxton Albion", "2-0", "asserted")}),
    ("Brackley Rovers are hoping to beat Oxton Albion 3-0 at Mercer Park on Saturday.",
     {("Brackley Rovers", "beat", "Oxton Albion", "planned")}),
    ("Dunholm will gain 60 jobs after a deal with Ravensby Timber Products. The company bought the old sawmill for "
     "2 million dollars in March.",
     {("Ravensby Timber Products", "buy the old sawmill for", "2 million dollars", "asserted")}),
    ("Ravensby Timber Products plans to reopen the sawmill east of Dunholm. The company bought the mill in August.",
     {("Ravensby Timber Products", "buy the mill in", "August", "asserted")}),
    ("Wharfe Homes plans to build 300 homes near Otley. The sale was handled by the Leeds firm Aire Land Agents, whose "
     "partner, Ruth Kemp, said there had been strong interest. Wharfe Homes' managing director, Tom Hale, said the "
     "firm wanted to build a new school.",
     {("Wharfe Homes", "build", "new school", "planned")}),
    # a verb conjoined to one of claim, need or threaten that governs no infinitive is stated
    ("The fire claimed two lives and destroyed the Aske school in May.",
     {("fire", "destroy", "Aske school", "asserted")}),
    ("Harlow Town claimed the title and beat Kendal Rovers 3-1 at Mercer Park.",
     {("Harlow Town", "beat Kendal Rovers", "3-1", "asserted"),
      ("Harlow Town", "beat Kendal Rovers at", "Mercer Park", "asserted")}),
    ("Tom Hale needs no introduction and founded Halden Steel in 1998.",
     {("Tom Hale", "found", "Halden Steel", "asserted")}),
    ("Halden Steel threatened workers with dismissal and closed its Wexby foundry in May.",
     {("Halden Steel", "close its Wexby foundry in", "May", "asserted")}),
    ("Tarn Rovers threatened their rivals with legal action and signed Tom Hale in June.",
     {("Tarn Rovers", "sign", "Tom Hale", "asserted")}),
    # "the club" is the club's, not the firm the sentence named; "the company" is the firm's
    ("Harlow Town agreed a shirt deal with Tarn Holdings. The club will open a new stand in May.",
     {("Harlow Town", "open a new stand in", "May", "planned")}),
    ("Wexby Town signed a sponsorship deal with Tarn Holdings. The club will wear its logo.",
     {("Wexby Town", "wear", "logo", "planned")}),
    ("Kelby Town signed a kit deal with Ormside Holdings. The club will play at Holm Park. The company will pay "
     "1 million pounds.",
     {("Kelby Town", "play at", "Holm Park", "planned"), ("Ormside Holdings", "pay", "1 million pounds", "planned")}),
]

#: (article, words no fact's relation or object may hold, whether an asserted fact is allowed at all)
NOT_GIVEN = [
    ("Brackley Rovers threatened to thrash Oxton Albion 6-1 at Mercer Park on Sunday.", ("thrash", "threaten"), True),
    ("Halden Steel threatened to shut its foundry in Wexby. Corvane Foods claims to have sold 4 million jars. "
     "Marrick Rail needs to cut 150 jobs. Tolland Motors boasted to have built the fastest van in Europe.",
     ("Wexby", "4 million jars", "150 jobs", "fastest van"), False),
    ("Mayor Ruth Penley vowed to rebuild the Aske footbridge.", ("vow",), False),
    ("Brackley Rovers are hoping to beat Oxton Albion 3-0 at Mercer Park on Saturday.", ("3-0",), False),
    ("Dunholm will gain 60 jobs after a deal with Ravensby Timber Products. The company bought the old sawmill.",
     ("Dunholm buy",), True),
    ("Dunholm will gain 60 jobs after a deal between Ravensby Timber Products and Cale Holdings. The company bought "
     "the old sawmill for 2 million dollars in March.", ("buy",), True),
    # an "and" conjunct under the infinitive of a verb of threat or need is as unstated as the infinitive
    ("Halden Steel threatened to shut its foundry and sack 200 workers. Marrick Rail needs to cut 150 jobs and close "
     "two depots.", ("200 workers", "two depots"), False),
]


@pytest.mark.parametrize("text,facts", GIVEN)
def test_facts_given(text, facts):
    found = article(text)
    assert facts <= found, found - facts


@pytest.mark.parametrize("text,words,asserted_ok", NOT_GIVEN)
def test_facts_not_given(text, words, asserted_ok):
    found = article(text)
    lines = [f"{s} {r} {o}" for s, r, o, _ in found]
    assert not any(w in line for w in words for line in lines), found
    assert asserted_ok or not any(m == "asserted" for *_, m in found), found
