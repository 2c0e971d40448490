// The index build's fast path to a text's terms: the same terms, in the same order, as
// `terms()` of text.ts (a property test holds them equal), without a regex match object per word.
// Plain ASCII words are cut by a character scan and analysed by a few string operations; any run
// holding a non-ASCII character goes through the full analyser, which alone knows scripts.
import { MAX_TERM_LENGTH, STOP_WORDS, stem, tokenize } from "./text.js";

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
