"""Facts, their links to Wikidata and the knowledge graph built from them."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

QuestionType = Literal["simple", "set", "multi-hop", "conditional", "comparison"]
Modality = Literal["asserted", "planned", "possible", "negated", "conditional"]
EntityType = Literal["person", "org", "place", "date", "quantity", "money", "other"]


class Triplet(BaseModel):
    """One extracted fact (subject, relation, object) with the sentence it came from."""

    triplet_id: str
    doc_id: str
    version_id: str
    lang: str
    sentence: str
    subject: str
    relation: str
    object: str
    subject_label: str | None = Field(None, description="NER label of the subject span, if any")
    object_label: str | None = None
    engine: Literal["rules", "llm"]
    modality: Modality = Field("asserted", description="a plan, possibility, negation or condition is not a done fact")


class EntityCandidate(BaseModel):
    """A Wikidata entity that may be what a surface form names."""

    qid: str
    label: str
    aliases: list[str] = []
    description: str = ""
    string_score: float = 0.0
    embedding_score: float = 0.0
    score: float = 0.0


class EntityLink(BaseModel):
    """Decision for one surface form: the graph node it becomes.

    ``node_id`` is the Wikidata Q-id when linked, else a stable id derived from the
    normalised surface form, so that variants naming the same thing share a node.
    """

    surface: str
    lang: str
    node_id: str
    qid: str | None
    label: str
    score: float
    method: Literal["rules", "llm", "unlinked"]
    candidates: list[EntityCandidate] = []


class WikidataClaim(BaseModel):
    """A statement already in Wikidata: (subject qid, property, value)."""

    subject_qid: str
    property_id: str
    property_labels: list[str]
    value_qid: str | None = None
    value_text: str | None = None


class Edge(BaseModel):
    """A novel fact as a graph edge, with provenance."""

    edge_id: str
    head: str
    relation: str
    tail: str
    head_label: str
    tail_label: str
    lang: str
    doc_ids: list[str]
    sentences: list[str]
    triplet_ids: list[str]
    first_run: str | None = None
    modality: Modality = "asserted"
    head_type: EntityType | None = Field(None, description="coarse type of the head entity, for question words")
    tail_type: EntityType | None = None


class Subgraph(BaseModel):
    """A subgraph matching one question template (DRAGON Appendix D)."""

    subgraph_id: str
    type: QuestionType
    lang: str
    edges: list[Edge]
    answer_nodes: list[str] = Field(description="node ids the answer must name")
    question_nodes: list[str] = Field(description="node ids the question must name")
    hidden_nodes: list[str] = Field(default=[], description="bridge nodes the output must not name")
