// Differential test: for random parameter combinations (seeded, so a failure replays), the served
// list answers must equal what the brute-force reference computes from the dataset. The function runs
// in-process over the embedded build (the workerd suites cover the runtime around it). The `trust`
// filter is modelled too: the demo dataset's skills are all clean, so the lists are also compared on a
// site of the demo records plus a malicious and a suspicious skill.

import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanRecord } from "../../src/build/scan-record.js";
import { type Dataset, readDataset } from "../../src/dataset/files.js";
import { PROJECT_ROOT } from "../../src/node/project-root.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { SkillListEnvelope } from "../../src/schemas/envelope.js";
import type { TrustVerdict } from "../../src/schemas/trust.js";
import { embeddedInProcess } from "../support/in-process-api.js";
import { type ListParams, referenceList } from "../support/list-reference.js";
import { buildRecordSite, type RecordSite } from "../support/record-site.js";
import { maliciousRecord, suspiciousRecord } from "../support/trust-fixtures.js";

const { call } = embeddedInProcess();
let dataset: Dataset;
let trustSite: RecordSite;
let trustRecords: SkillRecord[];
let verdicts: Map<string, TrustVerdict>;
beforeAll(async () => {
  dataset = await readDataset(join(PROJECT_ROOT, "data"));
  trustRecords = [...dataset.records, maliciousRecord, suspiciousRecord];
  verdicts = new Map(trustRecords.map((r) => [r.id, scanRecord(r, []).verdict]));
  trustSite = await buildRecordSite("differential-trust-", trustRecords, { build: { listHead: { positions: 10, chunk: 4 } } });
}, 180_000);
afterAll(() => trustSite?.remove());

const params = () =>
  fc.record(
    {
      page: fc.integer({ min: 1, max: 12 }),
      limit: fc.integer({ min: 1, max: 100 }),
      sort: fc.constantFrom("stars", "updated", "name"),
      order: fc.constantFrom("asc", "desc"),
      category: fc.constantFrom(...dataset.categories.categories.map((c) => c.slug)),
      platform: fc.constantFrom(...dataset.platforms.platforms.map((p) => p.id)),
      // A skill's own update time (it passes, those before it do not), or a time before or after them all.
      updatedSince: fc.constantFrom("2000-01-01T00:00:00Z", "2099-01-01T00:00:00Z", ...dataset.records.map((r) => r.updatedAt)),
      trust: fc.constantFrom("default", "clean", "any"),
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

describe("lists against the reference, with malicious and suspicious skills", () => {
  it("the fixtures keep their verdicts", () => {
    expect([verdicts.get(maliciousRecord.id), verdicts.get(suspiciousRecord.id)]).toEqual(["malicious", "suspicious"]);
  });
  it("updatedSince in the updated order (counted over its column, malicious skills left out) equals the reference", async () => {
    const verdictOf = (r: SkillRecord) => verdicts.get(r.id)!;
    const times = trustRecords.map((r) => r.updatedAt).sort();
    let compared = 0;
    for (const updatedSince of [times[0]!, times[Math.floor(times.length / 2)]!, times[times.length - 1]!, maliciousRecord.updatedAt])
      for (const order of ["desc", "asc"] as const)
        for (const trust of ["default", "any"] as const)
          for (const [page, limit] of [
            [1, 4],
            [3, 4],
            [2, 30],
          ] as const) {
            const p: ListParams = { sort: "updated", order, trust, updatedSince, page, limit };
            const body = SkillListEnvelope.parse((await trustSite.get(`/skills?${query(p)}`)).body);
            const expected = referenceList({ records: trustRecords }, p, undefined, verdictOf);
            expect(body.pagination).toEqual(expected.pagination);
            expect(body.data).toEqual(expected.data);
            compared++;
          }
    expect(compared).toBe(48);
  });

  it("GET /skills and /categories/{slug}/skills equal the reference for 150 random parameter sets", async () => {
    const verdictOf = (r: SkillRecord) => verdicts.get(r.id)!;
    const slug = () =>
      fc.option(fc.constantFrom("development", "data", ...dataset.categories.categories.map((c) => c.slug)), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(slug(), params(), async (s, p) => {
        const path = s ? `/categories/${s}/skills` : "/skills";
        const body = SkillListEnvelope.parse((await trustSite.get(`${path}?${query(p)}`)).body);
        const expected = referenceList({ records: trustRecords }, p, s, verdictOf);
        expect(body.data).toEqual(expected.data);
        expect(body.pagination).toEqual(expected.pagination);
      }),
      { numRuns: 150, seed: 2111 },
    );
  });
});
