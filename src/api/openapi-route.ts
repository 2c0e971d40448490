// GET /openapi.json: the document the build generated from the schemas, served as it is.
import { z } from "zod";
import { OPENAPI_FILE } from "../contract/paths.js";
import type { HandlerResult, RequestScope } from "./scope.js";

const OpenApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

export async function openApi(scope: RequestScope): Promise<HandlerResult> {
  const doc = await scope.store.json(OPENAPI_FILE, OpenApiDocument);
  return { body: { data: doc }, raw: true, cache: "data" };
}
