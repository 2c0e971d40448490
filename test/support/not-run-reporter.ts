// Ends every vitest run with the tests that did not run and why: each skipped test's note (see
// ./not-run.ts), grouped by project, file and reason, and the tests skipped without a note. Run by
// `npm test` and every `npm run test:*` (vitest.config.ts) and by .ci/run.
import type { Reporter, TestModule } from "vitest/node";

export default class NotRunReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const groups = new Map<string, number>();
    for (const module of modules) {
      const file = module.relativeModuleId;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== "skipped") continue;
        const why = result.note ?? "skipped without a reason";
        const key = `[${module.project.name}] ${file}: ${why}`;
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
    }
    if (groups.size === 0) return;
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    const lines = [...groups].map(([key, n]) => `  ${key} (${n} ${n === 1 ? "test" : "tests"})`);
    process.stdout.write(`\nNot run: ${total} ${total === 1 ? "test" : "tests"}\n${lines.join("\n")}\n`);
  }
}
