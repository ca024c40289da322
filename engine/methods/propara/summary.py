"""Summaries of a process: its inputs, outputs, conversions and moves (specs/propara.md §3.4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from ...formats.propara_actions import CREATE_CODE, DESTROY_CODE, MOVE_CODE, NULL_CODE, ActionFile, Process

if TYPE_CHECKING:
    import numpy as np

    from ...formats.propara_actions import Table


class Conversion(NamedTuple):
    destroyed: str
    created: str
    location: str
    step: int


class Move(NamedTuple):
    participants: str
    before: str
    after: str
    step: int


def conversion_dicts(conversions: list[Conversion]) -> list[dict[str, Any]]:
    """Conversions as the diagnostics write them (a dict display: twice as fast as dict(zip(…)))."""
    return [
        {"participants_destroyed": d, "participants_created": c, "location": place, "step_number": step}
        for d, c, place, step in conversions
    ]


def participant_dicts(names: list[str]) -> list[dict[str, Any]]:
    """Inputs or outputs as the JSON report's items show them."""
    return [{"participants": name} for name in names]


def move_dicts(moves: list[Move]) -> list[dict[str, Any]]:
    """Moves as the diagnostics write them."""
    return [
        {"participants": p, "location_before": before, "location_after": after, "step_number": step}
        for p, before, after, step in moves
    ]


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
            "conversions": conversion_dicts(self.conversions) or None,
            "moves": move_dicts(self.moves) or None,
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


# step → the participants created (or destroyed) there and their locations
StepChanges = dict[int, tuple[list[str], list[str]]]


def _distinct(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _conversion(destroyed: list[str], created: list[str], locations: list[str], step: int) -> Conversion:
    joined = " AND ".join
    return Conversion(joined(destroyed), joined(created), joined(_distinct(locations)), step)


def conversions(created: StepChanges, destroyed: StepChanges, n: int) -> list[Conversion]:
    """The three branches of §3.4, first that applies per step (look-ahead needs s < n − 1).
    Only steps where something is created or destroyed can hold one."""
    found: list[Conversion] = []
    for s in sorted(created.keys() | destroyed.keys()):
        c, d = created.get(s), destroyed.get(s)
        if c and d:
            found.append(_conversion(d[0], c[0], [*c[1], *d[1]], s))
        elif d and s < n - 1:
            following = created.get(s + 1)
            if following and s + 1 not in destroyed:
                gone = set(d[0])
                new = _distinct([x for x in following[0] if x not in gone])
                if new:
                    found.append(_conversion(d[0], new, [*following[1], *d[1]], s))
        elif c and s < n - 1:
            following = destroyed.get(s + 1)
            if following and s + 1 not in created:
                made = set(c[0])
                gone_next = _distinct([x for x in following[0] if x not in made])
                if gone_next:
                    found.append(_conversion(gone_next, c[0], [*c[1], *following[1]], s))
    return found


def slot_events(table: Table) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The slots where a participant is created, destroyed and moves (§3.4), in slot order."""
    import numpy as np

    track, codes, offset = table.track, table.actions, table.offset
    before, after = track[:-1], track[1:]  # pair j − 1: the slots j − 1 and j
    inside = np.ones(len(before), bool)
    inside[offset[1:-1] - 1] = False  # slot j is slot 0 of the next participant
    existed, exists = before != NULL_CODE, after != NULL_CODE
    moved = (codes[1:] == MOVE_CODE) | (existed & exists & (before != after))
    created = np.flatnonzero(inside & ~existed & exists) + 1
    destroyed = np.flatnonzero(inside & existed & ~exists) + 1
    return created, destroyed, np.flatnonzero(inside & moved) + 1


def end_flags(table: Table) -> tuple[np.ndarray, np.ndarray]:
    """Per participant: is it an input, is it an output (§3.4, from the actions only)."""
    import numpy as np

    acting = np.flatnonzero(table.actions)  # the slots of CREATE, DESTROY and MOVE, in order
    codes = table.actions[acting]
    owner = table.slot_participant.take(acting)
    participants, absent = len(table.offset) - 1, len(table.actions)
    (first_create, last_create), (_, last_destroy), (first_move, last_move) = (
        _first_and_last(acting[codes == code], owner[codes == code], participants, absent)
        for code in (CREATE_CODE, DESTROY_CODE, MOVE_CODE)
    )
    # input: destroyed, never created, the last DESTROY after the last MOVE (both -1 when absent)
    inputs = (last_create < 0) & (last_destroy > last_move)
    # output: created, never destroyed, the first CREATE before the first MOVE (`absent` when none)
    outputs = (last_destroy < 0) & (first_create < first_move)
    return inputs, outputs


def _first_and_last(slots: np.ndarray, owner: np.ndarray, participants: int, absent: int
                    ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per participant its first slot among `slots` (`absent` without one) and its last (-1);
    `owner`: per slot (in order) its participant."""
    import numpy as np

    edge = np.ones(len(owner) + 1, bool)
    np.not_equal(owner[1:], owner[:-1], out=edge[1:-1])
    first, last = np.full(participants, absent, np.int64), np.full(participants, -1, np.int64)
    opening, closing = np.flatnonzero(edge[:-1]), np.flatnonzero(edge[1:])
    first[owner[opening]], last[owner[closing]] = slots[opening], slots[closing]
    return first, last


class Summaries:
    """The summaries of the processes of one action file. Where tracks change and which
    participants are inputs or outputs is found for all participants at once (numpy, on
    the file's Table, when first needed); the summary of a process is put together from
    them when asked for."""

    def __init__(self, actions: ActionFile) -> None:
        self.table = actions.table
        self.places = self.table.locations.texts()
        self._json: dict[str, list[dict[str, Any]]] = {}

    @cached_property
    def shown(self) -> dict[int, str]:
        """Per name code the display form (display)."""
        return {code: display(text) for code, text in self.table.names.texts().items()}

    def names(self, participants: np.ndarray) -> list[str]:
        """The display forms of the participants' names."""
        return list(map(self.shown.__getitem__, self.table.part_name[participants].tolist()))

    @cached_property
    def slots(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The slots of creations, destructions and moves (slot_events)."""
        return slot_events(self.table)

    @cached_property
    def _created(self) -> Events:
        return self._changes(self.slots[0], 0)

    @cached_property
    def _destroyed(self) -> Events:
        return self._changes(self.slots[1], -1)

    @cached_property
    def _moves(self) -> Events:
        return self._all_moves(self.slots[2])

    @cached_property
    def input_output_flags(self) -> tuple[np.ndarray, np.ndarray]:
        """Per participant: is it an input, is it an output (end_flags)."""
        return end_flags(self.table)

    @cached_property
    def _ends(self) -> tuple[Events, Events]:
        inputs, outputs = self.input_output_flags
        return self._participant_names(inputs), self._participant_names(outputs)

    def _located(self, slots: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """Per slot its participant and step; per process where its slots start among them."""
        import numpy as np

        offset = self.table.offset
        participant = self.table.slot_participant.take(slots)
        bounds = np.searchsorted(slots, offset[self.table.process_parts]).tolist()
        return participant, slots - offset[participant], bounds

    def _changes(self, slots: np.ndarray, shift: int) -> Events:
        """Per process the (participant's name, step, location at slot + shift) of the given
        slots, as tuples (made at once: a process's are then one slice)."""
        participant, step, bounds = self._located(slots)
        places = map(self.places.__getitem__, self.table.track[slots + shift].tolist())
        return Events(list(zip(self.names(participant), step.tolist(), places, strict=True)), bounds)

    def _all_moves(self, slots: np.ndarray) -> Events:
        """Per process its moves, from the slots where the action is MOVE or the track moves."""
        participant, step, bounds = self._located(slots)
        places, track = self.places, self.table.track
        fields = (
            self.names(participant),
            map(places.__getitem__, track[slots - 1].tolist()),
            map(places.__getitem__, track[slots].tolist()),
            step.tolist(),
        )
        moves = map(partial(tuple.__new__, Move), zip(*fields, strict=True))
        return Events(list(moves), bounds)

    def _participant_names(self, chosen: np.ndarray) -> Events:
        import numpy as np

        numbers = np.flatnonzero(chosen)
        bounds = np.searchsorted(numbers, self.table.process_parts).tolist()
        return Events(self.names(numbers), bounds)

    def events(self, q: str) -> Events:
        """The file's inputs or outputs (names) or moves, per process."""
        return self._moves if q == "moves" else self._ends[q == "outputs"]

    def json_of(self, q: str) -> list[dict[str, Any]]:
        """The file's inputs, outputs or moves (events) as the JSON report shows them, made once."""
        found = self._json.get(q)
        if found is None:
            items = self.events(q).items
            found = self._json[q] = move_dicts(items) if q == "moves" else participant_dicts(items)
        return found

    def of(self, process: Process, conversions: list[Conversion] | None = None) -> Summary:
        """The summary of a process (its conversions given when known already)."""
        k = process.index
        inputs, outputs = self._ends
        found = self.conversions_of(process) if conversions is None else conversions
        return Summary(process.pid, inputs.of(k), outputs.of(k), found, self._moves.of(k))

    def conversions_of(self, process: Process) -> list[Conversion]:
        """The conversions of one process (§3.4)."""
        created: StepChanges = {}
        destroyed: StepChanges = {}
        for changes, events in ((created, self._created), (destroyed, self._destroyed)):
            for name, step, place in events.of(process.index):
                if step in changes:
                    changes[step][0].append(name)
                    changes[step][1].append(place)
                else:
                    changes[step] = ([name], [place])
        return conversions(created, destroyed, process.sentences) if created or destroyed else []


class Events:
    """Things of a file in slot order; those of process k are items[bounds[k]:bounds[k + 1]]."""

    def __init__(self, items: list[Any], bounds: list[int]) -> None:
        self.items, self.bounds = items, bounds

    def of(self, k: int) -> list[Any]:
        return self.items[self.bounds[k] : self.bounds[k + 1]]

