// Relevance on real data: the shared dataset of real SKILL.md files, converted and built with the
// search index, queried in-process through the real AssetStore. Checks that a skill's own distinctive
// name and a phrase from its description put it first, and reports the dataset's known-answer table.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoOver } from "../../src/api/handle.js";
import type { RequestScope } from "../../src/api/scope.js";
import { searchEndpoint } from "../../src/api/search.js";
import type { AssetStore } from "../../src/api/store.js";
import type { BuildManifest } from "../../src/contract/manifest.js";
import { folderStore } from "../../src/node/folder-assets.js";
import { convertSharedDataset, SHARED_DATASET, sharedDatasetPresent } from "../../src/node/shared-dataset.js";
import { build } from "../../src/render/build.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { terms } from "../../src/search/text.js";

/** Deployment-derived values (parameter schemas, search manifest), made once as the function does. */
const memo = new Map<string, unknown>();

/** The dataset README's known-answer queries, at repository granularity (one skill per repository). */
export const KNOWN_ANSWERS: [query: string, expected: string[]][] = [
  ["fuzz a Rust crate with cargo", ["trailofbits/skills"]],
  ["Ruby fuzzer", ["trailofbits/skills"]],
  ["write YARA malware detection rules", ["trailofbits/skills"]],
  ["is this bank statement PDF forged", ["VerifyPDF/verifypdf-skill"]],
  ["jj rebase bookmark", ["elrond298/jujutsu-skill"]],
  ["Yandex Direct campaigns and bids", ["elsvv/yandex-direct-skill"]],
  ["TON smart contract audit Tolk", ["elsvv/ton-best-practices-skill"]],
  ["PFMEA DFMEA failure mode analysis", ["emadroshandel/pfmea-dfmea-skill"]],
  ["AllStar Link amateur radio node", ["KJ5IRQ/openclaw-skill-asl3"]],
  ["edit Obsidian .canvas files", ["kepano/obsidian-skills"]],
  ["review RPGLE code on IBM i", ["noOne-Oliver/as400-code-review-skill"]],
  ["去除文本中的 AI 生成痕迹", ["op7418/Humanizer-zh"]],
  ["валидация моделей кредитного риска", ["00060633/credit-model-validation-skill"]],
  ["endurance training coaching protocol", ["0800-ivan-digital/training-data", "astellj/section-11"]],
  ["Terraform modules with Terratest CI", ["antonbabenko/terraform-skill"]],
  ["commit a JetBrains changelist", ["LiLittleCat/jetbrains-changelist-commit-skill"]],
  ["Joplin notes REST API", ["jantrix-tw/openclaw-skill-joplin"]],
  ["Making Music DeSantis electronic music", ["FraDevi04/ableton-skill"]],
];

const present = sharedDatasetPresent();
if (!present) console.warn(`relevance tests skipped: no shared dataset at ${SHARED_DATASET} (set SKILLS_SHARED_DATASET)`);

describe.skipIf(!present)("relevance on the real shared dataset", () => {
  let dir: string;
  let records: SkillRecord[];
  let store: AssetStore;
  let manifest: BuildManifest;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "search-relevance-"));
    records = await convertSharedDataset(join(dir, "data"));
    await build({ dataDir: join(dir, "data"), outDir: join(dir, "site") });
    store = folderStore(join(dir, "site"));
    manifest = await store.manifest();
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const top = async (q: string, limit = 5) => {
    const url = new URL("http://localhost/api/v1/skills/search");
    url.searchParams.set("q", q);
    url.searchParams.set("limit", String(limit));
    const scope: RequestScope = { url, request: new Request(url), store, manifest, now: () => performance.now(), memo: memoOver(memo) };
    return (await searchEndpoint(scope)).data.map((d) => `${d.owner}/${d.repo}`);
  };

  it("the known-answer queries put the expected skill first", async () => {
    const report: string[] = [];
    let passed = 0;
    for (const [q, expected] of KNOWN_ANSWERS) {
      const got = await top(q, 3);
      const ok = expected.includes(got[0] ?? "");
      if (ok) passed++;
      report.push(`${ok ? "PASS" : "FAIL"}  ${q}  ->  ${got.join(", ") || "(none)"}`);
    }
    console.log(`known answers: ${passed}/${KNOWN_ANSWERS.length}\n${report.join("\n")}`);
    expect(passed).toBe(KNOWN_ANSWERS.length);
  });

  it("a skill's own distinctive name finds it first", async () => {
    // Names that only one repository carries and whose words are not all very common.
    const byName = new Map<string, SkillRecord[]>();
    for (const r of records) byName.set(terms(r.name).join(" "), [...(byName.get(terms(r.name).join(" ")) ?? []), r]);
    const unique = records.filter((r) => byName.get(terms(r.name).join(" "))!.length === 1 && terms(r.name).length >= 2);
    const sample = unique.filter((_, i) => i % Math.max(1, Math.floor(unique.length / 40)) === 0);
    const misses: string[] = [];
    for (const r of sample) {
      const got = await top(`"${r.name.replace(/"/g, "")}"`, 1);
      if (got[0] !== `${r.owner}/${r.repo}`) misses.push(`${r.name} -> ${got[0]} (want ${r.owner}/${r.repo})`);
    }
    expect(sample.length).toBeGreaterThan(20);
    expect(misses).toEqual([]);
  });
});
