"""CD-SCO files (*SEM 2012 negation): one token per line, TAB-separated — chapter,
sentence number, token number, word, lemma, POS, syntax — then `***` (no negation) or
three columns (cue, scope, event) per negation; a blank line between sentences. Read by
the `starsem` method (engine/methods/starsem)."""

from __future__ import annotations

from . import sniffing

TITLE = "CD-SCO (*SEM 2012 negation)"

sniff = sniffing.cdsco  # recognises the format without this module (engine/formats/sniffing.py)
