// Synthetic datasets for benchmarks: N skill records with realistic sizes (descriptions 50-1024
// characters, SKILL.md 1-40 KB), Zipf-distributed stars, 1-3 categories, several platforms, some
// multi-skill repositories, and text whose vocabulary grows with N as real skills' does (the model
// of text-model.ts, fitted to the shared dataset). Deterministic for a given seed.
import { createHash } from "node:crypto";
import { isoSeconds as iso } from "../contract/iso-time.js";
import { compareKeys } from "../contract/key.js";
import { derivePlatforms } from "../ingest/platforms.js";
import type { CategoriesFile, PlatformsFile, SkillFile, SkillRecord } from "../schemas/dataset.js";
import { skillMarkdown } from "./markdown.js";
import { type Random, seeded } from "./random.js";
import { DocumentWriter } from "./text-model.js";

export interface SynthOptions {
  skills: number;
  seed: number;
  categories: CategoriesFile;
  platforms: PlatformsFile;
  /**
   * Only the records at these positions of the key order, [from, to): a part of the dataset that
   * workers can make in parallel. Each record is seeded by its own index, so the parts, joined in
   * order, are byte for byte the whole dataset.
   */
  range?: { from: number; to: number };
}

const DAY = 86_400_000;
const EPOCH_END = Date.parse("2026-11-20T00:00:00Z");

export const blobSha = (text: string): string => {
  const bytes = Buffer.from(text, "utf8");
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
};

function skillFile(random: Random, path: string, name: string, bytes: number): SkillFile {
  const doc = new DocumentWriter(random);
  const description = doc.prose(random.logNormalish(180, 50, 1024)).slice(0, 1024);
  const content = skillMarkdown(random, doc, name, description, bytes);
  return { path, name, description, sha: blobSha(content), size: Buffer.byteLength(content), content };
}

/** The keys of the dataset, generated first so records can be produced in key order. */
function keys(random: Random, n: number) {
  const words = new DocumentWriter(random, undefined, "en");
  const out: { owner: string; repo: string; index: number }[] = [];
  for (let i = 0; i < n; i++) {
    const owner = `${words.word()}-${(i % 9973).toString(36)}`;
    const repo = `${words.word()}-${words.word()}-skill-${i.toString(36)}`;
    out.push({ owner, repo, index: i });
  }
  return out.sort(compareKeys);
}

/** Yields the records in key order, one at a time, so any size can be streamed to disk. */
export function* synthesize(options: SynthOptions): Generator<SkillRecord> {
  const base = seeded(options.seed);
  const slugs = options.categories.categories.map((c) => c.slug);
  const evidence = options.platforms.platforms.flatMap((p) => p.evidence);
  const ordered = keys(base, options.skills);
  const { from, to } = options.range ?? { from: 0, to: ordered.length };
  for (const { owner, repo, index } of ordered.slice(from, to)) {
    const random = seeded(options.seed * 1_000_003 + index);
    const words = new DocumentWriter(random, undefined, "en");
    const name = `${words.word()}-${words.word()}`.toLowerCase().replace(/[^a-z0-9-]/g, "");
    const primary = skillFile(random, "SKILL.md", name, random.logNormalish(5400, 1024, 40 * 1024));
    const files = [primary];
    if (random.next() < 0.08) {
      for (let k = random.int(2, 8); k > 0; k--) {
        const sub = `${words.word()}-${k}`;
        files.push(skillFile(random, `skills/${sub}/SKILL.md`, sub, random.logNormalish(2500, 1024, 8 * 1024)));
      }
    }
    const categories = [...new Set(Array.from({ length: random.int(1, 3) }, () => slugs[random.zipf(slugs.length, 0.6)]!))];
    const paths = evidence.filter(() => random.next() < 0.15);
    const derived = derivePlatforms({ owner, repo, paths, compatibility: [] }, options.platforms);
    const rank = random.int(1, options.skills);
    const stars = Math.floor((40_000 * random.next() ** 0.2) / rank ** 0.9);
    const updated = EPOCH_END - random.int(0, 900) * DAY - random.int(0, DAY);
    const created = updated - random.int(1, 1500) * DAY;
    const pushed = updated - random.int(0, 3) * DAY;
    const points = random.int(0, 8);
    const history = Array.from({ length: points }, (_, i) => ({
      date: iso(updated - (points - 1 - i) * DAY).slice(0, 10),
      stars: Math.floor((stars * (i + 1)) / points),
    }));
    yield {
      id: String(100_000_000 + index),
      owner,
      repo,
      aliases: [],
      name,
      description: primary.description,
      stars,
      forks: Math.floor(stars / random.int(4, 20)),
      watchers: Math.floor(stars / random.int(10, 40)),
      openIssues: random.int(0, 40),
      license: random.pick(["MIT", "MIT", "Apache-2.0", "NOASSERTION", "GPL-3.0"]),
      createdAt: iso(created),
      updatedAt: iso(updated),
      pushedAt: iso(pushed),
      author: { name: owner, avatar: `https://avatars.githubusercontent.com/u/${1000 + index}?v=4` },
      topics: Array.from({ length: random.int(0, 4) }, () => words.word()),
      categories,
      subcategories: [],
      platforms: derived.platforms,
      installCommands: derived.installCommands,
      hasIndex: random.next() < 0.1,
      defaultBranch: "main",
      headSha: blobSha(`${owner}/${repo}`),
      primary: primary.path,
      files,
      starHistory: history,
    };
  }
}
