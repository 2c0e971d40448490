// Repository facts in GraphQL batches: up to 100 known repositories by node id, new ones by name,
// and repository searches (topics), all in one query where they fit. A repository GitHub no longer
// resolves comes back as `missing`; one whose batch failed comes back as `failed`.
import type { Octokit } from "@octokit/rest";
import { messageOf } from "./errors.js";
import { FACTS_FRAGMENT, GraphqlEnvelope, type RepoFacts, RepoFactsNode, SearchConnection, toFacts } from "./github-schemas.js";

export const NODES_PER_QUERY = 100;
export const NAMES_PER_QUERY = 50;

export interface SearchRequest {
  key: string;
  query: string;
  after: string | null;
}

export interface SearchPage {
  key: string;
  total: number;
  facts: RepoFacts[];
  next: string | null;
}

export interface FactsBatch {
  ids?: string[];
  names?: string[];
  searches?: SearchRequest[];
}

export interface FactsResult {
  /** Facts by node id (for ids) and by lower-cased requested name (for names). */
  byNodeId: Map<string, RepoFacts>;
  byName: Map<string, RepoFacts>;
  missingIds: string[];
  missingNames: string[];
  /** Node ids and names whose facts could not be had this time, with the reason. */
  failed: { key: string; reason: string }[];
  searches: SearchPage[];
  /** Searches that failed (their pages are simply not read this time). */
  failedSearches: { key: string; reason: string }[];
}

export interface GraphqlAnswer {
  data: Record<string, unknown>;
  errors: { message: string; type?: string; path?: (string | number)[] }[];
}

/** Sends one GraphQL query; answers data and errors. Throws when the request itself fails. */
export async function graphql(octokit: Octokit, query: string, variables: Record<string, unknown>): Promise<GraphqlAnswer> {
  const res = await octokit.request("POST /graphql", { query, variables });
  const env = GraphqlEnvelope.parse(res.data);
  return { data: env.data ?? {}, errors: env.errors ?? [] };
}

function buildQuery(b: FactsBatch): { query: string; variables: Record<string, unknown> } {
  const defs: string[] = [];
  const parts: string[] = [];
  const variables: Record<string, unknown> = {};
  if (b.ids?.length) {
    defs.push("$ids: [ID!]!");
    parts.push("nodes(ids: $ids) { ... on Repository { ...Facts } }");
    variables.ids = b.ids;
  }
  b.names?.forEach((full, i) => {
    const [owner = "", name = ""] = full.split("/");
    defs.push(`$o${i}: String!`, `$n${i}: String!`);
    parts.push(`r${i}: repository(owner: $o${i}, name: $n${i}) { ...Facts }`);
    variables[`o${i}`] = owner;
    variables[`n${i}`] = name;
  });
  b.searches?.forEach((s, i) => {
    defs.push(`$q${i}: String!`, `$a${i}: String`);
    parts.push(
      `s${i}: search(query: $q${i}, type: REPOSITORY, first: 100, after: $a${i}) { repositoryCount pageInfo { hasNextPage endCursor } nodes { ... on Repository { ...Facts } } }`,
    );
    variables[`q${i}`] = s.query;
    variables[`a${i}`] = s.after;
  });
  const query = `query Crawl(${defs.join(", ")}) {\n  ${parts.join("\n  ")}\n}\n${FACTS_FRAGMENT}`;
  return { query, variables };
}

const parseFacts = (raw: unknown): RepoFacts | string => {
  const p = RepoFactsNode.safeParse(raw);
  return p.success ? toFacts(p.data) : `unexpected repository shape: ${p.error.issues[0]?.message ?? "?"}`;
};

export async function fetchFacts(octokit: Octokit, batch: FactsBatch): Promise<FactsResult> {
  const out: FactsResult = {
    byNodeId: new Map(),
    byName: new Map(),
    missingIds: [],
    missingNames: [],
    failed: [],
    searches: [],
    failedSearches: [],
  };
  const ids = batch.ids ?? [];
  const names = batch.names ?? [];
  const searches = batch.searches ?? [];
  if (ids.length + names.length + searches.length === 0) return out;
  let answer: GraphqlAnswer;
  try {
    const { query, variables } = buildQuery(batch);
    answer = await graphql(octokit, query, variables);
  } catch (e) {
    const reason = messageOf(e);
    for (const key of [...ids, ...names]) out.failed.push({ key, reason });
    for (const s of searches) out.failedSearches.push({ key: s.key, reason });
    return out;
  }
  const errorAt = (head: string, index?: number) =>
    answer.errors.find((e) => e.path?.[0] === head && (index === undefined || Number(e.path?.[1]) === index));
  /** One answered repository: its facts, or why it has none (gone, or failed). */
  const take = (key: string, node: unknown, err: ReturnType<typeof errorAt>, missing: string[], found: (f: RepoFacts) => void) => {
    if (node === null || node === undefined) {
      if (err?.type === "NOT_FOUND") missing.push(key);
      else out.failed.push({ key, reason: err?.message ?? "no answer for this repository" });
      return;
    }
    const f = parseFacts(node);
    if (typeof f === "string") out.failed.push({ key, reason: f });
    else found(f);
  };
  const nodes = answer.data.nodes;
  ids.forEach((id, i) =>
    take(id, Array.isArray(nodes) ? nodes[i] : undefined, errorAt("nodes", i), out.missingIds, (f) => out.byNodeId.set(id, f)),
  );
  names.forEach((name, i) =>
    take(name, answer.data[`r${i}`], errorAt(`r${i}`), out.missingNames, (f) => out.byName.set(name.toLowerCase(), f)),
  );
  searches.forEach((s, i) => {
    const conn = SearchConnection.safeParse(answer.data[`s${i}`]);
    if (!conn.success) {
      out.failedSearches.push({ key: s.key, reason: errorAt(`s${i}`)?.message ?? "no search answer" });
      return;
    }
    const facts = conn.data.nodes.map(parseFacts).filter((f): f is RepoFacts => typeof f !== "string");
    out.searches.push({
      key: s.key,
      total: conn.data.repositoryCount,
      facts,
      next: conn.data.pageInfo.hasNextPage ? conn.data.pageInfo.endCursor : null,
    });
  });
  return out;
}
