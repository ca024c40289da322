"""What each method's error types and measures mean, in words a person understands, with
the work to cite. Data only: the app's Help page and the error table's tooltips show it,
and the command line or the README can print it too."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One error type or measure and what it means."""

    name: str
    meaning: str


@dataclass(frozen=True)
class MethodTerms:
    """A method's error types and measures, and where they come from."""

    method: str  # the method's name (engine.methods)
    title: str
    citation: str
    error_types: tuple[Term, ...]
    measures: tuple[Term, ...]


_FN = "false negative: a gold span the system did not find"
_FP = "false positive: a system span the gold annotation does not have"
_PRF = (
    Term("precision", "of what the system marked, the share that is right"),
    Term("recall", "of what the gold annotation marks, the share the system found"),
    Term("F1", "the harmonic mean of precision and recall: 2·P·R / (P + R)"),
)

FAIREVAL = MethodTerms(
    "faireval",
    "FairEval",
    "Katrin Ortmann (2022): Fine-Grained Error Analysis and Fair Evaluation of Labeled Spans. "
    "Proceedings of LREC 2022, pages 1400–1407. Building on Christopher Manning (2006), "
    "“Doing Named Entity Recognition? Don't optimize for F1”.",
    (
        Term("TP", "true positive: a system span with the gold span's boundaries and label"),
        Term("FN", _FN + " (nothing in the system output overlaps it)"),
        Term("FP", _FP + " (it overlaps no gold span)"),
        Term("LE", "labelling error: the right boundaries, the wrong label"),
        Term("BE", "boundary error: the right label, the wrong boundaries (BES, BEL or BEO)"),
        Term("BES", "boundary error, smaller: the system span lies inside the gold span"),
        Term("BEL", "boundary error, larger: the system span contains the gold span"),
        Term("BEO", "boundary error, overlap: the two spans overlap, neither contains the other"),
        Term("LBE", "labelling-boundary error: a wrong label and wrong boundaries on overlapping spans"),
    ),
    (
        Term(
            "traditional",
            "precision, recall and F1 from TP, FP and FN alone: a near miss counts twice, as an FP and an FN",
        ),
        Term(
            "fair",
            "every error counts once: LE, BE and LBE are counted as errors of their own, "
            "not as an FP plus an FN",
        ),
        Term(
            "weighted",
            "like fair, with each error type weighted as TP, FP and FN by the formulas of the Weights option",
        ),
        Term("focus", "which side's label (target or system) an LE or LBE is counted under"),
        *_PRF,
    ),
)

CLUEVAL = MethodTerms(
    "clueval",
    "CLUEval",
    "CLUEval, fau-klue (Friedrich-Alexander-Universität Erlangen-Nürnberg), version 0.4.0.1, "
    "github.com/fau-klue/CLUEval.",
    (
        Term("exact", "a span with exactly the same start and end on the other side"),
        Term("contained", "the span lies inside one span of the other side"),
        Term(
            "tiled", "the span is covered exactly, start to end, by several adjoining spans of the other side"
        ),
        Term(
            "covered",
            "the span is covered by several spans of the other side that reach beyond its start or end",
        ),
        Term(
            "unmatched",
            "no span or group of spans of the other side covers it: missed (a "
            "reference span) or spurious (a candidate span)",
        ),
    ),
    (
        Term("recall", "the share of reference spans the candidate found, at the leniency level"),
        Term("precision", "the share of candidate spans the reference supports, at the leniency level"),
        Term("F1", "the harmonic mean of precision and recall"),
        Term(
            "leniency level",
            "which classes count as found: 0 exact; 1 also contained; 2 also tiled; 3 also covered",
        ),
        Term("labelled", "the scores when a span counts only with the same label as well"),
        Term(
            "TP_Precision, TP_Recall",
            "the spans counted as found on the candidate and on the "
            "reference side (they can differ: a tiled span is one recall hit and several "
            "precision hits)",
        ),
    ),
)

POETRY = MethodTerms(
    "poetry",
    "Poetry spans (corppa)",
    "Princeton Center for Digital Humanities, corppa: page-level span evaluation of poem "
    "excerpts, github.com/Princeton-CDH/corppa. Inspired by the ACE NER measures and by "
    "Stanislav Olenchenko's “Yet another way of NER systems evaluation”.",
    (
        Term("exact", "a reference span whose best system span has the same start and end"),
        Term(
            "partial",
            "a reference span whose best system span overlaps it: it earns its "
            "overlap factor (times the partial-match weight)",
        ),
        Term("missed", "a reference span no system span of the same poem overlaps"),
        Term("spurious", "a system span no reference span is paired with"),
        Term(
            "split",
            "a system span cut into pieces because it was the best match of several "
            "reference spans; each piece is paired with one of them",
        ),
    ),
    (
        Term("overlap factor", "the overlap of two spans divided by the length of the longer one"),
        Term("relevance", "exact matches plus the weighted overlap factors of partial matches"),
        Term("precision", "a page's relevance divided by its system spans (pieces counted apart)"),
        Term("recall", "a page's relevance divided by its reference spans"),
        Term("macro", "the mean of the pages' scores"),
        Term("micro", "the scores of all pages' spans pooled"),
        Term("F1", "the harmonic mean of precision and recall"),
    ),
)

STARSEM = MethodTerms(
    "starsem",
    "*SEM 2012 negation (CD-SCO)",
    "Roser Morante and Eduardo Blanco (2012): *SEM 2012 Shared Task: Resolving the Scope and "
    "Focus of Negation. Proceedings of *SEM 2012, pages 265–274; scorer eval.cd-sco.pl v2.2.",
    (
        Term("FN", "a gold negation the system missed or got partly wrong (its cue, scope or event)"),
        Term("FP", "a system negation that does not match a gold one"),
        Term("TP", "(in the cue column) the cue matches the gold cue"),
        Term("PARTIAL", "(in the cue column) the cue overlaps the gold cue without matching it"),
    ),
    (
        Term("Cues", "negation cues (not, no, un-, …) found token for token"),
        Term("Scopes (cue match)", "scopes whose tokens and cue both match"),
        Term("Scopes (no cue match)", "scopes whose tokens match, cue partly matched"),
        Term("Scope tokens", "the tokens inside scopes, counted one by one"),
        Term("Negated", "the negated events"),
        Term("Full negation", "cue, scope and event all right"),
        Term(
            "B-scores",
            "the same rows with precision as TP / all system instances, so that "
            "every system answer counts, also the partly right ones (the upper rows leave FPs "
            "that intersect an FN out of precision)",
        ),
        *_PRF,
    ),
)

PROPARA = MethodTerms(
    "propara",
    "ProPara",
    "Bhavana Dalvi, Lifu Huang, Niket Tandon, Wen-tau Yih and Peter Clark (2018): Tracking "
    "State Changes in Procedural Text: a Challenge Dataset and Models for Process Paragraph "
    "Comprehension. Proceedings of NAACL-HLT 2018; evaluator from allenai/aristo-leaderboard.",
    (
        Term("missing", "an answer the predictions do not have (a false negative)"),
        Term("spurious", "a prediction the answers do not have (a false positive)"),
        Term("partial", "a prediction matched to an answer only in part: it earns its similarity score"),
    ),
    (
        Term("Inputs", "which participants existed before the process and not after it (were consumed)?"),
        Term(
            "Outputs", "which participants did not exist before the process and did after it (were produced)?"
        ),
        Term("Conversions", "which participants were converted into which others, where and when?"),
        Term("Moves", "which participants moved from where to where, and when?"),
        Term(
            "precision, recall",
            "per question, averaged over the processes; locations are "
            "compared after Porter stemming, participants with their alternatives",
        ),
        Term("F1", "the harmonic mean of the averaged precision and recall"),
    ),
)

SPANS = MethodTerms(
    "spans",
    "Exact spans (seqeval)",
    "Hiroki Nakayama (2018): seqeval, a Python framework for sequence labeling evaluation, "
    "github.com/chakki-works/seqeval, version 1.2.2; the CoNLL shared tasks' conlleval.pl "
    "(Tjong Kim Sang and Buchholz 2000) for the conlleval reading.",
    (
        Term("FN", _FN + " with the same start, end and label"),
        Term("FP", _FP + " with the same start, end and label"),
    ),
    (
        *_PRF,
        Term("micro avg", "precision, recall and F1 from the counts of all labels together"),
        Term("macro avg", "the mean of the labels' precision, recall and F1"),
        Term("weighted avg", "the labels' precision, recall and F1 averaged, weighted by their gold spans"),
        Term("support", "the number of gold spans (each distinct span once)"),
    ),
)

NERVALUATE = MethodTerms(
    "nervaluate",
    "nervaluate (SemEval-2013 9.1)",
    "Isabel Segura-Bedmar, Paloma Martínez and María Herrero-Zazo (2013): SemEval-2013 Task 9: "
    "Extraction of Drug-Drug Interactions from Biomedical Texts. Proceedings of SemEval 2013; "
    "David S. Batista et al., nervaluate 1.2.1, github.com/MantisAI/nervaluate.",
    (
        Term("incorrect", "a system span matched to a gold span it overlaps, but with another label or "
             "other boundaries (strict schema)"),
        Term("missed", "a gold span no system span was matched to"),
        Term("spurious", "a system span matched to no gold span"),
        Term("label", "incorrect: the same boundaries, another label"),
        Term("boundary", "incorrect: the same label, other boundaries"),
        Term("label+boundary", "incorrect: another label and other boundaries"),
    ),
    (
        Term("strict", "correct only with the same boundaries and label"),
        Term("exact", "correct with the same boundaries, whatever the label"),
        Term("partial", "overlapping spans earn half (partial), the same boundaries all"),
        Term("ent_type", "correct with the same label on overlapping spans"),
        Term("possible, actual", "the gold spans (correct + incorrect + partial + missed) and the system "
             "spans (correct + incorrect + partial + spurious)"),
        *_PRF,
    ),
)  # fmt: skip

GLOSSARY: dict[str, MethodTerms] = {
    t.method: t for t in (FAIREVAL, CLUEVAL, POETRY, STARSEM, PROPARA, SPANS, NERVALUATE)
}


def meaning(method: str, error_type: str) -> str:
    """What an error type of a method means ('' when the glossary has no entry)."""
    terms = GLOSSARY.get(method)
    if terms is None:
        return ""
    return next((t.meaning for t in terms.error_types if t.name == error_type), "")
