"""Client for the Skills Directory API: ``SkillsDirectory`` (sync) and ``AsyncSkillsDirectory``."""

from ._client import AsyncSkillsDirectory, SkillsDirectory
from ._errors import RateLimit, SkillsDirectoryError
from ._http import EtagCache, Result
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
]
__version__ = "0.1.0"
