// The OpenAPI 3.1 document, derived from the operations table and the zod schemas: what each
// operation takes (types and bounds read from the very schemas the function validates with),
// what it answers (named components), which headers it sends and every error status it can give.
import { z } from "zod";
import type { Vocabulary } from "../schemas/params.js";
import { Tier } from "../schemas/tier.js";
import { componentSchemas } from "./openapi-components.js";
import { OPERATIONS, type Operation, type Tag } from "./openapi-operations.js";

type JsonSchema = Record<string, unknown>;

/** Metadata a query parameter's schema carries for the document (see src/schemas/params.ts). */
const ParamMeta = z.object({
  description: z.string(),
  example: z.unknown().optional(),
  required: z.boolean().optional(),
  /** The value as a client writes it (the URL carries strings; the server parses them). */
  param: z.record(z.string(), z.unknown()).optional(),
});

const TAGS: Record<Tag, string> = {
  Skills: "Skills: lists, details, SKILL.md content and statistics.",
  Categories: "The 24 categories, localised, and the skills of each.",
  Search: "Full-text search and autocomplete.",
  Meta: "About the API itself.",
};

const ref = (kind: "schemas" | "headers" | "responses" | "parameters", name: string) => ({ $ref: `#/components/${kind}/${name}` });

const HEADERS: Record<string, JsonSchema> = {
  ETag: {
    description: "Strong validator of the representation; send it back in `If-None-Match` to get a 304.",
    schema: { type: "string" },
    example: '"3f2a9c0d5b7e41a8c6d2e0f1a9b8c7d6"',
  },
  "Cache-Control": {
    description:
      "`public, max-age=300, stale-while-revalidate=3600` for data, `public, max-age=60` for search and autocomplete, `no-cache` for index-status (its refresh state is live), `no-store` for errors and the re-index request.",
    schema: { type: "string" },
  },
  "X-Request-Id": {
    description: "Identifies the request in the logs; also `meta.requestId` of the body.",
    required: true,
    schema: { type: "string", format: "uuid" },
  },
  "X-RateLimit-Limit": { description: "Requests allowed per hour for the caller's tier.", schema: { type: "integer", minimum: 1 } },
  "X-RateLimit-Remaining": { description: "Requests left in the current hourly window.", schema: { type: "integer", minimum: 0 } },
  "X-RateLimit-Reset": { description: "Unix time, in seconds, at which the current window ends.", schema: { type: "integer", minimum: 0 } },
  "X-RateLimit-Tier": {
    description: "The caller's rate tier.",
    schema: { type: "string", enum: [...Tier.options] },
  },
  "Retry-After": { description: "Seconds to wait before the next request.", required: true, schema: { type: "integer", minimum: 1 } },
  "Content-Language": {
    description: "The locale the names and descriptions are in (an unknown locale falls back to `en`).",
    schema: { type: "string" },
  },
  "X-Answer-Cache": {
    description:
      "`hit` when the answer came from the deployment's cache of assembled answers (kept as long as `Cache-Control` allows, and never across builds with different data), `miss` when it was assembled for this request. Absent where the runtime has no such cache (a local run outside workerd). A hit is charged to the rate limit like any request.",
    schema: { type: "string", enum: ["hit", "miss"] },
  },
  Allow: {
    description: "The methods the path serves: `GET, HEAD, OPTIONS`, or `POST, OPTIONS` for the re-index request.",
    required: true,
    schema: { type: "string" },
    example: "GET, HEAD, OPTIONS",
  },
};

const RATE_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Tier"];
/** What every successful answer (200 or 304) carries besides the ETag. */
const ANSWER_HEADERS = ["X-Request-Id", ...RATE_HEADERS, "X-Answer-Cache"];
const headerRefs = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, ref("headers", n)]));

/** Error statuses: the codes each can carry, and an example body. */
const ERRORS = {
  "400": {
    name: "BadRequest",
    description:
      "A parameter is missing, malformed, repeated or out of bounds, or the search query is invalid (`INVALID_PARAMS`, `INVALID_QUERY`, `QUERY_TOO_LONG`, `INVALID_SYNTAX`). The message names the parameter and what is allowed.",
    code: "INVALID_PARAMS",
    message: '`limit` must be at most 100 (got "500")',
  },
  "401": {
    name: "Unauthorized",
    description: "The API key in `Authorization: Bearer` is not valid (`INVALID_API_KEY`); a request is never served as anonymous instead.",
    code: "INVALID_API_KEY",
    message: "the API key is not valid",
  },
  "404": {
    name: "NotFound",
    description: "No such skill, category, file or endpoint (`NOT_FOUND`).",
    code: "NOT_FOUND",
    message: "skill anvil-dev/nothing was not found",
  },
  "405": {
    name: "MethodNotAllowed",
    description:
      "A method the path does not serve (`METHOD_NOT_ALLOWED`): the API is read-only (GET, HEAD, OPTIONS) but for the re-index request (POST, OPTIONS); `Allow` names the methods.",
    code: "METHOD_NOT_ALLOWED",
    message: "method POST is not allowed; this API is read-only (GET, HEAD, OPTIONS)",
  },
  "429": {
    name: "TooManyRequests",
    description: "The hourly rate limit of the caller's tier is spent (`RATE_LIMITED`); `Retry-After` says when to try again.",
    code: "RATE_LIMITED",
    message: "rate limit of 100 requests per hour exceeded",
  },
  "503": {
    name: "QueueFull",
    description:
      "The re-index queue holds as many repositories as it may (`QUEUE_FULL`); `Retry-After` says when the next run will have emptied it.",
    code: "QUEUE_FULL",
    message: "the re-index queue is full (500 repositories wait for the next run); retry after 900 s, when the next run has emptied it",
  },
  "500": {
    name: "ServerError",
    description: "An internal error (`SERVER_ERROR`); details stay in the logs under the request id.",
    code: "SERVER_ERROR",
    message: "internal error; the request id identifies it in the logs",
  },
} as const;
type ErrorStatus = keyof typeof ERRORS;

function errorResponse(status: ErrorStatus): JsonSchema {
  const e = ERRORS[status];
  const headers = headerRefs([
    "X-Request-Id",
    "Cache-Control",
    ...RATE_HEADERS,
    ...(status === "429" || status === "503" ? ["Retry-After"] : []),
    ...(status === "405" ? ["Allow"] : []),
  ]);
  const example = { error: { code: e.code, message: e.message }, meta: { requestId: "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f" } };
  return { description: e.description, headers, content: { "application/json": { schema: ref("schemas", "Error"), example } } };
}

/** The query parameters of an operation, read from the fields of its schema. */
function queryParameters(schema: z.ZodType): JsonSchema[] {
  const object = schema instanceof z.ZodPipe ? schema.in : schema;
  if (!(object instanceof z.ZodObject)) throw new Error("a query schema must be an object (or an object piped into a transform)");
  return Object.entries(object.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const meta = ParamMeta.safeParse(field.meta());
    if (!meta.success) throw new Error(`query parameter ${name} has no description for the document`);
    const { description, example, required, param } = meta.data;
    const json = param ?? strip(z.toJSONSchema(field, { io: "input", unrepresentable: "any" }) as JsonSchema);
    return { name, in: "query", required: required ?? false, description, schema: json, ...(example === undefined ? {} : { example }) };
  });
}

/** A schema without the keys the document carries elsewhere (or not at all). */
function strip(json: JsonSchema): JsonSchema {
  const { $schema: _s, description: _d, example: _e, examples: _x, required: _r, param: _p, ...rest } = json;
  return rest;
}

function operationObject(op: Operation, vocab: Vocabulary): JsonSchema {
  const pathParams = Object.entries(op.pathParams ?? {}).map(([name, p]) => ({
    name,
    in: "path",
    required: true,
    description: p.description,
    schema: { type: "string", ...(p.pattern ? { pattern: p.pattern } : {}) },
    example: p.example,
  }));
  const parameters = [...pathParams, ...(op.query ? queryParameters(op.query(vocab)) : [])];
  if (op.method === "post") {
    // A request that changes state: 202, never cached, no ETag, no 304; its own refusals besides.
    return {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      parameters,
      responses: {
        "202": {
          description: "Accepted: the repository is queued (or already was).",
          headers: headerRefs(["Cache-Control", "X-Request-Id", ...RATE_HEADERS]),
          content: { "application/json": { schema: ref("schemas", op.response) } },
        },
        ...Object.fromEntries((["400", "401", "405", "429", "503", "500"] as const).map((s) => [s, ref("responses", ERRORS[s].name)])),
      },
    };
  }
  // A live answer (index-status: the re-index queue) never comes from the answer cache, so it carries no X-Answer-Cache.
  const answerHeaders = op.cache === "live" ? ANSWER_HEADERS.filter((h) => h !== "X-Answer-Cache") : ANSWER_HEADERS;
  const okHeaders = headerRefs(["ETag", "Cache-Control", ...answerHeaders, ...(op.headers ?? [])]);
  const errors: ErrorStatus[] = ["400", "401", ...(op.notFound ? (["404"] as const) : []), "405", "429", "500"];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    parameters,
    responses: {
      "200": { description: "OK", headers: okHeaders, content: { "application/json": { schema: ref("schemas", op.response) } } },
      "304": {
        description: "Not Modified: `If-None-Match` named the current `ETag`.",
        headers: headerRefs(["ETag", ...answerHeaders]),
      },
      ...Object.fromEntries(errors.map((s) => [s, ref("responses", ERRORS[s].name)])),
    },
  };
}

export function openApiDocument(vocab: Vocabulary, serverUrl = "/api/v1"): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const op of OPERATIONS) {
    if (paths[op.path]) throw new Error(`two operations on ${op.path}`);
    paths[op.path] = { [op.method ?? "get"]: operationObject(op, vocab) };
  }
  const usedTags = new Set(OPERATIONS.map((o) => o.tag));
  return {
    openapi: "3.1.0",
    info: {
      title: "Skills Directory API",
      version: "1.0.0",
      summary: "A public, read-only JSON API over a directory of agent skills.",
      description:
        "Read-only JSON API over a directory of agent skills (SKILL.md packages from public GitHub repositories): lists, details, raw content, statistics, categories, full-text search and autocomplete; one POST asks for a repository to be re-indexed. No key is needed; `Authorization: Bearer <key>` raises the hourly rate limit. Every error uses the envelope `{error: {code, message}, meta: {requestId}}`.",
      contact: { name: "Skills Directory maintainers" },
      license: { name: "Apache License 2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: serverUrl, description: "This deployment" }],
    security: [{}, { bearer: [] }],
    tags: (Object.keys(TAGS) as Tag[])
      .filter((t) => usedTags.has(t))
      .sort()
      .map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas: componentSchemas(),
      headers: HEADERS,
      responses: Object.fromEntries((Object.keys(ERRORS) as ErrorStatus[]).map((s) => [ERRORS[s].name, errorResponse(s)])),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "Optional API key; raises the hourly rate limit. An invalid key is a 401, never treated as anonymous.",
        },
      },
    },
  };
}
