// Emits the Python client's typed results (TypedDicts, Python 3.9+) from the OpenAPI document's
// component schemas, so the Python types come from the same document as the TypeScript ones.
type JsonSchema = { [key: string]: unknown };

const HEADER = `# Generated from the Skills Directory API's OpenAPI document by \`npm run clients:generate\`; do not edit.
# Keys are the JSON field names. Optional fields live in a total=False subclass, the Python 3.9 way.
from __future__ import annotations

from typing import Dict, List, Literal, TypedDict, Union
`;

const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, _sep, c: string) => c.toUpperCase());

class Emitter {
  readonly blocks: string[] = [];
  readonly done = new Set<string>();

  /** The Python type of a schema; nested objects become TypedDicts named after their place. */
  type(schema: JsonSchema, place: string): string {
    if (typeof schema.$ref === "string") return schema.$ref.split("/").pop()!;
    if (Array.isArray(schema.enum)) return `Literal[${schema.enum.map((v) => JSON.stringify(v)).join(", ")}]`;
    if (Array.isArray(schema.anyOf))
      return `Union[${(schema.anyOf as JsonSchema[]).map((s, i) => this.type(s, `${place}${i}`)).join(", ")}]`;
    switch (schema.type) {
      case "string":
        return "str";
      case "integer":
        return "int";
      case "number":
        return "float";
      case "boolean":
        return "bool";
      case "null":
        return "None";
      case "array":
        return `List[${this.type((schema.items as JsonSchema) ?? {}, `${place}Item`)}]`;
      case "object":
        if (schema.properties) return this.object(place, schema);
        if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
          return `Dict[str, ${this.type(schema.additionalProperties as JsonSchema, `${place}Value`)}]`;
        }
        return "Dict[str, object]";
      default:
        return "object";
    }
  }

  object(name: string, schema: JsonSchema): string {
    if (this.done.has(name)) return name;
    this.done.add(name);
    const props = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
    const required = new Set((schema.required ?? []) as string[]);
    const line = ([key, s]: [string, JsonSchema]) => {
      const doc = typeof s.description === "string" ? `  # ${s.description}` : "";
      return `    ${key}: ${this.type(s, `${name}${pascal(key)}`)}${doc}`;
    };
    const must = props.filter(([k]) => required.has(k)).map(line);
    const may = props.filter(([k]) => !required.has(k)).map(line);
    const doc = typeof schema.description === "string" ? `    """${schema.description}"""\n\n` : "";
    if (may.length === 0) {
      this.blocks.push(`class ${name}(TypedDict):\n${doc}${must.join("\n") || "    pass"}\n`);
    } else {
      this.blocks.push(`class _${name}Required(TypedDict):\n${must.join("\n") || "    pass"}\n`);
      this.blocks.push(`class ${name}(_${name}Required, total=False):\n${doc}${may.join("\n")}\n`);
    }
    return name;
  }
}

/** The module text for the document's `components.schemas`, in the document's order. */
export function pythonTypes(document: JsonSchema): string {
  const schemas = ((document.components as JsonSchema)?.schemas ?? {}) as Record<string, JsonSchema>;
  const emitter = new Emitter();
  const aliases: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema.type === "object" && schema.properties) emitter.object(name, schema);
    else aliases.push(`${name} = ${emitter.type(schema, name)}`);
  }
  // Aliases (enums) first: classes refer to them; classes refer to each other lazily (postponed annotations).
  return `${HEADER}\n${aliases.join("\n")}\n\n\n${emitter.blocks.join("\n\n")}`;
}
