"""Pydantic record models shared by every stage: the contract between tasks, flows and the store.

JSON Schema exports of these models live in schemas/json/ (regenerate with
`benchmill schemas export`; a test fails when they drift).
"""
from schemas.documents import FetchedDocument, IncrementDoc, NewVersion, Passage, PreviousVersion, SourceSpec
from schemas.failures import Failure
from schemas.graph import Edge, EntityCandidate, EntityLink, Subgraph, Triplet, WikidataClaim
from schemas.items import Item, Lineage, Verdict, VerdictStatus
from schemas.llm import LLMUsage
from schemas.release import ReleaseManifest

__all__ = [
    "Edge", "EntityCandidate", "EntityLink", "Failure", "FetchedDocument", "IncrementDoc",
    "Item", "LLMUsage", "Lineage", "NewVersion", "Passage", "PreviousVersion", "ReleaseManifest", "SourceSpec", "Subgraph", "Triplet",
    "Verdict", "VerdictStatus", "WikidataClaim",
]
