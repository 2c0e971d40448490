// GET /skills/{owner}/{repo}[/content|/stats]: finds a skill's prebuilt entry by its
// case-insensitive key (following a renamed repository's alias) in its detail shard.
import { invalidParams, notFound } from "../contract/errors.js";
import { skillKey } from "../contract/key.js";
import type { DetailEntry } from "../contract/manifest.js";
import { shardFile } from "../contract/paths.js";
import { shardOf } from "../contract/shard.js";
import { contentQuery, GitHubName } from "../schemas/params.js";
import type { SkillContent } from "../schemas/resources.js";
import { parseQuery } from "./query.js";
import type { HandlerResult, RequestScope } from "./scope.js";

/** Refuses an owner or repository that cannot be a GitHub name, with a 400 naming it. */
export function checkNames(owner: string, repo: string): void {
  for (const [label, value] of [
    ["owner", owner],
    ["repo", repo],
  ] as const) {
    if (!GitHubName.safeParse(value).success) {
      throw invalidParams(
        `\`${label}\` must be a GitHub name of 1-100 letters, digits, '-', '_' or '.' (got ${JSON.stringify(value.slice(0, 50))})`,
      );
    }
  }
}

async function findEntry(scope: RequestScope, owner: string, repo: string) {
  checkNames(owner, repo);
  const shards = scope.manifest.shards.skills;
  let key = skillKey(owner, repo);
  for (let hop = 0; hop < 2; hop++) {
    // The build validated every entry (src/build/site-files.ts); a lookup parses its own and no more.
    const [entry] = (await scope.store.slots(shardFile("skills", shardOf(key, shards)), [key])) as [DetailEntry | undefined];
    if (entry === undefined) break;
    if (!("alias" in entry)) return { key, entry };
    key = entry.alias;
  }
  throw notFound(`skill ${owner}/${repo}`);
}

export async function skillDetail(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  const { entry } = await findEntry(scope, owner, repo);
  const data = { ...entry.detail, content: entry.content.content.slice(entry.bodyStart) };
  return { body: { data }, cache: "data" };
}

export async function skillContent(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  const { path } = parseQuery(scope.url, contentQuery, ["path"]);
  const { key, entry } = await findEntry(scope, owner, repo);
  const primaryPath = entry.detail.skills[0]?.path;
  if (path === undefined || path === primaryPath) return { body: { data: entry.content }, cache: "data" };
  if (!entry.detail.skills.some((s) => s.path === path)) {
    throw notFound(`SKILL.md at path ${JSON.stringify(path.slice(0, 200))} in ${entry.detail.owner}/${entry.detail.repo}`);
  }
  const [ofSkill] = (await scope.store.slots(shardFile("files", shardOf(key, scope.manifest.shards.skills)), [key])) as [
    Record<string, SkillContent> | undefined,
  ];
  // Only a path the detail lists gets here, and only an own property of the entry answers.
  const file = ofSkill && Object.hasOwn(ofSkill, path) ? ofSkill[path] : undefined;
  if (!file) throw notFound(`SKILL.md at path ${JSON.stringify(path)} in ${entry.detail.owner}/${entry.detail.repo}`);
  return { body: { data: file }, cache: "data" };
}

export async function skillStats(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  const { entry } = await findEntry(scope, owner, repo);
  return { body: { data: entry.stats }, cache: "data" };
}
