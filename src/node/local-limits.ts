// The rate limits a local server runs with. `npm start` is for developing against, so it defaults to a
// budget that lasts a day of work; `npm run serve` keeps the production limits, as a deployment would.
// Both take RATE_LIMIT_* from the environment (docs/RATE-LIMITS.md), and the function's own defaults
// and behaviour do not change: these are only the Pages vars the local server is started with.
import { DEFAULT_LIMITS } from "../api/rate-limit/tiers.js";

/** The tiers whose budget a local run may set, by the variable that sets it. */
const TIER_VARS = {
  anonymous: "RATE_LIMIT_ANONYMOUS",
  authenticated: "RATE_LIMIT_AUTHENTICATED",
  premium: "RATE_LIMIT_PREMIUM",
} as const;
type LocalTier = keyof typeof TIER_VARS;

/** `npm start`'s budgets: a hundred times production, enough for a day of curl, clients and the page. */
export const LOCAL_DEVELOPMENT_LIMITS: Readonly<Record<LocalTier, number>> = {
  anonymous: DEFAULT_LIMITS.anonymous * 100,
  authenticated: DEFAULT_LIMITS.authenticated * 100,
  premium: DEFAULT_LIMITS.premium * 100,
};

export type LimitProfile = "development" | "production";

export interface LocalLimits {
  /** Pages vars for wrangler (`--binding NAME=value`). */
  vars: Record<string, string>;
  /** One line for the console: the budgets in force and what they stand in for. */
  summary: string;
}

/** The vars and the start-up line for a local server: the environment's RATE_LIMIT_* win over the profile's defaults. */
export function localLimits(profile: LimitProfile, env: NodeJS.ProcessEnv = process.env): LocalLimits {
  const vars: Record<string, string> = {};
  const parts: string[] = [];
  for (const [tier, name] of Object.entries(TIER_VARS) as [LocalTier, string][]) {
    const fallback = profile === "development" ? LOCAL_DEVELOPMENT_LIMITS[tier] : DEFAULT_LIMITS[tier];
    const value = env[name]?.trim() || String(fallback);
    vars[name] = value;
    parts.push(`${tier} ${value}`);
  }
  const production = (Object.keys(TIER_VARS) as LocalTier[]).map((t) => `${t} ${DEFAULT_LIMITS[t]}`).join(", ");
  const lift = "set RATE_LIMIT_ANONYMOUS, RATE_LIMIT_AUTHENTICATED or RATE_LIMIT_PREMIUM to change them";
  // The function then ends a 429's message with how to lift the limit on this machine.
  vars.LOCAL_SERVER = "1";
  const summary =
    profile === "development"
      ? `rate limits per hour: ${parts.join(", ")} (local development budgets; production has ${production}; ${lift})`
      : `rate limits per hour: ${parts.join(", ")} (production limits; ${lift})`;
  return { vars, summary };
}
