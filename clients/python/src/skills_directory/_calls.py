"""Each endpoint as a Call: the path and query of the request and the type of its ``data``.

Both clients run the same Calls, so the sync and async methods cannot map arguments differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Generic, List, Literal, Optional, TypeVar

from ._http import QueryValue, path_of
from ._types import Category, CategoryDetail, FileEntry, IndexStatus, RefreshQueued, SearchResult, SkillContent, SkillDetail, SkillEvent, SkillStats, SkillSummary, Status, Suggestion

D = TypeVar("D")
Sort = Literal["stars", "updated", "name"]
Order = Literal["asc", "desc"]
EventType = Literal["skill.created", "skill.updated", "skill.deleted", "skill.trust_changed"]
Trust = Literal["default", "clean", "any"]


@dataclass(frozen=True)
class Call(Generic[D]):
    path: str
    params: Dict[str, QueryValue]
    method: str = "GET"


def list_skills(page: Optional[int], limit: Optional[int], sort: Optional[Sort], order: Optional[Order], category: Optional[str], platform: Optional[str], trust: Optional[Trust] = None) -> Call[List[SkillSummary]]:
    return Call("/skills", dict(page=page, limit=limit, sort=sort, order=order, category=category, platform=platform, trust=trust))


def get_skill(owner: str, repo: str) -> Call[SkillDetail]:
    return Call("/skills" + path_of(owner, repo), {})


def get_skill_content(owner: str, repo: str, path: Optional[str]) -> Call[SkillContent]:
    return Call("/skills" + path_of(owner, repo) + "/content", dict(path=path))


def list_skill_files(owner: str, repo: str) -> Call[List[FileEntry]]:
    return Call("/skills" + path_of(owner, repo) + "/files", {})


def get_skill_stats(owner: str, repo: str) -> Call[SkillStats]:
    return Call("/skills" + path_of(owner, repo) + "/stats", {})


def get_status() -> Call[Status]:
    return Call("/status", {})


def get_index_status(owner: str, repo: str) -> Call[IndexStatus]:
    return Call("/index-status" + path_of(owner, repo), {})


def request_refresh(owner: str, repo: str) -> Call[RefreshQueued]:
    return Call("/index-status" + path_of(owner, repo) + "/refresh", {}, "POST")


def list_categories(locale: Optional[str]) -> Call[List[Category]]:
    return Call("/categories", dict(locale=locale))


def get_category(slug: str, locale: Optional[str]) -> Call[CategoryDetail]:
    return Call("/categories" + path_of(slug), dict(locale=locale))


def list_category_skills(slug: str, page: Optional[int], limit: Optional[int], sort: Optional[Sort], order: Optional[Order], platform: Optional[str], trust: Optional[Trust] = None) -> Call[List[SkillSummary]]:
    return Call("/categories" + path_of(slug) + "/skills", dict(page=page, limit=limit, sort=sort, order=order, platform=platform, trust=trust))


def search(q: str, page: Optional[int], limit: Optional[int], category: Optional[str], platform: Optional[str], min_stars: Optional[int], has_index: Optional[bool], trust: Optional[Trust] = None) -> Call[List[SearchResult]]:
    return Call("/skills/search", dict(q=q, page=page, limit=limit, category=category, platform=platform, min_stars=min_stars, has_index=has_index, trust=trust))


def autocomplete(q: str, limit: Optional[int]) -> Call[List[Suggestion]]:
    return Call("/skills/autocomplete", dict(q=q, limit=limit))


def events(since: Optional[str], limit: Optional[int], type: Optional[EventType]) -> Call[List[SkillEvent]]:
    return Call("/events", dict(since=since, limit=limit, type=type))
