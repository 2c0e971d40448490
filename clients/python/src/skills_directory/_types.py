# Generated from the Skills Directory API's OpenAPI document by `npm run clients:generate`; do not edit.
# Keys are the JSON field names. Optional fields live in a total=False subclass, the Python 3.9 way.
from __future__ import annotations

from typing import Dict, List, Literal, TypedDict, Union

ErrorCode = Literal["NOT_FOUND", "INVALID_PARAMS", "RATE_LIMITED", "SERVER_ERROR", "INVALID_QUERY", "QUERY_TOO_LONG", "INVALID_SYNTAX", "INVALID_API_KEY", "METHOD_NOT_ALLOWED", "QUEUE_FULL"]


class Category(TypedDict):
    description: str
    icon: str
    name: str
    skillCount: int
    slug: str
    subcategories: List[Subcategory]


class CategoryDetail(TypedDict):
    description: str
    icon: str
    name: str
    skillCount: int
    slug: str
    subcategories: List[Subcategory]
    topSkills: List[TopSkill]


class CategoryDetailResponse(TypedDict):
    data: CategoryDetail
    meta: Meta


class CategoryListResponse(TypedDict):
    data: List[Category]
    meta: Meta


class CrawlSummaryRepositories(TypedDict):
    added: int
    changed: int
    failed: int
    removed: int
    seen: int
    skipped: int
    total: int


class CrawlSummaryRequests(TypedDict):
    remaining: Union[int, None]  # GitHub core requests left after the crawl
    spent: int


class CrawlSummary(TypedDict):
    finishedAt: str  # ISO 8601 UTC timestamp
    full: bool  # A full crawl (every tree re-read), not an incremental one
    only: List[str]  # The repositories a targeted crawl re-read; empty for a whole crawl
    repositories: CrawlSummaryRepositories
    requests: CrawlSummaryRequests
    startedAt: str  # ISO 8601 UTC timestamp


class ErrorError(TypedDict):
    code: ErrorCode
    message: str


class Error(TypedDict):
    error: ErrorError
    meta: Meta


class _EventListResponseMetaRequired(TypedDict):
    next: Union[str, None]  # Pass as `since` for the next page; null when the feed has nothing after this page
    requestId: str


class EventListResponseMeta(_EventListResponseMetaRequired, total=False):
    timestamp: str


class EventListResponse(TypedDict):
    data: List[SkillEvent]
    meta: EventListResponseMeta


class _FileEntryRequired(TypedDict):
    kind: Literal["text", "binary", "symlink", "omitted"]  # `text` (served by /content), `binary`, `symlink`, or `omitted` (over the crawl's bounds: 256 KiB a file, 2 MiB and 300 files a folder)
    path: str  # Repository path
    sha: str  # Git blob SHA-1
    sha256: str  # SHA-256 of the file's bytes
    size: int  # Size in bytes
    skill: str  # Path of the SKILL.md whose folder holds the file (its own path for a SKILL.md)


class FileEntry(_FileEntryRequired, total=False):
    mode: str  # Git file mode when not 100644, as the repository's tree gives it: 100755 executable, 120000 symlink


class IndexStatus(TypedDict):
    indexedAt: Union[str, None]  # When a crawl read the served record's files (at `indexedCommit`); null when nothing is served, or when the record was last read before the crawl kept this time
    indexedCommit: Union[str, None]  # The commit the served record was read at; null when nothing is served
    lastCrawledAt: Union[str, None]  # When a crawl last looked at the repository
    listed: bool  # Whether GET /skills/{owner}/{repo} answers (a failed repository keeps its previous record)
    owner: str  # As GitHub spells it when known, else as asked
    reason: object  # Why it is excluded or failed; null when indexed or unknown
    refresh: RefreshState  # Whether a re-index is queued (POST /index-status/{owner}/{repo}/refresh) and since when
    repo: str
    rule: object  # The exclusion pattern of sources.json that matched, if one did
    state: Literal["indexed", "excluded", "failed", "unknown"]


class IndexStatusResponse(TypedDict):
    data: IndexStatus
    meta: Meta


class _MetaRequired(TypedDict):
    requestId: str


class Meta(_MetaRequired, total=False):
    timestamp: str


class NestedSkill(TypedDict):
    description: str
    name: str
    path: str
    sha: str
    size: int


class Pagination(TypedDict):
    limit: int
    page: int
    total: int
    totalPages: int


class RefreshQueued(TypedDict):
    owner: str
    position: int  # Place in the queue, oldest request first (1 is the oldest)
    queueLimit: int  # How many repositories the queue holds at most; a request beyond it is refused with 503
    queueSize: int  # Repositories waiting, this one included
    queued: bool
    repo: str
    since: str  # When the repository was queued; a repeated request leaves it unchanged


class RefreshQueuedResponse(TypedDict):
    data: RefreshQueued
    meta: Meta


class RefreshState(TypedDict):
    queued: bool  # A re-index was asked for and the queue's next run has not handled it yet
    since: Union[str, None]  # When it was asked for; null when nothing is queued


class _SearchMetaRequired(TypedDict):
    query: str  # The query as submitted
    requestId: str
    took: float  # Milliseconds spent on the search


class SearchMeta(_SearchMetaRequired, total=False):
    didYouMean: str  # When nothing matched: a corrected query that has results
    fallback: str  # `related` when no skill matched the query's own words (or their typo matches) and the results come from meaning alone: related terms of its words
    timestamp: str
    typoSkipped: List[str]  # Words held by no skill that got no typo matches because the query's typo budget (its first 2 such words) was spent


class SearchResponse(TypedDict):
    data: List[SearchResult]
    meta: SearchMeta
    pagination: Pagination


class SearchResultHighlights(TypedDict):
    description: str
    name: str


class _SearchResultMatchesItemRequired(TypedDict):
    field: Literal["name", "description", "content", "skillName", "skillDescription"]
    terms: List[str]


class SearchResultMatchesItem(_SearchResultMatchesItemRequired, total=False):
    queryWord: str  # With `related`: the query word the terms are related to
    related: bool  # The terms were reached through meaning: related terms of the query word `queryWord`, found in this field
    typo: bool  # The terms are indexed words that typo matches found


class SearchResultMatchedSkill(TypedDict):
    """The skill of a collection that matched best, when it is not the repository's primary SKILL.md"""

    name: str
    path: str


class _SearchResultRequired(TypedDict):
    description: str
    highlights: SearchResultHighlights
    id: str
    matches: List[SearchResultMatchesItem]  # Why the skill matched: per field, the query's words found there (a prefix as typed, with its *)
    name: str
    owner: str
    repo: str
    score: float
    stars: int
    verdict: Literal["malicious", "suspicious", "clean"]  # The scanner's verdict, after any maintainer review


class SearchResult(_SearchResultRequired, total=False):
    matchedSkill: SearchResultMatchedSkill  # The skill of a collection that matched best, when it is not the repository's primary SKILL.md


class SkillContent(TypedDict):
    content: str  # Raw text of the file (a SKILL.md with its frontmatter)
    sha: str  # Git blob SHA-1 of the file
    sha256: str  # SHA-256 of the UTF-8 bytes of `content`, to check a copy against
    size: int  # Size in bytes


class SkillContentResponse(TypedDict):
    data: SkillContent
    meta: Meta


class SkillDetailAuthor(TypedDict):
    avatar: str
    name: str


class SkillDetailTrustFindingsItem(TypedDict):
    excerpt: str  # At most 200 characters of that line; invisible characters written as \u{…}
    file: str  # Repository path of the file the finding is in
    kind: Literal["exfiltration", "credential-theft", "remote-exec", "obfuscation", "prompt-injection", "social-engineering", "hidden-text", "persistence", "backdoor", "reverse-shell", "destructive", "tool-abuse", "deceptive-metadata"]
    line: int  # 1-based line in that file that holds the excerpt
    rule: str  # The rule's identifier (docs/TRUST.md explains each)
    severity: Literal["critical", "high", "medium", "low"]
    why: str  # One sentence a skill author can act on


class SkillDetailTrustReview(TypedDict):
    """A maintainer's review that holds while the reviewed files are unchanged"""

    date: str
    decision: Literal["malicious", "suspicious", "clean"]  # The scanner's verdict, after any maintainer review
    reason: str
    reviewer: str


class _SkillDetailTrustRequired(TypedDict):
    findings: List[SkillDetailTrustFindingsItem]  # Every finding, most severe first, then by file and line
    rules: str  # The scanner's rules version that produced the findings
    verdict: Literal["malicious", "suspicious", "clean"]  # The scanner's verdict, after any maintainer review


class SkillDetailTrust(_SkillDetailTrustRequired, total=False):
    """The trust scanner's verdict, every finding (file, line, excerpt, why) and the rules version"""

    review: SkillDetailTrustReview  # A maintainer's review that holds while the reviewed files are unchanged


class SkillDetail(TypedDict):
    author: SkillDetailAuthor
    categories: List[str]  # Category slugs
    content: str  # Markdown body of the primary SKILL.md (frontmatter removed)
    createdAt: str  # ISO 8601 UTC timestamp
    description: str
    forks: int
    id: str  # GitHub repository id, as a string
    indexedCommit: str  # The commit the record (and so the scan) was indexed at
    installCommands: Dict[str, str]  # Install instruction per platform; empty for a skill whose verdict is `malicious`
    license: str
    name: str
    openIssues: int
    owner: str
    platforms: List[str]  # Platform identifiers (see data/platforms.json)
    pushedAt: str  # ISO 8601 UTC timestamp
    repo: str
    skills: List[NestedSkill]  # Every SKILL.md of the repository, the primary first
    stars: int
    trust: SkillDetailTrust  # The trust scanner's verdict, every finding (file, line, excerpt, why) and the rules version
    updatedAt: str  # ISO 8601 UTC timestamp
    verdict: Literal["malicious", "suspicious", "clean"]  # The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`
    watchers: int


class SkillDetailResponse(TypedDict):
    data: SkillDetail
    meta: Meta


class _SkillEventSkillRequired(TypedDict):
    categories: List[str]  # Category slugs
    description: str
    forks: int
    id: str  # GitHub repository id, as a string
    name: str
    owner: str
    platforms: List[str]  # Platform identifiers (see data/platforms.json)
    repo: str
    stars: int
    updatedAt: str  # ISO 8601 UTC timestamp


class SkillEventSkill(_SkillEventSkillRequired, total=False):
    """The skill as of the event; for a deletion, the last known summary"""

    verdict: Literal["malicious", "suspicious", "clean"]  # The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`


class _SkillEventContentRequired(TypedDict):
    pass


class SkillEventContent(_SkillEventContentRequired, total=False):
    """The primary SKILL.md's blob sha before and after; absent when no SKILL.md changed (a rename only)"""

    after: str  # Git blob SHA-1 of the primary SKILL.md
    before: str  # Git blob SHA-1 of the primary SKILL.md


class SkillEventPrevious(TypedDict):
    """The former owner/repo, on a skill.updated that is a rename"""

    owner: str
    repo: str


class _SkillEventRequired(TypedDict):
    id: str  # Stable and deterministic: derived from the skill id, the type and the new content state
    occurredAt: str  # When the dataset change was recorded (the crawl or build that saw it)
    skill: SkillEventSkill  # The skill as of the event; for a deletion, the last known summary
    type: Literal["skill.created", "skill.updated", "skill.deleted", "skill.trust_changed"]


class SkillEvent(_SkillEventRequired, total=False):
    content: SkillEventContent  # The primary SKILL.md's blob sha before and after; absent when no SKILL.md changed (a rename only)
    previous: SkillEventPrevious  # The former owner/repo, on a skill.updated that is a rename
    previousVerdict: Literal["malicious", "suspicious", "clean"]  # On skill.trust_changed: the verdict before the change
    verdict: Literal["malicious", "suspicious", "clean"]  # On skill.trust_changed: the verdict now (also the skill's `verdict`)


class SkillFilesResponse(TypedDict):
    data: List[FileEntry]
    meta: Meta


class SkillListResponse(TypedDict):
    data: List[SkillSummary]
    meta: Meta
    pagination: Pagination


class SkillStats(TypedDict):
    favorites: int
    installs: int
    starHistory: List[StarPoint]
    views: int


class SkillStatsResponse(TypedDict):
    data: SkillStats
    meta: Meta


class SkillSummary(TypedDict):
    categories: List[str]  # Category slugs
    description: str
    forks: int
    id: str  # GitHub repository id, as a string
    name: str
    owner: str
    platforms: List[str]  # Platform identifiers (see data/platforms.json)
    repo: str
    stars: int
    updatedAt: str  # ISO 8601 UTC timestamp
    verdict: Literal["malicious", "suspicious", "clean"]  # The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`


class StarPoint(TypedDict):
    date: str  # Calendar date YYYY-MM-DD
    stars: int


class StatusCounts(TypedDict):
    aliases: int
    categories: int
    files: int
    repositoriesKnown: int
    skills: int


class Status(TypedDict):
    apiVersion: str  # Version of the API contract
    builtAt: str  # When the served site was built
    counts: StatusCounts
    datasetGeneratedAt: str  # When the dataset was last written by a crawl (or edited)
    demo: bool  # True while the site serves the invented sample dataset embedded in the repository, not a crawl of GitHub
    demoNotice: object  # A sentence saying the data is invented and how to index the real GitHub; null for real data
    lastCrawl: Union[CrawlSummary, None]


class StatusResponse(TypedDict):
    data: Status
    meta: Meta


class Subcategory(TypedDict):
    name: str
    skillCount: int
    slug: str


class Suggestion(TypedDict):
    count: int
    text: str


class SuggestionListResponse(TypedDict):
    data: List[Suggestion]
    meta: Meta


class TopSkill(TypedDict):
    name: str
    owner: str
    repo: str
    stars: int
    verdict: Literal["malicious", "suspicious", "clean"]  # The scanner's verdict, after any maintainer review
