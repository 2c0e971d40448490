// Edits to a built site, for the install tests only: the build refuses a hostile folder (paths that
// climb out, digests that do not match), so the tests build a clean one and then rewrite entries of
// its shards as a compromised or buggy server would serve them. Each edit decodes one slotted shard,
// changes the value under one skill's key, and writes the shard back.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { skillKey } from "../../src/contract/key.js";
import { BuildManifest } from "../../src/contract/manifest.js";
import { DATA_PREFIX, MANIFEST_FILE, type ShardFamily, shardFile } from "../../src/contract/paths.js";
import { shardOf } from "../../src/contract/shard.js";
import { encodeSlotted, SlottedReader } from "../../src/contract/slotted.js";

// biome-ignore lint/suspicious/noExplicitAny: an edit rewrites a stored JSON value of any shape
export type Edit = (value: any) => unknown;

export async function tamperEntry(siteDir: string, family: ShardFamily, owner: string, repo: string, edit: Edit): Promise<void> {
  const data = join(siteDir, DATA_PREFIX);
  const manifest = BuildManifest.parse(JSON.parse(await readFile(join(data, MANIFEST_FILE), "utf8")));
  const key = skillKey(owner, repo);
  const file = join(data, shardFile(family, shardOf(key, manifest.shards.skills)));
  const reader = new SlottedReader(new Uint8Array(await readFile(file)));
  const entries: [string, string][] = [];
  let found = false;
  for (let i = 0; i < reader.size; i++) {
    const k = reader.key(i);
    if (k !== key) entries.push([k, reader.valueText(i)]);
    else {
      found = true;
      entries.push([k, JSON.stringify(edit(reader.value(i)))]);
    }
  }
  if (!found) throw new Error(`no ${family} entry for ${key} in ${file}`);
  await writeFile(file, encodeSlotted(entries));
}
