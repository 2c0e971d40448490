// The search index's parts a full build writes in worker threads (search-job.ts: the nested skills'
// index, the typo shards) give the files and the manifest part the main thread writes itself. The
// jobs run here in-process, into a folder, as a worker runs them; the stream build's pipeline test
// covers the worker threads themselves.

import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { OutputSink } from "../../src/build/output.js";
import { PostingCollector } from "../../src/build/search-index/collect-postings.js";
import type { NestedSkill } from "../../src/build/search-index/search-document.js";
import type { Offload } from "../../src/build/search-index/search-extras.js";
import { MAX_EXPANSIONS, type SearchSkills, writeSearchFiles } from "../../src/build/search-index/search-index.js";
import { runSearchJob } from "../../src/build/search-job.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();

const WORDS = [
  "deploy",
  "deployment",
  "kubernetes",
  "review",
  "reviewer",
  "helm",
  "chart",
  "pull",
  "request",
  "部署",
  "测试",
  "lint",
  "docs",
];
const SKILLS = 300;

const pick = (s: number, salt: number, n: number) =>
  Array.from({ length: n }, (_, k) => WORDS[(s * 5 + k * salt + salt) % WORDS.length]!).join(" ");

/** The postings and skills of a small made-up directory, every third skill a collection with nested skills. */
function directory(): { postings: ReturnType<PostingCollector["finish"]>; skills: SearchSkills } {
  const collector = new PostingCollector(3);
  const names: string[] = [];
  const nested: NestedSkill[] = [];
  for (let s = 0; s < SKILLS; s++) {
    const name = `${pick(s, 1, 1 + (s % 3))} ${s}`;
    names.push(name);
    collector.addPhraseText(0, name);
    collector.addPhraseText(1, pick(s, 2, 4));
    collector.addText(2, `${pick(s, 3, 6)} word${s % 40}`);
    collector.endSkill();
    if (s % 3 === 0)
      for (let k = 0; k < 2; k++)
        nested.push({ owner: s, name: pick(s + k, 4, 2), description: pick(s + k, 5, 5), path: `skills/${k}/SKILL.md` });
  }
  return { postings: collector.finish(), skills: { count: SKILLS, names, nested, surface: new Map(), hidden: [] } };
}

/** An in-memory sink: path -> bytes (base64). */
function memorySink() {
  const files = new Map<string, string>();
  const sink: OutputSink = {
    write: async (path, data) => {
      files.set(path, Buffer.from(data).toString("base64"));
    },
  };
  return { files, sink };
}

async function filesUnder(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out.set(relative(dir, full).split("\\").join("/"), (await readFile(full)).toString("base64"));
  }
  return out;
}

describe("the search index's parts written off the main thread", () => {
  it("give the files and the manifest part the main thread writes", async () => {
    const here = memorySink();
    const { postings, skills } = directory();
    const expected = await writeSearchFiles(postings, skills, here.sink, () => {});

    const root = tempDir("search-job-");
    const where = { root, prefix: "data" };
    const offload: Offload = {
      nested: runSearchJob({ kind: "nested", skills: skills.nested, maxExpansions: MAX_EXPANSIONS, ...where }, () => {}).then((r) => {
        if (r.kind !== "nested") throw new Error("not the nested result");
        return r.nested;
      }),
      typo: async (vocabulary) => {
        const r = await runSearchJob(
          { kind: "typo", words: vocabulary.map((e) => e[0]), weights: Uint32Array.from(vocabulary, (e) => e[1]), ...where },
          () => {},
        );
        if (r.kind !== "typo") throw new Error("not the typo result");
        return r.typo;
      },
    };
    const main = memorySink();
    const again = directory();
    const got = await writeSearchFiles(again.postings, again.skills, main.sink, () => {}, undefined, undefined, offload);

    expect(got).toEqual(expected);
    const elsewhere = await filesUnder(join(root, "data"));
    expect(elsewhere.size).toBeGreaterThan(3);
    // No file written twice, and together they are the main thread's files, byte for byte.
    for (const path of elsewhere.keys()) expect(main.files.has(path)).toBe(false);
    expect(new Map([...main.files, ...elsewhere])).toEqual(here.files);
    expect([...elsewhere.keys()].some((p) => p.startsWith("search/typo/"))).toBe(true);
    expect([...elsewhere.keys()].some((p) => p.startsWith("search/nested/"))).toBe(true);
  });
});
