// What the meaning model learns from: every SKILL.md of every repository (nested skills' bodies
// included, which the term index does not hold) as one document, its name and description in one
// list and the start of its body in another. Collected in the build's first pass, beside the term
// index and through the same collector, so the text is analysed as it streams by and never held.

import { bodyStart } from "../../contract/skill-body.js";
import type { SkillRecord } from "../../schemas/dataset.js";
import type { PostingCollector } from "./collect-postings.js";
import { isPrimaryBody, type ScannedBody } from "./shared-terms.js";

/** The meaning collector's lists: a file's name and description, and its body. */
export const MEANING_ABOUT = 0;
export const MEANING_BODY = 1;
export const MEANING_FIELDS = 2;

/**
 * Characters of a SKILL.md body the model reads. The start of a body says what the skill is for
 * (its intro, first headings, when to use it); the rest is mostly procedure and code. The bound keeps
 * the model's cost per file fixed: at 100,000 skills the bodies are several hundred MB of text.
 */
export const MEANING_BODY_CHARS = 3000;

/**
 * Adds one document per SKILL.md of `record`, in path order. `body`, the record's primary body
 * scanned by the collector's terms (shared-terms.ts scanPrimaryBody, for the term index too), is
 * taken as scanned up to the bound instead of scanning its start again.
 */
export function collectMeaning(collector: PostingCollector, record: SkillRecord, body?: ScannedBody): void {
  const files = [...record.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const scanned = body && isPrimaryBody(body, record) ? body : undefined;
  for (const file of files) {
    collector.addText(MEANING_ABOUT, file.name);
    collector.addText(MEANING_ABOUT, file.description);
    if (scanned && file.path === record.primary) collector.addScanned(MEANING_BODY, scanned, MEANING_BODY_CHARS);
    else {
      const start = bodyStart(file.content);
      collector.addText(MEANING_BODY, file.content.slice(start, start + MEANING_BODY_CHARS));
    }
    collector.endSkill();
  }
}
