"""Where the app's bundled files (icons, example data) are, however it was installed."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The `resources/` folder: in a PyInstaller bundle, the source tree, or pip's data files."""
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources")
    candidates.append(Path(__file__).resolve().parent.parent / "resources")
    candidates.append(Path(sys.prefix) / "share" / "span-studio" / "resources")
    for candidate in candidates:
        if (candidate / "examples").is_dir():
            return candidate
    return candidates[-1]


def example_inputs() -> tuple[str, str, str]:
    """(method, gold, system) of the bundled example the app opens on first start."""
    folder = resources_dir() / "examples" / "faireval"
    return "faireval", str(folder / "gold.conll"), str(folder / "system.conll")


def app_icon_files() -> list[Path]:
    """The app icon's PNG sizes, smallest first."""
    folder = resources_dir() / "icons"
    return sorted(folder.glob("spanstudio-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def font_files() -> list[Path]:
    """Fonts the build carries (resources/fonts: the emoji font of the packaged app)."""
    folder = resources_dir() / "fonts"
    return sorted(p for p in folder.glob("*") if p.suffix.lower() in (".ttf", ".otf"))
