"""starsem on both cores (halves.py): an input read in two halves, the second in a forked
child, gives what one pass gives — numbers, warnings and the first error in file order —
in every mode; a child that fails is replaced by this process, and a cancelled run ends
its child."""

from __future__ import annotations

import os
import random
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings

from engine import cores
from engine.errors import Cancelled, InputError
from engine.methods.starsem import Options, StarSem, counting, files, halves
from engine.progress import Progress
from tests.engine.starsem_data import document, neg, sentence, write
from tests.engine.test_starsem_reference import corpora

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="halves fork on Linux only")

MODES = ("default", "starsem-exact", "extended")
WORDS = ["He", "did", "not", "come", "."]


@pytest.fixture
def forks(monkeypatch):
    """Halve inputs of any size (also while other tests' threads run) and read the
    windows in small chunks; the pids of the children started."""
    started: list[int] = []
    fork = cores.Beside._fork

    def counted(self):
        fork(self)
        started.append(self.pid)

    monkeypatch.setattr(halves, "MIN_BYTES", 0)
    monkeypatch.setattr(files, "CHUNK", 64)
    monkeypatch.setattr(cores, "can_fork", lambda: True)
    monkeypatch.setattr(cores.Beside, "_fork", counted)
    return started


def _outcome(gold, system, mode: str, progress: Progress | None = None) -> dict:
    """The report's data (without the text), its warnings, or the input error."""
    try:
        report = StarSem().evaluate(str(gold), str(system), Options(mode), progress or Progress(), detail=False)
    except InputError as err:
        return {"error": str(err)}
    return {"data": {k: v for k, v in report.data.items() if k != "_text"}, "messages": report.messages}


def _both_ways(monkeypatch, gold, system, mode: str) -> tuple[dict, dict]:
    """(in halves, in one pass)."""
    halved = _outcome(gold, system, mode)
    with monkeypatch.context() as m:
        m.setattr(cores, "can_fork", lambda: False)
        single = _outcome(gold, system, mode)
    return halved, single


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=corpora())
def test_halves_give_what_one_pass_gives(tmp_path_factory, monkeypatch, forks, corpus):
    tmp = tmp_path_factory.mktemp("halves")
    gold, system = write(tmp, "g.txt", corpus[0]), write(tmp, "s.txt", corpus[1])
    halved = files.halve(files.Part(str(gold), gold.read_bytes()), files.Part(str(system), system.read_bytes()))
    for mode in MODES:
        forks.clear()
        halves_outcome, single = _both_ways(monkeypatch, gold, system, mode)
        assert halves_outcome == single
        assert len(forks) == (halved is not None)


def _sentences(count: int) -> list[str]:
    return [sentence(WORDS, [neg({2: "not"}, {0: "He", 1: "did", 3: "come"}, {3: "come"})], n)
            for n in range(count)]  # fmt: skip


@pytest.mark.parametrize("mode", MODES)
def test_a_large_input_is_split_and_counted_once(tmp_path, monkeypatch, forks, mode):
    gold = _sentences(12)
    system = list(gold)
    system[9] = sentence(WORDS, [neg({2: "not"}, {0: "He"}, {3: "come"})], 9)
    system[3] = sentence(WORDS, [], 3)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    halved, single = _both_ways(monkeypatch, g, s, mode)
    assert len(forks) == 1
    assert halved == single and "data" in halved


def test_the_first_error_in_file_order_wins(tmp_path, monkeypatch, forks):
    gold = _sentences(12)
    system = list(gold)
    system[2] = system[2].replace("\tcome\t", "\tcame\t", 1)  # columns 1-4 differ (first half)
    system[10] = system[10].replace("\t*\tnot\t", "\t*\t_\t", 1)  # a negation without cue (second half)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    for mode in MODES:
        halved, single = _both_ways(monkeypatch, g, s, mode)
        assert halved == single and "s.txt:" in halved["error"]
    assert len(forks) == 3
    assert "s.txt:16:" in _outcome(g, s, "default")["error"]


def test_an_error_in_the_second_half_alone(tmp_path, monkeypatch, forks):
    gold = _sentences(12)
    system = list(gold)
    system[10] = system[10].replace("\t*\tnot\t", "\t*\t_\t", 1)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    for mode in ("default", "starsem-exact"):
        halved, single = _both_ways(monkeypatch, g, s, mode)
        assert forks and halved == single == {"error": f"{s}:61: expected a cue in negation 1 (columns 8-10) of the "
                                             "sentence starting here, found none"}  # fmt: skip


def test_an_earlier_pass_of_the_second_half_fails_first_in_exact_mode(tmp_path, monkeypatch, forks):
    """v2.2 checks the alignment of the whole input (pass 1) before it reads a sentence
    (pass 3): a pass-1 error in the second half beats a pass-3 error in the first."""
    gold = _sentences(12)
    system = list(gold)
    system[1] = system[1].replace("\t*\tnot\t", "\t*\t_\t", 1)  # pass 3: a negation without cue
    system[10] = system[10].replace("\tcome\t", "\tcame\t", 1)  # pass 1: columns 1-4 differ
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    halved, single = _both_ways(monkeypatch, g, s, "starsem-exact")
    assert forks and halved == single
    assert "in columns 1-4 as on GOLD line 64" in halved["error"]


@pytest.mark.parametrize("later", ["\tcame\t", "\t*\tnot\t_\t"], ids=["pass 1", "pass 2"])
def test_passes_1_and_2_made_in_pass_3_still_fail_first(tmp_path, monkeypatch, forks, later):
    """In a window, passes 1 and 2 are made sentence by sentence in pass 3: a later
    sentence's pass-1 or pass-2 error still beats an earlier pass-3 error."""
    gold = _sentences(12)
    system = list(gold)
    system[1] = system[1].replace("\t*\tnot\t", "\t*\t_\t", 1)  # pass 3: a negation without cue
    system[4] = system[4].replace("\tcome\t" if "came" in later else "\t*\tnot\t", later, 1)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    halved, single = _both_ways(monkeypatch, g, s, "starsem-exact")
    assert forks and halved == single
    line = int(halved["error"].removeprefix(f"{s}:").split(":")[0])
    assert 4 * 6 < line <= 5 * 6 and "cue" not in halved["error"]  # sentence 5's


def test_a_failing_child_is_replaced_by_this_process(tmp_path, monkeypatch, forks):
    monkeypatch.setattr(cores.Beside, "_child", lambda self, pipe: os._exit(3))
    gold = _sentences(12)
    system = list(gold)
    system[9] = sentence(WORDS, [neg({2: "not"})], 9)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    for mode in MODES:
        halved, single = _both_ways(monkeypatch, g, s, mode)
        assert halved == single and "data" in halved
    assert len(forks) == 3


def _reaped(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_cancelling_while_the_child_works_ends_it(tmp_path, monkeypatch, forks):
    child = cores.Beside._child

    def slow(self, pipe):
        time.sleep(30)
        child(self, pipe)

    monkeypatch.setattr(cores.Beside, "_child", slow)
    text = document(*_sentences(12))
    g, s = write(tmp_path, "g.txt", text), write(tmp_path, "s.txt", text)
    progress = Progress()
    progress.cancel()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        StarSem().evaluate(str(g), str(s), Options("default"), progress, detail=False)
    assert time.monotonic() - started < 5
    assert len(forks) == 1 and _reaped(forks[0])


def test_cancelling_in_this_process_ends_the_child(tmp_path, forks):
    text = document(*_sentences(12))
    g, s = write(tmp_path, "g.txt", text), write(tmp_path, "s.txt", text)
    progress = Progress(lambda fraction, message: progress.cancel())  # cancelled at the first report
    with pytest.raises(Cancelled):  # reading reports, scoring finds the run cancelled
        StarSem().evaluate(str(g), str(s), Options("starsem-exact"), progress, detail=False)
    assert len(forks) == 1 and _reaped(forks[0])


def test_small_inputs_and_detail_runs_stay_in_one_process(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(cores, "can_fork", lambda: True)  # only the size and the detail decide
    monkeypatch.setattr(cores.Beside, "_fork", lambda self: started.append(self))
    text = document(*_sentences(12))
    g, s = write(tmp_path, "g.txt", text), write(tmp_path, "s.txt", text)
    StarSem().evaluate(str(g), str(s), Options("default"), detail=False)  # below MIN_BYTES
    monkeypatch.setattr(halves, "MIN_BYTES", 0)
    StarSem().evaluate(str(g), str(s), Options("default"), detail=True)  # the detail view
    assert started == []


def _halves_of(gold: str, system: str) -> tuple[tuple[str, str], tuple[str, str]] | None:
    parts = files.halve(files.Part("g", gold.encode()), files.Part("s", system.encode()))
    if parts is None:
        return None
    return tuple(tuple(p.data[p.start : p.stop].decode() for p in pair) for pair in parts)  # type: ignore[return-value]


def test_files_are_cut_at_the_same_sentence():
    gold = _sentences(12)
    system = list(gold)
    system[1] = sentence(WORDS, [neg({2: "not"}, {0: "He", 1: "did", 3: "come"}, {3: "come"})] * 3, 1)
    system[2] = sentence(WORDS, [], 2)
    cut = _halves_of(document(*gold), document(*system))
    assert cut is not None
    (g1, s1), (g2, s2) = cut
    before = g1.count("\n\n") + 1  # sentences in the first window
    first = f"story\t{before}\t0\t"  # the first token of the second window
    assert s1.count("\n\n") + 1 == before > 3 and g2.startswith(first) and s2.startswith(first)
    assert (g1 + "\n\n" + g2, s1 + "\n\n" + s2) == (document(*gold), document(*system))


def test_a_cut_found_by_its_tokens_is_checked_by_the_readers(tmp_path, monkeypatch, forks):
    """SYSTEM repeats the sentence before GOLD's cut: its empty line between the same
    tokens as GOLD's cut follows one sentence more, and the first windows would pair
    without an error. Each mode's reader finds that the first windows hold different
    numbers of sentences, and the files are read whole: the error of one pass."""
    gold = _sentences(12)
    before = _halves_of(document(*gold), document(*gold))[0][0].count("\n\n") + 1  # type: ignore[index]
    system = gold[:before] + gold[before - 1 : before] + gold[before:]
    (g1, s1), (g2, s2) = _halves_of(document(*gold), document(*system))  # type: ignore[misc]
    assert g2 == s2 and s1.count("\n\n") == g1.count("\n\n") + 1
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    for mode in MODES:
        halved, single = _both_ways(monkeypatch, g, s, mode)
        assert halved == single and "error" in halved, mode
    assert len(forks) == 3


def test_a_cut_without_the_same_tokens_is_found_by_counting():
    """SYSTEM names another chapter: its cut is the empty line after as many sentences."""
    gold = _sentences(12)
    system = [text.replace("story", "tale") for text in gold]
    cut = _halves_of(document(*gold), document(*system))
    assert cut is not None
    (g1, s1), (g2, s2) = cut
    assert s1.count("\n\n") == g1.count("\n\n") and s2 == g2.replace("story", "tale")


@pytest.mark.parametrize(
    "change",
    [
        lambda text: "\n" + text,  # a blank line first
        lambda text: text.replace("\n", "\r\n"),  # CR LF
        lambda text: text.replace("He", "Hé"),  # not ASCII
        lambda text: text.replace("\n\n", "\n\n\n"),  # no single empty line near the middle
        lambda text: text[: text.index("\n\n") + 2] + text[text.index("\n\n") + 2 :].replace("\n\n", "\n"),
    ],
)
def test_files_are_cut_only_where_windows_read_like_the_file(change):
    text = document(*_sentences(12))
    assert _halves_of(text, text) is not None
    assert _halves_of(change(text), text) is None and _halves_of(text, change(text)) is None


@pytest.mark.parametrize("mode", MODES)
def test_a_half_that_needs_the_whole_files_reads_them_whole(tmp_path, monkeypatch, forks, mode):
    """A doubled empty line in the second half (v2.2's files are then read line by line;
    the extended script's numbers of sentences differ, with the line of blanks named)."""
    gold = _sentences(12)
    system = list(gold)
    system[10] = system[10].replace("\n", "\n\n", 1)
    gold[9] = gold[9].replace("\n", "\n \n", 1)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    halved, single = _both_ways(monkeypatch, g, s, mode)
    assert forks and halved == single


@pytest.fixture
def streams(monkeypatch):
    """Per window read in this process: whether it was read batch by batch."""
    streamed: list[bool] = []
    stream = counting.Counting._stream

    def recorded(self, progress):
        streamed.append(stream(self, progress))
        return streamed[-1]

    monkeypatch.setattr(counting.Counting, "_stream", recorded)
    return streamed


@pytest.mark.parametrize("mode", MODES)
def test_regular_windows_are_read_batch_by_batch(tmp_path, monkeypatch, forks, streams, mode):
    monkeypatch.setattr(cores.Beside, "_child", lambda self, pipe: os._exit(3))  # both halves here
    gold = _sentences(12)
    system = list(gold)
    system[9] = sentence(WORDS, [neg({2: "not"}, {0: "He"}, {3: "come"})], 9)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    halved, single = _both_ways(monkeypatch, g, s, mode)
    assert halved == single and "data" in halved
    assert streams == [True, True, False]  # the two windows, then the whole files (one pass)


@pytest.mark.parametrize("mode", MODES)
def test_a_window_that_must_be_read_whole_after_all_counts_each_sentence_once(tmp_path, monkeypatch, forks,
                                                                              streams, mode):  # fmt: skip
    """SYSTEM goes on after GOLD's last sentence (a warning, but an error in extended
    mode): found when the second window's sentences were counted batch by batch (in
    --starsem-exact the files are then read whole)."""
    monkeypatch.setattr(cores.Beside, "_child", lambda self, pipe: os._exit(3))
    gold = _sentences(12)
    system = [*gold, *_sentences(2)]
    system[9] = sentence(WORDS, [neg({2: "not"})], 9)
    g, s = write(tmp_path, "g.txt", document(*gold)), write(tmp_path, "s.txt", document(*system))
    halved, single = _both_ways(monkeypatch, g, s, mode)
    assert halved == single
    assert ("data" in halved) == (mode != "extended")
    assert streams[:2] == [True, False]


@pytest.mark.parametrize("system_side", ["plain", "negated"])
def test_the_last_sentence_in_a_batch_of_its_own_inherits_from_the_one_before(tmp_path, monkeypatch, forks,
                                                                               system_side):  # fmt: skip
    """--starsem-exact: a last sentence of one line without a final LF is not collected
    and inherits the instance counts of the sentence before it (§3.8.4), also when that
    one was in the batch before (each batch is one sentence here): GOLD's negation is
    then missed; SYSTEM's negation makes v2.2 abort."""
    gold = _sentences(12)
    system = list(gold)
    system[11] = sentence(WORDS, [] if system_side == "plain" else [neg({2: "not"})], 11)
    last = sentence(["End"], [], 12)
    g = write(tmp_path, "g.txt", document(*gold, last, final_blank=False).removesuffix("\n"))
    s = write(tmp_path, "s.txt", document(*system, last, final_blank=False).removesuffix("\n"))
    halved, single = _both_ways(monkeypatch, g, s, "starsem-exact")
    assert len(forks) == 1 and halved == single
    assert ("data" in halved) == (system_side == "plain")


def test_a_last_sentence_after_one_only_counted_inherits_nothing(tmp_path, monkeypatch, forks, streams):
    """--starsem-exact: after a sentence without negation on either side (only counted,
    in a batch of its own), the last sentence of one line inherits nothing, although
    the one before that has SYSTEM negations (which would make v2.2 abort): no error,
    and both windows are read batch by batch, not whole after all."""
    monkeypatch.setattr(cores.Beside, "_child", lambda self, pipe: os._exit(3))  # both halves here
    gold = _sentences(12)
    system = list(gold)
    gold[11] = system[11] = sentence(WORDS, [], 11)
    last = sentence(["End"], [], 12)
    g = write(tmp_path, "g.txt", document(*gold, last, final_blank=False).removesuffix("\n"))
    s = write(tmp_path, "s.txt", document(*system, last, final_blank=False).removesuffix("\n"))
    halved, single = _both_ways(monkeypatch, g, s, "starsem-exact")
    assert halved == single and "data" in halved
    assert streams == [True, True, False]  # the two windows, then the whole files (one pass)


def _random_negation(rnd, words: list[str]) -> dict:
    cue = {rnd.randrange(len(words)): rnd.choice(["not", "never", "un", "no"])}
    scope = {i: w for i, w in enumerate(words) if rnd.random() < 0.4}
    event = {i: words[i] for i in list(scope)[:1]} if rnd.random() < 0.5 else {}
    return neg(cue, scope, event)


def _random_pair(rnd) -> tuple[list[str], list[str]]:
    """GOLD and SYSTEM sentences: SYSTEM the same, without negation or with others."""
    vocabulary = ["He", "did", "not", "come", ",", "never", "unhappy", "Mr.", "."]
    gold, system = [], []
    for number in range(rnd.randint(6, 30)):
        words = vocabulary[: rnd.randint(2, len(vocabulary))]
        gold.append(sentence(words, [_random_negation(rnd, words) for _ in range(rnd.choice([0, 0, 1, 1, 2]))], number))
        chance = rnd.random()
        negations = [] if chance < 0.75 else [_random_negation(rnd, words) for _ in range(rnd.choice([1, 2]))]
        system.append(gold[-1] if chance < 0.5 else sentence(words, negations, number))
    return gold, system


def _damaged(rnd, sentences: list[str]) -> None:
    """One line of one sentence made wrong in one of the ways input goes wrong."""
    j = rnd.randrange(len(sentences))
    lines = sentences[j].split("\n")
    i = rnd.randrange(len(lines))
    lines[i] = rnd.choice([lines[i] + "\t", lines[i].replace("\t_", "\t", 1), "", "  ",
                           lines[i].replace("not", "nut", 1), lines[i].rsplit("\t", 3)[0]])  # fmt: skip
    sentences[j] = "\n".join(lines)


def test_halves_read_batch_by_batch_give_what_one_pass_gives(tmp_path, monkeypatch, forks, streams):
    """Generated documents, regular or with one damaged line (then some windows are read
    whole), in batches of a sentence or two: the outcome of one pass, in every mode."""
    rnd = random.Random(17)
    streamed = 0
    for case in range(40):
        gold, system = _random_pair(rnd)
        if case % 2:
            _damaged(rnd, system if rnd.random() < 0.7 else gold)
        if case % 5 == 4:  # a sentence more in one file
            (system if rnd.random() < 0.5 else gold).append(sentence(["End", "."], [], 99))
        final = rnd.random() < 0.7
        g = write(tmp_path, "g.txt", document(*gold, final_blank=final))
        s = write(tmp_path, "s.txt", document(*system, final_blank=final))
        for mode in MODES:
            streams.clear()
            halved, single = _both_ways(monkeypatch, g, s, mode)
            assert halved == single, (case, mode)
            streamed += bool(streams and streams[0])
    assert streamed > 80
