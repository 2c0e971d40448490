// npm start: builds dist/ (the API's files and the page) from the embedded dataset in data/ and serves it on
// localhost, offline, with development rate limits (src/node/local-limits.ts).

import { runCommand } from "../src/node/cli.js";
import { localLimits } from "../src/node/local-limits.js";
import { ensureServePort, portFromEnv, serveSite } from "../src/node/serve.js";

await runCommand({
  name: "start",
  usage: `[--out DIR] [--state DIR] [--data DIR]   (PORT=N serves on another port than 8788)
  builds the embedded dataset in data/ and serves the page at http://127.0.0.1:PORT/ and the API at
  http://127.0.0.1:PORT/api/v1 until Ctrl-C, with development rate limits (RATE_LIMIT_* override them)
  --out DIR     where the site is built (default dist)
  --state DIR   wrangler's local state: KV counters and keys (default .wrangler/state)
  --data DIR    the dataset folder (default data; its event log records hand edits, as npm run build does)`,
  options: { out: { type: "string", default: "dist" }, state: { type: "string" }, data: { type: "string", default: "data" } },
  async run({ values }) {
    const port = portFromEnv();
    // Fail before the build, not after it, when the port is taken.
    await ensureServePort(port);
    const limits = localLimits("development");
    // Loaded here, not at the top: `--help` and a usage error answer without loading the build (seconds).
    const [{ build }, { recordEvents }] = await Promise.all([import("../src/build/build.js"), import("../src/events/record.js")]);
    const report = await build({
      dataDir: values.data,
      outDir: values.out,
      publicDir: "public",
      builtAt: new Date(),
      log: (l) => console.log(l),
      // As `npm run build`: a hand edit of data/ becomes events before the site is rendered.
      beforeRender: async ({ records }, _skipped, verdicts) =>
        void (await recordEvents(values.data, records, { now: new Date(), verdicts })),
    });
    console.log(
      `built ${report.skills} skills; serving the page at http://127.0.0.1:${port}/ and the API at http://127.0.0.1:${port}/api/v1`,
    );
    console.log(limits.summary);
    return serveSite({ siteDir: values.out, port, persistTo: values.state, vars: limits.vars });
  },
});
