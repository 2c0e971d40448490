// The rate tiers and their hourly budgets. Defaults are those of docs/RATE-LIMITS.md; Pages vars
// override them so that local tests and private deployments can set their own.
import { z } from "zod";
import { PAGE_BUDGET_PER_HOUR } from "../../contract/page-client.js";
import { Tier } from "../../schemas/tier.js";
import type { ApiEnv } from "../env.js";

export const DEFAULT_LIMITS: Readonly<Record<Tier, number>> = {
  anonymous: 100,
  page: PAGE_BUDGET_PER_HOUR,
  authenticated: 1000,
  premium: 10000,
};

const Budget = z
  .string()
  .regex(/^\d{1,9}$/, { message: "must be a whole number of requests per hour" })
  .transform(Number)
  .pipe(z.number().int().positive({ message: "must be at least 1" }));

/** How many anonymous budgets one IPv6 /48 may spend together, unless RATE_LIMIT_IPV6_48 says otherwise. */
export const NETWORK_BUDGETS = 16;

export const TIER_VARIABLE: Readonly<Record<Tier, keyof ApiEnv>> = {
  anonymous: "RATE_LIMIT_ANONYMOUS",
  page: "RATE_LIMIT_PAGE",
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
  for (const tier of Tier.options) limits[tier] = budgetVar(env, TIER_VARIABLE[tier]) ?? limits[tier];
  return limits;
}

/** Requests per hour that all anonymous callers of one IPv6 /48 may make together. */
export const networkLimit = (env: ApiEnv, anonymous: number): number => budgetVar(env, "RATE_LIMIT_IPV6_48") ?? anonymous * NETWORK_BUDGETS;

function budgetVar(env: ApiEnv, name: keyof ApiEnv): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string") throw new Error(`${name} must be a string`);
  const parsed = Budget.safeParse(raw.trim());
  if (!parsed.success) throw new Error(`${name}=${JSON.stringify(raw)}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}
