// An incremental build's surface forms (search-index/suggest-build.ts): the forms are a function of
// how often each word is written in the skills' names and descriptions, so the build patches the
// cache's counts with the skills it renders afresh and those it drops, rather than scanning every
// skill's texts again (about a second of the main thread's time at 100k skills).
import type { SlimRecord } from "../../dataset/stream.js";
import { countSurfaceWords } from "../search-index/suggest-build.js";
import type { Reuse } from "./incremental-pass.js";

/**
 * This build's word counts from the cache's (taken, not copied): the words of every cached skill
 * whose key is in `reuse.changed` (changed or gone) taken off, those of `fresh` added. Undefined
 * when the cache holds no counts, or counts that cannot be its skills' (one would fall below zero).
 */
export function patchedSurfaceWords(reuse: Reuse, fresh: readonly SlimRecord[]): Map<string, number> | undefined {
  const words = reuse.cache.surface;
  if (!words) return undefined;
  reuse.cache.surface = null;
  const gone = reuse.cache.skills.filter((s) => reuse.changed.has(s[0])).map((s) => s[8] as unknown as SlimRecord);
  countSurfaceWords(gone, words, -1);
  countSurfaceWords(fresh, words, 1);
  for (const [word, n] of words) {
    if (n < 0) return undefined;
    if (n === 0) words.delete(word);
  }
  return words;
}
