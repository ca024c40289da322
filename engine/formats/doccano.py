"""doccano's sequence-labelling JSONL, in the forms its versions export: one example a
line, `{"text": …, "label": [[start, end, "LABEL"], …]}` (1.2 on; `data` instead of `text`
in 1.2–1.5), `{"text": …, "entities": [{"start_offset", "end_offset", "label"}, …]}`
(relation projects), and doccano 1.0/1.1's two exports: "JSONL (Text label)" `{"text": …,
"labels": [[start, end, "LABEL"], …]}` and "JSONL" `{"text": …, "annotations":
[{"label", "start_offset", "end_offset", "user"}, …]}`, whose labels are the project's
label ids (their names are not in the file) and whose `user` says who marked each span.
A pretty-printed single object or a JSON array is read too. Offsets are code points, end
exclusive. Each example is a document, named by its `id` (numbered where it has none).

A file is one annotator's spans: where `annotations` name several users, `--index N`
picks the N-th of them in id order (default the first), with a warning naming them all.
The agreement command reads every user of such a file as an annotator of their own
(read_annotators: `user 3`, or the user's name where it is not a number)."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..spans import Annotations
from . import sniffing
from .jsondocs import Record, bad, document, offsets, records, unique_name
from .reader_options import given_user, named_user, one_annotator, unknown_user
from .spantable import SpanTable
from .standoff import ReadOptions

NAME = "doccano"
TITLE = "doccano JSONL"
SUFFIXES = (".jsonl", ".json")


sniff = sniffing.doccano  # recognises the format without this module (engine/formats/sniffing.py)


def _text(record: Record, path: str) -> str:
    value = record.value
    if not isinstance(value, dict):
        raise bad(record, path, "a JSON object (one example)", type(value).__name__)
    text = value.get("text", value.get("data"))
    if not isinstance(text, str):
        raise bad(record, path, 'a "text" (or "data") string', repr(text)[:40])
    return text


#: The keys that hold an example's spans: [start, end, label] triples, or objects with offsets.
TRIPLES = ("label", "labels")
OBJECTS = ("entities", "annotations")
SPAN_KEYS = (*TRIPLES, *OBJECTS)
Example = tuple[str, str, list[tuple[int, int, str]]]


def _triples(record: Record, path: str, key: str, length: int) -> list[tuple[int, int, str]]:
    spans = []
    for i, item in enumerate(record.value.get(key) or []):
        where = f".{key}[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str)):
            raise bad(record, path, "[start, end, label]", repr(item)[:40], where)
        spans.append((*offsets(record, path, where, item[0], item[1], length), item[2]))
    return spans


def _label(item: Any) -> str | None:
    """An offset object's label: a name, or doccano 1.0's label id (a whole number)."""
    label = item.get("label") if isinstance(item, dict) else None
    return str(label) if isinstance(label, str | int) and not isinstance(label, bool) else None


def _objects(record: Record, path: str, key: str, length: int) -> list[tuple[int, int, str, Any]]:
    """The spans of offset objects, each with its `user` (doccano 1.0's annotations; None where none)."""
    spans = []
    for i, item in enumerate(record.value.get(key) or []):
        where = f".{key}[{i}]"
        label = _label(item)
        if label is None:
            raise bad(record, path, '{"start_offset", "end_offset", "label"}', repr(item)[:40], where)
        start, end = offsets(record, path, where, item.get("start_offset"), item.get("end_offset"), length)
        user = item.get("user")
        if isinstance(user, list | dict):
            raise bad(record, path, "a user id (a number or a name)", repr(user)[:40], f"{where}.user")
        spans.append((start, end, label, user))
    return spans


def _users(annotations: dict[int, list[tuple[int, int, str, Any]]]) -> list[Any]:
    """The users named in the examples' annotations, in id order."""
    users = {user for spans in annotations.values() for *_, user in spans if user is not None}
    return sorted(users, key=_user_order)


def _user_order(user: Any) -> tuple[int, int, str]:
    """Whole-number ids first, by value; then every other id by its text (1, 2, "ann", 2.5)."""
    if isinstance(user, int) and not isinstance(user, bool):
        return 0, user, ""
    return 1, 0, str(user)


def _of_user(annotations: list[tuple[int, int, str, Any]], user: Any) -> list[tuple[int, int, str]]:
    """The annotations' spans of one user (of every user where `user` is None)."""
    return [(start, end, label) for start, end, label, by in annotations if user is None or by == user]


def _chosen_user(users: list[Any], path: str, index: int) -> tuple[Any, list[str]]:
    """The user whose annotations are read (None: every span), and the warning naming the others."""
    if len(users) < 2:
        return None, []
    if index >= len(users):
        raise InputError(f"--index below {len(users)} (the users {', '.join(map(str, users))})",
                         str(index), file=path)  # fmt: skip
    read = f"user {users[index]}'s read (--index {index}); --index N reads the N-th user's (from 0)"
    return users[index], [users_warning(path, list(map(str, users)), read)]


def users_warning(path: str, users: list[str], read: str) -> str:
    """The warning that a file holds several users' annotations; `read` says whose are read."""
    return f"{path}: the annotations of {len(users)} users ({', '.join(users)}): {read}"


def _read_examples(path: str) -> tuple[list[Example], dict[int, list[tuple[int, int, str, Any]]], bool]:
    """Each example's name, text and spans (start, end, label); doccano 1.0's annotations
    (start, end, label, user) by example number; whether any example has a key that holds spans."""
    examples: list[Example] = []
    annotations: dict[int, list[tuple[int, int, str, Any]]] = {}
    used: set[str] = set()
    keyed = False
    for number, record in enumerate(records(path), 1):
        text, value = _text(record, path), record.value
        spans: list[tuple[int, int, str]] = []
        for key in SPAN_KEYS:
            if key not in value:
                continue
            keyed = True
            if key in TRIPLES:
                spans += _triples(record, path, key, len(text))
            elif key == "entities":
                spans += [span[:3] for span in _objects(record, path, key, len(text))]
            else:
                annotations[number - 1] = _objects(record, path, key, len(text))
        examples.append((unique_name(value.get("id"), number, used), text, spans))
    return examples, annotations, keyed


def _named(users: list[Any], path: str, name: str) -> tuple[Any, list[str]]:
    """The user a name given picks (`user 3`, its bare id `3`, or the name the file gives);
    InputError listing the users where none is that one."""
    names = [user_name(user) for user in users]
    if not names:
        raise one_annotator(path, f"{TITLE} naming no user", name)
    found = named_user(names, name)
    if found is None:
        raise unknown_user(path, name, names)
    return users[names.index(found)], []


def _examples(path: str, options: ReadOptions) -> tuple[list[Example], list[str]]:
    """The examples as (name, text, spans) of the chosen user, and the warnings of reading them."""
    examples, annotations, keyed = _read_examples(path)
    users, name = _users(annotations), given_user(options)
    user, warnings = _named(users, path, name) if name else _chosen_user(users, path, options.index)
    for number, spans in annotations.items():
        examples[number][2].extend(_of_user(spans, user))
    if examples and not keyed:
        warnings.append(f"{path}: no example holds spans ({', '.join(map(repr, SPAN_KEYS))}): "
                        "documents without spans")  # fmt: skip
    return examples, warnings


def read(path: str, options: ReadOptions) -> Annotations:
    examples, warnings = _examples(path, options)
    return _annotations(path, examples, warnings)


def _annotations(path: str, examples: list[Example], warnings: list[str]) -> Annotations:
    documents = [document(name, text) for name, text, _ in examples]
    table = table_of_examples(examples, [d.name for d in documents])
    table.warnings = warnings
    return Annotations(path, NAME, documents, table)


def user_name(user: Any) -> str:
    """An annotator's name: `user 3` for a user id, else the user as the file gives it."""
    return f"user {user}" if isinstance(user, int) and not isinstance(user, bool) else str(user)


def read_annotators(path: str, options: ReadOptions) -> dict[str, Annotations]:
    """Each user's annotations of a doccano 1.0/1.1 export (`annotations` with `user`), by
    name, in id order: every example is a document of every user (none of whose spans
    may be theirs). Empty for a file that names no user."""
    examples, annotations, _ = _read_examples(path)
    every = {}
    for user in _users(annotations):
        own = [(name, text, spans + _of_user(annotations.get(number, []), user))
               for number, (name, text, spans) in enumerate(examples)]  # fmt: skip
        every[user_name(user)] = _annotations(path, own, [])
    return every


def table_of_examples(examples: list[tuple[str, Any, list[tuple[int, int, str]]]],
                      names: list[str]) -> SpanTable:  # fmt: skip
    """The spans of documents given as (name, text, [(start, end, label)])."""
    labels: dict[str, int] = {}
    rows = [(d, s, e, labels.setdefault(lab, len(labels)))
            for d, (_, _, spans) in enumerate(examples) for s, e, lab in spans]  # fmt: skip
    return SpanTable.of_rows(rows, list(labels), names)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    """The file's --index and label choices (the labels of the user --index picks; past
    the last user, of the first)."""
    examples, annotations, _ = _read_examples(path)
    users = _users(annotations)
    user, _ = _chosen_user(users, path, options.index if options.index < len(users) else 0)
    labels = {lab for _, _, spans in examples for *_, lab in spans}
    labels |= {lab for spans in annotations.values() for _, _, lab in _of_user(spans, user)}
    indexes = {"index": [str(i) for i in range(len(users))]} if len(users) > 1 else {}
    return {**indexes, "label": sorted(labels)}
