"""Build data/wikidata/sample.json.bz2: a tiny Wikidata JSON dump for the demo news.

    python data/demo/build_wikidata_sample.py           # (re)write the dump
    python data/demo/build_wikidata_sample.py --check   # exit 1 if the committed dump differs

Format = the official dump (https://dumps.wikimedia.org/wikidatawiki/entities/): one JSON
array, ``[`` and ``]`` on their own lines, one entity per line, every entity line but the
last ending with ``,``; bz2-compressed. ``qwikidata.json_dump.WikidataJsonDump`` reads it.

What is in it (see data/wikidata/README.md):

* real items (countries, cities, a few classes) with their real Q-ids, hand-written
  labels/descriptions/aliases in en+ru and a handful of true claims (P17, P31, P36);
* items for some of the invented demo entities, in the range Q990000001+ (EN world) and
  Q990000101+ (RU world), carrying claims that the demo news repeat, so the novelty filter
  has facts to drop, plus two homonyms so that linking must disambiguate;
* properties with en+ru labels and aliases that cover the relation phrases the rules
  extractor produces ("headquartered in", "базируется в", ...).

Everything is built from the literals below: no network, deterministic bytes.
"""
from __future__ import annotations

import argparse
import bz2
import hashlib
import json
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "data" / "wikidata" / "sample.json.bz2"
MODIFIED = "2026-11-01T00:00:00Z"
GREGORIAN = "http://www.wikidata.org/entity/Q1985727"
EURO = "http://www.wikidata.org/entity/Q4916"

# ----------------------------------------------------------------------------- properties
# id: (datatype, en label, en description, en aliases, ru label, ru description, ru aliases)
PROPERTIES = {
    "P31": ("wikibase-item", "instance of", "that class of which this subject is a particular example and member",
            ["is a", "is an", "type", "example of"],
            "это частный случай понятия", "класс, экземпляром которого является этот предмет",
            ["является", "экземпляр", "тип"]),
    "P17": ("wikibase-item", "country", "sovereign state that this item is in",
            ["sovereign state", "state", "land", "country of"],
            "государство", "суверенное государство, в котором находится этот объект",
            ["страна"]),
    "P36": ("wikibase-item", "capital", "seat of government of a country or region",
            ["capital city", "seat of government", "administrative centre"],
            "столица", "место нахождения правительства страны или региона",
            ["административный центр", "главный город"]),
    "P131": ("wikibase-item", "located in the administrative territorial entity",
             "the item is located on the territory of this administrative entity",
             ["located in", "is located in", "based in", "city", "located in the territorial entity", "be located in", "be based in"],
             "административно-территориальная единица", "территория, на которой находится объект",
             ["расположен в", "расположена в", "находится в", "местоположение", "город", "находиться в", "располагаться в"]),
    "P159": ("wikibase-item", "headquarters location", "city where an organisation's headquarters is located",
             ["headquarters", "headquartered in", "based in", "HQ", "head office", "seat", "main office",
              "be headquartered in", "be based in"],
             "штаб-квартира", "город, где находится штаб-квартира организации",
             ["местонахождение штаб-квартиры", "головной офис", "центральный офис", "базируется в",
              "штаб-квартира находится в", "расположена в", "расположен в", "находится в",
              "базироваться в", "находиться в"]),
    "P169": ("wikibase-item", "chief executive officer", "highest-ranking corporate officer appointed as the CEO",
             ["CEO", "chief executive", "chief executive of", "chief executive officer of",
              "managing director", "head of", "led by"],
             "генеральный директор", "высшее должностное лицо компании",
             ["гендиректор", "исполнительный директор", "CEO", "глава компании", "руководитель",
              "возглавляет"]),
    "P112": ("wikibase-item", "founded by", "founder or co-founder of this organization",
             ["founder", "founders", "co-founder", "established by", "created by", "founded", "found"],
             "основатель", "основатель или сооснователь организации",
             ["основан", "основал", "основала", "учредитель", "создатель", "основатели", "основать"]),
    "P127": ("wikibase-item", "owned by", "owner of the subject",
             ["owner", "belongs to", "property of", "belong to"],
             "владелец", "собственник объекта",
             ["принадлежит", "собственник", "находится в собственности", "принадлежать"]),
    "P54": ("wikibase-item", "member of sports team", "sports teams or clubs that the subject represents or represented",
            ["plays for", "played for", "team", "club", "player of", "member of team", "play for"],
            "член спортивной команды", "спортивные команды или клубы, за которые выступает или выступал субъект",
            ["выступает за", "выступал за", "играет за", "играл за", "клуб", "команда", "выступать за", "играть за"]),
    "P286": ("wikibase-item", "head coach", "on-field manager or head coach of a sports club or team",
             ["coach", "manager", "head coach of", "coached by", "trainer"],
             "главный тренер", "главный тренер спортивного клуба или команды",
             ["тренер", "наставник", "главный тренер команды"]),
    "P115": ("wikibase-item", "home venue", "home stadium or venue of a sports team",
             ["home ground", "home stadium", "stadium", "plays at", "play their home games at", "venue", "arena", "play at"],
             "домашний стадион", "стадион или арена, где команда проводит домашние матчи",
             ["домашняя арена", "стадион", "арена", "проводит домашние матчи на", "проводить на"]),
    "P108": ("wikibase-item", "employer", "person or organization for which the subject works or worked",
             ["works for", "worked for", "employed by", "works at", "worked at", "work for", "work at"],
             "работодатель", "организация, в которой работает или работал человек",
             ["место работы", "работает в", "работал в", "работала в", "работать в"]),
    "P106": ("wikibase-item", "occupation", "occupation of a person",
             ["profession", "job", "work"],
             "род занятий", "профессия или основное занятие человека",
             ["профессия", "занятие"]),
    "P19": ("wikibase-item", "place of birth", "most specific known birth location of a person",
            ["born in", "birthplace", "birth place", "POB", "be born in"],
            "место рождения", "наиболее точное известное место рождения человека",
            ["родился в", "родилась в", "место рожд.", "родиться в"]),
    "P1056": ("wikibase-item", "product or material produced", "material or product produced by an organization",
              ["product", "products", "produces", "makes", "manufactures", "produced", "produce", "make"],
              "продукция", "продукция или материалы, которые производит организация",
              ["производит", "выпускает", "продукт", "изделия", "производить", "выпускать"]),
    "P176": ("wikibase-item", "manufacturer", "manufacturer or producer of this product",
             ["made by", "produced by", "maker", "manufactured by", "builder"],
             "производитель", "производитель или изготовитель продукта",
             ["изготовитель", "выпускается"]),
    "P1128": ("quantity", "employees", "total number of employees of a company",
              ["employs", "staff", "workforce", "number of employees", "headcount", "employ"],
              "число сотрудников", "общее число сотрудников компании",
              ["сотрудники", "насчитывает сотрудников", "количество работников", "численность персонала", "насчитывать"]),
    "P2139": ("quantity", "total revenue", "income gained by an organization during a given time frame",
              ["revenue", "turnover", "sales", "reported revenue", "report revenue of"],
              "выручка", "доход организации за период",
              ["общая выручка", "оборот", "доход"]),
    "P571": ("time", "inception", "time when an entity begins to exist",
             ["founded", "established", "date founded", "founding date", "created"],
             "дата основания", "дата, когда объект начал существовать",
             ["основан", "дата создания", "год основания"]),
    "P856": ("url", "official website", "URL of the official page of an item",
             ["website", "homepage", "URL"],
             "официальный сайт", "адрес официальной страницы объекта",
             ["сайт", "веб-сайт"]),
    "P1448": ("monolingualtext", "official name", "official name of the subject in its official language",
              ["legal name", "full name"],
              "официальное название", "официальное название объекта на официальном языке",
              ["полное название"]),
}

# ----------------------------------------------------------------------------- items
# Each item: id, en label, en description, en aliases, ru label, ru description, ru aliases,
# claims = list of (property, value) where value is "Q..." (item), ("quantity", amount, unit),
# ("time", year), ("url", str) or ("text", str, lang).

EN_BASE = 990000000
RU_BASE = 990000100


def q(n: int) -> str:
    return f"Q{n}"


# invented EN world
HL, HLG, KOVACS, BFL, NBM, VELA, EASTLINE, LUMEN, BRANDT = (q(EN_BASE + i) for i in range(1, 10))
ROVERS, NOVAK, HAFENPARK, LINDQVIST, VISTULA, QUAYSIDE, MARSH = (q(EN_BASE + i) for i in range(10, 17))
# invented RU world
VERFI, SOKOLOV, SOKOLOV2, ZDOK, SEVPORT, KEDR, ALTAI, VOLNA, GRIDLAB = (q(RU_BASE + i) for i in range(1, 10))
LEBEDEVA, MAYAK, MAYAK_HOTEL, KRAVTSOV, PRIBREZHNY, DORONIN, NEVA, PRIBOY, ZVONAREVA = (
    q(RU_BASE + i) for i in range(10, 19))

# real classes and places
HUMAN, CITY, COUNTRY, BUSINESS, FOOTBALL_CLUB, SINGER, STADIUM = (
    "Q5", "Q515", "Q6256", "Q4830453", "Q476028", "Q177220", "Q483110")
BUSINESSPERSON, FOOTBALL_MANAGER, FOOTBALL_PLAYER, CAR = "Q43845", "Q628099", "Q937857", "Q1420"
GERMANY, POLAND, NETHERLANDS, DENMARK, IRELAND, RUSSIA = "Q183", "Q36", "Q55", "Q35", "Q27", "Q159"
HAMBURG, GDANSK, STUTTGART, LEIPZIG, ROTTERDAM, COPENHAGEN, DUBLIN, WARSAW = (
    "Q1055", "Q1792", "Q1022", "Q2079", "Q34370", "Q1748", "Q1761", "Q270")
MOSCOW, SPB, KALININGRAD, VLADIVOSTOK, KAZAN, NOVOSIBIRSK = "Q649", "Q656", "Q1829", "Q959", "Q900", "Q883"
BERLIN, AMSTERDAM = "Q64", "Q727"  # referenced as P36 values only

ITEMS = [
    # ---- classes
    (HUMAN, "human", "any member of Homo sapiens", ["person", "people", "human being"],
     "человек", "представитель вида Homo sapiens", ["люди", "личность"], []),
    (CITY, "city", "large human settlement", ["town", "urban area"],
     "город", "крупный населённый пункт", ["городской населённый пункт"], []),
    (COUNTRY, "country", "distinct territorial body or political entity", ["state", "land"],
     "страна", "территория с определёнными границами и политической самостоятельностью", ["государство"], []),
    (BUSINESS, "business", "organization undertaking commercial or industrial activities",
     ["company", "firm", "enterprise"],
     "предприятие", "организация, ведущая коммерческую или производственную деятельность",
     ["компания", "фирма", "бизнес"], []),
    (FOOTBALL_CLUB, "association football club", "sports club that plays association football",
     ["football club", "soccer club", "FC"],
     "футбольный клуб", "спортивный клуб, играющий в футбол", ["ФК", "клуб"], []),
    (SINGER, "singer", "person who sings", ["vocalist"],
     "певец", "человек, исполняющий песни", ["певица", "вокалист"], []),
    (STADIUM, "stadium", "place or venue for outdoor sports, concerts, or other events",
     ["sports stadium", "arena"],
     "стадион", "спортивное сооружение с трибунами", ["арена"], []),
    # ---- countries
    (GERMANY, "Germany", "country in Central Europe", ["Federal Republic of Germany", "DE", "Deutschland"],
     "Германия", "государство в Центральной Европе", ["ФРГ", "Федеративная Республика Германия"],
     [("P31", COUNTRY), ("P36", BERLIN)]),
    (POLAND, "Poland", "country in Central Europe", ["Republic of Poland", "PL", "Polska"],
     "Польша", "государство в Центральной Европе", ["Республика Польша"],
     [("P31", COUNTRY), ("P36", WARSAW)]),
    (NETHERLANDS, "Netherlands", "country in Northwestern Europe", ["Holland", "the Netherlands", "NL"],
     "Нидерланды", "государство в Западной Европе", ["Голландия"],
     [("P31", COUNTRY), ("P36", AMSTERDAM)]),
    (DENMARK, "Denmark", "country in Northern Europe", ["Kingdom of Denmark", "DK"],
     "Дания", "государство в Северной Европе", ["Королевство Дания"],
     [("P31", COUNTRY), ("P36", COPENHAGEN)]),
    (IRELAND, "Ireland", "country in Northwestern Europe", ["Republic of Ireland", "Éire", "IE"],
     "Ирландия", "государство в Северо-Западной Европе", ["Республика Ирландия"],
     [("P31", COUNTRY), ("P36", DUBLIN)]),
    (RUSSIA, "Russia", "country in Eastern Europe and Northern Asia", ["Russian Federation", "RU", "RF"],
     "Россия", "государство в Восточной Европе и Северной Азии", ["Российская Федерация", "РФ"],
     [("P31", COUNTRY), ("P36", MOSCOW)]),
    # ---- cities
    (HAMBURG, "Hamburg", "city and state in the north of Germany", ["Free and Hanseatic City of Hamburg", "HH"],
     "Гамбург", "город и федеральная земля на севере Германии", ["Вольный и ганзейский город Гамбург"],
     [("P31", CITY), ("P17", GERMANY)]),
    (GDANSK, "Gdańsk", "city on the Baltic coast of Poland", ["Gdansk", "Danzig"],
     "Гданьск", "город на балтийском побережье Польши", ["Гданск", "Данциг"],
     [("P31", CITY), ("P17", POLAND)]),
    (STUTTGART, "Stuttgart", "capital city of Baden-Württemberg, Germany", [],
     "Штутгарт", "город в Германии, столица Баден-Вюртемберга", [],
     [("P31", CITY), ("P17", GERMANY)]),
    (LEIPZIG, "Leipzig", "city in Saxony, Germany", [],
     "Лейпциг", "город в Саксонии, Германия", [],
     [("P31", CITY), ("P17", GERMANY)]),
    (ROTTERDAM, "Rotterdam", "city and port in the Netherlands", [],
     "Роттердам", "город и порт в Нидерландах", [],
     [("P31", CITY), ("P17", NETHERLANDS)]),
    (COPENHAGEN, "Copenhagen", "capital and largest city of Denmark", ["København"],
     "Копенгаген", "столица и крупнейший город Дании", [],
     [("P31", CITY), ("P17", DENMARK)]),
    (DUBLIN, "Dublin", "capital and largest city of Ireland", ["Baile Átha Cliath"],
     "Дублин", "столица и крупнейший город Ирландии", [],
     [("P31", CITY), ("P17", IRELAND)]),
    (WARSAW, "Warsaw", "capital and largest city of Poland", ["Warszawa"],
     "Варшава", "столица и крупнейший город Польши", [],
     [("P31", CITY), ("P17", POLAND)]),
    (MOSCOW, "Moscow", "capital and largest city of Russia", ["Moskva"],
     "Москва", "столица России", ["Москва, Россия"],
     [("P31", CITY), ("P17", RUSSIA)]),
    (SPB, "Saint Petersburg", "second-largest city in Russia", ["St. Petersburg", "Petersburg", "Leningrad"],
     "Санкт-Петербург", "второй по величине город России", ["Петербург", "СПб", "Питер", "Ленинград"],
     [("P31", CITY), ("P17", RUSSIA)]),
    (KALININGRAD, "Kaliningrad", "city in Russia on the Baltic Sea", ["Königsberg"],
     "Калининград", "город в России на Балтийском море", ["Кёнигсберг"],
     [("P31", CITY), ("P17", RUSSIA)]),
    (VLADIVOSTOK, "Vladivostok", "city and port in the Russian Far East", [],
     "Владивосток", "город и порт на Дальнем Востоке России", [],
     [("P31", CITY), ("P17", RUSSIA)]),
    (KAZAN, "Kazan", "city in Russia, capital of Tatarstan", ["Qazan"],
     "Казань", "город в России, столица Татарстана", [],
     [("P31", CITY), ("P17", RUSSIA)]),
    (NOVOSIBIRSK, "Novosibirsk", "city in Siberia, Russia", [],
     "Новосибирск", "город в Сибири, Россия", [],
     [("P31", CITY), ("P17", RUSSIA)]),
    # ---- invented EN world (Harbour Gazette / Northwire)
    (HL, "Harbour Logistics", "logistics and port services company from Hamburg, Germany",
     ["Harbour Logistics Ltd", "Harbour Logistics Limited", "HL Group"],
     "Харбор Логистикс", "логистическая и портовая компания из Гамбурга",
     ["Harbour Logistics", "Харбор Логистикс Лтд"],
     [("P31", BUSINESS), ("P17", GERMANY), ("P159", HAMBURG), ("P169", KOVACS),
      ("P1128", ("quantity", 5400, None)), ("P2139", ("quantity", 1900000000, EURO)),
      ("P571", ("time", 1987)), ("P856", ("url", "https://harbourlogistics.example/")),
      ("P1448", ("text", "Harbour Logistics Ltd", "en"))]),
    (HLG, "Harbour Logistics Group", "freight forwarding company in Dublin, Ireland",
     ["HLG", "Harbour Logistics Group plc"],
     "Харбор Логистикс Груп", "экспедиторская компания из Дублина, Ирландия", [],
     [("P31", BUSINESS), ("P17", IRELAND), ("P159", DUBLIN)]),
    (KOVACS, "Maria Kovacs", "German business executive", ["Maria Kovács"],
     "Мария Ковач", "немецкий топ-менеджер", [],
     [("P31", HUMAN), ("P106", BUSINESSPERSON), ("P108", HL)]),
    (BFL, "Baltic Freight Lines", "Polish ro-ro freight shipping company", ["BFL", "Baltic Freight Lines S.A."],
     "Балтик Фрейт Лайнс", "польская судоходная грузовая компания", [],
     [("P31", BUSINESS), ("P17", POLAND), ("P159", GDANSK)]),
    (NBM, "Northbridge Motors", "German manufacturer of electric cars", ["Northbridge", "Northbridge Motors AG"],
     "Нортбридж Моторс", "немецкий производитель электромобилей", [],
     [("P31", BUSINESS), ("P17", GERMANY), ("P159", STUTTGART), ("P1056", VELA)]),
    (VELA, "Northbridge Vela", "compact electric hatchback", ["Vela"],
     "Нортбридж Вела", "компактный электрический хэтчбек", [],
     [("P31", CAR), ("P176", NBM)]),
    (EASTLINE, "Eastline Auto", "German car manufacturer", ["Eastline", "Eastline Auto GmbH"],
     "Истлайн Авто", "немецкий автопроизводитель", [],
     [("P31", BUSINESS), ("P17", GERMANY), ("P159", LEIPZIG)]),
    (LUMEN, "Lumen Energy", "Dutch battery manufacturer", ["Lumen Energy BV", "Lumen"],
     "Люмен Энерджи", "нидерландский производитель аккумуляторов", [],
     [("P31", BUSINESS), ("P17", NETHERLANDS), ("P112", BRANDT), ("P159", ROTTERDAM),
      ("P571", ("time", 2021))]),
    (BRANDT, "Sofia Brandt", "Dutch engineer and entrepreneur", [],
     "София Брандт", "нидерландский инженер и предприниматель", [],
     [("P31", HUMAN), ("P106", BUSINESSPERSON)]),
    (ROVERS, "Elbe Rovers", "association football club in Hamburg", ["Elbe Rovers FC", "FC Elbe Rovers", "the Rovers"],
     "Эльбе Роверс", "футбольный клуб из Гамбурга", [],
     [("P31", FOOTBALL_CLUB), ("P17", GERMANY), ("P131", HAMBURG), ("P286", NOVAK), ("P115", HAFENPARK)]),
    (NOVAK, "Petra Novak", "Czech football manager", [],
     "Петра Новак", "чешский футбольный тренер", [],
     [("P31", HUMAN), ("P106", FOOTBALL_MANAGER)]),
    (HAFENPARK, "Hafenpark Stadium", "football stadium in Hamburg", ["Hafenpark", "Hafenpark-Stadion"],
     "Хафенпарк", "футбольный стадион в Гамбурге", ["стадион Хафенпарк"],
     [("P31", STADIUM), ("P17", GERMANY), ("P131", HAMBURG)]),
    (LINDQVIST, "Tomas Lindqvist", "Swedish association football player", ["Tomas Lindkvist"],
     "Томас Линдквист", "шведский футболист", [],
     [("P31", HUMAN), ("P106", FOOTBALL_PLAYER), ("P54", VISTULA)]),
    (VISTULA, "Vistula United", "association football club in Gdańsk", ["Vistula United FC"],
     "Висла Юнайтед", "футбольный клуб из Гданьска", [],
     [("P31", FOOTBALL_CLUB), ("P17", POLAND), ("P131", GDANSK)]),
    (QUAYSIDE, "Quayside Arena", "concert hall in a former harbour warehouse in Hamburg", ["Quayside"],
     "Куэйсайд Арена", "концертный зал в бывшем портовом складе в Гамбурге", [],
     [("P17", GERMANY), ("P131", HAMBURG)]),
    (MARSH, "Elena Marsh", "Irish singer-songwriter", [],
     "Элена Марш", "ирландская певица и автор песен", ["Елена Марш"],
     [("P31", HUMAN), ("P106", SINGER), ("P19", DUBLIN)]),
    # ---- invented RU world (Вестник Приморья / Северные новости)
    (VERFI, "Baltic Shipyards", "Russian shipbuilding and ship repair company from Kaliningrad",
     ["Baltiyskie Verfi", "Baltiyskiye Verfi"],
     "Балтийские верфи", "российская судостроительная и судоремонтная компания из Калининграда",
     ["АО «Балтийские верфи»", "«Балтийские верфи»"],
     [("P31", BUSINESS), ("P17", RUSSIA), ("P159", KALININGRAD), ("P169", SOKOLOV),
      ("P1128", ("quantity", 3200, None))]),
    (SOKOLOV, "Andrei Sokolov", "Russian business executive, shipbuilder", ["Andrey Sokolov"],
     "Андрей Соколов", "российский топ-менеджер, судостроитель", ["Андрей Викторович Соколов", "Соколов А. В."],
     [("P31", HUMAN), ("P106", BUSINESSPERSON), ("P108", VERFI)]),
    (SOKOLOV2, "Andrei Sokolov", "Russian swimming coach from Kazan", ["Andrey Sokolov"],
     "Андрей Соколов", "российский тренер по плаванию из Казани", ["Андрей Сергеевич Соколов"],
     [("P31", HUMAN), ("P19", KAZAN)]),
    (ZDOK, "Zapadny Dock", "ship repair yard in Kaliningrad", ["Zapadny Dok", "Western Dock"],
     "Западный док", "судоремонтный завод в Калининграде", ["«Западный док»", "судоремонтный завод «Западный док»"],
     [("P31", BUSINESS), ("P17", RUSSIA), ("P131", KALININGRAD)]),
    (SEVPORT, "Severny Port", "stevedoring company in Saint Petersburg", ["Northern Port"],
     "Северный порт", "стивидорная компания в Санкт-Петербурге", ["ООО «Северный порт»", "«Северный порт»"],
     [("P31", BUSINESS), ("P17", RUSSIA), ("P159", SPB)]),
    (KEDR, "Kedr Motors", "Russian car manufacturer from Novosibirsk", ["Kedr"],
     "Кедр Моторс", "российский автопроизводитель из Новосибирска", ["«Кедр Моторс»", "Кедр"],
     [("P31", BUSINESS), ("P17", RUSSIA), ("P159", NOVOSIBIRSK), ("P1056", ALTAI)]),
    (ALTAI, "Kedr Altai", "compact electric crossover", ["Altai"],
     "Кедр Алтай", "компактный электрический кроссовер", ["«Кедр Алтай»", "Алтай"],
     [("P31", CAR), ("P176", KEDR)]),
    (VOLNA, "Volna Auto", "Russian car manufacturer from Kazan", ["Volna"],
     "Волна Авто", "российский автопроизводитель из Казани", ["«Волна Авто»"],
     [("P31", BUSINESS), ("P17", RUSSIA), ("P159", KAZAN)]),
    (GRIDLAB, "GridLab", "Russian battery manufacturer", ["GridLab LLC"],
     "ГридЛаб", "российский производитель аккумуляторов", ["«ГридЛаб»", "ООО «ГридЛаб»"],
     [("P31", BUSINESS), ("P17", RUSSIA), ("P112", LEBEDEVA), ("P159", SPB), ("P571", ("time", 2021))]),
    (LEBEDEVA, "Yekaterina Lebedeva", "Russian engineer and entrepreneur", ["Ekaterina Lebedeva"],
     "Екатерина Лебедева", "российский инженер и предприниматель", [],
     [("P31", HUMAN), ("P106", BUSINESSPERSON)]),
    (MAYAK, "FC Mayak", "association football club from Kaliningrad", ["Mayak", "Mayak Kaliningrad"],
     "Маяк", "футбольный клуб из Калининграда", ["ФК «Маяк»", "«Маяк»", "Маяк Калининград"],
     [("P31", FOOTBALL_CLUB), ("P17", RUSSIA), ("P131", KALININGRAD), ("P286", KRAVTSOV), ("P115", PRIBREZHNY)]),
    (MAYAK_HOTEL, "Mayak", "hotel in Zelenogradsk, Kaliningrad Oblast", ["Hotel Mayak"],
     "Маяк", "гостиница в Зеленоградске", ["гостиница «Маяк»"],
     [("P17", RUSSIA)]),
    (KRAVTSOV, "Oleg Kravtsov", "Russian football manager", [],
     "Олег Кравцов", "российский футбольный тренер", [],
     [("P31", HUMAN), ("P106", FOOTBALL_MANAGER)]),
    (PRIBREZHNY, "Pribrezhny Stadium", "football stadium in Kaliningrad", ["Pribrezhny"],
     "Прибрежный", "футбольный стадион в Калининграде", ["стадион «Прибрежный»"],
     [("P31", STADIUM), ("P17", RUSSIA), ("P131", KALININGRAD)]),
    (DORONIN, "Ilya Doronin", "Russian association football player", [],
     "Илья Доронин", "российский футболист", [],
     [("P31", HUMAN), ("P106", FOOTBALL_PLAYER), ("P54", NEVA)]),
    (NEVA, "FC Neva", "association football club from Saint Petersburg", ["Neva", "Neva Saint Petersburg"],
     "Нева", "футбольный клуб из Санкт-Петербурга", ["ФК «Нева»", "«Нева»"],
     [("P31", FOOTBALL_CLUB), ("P17", RUSSIA), ("P131", SPB)]),
    (PRIBOY, "Priboy", "concert hall in Kaliningrad", ["Priboy concert hall"],
     "Прибой", "концертный зал в Калининграде", ["концертный зал «Прибой»", "«Прибой»"],
     [("P17", RUSSIA), ("P131", KALININGRAD)]),
    (ZVONAREVA, "Alina Zvonaryova", "Russian singer", ["Alina Zvonareva"],
     "Алина Звонарёва", "российская певица", ["Алина Звонарева"],
     [("P31", HUMAN), ("P106", SINGER), ("P19", SPB)]),
]


# ----------------------------------------------------------------------------- encoding

def _terms(en: str, ru: str) -> dict:
    out = {}
    if en:
        out["en"] = {"language": "en", "value": en}
    if ru:
        out["ru"] = {"language": "ru", "value": ru}
    return out


def _aliases(en: list[str], ru: list[str]) -> dict:
    out = {}
    if en:
        out["en"] = [{"language": "en", "value": v} for v in en]
    if ru:
        out["ru"] = [{"language": "ru", "value": v} for v in ru]
    return out


def _datavalue(value) -> tuple[dict, str]:
    """(datavalue, datatype) in dump shape."""
    if isinstance(value, str):
        return ({"value": {"entity-type": "item", "numeric-id": int(value[1:]), "id": value},
                 "type": "wikibase-entityid"}, "wikibase-item")
    kind = value[0]
    if kind == "quantity":
        _, amount, unit = value
        return ({"value": {"amount": f"+{amount}", "unit": unit or "1"}, "type": "quantity"}, "quantity")
    if kind == "time":
        return ({"value": {"time": f"+{value[1]:04d}-00-00T00:00:00Z", "timezone": 0, "before": 0, "after": 0,
                           "precision": 9, "calendarmodel": GREGORIAN}, "type": "time"}, "time")
    if kind == "url":
        return ({"value": value[1], "type": "string"}, "url")
    if kind == "text":
        return ({"value": {"text": value[1], "language": value[2]}, "type": "monolingualtext"}, "monolingualtext")
    raise ValueError(value)


def _statement(subject: str, prop: str, value) -> dict:
    datavalue, datatype = _datavalue(value)
    expected = PROPERTIES[prop][0]
    assert datatype == expected, f"{subject} {prop}: {datatype} != {expected}"
    snak = {"snaktype": "value", "property": prop, "datavalue": datavalue, "datatype": datatype}
    snak_json = json.dumps(snak, sort_keys=True, ensure_ascii=False)
    snak = {"snaktype": "value", "property": prop,
            "hash": hashlib.sha1(snak_json.encode()).hexdigest(),
            "datavalue": datavalue, "datatype": datatype}
    sid = uuid.uuid5(uuid.NAMESPACE_URL, f"benchmill-demo/{subject}/{prop}/{snak_json}")
    return {"mainsnak": snak, "type": "statement", "id": f"{subject}${str(sid).upper()}", "rank": "normal"}


def _revid(entity_id: str) -> int:
    return 2_000_000_000 + int(hashlib.sha1(entity_id.encode()).hexdigest()[:6], 16)


def item_entity(row) -> dict:
    qid, en, en_d, en_a, ru, ru_d, ru_a, claims = row
    grouped: dict[str, list] = {}
    for prop, value in claims:
        grouped.setdefault(prop, []).append(_statement(qid, prop, value))
    return {
        "type": "item", "id": qid,
        "labels": _terms(en, ru), "descriptions": _terms(en_d, ru_d), "aliases": _aliases(en_a, ru_a),
        "claims": grouped, "sitelinks": {},
        "pageid": int(qid[1:]) % 100_000_000 + 1, "ns": 0, "title": qid,
        "lastrevid": _revid(qid), "modified": MODIFIED,
    }


def property_entity(pid: str) -> dict:
    datatype, en, en_d, en_a, ru, ru_d, ru_a = PROPERTIES[pid]
    return {
        "type": "property", "datatype": datatype, "id": pid,
        "labels": _terms(en, ru), "descriptions": _terms(en_d, ru_d), "aliases": _aliases(en_a, ru_a),
        "claims": {},
        "pageid": 3_000_000 + int(pid[1:]), "ns": 120, "title": f"Property:{pid}",
        "lastrevid": _revid(pid), "modified": MODIFIED,
    }


def render() -> bytes:
    ids = [r[0] for r in ITEMS]
    assert len(ids) == len(set(ids)), "duplicate item id"
    entities = [item_entity(r) for r in ITEMS] + [property_entity(p) for p in PROPERTIES]
    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entities]
    text = "[\n" + ",\n".join(lines) + "\n]\n"
    return bz2.compress(text.encode("utf-8"), compresslevel=9)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    data = render()
    if args.check:
        ok = args.out.exists() and args.out.read_bytes() == data
        print("sample.json.bz2 is up to date" if ok else "sample.json.bz2 differs from build_wikidata_sample.py")
        return 0 if ok else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(ITEMS)} items, {len(PROPERTIES)} properties, {len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
