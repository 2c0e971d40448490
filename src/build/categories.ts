// Categories per locale: the list (with counts and subcategories) and each category's detail
// with its top skills. Names and descriptions fall back to English where a locale lacks them.

import { type LocalizedCategories, TOP_SKILLS } from "../contract/categories.js";
import { compareKeys, skillKey } from "../contract/key.js";
import type { CategoriesFile, SkillRecord } from "../schemas/dataset.js";
import type { Category, CategoryDetail } from "../schemas/resources.js";
import type { TrustVerdict } from "../schemas/trust.js";

const pick = (texts: Record<string, string>, locale: string): string => texts[locale] ?? texts.en ?? "";

/** Each category's skills, most stars first (ties by key), and each subcategory's count ("category/sub"). */
export interface CategoryMembers {
  bySlug: Map<string, SkillRecord[]>;
  subcategoryCounts: Map<string, number>;
}

/**
 * The members of every category: the same for every locale, so computed once. A subcategory's count
 * is taken in the same walk: counted per locale, it cost a scan of the category's members for each
 * subcategory and locale (about 5 s at 100k skills).
 */
export function categoryMembers(file: CategoriesFile, records: readonly SkillRecord[]): CategoryMembers {
  // Each key made once, not twice per comparison: at 100k skills, most of which tie on stars, the
  // keys a comparison built were most of this function's time.
  const keys = records.map((r) => skillKey(r.owner, r.repo));
  const at = Array.from(records.keys()).sort(
    (i, j) =>
      records[j]!.stars - records[i]!.stars || (keys[i]! < keys[j]! ? -1 : keys[i]! > keys[j]! ? 1 : compareKeys(records[i]!, records[j]!)),
  );
  const byStars = at.map((i) => records[i]!);
  const bySlug = new Map<string, SkillRecord[]>(file.categories.map((c) => [c.slug, []]));
  const subcategoryCounts = new Map<string, number>();
  for (const r of byStars) {
    const slugs = new Set(r.categories);
    for (const slug of slugs) bySlug.get(slug)?.push(r);
    // A subcategory counts the skill when the skill is in its category (as a filter of the members would).
    for (const sub of new Set(r.subcategories)) {
      const slash = sub.indexOf("/");
      if (slash > 0 && slugs.has(sub.slice(0, slash))) subcategoryCounts.set(sub, (subcategoryCounts.get(sub) ?? 0) + 1);
    }
  }
  return { bySlug, subcategoryCounts };
}

/**
 * The categories of one locale. `records` are the listed skills (malicious ones left out by the
 * caller, so counts and top skills never show them); `verdictOf` gives a top skill's verdict.
 */
export function renderCategories(
  file: CategoriesFile,
  records: readonly SkillRecord[],
  locale: string,
  verdictOf: (r: SkillRecord) => TrustVerdict,
  membersOf: CategoryMembers = categoryMembers(file, records),
): LocalizedCategories {
  const list: Category[] = [];
  const details: Record<string, CategoryDetail> = {};
  for (const def of file.categories) {
    const members = membersOf.bySlug.get(def.slug) ?? [];
    const category: Category = {
      slug: def.slug,
      name: pick(def.names, locale),
      description: pick(def.descriptions, locale),
      icon: def.icon,
      skillCount: members.length,
      subcategories: def.subcategories.map((sub) => ({
        slug: sub.slug,
        name: pick(sub.names, locale),
        skillCount: membersOf.subcategoryCounts.get(`${def.slug}/${sub.slug}`) ?? 0,
      })),
    };
    list.push(category);
    details[def.slug] = {
      ...category,
      topSkills: members
        .slice(0, TOP_SKILLS)
        .map((r) => ({ owner: r.owner, repo: r.repo, name: r.name, stars: r.stars, verdict: verdictOf(r) })),
    };
  }
  return { list, details };
}
