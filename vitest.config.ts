// The test projects, by what a suite needs (docs/TESTING.md): `unit` runs in-process with no server,
// browser or Python; `pipeline` runs the build and the crawl end to end (npm scripts and tools as
// child processes, multi-threaded builds); `workerd` and `python` use the test site served by `wrangler pages dev` (built and started
// once for both, by the global setup); `browser` drives Chromium against its own served site;
// `recipes` runs the docs' shell recipes in a copy of the repository. A file's name says its project:
// *.pipeline.test.ts, *.workerd.test.ts, *.browser.test.ts, *.python.test.ts, *.recipes.test.ts, else unit.
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const NEEDS = ["pipeline", "workerd", "browser", "python", "recipes"] as const;
const SERVED_SITE = "test/support/global-setup.ts";
const only = (need: (typeof NEEDS)[number]) => [`test/**/*.${need}.test.ts`];

export default defineConfig({
  test: {
    pool: "forks",
    // Most suites wait on child processes (wrangler, builds, crawls) more than they compute, so two
    // files at a time pay off even on two cores; vitest's default there is one (cores - 1).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Generous: on a loaded machine the heavier suites (streaming builds, crawls) slow down with it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll waits 1 s by default: too short for a page that waits on a served API while the
    // machine is busy (a typed search failed that way in a clean-clone run at load average 20).
    expect: { poll: { timeout: 20_000 } },
    reporters: ["default", "./test/support/not-run-reporter.ts"],
    // After each file, every process group its tests started is ended, whether they passed or not.
    setupFiles: ["test/support/process-teardown.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...NEEDS.flatMap(only)],
          // The unit files run one after another in each worker over one module graph, instead of a fresh
          // graph per file: importing and evaluating the sources (zod schemas, the search and build code)
          // again for each of 80 files cost more CPU than most of their tests. It holds because no unit
          // file mocks a module or leaves a global changed (fake timers and environment changes are undone
          // in the file's own hooks), and what the sources keep at module level (a hash of the sources, a memo of
          // the last line scanned, the children to stop on exit) gives the same answers whoever filled it.
          isolate: false,
        },
      },
      { extends: true, test: { name: "pipeline", include: only("pipeline") } },
      { extends: true, test: { name: "workerd", include: only("workerd"), globalSetup: [SERVED_SITE] } },
      {
        extends: true,
        test: {
          name: "browser",
          include: only("browser"),
          // One more try for a failed browser test. Its usual cause, a request `wrangler pages dev`'s
          // proxy holds until another one reaches it (docs/TESTING.md), is now released by a nudge in
          // test/web/browser.ts, and a navigation gives up after 30 s, so a retry comes early. A test
          // that fails twice fails; held requests are reported on stderr, and a retry shows in the report.
          retry: 1,
        },
      },
      { extends: true, test: { name: "python", include: only("python"), globalSetup: [SERVED_SITE] } },
      { extends: true, test: { name: "recipes", include: only("recipes") } },
    ],
  },
});
