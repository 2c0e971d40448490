// One pass over a file that says, per line, which rules could match and whether a decoder has anything to
// read: an Aho-Corasick automaton over every rule's lowercase keys (so the cost does not grow with the
// number of keys), plus runs of base64-like characters and invisible characters. Rules then run only on the
// lines their keys occur in; a file with no key at all costs one pass.

export interface LineMarks {
  /** Rule indices whose keys occur in the line (unsorted, no repeats). */
  rules: number[];
  /** The line holds something a decoder reads: a run of base64/hex characters, an escape, a decoder's key. */
  decode: boolean;
  /** The line holds invisible characters (zero-width, bidi controls, Unicode tags) or other non-ASCII. */
  invisible: boolean;
}

/** Keys of the decoders: a line holding one is handed to them. */
const DECODER_KEYS = [
  "\\x",
  "\\u",
  "\\0",
  "\\1",
  "\\2",
  "\\3",
  "%",
  "&#",
  "fromcharcode",
  "chr(",
  "join",
  "concat",
  '""',
  "''",
  '"+',
  "'+",
  '" +',
  "' +",
  "`+",
  "` +",
  "..",
  "[::-1]",
  "reverse",
  "rev",
  "b85",
  "a85",
  "base85",
  "ascii85",
  "z85",
  "<~",
  "0x",
];
const RUN_MIN = 16;
const ALPHABET = 128;

export class Prefilter {
  private readonly next: Int32Array;
  private readonly out: (number[] | undefined)[];
  private readonly ruleCount: number;

  /** `keys[i]`: the lowercase keys of rule i. */
  constructor(keys: readonly (readonly string[])[]) {
    this.ruleCount = keys.length;
    const trie: Map<number, number>[] = [new Map()];
    const outs: Set<number>[] = [new Set()];
    const add = (key: string, id: number) => {
      let s = 0;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i) & 0x7f;
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
    keys.forEach((ks, id) => {
      for (const k of ks) add(k.toLowerCase(), id);
    });
    for (const k of DECODER_KEYS) add(k, this.ruleCount);
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
    this.out = outs.map((o) => (o.size > 0 ? [...o] : undefined));
  }

  /** Marks for every line of `text` (split on \n, as splitLines does). */
  scan(text: string): LineMarks[] {
    const marks: LineMarks[] = [];
    const seen = new Uint8Array(this.ruleCount + 1);
    let line: LineMarks = { rules: [], decode: false, invisible: false };
    let state = 0;
    let run = 0;
    let digits = false;
    const { next, out, ruleCount } = this;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c === 10) {
        marks.push(line);
        for (const r of line.rules) seen[r] = 0;
        seen[ruleCount] = 0;
        line = { rules: [], decode: false, invisible: false };
        state = 0;
        run = 0;
        digits = false;
        continue;
      }
      // Base64, base64url and hex runs: a blob a decoder may read.
      // (Encoded text carries digits; long words and paths alone do not make a line worth decoding.)
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 45 || c === 95) {
        if (++run >= RUN_MIN && digits) line.decode = true;
      } else if (c >= 48 && c <= 57) {
        digits = true;
        if (++run >= RUN_MIN) line.decode = true;
      } else {
        run = 0;
        digits = false;
      }
      if (c >= 0x80) {
        line.invisible = true;
        c = 0;
      } else if (c >= 65 && c <= 90) c += 32;
      state = next[state * ALPHABET + c]!;
      const o = out[state];
      if (o !== undefined) {
        for (const r of o) {
          if (seen[r]) continue;
          seen[r] = 1;
          if (r === ruleCount) line.decode = true;
          else line.rules.push(r);
        }
      }
    }
    marks.push(line);
    return marks;
  }
}
