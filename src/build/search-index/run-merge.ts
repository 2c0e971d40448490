// The first pass's index runs merged into one PostingIndex (passes.ts loadPostings, loadMeaning).
// A run's keys come sorted (PostingCollector.part sorts them in the worker that made it), so the
// merged key order is kept as the runs arrive by one walk of it beside each run's keys: no table
// from key to id and no sort of every key at the end. At 100k skills those two (a Map of 2M keys,
// then a sort with a comparison called back into JavaScript) were most of the 18 s the build spent
// between its first pass and its first term shard. Keys get ids in order of first sight, as
// collect-postings.ts PartMerger gives them, so the index (its snapshot included) is the same.

import { type Buffers, type CollectedPart, inBuffers, PostingIndex, plainBuffers } from "./collect-postings.js";

/** Whether `keys` is strictly ascending (JavaScript string order). */
function ascending(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return false;
  return true;
}

/**
 * A run with its keys sorted and its logs' local ids renumbered to match (PostingCollector.part
 * does this already: only a run made otherwise pays for it).
 */
function sortedRun(part: CollectedPart): CollectedPart {
  if (ascending(part.keys)) return part;
  const keys = part.keys.slice().sort();
  const at = new Map(keys.map((k, r) => [k, r]));
  const rank = Uint32Array.from(part.keys, (k) => at.get(k)!);
  for (const field of part.fields) for (const chunk of field.log) for (let i = 0; i < chunk.length; i++) chunk[i] = rank[chunk[i]!]!;
  return { ...part, keys };
}

/**
 * Merges runs handed in one at a time, in ordinal order (each starting where the one before ends).
 * Each run's keys are mapped to merged ids as it arrives and then let go; only the logs wait for
 * the inversion.
 */
export class SortedRunMerger {
  /** Merged id -> key, in order of first sight. */
  private readonly keyList: string[] = [];
  /** The merged ids in key order. */
  private order = new Uint32Array(0);
  private readonly parts: CollectedPart[] = [];
  private readonly remaps: Uint32Array[] = [];
  private next: number | undefined;
  private fieldCount: number | undefined;

  add(run: CollectedPart): void {
    const part = sortedRun(run);
    this.fieldCount ??= part.fields.length;
    if (part.fields.length !== this.fieldCount) throw new Error(`expected ${this.fieldCount} fields, got ${part.fields.length}`);
    if (this.next !== undefined && part.first !== this.next) throw new Error(`part starts at ordinal ${part.first}, expected ${this.next}`);
    this.next = part.first + part.count;
    const { keys } = part;
    const { keyList, order } = this;
    const merged = new Uint32Array(order.length + keys.length);
    const remap = new Uint32Array(keys.length);
    let x = 0;
    let y = 0;
    let n = 0;
    while (y < keys.length) {
      const key = keys[y]!;
      // Merged keys before this one are copied over; an equal one gives the run's key its id.
      while (x < order.length && keyList[order[x]!]! < key) merged[n++] = order[x++]!;
      if (x < order.length && keyList[order[x]!] === key) {
        remap[y++] = order[x]!;
        merged[n++] = order[x++]!;
      } else {
        const id = keyList.push(key) - 1;
        remap[y++] = id;
        merged[n++] = id;
      }
    }
    while (x < order.length) merged[n++] = order[x++]!;
    this.order = merged.subarray(0, n);
    this.parts.push({ ...part, keys: [] });
    this.remaps.push(remap);
  }

  /** The merged index, its arrays in `buffers` (shared ones for a worker thread to read); the merger is spent. */
  finish(buffers: Buffers = plainBuffers): PostingIndex {
    if (this.parts.length === 0) throw new Error("no parts to merge");
    const keys = Array.from(this.order, (id) => this.keyList[id]!);
    const u32 = (length: number) => new Uint32Array(buffers(length * 4));
    return new PostingIndex(keys, inBuffers(this.order, buffers), invertRuns(this.keyList.length, this.parts, this.remaps, u32));
  }
}

/**
 * Inverts the runs' logs by merged id. Per field, each run's postings are counted by its own (local)
 * key ids, a small array; those counts size every merged key's list (one addition per key of a run, not
 * one per posting) and give each local key the place of its block in the merged list; then each posting
 * is written at its local key's next place, skill by skill, so each list comes out in ordinal order
 * (runs arrive in ordinal order and take their blocks in turn). A posting so costs one look-up in a
 * run-sized table and one write, where a count and a placement through the merged tables (a table of
 * every key, 4 MB at 100k skills, read at random for each posting twice) cost five look-ups. A run's
 * field log is let go once its field is placed.
 */
function invertRuns(
  keyCount: number,
  parts: readonly CollectedPart[],
  remaps: readonly Uint32Array[],
  u32: (length: number) => Uint32Array,
) {
  const fields: { start: Uint32Array; ordinals: Uint32Array }[] = [];
  const fieldCount = parts[0]!.fields.length;
  for (let f = 0; f < fieldCount; f++) {
    // Per run: how many postings each of its local keys has in this field.
    const counts = parts.map((part, p) => {
      const local = new Uint32Array(remaps[p]!.length);
      for (const chunk of part.fields[f]!.log) for (let i = 0; i < chunk.length; i++) local[chunk[i]!]!++;
      return local;
    });
    const start = u32(keyCount + 1);
    counts.forEach((local, p) => {
      const remap = remaps[p]!;
      for (let r = 0; r < local.length; r++) start[remap[r]! + 1]! += local[r]!;
    });
    for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!;
    const fill = start.slice(0, keyCount);
    const ordinals = u32(start[keyCount]!);
    parts.forEach((part, p) => {
      const remap = remaps[p]!;
      // The run's counts become its blocks' next places in `ordinals`.
      const next = counts[p]!;
      for (let r = 0; r < next.length; r++) {
        const n = next[r]!;
        const id = remap[r]!;
        next[r] = fill[id]!;
        fill[id]! += n;
      }
      const { log, ends } = part.fields[f]!;
      let skill = 0;
      let pos = 0;
      for (const chunk of log) {
        for (let i = 0; i < chunk.length; i++, pos++) {
          while (pos >= ends[skill]!) skill++;
          ordinals[next[chunk[i]!]!++] = part.first + skill;
        }
      }
      part.fields[f]!.log = [];
    });
    fields.push({ start, ordinals });
  }
  return fields;
}
