// The API key format: `skd_<id>_<secret>`. The id (16 hex digits) names the key in KV, in logs and in
// `keys revoke`; the secret (32 random bytes, base64url) is what makes the key unguessable. The
// prefix lets secret scanners and humans recognise a leaked key.
import { toHex } from "./hash.js";
export const KEY_PREFIX = "skd_";
const KEY_PATTERN = /^skd_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
export const KEY_ID_PATTERN = /^[0-9a-f]{16}$/;

/** Source of randomness, passed in so that generation is testable (crypto.getRandomValues in production). */
export type RandomBytes = (length: number) => Uint8Array;

export const secureRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export interface GeneratedKey {
  id: string;
  key: string;
}

export function generateKey(randomBytes: RandomBytes = secureRandomBytes): GeneratedKey {
  const id = toHex(randomBytes(8));
  return { id, key: `${KEY_PREFIX}${id}_${base64url(randomBytes(32))}` };
}

/** The id of a well-formed key, or null when the text is not a key of this format. */
export function parseKey(text: string): { id: string } | null {
  const match = KEY_PATTERN.exec(text);
  return match?.[1] ? { id: match[1] } : null;
}
