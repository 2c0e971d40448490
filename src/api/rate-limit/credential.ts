// What the Authorization header claims. No header means anonymous; anything else must be exactly
// `Bearer <token>`, and a header that is not is an invalid key (401), never silently anonymous.
export type Credential = { kind: "none" } | { kind: "bearer"; token: string } | { kind: "malformed"; reason: string };

export function readCredential(header: string | null): Credential {
  if (header === null) return { kind: "none" };
  // Cloudflare hands an empty header to the function as "" (local `wrangler pages dev` drops it).
  if (header.trim() === "")
    return { kind: "malformed", reason: "invalid Authorization header: it is empty; send `Bearer <API key>` or no header" };
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match?.[1]) return { kind: "malformed", reason: "invalid Authorization header: it must be `Bearer <API key>`" };
  return { kind: "bearer", token: match[1] };
}
