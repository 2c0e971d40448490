// Where a windowed pattern can match, found in linear time. A rule such as `curl[^\n]{0,300}?\s-d` costs a
// regular expression engine up to 300 steps after every `curl` that has no `-d` after it: a line made of
// nothing but `curl ` costs 300 steps a key. Here each piece of such a pattern (the key, the tail) is found
// once over the whole text, the positions where the whole chain can hold are worked out backwards from
// the tails, and the rule's own pattern is then tried only at those positions (anchored there, so each try
// is one window). The candidates are a superset of the real match starts, so the first anchored success is
// exactly what the rule's pattern alone would have found first.

import { requiredWords } from "./literals.js";

/** One alternative of a rule's pattern, as pieces with bounded gaps between them. */
export interface Chain {
  /**
   * Each piece: its pattern (global), the longest text it can match, and `lead`: how far before where its
   * pattern is found the piece may really start (a pattern found by its rarest character, such as an address
   * by its "@"; 0 for most).
   */
  readonly pieces: readonly { readonly re: RegExp; readonly max: number; readonly lead: number }[];
  /**
   * Lowercase words, one of which some piece's every match holds (literals.ts), per piece that has them: a
   * text whose lowercase form lacks all of one piece's words has no match of the chain.
   */
  readonly words: readonly (readonly string[])[];
  /** Most characters between piece i and piece i + 1 (gaps[i]). */
  readonly gaps: readonly number[];
  /** Characters gap i never holds (a line break, a pipe…): stops[i]. */
  readonly stops: readonly string[];
}

/**
 * A chain from sources: `chain("i", "\n", ["\\bcurl\\b", 4], 300, ["\\s-d\\b", 3])`. A piece's max is the
 * longest text it matches; a one-piece chain is an alternative without a long gap.
 */
export function chain(
  flags: string,
  stops: string | readonly string[],
  ...parts: (readonly [string, number] | readonly [string, number, number] | number)[]
): Chain {
  const pieces: { re: RegExp; max: number; lead: number }[] = [];
  const gaps: number[] = [];
  for (const p of parts) {
    if (typeof p === "number") gaps.push(p);
    else pieces.push({ re: new RegExp(p[0], `${flags.replace("g", "")}g`), max: p[1], lead: p[2] ?? 0 });
  }
  if (gaps.length !== pieces.length - 1) throw new Error("a chain alternates pieces and gaps");
  const perGap = typeof stops === "string" ? gaps.map(() => stops) : stops;
  if (perGap.length !== gaps.length) throw new Error("a chain gives stop characters for each gap");
  const words: (readonly string[])[] = [];
  for (const p of pieces) {
    const w = requiredWords(p.re.source, p.re.flags);
    if (w) words.push(w);
  }
  return { pieces, gaps, stops: perGap, words };
}

/** Texts shorter than this are matched directly: a window scan over them costs less than finding the pieces. */
export const DIRECT_MAX = 128;

const sticky = new WeakMap<RegExp, RegExp>();

/** Candidate starts are worked out a chunk of the text at a time: a match near the start costs one chunk. */
export const CHUNK = 4096;
/** Characters of context kept before a chunk (lookbehinds and \b) and after its reach (lookaheads). */
const MARGIN = 64;

/**
 * `re.exec(text)`, with the match tried only where one of `chains` (every alternative of `re`, each a superset
 * of it) can hold. Same result as `re.exec(text)`; linear in the text.
 */
export function firstMatch(re: RegExp, chains: readonly Chain[], text: string, chunk = CHUNK): RegExpExecArray | null {
  if (text.length <= DIRECT_MAX) return re.exec(text);
  let anchored = sticky.get(re);
  if (!anchored) {
    anchored = new RegExp(re.source, `${re.flags.replace(/[gy]/g, "")}y`);
    sticky.set(re, anchored);
  }
  const live = liveChains(chains, text);
  if (live.length === 0) return null;
  const reach = live === chains ? reachOf(chains) : spanOf(live);
  for (let from = 0; from < text.length; from += chunk) {
    // The chunk's candidates need every piece a chain starting in it can reach, and some context either side.
    const sliceStart = Math.max(0, from - MARGIN);
    const sliceEnd = Math.min(text.length, from + chunk + reach + MARGIN);
    const part = sliceStart === 0 && sliceEnd === text.length ? text : text.slice(sliceStart, sliceEnd);
    const starts = candidates(live, part);
    // The slice that reaches the end of the text holds the candidates of every chunk left.
    const final = sliceEnd === text.length;
    const upTo = final ? text.length : from + chunk;
    let last = -1;
    for (let i = 0; i < starts.length; i++) {
      const s = starts[i]! + sliceStart;
      if (s === last || s < from || s >= upTo) continue;
      last = s;
      anchored.lastIndex = s;
      const m = anchored.exec(text);
      if (m) return m;
    }
    if (final) break;
  }
  return null;
}

/** The last text lowercased, and its lowercase form: the chained rules a line calls for all read the same one. */
let lastText = "";
let lastLower = "";

/**
 * The chains that can match somewhere in `text`: those with a piece none of whose words the text holds
 * cannot (their candidates would be none). `chains` itself when all can, so its reach stays cached.
 */
function liveChains(chains: readonly Chain[], text: string): readonly Chain[] {
  let live: Chain[] | undefined;
  for (let c = 0; c < chains.length; c++) {
    const chain = chains[c]!;
    if (chain.words.length > 0 && !holdsWords(chain.words, text)) live ??= chains.slice(0, c);
    else live?.push(chain);
  }
  return live ?? chains;
}

/** Whether the lowercase form of `text` holds one of each list's words. */
function holdsWords(lists: readonly (readonly string[])[], text: string): boolean {
  if (text !== lastText) {
    // Case folding of the patterns (flag i without u) maps no other character onto an ASCII letter, and an
    // ASCII run of the text stays one run in its lowercase form: a word the pattern matches is found here.
    lastLower = text.toLowerCase();
    lastText = text;
  }
  for (const words of lists) {
    let found = false;
    for (let w = 0; w < words.length && !found; w++) found = lastLower.includes(words[w]!);
    if (!found) return false;
  }
  return true;
}

const reaches = new WeakMap<readonly Chain[], number>();

/** The longest text any chain can span: its pieces, its gaps and how far back a piece may lead. */
function reachOf(chains: readonly Chain[]): number {
  let r = reaches.get(chains);
  if (r === undefined) {
    r = spanOf(chains);
    reaches.set(chains, r);
  }
  return r;
}

function spanOf(chains: readonly Chain[]): number {
  let r = 0;
  for (const c of chains) {
    let span = 0;
    for (const p of c.pieces) span += p.max + p.lead;
    for (const g of c.gaps) span += g;
    r = Math.max(r, span);
  }
  return r;
}

/** Every chain's possible starts in `text`, ascending (repeats possible). */
function candidates(chains: readonly Chain[], text: string): Int32Array {
  const lists: Int32Array[] = [];
  let total = 0;
  for (const c of chains) {
    const starts = chainStarts(c, text);
    if (starts.length > 0) {
      lists.push(starts);
      total += starts.length;
    }
  }
  if (lists.length <= 1) return lists[0] ?? new Int32Array(0);
  const all = new Int32Array(total);
  let at = 0;
  for (const l of lists) {
    all.set(l, at);
    at += l.length;
  }
  return all.sort();
}

/** Every position where a piece's pattern matches (overlapping matches included), ascending. */
function pieceStarts(re: RegExp, text: string): Int32Array {
  let out = new Int32Array(16);
  let n = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (n === out.length) {
      const grown = new Int32Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = m.index;
    re.lastIndex = m.index + 1;
  }
  return out.subarray(0, n);
}

/** Starts of the chain's first piece from which every later piece can follow within its gap. */
function chainStarts(c: Chain, text: string): Int32Array {
  const k = c.pieces.length;
  let valid = pieceStarts(c.pieces[k - 1]!.re, text);
  if (valid.length === 0 || k === 1) return valid;
  for (let i = k - 2; i >= 0; i--) {
    // Found only when a gap is checked for them: most texts never need them.
    let stops: Int32Array | undefined;
    const { re, max } = c.pieces[i]!;
    const gap = c.gaps[i]!;
    const lead = c.pieces[i + 1]!.lead;
    const starts = pieceStarts(re, text);
    let n = 0;
    for (let j = 0; j < starts.length; j++) {
      const s = starts[j]!;
      // The next piece starts after this one begins and no later than its longest match plus the gap,
      // with no stop character between the end of that longest match and it.
      // (The next piece found `lead` characters into itself may really start up to that much earlier.)
      const v = valid[lowerBound(valid, s + 1)];
      if (v === undefined || v - lead > s + max + gap) continue;
      if (v - lead > s + max && firstAtOrAfter((stops ??= stopPositions(text, c.stops[i]!)), s + max) < v - lead) continue;
      starts[n++] = s;
    }
    valid = starts.subarray(0, n);
    if (n === 0) break;
  }
  return valid;
}

/** Positions of the stop characters, ascending. */
function stopPositions(text: string, stops: string): Int32Array {
  let out = new Int32Array(16);
  let n = 0;
  for (const stop of stops) {
    for (let i = text.indexOf(stop); i !== -1; i = text.indexOf(stop, i + 1)) {
      if (n === out.length) {
        const grown = new Int32Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[n++] = i;
    }
  }
  const found = out.subarray(0, n);
  if (stops.length > 1) found.sort();
  return found;
}

/** The first value at or after `x` in an ascending array, or Infinity. */
function firstAtOrAfter(a: Int32Array, x: number): number {
  const i = lowerBound(a, x);
  return i < a.length ? a[i]! : Number.POSITIVE_INFINITY;
}

/** Index of the first element >= x in an ascending array. */
function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
