// The crawler's view of data/sources.json (the shape is SourcesFile in src/schemas/dataset.ts):
// whether a name is excluded, by the same patterns GET /index-status reports.
import { exclusionRule } from "../contract/exclusion.js";

/** Whether `owner/repo` matches an exclusion (`owner/repo` or `owner/*`, case-insensitive). */
export const isExcluded = (name: string, exclude: readonly string[]): boolean => exclusionRule(name, exclude) !== undefined;
