// The whole build, search index and page included, is deterministic: two builds of one dataset are
// byte-identical. (Two full builds with Vite: pipeline work, kept out of the unit project.)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { writeBuildDataset } from "../support/build-dataset.js";

const work = mkdtempSync(join(tmpdir(), "skills-build-determinism-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((p) => statSync(join(dir, p)).isFile())
    .map((p) => relative(dir, join(dir, p)))
    .sort();

it("is deterministic: two builds of one dataset are byte-identical, search index and page included", async () => {
  const dataDir = join(work, "data");
  const [a, b] = [join(work, "a"), join(work, "b")];
  mkdirSync(dataDir);
  await writeBuildDataset(dataDir);
  await build({ dataDir, outDir: a });
  await build({ dataDir, outDir: b });
  const files = listFiles(a);
  expect(files).toContain("index.html"); // the page too, not only the API's files
  expect(files).toEqual(listFiles(b));
  for (const f of files) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true);
});
