// A categories file (src/contract/paths.ts categoriesFile): one locale's category list and every
// category's detail with its top skills, as the build renders them and the function serves them.
import { z } from "zod";
import { Category, CategoryDetail } from "../schemas/resources.js";

/** How many skills a category's detail lists. */
export const TOP_SKILLS = 10;

export const LocalizedCategories = z.object({ list: z.array(Category), details: z.record(z.string(), CategoryDetail) });
export type LocalizedCategories = z.infer<typeof LocalizedCategories>;
