"""The README's examples run against the API under test, and print what they promise. They write no
address: the client finds the API from the environment (SKILLS_API_URL, else PORT), as a reader's does."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import List

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def examples() -> List[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), flags=re.S)


def run(block: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(README), "exec"), {})
    return out.getvalue()


def test_every_example_runs_and_prints(api_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLS_API_URL", api_url)
    blocks = examples()
    assert len(blocks) >= 4
    for block in blocks:
        assert "8788" not in block and "base_url" not in block, block
        assert run(block).strip(), block


def test_the_first_example_prints_search_results(api_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLS_API_URL", api_url)
    lines = run(examples()[0]).splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("anvil-dev/pdf 8920 <mark>pdf</mark>")
