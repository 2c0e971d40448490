// npm run serve: serves an existing dist/ (the page at /, the API at /api/v1) on http://127.0.0.1:8788 (PORT overrides).
import { existsSync } from "node:fs";
import { portFromEnv, serveSite } from "../src/node/serve.js";

if (!existsSync("dist/_data/manifest.json")) {
  console.error("dist/ has no build; run `npm run build` first (or `npm start`, which builds and serves)");
  process.exit(1);
}
const port = portFromEnv();
console.log(`serving dist/: the page at http://127.0.0.1:${port}/ and the API at http://127.0.0.1:${port}/api/v1`);
process.exit(await serveSite({ siteDir: "dist", port }));
