// The typo index's patch mode (an incremental build): the previous build's typo shards with the
// changed words' entries put right, without the whole vocabulary. A changed word (added, removed,
// or indexed a different number of times) is listed only under its own typo keys, so only the
// shards whose key ranges hold one of those keys are decoded, patched and cut again; from there the
// cut runs on (decoding the next shards) until it starts a shard where a previous clean one starts,
// which is kept as it is. The cut is TypoCutter's, so the shards are the bytes a whole write gives.
import type { TypoManifest } from "../../contract/search-manifest.js";
import { type TypoEntry, type TypoShard, TypoShardReader } from "../../contract/typo-shard.js";
import { typoKeys } from "../../search/typo.js";
import { lowerBound } from "../lower-bound.js";
import type { OutputSink } from "../output.js";
import { holdsIn } from "./search-patch.js";
import { TypoCutter, writeTypoShard } from "./typo-shards.js";

export interface TypoPatch {
  previous: TypoManifest;
  /** The typo words whose entry may have changed and their weight now (undefined: not in the vocabulary now). */
  changes: ReadonlyMap<string, number | undefined>;
  /** A previous file's bytes (checked against its content-hash name), undefined when it cannot be read. */
  read(file: string): Promise<Uint8Array | undefined>;
  keep(file: string): Promise<boolean>;
}

const byWord = (a: TypoEntry, b: TypoEntry) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Writes the typo index patched; returns its manifest part and how many previous shards it kept, or
 * why it cannot (the caller then writes it whole).
 */
export async function patchTypoShards(sink: OutputSink, patch: TypoPatch): Promise<{ typo: TypoManifest; kept: number } | string> {
  const { previous, changes } = patch;
  const prev = previous.shards;
  if (prev.length === 0) return "the previous build has no typo shards";
  // Every typo key of a changed word, with the words that are filed under it now.
  const now = new Map<string, TypoEntry[]>();
  for (const [word, weight] of changes)
    for (const key of typoKeys(word, previous.keyPrefix)) {
      let list = now.get(key);
      if (!list) now.set(key, (list = []));
      if (weight !== undefined) list.push([word, weight]);
    }
  const dirtyKeys = [...now.keys()].sort();
  for (const list of now.values()) list.sort(byWord);
  // A shard's keys run from its first to the next one's first; the first shard also holds any key before its own first.
  const dirty = (j: number) => holdsIn(dirtyKeys, j === 0 ? "" : prev[j]!.first, prev[j + 1]?.first);

  // The plan first (previous shards to keep, shards to write), carried out only once it is whole:
  // a previous file that cannot be read leaves nothing behind for the whole write to clean up.
  const plan: (TypoManifest["shards"][number] | TypoShard)[] = [];
  const cutter = new TypoCutter();
  let keys = previous.keys;
  const before = new Set<string>();
  let kept = 0;
  const readShard = async (j: number) => {
    const bytes = await patch.read(prev[j]!.file);
    return bytes && new TypoShardReader(bytes);
  };
  for (let j = 0; j < prev.length; j++) {
    let reader: TypoShardReader | undefined;
    if (!dirty(j)) {
      // A clean shard is kept when the cut starts a shard at its first key, as a whole write would.
      if (!cutter.empty) {
        reader = await readShard(j);
        if (!reader) return `${prev[j]!.file} is not the previous build's`;
      }
      if (cutter.empty || cutter.startsShard(reader!.key(0), reader!.entries(0))) {
        const closed = cutter.close();
        if (closed) plan.push(closed);
        plan.push(prev[j]!);
        continue;
      }
    }
    reader ??= await readShard(j);
    if (!reader) return `${prev[j]!.file} is not the previous build's`;
    // The shard's keys merged with the changed words' keys in its range that it lacks.
    const from = j === 0 ? 0 : lowerBound(dirtyKeys, prev[j]!.first);
    const to = j + 1 < prev.length ? lowerBound(dirtyKeys, prev[j + 1]!.first) : dirtyKeys.length;
    let d = from;
    const emit = (key: string, list: readonly TypoEntry[]) => {
      if (list.length === 0) return;
      const closed = cutter.add(key, list);
      if (closed) plan.push(closed);
    };
    for (let i = 0; i < reader.size; i++) {
      const key = reader.key(i);
      // A changed word's key the previous index lacked: counted when it lists a word.
      for (; d < to && dirtyKeys[d]! < key; d++) {
        const added = now.get(dirtyKeys[d]!)!;
        if (added.length > 0) keys++;
        emit(dirtyKeys[d]!, added);
      }
      let list = reader.entries(i);
      const changed = d < to && dirtyKeys[d] === key ? now.get(dirtyKeys[d++]!)! : undefined;
      if (changed) {
        for (const e of list) if (changes.has(e[0])) before.add(e[0]);
        list = [...list.filter((e) => !changes.has(e[0])), ...changed].sort(byWord);
        if (list.length === 0) keys--;
      }
      emit(key, list);
    }
    for (; d < to; d++) {
      const list = now.get(dirtyKeys[d]!)!;
      if (list.length > 0) keys++;
      emit(dirtyKeys[d]!, list);
    }
  }
  const last = cutter.close();
  if (last) plan.push(last);
  const shards: TypoManifest["shards"] = [];
  for (const step of plan) {
    if ("keys" in step) shards.push(await writeTypoShard(sink, step));
    else if (await patch.keep(step.file)) {
      shards.push(step);
      kept++;
    } else {
      // Not recorded by the cache: the previous bytes written again (the same file).
      const bytes = await patch.read(step.file);
      if (!bytes) throw new Error(`${step.file}: the previous typo shard can no longer be read`);
      await sink.write(step.file, bytes);
      shards.push(step);
    }
  }
  let words = previous.words - before.size;
  for (const weight of changes.values()) if (weight !== undefined) words++;
  return { typo: { keyPrefix: previous.keyPrefix, shards, words, keys }, kept };
}
