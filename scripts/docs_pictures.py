"""Make README's pictures of the app (docs/*.png) again, from the app as it is.

Each picture is taken as a person would take it: the app starts on a fresh settings file,
the bundled example is evaluated with the Evaluate button, error E3 is chosen in the
table, a menu is opened from the menu bar, and the window is saved (QWidget.grab(), an
open menu or tooltip drawn over it where it stands). Qt runs offscreen on a 1366×768
screen, with a HOME and XDG folders of its own made for the run (no settings of the
person running it leak in). The workbook's picture is LibreOffice's PDF of the example's
workbook as pdftoppm draws it; without `soffice` and `pdftoppm` it is left as it is.

    make docs-pictures                   # every picture into docs/
    .venv/bin/python scripts/docs_pictures.py --out DIR [NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication, QMenu, QTabWidget, QWidget

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gui.main_window import MainWindow  # noqa: E402
from gui.resources import example_inputs  # noqa: E402

SCREEN = (1366, 768)
TIMEOUT = 120.0
MIXED = ROOT / "tests" / "data" / "formats" / "mixed"
SEQEVAL_SAMPLE = ROOT / "tests" / "data" / "formats" / "conll" / "seqeval-ground_truth.txt"


# --- the app on a screen of its own -----------------------------------------------------


def prepare_environment(home: Path) -> None:
    """A fresh HOME and XDG folders, and Qt offscreen on a 1366×768 screen (before any
    QApplication is made)."""
    folders = {"HOME": "", "XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share",
               "XDG_CACHE_HOME": ".cache", "XDG_RUNTIME_DIR": "run"}  # fmt: skip
    for key, sub in folders.items():
        folder = home / sub
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.environ[key] = str(folder)
    (home / "Documents").mkdir(exist_ok=True)
    width, height = SCREEN
    screen = {"name": "docs", "x": 0, "y": 0, "width": width, "height": height,
              "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}  # fmt: skip
    config = home / "screen.json"
    config.write_text(json.dumps({"windowFrameMargins": False, "screens": [screen]}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"


def wait_until(done: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
    """Let the app work until `done()`; stop the script with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"docs_pictures: {what} did not happen within {timeout:.0f} s")
        QApplication.processEvents()
        time.sleep(0.01)


def settle(seconds: float = 0.3) -> None:
    """Let queued work (layouts, paints, timers) run for a moment."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


class Session:
    """The folder a run works in and the main window of the picture being taken."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.window: MainWindow | None = None
        self.windows = 0

    def fresh_window(self) -> MainWindow:
        """The main window as at a first start (a settings file of its own), shown filling the screen."""
        self.close()
        self.windows += 1
        settings = QSettings(str(self.home / f"settings-{self.windows}.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.show()
        window.setGeometry(QRect(QPoint(0, 0), QSize(*SCREEN)))  # maximised: the whole screen
        self.window = window
        wait_ready(window)
        return window

    def close(self) -> None:
        if self.window is not None:
            wait_ready(self.window)
            self.window.close()
            self.window.deleteLater()
            self.window = None
            settle(0.1)


def wait_ready(window: MainWindow) -> None:
    """Until nothing runs: no evaluation, no look at a file."""
    wait_until(lambda: window.idle and not window.setup.looking, "the app's work")
    settle()


def evaluate(window: MainWindow) -> None:
    """Click Evaluate and wait for the results."""
    window.evaluate_action.trigger()
    wait_until(lambda: window.report is not None and window.idle, "the evaluation")
    settle()


# --- taking the window ------------------------------------------------------------------


def grab(window: QWidget, *popups: QWidget) -> QImage:
    """The window as shown, with open popups (a menu, a tooltip) drawn where they stand."""
    image = window.grab().toImage()
    painter = QPainter(image)
    origin = window.mapToGlobal(QPoint(0, 0))
    for popup in popups:
        painter.drawPixmap(popup.mapToGlobal(QPoint(0, 0)) - origin, popup.grab())
    painter.end()
    return image


def open_menu(window: MainWindow, title: str) -> QMenu:
    """Open a menu of the menu bar, as a click on its title does."""
    bar = window.menuBar()
    action = next(a for a in bar.actions() if a.text().replace("&", "") == title)
    bar.setActiveAction(action)
    menu = action.menu()
    wait_until(menu.isVisible, f"the {title} menu")
    settle()
    return menu


def close_menu(menu: QMenu) -> None:
    menu.close()
    settle()


def shown_tooltip() -> QWidget:
    """The tooltip the app shows now."""
    def tip() -> QWidget | None:
        shown = (w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible())
        return next(shown, None)

    wait_until(lambda: tip() is not None, "the tooltip")
    settle()
    return tip()  # type: ignore[return-value]


def region(window: QWidget, first: QWidget, last: QWidget) -> QRect:
    """The window's area from `first`'s top left to `last`'s bottom right."""
    top_left = first.mapTo(window, QPoint(0, 0))
    bottom_right = last.mapTo(window, QPoint(last.width(), last.height()))
    return QRect(top_left, bottom_right)


# --- the pictures of the bundled example ------------------------------------------------


def start_picture(session: Session) -> QImage:
    """walkthrough-1-start: the first start, the example loaded; the left part of the window."""
    window = session.fresh_window()
    return grab(window).copy(0, 0, 700, window.height())


def scores_picture(session: Session) -> QImage:
    """walkthrough-2-scores: the example evaluated, the View menu open; the window's top."""
    window = session.fresh_window()
    evaluate(window)
    menu = open_menu(window, "View")
    image = grab(window, menu).copy(0, 0, window.width(), 300)
    close_menu(menu)
    return image


def choose_error(window: MainWindow, error_id: str) -> None:
    """Click the error's row in the Errors table."""
    model = window.errors.model
    shown = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == error_id)
    window.errors.select_error(int(model.source_row(shown)))
    settle()


def holds(pane: QWidget, x: int, y: int, words: str) -> bool:
    """Whether the tooltip at a point of a viewer pane holds `words`."""
    pos = pane.position_at(x, y)
    return pos is not None and words in pane.tooltip_at(pos)


def hover(pane: QWidget, words: str) -> QWidget:
    """Rest the mouse on the first place of a viewer pane whose tooltip holds `words`; its tooltip."""
    viewport = pane.viewport()
    for y in range(4, viewport.height(), 4):
        for x in range(4, viewport.width(), 4):
            if holds(pane, x, y, words):
                point = QPoint(x + 12 if holds(pane, x + 12, y, words) else x, y)  # past the first letter
                event = QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point))
                QApplication.sendEvent(viewport, event)
                return shown_tooltip()
    raise SystemExit(f"docs_pictures: no place in the viewer shows {words!r}")


def errors_picture(session: Session) -> QImage:
    """walkthrough-3-errors: E3 chosen, the mouse on Regent 's Park in the gold pane; the
    errors and the viewer."""
    window = session.fresh_window()
    evaluate(window)
    choose_error(window, "E3")
    tip = hover(window.viewer.panes["gold"], "Regent")
    image = grab(window, tip).copy(region(window, window.errors, window.viewer))
    tip.hide()
    return image


def help_picture(session: Session) -> QImage:
    """walkthrough-4-help: Help → Error Types and Measures, at FairEval."""
    window = session.fresh_window()
    window.glossary_action.trigger()
    settle()
    assert window.glossary is not None
    return grab(window.glossary)


def export_workbook(window: MainWindow, folder: Path) -> Path:
    """Export to Excel…, saved into `folder` under the name the dialog suggests (a workbook
    of an earlier picture there removed first: the app would ask what becomes of it)."""
    chosen: list[Path] = []

    def save_as(title: str, suggested: str, file_filter: str, confirm: bool = True) -> str:
        chosen.append(folder / Path(suggested).name)
        chosen[0].unlink(missing_ok=True)
        return str(chosen[0])

    window.choose_save_path = save_as  # type: ignore[method-assign]
    window.xlsx_action.trigger()
    wait_until(lambda: window.notice.isVisible() and window.idle, "the workbook's export")
    settle()
    return chosen[0]


def export_picture(session: Session) -> QImage:
    """walkthrough-5-export: the workbook written, the File menu open; the window's top."""
    window = session.fresh_window()
    evaluate(window)
    export_workbook(window, session.home / "Documents")
    menu = open_menu(window, "File")
    image = grab(window, menu).copy(0, 0, window.width(), 250)
    close_menu(menu)
    return image


def judge(book: Path, verdicts: dict[str, str]) -> None:
    """Write verdicts into the Errors sheet's Verdict column, as a reviewer does."""
    import openpyxl

    workbook = openpyxl.load_workbook(book, rich_text=True)
    sheet = workbook["Errors"]
    top, header = next((r, [c.value for c in row]) for r, row in enumerate(sheet.iter_rows(), 1)
                       if "ID" in [c.value for c in row])  # fmt: skip
    ids, verdict = header.index("ID") + 1, header.index("Verdict") + 1
    for row in range(top + 1, sheet.max_row + 1):
        judged = verdicts.get(sheet.cell(row, ids).value)
        if judged:
            sheet.cell(row, verdict).value = judged
    workbook.save(book)


def review_picture(session: Session) -> QImage:
    """walkthrough-6-review: E1 and E2 judged both acceptable, File → Import Review…, the
    tab Reviewed fair scores; the window down to its table's last row."""
    window = session.fresh_window()
    evaluate(window)
    book = export_workbook(window, session.home / "Documents")
    judge(book, {"E1": "both acceptable", "E2": "both acceptable"})
    window.choose_open_path = lambda title, folder: str(book)  # type: ignore[method-assign]
    window.review_action.trigger()
    wait_until(lambda: getattr(window, "review_dialog", None) is not None, "the review window")
    dialog = window.review_dialog
    tabs: QTabWidget = dialog.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "Reviewed fair scores"))
    settle()
    view = tabs.currentWidget()
    rows = view.horizontalHeader().height() + view.verticalHeader().length()
    bottom = view.mapTo(dialog, QPoint(0, rows)).y() + 24
    image = grab(dialog).copy(0, 0, dialog.width(), bottom)
    dialog.close()
    return image


def window_picture(session: Session) -> QImage:
    """screenshot: the example evaluated, error E3 chosen; the whole window."""
    window = session.fresh_window()
    evaluate(window)
    choose_error(window, "E3")
    return grab(window)


# --- spans on the annotation tools' formats ---------------------------------------------


def sentences(path: Path, column: int) -> list[list[tuple[str, str]]]:
    """A CoNLL file's sentences as (token, tag of `column`) pairs."""
    found: list[list[tuple[str, str]]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            fields = line.split()
            found[-1].append((fields[0], fields[column]))
        elif found[-1]:
            found.append([])
    return [s for s in found if s]


def bio_spans(tags: list[str]) -> list[tuple[int, int, str]]:
    """[start, end) token spans and labels of BIO tags (an I- after another label opens one)."""
    spans: list[tuple[int, int, str]] = []
    for i, tag in enumerate(tags):
        kind, label = tag[:1], tag[2:]
        if kind == "B" or (kind == "I" and not (spans and spans[-1][1] == i and spans[-1][2] == label)):
            spans.append((i, i + 1, label))
        elif kind == "I":
            spans[-1] = (spans[-1][0], i + 1, label)
    return spans


def doccano_record(sentence_list: list[list[tuple[str, str]]]) -> dict:
    """One doccano JSONL record: the tokens joined by spaces, the sentences by line ends."""
    text, labels = "", []
    for sentence in sentence_list:
        starts = []
        for token, _ in sentence:
            starts.append(len(text))
            text += token + " "
        text = text[:-1]
        for a, b, label in bio_spans([tag for _, tag in sentence]):
            labels.append([starts[a], starts[b - 1] + len(sentence[b - 1][0]), label])
        text += "\n"
    return {"text": text[:-1], "label": labels}


def write_columns(path: Path, sentence_list: list[list[tuple[str, str]]]) -> None:
    """Token and tag, TAB-separated, a blank line between sentences."""
    lines = ["\n".join(f"{token}\t{tag}" for token, tag in s) + "\n" for s in sentence_list]
    path.write_text("\n".join(lines), encoding="utf-8")


def spans_picture(session: Session) -> QImage:
    """spans-app: the example's gold as doccano JSONL against its system as CoNLL columns."""
    _, gold, system = example_inputs()
    folder = session.home / "spans"
    folder.mkdir(exist_ok=True)
    gold_file, system_file = folder / "sherlock-gold.jsonl", folder / "sherlock-system.conll"
    gold_file.write_text(json.dumps(doccano_record(sentences(Path(gold), 2))) + "\n", encoding="utf-8")
    write_columns(system_file, sentences(Path(system), 2))
    return spans_window(session, gold_file, system_file)


def spans_window(session: Session, gold: Path, system: Path) -> QImage:
    """The method spans on two files, evaluated; the whole window."""
    window = session.fresh_window()
    window.setup.set_method("spans")
    window.setup.set_paths(str(gold), str(system))
    wait_ready(window)
    evaluate(window)
    return grab(window)


def mixed_picture(session: Session) -> QImage:
    """webanno-doccano-app: tests/data/formats/mixed/'s INCEpTION TSV against its doccano JSONL."""
    return spans_window(session, MIXED / "example2-gold.tsv", MIXED / "example2-system.jsonl")


# --- agreement among annotators ---------------------------------------------------------


def annotator(sentence_list: list[list[tuple[str, str]]], seed: int) -> list[list[tuple[str, str]]]:
    """The sentences with about one span in eight given another label (the same each run)."""
    chooser = random.Random(seed)
    changed = []
    for sentence in sentence_list:
        tags = ["O"] * len(sentence)
        for a, b, label in bio_spans([tag for _, tag in sentence]):
            if chooser.random() < 0.125:
                label = chooser.choice(["PER", "LOC", "ORG", "MISC"])
            tags[a:b] = [f"B-{label}"] + [f"I-{label}"] * (b - a - 1)
        changed.append([(token, tag) for (token, _), tag in zip(sentence, tags, strict=True)])
    return changed


def agreement_picture(session: Session) -> QImage:
    """agreement: three annotators' CoNLL files (seqeval's sample, anna and cara its gold
    column, ben its prediction column, labels changed per annotator) in the Agreement
    window's viewer, the first disagreement chosen."""
    folder = session.home / "annotators"
    folder.mkdir(exist_ok=True)
    paths = []
    for seed, (name, column) in enumerate((("anna", 2), ("ben", 3), ("cara", 2))):
        path = folder / f"annotator_{name}.conll"
        write_columns(path, annotator(sentences(SEQEVAL_SAMPLE, column), seed))
        paths.append(str(path))
    window = session.fresh_window()
    window.open_agreement()
    agreement = window.agreement
    agreement.resize(*SCREEN)
    agreement.add_paths(paths)
    wait_until(lambda: not agreement.busy, "the annotators' list")
    agreement.measure_button.click()
    wait_until(lambda: not agreement.busy and agreement.data is not None, "the agreement's figures")
    agreement.tabs.setCurrentIndex(2)  # Viewer
    agreement.row_choice.setCurrentIndex(agreement.row_model.index(0, 0))
    settle()
    image = grab(agreement)
    agreement.close()
    return image


# --- the workbook as LibreOffice prints it ----------------------------------------------


def ink(image: QImage) -> tuple[np.ndarray, np.ndarray]:
    """The rows and the columns of an image that hold something not white."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    pixels = np.frombuffer(rgb.constBits(), np.uint8).reshape(rgb.height(), rgb.bytesPerLine())
    dark = pixels[:, : rgb.width() * 3].reshape(rgb.height(), rgb.width(), 3).min(axis=2) < 250
    return np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))


def side_by_side(pages: list[QImage], margin: int = 8) -> QImage:
    """Printed pages cut to their ink (one height for all: the rows stay in line) and
    joined left to right, as the sheet they were printed from."""
    inks = [ink(page) for page in pages]
    top = max(min(int(rows[0]) for rows, _ in inks) - margin, 0)
    bottom = max(int(rows[-1]) for rows, _ in inks) + margin
    cuts = [page.copy(int(cols[0]), top, int(cols[-1] - cols[0]) + 1, bottom - top)
            for page, (_, cols) in zip(pages, inks, strict=True)]  # fmt: skip
    joined = QImage(sum(c.width() for c in cuts) + 2 * margin, bottom - top, QImage.Format.Format_RGB32)
    joined.fill(Qt.GlobalColor.white)
    painter, x = QPainter(joined), margin
    for cut in cuts:
        painter.drawImage(x, 0, cut)
        x += cut.width()
    painter.end()
    return joined


def errors_pages(pdftotext: str, pdf: Path, count: int) -> list[int]:
    """The pages the Errors sheet was printed on: from the one with its ID and Verdict
    columns to the last (the sheet is the workbook's last one printed)."""
    for page in range(1, count + 1):
        text = subprocess.run([pdftotext, "-f", str(page), "-l", str(page), str(pdf), "-"],
                              check=True, capture_output=True, text=True, timeout=TIMEOUT).stdout  # fmt: skip
        if {"ID", "Verdict"} <= set(text.splitlines()):
            return list(range(page, count + 1))
    raise SystemExit(f"docs_pictures: no page of {pdf} shows the Errors sheet")


def printed(book: Path, out: Path, tools: dict[str, str]) -> list[QImage]:
    """The pages of the workbook's Errors sheet as LibreOffice prints them."""
    subprocess.run([tools["soffice"], "--headless", "--convert-to", "pdf", "--outdir", str(out), str(book)],
                   check=True, capture_output=True, timeout=TIMEOUT)  # fmt: skip
    pdf = out / (book.stem + ".pdf")
    info = subprocess.run([tools["pdfinfo"], str(pdf)], check=True, capture_output=True, text=True).stdout
    count = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    pages = errors_pages(tools["pdftotext"], pdf, count)
    draw = [tools["pdftoppm"], "-png", "-r", "80", "-f", str(pages[0]), "-l", str(pages[-1])]
    subprocess.run([*draw, str(pdf), str(out / "page")], check=True, capture_output=True, timeout=TIMEOUT)
    return [QImage(str(path)) for path in sorted(out.glob("page*.png"))]


def workbook_picture(session: Session) -> QImage | None:
    """workbook: the Errors sheet of the example's workbook (exported from the app), as
    LibreOffice prints it; None where LibreOffice or poppler's tools are missing."""
    tools = {name: shutil.which(name) for name in ("soffice", "pdfinfo", "pdftotext", "pdftoppm")}
    if not all(tools.values()):
        print("docs_pictures: LibreOffice (soffice) or poppler-utils missing: workbook.png left as it is",
              file=sys.stderr)  # fmt: skip
        return None
    window = session.fresh_window()
    evaluate(window)
    book = export_workbook(window, session.home / "Documents")
    out = session.home / "print"
    out.mkdir(exist_ok=True)
    return side_by_side(printed(book, out, tools))  # type: ignore[arg-type]


# --- saving -----------------------------------------------------------------------------


def colours(image: QImage, count: int = 256) -> list[int]:
    """The image's `count` most frequent colours (as ARGB numbers)."""
    argb = image.convertToFormat(QImage.Format.Format_ARGB32)
    pixels = np.frombuffer(argb.constBits(), np.uint32, count=argb.width() * argb.height())
    values, counts = np.unique(pixels, return_counts=True)
    return [int(v) for v in values[np.argsort(-counts, kind="stable")[:count]]]


def save_png(image: QImage, path: Path) -> None:
    """Save with at most 256 colours, each pixel its nearest, undithered (small files)."""
    indexed = image.convertToFormat(
        QImage.Format.Format_Indexed8, colours(image), Qt.ImageConversionFlag.ThresholdDither
    )
    if not indexed.save(str(path), "PNG", 9):
        raise SystemExit(f"docs_pictures: could not write {path}")


PICTURES: dict[str, Callable[[Session], QImage | None]] = {
    "walkthrough-1-start": start_picture,
    "walkthrough-2-scores": scores_picture,
    "walkthrough-3-errors": errors_picture,
    "walkthrough-4-help": help_picture,
    "walkthrough-5-export": export_picture,
    "walkthrough-6-review": review_picture,
    "screenshot": window_picture,
    "spans-app": spans_picture,
    "webanno-doccano-app": mixed_picture,
    "agreement": agreement_picture,
    "workbook": workbook_picture,
}


def make(names: list[str], out: Path, session: Session) -> Iterator[Path]:
    """Take each named picture and save it into `out`; the files written."""
    for name in names:
        image = PICTURES[name](session)
        session.close()
        if image is not None:
            path = out / f"{name}.png"
            save_png(image, path)
            yield path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = ", ".join(PICTURES)
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"pictures to make (default all: {names})")
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="where to write them (default docs/)")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in PICTURES]
    if unknown:
        parser.error(f"no picture named {', '.join(unknown)}")
    with tempfile.TemporaryDirectory(prefix="span-studio-pictures-") as folder:
        prepare_environment(Path(folder))
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Span Studio")
        app.setOrganizationName("Span Studio")
        session = Session(Path(folder))
        for path in make(args.names or list(PICTURES), args.out, session):
            image = QImage(str(path))
            print(f"{path}: {image.width()}×{image.height()}, {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
