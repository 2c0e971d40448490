// Which discovered repositories are listed. Not listed: exclusions of sources.json; a fork whose
// parent is listed (it would count the same skills twice); a mirror whose mirror URL names a listed
// repository; an empty repository. Copies that are not forks stay: they are separate publishers.
import { skillKey } from "../contract/key.js";
import type { SkillRecord } from "../schemas/dataset.js";
import type { RepoFacts } from "./github-schemas.js";
import { isExcluded } from "./sources.js";

export const EXCLUDED = "excluded in sources.json";

/** Repository id -> why it is not listed. */
export function unlisted(
  facts: ReadonlyMap<string, RepoFacts>,
  previous: ReadonlyMap<string, SkillRecord>,
  exclude: readonly string[],
): Map<string, string> {
  const skip = new Map<string, string>();
  const listedNames = new Set([...facts.values()].map((f) => skillKey(f.owner, f.repo)));
  for (const [id, f] of facts) {
    const mirror = f.mirrorUrl ? /github\.com[/:]([^/]+)\/([^/.]+)/i.exec(f.mirrorUrl) : null;
    if (isExcluded(`${f.owner}/${f.repo}`, exclude) || previous.get(id)?.aliases.some((a) => isExcluded(a, exclude)))
      skip.set(id, EXCLUDED);
    else if (f.fork && (facts.has(f.fork.id) || previous.has(f.fork.id))) skip.set(id, `fork of ${f.fork.name}, which is listed`);
    else if (mirror && listedNames.has(skillKey(mirror[1]!, mirror[2]!)))
      skip.set(id, `mirror of ${mirror[1]}/${mirror[2]}, which is listed`);
    else if (!f.headSha) skip.set(id, "empty repository (no default branch)");
  }
  return skip;
}
