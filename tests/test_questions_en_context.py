"""Issue 10, round 2: en questions read against the fact's own sentence.

An independent judge read released news-en questions (bench/judged/*-fb7fc21.jsonl) and grouped
its failures: an ongoing state asked in the past, a relation garbled or stripped of its object,
the wrong question word, vague referents, a qualifier dropped so the gold no longer answers the
question, incomplete answers, a false premise from joining two facts, a stranded preposition.
Every case here is a sentence written for this test in the same shape as one the judge failed;
real spaCy parses, real templates, nothing mocked.
"""
from __future__ import annotations

import pytest

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en import en_vague

RULES = EngineConfig(kind="rules")


def fact(head, relation, tail, sentence, head_type=None, tail_type=None, modality="asserted", n=0) -> Edge:
    return Edge(edge_id=f"e{n}:{head}:{relation}:{tail}", head=f"n:{head}", relation=relation, tail=f"n:{tail}",
                head_label=head, tail_label=tail, lang="en", doc_ids=["d"], sentences=[sentence],
                triplet_ids=[f"t{n}"], head_type=head_type, tail_type=tail_type, modality=modality)


def ask(edges: list[Edge], answer: str, type_: str = "simple", hidden: list[str] = ()):
    nodes = {n for e in edges for n in (e.head, e.tail)}
    sub = Subgraph(subgraph_id=f"s-{type_}-{answer}", type=type_, lang="en", edges=edges,
                   answer_nodes=[f"n:{answer}"], question_nodes=sorted(nodes - {f"n:{answer}"} - set(hidden)),
                   hidden_nodes=list(hidden))
    batch = generate_questions([sub], RULES)
    return batch.items[0] if batch.items else batch.failures[0]


def question(item) -> str | None:
    return getattr(item, "question", None)


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "Which organization did Grupo Iberval own?" for "which is owned by ... Grupo Iberval": a state, asked now
    (("Nordhavn Holding", "own", "Kattegat Ferries",
      "Kattegat Ferries, which is owned by the Danish shipping group Nordhavn Holding, said fares would rise.",
      "org", "org"), "Kattegat Ferries", "Which organization does Nordhavn Holding own?"),
    # "What did Tarnbeck Events organise?" for "The race is organised by Tarnbeck Events and sponsored by ..."
    (("Pennine Runs", "organise", "Kinder Marathon",
      "The Kinder Marathon is organised by Pennine Runs and sponsored by the bank Moorland Savings.", "org", "other"),
     "Kinder Marathon", "What does Pennine Runs organise?"),
    (("Moorland Savings", "sponsor", "Kinder Marathon",
      "The Kinder Marathon is organised by Pennine Runs and sponsored by the bank Moorland Savings.", "org", "other"),
     "Kinder Marathon", "What does Moorland Savings sponsor?"),
    # "What did Finland draw since 2022?": a span up to now takes the present perfect (and an amount, "how many")
    (("Iceland", "attract since 2019", "more than 30 data centre projects",
      "Iceland has become a favourite of server operators, attracting more than 30 data centre projects since 2019.",
      "place", "quantity"), "more than 30 data centre projects",
     "How many data centre projects has Iceland attracted since 2019?"),
    # "How many shops did Oakcrumb have?" for "which has 38 shops": what it has now
    (("Crumbwell", "have", "41 shops", "The chain, Crumbwell, has 41 shops in Yorkshire and will open three more.",
      "org", "quantity"), "41 shops", "How many shops does Crumbwell have?"),
    # ... while a past statement stays past
    (("Ostmark Haus", "be founded in", "1961", "Ostmark Haus, which was founded in 1961, makes sofas.", "org", "date"),
     "1961", "When was Ostmark Haus founded?"),
    # "What is Michael Birkett the farm at?": "who farms at" is a verb
    (("Agnes Dowthwaite", "farm at", "Seathwaite", "The ewe was bought by Agnes Dowthwaite, who farms at Seathwaite, "
      "for a record price.", "person", "place"), "Seathwaite", "Where does Agnes Dowthwaite farm?"),
    # "Which organization will the 2027 race start in?": a town the tagger called an organisation
    (("Glen Rally", "start in", "Kirkby-in-Ashfield", "The Glen Rally will start in Kirkby-in-Ashfield on 3 June.",
      "other", "org", "planned"), "Kirkby-in-Ashfield", "Where will the Glen Rally start?"),
    # "Which organization does Hansa Events own?" -> Quayside Arena: a venue, asked by what it is
    (("Dockside Events", "own", "Marina Arena", "Dockside Events owns Marina Arena and the Pier Club in Leith.",
      "org", "org"), "Marina Arena", "Which arena does Dockside Events own?"),
    # "Who did Petra Novak praise the speed of?": no stranded preposition
    (("Anna Berg", "praise the pace of", "Leon Osei", "Anna Berg praised the pace of Leon Osei on the right wing.",
      "person", "person"), "Leon Osei", "Whose pace did Anna Berg praise?"),
    (("Maria Kovacs", "join the board of", "Lumen Grid", "Maria Kovacs will join the board of Lumen Grid in May.",
      "person", "org", "planned"), "Lumen Grid", "Which organization's board will Maria Kovacs join?"),
])
def test_questions_said_as_the_sentence_says_them(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert question(item) == expected, item


@pytest.mark.parametrize("edge_args, answer, reason", [
    # "How many home matches will Elbe Rovers play?" (two home matches with a reduced capacity)
    (("Kiel Athletic", "play", "three away matches", "Kiel Athletic will play three away matches with a reduced squad.",
      "org", "quantity", "planned"), "three away matches", "qualified by 'with a reduced squad'"),
    # "How much will Harbour Logistics pay?" (pay Elbe Rovers 1.2 million euros a season)
    (("Norvik Shipping", "pay", "800,000 euros", "Norvik Shipping will pay Kiel Athletic 800,000 euros a season.",
      "org", "money", "planned"), "800,000 euros", "rate"),
    (("Norvik Shipping", "pay", "800,000 euros", "Norvik Shipping will pay Kiel Athletic 800,000 euros.",
      "org", "money", "planned"), "800,000 euros", "goes to"),
    # "How many homes did Kelby Power restore power to?" -> 900 (of "all but 900 homes": the ones still dark)
    (("Kelby Power", "restore power to", "900 homes", "By Sunday night Kelby Power had restored power to all but 900 "
      "homes in the valley.", "org", "quantity"), "900 homes", "is what 'all but' leaves out"),
    (("Arden Foods", "close", "four shops", "Arden Foods will close all except four shops in the county.",
      "org", "quantity", "planned"), "four shops", "is what 'all except' leaves out"),
    # "What does the European Union want?" -> "the at least 10%" (of the metal it uses)
    (("Lakeshire Council", "want", "at least 20%", "Lakeshire Council wants at least 20% of the land it owns to be "
      "used for housing.", "org", "quantity"), "at least 20%", "a part of"),
    # "Which organization does Hansa Events own?" -> the arena, though it owns two clubs too
    (("Dockside Events", "own", "the Pier Club", "Dockside Events owns Marina Arena and the Pier Club in Leith.",
      "org", "org"), "the Pier Club", "several things"),
    # "When will Ilse Marken prepare?" -> April (the month of the tournament, not of the preparing)
    (("Oksana Lind", "prepare in", "June", "She will instead prepare for the World Cup final in June.",
      "person", "date", "planned"), "June", "dates"),
    # "What did Farid Aliyev choose a sharp line of?": no template strands "of" after a thing
    (("Farid Aliyev", "choose a quiet line of", "the Caro-Kann Defence",
      "Aliyev chose a quiet line of the Caro-Kann Defence.", "person", "other"), "the Caro-Kann Defence", "stranded"),
    # "How much will Harlan & Birch build?" -> "$260 million pet food plant": a thing, not an amount
    (("Gorse Foods", "build", "$90 million bakery", "Gorse Foods will build a $90 million bakery in Leeds.",
      "org", "money", "planned"), "$90 million bakery", "price"),
])
def test_a_question_that_drops_what_its_answer_depends_on_is_not_asked(edge_args, answer, reason):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and reason in item.reason, item


@pytest.mark.parametrize("edges, answer, reason", [
    # "Where could Meridian Media merge the two companies' warehouses?"
    ([("Orlan Media", "merge the two companies' depots in", "Leicester",
       "It said it may merge the two companies' depots in Leicester.", "org", "place", "possible")], "Leicester",
     "the two companies'"),
    # "Where could the sale to Harbour Logistics bring new routes to?"
    ([("the merger with Fjord Lines", "bring new routes to", "Bergen",
       "Ole Vik said the merger with Fjord Lines would bring new routes to Bergen.", None, "place", "possible")],
     "Bergen", "does not say which one"),
    # "Which organization will the 2027 race start in?"
    ([("the 2026 rally", "start in", "Alnwick", "The 2026 rally will start in Alnwick.", None, "place", "planned")],
     "Alnwick", "description"),
    # "Who will 22-year-old striker replace?"
    ([("24-year-old winger", "replace", "Jon Dahl", "The 24-year-old winger will replace Jon Dahl.", None, "person",
       "planned")], "Jon Dahl", "description"),
    # a kicker in capitals: "TENANTS have slammed ..."
    ([("RESIDENTS", "criticise", "Moor Homes", "RESIDENTS have criticised Moor Homes over damp.", "org", "org")],
     "Moor Homes", "does not say which one"),
])
def test_vague_referents_are_not_asked(edges, answer, reason):
    item = ask([fact(*args, n=i) for i, args in enumerate(edges)], answer)
    assert question(item) is None and reason in item.reason, item


def test_a_fee_paid_to_no_one_is_not_joined_with_another_transfer():
    """"Which organization signed Kwame Asante and paid a reported fee of 2.5 million euros?" — the fee was
    another player's: joined by "and", two facts read as one deal."""
    edges = [fact("Calder City", "sign", "Leon Osei", "Calder City signed Leon Osei on loan on Friday.", "org", "person",
                  n=1),
             fact("Calder City", "pay a fee of", "3 million pounds", "Calder City paid a fee of 3 million pounds.",
                  "org", "money", n=2)]
    item = ask(edges, "Calder City", "conditional")
    assert question(item) is None and "one deal" in item.reason, item


def test_a_venue_is_asked_as_a_venue_in_conditions_and_descriptions():
    hold = fact("Marina Arena", "hold", "2,000 people", "Marina Arena holds 2,000 people.", "org", "quantity", n=1)
    announce = fact("Marina Arena", "announce", "12 concerts", "Marina Arena announced 12 concerts on Monday.", "org",
                    "quantity", n=2)
    assert question(ask([hold, announce], "Marina Arena", "conditional")) == \
        "Which arena holds 2,000 people and announced 12 concerts?"


def test_vague_labels():
    assert en_vague("the 2026 rally") and en_vague("RESIDENTS", "org")
    assert en_vague("the sale to Harbour Logistics")
    assert not en_vague("2139 cars") and not en_vague("the board of Lumen Energy")
    assert not en_vague("Finland", "place", ["Finland has become a target."])


@pytest.mark.parametrize("edge_args, answer, reason", [
    # "What is Hardknott the hardest road in?": a ranking is no role
    (("Scafell", "highest peak in", "England", "Scafell is the highest peak in England.", "place", "place"),
     "England", "superlative"),
    # "What is Taloria Semiconductor the short of?": an adjective is no role
    (("Varnell", "be short of", "300 engineers", "Varnell is short of 300 engineers.", "org", "quantity"),
     "300 engineers", "adjective"),
    # "What could Taloria shift?" (from Dresden to Chandler); "What did Portugal open?" (to competition)
    (("Varnell", "move", "its chip testing", "Varnell will move its chip testing from Ohio to Texas.", "org", "other",
      "planned"), "its chip testing", "asked without 'to Texas'"),
    (("Corvane", "fold", "the billing engine", "Corvane plans to fold the billing engine into its Atlas platform.",
      "org", "other", "planned"), "the billing engine", "asked without 'into its Atlas platform'"),
    # "When did Taloria estimate?" -> 2024 ("the $14 billion it estimated in 2024")
    (("Varnell", "estimate in", "2023", "Varnell now expects to spend $9 billion, up from the $7 billion it estimated "
      "in 2023.", "org", "date"), "2023", "would drop what was"),
    # "When did Harbour Logistics report revenue?" -> 2025 (the year the revenue is for)
    (("Corvane", "report revenue in", "2025", "Corvane reported revenue of 80 million euros in 2025.", "org", "date"),
     "2025", "period"),
    # "Where could the sale ... bring new routes to?": no stranded "to" after where
    (("Kiel Port", "open a ferry link to", "Oslo", "Kiel Port could open a ferry link to Oslo in 2027.", "org", "place",
      "possible"), "Oslo", "stranded"),
    # "Which organization does X plan to donate the money to?": which money?
    (("Tom Reed", "donate the money to", "Ames Fire Department", "Tom Reed plans to donate part of the money to the "
      "Ames Fire Department.", "person", "org", "planned"), "Ames Fire Department", "the money"),
    # "How large a option did X choose?"
    (("Tom Reed", "choose the cash option of", "$90 million", "Tom Reed chose the cash option of $90 million.", "person",
      "money"), "$90 million", "no amount question"),
])
def test_more_questions_that_would_not_be_answered_as_asked(edge_args, answer, reason):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and reason in item.reason, item


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "Who have the Tour of the Fells visited?" -> Cumbria
    (("the Glen Rally", "visit", "Argyll", "The Glen Rally, the race that has visited Argyll every June since 2011, "
      "will end in Oban.", "other", "person"), "Argyll", "Which place has the Glen Rally visited?"),
    # "Which place supports ... and scores ...?" -> the Talon-V, a product code the tagger made a place
    (("Vireo Systems", "license", "the Kite-X", "Vireo Systems licensed the Kite-X to Norden.", "org", "place"),
     "the Kite-X", "What did Vireo Systems license?"),
    # "Who could license ... to the organization that A and B backs?"
    (("Lyra Partners and Colwyn Ventures", "back", "Norden Chips", "Norden Chips is backed by Lyra Partners and Colwyn "
      "Ventures.", "org", "org"), "Lyra Partners and Colwyn Ventures", "Which organizations back Norden Chips?"),
    # "How large a loss did X report?" for "a net loss"
    (("Corbel Toys", "report a net loss of", "$74 million", "Corbel Toys reported a net loss of $74 million.", "org",
      "money"), "$74 million", "How large a net loss did Corbel Toys report?"),
    # "What will the council raise the hourly rate at?" -> seven car parks
    (("Wyvern Council", "raise the hourly rate at", "seven town centre car parks", "Wyvern Council will raise the "
      "hourly rate at its seven town centre car parks.", "org", "other", "planned"), "seven town centre car parks",
     None),  # the where-template holds, but "seven town centre car parks" is a description: skipped
])
def test_more_question_words(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert question(item) == expected, item


def test_a_thing_is_not_described_as_the_one():
    organise = fact("Tarn Events", "organise", "Tour of the Dales", "The Tour of the Dales is organised by Tarn Events.",
                    "org", "other", n=1)
    sponsor = fact("Fellgear", "sponsor", "Tour of the Dales", "The Tour of the Dales is sponsored by Fellgear.",
                   "org", "other", n=2)
    item = ask([organise, sponsor], "Fellgear", "multi-hop", hidden=["n:Tour of the Dales"])
    assert question(item) is None and "class noun" in item.reason, item


@pytest.mark.parametrize("edge_args, answer, reason", [
    # "What did Quorra AI agree to move?" (to Taloria's fab): the control verb's content verb is checked
    (("Kite AI", "agree to move", "its first tape-out", "Kite AI has agreed to move its first tape-out to Varnell's "
      "fab in Dresden.", "org", "other"), "its first tape-out", "asked without"),
    # "What does Stratacore plan to sell?" -> "the combined product"
    (("Corvane", "sell", "the combined product", "Corvane will sell the combined product next year.", "org", "other",
      "planned"), "the combined product", "does not say which one"),
    # "When will Lumencell start?" -> March (start shipping samples)
    (("Corvidex", "start in", "March", "Corvidex will start shipping samples to customers in March.", "org", "date",
      "planned"), "March", "would drop"),
    # "When was Taloria Semiconductor spun?" (spun out of Vessant Electronics in 2011)
    (("Varnell", "be spun in", "2011", "Varnell, which was spun out of Vessant Electronics in 2011, makes chips.", "org",
      "date"), "2011", "'out'"),
    # "What does Talon-V occupy?" -> 0.09 mm²
    (("the Kite-X", "occupy", "0.05 mm²", "At 22nm the Kite-X occupies 0.05 mm².", "other", "other"), "0.05 mm²",
     "measure"),
    # "We taped it out in October on a 12nm process" -> (Lumencell, tape out on, 12nm process)
    (("Corvidex", "tape out on", "12nm process", "We taped it out in October on a 12nm process.", "org", "other"),
     "12nm process", "lost the object"),
])
def test_questions_that_lose_their_verbs_object_or_complement(edge_args, answer, reason):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and reason in item.reason, item


def test_a_place_after_for_and_a_priced_thing_are_not_named_in_conditions():
    boat = fact("Tom Reed", "buy a fishing boat for", "Saylor Lake", "Tom Reed may buy a fishing boat for Saylor Lake.",
                "person", "place", "possible", n=1)
    cash = fact("Tom Reed", "choose the cash option of", "$90 million", "Tom Reed chose the cash option of $90 million.",
                "person", "money", n=2)
    item = ask([boat, cash], "Tom Reed", "conditional")
    assert question(item) is None and "for" in item.reason, item
    plant = fact("Gorse Foods", "build", "$90 million bakery", "Gorse Foods will build a $90 million bakery.", "org",
                 "money", "planned", n=3)
    hire = fact("Gorse Foods", "hire", "200 workers", "Gorse Foods will hire 200 workers.", "org", "quantity", "planned", n=4)
    item = ask([plant, hire], "Gorse Foods", "conditional")
    assert question(item) is None and "price" in item.reason, item


def test_a_thing_named_by_its_price_in_another_currency_shape():
    build = fact("Ostmark Haus", "build", "95 million euro ($100 million) factory", "Ostmark Haus will build a 95 million "
                 "euro ($100 million) factory near Poznan.", "org", "money", "planned", n=1)
    founded = fact("Ostmark Haus", "be founded in", "1952", "Ostmark Haus was founded in 1952.", "org", "date", n=2)
    item = ask([build, founded], "Ostmark Haus", "conditional")
    assert question(item) is None and "price" in item.reason, item


@pytest.mark.parametrize("edge_args, answer, reason", [
    # "Where will Biscuit compete?" -> the Southern Counties Championship
    (("Pip", "compete at", "the Wessex Championship", "Pip will now compete at the Wessex Championship in Bath.",
      "other", "place", "planned"), "the Wessex Championship", "event"),
    # "What does Veltrane rely on?" (for most of its revenue)
    (("Ostmark Pharma", "rely on", "the single heart drug", "Ostmark Pharma relies on a single heart drug for most of "
      "its revenue.", "org", "other"), "the single heart drug", "for most of its revenue"),
])
def test_an_event_is_no_where_and_reliance_needs_its_for(edge_args, answer, reason):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and reason in item.reason, item


def test_an_amount_that_counts_two_things_is_not_one_of_them():
    make = fact("Harlow Pet Co.", "make food for", "about 9 million dogs", "We make food for about 9 million dogs and "
                "cats a day.", "org", "quantity", n=1)
    item = ask([make], "about 9 million dogs")
    assert question(item) is None and "also counts" in item.reason, item


def test_a_count_with_another_count_coordinated_is_not_asked():
    """ "How many counts does X face?" for "two counts of arson and one of criminal damage": three in all."""
    item = ask([fact("Tom Pell", "face", "two counts", "Pell faces two counts of arson and one of criminal damage.",
                     "person", "quantity")], "two counts")
    assert question(item) is None and "one of criminal damage" in item.reason


@pytest.mark.parametrize("sentence, expected", [
    # a participle of a lasting state describing a noun, with its agent: a state now, asked in the present
    ("The site belongs to Malvik Property Trust, a Bergen company controlled by the investor Tern Harbour Holdings, "
     "which bought it in 2011.", "Which organization does Tern Harbour Holdings control?"),
    # the same participle with the state ended or dated says nothing of now: the past stays
    ("Malvik Property Trust, controlled by Tern Harbour Holdings until 2019, was wound up last year.",
     "Which organization did Tern Harbour Holdings control?"),
    ("Malvik Property Trust, once controlled by Tern Harbour Holdings, was wound up last year.",
     "Which organization did Tern Harbour Holdings control?"),
])
def test_a_state_described_by_its_participle_is_asked_in_the_present(sentence, expected):
    item = ask([fact("Tern Harbour Holdings", "control", "Malvik Property Trust", sentence, "org", "org")],
               "Malvik Property Trust")
    assert question(item) == expected, item


def test_a_described_state_is_present_inside_a_relative_clause_too():
    owns = fact("Ardley Shire Council", "own", "Ardley Care Services",
                "The clinic is run by Ardley Care Services, a company owned by Ardley Shire Council.", "org", "org", n=1)
    head = fact("Maren Lisle", "chief executive of", "Ardley Care Services",
                "Ardley Care Services' chief executive, Maren Lisle, said the ward would reopen.", "person", "org", n=2)
    sub = Subgraph(subgraph_id="s-mh-state", type="multi-hop", lang="en", edges=[owns, head],
                   answer_nodes=["n:Maren Lisle"], question_nodes=["n:Ardley Shire Council"],
                   hidden_nodes=["n:Ardley Care Services"])
    batch = generate_questions([sub], RULES)
    assert [i.question for i in batch.items] == [
        "Who is the chief executive of the company that Ardley Shire Council owns?"], batch  # "a company owned by"
