// npm run webhooks -- add --url URL [--events skill.created,skill.updated] [--label NAME] [--since ID]
//                   | list [--json] | remove ID | test ID | redeliver --event ID [--subscription ID]
//                   | deliver
//   [--api URL] [--allow-private] [--remote] [--persist-to DIR]
//   [--attempts N] [--backoff-ms N] [--timeout-ms N] [--max-retry-after-ms N]
// Subscriptions live in the KV namespace bound as KV (the local one by default, the deployed one
// with --remote). Events come from the API's own feed (--api, SKILLS_API_KEY as bearer key).
// `add` prints the id, then the secret alone on the last line of standard output; nothing else
// ever prints a secret. Progress goes to stderr, reports to stdout.
import { resolve } from "node:path";
import { addSubscription, listSubscriptions, redeliver, removeSubscription, testSubscription } from "../src/events/webhooks/admin.js";
import { type DeliveryDeps, deliverAll, type Outcome } from "../src/events/webhooks/deliver.js";
import { feedClient } from "../src/events/webhooks/feed-client.js";
import { DEFAULT_POLICY } from "../src/events/webhooks/retry.js";
import { postJson } from "../src/events/webhooks/send.js";
import { subscriptionStore } from "../src/events/webhooks/store.js";
import type { PublicSubscription } from "../src/events/webhooks/subscription.js";
import { checkUrl } from "../src/events/webhooks/target.js";
import { type ParsedArgs, runCommand, UsageError } from "../src/node/cli.js";
import { localApiUrl } from "../src/node/serve.js";
import { formatTable } from "../src/node/table.js";
import { openKV } from "../src/node/webhooks-kv.js";

const USAGE = `add|list|remove|test|redeliver|deliver [options]
  add --url URL [--events skill.created,skill.updated,skill.deleted] [--label NAME] [--since EVENT_ID]
  list [--json]
  remove ID
  test ID
  redeliver --event EVENT_ID [--subscription ID]
  deliver
options: --api URL (the API whose feed is read; default $SKILLS_API_URL, else http://127.0.0.1:$PORT/api/v1 with PORT 8788; SKILLS_API_KEY is sent as its key),
         --allow-private (allow private, loopback and link-local targets), --remote (the deployed KV namespace),
         --persist-to DIR (wrangler's local state folder), --attempts N, --backoff-ms N, --timeout-ms N, --max-retry-after-ms N`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const err = (line: string) => process.stderr.write(`${line}\n`);

function count(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`--${name} must be a whole number (got ${JSON.stringify(raw)})`);
  return Number(raw);
}

const describeOutcome = (o: Outcome) =>
  o.ok
    ? `delivered (HTTP ${o.status}, ${o.attempts} attempt${o.attempts === 1 ? "" : "s"})`
    : `failed after ${o.attempts} attempt${o.attempts === 1 ? "" : "s"}: ${o.error}`;

function status(s: PublicSubscription): string {
  if (s.disabled) return `disabled ${s.disabled.at}: ${s.disabled.reason}`;
  if (s.failingSince) return `failing since ${s.failingSince}: ${s.lastError ?? ""}`;
  return "active";
}

const OPTIONS = {
  url: { type: "string" },
  events: { type: "string" },
  label: { type: "string" },
  since: { type: "string" },
  event: { type: "string" },
  subscription: { type: "string" },
  api: { type: "string" },
  "allow-private": { type: "boolean", default: false },
  remote: { type: "boolean", default: false },
  "persist-to": { type: "string" },
  json: { type: "boolean", default: false },
  attempts: { type: "string" },
  "backoff-ms": { type: "string" },
  "timeout-ms": { type: "string" },
  "max-retry-after-ms": { type: "string" },
} as const;

async function main(values: ParsedArgs<typeof OPTIONS>["values"], positionals: string[]): Promise<number> {
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError("a command is required: add, list, remove, test, redeliver or deliver");
  const known = ["add", "list", "remove", "test", "redeliver", "deliver"];
  const arity: Record<string, number> = { remove: 1, test: 1 };
  if (!known.includes(command) || rest.length !== (arity[command] ?? 0)) {
    throw new UsageError(`unknown command or wrong arguments: ${JSON.stringify([command, ...rest].join(" "))}`);
  }
  if (values.remote && values["persist-to"]) throw new UsageError("--persist-to is for the local KV; it cannot be combined with --remote");
  const policy = {
    attempts: Math.max(1, count("attempts", values.attempts, DEFAULT_POLICY.attempts)),
    backoffMs: count("backoff-ms", values["backoff-ms"], DEFAULT_POLICY.backoffMs),
    maxBackoffMs: DEFAULT_POLICY.maxBackoffMs,
    timeoutMs: count("timeout-ms", values["timeout-ms"], DEFAULT_POLICY.timeoutMs),
    maxRetryAfterMs: count("max-retry-after-ms", values["max-retry-after-ms"], DEFAULT_POLICY.maxRetryAfterMs),
  };
  const allowPrivate = values["allow-private"];
  const feed = feedClient({
    api: values.api ?? localApiUrl(),
    apiKey: process.env.SKILLS_API_KEY || undefined,
    sleep,
    onWait: (message) => console.error(message),
  });
  const where = values.remote ? "the deployed KV namespace" : "the local KV";
  // A target that will be refused is refused before wrangler starts.
  if (command === "add" && values.url !== undefined) checkUrl(values.url, allowPrivate);
  const opened = await openKV({
    projectDir: resolve(import.meta.dirname, ".."),
    remote: values.remote,
    persistTo: values["persist-to"] ? resolve(values["persist-to"]) : undefined,
  });
  try {
    const store = subscriptionStore(opened.kv);
    const deps: DeliveryDeps = {
      store,
      feed,
      send: (url, message) => postJson(url, message.body, message.headers, { timeoutMs: policy.timeoutMs, allowPrivate }),
      policy,
      clock: () => new Date(),
      sleep,
      random: Math.random,
      progress: err,
      allowPrivate,
    };

    if (command === "add") {
      if (values.url === undefined) throw new Error("add needs --url URL");
      const { subscription: s, secret } = await addSubscription(store, feed, {
        url: values.url,
        events: values.events,
        label: values.label,
        since: values.since,
        allowPrivate,
        now: new Date(),
      });
      err(
        `added subscription ${s.id} in ${where}: ${s.url} (${s.events.join(", ")}), starting after ${s.cursor ?? "the oldest retained event"}`,
      );
      err("its signing secret is shown only this once (last line of standard output)");
      console.log(s.id);
      console.log(secret);
      return 0;
    }
    if (command === "list") {
      const { subscriptions, problems } = await listSubscriptions(store);
      for (const p of problems) err(`warning: ${p}`);
      if (values.json) {
        console.log(JSON.stringify(subscriptions, null, 2));
        return 0;
      }
      if (subscriptions.length === 0) {
        console.log(`no webhook subscriptions in ${where}`);
        return 0;
      }
      const rows = [
        ["ID", "EVENTS", "DELIVERED", "CURSOR", "STATUS", "URL", "LABEL"],
        ...subscriptions.map((s) => [s.id, s.events.join(","), String(s.delivered), s.cursor ?? "-", status(s), s.url, s.label ?? ""]),
      ];
      console.log(formatTable(rows));
      return 0;
    }
    if (command === "remove") {
      const s = await removeSubscription(store, rest[0]!);
      console.log(`removed subscription ${s.id} (${s.url}) from ${where}`);
      return 0;
    }
    if (command === "test") {
      const outcome = await testSubscription(deps, rest[0]!);
      console.log(`test ping to ${rest[0]}: ${describeOutcome(outcome)}`);
      return outcome.ok ? 0 : 1;
    }
    if (command === "redeliver") {
      if (values.event === undefined) throw new Error("redeliver needs --event EVENT_ID");
      const results = await redeliver(deps, values.event, values.subscription);
      if (results.length === 0) console.log(`no enabled subscription takes ${values.event}`);
      for (const r of results) console.log(`${values.event} to ${r.id}: ${describeOutcome(r.outcome)}`);
      return results.every((r) => r.outcome.ok) ? 0 : 1;
    }
    const report = await deliverAll(deps);
    console.log(JSON.stringify(report, null, 2));
    const pending = report.subscriptions.filter((s) => s.status !== "up to date").length;
    err(`deliver done: ${report.delivered} delivered to ${report.subscriptions.length} subscriptions; ${pending} pending or disabled`);
    return 0;
  } finally {
    await opened.close();
  }
}

await runCommand({
  name: "webhooks",
  usage: USAGE,
  positionals: true,
  options: OPTIONS,
  run: ({ values, positionals }) => main(values, positionals),
});
