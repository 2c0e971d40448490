// Fetches the planned files through /content?path= a few at a time and checks each one's bytes
// against the digest it must have (the listing's, or the lock's on a restore) before anything is
// written: one file that does not match fails the whole folder, naming the file.
import { sha256Hex } from "./digest.js";
import { InstallError } from "./errors.js";
import type { PlannedFile } from "./plan.js";
import type { SkillSource } from "./source.js";
import type { FileToWrite } from "./writer.js";

export interface Progress {
  /** After each file arrives and checks out: how many so far, of how many, which. */
  file(done: number, total: number, path: string, bytes: number): void;
}

/** Requests in flight at once: enough to hide latency, few enough to be polite to the API. */
const PARALLEL = 4;

/** One file, fetched and checked against its digest. */
async function fetchChecked(source: SkillSource, owner: string, repo: string, file: PlannedFile): Promise<FileToWrite> {
  const { data } = await source.getSkillContent(owner, repo, { path: file.path });
  if (typeof data?.content !== "string") throw new InstallError(`${file.path}: the API's answer has no content`);
  const bytes = new TextEncoder().encode(data.content);
  const digest = sha256Hex(bytes);
  if (digest !== file.sha256)
    throw new InstallError(
      `${file.path}: the bytes served do not match its SHA-256 (expected ${file.sha256}, got ${digest}); nothing was written`,
    );
  if (data.sha256 !== undefined && data.sha256 !== digest)
    throw new InstallError(`${file.path}: the API's sha256 ${data.sha256} is not the digest of the content it served; nothing was written`);
  return { path: file.rel, bytes, executable: file.executable };
}

export async function downloadFiles(
  source: SkillSource,
  owner: string,
  repo: string,
  files: readonly PlannedFile[],
  progress?: Progress,
): Promise<FileToWrite[]> {
  const out: FileToWrite[] = new Array(files.length);
  let next = 0;
  let done = 0;
  // After a failure the other workers take no new file: the answer is already no.
  let failed = false;
  const worker = async () => {
    while (next < files.length && !failed) {
      const index = next++;
      const file = files[index]!;
      try {
        out[index] = await fetchChecked(source, owner, repo, file);
      } catch (e) {
        failed = true;
        throw e;
      }
      progress?.file(++done, files.length, file.rel, out[index]!.bytes.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker));
  return out;
}
