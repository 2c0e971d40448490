// Relevance on real data: the shared dataset of real SKILL.md files, converted and built with the
// search index, queried in-process through the real AssetStore. Checks that a skill's own distinctive
// name and a phrase from its description put it first, and reports the known-answer tables: the
// dataset's own, typo'd forms of distinctive names, and skills inside collections. Without the full
// dataset it runs on the sample the repository carries (test/support/shared-dataset.ts), asking only
// the known answers whose skills the sample holds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoOver } from "../../src/api/handle.js";
import type { RequestScope } from "../../src/api/scope.js";
import { searchEndpoint } from "../../src/api/search.js";
import type { AssetStore } from "../../src/api/store.js";
import { build } from "../../src/build/build.js";
import type { BuildManifest } from "../../src/contract/manifest.js";
import { folderStore } from "../../src/node/folder-assets.js";
import {
  KNOWN_ANSWERS,
  type KnownAnswer,
  NESTED_ANSWERS,
  PARAPHRASE_ANSWERS,
  PARAPHRASE_MORE,
  PARAPHRASE_THIRD,
  TYPO_ANSWERS,
} from "../../src/node/known-answers.js";
import { convertSharedDataset } from "../../src/node/shared-dataset.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { terms } from "../../src/search/text.js";
import { unlessMissing } from "../support/not-run.js";
import { FULL_SHARED, NEEDS_FULL, SHARED } from "../support/shared-dataset.js";

/** Deployment-derived values (parameter schemas, search manifest), made once as the function does. */
const memo = new Map<string, unknown>();

describe("relevance on the real shared dataset", () => {
  let dir: string;
  let records: SkillRecord[];
  let store: AssetStore;
  let manifest: BuildManifest;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "search-relevance-"));
    records = await convertSharedDataset(join(dir, "data"), SHARED);
    await build({ dataDir: join(dir, "data"), outDir: join(dir, "site"), page: false });
    store = folderStore(join(dir, "site"));
    manifest = await store.manifest();
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const results = async (q: string, limit = 5, mode = "default") => {
    const url = new URL("http://localhost/api/v1/skills/search");
    url.searchParams.set("q", q);
    url.searchParams.set("limit", String(limit));
    url.searchParams.set("mode", mode);
    const scope: RequestScope = { url, request: new Request(url), store, manifest, now: () => performance.now(), memo: memoOver(memo) };
    return (await searchEndpoint(scope)).data;
  };
  const top = async (q: string, limit = 5, mode = "default") => (await results(q, limit, mode)).map((d) => `${d.owner}/${d.repo}`);

  /** The known answers this dataset can give: all of them on the full dataset, else those whose skills it holds. */
  const askable = (answers: readonly KnownAnswer[]) => {
    const held = new Set(records.map((r) => `${r.owner}/${r.repo}`));
    const kept = answers.filter(([, expected]) => expected.some((repo) => held.has(repo)));
    if (FULL_SHARED) expect(kept).toEqual(answers);
    return kept;
  };
  const table = async (label: string, all: readonly KnownAnswer[]) => {
    const answers = askable(all);
    const report: string[] = [];
    let passed = 0;
    for (const [q, expected] of answers) {
      const got = await top(q, 3);
      const ok = expected.includes(got[0] ?? "");
      if (ok) passed++;
      report.push(`${ok ? "PASS" : "FAIL"}  ${q}  ->  ${got.join(", ") || "(none)"}`);
    }
    console.log(`${label}: ${passed}/${answers.length}\n${report.join("\n")}`);
    return { passed, asked: answers.length };
  };
  const allPass = ({ passed, asked }: { passed: number; asked: number }) => {
    expect(asked).toBeGreaterThan(0);
    expect(passed).toBe(asked);
  };

  it("the known-answer queries put the expected skill first", async () => {
    allPass(await table("known answers", KNOWN_ANSWERS));
  });

  it("typo'd names find the skill a person would pick, first", async () => {
    allPass(await table("typo'd known answers", TYPO_ANSWERS));
    // "terrafrom": the terraform skills, each matched as a typo of terraform (the first three).
    const terraform = records.filter((r) => terms(`${r.name} ${r.description}`).includes("terraform")).length;
    const hits = await results("terrafrom", 3);
    expect(hits).toHaveLength(Math.min(3, terraform));
    for (const h of hits) expect(h.matches.some((m) => m.typo && m.terms.includes("terraform"))).toBe(true);
  });

  it("a skill inside a collection puts its collection first and names it", async () => {
    allPass(await table("nested skills", NESTED_ANSWERS));
    const [first] = await results("json canvas", 3);
    expect(first).toMatchObject({
      owner: "kepano",
      repo: "obsidian-skills",
      matchedSkill: { name: "json-canvas", path: "skills/json-canvas/SKILL.md" },
    });
  });

  // The development sets name skills of the whole dataset: the sample holds few of them.
  describe("paraphrases", () => {
    unlessMissing(NEEDS_FULL, { ciFails: false });

    it("paraphrases share no word stem with the wanted skill, and meaning finds at least what keywords do", async () => {
      // A stem is shared when two words of 3+ characters are equal or agree on their first 5 letters
      // (or on the whole of the shorter one): "provision" and "provisioning", "note" and "notes".
      const share = (a: string, b: string) => {
        let i = 0;
        while (i < a.length && a[i] === b[i]) i++;
        return i >= Math.min(5, a.length, b.length);
      };
      const byRepo = new Map(records.map((r) => [`${r.owner}/${r.repo}`, r]));
      for (const [q, expected] of [...PARAPHRASE_ANSWERS, ...PARAPHRASE_MORE, ...PARAPHRASE_THIRD]) {
        for (const repo of expected) {
          const r = byRepo.get(repo);
          expect(r, repo).toBeDefined();
          const own = terms(`${r!.name} ${r!.description}`);
          const clash = terms(q)
            .filter((w) => w.length >= 3)
            .filter((w) => own.some((x) => share(w, x)));
          expect(clash, `${q} -> ${repo}`).toEqual([]);
        }
      }
      const hits = async (mode: string, set = PARAPHRASE_ANSWERS) => {
        let n = 0;
        const report: string[] = [];
        for (const [q, expected] of set) {
          const got = await top(q, 5, mode);
          const rank = got.findIndex((g) => expected.includes(g));
          if (rank >= 0) n++;
          report.push(`${rank >= 0 ? `#${rank + 1}` : "miss"}  ${q}  ->  ${got.slice(0, 3).join(", ") || "(none)"}`);
        }
        console.log(`paraphrases, ${mode} mode: ${n}/${set.length} in the top 5\n${report.join("\n")}`);
        return n;
      };
      expect(PARAPHRASE_ANSWERS.length).toBeGreaterThanOrEqual(20);
      expect(PARAPHRASE_MORE.length).toBeGreaterThanOrEqual(10);
      expect(PARAPHRASE_THIRD.length).toBeGreaterThanOrEqual(10);
      expect(await hits("default")).toBeGreaterThanOrEqual(await hits("keyword"));
      expect(await hits("default", PARAPHRASE_MORE)).toBeGreaterThanOrEqual(await hits("keyword", PARAPHRASE_MORE));
      expect(await hits("default", PARAPHRASE_THIRD)).toBeGreaterThanOrEqual(await hits("keyword", PARAPHRASE_THIRD));
    });
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
    expect(sample.length).toBeGreaterThan(FULL_SHARED ? 20 : 5);
    expect(misses).toEqual([]);
  });
});
