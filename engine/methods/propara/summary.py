"""Summaries of a process: its inputs, outputs, conversions and moves (specs/propara.md §3.4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...formats.propara_actions import CREATE_CODE, DESTROY_CODE, MOVE_CODE, NULL_CODE, ActionFile, Process

if TYPE_CHECKING:
    import numpy as np


class Conversion(NamedTuple):
    destroyed: str
    created: str
    location: str
    step: int

    def diagnostics(self) -> dict[str, Any]:
        return {"participants_destroyed": self.destroyed, "participants_created": self.created,
                "location": self.location, "step_number": self.step}  # fmt: skip


class Move(NamedTuple):
    participants: str
    before: str
    after: str
    step: int

    def diagnostics(self) -> dict[str, Any]:
        return {"participants": self.participants, "location_before": self.before,
                "location_after": self.after, "step_number": self.step}  # fmt: skip


@dataclass
class Summary:
    pid: int
    inputs: list[str]
    outputs: list[str]
    conversions: list[Conversion]
    moves: list[Move]

    def diagnostics(self) -> dict[str, Any]:
        """The summary as the original's diagnostics write it (an empty list is null)."""
        return {
            "process_id": self.pid,
            "inputs": {"participants": self.inputs or None},
            "outputs": {"participants": self.outputs or None},
            "conversions": [c.diagnostics() for c in self.conversions] or None,
            "moves": [m.diagnostics() for m in self.moves] or None,
        }


@lru_cache(maxsize=1 << 16)
def display(name: str) -> str:
    """`fuel ; spent fuel` → `fuel OR spent fuel`."""
    return " OR ".join(piece.strip() for piece in name.split(";"))


def is_input(actions: list[str]) -> bool:
    """Destroyed at some i with no CREATE before and no CREATE or MOVE after: with no CREATE
    at all, the last DESTROY comes after the last MOVE."""
    if "CREATE" in actions or "DESTROY" not in actions:
        return False
    return _last(actions, "DESTROY") > _last(actions, "MOVE")


def is_output(actions: list[str]) -> bool:
    """Created at some i with no DESTROY or MOVE before and no DESTROY after: with no
    DESTROY at all, the first CREATE comes before the first MOVE."""
    if "DESTROY" in actions or "CREATE" not in actions:
        return False
    return "MOVE" not in actions or actions.index("CREATE") < actions.index("MOVE")


def _last(actions: list[str], action: str) -> int:
    for index in range(len(actions) - 1, -1, -1):
        if actions[index] == action:
            return index
    return -1


Change = tuple[str, str]  # (display form, location)
Changes = dict[int, list[Change]]  # step → the participants created (or destroyed) there


def _distinct(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _conversion(destroyed: list[str], created: list[str], locations: list[str], step: int) -> Conversion:
    joined = " AND ".join
    return Conversion(joined(destroyed), joined(created), joined(_distinct(locations)), step)


def _names(changes: list[Change]) -> list[str]:
    return [name for name, _ in changes]


def _locations(changes: list[Change]) -> list[str]:
    return [location for _, location in changes]


def conversions(created: Changes, destroyed: Changes, n: int) -> list[Conversion]:
    """The three branches of §3.4, first that applies per step (look-ahead needs s < n − 1).
    Only steps where something is created or destroyed can hold one."""
    found: list[Conversion] = []
    for s in sorted(created.keys() | destroyed.keys()):
        c, d = created.get(s, []), destroyed.get(s, [])
        if c and d:
            found.append(_conversion(_names(d), _names(c), [*_locations(c), *_locations(d)], s))
        elif d and s < n - 1:
            gone = set(_names(d))
            following = created.get(s + 1, [])
            new = _distinct([x for x in _names(following) if x not in gone])
            if new and not destroyed.get(s + 1):
                found.append(_conversion(_names(d), new, [*_locations(following), *_locations(d)], s))
        elif c and s < n - 1:
            made = set(_names(c))
            following = destroyed.get(s + 1, [])
            gone_next = _distinct([x for x in _names(following) if x not in made])
            if gone_next and not created.get(s + 1):
                found.append(_conversion(gone_next, _names(c), [*_locations(c), *_locations(following)], s))
    return found


class Summaries:
    """The summaries of the processes of one action file. Where tracks change and which
    participants are inputs or outputs is found for all participants at once (numpy, on
    the file's Table); the summary of a process is built from that when asked for."""

    def __init__(self, actions: ActionFile) -> None:
        import numpy as np

        table = actions.table
        assert table is not None
        self.table = table
        track, codes, offset = table.track, table.actions, table.offset
        before, after = track[:-1], track[1:]  # pair j − 1: the slots j − 1 and j
        inside = np.ones(len(before), bool)
        inside[offset[1:-1] - 1] = False  # slot j is slot 0 of the next participant
        existed, exists = before != NULL_CODE, after != NULL_CODE
        moved = (codes[1:] == MOVE_CODE) | (existed & exists & (before != after))
        self._created = self._events(np.flatnonzero(inside & ~existed & exists) + 1, track)
        self._destroyed = self._events(np.flatnonzero(inside & existed & ~exists) + 1, track, -1)
        self._moved = self._events(np.flatnonzero(inside & moved) + 1, track, -1, 0)
        self._inputs, self._outputs = self._ends(codes, offset[:-1])

    def _events(self, slots: np.ndarray, track: np.ndarray, *shifts: int) -> Events:
        """Slots where something happens: per process the events (participant, step, the
        locations at slot + each shift), in slot order."""
        import numpy as np

        offset = self.table.offset
        participant = np.searchsorted(offset, slots, side="right") - 1
        columns = [participant.tolist(), (slots - offset[participant]).tolist()]
        columns += [track[slots + shift].tolist() for shift in shifts or (0,)]
        bounds = np.searchsorted(slots, offset[self.table.process_parts]).tolist()
        return Events(list(zip(*columns, strict=True)), bounds)

    @staticmethod
    def _ends(codes: np.ndarray, starts: np.ndarray) -> tuple[list[bool], list[bool]]:
        """Per participant: is it an input, an output? (§3.4, from the actions only)."""
        import numpy as np

        position = np.arange(len(codes))
        missing = len(codes)

        def last(code: int) -> np.ndarray:
            return np.maximum.reduceat(np.where(codes == code, position, -1), starts)

        def first(code: int) -> np.ndarray:
            return np.minimum.reduceat(np.where(codes == code, position, missing), starts)

        # input: destroyed, never created, the last DESTROY after the last MOVE (both -1 when absent)
        inputs = (last(CREATE_CODE) < 0) & (last(DESTROY_CODE) > last(MOVE_CODE))
        # output: created, never destroyed, the first CREATE before the first MOVE (`missing` when absent)
        outputs = (last(DESTROY_CODE) < 0) & (first(CREATE_CODE) < first(MOVE_CODE))
        return inputs.tolist(), outputs.tolist()

    @cached_property
    def _names(self) -> list[str]:
        """Per participant: its display form."""
        names = self.table.names.texts()
        return [display(names[code]) for code in self.table.part_name.tolist()]

    @cached_property
    def _process_parts(self) -> list[int]:
        return self.table.process_parts.tolist()

    def of(self, process: Process) -> Summary:
        k = process.index
        first, end = self._process_parts[k], self._process_parts[k + 1]
        names = self._names
        inputs = [names[p] for p in range(first, end) if self._inputs[p]]
        outputs = [names[p] for p in range(first, end) if self._outputs[p]]
        places = self.table.locations.texts()
        moves = [
            Move(names[p], places[before], places[after], step)
            for p, step, before, after in self._moved.of(k)
        ]
        created: Changes = {}
        destroyed: Changes = {}
        for changes, events in ((created, self._created), (destroyed, self._destroyed)):
            for p, step, place in events.of(k):
                changes.setdefault(step, []).append((names[p], places[place]))
        found = conversions(created, destroyed, process.sentences) if created or destroyed else []
        return Summary(process.pid, inputs, outputs, found, moves)


@dataclass
class Events:
    """Events of a file in slot order; those of process k are events[bounds[k]:bounds[k + 1]]."""

    events: list[tuple[int, ...]]
    bounds: list[int]

    def of(self, k: int) -> list[tuple[int, ...]]:
        return self.events[self.bounds[k] : self.bounds[k + 1]]
