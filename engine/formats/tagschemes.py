"""Tag schemes of CoNLL columns (IOB1, IOB2, IOBES, BILOU, BMES, IO) read into spans, as arrays.

Every function works on whole files at once: per token a prefix code and a label number,
each sentence followed by an outside position (as seqeval reads a list of sentences), so
that a million tokens are read by numpy operations, not a loop per token.

The strict reading (seqeval 1.2.2's strict mode for the scheme) accepts only sequences
the scheme allows and names the first position it does not; the conlleval reading is
conlleval.pl's and seqeval's default: any sequence is read, an I- may open a span.
BMES is IOBES with M- (middle) for I-, as Chinese NER corpora write it (MSRA, Resume
NER, LatticeLSTM's data): read strictly only, as BILOU, its spans those of IOBES.
IO writes a bare label on every token of a span (`PER PER O`, Few-NERD's `person-actor`):
each run of one label within a sentence is a span (two adjacent spans of a label are one).
No sequence of bare labels is refused, so both readings read those runs (conlleval.pl and
seqeval would split `PER` after its first letter, as prefix `P`: nothing to imitate).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..rowkeys import distinct_naturals

O, B, I, E, S, U, L, M, BARE = range(9)  # BARE: a label without a prefix (IO)
PREFIXES = {"B": B, "I": I, "E": E, "S": S, "U": U, "L": L, "M": M}
SCHEMES = ("IOB1", "IOB2", "IOBES", "BILOU", "BMES", "IO")
#: The schemes read strictly only (conlleval.pl and seqeval's default mode do not know L-, U-, M-).
STRICT_ONLY = ("BILOU", "BMES")
READINGS = ("strict", "conlleval")
ALLOWED = {
    "IOB1": (O, B, I),
    "IOB2": (O, B, I),
    "IOBES": (O, B, I, E, S),
    "BILOU": (O, B, I, L, U),
    "BMES": (O, B, M, E, S),
    "IO": (O, BARE),
    "conlleval": (O, B, I, E, S),
}
SHOWN = {
    "IOB1": "O, B-X after I-X or B-X of the same X, or I-X",
    "IOB2": "O, B-X, or I-X after B-X or I-X of the same X",
    "IOBES": "O, B-X, S-X or (after B-X or I-X of the same X) I-X or E-X; a B-X span ends with E-X",
    "BILOU": "O, B-X, U-X or (after B-X or I-X of the same X) I-X or L-X; a B-X span ends with L-X",
    "BMES": "O, B-X, S-X or (after B-X or M-X of the same X) M-X or E-X; a B-X span ends with E-X",
    "IO": "O or a label X without a prefix (not B-X, I-X, E-X, S-X, U-X, L-X or M-X)",
    "conlleval": "a tag O, B-X, I-X, E-X or S-X",
}


@dataclass
class SchemeError(Exception):
    """A position the scheme does not allow: its index in the sequence with sentence ends."""

    position: int
    expected: str


@dataclass
class Sequence:
    """Tags of a file with an outside position after each sentence."""

    prefix: np.ndarray  # int8 per position
    label: np.ndarray  # label number per position, -1 outside
    token_position: np.ndarray  # position of each token (the others are sentence ends)

    @classmethod
    def of(cls, prefix: np.ndarray, label: np.ndarray, sentence: np.ndarray) -> Sequence:
        """`sentence`: the 0-based sentence number of each token (non-decreasing)."""
        positions = np.arange(len(prefix), dtype=sentence.dtype)
        positions += sentence
        size = len(prefix) + (int(sentence[-1]) + 1 if len(sentence) else 0)
        ext_prefix = np.full(size, O, dtype=np.int8)
        ext_label = np.full(size, -1, dtype=label.dtype)
        ext_prefix[positions] = prefix
        ext_label[positions] = label
        return cls(ext_prefix, ext_label, positions)

    def previous(self) -> tuple[np.ndarray, np.ndarray]:
        pp = np.empty_like(self.prefix)
        pl = np.empty_like(self.label)
        pp[:1], pl[:1] = O, -1
        pp[1:], pl[1:] = self.prefix[:-1], self.label[:-1]
        return pp, pl

    def tokens(self, positions: np.ndarray) -> np.ndarray:
        """Token numbers of positions that hold tokens."""
        holds = np.zeros(len(self.prefix), dtype=bool)
        holds[self.token_position] = True
        return (np.cumsum(holds, dtype=self.token_position.dtype) - 1)[positions]


def _first_bad(bad: np.ndarray, expected: str) -> None:
    if bad.any():
        raise SchemeError(int(np.argmax(bad)), expected)


def _check_prefixes(seq: Sequence, allowed: tuple[int, ...], expected: str) -> None:
    _first_bad(~np.isin(seq.prefix, allowed), expected)


def detect(seq: Sequence) -> str:
    """The scheme a file's tags are written in: IO with bare labels, BILOU with U- or L-,
    BMES with M-, IOBES with E- or S-, else IOB1 when an I- opens a span and no B- stands
    where IOB1 forbids it, else IOB2."""
    present = set(distinct_naturals(seq.prefix).tolist())
    if BARE in present:
        return "IO"
    if present & {U, L}:
        return "BILOU"
    if M in present:
        return "BMES"
    if present & {E, S}:
        return "IOBES"
    p, lab = seq.prefix, seq.label
    pp, pl = seq.previous()
    continues = ((pp == B) | (pp == I)) & (pl == lab)
    i_opens = bool(((p == I) & ~continues).any())
    b_alone = bool(((p == B) & ~continues).any())
    return "IOB1" if i_opens and not b_alone else "IOB2"


def fitting(seq: Sequence, tried: str) -> str | None:
    """A scheme other than `tried` the strict reading reads every tag of a file in (the
    detected one first), or None: what to suggest where `tried` stops."""
    for scheme in dict.fromkeys((detect(seq), *SCHEMES)):
        if scheme == tried:
            continue
        try:
            chunks(seq, scheme, "strict")
        except SchemeError:
            continue
        return scheme
    return None


def chunks(seq: Sequence, scheme: str, reading: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(first token, last token, label) of every span, in order; SchemeError where the
    strict reading meets a sequence the scheme does not allow (IO's runs in both readings)."""
    if scheme == "IO":
        first, last, label = _io(seq)
    elif reading == "conlleval":
        _check_prefixes(seq, ALLOWED["conlleval"], SHOWN["conlleval"])
        first, last, label = _conlleval(seq)
    elif scheme in ("IOB1", "IOB2"):
        first, last, label = _iob(seq, scheme)
    else:
        first, last, label = _closed(seq, scheme)
    tokens = seq.tokens(np.concatenate([first, last]))
    return tokens[: len(first)], tokens[len(first) :], label


def _iob(seq: Sequence, scheme: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    expected = SHOWN[scheme]
    _check_prefixes(seq, ALLOWED[scheme], expected)
    p, lab = seq.prefix, seq.label
    pp, pl = seq.previous()
    continues = ((pp == B) | (pp == I)) & (pl == lab)
    if scheme == "IOB2":
        _first_bad((p == I) & ~continues, expected)
        opens = p == B
    else:
        _first_bad((p == B) & ~continues, expected)
        opens = (p == B) | ((p == I) & ~continues)
    inside = (p == I) & continues
    first = np.flatnonzero(opens)
    inside_next = np.append(inside[1:], False)
    last = np.flatnonzero((opens | inside) & ~inside_next)  # a span: one opening, then insides
    return first, last, lab[first]


def _io(seq: Sequence) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each run of one bare label is a span (a sentence's end, an outside position, ends it)."""
    _check_prefixes(seq, ALLOWED["IO"], SHOWN["IO"])
    inside = seq.prefix == BARE
    continues = np.zeros_like(inside)
    continues[1:] = inside[1:] & inside[:-1] & (seq.label[1:] == seq.label[:-1])
    first = np.flatnonzero(inside & ~continues)
    last = np.flatnonzero(inside & ~np.append(continues[1:], False))
    return first, last, seq.label[first]


def _closed(seq: Sequence, scheme: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """IOBES, BMES and BILOU: every span opens with B (or is one S/U) and closes with E (L),
    its middle I (BMES: M)."""
    expected = SHOWN[scheme]
    _check_prefixes(seq, ALLOWED[scheme], expected)
    end, single = (L, U) if scheme == "BILOU" else (E, S)
    middle = M if scheme == "BMES" else I
    p, lab = seq.prefix, seq.label
    pp, pl = seq.previous()
    open_before = (pp == B) | (pp == middle)
    inner = (p == middle) | (p == end)
    _first_bad((inner & ~(open_before & (pl == lab))) | (~inner & open_before), expected)
    first = np.flatnonzero((p == B) | (p == single))
    last = np.flatnonzero((p == end) | (p == single))
    return first, last, lab[first]


def _conlleval(seq: Sequence) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """seqeval's get_entities (conlleval.pl's chunk rules), position by position at once."""
    p, lab = seq.prefix, seq.label
    pp, pl = seq.previous()
    prev_in = (pp == B) | (pp == I)
    prev_closed = (pp == E) | (pp == S)
    ends = prev_closed | (prev_in & ((p == B) | (p == S) | (p == O))) | ((pp != O) & (pl != lab))
    starts = (
        (p == B) | (p == S)
        | ((prev_closed | (pp == O)) & ((p == E) | (p == I)))
        | ((p != O) & (pl != lab))
    )  # fmt: skip
    start_at = np.flatnonzero(starts)
    end_at = np.flatnonzero(ends)  # the span ends just before
    which = np.searchsorted(start_at, end_at, side="left") - 1
    first = np.where(which >= 0, start_at[np.maximum(which, 0)], 0)
    return first, end_at - 1, pl[end_at]
