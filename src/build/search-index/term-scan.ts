// The index build's fast paths to a text's terms: the same terms, in the same order, as `terms()`
// of text.ts (property tests hold them equal), without a regex match object per word.
// `scanTerms` cuts plain ASCII words by a character scan and analyses them by a few string
// operations; any run holding a non-ASCII character goes through the full analyser, which alone
// knows scripts. `TermScanner`, the index build's bulk path, goes further: it turns a text straight
// into key ids, remembering every spelling it has analysed in an open-addressing table keyed by a
// hash of its characters computed during the scan, so a word seen before costs no string, no Map
// lookup and no analysis; CJK character pairs are remembered by their two code points.
import { FNV_OFFSET, fnvStep } from "../../contract/fnv.js";
import { CJK, fold, MAX_TERM_LENGTH, STOP_WORDS, stem, tokenize, WORD_CHAR } from "../../search/text.js";

/** The term of a plain ASCII word ("" for a stop word), as the analyser makes it. */
export function asciiTerm(word: string): string {
  const term = stem(word.toLowerCase()).slice(0, MAX_TERM_LENGTH);
  return STOP_WORDS.has(term) ? "" : term;
}

/** ASCII letters and digits: the ASCII part of the analyser's word characters (\p{L}\p{N}\p{M}). */
const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Cuts `text` into plain ASCII words (`ascii`) and runs holding other characters (`complex`), in
 * order. A run lies between ASCII separators, which no analyser word crosses, so analysing each
 * run alone gives the terms of the whole text.
 */
export function scanRuns(text: string, ascii: (word: string) => void, complex: (run: string) => void): void {
  const n = text.length;
  let start = -1;
  let mixed = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    if (c >= 128) {
      if (start < 0) start = i;
      mixed = true;
    } else if (isAsciiWordChar(c)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (mixed) complex(text.slice(start, i));
      else ascii(text.slice(start, i));
      start = -1;
      mixed = false;
    }
  }
}

/** The terms of `text`, duplicates kept, exactly as `terms(text)`. */
export function scanTerms(text: string): string[] {
  const out: string[] = [];
  scanRuns(
    text,
    (word) => {
      const term = asciiTerm(word);
      if (term !== "") out.push(term);
    },
    (run) => {
      for (const t of tokenize(run)) out.push(t.term);
    },
  );
  return out;
}

/** The analyser's class of each code point: 0 not known yet, 1 separator, 2 word character, 3 CJK word character. */
const classes = new Uint8Array(0x110000);
for (let c = 0; c < 128; c++) classes[c] = isAsciiWordChar(c) ? 2 : 1;

function classOf(cp: number): number {
  let k = classes[cp]!;
  if (k === 0) {
    const ch = String.fromCodePoint(cp);
    k = !WORD_CHAR.test(ch) ? 1 : CJK.test(ch) ? 3 : 2;
    classes[cp] = k;
  }
  return k;
}

/** Murmur3's finalizer: spreads a hash's bits so its low bits can index a table. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function grow<T extends Uint16Array>(a: T, min: number): T {
  if (min <= a.length) return a;
  let size = a.length * 2;
  while (size < min) size *= 2;
  const out = new (a.constructor as new (n: number) => T)(size);
  out.set(a);
  return out;
}

/** Ints a spelling slot takes, and the characters it holds inline (two to an int). */
const SLOT = 8;
const INLINE = 8;

/** Sentinel second code point of a lone CJK character (past the last code point). */
const LONE = 0x110000;

/**
 * Turns texts into the key ids of their terms (`idOf` makes an id for a term), with every word's
 * spelling analysed once: later sights cost a hash over its characters and one table probe.
 * A word is a maximal run of word characters (the analyser's \p{L}\p{N}\p{M}); one without CJK is one
 * spelling (its term or none, for a stop word); one with CJK is cut where the script changes, its
 * non-CJK parts spellings and its CJK parts character pairs (or a lone character), as the analyser does.
 */
export class TermScanner {
  // Spellings: an open-addressing table of 8 ints (32 bytes) a slot: value + 2 (0 for an empty
  // slot), hash, length, where its characters start in `chars`, then the first 8 characters two to
  // an int. Most words have at most 8, so a probe usually reads one cache line and nothing else.
  private table = new Int32Array(SLOT << 12);
  private entries = 0;
  private chars = new Uint16Array(1 << 14);
  private charsUsed = 0;
  /** CJK pairs: (first, second) code points -> id. */
  private readonly cjkPairs = new PairTable();

  constructor(private readonly idOf: (term: string) => number) {}

  /** The terms of the last scan: written in place, with no call per term (a body has about 1,400). */
  private readonly run = new TermRun();

  /**
   * Calls `emit` with the key id of every term of `text`, in order (the terms of `terms(text)`), and
   * the end of the word it came from (a word holding CJK characters gives several terms, all with its end).
   * The calls come once the text is scanned: `emit` must not scan again.
   */
  scan(text: string, emit: (id: number, end: number) => void): void {
    const run = this.scanFrom(text, 0);
    const { ids, ends, count } = run;
    for (let k = 0; k < count; k++) emit(ids[k]!, ends[k]!);
  }

  /**
   * The terms of text[from ..] as `scan` gives them, their ends counted from `from`, in a run this scanner
   * reuses: valid until its next scan. Reading from an offset spares a copy of the text.
   */
  scanFrom(text: string, from: number): TermRun {
    const run = this.run;
    run.count = 0;
    const n = text.length;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        if (classes[c] === 1) {
          i++;
          continue;
        }
      } else {
        const cp = text.codePointAt(i)!;
        if (classOf(cp) === 1) {
          i += cp > 0xffff ? 2 : 1;
          continue;
        }
      }
      // A word starts at i: find its end, hashing its code units on the way.
      const start = i;
      let h = FNV_OFFSET;
      let cjk = false;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d < 128) {
          if (classes[d] === 1) break;
          h = fnvStep(h, d);
          i++;
          continue;
        }
        const cp = text.codePointAt(i)!;
        const k = classOf(cp);
        if (k === 1) break;
        if (k === 3) cjk = true;
        h = fnvStep(h, d);
        if (cp > 0xffff) {
          h = fnvStep(h, text.charCodeAt(i + 1));
          i += 2;
        } else i++;
      }
      if (!cjk) {
        const id = this.spelling(text, start, i, mix(h));
        if (id >= 0) run.push(id, i - from);
      } else this.cjkWord(text, start, i, i - from);
    }
    return run;
  }

  /** A word holding CJK characters: its runs of one script, as the analyser cuts them; each term with the word's end `at`. */
  private cjkWord(text: string, start: number, end: number, at: number): void {
    const run = this.run;
    let i = start;
    while (i < end) {
      const cp = text.codePointAt(i)!;
      if (classOf(cp) === 3) {
        // A CJK run: its character pairs, or the lone character.
        let prev = cp;
        i += cp > 0xffff ? 2 : 1;
        let lone = true;
        while (i < end) {
          const next = text.codePointAt(i)!;
          if (classOf(next) !== 3) break;
          run.push(this.pair(prev, next), at);
          lone = false;
          prev = next;
          i += next > 0xffff ? 2 : 1;
        }
        if (lone) run.push(this.pair(prev, LONE), at);
      } else {
        const from = i;
        let h = FNV_OFFSET;
        while (i < end) {
          const next = text.codePointAt(i)!;
          if (classOf(next) === 3) break;
          h = fnvStep(h, text.charCodeAt(i));
          if (next > 0xffff) {
            h = fnvStep(h, text.charCodeAt(i + 1));
            i += 2;
          } else i++;
        }
        const id = this.spelling(text, from, i, mix(h));
        if (id >= 0) run.push(id, at);
      }
    }
  }

  /** The id of the spelling text[start, end) with hash `h` (-1 when it has no term), analysed on first sight. */
  private spelling(text: string, start: number, end: number, h: number): number {
    const len = end - start;
    const table = this.table;
    const mask = table.length / SLOT - 1;
    let at = h & mask;
    for (;;) {
      const slot = at * SLOT;
      const v = table[slot]!;
      if (v === 0) break;
      if (table[slot + 1] === (h | 0) && table[slot + 2] === len && this.same(text, start, len, slot)) return v - 2;
      at = (at + 1) & mask;
    }
    // First sight: analyse it, then remember it.
    const word = text.slice(start, end);
    let id = -1;
    if (isAsciiOnly(word)) {
      const term = asciiTerm(word);
      if (term !== "") id = this.idOf(term);
    } else {
      const tokens = tokenize(word);
      if (tokens.length > 0) id = this.idOf(tokens[0]!.term);
    }
    const slot = at * SLOT;
    table[slot] = id + 2;
    table[slot + 1] = h;
    table[slot + 2] = len;
    if (len > INLINE) {
      this.chars = grow(this.chars, this.charsUsed + len);
      for (let k = 0; k < len; k++) this.chars[this.charsUsed + k] = text.charCodeAt(start + k);
      table[slot + 3] = this.charsUsed;
      this.charsUsed += len;
    } else for (let k = 0; k < len; k++) table[slot + 4 + (k >> 1)]! |= text.charCodeAt(start + k) << ((k & 1) << 4);
    if (++this.entries * 10 > (mask + 1) * 7) {
      // Keep the table at most 70% full: move every slot into one twice the size.
      const grown = new Int32Array(table.length * 2);
      const m = grown.length / SLOT - 1;
      for (let from = 0; from < table.length; from += SLOT) {
        if (table[from] === 0) continue;
        let to = table[from + 1]! & m;
        while (grown[to * SLOT] !== 0) to = (to + 1) & m;
        grown.set(table.subarray(from, from + SLOT), to * SLOT);
      }
      this.table = grown;
    }
    return id;
  }

  /** Whether the spelling in `slot` (of the same length) is text[start, start + len). */
  private same(text: string, start: number, len: number, slot: number): boolean {
    if (len <= INLINE) {
      const table = this.table;
      for (let k = 0; k < len; k += 2) {
        const two = table[slot + 4 + (k >> 1)]!;
        if ((two & 0xffff) !== text.charCodeAt(start + k)) return false;
        if (k + 1 < len && two >>> 16 !== text.charCodeAt(start + k + 1)) return false;
      }
      return true;
    }
    const chars = this.chars;
    const from = this.table[slot + 3]!;
    for (let k = 0; k < len; k++) if (chars[from + k] !== text.charCodeAt(start + k)) return false;
    return true;
  }

  /** The id of the CJK pair (a, b), or of the lone character a when b is LONE. */
  private pair(a: number, b: number): number {
    let id = this.cjkPairs.get(a, b);
    if (id < 0) {
      id = this.idOf(fold(b === LONE ? String.fromCodePoint(a) : String.fromCodePoint(a) + String.fromCodePoint(b)));
      this.cjkPairs.set(a, b, id);
    }
    return id;
  }
}

/** Term ids in order and the end of the word each came from: buffers that grow and are reused. */
export class TermRun {
  // Typed over any buffer: SharedTerms swaps these with a scanned body's (shared-terms.ts).
  ids: Int32Array = new Int32Array(1024);
  ends: Int32Array = new Int32Array(1024);
  count = 0;

  push(id: number, end: number): void {
    if (this.count === this.ids.length) {
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
      const ends = new Int32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ids[this.count] = id;
    this.ends[this.count++] = end;
  }
}

/** An open-addressing map from a pair of u32 numbers to a non-negative int: no key object, no string. */
export class PairTable {
  private first = new Uint32Array(1 << 10);
  private second = new Uint32Array(1 << 10);
  /** value + 1; 0 marks an empty slot. */
  private values = new Int32Array(1 << 10);
  private count = 0;

  private static slot(a: number, b: number, mask: number): number {
    return mix(Math.imul(a, 0x9e3779b1) ^ b) & mask;
  }

  /** The value of (a, b), or -1. */
  get(a: number, b: number): number {
    const mask = this.values.length - 1;
    let at = PairTable.slot(a, b, mask);
    for (;;) {
      const v = this.values[at]!;
      if (v === 0) return -1;
      if (this.first[at] === a && this.second[at] === b) return v - 1;
      at = (at + 1) & mask;
    }
  }

  /** Sets (a, b), which must not be in the table yet, to `value`. */
  set(a: number, b: number, value: number): void {
    if ((this.count + 1) * 2 > this.values.length) this.grow();
    const mask = this.values.length - 1;
    let at = PairTable.slot(a, b, mask);
    while (this.values[at] !== 0) at = (at + 1) & mask;
    this.first[at] = a;
    this.second[at] = b;
    this.values[at] = value + 1;
    this.count++;
  }

  /** Keeps the table at most half full: moves every pair into one twice the size. */
  private grow(): void {
    const [first, second, values] = [this.first, this.second, this.values];
    this.first = new Uint32Array(first.length * 2);
    this.second = new Uint32Array(first.length * 2);
    this.values = new Int32Array(first.length * 2);
    const mask = this.values.length - 1;
    for (let x = 0; x < values.length; x++) {
      if (values[x] === 0) continue;
      let to = PairTable.slot(first[x]!, second[x]!, mask);
      while (this.values[to] !== 0) to = (to + 1) & mask;
      this.first[to] = first[x]!;
      this.second[to] = second[x]!;
      this.values[to] = values[x]!;
    }
  }
}

function isAsciiOnly(word: string): boolean {
  for (let k = 0; k < word.length; k++) if (word.charCodeAt(k) >= 128) return false;
  return true;
}
