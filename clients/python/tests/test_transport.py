"""Retries, Retry-After, timeouts, ETag revalidation and malformed answers, over real loopback HTTP."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Iterator, List, Optional

import httpx
import pytest

from skills_directory import SkillsDirectory, SkillsDirectoryError

Answer = Dict[str, Any]


class Scripted:
    """A loopback server answering from a script (the last answer repeats) and recording request paths."""

    def __init__(self, script: List[Answer]) -> None:
        self.script = script
        self.paths: List[str] = []
        self.headers: List[Dict[str, str]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                outer.paths.append(self.path)
                outer.headers.append(dict(self.headers))
                answer = outer.script[min(len(outer.paths), len(outer.script)) - 1]
                time.sleep(answer.get("delay", 0))
                body = b"" if answer.get("body") is None else json.dumps(answer["body"]).encode()
                try:
                    self.send_response(answer["status"])
                    self.send_header("Content-Type", "application/json")
                    self.send_header("X-Request-Id", f"req-{len(outer.paths)}")
                    for k, v in answer.get("headers", {}).items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def scripted() -> Iterator[Any]:
    servers: List[Scripted] = []

    def start(script: List[Answer]) -> Scripted:
        servers.append(Scripted(script))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def error(code: str, message: Optional[str] = None) -> Dict[str, Any]:
    return {"error": {"code": code, "message": message or f"a {code}"}, "meta": {"requestId": "x"}}


EMPTY = {"data": [], "pagination": {"page": 1, "limit": 20, "total": 0, "totalPages": 0}, "meta": {"requestId": "x"}}
RATE = {"X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1900000000"}


def test_retries_5xx_then_answers(scripted: Any) -> None:
    server = scripted([{"status": 503, "body": error("SERVER_ERROR")}, {"status": 200, "body": EMPTY}])
    with SkillsDirectory(server.url, max_retries=2, max_retry_delay=0.05) as client:
        result = client.list_skills()
    assert result.request_id == "req-2"
    assert len(server.paths) == 2


def test_gives_up_after_max_retries(scripted: Any) -> None:
    server = scripted([{"status": 502, "body": error("SERVER_ERROR", "bad gateway")}])
    with SkillsDirectory(server.url, max_retries=1, max_retry_delay=0.02) as client, pytest.raises(SkillsDirectoryError) as caught:
        client.list_skills()
    assert (caught.value.code, caught.value.status, caught.value.message, caught.value.request_id) == ("SERVER_ERROR", 502, "bad gateway", "req-2")
    assert len(server.paths) == 2


def test_does_not_retry_other_4xx(scripted: Any) -> None:
    server = scripted([{"status": 404, "body": error("NOT_FOUND")}])
    with SkillsDirectory(server.url, max_retries=3) as client, pytest.raises(SkillsDirectoryError):
        client.get_skill("a", "b")
    assert len(server.paths) == 1


def test_honours_retry_after(scripted: Any) -> None:
    server = scripted([{"status": 429, "headers": {**RATE, "Retry-After": "1"}, "body": error("RATE_LIMITED")}, {"status": 200, "body": EMPTY}])
    started = time.monotonic()
    with SkillsDirectory(server.url, max_retries=1) as client:
        client.list_skills()
    assert time.monotonic() - started >= 0.95
    assert len(server.paths) == 2


def test_a_long_retry_after_is_raised_with_retry_after_and_rate_limit(scripted: Any) -> None:
    server = scripted([{"status": 429, "headers": {**RATE, "Retry-After": "1800"}, "body": error("RATE_LIMITED")}])
    with SkillsDirectory(server.url, max_retries=3) as client, pytest.raises(SkillsDirectoryError) as caught:
        client.list_skills()
    e = caught.value
    assert (e.code, e.status, e.retry_after) == ("RATE_LIMITED", 429, 1800)
    assert e.rate_limit is not None and (e.rate_limit.limit, e.rate_limit.remaining, e.rate_limit.reset) == (100, 0, 1900000000)
    assert len(server.paths) == 1


def test_timeout(scripted: Any) -> None:
    server = scripted([{"status": 200, "body": EMPTY, "delay": 1.0}])
    with SkillsDirectory(server.url, timeout=0.1, max_retries=0) as client, pytest.raises(SkillsDirectoryError) as caught:
        client.list_skills()
    assert (caught.value.code, caught.value.status) == ("TIMEOUT", 0)


def test_network_error() -> None:
    with SkillsDirectory("http://127.0.0.1:9/api/v1", max_retries=0) as client, pytest.raises(SkillsDirectoryError) as caught:
        client.list_skills()
    assert (caught.value.code, caught.value.status) == ("NETWORK_ERROR", 0)


def test_an_error_without_the_envelope(scripted: Any) -> None:
    server = scripted([{"status": 418, "body": None}])
    with SkillsDirectory(server.url) as client, pytest.raises(SkillsDirectoryError) as caught:
        client.list_skills()
    assert (caught.value.code, caught.value.status) == ("INVALID_RESPONSE", 418)


def test_requests_encode_paths_and_send_only_given_parameters(scripted: Any) -> None:
    server = scripted([{"status": 200, "body": {"data": {}, "meta": {"requestId": "x"}}}])
    with SkillsDirectory(server.url + "/", api_key="sk_test") as client:
        client.get_skill_content("a/b", "c?d", path="x y/SKILL.md")
        client.search("react hooks", has_index=True, min_stars=0)
    assert server.paths == ["/api/v1/skills/a%2Fb/c%3Fd/content?path=x+y%2FSKILL.md", "/api/v1/skills/search?q=react+hooks&minStars=0&hasIndex=true"]
    assert server.headers[0]["Authorization"] == "Bearer sk_test"


def test_etag_revalidation_against_the_api(api_url: str) -> None:
    statuses: List[int] = []

    def record(response: httpx.Response) -> None:
        statuses.append(response.status_code)

    http = httpx.Client(event_hooks={"response": [record]})
    with SkillsDirectory(api_url, etag_cache=True, http_client=http) as client:
        first = client.get_category("data")
        second = client.get_category("data")
    assert statuses == [200, 304]
    assert second.data == first.data
    assert second.request_id != first.request_id


def feed(ids: List[str], next: Optional[str]) -> Dict[str, Any]:
    return {"data": [{"id": i, "type": "skill.updated", "occurredAt": "2026-11-20T06:00:00Z", "skill": {}} for i in ids], "meta": {"next": next, "requestId": "x"}}


def test_iter_events_follows_next_until_null(scripted: Any) -> None:
    server = scripted([{"status": 200, "body": feed(["e1", "e2"], "e2")}, {"status": 200, "body": feed(["e3"], "e3")}, {"status": 200, "body": feed([], None)}])
    with SkillsDirectory(server.url) as client:
        ids = [e["id"] for e in client.iter_events(since="e0", type="skill.updated", limit=2)]
    assert ids == ["e1", "e2", "e3"]
    assert server.paths == [
        "/api/v1/events?since=e0&limit=2&type=skill.updated",
        "/api/v1/events?since=e2&limit=2&type=skill.updated",
        "/api/v1/events?since=e3&limit=2&type=skill.updated",
    ]
