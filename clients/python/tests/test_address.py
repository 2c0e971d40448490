"""Where the client finds the API without a base_url: SKILLS_API_URL, else the local server on PORT,
else on 8788; the last test reaches the API under test through PORT alone, as `PORT=N npm start` moves it."""

from __future__ import annotations

from typing import Dict

import httpx
import pytest

from skills_directory import DEFAULT_PORT, AsyncSkillsDirectory, SkillsDirectory, default_base_url


def test_the_rule() -> None:
    assert DEFAULT_PORT == 8788
    assert default_base_url({}) == "http://127.0.0.1:8788/api/v1"
    assert default_base_url({"PORT": "9401"}) == "http://127.0.0.1:9401/api/v1"
    assert default_base_url({"PORT": "9401", "SKILLS_API_URL": "https://skills.example"}) == "https://skills.example/api/v1"
    assert default_base_url({"SKILLS_API_URL": "https://skills.example/api/v1/"}) == "https://skills.example/api/v1"
    assert default_base_url({"SKILLS_API_URL": " ", "PORT": ""}) == "http://127.0.0.1:8788/api/v1"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"PORT": "http"}, "PORT must be a port number from 1 to 65535, got 'http'"),
        ({"PORT": "70000"}, "PORT must be a port number"),
        ({"SKILLS_API_URL": "not a url"}, "SKILLS_API_URL 'not a url' is not an http or https URL"),
    ],
)
def test_an_unusable_variable_is_an_error(env: Dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        default_base_url(env)


@pytest.mark.parametrize("base_url", ["", "  "])
def test_an_empty_base_url_is_an_error_not_the_default(base_url: str) -> None:
    with pytest.raises(ValueError, match="base_url is empty"):
        SkillsDirectory(base_url)
    with pytest.raises(ValueError, match="base_url is empty"):
        AsyncSkillsDirectory(base_url)


def test_both_clients_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKILLS_API_URL", raising=False)
    monkeypatch.setenv("PORT", "9402")
    with SkillsDirectory() as client:
        assert client._requests.base_url == "http://127.0.0.1:9402/api/v1"
    monkeypatch.setenv("SKILLS_API_URL", "https://skills.example")
    assert AsyncSkillsDirectory()._requests.base_url == "https://skills.example/api/v1"
    with SkillsDirectory("https://other.example/api/v1") as client:
        assert client._requests.base_url == "https://other.example/api/v1"


def test_port_alone_reaches_the_local_server(api_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    served = httpx.URL(api_url)
    assert served.host == "127.0.0.1"
    monkeypatch.delenv("SKILLS_API_URL", raising=False)
    monkeypatch.setenv("PORT", str(served.port))
    with SkillsDirectory() as client:
        status = client.get_status()
    assert status.data["counts"]["skills"] > 0
