// The index-status shards (src/build/status.ts) are written as the schema's parse of each shard,
// with sorted keys, would write them: every entry checked field by field against BuiltIndexStatus,
// a bad one refused with the schema's error. Over the embedded dataset with failed, excluded and
// renamed repositories.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderStatus, type StatusInput } from "../../src/build/status.js";
import { IndexStatusShard } from "../../src/contract/status.js";
import { emptyCrawlState } from "../../src/dataset/crawl-state.js";
import { readDataset } from "../../src/dataset/files.js";
import { stableStringify } from "../../src/dataset/json.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

async function input(): Promise<StatusInput> {
  const dataset = await readDataset(join(PROJECT_ROOT, "data"));
  const [a, b] = dataset.records;
  const state = emptyCrawlState();
  state.repos["999"] = {
    nodeId: "R_9",
    owner: "gone",
    repo: "fork",
    headSha: "b".repeat(40),
    evidence: [],
    marketplace: null,
    crawledAt: "2026-11-20T09:30:00Z",
    skip: "a fork",
  };
  return {
    dataset,
    state,
    lastCrawl: {
      summary: {
        startedAt: "2026-11-21T09:00:00Z",
        finishedAt: "2026-11-21T09:30:00Z",
        full: false,
        only: [],
        repositories: { seen: 1, added: 0, changed: 0, removed: 0, failed: 2, skipped: 1, total: 1 },
        requests: { spent: 1, remaining: null },
      },
      failed: [
        { key: `${a!.owner}/${a!.repo}`, reason: "tree: 502 Bad Gateway" },
        { key: "newcomer/half-read", reason: "blobs: timeout" },
      ],
    },
    exclude: ["spam-*/*"],
    counts: { aliases: 0, files: 0 },
    excluded: new Map([[`${b!.owner}/${b!.repo}`.toLowerCase(), "it runs a downloaded script."]]),
    builtAt: "2026-11-21T10:00:00Z",
  };
}

describe("the index-status shards", () => {
  it("are the bytes of the schema's parse of each shard, with sorted keys", async () => {
    const files = renderStatus(await input());
    const shards = [...files].filter(([path]) => path.startsWith("index-status/") && /\d+\.json$/.test(path));
    expect(shards.length).toBeGreaterThan(0);
    const states = new Set<string>();
    for (const [, text] of shards) {
      const parsed = IndexStatusShard.parse(JSON.parse(text));
      expect(text).toBe(`${stableStringify(parsed)}\n`);
      for (const e of Object.values(parsed)) states.add(e.state);
    }
    expect([...states].sort()).toEqual(["excluded", "failed", "indexed"]);
  });

  it("answer each name once: a record over a skipped or failed entry, an old name only where nothing else answers, the first such", async () => {
    const given = await input();
    const records = given.dataset.records.slice(0, 6).map((r) => ({ ...r, aliases: [] as string[] }));
    const [a, b, c, d] = records;
    const key = (r: { owner: string; repo: string }) => `${r.owner}/${r.repo}`.toLowerCase();
    // b's old names: c's own name (c answers), one c also claims (b, the first, answers), a skipped repository's (it answers).
    b!.aliases = [key(c!), "old/shared", "gone/fork"];
    c!.aliases = ["old/shared", "old/c-only"];
    // A skipped repository that is also served: the record answers.
    given.state.repos["998"] = { ...given.state.repos["999"]!, owner: d!.owner, repo: d!.repo, skip: "a fork" };
    given.dataset = { ...given.dataset, records };
    const entries: Record<string, { owner: string; repo: string; state: string; listed: boolean; reason: string | null }> = {};
    let status: { counts: { repositoriesKnown: number } } | undefined;
    for (const [path, text] of renderStatus(given)) {
      if (/^index-status\/\d+\.json$/.test(path)) Object.assign(entries, JSON.parse(text));
      if (path === "status.json") status = JSON.parse(text);
    }
    const at = (k: string) => entries[k] && { owner: entries[k].owner, repo: entries[k].repo, state: entries[k].state };
    expect(at(key(a!))).toEqual({ owner: a!.owner, repo: a!.repo, state: "failed" });
    expect(entries[key(a!)]!.listed).toBe(true);
    expect(at(key(c!))).toEqual({ owner: c!.owner, repo: c!.repo, state: "indexed" });
    // b is the one the scanner judged malicious (input()): its old names answer as it does.
    expect(at(key(b!))).toEqual({ owner: b!.owner, repo: b!.repo, state: "excluded" });
    expect(entries["old/shared"]).toEqual(entries[key(b!)]);
    expect(at("old/c-only")).toEqual({ owner: c!.owner, repo: c!.repo, state: "indexed" });
    expect(at("gone/fork")).toEqual({ owner: "gone", repo: "fork", state: "excluded" });
    expect(at(key(d!))).toEqual({ owner: d!.owner, repo: d!.repo, state: "indexed" });
    expect(at("newcomer/half-read")).toEqual({ owner: "newcomer", repo: "half-read", state: "failed" });
    expect(entries["newcomer/half-read"]!.listed).toBe(false);
    // The six records, the skipped fork and the failed newcomer; old names point at records.
    expect(Object.keys(entries).sort()).toEqual(
      [...records.map(key), "gone/fork", "newcomer/half-read", "old/shared", "old/c-only"].sort(),
    );
    expect(status!.counts.repositoriesKnown).toBe(8);
  });

  it("refuse an entry the schema refuses, with its error", async () => {
    const bad = await input();
    bad.dataset = { ...bad.dataset, records: bad.dataset.records.map((r, i) => (i === 3 ? { ...r, headSha: "not-a-sha" } : r)) };
    expect(() => [...renderStatus(bad)]).toThrow(/indexedCommit/);
    const late = await input();
    late.state.repos["999"]!.crawledAt = "yesterday";
    expect(() => [...renderStatus(late)]).toThrow(/lastCrawledAt/);
  });
});
