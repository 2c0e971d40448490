// GitHub's GraphQL types, as far as a crawler of repositories needs them, resolved from the
// store: Query.repository/node/nodes/search/rateLimit, Repository, Blob, Tree, Commit.
import { GqlError, GqlMissing, type GqlObject } from "./graphql.js";
import { blobText, type FixtureBlob, type FixtureRepo } from "./model.js";
import { matchRepo } from "./search.js";
import type { RepoStore } from "./store.js";

/** GitHub stops Blob.text at this size and sets isTruncated. */
export const BLOB_TEXT_LIMIT = 512 * 1024;

const str = (v: unknown, name: string): string => {
  if (typeof v !== "string") throw new GqlError(`Argument '${name}' must be a String`);
  return v;
};

export function blobObject(b: FixtureBlob): GqlObject {
  const text = blobText(b);
  const isBinary = text === null;
  const truncated = b.size > BLOB_TEXT_LIMIT;
  return {
    __typename: "Blob",
    id: Buffer.from(`04:Blob${b.sha}`).toString("base64"),
    oid: b.sha,
    byteSize: b.size,
    isBinary,
    isTruncated: truncated,
    text: text === null ? null : truncated ? b.bytes.subarray(0, BLOB_TEXT_LIMIT).toString("utf8") : text,
  };
}

export interface SchemaContext {
  store: RepoStore;
  rateLimit: () => { limit: number; remaining: number; used: number; resetAt: string };
}

export function repositoryObject(r: FixtureRepo, ctx: SchemaContext): GqlObject {
  const count = (n: number) => ({ __typename: "Connection", totalCount: n });
  const commit = {
    __typename: "Commit",
    oid: r.headSha,
    committedDate: r.committedAt,
    id: Buffer.from(`06:Commit${r.headSha}`).toString("base64"),
  };
  return {
    __typename: "Repository",
    id: r.nodeId,
    databaseId: r.id,
    name: r.name,
    nameWithOwner: `${r.owner}/${r.name}`,
    url: `https://github.com/${r.owner}/${r.name}`,
    owner: { __typename: "User", login: r.owner, avatarUrl: `https://avatars.githubusercontent.com/u/${r.ownerId}?v=4` },
    description: r.description,
    stargazerCount: r.stars,
    forkCount: r.forks,
    watchers: () => count(r.watchers),
    issues: () => count(r.openIssues),
    licenseInfo: r.license ? { __typename: "License", ...r.license } : null,
    createdAt: r.createdAt,
    updatedAt: r.pushedAt,
    pushedAt: r.pushedAt,
    isFork: r.forkOf !== undefined,
    isMirror: r.mirrorUrl !== null,
    mirrorUrl: r.mirrorUrl,
    isArchived: false,
    isPrivate: false,
    parent: () => {
      if (!r.forkOf) return null;
      const [o = "", n = ""] = r.forkOf.split("/");
      const p = ctx.store.byKey(o, n);
      return p ? repositoryObject(p.repo, ctx) : null;
    },
    repositoryTopics: (a: Record<string, unknown>) => {
      const first = typeof a.first === "number" ? a.first : 100;
      const nodes = r.topics.slice(0, first).map((name) => ({ __typename: "RepositoryTopic", topic: { __typename: "Topic", name } }));
      return { __typename: "RepositoryTopicConnection", totalCount: r.topics.length, nodes };
    },
    defaultBranchRef: { __typename: "Ref", name: r.defaultBranch, target: commit },
    object: (a: Record<string, unknown>) => {
      let blob: FixtureBlob | undefined;
      if (typeof a.oid === "string") {
        blob = [...r.blobs.values()].find((b) => b.sha === a.oid);
      } else {
        const expr = str(a.expression, "expression");
        const i = expr.indexOf(":");
        const rev = expr.slice(0, i);
        if (rev !== "HEAD" && rev !== r.defaultBranch && rev !== r.headSha) return null;
        blob = r.blobs.get(expr.slice(i + 1));
      }
      return blob ? blobObject(blob) : null;
    },
  };
}

const decodeId = (id: string): number | undefined => {
  const m = /^010:Repository(\d+)$/.exec(Buffer.from(id, "base64").toString("utf8"));
  return m ? Number(m[1]) : undefined;
};

function searchConnection(ctx: SchemaContext, a: Record<string, unknown>): GqlObject {
  if (a.type !== "REPOSITORY") throw new GqlError("only type: REPOSITORY is supported by this server");
  const q = str(a.query, "query");
  const first = typeof a.first === "number" ? Math.min(a.first, 100) : 10;
  const offset = typeof a.after === "string" ? Number(Buffer.from(a.after, "base64").toString("utf8").replace("cursor:", "")) : 0;
  const all = ctx.store
    .all()
    .filter((r) => matchRepo(q, r))
    .sort((x, y) => y.stars - x.stars || x.id - y.id);
  const capped = all.slice(0, 1000);
  const page = capped.slice(offset, offset + first);
  const end = offset + page.length;
  return {
    __typename: "SearchResultItemConnection",
    repositoryCount: all.length,
    pageInfo: { __typename: "PageInfo", hasNextPage: end < capped.length, endCursor: Buffer.from(`cursor:${end}`).toString("base64") },
    nodes: page.map((r) => repositoryObject(r, ctx)),
  };
}

export function queryRoot(ctx: SchemaContext): GqlObject {
  return {
    __typename: "Query",
    repository: (a: Record<string, unknown>) => {
      const owner = str(a.owner, "owner");
      const name = str(a.name, "name");
      const found = ctx.store.byKey(owner, name);
      if (!found) throw new GqlError(`Could not resolve to a Repository with the name '${owner}/${name}'.`, "NOT_FOUND");
      return repositoryObject(found.repo, ctx);
    },
    node: (a: Record<string, unknown>) => {
      const id = decodeId(str(a.id, "id"));
      const r = id === undefined ? undefined : ctx.store.get(id);
      if (!r) throw new GqlError(`Could not resolve to a node with the global id of '${String(a.id)}'`, "NOT_FOUND");
      return repositoryObject(r, ctx);
    },
    nodes: (a: Record<string, unknown>) => {
      if (!Array.isArray(a.ids)) throw new GqlError("Argument 'ids' must be a list");
      if (a.ids.length > 100) throw new GqlError("You may not request more than 100 nodes at once");
      return a.ids.map((raw) => {
        const id = typeof raw === "string" ? decodeId(raw) : undefined;
        const r = id === undefined ? undefined : ctx.store.get(id);
        return r ? repositoryObject(r, ctx) : new GqlMissing(`Could not resolve to a node with the global id of '${String(raw)}'`);
      });
    },
    search: (a: Record<string, unknown>) => searchConnection(ctx, a),
    rateLimit: () => ({ __typename: "RateLimit", cost: 1, nodeCount: 0, ...ctx.rateLimit() }),
  };
}
