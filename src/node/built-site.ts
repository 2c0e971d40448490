// Whether a site folder holds a build the current code can read: its manifest is there and parses
// by the current contract (src/contract/manifest.ts: the format, the search part's format, every
// field). A site built by an older format is not, though it looks complete: the function refuses
// its manifest on every request, and the benchmarks would read it wrong.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { BuildManifest } from "../contract/manifest.js";
import { DATA_PREFIX, MANIFEST_FILE } from "../contract/paths.js";

export type BuiltSite = { state: "current"; manifest: BuildManifest } | { state: "missing" } | { state: "stale"; why: string };

const Formatted = z.looseObject({ format: z.unknown() });

/** The state of the build in `siteDir`: missing, stale (why) or current (its manifest). */
export function builtSite(siteDir: string): BuiltSite {
  let text: string;
  try {
    text = readFileSync(join(siteDir, DATA_PREFIX, MANIFEST_FILE), "utf8");
  } catch {
    return { state: "missing" };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { state: "stale", why: `its manifest is not JSON (${(e as Error).message})` };
  }
  const parsed = BuildManifest.safeParse(raw);
  if (parsed.success) return { state: "current", manifest: parsed.data };
  const format = Formatted.safeParse(raw).data?.format;
  return {
    state: "stale",
    why: `its manifest is not of the current format (${format === undefined ? "no format" : `format ${JSON.stringify(format)}`}; ${parsed.error.issues[0]?.path.join(".") || "(root)"}: ${parsed.error.issues[0]?.message})`,
  };
}
