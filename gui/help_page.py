"""Help → Error types and measures: every method's error types and measures in words, with
the work to cite (the text is the engine's glossary), and the Agreement window's measures."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from engine.glossary import GLOSSARY, MethodTerms, Term

from .agreement_words import DOCUMENT_TIPS, MEASURE_TIPS


def _terms(title: str, terms: tuple[Term, ...]) -> str:
    rows = "".join(
        f"<tr><td valign='top' style='padding-right:12px'><b>{html.escape(t.name)}</b></td>"
        f"<td>{html.escape(t.meaning)}</td></tr>"
        for t in terms
    )
    return f"<h4>{title}</h4><table cellspacing='2'>{rows}</table>"


def method_html(terms: MethodTerms) -> str:
    """One method's section: error types, measures, citation."""
    return (
        f"<h3><a name='{terms.method}'></a>{html.escape(terms.title)}</h3>"
        + _terms("Error types", terms.error_types)
        + _terms("Measures", terms.measures)
        + f"<p><i>Cite:</i> {html.escape(terms.citation)}</p>"
    )


def agreement_html() -> str:
    """The Agreement window's measures, in the words of its tooltips."""
    named = {**MEASURE_TIPS, "Fleiss' κ": DOCUMENT_TIPS["Fleiss κ"], "Krippendorff's α": DOCUMENT_TIPS["α"]}
    return "<h3><a name='agreement'></a>Agreement among annotators</h3>" + _terms(
        "Measures", tuple(Term(name, meaning) for name, meaning in named.items())
    )


def glossary_html() -> str:
    """The whole page: a line of links to the methods and the agreement measures, then each
    method's section, then theirs."""
    links = " · ".join(
        [f"<a href='#{t.method}'>{html.escape(t.title)}</a>" for t in GLOSSARY.values()]
        + ["<a href='#agreement'>Agreement among annotators</a>"]
    )
    return (
        "<h2>Error types and measures</h2>"
        "<p>What the error table's types and the score tables' measures mean, per method. "
        "The same words are the tooltips of the error table's type cells.</p>"
        f"<p>{links}</p>" + "<hr>".join([*(method_html(t) for t in GLOSSARY.values()), agreement_html()])
    )


class GlossaryDialog(QDialog):
    """The page in a window of its own, opened at a method's section."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Error types and measures — Span Studio")
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(glossary_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.resize(720, 560)

    def show_method(self, method: str) -> None:
        """Show the page at a method's section."""
        if method in GLOSSARY:
            self.browser.scrollToAnchor(method)
        self.show()
