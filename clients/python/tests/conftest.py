"""Fixtures: the API under test (SKILLS_API_URL, set by the project's test run) and the shared contract cases."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List

import httpx
import pytest

CASES_FILE = Path(__file__).resolve().parents[2] / "contract-cases.json"


def load_cases() -> List[Dict[str, Any]]:
    cases: List[Dict[str, Any]] = json.loads(CASES_FILE.read_text("utf-8"))["cases"]
    return cases


@pytest.fixture(scope="session")
def api_url() -> str:
    url = os.environ.get("SKILLS_API_URL")
    if not url:
        pytest.fail("SKILLS_API_URL is not set: run these tests through `npm test`, or point it at a running API (npm start)")
    return url


@pytest.fixture(scope="session")
def raw(api_url: str) -> httpx.Client:
    """Plain HTTP to the same API, to compare the clients' answers with."""
    return httpx.Client(base_url=api_url)
