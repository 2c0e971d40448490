// Text analysis shared by the index build, the query parser, highlights and the reference search:
// case and accent folding, word splitting with source offsets, CJK bigrams, a light English plural
// stem, and the stop words. Index and query go through the same function, so they always agree.

/** One indexable term and where it came from in the original text (UTF-16 offsets). */
export interface Token {
  term: string;
  start: number;
  end: number;
}

/** Words too common to tell skills apart; dropped from the index and from queries alike. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be but by for from has have how i if in into is it its no not of on or so such " +
    "that the their then there these they this to was we were what when where which will with you your"
  ).split(" "),
);

/** Terms longer than this are cut: nobody types them, and they only bloat the index. */
export const MAX_TERM_LENGTH = 40;

// Han, Hiragana, Katakana (incl. the prolonged sound mark): scripts written without spaces,
// indexed as overlapping character pairs so any substring of two or more characters is findable.
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** One character of a word (what WORD repeats). */
export const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const DIACRITICS = /[\u0300-\u036f]/g;
const ASCII = /^[\x00-\x7f]*$/;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;

/** Folds case, compatibility forms (full-width letters) and Latin/Cyrillic/Greek diacritics. */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFKC").toLowerCase().normalize("NFD").replace(DIACRITICS, "").normalize("NFC");
}

/** Light English plural stemming on plain ASCII words: statements -> statement, policies -> policy. */
export function stem(term: string): string {
  if (term.length <= 3 || !/^[a-z]+$/.test(term)) return term;
  if (term.endsWith("ies") && term.length > 4) return `${term.slice(0, -3)}y`;
  if (term.endsWith("s") && !/(ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

function pushWord(out: Token[], raw: string, start: number, keepStopWords: boolean): void {
  const folded = fold(raw);
  if (folded === "") return;
  const term = stem(folded).slice(0, MAX_TERM_LENGTH);
  if (!keepStopWords && STOP_WORDS.has(term)) return;
  out.push({ term, start, end: start + raw.length });
}

function pushCjk(out: Token[], run: string, start: number): void {
  const chars = [...run];
  let offset = start;
  if (chars.length === 1) {
    out.push({ term: fold(run), start, end: start + run.length });
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = chars[i]! + chars[i + 1]!;
    out.push({ term: fold(pair), start: offset, end: offset + pair.length });
    offset += chars[i]!.length;
  }
}

/**
 * Splits text into terms with their offsets. A word mixing scripts ("AI生成") is cut where the
 * script changes; CJK runs become character bigrams; other words are folded and stemmed.
 */
export function tokenize(text: string, options: { keepStopWords?: boolean } = {}): Token[] {
  const out: Token[] = [];
  const keep = options.keepStopWords ?? false;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const base = match.index;
    if (ASCII.test(word) || !HAS_CJK.test(word)) {
      pushWord(out, word, base, keep);
      continue;
    }
    let runStart = 0;
    let runCjk: boolean | undefined;
    let i = 0;
    for (const ch of word) {
      const cjk = CJK.test(ch);
      if (runCjk !== undefined && cjk !== runCjk) {
        const run = word.slice(runStart, i);
        if (runCjk) pushCjk(out, run, base + runStart);
        else pushWord(out, run, base + runStart, keep);
        runStart = i;
      }
      runCjk = cjk;
      i += ch.length;
    }
    const run = word.slice(runStart);
    if (run !== "") {
      if (runCjk) pushCjk(out, run, base + runStart);
      else pushWord(out, run, base + runStart, keep);
    }
  }
  return out;
}

/** Just the terms, in order (duplicates kept: phrase pairs need the sequence). */
export const terms = (text: string): string[] => tokenize(text).map((t) => t.term);

/** The key under which the index stores "`a` directly followed by `b`" (phrase support). */
export const pairKey = (a: string, b: string): string => `\u0001${a} ${b}`;

/** Adjacent-pair keys of a term sequence. */
export function pairsOf(seq: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < seq.length; i++) out.push(pairKey(seq[i]!, seq[i + 1]!));
  return out;
}
