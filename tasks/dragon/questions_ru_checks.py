"""DRAGON questions, Russian: subgraphs no Russian question should be asked about, and entity
kinds the tagger gets wrong. Each check is a recorded reason to skip (a Failure row), never a
silent drop; the templates themselves are ``questions_ru``'s.

Found by an independent judge on held-out news-ru (round 5), fixed as classes, not cases:

- a gold answer that says nothing out of its article: one bare common noun («город», «покупка»,
  «станция»), or a set whose members are one entity twice («Волна Авто», «конкурент компании»);
- a measure noun left without its number («ветропарком мощностью», «участок площадью»);
- a product, brand or model name («трамваи Tatra», «бренд «Сокольское»») the tagger calls an
  organisation, then asked «какая организация».
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge, Subgraph
from tasks.dragon.questions_base import _kind, _labels, _shared_node, unnamed
from tasks.dragon.questions_ru_answers import ru_round7_reason
from tasks.dragon.questions_ru_words import _RU_GAME_NOUNS
from tasks.dragon.rules_ru.lexicon import _RU_NAME_GRAMMEMES as _RU_NAME_TAGS

#: nouns that measure a thing and need their number: «мощностью 50 МВт», «площадью 2 га»
_RU_MEASURE = re.compile(
    r"\b(?:мощност|площад|стоимост|протяж[её]нност|длин|ширин|высот|глубин|вместимост|[её]мкост|численност"
    r"|объ[её]м|вес|масс|производительност|грузоподъ[её]мност|диаметр|сумм)(?:ью|ой|ом|ы|и|а|ю|е|у)?\b",
    re.IGNORECASE)
_RU_NUMBER_AFTER = re.compile(r"\s*(?:до|около|более|свыше|почти|не\s+менее|порядка|в)?\s*\d")

#: nouns that make the name after them a product, brand or model, not an organisation
_RU_PRODUCT_NOUN = (r"(?:модел|марк|бренд|торгов\w+\s+марк|трамва|автобус|троллейбус|автомобил|электромобил|кроссовер"
                    r"|седан|внедорожник|самол[её]т|вертол[её]т|смартфон|продукт|препарат|сорт|серии|поезд|электропоезд"
                    r"|судн|теплоход|лайнер|локомотив|тракторы?|комбайн)[а-яё]*")


def ru_measure_without_number(text: str) -> bool:
    """Does ``text`` hold a measure noun whose number was cut off («ветропарком мощностью»)?"""
    for match in _RU_MEASURE.finditer(text):
        word = match.group(0).lower()
        if not word.endswith(("ью", "ой", "ом")):  # the instrumental of measure: «мощностью», «массой», «объёмом»
            continue
        if not _RU_NUMBER_AFTER.match(text[match.end():]):
            return True
    return False


def _bare_common_noun(label: str) -> bool:
    """One lowercase word with no digit: «город», «покупка», «станция», «техника»."""
    words = label.split()
    return len(words) == 1 and label[:1].islower() and not any(ch.isdigit() for ch in label)


_RU_WORD = re.compile(r"[А-Яа-яЁёA-Za-z]+(?:-[А-Яа-яЁёA-Za-z]+)*")


def ru_truncated_name(label: str, sentences: list[str]) -> bool:
    """Is ``label`` the start of a longer name its sentence goes on with, in the genitive:
    «Управление» of «Управление Россельхознадзора», «Арбитражный суд» of «Арбитражный суд
    Новосибирской области»? A capitalised word with a genitive reading and no nominative one
    right after the label continues the name; a person after a title («Кедр Моторс» Игорь Рябов)
    is nominative, and a closing quote ends the name."""
    words = label.split()
    if not words or not label[:1].isupper() or "«" in label:
        return False
    vocab = nlp.morph_vocab()
    lemmas = [nlp.lemma_ru(w.lower()) for w in words]
    for sentence in sentences:
        found = list(re.finditer(r"\S+", sentence))
        tokens = [m.group(0) for m in found]
        for start in range(len(tokens) - len(words)):
            window = tokens[start:start + len(words)]
            if any(re.search(r"[»,.;:)]$", t) for t in window):
                continue
            if [nlp.lemma_ru(re.sub(r"\W", "", t).lower()) for t in window] != lemmas:
                continue
            after = re.sub(r"[^\w-]", "", tokens[start + len(words)])
            if not after[:1].isupper() or tokens[start + len(words)][:1] in "«(\"":
                continue
            cases = {str(p.tag.case) for p in vocab.parse(after.lower())}
            if "gent" in cases and "nomn" not in cases:
                return True
    return False


def ru_hanging_genitive(label: str, sentences: list[str]) -> bool:
    """Does ``label`` end in a noun (genitive or not) whose own name its sentence goes on with: «два больших
    магазина формата» of «... формата «у дома»», «вагоны модели» of «вагоны модели «Витязь-М»»?
    Without that name the phrase is a remnant no reader can complete."""
    words = label.split()
    if len(words) < 2 or not words[-1][:1].islower():
        return False
    parses = nlp.morph_vocab().parse(words[-1].lower())
    if not parses or parses[0].tag.POS != "NOUN":
        # (any case: «контракт на поставку с производителем» of «... с производителем «Волжский вагон»»)
        return False
    tail = re.escape(words[-1])
    # a name in Latin letters, digits first or not («стандартов 2G и 4G»); a bare number is a date or a
    # count, no name («Новый терминал 1 июня примет ...»)
    return any(re.search(rf"\b{tail}\s+(?:[«\"„]|\d*[A-Za-z])", s) for s in sentences)


#: nouns that name a kind of institution or facility, never one of them: «Птицефабрика», «Управление»
_RU_INSTITUTION_NOUNS = frozenset("""
компания фирма группа холдинг агрохолдинг концерн корпорация предприятие завод фабрика птицефабрика комбинат
банк управление министерство администрация мэрия правительство департамент комитет служба суд театр музей
больница поликлиника школа университет институт фонд агентство ведомство инспекция прокуратура клуб команда
стадион порт терминал аэропорт станция экспедиция обсерватория лаборатория филиал дума собрание совет
""".split())


def ru_capitalised_common_noun(label: str, sentences: list[str]) -> bool:
    """Is ``label`` one common noun capitalised only because it opens its sentence («Птицефабрика,
    принадлежащая ...»)? A name is written with its capital inside a sentence too («Маяк»)."""
    if " " in label or not label[:1].isupper() or not label[1:].islower():
        return False
    lemma = nlp.lemma_ru(label.lower())
    if lemma not in _RU_INSTITUTION_NOUNS:
        return False  # «Маяк», «Гармония»: a common word may well be a name
    return not _written_as_name(lemma, sentences)


def _written_as_name(lemma: str, sentences: list[str]) -> bool:
    """Does a sentence write a word of ``lemma`` as a name: in quotes, or with its capital inside the sentence
    («Маяк», «в «Прибое»», "подписал Маяк")?"""
    for sentence in sentences:
        for index, match in enumerate(_RU_WORD.finditer(sentence)):
            word = match.group(0)
            if nlp.lemma_ru(word.lower()) != lemma:
                continue
            if sentence[:match.start()].rstrip().endswith(("«", '"')) or (index and word[:1].isupper()):
                return True
    return False


#: pymorphy grammemes of a proper name (the rules engine's list): a word with one of these readings may be a name
_RU_NAME_GRAMMEMES = frozenset(_RU_NAME_TAGS)


def _common_noun_only(word: str) -> list:
    """The dictionary readings of ``word`` when every one is a common noun (none a name), else []."""
    parses = [p for p in nlp.morph_vocab().parse(word.lower()) if p.is_known]
    if not parses or any(p.tag.POS != "NOUN" or _RU_NAME_GRAMMEMES & set(p.tag.grammemes) for p in parses):
        return []
    return parses


def ru_role_noun_as_name(label: str, kind: str | None, sentences: list[str]) -> bool:
    """Is ``label`` a capitalised common noun the tagger took for a name: «Курьер» (a person noun, one
    word: a role, never a name), «Дубль Лобанов» (a person whose first word is a common noun, no first
    name: «дубль Лобанова» opened its sentence)? A word a sentence writes with its capital inside the
    sentence, or in quotes, is a name («Маяк»); a place or an organisation of one inanimate word
    («Гармония») may be a name and is left to ``ru_capitalised_common_noun``."""
    words = label.split()
    if not words or "«" in label or not words[0][:1].isupper() or not words[0][1:].islower():
        return False
    if len(words) == 1:
        parses = _common_noun_only(words[0])
        if not any("anim" in p.tag for p in parses):
            return False
    else:
        # a person's first word is a first name; one with no name reading but a noun one («Гол», «Дубль») is no name
        parses = [p for p in nlp.morph_vocab().parse(words[0].lower()) if p.is_known]
        if kind != "person" or any({"Name", "Surn", "Patr"} & set(p.tag.grammemes) for p in parses):
            return False
        parses = [p for p in parses if p.tag.POS == "NOUN"]
        if not parses:
            return False
    return not _written_as_name(parses[0].normal_form, sentences)


def ru_subject_not_said(label: str, sentences: list[str]) -> bool:
    """Is a person the subject of a fact whose sentences neither name them (no word of the name) nor point to
    them with a subject pronoun («он», «она», «они»)? «При этом депутаты согласились выделить 650 млн рублей»
    gave «Аркадий Зуев согласился выделить», «в ней открыли отделение» gave «Татьяна Гусева открыла»: the doer
    was taken from another sentence, and the question asks a premise the text does not state."""
    named = {nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(label) if len(w) > 2}
    if not named:
        return False
    for sentence in sentences:
        words = [w.lower() for w in _RU_WORD.findall(sentence)]
        if named & {nlp.lemma_ru(w) for w in words} or {"он", "она", "они"} & set(words):
            return False
    return True


def ru_label_not_nominative(label: str) -> bool:
    """Is ``label`` a name left in the oblique case its sentence gave it («Шахтёра» of «проиграл
    кемеровскому «Шахтёру»», «Томских медведей»)? Every word is a dictionary word and none has a
    nominative reading. A word the dictionary does not know (a foreign or made-up name) is undecided."""
    words = _RU_WORD.findall(label)
    if not words or any(ch.isdigit() for ch in label) or len(words) != len(label.replace("«", "").replace("»", "").split()):
        return False
    vocab = nlp.morph_vocab()
    for word in words:
        parts = word.split("-")
        if len(parts) == 2 and not any(p.is_known for p in vocab.parse(word.lower())):
            # «Кедр-Холдинга»: the name's second part declines, in the singular («Тайга-Групп» is a name's
            # own form, whatever its plural genitive reading says)
            parses = [p for p in vocab.parse(parts[1].lower()) if p.is_known]
            if not parses or any(p.tag.case == "nomn" or p.tag.number != "sing" for p in parses):
                return False
            continue
        parses = [p for p in vocab.parse(word.lower()) if p.is_known]
        if not parses or any(p.tag.case in ("nomn", None) for p in parses) or any(p.tag.POS not in ("NOUN", "ADJF") for p in parses):
            return False
    return True


def ru_passive_frame(relation: str, head: str, sentences: list[str]) -> bool:
    """Does the relation's verb, a direct object's (no preposition), stand in its sentences only as a passive
    participle («выставку «…», посвящённую 90-летию художника») while the relation was made an active verb
    («посвятить»), and its subject is no agent in the instrumental («основана предпринимателем Игорем …»
    is the triplet stage's own swap)? Then the subject is what the verb was done to, and «Кого посвятил
    «Сибирский свет»?» asks it as the doer. Undecided (False) when the verb's forms are not found."""
    words = relation.split()
    if not words or words[-1] in _RU_PREPOSITIONS:
        return False
    vocab = nlp.morph_vocab()
    first = _RU_WORD.findall(head)[:1]
    for sentence in sentences if first else ():
        found = [m.group(0).lower() for m in _RU_WORD.finditer(sentence)]
        for at, word in enumerate(found):
            if nlp.lemma_ru(word) != nlp.lemma_ru(first[0].lower()):
                continue
            # the agent is said: «предпринимателем Игорем Шаповаловым», «подрядчиком «Промстроймонтаж»»
            if any(p.tag.case == "ablt" for w in (word, *found[at - 1:at]) for p in vocab.parse(w) if p.tag.POS == "NOUN"):
                return False
    infinitive = next((p.normal_form for p in vocab.parse(words[0].lower()) if p.tag.POS == "INFN"), None)
    if infinitive is None:
        return False
    passive = active = False
    for sentence in sentences:
        for match in _RU_WORD.finditer(sentence):
            for parse in vocab.parse(match.group(0).lower()):
                if parse.normal_form != infinitive or parse.tag.POS not in ("PRTF", "PRTS", "VERB", "INFN"):
                    continue
                if parse.tag.POS in ("PRTF", "PRTS") and "pssv" in parse.tag:
                    passive = True
                else:
                    active = True
                break
    return passive and not active


_RU_RELATIVE_SHARE = re.compile(r"(?:остальн|оставш|друг|част[ьи]\b|половин|ряд\b|прочи)", re.IGNORECASE)
_RU_NUMBERISH = re.compile(r"\s*(?:\d|(?:один|одна|одно|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|несколько)(?![а-яё]))",
                           re.IGNORECASE)

#: pronouns that point back into the article: an answer «траектория его падения» says of nothing
_RU_BACK_PRONOUN = re.compile(r"(?<![А-Яа-яЁё])(?:его|её|ее|их|этого|этой|этих)(?![А-Яа-яЁё])", re.IGNORECASE)


def ru_skip_reason(subgraph: Subgraph, kinds: dict, classes: dict | None = None) -> str | None:
    """Why no Russian question is asked about ``subgraph`` (recorded as a Failure), or None."""
    if subgraph.lang != "ru":
        return None
    labels = _labels(subgraph)
    if subgraph.type == "set":
        shared = _shared_node(subgraph.edges)
        if shared is not None and _kind(kinds, "ru", shared) in ("DATE", "NUM"):
            # «Кто работает с 2022 года?» → «Катим», «Марина Кузьмина»: a date or an amount shared by
            # two facts is no set a reader can list; the text does not say these are all
            return f"skipped: the set shares only the value {labels.get(shared, shared)!r}"
    for edge in subgraph.edges:
        for label in (edge.head_label, edge.tail_label):
            if ru_truncated_name(label, edge.sentences):
                return f"skipped: {label!r} is the start of a longer name its sentence goes on with"
            if ru_capitalised_common_noun(label, edge.sentences):
                return f"skipped: {label!r} is a common noun that opens its sentence, not a name"
            if ru_hanging_genitive(label, edge.sentences):
                return f"skipped: {label!r} ends in a noun whose name its sentence gives and the label drops"
        for label, kind in ((edge.head_label, edge.head_type), (edge.tail_label, edge.tail_type)):
            if ru_role_noun_as_name(label, kind, edge.sentences):
                return f"skipped: {label!r} is a common noun capitalised at its sentence's start, not a name"
            if kind not in ("date", "quantity") and ru_label_not_nominative(label):
                return f"skipped: the name {label!r} is not in the nominative"
        if edge.head_type == "person" and ru_subject_not_said(edge.head_label, edge.sentences):
            return f"skipped: its sentence neither names {edge.head_label!r} nor points to them as the doer"
        if ru_passive_frame(edge.relation, edge.head_label, edge.sentences):
            return (f"skipped: {edge.relation!r} stands in its sentence only as a passive participle; its subject "
                    f"{edge.head_label!r} is what it was done to, not the doer")
        if ru_preposition_not_said(edge.relation, edge.tail_label, edge.sentences):
            return (f"skipped: {edge.relation!r} puts a preposition before {edge.tail_label!r} that its sentence "
                    f"does not («во Владивостоке, на берегу …» read as «во берегу»)")
    answers = [n for n in subgraph.answer_nodes if n in labels]
    for edge in subgraph.edges:
        for node, label, kind in ((edge.head, edge.head_label, edge.head_type), (edge.tail, edge.tail_label, edge.tail_type)):
            # (a "quantity" type with no number in it is the tagger's mistake: «мост длиной 620 метров»)
            if node not in answers and node not in subgraph.hidden_nodes and kind != "date" \
                    and unnamed(label, None) and not _RU_NUMBERISH.match(label):
                # «Что соединит четырехполосный мост?»: which bridge? (the shared check reads only question_nodes)
                return f"skipped: the question would name {label!r}, a common noun that does not say which one"
    for node in answers:
        if _RU_RELATIVE_SHARE.match(labels[node]):
            # «остальные средства», «часть старых машин»: a share of something the article sets out
            return f"skipped: the answer {labels[node]!r} is a share of something only its article names"
        if _RU_BACK_PRONOUN.search(labels[node]):
            return f"skipped: the answer {labels[node]!r} points back into its article with a pronoun"
        if _kind(kinds, "ru", node) in ("DATE", "NUM"):
            continue
        if _bare_common_noun(labels[node]):
            return (f"skipped: the answer {labels[node]!r} is one common noun that out of its article does not say "
                    "which one")
    if subgraph.type == "set" and len(answers) > 1:
        entities = [labels[n] for n in answers if _kind(kinds, "ru", n) not in ("DATE", "NUM")
                    and not any(ch.isdigit() for ch in labels[n])]
        named = [label for label in entities if label[:1].isupper()]
        common = [label for label in entities if label[:1].islower()]
        if named and common:
            # «Волна Авто», «конкурент компании»: the common noun is most often the named one again
            return f"skipped: the set member {common[0]!r} may be {named[0]!r} named by a common noun"
    for edge in subgraph.edges:
        for text in (edge.relation, edge.head_label, edge.tail_label):
            if ru_measure_without_number(text):
                return f"skipped: {text!r} holds a measure noun without its number"
    return ru_round6_reason(subgraph, kinds, classes)


def refine_products_ru(kinds: dict, subgraphs: list[Subgraph]) -> dict:
    """A name its sentences introduce as a model, brand or vehicle («трамваи Tatra», «бренд
    «Сокольское»») is a thing, whatever the tagger said: never «какая организация» (MISC asks «что»)."""
    kinds = dict(kinds)
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("ru", node)) not in ("ORG", None) or not label[:1].isupper():
                    continue
                product = re.compile(rf"\b{_RU_PRODUCT_NOUN}\s+(?:\w+\s+)?«?{re.escape(label)}", re.IGNORECASE)
                if any(product.search(s) for s in edge.sentences):
                    kinds[("ru", node)] = "MISC"
    return kinds


#: common nouns that name what an entity is («театр «Волжская сцена»», «Октябрьский районный суд»,
#: «директор театра»): the class noun a question names it by instead of «организация», «место», «объект»
#: (not «матч»: a match has no name, and «матч «Жигули»» is the team's match)
#: Not rules_ru/lexicon._RU_CLASS_NOUNS, on purpose: that list holds only the organisation kinds the rules
#: engine writes into an entity's name («завод «Северная ткань»»); this one is what a question may call
#: any entity, places, facilities («порт», «терминал»), events and works included.
RU_CLASS_NOUNS = frozenset("""
театр суд фестиваль спектакль постановка пьеса фильм концерт хор ансамбль оркестр труппа конкурс выставка премия
турнир чемпионат клуб команда компания завод фабрика комбинат банк университет институт академия школа
колледж лицей гимназия больница поликлиника госпиталь онкоцентр музей филармония библиотека магазин гипермаркет
супермаркет ресторан кафе отель гостиница здание центр распредцентр город село посёлок деревня район область край
республика стадион арена аэропорт вокзал порт терминал предприятие холдинг министерство минкульт администрация
мэрия правительство департамент комитет фонд агентство служба улица шоссе проспект мост парк сквер площадь сеть
фирма корпорация концерн лига федерация партия газета журнал телеканал издательство электростанция станция
лаборатория кафедра факультет больница церковь собор храм памятник дворец кинотеатр цирк зоопарк прокуратура
""".split())


def _class_lemma(word: str) -> str | None:
    """The lemma of a lowercase class noun, or None: «театра» → «театр»."""
    if not word[:1].islower():
        return None
    for parse in nlp.morph_vocab().parse(word.lower())[:3]:
        lemma = parse.normal_form.replace("ё", "е")
        if parse.tag.POS == "NOUN" and lemma in RU_CLASS_NOUNS:
            return lemma
    return None


def ru_label_class(label: str) -> str | None:
    """The class noun a label holds as its own head: «Октябрьский районный суд» → «суд», «Областная
    филармония» → «филармония» (a quoted part is a name, not a class: «компания «Волгахим»» is not asked here)."""
    if "«" in label:
        label = label[: label.index("«")]
    for word in _RU_WORD.findall(label):
        lemma = _class_lemma(word)
        if lemma is not None:
            parses = nlp.morph_vocab().parse(word.lower())
            if any(p.tag.POS == "NOUN" and "nomn" in p.tag for p in parses[:3]):
                return lemma
    return None


def ru_label_head_noun(label: str) -> str | None:
    """The lowercase noun a label puts before its quoted name as what it is: «траулер «Мыс Поворотный»» →
    «траулер», «комплекс «Агидель-Парк»» → «комплекс» (not only the class nouns above: a trawler's captain is
    «капитаном какого траулера», never «какой команды» nor «какой организации»)."""
    match = re.match(r"([а-яё]+) «", label)
    if match is None:
        return None
    parses = [p for p in nlp.morph_vocab().parse(match.group(1))[:2] if p.tag.POS == "NOUN" and "nomn" in p.tag]
    return parses[0].normal_form.replace("ё", "е") if parses and len(parses[0].normal_form) > 2 else None


def ru_class_in_sentences(label: str, sentences: list[str]) -> str | None:
    """The class noun its sentences put the name in apposition to: «Театр «Волжская сцена»» →
    «театр», «фестиваля «Зимние вечера»» → «фестиваль», «новую постановку «Вьюга»» → «постановка». The
    name may be declined there (««Вьюгу»»): its words are compared by lemma; the most frequent noun wins."""
    name = label.strip("«»")
    name_words = [nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(name)]
    if not name_words:
        return None
    counts: dict[str, int] = {}
    for sentence in sentences:
        for match in re.finditer(r"([А-Яа-яЁё]+)\s+«([^»]+)»", sentence):
            quoted = [nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(match.group(2))]
            if quoted != name_words:
                continue
            lemma = _class_lemma(match.group(1)) or _class_lemma(match.group(1).lower())
            if lemma is not None:
                counts[lemma] = counts.get(lemma, 0) + 1
    return max(counts, key=counts.get) if counts else None


def ru_class_nouns(subgraphs: list[Subgraph]) -> dict[str, str]:
    """node → the class noun its label or the sentences of any of its edges give it (see above)."""
    said: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                labels.setdefault(node, label)
                said.setdefault(node, [])
                said[node].extend(s for s in edge.sentences if s not in said[node])
    from tasks.dragon.questions_ru import _ru_quoted_words, _ru_role_class, ru_relation
    from tasks.dragon.questions_ru_kinds import ru_kind_classes

    classes = {}
    for node, label in labels.items():
        # a label its sentences write whole in «» is a name, whatever its head noun says: «Северный порт»
        # of «Компания «Северный порт»» is a company, not a port
        named = bool(label.split()) and _ru_quoted_words(label, said[node]) == len(label.split())
        found = ((None if named else ru_label_class(label)) or ru_class_in_sentences(label, said[node])
                 or ru_label_head_noun(label))
        if found is not None:
            classes[node] = found
    # a role's genitive names its organisation's class («Генеральным директором завода назначен ...»): the
    # same class for every question about that organisation («Какой завод построен в 1936 году ...»)

    for subgraph in subgraphs:
        for edge in subgraph.edges:
            if edge.tail in classes:
                continue
            try:
                rel = ru_relation(edge.relation)
            except Exception:  # NoTemplate: no role to read a class from
                continue
            if rel.kind == "role" and (found := _ru_role_class(rel, edge)) is not None:
                classes[edge.tail] = found
    # an organisation that wins or loses a game, or that a coach or a player belongs to, is a team: «Какой
    # команде проиграл «Политехник»?», never «Какой организации проиграл ...» (site6 and site7 judges)
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node in _sports_teams(edge):
                classes.setdefault(node, "команда")
    # a team by its games, a body by a post in it, its deeds or a noun by its name; the tagger's ORG is no class
    for node, noun in ru_kind_classes(subgraphs, said, labels).items():
        classes.setdefault(node, noun)
    return classes


#: verbs whose subject and object are teams in a game
_RU_GAME_VERBS = frozenset({"обыграть", "обыгрывать", "проиграть", "проигрывать", "победить", "побеждать", "разгромить",
                            "одолеть", "переиграть"})
#: verbs of playing for a side: «выступать за», «играть за»
_RU_PLAY_FOR_VERBS = frozenset({"выступать", "выступить", "играть", "сыграть", "болеть"})
#: role nouns whose organisation is a team
_RU_TEAM_ROLES = frozenset({"тренер", "игрок", "нападающий", "защитник", "полузащитник", "вратарь", "голкипер",
                            "капитан", "форвард", "связующий", "воспитанник", "наставник", "хавбек", "легионер",
                            "центрфорвард", "центровой", "либеро", "бомбардир", "снайпер", "игрок"})


#: the starts of nouns for a player of one sport («волейболистка», «хоккеиста»): whose one was is a team
_RU_SPORT_PLAYER_STEMS = ("хоккеист", "футболист", "волейболист", "баскетболист", "гандболист", "ватерполист",
                          "регбист", "теннисист")
#: nouns of a game: a side a relation plays one against or with is a team («провести матч против «Волков»»)


def _sports_teams(edge: Edge) -> list[str]:
    """The nodes of ``edge`` (organisations by their type) that are teams by what the edge says of them:
    the two sides of «обыграть», «проиграть»; the organisation of a coach's or a player's role."""
    words = [nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(edge.relation)]
    if not words:
        return []
    teams = []
    if len(words) == 1 and words[0] in _RU_GAME_VERBS:
        teams = [node for node, kind in ((edge.head, edge.head_type), (edge.tail, edge.tail_type)) if kind == "org"]
    elif any(w in _RU_TEAM_ROLES or w.startswith(_RU_SPORT_PLAYER_STEMS) for w in words) and edge.tail_type == "org":
        teams = [edge.tail]  # («бывшая волейболистка «Сибирских ласточек»»)
    elif any(w in _RU_GAME_NOUNS for w in words[1:]) and words[-1] in ("против", "с", "со"):
        # «провести следующий матч против «Северных медведей»»: both sides of a game are teams
        teams = [node for node, kind in ((edge.head, edge.head_type), (edge.tail, edge.tail_type)) if kind == "org"]
    elif words[-1] == "за" and words[0] in _RU_PLAY_FOR_VERBS and edge.tail_type == "org":
        teams = [edge.tail]  # «выступал за «Оружейник»»: whom a player plays for is a team
    return teams


def ru_label_sentences(subgraphs: list[Subgraph]) -> dict[str, list[str]]:
    """label → every sentence of the edges its node is on, across ``subgraphs``: how the article writes
    a name («Богородская кожа» in «») where a fact's own sentence calls it «завод»."""
    said: dict[str, list[str]] = {}
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for label in (edge.head_label, edge.tail_label):
                known = said.setdefault(label, [])
                known.extend(s for s in edge.sentences if s not in known)
    return said


# =========================================================================== round 6 (held-out site4)

_RU_TOKEN = re.compile(r"[А-Яа-яЁёA-Za-z0-9]+(?:-[А-Яа-яЁёA-Za-z0-9]+)*")


def _lemmas(text: str) -> list[str]:
    return [nlp.lemma_ru(w.lower()).replace("ё", "е") for w in _RU_TOKEN.findall(text)]


_RU_QUOTED_NAME = re.compile(r"«[A-ZА-ЯЁ0-9]")


def ru_answer_not_as_said(label: str, sentences: list[str]) -> bool:
    """Is a common-noun answer («проект трамвайной линии по шоссе», «своем завод в Новокуйбышевске»,
    «полиэтилен в основном») not one run of words of its sentence, word for word by lemma? Then the
    triplet stage dropped or reordered a word («по Московскому шоссе», «в основном полиэтилен»), or mixed
    cases, and the gold answer reads garbled. Names are exempt: they are often said in full elsewhere —
    a quoted name after the class noun its article gives it too («завод «Северная ткань»», where this
    sentence says only «Северная ткань» or «завод»: rules_ru/class_nouns.py names it so at every mention)."""
    if not label[:1].islower() or not sentences or _RU_QUOTED_NAME.search(label):
        return False
    wanted = _lemmas(label)
    if len(wanted) < 2:
        return False
    for sentence in sentences:
        words = _lemmas(sentence)
        for start in range(len(words) - len(wanted) + 1):
            if words[start:start + len(wanted)] == wanted:
                return False
    return True


def ru_list_cut(label: str, sentences: list[str]) -> bool:
    """Does its sentence go on from the answer with «и» + another of the same list («выпускало
    полиэтилен и технический спирт» → «полиэтилен»)? Then the answer drops a list member."""
    if not label[:1].islower():
        return False
    wanted = _lemmas(label)
    if not wanted:
        return False
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = _RU_TOKEN.findall(sentence)
        words = [nlp.lemma_ru(w.lower()).replace("ё", "е") for w in raw]
        for start in range(len(words) - len(wanted) - 1):
            if words[start:start + len(wanted)] != wanted or raw[start + len(wanted)].lower() != "и":
                continue
            last, after = raw[start + len(wanted) - 1].lower(), raw[start + len(wanted) + 1].lower()
            cases = lambda w: {str(p.tag.case) for p in vocab.parse(w)[:3] if p.tag.POS in ("NOUN", "ADJF")}  # noqa: E731
            if cases(last) & cases(after):
                return True
    return False


#: nouns that need the genitive after them to say anything: actions («замена», «производство») and units
_RU_NEEDS_GENITIVE = frozenset("""
замена ремонт выпуск продажа поставка закупка покупка снос вывоз очистка укладка прокладка реконструкция
модернизация строительство производство проектирование обслуживание содержание переработка добыча
километр метр тонна литр гектар кубометр штука единица часть половина треть
""".split())


def ru_dropped_genitive(text: str, sentences: list[str]) -> bool:
    """Does ``text`` (a label or a relation) end in a noun that needs its genitive («линию по производству»,
    «замена 14 километров») while its sentence goes on with that genitive («полипропилена», «тепловых сетей»)?"""
    words = _RU_TOKEN.findall(text)
    if len(words) > 1 and words[-1].lower() in ("в", "во", "на", "с", "со", "к", "по", "из", "для", "до", "от", "под"):
        words = words[:-1]  # a relation's own preposition: «запустить новую линию по производству на»
    if not words or not words[-1][:1].islower():
        return False
    last = nlp.lemma_ru(words[-1].lower()).replace("ё", "е")
    if last not in _RU_NEEDS_GENITIVE and not last.endswith(("ание", "ение", "ство")):
        return False
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = _RU_TOKEN.findall(sentence)
        for index, word in enumerate(raw[:-1]):
            if word.lower() != words[-1].lower():
                continue
            after = raw[index + 1]
            parses = vocab.parse(after.lower())
            if after[:1].islower() and parses and parses[0].tag.POS in ("NOUN", "ADJF", "PRTF") and "gent" in parses[0].tag:
                return True
    return False


#: verbs that ask someone to do something: «обязал Ершова возместить ущерб» says nothing without the infinitive
_RU_CONTROL_VERBS = frozenset({
    "обязать", "обязывать", "попросить", "просить", "призвать", "призывать", "заставить", "заставлять", "убедить",
    "уговорить", "разрешить", "разрешать", "запретить", "запрещать", "поручить", "поручать", "пригласить",
    "приглашать", "вынудить", "рекомендовать", "предложить", "помочь", "помогать",
})


#: verbs whose own subject does what their infinitive says: «согласилась купить акции у семьи» read as
#: «согласиться у» asks «Какая организация согласилась у семьи ...?», a verb without what it agreed to
_RU_SUBJECT_CONTROL_VERBS = frozenset({
    "согласиться", "соглашаться", "планировать", "намереваться", "собираться", "решить", "решать", "пообещать",
    "обещать", "отказаться", "отказываться", "договориться", "договариваться", "надеяться", "рассчитывать",
    "стремиться", "готовиться", "хотеть", "захотеть",
})


def ru_dropped_infinitive(relation: str, sentences: list[str]) -> bool:
    """A verb of asking or obliging, or of agreeing or planning, whose sentence gives its infinitive («обязал
    Ершова возместить», «согласилась купить 100 % акций») while the relation («обязать», «согласиться у»)
    drops it."""
    words = relation.split()
    if not words or nlp.lemma_ru(words[0].lower()) not in _RU_CONTROL_VERBS | _RU_SUBJECT_CONTROL_VERBS:
        return False
    if any(p.tag.POS == "INFN" for w in words[1:] for p in nlp.morph_vocab().parse(w.lower())[:1]):
        return False
    head = nlp.lemma_ru(words[0].lower())
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = [w.lower() for w in _RU_TOKEN.findall(sentence)]
        for index, word in enumerate(raw):
            if nlp.lemma_ru(word) != head:
                continue
            if any(vocab.parse(w)[0].tag.POS == "INFN" for w in raw[index + 1:index + 6]):
                return True
    return False


def ru_dropped_object(relation: str, tail: str, sentences: list[str]) -> bool:
    """A verb with a preposition and nothing between («показать в») whose sentence puts its direct object
    there («показал четыре спектакля в Санкт-Петербурге», «поступят в продажу 5 декабря» read as «поступить»):
    «Где показала ...?» asks without what was shown."""
    words = relation.lower().split()
    if len(words) != 2 or words[1] not in ("в", "во", "на", "под", "из", "с", "к", "по"):
        return False
    head = nlp.lemma_ru(words[0])
    tail_words = {w.lower() for w in _RU_TOKEN.findall(tail)}
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = [w.lower() for w in _RU_TOKEN.findall(sentence)]
        for index, word in enumerate(raw):
            if nlp.lemma_ru(word) != head or vocab.parse(word)[0].tag.POS not in ("VERB", "INFN"):
                continue
            between = []
            for later in raw[index + 1:index + 6]:
                if later == words[1]:
                    break
                between.append(later)
            else:
                continue
            for later in between:
                if later in tail_words:
                    continue
                parse = vocab.parse(later)[0]
                if parse.tag.POS == "NUMR" or (parse.tag.POS == "NOUN" and "accs" in parse.tag and "inan" in parse.tag):
                    return True
    return False


_RU_PRONOUN_PARTNER = re.compile(r"\bс\s+(?:ним|ней|ними|нею)\b", re.IGNORECASE)
_RU_PACT_WORD = re.compile(r"\b(?:договор|соглашени|контракт|меморандум|сделк)", re.IGNORECASE)


def ru_round6_reason(subgraph: Subgraph, kinds: dict, classes: dict | None = None) -> str | None:
    """Round 6's classes of a question that cannot be said well (see each function)."""
    labels = _labels(subgraph)
    answers = [n for n in subgraph.answer_nodes if n in labels]
    for edge in subgraph.edges:
        for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
            kind = _kind(kinds, "ru", node)
            if kind == "PER" and len(label.split()) > 1 and label.split()[-1].lower().endswith(("ом", "ым")) \
                    and label.split()[-1][:1].isupper():
                # «Микко Ронкайненом»: a name kept in the instrumental it had after «с»
                return f"skipped: the name {label!r} is not in the nominative"
            if ru_dropped_genitive(label, edge.sentences):
                return f"skipped: {label!r} ends in a noun whose genitive its sentence gives and the label drops"
            if node in answers and kind not in ("DATE", "NUM"):
                if ru_answer_not_as_said(label, edge.sentences):
                    return f"skipped: the answer {label!r} is not said so in its sentence (a word dropped or reordered)"
                if ru_list_cut(label, edge.sentences):
                    return f"skipped: the answer {label!r} is one member of a list its sentence gives"
            if node in answers and kind == "DATE" and re.search(
                    rf"\bдо\s+{re.escape(label.split()[0])}", " ".join(edge.sentences)) and "до" not in edge.relation.lower().split():
                # «продлили контракт до 2028 года» asked «Когда продлили контракт?»: an end date, not when
                return f"skipped: the date {label!r} is how long the fact lasts («до»), not when it happened"
        if ru_dropped_genitive(edge.relation, edge.sentences):
            return f"skipped: the relation {edge.relation!r} ends in a noun whose genitive its sentence gives"
        if ru_dropped_infinitive(edge.relation, edge.sentences):
            return f"skipped: {edge.relation!r} drops the infinitive its verb governs"
        if ru_dropped_object(edge.relation, edge.tail_label, edge.sentences):
            return f"skipped: {edge.relation!r} drops the direct object its sentence gives the verb"
        if _RU_PACT_WORD.search(edge.relation) and any(_RU_PRONOUN_PARTNER.search(s) for s in edge.sentences):
            # «продлили с ним контракт»: the partner is a pronoun's antecedent, not the name the stage took
            return f"skipped: the pact's partner in {edge.relation!r} is a pronoun, not {edge.tail_label!r}"
    return ru_round7_reason(subgraph, kinds, classes)


_RU_PREPOSITIONS = frozenset("""
    в во на с со к ко о об обо из от до по за под подо над при у для без через про между перед из-за из-под
    """.split())
_RU_PREPOSITION_VARIANTS = {"во": "в", "со": "с", "ко": "к", "об": "о", "обо": "о", "подо": "под"}


def ru_preposition_not_said(relation: str, tail: str, sentences: list[str]) -> bool:
    """Does the relation end in a preposition its sentence never puts before the object, while the
    sentence puts another one there? «находится во Владивостоке, на берегу Амурского залива» gave
    «находиться во | берег Амурского залива»: the second place took the first one's preposition, and the
    question says «во береге». Undecided (False) when the object's first word is not found after a
    preposition."""
    words = relation.split()
    if not words or words[-1] not in _RU_PREPOSITIONS or not tail or not tail[:1].isalpha():
        return False
    wanted = _RU_PREPOSITION_VARIANTS.get(words[-1], words[-1])
    vocab = nlp.morph_vocab()
    forms = lambda word: {p.normal_form.replace("ё", "е") for p in vocab.parse(word.lower())}  # noqa: E731
    tail_words = _RU_TOKEN.findall(tail)
    if not tail_words:
        return False
    first = forms(tail_words[0])  # («правом» reads as the noun «право» too: any reading matches)
    said = set()
    for sentence in sentences:
        tokens = [t.lower() for t in _RU_TOKEN.findall(sentence)]
        for index, token in enumerate(tokens[1:], start=1):
            if tokens[index - 1] in _RU_PREPOSITIONS and first & forms(token):
                said.add(_RU_PREPOSITION_VARIANTS.get(tokens[index - 1], tokens[index - 1]))
    return bool(said) and wanted not in said
