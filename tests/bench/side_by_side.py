"""Span Studio against the original tools and against its own parse floor (make bench).

Whole-process CPU time (user + system) of each command on one core: every child is pinned
to CPU 0 before it starts (as `taskset -c 0` does), so a second core neither helps nor
hides anything. The original, Span Studio and the parse floor — a process that merely
reads and parses the same inputs with Span Studio's own parser and compares nothing — run
in turn, `runs` rounds, so that each ratio is measured on paired runs at the same moment.

The originals are not part of this project. `SPANSTUDIO_ORIGINALS=DIR` points at a folder
that holds them; without it (or without the file) the original's time and the ratio are
left out, never guessed:

    DIR/faireval/FairEval.py       github.com/katrinortmann/FairEval, src/FairEval.py (commit
                                   a6172f2, specs/faireval.md; README's series of the twentieth
                                   part ran a later copy, SFB1102/C6-classig-pipeline's at
                                   7dd608c, whose outputs equal the conformance files')
    DIR/starsem/eval.cd-sco.pl     eval.cd-sco.pl v2.2 (specs/starsem.md names a public copy),
                                   `use strict` switched off as for the conformance outputs
    DIR/poetry/evaluate_poetry_spans.py   corppa's evaluation script (commit aac55bf, or
                                   cb7520f: the same CSV files byte for byte), with the
                                   Span class of its core.py in a package beside it
    DIR/propara/evaluator.py       aristo-leaderboard's propara/evaluator folder (or the copy
                                   ytyz1307zzh/KOALA vendors, which aborts on testfiles-5 as
                                   the conformance data expects)
    DIR/clueval/bin/cluevaluate    CLUEval's script (its `clueval` package installed for DIR/python)

They run with this interpreter unless DIR/python is an executable (for instance a script that
runs a venv's python with the originals' own dependencies: orjsonl, xopen and tqdm for
poetry; pandas, networkx and openpyxl for CLUEval).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ORIGINAL_FILES = {
    "faireval": "faireval/FairEval.py",
    "starsem": "starsem/eval.cd-sco.pl",
    "poetry": "poetry/evaluate_poetry_spans.py",
    "propara": "propara/evaluator.py",
    "clueval": "clueval/bin/cluevaluate",
}

#: Each method's parse floor: Python that reads and parses the files named on its command
#: line with the engine's own reader, as the method's run does, and compares nothing.
#: "starsem-blocks" is *SEM's floor until 4 December: its files split into sentences only
#: (the other floors split every line into its fields, or make the spans).
FLOORS = {
    "faireval": """import sys
from engine.methods.faireval.batch import Codes
from engine.methods.faireval.reading import FileReader
codes = Codes()
for path in sys.argv[1:]:
    reader = FileReader(path, [], False, codes)
    reader.spans(reader.sentences)
""",
    "poetry": """import sys
from engine.formats.poetry_jsonl import REFERENCE, SYSTEM
from engine.methods.poetry.reading import Codes, read_pages
codes = Codes()
for path, layout in zip(sys.argv[1:], (REFERENCE, SYSTEM)):
    read_pages(path, layout, False, codes)
""",
    "starsem": """import sys
from engine.methods.starsem.files import Input, plain_flags, read_bytes, walk
from engine.methods.starsem.model import regular_columns
gold, system = sys.argv[1:]
golds = Input(gold, read_bytes(gold)).blocks()  # the skeletons of one file only, as every mode reads them
systems = Input(system, read_bytes(system)).blocks(skeletons=False)
for i in walk(plain_flags(golds, systems, strip=True))[1]:  # the sentences a run splits into cells
    regular_columns(golds.texts[i], True)  # (a sentence the same text in both files and without
    if systems.texts[i] != golds.texts[i]:  # negation is only counted, as in a run)
        regular_columns(systems.texts[i], True)
""",
    "starsem-blocks": """import sys
from engine.methods.starsem.files import Input, read_bytes
gold, system = sys.argv[1:]  # sentence blocks only: no sentence split into its cells
Input(gold, read_bytes(gold)).blocks()
Input(system, read_bytes(system)).blocks(skeletons=False)
""",
    "propara": """import sys
from engine.formats.propara_actions import Reader, Strings, location_strings
names, locations = Strings(), location_strings()  # shared by both files, as in a run
for path in sys.argv[1:]:
    Reader(path, None, names, locations).read()
""",
    "clueval": """import sys
from engine.formats.vrt import VrtLayout, read_vrt
layers, token_id, doc_id, domain = (None if v == "-" else int(v) for v in sys.argv[1:5])
for path in sys.argv[5:]:
    read_vrt(path, VrtLayout(layers, token_id, doc_id, domain))
""",
}


def original(method: str) -> Path | None:
    """The original tool's script under SPANSTUDIO_ORIGINALS, when it is there."""
    folder = os.environ.get("SPANSTUDIO_ORIGINALS")
    if not folder:
        return None
    path = Path(folder) / ORIGINAL_FILES[method]
    return path if path.is_file() else None


def original_python() -> str:
    """The interpreter that runs the Python originals."""
    folder = os.environ.get("SPANSTUDIO_ORIGINALS", "")
    candidate = Path(folder) / "python"
    return str(candidate) if folder and os.access(candidate, os.X_OK) else sys.executable


def ours(*args: str | Path) -> list[str]:
    """Span Studio's command line, as the `spanstudio` script runs it."""
    return [sys.executable, "-m", "engine", *map(str, args)]


def floor(method: str, *args: str | Path) -> list[str]:
    """The parse floor's command line: FLOORS[method] over `args`."""
    return [sys.executable, "-c", FLOORS[method], *map(str, args)]


def _on_cpu_0() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})


def cpu_seconds(command: Sequence[str | Path], cwd: Path | None = None) -> tuple[float, str]:
    """CPU seconds of one run of `command` on CPU 0 (it must succeed), and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                          preexec_fn=_on_cpu_0)  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise AssertionError(f"{command[:4]} failed ({done.returncode}): {done.stderr[-2000:]}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout


@dataclass
class Comparison:
    """Paired runs of one case: the original (if any), Span Studio and the parse floor."""

    title: str
    ours: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)
    lower_floor: list[float] = field(default_factory=list)  # a second, lesser floor (if any)
    original: list[float] = field(default_factory=list)
    outputs: dict[str, str] = field(default_factory=dict)

    def line(self) -> str:
        """One line of the bench output: ranges over the runs, the ratios of paired runs."""
        text = f"  {self.title}: Span Studio {_range(self.ours)} s CPU"
        text += f", parse floor {_range(self.floor)} s (Span Studio = {_ratios(self.ours, self.floor)}× the floor)"
        if self.lower_floor:
            text += f" [{_range(self.lower_floor)} s, {_ratios(self.ours, self.lower_floor)}×, reading without cells]"
        if self.original:
            text += f"; original {_range(self.original)} s → {_ratios(self.original, self.ours)}× less CPU"
        else:
            text += "; original: not run (set SPANSTUDIO_ORIGINALS)"
        return text

    def ratio(self) -> float | None:
        """The median of the paired ratios original ÷ Span Studio (None without the original)."""
        if not self.original:
            return None
        pairs = sorted(o / s for o, s in zip(self.original, self.ours, strict=True))
        return pairs[len(pairs) // 2]


def compare(title: str, ours_command: Sequence[str | Path], floor_command: Sequence[str | Path],
            original_command: Sequence[str | Path] | None = None, runs: int = 3,
            cwd: Path | None = None, before: Callable[[str], None] | None = None,
            lower_floor: Sequence[str | Path] | None = None) -> Comparison:  # fmt: skip
    """Run the three commands in turn (and `lower_floor`'s, if given), `runs` rounds, after
    one warm-up run of ours; the last output of each is kept (`outputs`) for the caller to
    check. `before(who)` runs before each run of "original" and "ours" (to remove an output
    file, say)."""
    result = Comparison(title)
    prepare = before or (lambda who: None)
    prepare("ours")
    cpu_seconds(ours_command, cwd)
    for _ in range(runs):
        if original_command is not None:
            prepare("original")
            seconds, result.outputs["original"] = cpu_seconds(original_command, cwd)
            result.original.append(seconds)
        prepare("ours")
        seconds, result.outputs["ours"] = cpu_seconds(ours_command, cwd)
        result.ours.append(seconds)
        result.floor.append(cpu_seconds(floor_command, cwd)[0])
        if lower_floor is not None:
            result.lower_floor.append(cpu_seconds(lower_floor, cwd)[0])
    print(result.line())
    return result


def _range(values: list[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:.2f}" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f}–{high:.2f}"


def _ratios(numerators: list[float], denominators: list[float]) -> str:
    ratios = sorted(n / d for n, d in zip(numerators, denominators, strict=True))
    low, high = ratios[0], ratios[-1]
    return f"{low:.1f}" if f"{low:.1f}" == f"{high:.1f}" else f"{low:.1f}–{high:.1f}"
