// The local GitHub-compatible HTTP server: the REST paths and GraphQL queries a crawler sends,
// answered from a RepoStore, with GitHub's rate-limit headers, ETag/304, switchable faults and
// request counts by kind (`GET /__fixture/requests`). Trees, blobs, contents and tarballs (the
// API answers 302 to a codeload path, as GitHub does) serve every file of the data, binary files and
// symlinks included. Tests and `npm run github-fixture` run it.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { tarball } from "./archive.js";
import { FaultRule, FaultTable } from "./faults.js";
import { execute, GqlError, parseQuery } from "./graphql.js";
import type { FixtureBlob, FixtureRepo } from "./model.js";
import { queryRoot, type SchemaContext } from "./schema.js";
import { matchCode, matchRepo } from "./search.js";
import { RepoStore } from "./store.js";

export interface FixtureOptions {
  port?: number;
  host?: string;
  /** Requests per hour for core and graphql (GitHub: 5,000). */
  rateLimit?: number;
  /** Requests per minute for search (GitHub: 30) and code search (GitHub: 10). */
  searchLimit?: number;
  codeSearchLimit?: number;
  /** A recursive tree with more entries is cut there and marked truncated (GitHub: 100,000). */
  treeEntryLimit?: number;
  /** Logs one line per request when set. */
  log?: (line: string) => void;
}

export interface GitHubFixture {
  url: string;
  port: number;
  store: RepoStore;
  faults: FaultTable;
  counts(): RequestCounts;
  resetCounts(): void;
  close(): Promise<void>;
}

export interface RequestCounts {
  /** API requests (what GitHub's rate limits count), by kind in `byKind`. */
  total: number;
  byKind: Record<string, number>;
  notModified: number;
  faults: number;
  /** Archive downloads from the codeload path the tarball endpoint redirects to (not API requests). */
  downloads: number;
}

const emptyCounts = (): RequestCounts => ({ total: 0, byKind: {}, notModified: 0, faults: 0, downloads: 0 });

type Resource = "core" | "graphql" | "search" | "code_search";

class RateWindow {
  used = 0;
  reset = 0;
  constructor(
    readonly limit: number,
    readonly seconds: number,
  ) {}
  roll(now: number): void {
    if (now >= this.reset) {
      this.used = 0;
      this.reset = now + this.seconds;
    }
  }
}

const MessageBody = z.object({ query: z.string(), variables: z.record(z.string(), z.unknown()).nullish() });
const PushedFile = z.union([
  z.string(),
  z.null(),
  z.object({ raw: z.string(), encoding: z.literal("base64").optional(), mode: z.enum(["100644", "100755", "120000"]).optional() }).strict(),
]);
const CommitBody = z.object({ files: z.record(z.string(), PushedFile) }).strict();
const RepoPatch = z.object({ stars: z.number().int().nonnegative().optional(), description: z.string().nullable().optional() }).strict();
const RenameBody = z.object({ to: z.string().regex(/^[^/\s]+\/[^/\s]+$/) }).strict();

export function requestKind(method: string, path: string): string {
  if (path === "/graphql") return "graphql";
  if (path.startsWith("/search/code")) return "search-code";
  if (path.startsWith("/search/repositories")) return "search-repositories";
  if (path === "/rate_limit") return "rate-limit";
  if (/\/git\/trees\//.test(path)) return "tree";
  if (/\/git\/blobs\//.test(path)) return "blob";
  if (/\/contents(\/|$)/.test(path)) return "contents";
  if (/\/(tarball|zipball)(\/|$)/.test(path)) return "archive";
  if (/^\/(repos\/[^/]+\/[^/]+|repositories\/\d+)$/.test(path)) return "repo";
  return method === "GET" ? "rest-other" : "other";
}

const resourceOf = (kind: string): Resource =>
  kind === "graphql" ? "graphql" : kind === "search-code" ? "code_search" : kind.startsWith("search") ? "search" : "core";

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const readBody = async (req: IncomingMessage): Promise<string> => (await readBytes(req)).toString("utf8");

/** A contents API item for a file or symlink (`content` only when asked for one path, as GitHub does). */
function contentsItem(r: FixtureRepo, b: FixtureBlob, withContent: boolean) {
  const base = `/repos/${r.owner}/${r.name}`;
  const item = {
    type: b.mode === "120000" ? "symlink" : "file",
    name: b.path.split("/").pop() ?? b.path,
    path: b.path,
    sha: b.sha,
    size: b.size,
    url: `${base}/contents/${b.path}`,
    git_url: `${base}/git/blobs/${b.sha}`,
  };
  if (!withContent) return item;
  return b.mode === "120000"
    ? { ...item, target: b.bytes.toString("utf8") }
    : { ...item, encoding: "base64", content: b.bytes.toString("base64") };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function restRepo(r: FixtureRepo) {
  return {
    id: r.id,
    node_id: r.nodeId,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    owner: { login: r.owner, id: r.ownerId, avatar_url: `https://avatars.githubusercontent.com/u/${r.ownerId}?v=4`, type: "User" },
    private: false,
    fork: r.forkOf !== undefined,
    description: r.description,
    created_at: r.createdAt,
    updated_at: r.pushedAt,
    pushed_at: r.pushedAt,
    stargazers_count: r.stars,
    watchers_count: r.stars,
    subscribers_count: r.watchers,
    forks_count: r.forks,
    open_issues_count: r.openIssues,
    license: r.license ? { key: r.license.key, spdx_id: r.license.spdxId, name: r.license.name } : null,
    topics: r.topics,
    default_branch: r.defaultBranch,
    mirror_url: r.mirrorUrl,
    archived: false,
  };
}

export async function startGitHubFixture(repos: FixtureRepo[], opts: FixtureOptions = {}): Promise<GitHubFixture> {
  const store = new RepoStore(repos);
  const faults = new FaultTable();
  let counts: RequestCounts = emptyCounts();
  // Built archives by repository and head: a repository's tarball is the same until a commit.
  const archives = new Map<string, Buffer>();
  const archiveOf = async (r: FixtureRepo): Promise<Buffer> => {
    const own = store.archiveOverride(r);
    if (own) return own;
    const key = `${r.id}:${r.headSha}`;
    let bytes = archives.get(key);
    if (!bytes) archives.set(key, (bytes = await tarball(r, store.tree(r))));
    return bytes;
  };
  const windows: Record<Resource, RateWindow> = {
    core: new RateWindow(opts.rateLimit ?? 5000, 3600),
    graphql: new RateWindow(opts.rateLimit ?? 5000, 3600),
    search: new RateWindow(opts.searchLimit ?? 30, 60),
    code_search: new RateWindow(opts.codeSearchLimit ?? 10, 60),
  };
  const nowSec = () => Math.floor(Date.now() / 1000);
  const schemaCtx: SchemaContext = {
    store,
    rateLimit: () => {
      const w = windows.graphql;
      return { limit: w.limit, remaining: Math.max(0, w.limit - w.used), used: w.used, resetAt: new Date(w.reset * 1000).toISOString() };
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, req?: IncomingMessage) => {
    const text = JSON.stringify(body);
    const etag = `W/"${createHash("sha1").update(text).digest("hex")}"`;
    if (req && req.method === "GET" && status === 200) {
      if (req.headers["if-none-match"] === etag) {
        counts.notModified++;
        res.writeHead(304, { ...headers, etag });
        res.end();
        return;
      }
      headers = { ...headers, etag };
    }
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  };

  const fixtureRoute = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const archive = /^\/__fixture\/repos\/([^/]+)\/([^/]+)\/archive$/.exec(path);
    if (archive && req.method === "PUT") {
      const r = store.setArchive(decodeURIComponent(archive[1]!), decodeURIComponent(archive[2]!), await readBytes(req));
      return r ? send(res, 200, { archive: `${r.owner}/${r.name}` }) : send(res, 404, { message: "Not Found" });
    }
    const body = req.method === "GET" || req.method === "DELETE" ? "" : await readBody(req);
    const json = (): unknown => (body === "" ? {} : JSON.parse(body));
    if (path === "/__fixture/requests") {
      if (req.method === "DELETE") counts = emptyCounts();
      return send(res, 200, counts);
    }
    if (path === "/__fixture/faults") {
      if (req.method === "DELETE") faults.clear();
      if (req.method === "POST") {
        const parsed = z.object({ faults: z.array(FaultRule) }).safeParse(json());
        if (!parsed.success) return send(res, 400, { message: parsed.error.message });
        faults.add(parsed.data.faults);
      }
      return send(res, 200, { faults: faults.summary() });
    }
    const m = /^\/__fixture\/repos\/([^/]+)\/([^/]+)(\/commits|\/rename)?$/.exec(path);
    if (m) {
      const [, owner = "", name = "", action] = m;
      if (req.method === "DELETE") return send(res, store.remove(owner, name) ? 200 : 404, { deleted: `${owner}/${name}` });
      const schema = action === "/commits" ? CommitBody : action === "/rename" ? RenameBody : RepoPatch;
      const parsed = schema.safeParse(json());
      if (!parsed.success) return send(res, 400, { message: parsed.error.message });
      const data = parsed.data;
      let r: FixtureRepo | undefined;
      if ("files" in data) r = store.commit(owner, name, data.files);
      else if ("to" in data) r = store.rename(owner, name, data.to);
      else {
        r = store.byKey(owner, name)?.repo;
        if (r && data.stars !== undefined) r.stars = data.stars;
        if (r && data.description !== undefined) r.description = data.description;
      }
      return r ? send(res, 200, restRepo(r)) : send(res, 404, { message: "Not Found" });
    }
    return send(res, 404, { message: "unknown fixture route" });
  };

  const notFound = { message: "Not Found", documentation_url: "https://docs.github.com/rest" };

  const repoRoute = (
    req: IncomingMessage,
    res: ServerResponse,
    r: FixtureRepo,
    rest: string,
    headers: Record<string, string>,
    query: URLSearchParams,
  ) => {
    if (rest === "") return send(res, 200, restRepo(r), headers, req);
    const tree = /^\/git\/trees\/(.+)$/.exec(rest);
    if (tree) {
      const ref = decodeURIComponent(tree[1]!);
      const entries = store.tree(r);
      const isRoot = ref === r.headSha || ref === r.defaultBranch || ref === "HEAD";
      const folder = isRoot ? "" : entries.find((e) => e.type === "tree" && e.sha === ref)?.path;
      if (folder === undefined) return send(res, 404, notFound, headers);
      const prefix = folder === "" ? "" : `${folder}/`;
      const inside = entries.filter((e) => e.path.startsWith(prefix)).map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
      const recursive = query.get("recursive") !== null;
      let list = recursive ? inside : inside.filter((e) => !e.path.includes("/"));
      const limit = opts.treeEntryLimit ?? 100_000;
      const truncated = recursive && list.length > limit;
      if (truncated) list = list.slice(0, limit);
      const base = `/repos/${r.owner}/${r.name}/git`;
      return send(
        res,
        200,
        {
          sha: isRoot ? r.headSha : ref,
          url: `${base}/trees/${ref}`,
          tree: list.map((e) => ({ ...e, url: `${base}/${e.type}s/${e.sha}` })),
          truncated,
        },
        headers,
        req,
      );
    }
    const blob = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest);
    if (blob) {
      const b = [...r.blobs.values()].find((x) => x.sha === blob[1]);
      if (!b) return send(res, 404, notFound, headers);
      return send(
        res,
        200,
        { sha: b.sha, node_id: "", size: b.size, url: "", content: b.bytes.toString("base64"), encoding: "base64" },
        headers,
        req,
      );
    }
    const isHead = (ref: string | null) => ref === null || ref === "" || ref === r.headSha || ref === r.defaultBranch || ref === "HEAD";
    const contents = /^\/contents(?:\/(.*))?$/.exec(rest);
    if (contents) {
      if (!isHead(query.get("ref"))) return send(res, 404, notFound, headers);
      const target = decodeURIComponent(contents[1] ?? "");
      const b = r.blobs.get(target);
      if (b) return send(res, 200, contentsItem(r, b, true), headers, req);
      const listing = store
        .tree(r)
        .filter((e) =>
          target === "" ? !e.path.includes("/") : e.path.startsWith(`${target}/`) && !e.path.slice(target.length + 1).includes("/"),
        );
      if (listing.length === 0) return send(res, 404, notFound, headers);
      return send(
        res,
        200,
        listing.map((e) =>
          e.type === "tree"
            ? { type: "dir", name: e.path.split("/").pop(), path: e.path, sha: e.sha, size: 0 }
            : contentsItem(r, r.blobs.get(e.path)!, false),
        ),
        headers,
        req,
      );
    }
    // GitHub answers 302 to codeload, which serves the archive outside the API's rate limit.
    const archive = /^\/tarball(?:\/(.+))?$/.exec(rest);
    if (archive) {
      const ref = archive[1] === undefined ? r.headSha : decodeURIComponent(archive[1]);
      if (!isHead(ref)) return send(res, 404, notFound, headers);
      const location = `http://${req.headers.host ?? "127.0.0.1"}/_codeload/${r.id}/legacy.tar.gz/${r.headSha}`;
      res.writeHead(302, { ...headers, location, "content-length": "0" });
      res.end();
      return;
    }
    return send(res, 404, notFound, headers);
  };

  /** The download the tarball endpoint redirects to: counted apart, faults of kind `codeload` apply. */
  const codeload = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    counts.downloads++;
    opts.log?.(`${req.method} ${path} (codeload)`);
    const fault = faults.take("codeload", path);
    if (fault) counts.faults++;
    if (fault?.kind === "slow") await sleep(fault.delayMs);
    if (fault?.kind === "status") return send(res, fault.status ?? 502, { message: "Server Error" });
    const m = /^\/_codeload\/(\d+)\/legacy\.tar\.gz\/([0-9a-f]{40})$/.exec(path);
    const r = m ? store.get(Number(m[1])) : undefined;
    if (!m || !r || r.headSha !== m[2]) return send(res, 404, { message: "Not Found" });
    const bytes = await archiveOf(r);
    const root = `${r.owner}-${r.name}-${r.headSha.slice(0, 7)}`;
    const head = {
      "content-type": "application/x-gzip",
      "content-disposition": `attachment; filename=${root}.tar.gz`,
      "content-length": String(bytes.length),
    };
    res.writeHead(200, head);
    if (fault?.kind === "truncate") {
      res.write(bytes.subarray(0, bytes.length >> 1));
      res.socket?.destroy();
      return;
    }
    res.end(bytes);
  };

  const search = (req: IncomingMessage, res: ServerResponse, kind: string, query: URLSearchParams, headers: Record<string, string>) => {
    const q = query.get("q") ?? "";
    const perPage = Math.min(100, Number(query.get("per_page") ?? 30) || 30);
    const page = Math.max(1, Number(query.get("page") ?? 1) || 1);
    if (page * perPage > 1000 && (page - 1) * perPage >= 1000)
      return send(
        res,
        422,
        { message: "Only the first 1000 search results are available", documentation_url: "https://docs.github.com/v3/search/" },
        headers,
      );
    const byKey = (a: FixtureRepo, b: FixtureRepo) => {
      const ka = `${a.owner}/${a.name}`.toLowerCase();
      const kb = `${b.owner}/${b.name}`.toLowerCase();
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    };
    if (kind === "search-code") {
      const hits: unknown[] = [];
      for (const r of store.all().sort(byKey))
        for (const b of [...r.blobs.values()].sort((x, y) => (x.path < y.path ? -1 : 1)))
          if (matchCode(q, r, b))
            hits.push({
              name: b.path.split("/").pop(),
              path: b.path,
              sha: b.sha,
              score: 1,
              repository: {
                id: r.id,
                node_id: r.nodeId,
                name: r.name,
                full_name: `${r.owner}/${r.name}`,
                owner: { login: r.owner },
                fork: r.forkOf !== undefined,
              },
            });
      const items = hits.slice(0, 1000).slice((page - 1) * perPage, page * perPage);
      return send(res, 200, { total_count: hits.length, incomplete_results: false, items }, headers, req);
    }
    const all = store
      .all()
      .filter((r) => matchRepo(q, r))
      .sort((a, b) => b.stars - a.stars || a.id - b.id);
    const items = all
      .slice(0, 1000)
      .slice((page - 1) * perPage, page * perPage)
      .map(restRepo);
    return send(res, 200, { total_count: all.length, incomplete_results: false, items }, headers, req);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://fixture.local");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (path.startsWith("/__fixture/")) return fixtureRoute(req, res, path);
    if (path.startsWith("/_codeload/")) return codeload(req, res, path);
    const kind = requestKind(req.method ?? "GET", path);
    counts.total++;
    counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
    opts.log?.(`${req.method} ${url.pathname}${url.search} (${kind})`);
    const now = nowSec();
    const resource = resourceOf(kind);
    const w = windows[resource];
    w.roll(now);
    const fault = faults.take(kind, path);
    if (fault) counts.faults++;
    if (fault?.kind === "slow") await sleep(fault.delayMs);
    const conditional = req.method === "GET" && typeof req.headers["if-none-match"] === "string";
    if (!conditional) w.used++;
    const rateHeaders = (): Record<string, string> => ({
      "x-ratelimit-limit": String(w.limit),
      "x-ratelimit-remaining": String(Math.max(0, w.limit - w.used)),
      "x-ratelimit-reset": String(w.reset),
      "x-ratelimit-used": String(w.used),
      "x-ratelimit-resource": resource,
      "x-github-request-id": createHash("sha1").update(`${counts.total}`).digest("hex").slice(0, 16).toUpperCase(),
    });
    if (fault?.kind === "status") return send(res, fault.status ?? 502, { message: "Server Error" }, rateHeaders());
    if (fault?.kind === "secondary")
      return send(
        res,
        fault.status ?? 403,
        {
          message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
        },
        { ...rateHeaders(), "retry-after": String(fault.retryAfter) },
      );
    if (fault?.kind === "primary" || w.used > w.limit) {
      const reset = fault ? now + fault.retryAfter : w.reset;
      return send(
        res,
        403,
        {
          message: "API rate limit exceeded for user.",
          documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
        },
        { ...rateHeaders(), "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) },
      );
    }
    if (fault?.kind === "truncate") {
      // Promise the whole body, send half of it, then drop the connection.
      const text = JSON.stringify({ message: "this body is cut short", padding: "x".repeat(512) });
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": String(text.length), ...rateHeaders() });
      res.write(text.slice(0, text.length >> 1));
      res.socket?.destroy();
      return;
    }
    const headers = rateHeaders();
    if (kind === "graphql") {
      if (req.method !== "POST") return send(res, 404, notFound, headers);
      const parsed = MessageBody.safeParse(JSON.parse((await readBody(req)) || "null"));
      if (!parsed.success) return send(res, 400, { message: "Problems parsing JSON" }, headers);
      const ctx = {
        vars: parsed.data.variables ?? {},
        fragments: new Map(),
        errors: [] as { message: string; type: string; path: (string | number)[] }[],
      };
      try {
        const doc = parseQuery(parsed.data.query);
        ctx.fragments = doc.fragments;
        const data = execute(queryRoot(schemaCtx), doc.operation, ctx);
        return send(res, 200, ctx.errors.length ? { data, errors: ctx.errors } : { data }, headers);
      } catch (e) {
        if (e instanceof GqlError) return send(res, 200, { errors: [{ message: e.message, type: e.type, path: e.path }] }, headers);
        throw e;
      }
    }
    if (kind === "rate-limit") {
      const resources = Object.fromEntries(
        Object.entries(windows).map(([k, x]) => [
          k,
          { limit: x.limit, remaining: Math.max(0, x.limit - x.used), reset: x.reset, used: x.used },
        ]),
      );
      return send(res, 200, { resources, rate: resources.core }, headers);
    }
    if (kind.startsWith("search")) return search(req, res, kind, url.searchParams, headers);
    const m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path) ?? null;
    const byId = /^\/repositories\/(\d+)(\/.*)?$/.exec(path);
    if (byId) {
      const r = store.get(Number(byId[1]));
      return r ? repoRoute(req, res, r, byId[2] ?? "", headers, url.searchParams) : send(res, 404, notFound, headers);
    }
    if (m) {
      const found = store.byKey(decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
      if (!found) return send(res, 404, notFound, headers);
      if (found.redirected) {
        const location = `/repositories/${found.repo.id}${m[3] ?? ""}${url.search}`;
        return send(res, 301, { message: "Moved Permanently", url: location }, { ...headers, location });
      }
      return repoRoute(req, res, found.repo, m[3] ?? "", headers, url.searchParams);
    }
    return send(res, 404, notFound, headers);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { message: `fixture error: ${(e as Error).message}` });
      else res.destroy();
    });
  });
  // Longer than a client keeps an idle connection (undici: 4 s), so the client always closes first: a
  // server closing at the moment a busy client reuses the socket would reset that request.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", ok));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.host ?? "127.0.0.1"}:${port}`,
    port,
    store,
    faults,
    counts: () => structuredClone(counts),
    resetCounts: () => {
      counts = emptyCounts();
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
