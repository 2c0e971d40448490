// Categories per locale: the list (with counts and subcategories) and each category's detail
// with its top skills. Names and descriptions fall back to English where a locale lacks them.

import { type LocalizedCategories, TOP_SKILLS } from "../contract/categories.js";
import { compareKeys } from "../contract/key.js";
import type { CategoriesFile, SkillRecord } from "../schemas/dataset.js";
import type { Category, CategoryDetail } from "../schemas/resources.js";
import type { TrustVerdict } from "../schemas/trust.js";

const pick = (texts: Record<string, string>, locale: string): string => texts[locale] ?? texts.en ?? "";

/** Each category's skills, most stars first (ties by key): the same for every locale, so computed once. */
export function categoryMembers(file: CategoriesFile, records: readonly SkillRecord[]): Map<string, SkillRecord[]> {
  const byStars = [...records].sort((a, b) => b.stars - a.stars || compareKeys(a, b));
  const members = new Map<string, SkillRecord[]>(file.categories.map((c) => [c.slug, []]));
  for (const r of byStars) for (const slug of new Set(r.categories)) members.get(slug)?.push(r);
  return members;
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
  membersOf: Map<string, SkillRecord[]> = categoryMembers(file, records),
): LocalizedCategories {
  const list: Category[] = [];
  const details: Record<string, CategoryDetail> = {};
  for (const def of file.categories) {
    const members = membersOf.get(def.slug) ?? [];
    const category: Category = {
      slug: def.slug,
      name: pick(def.names, locale),
      description: pick(def.descriptions, locale),
      icon: def.icon,
      skillCount: members.length,
      subcategories: def.subcategories.map((sub) => ({
        slug: sub.slug,
        name: pick(sub.names, locale),
        skillCount: members.filter((r) => r.subcategories.includes(`${def.slug}/${sub.slug}`)).length,
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
