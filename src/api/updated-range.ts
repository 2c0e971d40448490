// `updatedSince` with no other filter, over a window wider than the updated order's head
// (recent-lists.ts answers one within it), from the orders' blocks (src/contract/list-blocks.ts): its
// count is the updated order's steps and one block; a page of the updated order is the refs of the
// blocks it spans; a page of another order is the matches of that order's first blocks. A page within
// an order's head is read from its head files. No column and no order file is read (4 MB each at 1M
// skills: 12.8 MB for a cold page in another order before). Only a page the order's first
// MAX_WALKED_BLOCKS blocks are unlikely to hold (a narrow window, deep pages) is left to the walk of the
// order file with the `updated` column, kept per isolate (skill-lists.ts), as is `trust=clean`: the
// blocks do not mark the suspicious skills it leaves out.

import { countUpdatedSince, decodeListBlock } from "../contract/list-blocks.js";
import { type ListSet, listBlockFile, listHeadFile, updatedStepsFile } from "../contract/paths.js";
import type { ListQuery } from "../schemas/params.js";
import type { SkillSummary } from "../schemas/resources.js";
import { fromHead } from "./list-heads.js";
import type { RequestScope } from "./scope.js";

/** At most this many blocks (32 KB each) are walked on average for a page of another order than updated. */
export const MAX_WALKED_BLOCKS = 32;

/** The skills an order of `set` holds. */
const setLength = (scope: RequestScope, set: ListSet) =>
  set === "all" ? scope.manifest.counts.skills : scope.manifest.counts.skills - scope.manifest.counts.malicious;

const blockOf = (scope: RequestScope, set: ListSet, q: Pick<ListQuery, "sort" | "order">, n: number) =>
  scope.store.decoded(listBlockFile(set, q.sort, q.order, n), decodeListBlock);

/** How many skills of `set` were updated at or after `since` (Unix seconds). */
export async function updatedSinceCount(scope: RequestScope, set: ListSet, since: number): Promise<number> {
  const steps = await scope.store.u32(updatedStepsFile(set));
  const newest = { sort: "updated", order: "desc" } as const;
  return countUpdatedSince(steps, since, setLength(scope, set), scope.manifest.lists.block, (n) => blockOf(scope, set, newest, n));
}

/**
 * A page of the skills of `set` updated at or after `since`, `total` of them, numbered `start` to
 * `end` (exclusive) in `q`'s order. Undefined when another order's page is left to the caller's walk.
 */
export async function updatedSincePage(
  scope: RequestScope,
  q: Pick<ListQuery, "sort" | "order">,
  set: ListSet,
  since: number,
  total: number,
  { start, end }: { start: number; end: number },
): Promise<SkillSummary[] | undefined> {
  if (start >= total) return [];
  const want = Math.min(end, total);
  const { block, head, chunk } = scope.manifest.lists;
  const length = setLength(scope, set);
  // Within the order's head, its head files hold the whole page in one or two files.
  const headed = (positions: number[]) =>
    set === "listed" && positions[positions.length - 1]! < head
      ? fromHead(scope, (n) => listHeadFile(q.sort, q.order, n), chunk, positions)
      : undefined;
  const positions: number[] = [];
  const refs: number[] = [];
  if (q.sort === "updated") {
    // One run of the updated order: its first `total` positions newest first, its last oldest first.
    const first = (q.order === "desc" ? 0 : length - total) + start;
    for (let at = first; at < first + want - start; at++) positions.push(at);
    const fromHeadFiles = headed(positions);
    if (fromHeadFiles) return fromHeadFiles;
    const firstBlock = Math.floor(first / block);
    const blocks = await Promise.all(
      Array.from({ length: Math.floor(positions[positions.length - 1]! / block) - firstBlock + 1 }, (_, k) =>
        blockOf(scope, set, q, firstBlock + k),
      ),
    );
    for (const at of positions) refs.push(blocks[Math.floor(at / block) - firstBlock]!.refs[at % block]!);
  } else {
    // The page lies within the order's first want / total of it, on average: too deep, the caller walks.
    if (want * length > MAX_WALKED_BLOCKS * block * total) return undefined;
    let matched = 0;
    for (let n = 0; n * block < length && matched < want; n++) {
      const { refs: blockRefs, updated } = await blockOf(scope, set, q, n);
      for (let i = 0; i < updated.length && matched < want; i++) {
        if (updated[i]! < since) continue;
        if (matched >= start) {
          positions.push(n * block + i);
          refs.push(blockRefs[i]!);
        }
        matched++;
      }
    }
  }
  return (await headed(positions)) ?? scope.store.summariesAt(refs);
}
