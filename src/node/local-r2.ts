// Puts a built site's data folder into wrangler's local R2 (the state `wrangler pages dev
// --persist-to DIR --r2 DATA` reads), so the R2 data store is tested and measured locally, with the
// same runtime as the deployment. For a real bucket, the same files go up with any S3 client
// (docs/SCALE.md).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { getPlatformProxy } from "wrangler";
import { DATA_PREFIX } from "../contract/paths.js";

/** The binding the function reads (src/api/data-store.ts) and the local bucket behind it. */
export const DATA_BINDING = "DATA";
export const LOCAL_BUCKET = "skills-directory-data";
/** The `--r2` argument of pages dev that binds the local bucket. */
export const LOCAL_R2_ARG = `${DATA_BINDING}=${LOCAL_BUCKET}`;

interface Bucket {
  put(key: string, value: Uint8Array): Promise<unknown>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile());
}

/** Uploads `<siteDir>/_data/**` as objects `_data/...`; returns how many. `persistTo` as for pages dev. */
export async function uploadDataToLocalR2(siteDir: string, persistTo: string, log: (line: string) => void = () => {}): Promise<number> {
  const config = mkdtempSync(join(tmpdir(), "skills-r2-config-"));
  const configPath = join(config, "wrangler.toml");
  writeFileSync(
    configPath,
    `name = "skills-data-upload"\ncompatibility_date = "2025-09-01"\n[[r2_buckets]]\nbinding = "${DATA_BINDING}"\nbucket_name = "${LOCAL_BUCKET}"\n`,
  );
  // wrangler's own local platform, persisting where pages dev --persist-to reads.
  const proxy = await getPlatformProxy<Record<string, Bucket>>({ configPath, persist: { path: join(persistTo, "v3") } });
  try {
    const bucket = proxy.env[DATA_BINDING]!;
    const files = filesUnder(join(siteDir, DATA_PREFIX));
    let done = 0;
    for (const file of files) {
      // A copy with its own buffer: a pooled Buffer does not cross to the local runtime.
      await bucket.put(relative(siteDir, file).split(sep).join("/"), new Uint8Array(readFileSync(file)));
      if (++done % 500 === 0) log(`r2: ${done}/${files.length} files`);
    }
    return files.length;
  } finally {
    await proxy.dispose();
    rmSync(config, { recursive: true, force: true });
  }
}
