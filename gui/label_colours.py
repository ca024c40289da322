"""A label's colour in the viewer, the same in every run and every process: chosen from the
label's name (its CRC-32, not Python's hash(), which changes from process to process).
Two labels of one run whose names choose the same colour are told apart: the later one,
in name order, takes the next free colour (while any is free)."""

from __future__ import annotations

import zlib

#: ColorBrewer's Set3 and Pastel1 but their greys (grey is the colour of an unknown label).
LABEL_COLOURS = ("#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5",
                 "#ffed6f", "#bc80bd", "#ccebc5", "#ffffb3", "#fbb4ae", "#b3cde3", "#decbe4",
                 "#fed9a6", "#e5d8bd", "#fddaec")  # fmt: skip


def own_colour(label: str) -> int:
    """The colour (its place in LABEL_COLOURS) the label's name chooses."""
    return zlib.crc32(label.encode("utf-8", "surrogatepass")) % len(LABEL_COLOURS)


def label_colours(labels: list[str]) -> dict[str, str]:
    """Each label's colour: its own, or where an earlier label (in name order) took it, the
    next one free (colours repeat only when there are more labels than colours)."""
    taken: set[int] = set()
    colours = {}
    for label in sorted(set(labels)):
        place = own_colour(label)
        if len(taken) < len(LABEL_COLOURS):
            while place in taken:
                place = (place + 1) % len(LABEL_COLOURS)
        taken.add(place)
        colours[label] = LABEL_COLOURS[place]
    return colours
