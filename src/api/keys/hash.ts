// Hashing and comparing API keys. KV holds only the SHA-256 of a key, so a leaked namespace does
// not leak usable keys; comparison runs in time independent of where the hashes differ.

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/**
 * Constant-time equality of two strings: every character is visited whatever the first difference,
 * so the time taken says nothing about how much of a guess was right. Lengths are public (both are
 * SHA-256 hex digests in practice).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
