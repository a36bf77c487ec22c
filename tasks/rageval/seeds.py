"""Load and validate a seed folder: seed documents, optional schema.json, domain.toml, template.

A folder is bad input when it has no seed documents, a seed file is binary or unreadable,
schema.json / domain.toml do not validate, or the rules template uses a variable the
schema lacks: :class:`SeedFolderError` says which file (and, for schema.json, which JSON
path).
"""
from __future__ import annotations

import html as html_lib
import json
import re
import tomllib
from pathlib import Path

import jinja2
import jinja2.meta
from pydantic import ValidationError

from schemas.rageval import DomainSchema, DomainSpec, SeedDocument, SeedFolder

SEED_SUFFIXES = (".txt", ".md", ".html", ".htm")
#: files of the folder that are not seeds
RESERVED = {"schema.json", "domain.toml", "README.md"}
#: variables a rules template may use besides the schema's fields
TEMPLATE_EXTRAS = {"subject", "config_id"}
MAX_SEED_BYTES = 5_000_000


class SeedFolderError(ValueError):
    """Bad seed folder input; the message names the file."""


def _json_path(loc: tuple) -> str:
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _validation_message(path: Path, exc: ValidationError, json_paths: bool) -> str:
    err = exc.errors()[0]
    where = _json_path(err["loc"]) if json_paths else ".".join(str(p) for p in err["loc"]) or "(top level)"
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{path}: {where}: {err['msg']}{more}"


def _html_text(raw: str) -> str:
    try:
        import trafilatura

        text = trafilatura.extract(raw, include_comments=False, favor_recall=True)
    except Exception:  # noqa: BLE001 - fall back to tag stripping
        text = None
    if not text:
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", raw, flags=re.S | re.I)
        text = html_lib.unescape(re.sub(r"<[^>]+>", " ", text))
    return re.sub(r"[ \t]+", " ", text).strip()


def read_seed(path: Path, root: Path) -> SeedDocument:
    """One seed document as text; SeedFolderError when binary, unreadable or empty."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SeedFolderError(f"{path}: cannot read seed file ({exc.strerror or exc})") from None
    if len(data) > MAX_SEED_BYTES:
        raise SeedFolderError(f"{path}: seed file is {len(data)} bytes, over the {MAX_SEED_BYTES} limit")
    if b"\0" in data[:8192]:
        raise SeedFolderError(f"{path}: binary file, not a text seed (.txt, .md, .html)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SeedFolderError(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    if path.suffix.lower() in (".html", ".htm"):
        text = _html_text(text)
    text = text.strip()
    if not text:
        raise SeedFolderError(f"{path}: empty seed file")
    return SeedDocument(path=str(path.relative_to(root)), text=text)


def load_schema(path: Path) -> DomainSchema:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SeedFolderError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SeedFolderError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise SeedFolderError(f"{path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    try:
        return DomainSchema.model_validate(data)
    except ValidationError as exc:
        raise SeedFolderError(_validation_message(path, exc, json_paths=True)) from None


def load_spec(path: Path, default_name: str) -> DomainSpec:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SeedFolderError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SeedFolderError(f"{path}: not valid TOML ({exc})") from None
    data.setdefault("name", default_name)
    try:
        return DomainSpec.model_validate(data)
    except ValidationError as exc:
        raise SeedFolderError(_validation_message(path, exc, json_paths=False)) from None


def template_variables(source: str, path: Path) -> set[str]:
    try:
        ast = jinja2.Environment().parse(source)
    except jinja2.TemplateSyntaxError as exc:
        raise SeedFolderError(f"{path}: template syntax error on line {exc.lineno}: {exc.message}") from None
    return jinja2.meta.find_undeclared_variables(ast)


def check_template(source: str, schema: DomainSchema, path: Path) -> None:
    """SeedFolderError when the template uses a variable that is neither a field nor an extra."""
    unknown = template_variables(source, path) - {f.name for f in schema.fields} - TEMPLATE_EXTRAS
    if unknown:
        raise SeedFolderError(
            f"{path}: template uses {', '.join(sorted(unknown))}, not a field of the schema "
            f"({', '.join(f.name for f in schema.fields)})"
        )


def load_seed_folder(root: str | Path) -> SeedFolder:
    """Read and validate a seed folder; SeedFolderError names the offending file."""
    root = Path(root)
    if not root.is_dir():
        raise SeedFolderError(f"{root}: not a folder")
    folder_name = re.sub(r"[^a-z0-9_-]+", "-", root.resolve().name.lower()).strip("-") or "domain"
    spec_path = root / "domain.toml"
    if spec_path.exists():
        spec = load_spec(spec_path, folder_name)
    else:
        if folder_name.split("-")[0] not in ("finance", "legal", "medical"):
            raise SeedFolderError(f"{spec_path}: missing; it must say the domain (finance, legal or medical)")
        spec = DomainSpec(name=folder_name, domain=folder_name.split("-")[0])
    schema = load_schema(root / "schema.json") if (root / "schema.json").exists() else None
    if schema is not None and (schema.domain != spec.domain or schema.language != spec.language):
        raise SeedFolderError(
            f"{root / 'schema.json'}: $.domain/$.language ({schema.domain}/{schema.language}) differ from "
            f"domain.toml ({spec.domain}/{spec.language})"
        )
    seeds = []
    unsupported = []
    for path in sorted(p for p in root.iterdir() if p.is_file() and not p.name.startswith(".")):
        if path.name in RESERVED or path.name == spec.template:
            continue
        if path.suffix.lower() in SEED_SUFFIXES:
            seeds.append(read_seed(path, root))
        elif path.suffix.lower() in (".pdf", ".docx"):
            unsupported.append(path)
    if unsupported:
        raise SeedFolderError(
            f"{unsupported[0]}: .pdf/.docx seeds need an extractor that is not installed here; convert it to .txt"
        )
    if not seeds:
        raise SeedFolderError(f"{root}: no seed documents (.txt, .md, .html)")
    template = None
    template_path = root / spec.template
    if template_path.exists():
        try:
            template = template_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SeedFolderError(f"{template_path}: cannot read template ({exc})") from None
        if schema is not None:
            check_template(template, schema, template_path)
    return SeedFolder(root=str(root), spec=spec, schema=schema, seeds=seeds, template=template)
