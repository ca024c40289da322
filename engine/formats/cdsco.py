"""CD-SCO files (*SEM 2012 negation): one token per line, TAB-separated — chapter,
sentence number, token number, word, lemma, POS, syntax — then `***` (no negation) or
three columns (cue, scope, event) per negation; a blank line between sentences. Read by
the `starsem` method (engine/methods/starsem)."""

from __future__ import annotations

TITLE = "CD-SCO (*SEM 2012 negation)"


def sniff(lines: list[str]) -> bool:
    if not lines:
        return False
    fields = lines[0].strip().split("\t")
    n = len(fields)
    if n < 8 or not fields[2].isdigit():
        return False
    return (n == 8 and fields[7] == "***") or (n > 8 and (n - 7) % 3 == 0)
