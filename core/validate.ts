import type { z } from "zod";
import { CoreError } from "./errors.ts";

/** Parses `input` with `schema`, or throws `bad_input` naming every path and what was wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = "input"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join(".") : "(root)",
    message: i.message,
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join("; ");
  throw new CoreError("bad_input", `invalid ${what}: ${summary}`, { details: { issues } });
}
