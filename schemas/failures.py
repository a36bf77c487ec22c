"""A failure of one input (document, feed, item, LLM reply): recorded, never fatal to the run."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class Failure(BaseModel):
    """``stage`` names the stage, ``key`` the input (URL, doc id, item id), ``reason`` the problem.

    ``transient`` failures (timeouts, 5xx, endpoint down) are retried on the next run;
    permanent ones (malformed feed, empty article, reply that is not JSON after repair and
    one retry) are not.
    """

    stage: str
    key: str
    reason: str
    kind: Literal["transient", "permanent"] = "permanent"
