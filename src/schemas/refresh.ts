// POST /index-status/{owner}/{repo}/refresh: the queue of repositories waiting for a re-index, as
// the function answers it, as a queue entry holds it in Workers KV, and as index-status reports it.
import { z } from "zod";
import { Count, IsoTimestamp } from "./resources.js";

/**
 * A GitHub account (user or organisation) name as GitHub allows one to be created: 1-39 letters,
 * digits or single hyphens, neither first nor last.
 */
export const GITHUB_OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** A GitHub repository name: 1-100 letters, digits, `-`, `_` or `.`; never `.` or `..`, never ending in `.git` (GitHub strips it). */
export const GITHUB_REPO = /^[A-Za-z0-9_.-]{1,100}$/;

/** Why `owner/repo` cannot name a GitHub repository, or null when it can. */
export function repositoryNameProblem(owner: string, repo: string): string | null {
  if (!GITHUB_OWNER.test(owner))
    return "`owner` must be a GitHub account name: 1-39 letters, digits or single hyphens, not starting or ending with a hyphen";
  if (!GITHUB_REPO.test(repo) || repo === "." || repo === "..")
    return "`repo` must be a GitHub repository name: 1-100 letters, digits, '-', '_' or '.', and not `.` or `..`";
  if (/\.git$/i.test(repo)) return "`repo` must not end in `.git`: name the repository without it";
  return null;
}

/** What a queue entry holds (the KV value, and its metadata so that a listing carries it). */
export const RefreshEntry = z
  .object({
    owner: z.string().describe("As the caller spelled it; the crawl takes GitHub's spelling"),
    repo: z.string(),
    since: IsoTimestamp.describe("When the request was accepted"),
  })
  .strict();
export type RefreshEntry = z.infer<typeof RefreshEntry>;

/** The 202 answer of POST /index-status/{owner}/{repo}/refresh. */
export const RefreshQueued = z
  .object({
    owner: z.string(),
    repo: z.string(),
    queued: z.literal(true),
    since: IsoTimestamp.describe("When the repository was queued; a repeated request leaves it unchanged"),
    position: z.number().int().positive().describe("Place in the queue, oldest request first (1 is the oldest)"),
    queueSize: Count.describe("Repositories waiting, this one included"),
    queueLimit: z
      .number()
      .int()
      .positive()
      .describe("How many repositories the queue holds at most; a request beyond it is refused with 503"),
  })
  .strict();
export type RefreshQueued = z.infer<typeof RefreshQueued>;

/** The refresh part of GET /index-status/{owner}/{repo}. */
export const RefreshState = z
  .object({
    queued: z.boolean().describe("A re-index was asked for and the queue's next run has not handled it yet"),
    since: IsoTimestamp.nullable().describe("When it was asked for; null when nothing is queued"),
  })
  .strict();
export type RefreshState = z.infer<typeof RefreshState>;
