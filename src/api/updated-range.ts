// `updatedSince` with no other filter, over a window wider than the updated order's head
// (recent-lists.ts answers one within it). Its count is the updated order's steps and one block
// (src/contract/updated-blocks.ts); a page of the updated order is the refs of the blocks it spans; a
// page of another order comes from that order's head files, their summaries filtered by `updatedAt`.
// No column and no order file is read (4 MB each at 1M skills, 12.8 MB for a cold page in another
// order before). Only a page of another order that reaches past its head is left to the walk of
// the order (skill-lists.ts).

import { updatedSeconds } from "../contract/columns.js";
import { listHeadFile, type UpdatedSet, updatedBlockFile, updatedStepsFile } from "../contract/paths.js";
import { countUpdatedSince, decodeUpdatedBlock } from "../contract/updated-blocks.js";
import type { ListQuery } from "../schemas/params.js";
import type { SkillSummary } from "../schemas/resources.js";
import { fromHead } from "./list-heads.js";
import type { RequestScope } from "./scope.js";

/** How many skills of `set` were updated at or after `since` (Unix seconds). */
export async function updatedSinceCount(scope: RequestScope, set: UpdatedSet, since: number): Promise<number> {
  const { store, manifest } = scope;
  const { block } = manifest.lists.updated;
  const steps = await store.u32(updatedStepsFile(set));
  const length = set === "all" ? manifest.counts.skills : manifest.counts.skills - manifest.counts.malicious;
  return countUpdatedSince(steps, since, length, block, (n) => store.decoded(updatedBlockFile(set, "desc", n), decodeUpdatedBlock));
}

/**
 * The skills numbered `start` to `end` (exclusive) of the `total` updated at or after `since`, in the
 * updated order `order`: they are one run of it (its first `total` positions newest first, its last
 * oldest first), so a page is a range of positions, read from the order's head files within its head
 * and from the refs of its blocks past it.
 */
export async function updatedPage(
  scope: RequestScope,
  order: ListQuery["order"],
  set: UpdatedSet,
  total: number,
  { start, end }: { start: number; end: number },
): Promise<SkillSummary[]> {
  const { store, manifest } = scope;
  const length = set === "all" ? manifest.counts.skills : manifest.counts.skills - manifest.counts.malicious;
  const from = order === "desc" ? 0 : length - total;
  const count = Math.max(0, Math.min(end, total) - start);
  if (count === 0) return [];
  const first = from + start;
  const last = first + count - 1;
  if (set === "listed" && last < manifest.lists.head)
    return fromHead(
      scope,
      (n) => listHeadFile("updated", order, n),
      manifest.lists.chunk,
      Array.from({ length: count }, (_, i) => first + i),
    );
  const { block } = manifest.lists.updated;
  const blocks = await Promise.all(
    Array.from({ length: Math.floor(last / block) - Math.floor(first / block) + 1 }, (_, k) =>
      store.decoded(updatedBlockFile(set, order, Math.floor(first / block) + k), decodeUpdatedBlock),
    ),
  );
  const refs = Array.from({ length: count }, (_, i) => {
    const at = first + i;
    return blocks[Math.floor(at / block) - Math.floor(first / block)]!.refs[at % block]!;
  });
  return store.summariesAt(refs);
}

/**
 * A page of the listed skills updated at or after `since` (`total` of them) in another order than
 * updated, from that order's head files: read one at a time until the page is full. Undefined when
 * the page may reach past the head (the caller walks the order): at once when the window is too
 * narrow for the head to hold the page on average, or once the head runs out first.
 */
export async function updatedInHead(
  scope: RequestScope,
  q: Pick<ListQuery, "sort" | "order">,
  since: number,
  total: number,
  { start, end }: { start: number; end: number },
): Promise<SkillSummary[] | undefined> {
  const { store, manifest } = scope;
  if (start >= total) return [];
  const listed = manifest.counts.skills - manifest.counts.malicious;
  const length = Math.min(manifest.lists.head, listed);
  const want = Math.min(end, total);
  // The head holds length / listed of the matches on average: too few for this page, the walk it is.
  if (total * length < want * listed) return undefined;
  const { chunk } = manifest.lists;
  const page: SkillSummary[] = [];
  let matched = 0;
  for (let n = 0; n * chunk < length; n++) {
    const slots = await store.slotted(listHeadFile(q.sort, q.order, n));
    for (let at = n * chunk; at < Math.min(length, (n + 1) * chunk); at++) {
      // The build validated every summary; the hot path does not check it again.
      const summary = slots.value(at - n * chunk) as SkillSummary;
      if (updatedSeconds(summary.updatedAt) < since) continue;
      if (matched >= start) page.push(summary);
      if (++matched === want) return page;
    }
  }
  // The whole order is its head: every match was seen.
  return length === listed ? page : undefined;
}
