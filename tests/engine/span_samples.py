"""Generated documents with spans, written in the annotation tools' formats, for round trips.

Each writer follows its tool's own rules (INCEpTION's Tsv3XSerializer for WebAnno TSV,
brat's standoff, cassis' XMI writer), so that reading the file back must give exactly
the spans (code points) and text generated here.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

# Words with characters of one and of two UTF-16 units, accents, CJK.
WORDS = ["alpha", "Beta", "x", "émigré", "naïve", "東京", "😊", "a😊b", "𝔘𝔫𝔦", "co-op", "1,200", "U.S.", "ß"]
LABELS = ["PER", "LOC", "ORG", "MISC", "B-NOTBIO!", "*", "_", "a|b", "x[1]", "[", "]", "->", "a;b", "t\tab",
          "line\nbreak", "back\\", "\\", "a\\|b", "é", "😊"]  # fmt: skip


def spans_of(annotations) -> list[tuple[int, int, str]]:
    return sorted((s.start, s.end, s.label) for s in annotations.spans)


def covered(annotations) -> list[tuple[str, str]]:
    doc = annotations.documents[0]
    return [(s.label, doc.text(s.start, s.end)) for s in annotations.spans]


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass
class TsvDocument:
    """Sentences of tokens; spans over tokens (first, last, label) and inside tokens."""

    sentences: list[str]  # each sentence's text (may hold line breaks, CRLF, TABs, backslashes)
    gaps: list[int]  # before each sentence after the first: 0 (none), 1 (a line break), more (spaces too)
    token_spans: list[tuple[int, int, str]] = field(default_factory=list)  # first, last token; label
    inner_spans: list[tuple[int, int, int, str]] = field(default_factory=list)  # token, from, to (in it); label

    def text(self) -> str:
        """The text a reader rebuilds: sentences with their gaps, a final line break."""
        parts = [self.sentences[0]]
        for gap, sentence in zip(self.gaps, self.sentences[1:], strict=True):
            parts.append(("\n" + " " * (gap - 1) if gap else "") + sentence)
        return "".join(parts) + "\n"

    def sentence_starts(self) -> list[int]:
        starts, at = [], 0
        for k, sentence in enumerate(self.sentences):
            at += (self.gaps[k - 1] if k else 0)
            starts.append(at)
            at += len(sentence)
        return starts

    def tokens(self) -> list[tuple[int, int, int]]:
        """(sentence, start, end) of every token, in code points of the text."""
        found = []
        for k, (sentence, start) in enumerate(zip(self.sentences, self.sentence_starts(), strict=True)):
            found += [(k, start + m.start(), start + m.end()) for m in re.finditer(r"[^ \t\r\n]+", sentence)]
        return found

    def expected_spans(self) -> list[tuple[int, int, str]]:
        """The spans with characters, in code points."""
        tokens = self.tokens()
        spans = [(tokens[first][1], tokens[last][2], label) for first, last, label in self.token_spans]
        for token, start, end, label in self.inner_spans:
            if start < end:
                spans.append((tokens[token][1] + start, tokens[token][1] + end, label))
        return sorted(spans)


def random_tsv_document(rnd: random.Random, sentences: int = 6) -> TsvDocument:
    """Random sentences, gaps and spans: multi-token, cross-sentence, stacked, inside tokens, zero-length."""
    texts = []
    for _ in range(sentences):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(1, 8))]
        seps = [rnd.choice([" ", " ", " ", "\n", "\r\n", "\t", " \\ "]) for _ in words[1:]]
        texts.append(words[0] + "".join(sep + word for sep, word in zip(seps, words[1:], strict=True)))
    doc = TsvDocument(texts, [rnd.choice([0, 1, 1, 2, 5]) for _ in texts[1:]])
    count = len(doc.tokens())
    for _ in range(rnd.randint(0, 3 * count)):
        first = rnd.randrange(count)
        last = min(count - 1, first + rnd.choice([0, 0, 0, 1, 2, 5]))
        doc.token_spans.append((first, last, rnd.choice(LABELS)))
    for _ in range(rnd.randint(0, 3)):
        token = rnd.randrange(count)
        length = doc.tokens()[token][2] - doc.tokens()[token][1]
        start = rnd.randint(0, length)
        doc.inner_spans.append((token, start, rnd.randint(start, length), rnd.choice(LABELS)))
    return doc


# --- WebAnno TSV 3.3 -------------------------------------------------------------------

NAMED_ENTITY = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
_VALUE_ESCAPES = re.compile(r"->|[\\\[\]|_;\t\n*]")
_TEXT_ESCAPES = re.compile(r"[\x00-\x1f\\]")


def escape_value(value: str) -> str:
    """Tsv3X Escaping.escapeValue."""
    return _VALUE_ESCAPES.sub(lambda m: {"\t": "\\t", "\n": "\\n"}.get(m.group(), "\\" + m.group()), value)


def escape_text(text: str) -> str:
    """Tsv3X Escaping.escapeText (a line's text: no \\n in it)."""
    named = {"\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", "\b": "\\b", "\\": "\\\\"}
    return _TEXT_ESCAPES.sub(lambda m: named.get(m.group(), "\\" + m.group()), text)


def write_webanno_tsv(doc: TsvDocument, rnd: random.Random, crlf: bool = False) -> str:
    """The document as INCEpTION writes it: a POS layer before the named entities (whose
    `identifier` feature holds something else) and a coreference chain layer after them."""
    text = doc.text()
    tokens = doc.tokens()
    cells: dict[int, list[tuple[str, str]]] = {k: [] for k in range(len(tokens))}  # (value, [N])
    for number, (first, last, label) in enumerate(doc.token_spans, 1):
        tag = f"[{number}]" if last > first or rnd.random() < 0.5 else ""
        for k in range(first, last + 1):
            cells[k].append((escape_value(label), tag))
    inner: dict[int, list[tuple[int, int, str]]] = {}
    for token, start, end, label in doc.inner_spans:
        inner.setdefault(token, []).append((start, end, label))
    lines = ["#FORMAT=WebAnno TSV 3.3", "#T_SP=de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS|PosValue",
             f"#T_SP={NAMED_ENTITY}|identifier|value",
             "#T_CH=de.tudarmstadt.ukp.dkpro.core.api.coref.type.CoreferenceLink|referenceType|referenceRelation",
             "", ""]  # fmt: skip
    for k, sentence in enumerate(doc.sentences):
        lines += ["#Text=" + escape_text(line) for line in sentence.split("\n")]
        rows = [i for i, token in enumerate(tokens) if token[0] == k]
        for n, i in enumerate(rows, 1):
            _, start, end = tokens[i]
            value = "|".join(v + tag for v, tag in cells[i]) or "_"
            ident = "|".join("*" + tag for _, tag in cells[i]) or "_"
            u16 = (utf16_len(text[:start]), utf16_len(text[:end]))
            lines.append(f"{k + 1}-{n}\t{u16[0]}-{u16[1]}\t{text[start:end]}\tNN\t{ident}\t{value}\t_\t_\t")
            for j, (a, b, label) in enumerate(inner.get(i, []), 1):
                sub = (utf16_len(text[: start + a]), utf16_len(text[: start + b]))
                lines.append(f"{k + 1}-{n}.{j}\t{sub[0]}-{sub[1]}\t{text[start + a : start + b]}\t_\t*\t{escape_value(label)}\t_\t_\t")
        lines.append("")
    return ("\r\n" if crlf else "\n").join(lines) + ("\r\n" if crlf else "\n")


# --- brat ------------------------------------------------------------------------------


def random_brat_document(rnd: random.Random) -> tuple[str, list[tuple[int, int, str, tuple[tuple[int, int], ...]]]]:
    """A text (CRLF, emoji) and spans (start, end, label, pieces), some discontinuous."""
    text = "".join(rnd.choice(WORDS) + rnd.choice([" ", " ", "\r\n", "\n", ", "]) for _ in range(rnd.randint(3, 40)))
    spans = []
    for _ in range(rnd.randint(0, 12)):
        cuts = sorted(rnd.sample(range(len(text) + 1), 2 * rnd.choice([1, 1, 1, 2, 3])))
        pieces = tuple((cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2) if cuts[i] < cuts[i + 1])
        if pieces:
            spans.append((pieces[0][0], pieces[-1][1], rnd.choice(["PER", "LOC", "Disease", "x-y_z"]), pieces))
    return text, spans


def write_brat_ann(text: str, spans: list[tuple[int, int, str, tuple[tuple[int, int], ...]]]) -> str:
    """A .ann with the spans as text-bound lines, and attribute, relation and note lines between."""
    lines = []
    for number, (_, _, label, pieces) in enumerate(spans, 1):
        offsets = ";".join(f"{a} {b}" for a, b in pieces)
        shown = " ".join(text[a:b] for a, b in pieces).replace("\n", " ").replace("\r", " ")
        lines.append(f"T{number}\t{label} {offsets}\t{shown}")
        lines.append(f"A{number}\tNegated T{number}")
        lines.append(f"#{number}\tAnnotatorNotes T{number}\ta note")
    if len(spans) > 1:
        lines.append("R1\tLinked Arg1:T1 Arg2:T2")
        lines.append("*\tEquiv T1 T2")
    return "\n".join(lines) + ("\n" if lines else "")
