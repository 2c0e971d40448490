// The plain words a pattern cannot match without: `\bcurl\b` holds "curl" in every match, `\.(?:sendall|send)\(`
// one of ".sendall(" and ".send(". The linear matcher (spans.ts) looks for them in the lowercased text with
// indexOf, far cheaper than running the piece's pattern over it: a chain whose piece has none of its words in a
// line cannot match there, and most lines a rule's keys call it for hold no such word. The reading is
// deliberately partial: whatever it does not understand ends a run of literal text, so what it returns is
// always held by every match; it only finds fewer words than it could.

/** At most this many words for one piece: more costs more indexOf calls than the pattern's own scan. */
const MAX_WORDS = 32;
/** Words shorter than this occur in too many lines to spare anything. */
const MIN_LENGTH = 2;

/** ASCII characters that stand for themselves in a pattern (outside a class), lowercased by the caller. */
const PLAIN = /^[A-Za-z0-9 \-:=@'",;<>!#%&~/_`]$/;
/** Escapes of punctuation stand for the character itself. */
const ESCAPED_PUNCT = /^[.()[\]{}*+?|^$\\/\-:=@'",;<>!#%&~_`]$/;

/**
 * Lowercase words, one of which every match of `source` (compiled with `flags`) holds; undefined when none
 * is found. With the `u` or `v` flag, case folding maps other characters onto ASCII letters ("ſ" onto "s"):
 * nothing is claimed then.
 */
export function requiredWords(source: string, flags: string): readonly string[] | undefined {
  if (/[uv]/.test(flags)) return undefined;
  const branches = splitTopLevel(source);
  if (!branches) return undefined;
  const words = new Set<string>();
  for (const branch of branches) {
    const best = bestRun(branch);
    if (!best) return undefined;
    for (const w of best) words.add(w);
    if (words.size > MAX_WORDS) return undefined;
  }
  return [...words];
}

/** The source's top-level alternatives, or undefined when a group or class does not close. */
function splitTopLevel(source: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") i++;
    else if (c === "[") {
      const end = classEnd(source, i);
      if (end < 0) return undefined;
      i = end;
    } else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(from, i));
      from = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  out.push(source.slice(from));
  return out;
}

/** The index of the `]` closing the class opened at `open`, or -1. */
function classEnd(source: string, open: number): number {
  // A `]` right after `[` or `[^` is a member of the class in JavaScript only as `[]` (an empty class) or
  // `[^]`: both close at once.
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") i++;
    else if (c === "]") return i;
  }
  return -1;
}

/** The index of the `)` closing the group opened at `open`, or -1. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") i++;
    else if (c === "[") {
      i = classEnd(source, i);
      if (i < 0) return -1;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** The plain words of a group's body when each alternative is plain text only (`(?:post|put)`), else undefined. */
function groupWords(body: string): string[] | undefined {
  const out: string[] = [];
  for (const alt of body.split("|")) {
    let word = "";
    for (let i = 0; i < alt.length; i++) {
      const c = alt[i]!;
      if (c === "\\" && i + 1 < alt.length && ESCAPED_PUNCT.test(alt[i + 1]!)) word += alt[++i];
      else if (PLAIN.test(c)) word += c;
      else return undefined;
    }
    if (word === "") return undefined;
    out.push(word);
  }
  return out;
}

/** A quantifier at `i` (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`): its length, else 0. */
function quantifierAt(source: string, i: number): number {
  const c = source[i];
  if (c === "?" || c === "*" || c === "+") return 1;
  if (c === "{") {
    const m = /^\{\d+(?:,\d*)?\}/.exec(source.slice(i));
    if (m) return m[0].length;
  }
  return 0;
}

/**
 * The best run of one alternative (no top-level `|`): the run of plain text, and of groups of plain
 * alternatives, whose shortest word is longest. Each run is a list of atoms, each a set of words.
 */
function bestRun(branch: string): string[] | undefined {
  let best: string[] | undefined;
  let bestScore = 0;
  let atoms: string[][] = [];
  const close = () => {
    const words = expand(atoms);
    atoms = [];
    if (!words) return;
    const score = Math.min(...words.map((w) => w.length));
    if (score >= MIN_LENGTH && (score > bestScore || (score === bestScore && words.length < best!.length))) {
      best = words;
      bestScore = score;
    }
  };
  for (let i = 0; i < branch.length; ) {
    const c = branch[i]!;
    let atom: string[] | undefined;
    let next = i + 1;
    if (c === "\\") {
      const e = branch[i + 1];
      if (e === undefined) return undefined;
      next = i + 2;
      // \b and \B match no character: the text either side of them is still one run in the match.
      if (e === "b" || e === "B") {
        i = next;
        continue;
      }
      if (ESCAPED_PUNCT.test(e)) atom = [e];
      // \x41, \u0041, \u{41}, \cJ, \k<name>, \1 and \012 spell one character (or refer to a group) with what
      // follows them: skipped whole, so their digits are not read as plain text.
      else next = escapeEnd(branch, i);
    } else if (c === "^" || c === "$") {
      i = next;
      continue;
    } else if (c === "(") {
      const end = groupEnd(branch, i);
      if (end < 0) return undefined;
      next = end + 1;
      const body = branch.slice(i + 1, end);
      // Plain and non-capturing groups only; lookarounds and named groups end the run.
      if (body.startsWith("?:")) atom = groupWords(body.slice(2));
      else if (!body.startsWith("?")) atom = groupWords(body);
    } else if (c === "[") {
      const end = classEnd(branch, i);
      if (end < 0) return undefined;
      next = end + 1;
    } else if (PLAIN.test(c)) atom = [c];
    const q = quantifierAt(branch, next);
    if (q > 0) {
      // A quantified atom may be missing or repeated: the run ends before it.
      next += q;
      if (branch[next] === "?") next++;
      atom = undefined;
    }
    if (atom) atoms.push(atom);
    else close();
    i = next;
  }
  close();
  return best?.map((w) => w.toLowerCase());
}

/** Where the escape (not of punctuation) at `i` ends. */
function escapeEnd(source: string, i: number): number {
  const e = source[i + 1]!;
  const rest = source.slice(i + 2);
  let m: RegExpExecArray | null = null;
  if (e === "x") m = /^[0-9A-Fa-f]{0,2}/.exec(rest);
  else if (e === "u") m = /^(?:\{[0-9A-Fa-f]*\}|[0-9A-Fa-f]{0,4})/.exec(rest);
  else if (e === "c") m = /^[A-Za-z]?/.exec(rest);
  else if (e === "k") m = /^(?:<[^>]*>)?/.exec(rest);
  else if (e === "p" || e === "P") m = /^(?:\{[^}]*\})?/.exec(rest);
  else if (e >= "0" && e <= "9") m = /^[0-9]*/.exec(rest);
  return i + 2 + (m?.[0].length ?? 0);
}

/** Every word a run of atoms spells (one choice per atom), or undefined when they are too many. */
function expand(atoms: readonly string[][]): string[] | undefined {
  if (atoms.length === 0) return undefined;
  let words = [""];
  for (const atom of atoms) {
    if (words.length * atom.length > MAX_WORDS) return undefined;
    words = words.flatMap((w) => atom.map((a) => w + a));
  }
  return words;
}
