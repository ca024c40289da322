"""Label Studio's JSON export of a labelling project: a list of tasks (or one task), each
with its `data`, its `annotations` (`completions` up to 0.9) and `predictions`, whose
`result` items of type `labels` carry `value.start`, `value.end` (code points, end
exclusive) and `value.labels`.

Gold and system are picked by source (annotations or predictions) and index (which one of
each task, from 0; cancelled annotations, `was_cancelled` or 0.x's `skipped`, not
counted). A task without that annotation (or prediction) is left out, with one warning
naming the tasks; pairing leaves it out of the other side too. A region with two labels
is two spans; results of other types are not read (a warning names them where no span is
found). The JSON-MIN export (one record per annotation: the task's data keys, each
labelling tag's regions `{start, end, labels}` under its name, `annotator`,
`annotation_id`) is read as the same tasks: a task's records in file order are its
annotations (it holds no predictions); the CSV and TSV exports are those records as rows
(engine/formats/label_studio_table.py). The text is the task's `data` value that the
labelling config names (a `config.xml` beside the file, or the results' `source` or
`to_name`), else its only string value. Each task is a document named by its `id`.

The agreement command reads each annotator of such an export as one of its own
(read_annotators): a task's annotations by `completed_by` (an id: `user 3`; an object:
its `email`, else its id; JSON-MIN's `annotator`), cancelled ones left out, and on request
the predictions as one more annotator per `model_version` (`predictions 1.0`).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, NamedTuple

from ..errors import FileWarning, InputError, describe, first_listed, given, json_value
from ..spans import Annotations
from . import LABEL_STUDIO_CONFIG, companion_beside, sniffing
from .doccano import table_of_examples, users_warning
from .jsondocs import Record, bad, document, free_each, place, unique_name
from .label_studio_tasks import AT, export_tasks, task_object
from .label_studio_text import TextChecks
from .reader_options import SOURCES, Annotators, given_user, named_user, own_user_flag, unknown_user
from .spantable import Origin, lazy_origin, listed_origin, listed_places
from .standoff import ReadOptions, pick_name

NAME = "label-studio"
TITLE = "Label Studio JSON"
SUFFIXES = (".json", ".csv", ".tsv")  # the JSON and JSON-MIN exports; the CSV and TSV exports
_TEXT_TAG = re.compile(r"<Text[^>]*\bname=\"([^\"]+)\"[^>]*\bvalue=\"\$([^\"]+)\"", re.IGNORECASE)


sniff = sniffing.label_studio  # recognises the format without this module (engine/formats/sniffing.py)


class Config(NamedTuple):
    """A labelling config beside the file: its name as found, and to_name → data key from its
    Text tags (none: no config, or one naming no text)."""

    name: str
    keys: dict[str, str]


def _config(path: str) -> Config:
    """The labelling config (config.xml, in any case) beside the file."""
    expected = f"one labelling config ({LABEL_STUDIO_CONFIG} in any case) beside the file"
    config = companion_beside(path, "label_studio", expected)
    if config is None:
        return Config(LABEL_STUDIO_CONFIG, {})
    try:
        text = config.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return Config(LABEL_STUDIO_CONFIG, {})
    return Config(config.name, {name: key for name, key in _TEXT_TAG.findall(text)})


def _entries(task: dict[str, Any], source: str) -> tuple[str, Any]:
    """The key of the task's annotations (or predictions) and its value: Label Studio up
    to 0.9 called the annotations `completions`."""
    old = source == "annotations" and "annotations" not in task and "completions" in task
    key = "completions" if old else source
    return key, task.get(key) or []


def _cancelled(entry: Any) -> bool:
    return not isinstance(entry, dict) or bool(entry.get("was_cancelled") or entry.get("skipped"))


#: Who made each of a task's annotations (or predictions) not cancelled, and where they are listed.
Makers = list[tuple[tuple[int, int, str], str]]


def _results(record: Record, path: str, options: ReadOptions) -> tuple[list[Any] | None, str, str, Makers]:
    """The chosen annotation's (or prediction's) results, where they are and who made it
    (_maker); None and what the task holds where it has no such annotation. Last, where a
    user is given, who made each of the task's (_makers; else none: no need)."""
    key, entries = _entries(record.value, options.source)
    if not isinstance(entries, list):
        raise bad(record, path, f"a list of {options.source}", describe(entries), f".{key}")
    kept = [i for i, e in enumerate(entries) if not _cancelled(e)]
    makers = _makers([entries[i] for i in kept], options.source) if given_user(options) is not None else []
    chosen = _chosen_entry(len(kept), makers, options)
    if chosen is None:
        cancelled = len(entries) - len(kept)
        noun = options.source if len(kept) != 1 else options.source[:-1]
        held = f"{len(kept)} {noun}" + (f", {cancelled} cancelled" if cancelled else "")
        return None, held, "", makers
    at = f".{key}[{kept[chosen]}]"
    results = entries[kept[chosen]].get("result") or []
    if not isinstance(results, list):
        raise bad(record, path, "a list of results", describe(results), at)
    return results, at, _maker(entries[kept[chosen]], chosen + 1, options.source)[1], makers


def _chosen_entry(kept: int, makers: Makers, options: ReadOptions) -> int | None:
    """Which of a task's `kept` annotations (or predictions: those not cancelled) is read:
    the one the user given made (`makers`: who made each), else the `--index`-th; None
    where the task has no such one."""
    user = given_user(options)
    if user is None:
        return options.index if options.index < kept else None
    return next((n for n, (_, name) in enumerate(makers) if named_user([name], user)), None)


def _makers(kept: list[Any], source: str) -> Makers:
    """Who made each of a task's annotations (or predictions), cancelled ones left out, and
    where they are listed: annotator_name, or the model (_model)."""
    return [_maker(entry, number, source) for number, entry in enumerate(kept, 1)]


def _maker(entry: dict[str, Any], number: int, source: str) -> tuple[tuple[int, int, str], str]:
    """Who made the `number`-th annotation (or prediction) of a task: annotator_name, or the model."""
    return _model(entry) if source == "predictions" else annotator_name(entry, number)


def _kept(task: Any, source: str) -> list[Any]:
    """A task's annotations (or predictions) but the cancelled ones (none where it holds no list)."""
    entries = _entries(task, source)[1] if isinstance(task, dict) else []
    return [e for e in entries if not _cancelled(e)] if isinstance(entries, list) else []


def _listed_results(entry: Any) -> list[Any]:
    """An annotation's (or prediction's) results; none where it holds no list (looked
    through to list choices; the entry read says what is wrong with it)."""
    results = entry.get("result") if isinstance(entry, dict) else None
    return results if isinstance(results, list) else []


def _annotators(tasks: Iterable[Any], source: str) -> list[str]:
    """Everyone who made an annotation (or prediction) of the tasks, as the agreement command
    names them, in its order (user ids, then names)."""
    return _in_order(_makers(_kept(task, source), source) for task in tasks)


def _in_order(makers: Iterable[Makers]) -> list[str]:
    """The makers of tasks' annotations (each task's _makers), each once, in the agreement
    command's order (user ids, then names)."""
    order: dict[str, tuple[int, int, str]] = {}
    for task_makers in makers:
        for rank, name in task_makers:
            order.setdefault(name, rank)
    return sorted(order, key=order.__getitem__)


def _check_user(path: str, users: list[str], options: ReadOptions) -> None:
    """InputError where the user given made no annotation (or prediction) of the file,
    listing those who did (`users`, as the reading found them)."""
    user = given_user(options)
    if user is not None and named_user(users, user) is None:
        raise unknown_user(path, user, users)


def _mixed_index(path: str, tasks: list[Record], options: ReadOptions, read: Counter[str]) -> list[str]:
    """The warning where no user is given and the `--index`-th annotation of the tasks is
    not always one annotator's (the tasks list their annotators in different orders); `read`
    counts the tasks whose annotation each annotator made."""
    if given_user(options) is not None or len(read) < 2:
        return []
    (first, count), *others = read.items()
    whose = f"{first}'s in {count} task{'s' if count != 1 else ''}, " + \
        ", ".join(f"{name}'s in {n}" for name, n in others)  # fmt: skip
    users = _annotators((record.value for record in tasks), options.source)
    index = f"{options.flag('index')} {options.index}"
    return [users_warning(path, users, f"{index} reads each task's {options.source[:-1]} "
                          f"number {options.index + 1}, which is {whose} (the tasks list their annotators "
                          f"in different orders): {_one_user(options)}")]  # fmt: skip


def _one_user(options: ReadOptions) -> str:
    """The way to read one user's annotations: the side's own user flag (compare names the gold
    alike in both its runs); agreement, without one, reads each user given the export alone."""
    flag = own_user_flag(options)
    return f"{flag} NAME reads one user's" if flag else "given alone, each of its users is an annotator"


def _text_key(task: dict[str, Any], results: list[Any], keys: dict[str, str]) -> str | None:
    data = task["data"]
    for result in results:
        if isinstance(result, dict) and result.get("type") == "labels":
            source = result.get("source")
            if isinstance(source, str) and source.startswith("$") and source[1:] in data:
                return source[1:]
            name = result.get("to_name")
            if keys.get(name) in data:
                return keys[name]
            if name in data and isinstance(data[name], str):
                return name
    if len(keys) == 1 and next(iter(keys.values())) in data:
        return next(iter(keys.values()))
    strings = [k for k, v in data.items() if isinstance(v, str)]
    if len(strings) == 1:
        return strings[0]
    return "text" if isinstance(data.get("text"), str) else None


def _task(record: Record, path: str, results: list[Any], at: str, config: Config,
          checks: TextChecks, places: bool) -> tuple[str, list, set[str]]:  # fmt: skip
    """The task's text, its spans (with `places`, each with its place: jsondocs.place) and
    the types of its results that are not spans."""
    task = record.value
    key = _text_key(task, results, config.keys)
    if key is None or not isinstance(task["data"].get(key), str):
        expected = "a text in the task's data (its one string value, or the one the config names)"
        raise bad(record, path, expected, *_no_text(task["data"], key, config))
    text = task["data"][key]
    spans, others = [], set()
    for i, result in enumerate(results):
        if not _is_span(result):
            others.add(_result_type(result))
            continue
        where = result.get(AT) or f"{at}.result[{i}].value"
        value = result.get("value")
        if not isinstance(value, dict) or not isinstance(value.get("labels"), list):
            found = json_value(value) if "value" in result else 'no "value"'
            raise bad(record, path, 'a value with "start", "end" and "labels"', found, where)
        labels = value["labels"]
        if len(labels) != 1 or type(labels[0]) is not str:  # one label, a string: most regions
            _check_labels(record, path, labels, where)
        start, end = checks.offsets(record, path, where, value, text)
        spans += _labelled(start, end, labels, place(record, where) if places else "")
    return text, spans, others


#: How a result that is no object, and one without a type, are kept among the results not
#: read (_result_type, _not_read).
_NO_OBJECT = " (not an object)"
_NO_TYPE = "results without a type"


def _result_type(result: Any) -> str:
    """How the warning names a result that is no span: by its type ('choices'; a type that is
    no string in JSON's words), or where it is no object by its value (describe)."""
    if not isinstance(result, dict):
        return describe(result) + _NO_OBJECT
    if "type" not in result:
        return _NO_TYPE
    kind = result["type"]
    return json_value(kind) if isinstance(kind, str) else describe(kind)


def _not_read(others: set[str]) -> str:
    """The results not read, as the warning names them: by type, then those that are no object."""
    values = sorted(other.removesuffix(_NO_OBJECT) for other in others if other.endswith(_NO_OBJECT))
    types = sorted(other for other in others - {_NO_TYPE} if not other.endswith(_NO_OBJECT))
    named = [f"results of type {', '.join(types)}"] if types else []
    named += [_NO_TYPE] if _NO_TYPE in others else []
    if values:
        named.append(f"results that are not objects ({', '.join(values)})")
    return "; ".join(named)


def _no_text(data: dict[str, Any], key: str | None, config: Config) -> tuple[str, str]:
    """What a task's data holds where no text was found, and where: the value its regions'
    `source` or `to_name` names (a list of a Paragraphs tag's phrases), else its strings
    where there are several and neither the regions nor the config beside the file (named as
    found) name one."""
    if key is not None:
        return describe(data[key]), f".data.{key}"
    strings = [name for name, value in data.items() if isinstance(value, str)]
    if len(strings) < 2:
        return "none", ".data"
    found = f"{len(strings)} strings ({first_listed(strings, 5, more=', …')})"
    if config.keys:
        return f"{found}, none of them named by the {config.name} beside the file", ".data"
    return f"{found} and no {config.name} beside the file naming one", ".data"


def _check_labels(record: Record, path: str, labels: list[Any], where: str) -> None:
    """InputError naming the first of a region's labels that is not a string (null, a number,
    an object: Label Studio writes each label as text), by its JSON path."""
    wrong = next((j for j, label in enumerate(labels) if type(label) is not str), None)
    if wrong is not None:
        found = json_value(labels[wrong])
        raise bad(record, path, "a label that is text (a JSON string)", found, f"{where}.labels[{wrong}]")


def _labelled(start: int, end: int, labels: list[str], at: str) -> list[tuple[int, int, str, str]]:
    """A region's spans, one a label (each a string: _check_labels), each with where the file
    gives it (its label's index where the region has several)."""
    if len(labels) == 1 or not at:
        return [(start, end, label, at) for label in labels]
    return [(start, end, label, f"{at}.labels[{j}]") for j, label in enumerate(labels)]


def _is_span(result: Any) -> bool:
    return isinstance(result, dict) and result.get("type") == "labels"


def _control(result: dict[str, Any]) -> str:
    """The labelling control a region belongs to (its `from_name`; '' where it names none)."""
    name = result.get("from_name")
    return name if isinstance(name, str) else ""


def _controls(tasks: Iterable[dict[str, Any]]) -> list[str]:
    """The labelling controls with regions in any annotation or prediction of the tasks, in
    the order they first appear (the same for gold and system read from one file)."""
    found: dict[str, None] = {}
    for task in (task for task in tasks if isinstance(task, dict)):  # one that is not: task_object says
        for source in SOURCES:
            entries = _entries(task, source)[1]
            for entry in entries if isinstance(entries, list) else ():
                found.update(dict.fromkeys(_control(r) for r in _listed_results(entry) if _is_span(r)))
    return list(found)


def _chosen(path: str, options: ReadOptions, controls: list[str]) -> str | None:
    """The control whose regions are read (`--layer`, else the file's only one): regions
    of two controls (an NER and a POS tag set, or two texts of a task) are not one set of
    spans. None where the file has no region to choose from."""
    if options.layer is None and len(controls) < 2:
        return None
    if options.layer is None:
        choices = " or ".join(f"--layer {given(name)}" for name in controls)
        raise InputError(f"the regions of one labelling control ({choices})",
                         f"regions of {len(controls)}: {', '.join(controls)}", file=path)  # fmt: skip
    return pick_name(options.layer, controls, "layer (a labelling control's from_name)", path)


def _regions_of(results: list[Any], control: str | None) -> list[Any]:
    """The results without the regions of the controls not chosen."""
    return [r for r in results if not _is_span(r) or control is None or _control(r) == control]


def read(path: str, options: ReadOptions, places: bool = False) -> Annotations:
    """The tasks' spans; their places (jsondocs.place) listed by reading the file again
    when a message first asks (`places`: listed while reading)."""
    if options.source not in SOURCES:
        raise InputError("annotations or predictions", given(options.source), option="--source")
    config = _config(path)
    found, used, left_out, makers = [], set(), [], Counter[str]()
    annotators: list[Makers] = []  # where a user is given: who made each task's annotations
    tasks = list(export_tasks(path))
    user_left_out = _taken_user_left_out(tasks, options)
    options = replace(options, user=None) if user_left_out else options  # read by --index
    for number, record in enumerate(tasks, 1):
        name = unique_name(task_object(record, path).get("id"), number, used)
        results, at, maker, task_makers = _results(record, path, options)
        annotators.append(task_makers)
        if results is None:
            left_out.append((name, at))
        else:
            found.append((name, record, results, at))
            makers[maker] += 1
    control = _chosen(path, options, _controls(record.value for record in tasks))
    _check_user(path, _in_order(annotators), options)
    examples, others, checks = [], set(), TextChecks()
    for name, record, results, at in found:
        text, spans, ignored = _task(record, path, _regions_of(results, control), at, config, checks, places)
        examples.append((name, text, spans))
        others |= ignored
    checked = _mixed_index(path, tasks, options, makers) + checks.warnings(path)
    free_each(found)
    free_each(tasks)
    result = _annotations(path, options, examples, left_out, others, checked)
    result.spans.origin = _origin(examples, places, functools.partial(read, path, options, places=True))
    result.user_left_out = user_left_out
    return result


def _taken_user_left_out(tasks: list[Record], options: ReadOptions) -> bool:
    """Whether system A's user, taken by a second system (ReadOptions.user_taken), is left
    out: the tasks' annotations name no annotator (each `annotation N`), as doccano's file
    naming none (a model named in predictions may be A's user: kept)."""
    if not options.user_taken() or options.source != "annotations":
        return False
    makers = (_makers(_kept(record.value, options.source), options.source) for record in tasks)
    return not any(rank[0] < 2 for task_makers in makers for rank, _ in task_makers)  # 2: unnamed


def _origin(examples: list[tuple[str, str, list]], places: bool, placed: Callable[[], Annotations]) -> Origin:
    """The places of the examples' spans where they were listed, else those of the
    `placed` reading, made when a message first asks."""
    if places:
        return listed_origin([at for _, _, spans in examples for *_, at in spans])
    return lazy_origin(lambda: listed_places(placed()))


def _annotations(path: str, options: ReadOptions, examples: list[tuple[str, str, list]],
                 left_out: list[tuple[str, str]], others: set[str],
                 checked: list[str]) -> Annotations:  # fmt: skip
    """The tasks read (name, text, spans) as documents; the warnings of those left out, of
    results that are not spans (where none is) and of the regions' texts (`checked`)."""
    documents = [document(name, text) for name, text, _ in examples]
    table = table_of_examples(examples, [d.name for d in documents])
    table.left_out = [name for name, _ in left_out]
    table.warnings = _warnings(path, options, left_out, others if not len(table) else set())
    table.warnings += checked
    return Annotations(path, NAME, documents, table)


def annotator_name(entry: dict[str, Any], number: int) -> tuple[tuple[int, int, str], str]:
    """Who made an annotation, and where annotators are listed: `completed_by` an id (`user
    3`), an object (its `email`, else `user` and its id) or a name; `annotation N` (its
    number among the task's, from 1) where the export does not say."""
    by = entry.get("completed_by")
    if isinstance(by, dict):
        by = by.get("email") or by.get("id")
    if isinstance(by, int) and not isinstance(by, bool):
        return (0, by, ""), f"user {by}"
    if isinstance(by, str) and by:
        return (1, 0, by), by
    return (2, number, ""), f"annotation {number}"


def _made(record: Record, path: str, predictions: bool) -> Iterator[tuple[tuple, str, list[Any], str]]:
    """A task's annotations that were not cancelled, each with who made it (annotator_name),
    its results and where they are; with `predictions`, each prediction made by its model."""
    key, entries = _entries(record.value, "annotations")
    sources = [(key, entries)] + (
        [("predictions", record.value.get("predictions") or [])] if predictions else []
    )
    for key, entries in sources:
        if not isinstance(entries, list):
            raise bad(record, path, "a list of annotations", describe(entries), f".{key}")
        kept = [(i, e) for i, e in enumerate(entries) if not _cancelled(e)]
        for number, (i, entry) in enumerate(kept, 1):
            order, name = _model(entry) if key == "predictions" else annotator_name(entry, number)
            results = entry.get("result") or []
            if not isinstance(results, list):
                raise bad(record, path, "a list of results", describe(results), f".{key}[{i}]")
            yield order, name, results, f".{key}[{i}]"


def _model(entry: dict[str, Any]) -> tuple[tuple[int, int, str], str]:
    """A prediction's annotator: `predictions` and its model_version, listed last."""
    version = entry.get("model_version")
    return (3, 0, str(version or "")), "predictions" + (f" {version}" if version else "")


def read_annotators(path: str, options: ReadOptions, predictions: bool = False,
                    places: bool = False) -> dict[str, Annotations]:  # fmt: skip
    """Each annotator's tasks (those they annotated: a task is a document of each), by name
    (user ids in order, then names); a second annotation of one annotator in a task is left
    out with a warning. With `predictions`, each model's predictions as one more annotator."""
    config = _config(path)
    tasks: dict[str, list[tuple[str, str, list]]] = {}
    order: dict[str, tuple] = {}
    used: set[str] = set()
    others: set[str] = set()
    twice: list[str] = []
    found = list(export_tasks(path))
    control, checks = _chosen(path, options, _controls(record.value for record in found)), TextChecks()
    for number, record in enumerate(found, 1):
        name = unique_name(task_object(record, path).get("id"), number, used)
        for rank, annotator, results, at in _made(record, path, predictions):
            order.setdefault(annotator, rank)
            done = tasks.setdefault(annotator, [])
            if done and done[-1][0] == name:
                twice.append(f"{name} ({annotator})")
                continue
            regions = _regions_of(results, control)
            text, spans, ignored = _task(record, path, regions, at, config, checks, places)
            done.append((name, text, spans))
            others |= ignored
    read = {
        a: _annotations(path, options, tasks[a], [], others, []) for a in sorted(order, key=order.__getitem__)
    }
    placed = functools.cache(functools.partial(read_annotators, path, options, predictions, places=True))
    for name, annotator in read.items():  # one reading with places serves every annotator
        annotator.spans.origin = _origin(tasks[name], places, lambda name=name: placed()[name])
    if read:
        next(iter(read.values())).warnings.extend(checks.warnings(path))
    if twice and read:
        next(iter(read.values())).warnings.append(
            FileWarning(path, f"an annotator with two annotations of a task, the first read: "
                              f"{', '.join(twice[:10])}")  # fmt: skip
        )
    if len(read) < 2 and not predictions and any(record.value.get("predictions") for record in found):
        return Annotators(read, "its predictions not read: --predictions reads each model's as an annotator")
    return read


def _warnings(path: str, options: ReadOptions, left_out: list[tuple[str, str]],
              others: set[str]) -> list[str]:  # fmt: skip
    """What the user should know: the tasks left out, the results that are not spans."""
    warnings = []
    if left_out:
        n, noun = len(left_out), options.source[:-1]
        shown = first_listed(left_out, 10, more=", …", show=lambda item: f"{item[0]} ({item[1]})")
        not_counted = "; cancelled ones not counted" if options.source == "annotations" else ""
        have = "tasks have" if n != 1 else "task has"
        user = given_user(options)
        index = f"{options.flag('index')} {options.index}"
        which = (f"by {user} ({options.flag('user')} {given(user)})" if user else
                 f"number {options.index + 1} ({index}{not_counted})")  # fmt: skip
        left_out = f"{n} {have} no {noun} {which}, left out of the comparison: {shown}"
        warnings.append(FileWarning(path, left_out))
    if others:
        warnings.append(FileWarning(path, f'no result of type "labels" (text spans) in the {options.source}; '
                                    f"{_not_read(others)} are not read"))  # fmt: skip
    return warnings


def choices(path: str, options: ReadOptions) -> dict[str, list[str]]:
    most, labels = 0, set()
    tasks = [record.value if isinstance(record.value, dict) else {} for record in export_tasks(path)]
    for task in tasks:
        entries = _kept(task, options.source)
        most = max(most, len(entries))
        for entry in entries:
            for result in filter(_is_span, _listed_results(entry)):
                if options.layer in (None, _control(result)):
                    labels.update(map(str, _region_labels(result)))
    found = {"source": list(SOURCES), "index": [str(i) for i in range(max(most, 1))], "label": sorted(labels),
             "layer": _controls(tasks), "user": _annotators(tasks, options.source)}  # fmt: skip
    free_each(tasks)
    return found


def _region_labels(result: dict[str, Any]) -> list[Any]:
    """A region's labels; none where its value holds no list of them."""
    value = result.get("value")
    labels = value.get("labels") if isinstance(value, dict) else None
    return labels if isinstance(labels, list) else []


def none_chosen(path: str, role: str, tasks: int) -> InputError:
    """The error for a side none of whose tasks has the chosen annotation (each left out),
    suggesting the predictions (`role`: gold or system, whose options name the choice)."""
    every = "its one task" if tasks == 1 else f"all its {tasks} tasks"
    return InputError(f"a task with the {role}'s chosen annotation (or prediction)",
                      f"none ({every} left out); to compare the predictions, choose predictions "
                      f"with --{role}-source, or another number with --{role}-index", file=path)  # fmt: skip
