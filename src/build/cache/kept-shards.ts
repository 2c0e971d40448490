// The second pass of an incremental build: a detail, files or text shard that holds no changed skill
// (and, for a detail shard, the same old names) is kept as it is, counted with the hash the cache
// recorded (copied first when the build writes a staging folder); one that does is read back from
// the previous site, checked against that hash, its changed skills' and old names' entries replaced
// by the freshly rendered ones (the spill), and encoded again. The bytes are what a full build writes.
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { shardFile } from "../../contract/paths.js";
import type { MeaningManifest } from "../../contract/search-manifest.js";
import { shardOf } from "../../contract/shard.js";
import { encodeSlotted, SlottedReader } from "../../contract/slotted.js";
import { type KnownFiles, type OutputSink, type WrittenFile, writeOutputFile } from "../output.js";
import { byKey, type ShardEntry, type ShardPlan } from "../site-files.js";
import { readSpill } from "../spill.js";
import type { Reuse } from "./incremental-pass.js";

/** What the second pass needs of the incremental pass's Reuse (a worker thread gets just this). */
export interface KeptReuse {
  cache: Pick<Reuse["cache"], "state" | "previousSite">;
  changed: ReadonlySet<string>;
  textHashes: readonly number[];
}

export interface KeptShardsInput {
  plan: Pick<ShardPlan, "skillShards" | "textShards" | "aliasEntries">;
  reuse: KeptReuse;
  spillDir: string;
  /** The output folder and the data prefix under it. */
  outDir: string;
  prefix: string;
  sink: OutputSink;
  adopt: (file: WrittenFile) => void;
}

/** How an old name's detail entry starts (site-files.ts renders it as `{"alias": key}`). */
const ALIAS_START = Buffer.from('{"alias":');
const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The skill key a shard entry belongs to: a text entry's key is the skill key, NUL, the path. */
const ownerKey = (key: string) => {
  const nul = key.indexOf("\u0000");
  return nul === -1 ? key : key.slice(0, nul);
};

/** Whether shards can be kept with these counts; otherwise the reason. */
export function keptShardsReason(
  counts: { skillShards: number; textShards: number; summaryShards: number },
  reuse: Reuse,
): string | undefined {
  const { shards } = reuse.cache.state;
  if (shards.skills !== counts.skillShards || shards.texts !== counts.textShards || shards.summaries !== counts.summaryShards)
    return "the shard counts changed (the dataset grew or shrank past a power of two)";
  return undefined;
}

/**
 * Keeps a file of the previous site the cache recorded (`path` under the site): counted with the
 * recorded hash, copied first when the build writes another folder. False if the cache has no such file.
 */
export async function keepFile(
  reuse: Pick<KeptReuse, "cache">,
  outDir: string,
  path: string,
  adopt: (file: WrittenFile) => void,
): Promise<boolean> {
  const { state, previousSite } = reuse.cache;
  const recorded = state.files[path];
  if (!recorded) return false;
  const samePlace = resolve(previousSite) === resolve(outDir);
  if (!samePlace) {
    const to = join(outDir, path);
    await mkdir(dirname(to), { recursive: true });
    // A copy-on-write clone where the file system has them, else a copy.
    await copyFile(join(previousSite, path), to, constants.COPYFILE_FICLONE);
  }
  adopt([path, recorded[0], !samePlace, recorded[2]]);
  return true;
}

/** A file of the previous site the cache recorded (`path` under the site), when its bytes are the recorded ones; else undefined. */
export async function readRecordedFile(cache: KeptReuse["cache"], path: string): Promise<Buffer | undefined> {
  const recorded = cache.state.files[path];
  const bytes = recorded ? await readFile(join(cache.previousSite, path)).catch(() => undefined) : undefined;
  return bytes && createHash("sha256").update(bytes).digest("hex") === recorded![2] ? bytes : undefined;
}

/** Writes the changed shards and keeps the others; returns how many were assembled again. */
export async function writeKeptShards(input: KeptShardsInput): Promise<{ assembled: number; kept: number }> {
  const { plan, reuse, prefix } = input;
  const { state, previousSite } = reuse.cache;
  const touched = new Set<number>();
  for (const key of reuse.changed) touched.add(shardOf(key, plan.skillShards));
  // A detail shard whose old names differ is assembled again too.
  const oldAliases = new Map<number, string>();
  for (const [n, key, json] of state.aliases) oldAliases.set(n, `${oldAliases.get(n) ?? ""}${key}\u0000${json}\n`);
  const newAliases = new Map<number, string>();
  for (const [n, list] of plan.aliasEntries) newAliases.set(n, list.map(([k, j]) => `${k}\u0000${j}\n`).join(""));
  for (const n of new Set([...oldAliases.keys(), ...newAliases.keys()])) if (oldAliases.get(n) !== newAliases.get(n)) touched.add(n);
  const touchedTexts = new Set(reuse.textHashes.map((h) => h % plan.textShards));

  const spilled = await readSpill(input.spillDir, 1, [0]);
  const freshBy = (entries: readonly ShardEntry[], count: number) => {
    const out = new Map<number, ShardEntry[]>();
    for (const e of entries) {
      const n = shardOf(e[0], count);
      const list = out.get(n) ?? [];
      list.push(e);
      out.set(n, list);
    }
    return out;
  };
  const fresh = {
    skills: freshBy(spilled.details, plan.skillShards),
    files: freshBy(spilled.files, plan.skillShards),
    texts: freshBy(spilled.texts, plan.textShards),
  };

  let assembled = 0;
  let kept = 0;
  const keep = async (path: string) => {
    if (await keepFile(reuse, input.outDir, path, input.adopt)) kept++;
  };
  const assemble = async (family: "skills" | "files" | "texts", n: number) => {
    const rel = shardFile(family, n);
    const path = `${prefix}/${rel}`;
    const entries: ShardEntry[] = [];
    const recorded = state.files[path];
    if (recorded) {
      const bytes = await readFile(join(previousSite, path));
      const sha = createHash("sha256").update(bytes).digest("hex");
      if (sha !== recorded[2]) throw new Error(`${path} in the previous site changed since the build cache was written`);
      const reader = new SlottedReader(bytes);
      for (let i = 0; i < reader.size; i++) {
        const key = reader.key(i);
        if (reuse.changed.has(ownerKey(key))) continue;
        // Kept as the bytes it was written in, but an old name's entry (the plan's are added below).
        const value = reader.valueBytes(i);
        if (family === "skills" && startsWith(value, ALIAS_START)) continue;
        entries.push([key, value]);
      }
    }
    entries.push(...(fresh[family].get(n) ?? []));
    if (family === "skills") entries.push(...(plan.aliasEntries.get(n) ?? []));
    if (entries.length === 0) return;
    await input.sink.write(rel, encodeSlotted(entries.sort(byKey)));
    assembled++;
  };
  for (let n = 0; n < plan.skillShards; n++) {
    for (const family of ["files", "skills"] as const) {
      if (touched.has(n)) await assemble(family, n);
      else await keep(`${prefix}/${shardFile(family, n)}`);
    }
  }
  for (let n = 0; n < plan.textShards; n++) {
    if (touchedTexts.has(n)) await assemble("texts", n);
    else await keep(`${prefix}/${shardFile("texts", n)}`);
  }
  return { assembled, kept };
}

/**
 * The site files the cache recorded, as the output sink compares them (output.ts KnownFiles): only
 * when the build writes over the previous site itself, not into a staging folder.
 */
export function knownFilesOf(cache: KeptReuse["cache"], outDir: string): KnownFiles | undefined {
  if (resolve(cache.previousSite) !== resolve(outDir)) return undefined;
  const { files } = cache.state;
  return (path) => files[path]?.[2];
}

/** The second pass in a worker thread (kept-shard-worker.ts): what writeKeptShards needs, cloneable. */
export interface KeptShardJob {
  plan: KeptShardsInput["plan"];
  state: Reuse["cache"]["state"];
  previousSite: string;
  changed: string[];
  textHashes: number[];
  spillDir: string;
  outDir: string;
  prefix: string;
}

/** Runs writeKeptShards over `job`, writing into its folder; what it wrote and kept, for the main thread to count. */
export async function runKeptShardJob(job: KeptShardJob): Promise<{ files: WrittenFile[]; counts: { assembled: number; kept: number } }> {
  const files: WrittenFile[] = [];
  const { state, previousSite } = job;
  const known = knownFilesOf({ state, previousSite }, job.outDir);
  const counts = await writeKeptShards({
    plan: job.plan,
    reuse: { cache: { state, previousSite }, changed: new Set(job.changed), textHashes: job.textHashes },
    spillDir: job.spillDir,
    outDir: job.outDir,
    prefix: job.prefix,
    sink: {
      write: async (path, data) => {
        files.push(await writeOutputFile(job.outDir, `${job.prefix}/${path}`, data, known));
      },
    },
    adopt: (file) => files.push(file),
  });
  return { files, counts };
}

/**
 * The meaning model's part of the manifest when its input equals the cached one (the incremental pass
 * compared them): the model is a function of that input alone, so its shards are the previous
 * site's, kept as they are. Undefined when it must be built (any of its files missing).
 */
export async function keptMeaning(
  reuse: Reuse | undefined,
  outDir: string,
  prefix: string,
  adopt: (file: WrittenFile) => void,
): Promise<MeaningManifest | undefined> {
  const manifest = reuse?.meaning?.same ? reuse.cache.state.meaning : null;
  if (!reuse || !manifest) return undefined;
  const paths = manifest.shards.map((s) => `${prefix}/${s.file}`);
  if (!paths.every((p) => p in reuse.cache.state.files)) return undefined;
  for (const path of paths) await keepFile(reuse, outDir, path, adopt);
  return manifest;
}
