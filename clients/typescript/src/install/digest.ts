// SHA-256 of bytes as lower-case hex, the digest the API lists for every file and the lock records.
import { createHash } from "node:crypto";

export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

export const isSha256 = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
