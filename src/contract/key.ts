// The lookup key of a skill: owner/repo folded to lower case (lookups are case-insensitive).
export const skillKey = (owner: string, repo: string): string => `${owner}/${repo}`.toLowerCase();

/** Canonical order of records in the dataset and of ties in every list: by key, then exact name. */
export const compareKeys = (a: { owner: string; repo: string }, b: { owner: string; repo: string }): number => {
  const ka = skillKey(a.owner, a.repo);
  const kb = skillKey(b.owner, b.repo);
  if (ka !== kb) return ka < kb ? -1 : 1;
  const ea = `${a.owner}/${a.repo}`;
  const eb = `${b.owner}/${b.repo}`;
  return ea < eb ? -1 : ea > eb ? 1 : 0;
};

/**
 * The key of one file of a skill's folders in the text shards: the skill's key and the exact path,
 * joined by NUL, which no git path holds. Its hash picks the shard, so a big folder's files spread
 * over many shards instead of filling one.
 */
export const fileKey = (key: string, path: string): string => `${key}\u0000${path}`;
