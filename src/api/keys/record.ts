// The KV record of an API key, stored under `key:<id>`. The value holds the hash; the metadata
// repeats the public fields so that `keys list` reads every key in one KV list call.
import { z } from "zod";
import { Label } from "../../schemas/label.js";
import { KEY_ID_PATTERN } from "./format.js";

export const KeyTier = z.enum(["authenticated", "premium"]);
export type KeyTier = z.infer<typeof KeyTier>;

export const KeyLabel = Label;

export const KeyInfo = z
  .object({
    id: z.string().regex(KEY_ID_PATTERN),
    tier: KeyTier,
    label: KeyLabel,
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().optional(),
  })
  .strict();
export type KeyInfo = z.infer<typeof KeyInfo>;

export const KeyRecord = KeyInfo.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/) }).strict();
export type KeyRecord = z.infer<typeof KeyRecord>;

export const KEY_RECORD_PREFIX = "key:";
export const keyRecordName = (id: string) => `${KEY_RECORD_PREFIX}${id}`;

/** The public part of a record (what `keys list` shows and KV metadata carries). */
export const keyInfo = ({ hash: _hash, ...info }: KeyRecord): KeyInfo => info;
