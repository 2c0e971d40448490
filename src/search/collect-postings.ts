// Build step 1: skills -> posting lists per index key and field, collected directly. Each skill's
// keys become key ids appended to one log per field (skills arrive in ordinal order); one counting
// pass then inverts the logs, so every list comes out sorted without a sort, in typed arrays of
// 4 bytes a posting, with no object per key or per list. docs/SEARCH.md says why this replaced the
// FlexSearch pass, with the figures.

/** An append-only u32 log in fixed chunks, so growing it never copies what it holds. */
class U32Log {
  private static readonly CHUNK = 1 << 20;
  private readonly chunks: Uint32Array[] = [];
  private current = new Uint32Array(U32Log.CHUNK);
  private used = 0;
  length = 0;

  push(value: number): void {
    if (this.used === U32Log.CHUNK) {
      this.chunks.push(this.current);
      this.current = new Uint32Array(U32Log.CHUNK);
      this.used = 0;
    }
    this.current[this.used++] = value;
    this.length++;
  }

  /** Calls `fn` for every value in insertion order. */
  forEach(fn: (value: number) => void): void {
    for (const chunk of this.chunks) for (let i = 0; i < chunk.length; i++) fn(chunk[i]!);
    for (let i = 0; i < this.used; i++) fn(this.current[i]!);
  }
}

/** The inverted index of one field: ordinals of key id k are ordinals[start[k] .. start[k + 1]). */
interface FieldLists {
  start: Uint32Array;
  ordinals: Uint32Array;
}

/** The collected postings: keys in sorted order, and the ascending ordinals of each key in each field. */
export class PostingIndex {
  constructor(
    /** Every key, sorted (JavaScript string order). */
    readonly keys: readonly string[],
    /** keyOrder[i]: the id of the i-th sorted key. */
    private readonly keyOrder: Uint32Array,
    private readonly ids: ReadonlyMap<string, number>,
    private readonly fields: readonly FieldLists[],
  ) {}

  get fieldCount(): number {
    return this.fields.length;
  }

  /** The ordinals holding sorted key `i` in `field` (empty when none). */
  list(i: number, field: number): Uint32Array {
    const id = this.keyOrder[i]!;
    const { start, ordinals } = this.fields[field]!;
    return ordinals.subarray(start[id]!, start[id + 1]!);
  }

  /** The ordinals holding `key` in `field`, or undefined for a key never indexed. */
  listOf(key: string, field: number): Uint32Array | undefined {
    const id = this.ids.get(key);
    if (id === undefined) return undefined;
    const { start, ordinals } = this.fields[field]!;
    return ordinals.subarray(start[id]!, start[id + 1]!);
  }

  /** How many skills hold sorted key `i` in any field (a merge of the sorted lists, no set). */
  unionCount(i: number): number {
    const lists: Uint32Array[] = [];
    for (let f = 0; f < this.fields.length; f++) {
      const l = this.list(i, f);
      if (l.length > 0) lists.push(l);
    }
    if (lists.length <= 1) return lists[0]?.length ?? 0;
    const cursors = lists.map(() => 0);
    let n = 0;
    for (;;) {
      let min = Infinity;
      lists.forEach((l, k) => {
        if (cursors[k]! < l.length && l[cursors[k]!]! < min) min = l[cursors[k]!]!;
      });
      if (min === Infinity) return n;
      n++;
      lists.forEach((l, k) => {
        if (l[cursors[k]!] === min) cursors[k]!++;
      });
    }
  }

  /** Sum of the list lengths of sorted key `i` over the fields: an upper bound of unionCount, free to compute. */
  postingCount(i: number): number {
    const id = this.keyOrder[i]!;
    let n = 0;
    for (const { start } of this.fields) n += start[id + 1]! - start[id]!;
    return n;
  }
}

/**
 * Collects postings skill by skill: `addKey`/`addId` for each key of the current skill (repeats
 * are ignored), then `endSkill()`; `finish()` inverts them.
 */
export class PostingCollector {
  private readonly ids = new Map<string, number>();
  private readonly keyList: string[] = [];
  /** Per field: the key ids of every skill, one after another, and where each skill's ids end. */
  private readonly logs: U32Log[];
  private readonly ends: U32Log[];
  /** Per field and key id: 1 + the last ordinal that added it, so a skill adds a key once. */
  private marks: Uint32Array[];
  private next = 0;

  constructor(readonly fieldCount: number) {
    this.logs = Array.from({ length: fieldCount }, () => new U32Log());
    this.ends = Array.from({ length: fieldCount }, () => new U32Log());
    this.marks = Array.from({ length: fieldCount }, () => new Uint32Array(1024));
  }

  /** The id of `key`, made on first sight. */
  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keyList.length;
      this.ids.set(key, id);
      this.keyList.push(key);
      if (id >= this.marks[0]!.length) {
        this.marks = this.marks.map((m) => {
          const grown = new Uint32Array(m.length * 2);
          grown.set(m);
          return grown;
        });
      }
    }
    return id;
  }

  /** Adds key `id` (from idOf) to the current skill's `field`. */
  addId(field: number, id: number): void {
    const marks = this.marks[field]!;
    if (marks[id] === this.next + 1) return;
    marks[id] = this.next + 1;
    this.logs[field]!.push(id);
  }

  addKey(field: number, key: string): void {
    this.addId(field, this.idOf(key));
  }

  /** Closes the current skill; the next key added belongs to the next ordinal. */
  endSkill(): void {
    for (let f = 0; f < this.fieldCount; f++) this.ends[f]!.push(this.logs[f]!.length);
    this.next++;
  }

  /** Adds a whole skill: its keys per field. */
  add(fields: readonly (readonly string[])[]): void {
    if (fields.length !== this.fieldCount) throw new Error(`expected ${this.fieldCount} fields, got ${fields.length}`);
    fields.forEach((keys, f) => {
      for (const key of keys) this.addKey(f, key);
    });
    this.endSkill();
  }

  get count(): number {
    return this.next;
  }

  finish(): PostingIndex {
    const n = this.keyList.length;
    const fields = this.logs.map((log, f): FieldLists => {
      const start = new Uint32Array(n + 1);
      log.forEach((id) => start[id + 1]!++);
      for (let k = 0; k < n; k++) start[k + 1]! += start[k]!;
      const fill = start.slice(0, n);
      const ordinals = new Uint32Array(log.length);
      let ordinal = 0;
      let pos = 0;
      const ends: number[] = [];
      this.ends[f]!.forEach((e) => ends.push(e));
      log.forEach((id) => {
        while (pos >= ends[ordinal]!) ordinal++;
        ordinals[fill[id]!++] = ordinal;
        pos++;
      });
      return { start, ordinals };
    });
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const x = this.keyList[a]!;
      const y = this.keyList[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const keys = Array.from(order, (id) => this.keyList[id]!);
    return new PostingIndex(keys, order, this.ids, fields);
  }
}
