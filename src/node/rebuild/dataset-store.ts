// Where a real directory's dataset lives between rebuilds: outside git, in an object store (an R2
// bucket through wrangler, or a plain folder). A save uploads a snapshot (each file gzipped, split
// into parts under R2's upload limit, with a manifest of sizes and SHA-256s) and only then moves the
// `latest.json` pointer, so an interrupted save never replaces the previous snapshot. Only a dataset
// (a folder holding skills.jsonl) is saved or restored. A restore writes every file into a staging
// folder, verifies it, and only then swaps it in with renames (swap-folder.ts), so a failed or
// hostile restore leaves the live dataset and its `.previous` copy as they were.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { z } from "zod";
import { isoSeconds } from "../../contract/iso-time.js";
import { DATASET_FILES } from "../../dataset/files.js";
import { stableStringify } from "../../dataset/json.js";
import { IsoTimestamp } from "../../schemas/resources.js";
import { UsageError } from "../cli.js";
import { runWrangler, WranglerError } from "../wrangler.js";
import { inflateChecked } from "./bounded-inflate.js";
import { clashingPaths, unsafeSnapshotPath } from "./snapshot-path.js";
import { swapFolder } from "./swap-folder.js";

/** Where snapshots are kept: put a local file at a key, get a key into a local file. */
export interface ObjectStore {
  /** Human-readable location, for messages. */
  readonly where: string;
  put(key: string, file: string): Promise<void>;
  /** Whether the key existed (and was written to `file`). */
  get(key: string, file: string): Promise<boolean>;
}

/** wrangler's `r2 object put` refuses files over 300 MiB; parts stay well below it. */
export const PART_BYTES = 200 * 1024 * 1024;
const HISTORY_LENGTH = 30;

export const SnapshotManifest = z
  .object({
    id: z.string().regex(/^[0-9A-Za-z._-]+$/),
    savedAt: IsoTimestamp,
    files: z.array(
      z
        .object({
          path: z
            .string()
            .superRefine((path, ctx) => {
              const why = unsafeSnapshotPath(path);
              if (why) ctx.addIssue({ code: "custom", message: `unsafe path ${JSON.stringify(path)}: ${why}` });
            })
            .describe("Relative to the dataset folder, forward slashes"),
          bytes: z.number().int().nonnegative(),
          sha256: z.string().regex(/^[0-9a-f]{64}$/),
          parts: z.number().int().positive(),
        })
        .strict(),
    ),
  })
  .strict();
export type SnapshotManifest = z.infer<typeof SnapshotManifest>;

/** The file that makes a folder a dataset: a snapshot without it is refused at save and at restore. */
const MARKER = DATASET_FILES.skills;

/** `latest.json`: the current snapshot's manifest (one read to restore it) and the ids saved before. */
const Latest = z
  .object({ manifest: SnapshotManifest, history: z.array(z.object({ id: SnapshotManifest.shape.id, savedAt: IsoTimestamp }).strict()) })
  .strict();
export type SnapshotList = z.infer<typeof Latest>["history"];

const partKey = (id: string, path: string, n: number) => `snapshots/${id}/${path}.gz.${String(n).padStart(3, "0")}`;
const manifestKey = (id: string) => `snapshots/${id}/manifest.json`;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full)));
    else if (e.isFile() && !e.name.endsWith(".tmp")) out.push(full);
  }
  return out.sort();
}

/** Writes a stream into numbered part files of at most `partBytes`, returning their paths. */
function partWriter(prefix: string, partBytes: number): Writable & { parts: string[] } {
  const parts: string[] = [];
  let current: ReturnType<typeof createWriteStream> | undefined;
  let filled = 0;
  const open = () => {
    const path = `${prefix}.${parts.length}`;
    parts.push(path);
    current = createWriteStream(path);
    filled = 0;
  };
  const write = (chunk: Buffer): Promise<void> =>
    new Promise((ok, fail) => {
      if (!current || filled >= partBytes) {
        current?.end();
        open();
      }
      const room = partBytes - filled;
      const head = chunk.subarray(0, room);
      filled += head.length;
      current!.write(head, (error) => {
        if (error) return fail(error);
        if (head.length < chunk.length) write(chunk.subarray(head.length)).then(ok, fail);
        else ok();
      });
    });
  const sink = new Writable({
    write: (chunk: Buffer, _enc, done) => void write(chunk).then(() => done(), done),
    final: (done) => {
      if (!current) open();
      current!.end(() => done());
    },
  });
  return Object.assign(sink, { parts });
}

const sha256Tap = (hash: ReturnType<typeof createHash>) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

async function getJson<T>(store: ObjectStore, key: string, schema: z.ZodType<T>, scratch: string): Promise<T | undefined> {
  const file = join(scratch, key.replaceAll("/", "_"));
  if (!(await store.get(key, file))) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw new Error(`${store.where}: ${key} is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`${store.where}: ${key} is not a valid snapshot file: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

async function putJson(store: ObjectStore, key: string, value: unknown, scratch: string): Promise<void> {
  const file = join(scratch, key.replaceAll("/", "_"));
  await writeFile(file, `${stableStringify(value, 2)}\n`);
  await store.put(key, file);
}

export interface SaveOptions {
  now: Date;
  partBytes?: number;
  log?: (line: string) => void;
}

/** Uploads the dataset folder as a new snapshot and makes it the latest; returns its manifest. */
export async function saveDataset(store: ObjectStore, dir: string, options: SaveOptions): Promise<SnapshotManifest> {
  const log = options.log ?? (() => {});
  const savedAt = isoSeconds(options.now);
  // An empty or wrong folder saved would become the latest snapshot, and the next restore would put it in place of the dataset.
  if (!existsSync(join(dir, MARKER))) throw new Error(`${dir} holds no ${MARKER}: it is not a dataset folder, so it is not saved`);
  const scratch = await mkdtemp(join(tmpdir(), "dataset-save-"));
  try {
    const files: SnapshotManifest["files"] = [];
    const partsOf: string[][] = [];
    const whole = createHash("sha256");
    for (const [i, full] of (await listFiles(dir)).entries()) {
      const path = relative(dir, full).split(sep).join("/");
      const hash = createHash("sha256");
      const parts = partWriter(join(scratch, `file${i}`), options.partBytes ?? PART_BYTES);
      await pipeline(createReadStream(full), sha256Tap(hash), createGzip(), parts);
      const entry = { path, bytes: (await stat(full)).size, sha256: hash.digest("hex"), parts: parts.parts.length };
      files.push(entry);
      partsOf.push(parts.parts);
      whole.update(`${entry.path}\0${entry.sha256}\n`);
    }
    // The id names the time and the content, so two saves of one dataset are told apart by time only.
    const id = `${savedAt.replace(/[-:]/g, "")}-${whole.digest("hex").slice(0, 12)}`;
    // Checked before any upload: a file name a restore would refuse (a backslash, say) stops the save here.
    const checked = SnapshotManifest.safeParse({ id, savedAt, files });
    if (!checked.success) throw new Error(`${dir} cannot be saved: ${checked.error.issues[0]?.message}`);
    const manifest = checked.data;
    for (const [i, entry] of files.entries()) {
      for (const [n, part] of partsOf[i]!.entries()) await store.put(partKey(id, entry.path, n), part);
      log(`saved ${entry.path} (${entry.bytes} bytes, ${entry.parts} part${entry.parts === 1 ? "" : "s"})`);
    }
    await putJson(store, manifestKey(id), manifest, scratch);
    // The pointer moves last: until here the previous snapshot stays the latest.
    const previous = await getJson(store, "latest.json", Latest, scratch);
    const history = [{ id, savedAt }, ...(previous?.history ?? []).filter((s) => s.id !== id)].slice(0, HISTORY_LENGTH);
    await putJson(store, "latest.json", { manifest, history }, scratch);
    log(`snapshot ${id} saved to ${store.where}`);
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Why a manifest cannot be restored (no dataset in it, two entries for one file), or undefined. */
function unrestorable(manifest: SnapshotManifest): string | undefined {
  const paths = manifest.files.map((f) => f.path);
  if (!paths.includes(MARKER)) return `it holds no ${MARKER}, so it is not a dataset`;
  const clash = clashingPaths(paths);
  if (clash)
    return clash[0] === clash[1] ? `it names ${clash[0]} twice` : `it names ${clash[0]} both as a file and as a folder of ${clash[1]}`;
  return undefined;
}

/**
 * Replaces `dir` with a snapshot (the latest unless `id` is given), after checking every file's
 * size and SHA-256 in a staging folder beside it. Returns undefined, touching nothing, when the
 * store holds no snapshot yet. The replaced dataset is kept as `dir.previous`.
 */
export async function restoreDataset(
  store: ObjectStore,
  dir: string,
  options: { id?: string; log?: (line: string) => void } = {},
): Promise<SnapshotManifest | undefined> {
  const log = options.log ?? (() => {});
  const scratch = await mkdtemp(join(tmpdir(), "dataset-restore-"));
  const staging = `${dir}.restoring`;
  try {
    const manifest = options.id
      ? await getJson(store, manifestKey(options.id), SnapshotManifest, scratch)
      : (await getJson(store, "latest.json", Latest, scratch))?.manifest;
    if (!manifest) {
      if (options.id) throw new Error(`${store.where} has no snapshot ${options.id}`);
      return undefined;
    }
    const { id } = manifest;
    const refusal = unrestorable(manifest);
    if (refusal) throw new Error(`snapshot ${id} is not restored: ${refusal}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    for (const entry of manifest.files) {
      // The schema refused every unsafe path; this is the second lock on the same door.
      const target = join(staging, ...entry.path.split("/"));
      if (relative(staging, target).startsWith("..") || target === staging)
        throw new Error(`snapshot ${id} names a path outside the folder: ${entry.path}`);
      await mkdir(dirname(target), { recursive: true });
      const parts: string[] = [];
      for (let n = 0; n < entry.parts; n++) {
        const part = join(scratch, `part.${n}`);
        if (!(await store.get(partKey(id, entry.path, n), part))) throw new Error(`snapshot ${id} lacks part ${n} of ${entry.path}`);
        // A save never writes a part over PART_BYTES: a bigger one is not this project's.
        if ((await stat(part)).size > PART_BYTES) throw new Error(`snapshot ${id}: part ${n} of ${entry.path} is over ${PART_BYTES} bytes`);
        parts.push(part);
      }
      try {
        await inflateChecked(concatenated(parts), createWriteStream(target), entry);
      } catch (error) {
        throw new Error(`snapshot ${id}: ${(error as Error).message}`);
      }
      for (const part of parts) await rm(part);
      log(`restored ${entry.path} (${entry.bytes} bytes)`);
    }
    await swapFolder(staging, dir, MARKER);
    log(`snapshot ${id} restored from ${store.where} into ${dir} (the dataset it replaced is in ${dir}.previous)`);
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** The snapshots saved so far, newest first. */
export async function listSnapshots(store: ObjectStore): Promise<SnapshotList> {
  const scratch = await mkdtemp(join(tmpdir(), "dataset-list-"));
  try {
    return (await getJson(store, "latest.json", Latest, scratch))?.history ?? [];
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function concatenated(files: string[]): AsyncIterable<Buffer> {
  return (async function* () {
    for (const file of files) for await (const chunk of createReadStream(file)) yield chunk as Buffer;
  })();
}

/** A plain folder as the store (a mounted volume, a CI cache folder, or tests). */
export function folderStore(root: string): ObjectStore {
  // Keys are built from manifest paths: one that would leave the root is refused here too.
  const at = (key: string) => {
    const why = unsafeSnapshotPath(key);
    if (why) throw new Error(`folder store: refusing key ${JSON.stringify(key)}: ${why}`);
    return join(root, ...key.split("/"));
  };
  return {
    where: `folder ${root}`,
    async put(key, file) {
      const target = at(key);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(file, `${target}.tmp`);
      await rename(`${target}.tmp`, target);
    },
    async get(key, file) {
      if (!existsSync(at(key))) return false;
      await copyFile(at(key), file);
      return true;
    },
  };
}

export interface R2Target {
  projectDir: string;
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ("" for none). */
  prefix: string;
  /** The bucket on Cloudflare (needs CLOUDFLARE_API_TOKEN); otherwise wrangler's local R2. */
  remote: boolean;
  /** wrangler's local state folder (`--persist-to`), for the local R2. */
  persistTo?: string;
}

/** An R2 bucket through `wrangler r2 object put|get`, remote or wrangler's local R2. */
export function r2Store(target: R2Target): ObjectStore {
  const where = target.remote ? ["--remote"] : ["--local", ...(target.persistTo ? ["--persist-to", target.persistTo] : [])];
  const path = (key: string) => `${target.bucket}/${target.prefix ? `${target.prefix}/` : ""}${key}`;
  return {
    where: `R2 bucket ${target.bucket}${target.prefix ? `/${target.prefix}` : ""} (${target.remote ? "remote" : "local"})`,
    async put(key, file) {
      await runWrangler(target.projectDir, ["r2", "object", "put", path(key), "--file", file, ...where]);
    },
    async get(key, file) {
      try {
        await runWrangler(target.projectDir, ["r2", "object", "get", path(key), "--file", file, ...where]);
        return true;
      } catch (error) {
        if (error instanceof WranglerError && /specified key does not exist/i.test(error.output)) {
          await rm(file, { force: true });
          return false;
        }
        throw error;
      }
    },
  };
}

/**
 * A store named on the command line: `folder:PATH` or `r2:BUCKET[/PREFIX]` (wrangler's local R2
 * unless `remote`); anything else is a usage error.
 */
export function storeFromSpec(spec: string, options: { projectDir: string; remote: boolean; persistTo?: string }): ObjectStore {
  const folder = /^folder:(.+)$/.exec(spec);
  if (folder) return folderStore(folder[1]!);
  const r2 = /^r2:([a-z0-9][a-z0-9-]{1,61}[a-z0-9])(?:\/([A-Za-z0-9._/-]*[A-Za-z0-9._-]))?$/.exec(spec);
  if (r2)
    return r2Store({
      projectDir: options.projectDir,
      bucket: r2[1]!,
      prefix: r2[2] ?? "",
      remote: options.remote,
      persistTo: options.persistTo,
    });
  throw new UsageError(`a dataset store is folder:PATH or r2:BUCKET[/PREFIX], got ${JSON.stringify(spec)}`);
}
