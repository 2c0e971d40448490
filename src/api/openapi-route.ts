// GET /openapi.json: the document the build generated from the schemas, served as it is.
import { z } from "zod";
import type { HandlerResult, RequestScope } from "./scope.js";

const OpenApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

export async function openApi(scope: RequestScope): Promise<HandlerResult> {
  const doc = await scope.store.json("openapi.json", OpenApiDocument);
  return { body: { data: doc }, raw: true, cache: "data" };
}
