// The OpenAPI 3.1 document, generated from the zod schemas (the only definition of each shape).
import { z } from "zod";
import {
  CategoryDetailEnvelope,
  CategoryListEnvelope,
  ErrorEnvelope,
  SearchEnvelope,
  SkillContentEnvelope,
  SkillDetailEnvelope,
  SkillListEnvelope,
  SkillStatsEnvelope,
  SuggestionEnvelope,
} from "../schemas/envelope.js";
import { contentQuery, LocaleParam, listQuery, searchQuery, suggestQuery, type Vocabulary } from "../schemas/params.js";

type JsonSchema = Record<string, unknown>;
const schema = (s: z.ZodType): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io: "output", unrepresentable: "any" }) as JsonSchema;
  return rest;
};

/** Query parameters of an object schema, as OpenAPI parameter objects (input side: strings). */
function queryParameters(s: z.ZodType, required: string[] = []): JsonSchema[] {
  const json = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, JsonSchema> };
  return Object.entries(json.properties ?? {}).map(([name, p]) => ({ name, in: "query", required: required.includes(name), schema: p }));
}

const pathParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const ownerRepo = [pathParam("owner"), pathParam("repo")];

const errorResponses = {
  "400": { $ref: "#/components/responses/Error" },
  "401": { $ref: "#/components/responses/Error" },
  "404": { $ref: "#/components/responses/Error" },
  "429": { $ref: "#/components/responses/Error" },
  "500": { $ref: "#/components/responses/Error" },
};

const op = (summary: string, body: z.ZodType, parameters: JsonSchema[] = []) => ({
  get: {
    summary,
    parameters,
    responses: {
      "200": { description: "OK", content: { "application/json": { schema: schema(body) } } },
      "304": { description: "Not modified (If-None-Match matched the ETag)" },
      ...errorResponses,
    },
  },
});

export function openApiDocument(vocab: Vocabulary, serverUrl = "/api/v1"): JsonSchema {
  const list = queryParameters(listQuery(vocab));
  return {
    openapi: "3.1.0",
    info: {
      title: "Skills Directory API",
      version: "1.0.0",
      description: "Read-only JSON API over a directory of agent skills (SKILL.md packages from public GitHub repositories).",
    },
    servers: [{ url: serverUrl }],
    security: [{}, { bearer: [] }],
    paths: {
      "/skills": op("List skills", SkillListEnvelope, list),
      "/skills/search": op("Search skills", SearchEnvelope, queryParameters(searchQuery(vocab), ["q"])),
      "/skills/autocomplete": op("Autocomplete suggestions", SuggestionEnvelope, queryParameters(suggestQuery, ["q"])),
      "/skills/{owner}/{repo}": op("Get a skill", SkillDetailEnvelope, ownerRepo),
      "/skills/{owner}/{repo}/content": op("Get a skill's SKILL.md", SkillContentEnvelope, [
        ...ownerRepo,
        ...queryParameters(contentQuery),
      ]),
      "/skills/{owner}/{repo}/stats": op("Get a skill's statistics", SkillStatsEnvelope, ownerRepo),
      "/categories": op("List categories", CategoryListEnvelope, queryParameters(z.object({ locale: LocaleParam }))),
      "/categories/{slug}": op("Get a category", CategoryDetailEnvelope, [
        pathParam("slug"),
        ...queryParameters(z.object({ locale: LocaleParam })),
      ]),
      "/categories/{slug}/skills": op("List the skills of a category", SkillListEnvelope, [pathParam("slug"), ...list]),
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "Optional API key; raises the rate limit." } },
      responses: {
        Error: { description: "Error envelope", content: { "application/json": { schema: schema(ErrorEnvelope) } } },
      },
    },
  };
}
