// The signed message of one delivery, the Standard Webhooks way through its own package: body
// `{type, timestamp, data}`, headers webhook-id, webhook-timestamp and webhook-signature
// (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
import { Webhook } from "standardwebhooks";
import { stableStringify } from "../../dataset/json.js";
import type { SkillEvent } from "../../schemas/events.js";

export interface SignedMessage {
  body: string;
  headers: Record<string, string>;
}

export const TEST_EVENT_TYPE = "webhook.test";

/** Signs `payload` for one subscription; the webhook-id stays the same on every retry of a message. */
export function signMessage(
  secret: string,
  messageId: string,
  payload: { type: string; timestamp: string; data: unknown },
  now: Date,
): SignedMessage {
  const body = stableStringify(payload);
  const signature = new Webhook(secret).sign(messageId, now, body);
  return {
    body,
    headers: { "webhook-id": messageId, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": signature },
  };
}

/** An event's message: its id is the event id, so a receiver can drop a repeat. */
export const eventMessage = (secret: string, event: SkillEvent, now: Date): SignedMessage =>
  signMessage(secret, event.id, { type: event.type, timestamp: event.occurredAt, data: event }, now);
