// The delivery engine against a real receiver on loopback (real HTTP, real signatures checked with
// the standardwebhooks verifier): order, retries on 500 and on a timeout, Retry-After, 410
// disables, 3 days of failures disable, types not subscribed are passed over, private targets
// refused. Subscriptions and the feed are in memory here (src/events/webhooks: memoryTextKV,
// memoryFeed); the script runs them over KV and the served feed in webhooks-cli.workerd.test.ts.

import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDataset } from "../../src/dataset/files.js";
import { deriveEvents, emptyBaseline } from "../../src/events/derive.js";
import { type DeliveryDeps, deliverAll } from "../../src/events/webhooks/deliver.js";
import { memoryFeed } from "../../src/events/webhooks/feed-client.js";
import { DEFAULT_POLICY, retryAfterMs } from "../../src/events/webhooks/retry.js";
import { postJson } from "../../src/events/webhooks/send.js";
import { memoryTextKV, subscriptionStore } from "../../src/events/webhooks/store.js";
import { newSecret, type Subscription } from "../../src/events/webhooks/subscription.js";
import { addressRange, checkUrl } from "../../src/events/webhooks/target.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillEvent } from "../../src/schemas/events.js";
import { type Receiver, startReceiver } from "./receiver.js";

let events: SkillEvent[];
let receiver: Receiver;
beforeAll(async () => {
  const records = (await readDataset(join(PROJECT_ROOT, "data"))).records.slice(0, 6);
  const first = deriveEvents(emptyBaseline(), records, "2026-11-20T06:00:00Z");
  const second = deriveEvents(first.baseline, records.slice(1), "2026-11-21T06:00:00Z");
  events = [...first.events, ...second.events].map((e) => e.event);
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const FAST = { ...DEFAULT_POLICY, attempts: 4, backoffMs: 5, maxBackoffMs: 20, timeoutMs: 300, maxRetryAfterMs: 5000 };

function setup(subs: Partial<Subscription>[], over: Partial<DeliveryDeps> = {}) {
  const kv = memoryTextKV();
  const store = subscriptionStore(kv);
  const log: string[] = [];
  const made = subs.map((s, i) => ({
    id: `whk_${String(i).padStart(16, "0")}`,
    url: receiver.url,
    events: ["skill.created", "skill.updated", "skill.deleted"] as Subscription["events"],
    secret: newSecret(),
    createdAt: "2026-11-20T00:00:00.000Z",
    cursor: null,
    delivered: 0,
    ...s,
  }));
  const deps: DeliveryDeps = {
    store,
    feed: memoryFeed(events),
    send: (url, m) => postJson(url, m.body, m.headers, { timeoutMs: FAST.timeoutMs, allowPrivate: true }),
    policy: FAST,
    clock: () => new Date(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    random: () => 1,
    progress: (l) => log.push(l),
    allowPrivate: true,
    ...over,
  };
  return { kv, store, deps, made, log, init: () => Promise.all(made.map((s) => store.put(s))) };
}

const verified = (secret: string, r: { headers: Record<string, unknown>; body: string }) =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  }) as { type: string; timestamp: string; data: SkillEvent };

describe("deliverAll", () => {
  it("posts every event in order, signed, one per request, and advances the cursor", async () => {
    const { deps, made, init, store } = setup([{}]);
    await init();
    receiver.received.length = 0;
    receiver.script([]);
    const report = await deliverAll(deps);
    expect(report.delivered).toBe(events.length);
    expect(receiver.received).toHaveLength(events.length);
    receiver.received.forEach((r, i) => {
      const body = verified(made[0]!.secret, r);
      expect(body).toEqual({ type: events[i]!.type, timestamp: events[i]!.occurredAt, data: events[i] });
      expect(r.headers["webhook-id"]).toBe(events[i]!.id);
      expect(r.headers["content-type"]).toBe("application/json");
    });
    // Another secret does not verify.
    expect(() => verified(newSecret(), receiver.received[0]!)).toThrow();
    const after = await store.get(made[0]!.id);
    expect(after).toMatchObject({ cursor: events.at(-1)!.id, delivered: events.length });
    receiver.received.length = 0;
    expect((await deliverAll(deps)).delivered).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("retries a 500 and a timeout, then delivers; the same webhook-id on every attempt", async () => {
    const { deps, init, store, made } = setup([{ cursor: events.at(-3)!.id }]);
    await init();
    receiver.received.length = 0;
    receiver.script([{ status: 500 }, { delayMs: 1000 }, { status: 200 }]);
    const report = await deliverAll(deps);
    expect(report.delivered).toBe(2);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([
      events.at(-2)!.id,
      events.at(-2)!.id,
      events.at(-2)!.id,
      events.at(-1)!.id,
    ]);
    expect(await store.get(made[0]!.id)).toMatchObject({ cursor: events.at(-1)!.id });
    expect((await store.get(made[0]!.id))!.failingSince).toBeUndefined();
  });

  it("waits what Retry-After asks before the next attempt", async () => {
    const { deps, init } = setup([{ cursor: events.at(-2)!.id }]);
    await init();
    receiver.received.length = 0;
    receiver.script([{ status: 503, retryAfter: "1" }]);
    await deliverAll(deps);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.at - receiver.received[0]!.at).toBeGreaterThanOrEqual(950);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", new Date("2015-10-21T07:27:00Z"))).toBe(60_000);
    expect(retryAfterMs("soon", new Date())).toBeUndefined();
  });

  it("keeps a failing event pending (cursor unmoved), and disables after 3 days failing", async () => {
    let now = new Date("2026-11-21T00:00:00Z");
    const { deps, init, store, made } = setup([{ cursor: events.at(-3)!.id }], { clock: () => now });
    await init();
    receiver.script(Array(8).fill({ status: 500 }));
    receiver.received.length = 0;
    const first = await deliverAll(deps);
    expect(first.subscriptions[0]).toMatchObject({ status: "pending", delivered: 0 });
    expect(receiver.received).toHaveLength(FAST.attempts);
    expect(await store.get(made[0]!.id)).toMatchObject({
      cursor: events.at(-3)!.id,
      failingSince: now.toISOString(),
      lastError: expect.stringContaining("HTTP 500"),
    });
    now = new Date("2026-11-24T00:00:01Z");
    const second = await deliverAll(deps);
    expect(second.subscriptions[0]).toMatchObject({ status: "disabled" });
    const disabled = await store.get(made[0]!.id);
    expect(disabled!.disabled!.reason).toMatch(/failing since 2026-11-21T00:00:00.000Z \(3 days\)/);
    receiver.received.length = 0;
    receiver.script([]);
    expect((await deliverAll(deps)).subscriptions).toEqual([]);
    expect(receiver.received).toHaveLength(0);
  });

  it("a 410 disables at once; other subscriptions go on", async () => {
    const { deps, init, store, made } = setup([
      { cursor: events.at(-2)!.id },
      { cursor: events.at(-2)!.id, url: receiver.url.replace("/hook", "/other") },
    ]);
    await init();
    receiver.received.length = 0;
    receiver.script([{ status: 410 }]);
    const report = await deliverAll(deps);
    const byId = Object.fromEntries(report.subscriptions.map((s) => [s.id, s]));
    expect(byId[made[0]!.id]).toMatchObject({ status: "disabled", error: "the receiver answered 410 Gone" });
    expect(byId[made[1]!.id]).toMatchObject({ status: "up to date", delivered: 1 });
    expect((await store.get(made[0]!.id))!.disabled).toMatchObject({ reason: "the receiver answered 410 Gone" });
  });

  it("passes over types a subscription did not ask for", async () => {
    const { deps, init, store, made } = setup([{ events: ["skill.deleted"] }]);
    await init();
    receiver.received.length = 0;
    receiver.script([]);
    const report = await deliverAll(deps);
    const deleted = events.filter((e) => e.type === "skill.deleted");
    expect(report.subscriptions[0]).toMatchObject({ delivered: deleted.length, skipped: events.length - deleted.length });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual(deleted.map((e) => e.id));
    expect((await store.get(made[0]!.id))!.cursor).toBe(events.at(-1)!.id);
  });

  it("refuses private, loopback and link-local targets unless allowed, before any byte is sent", async () => {
    const { deps, init, store, made } = setup([{ cursor: events.at(-2)!.id }], {
      allowPrivate: false,
      send: (url, m) => postJson(url, m.body, m.headers, { timeoutMs: FAST.timeoutMs, allowPrivate: false }),
    });
    await init();
    receiver.received.length = 0;
    const report = await deliverAll(deps);
    expect(report.subscriptions[0]).toMatchObject({
      status: "pending",
      error: expect.stringMatching(/refusing to send to 127\.0\.0\.1 \(loopback address\)/),
    });
    expect(receiver.received).toHaveLength(0);
    expect((await store.get(made[0]!.id))!.cursor).toBe(events.at(-2)!.id);
    for (const [url, range] of [
      ["http://10.1.2.3/x", "private"],
      ["http://169.254.169.254/latest/meta-data", "linkLocal"],
      ["http://[::1]:8080/", "loopback"],
      ["http://[fd00::1]/", "uniqueLocal"],
      ["http://[::ffff:192.168.0.1]/", "private"],
      ["http://100.64.0.1/", "carrierGradeNat"],
      ["http://0.0.0.0/", "unspecified"],
    ] as const) {
      expect(() => checkUrl(url, false), url).toThrow(new RegExp(`\\(${range} address\\)`));
      expect(checkUrl(url, true).href).toBeTruthy();
    }
    expect(() => checkUrl("http://localhost:9/", false)).toThrow(/loopback/);
    expect(() => checkUrl("ftp://example.com/", false)).toThrow(/http or https/);
    expect(() => checkUrl("https://user:pw@example.com/", false)).toThrow(/credentials/);
    expect(addressRange("93.184.216.34")).toBe("unicast");
  });
});
