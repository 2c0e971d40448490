// The mutable state of the local GitHub server: repositories by id and by name, renames
// (old names redirect), deletions, and commits pushed by tests at run time.

import { isoSeconds } from "../../contract/iso-time.js";
import { type FixtureBlob, type FixtureRepo, gitBlobSha, rowBytes, sha1 } from "./model.js";

/** A file a test pushes: text, or a dataset-row-like value (base64 bytes, a mode such as 120000); null deletes. */
export type PushedFile = string | null | { raw: string; encoding?: string; mode?: string };

export interface TreeEntry {
  path: string;
  mode: string;
  type: "blob" | "tree";
  sha: string;
  size?: number;
}

const lower = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();

export class RepoStore {
  private readonly byId = new Map<number, FixtureRepo>();
  private readonly byName = new Map<string, number>();
  private readonly redirects = new Map<string, number>();
  private readonly blobIndex = new Map<string, FixtureBlob>();
  /** Archives a test put in place of the one built from the tree (hostile archives), by repository id. */
  private readonly archives = new Map<number, Buffer>();

  constructor(repos: FixtureRepo[]) {
    for (const r of repos) this.add(r);
  }

  private add(r: FixtureRepo): void {
    this.byId.set(r.id, r);
    this.byName.set(lower(r.owner, r.name), r.id);
    for (const b of r.blobs.values()) this.blobIndex.set(b.sha, b);
  }

  get size(): number {
    return this.byId.size;
  }

  all(): FixtureRepo[] {
    return [...this.byId.values()];
  }

  byKey(owner: string, name: string): { repo: FixtureRepo; redirected: boolean } | undefined {
    const k = lower(owner, name);
    const id = this.byName.get(k);
    if (id !== undefined) return { repo: this.byId.get(id)!, redirected: false };
    const moved = this.redirects.get(k);
    const repo = moved === undefined ? undefined : this.byId.get(moved);
    return repo ? { repo, redirected: true } : undefined;
  }

  get(id: number): FixtureRepo | undefined {
    return this.byId.get(id);
  }

  blob(sha: string): FixtureBlob | undefined {
    return this.blobIndex.get(sha);
  }

  remove(owner: string, name: string): boolean {
    const found = this.byKey(owner, name);
    if (!found) return false;
    this.byId.delete(found.repo.id);
    this.byName.delete(lower(found.repo.owner, found.repo.name));
    return true;
  }

  rename(owner: string, name: string, to: string): FixtureRepo | undefined {
    const found = this.byKey(owner, name);
    const [newOwner, newName] = to.split("/");
    if (!found || !newOwner || !newName) return undefined;
    const r = found.repo;
    this.byName.delete(lower(r.owner, r.name));
    this.redirects.set(lower(r.owner, r.name), r.id);
    r.owner = newOwner;
    r.name = newName;
    this.byName.set(lower(newOwner, newName), r.id);
    return r;
  }

  /** Pushes a commit: `files` maps paths to new content (null deletes). The clock moves one hour. */
  commit(owner: string, name: string, files: Record<string, PushedFile>): FixtureRepo | undefined {
    const found = this.byKey(owner, name);
    if (!found) return undefined;
    const r = found.repo;
    for (const [path, value] of Object.entries(files)) {
      if (value === null) r.blobs.delete(path);
      else {
        const row = typeof value === "string" ? { raw: value } : value;
        const bytes = rowBytes({ ...row, path });
        const blob: FixtureBlob = { path, mode: row.mode ?? "100644", sha: gitBlobSha(bytes), size: bytes.length, bytes };
        r.blobs.set(path, blob);
        this.blobIndex.set(blob.sha, blob);
      }
    }
    r.headSha = sha1(`${r.headSha}\n${JSON.stringify(files)}`);
    const next = isoSeconds(Date.parse(r.pushedAt) + 3600_000);
    r.pushedAt = next;
    r.committedAt = next;
    return r;
  }

  /** Serves `bytes` as the repository's tarball from now on (a test's hand-made, perhaps hostile, archive). */
  setArchive(owner: string, name: string, bytes: Buffer): FixtureRepo | undefined {
    const found = this.byKey(owner, name);
    if (found) this.archives.set(found.repo.id, bytes);
    return found?.repo;
  }

  archiveOverride(r: FixtureRepo): Buffer | undefined {
    return this.archives.get(r.id);
  }

  /** The recursive git tree of the head commit, in git order (paths sorted). */
  tree(r: FixtureRepo): TreeEntry[] {
    const dirs = new Set<string>(r.dirs);
    for (const p of r.blobs.keys()) {
      const parts = p.split("/");
      for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
    }
    const entries: TreeEntry[] = [];
    for (const d of dirs) entries.push({ path: d, mode: "040000", type: "tree", sha: sha1(`tree ${r.headSha} ${d}`) });
    for (const b of r.blobs.values()) entries.push({ path: b.path, mode: b.mode, type: "blob", sha: b.sha, size: b.size });
    return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}
