// What a suite needs that a machine may lack (Chromium, Python, the full shared dataset): without
// it, every test of the suite is skipped with the reason as its note, and the not-run reporter
// (./not-run-reporter.ts) lists the reasons at the end of the run, so nothing is skipped silently.
// In CI (CI=true) a missing tool fails the suite instead, since CI must never pass without running
// it; a missing dataset that CI cannot carry (`ciFails: false`) is skipped there too, with its note.
import { beforeAll, beforeEach } from "vitest";

/** Call at the top of a suite (or a file) with the reason it cannot run, or undefined when it can. */
export function unlessMissing(reason: string | undefined, options: { ciFails?: boolean } = {}): void {
  if (reason === undefined) return;
  if (process.env.CI === "true" && (options.ciFails ?? true)) {
    beforeAll(() => {
      throw new Error(`cannot run in CI: ${reason}`);
    });
    return;
  }
  beforeEach((ctx) => ctx.skip(`skipped: ${reason}`));
}
