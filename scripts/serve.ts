// npm run serve: serves an existing dist/ (the page at /, the API at /api/v1) on http://127.0.0.1:8788 (PORT overrides),
// with the production rate limits unless RATE_LIMIT_* say otherwise, as a deployment would.
import { builtSite } from "../src/node/built-site.js";
import { runCommand, UsageError } from "../src/node/cli.js";
import { localLimits } from "../src/node/local-limits.js";
import { ensureServePort, portFromEnv, serveSite } from "../src/node/serve.js";

await runCommand({
  name: "serve",
  usage: `[--dir DIR] [--state DIR]   (PORT=N serves on another port than 8788; RATE_LIMIT_* set the limits)
  --dir DIR     the built site to serve (default dist)
  --state DIR   wrangler's local state: KV counters and keys (default .wrangler/state)`,
  options: { dir: { type: "string", default: "dist" }, state: { type: "string" } },
  async run({ values }) {
    const port = portFromEnv();
    await ensureServePort(port);
    const built = builtSite(values.dir);
    if (built.state !== "current") {
      const what = built.state === "missing" ? "holds no build" : `holds a build the current code cannot serve: ${built.why}`;
      throw new UsageError(`${values.dir} ${what}; run \`npm run build\` first (or \`npm start\`, which builds and serves)`);
    }
    const limits = localLimits("production");
    console.log(`serving ${values.dir}: the page at http://127.0.0.1:${port}/ and the API at http://127.0.0.1:${port}/api/v1`);
    console.log(limits.summary);
    return serveSite({ siteDir: values.dir, port, persistTo: values.state, vars: limits.vars });
  },
});
