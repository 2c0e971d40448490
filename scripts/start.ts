// npm start: builds dist/ (the API's files and the page) from the embedded dataset in data/ and serves it on localhost, offline.

import { build } from "../src/build/build.js";
import { recordEvents } from "../src/events/record.js";
import { runCommand } from "../src/node/cli.js";
import { ensureServePort, portFromEnv, serveSite } from "../src/node/serve.js";

await runCommand({
  name: "start",
  usage: `(no options; PORT=N serves on another port than 8788)
  builds dist/ from the embedded dataset in data/ and serves the page at http://127.0.0.1:PORT/ and the API
  at http://127.0.0.1:PORT/api/v1 until Ctrl-C`,
  options: {},
  async run() {
    const port = portFromEnv();
    // Fail before the build, not after it, when the port is taken.
    await ensureServePort(port);
    const report = await build({
      dataDir: "data",
      outDir: "dist",
      publicDir: "public",
      builtAt: new Date(),
      log: (l) => console.log(l),
      // As `npm run build`: a hand edit of data/ becomes events before the site is rendered.
      beforeRender: async ({ records }, _skipped, verdicts) => void (await recordEvents("data", records, { now: new Date(), verdicts })),
    });
    console.log(
      `built ${report.skills} skills; serving the page at http://127.0.0.1:${port}/ and the API at http://127.0.0.1:${port}/api/v1`,
    );
    return serveSite({ siteDir: "dist", port });
  },
});
