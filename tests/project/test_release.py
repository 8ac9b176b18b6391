"""What a person who installs bridgepad looks for: ``bridgepad --version``, the licence the
package declares, a changelog, and one place the version is written."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import bridgepad

ROOT = Path(__file__).resolve().parents[2]


def test_bridgepad_version_prints_the_package_s_version_without_loading_the_screens() -> None:
    # -X importtime lists every module the entry point imports, on stderr.
    p = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "bridgepad", "--version"],
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert p.stdout == f"bridgepad {bridgepad.__version__}\n"
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in p.stderr.splitlines() if "|" in line}
    assert "bridgepad" in imported  # the listing is real
    assert not imported & {"textual", "rich", "aiohttp"}


def test_the_version_is_written_once_in_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "bridgepad.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", bridgepad.__version__)


def test_the_licence_file_is_the_mit_licence_the_package_declares() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text
    assert project["license"] in ("MIT", {"text": "MIT"})


def test_the_changelog_keeps_a_changelog_s_form() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    assert "https://keepachangelog.com/en/1.1.0/" in text
    releases = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert releases[0] == "[Unreleased]"
    # No version has been tagged: the history is kept as dated milestones, newest first.
    dates = [re.fullmatch(r"(?:\[\d+\.\d+\.\d+\]|Milestone) - (\d{4}-\d{2}-\d{2})", r) for r in releases[1:]]
    assert all(dates), releases
    days = [d.group(1) for d in dates if d]
    assert days == sorted(days, reverse=True) and len(days) == len(set(days))
    # Every section under a release is one of the form's six.
    for kind in re.findall(r"^### (.+)$", text, flags=re.MULTILINE):
        assert kind in {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, kind
