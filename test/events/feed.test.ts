// GET /events and GET /skills?updatedSince= from the function run in-process, over a site built from a
// dataset with a recorded history: order, since, limit, type, next, errors, caching, and the same
// events as the dataset's log.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.js";
import { readEventLog } from "../../src/dataset/event-log.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import { ErrorEnvelope, SkillListEnvelope } from "../../src/schemas/envelope.js";
import { EventsEnvelope, type SkillEvent } from "../../src/schemas/events.js";
import { call, type InProcessApi } from "../support/http.js";
import { inProcessApi } from "../support/in-process-api.js";
import { makeHistory, TIMES } from "./history.js";

let api: InProcessApi;
let log: SkillEvent[];
let latest: SkillRecord[];
let firstStep: number;
const dirs: string[] = [];
const get = (path: string, init?: RequestInit) => call(path, init, api);

beforeAll(async () => {
  const history = await makeHistory();
  const siteDir = mkdtempSync(join(tmpdir(), "events-site-"));
  dirs.push(history.dir, siteDir);
  await build({ dataDir: history.dir, outDir: siteDir, page: false });
  log = (await readEventLog(history.dir)).events.map((e) => e.event);
  latest = history.steps.at(-1)!;
  firstStep = history.steps[0]!.length;
  api = inProcessApi(siteDir);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const page = async (query: string) => {
  const res = await get(`/events${query}`);
  expect(res.status, res.text).toBe(200);
  return EventsEnvelope.parse(res.body);
};

describe("GET /events", () => {
  it("answers the log's events oldest first, 100 by default, with next null at the end", async () => {
    // After the first step's creations (one per skill of the embedded dataset), the hand edits' events.
    expect(log.map((e) => e.type).slice(firstStep)).toEqual(expect.arrayContaining(["skill.updated", "skill.deleted", "skill.created"]));
    const body = await page("");
    expect(body.data).toEqual(log.slice(0, 100));
    expect(body.meta.next).toBeNull();
    expect(body.data.map((e) => e.occurredAt)).toEqual([...body.data.map((e) => e.occurredAt)].sort());
  });

  it("pages with limit and next, each page strictly after since", async () => {
    const seen: SkillEvent[] = [];
    let since: string | null = null;
    for (let i = 0; i < 10; i++) {
      const body = await page(`?limit=30${since ? `&since=${since}` : ""}`);
      seen.push(...body.data);
      since = body.meta.next;
      if (since === null) break;
      expect(since).toBe(body.data.at(-1)!.id);
    }
    expect(seen).toEqual(log);
    expect(await page(`?since=${log[70]!.id}`)).toMatchObject({ data: log.slice(71), meta: { next: null } });
    expect((await page(`?since=${log.at(-1)!.id}`)).data).toEqual([]);
  });

  it("filters by type, keeping the feed's order", async () => {
    for (const type of ["skill.created", "skill.updated", "skill.deleted"] as const) {
      const body = await page(`?type=${type}&limit=500`);
      expect(body.data).toEqual(log.filter((e) => e.type === type));
    }
    const renamed = log.find((e) => e.previous);
    expect(renamed).toMatchObject({ type: "skill.updated", occurredAt: TIMES[1] });
    expect(renamed!.content).toBeUndefined();
    const changed = (await page(`?type=skill.updated&since=${log[71]!.id}`)).data;
    expect(changed.filter((e) => e.content?.before && e.content.after)).toHaveLength(2);
  });

  it("refuses an unknown or malformed since, and bad limit or type, with 400 INVALID_PARAMS", async () => {
    const cases: [string, RegExp][] = [
      ["?since=evt_000000000000000000000000", /unknown or pruned event.*without `since`/],
      ["?since=42", /`since` must be an event id/],
      ["?limit=0", /`limit` must be at least 1/],
      ["?limit=501", /`limit` must be at most 500/],
      ["?limit=ten", /`limit` must be a whole number/],
      ["?type=skill.renamed", /`type` must be one of: skill.created, skill.updated, skill.deleted/],
      ["?since=a&since=b", /`since` is given 2 times/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/events${query}`);
      expect(res.status, query).toBe(400);
      const body = ErrorEnvelope.parse(res.body);
      expect(body.error.code).toBe("INVALID_PARAMS");
      expect(body.error.message, query).toMatch(message);
    }
  });

  it("is cached like every prebuilt answer: Cache-Control, ETag, 304, rate-limit headers", async () => {
    const res = await get("/events?limit=5");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=3600");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000000");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get("/events?limit=5", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const other = await get("/events?limit=6");
    expect(other.headers.get("etag")).not.toBe(etag);
  });
});

describe("GET /skills?updatedSince=", () => {
  it("lists only the skills updated at or after the time, in the usual order", async () => {
    const sorted = [...latest].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1));
    const since = sorted[Math.floor(sorted.length / 2)]!.updatedAt;
    const res = await get(`/skills?updatedSince=${since}&limit=100&sort=name`);
    expect(res.status, res.text).toBe(200);
    const body = SkillListEnvelope.parse(res.body);
    const expected = latest.filter((r) => r.updatedAt >= since);
    expect(body.pagination.total).toBe(expected.length);
    expect(new Set(body.data.map((s) => s.id))).toEqual(new Set(expected.map((r) => r.id)));
    for (const s of body.data) expect(s.updatedAt >= since).toBe(true);
    const offset = await get(`/skills?updatedSince=${encodeURIComponent(since.replace("Z", "+00:00"))}&limit=1`);
    expect(offset.body.pagination.total).toBe(expected.length);
    expect((await get("/skills?updatedSince=2999-01-01T00:00:00Z")).body.pagination.total).toBe(0);
  });

  it("refuses a value that is not an ISO timestamp", async () => {
    for (const bad of ["yesterday", "2026-13-01T00:00:00Z", "1700000000"]) {
      const res = await get(`/skills?updatedSince=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toMatch(/`updatedSince` must be an ISO 8601 timestamp/);
    }
  });
});
