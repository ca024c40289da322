"""The release's files that can only run elsewhere (the workflow on GitHub, the Windows
installer script, the macOS disk image) or only as root (the .deb): checked here for what
can be checked without building them. `make package-test` builds and installs the .deb."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import ROOT

LINUX = ROOT / "packaging" / "linux"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def zizmor() -> str:
    found = shutil.which("zizmor") or str(Path(sys.executable).with_name("zizmor"))
    if not Path(found).exists():
        pytest.fail("zizmor is missing: it is in the test extra (make test installs it)")
    return found


def test_the_release_workflow_passes_the_workflow_linter():
    result = subprocess.run(
        [zizmor(), "--offline", "--config", str(ROOT / ".github" / "zizmor.yml"), str(WORKFLOW)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_builds_checks_and_attaches_every_installer():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r"tags: \[\"v\*\"\]", text)
    for runner in ("ubuntu-", "windows-", "macos-"):
        assert runner in text
    for step in ("packaging/build.sh", "spanstudio.iss", "make_dmg.sh", "--selfcheck", "gh release create"):
        assert step in text
    for artefact in ("dist/*.deb", "dist/*.tar.gz", "dist/*-Setup.exe", "dist/*.dmg"):
        assert artefact in text


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(LINUX / "span-studio.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_menu_entry_opens_the_files_span_studio_reads():
    entry = desktop_entry()
    assert entry["Exec"] == "spanstudio-gui %F" and entry["Icon"] == "span-studio"
    offered = set(filter(None, entry["MimeType"].split(";")))
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    defined = {t.get("type") for t in ET.parse(LINUX / "span-studio-mime.xml").getroot().findall("m:mime-type", ns)}
    assert defined and defined <= offered  # every type we define is offered in the menu entry


def test_the_deb_control_declares_what_a_desktop_lacks():
    control = (LINUX / "control.in").read_text(encoding="utf-8")
    fields = dict(re.findall(r"^([A-Za-z-]+): (.*)$", control, re.M))
    assert fields["Package"] == "span-studio" and fields["Architecture"] == "amd64"
    depends = {d.strip() for d in fields["Depends"].split(",")}
    for library in ("libegl1", "libxcb-cursor0", "libxkbcommon-x11-0", "libfontconfig1"):
        assert library in depends


def test_the_windows_installer_is_per_user_with_an_uninstaller():
    script = (ROOT / "packaging" / "windows" / "spanstudio.iss").read_text(encoding="utf-8")
    assert "PrivilegesRequired=lowest" in script
    assert "OutputBaseFilename=SpanStudio-{#Version}-Setup" in script
    assert "{uninstallexe}" in script and "{group}" in script
    icon = re.search(r"SetupIconFile=(.*)", script).group(1).replace("\\", "/")
    assert (ROOT / "packaging" / "windows" / icon).resolve().is_file()
