// One record per name (owner/repo, case-insensitive) in the crawl's output. A record kept from the
// previous dataset (its repository failed this time, or was not re-read) keeps the name it had; if
// a fresh record holds that name now (another repository was renamed onto it: two repositories and
// one kept over budget on purpose are enough), the fresh one wins, and the kept one is renamed to
// the name GitHub gives its repository now, or dropped when that is taken too or unknown. Either is
// reported. Without this the dataset would hold two records for one name and no build could use it.
import { skillKey } from "../contract/key.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { RepoFacts } from "./github-schemas.js";

export interface OnePerNameOptions {
  /** This crawl's facts by repository id: a kept record's current name, when GitHub gave it. */
  facts: ReadonlyMap<string, RepoFacts>;
  /** The kept record under its fresh name (content as it was), or undefined when it cannot be built. */
  rename: (kept: SkillRecord, facts: RepoFacts) => SkillRecord | undefined;
}

export interface OnePerNameResult {
  records: SkillRecord[];
  report: { key: string; id: string; outcome: string }[];
}

const nameOf = (r: { owner: string; repo: string }) => `${r.owner}/${r.repo}`;
const keyOf = (r: { owner: string; repo: string }) => skillKey(r.owner, r.repo);
const order = (a: SkillRecord, b: SkillRecord) => {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

export function onePerName(fresh: readonly SkillRecord[], kept: readonly SkillRecord[], opts: OnePerNameOptions): OnePerNameResult {
  const byName = new Map<string, SkillRecord>();
  const report: OnePerNameResult["report"] = [];
  // GitHub never gives two repositories one name in one answer; a clash here is kept deterministic anyway.
  for (const r of [...fresh].sort(order)) {
    const holder = byName.get(keyOf(r));
    if (holder) report.push({ key: nameOf(r), id: r.id, outcome: `dropped: the fresh record of repository ${holder.id} has this name` });
    else byName.set(keyOf(r), r);
  }
  // Kept records whose name is still theirs on GitHub (or unknown this crawl) come first.
  const stillTheirs = (r: SkillRecord) => {
    const f = opts.facts.get(r.id);
    return !f || skillKey(f.owner, f.repo) === keyOf(r);
  };
  const queue = [...kept].sort((a, b) => Number(!stillTheirs(a)) - Number(!stillTheirs(b)) || order(a, b));
  for (const r of queue) {
    const holder = byName.get(keyOf(r));
    if (!holder) {
      byName.set(keyOf(r), r);
      continue;
    }
    const f = opts.facts.get(r.id);
    const fresh = f && skillKey(f.owner, f.repo) !== keyOf(r) && !byName.has(skillKey(f.owner, f.repo)) ? opts.rename(r, f) : undefined;
    if (fresh && !byName.has(keyOf(fresh))) {
      byName.set(keyOf(fresh), fresh);
      report.push({ key: nameOf(r), id: r.id, outcome: `renamed to ${nameOf(fresh)}: repository ${holder.id} holds this name now` });
    } else {
      report.push({
        key: nameOf(r),
        id: r.id,
        outcome: `dropped: repository ${holder.id} holds this name now${f ? "" : ", and GitHub gave no current name for this one"}`,
      });
    }
  }
  return { records: [...byName.values()], report: report.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}
