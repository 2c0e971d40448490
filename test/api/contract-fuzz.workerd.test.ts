// The API fuzzed from its own contract, as Schemathesis does: for every operation of the served
// /api/v1/openapi.json, fast-check generates requests from the parameter schemas (valid values,
// boundaries, wrong types, hostile strings, parameters missing or repeated, bad credentials), sends
// them through `wrangler pages dev`, and checks every answer against the document with Ajv: a 5xx,
// a status the operation does not list, or a content type or body its schema refuses is a failure.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  required?: boolean;
  schema?: Json;
}

interface Operation {
  path: string;
  parameters: Parameter[];
  responses: Record<string, Json>;
}

/** Runs per operation: with about ten operations this keeps the suite near half a minute. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

const HOSTILE = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "99999999999999999999",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "../../_data/manifest.json",
  "..%2F..%2F_data",
  "%00",
  "\u0000",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"',
  "\\",
  "\u202Eevil\u202C",
  "ｐｄｆ",
  "😀",
  "\uD800",
  "a".repeat(3000),
  "-".repeat(300),
  'name:"unclosed',
  "a*",
];

const api = () => inject("api");
/** Answers seen, by operation and status. */
const seen = new Map<string, number>();

let document: Json;
let operations: Operation[];
let ajv: InstanceType<typeof Ajv2020>;
const known = { owners: [] as [string, string][], slugs: [] as string[] };

/** The node at a local JSON pointer (`#/a/b`) of the document. */
function at(ref: string): Json {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, "").split("/")) node = (node as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node as Json;
}

/** The pointer a chain of local `$ref`s starting at `ref` ends at. */
function finalRef(ref: string): string {
  const target = at(ref).$ref;
  return typeof target === "string" ? finalRef(target) : ref;
}

/** The object a local `$ref` names (following chains), or the value itself. */
const resolve = (value: Json): Json => (typeof value.$ref === "string" ? at(finalRef(value.$ref)) : value);

/** One JSON pointer segment, escaped. */
const pointerPart = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

/** Values the schema allows, and values just outside it. */
function valuesFor(param: Parameter): { valid: fc.Arbitrary<string>; edge: fc.Arbitrary<string> } {
  const s = param.schema ? resolve(param.schema) : {};
  const edges: string[] = [];
  let valid: fc.Arbitrary<string>;
  if (Array.isArray(s.enum)) {
    valid = fc.constantFrom(...s.enum.map(String));
    edges.push(`${String(s.enum[0]).toUpperCase()}`, `${String(s.enum[0])}x`);
  } else if (s.type === "integer" || s.type === "number") {
    const min = typeof s.minimum === "number" ? s.minimum : 1;
    const max = typeof s.maximum === "number" ? s.maximum : min + 1000;
    valid = fc.integer({ min, max: Math.min(max, min + 10_000) }).map(String);
    edges.push(String(min - 1), String(min), String(max), String(max + 1));
  } else if (s.type === "boolean") {
    valid = fc.constantFrom("true", "false");
    edges.push("TRUE", "1", "yes");
  } else if (typeof s.pattern === "string") {
    const maxLength = typeof s.maxLength === "number" ? s.maxLength : 40;
    valid = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= maxLength);
  } else {
    const minLength = typeof s.minLength === "number" ? s.minLength : 0;
    const maxLength = typeof s.maxLength === "number" ? s.maxLength : 40;
    valid = fc.oneof(
      fc.string({ minLength, maxLength: Math.min(maxLength, 40) }),
      fc.constantFrom("pdf", "react testing", "-form pdf", "name:pdf", '"pdf tools"'),
    );
    if (typeof s.maxLength === "number") edges.push("a".repeat(s.maxLength), "a".repeat(s.maxLength + 1));
    if (minLength > 0) edges.push("a".repeat(minLength - 1), "a".repeat(minLength));
  }
  return { valid, edge: fc.constantFrom(...edges, ...HOSTILE) };
}

/** Path parameter values: real names from the served data, their case variants, and hostile segments. */
function pathValues(op: Operation): fc.Arbitrary<Record<string, string>> {
  const names = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const hostile = fc.constantFrom(...HOSTILE.filter((h) => h !== ""), "%2e%2e", "a%2Fb", "A".repeat(200));
  const real = fc
    .constantFrom(...known.owners)
    .chain(([owner, repo]) =>
      fc.constantFrom({ owner, repo }, { owner: owner.toUpperCase(), repo: repo.toLowerCase() }, { owner, repo: `${repo}-missing` }),
    );
  const slug = fc.oneof(fc.constantFrom(...known.slugs), hostile);
  return fc
    .record({
      pair: fc.oneof({ weight: 3, arbitrary: real }, { weight: 1, arbitrary: fc.record({ owner: hostile, repo: hostile }) }),
      slug,
    })
    .map(({ pair, slug: s }) => {
      const out: Record<string, string> = {};
      for (const n of names) out[n] = n === "owner" ? pair.owner : n === "repo" ? pair.repo : s;
      return out;
    });
}

/** A lone surrogate cannot be percent-encoded; a client sends U+FFFD for it. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

interface Generated {
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  method: string;
}

function requests(op: Operation): fc.Arbitrary<Generated> {
  const query = op.parameters.filter((p) => p.in === "query");
  const arbs = query.map((p) => ({ p, ...valuesFor(p) }));
  type Pairs = [string, string][];
  // Each parameter left out or given a valid value (a required one is left out now and then).
  const validSet = fc.tuple(
    ...arbs.map(({ p, valid }) =>
      fc.oneof(
        { weight: p.required ? 1 : 4, arbitrary: fc.constant<Pairs>([]) },
        { weight: p.required ? 12 : 3, arbitrary: valid.map((v): Pairs => [[p.name, v]]) },
      ),
    ),
  );
  // One parameter given an edge or hostile value, or sent twice.
  const mutation = fc.integer({ min: 0, max: Math.max(0, arbs.length - 1) }).chain((i) => {
    const a = arbs[i];
    if (!a) return fc.constant<{ index: number; pairs: Pairs }>({ index: -1, pairs: [] });
    return fc
      .oneof(
        { weight: 3, arbitrary: a.edge.map((v): Pairs => [[a.p.name, v]]) },
        {
          weight: 1,
          arbitrary: fc.tuple(a.valid, fc.oneof(a.valid, a.edge)).map(
            ([x, y]): Pairs => [
              [a.p.name, x],
              [a.p.name, y],
            ],
          ),
        },
      )
      .map((pairs) => ({ index: i, pairs }));
  });
  const queryPairs = fc.oneof(
    { weight: 3, arbitrary: validSet.map((lists) => lists.flat()) },
    { weight: 3, arbitrary: fc.tuple(validSet, mutation).map(([lists, m]) => lists.flatMap((l, i) => (i === m.index ? m.pairs : l))) },
  );
  const headers = fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("", "Bearer", `Bearer skd_0123456789abcdef_${"a".repeat(43)}`, "Basic abc", "Bearer  x y")
        .map((a) => ({ Authorization: a })),
    },
    // Revalidation: a wildcard matches any representation (304), a made-up tag none.
    { weight: 1, arbitrary: fc.constantFrom("*", '"0123"', 'W/"x", "y"', "garbage").map((t) => ({ "If-None-Match": t })) },
  );
  return fc
    .record({
      params: pathValues(op),
      query: queryPairs,
      unknown: fc.option(fc.constantFrom<[string, string]>(["utm_source", "x"], ["callback", "alert"]), { nil: undefined }),
      headers,
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant("GET") },
        { weight: 2, arbitrary: fc.constant("HEAD") },
        { weight: 1, arbitrary: fc.constantFrom("POST", "PUT", "DELETE", "PATCH") },
      ),
    })
    .map(({ params, query: q, unknown, headers: h, method }) => ({
      path: op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(params[name] ?? "x"))),
      query: unknown ? [...q, unknown] : q,
      headers: h,
      method,
    }));
}

/** Why an answer breaks the document, or undefined when it keeps to it. */
async function violation(op: Operation, req: Generated): Promise<string | undefined> {
  const url = `${api()}${req.path}${req.query.length ? `?${new URLSearchParams(req.query)}` : ""}`;
  const res = await fetch(url, { method: req.method, headers: req.headers });
  const text = await res.text();
  // A method the operation does not have is refused (Schemathesis's unsupported-method check).
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (res.status !== 405 && res.status !== 429 && res.status !== 401) return `${req.method} answered ${res.status}, not 405`;
    if (res.status === 405 && !(res.headers.get("allow") ?? "").includes("GET")) return "a 405 without an Allow header naming GET";
  }
  const status = String(res.status);
  seen.set(`${op.path} ${status}`, (seen.get(`${op.path} ${status}`) ?? 0) + 1);
  if (res.status >= 500) return `${status} ${text.slice(0, 300)}`;
  const listed = op.responses[status] ?? op.responses.default;
  if (!listed) return `status ${status} is not listed for ${op.path} (${text.slice(0, 200)})`;
  const response = resolve(listed);
  const content = response.content as Json | undefined;
  const json = content?.["application/json"] as Json | undefined;
  if (!json?.schema) return text === "" ? undefined : `status ${status} lists no body, but one came`;
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) return `content type ${type} where application/json is documented`;
  if (req.method === "HEAD") return text === "" ? undefined : "HEAD answered with a body";
  // The body schema is compiled where it sits in the document, so its own $refs resolve there.
  const responseKey = op.responses[status] ? status : "default";
  const responseAt = finalRef(`#/${["paths", op.path, "get", "responses", responseKey].map(pointerPart).join("/")}`);
  const ref = `openapi${responseAt}/content/application~1json/schema`;
  const validate = ajv.getSchema(ref);
  if (!validate) return `no schema at ${ref}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
  return validate(body) ? undefined : `body does not match its schema: ${ajv.errorsText(validate.errors)}`;
}

beforeAll(async () => {
  document = (await (await fetch(`${api()}/openapi.json`)).json()) as Json;
  ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(document, "openapi");
  const paths = document.paths as Record<string, Record<string, Json>>;
  operations = Object.entries(paths).flatMap(([path, item]) =>
    item.get
      ? [
          {
            path,
            parameters: ((item.get.parameters as Json[] | undefined) ?? []).map((p) => resolve(p) as unknown as Parameter),
            responses: item.get.responses as Record<string, Json>,
          },
        ]
      : [],
  );
  const list = (await (await fetch(`${api()}/skills?limit=100`)).json()) as { data: { owner: string; repo: string }[] };
  known.owners = list.data.map((s) => [s.owner, s.repo]);
  const cats = (await (await fetch(`${api()}/categories`)).json()) as { data: { slug: string }[] };
  known.slugs = cats.data.map((c) => c.slug);
});

describe("the API against its OpenAPI document", () => {
  it("describes at least the contract's endpoints", () => {
    expect(operations.length).toBeGreaterThanOrEqual(9);
  });

  it("answers every generated request as the document says", async () => {
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(requests(op), async (req) => {
          const problem = await violation(op, req);
          if (problem)
            throw new Error(`${req.method} ${req.path}?${new URLSearchParams(req.query)} ${JSON.stringify(req.headers)}: ${problem}`);
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122), endOnFailure: true },
      );
    }
    // The generated requests reach past validation: every operation answered 200 at least once.
    for (const op of operations) expect(seen.get(`${op.path} 200`) ?? 0, op.path).toBeGreaterThan(0);
  }, 180_000);
});
