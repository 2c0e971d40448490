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

  it("refuse an entry the schema refuses, with its error", async () => {
    const bad = await input();
    bad.dataset = { ...bad.dataset, records: bad.dataset.records.map((r, i) => (i === 3 ? { ...r, headSha: "not-a-sha" } : r)) };
    expect(() => renderStatus(bad)).toThrow(/indexedCommit/);
    const late = await input();
    late.state.repos["999"]!.crawledAt = "yesterday";
    expect(() => renderStatus(late)).toThrow(/lastCrawledAt/);
  });
});
