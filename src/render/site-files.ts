// The shards of the built site: detail, files and summary shards, keyed by a stable hash of each
// skill's key, each a slotted shard (one JSON value per key, src/contract/slotted.ts) so the function
// parses only the entry a request needs. Every entry is validated against its schema once, as it is made.
import { skillKey } from "../contract/key.js";
import { DetailEntry, type DetailShard, type FilesShard } from "../contract/manifest.js";
import { shardFile } from "../contract/paths.js";
import { packRef, shardCountFor, shardOf } from "../contract/shard.js";
import { bodyStart } from "../contract/skill-body.js";
import { encodeSlotted } from "../contract/slotted.js";
import { stableStringify } from "../dataset/json.js";
import type { SkillRecord, StatsFile } from "../schemas/dataset.js";
import { SkillContent, SkillSummary } from "../schemas/resources.js";
import { primaryFile, toContent, toDetail, toStats, toSummary } from "./skill-views.js";

/** Aim for shards of about this many bytes (detail) and items (summaries). */
export const DETAIL_SHARD_BYTES = 512 * 1024;
export const SUMMARIES_PER_SHARD = 64;

export interface ShardSet {
  /** Path -> slotted shard bytes. */
  files: Map<string, Uint8Array>;
  /** Per ordinal: where its summary lives. */
  refs: number[];
  skillShards: number;
  summaryShards: number;
  aliases: number;
  /** Old names dropped because a live repository (or an earlier alias) holds that name now. */
  droppedAliases: string[];
}

export function renderShards(records: readonly SkillRecord[], stats: StatsFile): ShardSet {
  const totalBytes = records.reduce((n, r) => n + r.files.reduce((m, f) => m + f.size, 0) + 1024, 0);
  const skillShards = shardCountFor(totalBytes, DETAIL_SHARD_BYTES);
  const summaryShards = shardCountFor(records.length, SUMMARIES_PER_SHARD);
  const details = new Map<number, DetailShard>();
  const nested = new Map<number, FilesShard>();
  const summaries = new Map<number, { key: string; summary: SkillSummary; ordinal: number }[]>();
  // Live names win over old ones: a name can be freed by a rename and then taken by a new repository.
  const live = new Set<string>();
  for (const r of records) {
    const key = skillKey(r.owner, r.repo);
    if (live.has(key)) throw new Error(`two records share the key ${key}`);
    live.add(key);
  }
  const aliasTaken = new Set<string>();
  const droppedAliases: string[] = [];
  let aliases = 0;

  records.forEach((r, ordinal) => {
    const key = skillKey(r.owner, r.repo);
    const { content: _body, ...rest } = toDetail(r);
    const primary = primaryFile(r);
    const shard = shardOf(key, skillShards);
    const entries = details.get(shard) ?? {};
    entries[key] = DetailEntry.parse({
      detail: rest,
      bodyStart: bodyStart(primary.content),
      content: toContent(primary),
      stats: toStats(r, stats),
    });
    details.set(shard, entries);
    for (const alias of r.aliases) {
      const aliasKey = alias.toLowerCase();
      if (aliasKey === key || live.has(aliasKey) || aliasTaken.has(aliasKey)) {
        if (aliasKey !== key) droppedAliases.push(`${alias} -> ${r.owner}/${r.repo}`);
        continue;
      }
      aliasTaken.add(aliasKey);
      const aliasShard = shardOf(aliasKey, skillShards);
      const aliasEntries = details.get(aliasShard) ?? {};
      aliasEntries[aliasKey] = DetailEntry.parse({ alias: key });
      details.set(aliasShard, aliasEntries);
      aliases++;
    }
    const others = r.files.filter((f) => f.path !== r.primary);
    if (others.length > 0) {
      const files = nested.get(shard) ?? {};
      files[key] = Object.fromEntries(others.map((f) => [f.path, SkillContent.parse(toContent(f))]));
      nested.set(shard, files);
    }
    const sShard = shardOf(key, summaryShards);
    const list = summaries.get(sShard) ?? [];
    list.push({ key, summary: SkillSummary.parse(toSummary(r)), ordinal });
    summaries.set(sShard, list);
  });

  const slotted = (entries: Record<string, unknown>) =>
    encodeSlotted(
      Object.keys(entries)
        .sort()
        .map((k) => [k, stableStringify(entries[k])] as const),
    );
  const files = new Map<string, Uint8Array>();
  for (const [n, shard] of details) files.set(shardFile("skills", n), slotted(shard));
  for (const [n, shard] of nested) files.set(shardFile("files", n), slotted(shard));
  const refs: number[] = new Array(records.length).fill(0);
  for (const [n, list] of summaries) {
    // Records arrive in key order, so each shard's list is already sorted by key.
    list.forEach((item, slot) => (refs[item.ordinal] = packRef(n, slot)));
    files.set(shardFile("summaries", n), encodeSlotted(list.map((item) => [item.key, stableStringify(item.summary)] as const)));
  }
  return { files, refs, skillShards, summaryShards, aliases, droppedAliases };
}
