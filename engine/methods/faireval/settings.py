"""FairEval settings: parsed from a .config file or from the command-line options,
exactly as the original parses its config values (specs/faireval.md §2.9, §4.3, §6.1)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...paths import names_folder
from ...textio import BOM, iter_lines

KEYS = (
    "target_in",
    "system_in",
    "labels",
    "exclude",
    "ignore_punct",
    "focus",
    "eval_method",
    "weights",
    "eval_out",
)
METHODS = ("traditional", "fair", "weighted")
COUNTS = ("TP", "FP", "FN", "LE", "BE", "BES", "BEL", "BEO", "LBE")
WEIGHT_PARTS = ("TP", "FP", "FN")

Weights = dict[str, dict[str, float]]


def default_weights() -> Weights:
    half = {"TP": 0, "FP": 0.5, "FN": 0.5}
    return {
        "TP": {"TP": 1},
        "FP": {"FP": 1},
        "FN": {"FN": 1},
        "LE": dict(half),
        "BE": dict(half),
        "LBE": dict(half),
    }


@dataclass
class Settings:
    """Everything one FairEval run is configured with."""

    target_in: str
    system_in: str
    labels: list[str] = field(default_factory=lambda: ["all"])
    exclude: list[str] = field(default_factory=list)
    ignore_punct: bool = False
    focus: str = "target"
    eval_method: list[str] = field(default_factory=lambda: list(METHODS))
    weights: Weights | None = None
    eval_out: str | None = None
    shown: tuple[str, ...] = ()  # keys of the report's settings block
    pair_single_files: bool = True  # two single files pair whatever their names
    source: str = ""  # the config file (for messages), "" on the command line
    warnings: list[str] = field(default_factory=list)

    def keeps(self, label: str) -> bool:
        """Whether spans with this label are evaluated (§2.7)."""
        return label not in self.exclude and ("all" in self.labels or label in self.labels)

    def settings_block(self) -> list[tuple[str, str]]:
        """(key, printed value) of the report's settings block, keys in code-point order."""
        values: dict[str, Any] = {
            "eval_method": self.eval_method,
            "exclude": self.exclude,
            "focus": self.focus,
            "ignore_punct": self.ignore_punct,
            "labels": self.labels,
            "system_in": self.system_in,
            "target_in": self.target_in,
            "weights": self.weights,
        }
        return [(key, str(values[key])) for key in sorted(self.shown)]

    def plain(self) -> dict[str, Any]:
        """The settings for the JSON report's `options`."""
        weights = None if self.weights is None else [[k, v] for k, v in self.weights.items()]
        return {
            "labels": self.labels,
            "exclude": self.exclude,
            "ignore_punct": self.ignore_punct,
            "focus": self.focus,
            "eval_method": self.eval_method,
            "weights": weights,
        }


# --- parsing single values -------------------------------------------------------


def parse_list(value: str) -> list[str]:
    """Comma list, items stripped, empty items and duplicates dropped (first order kept)."""
    return list(dict.fromkeys(item.strip() for item in value.split(",") if item.strip()))


def parse_exclude(value: str) -> list[str]:
    return [*parse_list(value), "NONE", "EMPTY"]


def parse_ignore_punct(value: str, warnings: list[str], where: str) -> bool:
    lowered = value.strip().lower()
    if lowered not in ("true", "false"):
        warnings.append(f"{where}ignore_punct '{value}' is read as True, as the original does")
    return lowered != "false"


def parse_focus(value: str, warnings: list[str], where: str) -> str:
    if value.strip().lower() == "system":
        return "system"
    if value.strip().lower() != "target":
        warnings.append(f"{where}focus '{value}' is read as target, as the original does")
    return "target"


def parse_eval_method(value: str, warnings: list[str]) -> list[str]:
    if value == "all":
        return list(METHODS)
    items = [item.strip() for item in value.split(",") if item.strip()]
    for item in items:
        if item not in METHODS:
            warnings.append(f"eval_method: '{item}' ignored")
    chosen = [m for m in METHODS if m in items]
    if not chosen:
        warnings.append("No evaluation method specified. Applying all methods.")
        return list(METHODS)
    return chosen


_TYPE = re.compile(r"\s*(\w+)\s*=")
_WEIGHT = {part: re.compile(r"(\d*\.?\d+)\s*\*?\s*" + part) for part in WEIGHT_PARTS}
_UNREAD = re.compile(r"-\s*\.?\d|\d[eE][-+]?\d")


def parse_weights(value: str, warnings: list[str], where: str) -> Weights:
    """A weight table from weight formulas, or the default table (§4.3)."""
    if value == "default":
        return default_weights()
    for match in re.finditer(r"[^,]*\d,\d[^,]*", value):
        warnings.append(_unread_warning(match.group(0)))
    weights: Weights = {}
    for piece in value.split(","):
        found = _TYPE.match(piece)
        if found is None:
            warnings.append(f"No error type found in weight formula '{piece}'.")
            continue
        error_type = found.group(1)
        if error_type in ("Prec", "Rec", "F1"):
            raise InputError("an error type name", f"'{error_type}'", option=where or "--weights")
        if _UNREAD.search(piece):
            warnings.append(_unread_warning(piece))
        weights[error_type] = _piece_weights(piece, error_type, warnings)
    if not weights:
        warnings.append("No valid weights found. Using default weights.")
        return default_weights()
    for part in WEIGHT_PARTS:
        weights.setdefault(part, {part: 1})
    return weights


def _piece_weights(piece: str, error_type: str, warnings: list[str]) -> dict[str, float]:
    weights: dict[str, float] = {}
    for part in WEIGHT_PARTS:
        found = _WEIGHT[part].search(piece)
        if found is None:
            warnings.append(f"Missing weight for {part} for error type {error_type}. Set to 0.")
            weights[part] = 0
        else:
            weights[part] = float(found.group(1))
    return weights


def _unread_warning(piece: str) -> str:
    return (
        f"weights: '{piece.strip()}' contains a sign, an exponent or a decimal comma, "
        "which FairEval does not read"
    )


def finish_methods(methods: list[str], weights: Weights | None) -> list[str]:
    """Without weights, `weighted` becomes `fair` (§2.9, last paragraph)."""
    if weights or "weighted" not in methods:
        return methods
    kept = [m for m in methods if m != "weighted"]
    return kept if "fair" in kept else [*kept, "fair"]


# --- the command-line form ------------------------------------------------------


def from_options(target: str, system: str, options: Any) -> Settings:
    """Settings of the positional form: like a config holding every option key (§6.1)."""
    warnings: list[str] = []
    labels = parse_list(options.labels)
    if not labels:
        raise InputError("a label list or 'all'", "an empty value", option="--labels")
    weights = None
    if options.weights is not None:
        weights = parse_weights(options.weights, warnings, "--weights")
    if options.focus not in ("target", "system"):
        raise InputError("target or system", f"'{options.focus}'", option="--focus")
    shown = ["labels", "exclude", "ignore_punct", "focus", "eval_method", "target_in", "system_in"]
    if weights is not None:
        shown.append("weights")
    for path in (target, system):
        if not os.path.exists(path):
            raise InputError("an existing file or directory", "nothing", file=path)
    return Settings(
        target_in=target,
        system_in=system,
        labels=labels,
        exclude=parse_exclude(options.exclude),
        ignore_punct=bool(options.ignore_punct),
        focus=options.focus,
        eval_method=finish_methods(parse_eval_method(options.eval_method, warnings), weights),
        weights=weights,
        shown=tuple(shown),
        pair_single_files=True,
        warnings=warnings,
    )


# --- the config file --------------------------------------------------------------


def read_config(path: str) -> Settings:
    """Settings from a FairEval .config file (relative paths against the working folder)."""
    values: dict[str, tuple[int, str]] = {}
    warnings: list[str] = []
    for number, raw in enumerate(iter_lines(path), 1):
        if number == 1 and raw.startswith(BOM):
            raise InputError(
                "a setting name", "a byte-order mark (save as UTF-8 without BOM)", file=path, line=1
            )
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if key not in KEYS:
            raise InputError(f"one of {', '.join(KEYS)}", f"'{key}'", file=path, line=number)
        if key in values:
            warnings.append(f"duplicate config item '{key}' found.")
        values[key] = (number, value)
    return _settings_from_config(path, values, warnings)


def _settings_from_config(path: str, values: dict[str, tuple[int, str]], warnings: list[str]) -> Settings:
    for key in ("target_in", "system_in"):
        if key not in values:
            raise InputError(f"a {key} line", "none", file=path)
        number, value = values[key]
        if not os.path.exists(value):
            raise InputError(f"an existing file or directory for {key}", f"'{value}'", file=path, line=number)
    where = f"{path}: "
    settings = Settings(values["target_in"][1], values["system_in"][1], source=path)
    settings.pair_single_files = False
    if "labels" in values:
        number, value = values["labels"]
        settings.labels = parse_list(value)
        if not settings.labels:
            raise InputError("a label list or 'all' for labels", "an empty value", file=path, line=number)
    if "exclude" in values:
        settings.exclude = parse_exclude(values["exclude"][1])
    if "ignore_punct" in values:
        settings.ignore_punct = parse_ignore_punct(values["ignore_punct"][1], warnings, where)
    if "focus" in values:
        settings.focus = parse_focus(values["focus"][1], warnings, where)
    if "weights" in values:
        number, value = values["weights"]
        settings.weights = parse_weights(value, warnings, f"{path}:{number}")
    methods = (
        parse_eval_method(values["eval_method"][1], warnings) if "eval_method" in values else list(METHODS)
    )
    settings.eval_method = finish_methods(methods, settings.weights)
    if "eval_out" in values:
        settings.eval_out = _check_eval_out(path, *values["eval_out"])
    settings.shown = tuple(sorted({*values, "labels", "eval_method"} - {"eval_out"}))
    settings.warnings = warnings
    return settings


def _check_eval_out(path: str, number: int, value: str) -> str:
    if value == "cmd":
        raise InputError(
            "a file or directory path for eval_out",
            "'cmd' (leave eval_out out to print the report)",
            file=path,
            line=number,
        )
    found = missing_folder(value)
    if found is not None:
        raise InputError(f"an existing directory for eval_out '{value}'", found, file=path, line=number)
    return value


def missing_folder(value: str) -> str | None:
    """What is at a path that names a folder (ends in a separator) but is none: "a file" or
    "none"; None where it is no folder's path or the folder exists (F22c: never created)."""
    if names_folder(value) and not Path(value).is_dir():
        return "a file" if Path(value).exists() else "none"
    return None
