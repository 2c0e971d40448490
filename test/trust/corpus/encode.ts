// Encoders for writing the development corpus's hidden payloads (all inert: documentation addresses).
const B85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

export const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
export const b64utf16 = (s: string) => Buffer.from(s, "utf16le").toString("base64");
export const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
export const xEscapes = (s: string) => [...Buffer.from(s, "utf8")].map((b) => `\\x${b.toString(16).padStart(2, "0")}`).join("");
export const percent = (s: string) => [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
export const charCodes = (s: string) => [...s].map((c) => c.codePointAt(0)).join(",");
/** Unicode tag characters: each ASCII character moved to U+E0000 + its code. */
export const tags = (s: string) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
/** Zero-width bits: U+200B for 0, U+200C for 1, eight per character. */
export const zeroWidthBits = (s: string) =>
  [...Buffer.from(s, "utf8")]
    .map((b) => [...b.toString(2).padStart(8, "0")].map((bit) => (bit === "0" ? "\u200B" : "\u200C")).join(""))
    .join("");

/** Base85 with Python's b85encode alphabet (RFC 1924). */
export function b85(s: string): string {
  const bytes = Buffer.from(s, "utf8");
  const pad = (4 - (bytes.length % 4)) % 4;
  const padded = Buffer.concat([bytes, Buffer.alloc(pad)]);
  let out = "";
  for (let i = 0; i < padded.length; i += 4) {
    let v = padded.readUInt32BE(i);
    const chunk: string[] = [];
    for (let j = 0; j < 5; j++) {
      chunk.unshift(B85[v % 85]!);
      v = Math.floor(v / 85);
    }
    out += chunk.join("");
  }
  return pad ? out.slice(0, out.length - pad) : out;
}
