import { type CoreErrorCode, isCoreError } from "@scouts/core/errors";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context.ts";

const statusByCode: Record<CoreErrorCode, ContentfulStatusCode> = {
  bad_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  budget_exceeded: 429,
  needs_reauth: 409,
  internal: 500,
  upstream_rejected: 502,
  upstream_unavailable: 503,
  disabled: 503,
  timeout: 504,
};

/** The one place a CoreError becomes an HTTP status. */
export function statusForCode(code: CoreErrorCode): ContentfulStatusCode {
  return statusByCode[code];
}

/**
 * `app.onError`: maps CoreError codes once to statuses and `{ error: { code, message, details } }`.
 * Zod failures are 400 naming paths; anything unknown is a 500 whose message stays in no log.
 */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  const logger = c.var.services?.logger;
  if (isCoreError(err)) {
    const status = statusForCode(err.code);
    logger?.log(status >= 500 ? "error" : "info", "request_error", {
      requestId: c.var.services?.requestId,
      code: err.code,
    });
    if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json({ error: { code: err.code, message: err.message, details: err.details } }, status);
  }
  // Duck-typed: core and workers may resolve different zod copies, so `instanceof` would miss one.
  if (err.name === "ZodError" && Array.isArray((err as { issues?: unknown }).issues)) {
    const issues = zodIssues(err as unknown as ZodLikeError);
    const message = `invalid input: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`;
    return c.json({ error: { code: "bad_input", message, details: { issues } } }, 400);
  }
  if (err instanceof HTTPException) {
    const code: CoreErrorCode =
      err.status === 413 ? "payload_too_large" : err.status < 500 ? "bad_input" : "internal";
    return c.json(
      { error: { code, message: err.message || "bad request" } },
      err.status as ContentfulStatusCode,
    );
  }
  logger?.log("error", "unhandled_error", { requestId: c.var.services?.requestId, name: err.name });
  return c.json({ error: { code: "internal", message: "internal error" } }, 500);
}

interface ZodLikeError {
  issues: { path: PropertyKey[]; message: string }[];
}

/** Zod issues as `{ path: "a.b", message }`, `(root)` for the top level. */
export function zodIssues(error: ZodLikeError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message }));
}
