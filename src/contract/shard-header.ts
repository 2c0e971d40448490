// The opening every binary shard of the build shares (slotted, term and typo shards): four magic
// bytes that name the kind of shard, then its counts as uint32 little-endian. Writers start a shard
// with writeShardHeader; readers open one with readShardHeader, which refuses a foreign or cut file
// with a RangeError before any offset is trusted.

/** Bytes the magic and `counts` counts take: where the shard's own layout begins. */
const headerBytes = (counts: number): number => 4 + 4 * counts;

/** Writes the magic and the counts at the start of `out`; returns a view over `out` for the rest. */
export function writeShardHeader(out: Uint8Array, magic: readonly number[], counts: readonly number[]): DataView {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out.set(magic, 0);
  counts.forEach((n, i) => view.setUint32(4 + 4 * i, n, true));
  return view;
}

/** A shard's view and its `count` header counts, or a RangeError naming `kind` when the magic or the header is missing. */
export function readShardHeader(
  bytes: Uint8Array,
  magic: readonly number[],
  count: number,
  kind: string,
): { view: DataView; counts: number[] } {
  if (bytes.length < headerBytes(count) || magic.some((b, i) => bytes[i] !== b)) throw new RangeError(`not a ${kind}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { view, counts: Array.from({ length: count }, (_, i) => view.getUint32(4 + 4 * i, true)) };
}
