"""Recognising span formats by a file's first lines, without importing their readers:
detection costs no lxml, orjson, numpy or decompressors (issue 23: start-up is part of
every run). Each reader module names its sniffer here as its `sniff`."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..textio import BOM

_ANN_LINE = re.compile(r"(?:[TREAMN#]\d+|\*)\t")
_TEXT_BOUND = re.compile(r"T\d+\t\S+ \d+ \d+")
#: A BIO tag of a vertical text's column (engine/formats/vrt.py).
BIO_TAG = re.compile(r"^(?:O|[BIES]-\S.*)$")


def webanno_tsv(lines: Sequence[str]) -> bool:
    """A first line `#FORMAT=WebAnno TSV 3.…`."""
    return bool(lines) and lines[0].lstrip(BOM).startswith("#FORMAT=WebAnno TSV 3")


def uima_xmi(lines: Sequence[str]) -> bool:
    """An XMI root element (`<xmi:XMI`), or a zip whose first entry is an XMI or type system."""
    head = "\n".join(lines[:5])
    if lines and lines[0].startswith("PK\x03\x04"):
        return ".xmi" in head or "TypeSystem.xml" in head or "typesystem.xml" in head
    return "<xmi:XMI" in head or 'xmlns:xmi="http://www.omg.org/XMI"' in head


def brat(lines: Sequence[str]) -> bool:
    """brat annotation lines (`T1<TAB>LABEL 0 4<TAB>text` and the like), a text-bound one among them."""
    return (
        bool(lines)
        and all(_ANN_LINE.match(line) for line in lines)
        and any(_TEXT_BOUND.match(line) for line in lines)
    )


def label_studio(lines: Sequence[str]) -> bool:
    """A JSON export with `data` and `annotations` (or `predictions`)."""
    head = "".join(lines[:60]).replace(" ", "")
    return (
        head.startswith(("{", "["))
        and ('"annotations":' in head or '"predictions":' in head)
        and '"data":' in head
    )


def doccano(lines: Sequence[str]) -> bool:
    """JSON objects with a text (or data) string and span lists (`label` or `entities`)."""
    head = "".join(lines[:30]).replace(" ", "")
    if not head.startswith(("{", "[")) or '"annotations":' in head:
        return False
    has_text = '"text":' in head or '"data":"' in head
    return has_text and ('"label":[[' in head or '"label":[]' in head or '"start_offset":' in head)


def poetry_jsonl(lines: Sequence[str]) -> bool:
    """A JSON object with a page_id and excerpts or poem_spans on the first line."""
    if not lines:
        return False
    first = lines[0].lstrip("\ufeff")
    if not first.lstrip(" \t\r\n").startswith("{"):
        return False  # not an object (json.loads would say so, after importing json)
    import json  # here: most files sniffed are not JSON

    try:
        page = json.loads(first)
    except ValueError:
        return False
    return (
        isinstance(page, dict)
        and "page_id" in page
        and ("excerpts" in page or "poem_spans" in page or "n_excerpts" in page or "n_spans" in page)
    )


def vrt(lines: Sequence[str]) -> bool:
    """TAB-separated token lines whose second field is a BIO tag, or <text>/<s> structure."""
    token_lines = [line.strip().split("\t") for line in lines if "\t" in line.strip()]
    if any(line.strip().startswith(("<text", "<s>", "<s ")) for line in lines):
        return True
    if not token_lines:
        return False
    return all(len(f) >= 2 and BIO_TAG.match(f[1]) for f in token_lines[:20])


#: The sniffers by format module name; the other formats' sniffers are in their modules.
SNIFFERS: dict[str, Callable[[Sequence[str]], bool]] = {
    "webanno_tsv": webanno_tsv, "uima_xmi": uima_xmi, "brat": brat,
    "label_studio": label_studio, "doccano": doccano, "poetry_jsonl": poetry_jsonl, "vrt": vrt,
}  # fmt: skip
