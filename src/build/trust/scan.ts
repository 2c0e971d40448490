// The static scanner (docs/TRUST.md): reads every SKILL.md and every text file of a repository's skill
// folders, never running or importing any of it, and says what is dangerous, where, and why. Pure: no I/O.
import type { FolderFile, SkillFile } from "../../schemas/dataset.js";
import type { Finding, TrustVerdict } from "../../schemas/trust.js";
import { type FileScan, scanFile } from "./engine.js";
import { fileLanguage } from "./files.js";
import { folderFindings, type SkillFolder } from "./flows.js";
import { SECURITY_THEME } from "./markdown.js";
import { excerptOf } from "./text.js";
import type { FileView, Hit } from "./types.js";
import { FINDINGS_MAX, orderFindings, verdictOf } from "./verdict.js";

/** The rules' version: bump it whenever a rule, a grade or the verdict rule changes, so every verdict is redone. */
export const RULES_VERSION = "2026.11.4";

export interface ScanInput {
  owner: string;
  repo: string;
  name: string;
  description: string;
  /** Every SKILL.md of the repository, with content (SkillRecord.files). */
  skills: SkillFile[];
  /** SkillRecord.folderFiles ?? []. */
  folderFiles: FolderFile[];
}

export interface ScanResult {
  verdict: TrustVerdict;
  findings: Finding[];
  rules: string;
}

/** Security teaching and audit skills quote attacks on purpose; their unframed code blocks are examples. */
const isSecurityThemed = (name: string, description: string) => SECURITY_THEME.test(`${name} ${description}`);

export function scanRepository(input: ScanInput): ScanResult {
  const folders = new Map<string, SkillFolder>();
  const folderOf = (skill: string) => {
    let f = folders.get(skill);
    if (!f) {
      const md = input.skills.find((s) => s.path === skill);
      f = { skill, declared: md?.content.slice(0, 64 * 1024) ?? "", description: md?.description ?? "", files: [] };
      folders.set(skill, f);
    }
    return f;
  };
  const hits: Hit[] = [];
  const lines = new Map<string, string[]>();
  const scanOne = (view: FileView, content: string) => {
    const folder = folderOf(view.skill);
    const md = input.skills.find((s) => s.path === view.skill);
    const scan: FileScan = scanFile({
      view,
      content,
      owner: input.owner,
      declared: folder.declared,
      securityThemed: isSecurityThemed(md?.name ?? "", md?.description ?? "") || isSecurityThemed(input.repo, ""),
    });
    folder.files.push({ view, scan });
    lines.set(view.path, scan.lines);
    hits.push(...scan.hits);
  };
  for (const s of input.skills) scanOne({ path: s.path, skill: s.path, lang: "markdown", isSkillMd: true }, s.content);
  for (const f of input.folderFiles) {
    if (f.kind !== "text" || f.content === undefined) continue;
    scanOne({ path: f.path, skill: f.skill, lang: fileLanguage(f.path, f.content, f.mode), isSkillMd: false }, f.content);
  }
  for (const folder of folders.values()) hits.push(...folderFindings(folder));

  // Ordered and de-duplicated first; the excerpt is cut afterwards, once per finding kept.
  const ordered = orderFindings(hits.map((h) => ({ ...h, excerpt: "" })));
  const at = new Map(hits.map((h) => [`${h.rule}\u0000${h.file}\u0000${h.line}\u0000${h.severity}\u0000${h.why}`, h.at]));
  const findings: Finding[] = ordered.map((f) => ({
    rule: f.rule,
    kind: f.kind,
    severity: f.severity,
    file: f.file,
    line: f.line,
    excerpt: excerptOf(
      lines.get(f.file)?.[f.line - 1] ?? "",
      at.get(`${f.rule}\u0000${f.file}\u0000${f.line}\u0000${f.severity}\u0000${f.why}`) ?? 0,
    ),
    why: f.why,
  }));
  // Each skill folder is judged on its own findings (a collection of 800 skills does not add up its
  // skills' mediums); the repository takes its worst folder's verdict.
  const skillOfFile = new Map<string, string>();
  for (const folder of folders.values()) for (const f of folder.files) skillOfFile.set(f.view.path, folder.skill);
  const byFolder = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = skillOfFile.get(f.file) ?? "";
    byFolder.set(key, [...(byFolder.get(key) ?? []), f]);
  }
  const verdicts = [...byFolder.values()].map(verdictOf);
  const verdict: TrustVerdict = verdicts.includes("malicious") ? "malicious" : verdicts.includes("suspicious") ? "suspicious" : "clean";
  return { verdict, findings: findings.slice(0, FINDINGS_MAX), rules: RULES_VERSION };
}
