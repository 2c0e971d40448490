// npm run synth -- --skills N --out DIR [--seed S]: writes a synthetic dataset folder that
// `npm run build -- --data DIR` accepts, reusing the categories and platforms of data/.
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { defaultWorkers } from "../src/build/typescript-worker.js";
import { writeJsonFile } from "../src/dataset/files.js";
import { existingFolder, intOption, runCommand, UsageError } from "../src/node/cli.js";
import { writeSynthetic } from "../src/node/synth-parallel.js";
import { CategoriesFile, PlatformsFile } from "../src/schemas/dataset.js";

await runCommand({
  name: "synth",
  usage: `--skills N --out DIR [--seed S] [--data DIR] [--workers N]
  --skills N   how many synthetic skills
  --out DIR    the dataset folder to write
  --seed S     random seed (default 1); one seed always gives the same dataset
  --data DIR   where categories.json and platforms.json come from (default data)
  --workers N  worker threads (default: the cores, at most 4); any number writes the same bytes`,
  options: {
    skills: { type: "string" },
    out: { type: "string" },
    seed: { type: "string", default: "1" },
    data: { type: "string", default: "data" },
    workers: { type: "string" },
  },
  async run({ values }) {
    const skills = intOption(values.skills, "--skills", { min: 1 });
    if (skills === undefined || !values.out) throw new UsageError("--skills N and --out DIR are required");
    const seed = intOption(values.seed, "--seed")!;
    const workers = intOption(values.workers, "--workers", { min: 1 }) ?? defaultWorkers();
    const dataDir = existingFolder(values.data, "--data");
    const categories = CategoriesFile.parse(JSON.parse(await readFile(join(dataDir, "categories.json"), "utf8")));
    const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(dataDir, "platforms.json"), "utf8")));
    await mkdir(values.out, { recursive: true });
    await writeJsonFile(join(values.out, "categories.json"), categories);
    await writeJsonFile(join(values.out, "platforms.json"), platforms);
    await writeJsonFile(join(values.out, "meta.json"), { generatedAt: "2026-11-20T06:00:00Z" });

    const step = Math.max(5000, Math.ceil(skills / 100 / 5000) * 5000);
    let shown = 0;
    await writeSynthetic({ skills, seed, categories, platforms }, join(values.out, "skills.jsonl"), workers, (done) => {
      if (done - shown >= step || done === skills) {
        shown = done;
        process.stderr.write(`synth: ${done}/${skills} skills\n`);
      }
    });
    console.log(`wrote ${skills} synthetic skills to ${values.out}`);
    return 0;
  },
});
