"""SkillsDirectory (sync) and AsyncSkillsDirectory: one method per endpoint, iterators over every
page, polite retries, timeouts and optional ETag revalidation, on httpx."""

from __future__ import annotations

import asyncio
import time
from typing import Any, AsyncIterator, Generic, Iterator, List, Optional, TypeVar, Union

import httpx

from . import _calls
from ._calls import Call, EventType, Order, Sort, Trust
from ._errors import SkillsDirectoryError
from ._http import DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_DELAY, DEFAULT_TIMEOUT, EtagCache, Requests, Result
from ._types import Category, CategoryDetail, FileEntry, IndexStatus, RefreshQueued, SearchResult, SkillContent, SkillDetail, SkillEvent, SkillStats, SkillSummary, Status, Suggestion

D = TypeVar("D")
ITERATION_LIMIT = 100


def _last_page(result: Result[Any]) -> bool:
    return not result.data or result.pagination is None or result.pagination["page"] >= result.pagination["totalPages"]


H = TypeVar("H", httpx.Client, httpx.AsyncClient)


class _Settings(Generic[H]):
    """The options both clients take: the API, the key, and the retry, timeout and revalidation rules.

    Without ``base_url`` the API is ``SKILLS_API_URL``, else the local server on ``PORT``, else on 8788
    (``default_base_url``)."""

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_delay: float = DEFAULT_MAX_RETRY_DELAY,
        etag_cache: Union[bool, EtagCache] = False,
        http_client: Optional[H] = None,
    ) -> None:
        self._requests = Requests(base_url, api_key, max_retries, max_retry_delay, etag_cache)
        self._http: H = http_client or self._new_http(timeout)

    def _new_http(self, timeout: float) -> H:
        raise NotImplementedError


class SkillsDirectory(_Settings[httpx.Client]):
    """A synchronous client. ``with SkillsDirectory(base_url=...) as client: ...`` closes its connections."""

    def _new_http(self, timeout: float) -> httpx.Client:
        return httpx.Client(timeout=timeout)

    def __enter__(self) -> "SkillsDirectory":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _run(self, call: Call[D]) -> Result[D]:
        url, headers = self._requests.prepare(call.path, call.params)
        for attempt in range(self._requests.max_retries + 1):
            try:
                try:
                    response = self._http.request(call.method, url, headers=headers)
                except httpx.HTTPError as e:
                    raise self._requests.failure(url, e) from e
                return self._requests.read(url, response)
            except SkillsDirectoryError as e:
                wait = self._requests.retry_delay(e, attempt)
                if wait is None:
                    raise
                time.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def list_skills(self, *, page: Optional[int] = None, limit: Optional[int] = None, sort: Optional[Sort] = None, order: Optional[Order] = None, category: Optional[str] = None, platform: Optional[str] = None, trust: Optional[Trust] = None) -> Result[List[SkillSummary]]:
        return self._run(_calls.list_skills(page, limit, sort, order, category, platform, trust))

    def get_skill(self, owner: str, repo: str) -> Result[SkillDetail]:
        return self._run(_calls.get_skill(owner, repo))

    def get_skill_content(self, owner: str, repo: str, *, path: Optional[str] = None) -> Result[SkillContent]:
        return self._run(_calls.get_skill_content(owner, repo, path))

    def list_skill_files(self, owner: str, repo: str) -> Result[List[FileEntry]]:
        return self._run(_calls.list_skill_files(owner, repo))

    def get_skill_stats(self, owner: str, repo: str) -> Result[SkillStats]:
        return self._run(_calls.get_skill_stats(owner, repo))

    def get_status(self) -> Result[Status]:
        return self._run(_calls.get_status())

    def get_index_status(self, owner: str, repo: str) -> Result[IndexStatus]:
        return self._run(_calls.get_index_status(owner, repo))

    def request_refresh(self, owner: str, repo: str) -> Result[RefreshQueued]:
        """POST /index-status/{owner}/{repo}/refresh: queue the repository for the next re-index run."""
        return self._run(_calls.request_refresh(owner, repo))

    def list_categories(self, *, locale: Optional[str] = None) -> Result[List[Category]]:
        return self._run(_calls.list_categories(locale))

    def get_category(self, slug: str, *, locale: Optional[str] = None) -> Result[CategoryDetail]:
        return self._run(_calls.get_category(slug, locale))

    def list_category_skills(self, slug: str, *, page: Optional[int] = None, limit: Optional[int] = None, sort: Optional[Sort] = None, order: Optional[Order] = None, platform: Optional[str] = None, trust: Optional[Trust] = None) -> Result[List[SkillSummary]]:
        return self._run(_calls.list_category_skills(slug, page, limit, sort, order, platform, trust))

    def search(self, q: str, *, page: Optional[int] = None, limit: Optional[int] = None, category: Optional[str] = None, platform: Optional[str] = None, min_stars: Optional[int] = None, has_index: Optional[bool] = None, trust: Optional[Trust] = None) -> Result[List[SearchResult]]:
        return self._run(_calls.search(q, page, limit, category, platform, min_stars, has_index, trust))

    def autocomplete(self, q: str, *, limit: Optional[int] = None) -> Result[List[Suggestion]]:
        return self._run(_calls.autocomplete(q, limit))

    def events(self, *, since: Optional[str] = None, limit: Optional[int] = None, type: Optional[EventType] = None) -> Result[List[SkillEvent]]:
        return self._run(_calls.events(since, limit, type))

    def iter_skills(self, *, page: int = 1, limit: int = ITERATION_LIMIT, sort: Optional[Sort] = None, order: Optional[Order] = None, category: Optional[str] = None, platform: Optional[str] = None) -> Iterator[SkillSummary]:
        """Every skill matching the filters, page after page."""
        while True:
            result = self.list_skills(page=page, limit=limit, sort=sort, order=order, category=category, platform=platform)
            yield from result.data
            if _last_page(result):
                return
            page += 1

    def iter_search(self, q: str, *, page: int = 1, limit: int = ITERATION_LIMIT, category: Optional[str] = None, platform: Optional[str] = None, min_stars: Optional[int] = None, has_index: Optional[bool] = None) -> Iterator[SearchResult]:
        """Every result of a search, page after page."""
        while True:
            result = self.search(q, page=page, limit=limit, category=category, platform=platform, min_stars=min_stars, has_index=has_index)
            yield from result.data
            if _last_page(result):
                return
            page += 1

    def iter_events(self, *, since: Optional[str] = None, limit: Optional[int] = None, type: Optional[EventType] = None) -> Iterator[SkillEvent]:
        """Every event after ``since``, following ``meta.next`` until the feed is exhausted."""
        while True:
            result = self.events(since=since, limit=limit, type=type)
            yield from result.data
            since = result.meta.get("next")
            if since is None or not result.data:
                return


class AsyncSkillsDirectory(_Settings[httpx.AsyncClient]):
    """An asyncio client. ``async with AsyncSkillsDirectory(base_url=...) as client: ...`` closes its connections."""

    def _new_http(self, timeout: float) -> httpx.AsyncClient:
        return httpx.AsyncClient(timeout=timeout)

    async def __aenter__(self) -> "AsyncSkillsDirectory":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _run(self, call: Call[D]) -> Result[D]:
        url, headers = self._requests.prepare(call.path, call.params)
        for attempt in range(self._requests.max_retries + 1):
            try:
                try:
                    response = await self._http.request(call.method, url, headers=headers)
                except httpx.HTTPError as e:
                    raise self._requests.failure(url, e) from e
                return self._requests.read(url, response)
            except SkillsDirectoryError as e:
                wait = self._requests.retry_delay(e, attempt)
                if wait is None:
                    raise
                await asyncio.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def list_skills(self, *, page: Optional[int] = None, limit: Optional[int] = None, sort: Optional[Sort] = None, order: Optional[Order] = None, category: Optional[str] = None, platform: Optional[str] = None, trust: Optional[Trust] = None) -> Result[List[SkillSummary]]:
        return await self._run(_calls.list_skills(page, limit, sort, order, category, platform, trust))

    async def get_skill(self, owner: str, repo: str) -> Result[SkillDetail]:
        return await self._run(_calls.get_skill(owner, repo))

    async def get_skill_content(self, owner: str, repo: str, *, path: Optional[str] = None) -> Result[SkillContent]:
        return await self._run(_calls.get_skill_content(owner, repo, path))

    async def list_skill_files(self, owner: str, repo: str) -> Result[List[FileEntry]]:
        return await self._run(_calls.list_skill_files(owner, repo))

    async def get_skill_stats(self, owner: str, repo: str) -> Result[SkillStats]:
        return await self._run(_calls.get_skill_stats(owner, repo))

    async def get_status(self) -> Result[Status]:
        return await self._run(_calls.get_status())

    async def get_index_status(self, owner: str, repo: str) -> Result[IndexStatus]:
        return await self._run(_calls.get_index_status(owner, repo))

    async def request_refresh(self, owner: str, repo: str) -> Result[RefreshQueued]:
        """POST /index-status/{owner}/{repo}/refresh: queue the repository for the next re-index run."""
        return await self._run(_calls.request_refresh(owner, repo))

    async def list_categories(self, *, locale: Optional[str] = None) -> Result[List[Category]]:
        return await self._run(_calls.list_categories(locale))

    async def get_category(self, slug: str, *, locale: Optional[str] = None) -> Result[CategoryDetail]:
        return await self._run(_calls.get_category(slug, locale))

    async def list_category_skills(self, slug: str, *, page: Optional[int] = None, limit: Optional[int] = None, sort: Optional[Sort] = None, order: Optional[Order] = None, platform: Optional[str] = None, trust: Optional[Trust] = None) -> Result[List[SkillSummary]]:
        return await self._run(_calls.list_category_skills(slug, page, limit, sort, order, platform, trust))

    async def search(self, q: str, *, page: Optional[int] = None, limit: Optional[int] = None, category: Optional[str] = None, platform: Optional[str] = None, min_stars: Optional[int] = None, has_index: Optional[bool] = None, trust: Optional[Trust] = None) -> Result[List[SearchResult]]:
        return await self._run(_calls.search(q, page, limit, category, platform, min_stars, has_index, trust))

    async def autocomplete(self, q: str, *, limit: Optional[int] = None) -> Result[List[Suggestion]]:
        return await self._run(_calls.autocomplete(q, limit))

    async def events(self, *, since: Optional[str] = None, limit: Optional[int] = None, type: Optional[EventType] = None) -> Result[List[SkillEvent]]:
        return await self._run(_calls.events(since, limit, type))

    async def iter_skills(self, *, page: int = 1, limit: int = ITERATION_LIMIT, sort: Optional[Sort] = None, order: Optional[Order] = None, category: Optional[str] = None, platform: Optional[str] = None) -> AsyncIterator[SkillSummary]:
        """Every skill matching the filters, page after page."""
        while True:
            result = await self.list_skills(page=page, limit=limit, sort=sort, order=order, category=category, platform=platform)
            for item in result.data:
                yield item
            if _last_page(result):
                return
            page += 1

    async def iter_search(self, q: str, *, page: int = 1, limit: int = ITERATION_LIMIT, category: Optional[str] = None, platform: Optional[str] = None, min_stars: Optional[int] = None, has_index: Optional[bool] = None) -> AsyncIterator[SearchResult]:
        """Every result of a search, page after page."""
        while True:
            result = await self.search(q, page=page, limit=limit, category=category, platform=platform, min_stars=min_stars, has_index=has_index)
            for item in result.data:
                yield item
            if _last_page(result):
                return
            page += 1

    async def iter_events(self, *, since: Optional[str] = None, limit: Optional[int] = None, type: Optional[EventType] = None) -> AsyncIterator[SkillEvent]:
        """Every event after ``since``, following ``meta.next`` until the feed is exhausted."""
        while True:
            result = await self.events(since=since, limit=limit, type=type)
            for item in result.data:
                yield item
            since = result.meta.get("next")
            if since is None or not result.data:
                return
