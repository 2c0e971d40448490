// A small GraphQL engine for the local GitHub server: parses query documents (fields, aliases,
// arguments, variables, inline fragments, named fragments) and executes them against plain
// resolver objects, so any query the crawler composes is answered from the data, not canned.

export type GqlValue = string | number | boolean | null | GqlValue[] | { [k: string]: GqlValue };

interface Field {
  kind: "field";
  alias: string;
  name: string;
  args: Record<string, ArgNode>;
  selections: Selection[] | undefined;
}
interface InlineFragment {
  kind: "inline";
  typeName: string | undefined;
  selections: Selection[];
}
interface Spread {
  kind: "spread";
  name: string;
}
type Selection = Field | InlineFragment | Spread;
type ArgNode =
  | { kind: "var"; name: string }
  | { kind: "literal"; value: GqlValue }
  | { kind: "list"; items: ArgNode[] }
  | { kind: "object"; fields: Record<string, ArgNode> };

export interface GqlDocument {
  operation: Selection[];
  fragments: Map<string, { typeName: string; selections: Selection[] }>;
}

export class GqlError extends Error {
  constructor(
    message: string,
    readonly type = "INVALID_QUERY",
    readonly path: (string | number)[] = [],
  ) {
    super(message);
  }
}

const PUNCT = new Set(["{", "}", "(", ")", ":", "[", "]", "!", "=", "@", "$"]);

function tokenize(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/[\s,]/.test(c)) i++;
    else if (c === "#") while (i < src.length && src[i] !== "\n") i++;
    else if (src.startsWith("...", i)) {
      out.push("...");
      i += 3;
    } else if (PUNCT.has(c)) {
      out.push(c);
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      if (j >= src.length) throw new GqlError("unterminated string");
      out.push(src.slice(i, j + 1));
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_.+-]+/.exec(src.slice(i));
      if (!m) throw new GqlError(`unexpected character ${JSON.stringify(c)}`);
      out.push(m[0]);
      i += m[0].length;
    }
  }
  return out;
}

class Parser {
  private pos = 0;
  constructor(private readonly toks: string[]) {}
  peek(): string | undefined {
    return this.toks[this.pos];
  }
  next(): string {
    const t = this.toks[this.pos++];
    if (t === undefined) throw new GqlError("unexpected end of query");
    return t;
  }
  expect(t: string): void {
    const got = this.next();
    if (got !== t) throw new GqlError(`expected ${t}, got ${got}`);
  }
  document(): GqlDocument {
    let operation: Selection[] | undefined;
    const fragments: GqlDocument["fragments"] = new Map();
    while (this.peek() !== undefined) {
      const t = this.peek();
      if (t === "{") operation = this.selectionSet();
      else if (t === "query") {
        this.next();
        if (this.peek() !== "(" && this.peek() !== "{") this.next();
        if (this.peek() === "(") this.skipVariableDefs();
        operation = this.selectionSet();
      } else if (t === "fragment") {
        this.next();
        const name = this.next();
        this.expect("on");
        const typeName = this.next();
        fragments.set(name, { typeName, selections: this.selectionSet() });
      } else throw new GqlError(`unexpected token ${t}`);
    }
    if (!operation) throw new GqlError("no query operation");
    return { operation, fragments };
  }
  skipVariableDefs(): void {
    let depth = 0;
    do {
      const t = this.next();
      if (t === "(") depth++;
      if (t === ")") depth--;
    } while (depth > 0);
  }
  selectionSet(): Selection[] {
    this.expect("{");
    const out: Selection[] = [];
    while (this.peek() !== "}") out.push(this.selection());
    this.expect("}");
    return out;
  }
  selection(): Selection {
    if (this.peek() === "...") {
      this.next();
      if (this.peek() === "on") {
        this.next();
        const typeName = this.next();
        return { kind: "inline", typeName, selections: this.selectionSet() };
      }
      if (this.peek() === "{") return { kind: "inline", typeName: undefined, selections: this.selectionSet() };
      return { kind: "spread", name: this.next() };
    }
    let name = this.next();
    const alias = name;
    if (this.peek() === ":") {
      this.next();
      name = this.next();
    }
    const args: Record<string, ArgNode> = {};
    if (this.peek() === "(") {
      this.next();
      while (this.peek() !== ")") {
        const key = this.next();
        this.expect(":");
        args[key] = this.value();
      }
      this.next();
    }
    const selections = this.peek() === "{" ? this.selectionSet() : undefined;
    return { kind: "field", alias, name, args, selections };
  }
  value(): ArgNode {
    const t = this.next();
    if (t === "$") return { kind: "var", name: this.next() };
    if (t === "[") {
      const items: ArgNode[] = [];
      while (this.peek() !== "]") items.push(this.value());
      this.next();
      return { kind: "list", items };
    }
    if (t === "{") {
      const fields: Record<string, ArgNode> = {};
      while (this.peek() !== "}") {
        const k = this.next();
        this.expect(":");
        fields[k] = this.value();
      }
      this.next();
      return { kind: "object", fields };
    }
    if (t.startsWith('"')) return { kind: "literal", value: JSON.parse(t) as string };
    if (t === "true" || t === "false") return { kind: "literal", value: t === "true" };
    if (t === "null") return { kind: "literal", value: null };
    if (/^-?\d+(\.\d+)?$/.test(t)) return { kind: "literal", value: Number(t) };
    return { kind: "literal", value: t }; // enum value
  }
}

export const parseQuery = (src: string): GqlDocument => new Parser(tokenize(src)).document();

function argValue(node: ArgNode, vars: Record<string, unknown>): unknown {
  switch (node.kind) {
    case "var":
      return vars[node.name];
    case "literal":
      return node.value;
    case "list":
      return node.items.map((i) => argValue(i, vars));
    case "object":
      return Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, argValue(v, vars)]));
  }
}

/**
 * A resolved object: `__typename` plus fields that are values or functions of the arguments.
 * Functions may return other resolved objects, arrays of them, or scalars.
 */
export interface GqlObject {
  __typename: string;
  [field: string]: unknown;
}

export interface GqlContext {
  vars: Record<string, unknown>;
  fragments: GqlDocument["fragments"];
  errors: { message: string; type: string; path: (string | number)[] }[];
}

function isObject(v: unknown): v is GqlObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as { __typename?: unknown }).__typename === "string";
}

function collect(obj: GqlObject, selections: Selection[], ctx: GqlContext, out: Field[]): void {
  for (const s of selections) {
    if (s.kind === "field") out.push(s);
    else if (s.kind === "inline") {
      if (s.typeName === undefined || s.typeName === obj.__typename) collect(obj, s.selections, ctx, out);
    } else {
      const f = ctx.fragments.get(s.name);
      if (!f) throw new GqlError(`unknown fragment ${s.name}`);
      if (f.typeName === obj.__typename) collect(obj, f.selections, ctx, out);
    }
  }
}

/** A value that resolves to null with a GraphQL error beside it (GitHub's NOT_FOUND in a list). */
export class GqlMissing {
  constructor(
    readonly message: string,
    readonly type = "NOT_FOUND",
  ) {}
}

function complete(value: unknown, field: Field, ctx: GqlContext, path: (string | number)[]): unknown {
  if (value instanceof GqlMissing) {
    ctx.errors.push({ message: value.message, type: value.type, path });
    return null;
  }
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v, i) => complete(v, field, ctx, [...path, i]));
  if (isObject(value)) {
    if (!field.selections) throw new GqlError(`field '${field.name}' needs a selection of subfields`, "INVALID_QUERY", path);
    return execute(value, field.selections, ctx, path);
  }
  if (field.selections) throw new GqlError(`field '${field.name}' is a scalar`, "INVALID_QUERY", path);
  return value;
}

/** Executes a selection set on an object; resolver errors become GraphQL errors with a null field. */
export function execute(obj: GqlObject, selections: Selection[], ctx: GqlContext, path: (string | number)[] = []): Record<string, unknown> {
  const fields: Field[] = [];
  collect(obj, selections, ctx, fields);
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.name === "__typename") {
      out[f.alias] = obj.__typename;
      continue;
    }
    if (!(f.name in obj))
      throw new GqlError(`Field '${f.name}' doesn't exist on type '${obj.__typename}'`, "INVALID_QUERY", [...path, f.alias]);
    const raw = obj[f.name];
    const args = Object.fromEntries(Object.entries(f.args).map(([k, v]) => [k, argValue(v, ctx.vars)]));
    try {
      const value = typeof raw === "function" ? (raw as (a: Record<string, unknown>) => unknown)(args) : raw;
      out[f.alias] = complete(value, f, ctx, [...path, f.alias]);
    } catch (e) {
      if (!(e instanceof GqlError) || e.type === "INVALID_QUERY") throw e;
      ctx.errors.push({ message: e.message, type: e.type, path: [...path, f.alias] });
      out[f.alias] = null;
    }
  }
  return out;
}
