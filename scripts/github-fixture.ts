// Runs the local GitHub-compatible server over a dataset folder (shared dataset format), e.g.
//   npm run github-fixture -- --dataset ../shared/dataset --port 8787 [--synthesize 1000]
// so a crawl can run offline: npm run crawl -- --github-url http://127.0.0.1:8787 --data DIR
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildRepos, loadSources, synthesize } from "../test/github/model.js";
import { startGitHubFixture } from "../test/github/server.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    dataset: { type: "string" },
    port: { type: "string", default: "8787" },
    host: { type: "string", default: "127.0.0.1" },
    synthesize: { type: "string" },
    "rate-limit": { type: "string" },
    "search-limit": { type: "string" },
    "code-search-limit": { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const dataset = values.dataset ?? process.env.SKILLS_SHARED_DATASET ?? resolve(PROJECT_ROOT, "..", "shared", "dataset");
const sources = await loadSources(resolve(dataset));
const count = num(values.synthesize);
const repos = buildRepos(count === undefined ? sources : synthesize(sources, count));
const fixture = await startGitHubFixture(repos, {
  port: Number(values.port),
  host: values.host,
  rateLimit: num(values["rate-limit"]),
  searchLimit: num(values["search-limit"]),
  codeSearchLimit: num(values["code-search-limit"]),
  log: values.verbose ? (line) => console.log(line) : undefined,
});
console.log(`github fixture: ${repos.length} repositories from ${dataset}`);
console.log(`listening on ${fixture.url} (GET ${fixture.url}/__fixture/requests for counts)`);
const stop = () => void fixture.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
