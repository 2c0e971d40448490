// `webhooks deliver`: every pending event of the feed to every enabled subscription, in order.
// At least once: a subscription's cursor moves only past a 2xx (or an event of a type it did not
// ask for) and is saved after every delivery, so a killed run repeats at most the event in flight.
// Failures are retried within the run; what still fails stays pending; 3 days failing or a 410
// disables the subscription, with the reason kept for `list`.
import type { SkillEvent } from "../../schemas/events.js";
import { FeedError, type FeedPage, type FeedReader } from "./feed-client.js";
import { eventMessage, type SignedMessage } from "./message.js";
import { backoffMs, type RetryPolicy, retryAfterMs } from "./retry.js";
import { SendError, type SendResult } from "./send.js";
import type { SubscriptionStore } from "./store.js";
import type { Subscription } from "./subscription.js";

export const DISABLE_AFTER_MS = 3 * 86_400_000;
export const FEED_PAGE = 500;

export interface DeliveryDeps {
  store: SubscriptionStore;
  feed: FeedReader;
  send: (url: string, message: SignedMessage) => Promise<SendResult>;
  policy: RetryPolicy;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  progress: (line: string) => void;
  allowPrivate: boolean;
}

export type Outcome = { ok: true; status: number; attempts: number } | { ok: false; gone: boolean; error: string; attempts: number };

/** One message to one URL with the retries of the policy; the message is signed afresh per attempt. */
export async function attemptDelivery(deps: DeliveryDeps, url: string, sign: (now: Date) => SignedMessage): Promise<Outcome> {
  let error = "";
  for (let attempt = 1; attempt <= deps.policy.attempts; attempt++) {
    let wait: number | undefined;
    try {
      const res = await deps.send(url, sign(deps.clock()));
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, attempts: attempt };
      if (res.status === 410) return { ok: false, gone: true, error: "HTTP 410 Gone", attempts: attempt };
      error = `HTTP ${res.status}`;
      wait = retryAfterMs(res.headers["retry-after"], deps.clock());
      if (wait !== undefined && wait > deps.policy.maxRetryAfterMs) {
        return {
          ok: false,
          gone: false,
          error: `${error}, Retry-After ${Math.round(wait / 1000)} s (left for a later run)`,
          attempts: attempt,
        };
      }
    } catch (e) {
      if (!(e instanceof SendError)) throw e;
      error = e.message;
      if (e.kind === "refused") return { ok: false, gone: false, error, attempts: attempt };
    }
    if (attempt < deps.policy.attempts) await deps.sleep(Math.max(backoffMs(deps.policy, attempt, deps.random), wait ?? 0));
  }
  return { ok: false, gone: false, error, attempts: deps.policy.attempts };
}

export interface SubscriptionReport {
  id: string;
  label?: string;
  delivered: number;
  /** Events passed over: not of a subscribed type. */
  skipped: number;
  status: "up to date" | "pending" | "disabled";
  error?: string;
  cursor: string | null;
}

export interface DeliveryReport {
  startedAt: string;
  finishedAt: string;
  delivered: number;
  subscriptions: SubscriptionReport[];
}

const iso = (d: Date) => d.toISOString();

async function deliverOne(deps: DeliveryDeps, initial: Subscription): Promise<SubscriptionReport> {
  let sub = initial;
  const report: SubscriptionReport = {
    id: sub.id,
    ...(sub.label ? { label: sub.label } : {}),
    delivered: 0,
    skipped: 0,
    status: "up to date",
    cursor: sub.cursor,
  };
  const save = async (next: Subscription) => {
    sub = next;
    report.cursor = next.cursor;
    await deps.store.put(next);
  };
  const fail = async (error: string, gone: boolean) => {
    const now = deps.clock();
    const failingSince = sub.failingSince ?? iso(now);
    const expired = now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS;
    const disabled = gone
      ? { at: iso(now), reason: "the receiver answered 410 Gone" }
      : expired
        ? { at: iso(now), reason: `failing since ${failingSince} (3 days): ${error}` }
        : undefined;
    await save({ ...sub, failingSince, lastError: error, ...(disabled ? { disabled } : {}) });
    report.status = disabled ? "disabled" : "pending";
    report.error = disabled ? disabled.reason : error;
    deps.progress(`${sub.id}: ${report.error}`);
  };

  for (;;) {
    let page: FeedPage;
    try {
      page = await deps.feed.page(sub.cursor, FEED_PAGE);
    } catch (e) {
      if (e instanceof FeedError && e.unknownCursor) {
        const reason = `its cursor ${sub.cursor} is no longer in the feed (pruned); remove it and add it again with --since`;
        await save({ ...sub, disabled: { at: iso(deps.clock()), reason } });
        return { ...report, status: "disabled", error: reason };
      }
      throw e;
    }
    if (page.data.length === 0) return report;
    let moved = false;
    for (const event of page.data) {
      if (!sub.events.includes(event.type)) {
        sub = { ...sub, cursor: event.id };
        report.skipped++;
        moved = true;
        continue;
      }
      const outcome = await attemptDelivery(deps, sub.url, (now) => eventMessage(sub.secret, event, now));
      if (!outcome.ok) {
        await fail(`${event.id}: ${outcome.error}`, outcome.gone);
        return report;
      }
      const { failingSince: _f, lastError: _l, ...rest } = sub;
      await save({ ...rest, cursor: event.id, delivered: sub.delivered + 1 });
      moved = false;
      report.delivered++;
      deps.progress(`${sub.id}: delivered ${event.id} (${event.type} ${event.skill.owner}/${event.skill.repo})`);
    }
    if (moved) await save(sub);
    if (page.meta.next === null) return report;
  }
}

export async function deliverAll(deps: DeliveryDeps): Promise<DeliveryReport> {
  const startedAt = iso(deps.clock());
  const { subscriptions, problems } = await deps.store.list();
  for (const p of problems) deps.progress(`warning: ${p}`);
  const enabled = subscriptions.filter((s) => !s.disabled);
  deps.progress(
    `delivering to ${enabled.length} subscription${enabled.length === 1 ? "" : "s"} (${subscriptions.length - enabled.length} disabled)`,
  );
  const reports = await Promise.all(enabled.map((s) => deliverOne(deps, s)));
  return { startedAt, finishedAt: iso(deps.clock()), delivered: reports.reduce((n, r) => n + r.delivered, 0), subscriptions: reports };
}

/** Finds one event in the feed by paging from its oldest retained event. */
export async function findEvent(feed: FeedReader, id: string): Promise<SkillEvent | undefined> {
  let since: string | null = null;
  for (;;) {
    const page = await feed.page(since, FEED_PAGE);
    const hit = page.data.find((e) => e.id === id);
    if (hit) return hit;
    if (page.meta.next === null || page.data.length === 0) return undefined;
    since = page.data.at(-1)!.id;
  }
}

/** The newest event of the feed (where a new subscription starts), or null when it is empty. */
export async function latestEvent(feed: FeedReader): Promise<string | null> {
  let since: string | null = null;
  for (;;) {
    const page = await feed.page(since, FEED_PAGE);
    if (page.data.length > 0) since = page.data.at(-1)!.id;
    if (page.meta.next === null || page.data.length === 0) return since;
  }
}
