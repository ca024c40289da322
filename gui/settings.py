"""What the app remembers between runs (QSettings): last folders, method, options per
method, inputs (the Second system's too), recent evaluations, the scale of scores and the
window layout."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from engine.scale import DEFAULT_SCALE, SCALES

RECENT_LIMIT = 10


class AppSettings:
    """Typed access to the app's QSettings; values are stored as JSON text, so that every
    settings back end gives them back alike."""

    def __init__(self, store: QSettings) -> None:
        self.store = store

    def _get(self, key: str, default: Any = None) -> Any:
        text = self.store.value(key)
        if not isinstance(text, str):
            return default
        try:
            return json.loads(text)
        except ValueError:
            return default

    def _set(self, key: str, value: Any) -> None:
        self.store.setValue(key, json.dumps(value))

    @property
    def first_start(self) -> bool:
        return self.store.value("inputs") is None

    def method(self) -> str | None:
        value = self._get("method")
        return value if isinstance(value, str) else None

    def set_method(self, name: str) -> None:
        self._set("method", name)

    def options(self, method: str) -> dict[str, Any]:
        value = self._get(f"options/{method}", {})
        return value if isinstance(value, dict) else {}

    def set_options(self, method: str, values: dict[str, Any]) -> None:
        self._set(f"options/{method}", values)

    def inputs(self) -> tuple[str, str]:
        value = self._get("inputs", ["", ""])
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
            return value[0], value[1]
        return "", ""

    def set_inputs(self, gold: str, system: str) -> None:
        self._set("inputs", [gold, system])

    def second(self) -> str:
        """The Second system's file ("" for none: a comparison's second system, kept as the inputs are)."""
        value = self._get("second", "")
        return value if isinstance(value, str) else ""

    def set_second(self, path: str) -> None:
        self._set("second", path)

    def mapping(self, key: str) -> dict[str, Any]:
        """What a part of the app kept under `key` at its last change ({} for nothing, or
        nothing of this shape): the Agreement window's list, Make Gold's fields."""
        value = self._get(key, {})
        return value if isinstance(value, dict) else {}

    def set_value(self, key: str, value: Any) -> None:
        self._set(key, value)

    def folder(self, kind: str) -> str:
        value = self._get(f"folders/{kind}", "")
        return value if isinstance(value, str) else ""

    def set_folder(self, kind: str, folder: str) -> None:
        self._set(f"folders/{kind}", folder)

    def recent(self) -> list[dict[str, str]]:
        """Recent evaluations, newest first: {"method", "gold", "system", "second"} (the Second
        system compared with, "" for none: an entry kept before it was recorded has none)."""
        value = self._get("recent", [])
        if not isinstance(value, list):
            return []
        keys = ("method", "gold", "system")
        kept = [e for e in value if isinstance(e, dict) and all(isinstance(e.get(k), str) for k in keys)]
        return [{**e, "second": e.get("second") if isinstance(e.get("second"), str) else ""} for e in kept]

    def add_recent(self, method: str, gold: str, system: str, second: str = "") -> None:
        entry = {"method": method, "gold": gold, "system": system, "second": second}
        entries = [entry, *(e for e in self.recent() if e != entry)]
        self._set("recent", entries[:RECENT_LIMIT])

    def clear_recent(self) -> None:
        self._set("recent", [])

    def scale(self) -> str:
        """The scale scores are shown on: percent (the default) or fraction."""
        value = self._get("scale", DEFAULT_SCALE)
        return value if value in SCALES else DEFAULT_SCALE

    def set_scale(self, scale: str) -> None:
        self._set("scale", scale)

    def layout(self, name: str) -> QByteArray | None:
        """A saved widget state (window geometry, dock layout, splitter sizes)."""
        text = self._get(f"layout/{name}")
        return QByteArray.fromBase64(text.encode("ascii")) if isinstance(text, str) else None

    def set_layout(self, name: str, state: QByteArray) -> None:
        self._set(f"layout/{name}", bytes(state.toBase64().data()).decode("ascii"))

    def sizes(self, name: str) -> list[int]:
        """Saved sizes of a splitter's parts."""
        value = self._get(f"sizes/{name}", [])
        return value if isinstance(value, list) and all(isinstance(v, int) for v in value) else []

    def set_sizes(self, name: str, sizes: list[int]) -> None:
        self._set(f"sizes/{name}", list(sizes))

    def sync(self) -> None:
        self.store.sync()
