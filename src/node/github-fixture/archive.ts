// Repository archives as GitHub's codeload serves them (`GET /repos/{o}/{r}/tarball/{ref}` redirects
// there): a gzipped tar whose entries sit under one `<owner>-<repo>-<short sha>/` folder: folders, files
// (mode 664 or 775) and symlinks, in path order. (GitHub also writes a pax global header naming the
// commit; tar readers consume it, so it is left out here.)
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import type { FixtureRepo } from "./model.js";
import type { TreeEntry } from "./store.js";

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** The gzipped tarball of the repository's head, built from its tree (`entries`, sorted by path). */
export async function tarball(r: FixtureRepo, entries: readonly TreeEntry[]): Promise<Buffer> {
  const root = `${r.owner}-${r.name}-${r.headSha.slice(0, 7)}`;
  const mtime = new Date(Date.parse(r.committedAt) || 0);
  const p = pack();
  const out = collect(p);
  p.entry({ name: `${root}/`, type: "directory", mode: 0o775, mtime });
  for (const e of entries) {
    const name = `${root}/${e.path}`;
    if (e.type === "tree") {
      p.entry({ name: `${name}/`, type: "directory", mode: 0o775, mtime });
      continue;
    }
    const blob = r.blobs.get(e.path);
    if (!blob) continue;
    if (blob.mode === "120000") p.entry({ name, type: "symlink", linkname: blob.bytes.toString("utf8"), mode: 0o777, mtime });
    else p.entry({ name, type: "file", mode: blob.mode === "100755" ? 0o775 : 0o664, mtime, size: blob.bytes.length }, blob.bytes);
  }
  p.finalize();
  return gzipSync(await out);
}
