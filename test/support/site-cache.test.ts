// The kept fixture sites: made once for any number of files asking at the same time, apart per
// options, never seen half-made, and made again when the last maker failed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cachedSite } from "./site-cache.js";
import { tempDirs } from "./temp-dirs.js";

const temp = tempDirs();

describe("cachedSite", () => {
  it("makes an entry once for callers asking together, and hands each the complete folder", async () => {
    const cache = temp("site-cache-");
    let made = 0;
    const make = async (dir: string) => {
      made++;
      // Slow enough that the other callers arrive while it is being made.
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(join(dir, "done"), "yes");
    };
    const dirs = await Promise.all(Array.from({ length: 4 }, () => cachedSite("one", { a: 1 }, make, cache)));
    expect(made).toBe(1);
    expect(new Set(dirs).size).toBe(1);
    expect(readFileSync(join(dirs[0]!, "done"), "utf8")).toBe("yes");
    // Asked again later, it is read, not made.
    expect(await cachedSite("one", { a: 1 }, make, cache)).toBe(dirs[0]);
    expect(made).toBe(1);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it("keeps other options apart", async () => {
    const cache = temp("site-cache-");
    const make = async (dir: string) => writeFileSync(join(dir, "f"), "x");
    const [a, b] = [await cachedSite("one", { a: 1 }, make, cache), await cachedSite("one", { a: 2 }, make, cache)];
    expect(a).not.toBe(b);
    expect(readdirSync(cache).sort()).toEqual([a, b].map((d) => d.slice(cache.length + 1)).sort());
  });

  it("leaves nothing behind when the maker fails, so the next caller makes it", async () => {
    const cache = temp("site-cache-");
    await expect(cachedSite("one", {}, async () => Promise.reject(new Error("broken build")), cache)).rejects.toThrow("broken build");
    expect(readdirSync(cache)).toEqual([]);
    const dir = await cachedSite("one", {}, async (d) => writeFileSync(join(d, "f"), "x"), cache);
    expect(readFileSync(join(dir, "f"), "utf8")).toBe("x");
  });

  it("takes over a lock whose holder is gone", async () => {
    const cache = temp("site-cache-");
    const dir = await cachedSite("one", {}, async (d) => writeFileSync(join(d, "f"), "x"), cache);
    rmSync(dir, { recursive: true });
    // A lock left by a process that no longer runs (pid 2^22 + 1 is above Linux's pid_max).
    mkdirSync(`${dir}.lock`);
    writeFileSync(join(`${dir}.lock`, "pid"), String(2 ** 22 + 1));
    expect(await cachedSite("one", {}, async (d) => writeFileSync(join(d, "f"), "y"), cache)).toBe(dir);
    expect(readFileSync(join(dir, "f"), "utf8")).toBe("y");
  });
});
