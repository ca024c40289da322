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
(read_annotators: `user 3`, or the user's name where it is not a number).

doccano's Export Dataset downloads a zip of such files, one per user: it is read as they
would be unzipped (engine/formats/doccano_zip.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from ..errors import FileWarning, InputError, describe, first_listed, given, json_value
from ..spans import Annotations
from . import doccano_zip, sniffing
from .jsondocs import MISSING, Record, bad, document, offsets, place, records, unique_name
from .reader_options import given_user, named_user, one_annotator, unknown_user
from .spantable import SpanTable, lazy_origin
from .standoff import ReadOptions

NAME = "doccano"
TITLE = "doccano JSONL"
SUFFIXES = (".jsonl", ".json")
T = TypeVar("T")


sniff = sniffing.doccano  # recognises the format without this module (engine/formats/sniffing.py)


def _text(record: Record, path: str) -> str:
    value = record.value
    if not isinstance(value, dict):
        raise bad(record, path, "a JSON object (one example)", describe(value))
    key = "text" if "text" in value or "data" not in value else "data"
    if key not in value:
        raise bad(record, path, 'a "text" (or "data") string', 'no "text"')
    text = value[key]
    if not isinstance(text, str):
        raise bad(record, path, 'a "text" (or "data") string', json_value(text), f".{key}")
    return text


#: The keys that hold an example's spans: [start, end, label] triples, or objects with offsets.
TRIPLES = ("label", "labels")
OBJECTS = ("entities", "annotations")
SPAN_KEYS = (*TRIPLES, *OBJECTS)
#: A span as read: start, end, label and where in its record (`.label[2]`: with the record,
#: its place, jsondocs.place; '' where the file is not read for the places: _read_examples).
Found = tuple[int, int, str, str]
Example = tuple[str, str, list[Found]]
#: A doccano 1.0 annotation: start, end, label, its user and where the file gives it.
UserSpan = tuple[int, int, str, Any, str]


def _triples(record: Record, path: str, key: str, length: int, places: bool) -> list[Found]:
    """The spans of [start, end, label] triples (where in the record each is only with `places`)."""
    spans = []
    for i, item in enumerate(_items(record, path, key)):
        where = f".{key}[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str)):
            raise bad(record, path, "[start, end, label]", json_value(item), where)
        start, end = offsets(record, path, where, item[0], item[1], length)
        spans.append((start, end, item[2], where if places else ""))
    return spans


def _label(item: Any) -> str | None:
    """An offset object's label: a name, or doccano 1.0's label id (a whole number)."""
    label = item.get("label") if isinstance(item, dict) else None
    return str(label) if isinstance(label, str | int) and not isinstance(label, bool) else None


def _label_id(item: Any) -> bool:
    """Whether an offset object's label is a label id (doccano 1.0's "JSONL" export)."""
    return type(item.get("label")) is int


def _objects(record: Record, path: str, key: str, length: int, names: LabelNames | None,
             places: bool) -> list[UserSpan]:  # fmt: skip
    """The spans of offset objects, each with its `user` (doccano 1.0's annotations; None
    where none) and (with `places`) where in the record it is; a label id as its name where
    `names` are given."""
    spans = []
    for i, item in enumerate(_items(record, path, key)):
        where = f".{key}[{i}]"
        label = _label(item)
        if label is None:
            raise bad(record, path, '{"start_offset", "end_offset", "label"}', json_value(item), where)
        if names is not None and _label_id(item):
            label = names.name(record, path, item["label"], f"{where}.label")
        start, end = offsets(record, path, where, item.get("start_offset", MISSING),
                             item.get("end_offset", MISSING), length, ("start_offset", "end_offset"))
        user = item.get("user")
        if isinstance(user, list | dict):
            raise bad(record, path, "a user id (a number or a name)", json_value(user), f"{where}.user")
        spans.append((start, end, label, user, where if places else ""))
    return spans


class LabelNames(NamedTuple):
    """The names of a doccano project's label ids, as its label file (--label-file) gives them."""

    file: str
    names: dict[int, str]

    def name(self, record: Record, path: str, label_id: int, where: str) -> str:
        """The name of a label id of `record` (InputError where the label file has no such id)."""
        if label_id not in self.names:
            ids = first_listed(sorted(self.names), 10, more=", …")
            raise bad(record, path, f"a label id of {self.file} ({ids or 'none'})", str(label_id), where)
        return self.names[label_id]


#: A label of doccano's export of a project's labels (its label file, --label-file).
LABEL = '{"id": 1, "text": "PER", …}'


def label_names(options: ReadOptions) -> LabelNames | None:
    """The names of the label ids, from the label file given (--label-file); None where none is."""
    file = options.label_file
    if file is None:
        return None
    if not Path(file).is_file():
        flag = options.flag("label_file")
        expected = f"a doccano label file for {flag} (the project's labels: [{LABEL}, …])"
        raise InputError(expected, "a directory" if Path(file).is_dir() else "no such file", file=file)
    names = {}
    for record in records(file):
        value = record.value
        if not (isinstance(value, dict) and _label_id({"label": value.get("id")})
                and isinstance(value.get("text"), str)):  # fmt: skip
            raise bad(record, file, f"a label {LABEL} (a doccano label file)", json_value(value))
        names[value["id"]] = value["text"]
    return LabelNames(file, names)


def _users(annotations: dict[int, list[UserSpan]]) -> list[Any]:
    """The users named in the examples' annotations, in id order."""
    users = {user for spans in annotations.values() for _, _, _, user, _ in spans if user is not None}
    return sorted(users, key=_user_order)


def _user_order(user: Any) -> tuple[int, int, str]:
    """Whole-number ids first, by value; then every other id by its text (1, 2, "ann", 2.5)."""
    if isinstance(user, int) and not isinstance(user, bool):
        return 0, user, ""
    return 1, 0, str(user)


def _of_user(annotations: list[UserSpan], user: Any) -> list[Found]:
    """The annotations' spans of one user (of every user where `user` is None)."""
    return [(start, end, label, at) for start, end, label, by, at in annotations if user in (None, by)]


def _chosen_user(users: list[Any], path: str, index: int, flag: str = "--index") -> tuple[Any, list[str]]:
    """The user whose annotations are read (None: every span), and the warning naming the
    others (`flag`: the option that gave the index)."""
    if len(users) < 2:
        return None, []
    if index >= len(users):
        raise InputError(f"{flag} below {len(users)} (the users {', '.join(map(str, users))})",
                         str(index), file=path)  # fmt: skip
    read = f"user {users[index]}'s read ({flag} {index}); {flag} N reads the N-th user's (from 0)"
    return users[index], [users_warning(path, list(map(str, users)), read)]


def users_warning(path: str, users: list[str], read: str) -> str:
    """The warning that a file holds several users' annotations; `read` says whose are read."""
    return FileWarning(path, f"the annotations of {len(users)} users ({', '.join(users)}): {read}")


def _triple_entities(items: Any) -> bool:
    """Whether `entities` are [start, end, label] triples, as doccano's first JSON export
    (2018, with `doc_id`) wrote them."""
    return isinstance(items, list) and bool(items) and isinstance(items[0], list)


Read = tuple[list[Example], dict[int, list[UserSpan]], bool, set[str], list[Record]]


def _read_examples(path: str, names: LabelNames | None, places: bool = False) -> Read:
    """Each example's name, text and spans (Found); doccano 1.0's annotations (UserSpan) by
    example number; whether any example has a key that holds spans; the labels given as
    label ids (whole numbers, as doccano 1.0's "JSONL" export gives them: read as their
    `names` where given); where each example is (its Record without its value: with a
    span's place in it, jsondocs.place, where `places`: the spans' places are kept only in
    a reading for the places, as they cost 14% of the reading time and 40 MiB for 360,000
    spans)."""
    examples: list[Example] = []
    found_at: list[Record] = []
    annotations: dict[int, list[UserSpan]] = {}
    used: set[str] = set()
    ids: set[str] = set()
    keyed = False
    for number, record in enumerate(records(path), 1):
        text, value = _text(record, path), record.value
        spans: list[Found] = []
        keys = [key for key in SPAN_KEYS if key in value]
        keyed = keyed or bool(keys)
        for key in keys:
            items = _items(record, path, key)
            if key in TRIPLES or (key == "entities" and _triple_entities(items)):
                spans += _triples(record, path, key, len(text), places)
                continue
            ids |= {str(item["label"]) for item in items if isinstance(item, dict) and _label_id(item)}
            found = _objects(record, path, key, len(text), names, places)
            if key == "entities":
                spans += [(start, end, label, at) for start, end, label, _, at in found]
            else:
                annotations[number - 1] = found
        examples.append((unique_name(value.get("id", value.get("doc_id")), number, used), text, spans))
        found_at.append(Record(None, record.line, record.path))
    return examples, annotations, keyed, ids, found_at


def _named(users: list[Any], path: str, name: str, flag: str) -> tuple[Any, list[str]]:
    """The user a name given (by `flag`) picks (`user 3`, its bare id `3`, or the name the
    file gives); InputError listing the users where none is that one."""
    names = [user_name(user) for user in users]
    if not names:
        raise one_annotator(path, f"{TITLE} naming no user", name, flag)
    found = named_user(names, name)
    if found is None:
        raise unknown_user(path, name, names)
    return users[names.index(found)], []


def _items(record: Record, path: str, key: str) -> list[Any]:
    """The list of spans under a key (none for null)."""
    items = record.value[key]
    if items is not None and not isinstance(items, list):
        raise bad(record, path, f'a list of spans under "{key}"', describe(items), f".{key}")
    return items or []


def _examples(path: str, options: ReadOptions,
              places: bool = False
              ) -> tuple[list[Example], list[str], set[str], list[Record], bool]:  # fmt: skip
    """The examples as (name, text, spans) of the chosen user, the warnings of reading them,
    the labels given as label ids, where each example is (see _read_examples) and whether
    system A's user was left out (Annotations.user_left_out: none applied to a file naming none)."""
    examples, annotations, keyed, ids, found_at = _read_examples(path, label_names(options), places)
    users, name = _users(annotations), given_user(options)
    left_out = not users and options.user_taken()
    if name and not left_out:
        user, warnings = _named(users, path, name, options.flag("user"))
    else:
        user, warnings = _chosen_user(users, path, options.index, options.flag("index"))
    for number, spans in annotations.items():
        examples[number][2].extend(_of_user(spans, user))
    if examples and not keyed:
        warnings.append(FileWarning(path, f"no example holds spans ({', '.join(map(repr, SPAN_KEYS))}): "
                                    "documents without spans"))  # fmt: skip
    return examples, warnings, ids, found_at, left_out


def _zip_or_file(path: str, options: ReadOptions, in_zip: Callable[[str, ReadOptions], T],
                 of_file: Callable[[str, ReadOptions], T]) -> T:  # fmt: skip
    """`in_zip` for doccano's zip, `of_file` for an example file: the one place that tells
    them apart (a user's file of the zip goes to the file readers straight, as its bytes:
    doccano_zip; never tried as a path on disk)."""
    return in_zip(path, options) if doccano_zip.zipped(path) else of_file(path, options)


def read(path: str, options: ReadOptions) -> Annotations:
    """An example file's spans (of the chosen user), or those of a user's file of doccano's zip."""
    return _zip_or_file(path, options, doccano_zip.read, read_file)


def read_file(path: str, options: ReadOptions) -> Annotations:
    """An example file's spans (of the chosen user)."""
    examples, warnings, ids, _, left_out = _examples(path, options)
    read = _annotations(path, examples, warnings, ids, options)
    read.user_left_out = left_out
    read.spans.origin = lazy_origin(functools.partial(read_places, path, options))
    return read


def read_places(path: str, options: ReadOptions) -> list[str]:
    """Where each span of the chosen user's table is, found by reading the file again (read)."""
    examples, _, _, found_at, _ = _examples(path, options, places=True)
    return _places(examples, found_at)


def _user_places(placed: Callable[[], Read], user: Any) -> list[str]:
    """Where each span of one user's table is (read_annotators), from the reading for the
    places that serves every user."""
    examples, annotations, _, _, found_at = placed()
    return _places(_own(examples, annotations, user), found_at)


def _places(examples: list[Example], found_at: list[Record]) -> list[str]:
    """Where each span of the examples is in the file (jsondocs.place), in table order."""
    return [place(at, where) for at, (_, _, spans) in zip(found_at, examples, strict=True)
            for *_, where in spans]  # fmt: skip


def _annotations(path: str, examples: list[Example], warnings: list[str], ids: set[str],
                 options: ReadOptions) -> Annotations:  # fmt: skip
    """The examples as documents and spans; the warning of the label ids (label_id_warnings)
    is the file's (Annotations.warnings), as it holds for every user's spans."""
    documents = [document(name, text) for name, text, _ in examples]
    table = table_of_examples(examples, [d.name for d in documents])
    table.warnings = warnings
    return Annotations(path, NAME, documents, table, label_id_warnings(path, ids, options))


def label_id_warnings(path: str, ids: set[str], options: ReadOptions) -> list[str]:
    """The warning of a file whose labels are label ids (doccano 1.0/1.1's "JSONL" export)
    and no `label_file` (--label-file) names them; of a label file given for labels that
    are names."""
    if options.label_file is not None:
        flag, label_file = options.flag("label_file"), options.label_file
        return [] if ids else [FileWarning(path, f"{flag} {given(label_file)} not used (the labels are "
                                           "names, not doccano's label ids)")]  # fmt: skip
    if not ids:
        return []
    listed = first_listed(sorted(ids, key=int), 10, more=", …")
    return [FileWarning(path, f"the labels are doccano's label ids ({listed}), not their names: doccano "
                        '1.0/1.1\'s "JSONL" export gives each span the id of its label (the names are the '
                        'project\'s, not in the file); its "JSONL (Text label)" export gives the names, or '
                        "--label-file FILE names them from the project's label file")]  # fmt: skip


def user_name(user: Any) -> str:
    """An annotator's name: `user 3` for a user id, else the user as the file gives it."""
    return f"user {user}" if isinstance(user, int) and not isinstance(user, bool) else str(user)


def read_annotators(path: str, options: ReadOptions) -> dict[str, Annotations]:
    """Each user's annotations of a doccano 1.0/1.1 export (`annotations` with `user`), by
    name, in id order: every example is a document of every user (none of whose spans
    may be theirs). Empty for a file that names no user; every user's file of doccano's zip."""
    return _zip_or_file(path, options, doccano_zip.read_annotators, _file_annotators)


def _file_annotators(path: str, options: ReadOptions) -> dict[str, Annotations]:
    """Each user's annotations of an example file (read_annotators)."""
    names = label_names(options)
    examples, annotations, _, ids, _ = _read_examples(path, names)
    placed = functools.cache(functools.partial(_read_examples, path, names, places=True))
    every = {}
    for user in _users(annotations):
        own = _annotations(path, _own(examples, annotations, user), [], ids, options)
        own.spans.origin = lazy_origin(functools.partial(_user_places, placed, user))
        every[user_name(user)] = own
    return every  # one reading for the places (when a message first asks) serves every user


def _own(examples: list[Example], annotations: dict[int, list[UserSpan]], user: Any) -> list[Example]:
    """The examples with one user's annotations (read_annotators)."""
    return [(name, text, spans + _of_user(annotations.get(number, []), user))
            for number, (name, text, spans) in enumerate(examples)]  # fmt: skip


def table_of_examples(examples: list[tuple[str, Any, list[Found]]], names: list[str]) -> SpanTable:
    """The spans of documents given as (name, text, [(start, end, label, where)]), in order."""
    labels: dict[str, int] = {}
    rows = [(d, s, e, labels.setdefault(lab, len(labels)))
            for d, (_, _, spans) in enumerate(examples) for s, e, lab, _ in spans]  # fmt: skip
    return SpanTable.of_rows(rows, list(labels), names)


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    """The file's --index, label and user choices (the labels of the user --index picks;
    past the last user, of the first; the users as --gold-user/--system-user name them), or
    those of doccano's zip."""
    return _zip_or_file(path, options, doccano_zip.choices, file_choices)


def file_choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    """An example file's choices (choices)."""
    examples, annotations, _, _, _ = _read_examples(path, label_names(options))
    users = _users(annotations)
    user, _ = _chosen_user(users, path, options.index if options.index < len(users) else 0)
    labels = {lab for _, _, spans in examples for _, _, lab, _ in spans}
    labels |= {lab for spans in annotations.values() for _, _, lab, _ in _of_user(spans, user)}
    indexes = {"index": [str(i) for i in range(len(users))]} if len(users) > 1 else {}
    named = {"user": [user_name(user) for user in users]} if users else {}
    return {**indexes, "label": sorted(labels), **named}
