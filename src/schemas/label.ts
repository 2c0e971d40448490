// A maintainer's free-text label (API keys, webhook subscriptions): one line, trimmed, 1-100 characters.
import { z } from "zod";

export const Label = z
  .string()
  .trim()
  .min(1, { message: "must not be empty" })
  .max(100, { message: "must be at most 100 characters" })
  .regex(/^[^\u0000-\u001f\u007f]*$/, { message: "must not contain control characters" });
