import { isCoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

const statusByCode: Record<string, ContentfulStatusCode> = {
  bad_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  disabled: 409,
  rate_limited: 429,
  needs_reauth: 409,
  upstream_unavailable: 503,
  upstream_rejected: 502,
  timeout: 504,
  budget_exceeded: 429,
  internal: 500,
};

/** Maps every error once to `{ error: { code, message, details? } }`. */
export function onLocalError(err: Error, c: Context) {
  if (isCoreError(err)) {
    return c.json(
      { error: { code: err.code, message: err.message, details: err.details } },
      statusByCode[err.code] ?? 500,
    );
  }
  return c.json({ error: { code: "internal", message: "internal error" } }, 500);
}
