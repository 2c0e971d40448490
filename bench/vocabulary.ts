// Vocabulary benchmark: distinct index terms of the synthetic corpus at 1k, 10k and 100k skills
// beside the curve of the real shared dataset (Heaps' law fitted to it). The real curve is measured
// again when the shared dataset is present, else the recorded one (src/synth/heaps.ts) is used.
// Baseline in the same run: the shared dataset's own fit, extrapolated to each size.
import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { scanTerms } from "../src/build/search-index/term-scan.js";
import { CategoriesFile, PlatformsFile } from "../src/schemas/dataset.js";
import { synthesize } from "../src/synth/generate.js";
import { fitHeaps, heapsAt, SHARED_CURVE } from "../src/synth/heaps.js";
import { seeded } from "../src/synth/random.js";
import { machineLine, table } from "./support/machine.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    shared: { type: "string", default: process.env.SKILLS_SHARED_DATASET ?? resolve("..", "shared", "dataset") },
  },
});
const sizes = values.sizes.split(",").map(Number);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The shared dataset's curve: regular SKILL.md files in a fixed shuffled order, distinct terms at each mark. */
async function sharedCurve(file: string): Promise<[number, number][]> {
  const texts: string[] = [];
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { raw: string; mode?: string };
    if (row.mode !== "120000") texts.push(row.raw);
  }
  const random = seeded(12345);
  for (let i = texts.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [texts[i], texts[j]] = [texts[j]!, texts[i]!];
  }
  const marks = new Set([...SHARED_CURVE.map(([n]) => n).filter((n) => n < texts.length), texts.length]);
  const seen = new Set<string>();
  const curve: [number, number][] = [];
  texts.forEach((text, i) => {
    for (const t of scanTerms(text)) seen.add(t);
    if (marks.has(i + 1)) curve.push([i + 1, seen.size]);
  });
  return curve;
}

const sharedFile = join(values.shared, "skills.jsonl");
const measured = existsSync(sharedFile);
log(measured ? `measuring the shared dataset's curve (${sharedFile})` : "shared dataset absent: using the recorded curve");
const curve = measured ? await sharedCurve(sharedFile) : SHARED_CURVE.map(([n, v]) => [n, v] as [number, number]);
const fit = fitHeaps(curve);

const categories = CategoriesFile.parse(JSON.parse(await readFile(join("data", "categories.json"), "utf8")));
const platforms = PlatformsFile.parse(JSON.parse(await readFile(join("data", "platforms.json"), "utf8")));
const rows: (string | number)[][] = [];
// Each size is generated on its own: a prefix of a larger corpus is not the smaller corpus.
for (const n of sizes) {
  const seen = new Set<string>();
  let files = 0;
  let done = 0;
  for (const record of synthesize({ skills: n, seed: 1, categories, platforms })) {
    for (const f of record.files) {
      files++;
      for (const t of scanTerms(f.content)) seen.add(t);
    }
    if (++done % 20_000 === 0) log(`[${n}] ${done} skills, ${seen.size} terms`);
  }
  const expected = heapsAt(fit, files);
  rows.push([
    n.toLocaleString("en"),
    files.toLocaleString("en"),
    seen.size.toLocaleString("en"),
    Math.round(expected).toLocaleString("en"),
    (seen.size / expected).toFixed(2),
  ]);
  log(`[${n}] ${files} files, ${seen.size} distinct terms (real curve: ${Math.round(expected)})`);
}

const report = [
  "# Vocabulary benchmark",
  "",
  `Machine: ${machineLine()}. Command: \`npx tsx bench/vocabulary.ts\` (sizes ${sizes.join(",")}).`,
  "",
  "Distinct index terms (the search analyser's terms: folded, stemmed, stop words dropped, CJK bigrams) over the full text of every SKILL.md file.",
  `Real curve: the shared dataset of real skills (${measured ? "measured in this run" : "recorded in src/synth/heaps.ts; the dataset was absent"}), files in a fixed shuffled order; Heaps' law fitted from 500 files on: V(n) = ${fit.k.toFixed(0)} n^${fit.beta.toFixed(3)}.`,
  "",
  table(
    ["files", "real distinct terms", "fit"],
    curve.map(([n, v]) => [n.toLocaleString("en"), v.toLocaleString("en"), Math.round(heapsAt(fit, n)).toLocaleString("en")]),
  ),
  "",
  "Synthetic corpus (`npm run synth`, seed 1) beside the real curve extrapolated to the same number of files:",
  "",
  table(["skills", "SKILL.md files", "distinct terms", "real curve at that many files", "synthetic / real"], rows),
  "",
].join("\n");
mkdirSync("bench/results", { recursive: true });
await writeFile("bench/results/vocabulary.md", report);
console.log(report);
