"""Client for the Skills Directory API: ``SkillsDirectory`` (sync) and ``AsyncSkillsDirectory``."""

from ._client import AsyncSkillsDirectory, SkillsDirectory
from ._errors import RateLimit, SkillsDirectoryError
from ._http import DEFAULT_PORT, EtagCache, Result, default_base_url
from ._types import (
    Category,
    CategoryDetail,
    ErrorCode,
    FileEntry,
    IndexStatus,
    RefreshQueued,
    NestedSkill,
    Pagination,
    SearchResult,
    SkillContent,
    SkillDetail,
    SkillEvent,
    SkillStats,
    SkillSummary,
    Status,
    Suggestion,
)

__all__ = [
    "AsyncSkillsDirectory",
    "Category",
    "CategoryDetail",
    "DEFAULT_PORT",
    "ErrorCode",
    "EtagCache",
    "FileEntry",
    "IndexStatus",
    "RefreshQueued",
    "NestedSkill",
    "Pagination",
    "RateLimit",
    "Result",
    "SearchResult",
    "SkillContent",
    "SkillDetail",
    "SkillEvent",
    "SkillStats",
    "SkillSummary",
    "SkillsDirectory",
    "SkillsDirectoryError",
    "Status",
    "Suggestion",
    "default_base_url",
]
__version__ = "0.1.0"
