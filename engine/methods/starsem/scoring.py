"""The *SEM 2012 counts of the default and `--starsem-exact` modes (specs/starsem.md
§3.1.4–3.7): greedy cue matching, the six rows, the Negated row in both its v2.2 and
its bug-fixed form, and the sentence statistics. One pass counts both Negated variants,
so the default mode can tell which printed lines the fixes change (§6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import Instance, Sentence, Side


@dataclass
class Row:
    tp: int = 0
    fp: int = 0
    fn: int = 0


@dataclass
class Counts:
    """Everything the standard report prints, before the scores are computed."""

    cues_g: int = 0
    cues_p: int = 0
    scopes_g: int = 0
    scopes_p: int = 0
    negated_g: int = 0
    negated_p: int = 0
    tokens_g: int = 0
    tokens_p: int = 0
    cue: Row = field(default_factory=Row)
    scope: Row = field(default_factory=Row)  # Scopes(cue match)
    scope_free: Row = field(default_factory=Row)  # Scopes(no cue match)
    tokens: Row = field(default_factory=Row)  # Scope tokens(no cue match)
    negated: Row = field(default_factory=Row)  # Negated(no cue match), bug-fixed (§3.5 default)
    negated_v22: Row = field(default_factory=Row)  # the same, as v2.2 counts it (§3.5 exact)
    full: Row = field(default_factory=Row)
    sentences: int = 0
    negation_sentences: int = 0
    error_sentences: int = 0
    error_negation_sentences: int = 0


def present(instances: list[Instance]) -> tuple[int, int, int]:
    """How many of the instances have a cue, a scope, an event (a plain loop: three
    generator sums cost four times as much on the one or two instances of a sentence)."""
    cues = scopes = events = 0
    for instance in instances:
        cues += bool(instance.cue)
        scopes += bool(instance.scope)
        events += bool(instance.event)
    return cues, scopes, events


def _count_side(instances: list[Instance], counts: Counts, gold: bool) -> None:
    cues, scopes, negated = present(instances)
    if gold:
        counts.cues_g += cues
        counts.scopes_g += scopes
        counts.negated_g += negated
    else:
        counts.cues_p += cues
        counts.scopes_p += scopes
        counts.negated_p += negated


def match_cues(gold: list[Instance], system: list[Instance]) -> tuple[list[int | None], list[bool]]:
    """§3.2: each GOLD instance takes the first free SYSTEM instance sharing a cue token."""
    taken = [False] * len(system)
    partners: list[int | None] = []
    for g in gold:
        partner = None
        if g.cue_tokens:
            for z, s in enumerate(system):
                if not taken[z] and not g.cue_tokens.isdisjoint(s.cue_tokens):
                    taken[z] = True
                    partner = z
                    break
        partners.append(partner)
    return partners, taken


def negated_pairs(gold: list[Instance], system: list[Instance], exact: bool) -> tuple[int, int, int]:
    """§3.5: (tp, fp, fn) of Negated(no cue match), v2.2's loop or the fixed one."""
    tp = fn = 0
    g_taken = [False] * len(gold)
    s_taken = [False] * len(system)
    last = len(system) - 1
    for gi, g in enumerate(gold):
        for z, s in enumerate(system):
            if not g_taken[gi] and not s_taken[z] and not g.event_tokens.isdisjoint(s.event_tokens):
                g_taken[gi] = s_taken[z] = True
                if g.event == s.event:
                    tp += 1
                    break
                if exact:
                    continue
                if not {t for _, t in g.event}.isdisjoint(t for _, t in s.event):
                    fn += 1
                    break
                g_taken[gi] = s_taken[z] = False
            elif z == last and g.event:
                fn += 1
    fp = 0
    if gold:
        for s, taken in zip(system, s_taken, strict=True):
            if s.event and not taken:
                fp += 1
    return tp, fp, fn


class Scorer:
    """Adds sentences to Counts; with `record`, also the verdict of every instance."""

    def __init__(self, record: bool) -> None:
        self.counts = Counts()
        self.verdicts: list[dict[str, Any]] | None = [] if record else None
        #: with `record`, every sentence added: their own counts are made when asked (units.py)
        self.sentences: list[Sentence] | None = [] if record else None

    def add_plain(self, count: int = 1) -> None:
        """Sentences without negation on either side: only counted."""
        self.counts.sentences += count

    def add(self, sentence: Sentence) -> None:
        g_side, s_side = sentence.gold, sentence.system
        if self.sentences is not None:
            self.sentences.append(sentence)
        g_neg, s_neg = g_side.instances is not None, s_side.instances is not None  # (Side.negated)
        if not g_neg and not s_neg:
            self.add_plain()  # (§3.1.4: a side without negation adds nothing)
            return
        c = self.counts
        record = self.verdicts is not None
        if g_side is s_side:
            self._add_identical(g_side)
            if record:
                for i in g_side.instances or []:  # each its own partner (_add_identical)
                    self._record(sentence, i, i, "TP")
            return
        c.sentences += 1
        gold = g_side.instances or []
        system = s_side.instances or []
        _count_side(gold, c, True)
        _count_side(system, c, False)
        c.tokens_g += g_side.scope_tokens
        c.tokens_p += s_side.scope_tokens
        if g_neg:
            c.negation_sentences += 1
        error = not (g_neg and s_neg)
        partners, taken = match_cues(gold, system)
        missed_count = not s_neg or bool(system)  # §3.3: a side with zero instances
        spurious_count = not g_neg or bool(gold)
        for g, z in zip(gold, partners, strict=True):
            if z is None:
                if missed_count:
                    self._unpaired(g, "fn")
                    error = True
                full = "FN"
            elif self._pair(g, system[z]):
                full = "TP"
            else:
                error = True
                full = "FN"
            if record:
                self._record(sentence, g, None if z is None else system[z], full)
        for s, s_taken in zip(system, taken, strict=True):
            if not s_taken:
                if spurious_count:
                    self._unpaired(s, "fp")
                    error = True
                if record:
                    self._record(sentence, None, s, "FP")
        self._negated(gold, system, g_neg, s_neg)
        if error:
            c.error_sentences += 1
            if g_neg:
                c.error_negation_sentences += 1

    def _add_identical(self, side: Side) -> None:
        """A sentence the same on both sides (every instance with a cue): each instance
        pairs with itself (§3.2, §3.5 take the first free partner, and every earlier
        partner is taken), so every element is a true positive (`add` has counted the
        sentences without negation)."""
        c = self.counts
        c.sentences += 1
        c.negation_sentences += 1
        instances = side.instances or []
        n = len(instances)
        _, scopes, events = present(instances)
        c.cues_g += n
        c.cues_p += n
        c.scopes_g += scopes
        c.scopes_p += scopes
        c.negated_g += events
        c.negated_p += events
        c.tokens_g += side.scope_tokens
        c.tokens_p += side.scope_tokens
        for row, tp in ((c.cue, n), (c.scope, scopes), (c.scope_free, scopes), (c.negated, events),
                        (c.negated_v22, events), (c.full, n)):  # fmt: skip
            row.tp += tp
        for instance in instances:
            c.tokens.tp += len(instance.scope)

    # --- §3.3 and §3.4 ----------------------------------------------------------------

    def _pair(self, g: Instance, s: Instance) -> bool:
        """Count a matched pair; True when it is a Full negation TP."""
        c = self.counts
        if g.cue == s.cue:
            c.cue.tp += 1
            _judge_scope(c.scope, g, s)
        else:
            c.cue.fn += 1  # a partial cue: no fp for the SYSTEM instance (S6)
            if g.scope:
                c.scope.fn += 1
        _judge_scope(c.scope_free, g, s)
        self._scope_tokens(g, s)
        if g.cue == s.cue and g.scope == s.scope and g.event == s.event:
            c.full.tp += 1
            return True
        c.full.fn += 1
        return False

    def _scope_tokens(self, g: Instance, s: Instance) -> None:
        """A matched pair's scope tokens: a GOLD (index, text) that SYSTEM has too is a tp,
        else an fn; a SYSTEM one that GOLD lacks an fp (an element holds a token once)."""
        tokens = self.counts.tokens
        both = len(g.scope) if g.scope == s.scope else len(set(g.scope).intersection(s.scope))
        tokens.tp += both
        tokens.fn += len(g.scope) - both
        tokens.fp += len(s.scope) - both

    def _unpaired(self, instance: Instance, kind: str) -> None:
        """An instance without partner: `fn` for a GOLD one, `fp` for a SYSTEM one."""
        c = self.counts
        rows = [c.full]
        if instance.cue:
            rows.append(c.cue)
        if instance.scope:
            rows += [c.scope, c.scope_free]
            setattr(c.tokens, kind, getattr(c.tokens, kind) + len(instance.scope))
        for row in rows:
            setattr(row, kind, getattr(row, kind) + 1)

    # --- §3.5 --------------------------------------------------------------------------

    def _negated(self, gold: list[Instance], system: list[Instance], g_neg: bool, s_neg: bool) -> None:
        c = self.counts
        if g_neg and s_neg:
            for row, exact in ((c.negated, False), (c.negated_v22, True)):
                tp, fp, fn = negated_pairs(gold, system, exact)
                row.tp += tp
                row.fp += fp
                row.fn += fn
        elif g_neg:
            missed = sum(1 for g in gold if g.event)
            c.negated.fn += missed
            c.negated_v22.fn += missed
        else:
            spurious = sum(1 for s in system if s.event)
            c.negated.fp += spurious
            c.negated_v22.fp += spurious

    # --- the verdicts of the error table ---------------------------------------------

    def _record(self, sentence: Sentence, g: Instance | None, s: Instance | None, full: str) -> None:
        """The record of an instance (or a pair) for the error table and the report."""
        if self.verdicts is None or (s is None and g is not None and not (g.cue or g.scope or g.event)):
            return  # nothing to show of an empty instance (an empty sentence, exact mode)
        self.verdicts.append({
            "sentence": sentence.number, "line": sentence.line,
            "chapter": sentence.chapter, "sentence_id": sentence.sentence_id,
            "gold": None if g is None else g.group, "system": None if s is None else s.group,
            "cue": cue_verdict(g, s), "scope": element_verdict(g, s, "scope"),
            "negated": element_verdict(g, s, "event"), "full": full,
            "gold_elements": None if g is None else g.elements(),
            "system_elements": None if s is None else s.elements(),
        })  # fmt: skip


def _judge_scope(row: Row, g: Instance, s: Instance) -> None:
    """A matched pair's scopes: spurious → fp, equal → tp, different → fn, both empty →
    nothing (§3.3, §3.4)."""
    if not g.scope:
        if s.scope:
            row.fp += 1
    elif g.scope == s.scope:
        row.tp += 1
    else:
        row.fn += 1


def cue_verdict(g: Instance | None, s: Instance | None) -> str:
    if g is None:
        return "FP"
    if s is None:
        return "FN"
    return "TP" if g.cue == s.cue else "PARTIAL"


def element_verdict(g: Instance | None, s: Instance | None, name: str) -> str | None:
    """TP, FN (missed or different), FP (spurious) or None (absent on both sides)."""
    gold = getattr(g, name) if g is not None else ()
    system = getattr(s, name) if s is not None else ()
    if not gold:
        return "FP" if system else None
    return "TP" if gold == system else "FN"
