"""Prompt templates are files: prompts/<lang>/<name>.j2, identified by name + content hash.

A template may start with a ``{# system: ... #}``-free body; everything it renders is the
user message. A sibling ``<name>.system.j2`` (optional) renders the system message.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import jinja2
from pydantic import BaseModel

from benchmill import ROOT

PROMPTS_DIR = ROOT / "prompts"


class PromptNotFound(LookupError):
    pass


class RenderedPrompt(BaseModel):
    name: str
    lang: str
    sha256: str  # of the template files, not of the rendering: identifies the prompt version
    system: str | None
    text: str


@lru_cache(maxsize=None)
def _env(root: Path) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=False,
        autoescape=False,
    )


def template_path(name: str, lang: str, root: Path = PROMPTS_DIR) -> Path:
    path = root / lang / f"{name}.j2"
    if not path.exists():
        raise PromptNotFound(f"no prompt template {path.relative_to(root)} (name={name!r}, lang={lang!r})")
    return path


@lru_cache(maxsize=None)
def prompt_hash(name: str, lang: str, root: Path = PROMPTS_DIR) -> str:
    h = hashlib.sha256()
    path = template_path(name, lang, root)
    h.update(path.read_bytes())
    system = path.with_name(f"{name}.system.j2")
    if system.exists():
        h.update(b"\0system\0" + system.read_bytes())
    return h.hexdigest()[:16]


def render(name: str, lang: str, root: Path = PROMPTS_DIR, **variables) -> RenderedPrompt:
    """Render prompts/<lang>/<name>.j2 (and its .system.j2) with StrictUndefined variables."""
    template_path(name, lang, root)
    env = _env(root)
    text = env.get_template(f"{lang}/{name}.j2").render(**variables).strip()
    system = None
    if (root / lang / f"{name}.system.j2").exists():
        system = env.get_template(f"{lang}/{name}.system.j2").render(**variables).strip()
    return RenderedPrompt(name=name, lang=lang, sha256=prompt_hash(name, lang, root), system=system, text=text)
