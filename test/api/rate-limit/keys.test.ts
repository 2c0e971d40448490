// The API key format and its hashing: generation, parsing, SHA-256 hex and constant-time comparison.
import { describe, expect, it } from "vitest";
import { generateKey, parseKey } from "../../../src/api/keys/format.js";
import { sha256Hex, timingSafeEqual } from "../../../src/api/keys/hash.js";
import { KeyRecord, keyInfo, keyRecordName } from "../../../src/api/keys/record.js";
import { createKeyVerifier } from "../../../src/api/keys/verify.js";
import { memoryKV } from "../../support/memory-kv.js";

const counting = () => {
  let n = 0;
  return (length: number) => Uint8Array.from({ length }, () => n++ & 0xff);
};

async function storeKey(kv: ReturnType<typeof memoryKV>, tier: "authenticated" | "premium", extra: Partial<KeyRecord> = {}) {
  const { id, key } = generateKey();
  const record: KeyRecord = KeyRecord.parse({
    id,
    tier,
    label: "test",
    createdAt: "2026-01-01T00:00:00.000Z",
    hash: await sha256Hex(key),
    ...extra,
  });
  await kv.put(keyRecordName(id), JSON.stringify(record));
  return { id, key, record };
}

describe("key format", () => {
  it("generates keys that parse back to their id, from the randomness given", () => {
    const { id, key } = generateKey(counting());
    expect(id).toBe("0001020304050607");
    expect(key).toMatch(/^skd_0001020304050607_[A-Za-z0-9_-]{43}$/);
    expect(parseKey(key)).toEqual({ id });
  });
  it("never repeats with real randomness", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateKey().key));
    expect(keys.size).toBe(200);
  });
  it.each([
    "",
    "skd_",
    "skd_0001020304050607",
    `sk_0001020304050607_${"a".repeat(43)}`,
    `skd_000102030405060G_${"a".repeat(43)}`,
    `skd_0001020304050607_${"a".repeat(42)}`,
    `skd_0001020304050607_${"a".repeat(43)} `,
  ])("rejects %j", (text) => expect(parseKey(text)).toBeNull());
});

describe("hashing", () => {
  it("is SHA-256 in hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
  it("compares equal and unequal strings, whatever the length", () => {
    expect(timingSafeEqual("abcdef", "abcdef")).toBe(true);
    expect(timingSafeEqual("abcdef", "abcdeg")).toBe(false);
    expect(timingSafeEqual("abcdef", "bbcdef")).toBe(false);
    expect(timingSafeEqual("abc", "abcdef")).toBe(false);
    expect(timingSafeEqual("", "")).toBe(true);
  });
  it("keeps the hash out of the public key info", async () => {
    const { record } = await storeKey(memoryKV(), "premium");
    expect(keyInfo(record)).not.toHaveProperty("hash");
    expect(keyInfo(record).tier).toBe("premium");
  });
});

describe("key verification", () => {
  it("accepts a stored key and reports its record", async () => {
    const kv = memoryKV();
    const { key, record } = await storeKey(kv, "premium");
    expect(await createKeyVerifier().verify(kv, key)).toEqual({ status: "valid", record, stale: false });
  });
  it("rejects malformed, unknown, wrong-secret and revoked keys with a reason", async () => {
    const kv = memoryKV();
    const verifier = createKeyVerifier({ log: () => {} });
    const { key: revoked } = await storeKey(kv, "authenticated", { revokedAt: "2026-01-02T00:00:00.000Z" });
    const { key: valid } = await storeKey(kv, "authenticated");
    const wrongSecret = valid.slice(0, -1) + (valid.endsWith("A") ? "B" : "A");
    const unknown = generateKey().key;
    for (const [key, reason] of [
      ["nope", /malformed/],
      [unknown, /unknown/],
      [wrongSecret, /unknown/],
      [revoked, /revoked/],
    ] as const) {
      const check = await verifier.verify(kv, key);
      expect(check.status).toBe("invalid");
      if (check.status === "invalid") expect(check.reason).toMatch(reason);
    }
  });
  it("rejects a key whose KV record is corrupt, without throwing", async () => {
    const kv = memoryKV();
    const { id, key } = generateKey();
    await kv.put(keyRecordName(id), "{not json");
    expect((await createKeyVerifier({ log: () => {} }).verify(kv, key)).status).toBe("invalid");
  });
  it("falls back to the last good record only while KV fails", async () => {
    const kv = memoryKV();
    const verifier = createKeyVerifier({ log: () => {} });
    const { key, id, record } = await storeKey(kv, "premium");
    const other = await storeKey(kv, "premium");
    await verifier.verify(kv, key);
    kv.failing = true;
    expect(await verifier.verify(kv, key)).toEqual({ status: "valid", record, stale: true });
    expect((await verifier.verify(kv, other.key)).status).toBe("unavailable");
    expect((await verifier.verify(kv, key.slice(0, -1) + (key.endsWith("A") ? "B" : "A"))).status).toBe("invalid");
    kv.failing = false;
    await kv.put(keyRecordName(id), JSON.stringify({ ...record, revokedAt: "2026-01-03T00:00:00.000Z" }));
    expect((await verifier.verify(kv, key)).status).toBe("invalid");
    kv.failing = true;
    expect((await verifier.verify(kv, key)).status).toBe("unavailable");
  });
});
