// The site the page's browser tests run against: the embedded dataset plus one hostile
// repository, built with the page into a temporary folder and served by `wrangler pages dev`
// with the default rate limits, so the page's own budget is exercised as deployed.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "../../src/build/build.js";
import { type PagesDev, startPagesDev } from "../../src/node/pages-dev.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { hostileRecord } from "./fixtures/hostile-skill.js";

export interface PageSite {
  origin: string;
  server: PagesDev;
  stop(): Promise<void>;
}

/** `extra`: more records for the dataset (a test's own fixtures), after the hostile one. */
export async function startPageSite(extra: SkillRecord[] = []): Promise<PageSite> {
  const work = mkdtempSync(join(tmpdir(), "skills-page-"));
  const dataDir = join(work, "data");
  const siteDir = join(work, "site");
  cpSync(join(PROJECT_ROOT, "data"), dataDir, { recursive: true });
  const lines = readFileSync(join(dataDir, "skills.jsonl"), "utf8").trimEnd();
  const added = [hostileRecord, ...extra].map((r) => `${JSON.stringify(r)}\n`).join("");
  writeFileSync(join(dataDir, "skills.jsonl"), `${lines}\n${added}`);
  await build({ dataDir, outDir: siteDir, publicDir: join(PROJECT_ROOT, "public") });
  const server = await startPagesDev({ siteDir });
  return {
    origin: server.origin,
    server,
    async stop() {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
      rmSync(server.persistTo, { recursive: true, force: true });
    },
  };
}
