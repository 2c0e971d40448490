// list_categories: the categories with their skill counts and subcategories (GET /categories), in a locale.
import { ListCategoriesInput, ListCategoriesOutput } from "../../schemas/mcp.js";
import { Category } from "../../schemas/resources.js";
import { categoryList } from "../categories.js";
import { defineTool } from "./tool.js";

/** Made once: zod compiles a schema on its first use, so a schema made per call costs that every call. */
const Categories = Category.array();

export const listCategories = defineTool({
  name: "list_categories",
  title: "List categories",
  description:
    "The directory's categories: slug (for search_skills' `category`), name and description in a locale, skill count and subcategories.",
  input: () => ListCategoriesInput,
  output: ListCategoriesOutput,
  async run(scopeFor, args) {
    const result = await categoryList(scopeFor("categories", { locale: args.locale }));
    const categories = Categories.parse(result.body.data);
    const locale = result.headers?.["Content-Language"] ?? "en";
    const lines = categories.map((c) => `- ${c.slug}: ${c.name}, ${c.skillCount} skills. ${c.description}`);
    return { structured: { locale, categories }, text: [`Categories (${locale}):`, ...lines].join("\n") };
  },
});
