// The development corpus in the shared dataset's format: skills.jsonl and files.jsonl rows (owner, repo,
// path, raw, blobSha, size, mode) and labels.jsonl (repository, expected verdict, kinds, reason). The rows
// are generated from malicious.ts and benign.ts (`npx tsx test/trust/corpus/generate.ts`); a test checks the
// committed files match.
import { createHash } from "node:crypto";
import type { FindingKind, TrustVerdict } from "../../../src/schemas/trust.js";
import { BENIGN } from "./benign.js";
import type { CorpusCase } from "./case.js";
import { MALICIOUS } from "./malicious.js";
import { BENIGN_VARIANTS, MALICIOUS_VARIANTS } from "./variants.js";

export const MALICIOUS_OWNER = "mal-corpus";
export const BENIGN_OWNER = "ben-corpus";

export interface Row {
  owner: string;
  repo: string;
  path: string;
  raw: string;
  blobSha: string;
  size: number;
  mode?: string;
}

export interface Label {
  owner: string;
  repo: string;
  verdict: TrustVerdict;
  kinds: FindingKind[];
  reason: string;
  /** `variants`: a case of test/trust/corpus/variants.ts, written after the rules it tests (recall on the unseen). */
  set?: "variants";
}

const blobSha = (raw: string) =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(raw)}\0${raw}`)
    .digest("hex");
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function rowsOf(owner: string, c: CorpusCase): Row[] {
  return Object.entries(c.files)
    .sort(([a], [b]) => byteOrder(a, b))
    .map(([path, raw]) => {
      const mode = c.modes?.[path] ?? (raw.startsWith("#!") ? "100755" : undefined);
      return { owner, repo: c.repo, path, raw, blobSha: blobSha(raw), size: Buffer.byteLength(raw), ...(mode ? { mode } : {}) };
    });
}

export function corpusRows(): { skills: Row[]; files: Row[]; labels: Label[] } {
  const all = [
    ...MALICIOUS.map((c) => ({ owner: MALICIOUS_OWNER, c, verdict: c.expect ?? ("malicious" as const), variant: false })),
    ...MALICIOUS_VARIANTS.map((c) => ({ owner: MALICIOUS_OWNER, c, verdict: c.expect ?? ("malicious" as const), variant: true })),
    ...BENIGN.map((c) => ({ owner: BENIGN_OWNER, c, verdict: c.expect ?? ("clean" as const), variant: false })),
    ...BENIGN_VARIANTS.map((c) => ({ owner: BENIGN_OWNER, c, verdict: c.expect ?? ("clean" as const), variant: true })),
  ].sort((a, b) => `${a.owner}/${a.c.repo}`.toLowerCase().localeCompare(`${b.owner}/${b.c.repo}`.toLowerCase()));
  const rows = all.flatMap(({ owner, c }) => rowsOf(owner, c));
  const isSkill = (r: Row) => r.path === "SKILL.md" || r.path.endsWith("/SKILL.md");
  return {
    skills: rows.filter(isSkill),
    files: rows.filter((r) => !isSkill(r)),
    labels: all.map(({ owner, c, verdict, variant }) => ({
      owner,
      repo: c.repo,
      verdict,
      kinds: c.kinds,
      reason: c.reason,
      ...(variant ? { set: "variants" as const } : {}),
    })),
  };
}

export const toJsonl = (rows: readonly object[]) => `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;
