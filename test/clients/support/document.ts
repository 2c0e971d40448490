// The served OpenAPI document as a validator: each operation's 200 body checked against the named
// component schema it declares, with a JSON Schema 2020-12 validator (OpenAPI 3.1's dialect).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { z } from "zod";

const Document = z.looseObject({
  paths: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ operationId: z.string(), responses: z.record(z.string(), z.unknown()) })),
  ),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
});
type Document = z.infer<typeof Document>;

const RefContent = z.object({ content: z.object({ "application/json": z.object({ schema: z.object({ $ref: z.string() }) }) }) });

export interface DocumentValidator {
  document: Document;
  /** The operation of an operationId: its path and the name of its 200 body's component schema. */
  operation(operationId: string): { path: string; component: string };
  /** The validation errors of `body` against a component schema (empty when it conforms). */
  errors(component: string, body: unknown): string[];
}

export function documentValidator(raw: unknown): DocumentValidator {
  const document = Document.parse(raw);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi.json", components: document.components });
  return {
    document,
    operation(operationId) {
      for (const [path, item] of Object.entries(document.paths)) {
        const op = item.get;
        if (op?.operationId === operationId) {
          const ref = RefContent.parse(op.responses["200"]).content["application/json"].schema.$ref;
          return { path, component: ref.replace("#/components/schemas/", "") };
        }
      }
      throw new Error(`no operation ${operationId} in the document`);
    },
    errors(component, body) {
      const validate = ajv.getSchema(`openapi.json#/components/schemas/${component}`);
      if (!validate) throw new Error(`no component schema ${component}`);
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    },
  };
}
