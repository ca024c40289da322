"""`--extended`: the Bosch extended table (specs/starsem.md §2.2, §3.9, §4.3, §5.2).

A different model from the standard report: token ids are the file's column 3, texts
are punctuation when they hold no word character, and every row keeps tp, fp, fn and
fpx (the false positives that did not already make a false negative). The script's
quirks X1–X7 are reproduced.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from operator import itemgetter
from typing import Any

from .extended_reading import CUE, EVENT, SCOPE, Token, XInstance, XSentence
from .extended_table import Count, percent, row_of

KINDS = (CUE, SCOPE, EVENT)
TOKEN_DETAILS = {
    CUE: ("",),
    SCOPE: ("(full cue)", "(partial cue)", "(no cue)", "(binary labels)", "(full cue, no punct)",
            "(partial cue, no punct)", "(no cue, no punct)", "(binary labels, no punct)"),
    EVENT: ("(full cue)", "(partial cue)", "(no cue)", "(binary labels)"),
}  # fmt: skip
SCOPE_DETAILS = {
    CUE: ("",),
    SCOPE: ("(full cue)", "(partial cue)", "(no cue)", "(full cue, no punct)", "(partial cue, no punct)",
            "(no cue, no punct)"),
    EVENT: ("(full cue)", "(partial cue)", "(no cue)"),
}  # fmt: skip
FULL_DETAILS = ("", "(no punct)")
TITLES = (
    "Token-level scores",
    "Scope-level scores (*SEM 2012's B-scores)",
    "Scope-level scores (*SEM 2012: exclude fp that intersect with fn)",
)
NP = "(no punct)"
NO_CUE_NP = "(no cue, no punct)"

_WORD = re.compile(r"\w")
_TEXT = itemgetter(1)


def is_punct(text: str) -> bool:
    return _WORD.search(text) is None


class _Punct(dict):
    """Text → whether it is punctuation (no word character), remembered."""

    def __missing__(self, text: str) -> bool:
        value = self[text] = is_punct(text)
        return value


class _Same:
    """What the sentences that are the same on both sides add up to, kept apart while
    they are added (ExtendedScorer._add_identical) and added to the rows once, at the end:
    every one of their tokens, lists and labels is a true positive in each of its rows."""

    __slots__ = ("sentences", "instances", "cue_tokens", "scope_lists", "scope_tokens", "scope_words",
                 "scope_binary", "scope_binary_words", "event_lists", "event_tokens",
                 "event_binary")  # fmt: skip

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, 0)


class ExtendedScorer:
    """§3.9 over all sentences."""

    def __init__(self, task: str, record: bool) -> None:
        self.full = "Full " + task
        self.task = task
        self.token = {(k, d): Count() for k in KINDS for d in TOKEN_DETAILS[k]}
        self.scope = {(k, d): Count() for k in KINDS for d in SCOPE_DETAILS[k]}
        self.scope.update({(self.full, d): Count() for d in FULL_DETAILS})
        self._index_rows()
        self.sentences = 0
        self.negation_sentences = 0
        self.correct = {"": 0, NP: 0}
        self.correct_negation = {"": 0, NP: 0}
        self.verdicts: list[dict[str, Any]] | None = [] if record else None
        self.punct = _Punct()
        self.same = _Same()

    def _index_rows(self) -> None:
        """The rows the scoring of a sentence updates, found once (not by key per sentence)."""
        token, scope = self.token, self.scope
        # Per element kind and whether a token is punctuation: the cue-dependent token rows
        # it counts in, with whether the row is a (full cue…) one.
        self.pair_rows = {
            (kind, punct): [(token[(kind, d)], "full" in d) for d in TOKEN_DETAILS[kind]
                            if _cue_dependent(d) and not (punct and "punct" in d)]
            for kind in (SCOPE, EVENT) for punct in (False, True)
        }  # fmt: skip
        # Per family (element kind, or the full negation): its cue-dependent scope-level
        # rows, with whether the row is a (full cue…) one and whether it ignores punctuation.
        self.pair_levels = {
            family: [(scope[(family, d)], "full" in d, "punct" in d) for d in details if "no cue" not in d]
            for family, details in (*((k, SCOPE_DETAILS[k]) for k in KINDS), (self.full, FULL_DETAILS))
        }  # fmt: skip
        self.full_rows = [(scope[(self.full, d)], d) for d in FULL_DETAILS]
        # Per element kind: its cue-independent rows (token level, scope level), and the
        # scopes' (no cue, no punct) and (binary labels…) ones.
        self.free_rows = {kind: (token[(kind, d)], scope[(kind, d)])
                          for kind, d in ((CUE, ""), (SCOPE, "(no cue)"), (EVENT, "(no cue)"))}  # fmt: skip
        self.free_np_rows = token[(SCOPE, NO_CUE_NP)], scope[(SCOPE, NO_CUE_NP)]
        self.binary_rows = {
            SCOPE: (token[(SCOPE, "(binary labels)")], token[(SCOPE, "(binary labels, no punct)")]),
            EVENT: (token[(EVENT, "(binary labels)")], None),
        }
        # Per element kind: the token rows a true positive of an identical sentence counts
        # in (with whether the row counts words only) and its scope-level rows.
        self.identical_rows = {
            kind: ([(token[(kind, d)], "punct" in d) for d in TOKEN_DETAILS[kind] if "binary" not in d],
                   [scope[(kind, d)] for d in SCOPE_DETAILS[kind]])
            for kind in (SCOPE, EVENT)
        }  # fmt: skip

    # --- a sentence --------------------------------------------------------------------

    def add_plain(self, count: int) -> None:
        """Sentences without negation on either side: correct in both variants."""
        self.sentences += count
        self.correct[""] += count
        self.correct[NP] += count

    def add(self, sentence: XSentence) -> None:
        self.sentences += 1
        if not sentence.gold and not sentence.system:
            self.correct[""] += 1
            self.correct[NP] += 1
            return
        gold, system = sentence.gold, list(sentence.system)
        if sentence.gold is sentence.system and all(g.get(CUE) for g in gold):
            self._add_identical(gold)
            for g in gold if self.verdicts is not None else ():  # each instance its own partner
                verdicts = {kind: "TP" if g.get(kind) else None for kind in (SCOPE, EVENT)}
                self._record(sentence, g, g, "TP", True, verdicts)
            return
        self.independent(gold, system)
        if not gold:
            for p in system:
                self.unmatched("fp", p)
                self._record(sentence, None, p, "FP")
            return
        self.negation_sentences += 1
        if not system:
            for g in gold:
                self.unmatched("fn", g)
                self._record(sentence, g, None, "FN")
            return
        ok = {"": True, NP: True}
        for g in gold:
            found, full_cue = _take_partner(g, system)
            if found is None:
                self.unmatched("fn", g)  # the sentence stays correct (X2)
                self._record(sentence, g, None, "FN")
                continue
            flags = {"": full_cue, NP: True}  # the no-punct variant ignores the cue (X3)
            verdicts = {}
            for kind in (SCOPE, EVENT):
                g_tokens, p_tokens = g.get(kind), found.get(kind)
                result = self.pair(g_tokens, p_tokens, kind, full_cue)
                if self.verdicts is not None:
                    verdicts[kind] = _element_verdict(g_tokens, p_tokens, result[""])
                for variant, value in result.items():
                    if not value:
                        flags[variant] = False
            for count, variant in self.full_rows:
                if flags[variant]:
                    count.tp += 1
                else:
                    count.fn += 1
                    count.fp += 1
                    ok[variant] = False
            self._record(sentence, g, found, "TP" if flags[""] else "FN", full_cue, verdicts)
        for p in system:
            ok = {"": False, NP: False}
            self.unmatched("fp", p)
            self._record(sentence, None, p, "FP")
        for variant, value in ok.items():
            if value:
                self.correct[variant] += 1
                self.correct_negation[variant] += 1

    def _add_identical(self, instances: list[XInstance]) -> None:
        """A sentence the same on both sides, every instance with a cue: each instance is
        its own partner (the first free one sharing a cue token) and every token, list
        and label a true positive, in every row (§3.9); counted in `same` (_fold)."""
        same = self.same
        same.sentences += 1
        same.instances += len(instances)
        scope_labels: set[Token] = set()
        event_labels: set[Token] = set()
        for instance in instances:
            elements = instance.elements
            same.cue_tokens += len(elements[CUE])
            tokens = elements.get(SCOPE)
            if tokens:
                same.scope_lists += 1
                same.scope_tokens += len(tokens)
                same.scope_words += self._words(tokens)
                scope_labels.update(tokens)
            tokens = elements.get(EVENT)
            if tokens:
                same.event_lists += 1
                same.event_tokens += len(tokens)
                event_labels.update(tokens)
        same.scope_binary += len(scope_labels)
        same.scope_binary_words += self._words(scope_labels)
        same.event_binary += len(event_labels)

    def _fold(self) -> None:
        """Add what the sentences the same on both sides counted to the rows."""
        same, self.same = self.same, _Same()
        self.negation_sentences += same.sentences
        for variant in ("", NP):
            self.correct[variant] += same.sentences
            self.correct_negation[variant] += same.sentences
        cue_tokens, cue_lists = self.free_rows[CUE]
        cue_tokens.tp += same.cue_tokens
        for count in (cue_lists, *(count for count, _ in self.full_rows)):
            count.tp += same.instances
        # (No event row counts words only, so the events need no count of words.)
        for kind, lists, tokens, words in (
            (SCOPE, same.scope_lists, same.scope_tokens, same.scope_words),
            (EVENT, same.event_lists, same.event_tokens, 0),
        ):
            token_rows, scope_rows = self.identical_rows[kind]
            for count, words_only in token_rows:
                count.tp += words if words_only else tokens
            for count in scope_rows:
                count.tp += lists
        scope_binary, scope_binary_words = self.binary_rows[SCOPE]
        event_binary = self.binary_rows[EVENT][0]
        scope_binary.tp += same.scope_binary
        scope_binary_words.tp += same.scope_binary_words
        event_binary.tp += same.event_binary

    def _words(self, tokens: Collection[Token]) -> int:
        """How many of the tokens are not punctuation."""
        return len(tokens) - sum(map(self.punct.__getitem__, map(_TEXT, tokens)))

    def unmatched(self, kind: str, instance: XInstance) -> None:
        """U(kind, instance): an instance without partner (§3.9)."""
        for family in (SCOPE, EVENT):
            tokens = instance.get(family)
            if not tokens:
                continue
            words = self._words(tokens)
            for punct, number in ((False, words), (True, len(tokens) - words)):
                for count, _ in self.pair_rows[(family, punct)]:
                    _bump(count, kind, number)
            self._unmatched_scope_level(family, kind)
        self._unmatched_scope_level(self.full, kind)

    def _unmatched_scope_level(self, family: str, kind: str) -> None:
        for count, _, _ in self.pair_levels[family]:
            _bump(count, kind)
            if kind == "fp":
                count.fpx += 1

    def pair(self, gold: Sequence[Token], system: Sequence[Token], kind: str,
             full_cue: bool) -> dict[str, bool]:  # fmt: skip
        """B. pair scoring of one element of a matched pair; the full-match flags."""
        flags = {"": True, NP: True}
        if not gold and not system:
            return flags
        punct = self.punct
        left = list(system)
        matched, missed = [0, 0], [0, 0]  # tokens by whether they are punctuation
        for token in gold:
            if token in left:
                left.remove(token)
                matched[punct[token[1]]] += 1
            else:
                missed[punct[token[1]]] += 1
        spurious = [0, 0]  # (the token rows' fpx is printed nowhere: not counted, §3.9)
        for _, text in left:
            spurious[punct[text]] += 1
        if missed[False] or spurious[False]:
            flags[""] = flags[NP] = False
        elif missed[True] or spurious[True]:
            flags[""] = False
        for is_punct in (False, True):
            hit, wrong, lost = matched[is_punct], spurious[is_punct], missed[is_punct]
            if not (hit or wrong or lost):
                continue
            for count, full in self.pair_rows[(kind, is_punct)]:
                if full and not full_cue:  # a match is no true positive without the full cue
                    count.fp += hit + wrong
                    count.fn += hit + lost
                else:
                    count.tp += hit
                    count.fp += wrong
                    count.fn += lost
        for count, full, no_punct in self.pair_levels[kind]:
            match = (flags[NP] if no_punct else flags[""]) and not (full and not full_cue)
            if match:
                count.tp += 1
            else:
                if gold:
                    count.fn += 1
                if system:
                    count.fp += 1
                if not gold:
                    count.fpx += 1
        return flags

    def independent(self, gold: list[XInstance], system: list[XInstance]) -> None:
        """A. cue-independent scoring: Cue, the (no cue…) and (binary labels…) rows."""
        pool: dict[str, list[Token]] = {CUE: [], SCOPE: [], EVENT: []}
        whole: dict[str, list[list[Token]]] = {CUE: [], SCOPE: [], EVENT: []}
        whole_np: list[list[Token]] = []
        for p in system:
            for kind, tokens in p.elements.items():
                if not tokens:
                    continue
                pool[kind] += tokens
                whole[kind].append(tokens)
                if kind == SCOPE:
                    whole_np.append([t for t in tokens if not self.punct[t[1]]])
        binary_system = {SCOPE: set(pool[SCOPE]), EVENT: set(pool[EVENT])}
        binary_gold: dict[str, set[Token]] = {SCOPE: set(), EVENT: set()}
        missed: dict[str, list[list[str]]] = {CUE: [], SCOPE: [], EVENT: [], NP: []}
        for g in gold:
            for kind, tokens in g.elements.items():
                if tokens:
                    self._independent_gold(kind, tokens, pool, whole, whole_np, binary_gold, missed)
        for kind in KINDS:
            self._independent_left(kind, pool[kind], whole[kind], missed[kind])
        np_lists, event_lists = self.free_np_rows[1], self.free_rows[EVENT][1]
        for tokens in whole_np:
            np_lists.fp += 1
            if not _claims(tokens, missed[NP]):
                event_lists.fpx += 1  # quirk X1
        for kind in (SCOPE, EVENT):
            self._binary(kind, binary_gold[kind], binary_system[kind])

    def _independent_gold(self, kind, tokens, pool, whole, whole_np, binary_gold, missed) -> None:
        token_count, list_count = self.free_rows[kind]
        no_punct, np_lists = self.free_np_rows
        punct, left = self.punct, pool[kind]
        if kind != CUE:
            binary_gold[kind].update(tokens)
        kept = []
        for token in tokens:
            counted = kind == SCOPE and not punct[token[1]]
            if token in left:
                token_count.tp += 1
                if counted:
                    no_punct.tp += 1
                left.remove(token)
            else:
                token_count.fn += 1
                if counted:
                    no_punct.fn += 1
            if counted:
                kept.append(token)
        if tokens in whole[kind]:
            list_count.tp += 1
            whole[kind].remove(tokens)
        else:
            list_count.fn += 1
            missed[kind].append([token_id for token_id, _ in tokens])
        if kind == SCOPE:
            if kept in whole_np:
                np_lists.tp += 1
                whole_np.remove(kept)
            else:
                np_lists.fn += 1
                missed[NP].append([token_id for token_id, _ in kept])

    def _independent_left(self, kind: str, tokens: list[Token], lists: list[list[Token]],
                          missed: list[list[str]]) -> None:  # fmt: skip
        token_count, list_count = self.free_rows[kind]
        token_count.fp += len(tokens)
        if kind == SCOPE:
            self.free_np_rows[0].fp += self._words(tokens)
        for instance in lists:
            list_count.fp += 1
            if not _claims(instance, missed):
                list_count.fpx += 1

    def _binary(self, kind: str, gold: set[Token], system: set[Token]) -> None:
        row, row_np = self.binary_rows[kind]
        for token in gold:
            counted = row_np is not None and not self.punct[token[1]]
            if token in system:
                row.tp += 1
                system.discard(token)
                if counted:
                    row_np.tp += 1
            else:
                row.fn += 1
                if counted:
                    row_np.fn += 1
        for token in system:
            row.fp += 1
            if row_np is not None and not self.punct[token[1]]:
                row_np.fp += 1

    # --- records and results -------------------------------------------------------------

    def _record(self, sentence: XSentence, g: XInstance | None, p: XInstance | None, full: str,
                full_cue: bool = True, verdicts: dict[str, str | None] | None = None) -> None:  # fmt: skip
        if self.verdicts is None:
            return
        if g is None or p is None:
            one = g or p
            verdict = "FN" if g is not None else "FP"
            cue = verdict
            verdicts = {kind: verdict if one.get(kind) else None for kind in (SCOPE, EVENT)}
        else:
            cue = "TP" if full_cue else "PARTIAL"
        self.verdicts.append({
            "sentence": sentence.number, "line": sentence.line,
            "chapter": sentence.chapter, "sentence_id": sentence.sentence_id,
            "gold": None if g is None else g.group, "system": None if p is None else p.group,
            "cue": cue, "scope": verdicts[SCOPE], "negated": verdicts[EVENT], "full": full,
            "gold_elements": _elements_json(g), "system_elements": _elements_json(p),
        })  # fmt: skip

    def sections(self) -> dict[str, dict[str, dict[str, Any]]]:
        """The three printed sections, each row with its printed values (§6.2)."""
        self._fold()
        token_rows = [((k, d), self.token[(k, d)]) for k in KINDS for d in TOKEN_DETAILS[k]]
        scope_rows = [((k, d), self.scope[(k, d)]) for k in KINDS for d in SCOPE_DETAILS[k]]
        scope_rows += [((self.full, d), self.scope[(self.full, d)]) for d in FULL_DETAILS]
        return {
            TITLES[0]: dict(row_of(key, count, count.fp) for key, count in token_rows),
            TITLES[1]: dict(row_of(key, count, count.fp) for key, count in scope_rows),
            TITLES[2]: dict(row_of(key, count, count.fpx) for key, count in scope_rows),
        }

    def overall(self) -> dict[str, Any]:
        self._fold()
        n, neg = self.sentences, self.negation_sentences
        task = self.task
        return {
            "# sentences": n,
            "# sentences with errors": n - self.correct[""],
            "% correct sentences": percent(self.correct[""], n),
            "# sentences with errors (no punct)": n - self.correct[NP],
            "% correct sentences (no punct)": percent(self.correct[NP], n),
            f"# {task} sentences": neg,
            f"# {task} sentences with errors": neg - self.correct_negation[""],
            "% correct negation sentences": percent(self.correct_negation[""], neg),  # X4
            f"# {task} sentences with errors (no punct)": neg - self.correct_negation[NP],
            "% correct negation sentences (no punct)": percent(self.correct_negation[NP], neg),
        }


def _cue_dependent(detail: str) -> bool:
    return "no cue" not in detail and "binary labels" not in detail


def _bump(count: Count, kind: str, number: int = 1) -> None:
    if kind == "fp":
        count.fp += number
    else:
        count.fn += number


def _take_partner(g: XInstance, system: list[XInstance]) -> tuple[XInstance | None, bool]:
    """The first remaining SYSTEM instance with a cue token id of g's cue (removed from
    the list), and whether the cues hold the same (id, text) pairs."""
    cue = g.get(CUE)
    for index, p in enumerate(system):
        p_cue = p.get(CUE)
        ids = {token_id for token_id, _ in p_cue}
        if any(token_id in ids for token_id, _ in cue):
            return system.pop(index), sorted(cue) == sorted(p_cue)
    return None, True


def _claims(tokens: list[Token], missed: list[list[str]]) -> bool:
    """Whether a left-over prediction overlaps a missed gold (and uses that gold up)."""
    for token_id, _ in tokens:
        for index, ids in enumerate(missed):
            if token_id in ids:
                del missed[index]
                return True
    return False


def _element_verdict(gold: Sequence[Token], system: Sequence[Token], match: bool) -> str | None:
    if not gold and not system:
        return None
    if match:
        return "TP"
    return "FN" if gold else "FP"


def _elements_json(instance: XInstance | None) -> dict[str, list[tuple[int, str]]] | None:
    """The (line position, text) pairs of each element, as the report writes them."""
    if instance is None:
        return None
    shown = instance.shown
    return {"cue": shown.get(CUE, []), "scope": shown.get(SCOPE, []), "event": shown.get(EVENT, [])}
