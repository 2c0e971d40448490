// Maintainer operations on subscriptions: add (the secret returned once), list (never a secret),
// remove, test (a signed ping) and redeliver (one event again, cursors untouched).
import { randomBytes } from "node:crypto";
import { EVENT_TYPES, EventId, EventType } from "../../schemas/events.js";
import { attemptDelivery, type DeliveryDeps, findEvent, latestEvent, type Outcome } from "./deliver.js";
import { FeedError, type FeedReader } from "./feed-client.js";
import { eventMessage, signMessage, TEST_EVENT_TYPE } from "./message.js";
import type { SubscriptionStore } from "./store.js";
import {
  newSecret,
  newSubscriptionId,
  type PublicSubscription,
  publicView,
  SUBSCRIPTION_ID_PATTERN,
  Subscription,
  SubscriptionLabel,
} from "./subscription.js";
import { checkResolved, checkUrl } from "./target.js";

export interface AddInput {
  url: string;
  events?: string;
  label?: string;
  since?: string;
  allowPrivate: boolean;
  now: Date;
}

/** Parses `--events a,b`: known types only, each once; absent means all three. */
export function parseEventTypes(raw: string | undefined): EventType[] {
  if (raw === undefined) return [...EVENT_TYPES];
  const types = raw
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (types.length === 0) throw new Error(`--events must name at least one of: ${EVENT_TYPES.join(", ")}`);
  for (const t of types)
    if (!EventType.safeParse(t).success)
      throw new Error(`--events: unknown event type ${JSON.stringify(t)}; known: ${EVENT_TYPES.join(", ")}`);
  return [...new Set(types)] as EventType[];
}

export async function addSubscription(
  store: SubscriptionStore,
  feed: FeedReader,
  input: AddInput,
): Promise<{ subscription: PublicSubscription; secret: string }> {
  const url = checkUrl(input.url, input.allowPrivate);
  await checkResolved(url, input.allowPrivate);
  const events = parseEventTypes(input.events);
  const label = input.label === undefined ? undefined : SubscriptionLabel.safeParse(input.label);
  if (label && !label.success) throw new Error(`--label ${label.error.issues[0]?.message ?? "is invalid"}`);
  let cursor: string | null;
  if (input.since !== undefined) {
    if (!EventId.safeParse(input.since).success)
      throw new Error(`--since must be an event id such as evt_0123456789abcdef01234567 (got ${JSON.stringify(input.since)})`);
    try {
      await feed.page(input.since, 1);
    } catch (e) {
      if (e instanceof FeedError && e.unknownCursor) throw new Error(`--since ${input.since} is not in the feed (unknown or pruned)`);
      throw e;
    }
    cursor = input.since;
  } else {
    cursor = await latestEvent(feed);
  }
  const secret = newSecret();
  const subscription = Subscription.parse({
    id: newSubscriptionId(),
    url: url.toString(),
    events,
    ...(label ? { label: label.data } : {}),
    secret,
    createdAt: input.now.toISOString(),
    cursor,
    delivered: 0,
  });
  await store.put(subscription);
  return { subscription: publicView(subscription), secret };
}

const checkId = (id: string) => {
  if (!SUBSCRIPTION_ID_PATTERN.test(id))
    throw new Error(`a subscription id looks like whk_0123456789abcdef, as shown by \`webhooks list\` (got ${JSON.stringify(id)})`);
};

export async function getSubscription(store: SubscriptionStore, id: string): Promise<Subscription> {
  checkId(id);
  const s = await store.get(id);
  if (!s) throw new Error(`no subscription with id ${id}`);
  return s;
}

export async function listSubscriptions(store: SubscriptionStore): Promise<{ subscriptions: PublicSubscription[]; problems: string[] }> {
  const { subscriptions, problems } = await store.list();
  return { subscriptions: subscriptions.map(publicView), problems };
}

export async function removeSubscription(store: SubscriptionStore, id: string): Promise<PublicSubscription> {
  const s = await getSubscription(store, id);
  await store.delete(id);
  return publicView(s);
}

/** A signed `webhook.test` ping; the subscription's state is not changed. */
export async function testSubscription(deps: DeliveryDeps, id: string): Promise<Outcome> {
  const s = await getSubscription(deps.store, id);
  await checkResolved(checkUrl(s.url, deps.allowPrivate), deps.allowPrivate);
  const messageId = `msg_test_${randomBytes(8).toString("hex")}`;
  const sent = deps.clock().toISOString();
  return attemptDelivery(deps, s.url, (now) =>
    signMessage(
      s.secret,
      messageId,
      { type: TEST_EVENT_TYPE, timestamp: sent, data: { subscription: s.id, message: "a test delivery from the skills directory" } },
      now,
    ),
  );
}

/** Sends one event again, to one subscription or to every enabled one that takes its type. */
export async function redeliver(
  deps: DeliveryDeps & { feed: FeedReader },
  eventId: string,
  subscriptionId?: string,
): Promise<{ id: string; outcome: Outcome }[]> {
  if (!EventId.safeParse(eventId).success)
    throw new Error(`--event must be an event id such as evt_0123456789abcdef01234567 (got ${JSON.stringify(eventId)})`);
  const event = await findEvent(deps.feed, eventId);
  if (!event) throw new Error(`event ${eventId} is not in the feed (unknown or pruned)`);
  const targets = subscriptionId
    ? [await getSubscription(deps.store, subscriptionId)]
    : (await deps.store.list()).subscriptions.filter((s) => !s.disabled && s.events.includes(event.type));
  const results = [];
  for (const s of targets) {
    await checkResolved(checkUrl(s.url, deps.allowPrivate), deps.allowPrivate);
    results.push({ id: s.id, outcome: await attemptDelivery(deps, s.url, (now) => eventMessage(s.secret, event, now)) });
  }
  return results;
}
