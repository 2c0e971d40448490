// The document says exactly what the server does: every bound it declares on a parameter is the
// bound the function enforces (both sides of it), every declared header is sent, and every status
// the function answers is declared for that operation with the error schema.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ErrorEnvelope } from "../../../src/schemas/envelope.js";
import { call } from "../../support/http.js";

const Schema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.string()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
});
const Parameter = z.looseObject({
  name: z.string(),
  in: z.enum(["query", "path"]),
  required: z.boolean(),
  schema: Schema,
  example: z.unknown().optional(),
});
type Parameter = z.infer<typeof Parameter>;
const Operation = z.looseObject({
  operationId: z.string(),
  parameters: z.array(Parameter),
  responses: z.record(z.string(), z.looseObject({ $ref: z.string().optional(), headers: z.record(z.string(), z.unknown()).optional() })),
});
type Operation = z.infer<typeof Operation>;
const Document = z.looseObject({ paths: z.record(z.string(), z.object({ get: Operation.optional(), post: Operation.optional() })) });

let operations: { path: string; op: Operation }[] = [];
beforeAll(async () => {
  const doc = Document.parse((await call("/openapi.json")).body);
  // The read operations; the one POST (the re-index request) is held to its contract by test/api/refresh.test.ts.
  operations = Object.entries(doc.paths).flatMap(([path, item]) => (item.get ? [{ path, op: item.get }] : []));
});

/** A text of `n` characters made of real words, so that only its length is in question. */
const textOf = (n: number) =>
  "pdf tools "
    .repeat(Math.ceil(n / 10))
    .slice(0, n)
    .replace(/ $/, "s");

/** The URL of a request with each parameter at its example, and `override` on top (null drops one). */
function urlOf(path: string, op: Operation, override: Record<string, string | null> = {}): string {
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = p.name in override ? override[p.name] : p.in === "path" || p.required ? String(p.example) : undefined;
    if (value === undefined || value === null) continue;
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else query.set(p.name, value);
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Values the schema allows and values it refuses, at and just past each bound. */
function probes(p: Parameter): { ok: string[]; bad: string[] } {
  const s = p.schema;
  if (s.enum) return { ok: s.enum, bad: ["not-one-of-them"] };
  if (s.type === "integer")
    return { ok: [String(s.minimum), String(s.maximum)], bad: [String(s.minimum! - 1), String(s.maximum! + 1), "1.5", "two"] };
  if (s.type === "boolean") return { ok: ["true", "false"], bad: ["maybe"] };
  if (s.type === "string" && s.minLength !== undefined && s.maxLength !== undefined) {
    return { ok: [textOf(s.minLength), textOf(s.maxLength)], bad: [textOf(s.minLength - 1), textOf(s.maxLength + 1)] };
  }
  return { ok: [], bad: [] };
}

const declared = (op: Operation, status: number) => op.responses[String(status)] !== undefined;

describe("the document agrees with the server", () => {
  it("every operation answers 200 with its examples, and 304 to its ETag, sending every header declared for each", async () => {
    for (const { path, op } of operations) {
      const a = await call(urlOf(path, op));
      expect(a.status, `${op.operationId} ${urlOf(path, op)}`).toBe(200);
      for (const name of Object.keys(op.responses["200"]!.headers ?? {}))
        expect(a.headers.has(name), `${op.operationId} sends ${name}`).toBe(true);
      const again = await call(urlOf(path, op), { headers: { "If-None-Match": a.headers.get("etag")! } });
      expect(again.status, `${op.operationId} with its ETag`).toBe(304);
      for (const name of Object.keys(op.responses["304"]!.headers ?? {}))
        expect(again.headers.has(name), `${op.operationId} sends ${name} with a 304`).toBe(true);
    }
  });

  it("every bound of every query parameter is enforced on both sides, and a refusal is a declared 400 with the error schema", async () => {
    let checked = 0;
    for (const { path, op } of operations) {
      for (const p of op.parameters.filter((x) => x.in === "query")) {
        const { ok, bad } = probes(p);
        for (const value of ok) {
          const a = await call(urlOf(path, op, { [p.name]: value }));
          // Allowed: not a 400 (a well-formed `path` naming no file is a 404, which the operation declares).
          expect(a.status, `${op.operationId} ${p.name}=${value.slice(0, 20)} is allowed`).not.toBe(400);
          expect(declared(op, a.status), `${op.operationId} declares ${a.status}`).toBe(true);
        }
        for (const value of bad) {
          const a = await call(urlOf(path, op, { [p.name]: value }));
          expect(a.status, `${op.operationId} ${p.name}=${value.slice(0, 20)} is refused`).toBe(400);
          expect(declared(op, 400)).toBe(true);
          ErrorEnvelope.parse(a.body);
        }
        checked += ok.length + bad.length;
        if (p.required) {
          const a = await call(urlOf(path, op, { [p.name]: null }));
          expect(a.status, `${op.operationId} without ${p.name}`).toBe(400);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("an unknown resource is a 404 exactly where the document declares one", async () => {
    for (const { path, op } of operations) {
      const pathParams = op.parameters.filter((p) => p.in === "path");
      if (pathParams.length === 0) {
        expect(declared(op, 404), `${op.operationId} has no resource to miss`).toBe(false);
        continue;
      }
      const missing = Object.fromEntries(pathParams.map((p) => [p.name, "no-such-thing-here"]));
      const a = await call(urlOf(path, op, missing));
      // GET /index-status answers an unknown repository with state "unknown": a 200 it declares.
      expect(a.status, op.operationId).toBe(declared(op, 404) ? 404 : 200);
      if (a.status === 404) expect(ErrorEnvelope.parse(a.body).error.code).toBe("NOT_FOUND");
    }
  });

  it("a write method is a declared 405 with Allow, and a bad key a declared 401", async () => {
    for (const { path, op } of operations) {
      const url = urlOf(path, op);
      const post = await call(url, { method: "POST" });
      expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
      expect(declared(op, 405)).toBe(true);
      const keyed = await call(url, { headers: { Authorization: "Bearer sk_not_a_key" } });
      expect(keyed.status).toBe(401);
      expect(declared(op, 401)).toBe(true);
    }
  });
});
