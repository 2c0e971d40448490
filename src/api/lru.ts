// A small least-recently-used cache bounded by total weight (bytes), for shards loaded in an isolate.
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;
  constructor(private readonly maxWeight: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, weight: number): void {
    const prior = this.entries.get(key);
    if (prior) {
      this.total -= prior.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxWeight || this.entries.size <= 1) break;
      this.entries.delete(k);
      this.total -= e.weight;
    }
  }

  get weight(): number {
    return this.total;
  }
  get size(): number {
    return this.entries.size;
  }
}
