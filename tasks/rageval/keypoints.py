"""Stage 4, keypoints: what a correct answer must contain.

rules: the statements of the config facts the answer rests on (and, for comparisons and
time order, the conclusion); unanswerable questions get keypoints saying so.
llm: 3-5 keypoints per answer (prompts/<lang>/rageval_keypoints.j2); an unusable reply
fails that item only.
"""
from __future__ import annotations

from pydantic import BaseModel, Field

from benchmill.engines import EngineConfig
from benchmill.prompts import render
from schemas.rageval import QRAItem, StageFailure
from tasks.rageval.qra import GENERIC


class KeypointsReply(BaseModel):
    keypoints: list[str] = Field(min_length=3, max_length=5)


def keypoints_rules(items: list[QRAItem], lang: str) -> list[QRAItem]:
    out = []
    for item in items:
        kps = list(GENERIC[lang]["unanswerable_kp"]) if item.type == "unanswerable" else list(item.facts)
        out.append(item.model_copy(update={"keypoints": kps}))
    return out


def keypoints_llm(items: list[QRAItem], lang: str, engine: EngineConfig) -> tuple[list[QRAItem], list[StageFailure]]:
    client = engine.client()
    out, failures = [], []
    for item in items:
        prompt = render("rageval_keypoints", lang, question=item.question, answer=item.answer,
                        unanswerable=item.type == "unanswerable")
        result = client.complete_json(prompt, KeypointsReply)
        if not result.ok:
            failures.append(StageFailure(stage="keypoints", key=item.item_id, reason=result.error or "unusable reply",
                                         raw=result.raw))
            continue
        kps = [k.strip() for k in result.value.keypoints if k.strip()]
        if len(kps) < 3:
            failures.append(StageFailure(stage="keypoints", key=item.item_id, reason="fewer than 3 non-empty keypoints",
                                         raw=result.raw))
            continue
        out.append(item.model_copy(update={"keypoints": kps}))
    return out, failures


def generate_keypoints(items: list[QRAItem], lang: str, engine: EngineConfig
                       ) -> tuple[list[QRAItem], list[StageFailure]]:
    if engine.kind == "llm":
        return keypoints_llm(items, lang, engine)
    return keypoints_rules(items, lang), []
