// The head files of a list (src/contract/list-order.ts encodeListHead): an order's, a category's or a
// platform's first positions, their summaries slotted by position, `chunk` a file.
import type { SkillSummary } from "../schemas/resources.js";
import type { RequestScope } from "./scope.js";

/** Summaries of a page of slotted head files by position (`positions` ascending, each below the head's length). */
export async function fromHead(
  scope: RequestScope,
  file: (n: number) => string,
  chunk: number,
  positions: readonly number[],
): Promise<SkillSummary[]> {
  const first = Math.floor(positions[0]! / chunk);
  const last = Math.floor(positions[positions.length - 1]! / chunk);
  const files = await Promise.all(Array.from({ length: last - first + 1 }, (_, k) => scope.store.slotted(file(first + k))));
  // The build validated every summary; the hot path does not check it again.
  return positions.map((at) => files[Math.floor(at / chunk) - first]!.value(at % chunk) as SkillSummary);
}
