// One pass over a file that says, per line, which rules could match and which decoders have anything to
// read: an Aho-Corasick automaton over every rule's lowercase keys and every decoder's keys (so the cost
// does not grow with the number of keys), plus runs of base64-like characters and invisible characters.
// Rules run only on the lines their keys occur in, decoders only on the lines that hold what they decode;
// a line with nothing costs its characters' pass and no allocation.

import { isUnicodeSpace } from "./markdown.js";

/** What a line holds for the decoders (src/build/trust/decode.ts) and the invisible-character checks: one bit each. */
export const MARK = {
  /** A run of base64 or hex characters long enough to hide a command. */
  blob: 1 << 0,
  /** `0x63, 0x75, …` byte lists. */
  hexBytes: 1 << 1,
  base85: 1 << 2,
  /** Unicode tag characters (U+E0000 block). */
  tags: 1 << 3,
  /** \x, \u and octal escapes. */
  escapes: 1 << 4,
  percent: 1 << 5,
  entities: 1 << 6,
  charCodes: 1 << 7,
  /** String literals glued with + or .., joined arrays, c''url splits. */
  glue: 1 << 8,
  reversed: 1 << 9,
  /** Zero-width and other invisible format characters. */
  zeroWidth: 1 << 10,
  /** Bidirectional control characters (not decoded; reported). */
  bidi: 1 << 11,
} as const;

/** Every decoder's bit: a line without one of them is never decoded. */
export const DECODABLE = (1 << 11) - 1;
/** The bits that call for the invisible-character checks. */
export const INVISIBLE = MARK.tags | MARK.zeroWidth | MARK.bidi;

/** Keys of the decoders: a line holding one is handed to that decoder. Matched lowercase, whitespace as a space. */
const DECODER_KEYS: [string, number][] = [
  ["\\x", MARK.escapes],
  ["\\u", MARK.escapes],
  ["\\0", MARK.escapes],
  ["\\1", MARK.escapes],
  ["\\2", MARK.escapes],
  ["\\3", MARK.escapes],
  ["%", MARK.percent],
  ["&#", MARK.entities],
  ["fromcharcode", MARK.charCodes],
  ["chr(", MARK.charCodes],
  ['""', MARK.glue],
  ["''", MARK.glue],
  ["[::-1]", MARK.reversed],
  ["reverse", MARK.reversed],
  ["strrev", MARK.reversed],
  ["|rev", MARK.reversed],
  ["| rev", MARK.reversed],
  ["|  rev", MARK.reversed],
  ["|   rev", MARK.reversed],
  ["|    rev", MARK.reversed],
  ["b85", MARK.base85],
  ["a85", MARK.base85],
  ["base85", MARK.base85],
  ["ascii85", MARK.base85],
  ["z85", MARK.base85],
  ["<~", MARK.base85],
  ["0x", MARK.hexBytes],
];
/** Keys that glue strings when the line also quotes: `join(`, `concat(`, Lua's `..`. */
const GLUE_KEYS = ["join", "concat", ".."];
/** Shortest run of base64 characters read when it carries a digit (encoded text does); longer runs always. */
const RUN_MIN = 16;
const RUN_ANY = 40;
const ALPHABET = 128;
const NO_RULES: ArrayLike<number> = new Int32Array(0);

/**
 * Per line of a file: the rules whose keys occur in it, and its MARK bits. The rule lists of all lines sit in
 * one typed array (a line's list runs from starts[i] to starts[i + 1]): a file of many short lines with keys
 * allocates no array per line.
 */
export class FileMarks {
  constructor(
    private readonly ids: Int32Array,
    private readonly starts: Int32Array,
    readonly flags: Int32Array,
  ) {}
  /** How many rules have keys in line `i`. */
  count(i: number): number {
    return this.starts[i + 1]! - this.starts[i]!;
  }
  /** Rule indices whose keys occur in line `i` (unsorted, no repeats). */
  rules(i: number): ArrayLike<number> {
    const from = this.starts[i]!;
    const to = this.starts[i + 1]!;
    return from === to ? NO_RULES : this.ids.subarray(from, to);
  }
}

export class Prefilter {
  private readonly next: Int32Array;
  /** Per automaton state: what ends there. A value below ruleCount is a rule; above, a MARK bit (or GLUE_KEY). */
  private readonly out: (number[] | undefined)[];
  private readonly ruleCount: number;
  private readonly glueKey: number;
  /**
   * Keys that count only at the start of a word (written with a leading `\b`): output glueKey + 1 + i is
   * the i-th, whose rule is wordRules[i] and length wordLengths[i].
   */
  private readonly wordRules: Int32Array;
  private readonly wordLengths: Int32Array;
  /** Which rules the current line has already listed; always all zero between lines (scan is synchronous). */
  private readonly seen: Uint8Array;
  private readonly lineFlags = new Int32Array(1);
  private readonly lineStarts = new Int32Array(2);
  private readonly lineIds: Int32Array;
  private readonly lineMarks: FileMarks;

  /** `keys[i]`: the lowercase keys of rule i. */
  constructor(keys: readonly (readonly string[])[]) {
    this.ruleCount = keys.length;
    // Outputs above ruleCount: ruleCount + bit index of a MARK; glueKey is one past them.
    this.glueKey = this.ruleCount + 31;
    const trie: Map<number, number>[] = [new Map()];
    const outs: Set<number>[] = [new Set()];
    const add = (key: string, id: number) => {
      let s = 0;
      for (let i = 0; i < key.length; i++) {
        const c = fold(key.charCodeAt(i));
        let t = trie[s]!.get(c);
        if (t === undefined) {
          t = trie.length;
          trie.push(new Map());
          outs.push(new Set());
          trie[s]!.set(c, t);
        }
        s = t;
      }
      outs[s]!.add(id);
    };
    const wordRules: number[] = [];
    const wordLengths: number[] = [];
    keys.forEach((ks, id) => {
      for (const k of ks) {
        if (!k.startsWith(WORD_START)) add(k.toLowerCase(), id);
        else {
          const key = k.slice(WORD_START.length).toLowerCase();
          add(key, this.glueKey + 1 + wordRules.length);
          wordRules.push(id);
          wordLengths.push(key.length);
        }
      }
    });
    this.wordRules = Int32Array.from(wordRules);
    this.wordLengths = Int32Array.from(wordLengths);
    for (const [k, bit] of DECODER_KEYS) add(k, this.ruleCount + Math.log2(bit));
    for (const k of GLUE_KEYS) add(k, this.glueKey);
    // Breadth-first: failure links, then a full transition table (a DFA), outputs merged along failures.
    const next = new Int32Array(trie.length * ALPHABET);
    const fail = new Int32Array(trie.length);
    const queue: number[] = [];
    for (let c = 0; c < ALPHABET; c++) {
      const t = trie[0]!.get(c);
      next[c] = t ?? 0;
      if (t !== undefined) queue.push(t);
    }
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q]!;
      for (const id of outs[fail[s]!]!) outs[s]!.add(id);
      for (let c = 0; c < ALPHABET; c++) {
        const t = trie[s]!.get(c);
        if (t !== undefined) {
          fail[t] = next[fail[s]! * ALPHABET + c]!;
          next[s * ALPHABET + c] = t;
          queue.push(t);
        } else next[s * ALPHABET + c] = next[fail[s]! * ALPHABET + c]!;
      }
    }
    this.next = next;
    this.seen = new Uint8Array(this.ruleCount);
    // A line lists each rule at most once: ruleCount ids always fit.
    this.lineIds = new Int32Array(Math.max(1, this.ruleCount));
    this.lineMarks = new FileMarks(this.lineIds, this.lineStarts, this.lineFlags);
    this.out = outs.map((o) => (o.size > 0 ? [...o] : undefined));
  }

  /**
   * Marks for every line of `text` (split on \n, as splitLines does). One loop with its state in locals: a
   * closure that wrote them would keep them in a heap context, read on every character.
   */
  scan(text: string): FileMarks {
    let lineCount = 1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineCount++;
    const flags = new Int32Array(lineCount);
    const starts = new Int32Array(lineCount + 1);
    return new FileMarks(this.mark(text, flags, starts, new Int32Array(64)), starts, flags);
  }

  /**
   * Marks for a text of one line (no \n), in buffers this prefilter reuses: valid until the next call. A line
   * of ten thousand short HTML comments is read without an allocation a comment.
   */
  scanLine(text: string): FileMarks {
    this.mark(text, this.lineFlags, this.lineStarts, this.lineIds);
    return this.lineMarks;
  }

  /** Fills `flags` and `starts` for every line of `text`, and returns the rule ids (`ids`, grown if needed). */
  private mark(text: string, flags: Int32Array, starts: Int32Array, firstIds: Int32Array): Int32Array {
    let ids = firstIds;
    let idCount = 0;
    const { next, out, ruleCount, glueKey, seen, wordRules, wordLengths } = this;
    let lineStart = 0;
    /** Where the line being read starts in `text`. */
    let lineAt = 0;
    let f = 0;
    let line = 0;
    let state = 0;
    let run = 0;
    let digits = false;
    let quote = false;
    let plus = false;
    let glue = false;
    const n = text.length;
    for (let i = 0; i <= n; i++) {
      let c = i < n ? text.charCodeAt(i) : 10;
      if (c === 10) {
        // End of a line (or of the text): what was seen becomes the line's marks, and the state starts over.
        if (quote && (plus || glue)) f |= MARK.glue;
        flags[line] = f;
        for (let k = lineStart; k < idCount; k++) seen[ids[k]!] = 0;
        starts[line + 1] = idCount;
        lineStart = idCount;
        f = 0;
        state = 0;
        run = 0;
        digits = quote = plus = glue = false;
        line++;
        lineAt = i + 1;
        continue;
      }
      // Base64, base64url and hex runs: a blob a decoder may read.
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 45 || c === 95) {
        if (++run >= RUN_ANY || (run >= RUN_MIN && digits)) f |= MARK.blob;
        if (c === 43) plus = true;
      } else if (c >= 48 && c <= 57) {
        digits = true;
        if (++run >= RUN_MIN) f |= MARK.blob;
      } else {
        run = 0;
        digits = false;
        if (c === 34 || c === 39 || c === 96) quote = true;
      }
      if (c >= 0x80) {
        if (c === 0xdb40) f |= MARK.tags;
        else if ((c >= 0x200b && c <= 0x200d) || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff || c === 0xad || c === 0x180e)
          f |= MARK.zeroWidth;
        else if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) f |= MARK.bidi;
        // A pattern's \s holds the Unicode spaces too: a key's space matches them, as it matches a tab.
        c = isUnicodeSpace(c) ? 32 : 0;
      } else c = FOLD[c]!;
      state = next[state * ALPHABET + c]!;
      const o = out[state];
      if (o !== undefined) {
        for (let k = 0; k < o.length; k++) {
          let r = o[k]!;
          if (r > glueKey) {
            // A word-start key ending here: it counts when no word character comes just before it.
            const w = r - glueKey - 1;
            const before = i - wordLengths[w]!;
            if (before >= lineAt && isWordChar(text.charCodeAt(before))) continue;
            r = wordRules[w]!;
          }
          if (r < ruleCount) {
            if (seen[r]) continue;
            seen[r] = 1;
            if (idCount === ids.length) {
              const grown = new Int32Array(ids.length * 2);
              grown.set(ids);
              ids = grown;
            }
            ids[idCount++] = r;
          } else if (r === glueKey) glue = true;
          else f |= 1 << (r - ruleCount);
        }
      }
    }
    return ids;
  }
}

/** A key's mark that it counts only at the start of a word (Rule.keys). */
const WORD_START = "\\b";

/** The text a key looks for, without its word-start mark: what a test or a benchmark writes to hit it. */
export const keyText = (key: string): string => (key.startsWith(WORD_START) ? key.slice(WORD_START.length) : key);

/** What a pattern's `\b` takes for a word character (without the u flag: ASCII letters, digits and `_`). */
const isWordChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Lowercase ASCII, and every whitespace character read as a space (a key's space matches a tab). */
const FOLD = new Uint8Array(ALPHABET);
for (let c = 0; c < ALPHABET; c++) FOLD[c] = fold(c);

/** Lowercase ASCII, and every whitespace character read as a space (a key's space matches a tab). */
function fold(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  if (c === 9 || c === 11 || c === 12 || c === 13) return 32;
  return c & 0x7f;
}
