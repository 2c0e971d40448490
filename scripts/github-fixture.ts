// Runs the local GitHub-compatible server over a dataset folder (shared dataset format), e.g.
//   npm run github-fixture -- --dataset test/fixtures/github --port 8787 [--synthesize 1000]
// so a crawl can run offline: npm run crawl -- --github-url http://127.0.0.1:8787 --data DIR
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ensurePortFree, existingFolder, intOption, portValue, runCommand, UsageError } from "../src/node/cli.js";
import { buildRepos, loadSources, synthesize } from "../src/node/github-fixture/model.js";
import { startGitHubFixture } from "../src/node/github-fixture/server.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "..");
const SHARED = resolve(PROJECT_ROOT, "..", "shared", "dataset");

await runCommand({
  name: "github-fixture",
  usage: `[--dataset DIR] [--port N] [--host HOST] [--synthesize N] [--rate-limit N] [--search-limit N] [--code-search-limit N] [--verbose]
  --dataset DIR            a folder with repos.jsonl and skills.jsonl (default $SKILLS_SHARED_DATASET, else the
                           shared dataset beside the project); test/fixtures/github is a small one in the repository
  --port N, --host HOST    where to listen (default 127.0.0.1:8787)
  --synthesize N           clone the repositories under new names until there are N
  --rate-limit N           core and GraphQL requests an hour (default 5,000)
  --search-limit N, --code-search-limit N   searches a minute (default 30 and 10)
  --verbose                log one line per request`,
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
  async run({ values }) {
    const dataset = existingFolder(resolve(values.dataset ?? process.env.SKILLS_SHARED_DATASET ?? SHARED), "--dataset");
    if (!existsSync(join(dataset, "repos.jsonl"))) throw new UsageError(`--dataset ${dataset}: no repos.jsonl (the shared dataset format)`);
    const port = portValue(values.port, "--port");
    await ensurePortFree(values.host, port, "choose another with --port");
    const sources = await loadSources(dataset);
    const count = intOption(values.synthesize, "--synthesize", { min: 1 });
    const repos = buildRepos(count === undefined ? sources : synthesize(sources, count));
    const fixture = await startGitHubFixture(repos, {
      port,
      host: values.host,
      rateLimit: intOption(values["rate-limit"], "--rate-limit", { min: 1 }),
      searchLimit: intOption(values["search-limit"], "--search-limit", { min: 1 }),
      codeSearchLimit: intOption(values["code-search-limit"], "--code-search-limit", { min: 1 }),
      log: values.verbose ? (line) => console.log(line) : undefined,
    });
    console.log(`github fixture: ${repos.length} repositories from ${dataset}`);
    console.log(`listening on ${fixture.url} (GET ${fixture.url}/__fixture/requests for counts)`);
    // Serves until interrupted; runCommand turns Ctrl-C into exit code 130.
    await new Promise(() => {});
    return 0;
  },
});
