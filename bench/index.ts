// npm run bench: runs every benchmark in its own process, one after another, then gathers their
// latest tables from bench/results/ into bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand, UsageError } from "../src/node/cli.js";
import { machineLine } from "./support/machine.js";

const BENCHES = [
  "vocabulary",
  "build",
  "search",
  "relevance",
  "meaning-svd",
  "crawl",
  "rate-limit",
  "bundle",
  "clients",
  "events",
  "mcp",
  "trust",
  "refresh",
] as const;
await runCommand({
  name: "bench",
  usage: `[NAME[,NAME...]] [--only NAME[,...]] [--collect-only]
  runs every benchmark (${BENCHES.join(", ")}) in its own process, one after another, then gathers their
  latest tables from bench/results/ into bench/RESULTS.md
  --only NAMES     run only these benchmarks
  --collect-only   run nothing; only gather bench/RESULTS.md`,
  positionals: true,
  options: { only: { type: "string" }, "collect-only": { type: "boolean", default: false } },
  run({ values, positionals }) {
    const chosen = (values.only ?? positionals.join(",")) || BENCHES.join(",");
    const selected = chosen.split(",").filter(Boolean);
    for (const name of selected) {
      if (!BENCHES.includes(name as (typeof BENCHES)[number]))
        throw new UsageError(`unknown benchmark ${name}; known: ${BENCHES.join(", ")}`);
    }
    for (const name of values["collect-only"] ? [] : selected) {
      console.error(`\n=== bench: ${name} ===`);
      const res = spawnSync(join("node_modules", ".bin", "tsx"), [join("bench", `${name}.ts`)], {
        stdio: "inherit",
        env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=20000 --expose-gc", WRANGLER_SEND_METRICS: "false" },
      });
      if (res.status !== 0) console.error(`bench ${name} failed with status ${res.status}; its previous results are kept`);
    }
    collect();
    return 0;
  },
});

function collect(): void {
  const results = readdirSync(join("bench", "results"))
    .filter((f) => f.endsWith(".md"))
    .sort();
  const body = results
    .map((f) =>
      readFileSync(join("bench", "results", f), "utf8")
        .trim()
        .replace(/^# /, "## "),
    )
    .join("\n\n");
  writeFileSync(
    join("bench", "RESULTS.md"),
    `# Benchmark results\n\nLatest figures of \`npm run bench\` (each section from \`bench/results/\`). Machine: ${machineLine()}.\n\n${body}\n`,
  );
  console.error(`wrote bench/RESULTS.md from ${results.length} result files${existsSync("bench/RESULTS.md") ? "" : " (none)"}`);
}
