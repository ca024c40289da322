"""Colours the app's views share for messages, how a long name is shortened, and how a
file's text is shown as written in a tooltip."""

import html

from PySide6.QtGui import Qt

ERROR_COLOUR = "#b00020"  # the engine's message for input that cannot be used
WARNING_COLOUR = "#8a5a00"  # something worth a look that does not stop an evaluation
NOTE_COLOUR = "#4a4a4a"  # quiet information (a detected format)


#: The most characters of a label or name shown in a narrow place (the Setup panel, the legend).
SHOWN_CHARS = 24


def elided(text: str, limit: int = SHOWN_CHARS) -> str:
    """The text, or its start and end around "…" where it is longer than `limit`."""
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[: limit - tail - 1]}…{text[-tail:]}"


def plain_tip(text: str) -> str:
    """A name or message from a file as a tooltip, shown as written: Qt takes a tooltip that
    looks like rich text (`<s>x</s>`, `a<b>c</b>`) as HTML; such a one is escaped (its spaces
    and line ends kept, its lines wrapped), any other is itself."""
    if not Qt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre-wrap'>{html.escape(text, quote=False)}</p>"
