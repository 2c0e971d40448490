// Switchable faults of the local GitHub server, scripted by tests over HTTP
// (`POST /__fixture/faults`): each rule matches requests by kind or path and fires a number of times.
import { z } from "zod";

export const FaultRule = z
  .object({
    /** status: answer `status` (5xx); secondary: 403/429 + Retry-After; primary: 403 rate limit exhausted; slow: delay, then answer; truncate: cut the body short. */
    kind: z.enum(["status", "secondary", "primary", "slow", "truncate"]),
    status: z.number().int().min(400).max(599).optional(),
    retryAfter: z.number().int().nonnegative().default(1),
    delayMs: z.number().int().nonnegative().default(0),
    /** Request kind (see GET /__fixture/requests) or "*" for any. */
    requestKind: z.string().default("*"),
    pathIncludes: z.string().optional(),
    /** Requests to let through before firing. */
    after: z.number().int().nonnegative().default(0),
    /** How many times it fires; -1 forever. */
    times: z.number().int().min(-1).default(1),
  })
  .strict();
export type FaultRule = z.infer<typeof FaultRule>;

interface ActiveFault {
  rule: FaultRule;
  seen: number;
  fired: number;
}

export class FaultTable {
  private active: ActiveFault[] = [];

  add(rules: FaultRule[]): void {
    for (const rule of rules) this.active.push({ rule, seen: 0, fired: 0 });
  }

  clear(): void {
    this.active = [];
  }

  /** The first rule that fires for this request, if any (consumes one firing). */
  take(kind: string, path: string): FaultRule | undefined {
    for (const f of this.active) {
      const r = f.rule;
      if (r.requestKind !== "*" && r.requestKind !== kind) continue;
      if (r.pathIncludes !== undefined && !path.includes(r.pathIncludes)) continue;
      if (r.times !== -1 && f.fired >= r.times) continue;
      f.seen++;
      if (f.seen <= r.after) continue;
      f.fired++;
      return r;
    }
    return undefined;
  }

  summary(): { rule: FaultRule; fired: number }[] {
    return this.active.map((f) => ({ rule: f.rule, fired: f.fired }));
  }
}
