// Events benchmark (issue 9). Derivation: 100k synthetic skills recorded once (100k skill.created),
// then 1% of them changed (SKILL.md edits, renames, deletions) and recorded again, with time and
// heap; the baseline is reading the same dataset folder, which every crawl and build does anyway.
// Delivery: events a second to a receiver on loopback, to 1 and to 10 subscriptions, with
// signing and a cursor saved after every delivery; the baseline is plain unsigned POSTs in a loop.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readEventLog } from "../src/dataset/event-log.js";
import { readSkillsFile, writeSkills } from "../src/dataset/files.js";
import { recordEvents } from "../src/events/record.js";
import { deliverAll } from "../src/events/webhooks/deliver.js";
import { memoryFeed } from "../src/events/webhooks/feed-client.js";
import { DEFAULT_POLICY } from "../src/events/webhooks/retry.js";
import { postJson } from "../src/events/webhooks/send.js";
import { memoryTextKV, subscriptionStore } from "../src/events/webhooks/store.js";
import { newSecret } from "../src/events/webhooks/subscription.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../src/schemas/dataset.js";
import type { SkillEvent } from "../src/schemas/events.js";
import { synthesize } from "../src/synth/generate.js";
import { machineLine, mb, table } from "./support/machine.js";

const { values } = parseArgs({ options: { skills: { type: "string", default: "100000" }, events: { type: "string", default: "2000" } } });
const SKILLS = Number(values.skills);
const EVENTS = Number(values.events);
const log = (line: string) => process.stderr.write(`${line}\n`);
const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ value: T; ms: number; heap: number }> {
  const before = heapMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  log(`  ${label}: ${ms.toFixed(0)} ms, heap +${mb(peak - before)} MB at peak`);
  return { value, ms, heap: peak - before };
}

const work = mkdtempSync(join(tmpdir(), "bench-events-"));
const categories = CategoriesFile.parse(JSON.parse(readFileSync("data/categories.json", "utf8")));
const platforms = PlatformsFile.parse(JSON.parse(readFileSync("data/platforms.json", "utf8")));

// --- derivation ---
log(`synthesising ${SKILLS} skills`);
const records = [...synthesize({ skills: SKILLS, seed: 9, categories, platforms })];
await writeSkills(work, records);
const read = await timed("read the dataset (baseline)", () => readSkillsFile(join(work, "skills.jsonl"), []));
const first = await timed(`record ${SKILLS} new skills`, () => recordEvents(work, read.value, { now: new Date("2026-11-20T00:00:00Z") }));
const changed: SkillRecord[] = read.value
  .filter((_, i) => i % 300 !== 7)
  .map((r, i) => {
    if (i % 300 === 3)
      return {
        ...r,
        files: r.files.map((f) => (f.path === r.primary ? { ...f, sha: f.sha.replace(/^./, (c) => (c === "0" ? "1" : "0")) } : f)),
      };
    if (i % 300 === 5) return { ...r, repo: `${r.repo}-next` };
    return i % 2 === 0 ? { ...r, stars: r.stars + 1 } : r;
  });
const second = await timed("record 1% changed (and 50% counters)", () =>
  recordEvents(work, changed, { now: new Date("2026-11-21T00:00:00Z") }),
);
const types: Record<string, number> = {};
for (const e of second.value.recorded) types[e.type] = (types[e.type] ?? 0) + 1;
log(`  recorded ${second.value.recorded.length}: ${JSON.stringify(types)}`);

// --- delivery ---
const events: SkillEvent[] = (await readEventLog(work)).events.slice(0, EVENTS).map((e) => e.event);
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received++;
    res.writeHead(204).end();
  });
});
await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const feed = memoryFeed(events);

const baseline = await timed(`plain POSTs of ${events.length} events (baseline)`, async () => {
  for (const e of events) await postJson(url, JSON.stringify(e), {}, { timeoutMs: 10_000, allowPrivate: true });
});
const rates: { subs: number; ms: number; perSecond: number }[] = [];
for (const subs of [1, 10]) {
  const store = subscriptionStore(memoryTextKV());
  for (let i = 0; i < subs; i++) {
    await store.put({
      id: `whk_${String(i).padStart(16, "0")}`,
      url,
      events: ["skill.created", "skill.updated", "skill.deleted"],
      secret: newSecret(),
      createdAt: new Date().toISOString(),
      cursor: null,
      delivered: 0,
    });
  }
  received = 0;
  const t = await timed(`deliver ${events.length} events to ${subs} subscription${subs === 1 ? "" : "s"}`, () =>
    deliverAll({
      store,
      feed,
      send: (u, m) => postJson(u, m.body, m.headers, { timeoutMs: 10_000, allowPrivate: true }),
      policy: DEFAULT_POLICY,
      clock: () => new Date(),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      random: Math.random,
      progress: () => {},
      allowPrivate: true,
    }),
  );
  if (received !== events.length * subs) throw new Error(`receiver got ${received}, expected ${events.length * subs}`);
  rates.push({ subs, ms: t.ms, perSecond: (events.length * subs) / (t.ms / 1000) });
}
receiver.close();
rmSync(work, { recursive: true, force: true });

const basePerSecond = events.length / (baseline.ms / 1000);
const out = `# Events benchmark

Machine: ${machineLine()}.

## Deriving events (\`recordEvents\`: derive, append to data/events.jsonl, rewrite data/events-state.json)
${SKILLS.toLocaleString("en")} synthetic skills. Baseline: reading the dataset's skills.jsonl, measured in the same run.

${table(
  ["step", "events", "ms", "ratio to reading the dataset", "heap at peak (MB)"],
  [
    ["read skills.jsonl (baseline)", "-", read.ms.toFixed(0), "1.00", mb(read.heap)],
    ["first record (every skill new)", first.value.recorded.length, first.ms.toFixed(0), (first.ms / read.ms).toFixed(2), mb(first.heap)],
    [
      "1% changed (content, renames, deletions; half with new counters)",
      `${second.value.recorded.length} (${Object.entries(types)
        .map(([k, v]) => `${v} ${k.slice(6)}`)
        .join(", ")})`,
      second.ms.toFixed(0),
      (second.ms / read.ms).toFixed(2),
      mb(second.heap),
    ],
  ],
)}

## Delivery throughput (\`deliverAll\` to a receiver on loopback answering 204)
${events.length} events; subscriptions in memory (the cursor is saved after every delivery); signed with standardwebhooks. Baseline: the same number of plain POSTs, one after another, unsigned.

${table(
  ["variant", "deliveries", "ms", "events/s", "ratio to baseline"],
  [
    ["plain POSTs (baseline)", events.length, baseline.ms.toFixed(0), basePerSecond.toFixed(0), "1.00"],
    ...rates.map((r) => [
      `${r.subs} subscription${r.subs === 1 ? "" : "s"}`,
      events.length * r.subs,
      r.ms.toFixed(0),
      r.perSecond.toFixed(0),
      (r.perSecond / basePerSecond).toFixed(2),
    ]),
  ],
)}
`;
mkdirSync(join("bench", "results"), { recursive: true });
writeFileSync(join("bench", "results", "events.md"), out);
log(out);
