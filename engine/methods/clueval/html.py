"""The error tables as one self-contained HTML page (specs/clueval.md §5.7): each error in
its sentence, reference and candidate spans in their own colours, labels in tooltips."""

from __future__ import annotations

from html import escape
from typing import Any

from ...report import Report
from .errortables import ErrorRow
from .match import Matches
from .run import Run
from .scores import EVALUATION_COLUMNS

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #1a1a1a; line-height: 1.5; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em; }
table.scores { border-collapse: collapse; margin: 1em 0; }
table.scores th, table.scores td { border: 1px solid #bbb; padding: 2px 8px; text-align: right; }
table.scores th:first-child, table.scores td:first-child, table.scores td:last-child { text-align: left; }
dl.meta { display: grid; grid-template-columns: max-content auto; gap: 0 1em; }
dl.meta dt { font-weight: bold; } dl.meta dd { margin: 0; font-family: monospace; }
.entry { border-top: 1px solid #ddd; padding: 0.6em 0; }
.entry .head { font-size: 0.9em; color: #444; }
.type { font-weight: bold; text-transform: uppercase; font-size: 0.8em; padding: 1px 5px; border-radius: 3px;
        background: #eee; color: #222; }
.context { font-size: 1.05em; margin-top: 0.3em; }
.cut { color: #888; }
.ref { text-decoration: underline; text-decoration-color: #1d4ed8; text-decoration-thickness: 2px;
       text-underline-offset: 3px; }
.cand { background: #fde2b8; }
.ref.cand { background: #bfe8c9; }
.ref-start { border-left: 2px solid #1d4ed8; padding-left: 1px; }
.ref-end { border-right: 2px solid #1d4ed8; padding-right: 1px; }
.cand-start { box-shadow: inset 3px 0 0 #c2410c; }
.cand-end { box-shadow: inset -3px 0 0 #c2410c; }
.cand-start.cand-end { box-shadow: inset 3px 0 0 #c2410c, inset -3px 0 0 #c2410c; }
.legend span { margin-right: 1.5em; }
"""

SECTIONS = (
    ("recall", "Recall errors (reference spans)", "reference", "candidate"),
    ("precision", "Precision errors (candidate spans)", "candidate", "reference"),
)


def _labels(layers: tuple[str, ...], labels: Any) -> str:
    return ", ".join(f"{layer}={label}" for layer, label in zip(layers, labels, strict=True))


def _scores_table(run: Run, level: int) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in EVALUATION_COLUMNS)
    rows = []
    for row in run.evaluation(level).rows:
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in row)
        rows.append(f"<tr>{cells}</tr>")
    return f'<table class="scores"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _meta(report: Report) -> str:
    items = [("method", f"{report.method} ({report.title})"), ("engine version", report.engine_version),
             ("compatible with", "clueval 0.4.0.1")]  # fmt: skip
    items += [("reference" if f.role == "gold" else "candidate", f.path) for f in report.inputs]
    items += [(name, str(value)) for name, value in report.options.items()]
    body = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in items)
    return f'<dl class="meta">{body}</dl>'


def _covering(
    row: ErrorRow, matches: Matches, own_side: str, other_side: str
) -> list[tuple[str, int, int, str]]:
    """(side, start, end, tooltip) of x and every overlapping span of the other file."""
    x, y = matches.x, matches.y
    i = row.index
    spans = [(own_side, x.starts[i], x.ends[i], _labels(x.layers, x.labels[i]))]
    spans += [(other_side, y.starts[k], y.ends[k], _labels(y.layers, y.labels[k])) for k in row.overlaps]
    return [(side, s, e, f"{side} [{s}–{e}] {labels}") for side, s, e, labels in spans]


def _context(row: ErrorRow, matches: Matches, run: Run, own_side: str, other_side: str) -> str:
    """The row's window, one <span> per run of tokens covered by the same spans."""
    ctx = row.context
    vrt = run.candidate if ctx.from_candidate else run.reference
    spans = _covering(row, matches, own_side, other_side)
    pieces: list[str] = []
    if ctx.first > ctx.sentence_start:
        pieces.append('<span class="cut">[...]</span>')
    run_positions: list[int] = []
    run_cover: tuple[int, ...] | None = None
    for q in range(ctx.first, ctx.last + 1):
        cover = tuple(k for k, (_, s, e, _) in enumerate(spans) if s <= q <= e)
        if cover != run_cover and run_positions:
            pieces.append(_run(run_positions, run_cover or (), spans, vrt.tokens))
            run_positions = []
        run_cover = cover
        run_positions.append(q)
    if run_positions:
        pieces.append(_run(run_positions, run_cover or (), spans, vrt.tokens))
    if ctx.last + 1 < ctx.sentence_end:
        pieces.append('<span class="cut">[...]</span>')
    return " ".join(pieces)


def _run(positions: list[int], cover: tuple[int, ...], spans: list[tuple[str, int, int, str]],
         tokens: list[str]) -> str:  # fmt: skip
    text = " ".join(escape(tokens[q]) for q in positions)
    if not cover:
        return text
    classes = []
    for side, short in (("reference", "ref"), ("candidate", "cand")):
        mine = [spans[k] for k in cover if spans[k][0] == side]
        if not mine:
            continue
        classes.append(short)
        if any(s == positions[0] for _, s, _, _ in mine):
            classes.append(f"{short}-start")
        if any(e == positions[-1] for _, _, e, _ in mine):
            classes.append(f"{short}-end")
    title = "&#10;".join(escape(spans[k][3]) for k in cover)
    return f'<span class="{" ".join(classes)}" title="{title}">{text}</span>'


def _entry(row: ErrorRow, matches: Matches, run: Run, own_side: str, other_side: str) -> str:
    x = matches.x
    i = row.index
    values = row.values
    layers = x.layers
    facts = [f"<b>{escape(x.texts[i])}</b>", f"positions {x.starts[i]}–{x.ends[i]}"]
    if values["token_id_start"] or values["token_id_end"]:
        facts.append(f"token ids {escape(values['token_id_start'])}–{escape(values['token_id_end'])}")
    document, sentence = x.document(i), x.sentence(i)
    if document:
        facts.append(f"document {escape(document)}")
    if sentence:
        facts.append(f"sentence {escape(sentence)}")
    own = escape(_labels(layers, x.labels[i]))
    other = escape(_labels(layers, [values[f"{layer}_Y"] for layer in layers]))
    return (
        f'<div class="entry"><div class="head"><span class="type">{escape(values["error_type"])}</span> '
        f"{' · '.join(facts)}<br>{own_side} labels: {own} · {other_side} labels: {other}</div>"
        f'<div class="context">{_context(row, matches, run, own_side, other_side)}</div></div>'
    )


def render_html(report: Report) -> str:
    """The page: header with the scores, a legend, then the recall and precision errors."""
    run: Run = report.data["_run"]
    errors = run.ensure_errors()
    level = report.data["_level"]
    types = ", ".join(run.error_types())
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>CLUEval errors: {escape(run.gold)} vs {escape(run.system)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>CLUEval error tables — {escape(run.gold)} vs {escape(run.system)}</h1>",
        _meta(report),
        f"<h2>Evaluation (leniency level {level})</h2>",
        _scores_table(run, level),
        '<p class="legend"><span class="ref ref-start ref-end">reference span</span>'
        '<span class="cand cand-start cand-end">candidate span</span>'
        '<span class="ref cand ref-start ref-end cand-start cand-end">in both</span>'
        "Reference spans are underlined, candidate spans shaded; a bar marks where a span begins or "
        "ends. Hover a marked run for its spans and labels.</p>",
        f"<p>Error types shown: {escape(types)}.</p>",
    ]
    for side, title, own_side, other_side in SECTIONS:
        matches = run.recall if side == "recall" else run.precision
        parts.append(f"<h2>{title}</h2>")
        rows = errors[side]
        if not rows:
            parts.append("<p>None.</p>")
        parts += [_entry(row, matches, run, own_side, other_side) for row in rows]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
