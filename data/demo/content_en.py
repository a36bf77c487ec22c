"""English demo news: the source of truth that build_demo.py renders into data/demo/news/en.

Everything here is invented. Real places (Hamburg, Gdańsk, Rotterdam, ...) appear only as
context; every company, club, venue and person is fictional.

Each article: slug (unique across the language, = file name), site key, section, first
day, publication time (UTC), author, title, description (RSS), paragraphs, and optional
``edits``: {day: {"replace": {index: text}, "append": [text, ...], "time": "HH:MM"}}.
"""

LANG = "en"

SITES = {
    "hg": {
        "name": "Harbour Gazette",
        "home": "https://harbourgazette.example/",
        "path": "news/{slug}.html",
        "feed": "feed.xml",
        "feed_title": "Harbour Gazette — Latest news",
        "feed_description": "News from the port of Hamburg and the Baltic coast.",
        "language": "en-gb",
        "creator_tag": "author",  # RSS 2.0 <author>email (Name)</author>
        "email": "newsdesk@harbourgazette.example",
        "nav": ["News", "Business", "Port", "Sport", "Culture", "Opinion"],
    },
    "nw": {
        "name": "Northwire",
        "home": "https://northwire.example/",
        "path": "{section}/{slug}.html",
        "feed": "feed2.xml",
        "feed_title": "Northwire: business, autos, tech and sport",
        "feed_description": "Independent news on Northern European business and sport.",
        "language": "en",
        "creator_tag": "dc:creator",
        "email": "desk@northwire.example",
        "nav": ["Business", "Autos", "Tech", "Sport", "Culture"],
    },
}

ARTICLES = [
    # ------------------------------------------------------------------ day 1, Harbour Gazette
    dict(
        slug="hl-acquires-baltic-freight", site="hg", section="business", day=1, time="07:30",
        author="Jana Petersen",
        title="Harbour Logistics agrees to buy Baltic Freight Lines",
        description="The Hamburg group is paying 310 million euros for the Gdańsk-based freight operator.",
        paras=[
            "Harbour Logistics acquired Baltic Freight Lines for 310 million euros on Monday, the Hamburg company said in a statement. The deal gives Harbour Logistics Ltd a network of nine freight routes across the Baltic Sea.",
            "Maria Kovacs, the chief executive of Harbour Logistics, called the purchase the largest in the company's history. Harbour Logistics is headquartered in Hamburg. The group runs container depots in four German states.",
            "Baltic Freight Lines operates eleven roll-on/roll-off vessels between Gdańsk, Tallinn and Helsinki. Piotr Nowicki, the chief executive of Baltic Freight Lines, will stay in his post after the takeover.",
            "Baltic Freight Lines also owns Vistula Box Terminal, a container terminal in Gdańsk. Analysts in Hamburg said the terminal was the most valuable part of the deal.",
            "The acquisition still needs approval from the European Commission. Harbour Logistics expects to complete the deal in the first quarter of 2027.",
        ],
        edits={
            2: {
                "time": "11:05",
                "replace": {
                    4: "The European Commission approved the acquisition on Tuesday without conditions. Harbour Logistics now expects to complete the deal in January 2027.",
                },
                "append": [
                    "Update: Baltic Freight Lines will keep its headquarters in Gdańsk, Harbour Logistics said on Tuesday. All 1,200 employees of Baltic Freight Lines will keep their jobs.",
                ],
            },
        },
    ),
    dict(
        slug="nordkai-october-volumes", site="hg", section="port", day=1, time="08:10",
        author="Tom Whitaker",
        title="Nordkai Terminals posts record October as box traffic recovers",
        description="The Hamburg terminal operator handled more cargo than in any month of its history.",
        paras=[
            "Nordkai Terminals handled 4.1 million tonnes of cargo in October, the highest monthly figure in the company's twelve-year history. The Hamburg terminal operator credited new Asian services for the increase.",
            "Greta Holm is the chief executive of Nordkai Terminals. Greta Holm said the company would invest 60 million euros in new quay cranes next year.",
            "Nordkai Terminals operates two container terminals on the southern bank of the Elbe. The company employs 900 people in Hamburg.",
            "In October, Nordkai Terminals tested automated straddle carriers built by Tidewave Robotics. The trial ran for three weeks on the western quay.",
            "Union representatives welcomed the investment but asked the company for new training programmes.",
        ],
        edits={
            2: {
                "time": "09:40",
                "replace": {
                    0: "Nordkai Terminals handled 4.2 million tonnes of cargo in October, the highest monthly figure in the company's twelve-year history. The Hamburg terminal operator credited new Asian services for the increase.",
                },
                "append": [
                    "Correction: This article has been updated with the final October volume that Nordkai Terminals published on Tuesday.",
                    "Update: Harbour Logistics acquired Nordkai Terminals on Tuesday.",
                ],
            },
        },
    ),
    dict(
        slug="elena-marsh-quayside", site="hg", section="culture", day=1, time="09:00",
        author="Aylin Demir",
        title="Elena Marsh fills Quayside Arena on first Hamburg night",
        description="The Irish singer opened her European tour in a converted harbour warehouse.",
        paras=[
            "Elena Marsh performed at Quayside Arena on Saturday in front of 3,500 people. The Irish singer opened her European tour in Hamburg.",
            "Quayside Arena is a former banana warehouse on the Elbe waterfront. Hansa Events converted the building into a concert hall in 2019.",
            "Elena Marsh played eleven songs from her new album, Salt Lines. She closed the night with an old sea shanty as the final encore.",
            "Hansa Events owns Quayside Arena and two smaller clubs in Hamburg. Lea Schuster, the director of Hansa Events, said the concert had sold out within a day.",
            "Elena Marsh will perform in Copenhagen and Gdańsk later this month.",
        ],
    ),
    dict(
        slug="elbe-rovers-sign-lindqvist", site="hg", section="sport", day=1, time="10:20",
        author="Lukas Brandl",
        title="Elbe Rovers land Swedish striker Tomas Lindqvist",
        description="The Hamburg club signed the forward from Vistula United on a contract until 2029.",
        paras=[
            "Elbe Rovers signed Tomas Lindqvist from Vistula United on Monday. The Swedish striker agreed a contract until the summer of 2029.",
            "Tomas Lindqvist played for Vistula United for four seasons and scored 47 league goals in Gdańsk.",
            "Petra Novak is the head coach of Elbe Rovers. Petra Novak said Lindqvist would add pace to the attack.",
            "Elbe Rovers paid a reported fee of 2.5 million euros. The club did not confirm the figure.",
            "Tomas Lindqvist could make his debut against his former club in a friendly on Tuesday.",
        ],
        edits={
            3: {
                "time": "12:30",
                "append": [
                    "Update: Tomas Lindqvist injured his ankle in training on Wednesday and will miss three weeks, Elbe Rovers said.",
                ],
            },
        },
    ),
    dict(
        slug="harbour-logistics-sponsorship", site="hg", section="sport", day=1, time="11:15",
        author="Lukas Brandl",
        title="Harbour Logistics becomes Elbe Rovers shirt sponsor",
        description="The logistics group signed a three-year deal with the Hamburg football club.",
        paras=[
            "Harbour Logistics signed a three-year shirt sponsorship deal with Elbe Rovers. Harbour Logistics will sponsor Elbe Rovers until 2029, and its logo will appear on the club's shirts from January.",
            "Harbour Logistics will pay Elbe Rovers 1.2 million euros a season, according to people familiar with the agreement.",
            "Maria Kovacs grew up two streets away from Hafenpark Stadium. Maria Kovacs said the club was part of the harbour's identity.",
            "Elbe Rovers play their home games at Hafenpark Stadium in the Hamburg district of Altona.",
            "The previous shirt sponsor, a regional bank, ended its contract in the summer.",
        ],
    ),
    dict(
        slug="hafenpark-stadium-renovation", site="hg", section="news", day=1, time="12:00",
        author="Tom Whitaker",
        title="Hafenpark Stadium to get new roof before spring",
        description="The south stand closes in December while builders replace the roof.",
        paras=[
            "Hafenpark Stadium will close its south stand in December for roof repairs. The city of Hamburg owns Hafenpark Stadium and leases it to Elbe Rovers.",
            "Kessler Construction won the contract for the renovation. Kessler Construction also rebuilt the main stand in 2022.",
            "Hafenpark Stadium holds 24,000 spectators. The south stand holds 6,000 of them.",
            "Elbe Rovers will play two home matches with a reduced capacity. Petra Novak said the team would miss the noise of the south stand.",
            "The renovation will cost 14 million euros.",
        ],
    ),
    dict(
        slug="harbour-logistics-training-centre", site="hg", section="business", day=1, time="13:30",
        author="Jana Petersen",
        title="Harbour Logistics to open training centre for 400 apprentices",
        description="The port group will train crane operators and customs specialists in Hamburg.",
        paras=[
            "Harbour Logistics will open a training centre for 400 apprentices in Hamburg next autumn. Harbour Logistics employs 5,400 people in Germany and Poland.",
            "Harbour Logistics is headquartered in Hamburg. The company opened its first depot in the Hamburg port in 1987.",
            "Maria Kovacs is the chief executive of Harbour Logistics. Maria Kovacs joined Harbour Logistics in 2015 after ten years at a Danish shipping group.",
            "Harbour Logistics reported revenue of 1.9 billion euros in 2025. Baltic Freight Lines reported revenue of 410 million euros in the same year.",
            "The training centre will teach crane operation, customs clearance and warehouse automation.",
        ],
    ),
    dict(
        slug="quayside-arena-winter-programme", site="hg", section="culture", day=1, time="14:10",
        author="Aylin Demir",
        title="Quayside Arena unveils winter programme",
        description="Twenty-six concerts and a jazz festival are planned for the harbour venue.",
        paras=[
            "Quayside Arena announced 26 concerts for the winter season on Monday. Hansa Events will also host a jazz festival at Quayside Arena in February.",
            "The Lanterns will perform at Quayside Arena on Monday night. The folk band from Dublin last played in Hamburg in 2023.",
            "Niamh Doyle is the lead singer of The Lanterns.",
            "Lea Schuster, the director of Hansa Events, said ticket sales were 20 percent higher than last year.",
            "Quayside Arena holds 3,500 people. Tickets for the jazz festival go on sale on Friday.",
        ],
    ),
    dict(
        slug="vistula-box-terminal-october", site="hg", section="port", day=1, time="15:00",
        author="Tom Whitaker",
        title="Vistula Box Terminal handles 3.6 million tonnes in October",
        description="The Gdańsk terminal owned by Baltic Freight Lines grew 8 percent on the month.",
        paras=[
            "Vistula Box Terminal handled 3.6 million tonnes of cargo in October, up 8 percent from September. Vistula Box Terminal belongs to Baltic Freight Lines.",
            "Baltic Freight Lines owns Vistula Box Terminal through a local subsidiary.",
            "Vistula Box Terminal is located in Gdańsk, at the mouth of the Vistula river.",
            "Anna Wisniewska is the manager of Vistula Box Terminal. Anna Wisniewska said the terminal would open a rail link to Warsaw in 2027.",
            "The terminal competes with larger ports in Hamburg and Rotterdam for feeder traffic.",
        ],
    ),
    dict(
        slug="piotr-nowicki-interview", site="hg", section="business", day=1, time="16:20",
        author="Jana Petersen",
        title="Baltic Freight Lines chief: 'We stay a Gdańsk company'",
        description="Piotr Nowicki on the sale to Harbour Logistics and new routes.",
        paras=[
            "Piotr Nowicki is the chief executive of Baltic Freight Lines. Piotr Nowicki has led the company since 2018.",
            "Baltic Freight Lines is based in Gdańsk. Baltic Freight Lines employs 1,200 people and carried 380,000 trucks and trailers last year.",
            "Piotr Nowicki said the sale to Harbour Logistics would bring new routes to Rotterdam and Copenhagen.",
            "Baltic Freight Lines ordered two hybrid ferries from a Finnish shipyard in 2024. The first ferry will enter service next spring.",
            "Piotr Nowicki met with Maria Kovacs in Hamburg on Friday to discuss the integration plan.",
        ],
    ),
    # ------------------------------------------------------------------ day 1, Northwire
    dict(
        slug="northbridge-october-sales", site="nw", section="autos", day=1, time="06:45",
        author="Sam Ortega",
        title="Northbridge Motors sales rise on Vela demand",
        description="The Stuttgart carmaker sold 2139 cars in October, up 14 percent on the year.",
        paras=[
            "Northbridge Motors sold 2139 cars in October, up 14 percent from a year earlier. The Stuttgart carmaker sold most of them in Germany and the Netherlands.",
            "Daniel Okafor is the chief executive of Northbridge Motors. Daniel Okafor said the compact Northbridge Vela accounted for more than half of October sales.",
            "Northbridge Motors is based in Stuttgart.",
            "Eastline Auto, the rival carmaker from Leipzig, sold 1870 cars in the same month.",
            "Northbridge Motors expects to deliver 25,000 cars in 2026.",
        ],
        edits={
            3: {
                "time": "10:50",
                "replace": {
                    4: "Northbridge Motors expects to deliver 26,500 cars in 2026.",
                },
                "append": [
                    "Update: Northbridge Motors raised its full-year forecast on Wednesday after strong November orders for the Northbridge Vela.",
                ],
            },
        },
    ),
    dict(
        slug="eastline-october-sales", site="nw", section="autos", day=1, time="07:20",
        author="Sam Ortega",
        title="Eastline Auto October sales fall short of target",
        description="The Leipzig carmaker blamed a shortage of battery packs.",
        paras=[
            "Eastline Auto sold 1870 cars in October, below its target of 2,000 cars. The Leipzig carmaker blamed a shortage of battery packs.",
            "Ingrid Solberg is the chief executive of Eastline Auto. Ingrid Solberg said the supply problems would ease in December.",
            "Eastline Auto is based in Leipzig. Eastline Auto employs 3,100 people.",
            "Eastline Auto will unveil a new small electric car, the Eastline Kite, this week.",
            "Northbridge Motors outsold Eastline Auto in October for the third month in a row.",
        ],
    ),
    dict(
        slug="lumen-energy-northbridge-deal", site="nw", section="business", day=1, time="08:30",
        author="Helen Cho",
        title="Lumen Energy wins battery contract from Northbridge Motors",
        description="The Rotterdam battery maker will supply cells for the next Northbridge Vela.",
        paras=[
            "Lumen Energy will supply Northbridge Motors with battery cells from 2027. The contract is worth 180 million euros over five years.",
            "Lumen Energy was founded by Sofia Brandt in 2021. Lumen Energy is headquartered in Rotterdam.",
            "Sofia Brandt is the chief executive of Lumen Energy. Sofia Brandt said the agreement would double production at the company's Rotterdam plant.",
            "Daniel Okafor said Northbridge Motors wanted a European supplier for the next generation of the Northbridge Vela.",
            "Lumen Energy BV currently supplies battery storage systems to port operators in the Netherlands.",
        ],
        edits={
            2: {
                "time": "12:15",
                "replace": {
                    0: "Lumen Energy will supply Northbridge Motors with battery cells from 2027. The contract is worth 210 million euros over five years.",
                },
                "append": [
                    "Update: Lumen Energy said on Tuesday that it will hire 300 workers in Rotterdam to fulfil the contract.",
                ],
            },
        },
    ),
    dict(
        slug="northsea-capital-lumen-energy", site="nw", section="business", day=1, time="09:40",
        author="Helen Cho",
        title="Northsea Capital leads 40 million euro round in Lumen Energy",
        description="The Copenhagen fund becomes the battery maker's largest outside shareholder.",
        paras=[
            "Northsea Capital has invested in Lumen Energy, the Rotterdam battery maker said on Monday. The fund paid 40 million euros for a minority stake, and Lumen Energy will use the money to expand its factory.",
            "Henrik Dahl is the managing partner of Northsea Capital. Henrik Dahl will join the board of Lumen Energy.",
            "Northsea Capital is based in Copenhagen and manages about 900 million euros for pension funds.",
            "The fund also holds stakes in shipping software and offshore wind companies.",
            "Sofia Brandt said Lumen Energy had received offers from four investors.",
        ],
    ),
    dict(
        slug="lumen-energy-rotterdam-plant", site="nw", section="tech", day=1, time="10:05",
        author="Rafael Mendes",
        title="Inside Lumen Energy's new Rotterdam battery plant",
        description="The factory makes the Lumen Volta cell for cars and ships.",
        paras=[
            "Lumen Energy opened a battery plant in Rotterdam on Friday. The plant produces the Lumen Volta, a lithium iron phosphate cell for cars and ships.",
            "Lumen Energy produces the Lumen Volta on two automated lines. The plant employs 450 people.",
            "Sofia Brandt founded Lumen Energy after she left a research post at a Dutch university.",
            "The plant can produce batteries for 30,000 cars a year.",
            "Tidewave Robotics supplied the automated vehicles that move materials inside the plant.",
        ],
    ),
    dict(
        slug="asante-joins-elbe-rovers", site="nw", section="sport", day=1, time="11:30",
        author="Nina Kowalski",
        title="Elbe Rovers add Ghanaian winger Kwame Asante",
        description="The winger joins the Hamburg club on a free transfer.",
        paras=[
            "Elbe Rovers signed Kwame Asante on a free transfer on Monday. The Ghanaian winger left a Danish club in the summer.",
            "Kwame Asante trained with Elbe Rovers for two weeks before he signed.",
            "Petra Novak is the head coach of Elbe Rovers. Petra Novak praised the speed of Kwame Asante on the left wing.",
            "Elbe Rovers are fourth in the league table after twelve matches.",
            "Kwame Asante will wear the number 11 shirt.",
        ],
    ),
    dict(
        slug="vistula-united-zielinski", site="nw", section="sport", day=1, time="12:45",
        author="Nina Kowalski",
        title="Vistula United sign Marek Zielinski to replace Lindqvist",
        description="The Gdańsk club moved quickly after selling its top scorer.",
        paras=[
            "Vistula United signed Marek Zielinski from a Warsaw club on Monday. The 22-year-old striker will replace Tomas Lindqvist.",
            "Jan Kowalczyk is the head coach of Vistula United. Jan Kowalczyk said Marek Zielinski was the best young forward in Poland.",
            "Vistula United is based in Gdańsk. Vistula United play their home games at Amber Park.",
            "Vistula United sold Tomas Lindqvist to Elbe Rovers earlier on Monday.",
            "The two clubs meet in a friendly in Hamburg on Tuesday.",
        ],
    ),
    dict(
        slug="elena-marsh-interview", site="nw", section="culture", day=1, time="14:00",
        author="Rafael Mendes",
        title="Elena Marsh on salt, ships and her new album",
        description="The Irish singer talks about Salt Lines and her European tour.",
        paras=[
            "Elena Marsh released her fourth album, Salt Lines, in October. The Irish singer recorded the album in a former fish market in Dublin.",
            "Elena Marsh was born in Dublin in 1991.",
            "Elena Marsh met with Sofia Brandt in Rotterdam last spring. The two women discussed a concert tour powered by batteries from Lumen Energy.",
            "Elena Marsh performed at Quayside Arena in Hamburg on Saturday and will continue the tour in Copenhagen.",
            "Salt Lines entered the Irish album chart at number two.",
        ],
    ),
    dict(
        slug="northbridge-vela-plant", site="nw", section="autos", day=1, time="15:30",
        author="Sam Ortega",
        title="Northbridge Motors hires 600 workers for Vela line",
        description="A third shift starts at the Stuttgart plant.",
        paras=[
            "Northbridge Motors hired 600 workers for its Stuttgart plant this autumn. The carmaker added a third shift for the Northbridge Vela.",
            "Northbridge Motors produces the Northbridge Vela and the larger Northbridge Aster at the Stuttgart plant.",
            "Daniel Okafor said the plant would build 30,000 cars a year by 2028.",
            "The Northbridge Vela is a compact electric hatchback with a range of 410 kilometres.",
            "Workers at the plant received a bonus of 1,500 euros after the October record.",
        ],
    ),
    dict(
        slug="tidewave-robotics-profile", site="nw", section="tech", day=1, time="17:00",
        author="Rafael Mendes",
        title="Tidewave Robotics wants to automate Europe's small ports",
        description="The Rotterdam start-up builds driverless straddle carriers.",
        paras=[
            "Tidewave Robotics builds automated straddle carriers for container terminals. Ahmed Rahimi founded Tidewave Robotics in Rotterdam in 2020.",
            "Ahmed Rahimi is the chief executive of Tidewave Robotics. Ahmed Rahimi previously designed cranes for a Dutch engineering firm.",
            "Tidewave Robotics tested its machines at Nordkai Terminals in Hamburg in October.",
            "Tidewave Robotics employs 140 people and plans to raise new capital in November.",
            "Lumen Energy will supply Tidewave Robotics with batteries for the carriers.",
        ],
    ),
    # ------------------------------------------------------------------ day 2, new articles
    dict(
        slug="harbour-logistics-buys-nordkai", site="hg", section="business", day=2, time="08:00",
        author="Jana Petersen",
        title="Harbour Logistics buys Nordkai Terminals in second deal in two days",
        description="The Hamburg group adds a container terminal operator a day after its Baltic Freight Lines deal.",
        paras=[
            "Harbour Logistics acquired Nordkai Terminals on Tuesday, one day after it agreed to buy Baltic Freight Lines. The company did not disclose the price.",
            "Greta Holm, the chief executive of Nordkai Terminals, will join the board of Harbour Logistics. Nordkai Terminals employs 900 people, and none of them will lose their jobs, she said.",
            "Maria Kovacs said the two deals would make Harbour Logistics the largest private port operator on the Baltic.",
            "Harbour Logistics will keep the Nordkai Terminals brand in Hamburg.",
            "Harbour Logistics ordered 40 automated straddle carriers from Tidewave Robotics for the Nordkai quays.",
        ],
    ),
    dict(
        slug="marsh-meets-kovacs", site="hg", section="culture", day=2, time="09:15",
        author="Aylin Demir",
        title="Elena Marsh and Maria Kovacs launch harbour music fund",
        description="A charity dinner at Quayside Arena raised money for music lessons near the port.",
        paras=[
            "Elena Marsh met with Maria Kovacs at a charity dinner at Quayside Arena on Monday evening, before the concert of The Lanterns.",
            "Harbour Logistics donated 250,000 euros to the Harbour Music Fund.",
            "Elena Marsh is the patron of the Harbour Music Fund. The fund pays for music lessons in schools near the port.",
            "Maria Kovacs said Harbour Logistics would double the donation if other port companies joined.",
            "Lea Schuster, the director of Hansa Events, hosted the dinner.",
        ],
    ),
    dict(
        slug="lanterns-quayside", site="hg", section="culture", day=2, time="10:30",
        author="Aylin Demir",
        title="The Lanterns bring Dublin folk to Quayside Arena",
        description="A two-hour set with a surprise guest on stage.",
        paras=[
            "The Lanterns performed at Quayside Arena on Monday night.",
            "Niamh Doyle is the lead singer of The Lanterns. Niamh Doyle dedicated the last song to the dockworkers of Hamburg.",
            "The Lanterns played for two hours in front of 3,200 people.",
            "Elena Marsh joined The Lanterns on stage for one song.",
            "The Lanterns will perform in Gdańsk on Thursday.",
        ],
    ),
    dict(
        slug="elbe-rovers-beat-vistula", site="nw", section="sport", day=2, time="21:30",
        author="Nina Kowalski",
        title="Asante double gives Elbe Rovers win over Vistula United",
        description="The new winger scored twice in the friendly in Hamburg.",
        paras=[
            "Elbe Rovers beat Vistula United in a friendly in Hamburg on Tuesday. The final score was 2-1.",
            "Kwame Asante scored both goals for Elbe Rovers.",
            "Marek Zielinski scored for Vistula United in the 70th minute.",
            "Tomas Lindqvist played 60 minutes against his former club.",
            "Petra Novak said the win was a good test before the league restarts.",
        ],
    ),
    dict(
        slug="ferraro-signs-for-elbe-rovers", site="nw", section="sport", day=2, time="13:00",
        author="Nina Kowalski",
        title="Elbe Rovers complete Luca Ferraro signing",
        description="The Italian midfielder is the club's third new player this month.",
        paras=[
            "Elbe Rovers signed Luca Ferraro from an Italian club on Tuesday. The Italian midfielder is the third player to join Elbe Rovers this month.",
            "Luca Ferraro signed a contract until 2028.",
            "Petra Novak said Luca Ferraro would play in central midfield.",
            "Harbour Logistics paid part of the transfer fee under its new sponsorship deal, the club said.",
            "Elbe Rovers have now signed Tomas Lindqvist, Kwame Asante and Luca Ferraro since the start of November.",
        ],
    ),
    dict(
        slug="eastline-kite-launch", site="nw", section="autos", day=2, time="11:00",
        author="Sam Ortega",
        title="Eastline Auto unveils Kite city car with Lumen Energy batteries",
        description="The small electric car will cost less than 22,000 euros.",
        paras=[
            "Eastline Auto unveiled the Eastline Kite in Leipzig on Tuesday. The Eastline Kite is a small electric car for city drivers.",
            "Lumen Energy will supply Eastline Auto with battery packs for the Eastline Kite.",
            "Ingrid Solberg said the Eastline Kite would cost less than 22,000 euros.",
            "Eastline Auto produces the Eastline Kite in Leipzig.",
            "Sofia Brandt attended the launch in Leipzig.",
            "Production of the Eastline Kite starts in March 2027.",
        ],
    ),
    dict(
        slug="northsea-backs-tidewave", site="nw", section="business", day=2, time="14:20",
        author="Helen Cho",
        title="Northsea Capital backs Tidewave Robotics",
        description="The Copenhagen fund invests 25 million euros in the port automation start-up.",
        paras=[
            "Northsea Capital has invested in Tidewave Robotics, the start-up said on Tuesday. The fund put 25 million euros into the start-up.",
            "Henrik Dahl, the managing partner of Northsea Capital, will join the board of Tidewave Robotics.",
            "Ahmed Rahimi said Tidewave Robotics would open an office in Hamburg in 2027.",
            "Tidewave Robotics received an order for 40 straddle carriers from Harbour Logistics this week.",
            "Northsea Capital has also invested in Lumen Energy this month.",
        ],
    ),
    # ------------------------------------------------------------------ day 3, new articles
    dict(
        slug="hl-acquires-elbe-cold-storage", site="hg", section="business", day=3, time="07:45",
        author="Jana Petersen",
        title="Harbour Logistics makes third acquisition in three days",
        description="The group buys refrigerated warehouse operator Elbe Cold Storage.",
        paras=[
            "Harbour Logistics acquired Elbe Cold Storage on Wednesday. It is the third acquisition of the group this month.",
            "Elbe Cold Storage operates refrigerated warehouses for fruit and fish in the port of Hamburg.",
            "Frank Reuter is the owner of Elbe Cold Storage. Frank Reuter founded the company in 1996.",
            "Maria Kovacs said Harbour Logistics had acquired Baltic Freight Lines, Nordkai Terminals and Elbe Cold Storage in three days.",
            "Elbe Cold Storage employs 230 people.",
        ],
    ),
    dict(
        slug="marsh-sings-at-hafenpark", site="hg", section="culture", day=3, time="09:30",
        author="Aylin Demir",
        title="Elena Marsh sings at Hafenpark Stadium before Rovers friendly",
        description="The Irish singer met the Elbe Rovers squad after her performance.",
        paras=[
            "Elena Marsh performed at Hafenpark Stadium on Tuesday evening before the friendly between Elbe Rovers and Vistula United.",
            "Elena Marsh met with Petra Novak and the Elbe Rovers squad after the match.",
            "Elbe Rovers donated the ticket revenue of 90,000 euros to the Harbour Music Fund.",
            "Kwame Asante scored both goals in the 2-1 win and gave his shirt to Elena Marsh.",
            "Elena Marsh will perform at Quayside Arena again in March.",
        ],
    ),
    dict(
        slug="northsea-invests-kestrel-systems", site="nw", section="business", day=3, time="08:15",
        author="Helen Cho",
        title="Northsea Capital invests in drone maker Kestrel Systems",
        description="The fund's third technology deal this month.",
        paras=[
            "Northsea Capital has invested in Kestrel Systems, a Copenhagen drone maker. The deal is worth 15 million euros.",
            "Mira Jensen founded Kestrel Systems in 2022. Mira Jensen is the chief executive of Kestrel Systems.",
            "Kestrel Systems builds inspection drones for wind turbines and port cranes.",
            "Kestrel Systems is based in Copenhagen.",
            "Henrik Dahl said Northsea Capital had invested in Lumen Energy, Tidewave Robotics and Kestrel Systems this month.",
        ],
    ),
    dict(
        slug="northbridge-gdansk-showroom", site="nw", section="autos", day=3, time="10:00",
        author="Sam Ortega",
        title="Northbridge Motors opens Gdańsk showroom and hires new technology chief",
        description="Lena Fischer joins from rival Eastline Auto.",
        paras=[
            "Northbridge Motors opened a showroom in Gdańsk on Wednesday, its first in Poland.",
            "Northbridge Motors appointed Lena Fischer as chief technology officer.",
            "Lena Fischer previously worked at Eastline Auto for eight years.",
            "Daniel Okafor said Poland would become the third-largest market for the Northbridge Vela.",
            "Eastline Auto declined to comment on the departure of Lena Fischer.",
        ],
    ),
    dict(
        slug="vistula-sign-filip-nowak", site="nw", section="sport", day=3, time="13:10",
        author="Nina Kowalski",
        title="Vistula United sign teenage defender Filip Nowak",
        description="The 19-year-old could start in the return match against Elbe Rovers.",
        paras=[
            "Vistula United signed Filip Nowak from a Kraków club on Wednesday.",
            "Filip Nowak is a 19-year-old defender.",
            "Jan Kowalczyk said Filip Nowak would start against Elbe Rovers in the return match.",
            "Vistula United have signed Marek Zielinski and Filip Nowak this month.",
            "Vistula United lost 2-1 to Elbe Rovers on Tuesday.",
        ],
    ),
    dict(
        slug="baltic-freight-rotterdam-route", site="nw", section="business", day=3, time="15:40",
        author="Helen Cho",
        title="Baltic Freight Lines opens Gdańsk–Rotterdam route",
        description="The new service will carry 40,000 trailers a year.",
        paras=[
            "Baltic Freight Lines launched a new freight route between Gdańsk and Rotterdam on Wednesday.",
            "The route uses the ferry Amber Star, which Baltic Freight Lines bought in 2023.",
            "Piotr Nowicki said the route would carry 40,000 trailers a year.",
            "Tidewave Robotics will provide automated trailer handling at the Rotterdam terminal.",
            "Vistula Box Terminal will serve the route in Gdańsk.",
        ],
    ),
]

# Day-1 articles that a later day's feed lists again with byte-identical pages
# (the diff must ignore them).
UNCHANGED = {2: ["vistula-united-zielinski"]}
