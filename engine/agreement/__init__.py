"""Agreement among several annotators (issue 22): span F1, token categories with Cohen's
and Fleiss' κ and Krippendorff's α, and Krippendorff's unitizing αu as DKPro Statistics
computes it — per document and over the corpus; the adjudication workbook and the gold it
settles.

    corpus = build_corpus({"anna": annotations_a, "ben": annotations_b})   # corpus.py
    data = measure(corpus)                                                  # measures.py

`data` is the JSON report (its shape: README, section Agreement); measures.py reads what
every document adds, counted for all documents at once: spanf1.py (span counts),
token_tables.py (κ and α), unit_tables.py (αu, whose sums are in alpha_u.py). command.py
holds the commands, workbook.py and adjudication.py the adjudication, writers.py the gold
files.
"""
