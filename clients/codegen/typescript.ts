// Emits the TypeScript client's types (paths, operations, components) from the OpenAPI document
// with openapi-typescript.
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

const HEADER = "// Generated from the Skills Directory API's OpenAPI document by `npm run clients:generate`; do not edit.\n\n";

export async function typescriptTypes(document: Record<string, unknown>): Promise<string> {
  // openapi-typescript validates the document itself as it reads it; its TypeScript type is stricter than JSON.
  const ast = await openapiTS(document as unknown as OpenAPI3, { alphabetize: false });
  return HEADER + astToString(ast);
}
