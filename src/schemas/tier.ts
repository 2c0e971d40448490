// The rate tiers a response names in X-RateLimit-Tier: read by the limiter and by the OpenAPI
// document. `page` is the browsable page's own budget (docs/PAGE.md).
import { z } from "zod";

export const Tier = z.enum(["anonymous", "page", "authenticated", "premium"]);
export type Tier = z.infer<typeof Tier>;
