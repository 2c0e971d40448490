// The answer cache across a rebuild, through the real runtime: a site is served, an answer cached,
// and the site rebuilt in place from a dataset whose only change is one description (no event, the
// same dataset time and counts), then served again with the same state folder, so the cache is
// kept, as a new deployment keeps caches.default. The next request must carry the new text at
// once, never the cached old answer: the cache key holds the build's identity, a hash of every data file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { SkillDetailEnvelope } from "../../src/schemas/envelope.js";
import { call, untilHit } from "../support/http.js";

const OWNER = "acme-labs";
const REPO = "react-testing-skill";
const NEW_TEXT = "Rewritten: tests React components the way a user meets them.";

describe("the answer cache after a rebuild", () => {
  const work = mkdtempSync(join(tmpdir(), "answer-rebuild-"));
  const data = join(work, "data");
  const site = join(work, "site");
  let server: PagesDev;
  // The search index is left out: its hash-named files would change the old key by chance.
  const buildSite = () => build({ dataDir: data, outDir: site, page: false, search: false });

  beforeAll(async () => {
    cpSync(join(PROJECT_ROOT, "data"), data, { recursive: true });
    await buildSite();
    server = await startPagesDev({ siteDir: site });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    if (server) rmSync(server.persistTo, { recursive: true, force: true });
  });

  it("serves a changed description at once, not the cached answer", async () => {
    const path = `/skills/${OWNER}/${REPO}`;
    const first = await call(path, undefined, server.api);
    expect(first.status).toBe(200);
    const hit = await untilHit(path, server.api);
    expect(hit.headers.get("x-answer-cache")).toBe("hit");
    const before = SkillDetailEnvelope.parse(hit.body).data;
    expect(before.description).not.toBe(NEW_TEXT);
    const manifestBefore = JSON.parse(readFileSync(join(site, "_data", "manifest.json"), "utf8"));

    const file = join(data, "skills.jsonl");
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const edited = lines.map((line) => {
      const record = JSON.parse(line);
      return record.owner === OWNER && record.repo === REPO ? JSON.stringify({ ...record, description: NEW_TEXT }) : line;
    });
    expect(edited).not.toEqual(lines);
    writeFileSync(file, `${edited.join("\n")}\n`);
    await buildSite();
    const manifestAfter = JSON.parse(readFileSync(join(site, "_data", "manifest.json"), "utf8"));
    // Nothing the key held before tells the two builds apart; only the build's identity does.
    expect({ ...manifestAfter, contentId: undefined }).toEqual({ ...manifestBefore, contentId: undefined });
    expect(manifestAfter.contentId).not.toBe(manifestBefore.contentId);

    // A new deployment starts new isolates (workerd keeps none across it; wrangler keeps its own across a rebuild).
    await server.stop();
    server = await startPagesDev({ siteDir: site, persistTo: server.persistTo });
    const after = await call(path, undefined, server.api);
    expect(after.status).toBe(200);
    expect(after.headers.get("x-answer-cache")).toBe("miss");
    expect(SkillDetailEnvelope.parse(after.body).data.description).toBe(NEW_TEXT);
    expect((await untilHit(path, server.api)).headers.get("x-answer-cache")).toBe("hit");
  });
});
