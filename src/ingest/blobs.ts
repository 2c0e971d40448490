// File contents by blob sha, batched: many blobs of many repositories in one GraphQL query (bounded
// by count and bytes); a blob GitHub truncates in GraphQL is read whole over REST. Oversized,
// binary and non-UTF-8 blobs are refused with a reason instead of read.
import type { Octokit } from "@octokit/rest";
import { messageOf } from "./errors.js";
import { graphql } from "./facts.js";
import { BlobNode, BlobResponse } from "./github-schemas.js";
import { mapPool } from "./pool.js";

export interface BlobRequest {
  owner: string;
  repo: string;
  sha: string;
  size: number;
}

export type BlobResult = { ok: true; text: string } | { ok: false; reason: string; retryable: boolean };

export interface BlobLimits {
  maxFileBytes: number;
  blobsPerQuery: number;
  bytesPerQuery: number;
  concurrency: number;
}

export const DEFAULT_BLOB_LIMITS: BlobLimits = {
  maxFileBytes: 1024 * 1024,
  blobsPerQuery: 100,
  bytesPerQuery: 2 * 1024 * 1024,
  concurrency: 4,
};

/** Splits requests into query-sized chunks, keeping request order. */
export function chunkBlobs(reqs: readonly BlobRequest[], limits: BlobLimits): BlobRequest[][] {
  const chunks: BlobRequest[][] = [];
  let cur: BlobRequest[] = [];
  let bytes = 0;
  for (const r of reqs) {
    if (cur.length > 0 && (cur.length >= limits.blobsPerQuery || bytes + r.size > limits.bytesPerQuery)) {
      chunks.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(r);
    bytes += r.size;
  }
  if (cur.length) chunks.push(cur);
  return chunks;
}

// The BOM is kept: a file's text is exactly its bytes, as GraphQL gives it.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Counts a REST read against its repository's budget; throws when the repository has spent it. */
export type SpendFor = (r: BlobRequest) => void;

async function restBlob(octokit: Octokit, r: BlobRequest, spend?: SpendFor): Promise<BlobResult> {
  try {
    spend?.(r);
    const res = await octokit.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", { owner: r.owner, repo: r.repo, file_sha: r.sha });
    const blob = BlobResponse.parse(res.data);
    const bytes = blob.encoding === "base64" ? Buffer.from(blob.content, "base64") : Buffer.from(blob.content, "utf8");
    try {
      return { ok: true, text: utf8.decode(bytes) };
    } catch {
      return { ok: false, reason: "not UTF-8 text", retryable: false };
    }
  } catch (e) {
    return { ok: false, reason: messageOf(e), retryable: true };
  }
}

async function queryChunk(octokit: Octokit, chunk: BlobRequest[], out: Map<string, BlobResult>): Promise<BlobRequest[]> {
  const repos = new Map<string, BlobRequest[]>();
  for (const r of chunk) {
    const k = `${r.owner}/${r.repo}`;
    repos.set(k, [...(repos.get(k) ?? []), r]);
  }
  const defs: string[] = [];
  const parts: string[] = [];
  const variables: Record<string, unknown> = {};
  [...repos.values()].forEach((list, i) => {
    defs.push(`$o${i}: String!`, `$n${i}: String!`);
    variables[`o${i}`] = list[0]!.owner;
    variables[`n${i}`] = list[0]!.repo;
    const objs = list.map((r, j) => {
      defs.push(`$h${i}_${j}: GitObjectID!`);
      variables[`h${i}_${j}`] = r.sha;
      return `b${j}: object(oid: $h${i}_${j}) { ... on Blob { oid byteSize isBinary isTruncated text } }`;
    });
    parts.push(`r${i}: repository(owner: $o${i}, name: $n${i}) { ${objs.join(" ")} }`);
  });
  const viaRest: BlobRequest[] = [];
  let data: Record<string, unknown>;
  try {
    data = (await graphql(octokit, `query Blobs(${defs.join(", ")}) {\n  ${parts.join("\n  ")}\n}`, variables)).data;
  } catch (e) {
    const reason = messageOf(e);
    for (const r of chunk) out.set(r.sha, { ok: false, reason, retryable: true });
    return [];
  }
  [...repos.values()].forEach((list, i) => {
    const repoData = data[`r${i}`];
    list.forEach((r, j) => {
      const raw =
        typeof repoData === "object" && repoData !== null ? Object.entries(repoData).find(([k]) => k === `b${j}`)?.[1] : undefined;
      const blob = BlobNode.safeParse(raw);
      if (!blob.success) out.set(r.sha, { ok: false, reason: "blob not found at the head commit", retryable: true });
      else if (blob.data.isBinary) out.set(r.sha, { ok: false, reason: "binary content", retryable: false });
      else if (blob.data.isTruncated || blob.data.text === null) viaRest.push(r);
      else out.set(r.sha, { ok: true, text: blob.data.text });
    });
  });
  return viaRest;
}

export async function fetchBlobs(
  octokit: Octokit,
  reqs: readonly BlobRequest[],
  limits: BlobLimits = DEFAULT_BLOB_LIMITS,
  onChunk?: (n: number) => void,
  spend?: SpendFor,
): Promise<Map<string, BlobResult>> {
  const out = new Map<string, BlobResult>();
  const wanted: BlobRequest[] = [];
  const seen = new Set<string>();
  for (const r of reqs) {
    if (seen.has(r.sha)) continue;
    seen.add(r.sha);
    if (r.size > limits.maxFileBytes)
      out.set(r.sha, { ok: false, reason: `too large (${r.size} bytes, limit ${limits.maxFileBytes})`, retryable: false });
    else wanted.push(r);
  }
  const chunks = chunkBlobs(wanted, limits);
  const rest = await mapPool(chunks, limits.concurrency, async (chunk) => {
    const viaRest = await queryChunk(octokit, chunk, out);
    onChunk?.(chunk.length);
    return viaRest;
  });
  await mapPool(rest.flat(), limits.concurrency, async (r) => {
    out.set(r.sha, await restBlob(octokit, r, spend));
  });
  return out;
}

/** One blob's bytes over REST (a file an archive left out or gave other bytes for). */
export async function fetchBlobBytes(octokit: Octokit, owner: string, repo: string, sha: string): Promise<Buffer> {
  const res = await octokit.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", { owner, repo, file_sha: sha });
  const blob = BlobResponse.parse(res.data);
  return blob.encoding === "base64" ? Buffer.from(blob.content, "base64") : Buffer.from(blob.content, "utf8");
}
