// npm run serve: serves an existing dist/ (the page at /, the API at /api/v1) on http://127.0.0.1:8788 (PORT overrides).
import { builtSite } from "../src/node/built-site.js";
import { runCommand, UsageError } from "../src/node/cli.js";
import { ensureServePort, portFromEnv, serveSite } from "../src/node/serve.js";

await runCommand({
  name: "serve",
  usage: `[--dir DIR]   (PORT=N serves on another port than 8788)
  --dir DIR   the built site to serve (default dist)`,
  options: { dir: { type: "string", default: "dist" } },
  async run({ values }) {
    const port = portFromEnv();
    await ensureServePort(port);
    const built = builtSite(values.dir);
    if (built.state !== "current") {
      const what = built.state === "missing" ? "holds no build" : `holds a build the current code cannot serve: ${built.why}`;
      throw new UsageError(`${values.dir} ${what}; run \`npm run build\` first (or \`npm start\`, which builds and serves)`);
    }
    console.log(`serving ${values.dir}: the page at http://127.0.0.1:${port}/ and the API at http://127.0.0.1:${port}/api/v1`);
    return serveSite({ siteDir: values.dir, port });
  },
});
