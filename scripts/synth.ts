// npm run synth -- --skills N --out DIR [--seed S]: writes a synthetic dataset folder that
// `npm run build -- --data DIR` accepts, reusing the categories and platforms of data/.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeJsonFile } from "../src/dataset/files.js";
import { stableStringify } from "../src/dataset/json.js";
import { existingFolder, intOption, runCommand, UsageError } from "../src/node/cli.js";
import { CategoriesFile, PlatformsFile } from "../src/schemas/dataset.js";
import { synthesize } from "../src/synth/generate.js";

await runCommand({
  name: "synth",
  usage: `--skills N --out DIR [--seed S] [--data DIR]
  --skills N   how many synthetic skills
  --out DIR    the dataset folder to write
  --seed S     random seed (default 1); one seed always gives the same dataset
  --data DIR   where categories.json and platforms.json come from (default data)`,
  options: {
    skills: { type: "string" },
    out: { type: "string" },
    seed: { type: "string", default: "1" },
    data: { type: "string", default: "data" },
  },
  async run({ values }) {
    const skills = intOption(values.skills, "--skills", { min: 1 });
    if (skills === undefined || !values.out) throw new UsageError("--skills N and --out DIR are required");
    const seed = intOption(values.seed, "--seed")!;
    const dataDir = existingFolder(values.data, "--data");
    const categories = CategoriesFile.parse(JSON.parse(await readFile(join(dataDir, "categories.json"), "utf8")));
    const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(dataDir, "platforms.json"), "utf8")));
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
    return 0;
  },
});
