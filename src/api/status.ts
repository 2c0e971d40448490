// GET /status and GET /index-status/{owner}/{repo}: answered from the files the build made from
// the crawl state. An exclusion pattern of sources.json wins over what the last crawl saw; a
// repository nobody has heard of is a 200 with state "unknown", not a 404.
import { exclusionRule } from "../contract/exclusion.js";
import { skillKey } from "../contract/key.js";
import { INDEX_STATUS_RULES_FILE, indexStatusFile, STATUS_FILE } from "../contract/paths.js";
import { shardOf } from "../contract/shard.js";
import { IndexStatusRules, IndexStatusShard } from "../contract/status.js";
import { type BuiltIndexStatus, type IndexStatus, Status } from "../schemas/status.js";
import { refreshState } from "./refresh.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { checkNames } from "./skill-lookup.js";

export async function status(scope: RequestScope): Promise<HandlerResult> {
  return { body: { data: await scope.store.json(STATUS_FILE, Status) }, cache: "data" };
}

export async function indexStatus(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  checkNames(owner, repo);
  const rules = await scope.store.json(INDEX_STATUS_RULES_FILE, IndexStatusRules);
  const key = skillKey(owner, repo);
  // A shard holds a few thousand small answers: parsed and checked whole, once per isolate.
  const shard = await scope.store.json(indexStatusFile(shardOf(key, rules.shards)), IndexStatusShard);
  const known: BuiltIndexStatus = Object.hasOwn(shard, key)
    ? shard[key]!
    : { owner, repo, state: "unknown", listed: false, reason: null, rule: null, lastCrawledAt: null, indexedCommit: null, indexedAt: null };
  const rule = exclusionRule(`${known.owner}/${known.repo}`, rules.exclude);
  const built: BuiltIndexStatus = rule ? { ...known, state: "excluded", reason: "excluded in sources.json", rule } : known;
  // The queue is live state in KV, so this answer is never taken from the answer cache.
  const data: IndexStatus = { ...built, refresh: await refreshState(scope.kv, owner, repo) };
  return { body: { data }, cache: "live" };
}
