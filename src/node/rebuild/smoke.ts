// The smoke suite a rebuild runs against the freshly built site, served by the real runtime, before
// anything is deployed: every endpoint answers its schema, counts match the dataset, the most-starred
// skill is found by search and by lookup, the skills the run changed answer as the dataset now has
// them, and the status endpoints describe this dataset. Its cost is bounded whatever the dataset's
// size: a fixed handful of requests plus one per changed skill, and the dataset's counts read from
// the few top-level fields of each line (src/dataset/line-fields.ts), not from parsed records.
import { join } from "node:path";
import { z } from "zod";
import { skillKey } from "../../contract/key.js";
import { forEachByteLine } from "../../dataset/byte-lines.js";
import { DATASET_FILES, DatasetError, type DatasetProblem, readJson } from "../../dataset/files.js";
import { lineFields } from "../../dataset/line-fields.js";
import { CategoriesFile, type SkillRecord } from "../../schemas/dataset.js";
import {
  CategoryDetailEnvelope,
  CategoryListEnvelope,
  IndexStatusEnvelope,
  SearchEnvelope,
  SkillContentEnvelope,
  SkillDetailEnvelope,
  SkillListEnvelope,
  SkillStatsEnvelope,
  StatusEnvelope,
  SuggestionEnvelope,
} from "../../schemas/envelope.js";

export interface SmokeCheck {
  path: string;
  ok: boolean;
  problem?: string;
}

/** The served OpenAPI document names the operations clients rely on to check freshness. */
const OpenApiPaths = z
  .looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
  .refine((d) => "/status" in d.paths && "/index-status/{owner}/{repo}" in d.paths, "the OpenAPI document lacks /status or /index-status");

type Expect<T> = (data: T) => string | undefined;

/** What the suite needs of a record. */
export type SmokeRecord = Pick<SkillRecord, "id" | "owner" | "repo" | "name" | "stars" | "categories">;

/** What the suite checks the served site against. */
export interface SmokeDataset {
  records: readonly SmokeRecord[];
  categories: CategoriesFile;
}

const SmokeLine = z.object({
  id: z.string(),
  owner: z.string(),
  repo: z.string(),
  name: z.string(),
  stars: z.number(),
  categories: z.array(z.string()),
});
const SMOKE_FIELDS = new Set(Object.keys(SmokeLine.shape));

/** The dataset folder's records as the suite needs them, read from each line's top-level fields; throws on a line it cannot read. */
export async function readSmokeDataset(dir: string): Promise<SmokeDataset> {
  const problems: DatasetProblem[] = [];
  const file = join(dir, DATASET_FILES.skills);
  const records: SmokeRecord[] = [];
  const whole = await forEachByteLine(file, (bytes, line) => {
    const parsed = SmokeLine.safeParse(lineFields(bytes, SMOKE_FIELDS));
    if (parsed.success) records.push(parsed.data);
    else problems.push({ file, line, message: "not a record the smoke check can read" });
  });
  if (whole === false) problems.push({ file, message: "a line holds a carriage return" });
  const categories = await readJson(join(dir, DATASET_FILES.categories), CategoriesFile, problems);
  if (problems.length > 0 || !categories) throw new DatasetError(problems);
  return { records, categories };
}

/**
 * The smoke dataset and a started server, the two awaited together; when either fails the other is
 * still awaited, a started server stopped, and the first failure thrown.
 */
export async function readWhileStarting<S extends { stop(): Promise<void> }>(
  read: Promise<SmokeDataset>,
  start: Promise<S>,
): Promise<{ dataset: SmokeDataset; server: S }> {
  const [dataset, server] = await Promise.allSettled([read, start]);
  if (dataset.status === "fulfilled" && server.status === "fulfilled") return { dataset: dataset.value, server: server.value };
  if (server.status === "fulfilled") await server.value.stop();
  throw dataset.status === "rejected" ? dataset.reason : (server as PromiseRejectedResult).reason;
}

/**
 * Runs every check (none stops the others) and returns them all; the suite passes when every one
 * is ok. `changed`: records the run wrote (a queued re-index's), each looked up and compared.
 */
export async function smokeCheck(api: string, dataset: SmokeDataset, changed: readonly SkillRecord[] = []): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  async function check<S extends z.ZodType>(path: string, schema: S, expect?: Expect<z.output<S>>): Promise<void> {
    try {
      const res = await fetch(`${api}${path}`, { headers: { accept: "application/json" }, redirect: "manual" });
      const text = await res.text();
      if (res.status !== 200) return void checks.push({ path, ok: false, problem: `answered ${res.status}: ${text.slice(0, 200)}` });
      const parsed = schema.safeParse(JSON.parse(text));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return void checks.push({
          path,
          ok: false,
          problem: `body does not match its schema at ${issue.path.join(".") || "(root)"}: ${issue.message}`,
        });
      }
      const problem = expect?.(parsed.data);
      checks.push(problem ? { path, ok: false, problem } : { path, ok: true });
    } catch (error) {
      checks.push({ path, ok: false, problem: error instanceof Error ? error.message : String(error) });
    }
  }
  const { records, categories } = dataset;
  const total = records.length;
  const equal = (what: string, got: number, want: number) => (got === want ? undefined : `${what} is ${got}, the dataset has ${want}`);

  await check("/status", StatusEnvelope, (b) => equal("counts.skills", b.data.counts.skills, total));
  await check(
    "/skills?limit=100",
    SkillListEnvelope,
    (b) => equal("pagination.total", b.pagination.total, total) ?? equal("items", b.data.length, Math.min(100, total)),
  );
  const counts = new Map<string, number>();
  for (const r of records) for (const c of new Set(r.categories)) counts.set(c, (counts.get(c) ?? 0) + 1);
  await check("/categories", CategoryListEnvelope, (b) => {
    if (b.data.length !== categories.categories.length)
      return `${b.data.length} categories, the dataset has ${categories.categories.length}`;
    for (const c of b.data) {
      const want = counts.get(c.slug) ?? 0;
      if (c.skillCount !== want) return `category ${c.slug} counts ${c.skillCount} skills, the dataset has ${want}`;
    }
    return undefined;
  });
  const first = categories.categories[0];
  if (first) {
    const inFirst = counts.get(first.slug) ?? 0;
    await check(`/categories/${first.slug}`, CategoryDetailEnvelope, (b) => equal("skillCount", b.data.skillCount, inFirst));
    await check(`/categories/${first.slug}/skills?limit=5`, SkillListEnvelope, (b) =>
      equal("pagination.total", b.pagination.total, inFirst),
    );
  }
  await check("/openapi.json", OpenApiPaths);

  // The most-starred skill (ties by key) must be reachable every way a client reaches a skill.
  const known = [...records].sort((a, b) => b.stars - a.stars || (skillKey(a.owner, a.repo) < skillKey(b.owner, b.repo) ? -1 : 1))[0];
  if (known) {
    const at = `/skills/${encodeURIComponent(known.owner)}/${encodeURIComponent(known.repo)}`;
    const same = (id: string) => (id === known.id ? undefined : `answered id ${id}, expected ${known.id}`);
    await check(at, SkillDetailEnvelope, (b) => same(b.data.id));
    await check(`${at}/content`, SkillContentEnvelope);
    await check(`${at}/stats`, SkillStatsEnvelope);
    const words = searchWords(known.name);
    if (words) {
      await check(`/skills/search?q=${encodeURIComponent(words)}&limit=100`, SearchEnvelope, (b) =>
        b.data.some((s) => s.id === known.id)
          ? undefined
          : `search for ${JSON.stringify(words)} does not find ${known.owner}/${known.repo}`,
      );
      const prefix = words.split(" ")[0]!.slice(0, 3);
      await check(`/skills/autocomplete?q=${encodeURIComponent(prefix)}`, SuggestionEnvelope, (b) =>
        b.data.length > 0 ? undefined : `no suggestion for ${JSON.stringify(prefix)}`,
      );
    }
    await check(`/index-status/${encodeURIComponent(known.owner)}/${encodeURIComponent(known.repo)}`, IndexStatusEnvelope, (b) =>
      b.data.listed ? undefined : `says ${known.owner}/${known.repo} is not listed (state ${b.data.state})`,
    );
  }
  // What this run changed is served as the dataset now has it.
  for (const r of changed) {
    await check(`/skills/${encodeURIComponent(r.owner)}/${encodeURIComponent(r.repo)}`, SkillDetailEnvelope, (b) =>
      b.data.id !== r.id
        ? `answered id ${b.data.id}, expected ${r.id}`
        : b.data.description !== r.description
          ? `serves the description ${JSON.stringify(b.data.description.slice(0, 80))}, the dataset has ${JSON.stringify(r.description.slice(0, 80))}`
          : undefined,
    );
  }
  return checks;
}

/** A few plain words of a skill name, usable as a query whatever characters the name has. */
export function searchWords(name: string): string | undefined {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1)
    .slice(0, 4);
  return words.length ? words.join(" ") : undefined;
}
