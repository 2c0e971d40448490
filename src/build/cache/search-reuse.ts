// The search index's patch mode in an incremental build (src/build/search-index/search-patch.ts):
// the previous build's search manifest, read back from the previous site and checked against the
// hash the cache recorded, and what changed since: the term index's keys whose lists differ and
// whether the nested skills are the same. Any doubt (no manifest, no index, a file not the recorded
// one) says why and leaves the index to be written whole. What it needs of the build cache is
// gathered first (previousSearchOf), cloneable, so the patch and the index can be written in a
// worker thread (search-rebuild.ts).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { skillKey } from "../../contract/key.js";
import { BuildManifest } from "../../contract/manifest.js";
import { MANIFEST_FILE } from "../../contract/paths.js";
import { ByteBuffer } from "../../contract/postings.js";
import { SearchManifest, type SuggestionPair } from "../../contract/search-manifest.js";
import type { SlimRecord } from "../../dataset/stream.js";
import type { BuildCacheState } from "../../schemas/build-cache.js";
import type { SkillRecord } from "../../schemas/dataset.js";
import { lowerBound } from "../lower-bound.js";
import type { WrittenFile } from "../output.js";
import type { ListLookup, PostingIndex } from "../search-index/collect-postings.js";
import { type NestedSkill, nestedSkills } from "../search-index/search-document.js";
import { type SearchPatch, strictlyAscending } from "../search-index/search-patch.js";
import { encodeEntry } from "../search-index/search-shards.js";
import { suggestionTermsOf } from "../search-index/suggest-build.js";
import type { Reuse } from "./incremental-pass.js";
import { type IndexPatch, patchStoredFile } from "./index-patch.js";
import { indexOf, previousLists, type StoredFile, type StoredIndex } from "./index-store.js";
import { keepFile, readRecordedFile } from "./kept-shards.js";

/** The build cache's state and the site it describes: the previous build's files are read from there. */
export interface PreviousSite {
  state: BuildCacheState;
  previousSite: string;
}

/**
 * What the search patch needs of the build cache and of the previous build, cloneable (a worker
 * thread gets it): the index files are the previous site's, the indexes and skills the cache's.
 */
export interface PreviousSearch {
  cache: PreviousSite;
  /** How the cache's term index becomes this build's. */
  patch: IndexPatch;
  /** The previous build's nested skills, hidden (malicious) ordinals, and its records of the skills changed or gone since. */
  nested: NestedSkill[];
  hidden: number[];
  changed: SlimRecord[];
}

/** What the search patch needs of `reuse`, gathered from the cache's skills. */
export function previousSearchOf(reuse: Reuse & { postings: IndexPatch }): PreviousSearch {
  const { cache } = reuse;
  const records = cache.skills.map((s) => s[8] as unknown as SkillRecord);
  return {
    cache: { state: cache.state, previousSite: cache.previousSite },
    patch: reuse.postings,
    nested: nestedSkills(records),
    hidden: cache.skills.flatMap((s, o) => (s[5].verdict === "malicious" ? [o] : [])),
    changed: cache.skills.flatMap((s) => (reuse.changed.has(s[0]) ? [s[8] as unknown as SlimRecord] : [])),
  };
}

/**
 * This build's term index and what the patch needs of the previous one, and the previous nested
 * skills' index, read from a PreviousSearch. Of the previous term index only the changed keys' lists
 * are kept: every other key's are this build's.
 */
export interface SearchIndexes {
  after: PostingIndex;
  /** The keys whose lists changed since the previous build (added, removed, other ordinals), sorted. */
  changed: string[];
  /** The previous build's lists of those keys (the keys it had). */
  previousChanged: StoredIndex;
  nested: StoredIndex | null;
}

/** The cache's indexes as read (search-rebuild.ts readSearchIndexes), the term index patched into this build's. */
export function searchIndexesOf(previous: PreviousSearch, read: { postings: StoredFile; nested: StoredIndex | null }): SearchIndexes {
  const { index, changed, previousChanged } = patchStoredFile(read.postings, previous.patch, true);
  return { after: indexOf(index), changed, previousChanged: previousChanged!, nested: read.nested };
}

/**
 * The previous build's files the patch reads whole (its search layout and its suggestions), or why
 * each cannot be used. A function of the cache's state and the previous site alone: read as soon as
 * the cache's key matches (readPreviousFiles), before the first pass gives the patch its job.
 */
export interface PreviousFiles {
  layout: SearchManifest | string;
  suggestions: { entries: SuggestionPair[]; byText: Map<string, number> } | string;
}

/** Reads the previous build's search layout and suggestions (PreviousFiles); never rejects (a build that runs in full never asks). */
export async function readPreviousFiles(site: PreviousSite, prefix: string): Promise<PreviousFiles> {
  try {
    const layout = await previousLayout(site, prefix);
    return { layout, suggestions: typeof layout === "string" ? layout : await readSuggestions(site, layout, prefix) };
  } catch (e) {
    const why = `the previous search files could not be read (${(e as Error).message.split("\n")[0]})`;
    return { layout: why, suggestions: why };
  }
}

/** The previous build's search layout (the file its manifest names), or why it cannot be used. */
async function previousLayout(site: PreviousSite, prefix: string): Promise<SearchManifest | string> {
  const path = `${prefix}/${MANIFEST_FILE}`;
  if (!site.state.files[path]) return "the build cache records no manifest";
  const bytes = await readRecordedFile(site, path);
  if (!bytes) return "the previous manifest is not the one the cache recorded";
  const parsed = BuildManifest.safeParse(JSON.parse(bytes.toString("utf8")));
  if (!parsed.success) return "the previous manifest does not parse";
  const ref = parsed.data.search;
  if (!ref) return "the previous build has no search index";
  const layout = await readPrevious(site, prefix, ref.file);
  const read = layout && SearchManifest.safeParse(JSON.parse(new TextDecoder().decode(layout)));
  return read?.success ? read.data : "the previous search layout is missing or does not parse";
}

/** The previous build's suggestions, read back from its shards (each checked against its content-hash name), or why they cannot be used. */
async function readSuggestions(site: PreviousSite, layout: SearchManifest, prefix: string): Promise<PreviousFiles["suggestions"]> {
  const entries: SuggestionPair[] = [];
  for (const shard of layout.suggest.entries) {
    const bytes = await readPrevious(site, prefix, shard.file);
    if (!bytes) return `${shard.file} is not the previous build's`;
    for (const e of JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8")) as SuggestionPair[])
      entries.push(e);
  }
  if (!strictlyAscending(entries.map((e) => e[0]))) return "the previous suggestions repeat a text";
  return { entries, byText: new Map(entries) };
}

/**
 * A previous search file's bytes (`file` under the data folder), when its content hash is the one
 * its name carries (hashName): a file changed or missing since the previous build reads as undefined.
 */
async function readPrevious(site: PreviousSite, prefix: string, file: string): Promise<Uint8Array | undefined> {
  const bytes = await readFile(join(site.previousSite, prefix, file)).catch(() => undefined);
  if (!bytes) return undefined;
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return basename(file).startsWith(`${hash}.`) ? bytes : undefined;
}

/** The summed entry sizes of `keys` (sorted) in `index`, as the term shards count them. */
function entryBytes(index: StoredIndex, keys: readonly string[], docCount: number): number {
  const entry = new ByteBuffer();
  const ends: [number, number, number] = [0, 0, 0];
  let bytes = 0;
  let i = 0;
  for (const key of keys) {
    // A few changed keys among a million: found by binary search, not walked to.
    i = lowerBound(index.keys, key, i);
    if (index.keys[i] !== key) continue;
    const lists = index.fields.map(({ start, ordinals }) => ordinals.subarray(start[i]!, start[i + 1]!));
    bytes += encodeEntry(key, lists, docCount, entry, ends);
  }
  return bytes;
}

const sameNested = (a: readonly NestedSkill[], b: readonly NestedSkill[]) =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return x.owner === y.owner && x.name === y.name && x.description === y.description && x.path === y.path;
  });

export interface SearchPatchInput {
  /** An incremental build's view of the previous build (previousSearchOf), and its indexes; a full build has none. */
  previous: PreviousSearch | undefined;
  /** The previous build's layout and suggestions, being read since the cache's key matched (readPreviousFiles). */
  files: Promise<PreviousFiles>;
  indexes: SearchIndexes | null;
  /** This build's nested skills. */
  nested: readonly NestedSkill[];
  /** The ordinals search leaves out by default (malicious skills), and the records rendered afresh. */
  hidden: readonly number[];
  fresh: readonly SlimRecord[];
  /** The changed skills' ordinals when every other skill kept its own (changedOrdinals), else undefined. */
  moved: readonly number[] | undefined;
  outDir: string;
  prefix: string;
  adopt: (file: WrittenFile) => void;
  log: (line: string) => void;
}

/** The patch mode's input, or undefined (the reason logged) when the index is written whole. */
export async function searchPatchOf(input: SearchPatchInput): Promise<SearchPatch | undefined> {
  const { previous: was, log } = input;
  if (!was) return undefined;
  const { indexes } = input;
  const files = await input.files;
  const previous = indexes ? files.layout : "the build cache holds no search index";
  if (typeof previous === "string" || !indexes) {
    log(`the search index is written whole: ${previous}`);
    return undefined;
  }
  const { changed, previousChanged } = indexes;
  const before = previousLists(indexes.after, changed, previousChanged);
  const suggest = previousSuggestions(was, files.suggestions, input, before);
  const nestedSame = sameNested(was.nested, input.nested);
  // The cached nested index, when it is over these nested skills (its ordinals within their count).
  const stored = input.indexes?.nested;
  const nested =
    nestedSame && stored && stored.fields.length === 2 && stored.fields.every((f) => f.ordinals.every((o) => o < input.nested.length))
      ? indexOf(stored)
      : undefined;
  if (typeof suggest === "string") log(`the suggestions are made whole: ${suggest}`);
  return {
    previous,
    changed,
    previousChangedBytes: entryBytes(previousChanged, changed, previous.docCount),
    before,
    nestedSame,
    ...(nested ? { nested } : {}),
    keep: (file) => keepFile(was, input.outDir, `${input.prefix}/${file}`, input.adopt),
    read: (file) => readPrevious(was.cache, input.prefix, file),
    ...(typeof suggest === "string" ? {} : { suggest }),
  };
}

/** The previous build's suggestions (read ahead) with the terms the changed skills can touch; or why they cannot be used. */
function previousSuggestions(
  was: PreviousSearch,
  read: PreviousFiles["suggestions"],
  input: SearchPatchInput,
  before: ListLookup,
): NonNullable<SearchPatch["suggest"]> | string {
  const hiddenBefore = was.hidden;
  if (hiddenBefore.length !== input.hidden.length || hiddenBefore.some((o, i) => o !== input.hidden[i])) return "the hidden skills changed";
  if (typeof read === "string") return read;
  const hidden = new Set(input.hidden);
  const moved = input.moved ? { ordinals: input.moved.filter((o) => !hidden.has(o)), before } : undefined;
  return { ...read, touched: suggestionTermsOf([...was.changed, ...input.fresh]), ...(moved ? { moved } : {}) };
}

/**
 * The ordinals of the skills rendered afresh when every other skill kept its ordinal (the same
 * skills in the same order, some re-rendered in place: a re-index, a changed description); undefined
 * when a skill was added, removed or renamed.
 */
export function changedOrdinals(records: readonly { owner: string; repo: string }[], reuse: Reuse): number[] | undefined {
  const before = reuse.cache.skills;
  if (before.length !== records.length) return undefined;
  const out: number[] = [];
  for (let o = 0; o < records.length; o++) {
    const key = skillKey(records[o]!.owner, records[o]!.repo);
    if (key !== before[o]![0]) return undefined;
    if (reuse.changed.has(key)) out.push(o);
  }
  return out;
}
