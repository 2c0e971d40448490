// A gzip bomb made cheaply: one gzip member of 1 MiB of zeros (about 1 KiB), repeated. Concatenated
// gzip members are one valid stream that gunzip inflates to the sum of their sizes.
import { gzipSync } from "node:zlib";

/** `mebibytes` members of 1 MiB of zeros each. */
export function bombParts(mebibytes: number): Buffer[] {
  const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Array.from({ length: mebibytes }, () => member);
}
