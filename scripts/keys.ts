// npm run keys -- create --tier authenticated|premium --label NAME | list [--json] | revoke KEY_ID
//   [--remote] [--persist-to DIR]
// Manages API keys in the KV namespace bound as KV: wrangler's local KV (what `wrangler pages dev`
// uses) by default, the deployed namespace with --remote. A new key is printed once, alone on the
// last line of standard output; KV keeps only its SHA-256 hash.
import { resolve } from "node:path";
import { runCommand, UsageError } from "../src/node/cli.js";
import { createKey, listKeys, revokeKey } from "../src/node/keys/admin.js";
import { wranglerKeyStore } from "../src/node/keys/wrangler-store.js";
import { formatTable } from "../src/node/table.js";

await runCommand({
  name: "keys",
  usage: `create --tier authenticated|premium --label NAME | list [--json] | revoke KEY_ID  [--remote] [--persist-to DIR]
  create      make a key; it is printed once, alone on the last line of standard output
  list        the keys with tier, status, creation time and label (--json for JSON)
  revoke ID   revoke a key by its id
  --remote          the deployed KV namespace (default: the local KV of wrangler pages dev)
  --persist-to DIR  wrangler's local state folder`,
  positionals: true,
  options: {
    tier: { type: "string" },
    label: { type: "string" },
    json: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
  },
  async run({ values, positionals }) {
    const [command, ...rest] = positionals;
    if (!command) throw new UsageError("a command is required: create, list or revoke");
    if (values.remote && values["persist-to"])
      throw new UsageError("--persist-to is for the local KV; it cannot be combined with --remote");
    const store = wranglerKeyStore({
      projectDir: resolve(import.meta.dirname, ".."),
      remote: values.remote,
      persistTo: values["persist-to"] ? resolve(values["persist-to"]) : undefined,
    });
    const where = values.remote ? "the deployed KV namespace" : "the local KV";

    if (command === "create" && rest.length === 0) {
      if (!values.tier || values.label === undefined) throw new UsageError("create needs --tier authenticated|premium and --label NAME");
      const { key, info } = await createKey(store, { tier: values.tier, label: values.label, now: new Date() });
      console.log(`created API key ${info.id} (${info.tier}, ${JSON.stringify(info.label)}) in ${where}`);
      console.log("it is shown only this once; send it as `Authorization: Bearer <key>`:");
      console.log(key);
      return 0;
    }
    if (command === "list" && rest.length === 0) {
      const { keys, problems } = await listKeys(store);
      for (const problem of problems) console.error(`warning: ${problem}`);
      if (values.json) {
        console.log(JSON.stringify(keys, null, 2));
        return 0;
      }
      if (keys.length === 0) {
        console.log(`no API keys in ${where}`);
        return 0;
      }
      const rows = [
        ["ID", "TIER", "STATUS", "CREATED", "LABEL"],
        ...keys.map((k) => [k.id, k.tier, k.revokedAt ? `revoked ${k.revokedAt}` : "active", k.createdAt, k.label]),
      ];
      console.log(formatTable(rows));
      return 0;
    }
    if (command === "revoke" && rest.length === 1) {
      const info = await revokeKey(store, rest[0]!, new Date());
      console.log(`revoked API key ${info.id} (${info.tier}, ${JSON.stringify(info.label)}) on ${info.revokedAt} in ${where}`);
      return 0;
    }
    throw new UsageError(`unknown command ${JSON.stringify([command, ...rest].join(" "))}`);
  },
});
