// The shards of the built site: detail, files and summary shards, keyed by a stable hash of each
// skill's key, each a slotted shard (one JSON value per key, src/contract/slotted.ts) so the function
// parses only the entry a request needs. Every entry is validated against its schema once, as it is
// made. The text-heavy entries (detail, files) are rendered one skill at a time as the dataset
// streams (renderSkillEntries) and assembled shard by shard later (assembleShards); the summaries
// and old names come from the slim records the build keeps (planShards).
import { skillKey } from "../contract/key.js";
import { DetailEntry } from "../contract/manifest.js";
import { shardFile } from "../contract/paths.js";
import { packRef, shardCountFor, shardOf } from "../contract/shard.js";
import { bodyStart } from "../contract/skill-body.js";
import { primaryFile, toContent, toDetail, toStats, toSummary } from "../contract/skill-views.js";
import { encodeSlotted } from "../contract/slotted.js";
import { stableStringify } from "../dataset/json.js";
import type { SkillRecord, StatsFile } from "../schemas/dataset.js";
import { SkillContent, SkillSummary } from "../schemas/resources.js";

/**
 * Aim for shards of about this many bytes (detail) and items (summaries): few enough files for Pages'
 * 20,000 files per site and small enough for its 25 MiB per file at 100k skills
 * (https://developers.cloudflare.com/pages/platform/limits/; docs/SCALE.md has the counts).
 */
export const DETAIL_SHARD_BYTES = 512 * 1024;
export const SUMMARIES_PER_SHARD = 64;

/** One skill's text-heavy entries, as JSON: its detail entry, and its other SKILL.md files (null without any). */
export interface SkillEntries {
  detail: string;
  files: string | null;
}

/** Renders and validates the detail and files entries of one record. */
export function renderSkillEntries(r: SkillRecord, stats: StatsFile): SkillEntries {
  const { content: _body, ...rest } = toDetail(r);
  const primary = primaryFile(r);
  const detail = DetailEntry.parse({
    detail: rest,
    bodyStart: bodyStart(primary.content),
    content: toContent(primary),
    stats: toStats(r, stats),
  });
  const others = r.files.filter((f) => f.path !== r.primary);
  const files =
    others.length > 0 ? stableStringify(Object.fromEntries(others.map((f) => [f.path, SkillContent.parse(toContent(f))]))) : null;
  return { detail: stableStringify(detail), files };
}

/** The summary of one record, validated, as JSON. */
export const renderSummary = (r: SkillRecord): string => stableStringify(SkillSummary.parse(toSummary(r)));

/** What the slim records decide: shard counts, old names, summaries and where each lives. */
export interface ShardPlan {
  skillShards: number;
  summaryShards: number;
  aliases: number;
  /** Old names dropped because a live repository (or an earlier alias) holds that name now. */
  droppedAliases: string[];
  /** Detail shard -> its old-name entries, as [key, JSON]. */
  aliasEntries: Map<number, [string, string][]>;
  /** Per ordinal: where its summary lives. */
  refs: number[];
  /** Path -> slotted summary shard bytes. */
  summaryFiles: Map<string, Uint8Array>;
}

/**
 * Plans the shards from the records in key order (texts not needed: sizes decide the detail shard
 * count) and their summaries' JSON (renderSummary), one per record.
 */
export function planShards(records: readonly SkillRecord[], summaries: readonly string[]): ShardPlan {
  const totalBytes = records.reduce((n, r) => n + r.files.reduce((m, f) => m + f.size, 0) + 1024, 0);
  const skillShards = shardCountFor(totalBytes, DETAIL_SHARD_BYTES);
  const summaryShards = shardCountFor(records.length, SUMMARIES_PER_SHARD);
  // Live names win over old ones: a name can be freed by a rename and then taken by a new repository.
  const live = new Set<string>();
  for (const r of records) {
    const key = skillKey(r.owner, r.repo);
    if (live.has(key)) throw new Error(`two records share the key ${key}`);
    live.add(key);
  }
  const aliasTaken = new Set<string>();
  const droppedAliases: string[] = [];
  const aliasEntries = new Map<number, [string, string][]>();
  let aliases = 0;
  const bySummaryShard = new Map<number, { key: string; json: string; ordinal: number }[]>();
  records.forEach((r, ordinal) => {
    const key = skillKey(r.owner, r.repo);
    for (const alias of r.aliases) {
      const aliasKey = alias.toLowerCase();
      if (aliasKey === key || live.has(aliasKey) || aliasTaken.has(aliasKey)) {
        if (aliasKey !== key) droppedAliases.push(`${alias} -> ${r.owner}/${r.repo}`);
        continue;
      }
      aliasTaken.add(aliasKey);
      const shard = shardOf(aliasKey, skillShards);
      const list = aliasEntries.get(shard) ?? [];
      list.push([aliasKey, stableStringify(DetailEntry.parse({ alias: key }))]);
      aliasEntries.set(shard, list);
      aliases++;
    }
    const sShard = shardOf(key, summaryShards);
    const list = bySummaryShard.get(sShard) ?? [];
    list.push({ key, json: summaries[ordinal]!, ordinal });
    bySummaryShard.set(sShard, list);
  });
  const refs: number[] = new Array(records.length).fill(0);
  const summaryFiles = new Map<string, Uint8Array>();
  for (const [n, list] of bySummaryShard) {
    // Records arrive in key order, so each shard's list is already sorted by key.
    list.forEach((item, slot) => (refs[item.ordinal] = packRef(n, slot)));
    summaryFiles.set(shardFile("summaries", n), encodeSlotted(list.map((item) => [item.key, item.json] as const)));
  }
  return { skillShards, summaryShards, aliases, droppedAliases, aliasEntries, refs, summaryFiles };
}

const byKey = (a: readonly [string, string], b: readonly [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Encodes the detail and files shards of one batch of entries (every entry of the shards it
 * touches: a spill group, src/build/spill.ts), old names included; path -> bytes, in path order.
 */
export function assembleShards(
  details: readonly (readonly [string, string])[],
  files: readonly (readonly [string, string])[],
  plan: Pick<ShardPlan, "skillShards" | "aliasEntries">,
  shards: readonly number[],
): [string, Uint8Array][] {
  const byShard = (entries: readonly (readonly [string, string])[]) => {
    const out = new Map<number, (readonly [string, string])[]>();
    for (const entry of entries) {
      const n = shardOf(entry[0], plan.skillShards);
      const list = out.get(n) ?? [];
      list.push(entry);
      out.set(n, list);
    }
    return out;
  };
  const detailShards = byShard(details);
  for (const n of shards) {
    const aliases = plan.aliasEntries.get(n);
    if (aliases) detailShards.set(n, [...(detailShards.get(n) ?? []), ...aliases]);
  }
  const out: [string, Uint8Array][] = [];
  for (const [dir, map] of [
    ["files", byShard(files)],
    ["skills", detailShards],
  ] as const) {
    for (const n of [...map.keys()].sort((a, b) => a - b)) out.push([shardFile(dir, n), encodeSlotted(map.get(n)!.sort(byKey))]);
  }
  return out;
}
