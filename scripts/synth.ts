// npm run synth -- --skills N --out DIR [--seed S]: writes a synthetic dataset folder that
// `npm run build -- --data DIR` accepts, reusing the categories and platforms of data/.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeJsonFile } from "../src/dataset/files.js";
import { stableStringify } from "../src/dataset/json.js";
import { CategoriesFile, PlatformsFile } from "../src/schemas/dataset.js";
import { synthesize } from "../src/synth/generate.js";

const { values } = parseArgs({
  options: {
    skills: { type: "string" },
    out: { type: "string" },
    seed: { type: "string", default: "1" },
    data: { type: "string", default: "data" },
  },
});
const skills = Number(values.skills);
const seed = Number(values.seed);
if (!values.out || !Number.isInteger(skills) || skills < 1 || !Number.isInteger(seed)) {
  console.error("usage: npm run synth -- --skills N --out DIR [--seed S]");
  process.exit(2);
}
const categories = CategoriesFile.parse(JSON.parse(await readFile(join(values.data, "categories.json"), "utf8")));
const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(values.data, "platforms.json"), "utf8")));
await mkdir(values.out, { recursive: true });
await writeJsonFile(join(values.out, "categories.json"), categories);
await writeJsonFile(join(values.out, "platforms.json"), platforms);
await writeJsonFile(join(values.out, "meta.json"), { generatedAt: "2026-11-20T06:00:00Z" });

const out = createWriteStream(join(values.out, "skills.jsonl"));
let n = 0;
for (const record of synthesize({ skills, seed, categories, platforms })) {
  if (!out.write(`${stableStringify(record)}\n`)) await once(out, "drain");
  if (++n % 5000 === 0 || n === skills) process.stderr.write(`synth: ${n}/${skills} skills\n`);
}
out.end();
await once(out, "finish");
console.log(`wrote ${skills} synthetic skills to ${values.out}`);
