"""The README's examples run against the API under test, and print what they promise."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import List

README = Path(__file__).resolve().parents[1] / "README.md"
LOCAL = "http://127.0.0.1:8788/api/v1"


def examples() -> List[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), flags=re.S)


def test_every_example_runs_and_prints(api_url: str) -> None:
    blocks = examples()
    assert len(blocks) >= 4
    for block in blocks:
        assert LOCAL in block
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block.replace(LOCAL, api_url), str(README), "exec"), {})
        assert out.getvalue().strip(), block


def test_the_first_example_prints_search_results(api_url: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(examples()[0].replace(LOCAL, api_url), {})
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("anvil-dev/pdf 8920 <mark>pdf</mark>")
