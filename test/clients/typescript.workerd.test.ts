// The TypeScript client against the real runtime (wrangler pages dev): the shared contract cases,
// served bodies checked against the document the client's types are generated from, iterators
// over every page, and rate-limit state and request ids on results and errors.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type SkillSummary, SkillsDirectory, SkillsDirectoryError } from "../../clients/typescript/src/index.js";
import { call } from "../support/http.js";
import { contractCases } from "./support/cases.js";
import { type DocumentValidator, documentValidator } from "./support/document.js";

const client = () => new SkillsDirectory({ baseUrl: inject("api"), maxRetries: 0 });
let doc: DocumentValidator;

beforeAll(async () => {
  doc = documentValidator((await call("/openapi.json")).body);
});

type Method = (
  ...args: unknown[]
) => Promise<{ data: unknown; pagination?: unknown; meta: Record<string, unknown>; requestId: string | null }>;

describe("contract cases", () => {
  for (const c of contractCases()) {
    it(`${c.name}: ${c.method}(${c.args.map((a) => JSON.stringify(a)).join(", ")}) is GET ${c.path}`, async () => {
      const sd = client();
      const method = (sd as unknown as Record<string, Method>)[c.method];
      if (typeof method !== "function") throw new Error(`the client has no method ${c.method}`);
      const args = c.params === null ? c.args : [...c.args, c.params];
      const raw = await call(c.path);
      expect(raw.status).toBe(c.status);
      if (c.code) {
        const error = await method.apply(sd, args).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SkillsDirectoryError);
        const e = error as SkillsDirectoryError;
        expect([e.status, e.code]).toEqual([c.status, c.code]);
        expect(e.code).toBe(raw.body.error.code);
        expect(e.message).toBe(raw.body.error.message);
        expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(e.rateLimit?.limit).toBeGreaterThan(0);
        return;
      }
      const result = await method.apply(sd, args);
      expect(result.data).toEqual(raw.body.data);
      expect(result.pagination).toEqual(raw.body.pagination);
      expect(result.meta.requestId).toBe(result.requestId);
      // The served body conforms to the schema the client's types are generated from.
      expect(doc.errors(doc.operation(c.method).component, raw.body)).toEqual([]);
    });
  }

  it("covers every operation of the document, and each is a method of the client", () => {
    const covered = new Set(contractCases().map((c) => c.method));
    const operations = Object.values(doc.document.paths).flatMap((item) =>
      Object.entries(item).map(([method, op]) => ({ method, id: op.operationId })),
    );
    for (const { method, id } of operations) {
      expect(
        typeof (client() as unknown as Record<string, unknown>)[id],
        `operationId ${id} is not a method of SkillsDirectory: an operationId is the client's method name (src/build/openapi-operations.ts)`,
      ).toBe("function");
      // The cases compare with a raw GET; the one POST has its own test below.
      if (method === "get") expect(covered.has(id), `no case in clients/contract-cases.json calls ${id}`).toBe(true);
    }
  });

  it("requestRefresh POSTs the re-index request: 202's queue state, the same again, and a bad name as a 400 error", async () => {
    const first = await client().requestRefresh("Client-Test", "refresh-me");
    expect(first.data).toMatchObject({ owner: "Client-Test", repo: "refresh-me", queued: true, queueLimit: expect.any(Number) });
    expect(doc.errors("RefreshQueuedResponse", { data: first.data, meta: first.meta })).toEqual([]);
    const again = await client().requestRefresh("client-test", "refresh-me");
    expect(again.data.since).toBe(first.data.since);
    const error = await client()
      .requestRefresh("-bad-", "x")
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SkillsDirectoryError);
    expect([(error as SkillsDirectoryError).status, (error as SkillsDirectoryError).code]).toEqual([400, "INVALID_PARAMS"]);
  });
});

describe("results", () => {
  it("carry the rate-limit state and the request id of the answer", async () => {
    const first = await client().listSkills({ limit: 1 });
    const second = await client().listSkills({ limit: 1 });
    expect(first.rateLimit).toEqual({ limit: expect.any(Number), remaining: expect.any(Number), reset: expect.any(Number) });
    expect(second.rateLimit!.remaining).toBeLessThan(first.rateLimit!.remaining);
    expect(first.rateLimit!.reset).toBeGreaterThan(Date.now() / 1000);
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.requestId).not.toBe(second.requestId);
  });

  it("are typed as the API's shapes", async () => {
    const { data } = await client().getSkill("anvil-dev", "pdf");
    const summary: SkillSummary = data;
    expect(summary.owner).toBe("anvil-dev");
    expect(data.installCommands.codex).toBe("npx skills add anvil-dev/pdf -a codex");
  });
});

describe("iterators", () => {
  it("iterateSkills walks every page, in the order of the pages, without gaps or repeats", async () => {
    const walked: string[] = [];
    for await (const s of client().iterateSkills({ limit: 7, sort: "name" })) walked.push(`${s.owner}/${s.repo}`);
    const all = await call("/skills?limit=100&sort=name");
    expect(walked).toEqual(all.body.data.map((s: SkillSummary) => `${s.owner}/${s.repo}`));
    expect(walked.length).toBe(all.body.pagination.total);
  });

  it("iterateSkills keeps its filters and starts at the page given", async () => {
    const walked: SkillSummary[] = [];
    for await (const s of client().iterateSkills({ category: "devops", limit: 2, page: 2 })) walked.push(s);
    const all = await call("/skills?category=devops&limit=100");
    expect(walked).toEqual(all.body.data.slice(2));
  });

  it("iterateSearch walks every result of a search", async () => {
    const walked: string[] = [];
    for await (const r of client().iterateSearch("pdf", { limit: 2 })) walked.push(r.id);
    const all = await call("/skills/search?q=pdf&limit=100");
    expect(walked).toEqual(all.body.data.map((r: { id: string }) => r.id));
    expect(walked.length).toBe(all.body.pagination.total);
  });

  it("an iterator stops on the first error", async () => {
    const walk = async () => {
      for await (const _ of client().iterateSearch("x")) throw new Error("no result expected");
    };
    await expect(walk()).rejects.toMatchObject({ code: "INVALID_QUERY", status: 400 });
  });
});

describe("options", () => {
  it("sends the API key as a bearer token: an unknown key is a 401", async () => {
    const keyed = new SkillsDirectory({ baseUrl: inject("api"), apiKey: "sk_not_a_real_key", maxRetries: 0 });
    await expect(keyed.listSkills()).rejects.toMatchObject({ code: "INVALID_API_KEY", status: 401 });
  });

  it("revalidates with ETags when asked: a repeated request is a 304 and gives the same body", async () => {
    const statuses: number[] = [];
    const sd = new SkillsDirectory({
      baseUrl: inject("api"),
      etagCache: true,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        statuses.push(res.status);
        return res;
      },
    });
    const first = await sd.getCategory("data");
    const second = await sd.getCategory("data");
    expect(statuses).toEqual([200, 304]);
    expect(second.data).toEqual(first.data);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it("refuses an empty baseUrl rather than quietly using the default", () => {
    expect(() => new SkillsDirectory({ baseUrl: "" })).toThrow(/baseUrl is empty/);
    expect(() => new SkillsDirectory({ baseUrl: "  " })).toThrow(/baseUrl is empty/);
  });
});
