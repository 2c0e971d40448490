// Spill files: the first pass of the build renders each skill's text-heavy entries as the dataset
// streams and appends them to one of a bounded number of group files (per worker), so the text is
// never held all at once; the second pass reads one group at a time and writes its shards. A group
// is fnv1a(key) mod the group count, and both counts are powers of two, so every detail shard
// (fnv1a(key) mod the shard count) lies within the groups j, j + M, j + 2M, ... for M the smaller
// count: batch j of the second pass.
import { closeSync, openSync, writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fnv1a } from "../contract/fnv.js";
import { type OutputSink, type WrittenFile, writeOutputFile } from "./output.js";
import { assembleShards, type ShardPlan, type SpilledEntries } from "./site-files.js";

/** Bytes of skills.jsonl per spill group, about: a group is what the second pass holds at once. */
export const SPILL_GROUP_BYTES = 32 * 1024 * 1024;
export const MAX_SPILL_GROUPS = 256;

/** The group count for a skills file of `bytes`: a power of two. */
export function spillGroupsFor(bytes: number): number {
  let n = 1;
  while (n * SPILL_GROUP_BYTES < bytes && n < MAX_SPILL_GROUPS) n *= 2;
  return n;
}

export type SpillKind = "d" | "f" | "t";

const groupFile = (dir: string, part: number, group: number) => join(dir, `part${part}-group${group}.txt`);

/**
 * Appends `kind TAB key TAB json` lines to a worker's group files, buffered per group. A text
 * entry's key holds a file path, which may hold a tab or a newline: it is written as a JSON string.
 * Each line is encoded straight into its group's buffer, its parts one by one: a string buffer grown
 * by `+=` cost a copy of every entry to flatten it and another to encode it (a few percent of the pass).
 */
export class SpillWriter {
  private static readonly FLUSH = 256 * 1024;
  private readonly fds: (number | undefined)[];
  /** A group's bytes not written yet (allocated on its first entry), and how many. */
  private readonly buffers: (Buffer | undefined)[];
  private readonly used: number[];
  bytes = 0;

  constructor(
    private readonly dir: string,
    private readonly part: number,
    readonly groups: number,
  ) {
    this.fds = new Array(groups).fill(undefined);
    this.buffers = new Array(groups).fill(undefined);
    this.used = new Array(groups).fill(0);
  }

  add(kind: SpillKind, key: string, json: string): void {
    const g = fnv1a(key) % this.groups;
    // Skill keys are lower-cased owner/repo names (no tab, no newline); JSON text holds no raw newline.
    const head = `${kind}\t${kind === "t" ? JSON.stringify(key) : key}\t`;
    // At most 3 bytes of UTF-8 per UTF-16 code unit.
    const most = (head.length + json.length + 1) * 3;
    if (this.used[g]! + most > SpillWriter.FLUSH) this.flush(g);
    if (most > SpillWriter.FLUSH) {
      // A line longer than the buffer: written on its own, after what the group holds.
      this.write(g, `${head}${json}\n`);
      return;
    }
    const buffer = (this.buffers[g] ??= Buffer.allocUnsafe(SpillWriter.FLUSH));
    let at = this.used[g]!;
    at += buffer.write(head, at, "utf8");
    at += buffer.write(json, at, "utf8");
    buffer[at++] = 10;
    this.used[g] = at;
  }

  private write(g: number, data: string | Buffer): void {
    this.fds[g] ??= openSync(groupFile(this.dir, this.part, g), "w");
    const fd = this.fds[g]!;
    if (typeof data === "string") {
      this.bytes += writeSync(fd, data);
      return;
    }
    for (let done = 0; done < data.length; ) done += writeSync(fd, data, done, data.length - done);
    this.bytes += data.length;
  }

  private flush(g: number): void {
    const n = this.used[g]!;
    if (n === 0) return;
    this.write(g, this.buffers[g]!.subarray(0, n));
    this.used[g] = 0;
  }

  close(): void {
    for (let g = 0; g < this.groups; g++) {
      this.flush(g);
      if (this.fds[g] !== undefined) closeSync(this.fds[g]!);
    }
  }
}

/** The kinds' first bytes in a spill line. */
const [D, F, T] = ["d", "f", "t"].map((k) => k.charCodeAt(0));

/**
 * The entries of the given groups over every part: detail, files and text entries as [key, JSON]. The
 * JSON stays the UTF-8 it was spilled as (a view into the group file's bytes): it goes into a shard as
 * it is, so the second pass never decodes the entries nor encodes them again (at 100k, decoding and
 * encoding were about 12 s, more than half of the shard worker's CPU).
 */
export async function readSpill(dir: string, parts: number, groups: readonly number[]): Promise<SpilledEntries> {
  const out: SpilledEntries = { details: [], files: [], texts: [] };
  for (const group of groups) {
    for (let part = 0; part < parts; part++) {
      const bytes = await readFile(groupFile(dir, part, group)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") return Buffer.alloc(0);
        throw e;
      });
      let at = 0;
      while (at < bytes.length) {
        const end = bytes.indexOf(10, at);
        const tab1 = bytes.indexOf(9, at + 1);
        const tab2 = bytes.indexOf(9, tab1 + 1);
        const kind = bytes[at];
        const key = bytes.toString("utf8", tab1 + 1, tab2);
        const entry: [string, Uint8Array] = [kind === T ? (JSON.parse(key) as string) : key, bytes.subarray(tab2 + 1, end)];
        (kind === D ? out.details : kind === F ? out.files : out.texts).push(entry);
        at = end + 1;
      }
    }
  }
  return out;
}

/** Where a first pass spilled: its folder, its parts (one per worker) and its group count. */
export interface SpillSet {
  dir: string;
  parts: number;
  groups: number;
}

/** The second pass: the detail and files shards, one batch of spill groups at a time. */
export async function writeSpilledShards(
  plan: Pick<ShardPlan, "skillShards" | "textShards" | "aliasEntries">,
  spill: SpillSet,
  sink: OutputSink,
  progress: (written: number) => void,
): Promise<void> {
  const batches = Math.min(spill.groups, plan.skillShards);
  let written = 0;
  for (let j = 0; j < batches; j++) {
    const groups = Array.from({ length: spill.groups / batches }, (_, i) => j + i * batches);
    const shards = Array.from({ length: plan.skillShards / batches }, (_, i) => j + i * batches);
    const spilled = await readSpill(spill.dir, spill.parts, groups);
    for (const [path, bytes] of assembleShards(spilled, plan, shards)) {
      await sink.write(path, bytes);
      if (++written % 500 === 0) progress(written);
    }
  }
}

/** The second pass as a job for a worker thread: it writes the shards under `root`/`prefix` itself. */
export interface ShardJob {
  spill: SpillSet;
  skillShards: number;
  textShards: number;
  aliasEntries: [number, [string, string][]][];
  root: string;
  prefix: string;
}

/** Runs a ShardJob; returns what it wrote, for the main thread's sink to count (directorySink's adopt). */
export async function runShardJob(job: ShardJob): Promise<WrittenFile[]> {
  const files: WrittenFile[] = [];
  const sink: OutputSink = {
    async write(path, data) {
      files.push(await writeOutputFile(job.root, `${job.prefix}/${path}`, data));
    },
  };
  await writeSpilledShards(
    { skillShards: job.skillShards, textShards: job.textShards, aliasEntries: new Map(job.aliasEntries) },
    job.spill,
    sink,
    () => {},
  );
  return files;
}
