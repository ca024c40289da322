"""Summaries of a process: its inputs, outputs, conversions and moves (specs/propara.md §3.4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from itertools import starmap
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


@dataclass
class Summary:
    pid: int
    inputs: list[str]
    outputs: list[str]
    conversions: list[Conversion]
    moves: list[Move]

    def diagnostics(self) -> dict[str, Any]:
        """The summary as the original's diagnostics write it, the JSON report's too
        (shown.SummaryJSON)."""
        import msgspec  # (a run without -d does not pay its import)

        from . import shown

        conversions = list(starmap(shown.ConversionJSON, self.conversions))
        moves = list(starmap(shown.MoveJSON, self.moves))
        return msgspec.to_builtins(shown.summary(self.pid, self.inputs, self.outputs, conversions, moves))


@lru_cache(maxsize=1 << 16)
def display(name: str) -> str:
    """`fuel ; spent fuel` → `fuel OR spent fuel`."""
    return " OR ".join(piece.strip() for piece in name.split(";"))


def _distinct(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _conversion(destroyed: list[str], created: list[str], locations: list[str], step: int) -> Conversion:
    joined = " AND ".join
    return Conversion(joined(destroyed), joined(created), joined(_distinct(locations)), step)


class StepGroups:
    """The creations (or destructions) of some processes grouped by process and step: the
    sorted distinct keys (process × width + step) and per key the names and the locations,
    in slot order (participant by participant)."""

    def __init__(self, keys: np.ndarray, names: list[str], places: list[str]) -> None:
        import numpy as np

        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        firsts = np.flatnonzero(np.concatenate([[True], keys[1:] != keys[:-1]])) if len(keys) else keys
        self.keys = keys[firsts]
        self.bounds = [*firsts.tolist(), len(keys)]
        order_list = order.tolist()
        self.names = list(map(names.__getitem__, order_list))
        self.places = list(map(places.__getitem__, order_list))

    def find(self, keys: np.ndarray) -> np.ndarray:
        """Per key its group's number (-1: none)."""
        import numpy as np

        if not len(self.keys):
            return np.full(len(keys), -1, np.int64)
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[at] == keys, at, -1)

    def of(self, group: int) -> tuple[list[str], list[str]]:
        """The names and the locations of a group."""
        start, end = self.bounds[group], self.bounds[group + 1]
        return self.names[start:end], self.places[start:end]


def conversions(created: StepGroups, destroyed: StepGroups, width: int, sentences: np.ndarray
                ) -> dict[int, list[Conversion]]:  # fmt: skip
    """Per process (that has one) its conversions: the three branches of §3.4, first that
    applies per step (look-ahead needs s < n − 1, n its sentences: `sentences` by process).
    Only steps where something is created or destroyed can hold one; which branch a step
    takes is found for all of them at once."""
    import numpy as np

    from ...rowkeys import distinct_values

    keys = distinct_values(np.concatenate([created.keys, destroyed.keys]))[0]
    c, d = created.find(keys), destroyed.find(keys)
    c_next, d_next = created.find(keys + 1), destroyed.find(keys + 1)
    process, step = np.divmod(keys, width)
    early = step < sentences[process] - 1
    both = (c >= 0) & (d >= 0)
    gone = (c < 0) & (d >= 0) & early & (c_next >= 0) & (d_next < 0)  # destroyed, created at the next step
    made = (c >= 0) & (d < 0) & early & (d_next >= 0) & (c_next < 0)  # created, destroyed at the next step
    chosen = np.flatnonzero(both | gone | made)
    found: dict[int, list[Conversion]] = {}
    columns = (process, step, both.view(np.int8) + 2 * gone.view(np.int8), c, d, c_next, d_next)
    for k, s, branch, *groups in zip(*(column[chosen].tolist() for column in columns), strict=True):
        conversion = _branch(created, destroyed, branch, s, *groups)
        if conversion is not None:
            found.setdefault(k, []).append(conversion)
    return found


def _branch(created: StepGroups, destroyed: StepGroups, branch: int, s: int, c: int, d: int, c_next: int,
            d_next: int) -> Conversion | None:  # fmt: skip
    """Step s's conversion by its branch (1: created and destroyed there; 2: destroyed there,
    created at the next step; 0: created there, destroyed at the next step), if any."""
    if branch == 1:
        (gone, gone_at), (new, new_at) = destroyed.of(d), created.of(c)
        return _conversion(gone, new, [*new_at, *gone_at], s)
    if branch == 2:
        (gone, gone_at), (following, following_at) = destroyed.of(d), created.of(c_next)
        left = set(gone)
        new = _distinct([x for x in following if x not in left])
        return _conversion(gone, new, [*following_at, *gone_at], s) if new else None
    (new, new_at), (following, following_at) = created.of(c), destroyed.of(d_next)
    kept = set(new)
    gone_next = _distinct([x for x in following if x not in kept])
    return _conversion(gone_next, new, [*new_at, *following_at], s) if gone_next else None


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

    def of(self, process: Process, conversions: list[Conversion] | None = None) -> Summary:
        """The summary of a process (its conversions given when known already)."""
        k = process.index
        inputs, outputs = self._ends
        found = self.conversions_of(process) if conversions is None else conversions
        return Summary(process.pid, inputs.of(k), outputs.of(k), found, self._moves.of(k))

    def conversions_of(self, process: Process) -> list[Conversion]:
        """The conversions of one process (§3.4)."""
        return self.conversions_of_many([process])[0]

    def conversions_of_many(self, processes: list[Process]) -> list[list[Conversion]]:
        """The conversions of each process (§3.4), found for all of them at once: their
        creations and destructions (located once for the file: step_slots) grouped by
        process and step (StepGroups), names and places made for these processes only."""
        import numpy as np

        numbers = [process.index for process in processes]
        chosen = np.zeros(len(self.table.process_parts) - 1, bool)
        chosen[numbers] = True
        (created, destroyed), width = self.step_slots
        groups = (self._step_groups(located, chosen) for located in (created, destroyed))
        found = conversions(*groups, width, self.table.process_sentences)
        return [found.get(k, []) for k in numbers]

    @cached_property
    def step_slots(self) -> tuple[tuple[StepSlots, StepSlots], int]:
        """The file's creations and destructions, each located once (StepSlots: per slot its
        process, its key process × width + step, its participant and the code of its place),
        and the width (above every step and the step after it)."""
        import numpy as np

        table = self.table
        width = int(np.diff(table.offset).max(initial=0)) + 2
        located = []
        for slots, shift in ((self.slots[0], 0), (self.slots[1], -1)):
            participant = table.slot_participant.take(slots)
            process = table.part_process.take(participant)
            keys = process * width + (slots - table.offset[participant])
            located.append(StepSlots(process, keys, participant, table.track[slots + shift]))
        return (located[0], located[1]), width

    def _step_groups(self, located: StepSlots, chosen: np.ndarray) -> StepGroups:
        """The slots of the chosen processes grouped by process and step: the participants'
        names and the locations."""
        kept = chosen[located.process]
        places = list(map(self.places.__getitem__, located.place[kept].tolist()))
        return StepGroups(located.keys[kept], self.names(located.participant[kept]), places)


class StepSlots(NamedTuple):
    """Creations (or destructions) of a file: per slot its process, its key (process ×
    width + step), its participant and the code of its place."""

    process: np.ndarray
    keys: np.ndarray
    participant: np.ndarray
    place: np.ndarray


class Events:
    """Things of a file in slot order; those of process k are items[bounds[k]:bounds[k + 1]]."""

    def __init__(self, items: list[Any], bounds: list[int]) -> None:
        self.items, self.bounds = items, bounds

    def of(self, k: int) -> list[Any]:
        return self.items[self.bounds[k] : self.bounds[k + 1]]
