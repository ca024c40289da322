"""Summaries of a process: its inputs, outputs, conversions and moves (specs/propara.md §3.4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, repeat
from operator import eq, ne
from typing import Any, NamedTuple

from ...formats.propara_actions import NULL, Process


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


def summarize(process: Process) -> Summary:
    """One walk over the participants: inputs and outputs from the actions, and where each
    track changes (creations, destructions, moves) or a MOVE action stands."""
    n = process.sentences
    steps = range(1, n + 1)
    inputs: list[str] = []
    outputs: list[str] = []
    moves: list[Move] = []
    created: Changes = {}
    destroyed: Changes = {}
    for participant in process.participants.values():
        name = display(participant.name)
        actions, track = participant.actions, participant.track
        if "CREATE" in actions:
            if is_output(actions):
                outputs.append(name)
        elif "DESTROY" in actions and is_input(actions):
            inputs.append(name)
        changes = list(compress(steps, map(ne, track, track[1:])))
        moving = "MOVE" in actions
        if not changes and not moving:
            continue
        move_steps = set(compress(steps, map(eq, actions, repeat("MOVE")))) if moving else set()
        for s in changes:
            before, after = track[s - 1], track[s]
            if before == NULL:
                created.setdefault(s, []).append((name, after))
            elif after == NULL:
                destroyed.setdefault(s, []).append((name, before))
            else:
                move_steps.add(s)
        for s in sorted(move_steps):
            moves.append(Move(name, track[s - 1], track[s], s))
    found = conversions(created, destroyed, n) if created or destroyed else []
    return Summary(process.pid, inputs, outputs, found, moves)
