// Subscriptions over any KV namespace: the local one of `wrangler pages dev` or the deployed one
// (kv.ts), or a map in tests. Values are the JSON records; a record that does not parse is
// reported by `list`, never silently dropped.
import { SUBSCRIPTION_PREFIX, Subscription, subscriptionName } from "./subscription.js";

/** The few KV operations subscriptions need. */
export interface TextKV {
  get(name: string): Promise<string | null>;
  put(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Names under a prefix, in KV order. */
  names(prefix: string): Promise<string[]>;
}

export interface SubscriptionStore {
  list(): Promise<{ subscriptions: Subscription[]; problems: string[] }>;
  get(id: string): Promise<Subscription | undefined>;
  put(subscription: Subscription): Promise<void>;
  delete(id: string): Promise<void>;
}

const parse = (name: string, raw: string): Subscription => {
  const parsed = Subscription.safeParse(JSON.parse(raw));
  // The message names the fields only: a record's values include its secret.
  if (!parsed.success)
    throw new Error(`${name}: not a valid subscription (${parsed.error.issues.map((i) => i.path.join(".")).join(", ")})`);
  return parsed.data;
};

export function subscriptionStore(kv: TextKV): SubscriptionStore {
  return {
    async list() {
      const subscriptions: Subscription[] = [];
      const problems: string[] = [];
      for (const name of await kv.names(SUBSCRIPTION_PREFIX)) {
        const raw = await kv.get(name);
        if (raw === null) continue;
        try {
          subscriptions.push(parse(name, raw));
        } catch (e) {
          problems.push((e as Error).message);
        }
      }
      subscriptions.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
      return { subscriptions, problems };
    },
    async get(id) {
      const raw = await kv.get(subscriptionName(id));
      return raw === null ? undefined : parse(subscriptionName(id), raw);
    },
    put: (s) => kv.put(subscriptionName(s.id), JSON.stringify(Subscription.parse(s))),
    delete: (id) => kv.delete(subscriptionName(id)),
  };
}

/** A TextKV in memory, for benchmarks and tests of the delivery logic without wrangler. */
export function memoryTextKV(): TextKV & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (name) => values.get(name) ?? null,
    put: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
    names: async (prefix) => [...values.keys()].filter((n) => n.startsWith(prefix)).sort(),
  };
}
