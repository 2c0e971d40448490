// The meaning pass of an incremental build whose model input changed: the previous model's entries
// read back from the previous site's related shards, and the model updated for the words the change
// can reach (src/build/search-index/meaning-update.ts). Any doubt (another number of files, files
// numbered anew, a shard missing or not matching its content-hash name) says why and leaves the
// build to run the whole pass.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { decodeRelatedShard, type RelatedEntry } from "../../contract/related-shard.js";
import type { MeaningManifest } from "../../contract/search-manifest.js";
import type { OutputSink, WrittenFile } from "../output.js";
import { type MeaningCorpus, writeUpdatedMeaning } from "../search-index/meaning-pass.js";
import { affectedWords, updatableReason } from "../search-index/meaning-update.js";
import { hashName } from "../search-index/search-shards.js";
import type { Reuse } from "./incremental-pass.js";
import { readStored } from "./index-store.js";
import { keepFile } from "./kept-shards.js";

/** The previous model's entries in word order, or why they cannot be used. */
async function previousEntries(reuse: Reuse, prefix: string): Promise<RelatedEntry[] | string> {
  const manifest = reuse.cache.state.meaning;
  if (!manifest) return "the build cache holds no meaning model";
  const entries: RelatedEntry[] = [];
  for (const shard of manifest.shards) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(reuse.cache.previousSite, prefix, shard.file));
    } catch {
      return `the previous site lacks ${shard.file}`;
    }
    if (hashName("related", bytes, "json") !== shard.file) return `${shard.file} does not hold what its name says`;
    const list = decodeRelatedShard(bytes);
    for (const e of list) {
      const last = entries.at(-1);
      if (last && !(last[0] < e[0])) return `${shard.file} is not in word order`;
      entries.push(e);
    }
  }
  if (entries.length !== manifest.words) return "the previous model's shards do not hold its words";
  return entries;
}

/** The updated model's manifest, or undefined (the reason logged) when the whole pass must run. */
export async function updatedMeaning(
  reuse: Reuse | undefined,
  corpus: MeaningCorpus,
  prefix: string,
  sink: OutputSink,
  log: (line: string) => void,
  /** Where the build writes and how it counts a kept file: the shards no changed entry falls in are kept. */
  kept?: { outDir: string; adopt: (file: WrittenFile) => void },
): Promise<MeaningManifest | undefined> {
  const input = reuse?.meaning;
  // An unchanged input has nothing to update (its stored copy was never made).
  if (!reuse || !input?.stored) return undefined;
  const reason =
    corpus.files.keys.length !== input.stored.keys.length
      ? "the model's input is not the one the incremental pass stored"
      : updatableReason(input.previousDocuments, corpus.documents, input.oldDocTo);
  const previous = reason ?? (await previousEntries(reuse, prefix));
  if (typeof previous === "string") {
    log(`the meaning model is built whole: ${previous}`);
    return undefined;
  }
  log("updating the meaning model for what changed");
  // The cached input, checked when the cache was opened, is read whole only here.
  const cached = await readStored(input.previous.file, input.previous.rows);
  const affected = affectedWords(cached, input.stored, corpus.documents, previous);
  const manifest = reuse.cache.state.meaning!;
  const patch = kept && {
    shards: manifest.shards,
    keep: (file: string) => keepFile(reuse, kept.outDir, `${prefix}/${file}`, kept.adopt),
  };
  return writeUpdatedMeaning(corpus, previous, affected, sink, (line) => log(`  ${line}`), patch);
}
