// `npm run webhooks` as a maintainer runs it: subscriptions in wrangler's local KV, events read from
// the feed served by `wrangler pages dev`, deliveries to a real receiver on loopback, signatures
// checked with the standardwebhooks verifier. Also: a run killed midway resumes with nothing lost,
// private targets refused without --allow-private, and no secret in any output but `add`'s last line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { readEventLog } from "../../src/dataset/event-log.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { runNode, type ScriptRun, scriptArgs } from "../../src/node/run-script.js";
import { EVENT_TYPES, type SkillEvent } from "../../src/schemas/events.js";
import { makeHistory } from "./history.js";

/** The mirror subscription starts after this event of the log: everything later is delivered to it. */
const SINCE = 70;

import { type Received, type Receiver, startReceiver } from "./receiver.js";

let server: PagesDev;
let receiver: Receiver;
let log: SkillEvent[];
let siteDir: string;
const dirs: string[] = [];
/** Everything the script printed, but for `add`'s standard output (where the secret belongs). */
const printed: string[] = [];

async function run(persistTo: string, args: string[], opts: { killAfter?: number } = {}): Promise<ScriptRun> {
  const res = await runNode(
    scriptArgs("webhooks.ts", ...args, "--api", server.api, "--persist-to", persistTo, "--backoff-ms", "10"),
    // Its own process group, so a kill reaches wrangler's workerd child too.
    { detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    (child) => {
      if (opts.killAfter !== undefined) void receiver.waitFor(opts.killAfter).then(() => process.kill(-child.pid!, "SIGKILL"));
    },
  );
  printed.push(res.stderr);
  if (args[0] !== "add") printed.push(res.stdout);
  return res;
}

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  }) as { type: string; timestamp: string; data: SkillEvent };

const state = () => {
  const dir = mkdtempSync(join(tmpdir(), "webhooks-kv-"));
  dirs.push(dir);
  return dir;
};

async function add(persistTo: string, ...args: string[]) {
  const res = await run(persistTo, ["add", "--url", receiver.url, ...args]);
  expect(res.status, res.stderr).toBe(0);
  const lines = res.stdout.trim().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^whk_[0-9a-f]{16}$/);
  expect(lines[1]).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  return { id: lines[0]!, secret: lines[1]! };
}

beforeAll(async () => {
  const history = await makeHistory();
  siteDir = mkdtempSync(join(tmpdir(), "webhooks-site-"));
  dirs.push(history.dir, siteDir);
  // No page (no Vite build): the script reads the feed, and the check for secrets reads the data files.
  await build({ dataDir: history.dir, outDir: siteDir, page: false });
  log = (await readEventLog(history.dir)).events.map((e) => e.event);
  server = await startPagesDev({ siteDir, vars: { RATE_LIMIT_ANONYMOUS: "1000000" } });
  dirs.push(server.persistTo);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// Each run of the script starts Node, tsx and wrangler's local KV (workerd): seconds each on a busy machine.
describe("npm run webhooks", { timeout: 300_000 }, () => {
  let kv: string;
  let sub: { id: string; secret: string };

  it("adds subscriptions: the id, then the secret alone on the last line; a new one starts after the latest event", async () => {
    kv = state();
    sub = await add(kv, "--label", "mirror", "--since", log[SINCE]!.id, "--allow-private");
    const late = await add(kv, "--events", "skill.deleted", "--allow-private");
    const list = await run(kv, ["list", "--json"]);
    expect(list.status, list.stderr).toBe(0);
    const subs = JSON.parse(list.stdout) as Record<string, unknown>[];
    expect(subs.map((s) => [s.id, s.cursor, s.events, s.label ?? null])).toEqual([
      [sub.id, log[SINCE]!.id, [...EVENT_TYPES], "mirror"],
      [late.id, log.at(-1)!.id, ["skill.deleted"], null],
    ]);
    for (const s of subs) expect(s).not.toHaveProperty("secret");
  });

  it("deliver posts each pending event, signed, in the feed's order, and a second run has nothing to send", async () => {
    receiver.received.length = 0;
    const res = await run(kv, ["deliver", "--allow-private"]);
    expect(res.status, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report.delivered).toBe(log.length - (SINCE + 1));
    expect(res.stderr).toMatch(/delivered evt_/);
    const bodies = receiver.received.map((r) => verify(sub.secret, r));
    expect(bodies.map((b) => b.data)).toEqual(log.slice(SINCE + 1));
    expect(bodies.map((b) => b.type)).toEqual(log.slice(SINCE + 1).map((e) => e.type));
    const again = await run(kv, ["deliver", "--allow-private"]);
    expect(JSON.parse(again.stdout).delivered).toBe(0);
    expect(receiver.received).toHaveLength(log.length - (SINCE + 1));
  });

  it("test sends a signed ping; redeliver sends one event again; remove deletes", async () => {
    receiver.received.length = 0;
    const ping = await run(kv, ["test", sub.id, "--allow-private"]);
    expect(ping.status, ping.stderr).toBe(0);
    expect(ping.stdout).toMatch(/delivered \(HTTP 204/);
    expect(verify(sub.secret, receiver.received[0]!)).toMatchObject({ type: "webhook.test", data: { subscription: sub.id } });
    const again = await run(kv, ["redeliver", "--event", log[SINCE + 2]!.id, "--subscription", sub.id, "--allow-private"]);
    expect(again.status, again.stderr).toBe(0);
    expect(verify(sub.secret, receiver.received[1]!).data).toEqual(log[SINCE + 2]);
    const removed = await run(kv, ["remove", sub.id]);
    expect(removed.stdout).toMatch(new RegExp(`removed subscription ${sub.id}`));
    const table = (await run(kv, ["list"])).stdout.trim().split("\n");
    expect(table).toHaveLength(2);
    expect(table[0]).toMatch(/^ID\s+EVENTS\s+DELIVERED\s+CURSOR\s+STATUS\s+URL\s+LABEL$/);
    expect(table[1]).toMatch(new RegExp(`^whk_[0-9a-f]{16}\\s+skill.deleted\\s+0\\s+${log.at(-1)!.id}\\s+active\\s+${receiver.url}`));
  });

  it("a run killed midway resumes: no event lost, only the one in flight repeated", async () => {
    const dir = state();
    const s = await add(dir, "--since", log[60]!.id, "--allow-private");
    const pending = log.slice(61);
    receiver.received.length = 0;
    receiver.script([{}, {}, {}, {}, {}, { hang: true }]);
    const killed = await run(dir, ["deliver", "--allow-private", "--timeout-ms", "60000"], { killAfter: 6 });
    expect(killed.status).not.toBe(0);
    receiver.script([]);
    const resumed = await run(dir, ["deliver", "--allow-private"]);
    expect(resumed.status, resumed.stderr).toBe(0);
    const ids = receiver.received.map((r) => verify(s.secret, r).data.id);
    expect(ids).toEqual([...pending.slice(0, 6), ...pending.slice(5)].map((e) => e.id));
  });

  it("refuses a loopback target without --allow-private (deliver's refusal: delivery.test.ts)", async () => {
    const refused = await run(state(), ["add", "--url", receiver.url]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/refusing to send to 127\.0\.0\.1 \(loopback address\); pass --allow-private/);
    expect(refused.stdout).toBe("");
  });

  it("never prints a secret outside add, and the built site holds none", () => {
    const all = printed.join("\n");
    expect(all).not.toMatch(/whsec_/);
    expect(sub.secret.length).toBeGreaterThan(20);
    const files = readdirSync(siteDir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(siteDir, f)).isFile());
    for (const f of files) expect(readFileSync(join(siteDir, f), "utf8").includes("whsec_"), f).toBe(false);
  });
});
