// The slim records as the build's main thread keeps them, every skill at once until the lists are
// written (at 1M skills the largest thing the first pass leaves in its heap). A record a worker posts
// arrives as a fresh structured clone: every skill gets its own copy of values most skills share
// (the platform list, the category list, the license, the emptied star history, topics and author)
// and its file objects come out of the clone with room for more properties than they hold. Here the
// shared values are kept once (frozen, so a consumer that would change one fails loudly instead of
// changing every skill's) and each file object is made afresh. Measured over the first 20,000 skills
// of the 1M synthetic dataset: 2,460 bytes of heap a record as cloned, 1,669 as compacted
// (bench/results/build-1m.md). The record's fields, their order and their values are unchanged.
// A trust mark without a why (every verdict but malicious) is likewise kept once.
import type { SlimRecord } from "../dataset/stream.js";
import type { SkillFile } from "../schemas/dataset.js";
import type { TrustVerdict } from "../schemas/trust.js";
import type { TrustMark } from "./scan-record.js";

/** The fields whose values repeat across skills: a few to a few thousand distinct values at 1M. */
const SHARED = [
  "platforms",
  "categories",
  "subcategories",
  "aliases",
  "topics",
  "starHistory",
  "installCommands",
  "author",
  "license",
  "defaultBranch",
  "primary",
] as const;

/** Distinct values kept per field at most: past it, a new value stays the record's own (a field nearly unique per skill gains nothing). */
const MAX_DISTINCT = 1 << 16;

export class RecordCompactor {
  /** Per field, each distinct value (by its JSON) once. */
  private readonly seen = SHARED.map(() => new Map<string, unknown>());

  /** `record` with its shared values replaced by the one kept copy and its file objects made afresh; the same record, changed in place. */
  compact(record: SlimRecord): SlimRecord {
    const fields = record as unknown as Record<string, unknown>;
    SHARED.forEach((field, i) => {
      const value = fields[field];
      const key = typeof value === "string" ? value : JSON.stringify(value);
      const seen = this.seen[i]!;
      const known = seen.get(key);
      if (known !== undefined) fields[field] = known;
      else if (seen.size < MAX_DISTINCT) seen.set(key, deepFreeze(value));
    });
    record.files = record.files.map((file) => copyFile(file, record));
    return record;
  }

  /** The one kept copy of a verdict without a why (all but malicious skills'); a malicious skill's mark is its own. */
  mark(mark: TrustMark): TrustMark {
    if (mark.why !== undefined) return mark;
    return (this.marks[mark.verdict] ??= Object.freeze({ verdict: mark.verdict }));
  }

  private readonly marks: Partial<Record<TrustVerdict, TrustMark>> = {};

  /** The one kept copy of `text`, for strings many skills repeat (the build cache's stats and reviews entries, see cache-store.ts). */
  text(text: string): string {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    if (this.texts.size < MAX_DISTINCT) this.texts.set(text, text);
    return text;
  }

  private readonly texts = new Map<string, string>();
}

/**
 * A file object rebuilt property by property, in its own order (a fresh object is laid out for
 * exactly what it holds). A primary SKILL.md's path, name and description are most often the
 * record's own: the same text, then kept once.
 */
function copyFile(file: SkillFile, record: SlimRecord): SkillFile {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(file)) out[key] = file[key as keyof SkillFile];
  if (file.description === record.description) out.description = record.description;
  if (file.name === record.name) out.name = record.name;
  if (file.path === record.primary) out.path = record.primary;
  return out as SkillFile;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
