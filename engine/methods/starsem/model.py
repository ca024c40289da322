"""What the three readers hand to the scorers: sentences and their negation instances
(specs/starsem.md §3.1), plus the text rules shared by the readers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

Element = tuple[tuple[int, str], ...]  # (token index in the sentence, annotated text), in token order
EMPTY: Element = ()

#: Scope texts starting with word characters and a period keep only the word (`Mr.` → `Mr`).
_DOTTED = {"unicode": re.compile(r"^(\w+)\."), "ascii": re.compile(r"^(\w+)\.", re.ASCII)}
_WORD = {"unicode": re.compile(r"\w"), "ascii": re.compile(r"\w", re.ASCII)}


class Instance:
    """One negation: its cue, scope and event, and its column group in the file."""

    __slots__ = ("group", "cue", "scope", "event", "cue_tokens", "event_tokens")

    def __init__(self, group: int, cue: Element, scope: Element, event: Element) -> None:
        self.group = group
        self.cue = cue
        self.scope = scope
        self.event = event
        self.cue_tokens = frozenset(i for i, _ in cue)
        self.event_tokens = frozenset(i for i, _ in event)

    def elements(self) -> dict[str, list[list]]:
        return {"cue": [list(p) for p in self.cue], "scope": [list(p) for p in self.scope],
                "event": [list(p) for p in self.event]}  # fmt: skip


@dataclass
class Side:
    """One file's annotation of a sentence: None instances = no negation (`***`)."""

    instances: list[Instance] | None
    scope_tokens: int = 0  # scope tokens counted for the report (§3.1.4; exact mode §3.8.3)

    @property
    def negated(self) -> bool:
        return self.instances is not None


NO_NEGATION = Side(None)


@dataclass
class Sentence:
    """A sentence as the scorer sees it, with what the report shows of it."""

    number: int  # 1-based
    line: int  # GOLD line of its first token (the boundary line for an empty sentence)
    gold: Side
    system: Side
    rows: list[list[str]] | None = None  # GOLD fields per token (kept only for the detail view)
    system_line: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def chapter(self) -> str:
        return self.rows[0][0] if self.rows and self.rows[0] else ""

    @property
    def sentence_id(self) -> str:
        return self.rows[0][1] if self.rows and len(self.rows[0]) > 1 else ""


class TextRules:
    """Punctuation by GOLD POS tag and scope-text normalisation (§3.1.2, S9)."""

    def __init__(self, word_chars: str) -> None:
        self._dotted = _DOTTED[word_chars]
        self._word = _WORD[word_chars]
        self._tags: dict[str | None, bool] = {None: False}

    def scoring_tag(self, tag: str | None) -> bool:
        """Whether a token with this GOLD POS tag can be in a scope (not punctuation)."""
        known = self._tags.get(tag)
        if known is None:
            known = self._tags[tag] = bool(self._word.search(tag)) and tag not in ("-LRB-", "-RRB-")
        return known

    def scope_text(self, text: str) -> str:
        if "." not in text:
            return text
        found = self._dotted.match(text)
        return found.group(1) if found else text


def column_element(column: tuple[str, ...], n: int) -> Element:
    """The (index, text) pairs of a column's cells that are not `_`."""
    if column.count("_") == n:
        return EMPTY
    return tuple((i, v) for i, v in enumerate(column) if v != "_")


def scope_element(column: tuple[str, ...], n: int, keeps: list[bool], rules: TextRules) -> Element:
    """A scope column: punctuation tokens dropped, texts normalised."""
    if column.count("_") == n:
        return EMPTY
    return tuple((i, rules.scope_text(v)) for i, v in enumerate(column) if v != "_" and keeps[i])
