// The served OpenAPI document (the function run in-process over the embedded build) through the two linters generators and API catalogues use, offline:
// Redocly's recommended rules (the licence rule included) and Spectral's OpenAPI ruleset, both at zero problems.
import { createConfig, lintFromString } from "@redocly/openapi-core";
import spectralCore, { type RulesetDefinition } from "@stoplight/spectral-core";
import spectralParsers from "@stoplight/spectral-parsers";
import spectralRulesets from "@stoplight/spectral-rulesets";
import { beforeAll, describe, expect, it } from "vitest";
import { embeddedInProcess } from "../../support/in-process-api.js";

const { call } = embeddedInProcess();

let text: string;
beforeAll(async () => {
  const a = await call("/openapi.json");
  expect(a.status).toBe(200);
  text = a.text;
});

describe("the OpenAPI document", () => {
  it("has no Redocly problems (recommended rules)", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it("names the project's licence, Apache-2.0", () => {
    expect(JSON.parse(text).info.license).toEqual({ name: "Apache License 2.0", identifier: "Apache-2.0" });
  });

  it("has no Spectral results (the OpenAPI ruleset, every severity)", async () => {
    const { Spectral, Document } = spectralCore;
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [spectralRulesets.oas as RulesetDefinition] });
    const results = await spectral.run(new Document(text, spectralParsers.Json, "openapi.json"));
    expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join(".")}`)).toEqual([]);
  });
});
