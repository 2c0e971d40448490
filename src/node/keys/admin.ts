// Maintainer operations on API keys (create, list, revoke) over any store of KV records, so the
// same logic runs against wrangler's local KV, the deployed namespace, or a test double.
import { generateKey, KEY_ID_PATTERN, type RandomBytes, secureRandomBytes } from "../../api/keys/format.js";
import { sha256Hex } from "../../api/keys/hash.js";
import { KEY_RECORD_PREFIX, KeyInfo, KeyLabel, KeyRecord, KeyTier, keyInfo, keyRecordName } from "../../api/keys/record.js";

/** The few KV operations key administration needs; metadata carries the public key info. */
export interface KeyStore {
  put(name: string, value: string, metadata: unknown): Promise<void>;
  get(name: string): Promise<string | null>;
  list(prefix: string): Promise<{ name: string; metadata?: unknown }[]>;
}

export interface Created {
  key: string;
  info: KeyInfo;
}

export async function createKey(
  store: KeyStore,
  input: { tier: string; label: string; now: Date; randomBytes?: RandomBytes },
): Promise<Created> {
  const tier = KeyTier.safeParse(input.tier);
  if (!tier.success) throw new Error(`--tier must be one of: ${KeyTier.options.join(", ")} (got ${JSON.stringify(input.tier)})`);
  const label = KeyLabel.safeParse(input.label);
  if (!label.success) throw new Error(`--label ${label.error.issues[0]?.message ?? "is invalid"}`);
  const { id, key } = generateKey(input.randomBytes ?? secureRandomBytes);
  const record = KeyRecord.parse({
    id,
    tier: tier.data,
    label: label.data,
    createdAt: input.now.toISOString(),
    hash: await sha256Hex(key),
  });
  await store.put(keyRecordName(id), JSON.stringify(record), keyInfo(record));
  return { key, info: keyInfo(record) };
}

/** Every key, oldest first; records whose metadata is not key info are reported, not hidden. */
export async function listKeys(store: KeyStore): Promise<{ keys: KeyInfo[]; problems: string[] }> {
  const keys: KeyInfo[] = [];
  const problems: string[] = [];
  for (const entry of await store.list(KEY_RECORD_PREFIX)) {
    const info = KeyInfo.safeParse(entry.metadata);
    if (info.success) keys.push(info.data);
    else problems.push(`${entry.name}: no valid key metadata`);
  }
  keys.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  return { keys, problems };
}

/** Marks a key revoked (the record stays, so `list` shows it); revoking twice keeps the first date. */
export async function revokeKey(store: KeyStore, id: string, now: Date): Promise<KeyInfo> {
  if (!KEY_ID_PATTERN.test(id))
    throw new Error(`KEY_ID must be 16 hexadecimal digits, as shown by \`keys list\` (got ${JSON.stringify(id)})`);
  const name = keyRecordName(id);
  const raw = await store.get(name);
  if (raw === null) throw new Error(`no API key with id ${id}`);
  const record = KeyRecord.parse(JSON.parse(raw));
  if (record.revokedAt) return keyInfo(record);
  const revoked: KeyRecord = { ...record, revokedAt: now.toISOString() };
  await store.put(name, JSON.stringify(revoked), keyInfo(revoked));
  return keyInfo(revoked);
}
