// The shards of the built site: detail, files and summary shards, keyed by a stable hash of each
// skill's key, each a slotted shard (one JSON value per key, src/contract/slotted.ts) so the function
// parses only the entry a request needs. Every entry is validated against its schema once, as it is
// made. The text-heavy entries (detail, files) are rendered one skill at a time as the dataset
// streams (renderSkillEntries) and assembled shard by shard later (assembleShards); the summaries
// and old names come from the slim records the build keeps (planShards).
import { createHash } from "node:crypto";
import { fileKey, skillKey } from "../contract/key.js";
import { DetailEntry, FilesEntry, TextEntry } from "../contract/manifest.js";
import { shardFile } from "../contract/paths.js";
import { packRef, shardCountFor, shardOf } from "../contract/shard.js";
import { bodyStart } from "../contract/skill-body.js";
import { fileList, primaryFile, toContent, toDetail, toStats, toSummary } from "../contract/skill-views.js";
import { encodeSlotted } from "../contract/slotted.js";
import { stableStringify } from "../dataset/json.js";
import type { SkillFile, SkillRecord, StatsFile } from "../schemas/dataset.js";
import { SkillSummary } from "../schemas/resources.js";
import type { Trust, TrustVerdict } from "../schemas/trust.js";

/**
 * Aim for shards of about this many bytes (detail, text) and items (summaries): few enough files for Pages'
 * 20,000 files per site and small enough for its 25 MiB per file at 100k skills
 * (https://developers.cloudflare.com/pages/platform/limits/; docs/SCALE.md has the counts).
 */
export const DETAIL_SHARD_BYTES = 512 * 1024;
export const TEXT_SHARD_BYTES = 256 * 1024;
export const SUMMARIES_PER_SHARD = 64;

/**
 * One skill's text-heavy entries, as JSON: its detail entry, its files entry (the listing of its
 * skill folders and its other SKILL.md files), and each other text file of its folders under its
 * file key (src/contract/key.ts fileKey).
 */
export interface SkillEntries {
  detail: string;
  files: string;
  texts: [string, string][];
  /** The bytes of the folders' other text files (their UTF-8 JSON), to size the text shards. */
  textBytes: number;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Renders and validates the detail (with its trust block), files and text entries of one record. */
export function renderSkillEntries(r: SkillRecord, stats: StatsFile, trust: Trust): SkillEntries {
  const { content: _body, ...rest } = toDetail(r, trust);
  const primary = primaryFile(r);
  const hashes = new Map(r.files.map((f) => [f.path, sha256(f.content)]));
  const hashOf = (f: SkillFile) => hashes.get(f.path)!;
  const detail = DetailEntry.parse({
    detail: rest,
    bodyStart: bodyStart(primary.content),
    content: toContent(primary, hashOf(primary)),
    stats: toStats(r, stats),
  });
  const others = r.files.filter((f) => f.path !== r.primary);
  const files = FilesEntry.parse({
    list: fileList(r, hashOf),
    skills: Object.fromEntries(others.map((f) => [f.path, toContent(f, hashOf(f))])),
  });
  const key = skillKey(r.owner, r.repo);
  const texts: [string, string][] = [];
  let textBytes = 0;
  for (const f of r.folderFiles ?? []) {
    if (f.kind !== "text" || f.content === undefined || hashes.has(f.path)) continue;
    // The dataset's sha256 is of the file's bytes; the served one is of the text as served.
    const json = stableStringify(TextEntry.parse({ content: f.content, sha: f.sha, size: f.size, sha256: sha256(f.content) }));
    texts.push([fileKey(key, f.path), json]);
    textBytes += json.length;
  }
  return { detail: stableStringify(detail), files: stableStringify(files), texts, textBytes };
}

/** The summary of one record with its verdict, validated, as JSON. */
export const renderSummary = (r: SkillRecord, verdict: TrustVerdict): string => stableStringify(SkillSummary.parse(toSummary(r, verdict)));

/** What the slim records decide: shard counts, old names, summaries and where each lives. */
export interface ShardPlan {
  skillShards: number;
  /**
   * Text shards: at least as many as detail shards, so that each lies within one batch of spill
   * groups as a detail shard does (src/build/spill.ts); only the ones holding a file are written.
   */
  textShards: number;
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
  /** The summary shards `keep` kept: not encoded (not in summaryFiles); the caller keeps the previous build's files. */
  keptSummaries: number[];
}

/** The detail, text and summary shard counts of records in key order (texts not needed: sizes decide them). */
export function shardCounts(records: readonly SkillRecord[], textBytes: number) {
  const totalBytes = records.reduce((n, r) => n + r.files.reduce((m, f) => m + f.size, 0) + 1024, 0);
  const skillShards = shardCountFor(totalBytes, DETAIL_SHARD_BYTES);
  return {
    skillShards,
    textShards: Math.max(skillShards, shardCountFor(textBytes, TEXT_SHARD_BYTES)),
    summaryShards: shardCountFor(records.length, SUMMARIES_PER_SHARD),
  };
}

/**
 * Plans the shards from the records in key order (texts not needed: sizes decide the detail shard
 * count) and their summaries' JSON (renderSummary), one per record. A summary shard `keep` says
 * holds the same summaries as the previous build's (an incremental build: no changed skill in it) is
 * not encoded again.
 */
export function planShards(
  records: readonly SkillRecord[],
  summaries: readonly string[],
  textBytes = 0,
  keep: (summaryShard: number) => boolean = () => false,
): ShardPlan {
  const { skillShards, textShards, summaryShards } = shardCounts(records, textBytes);
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
  const keptSummaries: number[] = [];
  for (const [n, list] of bySummaryShard) {
    // Records arrive in key order, so each shard's list is already sorted by key.
    list.forEach((item, slot) => (refs[item.ordinal] = packRef(n, slot)));
    if (keep(n)) keptSummaries.push(n);
    else summaryFiles.set(shardFile("summaries", n), encodeSlotted(list.map((item) => [item.key, item.json] as const)));
  }
  return { skillShards, textShards, summaryShards, aliases, droppedAliases, aliasEntries, refs, summaryFiles, keptSummaries };
}

/**
 * One entry of a shard: its key and its JSON, as text or already as UTF-8 (a spilled entry is read back
 * as the bytes it was written in, and goes into its shard as they are: never decoded and encoded again).
 */
export type ShardEntry = readonly [string, string | Uint8Array];

/** A batch of spilled entries, each [key, JSON as UTF-8]: details and files by skill key, texts by file key. */
export interface SpilledEntries {
  details: [string, Uint8Array][];
  files: [string, Uint8Array][];
  texts: [string, Uint8Array][];
}

/** Entries in key order (JavaScript string order, as encodeSlotted wants them). */
export const byKey = (a: ShardEntry, b: ShardEntry) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Encodes the detail, files and text shards of one batch of entries (every entry of the shards it
 * touches: a spill group, src/build/spill.ts), old names included; path -> bytes, in path order.
 */
export function assembleShards(
  spilled: SpilledEntries,
  plan: Pick<ShardPlan, "skillShards" | "textShards" | "aliasEntries">,
  shards: readonly number[],
): [string, Uint8Array][] {
  const byShard = (entries: readonly ShardEntry[], count = plan.skillShards) => {
    const out = new Map<number, ShardEntry[]>();
    for (const entry of entries) {
      const n = shardOf(entry[0], count);
      const list = out.get(n) ?? [];
      list.push(entry);
      out.set(n, list);
    }
    return out;
  };
  const detailShards = byShard(spilled.details);
  for (const n of shards) {
    const aliases = plan.aliasEntries.get(n);
    if (aliases) detailShards.set(n, [...(detailShards.get(n) ?? []), ...aliases]);
  }
  const out: [string, Uint8Array][] = [];
  for (const [dir, map] of [
    ["files", byShard(spilled.files)],
    ["skills", detailShards],
    ["texts", byShard(spilled.texts, plan.textShards)],
  ] as const) {
    for (const n of [...map.keys()].sort((a, b) => a - b)) out.push([shardFile(dir, n), encodeSlotted(map.get(n)!.sort(byKey))]);
  }
  return out;
}
