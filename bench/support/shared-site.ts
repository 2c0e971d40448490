// The shared dataset converted into a work folder and built there once: the site the relevance and
// meaning benches query. A converted dataset or a site the current code can read is reused.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "../../src/build/build.js";
import { builtSite } from "../../src/node/built-site.js";
import { convertSharedDataset, sharedDatasetPresent } from "../../src/node/shared-dataset.js";

/** The dataset folder and the built site under `work`, or null (said on stdout) without the shared dataset. */
export async function sharedDatasetSite(work: string): Promise<{ data: string; site: string } | null> {
  if (!sharedDatasetPresent()) {
    console.log("no shared dataset; nothing to measure");
    return null;
  }
  mkdirSync(work, { recursive: true });
  const data = join(work, "data");
  const site = join(work, "site");
  if (!existsSync(join(data, "skills.jsonl"))) await convertSharedDataset(data);
  const built = builtSite(site);
  if (built.state !== "current") {
    console.log(built.state === "missing" ? `building ${site}` : `rebuilding ${site}: ${built.why}`);
    await build({ dataDir: data, outDir: site });
  }
  return { data, site };
}
