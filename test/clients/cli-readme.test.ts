// The package README's tables against the code: every public method of the client is in the method
// table and every row names a method that exists; every command of the CLI is in the command table
// with the client methods it calls; together the commands reach every method of the client.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../clients/typescript/src/cli/commands.js";
import * as entry from "../../clients/typescript/src/index.js";
import { SkillsDirectory } from "../../clients/typescript/src/index.js";
import { PACKAGE } from "./cli-package.js";

const readme = readFileSync(join(PACKAGE, "README.md"), "utf8");
const methods = Object.getOwnPropertyNames(SkillsDirectory.prototype)
  .filter((m) => m !== "constructor")
  .sort();

/** The rows of the table whose header starts with `header`, as cells. */
function tableAfter(header: string): string[][] {
  const start = readme.indexOf(`| ${header} |`);
  expect(start, `a table headed ${header}`).toBeGreaterThanOrEqual(0);
  const lines = readme.slice(start).split("\n");
  const rows = lines.slice(
    2,
    lines.findIndex((l, i) => i > 0 && !l.startsWith("|")),
  );
  // Cells split on pipes that are not escaped (`stars\|updated`).
  return rows.map((r) =>
    r
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim()),
  );
}

describe("the README of the TypeScript client", () => {
  it("has a method table with exactly the client's methods", () => {
    const listed = tableAfter("Method").map(([cell]) => /^`(\w+)\(/.exec(cell!)?.[1]);
    expect(listed.every((m) => m !== undefined)).toBe(true);
    expect([...listed].sort()).toEqual(methods);
  });

  it("names every value the package exports (the client, its error, the default address)", () => {
    const exported = Object.keys(entry).sort();
    expect(exported).toEqual(expect.arrayContaining(["SkillsDirectory", "SkillsDirectoryError", "defaultBaseUrl", "DEFAULT_PORT"]));
    for (const name of exported) expect(readme, `the README names ${name}`).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("has a command table with every command, each naming the client methods it calls", () => {
    const rows = tableAfter("Command");
    const named = new Set(rows.map(([cell]) => /^`([a-z-]+)/.exec(cell!)?.[1]));
    for (const c of COMMANDS) {
      expect(named.has(c.name), `${c.name} is in the command table`).toBe(true);
      const row = rows.find(([cell]) => cell!.startsWith(`\`${c.name}`) && (c.name !== "install" || cell!.includes("<owner/repo>")))!;
      for (const m of c.methods) expect(row[2], `${c.name} names ${m}`).toContain(`\`${m}\``);
    }
    expect(rows.filter(([cell]) => !COMMANDS.some((c) => cell!.startsWith(`\`${c.name}`)))).toEqual([]);
  });

  it("has commands that between them reach every method of the client", () => {
    const reached = new Set(COMMANDS.flatMap((c) => c.methods));
    const unreached = methods.filter((m) => !reached.has(m) && !["iterateSkills", "iterateSearch"].includes(m));
    expect(unreached).toEqual([]);
    for (const m of reached) expect(methods, `${m} is a method of the client`).toContain(m);
  });
});
