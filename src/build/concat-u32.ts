// One Uint32Array from several, in order: a single chunk is returned as it is, not copied.
export function concatU32(chunks: readonly Uint32Array[]): Uint32Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
