"""Mutated real inputs for the fuzz tests and `make fuzz` (issue 20).

A mutant is a real file (conformance data, format samples) with a few edits of the
kinds real files go wrong in: characters and lines dropped, doubled or swapped, noise
inserted (TAB, quotes, braces, huge and negative numbers, NUL, a byte 0xFF, a
byte-order mark), the final newline dropped, line ends turned into lone CRs, a line over
64 KiB. `python -m tests.fuzzing [N]` (`make fuzz`) runs N mutants across every method
through engine.cli.main and lists every traceback, multi-line error and hang.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import random
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import CONFORMANCE, SHARED

KINDS = ("drop_bytes", "insert", "swap_lines", "duplicate_line", "drop_line", "truncate", "digits",
         "no_final_newline", "cr_only", "long_line")  # fmt: skip
NOISE = [b"\t", b" ", b"\n", b"x", b"-1", b"0", b"999999999", b"99999999999999999999999", b"1e309", b"NaN",
         b"_", b"B-", b"I-X", b"|", b"{", b"}", b"[", b'"', b",", b":", b"\xc3\xa9", b"\r", b"\x00", b"\xff",
         b"\xef\xbb\xbf", b"***", b"NONE", b"null", b"<s>", b"</text>", b"#", b"=1+1", b"\x1b[31m"]  # fmt: skip

Edit = tuple[str, float, int]  # kind, where (0..1), which noise


def mutate(data: bytes, edits: list[Edit]) -> bytes:
    """`data` with the edits applied in order."""
    for kind, where, noise in edits:
        data = _edit(data, kind, where, NOISE[noise % len(NOISE)])
    return data


def _edit(data: bytes, kind: str, where: float, noise: bytes) -> bytes:
    at = int(where * len(data))
    lines = data.split(b"\n")
    i = min(int(where * len(lines)), len(lines) - 1)
    if kind == "drop_bytes":
        return data[:at] + data[at + 1 + int(where * 1000) % 16 :]
    if kind == "insert":
        return data[:at] + noise + data[at:]
    if kind == "swap_lines":
        j = (i * 7 + 3) % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "duplicate_line":
        lines.insert(i, lines[i])
    elif kind == "drop_line":
        del lines[i]
    elif kind == "truncate":
        return data[: max(1, at)]
    elif kind == "digits":
        lines[i] = bytes(b if not 48 <= b <= 57 else 48 + (b * 7 + i) % 10 for b in lines[i])
        return b"\n".join(lines) + (noise if noise[:1].isdigit() else b"")
    elif kind == "no_final_newline":
        return data.rstrip(b"\r\n")
    elif kind == "cr_only":
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    elif kind == "long_line":
        lines.insert(i, b"x" * (70 << 10))
    return b"\n".join(lines)


def random_edits(rnd: random.Random, steps: int) -> list[Edit]:
    return [(rnd.choice(KINDS), rnd.random(), rnd.randrange(len(NOISE))) for _ in range(steps)]


# --- the cases: every method on a pair of real files -----------------------------------


@dataclass(frozen=True)
class Case:
    """A method's command line over a pair of real files ({gold}, {system}, {out} filled in)."""

    name: str
    args: tuple[str, ...]
    gold: Path
    system: Path
    lines: int = 80  # how much of each file a mutant keeps (small files, quick runs)
    suffix: str = ""  # the mutants' file name ending (default: the gold file's)

    def head(self, path: Path) -> bytes:
        return b"".join(path.read_bytes().splitlines(keepends=True)[: self.lines])


def cases() -> list[Case]:
    fe, po = CONFORMANCE / "faireval" / "data", CONFORMANCE / "poetry" / "quirks"
    st, pp, cl = CONFORMANCE / "starsem", CONFORMANCE / "propara" / "testfiles-3", CONFORMANCE / "clueval" / "data"
    example = Path(__file__).resolve().parent.parent / "resources" / "examples" / "faireval"
    conll = SHARED / "format-samples" / "conll" / "flair-fashion" / "eng.testa"  # CoNLL columns, BIO tags
    return [
        Case("faireval", ("faireval", "{gold}", "{system}"), fe / "target" / "ner_spans.csv", fe / "system" / "ner_spans.csv"),
        Case("faireval-conll", ("faireval", "{gold}", "{system}", "--ignore-punct"), example / "gold.conll",
             example / "system.conll"),
        Case("poetry", ("poetry", "{gold}", "{system}", "{out}"), po / "ref.jsonl", po / "sys.jsonl", 12),
        Case("starsem", ("starsem", "-g", "{gold}", "-s", "{system}"), st / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt",
             st / "dev.mixed.system.txt", 120),
        Case("starsem-exact", ("starsem", "-g", "{gold}", "-s", "{system}", "--starsem-exact"),
             st / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", st / "dev.mixed.system.txt", 120),
        Case("propara", ("propara", "-a", "{gold}", "-p", "{system}"), pp / "answers.tsv", pp / "predictions.tsv"),
        Case("clueval", ("clueval", "{gold}", "{system}", "-e"), cl / "reference-short.bio", cl / "candidate-short.bio"),
        Case("spans", ("spans", "{gold}", "{system}"), conll, conll, suffix=".conll"),
        Case("nervaluate", ("nervaluate", "{gold}", "{system}"), conll, conll, suffix=".conll"),
    ]  # fmt: skip


@dataclass
class Outcome:
    code: int
    err: str
    seconds: float
    traceback: str = ""

    def problem(self) -> str | None:
        """What is wrong with this run (None: a result or one clean error line)."""
        if self.traceback:
            return "traceback"
        if self.code not in (0, 2) or "internal error" in self.err:
            return "internal error"
        if self.code == 2 and (self.err.count("\n") != 1 or not self.err.startswith("spanstudio: error: ")):
            return "multi-line error"
        return None


class Hang(BaseException):
    """A run took longer than the time bound."""


@contextlib.contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread once `seconds` have passed."""

    def hang(signum: int, frame: Any) -> None:
        raise Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(args: list[str], seconds: float = 30.0) -> Outcome:
    """engine.cli.main in this process, its standard output and error captured."""
    import traceback

    from engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    try:
        with time_bound(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    except Hang:
        return Outcome(-1, err.getvalue(), time.perf_counter() - start, "hang")
    except BaseException:  # noqa: BLE001 - anything escaping main is what we look for
        return Outcome(-1, err.getvalue(), time.perf_counter() - start, traceback.format_exc())
    return Outcome(code, err.getvalue(), time.perf_counter() - start)


def run_mutant(case: Case, gold: bytes, system: bytes, folder: Path, seconds: float = 30.0) -> Outcome:
    """The case's command on these file contents (plus --json, and --xlsx now and then)."""
    suffix = case.suffix or case.gold.suffix or ".txt"
    paths = {"gold": folder / f"gold{suffix}", "system": folder / f"system{suffix}", "out": folder / "out.csv"}
    paths["gold"].write_bytes(gold)
    paths["system"].write_bytes(system)
    args = [a.format(**{k: str(v) for k, v in paths.items()}) for a in case.args]
    return run_cli([*args, "--json", str(folder / "r.json")], seconds)


# --- the readers: every format module ----------------------------------------------------


def format_modules() -> list[str]:
    """Every format module the engine names (those not written yet left out)."""
    from engine import formats

    names = [*formats.FORMAT_MODULES, *getattr(formats, "SPAN_FORMAT_MODULES", ())]
    found = []
    for name in names:
        try:
            importlib.import_module(f"engine.formats.{name}")
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


def _method_reader(method: str, role: str, partner: Path, **options: Any) -> Callable[[str], Any]:
    """A reader of a format the engine reads through a method: the method run on the file
    in `role` against a real file in the other role."""

    def read(path: str) -> Any:
        from engine.methods import get_method

        m = get_method(method)
        gold, system = (path, str(partner)) if role == "gold" else (str(partner), path)
        return m.evaluate(gold, system, m.Options(**options), detail=True)

    return read


def _function_reader(module: str, function: str) -> Callable[[str], Any]:
    def read(path: str) -> Any:
        return getattr(importlib.import_module(f"engine.formats.{module}"), function)(path)

    return read


def legacy_readers() -> dict[str, tuple[Callable[[str], Any], list[Path]]]:
    """The original tools' formats (read by their methods) with their sample files."""
    by_name = {c.name: c for c in cases()}
    fe, conll, po = by_name["faireval"], by_name["faireval-conll"], by_name["poetry"]
    st, pp, cl = by_name["starsem"], by_name["propara"], by_name["clueval"]
    sentences = CONFORMANCE / "propara" / "data"
    return {
        "faireval_spans": (_method_reader("faireval", "gold", fe.system), [fe.gold]),
        "conll2000": (_method_reader("faireval", "gold", conll.system), [conll.gold]),
        "poetry_jsonl": (_method_reader("poetry", "gold", po.system), [po.gold]),
        "cdsco": (_method_reader("starsem", "system", st.gold), [st.system]),
        "propara_actions": (_method_reader("propara", "system", pp.gold), [pp.system]),
        "propara_sentences": (_function_reader("propara_sentences", "read_sentences"),
                              [sentences / "dev" / "sentences.tsv"]),
        "vrt": (_method_reader("clueval", "gold", cl.system), [cl.gold]),
        "token_text": (_function_reader("token_text", "read_sentences"), [conll.gold]),
        "inception_project": (_curation, [PROJECT_SAMPLE]),
    }  # fmt: skip


#: An INCEpTION project export: tests/data/formats/inception-project/SOURCES.md says how it was built.
PROJECT_SAMPLE = Path(__file__).resolve().parent / "data" / "formats" / "inception-project" / "project.zip"


def _curation(path: str) -> Any:
    """An INCEpTION project export read as the gold of the span methods (its curation)."""
    from engine.formats.inception_project import read
    from engine.formats.standoff import ReadOptions

    return read(path, ReadOptions())


def span_format_samples(module: Any) -> list[Path]:
    """The format samples of an annotation tool's format: the files with one of the
    module's SUFFIXES in format-samples/NAME/ (or the folder named like its module or the
    last word of its NAME: xmi for uima-xmi), small ones first."""
    stem = module.__name__.rsplit(".", 1)[1]
    suffixes = tuple(getattr(module, "SUFFIXES", ()))
    for folder_name in (module.NAME, stem.replace("_", "-"), module.NAME.split("-")[-1]):
        folder = SHARED / "format-samples" / folder_name
        files = [p for p in sorted(folder.rglob("*")) if p.is_file() and p.name.endswith(suffixes)]
        small = sorted((p for p in files if p.stat().st_size < 200_000), key=lambda p: p.stat().st_size)
        if small:
            return small[:4]
    return []


def reader_of(name: str) -> tuple[Callable[[str], Any], list[Path]] | None:
    """How a format module's files are read, and its samples (None: it names no reader)."""
    module = importlib.import_module(f"engine.formats.{name}")
    legacy = legacy_readers().get(name)
    if hasattr(module, "read"):  # a span reader (an original format's too: vrt, conll2000)
        from engine.formats.standoff import ReadOptions

        samples = span_format_samples(module) or (legacy[1] if legacy else [])
        return (lambda path: module.read(path, ReadOptions())), samples
    return legacy


def mutated_copy(sample: Path, data: bytes, folder: Path) -> Path:
    """The mutant written under its sample's name, beside copies of what the sample needs
    next to it: files of the same stem (a brat .ann's .txt) and type systems (.xml)."""
    for sibling in sample.parent.iterdir():
        if sibling.is_file() and sibling != sample and (sibling.stem == sample.stem or sibling.suffix == ".xml"):
            (folder / sibling.name).write_bytes(sibling.read_bytes())
    target = folder / sample.name
    target.write_bytes(data)
    return target


# --- make fuzz -------------------------------------------------------------------------------


def fuzz(total: int, seed: int = 20) -> int:
    """Run `total` mutants across every method; print each problem; 1 when there was any."""
    rnd = random.Random(seed)
    every = cases()
    problems: dict[str, int] = {"traceback": 0, "internal error": 0, "multi-line error": 0, "hang": 0}
    slowest = 0.0
    for n in range(total):
        case = every[n % len(every)]
        steps = rnd.randint(1, 6)
        side = rnd.choice(["gold", "system", "both"])
        gold, system = case.head(case.gold), case.head(case.system)
        edits = {s: random_edits(rnd, steps) for s in ("gold", "system")}
        if side in ("gold", "both"):
            gold = mutate(gold, edits["gold"])
        if side in ("system", "both"):
            system = mutate(system, edits["system"])
        with tempfile.TemporaryDirectory() as tmp:
            outcome = run_mutant(case, gold, system, Path(tmp))
        slowest = max(slowest, outcome.seconds)
        problem = "hang" if outcome.traceback == "hang" else outcome.problem()
        if problem:
            problems[problem] += 1
            print(f"--- {problem}: mutant {n} of {case.name}, edits {edits if side == 'both' else edits[side]} "
                  f"({side})\n{outcome.traceback or outcome.err}", flush=True)  # fmt: skip
    print(f"make fuzz: {total} mutants across {len(every)} cases; "
          + ", ".join(f"{count} {name}s" for name, count in problems.items())
          + f"; slowest run {slowest:.2f} s")  # fmt: skip
    return 1 if any(problems.values()) else 0


if __name__ == "__main__":
    sys.exit(fuzz(int(sys.argv[1]) if len(sys.argv) > 1 else 3000))
