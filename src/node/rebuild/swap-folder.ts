// Puts a complete, verified staging folder in place of the dataset folder with renames only, so
// that at every moment either the old or the new dataset sits at `dir`, and `dir.previous` keeps the
// last good dataset: the live folder becomes `.previous` only when it is a dataset (it holds
// skills.jsonl), and the copy it replaces is deleted only after the new folder is in place. A
// failed rename puts back what was moved.
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";

export const previousFolder = (dir: string) => `${dir}.previous`;
/** What a swap is about to delete: the older `.previous`, or a live folder that was not a dataset. */
const retiredFolder = (dir: string) => `${dir}.retired`;

/** Replaces `dir` with `staging`; `marker` is the file that makes a folder a dataset. */
export async function swapFolder(staging: string, dir: string, marker: string): Promise<void> {
  const previous = previousFolder(dir);
  const retired = retiredFolder(dir);
  await settleInterrupted(previous, retired, marker);
  const moved: [from: string, to: string][] = [];
  const move = async (from: string, to: string) => {
    await rename(from, to);
    moved.push([from, to]);
  };
  try {
    if (existsSync(join(dir, marker))) {
      if (existsSync(previous)) await move(previous, retired);
      await move(dir, previous);
    } else if (existsSync(dir)) {
      await move(dir, retired);
    }
    await rename(staging, dir);
  } catch (error) {
    for (const [from, to] of moved.reverse()) await rename(to, from);
    throw error;
  }
  await rm(retired, { recursive: true, force: true });
}

/** A swap that died between its renames left `retired`: it is the only good copy when `.previous` is gone. */
async function settleInterrupted(previous: string, retired: string, marker: string): Promise<void> {
  if (!existsSync(retired)) return;
  if (!existsSync(previous) && existsSync(join(retired, marker))) await rename(retired, previous);
  else await rm(retired, { recursive: true, force: true });
}
