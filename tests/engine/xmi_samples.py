"""UIMA CAS XMI files the tests make: cassis's smileys file changed in one place (🤗 at UTF-16
units 0-2), given to `spanstudio spans`, and INCEpTION's export of one document (a zip of
its XMI and TypeSystem.xml)."""

from __future__ import annotations

import zipfile
from pathlib import Path

FORMATS = Path(__file__).resolve().parent.parent / "data" / "formats" / "uima-xmi"
SMILEYS = FORMATS / "cassis-smileys"
RELATION = FORMATS / "inception-relation"
TYPESYSTEM = SMILEYS / "important_dkpro_types.xml"
#: The smileys file's first NamedEntity.
ENTITY = '<type3:NamedEntity xmi:id="1958" sofa="1" begin="3" end="15" value="OTH"/>'


def smileys_with(tmp_path: Path, old: str, new: str, encoding: str = "utf-8") -> Path:
    """The smileys file as doc.xmi with `old` (which it holds) changed to `new` once,
    written in `encoding` (its declaration too; utf-16: with its byte-order mark)."""
    text = (SMILEYS / "cas_with_smileys.xmi").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "doc.xmi"
    declared = text.replace('encoding="UTF-8"', f'encoding="{encoding.upper()}"', 1)
    path.write_text(declared.replace(old, new, 1), encoding=encoding)
    return path


def smileys_spans(cli, path: Path):
    """`spanstudio spans` of the file against the smileys file, with its type system."""
    return cli("spans", path, SMILEYS / "cas_with_smileys.xmi", "--typesystem", TYPESYSTEM)


def document_zip(path: Path) -> Path:
    """INCEpTION's export of one document: doc.xmi (the relation test file) and TypeSystem.xml."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("doc.xmi", (RELATION / "relation_test.xmi").read_bytes())
        archive.writestr("TypeSystem.xml", (RELATION / "TypeSystem.xml").read_bytes())
    return path
