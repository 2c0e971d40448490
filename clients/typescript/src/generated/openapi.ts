// Generated from the Skills Directory API's OpenAPI document by `npm run clients:generate`; do not edit.

export interface paths {
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories
         * @description The 24 categories with their skill counts and subcategories, in the requested locale.
         */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a category
         * @description One category, its subcategories and its ten most-starred skills, in the requested locale.
         */
        get: operations["getCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{slug}/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the skills of a category
         * @description Like `GET /skills`, restricted to one category.
         */
        get: operations["listCategorySkills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changes feed
         * @description skill.created, skill.updated (content or rename), skill.deleted and skill.trust_changed (the trust verdict changed: `previousVerdict`, `verdict`), oldest first, strictly after `since`; `meta.next` is the cursor of the next page, null when the feed has nothing after this one. Events are kept 90 days. See docs/EVENTS.md.
         */
        get: operations["events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/index-status/{owner}/{repo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a repository is listed, and if not, why
         * @description `indexed`, `excluded` (with the reason, and the `sources.json` pattern as `rule` when one matched), `failed` at the last crawl (why, and whether the previous record is still served) or `unknown` (a 200, not a 404), with when a crawl last looked at the repository.
         */
        get: operations["getIndexStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/index-status/{owner}/{repo}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a re-index of a repository
         * @description Queues a public GitHub repository for the next re-index run (every 15 minutes), which re-reads it (or discovers it, when the directory does not list it yet and it holds skills) and serves the result. No body and no key are needed. Answers 202 with the queue state; a repository already queued gets the same answer again, its `since` unchanged. A name that cannot be a GitHub repository, or one the directory's sources exclude, is a 400. Limits: 10 requests an hour from one address (IPv4 address, IPv6 /64) and one accepted request per repository every 10 minutes (429 with `Retry-After`); the queue holds at most 500 repositories, and a request beyond that is a 503 `QUEUE_FULL` with `Retry-After`. The function never calls GitHub.
         */
        post: operations["requestRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List skills
         * @description A page of skill summaries, sorted and filtered. Ties in any sort are broken by owner/repo ascending, so paging is stable; a page beyond the last answers an empty `data`.
         */
        get: operations["listSkills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/autocomplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Autocomplete a partial query
         * @description Suggested queries for what the user has typed so far, each with the number of skills a search for it finds, most found first.
         */
        get: operations["autocomplete"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search skills
         * @description Full-text search over names, descriptions and SKILL.md content, with phrases (`"react hooks"`), field restrictions (`name:react`), exclusions (`-class`) and prefixes (`react*`). Results are ranked by relevance; matched terms are wrapped in `<mark>` in `highlights`.
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{owner}/{repo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a skill
         * @description The skill of one repository: its summary fields, repository facts, install commands per platform, the markdown body of its primary SKILL.md, and every SKILL.md of the repository in `skills`.
         */
        get: operations["getSkill"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{owner}/{repo}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a skill's SKILL.md or another text file of its folders
         * @description The raw SKILL.md of the skill (frontmatter included), its git blob SHA, its size in bytes and the SHA-256 of its text. `path` selects another text file of the skill's folders, exactly as `GET /skills/{owner}/{repo}/files` lists it: another SKILL.md, a script, a reference. A listed `binary`, `symlink` or `omitted` file answers 400 naming its kind; a path not listed (`./`, `..` and other spellings included) 404.
         */
        get: operations["getSkillContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{owner}/{repo}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files of a skill's folders
         * @description Every file of every skill folder of the repository (the folder of each SKILL.md, recursively), each SKILL.md included, sorted by path: its size, kind (`text` files are served by `/content`; `binary`, `symlink` and `omitted` ones, over the crawl's bounds, are listed only), git blob SHA-1, SHA-256 and the SKILL.md whose folder holds it. An installer checks each copied file against `sha256`.
         */
        get: operations["listSkillFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{owner}/{repo}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a skill's statistics
         * @description Views, installs and favorites (from the operator's analytics, 0 when absent) and the star history, one point per crawl day.
         */
        get: operations["getSkillStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How fresh the directory is
         * @description When the dataset was last crawled and the site built, the counts, a summary of the last crawl (repositories added, changed, removed, failed and skipped; GitHub requests spent and left) and the API version.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Category: {
            description: string;
            icon: string;
            name: string;
            skillCount: number;
            slug: string;
            subcategories: components["schemas"]["Subcategory"][];
        };
        CategoryDetail: {
            description: string;
            icon: string;
            name: string;
            skillCount: number;
            slug: string;
            subcategories: components["schemas"]["Subcategory"][];
            topSkills: components["schemas"]["TopSkill"][];
        };
        CategoryDetailResponse: {
            data: components["schemas"]["CategoryDetail"];
            meta: components["schemas"]["Meta"];
        };
        CategoryListResponse: {
            data: components["schemas"]["Category"][];
            meta: components["schemas"]["Meta"];
        };
        CrawlSummary: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            finishedAt: string;
            /** @description A full crawl (every tree re-read), not an incremental one */
            full: boolean;
            /** @description The repositories a targeted crawl re-read; empty for a whole crawl */
            only: string[];
            repositories: {
                added: number;
                changed: number;
                failed: number;
                removed: number;
                seen: number;
                skipped: number;
                total: number;
            };
            requests: {
                /** @description GitHub core requests left after the crawl */
                remaining: number | null;
                spent: number;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            startedAt: string;
        };
        Error: {
            error: {
                code: components["schemas"]["ErrorCode"];
                message: string;
            };
            meta: components["schemas"]["Meta"];
        };
        /** @enum {string} */
        ErrorCode: "NOT_FOUND" | "INVALID_PARAMS" | "RATE_LIMITED" | "SERVER_ERROR" | "INVALID_QUERY" | "QUERY_TOO_LONG" | "INVALID_SYNTAX" | "INVALID_API_KEY" | "METHOD_NOT_ALLOWED" | "QUEUE_FULL";
        EventListResponse: {
            data: components["schemas"]["SkillEvent"][];
            meta: {
                /** @description Pass as `since` for the next page; null when the feed has nothing after this page */
                next: string | null;
                requestId: string;
                /** Format: date-time */
                timestamp?: string;
            };
        };
        FileEntry: {
            /**
             * @description `text` (served by /content), `binary`, `symlink`, or `omitted` (over the crawl's bounds: 256 KiB a file, 2 MiB and 300 files a folder)
             * @enum {string}
             */
            kind: "text" | "binary" | "symlink" | "omitted";
            /** @description Git file mode when not 100644, as the repository's tree gives it: 100755 executable, 120000 symlink */
            mode?: string;
            /** @description Repository path */
            path: string;
            /** @description Git blob SHA-1 */
            sha: string;
            /** @description SHA-256 of the file's bytes */
            sha256: string;
            /** @description Size in bytes */
            size: number;
            /** @description Path of the SKILL.md whose folder holds the file (its own path for a SKILL.md) */
            skill: string;
        };
        IndexStatus: {
            /** @description When a crawl read the served record's files (at `indexedCommit`); null when nothing is served, or when the record was last read before the crawl kept this time */
            indexedAt: string | null;
            /** @description The commit the served record was read at; null when nothing is served */
            indexedCommit: string | null;
            /** @description When a crawl last looked at the repository */
            lastCrawledAt: string | null;
            /** @description Whether GET /skills/{owner}/{repo} answers (a failed repository keeps its previous record) */
            listed: boolean;
            /** @description As GitHub spells it when known, else as asked */
            owner: string;
            /** @description Why it is excluded or failed; null when indexed or unknown */
            reason: string | null;
            /** @description Whether a re-index is queued (POST /index-status/{owner}/{repo}/refresh) and since when */
            refresh: components["schemas"]["RefreshState"];
            repo: string;
            /** @description The exclusion pattern of sources.json that matched, if one did */
            rule: string | null;
            /** @enum {string} */
            state: "indexed" | "excluded" | "failed" | "unknown";
        };
        IndexStatusResponse: {
            data: components["schemas"]["IndexStatus"];
            meta: components["schemas"]["Meta"];
        };
        Meta: {
            requestId: string;
            /** Format: date-time */
            timestamp?: string;
        };
        NestedSkill: {
            description: string;
            name: string;
            path: string;
            sha: string;
            size: number;
        };
        Pagination: {
            limit: number;
            page: number;
            total: number;
            totalPages: number;
        };
        RefreshQueued: {
            owner: string;
            /** @description Place in the queue, oldest request first (1 is the oldest) */
            position: number;
            /** @description How many repositories the queue holds at most; a request beyond it is refused with 503 */
            queueLimit: number;
            /** @description Repositories waiting, this one included */
            queueSize: number;
            /** @constant */
            queued: true;
            repo: string;
            /**
             * Format: date-time
             * @description When the repository was queued; a repeated request leaves it unchanged
             */
            since: string;
        };
        RefreshQueuedResponse: {
            data: components["schemas"]["RefreshQueued"];
            meta: components["schemas"]["Meta"];
        };
        RefreshState: {
            /** @description A re-index was asked for and the queue's next run has not handled it yet */
            queued: boolean;
            /** @description When it was asked for; null when nothing is queued */
            since: string | null;
        };
        SearchMeta: {
            /** @description When nothing matched: a corrected query that has results */
            didYouMean?: string;
            /**
             * @description `related` when no skill matched the query's own words (or their typo matches) and the results come from meaning alone: related terms of its words
             * @constant
             */
            fallback?: "related";
            /** @description The query as submitted */
            query: string;
            requestId: string;
            /** Format: date-time */
            timestamp?: string;
            /** @description Milliseconds spent on the search */
            took: number;
            /** @description Words held by no skill that got no typo matches because the query's typo budget (its first 2 such words) was spent */
            typoSkipped?: string[];
        };
        SearchResponse: {
            data: components["schemas"]["SearchResult"][];
            meta: components["schemas"]["SearchMeta"];
            pagination: components["schemas"]["Pagination"];
        };
        SearchResult: {
            description: string;
            highlights: {
                description: string;
                name: string;
            };
            id: string;
            /** @description The skill of a collection that matched best, when it is not the repository's primary SKILL.md */
            matchedSkill?: {
                name: string;
                path: string;
            };
            /** @description Why the skill matched: per field, the query's words found there (a prefix as typed, with its *) */
            matches: {
                /** @enum {string} */
                field: "name" | "description" | "content" | "skillName" | "skillDescription";
                /** @description With `related`: the query word the terms are related to */
                queryWord?: string;
                /**
                 * @description The terms were reached through meaning: related terms of the query word `queryWord`, found in this field
                 * @constant
                 */
                related?: true;
                terms: string[];
                /**
                 * @description The terms are indexed words that typo matches found
                 * @constant
                 */
                typo?: true;
            }[];
            name: string;
            owner: string;
            repo: string;
            score: number;
            stars: number;
            /**
             * @description The scanner's verdict, after any maintainer review
             * @enum {string}
             */
            verdict: "malicious" | "suspicious" | "clean";
        };
        SkillContent: {
            /** @description Raw text of the file (a SKILL.md with its frontmatter) */
            content: string;
            /** @description Git blob SHA-1 of the file */
            sha: string;
            /** @description SHA-256 of the UTF-8 bytes of `content`, to check a copy against */
            sha256: string;
            /** @description Size in bytes */
            size: number;
        };
        SkillContentResponse: {
            data: components["schemas"]["SkillContent"];
            meta: components["schemas"]["Meta"];
        };
        SkillDetail: {
            author: {
                avatar: string;
                name: string;
            };
            /** @description Category slugs */
            categories: string[];
            /** @description Markdown body of the primary SKILL.md (frontmatter removed) */
            content: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            createdAt: string;
            description: string;
            forks: number;
            /** @description GitHub repository id, as a string */
            id: string;
            /** @description The commit the record (and so the scan) was indexed at */
            indexedCommit: string;
            /** @description Install instruction per platform; empty for a skill whose verdict is `malicious` */
            installCommands: {
                [key: string]: string;
            };
            license: string;
            name: string;
            openIssues: number;
            owner: string;
            /** @description Platform identifiers (see data/platforms.json) */
            platforms: string[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            pushedAt: string;
            repo: string;
            /** @description Every SKILL.md of the repository, the primary first */
            skills: components["schemas"]["NestedSkill"][];
            stars: number;
            /** @description The trust scanner's verdict, every finding (file, line, excerpt, why) and the rules version */
            trust: {
                /** @description Every finding, most severe first, then by file and line */
                findings: {
                    /** @description At most 200 characters of that line; invisible characters written as \u{…} */
                    excerpt: string;
                    /** @description Repository path of the file the finding is in */
                    file: string;
                    /** @enum {string} */
                    kind: "exfiltration" | "credential-theft" | "remote-exec" | "obfuscation" | "prompt-injection" | "social-engineering" | "hidden-text" | "persistence" | "backdoor" | "reverse-shell" | "destructive" | "tool-abuse" | "deceptive-metadata";
                    /** @description 1-based line in that file that holds the excerpt */
                    line: number;
                    /** @description The rule's identifier (docs/TRUST.md explains each) */
                    rule: string;
                    /** @enum {string} */
                    severity: "critical" | "high" | "medium" | "low";
                    /** @description One sentence a skill author can act on */
                    why: string;
                }[];
                /** @description A maintainer's review that holds while the reviewed files are unchanged */
                review?: {
                    /** Format: date */
                    date: string;
                    /**
                     * @description The scanner's verdict, after any maintainer review
                     * @enum {string}
                     */
                    decision: "malicious" | "suspicious" | "clean";
                    reason: string;
                    reviewer: string;
                };
                /** @description The scanner's rules version that produced the findings */
                rules: string;
                /**
                 * @description The scanner's verdict, after any maintainer review
                 * @enum {string}
                 */
                verdict: "malicious" | "suspicious" | "clean";
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updatedAt: string;
            /**
             * @description The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`
             * @enum {string}
             */
            verdict: "malicious" | "suspicious" | "clean";
            watchers: number;
        };
        SkillDetailResponse: {
            data: components["schemas"]["SkillDetail"];
            meta: components["schemas"]["Meta"];
        };
        SkillEvent: {
            /** @description The primary SKILL.md's blob sha before and after; absent when no SKILL.md changed (a rename only) */
            content?: {
                /** @description Git blob SHA-1 of the primary SKILL.md */
                after?: string;
                /** @description Git blob SHA-1 of the primary SKILL.md */
                before?: string;
            };
            /** @description Stable and deterministic: derived from the skill id, the type and the new content state */
            id: string;
            /**
             * Format: date-time
             * @description When the dataset change was recorded (the crawl or build that saw it)
             */
            occurredAt: string;
            /** @description The former owner/repo, on a skill.updated that is a rename */
            previous?: {
                owner: string;
                repo: string;
            };
            /**
             * @description On skill.trust_changed: the verdict before the change
             * @enum {string}
             */
            previousVerdict?: "malicious" | "suspicious" | "clean";
            /** @description The skill as of the event; for a deletion, the last known summary */
            skill: {
                /** @description Category slugs */
                categories: string[];
                description: string;
                forks: number;
                /** @description GitHub repository id, as a string */
                id: string;
                name: string;
                owner: string;
                /** @description Platform identifiers (see data/platforms.json) */
                platforms: string[];
                repo: string;
                stars: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updatedAt: string;
                /**
                 * @description The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`
                 * @enum {string}
                 */
                verdict?: "malicious" | "suspicious" | "clean";
            };
            /** @enum {string} */
            type: "skill.created" | "skill.updated" | "skill.deleted" | "skill.trust_changed";
            /**
             * @description On skill.trust_changed: the verdict now (also the skill's `verdict`)
             * @enum {string}
             */
            verdict?: "malicious" | "suspicious" | "clean";
        };
        SkillFilesResponse: {
            data: components["schemas"]["FileEntry"][];
            meta: components["schemas"]["Meta"];
        };
        SkillListResponse: {
            data: components["schemas"]["SkillSummary"][];
            meta: components["schemas"]["Meta"];
            pagination: components["schemas"]["Pagination"];
        };
        SkillStats: {
            favorites: number;
            installs: number;
            starHistory: components["schemas"]["StarPoint"][];
            views: number;
        };
        SkillStatsResponse: {
            data: components["schemas"]["SkillStats"];
            meta: components["schemas"]["Meta"];
        };
        SkillSummary: {
            /** @description Category slugs */
            categories: string[];
            description: string;
            forks: number;
            /** @description GitHub repository id, as a string */
            id: string;
            name: string;
            owner: string;
            /** @description Platform identifiers (see data/platforms.json) */
            platforms: string[];
            repo: string;
            stars: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updatedAt: string;
            /**
             * @description The trust scanner's verdict on the repository's skill folders (docs/API.md): lists and search leave `malicious` skills out unless asked with `trust=any`
             * @enum {string}
             */
            verdict: "malicious" | "suspicious" | "clean";
        };
        StarPoint: {
            /**
             * Format: date
             * @description Calendar date YYYY-MM-DD
             */
            date: string;
            stars: number;
        };
        Status: {
            /** @description Version of the API contract */
            apiVersion: string;
            /**
             * Format: date-time
             * @description When the served site was built
             */
            builtAt: string;
            counts: {
                aliases: number;
                categories: number;
                files: number;
                repositoriesKnown: number;
                skills: number;
            };
            /**
             * Format: date-time
             * @description When the dataset was last written by a crawl (or edited)
             */
            datasetGeneratedAt: string;
            /** @description True while the site serves the invented sample dataset embedded in the repository, not a crawl of GitHub */
            demo: boolean;
            /** @description A sentence saying the data is invented and how to index the real GitHub; null for real data */
            demoNotice: string | null;
            lastCrawl: components["schemas"]["CrawlSummary"] | null;
        };
        StatusResponse: {
            data: components["schemas"]["Status"];
            meta: components["schemas"]["Meta"];
        };
        Subcategory: {
            name: string;
            skillCount: number;
            slug: string;
        };
        Suggestion: {
            count: number;
            text: string;
        };
        SuggestionListResponse: {
            data: components["schemas"]["Suggestion"][];
            meta: components["schemas"]["Meta"];
        };
        TopSkill: {
            name: string;
            owner: string;
            repo: string;
            stars: number;
            /**
             * @description The scanner's verdict, after any maintainer review
             * @enum {string}
             */
            verdict: "malicious" | "suspicious" | "clean";
        };
    };
    responses: {
        /** @description A parameter is missing, malformed, repeated or out of bounds, or the search query is invalid (`INVALID_PARAMS`, `INVALID_QUERY`, `QUERY_TOO_LONG`, `INVALID_SYNTAX`). The message names the parameter and what is allowed. */
        BadRequest: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "INVALID_PARAMS",
                 *         "message": "`limit` must be at most 100 (got \"500\")"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A method the path does not serve (`METHOD_NOT_ALLOWED`): the API is read-only (GET, HEAD, OPTIONS) but for the re-index request (POST, OPTIONS); `Allow` names the methods. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "METHOD_NOT_ALLOWED",
                 *         "message": "method POST is not allowed; this API is read-only (GET, HEAD, OPTIONS)"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such skill, category, file or endpoint (`NOT_FOUND`). */
        NotFound: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "skill anvil-dev/nothing was not found"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The re-index queue holds as many repositories as it may (`QUEUE_FULL`); `Retry-After` says when the next run will have emptied it. */
        QueueFull: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "QUEUE_FULL",
                 *         "message": "the re-index queue is full (500 repositories wait for the next run); retry after 900 s, when the next run has emptied it"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An internal error (`SERVER_ERROR`); details stay in the logs under the request id. */
        ServerError: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "SERVER_ERROR",
                 *         "message": "internal error; the request id identifies it in the logs"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The hourly rate limit of the caller's tier is spent (`RATE_LIMITED`); `Retry-After` says when to try again. */
        TooManyRequests: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "RATE_LIMITED",
                 *         "message": "rate limit of 100 requests per hour exceeded"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The API key in `Authorization: Bearer` is not valid (`INVALID_API_KEY`); a request is never served as anonymous instead. */
        Unauthorized: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "INVALID_API_KEY",
                 *         "message": "the API key is not valid"
                 *       },
                 *       "meta": {
                 *         "requestId": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description The methods the path serves: `GET, HEAD, OPTIONS`, or `POST, OPTIONS` for the re-index request.
         * @example GET, HEAD, OPTIONS
         */
        Allow: string;
        /** @description `public, max-age=300, stale-while-revalidate=3600` for data, `public, max-age=60` for search and autocomplete, `no-cache` for index-status (its refresh state is live), `no-store` for errors and the re-index request. */
        "Cache-Control": string;
        /** @description The locale the names and descriptions are in (an unknown locale falls back to `en`). */
        "Content-Language": string;
        /**
         * @description Strong validator of the representation; send it back in `If-None-Match` to get a 304.
         * @example "3f2a9c0d5b7e41a8c6d2e0f1a9b8c7d6"
         */
        ETag: string;
        /** @description Seconds to wait before the next request. */
        "Retry-After": number;
        /** @description `hit` when the answer came from the deployment's cache of assembled answers (kept as long as `Cache-Control` allows, and never across builds with different data), `miss` when it was assembled for this request. Absent where the runtime has no such cache (a local run outside workerd). A hit is charged to the rate limit like any request. */
        "X-Answer-Cache": "hit" | "miss";
        /** @description Requests allowed per hour for the caller's tier. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current hourly window. */
        "X-RateLimit-Remaining": number;
        /** @description Unix time, in seconds, at which the current window ends. */
        "X-RateLimit-Reset": number;
        /** @description The caller's rate tier. */
        "X-RateLimit-Tier": "anonymous" | "page" | "authenticated" | "premium";
        /** @description Identifies the request in the logs; also `meta.requestId` of the body. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCategories: {
        parameters: {
            query?: {
                /**
                 * @description Language of names and descriptions: en, zh, ja, ko, es, fr, de or pt; another well-formed tag falls back (`pt-BR` to `pt`, else `en`).
                 * @example ja
                 */
                locale?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryListResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getCategory: {
        parameters: {
            query?: {
                /**
                 * @description Language of names and descriptions: en, zh, ja, ko, es, fr, de or pt; another well-formed tag falls back (`pt-BR` to `pt`, else `en`).
                 * @example ja
                 */
                locale?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Category slug, one of the 24 listed by `GET /categories`.
                 * @example data
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryDetailResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listCategorySkills: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page beyond the last answers an empty `data`.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Items per page.
                 * @example 20
                 */
                limit?: number;
                /** @description Sort key. */
                sort?: "stars" | "updated" | "name";
                /** @description Sort order; defaults to `desc` for `stars` and `updated`, `asc` for `name`. */
                order?: "asc" | "desc";
                /**
                 * @description Only skills in this category (a slug).
                 * @example data
                 */
                category?: "development" | "frontend" | "backend" | "devops" | "data" | "ai-ml" | "security" | "mobile" | "cloud" | "database" | "testing" | "api" | "marketing" | "design" | "legal" | "finance" | "hr" | "education" | "writing" | "sales" | "support" | "management" | "productivity" | "research";
                /**
                 * @description Only skills installable on this platform.
                 * @example codex
                 */
                platform?: "claude-code" | "codex" | "chatgpt" | "cursor" | "github-copilot" | "gemini-cli" | "opencode" | "windsurf";
                /**
                 * @description Only skills whose `updatedAt` is at or after this time (to the second), for mirrors that sync incrementally.
                 * @example 2026-11-20T06:00:00Z
                 */
                updatedSince?: string;
                /**
                 * @description Which skills by the trust scanner's verdict: `default` leaves `malicious` ones out, `clean` keeps only `clean` ones, `any` keeps all (docs/API.md).
                 * @example clean
                 */
                trust?: "default" | "clean" | "any";
            };
            header?: never;
            path: {
                /**
                 * @description Category slug, one of the 24 listed by `GET /categories`.
                 * @example data
                 */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillListResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    events: {
        parameters: {
            query?: {
                /**
                 * @description Only events after this one (an event id, e.g. the last one you processed or `meta.next`); omitted: from the oldest retained. An unknown or pruned id is 400.
                 * @example evt_8624b97a4eb00d4e3959a53e
                 */
                since?: string;
                /**
                 * @description Events per page.
                 * @example 100
                 */
                limit?: number;
                /**
                 * @description Only events of this type.
                 * @example skill.updated
                 */
                type?: "skill.created" | "skill.updated" | "skill.deleted" | "skill.trust_changed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventListResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getIndexStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Owner of the GitHub repository (user or organisation); matched without regard to case.
                 * @example anvil-dev
                 */
                owner: string;
                /**
                 * @description Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.
                 * @example pdf
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndexStatusResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    requestRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Owner of the GitHub repository (user or organisation); matched without regard to case.
                 * @example anvil-dev
                 */
                owner: string;
                /**
                 * @description Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.
                 * @example pdf
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the repository is queued (or already was). */
            202: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshQueuedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["QueueFull"];
        };
    };
    listSkills: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page beyond the last answers an empty `data`.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Items per page.
                 * @example 20
                 */
                limit?: number;
                /** @description Sort key. */
                sort?: "stars" | "updated" | "name";
                /** @description Sort order; defaults to `desc` for `stars` and `updated`, `asc` for `name`. */
                order?: "asc" | "desc";
                /**
                 * @description Only skills in this category (a slug).
                 * @example data
                 */
                category?: "development" | "frontend" | "backend" | "devops" | "data" | "ai-ml" | "security" | "mobile" | "cloud" | "database" | "testing" | "api" | "marketing" | "design" | "legal" | "finance" | "hr" | "education" | "writing" | "sales" | "support" | "management" | "productivity" | "research";
                /**
                 * @description Only skills installable on this platform.
                 * @example codex
                 */
                platform?: "claude-code" | "codex" | "chatgpt" | "cursor" | "github-copilot" | "gemini-cli" | "opencode" | "windsurf";
                /**
                 * @description Only skills whose `updatedAt` is at or after this time (to the second), for mirrors that sync incrementally.
                 * @example 2026-11-20T06:00:00Z
                 */
                updatedSince?: string;
                /**
                 * @description Which skills by the trust scanner's verdict: `default` leaves `malicious` ones out, `clean` keeps only `clean` ones, `any` keeps all (docs/API.md).
                 * @example clean
                 */
                trust?: "default" | "clean" | "any";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillListResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    autocomplete: {
        parameters: {
            query: {
                /**
                 * @description The text typed so far, the last word possibly partial: 1 to 200 characters (one character is the first keystroke). Missing or empty: 400 INVALID_QUERY.
                 * @example pd
                 */
                q: string;
                /**
                 * @description Most suggestions to return.
                 * @example 5
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestionListResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    search: {
        parameters: {
            query: {
                /**
                 * @description The query (docs/SEARCH.md): words, "phrases", field:word, -exclusions and prefix*; 2 to 200 characters, at most 12 words, phrases and prefixes. Missing, empty or one character: 400 INVALID_QUERY.
                 * @example pdf -form
                 */
                q: string;
                /**
                 * @description Page number, from 1. A page beyond the last answers an empty `data`.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Results per page.
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description Only skills in this category (a slug).
                 * @example data
                 */
                category?: "development" | "frontend" | "backend" | "devops" | "data" | "ai-ml" | "security" | "mobile" | "cloud" | "database" | "testing" | "api" | "marketing" | "design" | "legal" | "finance" | "hr" | "education" | "writing" | "sales" | "support" | "management" | "productivity" | "research";
                /**
                 * @description Only skills installable on this platform.
                 * @example codex
                 */
                platform?: "claude-code" | "codex" | "chatgpt" | "cursor" | "github-copilot" | "gemini-cli" | "opencode" | "windsurf";
                /**
                 * @description Only skills with at least this many stars.
                 * @example 100
                 */
                minStars?: number;
                /** @description Only skills whose repository has (`true`) or lacks (`false`) a `.claude-plugin/marketplace.json`. */
                hasIndex?: boolean;
                /** @description `default`: the query's plain words also bring in their related domain terms (learned from the directory's own SKILL.md files), ranked below the words typed, and a query whose words match nothing falls back to them (`meta.fallback`); `keyword`: only the words typed and their typo matches. */
                mode?: "default" | "keyword";
                /**
                 * @description Which skills by the trust scanner's verdict: `default` leaves `malicious` ones out, `clean` keeps only `clean` ones, `any` keeps all (docs/API.md).
                 * @example clean
                 */
                trust?: "default" | "clean" | "any";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getSkill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Owner of the GitHub repository (user or organisation); matched without regard to case.
                 * @example anvil-dev
                 */
                owner: string;
                /**
                 * @description Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.
                 * @example pdf
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillDetailResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getSkillContent: {
        parameters: {
            query?: {
                /**
                 * @description Repository path of a text file of the skill's folders, exactly as `GET /skills/{owner}/{repo}/files` lists it (another SKILL.md, a script, a reference); the primary SKILL.md when absent. A listed binary, symlink or omitted file is 400, an unlisted path 404.
                 * @example skills/pdf-ocr/SKILL.md
                 */
                path?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Owner of the GitHub repository (user or organisation); matched without regard to case.
                 * @example anvil-dev
                 */
                owner: string;
                /**
                 * @description Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.
                 * @example pdf
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillContentResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    listSkillFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Owner of the GitHub repository (user or organisation); matched without regard to case.
                 * @example anvil-dev
                 */
                owner: string;
                /**
                 * @description Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.
                 * @example pdf
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillFilesResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getSkillStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Owner of the GitHub repository (user or organisation); matched without regard to case.
                 * @example anvil-dev
                 */
                owner: string;
                /**
                 * @description Name of the GitHub repository; matched without regard to case, and an old name of a renamed repository still resolves.
                 * @example pdf
                 */
                repo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillStatsResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResponse"];
                };
            };
            /** @description Not Modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Answer-Cache": components["headers"]["X-Answer-Cache"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-RateLimit-Tier": components["headers"]["X-RateLimit-Tier"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
}
