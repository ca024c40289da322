"""What each agreement measure means, in a sentence, for the Agreement window's tooltips
(the measure list, the Documents columns and the line of figures), and what its line says
of the annotators listed; the measures themselves are engine.agreement's (README:
Agreement among annotators)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from .counts import count_of, grouped

SCALE = "1 = full agreement, 0 = no more than chance would give, below 0 = less."

#: By the title of the measure list's entry.
MEASURE_TIPS = {
    "Span F1, labelled": "How far two annotators mark the same spans: twice the spans both mark alike "
                         "(same start, end and label), divided by all the spans of the two. 1 = the same "
                         "spans, 0 = none in common.",
    "Span F1, unlabelled": "As Span F1, labelled, but two spans at the same place count as the same "
                           "whatever their labels.",
    "Span F1, overlap": "As Span F1, labelled, but two spans of the same label count as the same where "
                        "they overlap (each span paired once).",
    "Cohen's kappa (tokens)": "Token by token, how often two annotators give the same label (O where "
                              f"neither marks a span), corrected for chance. {SCALE}",
    "Krippendorff's alpha-u": "Krippendorff's unitizing α, INCEpTION's figure: how far the spans' places "
                              f"and labels agree along the text, corrected for chance. {SCALE}",
}  # fmt: skip

#: By the title of the Documents tab's column.
DOCUMENT_TIPS = {
    "F1 (mean)": "Span F1, labelled (the same spans with the same labels), the mean over the pairs of "
                 "annotators; 1 = the same spans.",
    "Cohen κ (mean)": f"Cohen's κ over the tokens' labels, the mean over the pairs of annotators. {SCALE}",
    "Fleiss κ": f"Fleiss' κ: as Cohen's κ, for all the annotators of the document at once. {SCALE}",
    "α": f"Krippendorff's α over the tokens' labels, all the annotators at once. {SCALE}",
    "αu": "Krippendorff's unitizing α over the spans (INCEpTION's figure), all the annotators at once. "
          f"{SCALE}",
}  # fmt: skip

FIGURES_TIP = (
    "Fleiss' κ and Krippendorff's α compare the labels the annotators give each token, αu "
    "(Krippendorff's unitizing α, INCEpTION's figure) the spans themselves: all the annotators at "
    "once, corrected for chance. Fleiss' κ and αu are over the documents every annotator has, α over "
    f"all (a document an annotator lacks counts as missing there). {SCALE}"
)


#: The line of figures before any annotator is listed.
START = ("Add two or more annotators' files or folders, or one export of several annotators' work, then "
         "click Measure agreement.")  # fmt: skip


def listed_words(listed: int) -> str:
    """What to do with the annotators listed, before any measuring."""
    if listed == 0:
        return START
    if listed == 1:
        return "1 annotator listed: add another, then click Measure agreement."
    return f"{count_of(listed, 'annotator')} listed: click Measure agreement."


def documents_words(documents: int, common: int) -> str:
    """'12 documents (every annotator has 10 of them)', '1 document (every annotator has it)'."""
    if common == documents:
        every = "it" if documents == 1 else "them all"
    else:
        every = f"{grouped(common)} of them" if common else "none of them"
    return f"{count_of(documents, 'document')} (every annotator has {every})"


def changed_words(listed: int) -> str:
    """The note after figures measured of other annotators than those listed now."""
    return f"The list of annotators has changed since ({grouped(listed)} now): click Measure agreement again."


#: The note after figures measured with other Reading options than those set now.
OPTIONS_CHANGED = "The Reading options have changed since: click Measure agreement again."


def explain_measures(choice: QComboBox) -> None:
    """Each entry of the measure list with its meaning as tooltip."""
    for i in range(choice.count()):
        choice.setItemData(i, MEASURE_TIPS.get(choice.itemText(i), ""), Qt.ItemDataRole.ToolTipRole)


def again_words(again: list[str], then: str) -> str:
    """The line after adding inputs listed already: which were not added again, then `then`."""
    if not again:
        return then
    shown = ", ".join(again[:3]) + (f" and {count_of(len(again) - 3, 'other')}" if len(again) > 3 else "")
    listed = "is listed" if len(again) == 1 else "are listed"
    return f"{shown} {listed} already: not added again. {then}".rstrip()
