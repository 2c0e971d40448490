// How `rebuild --queued` reads a listing of the re-index queue: oldest request first (ties by key),
// keys whose metadata is not an entry reported and left alone, other prefixes ignored; and how the
// run's summary names what it took.
import { describe, expect, it } from "vitest";
import { refreshQueueKey } from "../../../src/contract/refresh-queue.js";
import { queuedOf } from "../../../src/node/rebuild/refresh-queue.js";
import { type RebuildSummary, summaryMarkdown } from "../../../src/node/rebuild/summary.js";

const entry = (owner: string, repo: string, since: string) => ({ name: refreshQueueKey(owner, repo), metadata: { owner, repo, since } });

describe("the queue as the queued run reads it", () => {
  it("orders the entries oldest first, ties by key, and sets aside what is not an entry", () => {
    const listing = [
      entry("Zed", "late", "2026-11-21T09:10:00Z"),
      entry("b-org", "same-time", "2026-11-21T09:00:00Z"),
      entry("a-org", "same-time", "2026-11-21T09:00:00Z"),
      { name: "refresh:queue:broken/entry", metadata: { owner: "broken" } },
      { name: "refresh:queue:no/metadata" },
      { name: "refresh:recent:a-org/same-time", metadata: "2026-11-21T09:00:00Z" },
    ];
    const { queued, unreadable } = queuedOf(listing);
    expect(queued.map((q) => `${q.entry.owner}/${q.entry.repo}`)).toEqual(["a-org/same-time", "b-org/same-time", "Zed/late"]);
    expect(queued[2]!.key).toBe("refresh:queue:zed/late");
    expect(unreadable).toEqual(["refresh:queue:broken/entry", "refresh:queue:no/metadata"]);
  });

  it("the summary names the repositories a run took from the queue, or says it was empty", () => {
    const base: RebuildSummary = {
      ok: true,
      failure: null,
      stages: [],
      skills: null,
      github: null,
      build: null,
      deployed: null,
      snapshot: null,
    };
    expect(summaryMarkdown({ ...base, queued: ["acme/pdf-tools", "carol/bom-crlf"] })).toContain(
      "- Re-index queue: acme/pdf-tools, carol/bom-crlf",
    );
    expect(summaryMarkdown({ ...base, queued: [] })).toContain("- Re-index queue: empty");
    expect(summaryMarkdown(base)).not.toContain("Re-index queue");
  });
});
