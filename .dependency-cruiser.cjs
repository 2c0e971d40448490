// The import rule of docs/ARCHITECTURE.md, checked on the real imports by dependency-cruiser
// (test/architecture/imports.test.ts runs it in npm test). Each rule names the folder it constrains.
const workerd = "^(functions|src/(api|contract|schemas|search))/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "contract-is-a-leaf",
      comment: "src/contract and src/schemas import only zod and each other: no I/O, nothing of the stages",
      severity: "error",
      from: { path: "^src/(contract|schemas)/" },
      to: { pathNot: "^(src/(contract|schemas)/|node_modules/zod/)" },
    },
    {
      name: "search-imports-only-the-contract",
      comment: "src/search (the query side of the engine) imports the contract and zod only",
      severity: "error",
      from: { path: "^src/search/" },
      to: { pathNot: "^(src/(search|contract|schemas)/|node_modules/zod/)" },
    },
    {
      name: "function-imports-contract-and-search",
      comment:
        "the function (functions/, src/api) imports the contract, the engine, zod and the MCP SDK's server side (src/api/mcp), never the build, the crawler or node:",
      severity: "error",
      from: { path: "^(functions|src/api)/" },
      to: { pathNot: `${workerd}|^node_modules/zod/|^node_modules/@modelcontextprotocol/sdk/dist/esm/(types|server/|validation/)` },
    },
    {
      name: "build-imports-contract-dataset-search",
      comment: "the build (src/build) imports the contract, the dataset and the engine, never the function or the crawler",
      severity: "error",
      from: { path: "^src/build/" },
      to: { path: "^src/", pathNot: "^src/(build|contract|schemas|dataset|search)/" },
    },
    {
      name: "trust-scanner-is-pure",
      comment: "the scanner (src/build/trust) reads untrusted files: it imports only itself, the schemas and zod (no I/O, no node:)",
      severity: "error",
      from: { path: "^src/build/trust/" },
      to: { pathNot: "^(src/build/trust/|src/schemas/|node_modules/zod/)" },
    },
    {
      name: "crawler-imports-contract-and-dataset",
      comment: "the crawler (src/ingest) imports the contract and the dataset only",
      severity: "error",
      from: { path: "^src/ingest/" },
      to: { path: "^src/", pathNot: "^src/(ingest|contract|schemas|dataset)/" },
    },
    {
      name: "dataset-imports-contract",
      comment: "the dataset folder (src/dataset) reads and writes data/ with the contract's shapes only",
      severity: "error",
      from: { path: "^src/dataset/" },
      to: { path: "^src/", pathNot: "^src/(dataset|contract|schemas)/" },
    },
    {
      name: "events-imports-contract-and-dataset",
      comment: "src/events (deriving events from the dataset, webhook delivery) imports the contract and the dataset",
      severity: "error",
      from: { path: "^src/events/" },
      to: { path: "^src/", pathNot: "^src/(events|contract|schemas|dataset)/" },
    },
    {
      name: "synth-imports-contract-dataset-crawler",
      comment: "the synthetic dataset generator makes records as the crawler would",
      severity: "error",
      from: { path: "^src/synth/" },
      to: { path: "^src/", pathNot: "^src/(synth|contract|schemas|dataset|ingest)/" },
    },
    {
      name: "page-imports-contract-and-schemas",
      comment:
        "the page (web/) runs in the browser: the contract, the schemas, zod, marked, DOMPurify and the platform list; never the build, the function or node:",
      severity: "error",
      from: { path: "^web/", pathNot: "^web/vite\\.config\\.ts$" },
      to: { pathNot: "^(web/|src/(contract|schemas)/|node_modules/(zod|marked|dompurify)/|data/platforms\\.json$)" },
    },
    {
      name: "node-only-stays-out-of-src",
      comment:
        "src/node (serving a folder, key admin through wrangler, folder-backed ASSETS) is imported by entry points, tests and benchmarks only",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/node/" },
      to: { path: "^src/node/" },
    },
    {
      name: "src-never-imports-entry-points",
      comment: "src/ holds the logic; scripts, benchmarks and tests import it, not the other way",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(scripts|bench|test|functions)/" },
    },
    {
      name: "only-tests-import-tests",
      comment: "test/ holds tests and their harness; scripts, benchmarks, the page and src/ take their helpers from src/node",
      severity: "error",
      from: { pathNot: "^test/" },
      to: { path: "^test/" },
    },
    {
      name: "no-circular",
      comment: "folders and modules import one way",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|\\.wrangler|\\.tmp)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
