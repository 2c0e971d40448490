// The GitHub payloads the crawler reads, as zod schemas, and their mapping into slim camelCase
// shapes at the edge. Nothing from GitHub is used before it passes one of these.
import { z } from "zod";
import { isoSeconds } from "../contract/iso-time.js";

const Timestamp = z.string().transform((s, ctx) => {
  const t = Date.parse(s);
  if (Number.isNaN(t)) {
    ctx.addIssue({ code: "custom", message: `not a timestamp: ${s}` });
    return z.NEVER;
  }
  return isoSeconds(t);
});

/** The repository fields asked for in every batch (see FACTS_FRAGMENT). */
export const RepoFactsNode = z.object({
  id: z.string(),
  databaseId: z.number().int().positive(),
  name: z.string(),
  nameWithOwner: z.string(),
  description: z.string().nullable(),
  stargazerCount: z.number().int().nonnegative(),
  forkCount: z.number().int().nonnegative(),
  owner: z.object({ login: z.string(), avatarUrl: z.string() }),
  watchers: z.object({ totalCount: z.number().int().nonnegative() }),
  issues: z.object({ totalCount: z.number().int().nonnegative() }),
  licenseInfo: z.object({ spdxId: z.string().nullable() }).nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  pushedAt: Timestamp.nullable(),
  isFork: z.boolean(),
  isMirror: z.boolean(),
  mirrorUrl: z.string().nullable(),
  isArchived: z.boolean(),
  parent: z.object({ databaseId: z.number().int(), nameWithOwner: z.string() }).nullable(),
  repositoryTopics: z.object({ nodes: z.array(z.object({ topic: z.object({ name: z.string() }) })) }),
  defaultBranchRef: z.object({ name: z.string(), target: z.object({ oid: z.string().optional() }).nullable() }).nullable(),
});

export const FACTS_FRAGMENT = `fragment Facts on Repository {
  id databaseId name nameWithOwner description stargazerCount forkCount
  owner { login avatarUrl }
  watchers { totalCount } issues(states: OPEN) { totalCount }
  licenseInfo { spdxId }
  createdAt updatedAt pushedAt isFork isMirror mirrorUrl isArchived
  parent { databaseId nameWithOwner }
  repositoryTopics(first: 20) { nodes { topic { name } } }
  defaultBranchRef { name target { ... on Commit { oid } } }
}`;

export interface RepoFacts {
  id: string;
  nodeId: string;
  owner: string;
  repo: string;
  description: string | null;
  stars: number;
  forks: number;
  watchers: number;
  openIssues: number;
  /** SPDX id GitHub detected, or null (none, or NOASSERTION). */
  license: string | null;
  createdAt: string;
  updatedAt: string;
  pushedAt: string;
  avatar: string;
  topics: string[];
  defaultBranch: string | null;
  headSha: string | null;
  fork: { id: string; name: string } | null;
  mirrorUrl: string | null;
}

export function toFacts(n: z.infer<typeof RepoFactsNode>): RepoFacts {
  const [owner = n.owner.login, repo = n.name] = n.nameWithOwner.split("/");
  const spdx = n.licenseInfo?.spdxId ?? null;
  return {
    id: String(n.databaseId),
    nodeId: n.id,
    owner,
    repo,
    description: n.description && n.description.trim() !== "" ? n.description.trim() : null,
    stars: n.stargazerCount,
    forks: n.forkCount,
    watchers: n.watchers.totalCount,
    openIssues: n.issues.totalCount,
    license: spdx && spdx !== "NOASSERTION" ? spdx : null,
    createdAt: n.createdAt,
    updatedAt: n.updatedAt,
    pushedAt: n.pushedAt ?? n.updatedAt,
    avatar: n.owner.avatarUrl,
    topics: n.repositoryTopics.nodes.map((t) => t.topic.name).sort(),
    defaultBranch: n.defaultBranchRef?.name ?? null,
    headSha: n.defaultBranchRef?.target?.oid ?? null,
    fork: n.isFork && n.parent ? { id: String(n.parent.databaseId), name: n.parent.nameWithOwner } : null,
    mirrorUrl: n.isMirror ? n.mirrorUrl : null,
  };
}

export const GraphqlEnvelope = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(z.looseObject({ message: z.string(), type: z.string().optional(), path: z.array(z.union([z.string(), z.number()])).optional() }))
    .optional(),
});

export const SearchConnection = z.object({
  repositoryCount: z.number().int().nonnegative(),
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
  nodes: z.array(z.unknown()),
});

export const BlobNode = z.object({
  oid: z.string(),
  byteSize: z.number().int().nonnegative(),
  isBinary: z.boolean().nullable(),
  isTruncated: z.boolean(),
  text: z.string().nullable(),
});

export const TreeResponse = z.object({
  sha: z.string(),
  truncated: z.boolean(),
  tree: z.array(
    z.object({
      path: z.string(),
      mode: z.string(),
      type: z.enum(["blob", "tree", "commit"]),
      sha: z.string(),
      size: z.number().int().nonnegative().optional(),
    }),
  ),
});
export type TreeEntry = z.infer<typeof TreeResponse>["tree"][number];

export const BlobResponse = z.object({ sha: z.string(), size: z.number().int().nonnegative(), content: z.string(), encoding: z.string() });

export const CodeSearchResponse = z.object({
  total_count: z.number().int().nonnegative(),
  incomplete_results: z.boolean(),
  items: z.array(
    z.object({
      path: z.string(),
      repository: z.object({ id: z.number().int(), node_id: z.string(), full_name: z.string(), fork: z.boolean().optional() }),
    }),
  ),
});
