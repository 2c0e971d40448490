// The clients' generated files, from an OpenAPI document: where each lives and what it holds.
import { pythonTypes } from "./python.js";
import { typescriptTypes } from "./typescript.js";

export const GENERATED = {
  typescript: "clients/typescript/src/generated/openapi.ts",
  python: "clients/python/src/skills_directory/_types.py",
} as const;

export async function generatedFiles(document: Record<string, unknown>): Promise<Record<keyof typeof GENERATED, string>> {
  return { typescript: await typescriptTypes(document), python: pythonTypes(document) };
}
