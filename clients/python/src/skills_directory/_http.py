"""What the sync and async clients share: URLs and headers, reading an answer, the retry rule.

Retries are only for GETs (and the re-index POST, which is idempotent) that failed with 429, a 5xx, a network error or a timeout; a
``Retry-After`` is honoured, otherwise the wait grows exponentially with full jitter. A wait
longer than ``max_retry_delay`` is not taken: the error is raised instead.
"""

from __future__ import annotations

import os
import random
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Dict, Generic, Mapping, Optional, Tuple, TypeVar, Union
from urllib.parse import quote

import httpx

from ._errors import RateLimit, SkillsDirectoryError
from ._types import Pagination

D = TypeVar("D")
QueryValue = Union[str, int, bool, None]

DEFAULT_PORT = 8788
"""The port the project's local server (``npm start``) listens on unless ``PORT`` says otherwise."""

DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_RETRIES = 2
DEFAULT_MAX_RETRY_DELAY = 10.0


@dataclass(frozen=True)
class Result(Generic[D]):
    """One answer: its ``data``, ``pagination`` (lists and search), ``meta``, request id and rate limit."""

    data: D
    pagination: Optional[Pagination]
    meta: Dict[str, Any]
    request_id: Optional[str]
    rate_limit: Optional[RateLimit]


def default_base_url(env: Optional[Mapping[str, str]] = None) -> str:
    """The API's address when none is given: ``SKILLS_API_URL`` (an origin alone gets ``/api/v1``),
    else the local server at ``http://127.0.0.1:$PORT/api/v1``, with ``PORT`` as the project's server
    reads it and 8788 when it is unset. The same rule as the server's own commands, so one variable
    moves the server and another every client. A ``PORT`` that is not a port number is an error
    rather than a silent fall back to another server."""
    env = os.environ if env is None else env
    from_env = (env.get("SKILLS_API_URL") or "").strip()
    if from_env:
        url = httpx.URL(from_env)
        if url.scheme not in ("http", "https") or not url.host:
            raise ValueError(f"SKILLS_API_URL {from_env!r} is not an http or https URL (as in http://127.0.0.1:{DEFAULT_PORT}/api/v1)")
        if url.path in ("", "/"):
            return f"{url.scheme}://{url.netloc.decode('ascii')}/api/v1"
        return from_env.rstrip("/")
    raw = (env.get("PORT") or "").strip()
    if not raw:
        return f"http://127.0.0.1:{DEFAULT_PORT}/api/v1"
    if not re.fullmatch(r"\d+", raw) or not 1 <= int(raw) <= 65535:
        raise ValueError(f"PORT must be a port number from 1 to 65535, got {raw!r}")
    return f"http://127.0.0.1:{int(raw)}/api/v1"


def path_of(*segments: str) -> str:
    """A path whose segments are each percent-encoded, so a name can never reach another route."""
    return "".join("/" + quote(s, safe="") for s in segments)


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w.capitalize() for w in rest)


def query_of(params: Mapping[str, QueryValue]) -> Dict[str, str]:
    """snake_case keyword arguments to the API's camelCase query parameters; None is left out."""
    out: Dict[str, str] = {}
    for name, value in params.items():
        if value is None:
            continue
        out[_camel(name)] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return out


def _int_header(headers: httpx.Headers, name: str) -> Optional[int]:
    raw = headers.get(name)
    return int(raw) if raw is not None and re.fullmatch(r"\d+", raw.strip()) else None


def rate_limit_of(headers: httpx.Headers) -> Optional[RateLimit]:
    limit = _int_header(headers, "X-RateLimit-Limit")
    remaining = _int_header(headers, "X-RateLimit-Remaining")
    reset = _int_header(headers, "X-RateLimit-Reset")
    if limit is None or remaining is None or reset is None:
        return None
    return RateLimit(limit=limit, remaining=remaining, reset=reset)


class EtagCache:
    """Bodies kept by URL with their ETag, least recently used dropped first."""

    def __init__(self, max_entries: int = 256) -> None:
        self.max_entries = max_entries
        self._entries: "OrderedDict[str, Tuple[str, Dict[str, Any]]]" = OrderedDict()

    def get(self, url: str) -> Optional[Tuple[str, Dict[str, Any]]]:
        hit = self._entries.get(url)
        if hit is not None:
            self._entries.move_to_end(url)
        return hit

    def set(self, url: str, etag: str, body: Dict[str, Any]) -> None:
        self._entries[url] = (etag, body)
        self._entries.move_to_end(url)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)


class Requests:
    """The settings of one client, and the steps of a request that do not depend on sync or async."""

    def __init__(
        self,
        base_url: Optional[str],
        api_key: Optional[str],
        max_retries: int,
        max_retry_delay: float,
        etag_cache: Union[bool, EtagCache],
    ) -> None:
        # Left out, the address comes from the environment; given empty (an unset variable
        # interpolated, most likely), it is a mistake worth saying, not a silent local default.
        if base_url is not None and not base_url.strip():
            raise ValueError(
                "base_url is empty: leave it out to use SKILLS_API_URL or the local server,"
                " or give one such as http://127.0.0.1:8788/api/v1"
            )
        self.base_url = (base_url if base_url is not None else default_base_url()).rstrip("/")
        self.api_key = api_key
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.cache: Optional[EtagCache] = (EtagCache() if etag_cache is True else etag_cache) or None

    def prepare(self, path: str, params: Mapping[str, QueryValue]) -> Tuple[str, Dict[str, str]]:
        url = str(httpx.URL(self.base_url + path, params=query_of(params)))
        headers = {"Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        cached = self.cache.get(url) if self.cache else None
        if cached:
            headers["If-None-Match"] = cached[0]
        return url, headers

    def failure(self, url: str, error: httpx.HTTPError) -> SkillsDirectoryError:
        if isinstance(error, httpx.TimeoutException):
            return SkillsDirectoryError("TIMEOUT", 0, f"no answer in time from {url}: {error}")
        return SkillsDirectoryError("NETWORK_ERROR", 0, f"could not reach {url}: {error}")

    def read(self, url: str, response: httpx.Response) -> Result[Any]:
        """The answer as a Result, or the SkillsDirectoryError it carries."""
        request_id = response.headers.get("X-Request-Id")
        rate_limit = rate_limit_of(response.headers)
        cached = self.cache.get(url) if self.cache else None
        body: Any
        if response.status_code == 304 and cached:
            body = cached[1]
        else:
            try:
                body = response.json()
            except ValueError:
                body = None
            if not response.is_success:
                raise self._error(response, body, request_id, rate_limit)
            if not isinstance(body, dict):
                raise SkillsDirectoryError("INVALID_RESPONSE", response.status_code, f"the answer from {url} is not a JSON object", request_id, None, rate_limit)
            etag = response.headers.get("ETag")
            if etag and self.cache:
                self.cache.set(url, etag, body)
        return Result(
            data=body["data"],
            pagination=body.get("pagination"),
            meta=body.get("meta", {}),
            request_id=request_id,
            rate_limit=rate_limit,
        )

    @staticmethod
    def _error(response: httpx.Response, body: Any, request_id: Optional[str], rate_limit: Optional[RateLimit]) -> SkillsDirectoryError:
        error = body.get("error") if isinstance(body, dict) else None
        if isinstance(error, dict) and isinstance(error.get("code"), str) and isinstance(error.get("message"), str):
            return SkillsDirectoryError(
                error["code"],
                response.status_code,
                error["message"],
                request_id,
                _int_header(response.headers, "Retry-After"),
                rate_limit,
            )
        return SkillsDirectoryError("INVALID_RESPONSE", response.status_code, f"HTTP {response.status_code} without the API's error envelope", request_id, None, rate_limit)

    def retry_delay(self, error: SkillsDirectoryError, attempt: int) -> Optional[float]:
        """Seconds to wait before the next attempt, or None to raise ``error`` now."""
        retryable = error.status == 429 or error.status >= 500 or error.code in ("NETWORK_ERROR", "TIMEOUT")
        if not retryable or attempt >= self.max_retries:
            return None
        if error.retry_after is not None:
            wait = float(error.retry_after)
        else:
            # Full jitter over 0.5 s, 1 s, 2 s ...: retrying clients do not come back in step.
            wait = random.uniform(0, min(self.max_retry_delay, 0.5 * 2**attempt))
        return wait if wait <= self.max_retry_delay else None
