"""The app on brat folders as brat lists them: a `.txt` without its `.ann` and a corpus's
README.md, LICENSE … beside the documents are looked at as brat and evaluated, the
warnings naming them in the Warnings tab."""

from __future__ import annotations

from gui.inputs import look_at
from tests.engine.test_brat_collections import collection

from .conftest import evaluate


def test_a_collection_with_a_lone_txt_and_a_licence_warns_in_the_app(qtbot, window, tmp_path):
    gold = collection(tmp_path / "gold")
    system = collection(tmp_path / "system", without_ann=("a",))  # a.txt first by name: any text
    for name in ("README.md", "LICENSE"):
        (system / name).write_text("About the corpus.\n", encoding="utf-8")  # README.md sorts before a.ann
    look = look_at(str(system))
    assert look.error is None and look.module == "brat" and look.format == "brat standoff (.ann + .txt)"
    evaluate(qtbot, window, "spans", str(gold), str(system))
    tabs = window.tabs
    (page,) = (tabs.widget(i) for i in range(tabs.count()) if tabs.tabText(i).startswith("Warnings (2)"))
    text = page.toPlainText()
    assert "a document has a .txt and no .ann (a.txt): read without annotations" in text
    assert "LICENSE, README.md not read (the corpus's own files, not documents)" in text
