// The incremental build: a build with the cache of an earlier build writes exactly the bytes a full
// build of the same dataset writes (every file compared), for the embedded dataset and synthetic
// ones of 1k and 3k skills, under mixes of changes: descriptions and stars, new, deleted and renamed
// skills, a changed SKILL.md and folder file, a maintainer's review that changes a verdict, stats.
// Any doubt falls back to a full build and says why: a damaged cache, a site changed behind it, a
// dataset not in key order, another configuration, --full.
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type BuildReport, build } from "../../src/build/build.js";
import { CACHE_FILES } from "../../src/build/cache/cache-store.js";
import { writeJsonFile, writeSkills } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { CategoriesFile, PlatformsFile, type SkillRecord } from "../../src/schemas/dataset.js";
import { synthesize } from "../../src/synth/generate.js";
import { expectSameTree } from "../support/same-tree.js";

const root = mkdtempSync(join(tmpdir(), "skills-incremental-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A dataset folder: the project's categories and platforms, a fixed meta.json, these records. */
async function dataset(records: readonly SkillRecord[], extra: Record<string, string> = {}): Promise<string> {
  const dir = join(root, `data-${folders++}`);
  mkdirSync(dir, { recursive: true });
  for (const f of ["categories.json", "platforms.json"]) await writeFile(join(dir, f), await readFile(join(PROJECT_ROOT, "data", f)));
  await writeJsonFile(join(dir, "meta.json"), { generatedAt: "2026-11-20T06:00:00Z" });
  await writeSkills(dir, records);
  for (const [name, text] of Object.entries(extra)) await writeFile(join(dir, name), text);
  return dir;
}

async function synthetic(skills: number, seed: number): Promise<SkillRecord[]> {
  const categories = CategoriesFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "categories.json"), "utf8")));
  const platforms = PlatformsFile.parse(JSON.parse(await readFile(join(PROJECT_ROOT, "data", "platforms.json"), "utf8")));
  return [...synthesize({ skills, seed, categories, platforms })];
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** An events log of seqs [from, to): valid LoggedEvent lines about the skills of `records`. */
const eventLines = (records: readonly SkillRecord[], from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => {
    const seq = from + i;
    const r = records[seq % records.length]!;
    const skill = {
      id: r.id,
      owner: r.owner,
      repo: r.repo,
      name: r.name,
      description: r.description,
      stars: r.stars,
      forks: r.forks,
      updatedAt: r.updatedAt,
      categories: r.categories,
      platforms: r.platforms,
    };
    return `${JSON.stringify({ seq, event: { id: `evt_${sha256(String(seq)).slice(0, 24)}`, type: "skill.updated", occurredAt: "2026-11-21T09:00:00Z", skill } })}\n`;
  }).join("");
const clone = (r: SkillRecord): SkillRecord => structuredClone(r);

/** A review that holds for `r` as it is (every file named with its hash) and sets `decision`. */
function reviewOf(r: SkillRecord, decision: "malicious" | "clean"): string {
  const files: Record<string, string> = {};
  for (const f of r.files) files[f.path] = sha256(f.content);
  for (const f of r.folderFiles ?? []) files[f.path] = f.sha256;
  return `${JSON.stringify({ owner: r.owner, repo: r.repo, files, decision, reason: "checked by hand in a test", reviewer: "tester", date: "2026-11-21" })}\n`;
}

/** Every kind of change at once: about 1% of descriptions and stars, new, deleted, renamed skills, texts, a review. */
function mix(records: readonly SkillRecord[]): { records: SkillRecord[]; reviews: string } {
  const out = records.map(clone);
  const step = Math.max(3, Math.floor(out.length / 50));
  for (let i = 1; i < out.length; i += step) {
    out[i]!.description = `${out[i]!.description.slice(0, 200)} (changed)`;
    out[i]!.stars += 7;
  }
  // A SKILL.md and a folder text file changed.
  const t = out[Math.floor(out.length / 3)]!;
  t.files[0]!.content += "\n\nA new paragraph about rebuilding indexes incrementally.\n";
  const withText = out.find((r) => (r.folderFiles ?? []).some((f) => f.kind === "text" && f.content !== undefined));
  if (withText) {
    const f = withText.folderFiles!.find((f) => f.kind === "text" && f.content !== undefined)!;
    f.content = `${f.content}\nchanged line\n`;
  }
  // Renamed: the repository moves and keeps its old name as an alias.
  const renamed = out[Math.floor(out.length / 2)]!;
  renamed.aliases = [...renamed.aliases, `${renamed.owner}/${renamed.repo}`];
  renamed.repo = `${renamed.repo}-renamed`;
  renamed.id = `${renamed.id}-renamed`;
  // Deleted, and new.
  out.splice(Math.floor(out.length / 4), 1);
  const added = clone(out[2]!);
  added.owner = "zz-new-owner";
  added.repo = "brand-new-skill";
  added.id = "zz-new-owner/brand-new-skill";
  added.name = "brand-new-skill";
  added.aliases = [];
  out.push(added);
  out.sort((a, b) => (`${a.owner}/${a.repo}`.toLowerCase() < `${b.owner}/${b.repo}`.toLowerCase() ? -1 : 1));
  // A maintainer's review turns one skill malicious: its verdict changes.
  return { records: out, reviews: reviewOf(out[5]!, "malicious") };
}

/** Only descriptions and stars of every hundredth skill: the shape of an hourly crawl. */
function hourly(records: readonly SkillRecord[]): { records: SkillRecord[]; reviews: string } {
  const out = records.map(clone);
  for (let i = 50; i < out.length; i += 100) {
    out[i]!.description = `${out[i]!.description.slice(0, 200)} (changed)`;
    out[i]!.stars += 1;
  }
  return { records: out, reviews: "" };
}

/** SKILL.md files re-read in place, as a queued re-index brings: bodies, names and descriptions changed, the number of files kept. */
function inPlace(records: readonly SkillRecord[]): { records: SkillRecord[]; reviews: string } {
  const out = records.map(clone);
  for (let i = 7; i < out.length; i += 97) {
    const other = records[(i * 13 + 5) % records.length]!.files[0]!;
    const f = out[i]!.files[0]!;
    // Another file's description and body start: its terms become this file's too.
    f.description = other.description;
    f.content = `---\nname: ${f.name}\ndescription: ${other.description}\n---\n\n${other.content.slice(0, 1500)}\n`;
    out[i]!.description = other.description;
  }
  return { records: out, reviews: "" };
}

interface Compared {
  report: BuildReport;
  site: string;
  /** The incremental build's log lines. */
  lines: string[];
}

/**
 * Builds `before` with a cache, then `after` incrementally over it (in place, or into a staging
 * folder reading the first site), and `after` in full into a fresh folder; compares every file.
 */
async function compare(
  before: string,
  after: string,
  options: { staging?: boolean; workers?: number; searchBesideBytes?: number } = {},
): Promise<Compared> {
  const name = `${folders++}`;
  const site = join(root, `site-${name}`);
  const cache = join(root, `site-${name}.cache`);
  const first = await build({ dataDir: before, outDir: site, page: false, workers: options.workers, cache: { dir: cache } });
  expect(first.incremental).toMatchObject({ used: false, reason: "no build cache yet" });
  const out = options.staging ? `${site}.next` : site;
  // A staging build only reads the live site: a copy taken now must still equal it afterwards.
  if (options.staging) cpSync(site, `${site}.live`, { recursive: true });
  const lines: string[] = [];
  const report = await build({
    dataDir: after,
    outDir: out,
    page: false,
    workers: options.workers,
    searchBesideBytes: options.searchBesideBytes,
    cache: { dir: cache, previousSite: site },
    log: (l) => lines.push(l),
  });
  if (options.staging) expectSameTree(site, `${site}.live`);
  const full = join(root, `full-${name}`);
  await build({ dataDir: after, outDir: full, page: false, workers: options.workers });
  expectSameTree(out, full);
  expect(report.incremental?.used, lines.join("\n")).toBe(true);
  expect(lines.some((l) => l.includes("incremental build:"))).toBe(true);
  // A third build of the same dataset over the cache the second left changes nothing.
  const again = await build({ dataDir: after, outDir: out, page: false, cache: { dir: cache } });
  expect(again.incremental).toMatchObject({ used: true, fresh: 0 });
  expect(again.output.written).toBe(0);
  return { report, site: out, lines };
}

describe("the incremental build writes the bytes a full build writes", () => {
  it("over the embedded dataset, with every kind of change", async () => {
    const text = await readFile(join(PROJECT_ROOT, "data", "skills.jsonl"), "utf8");
    const records = text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as SkillRecord);
    const before = await dataset(records);
    const changed = mix(records);
    const after = await dataset(changed.records, { "trust-reviews.jsonl": changed.reviews });
    const { report, lines } = await compare(before, after);
    expect(report.verdicts.malicious).toBeGreaterThan(0);
    // Skills added and removed: the SKILL.md files are numbered anew, so the model is built again.
    expect(lines.some((l) => l.startsWith("the meaning model is built whole: "))).toBe(true);
    expect(lines).toContain("building the meaning model");
    // A review turned a skill malicious: the suggestions' counts leave it out, so they are made whole (and say why).
    expect(lines).toContain("the suggestions are made whole: the hidden skills changed");
    expect(report.incremental!.fresh).toBeLessThan(records.length / 2);
  }, 300_000);

  it("over 1,000 synthetic skills with every kind of change, into a staging folder reading the live site", async () => {
    const records = await synthetic(1000, 11);
    const before = await dataset(records);
    const changed = mix(records);
    const after = await dataset(changed.records, { "trust-reviews.jsonl": changed.reviews });
    const { report } = await compare(before, after, { staging: true });
    expect(report.incremental!.keptShards).toBeGreaterThan(0);
  }, 600_000);

  it("over 1,000 synthetic skills with every kind of change, the search index in a worker thread after the list heads", async () => {
    const records = await synthetic(1000, 14);
    const before = await dataset(records);
    const changed = mix(records);
    const after = await dataset(changed.records, { "trust-reviews.jsonl": changed.reviews });
    // As at 1M skills, where the cached term index is over MAX_SEARCH_BESIDE_BYTES: the same bytes.
    const { lines } = await compare(before, after, { workers: 2, searchBesideBytes: 0 });
    const waits = lines.findIndex((l) => l.startsWith("the search index waits for the list heads: the build cache's term index is "));
    expect(waits, lines.join("\n")).toBeGreaterThanOrEqual(0);
    // Its first line comes after the list index's.
    const listIndex = lines.indexOf("rendering list index");
    const firstSearch = lines.findIndex((l) => l.startsWith("  search: "));
    expect(listIndex).toBeGreaterThan(waits);
    expect(firstSearch).toBeGreaterThan(listIndex);
  }, 600_000);

  it("over 1,000 synthetic skills when only stats.json changes for a few", async () => {
    const records = await synthetic(1000, 12);
    // With an events log, appended to in between: the feed is patched (events.ts), its earlier chunks kept.
    const before = await dataset(records, {
      "stats.json": JSON.stringify({ [`${records[3]!.owner}/${records[3]!.repo}`]: { views: 1, installs: 2, favorites: 3 } }),
      "events.jsonl": eventLines(records, 0, 1200),
    });
    const after = await dataset(records, {
      "stats.json": JSON.stringify({
        [`${records[3]!.owner}/${records[3]!.repo}`]: { views: 5, installs: 2, favorites: 3 },
        [`${records[9]!.owner}/${records[9]!.repo}`]: { views: 1, installs: 0, favorites: 0 },
      }),
      "events.jsonl": eventLines(records, 0, 1240),
    });
    const { report, lines } = await compare(before, after);
    expect(report.incremental!.fresh).toBe(2);
    expect(lines).toContain("rendering the events feed (1240 events, 240 of them parsed: the rest is the previous build's)");
  }, 600_000);

  it("over 3,000 synthetic skills with 1% changed as an hourly crawl brings, with two workers", async () => {
    const records = await synthetic(3000, 13);
    const before = await dataset(records);
    const after = await dataset(hourly(records).records);
    // Two workers: the second pass and the search index run in worker threads too (build.ts keptShardJob, searchRebuild),
    // the search index with the term indexes handed over; the other cases run both in this thread.
    const { report, lines } = await compare(before, after, { workers: 2 });
    expect(report.incremental!.fresh).toBe(30);
    // The surface forms' word counts patched from the cache's, not counted again.
    expect(lines.filter((l) => l.includes("surface forms"))).toEqual([]);
    // The search index patched: its files kept where no key changed, the suggestions from the previous ones.
    expect(lines.find((l) => l.includes("files of the previous index kept"))).toMatch(/search: [1-9]\d* files of the previous index kept/);
    expect(lines.filter((l) => /written whole|made whole/.test(l))).toEqual([]);
    // The summary shards no changed skill hashes to are the previous build's files, not encoded again.
    expect(lines.find((l) => l.includes("summary shards of the previous build kept"))).toMatch(/ [1-9]\d* summary shards/);
    // No SKILL.md changed: the meaning model's input is the cached one, so its shards are kept (and still equal a full build's).
    expect(lines).toContain("the meaning model's input is unchanged: its shards are kept");
  }, 600_000);
});

describe("the meaning model is updated for what changed", () => {
  it("over 1,000 synthetic skills whose SKILL.md files changed in place, as a queued re-index brings", async () => {
    const records = await synthetic(1000, 14);
    const before = await dataset(records);
    const after = await dataset(inPlace(records).records);
    const { report, lines } = await compare(before, after);
    expect(report.incremental!.fresh).toBe(11);
    // Not the whole pass: the cached model updated, and still what a full build writes (compare).
    expect(lines).toContain("updating the meaning model for what changed");
    expect(lines).not.toContain("building the meaning model");
    expect(lines.find((l) => l.includes("meaning: updated for"))).toMatch(/updated for \d+ of \d+ words/);
    expect(lines.find((l) => l.includes("files of the previous index kept"))).toMatch(/search: [1-9]\d* files of the previous index kept/);
    expect(lines.filter((l) => /written whole|made whole/.test(l))).toEqual([]);
  }, 600_000);
});

describe("any doubt falls back to a full build, or makes whole the part it is about, and says why", () => {
  let base: { data: string; changed: string; site: string; cache: string };
  const setUp = async () => {
    if (base) return base;
    const records = await synthetic(200, 21);
    const data = await dataset(records);
    const changed = await dataset(hourly(records).records.map((r, i) => (i % 40 === 0 ? { ...r, stars: r.stars + 3 } : r)));
    const site = join(root, "doubt-site");
    const cache = join(root, "doubt-cache");
    await build({ dataDir: data, outDir: site, page: false, cache: { dir: cache } });
    base = { data, changed, site, cache };
    return base;
  };

  /** A copy of the first build's site (`change`d first) and cache, the cache made to describe the copy. */
  function copyOfFirst(b: { site: string; cache: string }, change: (site: string) => void = () => {}) {
    const n = folders++;
    const site = join(root, `doubt-site-${n}`);
    const cache = join(root, `doubt-cache-${n}`);
    cpSync(b.site, site, { recursive: true, preserveTimestamps: true });
    cpSync(b.cache, cache, { recursive: true });
    change(site);
    // Copies have new times: the cache must describe the copy, as it described the original.
    const state = JSON.parse(readFileSync(join(cache, CACHE_FILES.state), "utf8"));
    for (const path of Object.keys(state.files)) state.files[path][1] = statSync(join(site, path)).mtimeMs;
    writeFileSync(join(cache, CACHE_FILES.state), JSON.stringify(state));
    return { n, site, cache };
  }

  /** Copies the first build's site and cache, breaks them with `damage`, and builds the changed dataset over them. */
  async function fallsBack(
    damage: (site: string, cache: string) => void,
    reason: RegExp,
    dataDir?: string,
    full = false,
    workers?: number,
  ) {
    const b = await setUp();
    const { n, site, cache } = copyOfFirst(b);
    damage(site, cache);
    const lines: string[] = [];
    const report = await build({
      dataDir: dataDir ?? b.changed,
      outDir: site,
      page: false,
      cache: { dir: cache, full },
      log: (l) => lines.push(l),
      workers,
    });
    expect(report.incremental?.used).toBe(false);
    expect(report.incremental?.reason).toMatch(reason);
    expect(lines.some((l) => l.startsWith("  full build: ") && reason.test(l))).toBe(true);
    const fresh = join(root, `doubt-full-${n}`);
    await build({ dataDir: dataDir ?? b.changed, outDir: fresh, page: false });
    expectSameTree(site, fresh);
    if (reason.source.includes("key order")) return;
    // The full build left a cache the next build can use.
    const next = await build({ dataDir: dataDir ?? b.changed, outDir: site, page: false, cache: { dir: cache } });
    expect(next.incremental).toMatchObject({ used: true, fresh: 0 });
  }

  it("the copy the checks below start from is itself usable", async () => {
    await fallsBack(() => {}, /asked for/, undefined, true);
  }, 120_000);

  it("a truncated index file in the cache", async () => {
    await fallsBack((_site, cache) => {
      const file = join(cache, CACHE_FILES.postings);
      writeFileSync(file, readFileSync(file).subarray(0, 1000));
    }, /build cache is damaged \(postings\.bin/);
  }, 120_000);

  // Same size, so only reading it can tell: the term index is read where the search index is
  // rebuilt, in this thread or (with two workers) in a worker thread started when the cache is opened.
  const badMagic = (_site: string, cache: string) => {
    const file = join(cache, CACHE_FILES.postings);
    const bytes = readFileSync(file);
    bytes.fill(0, 0, 4);
    writeFileSync(file, bytes);
  };
  it("an index file of the right size that is not one", async () => {
    await fallsBack(badMagic, /build cache is damaged \(postings\.bin: not an index file\)/);
  }, 120_000);

  it("an index file of the right size that is not one, read in a worker thread", async () => {
    await fallsBack(badMagic, /build cache is damaged \(postings\.bin: not an index file\)/, undefined, false, 2);
  }, 120_000);

  it("a cache line that is not valid", async () => {
    await fallsBack((_site, cache) => {
      const file = join(cache, CACHE_FILES.skills);
      const text = readFileSync(file, "utf8");
      // Same length, so only the content check can see it.
      writeFileSync(file, text.replace('"clean"', '"cl3an"'));
    }, /build cache is damaged/);
  }, 120_000);

  it("surface word counts of the right size that are not counts", async () => {
    await fallsBack((_site, cache) => {
      const file = join(cache, CACHE_FILES.surface);
      // Same length: a word written once said to be written no times.
      writeFileSync(file, readFileSync(file, "utf8").replace(",1]", ",0]"));
    }, /build cache is damaged \(surface\.json holds \[/);
  }, 120_000);

  it("a cache without surface word counts is still used: the counts are made afresh", async () => {
    const b = await setUp();
    const { n, site, cache } = copyOfFirst(b);
    rmSync(join(cache, CACHE_FILES.surface));
    const state = JSON.parse(readFileSync(join(cache, CACHE_FILES.state), "utf8"));
    delete state.sizes[CACHE_FILES.surface];
    writeFileSync(join(cache, CACHE_FILES.state), JSON.stringify(state));
    const lines: string[] = [];
    const report = await build({ dataDir: b.changed, outDir: site, page: false, cache: { dir: cache }, log: (l) => lines.push(l) });
    expect(report.incremental?.used).toBe(true);
    expect(lines).toContain("counting the surface forms' words afresh (the build cache holds no counts for its skills)");
    const fresh = join(root, `doubt-full-${n}`);
    await build({ dataDir: b.changed, outDir: fresh, page: false });
    expectSameTree(site, fresh);
    // The build wrote counts again, and recorded the site it left (the files it did not write with
    // the times the cache had for them): the next one is incremental too, and patches the counts.
    const next: string[] = [];
    const again = await build({ dataDir: b.data, outDir: site, page: false, cache: { dir: cache }, log: (l) => next.push(l) });
    expect(again.incremental?.used).toBe(true);
    expect(next.filter((l) => l.includes("surface forms"))).toEqual([]);
    const third = await build({ dataDir: b.changed, outDir: site, page: false, cache: { dir: cache } });
    expect(third.incremental?.used).toBe(true);
    expectSameTree(site, fresh);
  }, 120_000);

  // Not a fallback: a previous file the patch reads whole that is not the one its name says makes
  // that part whole, in the worker thread that read it ahead (search-reuse.ts readPreviousFiles).
  it("a previous suggestion file not the one its name says: the suggestions are made whole", async () => {
    const b = await setUp();
    let shard = "";
    const { n, site, cache } = copyOfFirst(b, (copy) => {
      const data = join(copy, "_data");
      const manifest = JSON.parse(readFileSync(join(data, "manifest.json"), "utf8"));
      shard = JSON.parse(readFileSync(join(data, manifest.search.file), "utf8")).suggest.entries[0].file;
      const bytes = readFileSync(join(data, shard));
      bytes[1] = bytes[1] === 0x5b ? 0x20 : 0x5b;
      writeFileSync(join(data, shard), bytes);
    });
    const lines: string[] = [];
    const report = await build({
      dataDir: b.changed,
      outDir: site,
      page: false,
      cache: { dir: cache },
      log: (l) => lines.push(l),
      workers: 2,
    });
    expect(report.incremental?.used).toBe(true);
    expect(lines).toContain(`the suggestions are made whole: ${shard} is not the previous build's`);
    const fresh = join(root, `doubt-full-${n}`);
    await build({ dataDir: b.changed, outDir: fresh, page: false });
    expectSameTree(site, fresh);
  }, 120_000);

  // Not a fallback either: an unchanged meaning input is found so without its patched copy being
  // made; when the previous model's shards cannot be kept (one the cache does not record), the input
  // is read whole from the cache and the model built from it.
  it("an unchanged meaning input whose shards cannot be kept: the model is built whole from the cached input", async () => {
    const b = await setUp();
    const { n, site, cache } = copyOfFirst(b);
    const state = JSON.parse(readFileSync(join(cache, CACHE_FILES.state), "utf8"));
    delete state.files[`_data/${state.meaning.shards[0].file}`];
    writeFileSync(join(cache, CACHE_FILES.state), JSON.stringify(state));
    const lines: string[] = [];
    const report = await build({ dataDir: b.changed, outDir: site, page: false, cache: { dir: cache }, log: (l) => lines.push(l) });
    expect(report.incremental?.used).toBe(true);
    expect(lines).toContain("building the meaning model");
    expect(lines).not.toContain("the meaning model's input is unchanged: its shards are kept");
    const fresh = join(root, `doubt-full-${n}`);
    await build({ dataDir: b.changed, outDir: fresh, page: false });
    expectSameTree(site, fresh);
    // The next build keeps them again, its cache's input the same.
    const next: string[] = [];
    await build({ dataDir: b.changed, outDir: site, page: false, cache: { dir: cache }, log: (l) => next.push(l) });
    expect(next).toContain("the meaning model's input is unchanged: its shards are kept");
    expectSameTree(site, fresh);
  }, 120_000);

  it("a state file that is not JSON", async () => {
    await fallsBack((_site, cache) => writeFileSync(join(cache, CACHE_FILES.state), "{"), /build cache is damaged \(state\.json/);
  }, 120_000);

  it("a site file changed since the cache was written", async () => {
    await fallsBack((site) => {
      const dir = join(site, "_data", "skills");
      const file = join(dir, readdirSync(dir)[0]!);
      writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from(" ")]));
    }, /previous site is not the one the cache describes/);
  }, 120_000);

  it("another configuration (categories.json)", async () => {
    const b = await setUp();
    const other = join(root, "doubt-other-config");
    cpSync(b.changed, other, { recursive: true });
    const categories = JSON.parse(readFileSync(join(other, "categories.json"), "utf8"));
    categories.categories[0].descriptions.en = `${categories.categories[0].descriptions.en} (reworded)`;
    writeFileSync(join(other, "categories.json"), JSON.stringify(categories));
    await fallsBack(() => {}, /categories\.json/, other);
  }, 120_000);

  it("a dataset not in key order", async () => {
    const b = await setUp();
    const other = join(root, "doubt-unsorted");
    cpSync(b.changed, other, { recursive: true });
    const lines = readFileSync(join(other, "skills.jsonl"), "utf8").split("\n").filter(Boolean);
    [lines[3], lines[4]] = [lines[4]!, lines[3]!];
    writeFileSync(join(other, "skills.jsonl"), `${lines.join("\n")}\n`);
    await fallsBack(() => {}, /not in key order/, other);
  }, 120_000);
});
