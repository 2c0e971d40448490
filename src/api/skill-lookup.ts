// GET /skills/{owner}/{repo}[/content|/files|/stats]: finds a skill's prebuilt entry by its
// case-insensitive key (following a renamed repository's alias) in its detail shard; the files of
// its skill folders are in the files shard beside it (the listing) and the text shards (one entry a file).
import { invalidParams, notFound } from "../contract/errors.js";
import { fileKey, skillKey } from "../contract/key.js";
import type { DetailEntry, FilesEntry } from "../contract/manifest.js";
import { shardFile } from "../contract/paths.js";
import { shardOf } from "../contract/shard.js";
import type { FileEntry } from "../schemas/files.js";
import { contentQuery, GitHubName } from "../schemas/params.js";
import type { SkillContent } from "../schemas/resources.js";
import { parseQuery } from "./query.js";
import type { HandlerResult, RequestScope } from "./scope.js";
import { AssetMissingError } from "./store.js";

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

/** The files entry of a skill (its listing and other SKILL.md files), from the files shard beside its detail shard. */
async function filesEntry(scope: RequestScope, key: string): Promise<FilesEntry> {
  const [entry] = (await scope.store.slots(shardFile("files", shardOf(key, scope.manifest.shards.skills)), [key])) as [
    FilesEntry | undefined,
  ];
  // The build writes one for every skill; a missing one is a broken deployment, not the caller's fault.
  if (entry === undefined) throw new Error(`files entry of ${key} is missing`);
  return entry;
}

const WHY_NOT_SERVED: Record<Exclude<FileEntry["kind"], "text">, string> = {
  binary: "a binary file: only text files are served",
  symlink: "a symbolic link: its target is not followed",
  omitted: "over the crawl's size bounds, so its content was not kept",
};

export async function skillFiles(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  const { key } = await findEntry(scope, owner, repo);
  return { body: { data: (await filesEntry(scope, key)).list }, cache: "data" };
}

/**
 * The content of one file of the skill's folders: the primary SKILL.md without `path`, else the file
 * whose path is exactly `path` (no normalisation: `./a`, `a/../b` or `a\\b` name no listed file, so
 * they answer 404). A listed file that is not text answers 400 saying what it is.
 */
export async function skillContent(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  const { path } = parseQuery(scope.url, contentQuery, ["path"]);
  const { key, entry } = await findEntry(scope, owner, repo);
  const primaryPath = entry.detail.skills[0]?.path;
  if (path === undefined || path === primaryPath) return { body: { data: entry.content }, cache: "data" };
  const where = `${entry.detail.owner}/${entry.detail.repo}`;
  if (entry.detail.skills.some((s) => s.path === path)) {
    const { skills } = await filesEntry(scope, key);
    // Only a path the detail lists gets here, and only an own property of the entry answers.
    const file = Object.hasOwn(skills, path) ? skills[path] : undefined;
    if (!file) throw notFound(`SKILL.md at path ${JSON.stringify(path)} in ${where}`);
    return { body: { data: file }, cache: "data" };
  }
  // Only listed text files have an entry in the text shards: found there, the file is served. A text
  // shard that holds no file is not written at all.
  const textShard = shardFile("texts", shardOf(fileKey(key, path), scope.manifest.shards.texts));
  const [text] = (await scope.store.slots(textShard, [fileKey(key, path)]).catch((e: unknown) => {
    if (e instanceof AssetMissingError) return [undefined];
    throw e;
  })) as [SkillContent | undefined];
  if (text !== undefined) return { body: { data: text }, cache: "data" };
  const listed = (await filesEntry(scope, key)).list.find((f) => f.path === path);
  if (listed && listed.kind !== "text") {
    throw invalidParams(
      `\`path\` ${JSON.stringify(path.slice(0, 200))} in ${where} is ${WHY_NOT_SERVED[listed.kind]} (kind ${listed.kind})`,
    );
  }
  throw notFound(`file at path ${JSON.stringify(path.slice(0, 200))} in ${where} (see GET /skills/${where}/files for the listed paths)`);
}

export async function skillStats(scope: RequestScope, owner: string, repo: string): Promise<HandlerResult> {
  const { entry } = await findEntry(scope, owner, repo);
  return { body: { data: entry.stats }, cache: "data" };
}
