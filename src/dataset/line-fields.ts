// A few top-level fields of one skills.jsonl line, read from its bytes without parsing the rest.
// A record's SKILL.md texts are nearly all of its bytes; a run that touches one repository (a queued
// re-index, the smoke check's counts) needs only the names, ids and counters of the others. The
// scanner walks the line's top level, jumps over string values with indexOf (a quote preceded by an
// even run of backslashes ends a string) and decodes only the wanted values with JSON.parse, so it
// reads a gigabyte in seconds. Anything it cannot walk is reported as undefined, never guessed.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** How many bytes of a string are looked at one by one before indexOf takes over. */
const NEAR = 48;

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** The index just past the string that starts at `at` (a quote), or -1 if it does not end. */
function stringEnd(line: Buffer, at: number): number {
  // Most strings of a line are short (keys, names, dates): a plain loop finds their end sooner than
  // a call into indexOf, which pays off only on the long texts.
  const near = Math.min(line.length, at + NEAR);
  let from = at + 1;
  for (; from < near; from++) {
    const b = line[from];
    if (b === BACKSLASH) from++;
    else if (b === QUOTE) return from + 1;
  }
  if (from >= line.length) return -1;
  // `from` may sit just past a backslash's escaped byte: the counting below looks back from each quote.
  for (;;) {
    const q = line.indexOf(QUOTE, from);
    if (q === -1) return -1;
    let slashes = 0;
    for (let i = q - 1; i > at && line[i] === BACKSLASH; i--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** The index just past the value that starts at `at`, or -1 if it is not well formed enough to skip. */
export function valueEnd(line: Buffer, at: number): number {
  const first = line[at];
  if (first === QUOTE) return stringEnd(line, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    let i = at;
    while (i < line.length) {
      const b = line[i]!;
      if (b === QUOTE) {
        i = stringEnd(line, i);
        if (i === -1) return -1;
        continue;
      }
      if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  // A number, true, false or null: up to the next separator.
  let i = at;
  while (i < line.length && line[i] !== COMMA && line[i] !== CLOSE_BRACE && !isSpace(line[i])) i++;
  return i > at ? i : -1;
}

/**
 * The key of the string at [start, end) (quotes included) when it may be one of `wanted`, else
 * undefined: a key of another byte length than every wanted one is not decoded at all (a line has
 * dozens of keys and only a few are wanted), and one without a backslash is read without JSON.parse.
 */
function wantedKey(
  line: Buffer,
  start: number,
  end: number,
  wanted: ReadonlySet<string>,
  lengths: ReadonlySet<number>,
): string | undefined {
  let escaped = false;
  for (let i = start + 1; i < end - 1 && !escaped; i++) escaped = line[i] === BACKSLASH;
  if (!escaped && !lengths.has(end - start - 2)) return undefined;
  const key = escaped ? (JSON.parse(line.toString("utf8", start, end)) as string) : line.toString("utf8", start + 1, end - 1);
  return wanted.has(key) ? key : undefined;
}

const lengthsCache = new WeakMap<ReadonlySet<string>, ReadonlySet<number>>();
/** The UTF-8 byte lengths of the wanted keys (kept per set: callers pass the same set for every line). */
function lengthsOf(wanted: ReadonlySet<string>): ReadonlySet<number> {
  let lengths = lengthsCache.get(wanted);
  if (!lengths) {
    lengths = new Set([...wanted].map((k) => Buffer.byteLength(k)));
    lengthsCache.set(wanted, lengths);
  }
  return lengths;
}

const skipSpace = (line: Buffer, i: number) => {
  while (isSpace(line[i])) i++;
  return i;
};

/**
 * The top-level fields named in `wanted`, decoded, from one JSON object line; undefined when the
 * line is not an object the scanner can walk. A field the line lacks is absent from the result.
 */
export function lineFields(line: Buffer, wanted: ReadonlySet<string>): Record<string, unknown> | undefined {
  try {
    return walkFields(line, wanted, lengthsOf(wanted));
  } catch {
    // A key with a malformed escape.
    return undefined;
  }
}

function walkFields(line: Buffer, wanted: ReadonlySet<string>, lengths: ReadonlySet<number>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let i = skipSpace(line, 0);
  if (line[i] !== OPEN_BRACE) return undefined;
  i = skipSpace(line, i + 1);
  if (line[i] === CLOSE_BRACE) return out;
  for (;;) {
    if (line[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(line, i);
    if (keyEnd === -1) return undefined;
    const key = wantedKey(line, i, keyEnd, wanted, lengths);
    i = skipSpace(line, keyEnd);
    if (line[i] !== COLON) return undefined;
    i = skipSpace(line, i + 1);
    const end = valueEnd(line, i);
    if (end === -1) return undefined;
    if (key !== undefined) {
      try {
        out[key] = JSON.parse(line.toString("utf8", i, end));
      } catch {
        return undefined;
      }
    }
    i = skipSpace(line, end);
    if (line[i] === CLOSE_BRACE) return skipSpace(line, i + 1) === line.length ? out : undefined;
    if (line[i] !== COMMA) return undefined;
    i = skipSpace(line, i + 1);
  }
}
