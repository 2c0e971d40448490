// The report every rebuild leaves: which stages ran and how they ended, what changed in the
// directory, what it cost in GitHub requests, how long the build took and what was deployed.
// Written as JSON (an artifact) and as Markdown (the Actions run summary and the terminal).
import { z } from "zod";
import { badLines } from "../../dataset/files.js";

/** `queue` and `dequeue` run only with --queued: read the re-index queue first, delete what was served once it is. */
export const STAGES = ["queue", "restore", "crawl", "build", "smoke", "deploy", "dequeue", "save", "webhooks"] as const;
export const StageName = z.enum(STAGES);
export type StageName = z.infer<typeof StageName>;

export const StageResult = z
  .object({
    stage: StageName,
    status: z.enum(["ok", "failed", "skipped"]),
    millis: z.number().int().nonnegative(),
    note: z.string(),
  })
  .strict();
export type StageResult = z.infer<typeof StageResult>;

export const RebuildSummary = z
  .object({
    ok: z.boolean(),
    /** The stage that stopped the run and why; null when every stage that ran passed. */
    failure: z.object({ stage: StageName, message: z.string() }).strict().nullable(),
    stages: z.array(StageResult),
    skills: z
      .object({
        added: z.number().int(),
        updated: z.number().int(),
        removed: z.number().int(),
        failed: z.number().int(),
        total: z.number().int(),
      })
      .strict()
      .nullable(),
    github: z.object({ requests: z.number().int(), remaining: z.number().int().nullable() }).strict().nullable(),
    build: z
      .object({
        millis: z.number().int(),
        files: z.number().int(),
        written: z.number().int(),
        bytes: z.number().int(),
        skipped: z
          .array(z.object({ line: z.number().int().nullable(), repository: z.string().nullable(), message: z.string() }).strict())
          .describe("The lines of skills.jsonl the build skipped as not valid records"),
      })
      .strict()
      .nullable(),
    deployed: z.object({ project: z.string(), branch: z.string(), url: z.string().nullable() }).strict().nullable(),
    snapshot: z.string().nullable().describe("The dataset snapshot saved (or restored, when nothing was saved)"),
    queued: z
      .array(z.string())
      .optional()
      .describe("With --queued: the repositories (owner/repo) the run took from the re-index queue, oldest request first"),
  })
  .strict();
export type RebuildSummary = z.infer<typeof RebuildSummary>;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Skipped lines listed one by one in the Markdown; summary.json holds them all. */
const SKIPPED_SHOWN = 20;

/** The summary as Markdown: a verdict line, the figures, then one row per stage. */
export function summaryMarkdown(s: RebuildSummary): string {
  const lines = [`## Rebuild ${s.ok ? "succeeded" : `failed at ${s.failure?.stage}`}`, ""];
  if (s.failure) lines.push(`**${s.failure.stage} failed:** ${s.failure.message}`, "");
  if (s.queued) lines.push(`- Re-index queue: ${s.queued.length === 0 ? "empty" : s.queued.join(", ")}`);
  if (s.skills) {
    const k = s.skills;
    lines.push(`- Skills: ${k.added} added, ${k.updated} updated, ${k.removed} removed, ${k.failed} failed; ${k.total} in the directory`);
  }
  if (s.github) lines.push(`- GitHub requests: ${s.github.requests} spent, ${s.github.remaining ?? "unknown"} left`);
  if (s.build) {
    const { skipped } = s.build;
    lines.push(
      `- Build: ${seconds(s.build.millis)}, ${s.build.files} files (${s.build.written} written), ${(s.build.bytes / 1e6).toFixed(1)} MB` +
        (skipped.length > 0 ? `; ${badLines(skipped.length)} of skills.jsonl skipped:` : ""),
    );
    for (const p of skipped.slice(0, SKIPPED_SHOWN))
      lines.push(`  - line ${p.line ?? "?"}${p.repository ? ` (${p.repository})` : ""}: ${p.message.replaceAll("\n", " ")}`);
    if (skipped.length > SKIPPED_SHOWN) lines.push(`  - and ${skipped.length - SKIPPED_SHOWN} more (summary.json lists them all)`);
  }
  lines.push(
    `- Deployed: ${s.deployed ? `${s.deployed.project} (${s.deployed.branch})${s.deployed.url ? ` at ${s.deployed.url}` : ""}` : "nothing"}`,
  );
  if (s.snapshot) lines.push(`- Dataset snapshot: ${s.snapshot}`);
  lines.push("", "| stage | result | time | note |", "| --- | --- | --- | --- |");
  for (const st of s.stages)
    lines.push(`| ${st.stage} | ${st.status} | ${seconds(st.millis)} | ${st.note.replaceAll("|", "\\|").replaceAll("\n", " ")} |`);
  return `${lines.join("\n")}\n`;
}
