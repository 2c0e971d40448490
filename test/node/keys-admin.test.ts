// Key administration (create, list, revoke) over a key store: only hashes are stored, revoked keys stay listed.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/api/keys/hash.js";
import { KeyRecord, keyRecordName } from "../../src/api/keys/record.js";
import { createKeyVerifier } from "../../src/api/keys/verify.js";
import { createKey, type KeyStore, listKeys, revokeKey } from "../../src/node/keys/admin.js";
import { memoryKV } from "../support/memory-kv.js";

// Key administration over an in-memory store; the same operations run against wrangler's local KV
// through the keys script in limits.workerd.test.ts.
function memoryStore() {
  const kv = memoryKV();
  const metadata = new Map<string, unknown>();
  const store: KeyStore = {
    async put(name, value, meta) {
      await kv.put(name, value);
      metadata.set(name, meta);
    },
    get: (name) => kv.get(name),
    async list(prefix) {
      return [...kv.values.keys()]
        .filter((n) => n.startsWith(prefix))
        .sort()
        .map((name) => ({ name, metadata: metadata.get(name) }));
    },
  };
  return { kv, store };
}

describe("key administration", () => {
  it("stores only the hash of a new key, which then verifies", async () => {
    const { kv, store } = memoryStore();
    const { key, info } = await createKey(store, { tier: "premium", label: "  Acme CI  ", now: new Date("2026-02-03T04:05:06Z") });
    expect(info).toEqual({ id: key.slice(4, 20), tier: "premium", label: "Acme CI", createdAt: "2026-02-03T04:05:06.000Z" });
    const raw = kv.values.get(keyRecordName(info.id))!;
    expect(raw).not.toContain(key.slice(21));
    expect(KeyRecord.parse(JSON.parse(raw)).hash).toBe(await sha256Hex(key));
    expect((await createKeyVerifier().verify(kv, key)).status).toBe("valid");
  });

  it("refuses a bad tier or label", async () => {
    const { store } = memoryStore();
    const now = new Date();
    await expect(createKey(store, { tier: "anonymous", label: "x", now })).rejects.toThrow(/--tier must be one of: authenticated, premium/);
    await expect(createKey(store, { tier: "premium", label: "   ", now })).rejects.toThrow(/--label must not be empty/);
    await expect(createKey(store, { tier: "premium", label: "a\nb", now })).rejects.toThrow(/control characters/);
    await expect(createKey(store, { tier: "premium", label: "x".repeat(101), now })).rejects.toThrow(/at most 100/);
  });

  it("lists keys oldest first and revokes them once", async () => {
    const { kv, store } = memoryStore();
    const b = await createKey(store, { tier: "authenticated", label: "b", now: new Date("2026-01-02T00:00:00Z") });
    const a = await createKey(store, { tier: "premium", label: "a", now: new Date("2026-01-01T00:00:00Z") });
    expect((await listKeys(store)).keys.map((k) => k.label)).toEqual(["a", "b"]);
    const revoked = await revokeKey(store, b.info.id, new Date("2026-01-05T00:00:00Z"));
    expect(revoked.revokedAt).toBe("2026-01-05T00:00:00.000Z");
    expect((await revokeKey(store, b.info.id, new Date("2026-01-06T00:00:00Z"))).revokedAt).toBe("2026-01-05T00:00:00.000Z");
    expect((await listKeys(store)).keys.map((k) => [k.label, k.revokedAt ?? null])).toEqual([
      ["a", null],
      ["b", "2026-01-05T00:00:00.000Z"],
    ]);
    expect((await createKeyVerifier().verify(kv, b.key)).status).toBe("invalid");
    expect((await createKeyVerifier().verify(kv, a.key)).status).toBe("valid");
  });

  it("says which id is unknown or malformed, and reports records without key metadata", async () => {
    const { store } = memoryStore();
    await expect(revokeKey(store, "0123456789abcdef", new Date())).rejects.toThrow(/no API key with id 0123456789abcdef/);
    await expect(revokeKey(store, "xyz", new Date())).rejects.toThrow(/16 hexadecimal digits/);
    await store.put("key:junk", "{}", { nope: true });
    expect((await listKeys(store)).problems).toEqual(["key:junk: no valid key metadata"]);
  });
});
