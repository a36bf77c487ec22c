"""Bad seed folders: one clear error naming the file (and the JSON path for schema.json)."""
from __future__ import annotations

import json
import shutil

import pytest

from benchmill import ROOT
from tasks.rageval.pipeline import build
from tasks.rageval.seeds import SeedFolderError, load_seed_folder
from tasks.rageval.summary import SchemaError, derive_schema

SEEDS = ROOT / "data" / "seeds"


@pytest.fixture
def finance(tmp_path):
    folder = tmp_path / "finance"
    shutil.copytree(SEEDS / "finance", folder)
    return folder


def test_bundled_folders_load():
    for name in ("finance", "finance-ru", "legal", "medical"):
        folder = load_seed_folder(SEEDS / name)
        assert folder.schema_ is not None and folder.template and len(folder.seeds) >= 2
    html = next(s for s in load_seed_folder(SEEDS / "finance").seeds if s.path.endswith(".html"))
    assert "<p>" not in html.text and "Northgate Construction Group" in html.text


def test_empty_folder(tmp_path):
    (tmp_path / "legal").mkdir()
    with pytest.raises(SeedFolderError, match=r"legal: no seed documents"):
        load_seed_folder(tmp_path / "legal")


def test_binary_and_non_utf8_seed(finance):
    (finance / "scan.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR")
    with pytest.raises(SeedFolderError, match=r"scan\.txt: binary file"):
        load_seed_folder(finance)
    (finance / "scan.txt").write_bytes("Umsatz: 12 Mio. \u20ac".encode("cp1252"))
    with pytest.raises(SeedFolderError, match=r"scan\.txt: not UTF-8"):
        load_seed_folder(finance)


def test_empty_seed_and_folder_named_like_a_seed(finance):
    bad = finance / "locked.txt"
    bad.mkdir()  # a folder named like a seed cannot be read as one: skipped, not a seed
    (finance / "empty.md").write_text("  \n")
    with pytest.raises(SeedFolderError, match=r"empty\.md: empty seed file"):
        load_seed_folder(finance)


def test_pdf_without_extractor(finance):
    (finance / "report.pdf").write_bytes(b"%PDF-1.4\n")
    with pytest.raises(SeedFolderError, match=r"report\.pdf: \.pdf/\.docx seeds need an extractor"):
        load_seed_folder(finance)


def test_invalid_schema_names_the_json_path(finance):
    schema = json.loads((finance / "schema.json").read_text())
    schema["fields"][3]["type"] = "money"
    (finance / "schema.json").write_text(json.dumps(schema))
    with pytest.raises(SeedFolderError) as exc:
        load_seed_folder(finance)
    assert "schema.json: $.fields[3].type:" in str(exc.value)
    (finance / "schema.json").write_text('{"domain": "finance",')
    with pytest.raises(SeedFolderError, match=r"schema\.json: not JSON \(line 1"):
        load_seed_folder(finance)
    schema["fields"][3]["type"] = "amount"
    schema["fields"][5]["sum_of"] = ["operating_revenue", "grants"]
    (finance / "schema.json").write_text(json.dumps(schema))
    with pytest.raises(SeedFolderError, match=r"schema\.json: \$: .*unknown field 'grants'"):
        load_seed_folder(finance)


def test_invalid_domain_toml(finance):
    (finance / "domain.toml").write_text('domain = "finance"\ndocuments = 0\n')
    with pytest.raises(SeedFolderError, match=r"domain\.toml: documents: Input should be greater than or equal to 1"):
        load_seed_folder(finance)
    (finance / "domain.toml").write_text('domain = "finance"\nlanguage = "en"\ntype_mix = {trivia = 1.0}\n')
    with pytest.raises(SeedFolderError, match=r"domain\.toml: type_mix\.trivia"):
        load_seed_folder(finance)


def test_template_using_a_field_the_schema_lacks(finance):
    with (finance / "template.j2").open("a") as fh:
        fh.write("\nThe auditor of {{ company_name }} was {{ auditor_name }}.\n")
    with pytest.raises(SeedFolderError, match=r"template\.j2: template uses auditor_name, not a field of the schema"):
        load_seed_folder(finance)


def test_no_schema_and_unstructured_seeds_is_a_clear_error(tmp_path):
    folder = tmp_path / "medical"
    folder.mkdir()
    (folder / "note.txt").write_text("The patient felt better after a week of rest and went home.")
    with pytest.raises(SchemaError, match=r"no schema\.json and the seeds are not structured"):
        build(folder, n_docs=2)


def test_schema_derived_from_structured_seeds(tmp_path):
    folder = tmp_path / "legal"
    folder.mkdir()
    (folder / "a.txt").write_text("Court: Harlow District Court\nDefendant: Mark Ellison\nJudgment date: 2021-04-19\nFine: 15000\n")
    (folder / "b.txt").write_text("Court: Benton District Court\nDefendant: Laura Kim\nJudgment date: 2021-03-22\nFine: 30000\n")
    schema = derive_schema(load_seed_folder(folder))
    assert [(f.name, f.type) for f in schema.fields] == [
        ("court", "text"), ("defendant", "person"), ("judgment_date", "date"), ("fine", "amount")]
    assert schema.name_field == "defendant"
    (folder / "template.j2").write_text("{{ court }}: {{ defendant }}, judgment on {{ judgment_date }}, fine {{ fine }}.\n")
    result = build(folder, n_docs=4)
    assert result.documents and all(d.missing_facts == [] for d in result.documents)
    assert {i.type for i in result.items} >= {"factual", "integration", "numerical"}
