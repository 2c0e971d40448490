// Checking a presented API key against its KV record. A malformed, unknown or revoked key is
// rejected with a reason (the caller answers 401); a KV failure is reported separately so the
// request can still be served. The last good record of each recently seen key is kept so that a
// brief KV outage does not demote paying callers; it is never used while KV answers, so revocation
// is not delayed by it.
import type { KVNamespaceLike } from "../env.js";
import { parseKey } from "./format.js";
import { sha256Hex, timingSafeEqual } from "./hash.js";
import { KeyRecord, keyRecordName } from "./record.js";

export type KeyCheck =
  | { status: "valid"; record: KeyRecord; stale: boolean }
  | { status: "invalid"; reason: string; revoked?: true }
  | { status: "unavailable"; error: unknown };

export interface KeyVerifier {
  verify(kv: KVNamespaceLike | undefined, presented: string): Promise<KeyCheck>;
}

export function createKeyVerifier(options: { lastGoodMax?: number; log?: (message: string) => void } = {}): KeyVerifier {
  const lastGoodMax = options.lastGoodMax ?? 1000;
  const log = options.log ?? ((message: string) => console.warn(message));
  const lastGood = new Map<string, KeyRecord>();

  const remember = (record: KeyRecord) => {
    lastGood.delete(record.id);
    lastGood.set(record.id, record);
    if (lastGood.size > lastGoodMax) {
      const oldest = lastGood.keys().next();
      if (!oldest.done) lastGood.delete(oldest.value);
    }
  };

  const judge = (record: KeyRecord, hash: string, stale: boolean): KeyCheck => {
    if (!timingSafeEqual(record.hash, hash)) return { status: "invalid", reason: "unknown API key" };
    if (record.revokedAt) return { status: "invalid", reason: `API key ${record.id} was revoked on ${record.revokedAt}`, revoked: true };
    return { status: "valid", record, stale };
  };

  return {
    async verify(kv, presented) {
      const parsed = parseKey(presented);
      if (!parsed) return { status: "invalid", reason: "malformed API key: expected `Authorization: Bearer skd_<id>_<secret>`" };
      const hash = await sha256Hex(presented);
      let raw: string | null;
      try {
        if (!kv) throw new Error("the KV binding is missing");
        raw = await kv.get(keyRecordName(parsed.id));
      } catch (error) {
        const cached = lastGood.get(parsed.id);
        log(`rate-limit: API key lookup failed (${String(error)}); ${cached ? "using the last good record" : "serving as anonymous"}`);
        return cached ? judge(cached, hash, true) : { status: "unavailable", error };
      }
      if (raw === null) {
        lastGood.delete(parsed.id);
        return { status: "invalid", reason: "unknown API key" };
      }
      const record = parseRecord(raw);
      if (!record) {
        log(`rate-limit: the KV record of API key ${parsed.id} is not a valid key record; rejecting the key`);
        return { status: "invalid", reason: "unknown API key" };
      }
      const check = judge(record, hash, false);
      // What KV says about the key changes what is remembered; a wrong secret says nothing about
      // the key, so it never touches the record kept for the key's real holder.
      if (check.status === "valid") remember(record);
      else if (record.revokedAt) lastGood.delete(parsed.id);
      return check;
    },
  };
}

function parseRecord(raw: string): KeyRecord | null {
  try {
    const result = KeyRecord.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
