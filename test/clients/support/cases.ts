// The contract cases both clients run (clients/contract-cases.json), read and checked.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { PROJECT_ROOT } from "../../../src/node/project-root.js";
import { ErrorCode } from "../../../src/schemas/envelope.js";

export const CASES_FILE = join(PROJECT_ROOT, "clients", "contract-cases.json");

const Case = z
  .object({
    name: z.string(),
    method: z.string(),
    args: z.array(z.string()),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
    path: z.string().startsWith("/"),
    status: z.number().int(),
    code: ErrorCode.optional(),
  })
  .strict()
  .refine((c) => c.status >= 400 === (c.code !== undefined), "an error case names its code, a success case none");
export type ContractCase = z.infer<typeof Case>;

export const contractCases = (): ContractCase[] =>
  z.object({ description: z.string(), cases: z.array(Case).min(1) }).parse(JSON.parse(readFileSync(CASES_FILE, "utf8"))).cases;
