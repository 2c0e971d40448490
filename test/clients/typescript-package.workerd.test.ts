// The TypeScript client as its users get it: the package built with tsc (ESM + .d.ts), free of
// runtime dependencies and of Node built-ins outside the CLI, and its README examples type-checked
// against the built declarations and run. The `skills-directory` command has its own tests
// (cli*.test.ts, install*.test.ts).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const PACKAGE = join(PROJECT_ROOT, "clients", "typescript");
const DIST = join(PACKAGE, "dist");
const WORK = join(PROJECT_ROOT, ".tmp", "ts-client-readme");

const node = (args: string[], env: Record<string, string> = {}, cwd = WORK) => {
  const r = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

beforeAll(() => {
  rmSync(DIST, { recursive: true, force: true });
  const r = spawnSync(join(PROJECT_ROOT, "node_modules", ".bin", "tsc"), ["-p", join(PACKAGE, "tsconfig.json")], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`building the package failed:\n${r.stdout}${r.stderr}`);
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(join(WORK, "node_modules"), { recursive: true });
  symlinkSync(PACKAGE, join(WORK, "node_modules", "skills-directory"), "dir");
  writeFileSync(join(WORK, "package.json"), JSON.stringify({ type: "module", private: true }));
}, 120_000);

/** The relative and bare imports of a built module. */
const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)[^"']*?from\s*["']([^"']+)["']/g)].map((m) => m[1]!);

describe("the built package", () => {
  it("is ESM with declarations, and what index.js pulls in is relative: no dependency, no Node built-in", () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.type).toBe("module");
    expect(pkg.bin["skills-directory"]).toBe("./bin/skills-directory.js");
    const files = readdirSync(DIST);
    expect(files).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "client.js", "client.d.ts", "cli.js"]));
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        expect(spec, `${file} imports ${spec}`).toMatch(/^\.\.?\//);
        walk(join(dirname(file), spec));
      }
    };
    walk(join(DIST, "index.js"));
    expect(seen.size).toBeGreaterThan(3);
    expect([...seen].some((f) => f.endsWith("cli.js"))).toBe(false);
  });
});

describe("the README's examples", () => {
  const examples = [...readFileSync(join(PACKAGE, "README.md"), "utf8").matchAll(/```ts\n(.*?)```/gs)].map((m) => m[1]!);

  it("type-check against the built declarations", () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
    const files = examples.map((code, i) => {
      const file = join(WORK, `example-${i + 1}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      return file;
    });
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      types: [],
    });
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  });

  it("run against the API with the built package and print what they promise, finding it through SKILLS_API_URL", () => {
    const outputs = examples.map((code, i) => {
      // No address written in: the client finds the API from the environment, as a reader's does.
      expect(code).not.toMatch(/baseUrl|8788/);
      const file = join(WORK, `example-${i + 1}.mjs`);
      writeFileSync(file, code);
      const r = node([file], { SKILLS_API_URL: inject("api"), PORT: "" });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      return r.stdout.trim().split("\n");
    });
    expect(outputs[0]![0]).toBe("anvil-dev/pdf 8920 <mark>pdf</mark>");
    expect(outputs[0]!.at(-1)).toMatch(/^\d+ results$/);
    expect(outputs[1]![0]).toMatch(/^\d+ devops skills with stars$/);
    expect(outputs[2]![0]).toMatch(/^NOT_FOUND 404 true$/);
    expect(outputs[3]![0]).toMatch(/^\d+ \d+ 24$/);
  });

  it("the first example finds the local server from PORT alone, as `PORT=N npm start` moves it", () => {
    const served = new URL(inject("api"));
    expect(served.hostname).toBe("127.0.0.1");
    const env = { ...process.env, PORT: served.port } as Record<string, string>;
    delete env.SKILLS_API_URL;
    const r = spawnSync(process.execPath, [join(WORK, "example-1.mjs")], { cwd: WORK, encoding: "utf8", env, timeout: 60_000 });
    expect(r.stderr).toBe("");
    expect(r.stdout.split("\n")[0]).toBe("anvil-dev/pdf 8920 <mark>pdf</mark>");
  });
});
