"""What cassis leaves unsaid about a bad UIMA type system, in the project's words, with the
line the XML parser gives: a type without a name or a supertype, a type no one declares,
supertypes in a cycle, a feature declared twice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any

from ..errors import InputError

#: cassis's messages of a feature declared twice: the type and the feature they name.
_TWICE = (
    re.compile(r"Feature with name \[(?P<feature>[^\]]+)\] already exists in \[(?P<type>[^\]]+)\]"),
    re.compile(r"For type \[(?P<type>[^\]]+)\] feature with name \[(?P<feature>[^\]]+)\] already exists"),
)


def typesystem_error(err: Exception, where: str, data: bytes) -> InputError:
    """The error of a type system cassis could not load, naming the element and its line
    where the file shows what is wrong (checked in the order cassis reads it)."""
    from lxml import etree

    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:  # not as cassis parsed it: said as cassis says it
        root = None
    types = list(root.iter("{*}typeDescription")) if root is not None else []
    checks = (_unnamed, _undeclared, _cycle, partial(_twice, message=str(err)))
    found = next((fault for check in checks if types and (fault := check(types)) is not None), None)
    if found is None:
        return InputError("a UIMA type system", f"{type(err).__name__}: {err}", file=where)
    return InputError(found[0], found[1], file=where, line=found[2])


Found = tuple[str, str, int] | None


def _text(element: Any, child: str) -> str | None:
    """The stripped text of an element's child (None where it has none, or no text)."""
    found = element.find("{*}" + child)
    return found.text.strip() if found is not None and found.text and found.text.strip() else None


def _features(type_: Any) -> Iterator[Any]:
    return type_.iterfind("{*}features/{*}featureDescription")


def _unnamed(types: list[Any]) -> Found:
    """A type without a name or supertype (cassis reads a feature without either)."""
    for type_ in types:
        name = _text(type_, "name")
        for child in ("name", "supertypeName"):
            if _text(type_, child) is None:
                shown = f"<typeDescription> of {name}" if name else "a <typeDescription>"
                return f"a <{child}> in every <typeDescription>", f"{shown} without one", type_.sourceline
    return None


def _undeclared(types: list[Any]) -> Found:
    """A supertype, range type or element type that neither the file nor UIMA declares."""
    import cassis

    declared = {_text(type_, "name") for type_ in types}
    builtin = cassis.TypeSystem()
    for type_ in types:
        references = [type_.find("{*}supertypeName")]
        for feature in _features(type_):
            references += [feature.find("{*}rangeTypeName"), feature.find("{*}elementType")]
        for reference in references:
            named = reference.text.strip() if reference is not None and reference.text else None
            if named and named not in declared and not builtin.contains_type(named):
                tag = _local_name(reference)
                found = f"<{tag}>{named}</{tag}> in type {_text(type_, 'name')}, which no type declares"
                return "types the type system declares (or UIMA's built-in ones)", found, reference.sourceline
    return None


def _local_name(element: Any) -> str:
    """An element's name without its namespace."""
    return str(element.tag).rpartition("}")[2]


def _cycle(types: list[Any]) -> Found:
    """The first type whose supertypes lead back to it."""
    supers = {_text(type_, "name"): type_ for type_ in types}
    for type_ in types:
        chain = [_text(type_, "name")]
        while (upper := _text(supers[chain[-1]], "supertypeName")) in supers and upper not in chain:
            chain.append(upper)
        if upper == chain[0]:
            found = " → ".join([*chain, upper]) + " (each the supertype of the one before)"
            return "supertypes that end at a built-in type, not in a cycle", found, type_.sourceline
    return None


def _twice(types: list[Any], message: str) -> Found:
    """The feature that cassis found declared twice (in a type, or in it and its supertype)."""
    found = next((m for pattern in _TWICE if (m := pattern.search(message))), None)
    if found is None:
        return None
    named = [t for t in types if _text(t, "name") == found["type"]]
    features = [f for t in named for f in _features(t) if _text(f, "name") == found["feature"]]
    if not features:
        return None
    expected = "a feature declared once in a type and its supertypes"
    return expected, f"feature {found['feature']} of {found['type']} declared again", features[-1].sourceline
