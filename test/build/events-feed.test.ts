// The events feed patched for what was appended (src/build/events.ts writeEventFeed): over the
// previous build's files it writes exactly the files a whole render of the same log writes, keeps
// the chunks before the previous last one and the id shards no new event lands in, and renders the
// feed whole (saying why) when the log was rewritten, a new line is bad, or the id shard count moved.
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FeedOutcome, type PreviousFeed, writeEventFeed } from "../../src/build/events.js";
import { directorySink } from "../../src/build/output.js";
import { EVENT_IDS_PER_SHARD } from "../../src/contract/events.js";
import { DatasetError } from "../../src/dataset/files.js";
import { expectSameTree } from "../support/same-tree.js";

const root = mkdtempSync(join(tmpdir(), "skills-events-feed-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One event line of seq `seq` (a valid LoggedEvent; the id from the seq and `salt`, so ids can repeat). */
const line = (seq: number, salt = 0) =>
  `${JSON.stringify({
    seq,
    event: {
      id: `evt_${createHash("sha256")
        .update(`${seq % 997}:${salt}`)
        .digest("hex")
        .slice(0, 24)}`,
      type: "skill.updated",
      occurredAt: "2026-11-21T09:00:00Z",
      skill: {
        id: String(100 + seq),
        owner: `o${seq % 7}`,
        repo: `r${seq}`,
        name: "n",
        description: "d",
        stars: seq % 5,
        forks: 0,
        updatedAt: "2026-01-02T03:04:05Z",
        categories: ["development"],
        platforms: ["codex"],
      },
    },
  })}\n`;
const lines = (from: number, to: number, salt = 0) => Array.from({ length: to - from }, (_, i) => line(from + i, salt)).join("");

let n = 0;
/** A data folder holding `log` as its events.jsonl. */
function dataWith(log: string): string {
  const dir = join(root, `data-${n++}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "events.jsonl"), log);
  return dir;
}

/** Renders the feed of `dataDir` into a fresh folder, over `previous` when given; the outcome, the folder, its files' hashes and the log. */
async function render(dataDir: string, previous?: { site: string; files: ReadonlyMap<string, string>; record: FeedOutcome["record"] }) {
  const site = join(root, `site-${n++}`);
  const { sink, adopt, files, finish } = directorySink(site);
  const logged: string[] = [];
  const feed: PreviousFeed | undefined = previous && {
    record: previous.record,
    has: (path) => previous.files.has(path),
    keep: async (path) => {
      mkdirSync(join(site, path, ".."), { recursive: true });
      writeFileSync(join(site, path), readFileSync(join(previous.site, path)));
      adopt([path, 0, false, previous.files.get(path)!]);
    },
    read: async (path) => readFile(join(previous.site, path)),
  };
  const outcome = await writeEventFeed(dataDir, sink, feed, (l) => logged.push(l));
  await finish();
  return { outcome, site, files: new Map(files()), logged, kept: [...files()].length };
}

describe("the events feed patched for what was appended", () => {
  it("writes the files a whole render writes, parsing only from the previous last chunk on", async () => {
    const before = dataWith(lines(0, 1210));
    const first = await render(before);
    // 1210 events: chunks 0-2; 40 appended cross into chunk 2 only, then 400 more into chunk 3.
    const steps: [number, number][] = [
      [1210, 1250],
      [1250, 1650],
    ];
    for (const [from, to] of steps) {
      const after = dataWith(readFileSync(join(before, "events.jsonl"), "utf8") + lines(1210, to));
      const previous = from === 1210 ? first : await render(dataWith(lines(0, from)));
      const patched = await render(after, { ...previous, record: previous.outcome.record });
      const whole = await render(after);
      expectSameTree(patched.site, whole.site);
      expect(patched.outcome.index).toEqual(whole.outcome.index);
      expect(patched.outcome.record).toEqual(whole.outcome.record);
      // Chunks 0 and 1 are the previous build's; the previous last chunk (2) and the new events are parsed.
      expect(patched.logged[0]).toBe(
        `rendering the events feed (${to} events, ${to - 1000} of them parsed: the rest is the previous build's)`,
      );
    }
  });

  it("keeps the torn last line out, as the log's reader does", async () => {
    const before = dataWith(lines(0, 600));
    const first = await render(before);
    const torn = lines(600, 610) + line(610).slice(0, 30);
    const after = dataWith(lines(0, 600) + torn);
    const patched = await render(after, { ...first, record: first.outcome.record });
    expectSameTree(patched.site, (await render(after)).site);
    expect(patched.outcome.index.count).toBe(610);
  });

  it("renders the feed whole, saying why, when the log was rewritten, a new line is bad, or the id shards moved", async () => {
    const before = dataWith(lines(0, 700));
    const first = await render(before);
    const previous = { ...first, record: first.outcome.record };
    // Pruned: the first events gone, so the bytes the previous build read are not the log's start.
    const pruned = await render(dataWith(lines(100, 900)), previous);
    expect(pruned.logged[0]).toBe("  the events feed is rendered whole: the log was rewritten (pruned or edited) since the previous build");
    expect(pruned.outcome.index.count).toBe(800);
    // A bad line appended: the whole read reports it by its line.
    const bad = dataWith(`${lines(0, 700)}{"seq": 700}\n`);
    await expect(render(bad, previous)).rejects.toThrow(DatasetError);
    // Past EVENT_IDS_PER_SHARD events the id index has more shards: every id moves.
    const grown = dataWith(lines(0, EVENT_IDS_PER_SHARD + 10));
    const moved = await render(grown, previous);
    expect(moved.logged[0]).toBe("  the events feed is rendered whole: the id index has another shard count");
    expectSameTree(moved.site, (await render(grown)).site);
  });

  it("a log edited in place is rendered whole, and the same log again keeps every file", async () => {
    const before = dataWith(lines(0, 900));
    const first = await render(before);
    const edited = dataWith(lines(0, 900, 1));
    expect((await render(edited, { ...first, record: first.outcome.record })).logged[0]).toMatch(/rendered whole: the log was rewritten/);
    appendFileSync(join(before, "events.jsonl"), "");
    const again = await render(before, { ...first, record: first.outcome.record });
    expectSameTree(again.site, first.site);
  });
});
