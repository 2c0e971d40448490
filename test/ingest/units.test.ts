// Small pure parts of the crawler: progress output, primary choice, platform evidence, size-sliced
// chunks of blob batches, the pacer, and the local server's GraphQL engine.
import { afterEach, describe, expect, it, vi } from "vitest";
import { chunkBlobs } from "../../src/ingest/blobs.js";
import { Pacer } from "../../src/ingest/pacer.js";
import { derivePlatforms, showsEvidence } from "../../src/ingest/platforms.js";
import { choosePrimary } from "../../src/ingest/primary.js";
import { createProgress } from "../../src/ingest/progress.js";
import { isExcluded } from "../../src/ingest/sources.js";
import { execute, GqlError, type GqlObject, parseQuery } from "../../src/node/github-fixture/graphql.js";
import { platforms } from "../support/crawl-harness.js";

describe("progress", () => {
  const run = (tty: boolean) => {
    const out: string[] = [];
    let t = 0;
    const p = createProgress({
      write: (s) => out.push(s),
      tty,
      now: () => t,
      stats: () => ({ requests: 7, remaining: 4990 }),
      plainEveryMs: 1000,
    });
    p.start("trees", 4);
    for (let i = 0; i < 4; i++) {
      t += 600;
      p.tick();
    }
    p.done();
    return out;
  };
  it("prints plain lines in CI: start, at most one a second, and 100%", () => {
    expect(run(false)).toEqual([
      "trees: 0/4 ETA - · 7 requests · rate limit left 4990\n",
      "trees: 2/4 ETA 1s · 7 requests · rate limit left 4990\n",
      "trees: 4/4 ETA - · 7 requests · rate limit left 4990\n",
    ]);
  });
  it("redraws one bar on a terminal", () => {
    const out = run(true);
    expect(out).toHaveLength(6);
    expect(out[4]).toBe("\r\x1b[2Ktrees      [########################] 4/4 ETA - · 7 requests · rate limit left 4990");
    expect(out[5]).toBe("\n");
  });
});

describe("primary SKILL.md", () => {
  const f = (path: string, name = "x") => ({ path, name });
  it("prefers the root, then the repository's name, then the shallowest, then the path", () => {
    expect(choosePrimary([f("a/SKILL.md"), f("SKILL.md")], "r")?.path).toBe("SKILL.md");
    expect(choosePrimary([f("a/SKILL.md"), f("x/y/my-repo/SKILL.md")], "My_Repo")?.path).toBe("x/y/my-repo/SKILL.md");
    expect(choosePrimary([f("b/c/SKILL.md"), f("z/SKILL.md", "repo")], "repo")?.path).toBe("z/SKILL.md");
    expect(choosePrimary([f("b/c/SKILL.md"), f("z/SKILL.md"), f("a/SKILL.md")], "r")?.path).toBe("a/SKILL.md");
    expect(choosePrimary([], "r")).toBeUndefined();
  });
});

describe("platform evidence", () => {
  it("matches folders at any depth and files exactly", () => {
    expect(showsEvidence(".cursor/rules/a.md", ".cursor/")).toBe(true);
    expect(showsEvidence("plugins/x/.cursor", ".cursor/")).toBe(true);
    expect(showsEvidence("skills/pdf/agents/openai.yaml", "agents/openai.yaml")).toBe(true);
    expect(showsEvidence("docs/cursor-tips.md", ".cursor/")).toBe(false);
    expect(showsEvidence("gemini-extension.json.bak", "gemini-extension.json")).toBe(false);
  });
  it("adds platforms named by compatibility, in file order", () => {
    const r = derivePlatforms(
      { owner: "o", repo: "r", paths: ["SKILL.md"], compatibility: ["Works with ChatGPT"], hasIndex: true },
      platforms,
    );
    expect(r.platforms).toEqual(platforms.platforms.map((p) => p.id).filter((id) => platforms.default.includes(id) || id === "chatgpt"));
    expect(Object.keys(r.installCommands)).toEqual(r.platforms);
  });
  it("builds install commands only from names that keep GitHub's rules", () => {
    const input = { paths: ["SKILL.md"], compatibility: [], hasIndex: false };
    const ok = derivePlatforms({ ...input, owner: "Acme-Labs", repo: "pdf.js_2" }, platforms);
    expect(Object.values(ok.installCommands).every((c) => c.includes("Acme-Labs/pdf.js_2") && !c.includes("{"))).toBe(true);
    // A replacement string would read `$&` as the matched text; a name like this never reaches a template.
    for (const [owner, repo] of [
      ["acme", "$&"],
      ["acme", "a b"],
      ["-acme", "r"],
      ["acme", "r;rm -rf ~"],
      ["acme", ".."],
    ]) {
      expect(() => derivePlatforms({ ...input, owner: owner!, repo: repo! }, platforms), `${owner}/${repo}`).toThrow(/GitHub/);
    }
  });
});

describe("exclusions", () => {
  it("match owner/repo and owner/* without case", () => {
    expect(isExcluded("Acme/Tool", ["acme/tool"])).toBe(true);
    expect(isExcluded("acme/other", ["ACME/*"])).toBe(true);
    expect(isExcluded("acme2/tool", ["acme/*"])).toBe(false);
  });
});

describe("blob batches", () => {
  it("cut by count and by bytes, in order", () => {
    const reqs = [10, 10, 10, 50, 5].map((size, i) => ({ owner: "o", repo: "r", sha: String(i), size }));
    const chunks = chunkBlobs(reqs, { maxFileBytes: 100, blobsPerQuery: 2, bytesPerQuery: 55, concurrency: 1 });
    expect(chunks.map((c) => c.map((r) => r.sha))).toEqual([["0", "1"], ["2"], ["3", "4"]]);
  });
});

describe("pacer", () => {
  // The clock is vitest's, not the machine's: on a loaded machine the process can be descheduled
  // between the pacer's start and the job's own reading of the time, which says nothing of the pacer.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps concurrency and spacing", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const pacer = new Pacer({ concurrency: 2, minTimeMs: 30 });
    let running = 0;
    let peak = 0;
    const starts: number[] = [];
    const job = async () => {
      starts.push(Date.now());
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 50));
      running--;
    };
    const all = Promise.all(Array.from({ length: 5 }, () => pacer.key("x").schedule({}, job)));
    await vi.advanceTimersByTimeAsync(1_000);
    await all;
    expect(starts).toHaveLength(5);
    expect(peak).toBe(2);
    // The third job waits for a free slot (the first ends at 50) and then for the spacing after the
    // second (30 + 30); so on for the rest: the spacing is the later of the two every time here.
    expect(starts.map((t) => t - 1_000_000)).toEqual([0, 30, 60, 90, 120]);
  });
});

describe("the local server's GraphQL engine", () => {
  const root: GqlObject = {
    __typename: "Query",
    repo: (a: Record<string, unknown>) => ({ __typename: "Repository", name: a.name, stars: 3, owner: { __typename: "User", login: "o" } }),
  };
  const run = (q: string, vars: Record<string, unknown> = {}) => {
    const doc = parseQuery(q);
    return execute(root, doc.operation, { vars, fragments: doc.fragments, errors: [] });
  };
  it("answers aliases, variables, inline and named fragments", () => {
    const q = `query Q($n: String!) { a: repo(name: $n) { ...F } b: repo(name: "lit") { ... on Repository { stars } __typename } }
      fragment F on Repository { name owner { login } }`;
    expect(run(q, { n: "v" })).toEqual({ a: { name: "v", owner: { login: "o" } }, b: { stars: 3, __typename: "Repository" } });
  });
  it("rejects unknown fields the way GitHub does", () => {
    expect(() => run('{ repo(name: "x") { nope } }')).toThrow(GqlError);
    expect(() => run('{ repo(name: "x") }')).toThrow(/selection of subfields/);
  });
});
