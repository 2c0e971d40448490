"""The one exception the client raises: an error envelope from the API, or a failure to get one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class RateLimit:
    """The rate-limit headers of an answer: requests per hour, requests left, Unix time (s) the window ends."""

    limit: int
    remaining: int
    reset: int


class SkillsDirectoryError(Exception):
    """An API error (``code`` is the API's, e.g. ``NOT_FOUND``) or a client-side failure.

    Client-side codes: ``NETWORK_ERROR``, ``TIMEOUT``, ``INVALID_RESPONSE``; their ``status`` is 0
    when no answer arrived.
    """

    def __init__(
        self,
        code: str,
        status: int,
        message: str,
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
        rate_limit: Optional[RateLimit] = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = message
        self.request_id = request_id
        self.retry_after = retry_after
        self.rate_limit = rate_limit

    def __str__(self) -> str:
        where = f" (HTTP {self.status})" if self.status else ""
        request = f" [request {self.request_id}]" if self.request_id else ""
        return f"{self.code}{where}: {self.message}{request}"
