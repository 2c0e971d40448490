// A client generated from the served document by openapi-typescript, used through openapi-fetch:
// natural calls (numbers for numbers, booleans for booleans) type-check, wrong ones do not, and
// the calls work against the real runtime.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, inject, it } from "vitest";
import { PROJECT_ROOT } from "../../../src/node/project-root.js";
import { call } from "../../support/http.js";

const NATURAL_CALLS = `
import createClient from "openapi-fetch";
import type { paths } from "./api.js";

export async function run(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  const list = await client.GET("/skills", { params: { query: { limit: 2, page: 1, sort: "name", order: "asc", platform: "codex" } } });
  const total: number | undefined = list.data?.pagination.total;
  const search = await client.GET("/skills/search", { params: { query: { q: "pdf", minStars: 100, hasIndex: false, limit: 5 } } });
  const score: number | undefined = search.data?.data[0]?.score;
  const skill = await client.GET("/skills/{owner}/{repo}", { params: { path: { owner: "anvil-dev", repo: "pdf" } } });
  const install: string | undefined = skill.data?.data.installCommands["codex"];
  const category = await client.GET("/categories/{slug}", { params: { path: { slug: "data" }, query: { locale: "ja" } } });
  const missing = await client.GET("/skills/{owner}/{repo}/stats", { params: { path: { owner: "nobody-here", repo: "nothing" } } });
  const code: string | undefined = missing.error?.error.code;
  const suggestions = await client.GET("/skills/autocomplete", { params: { query: { q: "pd", limit: 3 } } });
  return { total, score, install, topSkills: category.data?.data.topSkills.length, code, suggestions: suggestions.data?.data.length };
}

export function wrong(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error limit is a number, not a string
  client.GET("/skills", { params: { query: { limit: "2" } } });
  // @ts-expect-error hasIndex is a boolean
  client.GET("/skills/search", { params: { query: { q: "pdf", hasIndex: "true" } } });
  // @ts-expect-error q is required
  client.GET("/skills/search", { params: { query: { limit: 2 } } });
  // @ts-expect-error sort is one of stars, updated, name
  client.GET("/skills", { params: { query: { sort: "forks" } } });
}
`;

describe("a client generated from the document", () => {
  it("type-checks natural calls, refuses wrong ones, and the calls work", async () => {
    const dir = join(PROJECT_ROOT, ".tmp", "openapi-fetch-check");
    mkdirSync(dir, { recursive: true });
    const document = (await call("/openapi.json")).body;
    writeFileSync(join(dir, "api.ts"), astToString(await openapiTS(document)));
    writeFileSync(join(dir, "calls.ts"), NATURAL_CALLS);
    const program = ts.createProgram([join(dir, "calls.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);

    const { run } = (await import(join(dir, "calls.ts"))) as { run: (baseUrl: string) => Promise<Record<string, unknown>> };
    expect(await run(inject("api"))).toEqual({
      total: expect.any(Number),
      score: expect.any(Number),
      install: "npx skills add anvil-dev/pdf -a codex",
      topSkills: expect.any(Number),
      code: "NOT_FOUND",
      suggestions: expect.any(Number),
    });
  });
});
