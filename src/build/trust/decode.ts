// Decoding what is hidden on a line, so the same rules can read it: base64 (UTF-8 or UTF-16LE, as
// PowerShell's -EncodedCommand), base85 and Ascii85, hex, \x \u \u{} and octal escapes, %-encoding, HTML
// character references, character codes (String.fromCharCode, chr()), glued string literals ("cu"+"rl",
// ["cu","rl"].join("")), reversed strings, zero-width characters (stripped, or read as bits) and Unicode tag
// characters (each carries one ASCII character). Every decoder is linear and bounded by a shared budget; the
// engine decodes what it decoded again, to a fixed depth.

import { DECODABLE, MARK } from "./prefilter.js";

export interface Decoded {
  text: string;
  /** What decoded it, for the finding's explanation. */
  via: string;
  /** Raw index in the line where the encoded text starts. */
  at: number;
}

/** Decoded characters still allowed for one file; every decoder stops when it runs out. */
export interface Budget {
  chars: number;
}

const BLOB_MAX = 64 * 1024;
/** The longest stretch of one line the whole-line decoders rewrite. */
const WINDOW = 16 * 1024;
const MIN_DECODED = 6;
const REWRITE_BITS = MARK.escapes | MARK.percent | MARK.entities | MARK.charCodes | MARK.glue | MARK.reversed | MARK.zeroWidth;

/** Decoders that rewrite a whole line; each is applied at most once along a chain of decodings. */
const LINE_DECODERS = new Set([
  "escape sequences",
  "percent-encoding",
  "HTML character references",
  "split strings",
  "concatenated strings",
  "invisible characters",
]);

/** Decoders in the order they run, each with the MARK bits (src/build/trust/prefilter.ts) that call for it. */
const BLOB_DECODERS: [Decoder, number][] = [
  [base64Blobs, MARK.blob],
  [hexBlobs, MARK.blob | MARK.hexBytes],
  [base85Blobs, MARK.base85],
  [tags, MARK.tags],
];
const LINE_REWRITES: [Decoder, number][] = [
  [escapes, MARK.escapes],
  [percent, MARK.percent],
  [entities, MARK.entities],
  [charCodes, MARK.charCodes],
  [glued, MARK.glue],
  [reversed, MARK.reversed],
  [invisible, MARK.zeroWidth],
];

/**
 * `applied`: the decoders already along this chain (a whole-line rewrite is not repeated). `marks`: the
 * line's MARK bits from the prefilter; a decoder whose bits are absent has nothing to read and is skipped.
 */
export function decodeLine(line: string, budget: Budget, applied: readonly string[] = [], marks = DECODABLE): Decoded[] {
  const out: Decoded[] = [];
  const push = (text: string | undefined, via: string, at: number) => {
    if (text === undefined || text.length < MIN_DECODED || budget.chars <= 0 || text === line) return budget.chars > 0;
    if (LINE_DECODERS.has(via) && applied.includes(via)) return true;
    const t = text.length > budget.chars ? text.slice(0, budget.chars) : text;
    budget.chars -= t.length;
    out.push({ text: t, via, at });
    return budget.chars > 0;
  };
  for (const [d, bits] of BLOB_DECODERS) {
    if (budget.chars <= 0) break;
    if (marks & bits) d(line, push);
  }
  if (!(marks & REWRITE_BITS)) return out;
  // Whole-line rewrites read a bounded window of a long line, starting a little before what they decode.
  const window =
    line.length <= WINDOW ? line : line.slice(Math.max(0, line.search(/[\\%&"'`\u200B-\u200D\u2060\uFEFF\u00AD]/) - 256)).slice(0, WINDOW);
  for (const [d, bits] of LINE_REWRITES) {
    if (budget.chars <= 0) break;
    if (marks & bits) d(window, push);
  }
  return out;
}

type Decoder = (line: string, push: Push) => void;
/** Hands over a decoded text; false once the file's budget is spent, and the decoder stops there. */
type Push = (text: string | undefined, via: string, at: number) => boolean;

/** Mostly printable text (at least 90%, letters among it): what a decoded command or prose looks like. */
export function looksLikeText(s: string): boolean {
  if (s.length < MIN_DECODED) return false;
  let printable = 0;
  let letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 9 || c === 10 || c === 13 || (c >= 0xa0 && c !== 0xfffd)) printable++;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
  }
  return printable >= s.length * 0.9 && letters >= Math.min(4, s.length / 4);
}

const utf8 = new TextDecoder("utf-8");
const utf16 = new TextDecoder("utf-16le");

/** Bytes to text: UTF-16LE when every other byte is zero (PowerShell), UTF-8 otherwise. */
function bytesToText(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 8) {
    let zeros = 0;
    for (let i = 1; i < bytes.length; i += 2) if (bytes[i] === 0) zeros++;
    if (zeros >= (bytes.length / 2) * 0.8) {
      const t = utf16.decode(bytes.length % 2 ? bytes.subarray(0, bytes.length - 1) : bytes);
      return looksLikeText(t) ? t : undefined;
    }
  }
  const t = utf8.decode(bytes);
  return looksLikeText(t) ? t : undefined;
}

const B64 = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i;
B64[45] = 62; // '-' (URL-safe alphabet)
B64[95] = 63; // '_'

export function decodeBase64(s: string): Uint8Array {
  const clean = s.replace(/=+$/, "");
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (let i = 0; i < clean.length; i++) {
    const v = B64[clean.charCodeAt(i)] ?? -1;
    if (v < 0) break;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (acc >> bits) & 0xff;
    }
  }
  return bytes.subarray(0, n);
}

function base64Blobs(line: string, push: Push): void {
  for (const m of line.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
    const blob = m[0].length > BLOB_MAX ? m[0].slice(0, BLOB_MAX) : m[0];
    // Words, identifiers and paths are not base64 worth reading: base64 of text mixes cases with digits.
    if (!/[a-z]/.test(blob) || !/[A-Z]/.test(blob) || !(/[0-9+=]/.test(blob) || (blob.length >= 40 && !blob.includes("/")))) continue;
    if (/^[0-9a-fA-F]+$/.test(blob)) continue; // hex, read by hexBlobs
    if (!push(bytesToText(decodeBase64(blob.length % 4 === 1 ? blob.slice(0, -1) : blob)), "base64", m.index)) return;
  }
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function hexBlobs(line: string, push: Push): void {
  for (const m of line.matchAll(/\b[0-9a-fA-F]{16,}\b/g)) {
    const hex = m[0].slice(0, BLOB_MAX & ~1);
    if (!push(bytesToText(hexBytes(hex.length % 2 ? hex.slice(0, -1) : hex)), "hex", m.index)) return;
  }
  // 0x63, 0x75, 0x72, 0x6c: byte arrays written in source.
  for (const m of line.matchAll(/(?:0x[0-9a-fA-F]{2}\s{0,2},\s{0,2}){4,4096}0x[0-9a-fA-F]{2}/g)) {
    const hex = m[0].replace(/0x|[\s,]/g, "");
    if (!push(bytesToText(hexBytes(hex)), "hex bytes", m.index)) return;
  }
}

function escapes(line: string, push: Push): void {
  const re = /\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,6}\}|\\[0-3][0-7]{2}/g;
  const first = line.search(re);
  if (first === -1) return;
  let count = 0;
  // \x escapes are bytes (UTF-8 sequences in shell $'…' and Python b'…'); \u escapes are code points.
  const text = line.replace(re, (e) => {
    count++;
    if (e[1] === "x") return String.fromCharCode(Number.parseInt(e.slice(2), 16));
    if (e[1] === "u") return String.fromCodePoint(Math.min(0x10ffff, Number.parseInt(e.replace(/[\\u{}]/g, ""), 16)));
    return String.fromCharCode(Number.parseInt(e.slice(1), 8));
  });
  if (count >= 3) push(text, "escape sequences", first);
}

function percent(line: string, push: Push): void {
  const first = line.search(/%[0-9a-fA-F]{2}/);
  if (first === -1 || (line.match(/%[0-9a-fA-F]{2}/g) ?? []).length < 4) return;
  // Each run of %XX is a run of UTF-8 bytes.
  const text = line.replace(/(?:%[0-9a-fA-F]{2}){1,65536}/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return utf8.decode(bytes);
  });
  push(text, "percent-encoding", first);
}

function entities(line: string, push: Push): void {
  const re = /&#(?:x[0-9a-fA-F]{1,6}|\d{1,7});/g;
  const first = line.search(re);
  if (first === -1 || (line.match(re) ?? []).length < 3) return;
  push(
    line.replace(re, (e) => {
      const n = e[2] === "x" ? Number.parseInt(e.slice(3, -1), 16) : Number.parseInt(e.slice(2, -1), 10);
      return String.fromCodePoint(Math.min(n, 0x10ffff));
    }),
    "HTML character references",
    first,
  );
}

function charCodes(line: string, push: Push): void {
  for (const m of line.matchAll(/fromCharCode\(\s{0,4}((?:\d{1,7}\s{0,4},\s{0,4}){2,4096}\d{1,7})\s{0,4}\)/g)) {
    if (!push(String.fromCodePoint(...m[1]!.split(",").map((n) => Math.min(Number(n.trim()), 0x10ffff))), "character codes", m.index))
      return;
  }
  const chr = line.match(/\bchr\(\s{0,2}\d{1,7}\s{0,2}\)/g);
  if (chr && chr.length >= 3) {
    const text = chr.map((c) => String.fromCodePoint(Math.min(Number(c.replace(/\D/g, "")), 0x10ffff))).join("");
    push(text, "character codes", line.indexOf("chr("));
  }
}

/** The contents of a line's string literals, in order, with where each starts. */
export function stringLiterals(line: string, max = 512): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  for (let i = 0; i < line.length && out.length < max; i++) {
    const q = line[i];
    if (q !== '"' && q !== "'" && q !== "`") continue;
    let j = i + 1;
    let text = "";
    for (; j < line.length && line[j] !== q; j++) {
      if (line[j] === "\\" && j + 1 < line.length) {
        text += line[j]! + line[j + 1]!;
        j++;
      } else text += line[j];
    }
    if (j >= line.length) break;
    out.push({ text, at: i });
    i = j;
  }
  return out;
}

/** "cu"+"rl", 'cu' 'rl', ["cu","rl"].join(""), c""url, c''url: the pieces glued back together. */
function glued(line: string, push: Push): void {
  const shellEmpty = /[A-Za-z0-9](?:""|'')[A-Za-z0-9]/;
  if (shellEmpty.test(line)) push(line.replace(/([A-Za-z0-9])(?:""|'')(?=[A-Za-z0-9])/g, "$1"), "split strings", line.search(shellEmpty));
  if (!/["'`]\s{0,8}(?:\+|\.\.)\s{0,8}["'`]|\]\s{0,4}\.join\(|\bjoin\(\s{0,4}\[|concat\(/.test(line)) return;
  const lits = stringLiterals(line);
  if (lits.length < 2) return;
  push(lits.map((l) => l.text).join(""), "concatenated strings", lits[0]!.at);
}

function reversed(line: string, push: Push): void {
  if (!/\[::-1\]|\.reverse\(\)|\|\s{0,4}rev\b|strrev\(/.test(line)) return;
  for (const l of stringLiterals(line)) {
    if (l.text.length >= MIN_DECODED && !push([...l.text].reverse().join(""), "reversed string", l.at)) return;
  }
}

const B85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";
const B85_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B85.length; i++) B85_INDEX[B85.charCodeAt(i)] = i;

/** Base85 groups (RFC 1924 alphabet, as Python's b85encode, or Ascii85's '!'..'u' with 'z') to bytes. */
export function decodeBase85(s: string, ascii85: boolean): Uint8Array | undefined {
  const bytes: number[] = [];
  let group: number[] = [];
  const flush = (final: boolean) => {
    const pad = 5 - group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    if (v > 0xffffffff) return false;
    const b = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    bytes.push(...(final ? b.slice(0, 4 - pad) : b));
    group = [];
    return true;
  };
  for (const ch of s.slice(0, BLOB_MAX)) {
    if (/\s/.test(ch)) continue;
    if (ascii85 && ch === "z" && group.length === 0) {
      bytes.push(0, 0, 0, 0);
      continue;
    }
    const code = ch.charCodeAt(0);
    const d = ascii85 ? (code >= 33 && code <= 117 ? code - 33 : -1) : (B85_INDEX[code] ?? -1);
    if (d < 0) return undefined;
    group.push(d);
    if (group.length === 5 && !flush(false)) return undefined;
  }
  if (group.length === 1) return undefined;
  if (group.length > 0 && !flush(true)) return undefined;
  return new Uint8Array(bytes);
}

function base85Blobs(line: string, push: Push): void {
  for (const m of line.matchAll(/<~([^~]{5,65536})~>/g)) {
    const b = decodeBase85(m[1]!, true);
    if (b && !push(bytesToText(b), "Ascii85", m.index)) return;
  }
  if (!/b85decode|a85decode|base85|ascii85|z85/i.test(line)) return;
  for (const l of stringLiterals(line)) {
    if (l.text.length < 10) continue;
    for (const ascii85 of [false, true]) {
      const b = decodeBase85(l.text, ascii85);
      const t = b && bytesToText(b);
      if (t) {
        push(t, ascii85 ? "Ascii85" : "base85", l.at);
        break;
      }
    }
  }
}

/** Zero-width and other invisible format characters (not Unicode tags, read by `tags`). */
export const ZERO_WIDTH = /[\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u180E]/g;

function invisible(line: string, push: Push): void {
  const first = line.search(ZERO_WIDTH);
  if (first === -1) return;
  // Read with the invisible characters removed: "ig\u200Bnore" is "ignore" to a model.
  push(line.replace(ZERO_WIDTH, ""), "invisible characters", first);
  // Or as bits: runs of two zero-width characters standing for 0 and 1 carry text.
  for (const m of line.matchAll(/(?:\u200B|\u200C|\u200D|\u2060){16,65536}/g)) {
    const run = m[0];
    const symbols = distinctUnits(run, 3);
    if (symbols.length !== 2) continue;
    for (const zero of symbols) {
      const text = bitsText(run, zero);
      if (looksLikeText(text)) {
        if (!push(text, "zero-width characters read as bits", m.index)) return;
        break;
      }
    }
  }
}

/** The distinct UTF-16 code units of `s` in order of first appearance, stopping once there are `max`. */
function distinctUnits(s: string, max: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length && out.length < max; i++) {
    const c = s.charCodeAt(i);
    if (!out.includes(c)) out.push(c);
  }
  return out;
}

/** Eight characters a byte, most significant first: `zero` stands for 0, anything else for 1. */
function bitsText(run: string, zero: number): string {
  const codes = new Uint16Array(run.length >> 3);
  for (let i = 0; i < codes.length; i++) {
    let v = 0;
    for (let b = 0; b < 8; b++) v = (v << 1) | (run.charCodeAt(i * 8 + b) === zero ? 0 : 1);
    codes[i] = v;
  }
  return utf16.decode(codes);
}

/** The ASCII hidden in Unicode tag characters (U+E0000 to U+E007F, each one hidden ASCII character), by
 * run, leaving out emoji flag sequences (🏴 + a region code + the cancel tag). A loop over surrogate pairs:
 * a Unicode-mode regular expression with an astral range is too slow on long lines. */
export function hiddenTagText(line: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  for (let i = line.indexOf("\uDB40"); i !== -1 && i < line.length; i = line.indexOf("\uDB40", i)) {
    const start = i;
    const chars: number[] = [];
    while (i + 1 < line.length && line.charCodeAt(i) === 0xdb40) {
      const lo = line.charCodeAt(i + 1);
      if (lo < 0xdc00 || lo > 0xdc7f) break;
      chars.push(lo - 0xdc00);
      i += 2;
    }
    if (chars.length === 0) {
      i++;
      continue;
    }
    const flag = line.codePointAt(Math.max(0, start - 2)) === 0x1f3f4 && chars.length <= 8 && chars[chars.length - 1] === 0x7f;
    if (!flag) {
      let text = "";
      for (const c of chars) if ((c >= 0x20 && c < 0x7f) || c === 10) text += String.fromCharCode(c);
      out.push({ text, at: start });
    }
  }
  return out;
}

function tags(line: string, push: Push): void {
  for (const t of hiddenTagText(line)) if (!push(t.text, "Unicode tag characters", t.at)) return;
}
