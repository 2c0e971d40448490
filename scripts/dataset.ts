// npm run dataset -- save|restore|list --store SPEC: the dataset snapshots kept outside git (an R2
// bucket through wrangler, or a folder). `npm run rebuild -- --store SPEC` uses the same store.
import { resolve } from "node:path";
import { existingFolder, runCommand, UsageError } from "../src/node/cli.js";
import { listSnapshots, restoreDataset, saveDataset, storeFromSpec } from "../src/node/rebuild/dataset-store.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "..");

await runCommand({
  name: "dataset",
  usage: `save|restore|list --store folder:PATH|r2:BUCKET[/PREFIX] [--data DIR] [--id ID] [--remote-store] [--persist-to DIR]
  save        upload the dataset folder (it must hold skills.jsonl) as a new snapshot and make it the latest
  restore     replace the dataset folder with the latest snapshot (or --id ID), verified first;
              the dataset it replaces is kept as DIR.previous
  list        the snapshots saved so far, newest first
  --data DIR        the dataset folder (default .dataset)
  --remote-store    an r2: store is the bucket on Cloudflare (default: wrangler's local R2)
  --persist-to DIR  wrangler's local state folder for a local r2: store`,
  positionals: true,
  options: {
    store: { type: "string" },
    data: { type: "string", default: ".dataset" },
    id: { type: "string" },
    "remote-store": { type: "boolean", default: false },
    "persist-to": { type: "string" },
  },
  async run({ values, positionals }) {
    const [command, ...rest] = positionals;
    if (!command || !["save", "restore", "list"].includes(command) || rest.length > 0)
      throw new UsageError("the command is save, restore or list");
    if (!values.store) throw new UsageError("--store is required");
    const store = storeFromSpec(values.store, {
      projectDir: PROJECT_ROOT,
      remote: values["remote-store"],
      persistTo: values["persist-to"] && resolve(values["persist-to"]),
    });
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const dir = resolve(values.data);
    if (command === "save") {
      const saved = await saveDataset(store, existingFolder(dir, "--data"), { now: new Date(), log });
      console.log(saved.id);
    } else if (command === "restore") {
      const restored = await restoreDataset(store, dir, { id: values.id, log });
      if (!restored) throw new Error(`${store.where} holds no snapshot yet`);
      console.log(restored.id);
    } else {
      for (const s of await listSnapshots(store)) console.log(`${s.id}  ${s.savedAt}`);
    }
    return 0;
  },
});
