// Reads one file line by line: each line in its context, through every rule, then what the decoders
// find hidden in it, decoded again to a fixed depth. A hit is reported on the line as written, so the
// excerpt is always there to see.
import type { Severity } from "../../schemas/trust.js";
import { type Budget, decodeLine, hiddenTagText } from "./decode.js";
import { isCode } from "./files.js";
import { isQuoted, type LineContext, markdownContexts, proseIsFramed, WEAK_EXAMPLE } from "./markdown.js";
import { DECODABLE, INVISIBLE, Prefilter } from "./prefilter.js";
import { LINE_RULES } from "./rules/index.js";
import { firstMatch } from "./spans.js";
import { splitLines } from "./text.js";
import { type Context, type Fact, type FileView, type Hit, type LineEnv, lower, raise } from "./types.js";

/** Decoded text is decoded again at most this many times (base64 in hex in base64…). */
const MAX_DEPTH = 3;
/** Decoded characters allowed per file, whatever the file holds. */
const DECODE_BUDGET = 64 * 1024;
/** A rule that has hit this often in one file is not run again there: more of the same adds nothing. */
const HITS_PER_RULE = 8;
/** Lines of one decoded text read, at most (the decode budget bounds their length). */
const DECODED_LINES_MAX = 400;
/** Characters of one HTML comment read as hidden text. */
const COMMENT_MAX = 64 * 1024;

const NONE: ReadonlySet<string> = new Set();
const COMMENT = /^\s{0,16}(?:#|\/\/|\*|\/\*|--|REM\b|<!--)/;

export interface FactSite {
  file: string;
  line: number;
  at: number;
  ctx: Context;
}

export interface FileScan {
  hits: Hit[];
  facts: Map<Fact, FactSite>;
  lines: string[];
}

export interface FileInput {
  view: FileView;
  content: string;
  owner: string;
  declared: string;
  securityThemed: boolean;
}

/** Lines of code that hold detection patterns rather than behaviour: regular expressions, block lists. */
const PATTERN_DATA =
  /\bre\.(?:compile|search|match|findall|sub)\(|\bnew\s{1,3}RegExp\(|\bRegExp\(|\br["']|\\[sbdw][+*?]|\(\?[:=!i]|\.test\(|\bgrep\s{1,4}-\w{0,4}[EPe]|\brg\s/;

/** The automaton over every rule's keys, built once (immutable). */
const PREFILTER = new Prefilter(LINE_RULES.map((r) => r.keys));
/** Decoded text is read as hidden when the decoder uncovered invisible text. */
const hiddenVia = (via: string) => via === "Unicode tag characters" || via.startsWith("zero-width");
/** An HTML element hidden by its style or attribute: a cheap word test first, the pattern only then. */
const HIDDEN_WORDS = /hidden|display|visibility|font-size|opacity/i;
const HIDDEN_STYLE =
  /style\s{0,2}=\s{0,2}["'][^"']{0,200}(?:display\s{0,2}:\s{0,2}none|visibility\s{0,2}:\s{0,2}hidden|font-size\s{0,2}:\s{0,2}0(?![.\d])|opacity\s{0,2}:\s{0,2}0(?![.\d]))/i;
const TAG_MAX = 12; // "<", at most 10 word characters, one space
const ATTRIBUTE_GAP = 200;

/**
 * `<\w{1,10}\s[^>]{0,200}\bhidden\b`, read from each `hidden` back to the tag that may hold it rather than
 * forward from every `<`: a line of `<a <a <a …` costs one pass instead of 200 characters a tag.
 */
export function hiddenAttribute(line: string): boolean {
  let checked = 0;
  for (const m of line.matchAll(/\bhidden\b/gi)) {
    const h = m.index;
    const from = Math.max(checked, line.lastIndexOf(">", h - 1) + 1, h - ATTRIBUTE_GAP - TAG_MAX);
    for (let s = line.indexOf("<", from); s !== -1 && s < h; s = line.indexOf("<", s + 1)) {
      let e = s + 1;
      while (e < line.length && e - s <= 10 && isWordChar(line.charCodeAt(e))) e++;
      if (e === s + 1 || e >= line.length || isWordChar(line.charCodeAt(e)) || !/\s/.test(line[e]!)) continue;
      if (e + 1 <= h && h - (e + 1) <= ATTRIBUTE_GAP) return true;
    }
    // A tag may overlap this word and hold the next one ("<hidden x hidden"): look back that far again.
    checked = Math.max(0, h - TAG_MAX);
  }
  return false;
}

const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** What one file's scan carries from line to line. */
interface FileState {
  hits: Hit[];
  facts: Map<Fact, FactSite>;
  budget: Budget;
  /** Hits so far per rule index (HITS_PER_RULE stops a rule). */
  saturated: Uint8Array;
  /** The 0-based line being read. */
  index: number;
}

export function scanFile(input: FileInput): FileScan {
  const { view } = input;
  const lines = splitLines(input.content);
  const contexts: LineContext[] | undefined = view.lang === "markdown" ? markdownContexts(lines, input.securityThemed) : undefined;
  const fileCtx: LineContext = view.lang === "detection" ? "example" : isCode(view.lang) ? "code" : "config";
  const state: FileState = {
    hits: [],
    facts: new Map(),
    budget: { chars: DECODE_BUDGET },
    saturated: new Uint8Array(LINE_RULES.length),
    index: 0,
  };
  const marks = PREFILTER.scan(input.content);
  const markdown = view.lang === "markdown";
  // One environment per context, shared by every line read in it (rules never change it): a file of short
  // lines allocates nothing per line.
  const envs = new Map<LineContext, LineEnv>();
  const envOf = (ctx: Context): LineEnv => {
    let env = envs.get(ctx);
    if (!env) {
      env = { ctx, file: view, owner: input.owner, via: [], declared: input.declared, securityThemed: input.securityThemed };
      envs.set(ctx, env);
    }
    return env;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.length === 0) continue;
    const ctx = contexts ? contexts[index]! : fileCtx;
    const flags = marks.flags[index]!;
    if (flags & INVISIBLE) characterChecks(line, index, ctx, view, state.hits);
    if (ctx === "example") continue;
    const angle = markdown && line.includes("<");
    // Most lines hold nothing any rule or decoder reads: they cost the prefilter's pass and nothing more.
    if (marks.count(index) === 0 && !(flags & DECODABLE) && !angle) continue;
    const rules = marks.rules(index);
    state.index = index;
    const env = envOf(ctx);
    if (rules.length > 0 || flags & DECODABLE) visit(state, line, env, 0, 0, NONE, rules, flags);
    if (angle) hiddenMarkup(state, line, env);
  }
  return { hits: state.hits, facts: state.facts, lines };
}

/** What a rendered page does not show: an HTML comment's text and hidden HTML elements are read as hidden. */
function hiddenMarkup(state: FileState, line: string, env: LineEnv): void {
  const hidden: LineEnv = { ...env, ctx: "hidden" };
  if (env.ctx !== "hidden") {
    // Every comment of the line is read as one hidden text, a comment a line of it: a line of ten thousand
    // short comments costs one pass of each rule, not ten thousand, and no rule reads across two comments.
    const bodies: string[] = [];
    let first = -1;
    let room = COMMENT_MAX;
    for (let open = line.indexOf("<!--"); open !== -1 && room > 0; ) {
      const close = line.indexOf("-->", open + 4);
      const end = Math.min(close === -1 ? line.length : close, open + 4 + room);
      if (first === -1) first = open;
      bodies.push(line.slice(open + 4, end));
      room -= end - open - 4;
      open = close === -1 ? -1 : line.indexOf("<!--", close + 3);
    }
    if (bodies.length > 0) visitScanned(state, bodies.join("\n"), hidden, first, 1, NONE);
  }
  if (HIDDEN_WORDS.test(line) && (HIDDEN_STYLE.test(line) || hiddenAttribute(line))) visitScanned(state, line, hidden, 0, 1, NONE);
}

/** `visit` for a text the prefilter has not read yet; a text of several lines is read with their marks together. */
function visitScanned(s: FileState, text: string, env: LineEnv, at: number, depth: number, parentRules: ReadonlySet<string>): void {
  if (!text.includes("\n")) {
    // The reused buffers of scanLine: their rules are read by runRules before anything scans again.
    const one = PREFILTER.scanLine(text);
    visit(s, text, env, at, depth, parentRules, one.rules(0), one.flags[0]!);
    return;
  }
  const m = PREFILTER.scan(text);
  const rules = new Set<number>();
  let flags = 0;
  for (let k = 0; k < m.flags.length; k++) {
    flags |= m.flags[k]!;
    const ks = m.rules(k);
    for (let j = 0; j < ks.length; j++) rules.add(ks[j]!);
  }
  visit(s, text, env, at, depth, parentRules, [...rules], flags);
}

/** Runs the rules a text's keys call for, then reads what the decoders find in it, to MAX_DEPTH. */
function visit(
  s: FileState,
  text: string,
  env: LineEnv,
  at: number,
  depth: number,
  parentRules: ReadonlySet<string>,
  rules: ArrayLike<number>,
  flags: number,
): void {
  const matched = rules.length > 0 ? runRules(text, rules, env, s, at, parentRules) : NONE;
  if (depth >= MAX_DEPTH || !(flags & DECODABLE)) return;
  for (const d of decodeLine(text, s.budget, env.via, flags)) {
    const decodedLines = splitLines(d.text);
    if (decodedLines.length > DECODED_LINES_MAX) decodedLines.length = DECODED_LINES_MAX;
    const decodedMarks = PREFILTER.scan(decodedLines.join("\n"));
    const e: LineEnv = { ...env, ctx: hiddenVia(d.via) ? "hidden" : env.ctx, via: [...env.via, d.via] };
    const where = env.via.length ? at : d.at;
    for (let k = 0; k < decodedLines.length; k++) {
      const r = decodedMarks.rules(k);
      const f = decodedMarks.flags[k]!;
      if (r.length === 0 && !(f & DECODABLE)) continue;
      visit(s, decodedLines[k]!, e, where, depth + 1, matched, r, f);
    }
  }
}

/** Runs every rule that applies to the context over one text; returns the rules that matched. */
function runRules(
  text: string,
  candidates: ArrayLike<number>,
  env: LineEnv,
  s: FileState,
  at: number,
  parentRules: ReadonlySet<string>,
): ReadonlySet<string> {
  let matched: Set<string> | undefined;
  const { hits, facts } = s;
  const index = s.index;
  for (let c = 0; c < candidates.length; c++) {
    const r = candidates[c]!;
    // A rule that has hit HITS_PER_RULE times in this file is not run again there.
    if (s.saturated[r]! >= HITS_PER_RULE) continue;
    const rule = LINE_RULES[r]!;
    const base = rule.severity[env.ctx];
    if (!base && !rule.factOnly) continue;
    if (rule.needs && !rule.needs(text, env)) continue;
    const m = rule.chains ? firstMatch(rule.re, rule.chains, text) : rule.re.exec(text);
    if (!m) continue;
    if (isExample(text, m, env)) continue;
    // A decoded text that says what its encoded line already said adds nothing.
    if (parentRules.has(rule.id)) {
      (matched ??= new Set()).add(rule.id);
      continue;
    }
    // A comment in a script describes; it leaves no facts about what the script does.
    if (rule.factOnly && (env.ctx === "code" || env.ctx === "config") && COMMENT.test(text)) continue;
    let severity: Severity | null = base ?? "low";
    if (rule.grade) severity = rule.grade(m, text, env, severity);
    // Graded away (a vendor's host, a public key): neither said nor counted, so benign lines cannot use up
    // a rule's hits in a file before the line that matters, and what a decoder finds in them still counts.
    if (severity === null) continue;
    (matched ??= new Set()).add(rule.id);
    s.saturated[r]!++;
    // Security teaching describes attacks in its prose; what it says is weighed a step lower.
    if (env.securityThemed && env.ctx === "instruction" && env.via.length === 0) severity = lower(severity);
    for (const fact of rule.facts ?? []) if (!facts.has(fact)) facts.set(fact, { file: env.file.path, line: index + 1, at, ctx: env.ctx });
    if (rule.factOnly) continue;
    const hidden = env.via.length > 0;
    hits.push({
      rule: rule.id,
      kind: rule.kind,
      severity: hidden ? raise(severity) : severity,
      file: env.file.path,
      line: index + 1,
      at: hidden ? at : m.index,
      why: hidden ? `Hidden with ${env.via.join(" inside ")}: ${rule.why[0]!.toLowerCase()}${rule.why.slice(1)}` : rule.why,
    });
  }
  return matched ?? NONE;
}

/** The match is quoted or framed as an example, a warning or detection material, not said or done. */
function isExample(text: string, m: RegExpExecArray, env: LineEnv): boolean {
  if (env.via.length > 0 || env.ctx === "hidden") return false;
  // Framing counts within the match's own sentence: "Do not tell the user." does not frame the sentence before it.
  const start = Math.max(text.lastIndexOf(". ", m.index), text.lastIndexOf("! ", m.index), text.lastIndexOf("? ", m.index)) + 1;
  const endAt = text.slice(m.index + m[0].length).search(/[.!?](?:\s|$)/);
  const end = endAt === -1 ? text.length : m.index + m[0].length + endAt;
  const outside = `${text.slice(start, m.index)} ${text.slice(m.index + m[0].length, end)}`;
  if (env.ctx === "instruction")
    return (
      proseIsFramed(outside) ||
      (isQuoted(text, m.index, m.index + m[0].length) && /\b(?:like|such as|e\.g\.|says?|phrases?|text|wording|strings?)\b/i.test(outside))
    );
  if (env.ctx === "command") return /^\s{0,8}(?:#|\/\/|REM\b)/.test(text) && proseIsFramed(outside);
  // In code, a comment or a string kept as a detection pattern describes behaviour rather than performing it.
  if (COMMENT.test(text)) return proseIsFramed(outside) || WEAK_EXAMPLE.test(outside);
  if (env.file.lang === "shell") return false;
  return (
    isQuoted(text, m.index, m.index + m[0].length) && (PATTERN_DATA.test(text) || proseIsFramed(outside) || WEAK_EXAMPLE.test(outside))
  );
}

/** Invisible text: Unicode tag characters, runs of zero-width characters, bidirectional overrides. */
function characterChecks(line: string, index: number, ctx: LineContext, view: FileView, hits: Hit[]): void {
  if (line.length === 0) return;
  const soft = ctx === "example";
  const push = (rule: string, severity: Severity, at: number, why: string) =>
    hits.push({ rule, kind: "hidden-text", severity: soft ? "low" : severity, file: view.path, line: index + 1, at, why });
  for (const t of hiddenTagText(line)) {
    if (t.text.trim().length >= 2)
      push("unicode-tag-text", "high", t.at, "Unicode tag characters carry text no reader sees but a model reads; remove them.");
  }
  // A byte-order mark at the start of a file and zero-width joiners inside emoji are normal.
  const stray = strayZeroWidth(line) - (index === 0 && line.startsWith("\uFEFF") ? 1 : 0);
  if (stray >= 8)
    push(
      "zero-width-text",
      "medium",
      line.search(/[\u200B\u200C\u2060-\u2064\uFEFF\u180E]/),
      "Runs of zero-width characters can hide text or split words to dodge review; remove them.",
    );
  const bidi = line.search(/[\u202A-\u202E\u2066-\u2069]/);
  if (bidi !== -1)
    push(
      "bidi-control",
      isCode(view.lang) ? "medium" : "low",
      bidi,
      "Bidirectional control characters make text display in a different order than it runs; remove them or use plain text.",
    );
}

/** Zero-width characters on a line, leaving out joiners (emoji) and soft hyphens; counted up to 8. */
function strayZeroWidth(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length && n < 9; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x200b || c === 0x200c || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff || c === 0x180e) n++;
  }
  return n;
}
