// npm start: builds dist/ from the embedded dataset in data/ and serves the API on localhost, offline.

import { portFromEnv, serveSite } from "../src/node/serve.js";
import { build } from "../src/render/build.js";

const port = portFromEnv();
const report = await build({
  dataDir: "data",
  outDir: "dist",
  publicDir: "public",
  log: (l) => console.log(l),
});
console.log(`built ${report.skills} skills; serving http://127.0.0.1:${port}/api/v1 (try /api/v1/skills)`);
process.exit(await serveSite({ siteDir: "dist", port }));
