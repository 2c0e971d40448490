// The files behind GET /index-status in dist/_data: shards of answers keyed like the skill shards
// (lower-cased owner/repo, src/contract/key.ts), and the rules file naming their count and the
// exclusion patterns of sources.json (src/contract/exclusion.ts), which the function applies to
// any name, crawled or not.
import { z } from "zod";
import { BuiltIndexStatus } from "../schemas/status.js";

/** One shard of index-status answers, by lower-cased owner/repo. */
export const IndexStatusShard = z.record(z.string(), BuiltIndexStatus);

export const IndexStatusRules = z.object({ shards: z.number().int().positive(), exclude: z.array(z.string()) }).strict();
export type IndexStatusRules = z.infer<typeof IndexStatusRules>;
