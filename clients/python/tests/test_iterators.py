"""Iterators walk every page: the same items, in the same order, as one big page of the API."""

from __future__ import annotations

import asyncio
from typing import List

import httpx

from skills_directory import AsyncSkillsDirectory, SkillsDirectory, SkillsDirectoryError


def test_iter_skills_walks_every_page(api_url: str, raw: httpx.Client) -> None:
    with SkillsDirectory(api_url) as client:
        walked = [f"{s['owner']}/{s['repo']}" for s in client.iter_skills(limit=7, sort="name")]
    everything = raw.get(api_url + "/skills", params={"limit": 100, "sort": "name"}).json()
    assert walked == [f"{s['owner']}/{s['repo']}" for s in everything["data"]]
    assert len(walked) == everything["pagination"]["total"]


def test_iter_skills_keeps_filters_and_starts_at_page(api_url: str, raw: httpx.Client) -> None:
    with SkillsDirectory(api_url) as client:
        walked = list(client.iter_skills(category="devops", limit=2, page=2))
    everything = raw.get(api_url + "/skills", params={"category": "devops", "limit": 100}).json()
    assert walked == everything["data"][2:]


def test_iter_search_async(api_url: str, raw: httpx.Client) -> None:
    async def walk() -> List[str]:
        async with AsyncSkillsDirectory(api_url) as client:
            return [r["id"] async for r in client.iter_search("pdf", limit=2)]

    walked = asyncio.run(walk())
    everything = raw.get(api_url + "/skills/search", params={"q": "pdf", "limit": 100}).json()
    assert walked == [r["id"] for r in everything["data"]]
    assert len(walked) == everything["pagination"]["total"]


def test_an_iterator_raises_the_first_error(api_url: str) -> None:
    with SkillsDirectory(api_url) as client:
        try:
            list(client.iter_search("x"))
        except SkillsDirectoryError as e:
            assert (e.code, e.status) == ("INVALID_QUERY", 400)
        else:
            raise AssertionError("expected INVALID_QUERY")
