// The query parser and the analyser: every syntax form, every error code, and a fuzz that throws
// random strings at the parser and sees only a parsed query or an ApiError.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/contract/errors.js";
import { parseQuery } from "../../src/search/query.js";
import { fold, tokenize } from "../../src/search/text.js";

const shape = (q: string) =>
  parseQuery(q).clauses.map((c) => `${c.negate ? "-" : ""}${c.field ? `${c.field}:` : ""}${c.kind}(${c.terms.join(" ")})`);
const codeOf = (q: string | undefined) => {
  try {
    parseQuery(q);
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
  return "OK";
};

describe("parseQuery forms", () => {
  it.each([
    ["react components", ["term(react)", "term(component)"]],
    ['"react hooks"', ["phrase(react hook)"]],
    ["name:react description:hooks", ["name:term(react)", "description:term(hook)"]],
    ['content:"state management"', ["content:phrase(state management)"]],
    ["react -class", ["term(react)", "-term(class)"]],
    ['react -"class components"', ["term(react)", "-phrase(class component)"]],
    ["-name:legacy react", ["-name:term(legacy)", "term(react)"]],
    ["react*", ["prefix(react)"]],
    ["name:reac*", ["name:prefix(reac)"]],
    ["pdf-to*", ["term(pdf)", "prefix(to)"]],
    ["pdf-tools", ["phrase(pdf tool)"]],
    ["the react of hooks", ["term(react)", "term(hook)"]],
    ["Café NAÏVE", ["term(cafe)", "term(naive)"]],
    ["ＲＥＡＣＴ", ["term(react)"]],
    ["react react REACT", ["term(react)"]],
    ["去除文本", ["phrase(去除 除文 文本)"]],
    ['NAME:"a react app" pdf', ["name:phrase(react app)", "term(pdf)"]],
  ])("%s", (q, expected) => expect(shape(q)).toEqual(expected));
});

describe("parseQuery errors", () => {
  it.each([
    [undefined, "INVALID_QUERY"],
    ["", "INVALID_QUERY"],
    ["   ", "INVALID_QUERY"],
    ["r", "INVALID_QUERY"],
    ["*", "INVALID_QUERY"],
    ["* *", "INVALID_QUERY"],
    ["the and of", "INVALID_QUERY"],
    ["-react -vue", "INVALID_QUERY"],
    ["r* pdf", "INVALID_QUERY"],
    ["x".repeat(201), "QUERY_TOO_LONG"],
    ['"react hooks', "INVALID_SYNTAX"],
    ['react "hooks', "INVALID_SYNTAX"],
    ['re"act', "INVALID_SYNTAX"],
    ["title:react", "INVALID_SYNTAX"],
    ["name:", "INVALID_SYNTAX"],
    ["name: react", "INVALID_SYNTAX"],
    ['name:""', "INVALID_SYNTAX"],
    ["name:-react", "INVALID_SYNTAX"],
    ["react -", "INVALID_SYNTAX"],
    ["--react", "INVALID_SYNTAX"],
    ["*react", "INVALID_SYNTAX"],
    ["re*act", "INVALID_SYNTAX"],
    ["react**", "INVALID_SYNTAX"],
    ["react *", "INVALID_SYNTAX"],
    ['"react hooks"*', "INVALID_SYNTAX"],
    ['"react ho*"', "INVALID_SYNTAX"],
  ])("%j -> %s", (q, code) => expect(codeOf(q)).toBe(code));

  it("accepts exactly 200 characters and says what is wrong", () => {
    expect(codeOf("y".repeat(200))).toBe("OK");
    expect(() => parseQuery("title:x1")).toThrow(/unknown field "title:"; the fields are name:, description: and content:/);
    expect(() => parseQuery('"open')).toThrow(/unbalanced quote/);
  });

  it("only ever returns a query or throws an ApiError (fuzz)", () => {
    const piece = fc.constantFrom("a", "bc", "-", ":", "*", '"', " ", "name:", "content:", "é", "周报", "Ж", "\t", "\u0000", "🙂", "the");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 220 }),
          fc.array(piece, { maxLength: 40 }).map((p) => p.join("")),
        ),
        (q) => {
          try {
            const parsed = parseQuery(q);
            expect(parsed.required.length).toBeGreaterThan(0);
            for (const c of parsed.clauses) expect(c.terms.length).toBeGreaterThan(0);
          } catch (e) {
            expect(e).toBeInstanceOf(ApiError);
            expect((e as ApiError).status).toBe(400);
          }
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
  });
});

describe("analyser", () => {
  it("folds case, width and accents, keeps kana voicing", () => {
    expect(fold("ÉCOLE ｆｕｌｌ が")).toBe("ecole full が");
  });
  it("splits scripts and makes CJK bigrams with offsets", () => {
    const t = tokenize("AI生成痕迹");
    expect(t.map((x) => x.term)).toEqual(["ai", "生成", "成痕", "痕迹"]);
    expect(t[1]).toEqual({ term: "生成", start: 2, end: 4 });
  });
  it("stems plurals lightly and drops stop words", () => {
    expect(tokenize("the statements and policies of glass").map((x) => x.term)).toEqual(["statement", "policy", "glass"]);
  });
});
