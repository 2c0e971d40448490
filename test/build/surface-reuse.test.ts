// The surface forms' word counts an incremental build patches (cache/surface-reuse.ts): the counts
// patched with the skills dropped and rendered afresh are the counts made from the new skills, and
// counts that cannot be the cache's skills' are refused rather than used.
import { describe, expect, it } from "vitest";
import type { Reuse } from "../../src/build/cache/incremental-pass.js";
import { patchedSurfaceWords } from "../../src/build/cache/surface-reuse.js";
import { countSurfaceWords, surfaceFormsOf } from "../../src/build/search-index/suggest-build.js";
import type { SlimRecord } from "../../src/dataset/stream.js";

const skill = (repo: string, name: string, description: string, files: [string, string][] = []) =>
  ({ owner: "acme", repo, name, description, files: files.map(([n, d]) => ({ name: n, description: d })) }) as unknown as SlimRecord;

/** A Reuse as far as the patch reads it: the cache's skills (key first, record last) and the changed keys. */
function reuseOf(cached: readonly SlimRecord[], changed: readonly string[]): Reuse {
  const skills = cached.map((r) => [`${r.owner}/${r.repo}`, "", "", "", "", {}, 0, [], r]);
  return { cache: { skills, surface: countSurfaceWords(cached) }, changed: new Set(changed) } as unknown as Reuse;
}

const before = [
  skill("a", "pipelines", "Runs Pipelines on every push, pipelines everywhere.", [["pipeline-lint", "Lints a pipeline file."]]),
  skill("b", "kubernetes-deploy", "Deploys to Kubernetes clusters."),
  skill("c", "notes", "Keeps notes. Notes notes notes."),
];

describe("the surface forms' word counts patched by an incremental build", () => {
  it("equal the counts of the new skills: one changed, one gone, one added", () => {
    const changedB = skill("b", "kubernetes-deploy", "Deploys pipelines to a Kubernetes cluster.");
    const added = skill("d", "pipeline", "A pipeline, one pipeline, another pipeline.");
    const after = [before[0]!, changedB, added];
    const patched = patchedSurfaceWords(reuseOf(before, ["acme/b", "acme/c", "acme/d"]), [changedB, added]);
    const counted = countSurfaceWords(after);
    expect(patched).toBeDefined();
    expect(new Map([...patched!].sort())).toEqual(new Map([...counted].sort()));
    // No word left at zero (`notes` is gone with its skill), and the forms are the same.
    expect(patched!.has("notes")).toBe(false);
    expect(surfaceFormsOf(patched!)).toEqual(surfaceFormsOf(counted));
    // The form offered for the stem moved with the counts: `pipelines` was written most, now `pipeline`
    // (the stem itself, so no entry).
    expect(surfaceFormsOf(countSurfaceWords(before)).get("pipeline")).toBe("pipelines");
    expect(surfaceFormsOf(patched!).has("pipeline")).toBe(false);
  });

  it("are refused when the cache's counts cannot be its skills' (a count would fall below zero)", () => {
    const reuse = reuseOf(before, ["acme/c"]);
    // A word of the dropped skill the counts do not hold.
    reuse.cache.surface!.delete("Keeps");
    expect(patchedSurfaceWords(reuse, [])).toBeUndefined();
  });

  it("are absent when the cache holds none", () => {
    const reuse = reuseOf(before, []);
    reuse.cache.surface = null;
    expect(patchedSurfaceWords(reuse, [])).toBeUndefined();
  });
});
