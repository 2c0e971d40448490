// The build cache's folder: state.json (what made it, the site files it describes), skills.jsonl
// (what the first pass made of each skill) and the stored indexes (postings.bin, meaning.bin, nested.bin: index-store.ts). Opened
// only when every check passes; any doubt is a reason, given back for the build to print, and the
// build runs in full. Written after every build, state.json last, so a build interrupted while
// writing leaves a cache that is not used.
import type { Stats } from "node:fs";
import { type FileHandle, mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { skillKey } from "../../contract/key.js";
import type { MeaningManifest } from "../../contract/search-manifest.js";
import { forEachByteLine } from "../../dataset/byte-lines.js";
import { stableStringify } from "../../dataset/json.js";
import type { SlimRecord } from "../../dataset/stream.js";
import { BuildCacheState, CachedSkill, type EventsCache } from "../../schemas/build-cache.js";
import type { StatsFile } from "../../schemas/dataset.js";
import { type TrustReviewRecord, TrustVerdict } from "../../schemas/trust.js";
import { RecordCompactor } from "../compact-record.js";
import type { TrustMark } from "../scan-record.js";
import type { PostingIndex } from "../search-index/collect-postings.js";
import { countSurfaceWords } from "../search-index/suggest-build.js";
import type { LineMark } from "../stream-pass.js";
import { CACHE_FORMAT } from "./build-key.js";
import { openStored, replaceStored, type StoredFile } from "./index-store.js";

export const CACHE_FILES = {
  state: "state.json",
  skills: "skills.jsonl",
  postings: "postings.bin",
  meaning: "meaning.bin",
  /** The nested skills' index (search-extras.ts): with the same nested skills, read back instead of collected again. */
  nested: "nested.bin",
  /** How often each word of the skills' names and descriptions is written (suggest-build.ts countSurfaceWords): patched, not counted again. */
  surface: "surface.json",
} as const;

export type IndexFile = typeof CACHE_FILES.postings | typeof CACHE_FILES.meaning | typeof CACHE_FILES.nested;

/** Where a build keeps its cache and which site it reads unchanged files from. */
export interface CacheOptions {
  /** The cache folder (never inside the site: it is not deployed). */
  dir: string;
  /** The site the cache describes (default: the build's output folder); a staging build names the live one. */
  previousSite?: string;
  /** Build in full even if the cache could be used (the cache is written afresh). */
  full?: boolean;
}

/** A cache that passed every check. */
export interface OpenCache {
  state: BuildCacheState;
  skills: CachedSkill[];
  /** Where each skill's line of the cache's skills.jsonl lies. */
  lines: CacheLines;
  /** The meaning model's input, checked but not held. */
  meaning: StoredFile | null;
  /** The surface forms' word counts of the cache's skills, when it holds them (surface-reuse.ts). */
  surface: Map<string, number> | null;
  /** The term and nested skills' indexes, when the cache holds them: read where the search index is rebuilt (search-rebuild.ts). */
  search: SearchIndexFiles | null;
  previousSite: string;
}

/** The stats.json entry and the reviews a skill was rendered with, as the cache compares them. */
export const statsJson = (stats: StatsFile, r: { owner: string; repo: string }) => stableStringify(stats[`${r.owner}/${r.repo}`] ?? null);
export const reviewsJson = (reviews: readonly TrustReviewRecord[] | undefined) => stableStringify(reviews ?? []);

const VERDICTS: ReadonlySet<unknown> = new Set(TrustVerdict.options);
const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether `v` is a CachedSkill, checked by hand: never looser than the schema (what this refuses goes
 * to the schema, which gives the error). The schema's parse copies every slim record it checks: at
 * 100k skills that was seconds of an incremental build's first pass.
 */
export function plainlyCachedSkill(v: unknown): v is CachedSkill {
  if (!Array.isArray(v) || v.length !== 9) return false;
  for (let i = 0; i < 5; i++) if (typeof v[i] !== "string") return false;
  const mark = v[5];
  if (!isPlainObject(mark) || !VERDICTS.has(mark.verdict)) return false;
  for (const k in mark) if (k !== "verdict" && !(k === "why" && typeof mark.why === "string")) return false;
  return isCount(v[6]) && Array.isArray(v[7]) && v[7].every(isCount) && isPlainObject(v[8]);
}

/**
 * Where each skill's line lies in the cache's skills.jsonl as it was read: a skill taken from the
 * cache is written back by copying its bytes (CacheWriter.writeSkills), not kept as a string (at 1M
 * skills the lines are gigabytes) and encoded again.
 */
export interface CacheLines {
  file: string;
  starts: Float64Array;
  /** Exclusive, before the line's "\n". */
  ends: Float64Array;
}

/**
 * A cached skill as the build keeps it, every skill at once until the lists are written: its slim
 * record compacted as the full build's are (compact-record.ts), its trust mark and its stats and
 * reviews entries kept once where skills repeat them (the same skill, changed in place). At 100k
 * synthetic skills 2,964 bytes of heap a skill as parsed, 2,166 compacted.
 */
function compactCached(skill: CachedSkill, compactor: RecordCompactor): CachedSkill {
  const record = skill[8] as unknown as SlimRecord;
  if (Array.isArray(record.files)) skill[8] = compactor.compact(record) as unknown as CachedSkill[8];
  skill[2] = compactor.text(skill[2]);
  skill[3] = compactor.text(skill[3]);
  skill[5] = compactor.mark(skill[5]);
  if (skill[7].length === 0) skill[7] = NO_TEXTS;
  return skill;
}

const NO_TEXTS: number[] = Object.freeze([]) as unknown as number[];

async function readSkills(file: string): Promise<{ skills: CachedSkill[]; lines: CacheLines }> {
  const skills: CachedSkill[] = [];
  const compactor = new RecordCompactor();
  const starts: number[] = [];
  const ends: number[] = [];
  // Cut as bytes and each line decoded on its own: a line reader over a decoded stream cost about as
  // much as the parse. The cache's lines are JSON.stringify's, so a "\r" is never one of their bytes.
  const plain = await forEachByteLine(file, (bytes, _lineNo, offset) => {
    if (bytes.length === 0) return;
    const value: unknown = JSON.parse(bytes.toString("utf8"));
    skills.push(compactCached(plainlyCachedSkill(value) ? value : CachedSkill.parse(value), compactor));
    starts.push(offset);
    ends.push(offset + bytes.length);
  });
  if (plain === false) throw new Error(`${CACHE_FILES.skills} holds a carriage return`);
  return { skills, lines: { file, starts: Float64Array.from(starts), ends: Float64Array.from(ends) } };
}

/** The surface forms' word counts as surface.json holds them: [word, count] pairs, by word. */
function encodeSurfaceWords(words: ReadonlyMap<string, number>): string {
  return JSON.stringify([...words].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function decodeSurfaceWords(text: string): Map<string, number> {
  const pairs: unknown = JSON.parse(text);
  const words = new Map<string, number>();
  const pair = (v: unknown): v is [string, number] =>
    Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && isCount(v[1]) && v[1] > 0 && !words.has(v[0]);
  if (!Array.isArray(pairs)) throw new Error(`${CACHE_FILES.surface} is not a list`);
  for (const v of pairs) {
    if (!pair(v)) throw new Error(`${CACHE_FILES.surface} holds ${JSON.stringify(v).slice(0, 80)}`);
    words.set(v[0], v[1]);
  }
  return words;
}

/** Where the cache's term index and nested skills' index are, and the term index's rows. */
export interface SearchIndexFiles {
  postings: string;
  rows: number;
  nested: string | null;
}

/** The search indexes of the cache in `dir` with `state`, when it holds a term index. */
export function searchIndexFiles(dir: string, state: BuildCacheState): SearchIndexFiles | null {
  if (!(CACHE_FILES.postings in state.sizes)) return null;
  return {
    postings: join(dir, CACHE_FILES.postings),
    rows: state.skills,
    nested: CACHE_FILES.nested in state.sizes ? join(dir, CACHE_FILES.nested) : null,
  };
}

/** Site files looked at at once. */
const STAT_BATCH = 256;

/**
 * Each of `paths` under `root` looked at (undefined for one missing), STAT_BATCH at a time: one at a
 * time, the waits between them were most of it (15,709 files at 100k skills).
 */
async function statEach(root: string, paths: readonly string[]): Promise<(Stats | undefined)[]> {
  const out: (Stats | undefined)[] = [];
  for (let from = 0; from < paths.length; from += STAT_BATCH)
    out.push(...(await Promise.all(paths.slice(from, from + STAT_BATCH).map((path) => stat(join(root, path)).catch(() => undefined)))));
  return out;
}

/**
 * Opens the cache in `options.dir` made under `key`, or says why it cannot be used. `onKeyMatch` is
 * called once its state is this build's (before the slower checks and reads), to start work that
 * only an incremental build needs.
 */
export async function openCache(
  options: CacheOptions,
  key: string,
  outDir: string,
  onKeyMatch: (state: BuildCacheState) => void = () => {},
): Promise<OpenCache | { reason: string }> {
  const dir = options.dir;
  let state: BuildCacheState;
  try {
    state = BuildCacheState.parse(JSON.parse(await readFile(join(dir, CACHE_FILES.state), "utf8")));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { reason: "no build cache yet" };
    return { reason: `the build cache is damaged (${CACHE_FILES.state}: ${(e as Error).message.split("\n")[0]})` };
  }
  if (state.format !== CACHE_FORMAT || state.key !== key)
    return {
      reason:
        "the build's code, a format, the trust rules, the options, categories.json or platforms.json changed since the cache was made",
    };
  onKeyMatch(state);
  for (const [name, size] of Object.entries(state.sizes)) {
    const actual = await stat(join(dir, name)).then(
      (s) => s.size,
      () => -1,
    );
    if (actual !== size)
      return { reason: `the build cache is damaged (${name}: ${actual < 0 ? "missing" : `${actual} bytes, ${size} recorded`})` };
  }
  const previousSite = options.previousSite ?? outDir;
  // The files kept as they are must be the ones the cache describes: same size, not modified since.
  const recorded = Object.entries(state.files);
  const stats = await statEach(
    previousSite,
    recorded.map(([path]) => path),
  );
  for (const [i, [path, [size, mtime]]] of recorded.entries()) {
    const s = stats[i];
    if (!s || s.size !== size || s.mtimeMs !== mtime)
      return { reason: `the previous site is not the one the cache describes (${path} ${s ? "changed" : "missing"})` };
  }
  try {
    const { skills, lines } = await readSkills(join(dir, CACHE_FILES.skills));
    if (skills.length !== state.skills) throw new Error(`${skills.length} skills, ${state.skills} recorded`);
    // Checked now, read again where it is patched (incremental-pass.ts patchMeaning): at 1M skills it is 1.6 GB.
    const meaning = CACHE_FILES.meaning in state.sizes ? await openStored(join(dir, CACHE_FILES.meaning), state.documents) : null;
    const surface = CACHE_FILES.surface in state.sizes ? decodeSurfaceWords(await readFile(join(dir, CACHE_FILES.surface), "utf8")) : null;
    return { state, skills, lines, meaning, surface, search: searchIndexFiles(dir, state), previousSite };
  } catch (e) {
    return { reason: `the build cache is damaged (${(e as Error).message.split("\n")[0]})` };
  }
}

/** What a build leaves for the next one. */
export interface CacheContent extends CacheSkills, CacheTail {
  postings: PostingIndex | null;
  meaning: { files: PostingIndex; documents: number } | null;
  /** Whether the meaning model's input equals the cache's (its meaning.bin is then kept as it is). */
  meaningKept?: boolean;
}

/** The per-skill part of the cache: what the first pass made of each skill, in ordinal order. */
export interface CacheSkills {
  records: readonly SlimRecord[];
  summaries: readonly string[];
  marks: readonly TrustMark[];
  lineMarks: readonly LineMark[];
  stats: StatsFile;
  reviews: ReadonlyMap<string, TrustReviewRecord[]>;
  /** The cache's previous skills.jsonl, from which the lines marked `cached` are copied. */
  from?: CacheLines;
}

/** What the cache's state.json records besides the per-skill lines and the indexes. */
export interface CacheTail {
  shards: BuildCacheState["shards"];
  aliases: BuildCacheState["aliases"];
  /** The meaning model's manifest part, so a build whose input is unchanged reuses it and its files. */
  meaningManifest: MeaningManifest | null;
  /** The events log as the build read it, so the next build renders only what was appended (src/build/events.ts). */
  events?: EventsCache;
  /** The site's files, path -> SHA-256, as the output sink counted them. */
  files: ReadonlyMap<string, string>;
  outDir: string;
  /**
   * A build over the site its cache described: the files it recorded, and the paths this build
   * wrote or removed. A file neither written nor removed, with the recorded hash, keeps its recorded
   * size and time (not looked at again).
   */
  unchangedSince?: { files: BuildCacheState["files"]; changed: ReadonlySet<string> };
}

/**
 * The cache written in steps, so the build can let each input go as soon as its part is on disk
 * (at 1M skills the slim records and each index are gigabytes): `writeSkills` with the lists,
 * `writeIndex` once an index is no longer needed, `finish` (state.json) last. Until `finish` the
 * folder holds no state.json, so a build interrupted in between leaves a cache that is not used.
 */
export class CacheWriter {
  private readonly sizes: Record<string, number> = {};
  private skills = 0;
  private documents = 0;

  private constructor(
    readonly dir: string,
    private readonly key: string,
  ) {}

  /** Starts a cache in `dir` for the build made under `key`: the old state.json goes first. */
  static async start(dir: string, key: string): Promise<CacheWriter> {
    await mkdir(dir, { recursive: true });
    await rm(join(dir, CACHE_FILES.state), { force: true });
    return new CacheWriter(dir, key);
  }

  /**
   * Writes skills.jsonl: a line taken from the cache is copied from the cache's previous file
   * (content.from), the others rendered; through a LineCopier, so a 1% rebuild's thousand runs of
   * copied lines are a few large reads and writes, not two awaits each (run beside the build's
   * lists, each await waited for the main thread: seconds at 100k). Into a new file renamed over
   * the old one, which is read until then.
   */
  async writeSkills(content: CacheSkills): Promise<void> {
    const file = join(this.dir, CACHE_FILES.skills);
    const tmp = `${file}.${process.pid}.tmp`;
    const handle = await open(tmp, "w");
    const from = content.from && (await open(content.from.file, "r"));
    try {
      const out = new LineCopier(from, handle);
      for (let i = 0; i < content.records.length; i++) {
        const at = from ? content.lineMarks[i]!.cached : undefined;
        if (at !== undefined) await out.copy(content.from!.starts[at]!, content.from!.ends[at]! + 1);
        else await out.append(`${cacheLine(content, i)}\n`);
      }
      await out.flush();
    } finally {
      await handle.close();
      await from?.close();
    }
    await rename(tmp, file);
    this.skills = content.records.length;
    this.sizes[CACHE_FILES.skills] = (await stat(file)).size;
  }

  /**
   * Writes one index (postings over the skills, meaning over `rows` SKILL.md documents); none
   * removes its file, `kept` keeps the file the cache holds (its input unchanged).
   */
  async writeIndex(name: IndexFile, index: PostingIndex | null, rows: number, kept = false): Promise<void> {
    const file = join(this.dir, name);
    if (name === CACHE_FILES.meaning) this.documents = index ? rows : 0;
    delete this.sizes[name];
    if (!kept) {
      if (!index) return await rm(file, { force: true });
      await replaceStored(file, index);
    }
    this.sizes[name] = (await stat(file)).size;
  }

  /** Writes the surface forms' word counts of this build's skills (surface.json). */
  async writeSurface(words: ReadonlyMap<string, number>): Promise<void> {
    const file = join(this.dir, CACHE_FILES.surface);
    await writeFile(file, encodeSurfaceWords(words));
    this.sizes[CACHE_FILES.surface] = (await stat(file)).size;
  }

  /**
   * Records an index file of `rows` rows written into this folder by another thread (the meaning
   * worker: src/build/meaning-job.ts; an incremental build's search index: cache/search-rebuild.ts),
   * or kept as it was (an unchanged meaning input).
   */
  async indexWritten(name: IndexFile, rows: number): Promise<void> {
    if (name === CACHE_FILES.meaning) this.documents = rows;
    this.sizes[name] = (await stat(join(this.dir, name))).size;
  }

  /** Writes state.json, which makes the cache usable; the site's files must be final. */
  async finish(tail: CacheTail): Promise<void> {
    const files: BuildCacheState["files"] = {};
    const paths = [...tail.files.keys()].sort();
    const before = tail.unchangedSince;
    const kept = (path: string) => {
      const recorded = before?.files[path];
      return recorded !== undefined && !before!.changed.has(path) && recorded[2] === tail.files.get(path) ? recorded : undefined;
    };
    const looked = paths.filter((path) => kept(path) === undefined);
    const stats = new Map((await statEach(tail.outDir, looked)).map((s, i) => [looked[i]!, s]));
    for (const path of paths) {
      const recorded = kept(path);
      if (recorded) {
        files[path] = recorded;
        continue;
      }
      const s = stats.get(path);
      if (!s) throw new Error(`${path} is gone from ${tail.outDir}`);
      files[path] = [s.size, s.mtimeMs, tail.files.get(path)!];
    }
    const state: BuildCacheState = {
      format: CACHE_FORMAT,
      key: this.key,
      skills: this.skills,
      documents: this.documents,
      meaning: tail.meaningManifest,
      shards: tail.shards,
      aliases: tail.aliases,
      ...(tail.events ? { events: tail.events } : {}),
      files,
      sizes: this.sizes,
    };
    const tmp = join(this.dir, `${CACHE_FILES.state}.tmp`);
    await writeFile(tmp, JSON.stringify(state));
    await rename(tmp, join(this.dir, CACHE_FILES.state));
  }
}

/**
 * Writes a file from byte ranges of another, in ascending order, and text between them: the source
 * is read COPY_CHUNK at a time into a window the ranges are served from, and the output goes out
 * COPY_CHUNK at a time.
 */
class LineCopier {
  private readonly window: Buffer;
  private windowStart = 0;
  private windowEnd = 0;
  private readonly out = Buffer.allocUnsafe(COPY_CHUNK);
  private used = 0;

  constructor(
    private readonly from: FileHandle | undefined,
    private readonly to: FileHandle,
  ) {
    this.window = Buffer.allocUnsafe(from ? COPY_CHUNK : 0);
  }

  /** Copies the source's bytes [start, end). */
  async copy(start: number, end: number): Promise<void> {
    while (start < end) {
      if (start < this.windowStart || start >= this.windowEnd) {
        const { bytesRead } = await this.from!.read(this.window, 0, this.window.length, start);
        if (bytesRead === 0) throw new Error(`${CACHE_FILES.skills} ended before byte ${end}`);
        this.windowStart = start;
        this.windowEnd = start + bytesRead;
      }
      const upTo = Math.min(end, this.windowEnd);
      await this.put(this.window.subarray(start - this.windowStart, upTo - this.windowStart));
      start = upTo;
    }
  }

  async append(text: string): Promise<void> {
    await this.put(Buffer.from(text, "utf8"));
  }

  async flush(): Promise<void> {
    if (this.used > 0) await this.to.write(this.out, 0, this.used);
    this.used = 0;
  }

  private async put(bytes: Uint8Array): Promise<void> {
    if (this.used + bytes.length > this.out.length) await this.flush();
    if (bytes.length > this.out.length) await this.to.write(bytes);
    else {
      this.out.set(bytes, this.used);
      this.used += bytes.length;
    }
  }
}

const COPY_CHUNK = 16 << 20;

/** The cache's line for skill `i`, rendered afresh (not taken from the cache). */
function cacheLine(content: CacheSkills, i: number): string {
  const mark = content.lineMarks[i]!;
  const r = content.records[i]!;
  const k = skillKey(r.owner, r.repo);
  const skill: CachedSkill = [
    k,
    mark.hash,
    statsJson(content.stats, r),
    reviewsJson(content.reviews.get(k)),
    content.summaries[i]!,
    content.marks[i]!,
    mark.textBytes,
    mark.texts,
    r as unknown as Record<string, unknown>,
  ];
  return JSON.stringify(skill);
}

/** Writes the cache for the build just made under `key` in one go; state.json last. */
export async function writeCache(dir: string, key: string, content: CacheContent): Promise<void> {
  const writer = await CacheWriter.start(dir, key);
  await writer.writeSkills(content);
  await writer.writeSurface(countSurfaceWords(content.records));
  await writer.writeIndex(CACHE_FILES.postings, content.postings, content.records.length);
  const meaningKept = content.meaning !== null && content.meaningKept === true;
  await writer.writeIndex(CACHE_FILES.meaning, content.meaning?.files ?? null, content.meaning?.documents ?? 0, meaningKept);
  await writer.finish(content);
}
