"""Records of the RAGEval domain build (schema -> configs -> documents -> QRA -> keypoints).

Every stage of tasks/rageval takes and returns these plain pydantic models, so that a
Prefect flow can wrap each stage as a task (inputs hash stably, results pickle).

A seed folder's ``schema.json`` is a :class:`DomainSchema`; its ``domain.toml`` is a
:class:`DomainSpec`. Field templates (``ask``, ``answer``, ``identify``) are Python
``str.format`` strings over the config's formatted values plus ``subject``.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: the seven QRA types (short names) and RAGEval's query_type strings for them
QUERY_TYPES: dict[str, str] = {
    "factual": "Factual Question",
    "summary": "Summarization Question",
    "multi_hop": "Multi-hop Reasoning Question",
    "integration": "Information Integration Question",
    "numerical": "Numerical Comparison Question",
    "temporal": "Temporal Sequence Question",
    "unanswerable": "Irrelevant Unsolvable Question",
}
QueryType = Literal["factual", "summary", "multi_hop", "integration", "numerical", "temporal", "unanswerable"]

#: DragonBall's question-type proportions (RAGEval paper, Table 1), the default type mix
DRAGONBALL_TYPE_MIX: dict[str, float] = {
    "integration": 0.2234,
    "factual": 0.1949,
    "summary": 0.1740,
    "multi_hop": 0.1615,
    "numerical": 0.1051,
    "temporal": 0.0715,
    "unanswerable": 0.0696,
}

Domain = Literal["finance", "legal", "medical"]
#: the ``domain`` value and the name field of RAGEval's documents JSONL per domain
RAGEVAL_DOMAIN: dict[str, str] = {"finance": "finance", "legal": "law", "medical": "medical"}
NAME_FIELD: dict[str, str] = {"finance": "company_name", "legal": "court_name", "medical": "hospital_patient_name"}

FieldType = Literal["person", "company", "city", "date", "amount", "integer", "choice", "text"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FieldSpec(_Strict):
    """One fact slot of the domain's schema."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    type: FieldType
    label: str  # noun phrase used in generic questions ("net profit")
    section: str = ""  # document section the fact belongs to (summary questions group by it)
    # values
    choices: list[str] = []  # choice: the options
    pool: list[str] = []  # text: rules-engine phrases (from the seeds)
    aligned_with: str | None = None  # choice / text: take the option at the index chosen for that field
    compose: str | None = None  # text: built from other fields, e.g. "{court_city} District Court"
    min: float | None = None  # amount / integer range
    max: float | None = None
    decimals: int = Field(1, ge=0, le=4)
    unit: str = ""  # appended to amounts / integers ("million USD")
    sum_of: list[str] = []  # amount: the sum of these amount fields
    after: str | None = None  # date: strictly after this date field
    years: tuple[int, int] | None = None  # date: year range of the first date
    max_gap_days: int = Field(240, ge=1)  # date: at most this many days after ``after``
    # questions
    ask: str | None = None  # factual question, e.g. "What net profit did {subject} report?"
    answer: str | None = None  # answer sentence, e.g. "{subject} reported a net profit of {net_profit}."
    identify: str | None = None  # bridge phrase, e.g. "the company whose chief executive is {ceo}"
    event: str | None = None  # date: what happened, e.g. "the acquisition of {target_company}"
    compare: bool = False  # amount / integer: usable in numerical comparison questions

    def depends(self) -> list[str]:
        """Fields whose values this one's value is computed from."""
        import string

        composed = [n for _, n, _, _ in string.Formatter().parse(self.compose or "") if n]
        return [*self.sum_of, *([self.after] if self.after else []), *([self.aligned_with] if self.aligned_with else []),
                *composed]

    @model_validator(mode="after")
    def _consistent(self) -> "FieldSpec":
        if self.type == "choice" and not self.choices:
            raise ValueError(f"field {self.name!r} of type choice needs choices")
        if self.type in ("amount", "integer") and not self.sum_of and (self.min is None or self.max is None):
            raise ValueError(f"field {self.name!r} of type {self.type} needs min and max (or sum_of)")
        if self.sum_of and self.type != "amount":
            raise ValueError(f"field {self.name!r}: sum_of is for amount fields")
        if self.after and self.type != "date":
            raise ValueError(f"field {self.name!r}: after is for date fields")
        if (self.ask is None) != (self.answer is None):
            raise ValueError(f"field {self.name!r}: ask and answer go together")
        return self


class DomainSchema(_Strict):
    """The schema summary: what facts a document of the domain carries."""

    domain: Domain
    language: Literal["en", "ru"] = "en"
    name_field: str  # the field naming the document (company, court, patient)
    subject: str  # how questions name one document, e.g. "{company_name}"
    fields: list[FieldSpec] = Field(min_length=1)
    #: section key -> title (fields name their section by key); summary questions use them
    sections: dict[str, str] = {}
    #: questions the documents never answer (format over the config), with their topic
    unanswerable: list[str] = []

    @model_validator(mode="after")
    def _references(self) -> "DomainSchema":
        names = [f.name for f in self.fields]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ValueError(f"duplicate field names: {sorted(dup)}")
        known = set(names)
        if self.name_field not in known:
            raise ValueError(f"name_field {self.name_field!r} is not a field")
        for f in self.fields:
            for ref in f.depends():
                if ref not in known:
                    raise ValueError(f"field {f.name!r} refers to unknown field {ref!r}")
        return self

    def field(self, name: str) -> FieldSpec:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


class DomainSpec(_Strict):
    """domain.toml: how to build the domain."""

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    domain: Domain
    language: Literal["en", "ru"] = "en"
    documents: int = Field(20, ge=1)
    questions_per_document: float = Field(3.0, gt=0)
    type_mix: dict[QueryType, float] = Field(default_factory=lambda: dict(DRAGONBALL_TYPE_MIX))
    quotas: dict[QueryType, int] = {}  # exact counts per type, overriding the mix
    seed: int = 0
    template: str = "template.j2"  # rules-engine document template, in the seed folder

    @model_validator(mode="after")
    def _mix(self) -> "DomainSpec":
        if any(v < 0 for v in self.type_mix.values()) or sum(self.type_mix.values()) <= 0:
            raise ValueError("type_mix needs non-negative weights with a positive sum")
        return self


class SeedDocument(BaseModel):
    path: str  # relative to the seed folder
    text: str


class SeedFolder(BaseModel):
    root: str
    spec: DomainSpec
    schema_: DomainSchema | None = Field(None, alias="schema")
    seeds: list[SeedDocument]
    template: str | None = None  # the rules template's source, when the folder has one
    model_config = ConfigDict(populate_by_name=True)


class Fact(BaseModel):
    field: str
    label: str
    value: str  # as it must appear in the document


class Config(BaseModel):
    """One configuration filling the schema: typed values and their formatted text."""

    config_id: str
    index: int
    values: dict[str, str | int | float]  # raw (dates ISO, amounts as numbers)
    text: dict[str, str]  # formatted, as written in documents
    subject: str

    def facts(self, schema: DomainSchema) -> list[Fact]:
        return [Fact(field=f.name, label=f.label, value=self.text[f.name]) for f in schema.fields]


class Document(BaseModel):
    doc_id: int  # content-derived, as RAGEval's integer doc ids
    config_id: str
    name: str  # the value of the schema's name field
    content: str
    missing_facts: list[str] = []  # fields whose value does not appear in the content


class QRAItem(BaseModel):
    item_id: str  # content-derived
    query_id: int
    type: QueryType
    question: str
    answer: str
    references: list[str]  # verbatim sentences of the cited documents
    doc_ids: list[int]
    keypoints: list[str] = []
    fields: list[str] = []  # "<doc_id>:<field>" the answer rests on
    facts: list[str] = []  # rules: the statements of those facts (the rules keypoints)
    refinement: list[str] = []  # what refinement changed (added references, dropped claims)


class StageFailure(BaseModel):
    """One item a stage could not produce (the run goes on); ``raw`` keeps an LLM reply."""

    stage: str
    key: str
    reason: str
    raw: str | None = None


class DomainBuild(BaseModel):
    spec: DomainSpec
    schema_: DomainSchema = Field(alias="schema")
    configs: list[Config]
    documents: list[Document]
    items: list[QRAItem]
    failures: list[StageFailure] = []
    model_config = ConfigDict(populate_by_name=True)
