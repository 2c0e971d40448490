// The clients' generated files, from an OpenAPI document: where each lives and what it holds.
import { pythonTypes } from "./python.js";

export const GENERATED = {
  typescript: "clients/typescript/src/generated/openapi.ts",
  python: "clients/python/src/skills_directory/_types.py",
} as const;

export async function generatedFiles(document: Record<string, unknown>): Promise<Record<keyof typeof GENERATED, string>> {
  // openapi-typescript is loaded when types are generated, not by whoever only reads GENERATED (a usage line).
  const { typescriptTypes } = await import("./typescript.js");
  return { typescript: await typescriptTypes(document), python: pythonTypes(document) };
}
