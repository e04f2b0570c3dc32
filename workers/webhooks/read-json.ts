import { CoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import type { z } from "zod";
import { zodIssues } from "./errors.ts";

/**
 * Parses the JSON body with `schema`; a non-JSON body or a failed check is `bad_input` naming paths.
 * @example const input = await readJson(c, PairInput, "pairing request");
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new CoreError("bad_input", `${what} must be a JSON body`);
  }
  return parseWith(schema, body, what);
}

/** `schema.parse` that throws `bad_input` listing each failing path. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = zodIssues(result.error);
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join("; ");
  throw new CoreError("bad_input", `invalid ${what}: ${summary}`, { details: { issues } });
}
