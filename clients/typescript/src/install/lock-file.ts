// Reading and writing skills-lock.json on disk: absent reads as empty, a write replaces the file
// atomically (temporary file, then rename), and an empty lock removes the file.
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { emptyLock, type Lock, parseLock, serializeLock } from "./lock.js";

export async function readLock(file: string): Promise<Lock> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return emptyLock();
    throw e;
  }
  return parseLock(text, file);
}

export async function writeLock(file: string, lock: Lock): Promise<void> {
  if (Object.keys(lock.skills).length === 0) {
    await rm(file, { force: true });
    return;
  }
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, serializeLock(lock), { flag: "wx" });
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
