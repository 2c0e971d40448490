// The Node lines the project supports are the ones it tests: package.json's `engines` claims exactly the
// long-term lines ci.yml runs the suite on, and no package of the lockfile asks for more on any of them,
// so `npm install` prints no EBADENGINE warning on a supported line (npm warns when the running Node
// misses a package's `engines.node`; the lockfile records each package's field).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT } from "../../src/node/project-root.js";

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), "utf8");
const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const ci = parse(read(".github/workflows/ci.yml")) as { jobs: { test: { strategy: { matrix: { node: string[] } } } } };
const tested = ci.jobs.test.strategy.matrix.node.map(Number);

/** The lowest version of Node line `major` that `range` admits, or null when it admits none of it. */
function lowestOfLine(range: string, major: number): string | null {
  const line = `>=${major}.0.0 <${major + 1}.0.0-0`;
  const found = new semver.Range(range).set
    .map((comparators) => semver.minVersion(new semver.Range(`${comparators.map((c) => c.value).join(" ")} ${line}`.trim())))
    .filter((v): v is semver.SemVer => v !== null && semver.satisfies(v, line));
  return found.length === 0 ? null : found.sort(semver.compare)[0]!.version;
}

/** The long-term (even) lines `range` admits from its lowest up to `upTo`. */
function claimedLines(range: string, upTo: number): number[] {
  const lines: number[] = [];
  for (let major = 0; major <= upTo; major += 2) if (lowestOfLine(range, major) !== null) lines.push(major);
  return lines;
}

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}
const locked = Object.entries((JSON.parse(read("package-lock.json")) as { packages: Record<string, LockedPackage> }).packages)
  .filter(([path, p]) => path !== "" && typeof p.engines === "object" && !Array.isArray(p.engines) && p.engines.node)
  .map(([path, p]) => ({ name: path.replace(/^.*node_modules\//, ""), version: p.version, node: (p.engines as { node: string }).node }));

/** Packages of the lockfile whose `engines.node` a Node version misses: what npm would warn about. */
const unmet = (version: string, packages = locked) =>
  packages
    .filter((p) => !semver.satisfies(version, p.node, { includePrerelease: true }))
    .map((p) => `${p.name}@${p.version} wants node ${p.node}`);

describe("the Node lines", () => {
  it("ci.yml tests exactly the long-term lines that engines claims", () => {
    expect(semver.validRange(engines), engines).not.toBeNull();
    expect(tested.length).toBeGreaterThan(0);
    expect(claimedLines(engines, Math.max(...tested))).toEqual(tested);
  });

  it.each(tested)("Node %i: the lowest version engines admits meets every locked package's engines (no EBADENGINE)", (major) => {
    const lowest = lowestOfLine(engines, major)!;
    expect(unmet(lowest)).toEqual([]);
    expect(unmet(`${major}.999.0`)).toEqual([]);
  });

  it("the check can fail: a package that wants Node 22 is reported on Node 20, and an untested line is seen", () => {
    const wants22 = [{ name: "content-type", version: "3.1.1", node: ">=22" }];
    expect(unmet(lowestOfLine(engines, 20)!, wants22)).toEqual(["content-type@3.1.1 wants node >=22"]);
    expect(claimedLines(">=18", 24)).toEqual([18, 20, 22, 24]);
    expect(lowestOfLine("^20.19.0 || >=22.12.0", 22)).toBe("22.12.0");
    expect(lowestOfLine(">=22", 20)).toBeNull();
  });

  it("the README states the same lines, with the same lowest versions", () => {
    const line = read("README.md").match(/^.*supported Node lines.*$/im)?.[0];
    expect(line, "README names the supported Node lines on one line").toBeDefined();
    const stated = [...line!.matchAll(/\b(\d+)(?:\.(\d+))?\+/g)].map((m) => ({ major: Number(m[1]), minor: Number(m[2] ?? 0) }));
    expect(stated.map((s) => s.major)).toEqual(tested);
    for (const { major, minor } of stated) expect(lowestOfLine(engines, major)).toBe(`${major}.${minor}.0`);
  });
});
