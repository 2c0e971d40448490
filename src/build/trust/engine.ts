// Reads one file line by line: each line in its context, through every rule, then what the decoders
// find hidden in it, decoded again to a fixed depth. A hit is reported on the line as written, so the
// excerpt is always there to see.
import type { Severity } from "../../schemas/trust.js";
import { type Budget, decodeLine, hiddenTagText, ZERO_WIDTH } from "./decode.js";
import { isCode } from "./files.js";
import { isQuoted, type LineContext, markdownContexts, proseIsFramed, WEAK_EXAMPLE } from "./markdown.js";
import { type LineMarks, Prefilter } from "./prefilter.js";
import { LINE_RULES } from "./rules/index.js";
import { splitLines } from "./text.js";
import { type Context, type Fact, type FileView, type Hit, type LineEnv, lower, raise } from "./types.js";

/** Decoded text is decoded again at most this many times (base64 in hex in base64…). */
const MAX_DEPTH = 3;
/** Decoded characters allowed per file, whatever the file holds. */
const DECODE_BUDGET = 64 * 1024;
/** A rule that has hit this often in one file is not run again there: more of the same adds nothing. */
const HITS_PER_RULE = 8;

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
const RULE_INDEX = new Map(LINE_RULES.map((r, i) => [r.id, i]));

export function scanFile(input: FileInput): FileScan {
  const { view } = input;
  const lines = splitLines(input.content);
  const contexts: LineContext[] =
    view.lang === "markdown"
      ? markdownContexts(lines, input.securityThemed)
      : lines.map(() => (view.lang === "detection" ? "example" : isCode(view.lang) ? "code" : "config"));
  const hits: Hit[] = [];
  const facts = new Map<Fact, FactSite>();
  const budget: Budget = { chars: DECODE_BUDGET };
  const marks = PREFILTER.scan(input.content);
  const saturated = new Map<number, number>();

  lines.forEach((line, index) => {
    const ctx = contexts[index]!;
    const mark = marks[index]!;
    if (mark.invisible) characterChecks(line, index, ctx, view, hits);
    if (ctx === "example" || line.length === 0) return;
    const env: LineEnv = { ctx, file: view, owner: input.owner, via: [], declared: input.declared, securityThemed: input.securityThemed };
    const visit = (text: string, e: LineEnv, at: number, depth: number, parentRules: ReadonlySet<string>, m?: LineMarks) => {
      const own = m ?? PREFILTER.scan(text)[0]!;
      const rules = own.rules.filter((r) => (saturated.get(r) ?? 0) < HITS_PER_RULE);
      const matched = rules.length > 0 ? runRules(text, rules, e, index, at, hits, facts, parentRules) : NONE;
      for (const id of matched) {
        const r = RULE_INDEX.get(id)!;
        saturated.set(r, (saturated.get(r) ?? 0) + 1);
      }
      if (depth >= MAX_DEPTH || !(own.decode || own.invisible)) return;
      for (const d of decodeLine(text, budget, e.via)) {
        const hiddenCtx: Context = d.via === "Unicode tag characters" || d.via.startsWith("zero-width") ? "hidden" : e.ctx;
        const decodedLines = splitLines(d.text).slice(0, 400);
        const decodedMarks = PREFILTER.scan(decodedLines.join("\n"));
        decodedLines.forEach((decodedLine, k) => {
          visit(
            decodedLine,
            { ...e, ctx: hiddenCtx, via: [...e.via, d.via] },
            e.via.length ? at : d.at,
            depth + 1,
            matched,
            decodedMarks[k],
          );
        });
      }
    };
    visit(line, env, 0, 0, NONE, mark);
    // What a rendered page does not show: an HTML comment's text and hidden HTML elements are read as hidden.
    if (view.lang === "markdown" && line.includes("<")) {
      for (const m of line.matchAll(/<!--([\s\S]{0,65536}?)(?:-->|$)/g)) {
        if (ctx !== "hidden") visit(m[1]!, { ...env, ctx: "hidden" }, m.index, 1, NONE);
      }
      if (
        /style\s{0,2}=\s{0,2}["'][^"']{0,200}(?:display\s{0,2}:\s{0,2}none|visibility\s{0,2}:\s{0,2}hidden|font-size\s{0,2}:\s{0,2}0(?![.\d])|opacity\s{0,2}:\s{0,2}0(?![.\d]))|<\w{1,10}\s[^>]{0,200}\bhidden\b/i.test(
          line,
        )
      ) {
        visit(line, { ...env, ctx: "hidden" }, 0, 1, NONE);
      }
    }
  });
  return { hits, facts, lines };
}

/** Runs every rule that applies to the context over one text; returns the rules that matched. */
function runRules(
  text: string,
  candidates: readonly number[],
  env: LineEnv,
  index: number,
  at: number,
  hits: Hit[],
  facts: Map<Fact, FactSite>,
  parentRules: ReadonlySet<string>,
): Set<string> {
  const matched = new Set<string>();
  for (const r of candidates) {
    const rule = LINE_RULES[r]!;
    const base = rule.severity[env.ctx];
    if (!base && !rule.factOnly) continue;
    const m = rule.re.exec(text);
    if (!m) continue;
    if (isExample(text, m, env)) continue;
    matched.add(rule.id);
    // A decoded text that says what its encoded line already said adds nothing.
    if (parentRules.has(rule.id)) continue;
    // A comment in a script describes; it leaves no facts about what the script does.
    if (rule.factOnly && (env.ctx === "code" || env.ctx === "config") && COMMENT.test(text)) continue;
    let severity: Severity | null = base ?? "low";
    if (rule.grade) severity = rule.grade(m, text, env, severity);
    if (severity === null) continue;
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
  return matched;
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
  const zw = line.match(ZERO_WIDTH);
  if (zw) {
    // A byte-order mark at the start of a file and zero-width joiners inside emoji are normal.
    const stray = zw.filter((c) => c !== "\u200D" && c !== "\u00AD").length - (index === 0 && line.startsWith("\uFEFF") ? 1 : 0);
    if (stray >= 8)
      push(
        "zero-width-text",
        "medium",
        line.search(/[\u200B\u200C\u2060-\u2064\uFEFF\u180E]/),
        "Runs of zero-width characters can hide text or split words to dodge review; remove them.",
      );
  }
  const bidi = line.search(/[\u202A-\u202E\u2066-\u2069]/);
  if (bidi !== -1)
    push(
      "bidi-control",
      isCode(view.lang) ? "medium" : "low",
      bidi,
      "Bidirectional control characters make text display in a different order than it runs; remove them or use plain text.",
    );
}
