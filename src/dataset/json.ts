// Deterministic JSON: object keys sorted at every level, so equal data gives equal bytes.
export const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
};

export const stableStringify = (value: unknown, indent?: number): string => JSON.stringify(sortKeys(value), null, indent);
