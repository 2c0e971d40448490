// Decompresses one snapshot file into its target while checking it against its manifest entry.
// The decompressed bytes are counted as they stream: the first chunk that would take the file past
// its declared size fails the pipeline, which stops reading the parts at once. So a small part that
// inflates to gigabytes (a gzip bomb) writes no more than the declared size before it is refused.
import { createHash } from "node:crypto";
import { Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

export interface Expected {
  /** Path of the entry, for messages. */
  path: string;
  bytes: number;
  sha256: string;
}

export class SnapshotMismatch extends Error {}

/** Gunzips `source` into `sink`, failing as soon as the output exceeds `expected.bytes`, then checks size and SHA-256. */
export async function inflateChecked(source: AsyncIterable<Buffer>, sink: Writable, expected: Expected): Promise<void> {
  const hash = createHash("sha256");
  let written = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > expected.bytes) {
        return done(new SnapshotMismatch(`${expected.path} inflates to more than its declared ${expected.bytes} bytes; refused`));
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source, createGunzip(), guard, sink);
  const sha = hash.digest("hex");
  if (written !== expected.bytes || sha !== expected.sha256)
    throw new SnapshotMismatch(`${expected.path} does not match its manifest (${written} bytes, sha256 ${sha})`);
}
