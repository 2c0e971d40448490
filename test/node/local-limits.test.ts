// The limits a local server starts with: `npm start`'s development budgets, `npm run serve`'s
// production ones, and RATE_LIMIT_* from the environment over both.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/api/rate-limit/tiers.js";
import { LOCAL_DEVELOPMENT_LIMITS, localLimits } from "../../src/node/local-limits.js";

describe("local limits", () => {
  it("npm start's budgets are a hundred times production's, and it says which production limits they stand in for", () => {
    const { vars, summary } = localLimits("development", {});
    for (const tier of ["anonymous", "authenticated", "premium"] as const)
      expect(LOCAL_DEVELOPMENT_LIMITS[tier]).toBe(DEFAULT_LIMITS[tier] * 100);
    expect(vars).toEqual({
      RATE_LIMIT_ANONYMOUS: String(DEFAULT_LIMITS.anonymous * 100),
      RATE_LIMIT_AUTHENTICATED: String(DEFAULT_LIMITS.authenticated * 100),
      RATE_LIMIT_PREMIUM: String(DEFAULT_LIMITS.premium * 100),
      LOCAL_SERVER: "1",
    });
    expect(summary).toContain(`production has anonymous ${DEFAULT_LIMITS.anonymous}, authenticated ${DEFAULT_LIMITS.authenticated}`);
  });

  it("npm run serve keeps production's limits", () => {
    const { vars, summary } = localLimits("production", {});
    expect(vars.RATE_LIMIT_ANONYMOUS).toBe(String(DEFAULT_LIMITS.anonymous));
    expect(vars.RATE_LIMIT_PREMIUM).toBe(String(DEFAULT_LIMITS.premium));
    expect(summary).toMatch(/\(production limits; set RATE_LIMIT_ANONYMOUS/);
  });

  it("the environment's RATE_LIMIT_* win in both profiles", () => {
    for (const profile of ["development", "production"] as const) {
      const { vars } = localLimits(profile, { RATE_LIMIT_ANONYMOUS: "7", RATE_LIMIT_PREMIUM: " 9 " });
      expect([vars.RATE_LIMIT_ANONYMOUS, vars.RATE_LIMIT_PREMIUM]).toEqual(["7", "9"]);
    }
  });
});
