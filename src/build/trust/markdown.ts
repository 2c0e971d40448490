// How each line of a markdown file is read: prose the agent is told (instruction), a code block framed as
// something to run (command), a code block framed as an example, a quoted attack or detection material
// (example), or text a reader does not see (HTML comments: hidden). A security skill that documents
// `curl | bash` under "Red flags" is teaching, not attacking; a SKILL.md whose "Required setup" says to run
// it is an instruction.
import type { Context } from "./types.js";

export type LineContext = Context | "example";

/** Words that frame what follows as an example of something bad, or as something to detect or avoid. */
const EXAMPLE_FRAME =
  /\b(?:don'?t|do not|never|avoid|bad|wrong|vulnerab\w{0,6}|insecure|unsafe|malicious|malware|attacks?|attackers?|exploit\w{0,4}|payloads?|dangerous|suspicious|detect\w{0,4}|flag(?:s|ged)?|red flags?|indicators?|signatures?|iocs?|anti-?patterns?|block(?:s|ed|list)?|den(?:y|ied|ylist)|reject\w{0,3}|look(?:s)? (?:for|like)|watch for|scan\w{0,3} for|warning|caution|threats?|phishing|injections?|forbidden|prohibited|not allowed|should not|must not|instead of|risky|hostile|adversar\w{0,5}|audit\w{0,3}|findings?|evil|compromise\w?|backdoors?|persistence|exfiltrat\w{0,5}|reverse shells?|obfuscat\w{0,5}|sanitiz\w{0,3}|test cases?|fixtures?|mitigat\w{0,5}|guard\w{0,3})\b/i;
/** Weaker framing: an example, but not of anything bad. Loses to instruction framing. */
export const WEAK_EXAMPLE = /\b(?:examples?|for instance|such as|like this|sample|output|looks like|result)\b|\be\.g\.|\bi\.e\./i;
/** Framing that makes a code block something to run. */
const INSTRUCTION_FRAME =
  /\b(?:run|execute|paste|copy|install\w{0,4}|set ?up|setup|required|requires?|prerequisites?|first|before (?:using|you|running)|must|enter|type|launch|start|initiali[sz]e|activate|configure|usage|step)\b/i;
/** Framing that wins over an example frame: the skill insists the block be run. */
const STRONG_INSTRUCTION =
  /\b(?:run (?:this|these|the following|it) (?:first|now|before|immediately)|required (?:setup|step|dependency|utility|component|tool)|before (?:using|running) (?:this|the) skill|must (?:first )?(?:be )?(?:run|install|execute)|paste (?:this|it|the following) (?:in|into)|(?:copy|paste) (?:and|&) (?:paste|run))\b/i;
/** Fence languages that hold detection rules or patterns, never commands. */
const EXAMPLE_LANGS = /^(?:yara|sigma|regex|re|text|txt|diff|log|output|snort|suricata|kql|spl)$/i;
const CONFIG_LANGS = /^(?:json|jsonc|yaml|yml|toml|ini|xml)$/i;

/** Security-themed skills (audits, detection, pentest teaching): unframed code blocks default to examples. */
export const SECURITY_THEME =
  /\b(?:security|secure|audit\w{0,3}|vulnerab\w{0,6}|malware|threat\w{0,3}|pentest\w{0,3}|penetration|red[- ]team\w{0,3}|exploit\w{0,4}|forensic\w{0,2}|incident|detection|detect|yara|sigma|ctf|injection|hardening|attack\w{0,3}|offensive|defensive|siem|soc analyst|appsec|owasp|cve|fuzz\w{0,4}|sanitiz\w{0,3}|supply[- ]chain|guardrails?|safety)\b/i;

interface Section {
  level: number;
  framed: boolean;
}

/**
 * One context per line of a markdown file. `securityThemed`: the skill's name or description is about
 * security, so unframed code blocks are read as examples unless the prose insists they be run.
 */
export function markdownContexts(lines: readonly string[], securityThemed: boolean): LineContext[] {
  const out: LineContext[] = new Array(lines.length);
  let i = 0;
  // Frontmatter is read by the agent as what the skill is: instruction.
  if (lines[0]?.replace(/^\uFEFF/, "").trim() === "---") {
    out[0] = "instruction";
    for (i = 1; i < lines.length; i++) {
      out[i] = "instruction";
      if (lines[i]!.trim() === "---") {
        i++;
        break;
      }
    }
  }
  const sections: Section[] = [];
  /** How many open sections are framed as examples: a line under any of them is an example. */
  let framedSections = 0;
  // The last three non-blank prose lines before a code block, its lead-in (a fixed ring: no allocation a line).
  const recentProse: string[] = ["", "", ""];
  let proseCount = 0;
  let inComment = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (inComment) {
      out[i] = "hidden";
      if (line.includes("-->")) inComment = false;
      continue;
    }
    // The first character decides what a line can be: regular expressions run only on candidates.
    const lead = firstNonSpace(line);
    const first = lead === -1 ? 0 : line.charCodeAt(lead);
    const fence = first === 96 || first === 126 ? FENCE.exec(line.slice(lead)) : null;
    if (fence) {
      const marker = fence[1]!;
      const ctx = blockContext(fence[2] ?? "", recentProse.slice(3 - proseCount), framedSections > 0, securityThemed);
      out[i] = ctx === "config" ? "config" : ctx;
      let j = i + 1;
      for (; j < lines.length; j++) {
        const l = lines[j]!;
        if (l.includes(marker)) {
          const t = l.trim();
          if (t.startsWith(marker) && /^[`~]*$/.test(t)) break;
        }
        out[j] = ctx;
      }
      if (j < lines.length) out[j] = ctx;
      i = j;
      proseCount = 0;
      continue;
    }
    const heading = first === 35 ? HEADING.exec(line.slice(lead)) : null;
    if (heading) {
      const level = heading[1]!.length;
      while (sections.length > 0 && sections[sections.length - 1]!.level >= level) {
        if (sections.pop()!.framed) framedSections--;
      }
      const framed = framedSections > 0 || EXAMPLE_FRAME.test(line);
      sections.push({ level, framed });
      if (framed) framedSections++;
      proseCount = 0;
    }
    const commentStart = line.indexOf("<!--");
    if (commentStart !== -1 && !line.includes("-->", commentStart + 4)) inComment = true;
    out[i] = framedSections > 0 ? "example" : "instruction";
    if (lead !== -1) {
      recentProse[0] = recentProse[1]!;
      recentProse[1] = recentProse[2]!;
      recentProse[2] = line;
      if (proseCount < 3) proseCount++;
    }
  }
  return out;
}

const FENCE = /^(`{3,}|~{3,})\s{0,4}([\w+-]{0,20})/;
const HEADING = /^(#{1,6})\s/;

/** Index of the first character that String.prototype.trimStart keeps, -1 for a blank line. */
function firstNonSpace(line: string): number {
  for (let k = 0; k < line.length; k++) if (!isSpace(line.charCodeAt(k))) return k;
  return -1;
}

/** JavaScript's white space and line terminators (what trimStart removes). */
function isSpace(c: number): boolean {
  return c < 0x80 ? c === 32 || (c >= 9 && c <= 13) : isUnicodeSpace(c);
}

/** The white space past ASCII that trimStart and a pattern's \s take (U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF). */
export const isUnicodeSpace = (c: number): boolean =>
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

function blockContext(lang: string, lead: readonly string[], underFramedSection: boolean, securityThemed: boolean): LineContext {
  if (EXAMPLE_LANGS.test(lang)) return "example";
  const text = lead.join(" ");
  const strong = STRONG_INSTRUCTION.test(text);
  if (!strong && (underFramedSection || EXAMPLE_FRAME.test(text))) return "example";
  if (CONFIG_LANGS.test(lang)) return "config";
  if (strong || INSTRUCTION_FRAME.test(text)) return securityThemed && !strong ? "example" : "command";
  if (WEAK_EXAMPLE.test(text) || securityThemed) return "example";
  return "command";
}

/** A prose line framed as an example or a warning ("never run…", "attackers write…"). */
export function proseIsFramed(line: string): boolean {
  return EXAMPLE_FRAME.test(line);
}

/** The match sits inside quotes or backticks on its line: quoted, not said. */
export function isQuoted(line: string, start: number, end: number): boolean {
  for (const q of ["`", '"', "'"]) {
    // Symmetric quotes: an odd number before the match and one after it.
    if (countOf(line.slice(0, start), q) % 2 === 1 && line.indexOf(q, end) !== -1) return true;
  }
  for (const [open, close] of [
    ["“", "”"],
    ["«", "»"],
    ["‘", "’"],
  ] as const) {
    const o = line.lastIndexOf(open, start);
    if (o !== -1 && line.lastIndexOf(close, start) < o && line.indexOf(close, end) !== -1) return true;
  }
  return false;
}

function countOf(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i !== -1; i = s.indexOf(c, i + 1)) {
    // An apostrophe inside a word ("don't") opens no quote.
    if (c === "'" && /\p{L}/u.test(s[i - 1] ?? "") && /\p{L}/u.test(s[i + 1] ?? "")) continue;
    n++;
  }
  return n;
}
