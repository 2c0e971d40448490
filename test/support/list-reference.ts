// A brute-force reference implementation of the read API, written straight from the contract and
// the README over the dataset records, independent of the build's shards and list index.
import type { Dataset } from "../../src/dataset/files.js";
import type { SkillRecord } from "../../src/schemas/dataset.js";
import type { TrustVerdict } from "../../src/schemas/trust.js";

export interface ListParams {
  page?: number;
  limit?: number;
  sort?: "stars" | "updated" | "name";
  order?: "asc" | "desc";
  category?: string;
  platform?: string;
  /** An ISO 8601 timestamp: skills updated at or after it. */
  updatedSince?: string;
  trust?: "default" | "clean" | "any";
}

/** Whether the `trust` filter keeps a skill of `verdict`: default leaves malicious ones out, clean keeps only clean ones. */
export const trustKeeps = (trust: ListParams["trust"], verdict: TrustVerdict): boolean =>
  trust === "any" ? true : trust === "clean" ? verdict === "clean" : verdict !== "malicious";

const ownerRepo = (r: SkillRecord) => `${r.owner}/${r.repo}`;

function tieBreak(a: SkillRecord, b: SkillRecord): number {
  const la = ownerRepo(a).toLowerCase();
  const lb = ownerRepo(b).toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return ownerRepo(a) < ownerRepo(b) ? -1 : ownerRepo(a) > ownerRepo(b) ? 1 : 0;
}

function primaryCompare(a: SkillRecord, b: SkillRecord, sort: string): number {
  if (sort === "stars") return a.stars - b.stars;
  if (sort === "updated") return new Date(a.updatedAt).getTime() - new Date(b.updatedAt).getTime();
  const na = a.name.toLowerCase();
  const nb = b.name.toLowerCase();
  if (na !== nb) return na < nb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** `verdictOf` gives each record's trust verdict (the scanner's output, an input here); every record is clean without it. */
export function referenceList(
  dataset: Pick<Dataset, "records">,
  params: ListParams,
  pathCategory?: string,
  verdictOf: (r: SkillRecord) => TrustVerdict = () => "clean",
) {
  const page = params.page ?? 1;
  const limit = params.limit ?? 20;
  const sort = params.sort ?? "stars";
  const order = params.order ?? (sort === "name" ? "asc" : "desc");
  const matching = dataset.records.filter(
    (r) =>
      (!pathCategory || r.categories.includes(pathCategory)) &&
      (!params.category || r.categories.includes(params.category)) &&
      (!params.platform || r.platforms.includes(params.platform)) &&
      (!params.updatedSince || Date.parse(r.updatedAt) >= Date.parse(params.updatedSince)) &&
      trustKeeps(params.trust, verdictOf(r)),
  );
  matching.sort((a, b) => {
    const c = primaryCompare(a, b, sort);
    return c !== 0 ? (order === "asc" ? c : -c) : tieBreak(a, b);
  });
  const items = matching.slice((page - 1) * limit, page * limit);
  return {
    data: items.map((r) => ({
      id: r.id,
      owner: r.owner,
      repo: r.repo,
      name: r.name,
      description: r.description,
      stars: r.stars,
      forks: r.forks,
      updatedAt: r.updatedAt,
      categories: r.categories,
      platforms: r.platforms,
      verdict: verdictOf(r),
    })),
    pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
  };
}

/** The record a lookup by owner/repo should find: case-insensitive, old names included. */
export function referenceFind(dataset: Dataset, owner: string, repo: string): SkillRecord | undefined {
  const key = `${owner}/${repo}`.toLowerCase();
  return dataset.records.find((r) => ownerRepo(r).toLowerCase() === key || r.aliases.some((a) => a.toLowerCase() === key));
}
