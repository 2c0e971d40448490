// The rate tiers and their hourly budgets. Defaults are those of docs/RATE-LIMITS.md; Pages vars
// override them so that local tests and private deployments can set their own.
import { z } from "zod";
import type { ApiEnv } from "../env.js";

export const Tier = z.enum(["anonymous", "authenticated", "premium"]);
export type Tier = z.infer<typeof Tier>;

export const DEFAULT_LIMITS: Readonly<Record<Tier, number>> = { anonymous: 100, authenticated: 1000, premium: 10000 };

const Budget = z
  .string()
  .regex(/^\d{1,9}$/, { message: "must be a whole number of requests per hour" })
  .transform(Number)
  .pipe(z.number().int().positive({ message: "must be at least 1" }));

const VAR: Record<Tier, keyof ApiEnv> = {
  anonymous: "RATE_LIMIT_ANONYMOUS",
  authenticated: "RATE_LIMIT_AUTHENTICATED",
  premium: "RATE_LIMIT_PREMIUM",
};

/**
 * Requests per hour for each tier. A malformed override is an operator error: it throws (the
 * request fails as an internal error and the log names the variable) rather than silently
 * running with a limit nobody chose.
 */
export function tierLimits(env: ApiEnv): Record<Tier, number> {
  const limits = { ...DEFAULT_LIMITS };
  for (const tier of Tier.options) {
    const raw = env[VAR[tier]];
    if (raw === undefined || raw === "") continue;
    if (typeof raw !== "string") throw new Error(`${VAR[tier]} must be a string`);
    const parsed = Budget.safeParse(raw.trim());
    if (!parsed.success) throw new Error(`${VAR[tier]}=${JSON.stringify(raw)}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    limits[tier] = parsed.data;
  }
  return limits;
}
