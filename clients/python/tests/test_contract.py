"""The shared contract cases, through the sync and the async client, each compared with a raw GET."""

from __future__ import annotations

import asyncio
import re
from typing import Any, Dict

import httpx
import pytest

from skills_directory import AsyncSkillsDirectory, SkillsDirectory, SkillsDirectoryError
from skills_directory._http import Result

from .conftest import load_cases


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def run_sync(api_url: str, case: Dict[str, Any]) -> Result[Any]:
    with SkillsDirectory(api_url, max_retries=0) as client:
        method = getattr(client, snake(case["method"]))
        result: Result[Any] = method(*case["args"], **{snake(k): v for k, v in (case["params"] or {}).items()})
        return result


def run_async(api_url: str, case: Dict[str, Any]) -> Result[Any]:
    async def go() -> Result[Any]:
        async with AsyncSkillsDirectory(api_url, max_retries=0) as client:
            method = getattr(client, snake(case["method"]))
            result: Result[Any] = await method(*case["args"], **{snake(k): v for k, v in (case["params"] or {}).items()})
            return result

    return asyncio.run(go())


@pytest.mark.parametrize("runner", [run_sync, run_async], ids=["sync", "async"])
@pytest.mark.parametrize("case", load_cases(), ids=lambda c: str(c["name"]))
def test_contract_case(api_url: str, raw: httpx.Client, runner: Any, case: Dict[str, Any]) -> None:
    answer = raw.get(api_url + case["path"])
    assert answer.status_code == case["status"]
    body = answer.json()
    if "code" in case:
        with pytest.raises(SkillsDirectoryError) as caught:
            runner(api_url, case)
        e = caught.value
        assert (e.status, e.code) == (case["status"], case["code"])
        assert e.message == body["error"]["message"]
        assert e.request_id and re.fullmatch(r"[0-9a-f-]{36}", e.request_id)
        assert e.rate_limit is not None and e.rate_limit.limit > 0
        return
    result = runner(api_url, case)
    assert result.data == body["data"]
    assert result.pagination == body.get("pagination")
    assert result.meta["requestId"] == result.request_id
    assert result.rate_limit is not None and result.rate_limit.remaining >= 0


def test_every_case_method_exists_in_both_clients(api_url: str) -> None:
    for case in load_cases():
        name = snake(case["method"])
        assert callable(getattr(SkillsDirectory, name, None)), name
        assert asyncio.iscoroutinefunction(getattr(AsyncSkillsDirectory, name)), name


def test_every_operation_of_the_document_is_a_method(raw: httpx.Client, api_url: str) -> None:
    document = raw.get(api_url + "/openapi.json").json()
    for item in document["paths"].values():
        # Every operation, the one POST (the re-index request) included.
        name = snake(next(iter(item.values()))["operationId"])
        assert callable(getattr(SkillsDirectory, name, None)), name
        assert callable(getattr(AsyncSkillsDirectory, name, None)), name


def test_request_refresh_posts_and_is_idempotent(api_url: str) -> None:
    with SkillsDirectory(api_url, max_retries=0) as client:
        first = client.request_refresh("Python-Client", "refresh-me")
        assert first.data["queued"] is True and first.data["repo"] == "refresh-me"
        again = client.request_refresh("python-client", "refresh-me")
        assert again.data["since"] == first.data["since"]
        with pytest.raises(SkillsDirectoryError) as refused:
            client.request_refresh("-bad-", "x")
        assert (refused.value.status, refused.value.code) == (400, "INVALID_PARAMS")


def test_request_refresh_async(api_url: str) -> None:
    async def go() -> Dict[str, Any]:
        async with AsyncSkillsDirectory(api_url, max_retries=0) as client:
            result = await client.request_refresh("Python-Client", "refresh-async")
            return dict(result.data)

    assert asyncio.run(go())["queued"] is True
