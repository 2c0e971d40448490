// Differential test: for random parameter combinations (seeded, so a failure replays), the served
// list answers must equal what the brute-force reference computes from the dataset. The function runs
// in-process over the embedded build (the workerd suites cover the runtime around it).

import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Dataset, readDataset } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import { SkillListEnvelope } from "../../src/schemas/envelope.js";
import { embeddedInProcess } from "../support/in-process-api.js";
import { type ListParams, referenceList } from "../support/list-reference.js";

const { call } = embeddedInProcess();
let dataset: Dataset;
beforeAll(async () => {
  dataset = await readDataset(join(PROJECT_ROOT, "data"));
});

const params = () =>
  fc.record(
    {
      page: fc.integer({ min: 1, max: 12 }),
      limit: fc.integer({ min: 1, max: 100 }),
      sort: fc.constantFrom("stars", "updated", "name"),
      order: fc.constantFrom("asc", "desc"),
      category: fc.constantFrom(...dataset.categories.categories.map((c) => c.slug)),
      platform: fc.constantFrom(...dataset.platforms.platforms.map((p) => p.id)),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<ListParams>;

const query = (p: ListParams) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();

describe("lists against the reference", () => {
  it("GET /skills equals the reference for 120 random parameter sets", async () => {
    await fc.assert(
      fc.asyncProperty(params(), async (p) => {
        const body = SkillListEnvelope.parse((await call(`/skills?${query(p)}`)).body);
        const expected = referenceList(dataset, p);
        expect(body.data).toEqual(expected.data);
        expect(body.pagination).toEqual(expected.pagination);
      }),
      { numRuns: 120, seed: 20261121 },
    );
  });

  it("GET /categories/{slug}/skills equals the reference for 60 random parameter sets", async () => {
    const slug = () => fc.constantFrom(...dataset.categories.categories.map((c) => c.slug));
    await fc.assert(
      fc.asyncProperty(slug(), params(), async (s, p) => {
        const body = SkillListEnvelope.parse((await call(`/categories/${s}/skills?${query(p)}`)).body);
        const expected = referenceList(dataset, p, s);
        expect(body.data).toEqual(expected.data);
        expect(body.pagination).toEqual(expected.pagination);
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
