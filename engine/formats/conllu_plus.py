"""CoNLL-U Plus's column names (universaldependencies.org/ext-format.html): a file's first
line `# global.columns = ID FORM … PARSEME:NE` names its columns. The CoNLL reader reads
such a file's `#` lines as comments, skips the lines that are no words where its first
column is ID (a multiword token's range `1-2`, an empty node `8.1`), reads the tokens from
its FORM column unless given another, and names the columns in the message of a column that
holds no tags, the one named for named entities (NE, NER, RELATE:NE …) where there is one: that
one is read where no tag column is given and the last holds no tags."""

from __future__ import annotations

import re

from ..errors import InputError
from . import sniffing

#: CoNLL-U's ten columns, which a CoNLL-U Plus file names first where it extends CoNLL-U.
CONLLU_COLUMNS = ("ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC")
#: A column named for named entities: NE or NER, alone or after a project's prefix.
_NAMED_ENTITIES = re.compile(r"(?:\S*:)?NER?", re.IGNORECASE)


def declared_columns(raw: bytes) -> list[str] | None:
    """The names a file's first line gives its columns, or None where it is no such line ([]
    where it names none)."""
    end = raw.find(b"\n")
    first = raw[: end if end >= 0 else len(raw)]
    if not first.startswith(sniffing.GLOBAL_COLUMNS.encode()):  # not decoded: a first line may be long
        return None
    return sniffing.declared_columns(first.decode("utf-8"))


def no_names(path: str) -> InputError:
    """The error for a first line `# global.columns =` that names no column."""
    expected = ("column names after `global.columns =` (CoNLL-U Plus: `# global.columns = ID FORM … NE`; "
                "or --comment-prefix '#' to read the line as a comment)")
    return InputError(expected, "none", file=path, line=1)


def form_column(names: list[str] | None) -> int:
    """The column the tokens are read from where none is given: FORM where the file names it, else 0."""
    upper = [name.upper() for name in names or ()]
    return upper.index("FORM") if "FORM" in upper else 0


def named(names: list[str], column: int) -> str:
    """`, MISC in the file's global.columns`: the name of the column read ('' for none)."""
    return f", {names[column]} in the file's global.columns" if column < len(names) else ""


def other_column(names: list[str], column: int) -> tuple[str, str]:
    """What to give the tag-column flag instead of `column`, and a note on it: the one other
    column named for named entities, where there is one; else N, with the file's column names
    in order (no numbers: the app counts columns from 1, the command line from 0)."""
    other = entities_column(names, column)
    if other is not None:
        return str(other), f" ({names[other]}, the one other column the file names for named entities)"
    return "N", f" (the file names its columns {_listed(names)})"


def entities_column(names: list[str], column: int) -> int | None:
    """The one column other than `column` that the file names for named entities, or None
    where it names none or several."""
    entities = [k for k, name in enumerate(names) if k != column and _NAMED_ENTITIES.fullmatch(name)]
    return entities[0] if len(entities) == 1 else None


def _listed(names: list[str]) -> str:
    """The columns a file names, in order: CoNLL-U's ten summed up where it begins with them."""
    ten = len(CONLLU_COLUMNS)
    if tuple(name.upper() for name in names[:ten]) != CONLLU_COLUMNS:
        return ", ".join(names)
    return ", ".join(["CoNLL-U's ten (ID … MISC)", *names[ten:]])
