// npm start: builds dist/ (the API's files and the page) from the embedded dataset in data/ and serves it on localhost, offline.

import { recordEvents } from "../src/events/record.js";
import { portFromEnv, serveSite } from "../src/node/serve.js";
import { build } from "../src/render/build.js";

const port = portFromEnv();
const report = await build({
  dataDir: "data",
  outDir: "dist",
  publicDir: "public",
  log: (l) => console.log(l),
  // As `npm run build`: a hand edit of data/ becomes events before the site is rendered.
  beforeRender: async ({ records }) => void (await recordEvents("data", records, { now: new Date() })),
});
console.log(`built ${report.skills} skills; serving the page at http://127.0.0.1:${port}/ and the API at http://127.0.0.1:${port}/api/v1`);
process.exit(await serveSite({ siteDir: "dist", port }));
