// `updatedSince` with no other filter: the skills updated since are the first positions of the
// updated order (newest first), so when they all fall within its head, which a mirror's usual poll
// (the last hour or day) does, their summaries are all in the updated order's head files. They are
// read one file at a time until an older skill shows, and put in the requested order here with the
// order the build computes (src/contract/list-order.ts compareListed): no column and no order file
// is read. A wider window is counted from the updated order's blocks (updated-range.ts).

import { updatedSeconds } from "../contract/columns.js";
import { compareListed } from "../contract/list-order.js";
import { listHeadFile } from "../contract/paths.js";
import type { ListQuery } from "../schemas/params.js";
import type { SkillSummary } from "../schemas/resources.js";
import type { RequestScope } from "./scope.js";

/**
 * The listed skills updated at or after `since` (Unix seconds), in `q`'s order, less the suspicious
 * ones when `skipSuspicious`; undefined when they may reach past the updated order's head, where
 * only a count over the `updated` column can tell how many there are.
 */
export async function recentSkills(
  scope: RequestScope,
  q: Pick<ListQuery, "sort" | "order">,
  since: number,
  skipSuspicious: boolean,
): Promise<SkillSummary[] | undefined> {
  const { manifest, store } = scope;
  const { head, chunk } = manifest.lists;
  const listed = manifest.counts.skills - manifest.counts.malicious;
  const length = Math.min(head, listed);
  if (length === 0) return listed === 0 ? [] : undefined;
  const file = (n: number) => store.slotted(listHeadFile("updated", "desc", n));
  // The head's last skill first (beside its first file): when it too is recent, so may be skills past the head.
  const lastFile = Math.floor((length - 1) / chunk);
  const [first, last] = await Promise.all([file(0), file(lastFile)]);
  const lastSummary = last.value((length - 1) % chunk) as SkillSummary;
  if (length < listed && updatedSeconds(lastSummary.updatedAt) >= since) return undefined;
  const recent: SkillSummary[] = [];
  let older = false;
  for (let n = 0; n * chunk < length && !older; n++) {
    const slots = n === 0 ? first : n === lastFile ? last : await file(n);
    for (let at = n * chunk; at < Math.min(length, (n + 1) * chunk); at++) {
      // The build validated every summary; the hot path does not check it again.
      const summary = slots.value(at - n * chunk) as SkillSummary;
      if (updatedSeconds(summary.updatedAt) < since) {
        older = true;
        break;
      }
      if (!(skipSuspicious && summary.verdict === "suspicious")) recent.push(summary);
    }
  }
  return recent.sort(compareListed(q.sort, q.order));
}
