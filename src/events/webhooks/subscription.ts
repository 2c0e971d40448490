// A webhook subscription as kept in KV under `webhook:<id>`: where to POST, which event types,
// the signing secret, and the delivery state (cursor, failure streak, why it was disabled).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { EventId, EventType } from "../../schemas/events.js";
import { Label } from "../../schemas/label.js";

export const SUBSCRIPTION_PREFIX = "webhook:";
export const SUBSCRIPTION_ID_PATTERN = /^whk_[0-9a-f]{16}$/;
export const subscriptionName = (id: string) => `${SUBSCRIPTION_PREFIX}${id}`;

const Timestamp = z.iso.datetime();

export const SubscriptionLabel = Label;

export const Subscription = z
  .object({
    id: z.string().regex(SUBSCRIPTION_ID_PATTERN),
    url: z.url({ protocol: /^https?$/ }).max(2048),
    events: z.array(EventType).min(1),
    label: SubscriptionLabel.optional(),
    /** Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. Never printed after `add`. */
    secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
    createdAt: Timestamp,
    /** The last event handled (delivered, or not of a subscribed type); null: the feed's oldest first. */
    cursor: EventId.nullable(),
    delivered: z.number().int().nonnegative(),
    /** When the current run of failures started; cleared by a 2xx. */
    failingSince: Timestamp.optional(),
    lastError: z.string().optional(),
    disabled: z.object({ at: Timestamp, reason: z.string() }).strict().optional(),
  })
  .strict();
export type Subscription = z.infer<typeof Subscription>;

/** What `list` shows and logs may carry: everything but the secret. */
export type PublicSubscription = Omit<Subscription, "secret">;
export const publicView = ({ secret: _secret, ...rest }: Subscription): PublicSubscription => rest;

export const newSubscriptionId = (): string => `whk_${randomBytes(8).toString("hex")}`;
export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;
