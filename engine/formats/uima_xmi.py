"""UIMA CAS XMI, INCEpTION's native export, read with dkpro-cassis (a reader of span layers).

A document is an `.xmi` file with its type system: the file given as ReadOptions.typesystem,
else `TypeSystem.xml` beside it; or a `.zip` holding both, as INCEpTION exports a
document (every `.xmi` in it is a document). The type system is named so in any case
(`TYPESYSTEM.XML`, as Windows tools write it), as a folder's reader leaves it out. The
spans are the annotations of one span layer, any annotation type with begin and end and a string
feature (default: DKPro's NamedEntity, its subtypes included), labelled by one string
feature of it (default `value`, else the type's first). Tokens and sentences come from
DKPro's Token and Sentence where the file has them.

XMI counts offsets in UTF-16 code units; cassis converts them to code points of its
sofa string when it loads a CAS (checked on an INCEpTION file with 🤗: the XMI's
begin="3" is 2 after loading), so the offsets taken from it are code points already.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
from contextvars import ContextVar
from io import BytesIO
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..scoped_memo import Memo, memo_within, memoised
from ..spans import Annotations, Document, Span
from ..textio import ZIP_MAGIC, read_input_bytes
from ..zips import entry_bytes, readable_zip
from . import companion_among, companion_beside, sniffing
from .reader_options import OR_MISSING_LABEL
from .spantable import identified_table
from .standoff import (
    DEFAULT_OPTIONS,
    ReadOptions,
    layer_choices,
    pick_name,
    text_document,
    zero_length_warning,
)
from .xmi_checks import (
    backwards,
    cas_error,
    line_of_element,
    line_of_id,
    missing_argument,
    scannable,
    unmapped_offset,
    unmapped_offsets_stop,
)
from .xmi_text import WELL_FORMED_XMI
from .xmi_typesystem import typesystem_error
from .xml_errors import xml_error

if TYPE_CHECKING:
    import cassis
if importlib.util.find_spec("cassis") is None:  # said when the reader is looked up, as an import would
    raise ModuleNotFoundError("No module named 'cassis'", name="cassis")
# cassis itself is imported when an XMI file is read: it costs every span method ~70 ms to start

NAME = "uima-xmi"
TITLE = "UIMA CAS XMI (INCEpTION)"
SUFFIXES = (".xmi", ".zip")

NAMED_ENTITY = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
DEFAULT_FEATURE = "value"
TOKEN = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token"
SENTENCE = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Sentence"
ANNOTATION = "uima.tcas.Annotation"
STRING = "uima.cas.String"
# Annotation types that are no span layer: document metadata, tag set descriptions,
# relations (INCEpTION's relation layers point from a Governor to a Dependent).
_NOT_LAYERS = (
    "uima.tcas.DocumentAnnotation",
    "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.TagsetDescription",
)
_RELATION_FEATURES = {"Governor", "Dependent"}


sniff = sniffing.uima_xmi  # recognises the format without this module (engine/formats/sniffing.py)


# --- sources: the XMI files and their type system --------------------------------------


def _sources(path: str, options: ReadOptions) -> tuple[list[tuple[str, str, bytes]], tuple[str, bytes]]:
    """The documents (name, where, XMI bytes) and the type system (where, bytes); a zip is
    read as one however it is named (INCEpTION's export of a document renamed `.xmi`)."""
    data = read_input_bytes(path)
    if path.lower().endswith(".zip") or data.startswith(ZIP_MAGIC):
        return _zip_sources(path, data, options)
    typesystem = options.typesystem or _beside(path)
    return [(Path(path).stem, path, data)], (typesystem, read_input_bytes(typesystem))


def _beside(path: str) -> str:
    """The type system file beside an XMI file (formats.companion_beside)."""
    found = companion_beside(path, "uima_xmi", _ONE_TYPE_SYSTEM.format(where="beside the file"))
    if found is None:
        expected = "a type system: TypeSystem.xml beside the file, or one given (--typesystem)"
        raise InputError(expected, "none", file=path)
    return str(found)


#: What two type systems named alike but for case are said against (formats.companion_among).
_ONE_TYPE_SYSTEM = "one type system (TypeSystem.xml in any case) {where}, or one given (--typesystem)"


def _zip_sources(path: str, data: bytes,
                 options: ReadOptions) -> tuple[list[tuple[str, str, bytes]], tuple[str, bytes]]:  # fmt: skip
    with readable_zip(BytesIO(data), path) as archive:  # an archive's member too
        names = [n for n in archive.namelist() if not n.endswith("/")]
        xmis = [n for n in names if n.lower().endswith(".xmi")]
        if not xmis:
            raise InputError("a zip holding an .xmi file", f"{len(names)} files, no .xmi", file=path)
        single = len(xmis) == 1
        documents = [
            (Path(path).stem if single else PurePosixPath(n).stem, f"{path}/{n}",
             entry_bytes(archive, n, f"{path}/{n}"))
            for n in xmis
        ]
        if options.typesystem:
            return documents, (options.typesystem, read_input_bytes(options.typesystem))
        inside = companion_among(names, "uima_xmi", _ONE_TYPE_SYSTEM.format(where="in the zip"), path)
        if inside is None:
            raise InputError("a zip holding TypeSystem.xml (or a type system given)", "none", file=path)
        where = f"{path}/{inside}"
        return documents, (where, entry_bytes(archive, inside, where))


# --- loading with cassis ---------------------------------------------------------------


#: The type systems loaded while reading several files of one input (an INCEpTION project
#: export: every entry's zip holds the project's same TypeSystem.xml), by their bytes.
_LOADED: Memo = ContextVar("typesystems", default=None)


def one_typesystem_load() -> contextlib.AbstractContextManager[None]:
    """Within it, a type system of the same bytes is loaded once (29 ms each for INCEpTION's)."""
    return memo_within(_LOADED)


def _load_typesystem(where: str, data: bytes) -> cassis.TypeSystem:
    return memoised(_LOADED, data, lambda: _parsed_typesystem(where, data))


def _parsed_typesystem(where: str, data: bytes) -> cassis.TypeSystem:
    import cassis
    from lxml import etree

    try:
        return cassis.load_typesystem(BytesIO(data))
    except etree.XMLSyntaxError as err:
        raise xml_error(err, "a well-formed UIMA type system (XML)", where, scannable(data)) from None
    except Exception as err:  # cassis raises plain exceptions of several kinds for a bad type system
        raise typesystem_error(err, where, data) from None


_UNKNOWN_FEATURE = re.compile(r"(\w+)\.__init__\(\) got an unexpected keyword argument '(\w+)'")


def _load_cas(where: str, data: bytes, typesystem: cassis.TypeSystem) -> cassis.Cas:
    import cassis
    from cassis.typesystem import TypeNotFoundError
    from lxml import etree

    unmapped_offsets_stop()
    try:
        return cassis.load_cas_from_xmi(BytesIO(data), typesystem=typesystem)
    except (UserWarning, etree.XMLSyntaxError, TypeNotFoundError, TypeError, ValueError, KeyError,
            AttributeError, RuntimeError) as err:  # fmt: skip  # RuntimeError: not a CAS
        raise _cas_load_error(err, where, data) from None


def _cas_load_error(err: Exception, where: str, data: bytes) -> InputError:
    """The error of a CAS cassis could not load (`data`: the file's bytes as read)."""
    from cassis.typesystem import TypeNotFoundError
    from lxml import etree

    if isinstance(err, UserWarning):  # an offset cassis cannot convert (xmi_checks)
        return unmapped_offset(err, where, data)
    if isinstance(err, etree.XMLSyntaxError):
        return xml_error(err, WELL_FORMED_XMI, where, scannable(data))
    if isinstance(err, TypeNotFoundError):
        type_name = str(err).partition("[")[2].partition("]")[0]
        found = f"an element of type {type_name}, which the type system does not declare"
        line = line_of_element(data, type_name)
        return InputError("types the type system declares", found, file=where, line=line)
    if isinstance(err, TypeError):
        return _type_error(err, where, data)
    return cas_error(err, where, data)


def _type_error(err: TypeError, where: str, data: bytes) -> InputError:
    """The error of an element with a feature its type lacks, or without one its class needs."""
    unknown = _UNKNOWN_FEATURE.search(str(err))
    if not unknown:
        missing = missing_argument(err, where, data)
        return missing or InputError("a UIMA CAS the type system reads", str(err), file=where)
    type_name, feature = unknown.group(1).replace("_", "."), unknown.group(2)
    found = f"feature '{feature}' of {type_name}, which the type system does not declare"
    line = line_of_element(data, type_name, feature)
    return InputError("features the type system declares", found, file=where, line=line)


# --- layers ----------------------------------------------------------------------------


def _string_features(type_: Any) -> list[str]:
    """The string features of a type, its own first, then those it inherits."""
    own = [f.name for f in type_.features if f.rangeType.name == STRING]
    inherited = [f.name for f in type_.all_features if f.rangeType.name == STRING and f.name not in own]
    return own + inherited


def _is_span_layer(typesystem: cassis.TypeSystem, type_: Any) -> bool:
    names = {f.name for f in type_.all_features}
    return (
        typesystem.subsumes(ANNOTATION, type_.name)
        and not any(
            typesystem.subsumes(other, type_.name) for other in _NOT_LAYERS if typesystem.contains_type(other)
        )
        and not names >= _RELATION_FEATURES
        and bool(_string_features(type_))
    )


def span_layers(cas: cassis.Cas) -> list[str]:
    """The span layers with annotations in this CAS (NamedEntity first where it has some;
    not the segmentation into tokens and sentences)."""
    typesystem = cas.typesystem
    present = {fs.type.name for fs in cas.select_all_annotations()} - {TOKEN, SENTENCE}
    layers = sorted(n for n in present if _is_span_layer(typesystem, typesystem.get_type(n)))
    return sorted(layers, key=lambda name: name != NAMED_ENTITY)


def _pick_layer(cas: cassis.Cas, options: ReadOptions, where: str) -> tuple[str, str]:
    """The chosen span layer (any span layer of the type system) and label feature."""
    typesystem = cas.typesystem
    requested = options.layer
    if requested is not None and typesystem.contains_type(requested):
        layer = typesystem.get_type(requested).name  # cassis finds a type by its short name too
    elif requested is None and typesystem.contains_type(NAMED_ENTITY):
        layer = NAMED_ENTITY
    else:
        layer = pick_name(requested, span_layers(cas), "span layer", where, flag=options.flag("layer"))
    type_ = typesystem.get_type(layer)
    if not _is_span_layer(typesystem, type_):
        raise InputError("a span layer (an annotation type with a string feature)", layer, file=where)
    feature = pick_name(options.feature, _string_features(type_), f"string feature of {layer}", where,
                        DEFAULT_FEATURE, options.flag("feature"))  # fmt: skip
    return layer, feature


# --- reading ---------------------------------------------------------------------------


def _bounds(cas: cassis.Cas, type_name: str) -> list[tuple[int, int]]:
    """The (begin, end) of every annotation of a type, in order; none where it is undeclared."""
    if not cas.typesystem.contains_type(type_name):
        return []
    return sorted((fs.begin, fs.end) for fs in cas.select(type_name))


def _document(name: str, cas: cassis.Cas) -> Document:
    text = cas.sofa_string or ""
    tokens = _bounds(cas, TOKEN)
    return text_document(name, text, _bounds(cas, SENTENCE), tokens or None)


def _spans(name: str, where: str, cas: cassis.Cas, options: ReadOptions,
           data: bytes) -> tuple[list[tuple[Span, str]], int]:  # fmt: skip
    """The spans of the chosen layer, each with its element's id (`xmi:id 42`), and how many
    zero-length ones were dropped. Its elements are read in the order of their ids (spans
    alike too, and an error names the first): cassis selects a layer's subtypes in an order
    that changes from run to run."""
    layer, feature = _pick_layer(cas, options, where)
    spans: list[tuple[Span, int]] = []
    dropped = 0
    for fs in sorted(cas.select(layer), key=lambda fs: fs.xmiID):
        if (wrong := backwards(fs, where, data)) is not None:
            raise wrong
        if fs.begin == fs.end:
            dropped += 1
            continue
        label = fs.get(feature)
        if label is None:
            label = _missing(options, fs, feature, where, data)
        spans.append((Span(fs.begin, fs.end, label, name), fs.xmiID))
    spans.sort(key=lambda pair: (pair[0].start, pair[0].end, pair[0].label))
    return [(span, f"xmi:id {xmi_id}") for span, xmi_id in spans], dropped


def _missing(options: ReadOptions, fs: Any, feature: str, where: str, data: bytes) -> str:
    if options.missing_label is not None:
        return options.missing_label
    element = f'<{fs.type.short_name} xmi:id="{fs.xmiID}" begin="{fs.begin}" end="{fs.end}">'
    raise InputError(
        f"a value of feature '{feature}' for every annotation ({OR_MISSING_LABEL})",
        f"none in {element}",
        file=where,
        line=line_of_id(data, fs.xmiID),
    )


def read(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> Annotations:
    """The spans of the chosen layer and feature in every document of the file."""
    documents, (ts_where, ts_data) = _sources(path, options)
    typesystem = _load_typesystem(ts_where, ts_data)
    result = Annotations(path, NAME, [], [])
    spans: list[tuple[Span, str]] = []
    for name, where, data in documents:
        cas = _load_cas(where, data, typesystem)
        found, dropped = _spans(name, where, cas, options, data)
        result.documents.append(_document(name, cas))
        spans += found
        if dropped:
            result.warnings.append(zero_length_warning(where, dropped))
    result.spans = identified_table(spans, [doc.name for doc in result.documents])
    return result


def choices(path: str, options: ReadOptions = DEFAULT_OPTIONS) -> dict[str, list[str]]:
    """The span layers with annotations in the (first) document and their string features
    (standoff.layer_choices); the default layer may have none annotated."""
    documents, (ts_where, ts_data) = _sources(path, options)
    typesystem = _load_typesystem(ts_where, ts_data)
    _name, where, data = documents[0]
    cas = _load_cas(where, data, typesystem)
    layers = span_layers(cas)
    chosen = None
    if options.layer is not None or typesystem.contains_type(NAMED_ENTITY) or len(layers) == 1:
        chosen, _feature = _pick_layer(cas, options, where)
    features = {
        name: _string_features(typesystem.get_type(name)) for name in {*layers, *([chosen] if chosen else [])}
    }
    return layer_choices(layers, features, chosen)
