/**
 * The one domain error. Each transport maps `code` once: Hono to an HTTP status, the queue to
 * ack (permanent) or retry (transient), cron to log and rethrow.
 */
export type CoreErrorCode =
  | "bad_input"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "needs_reauth"
  | "upstream_unavailable"
  | "upstream_rejected"
  | "payload_too_large"
  | "disabled"
  | "timeout"
  | "budget_exceeded"
  | "internal";

const transientCodes: ReadonlySet<CoreErrorCode> = new Set([
  "rate_limited",
  "upstream_unavailable",
  "timeout",
  "internal",
]);

export class CoreError extends Error {
  readonly code: CoreErrorCode;
  readonly details: Record<string, unknown> | undefined;
  /** Seconds the caller should wait before retrying, when the cause said so (Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: CoreErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = "CoreError";
    this.code = code;
    this.details = opts.details;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get transient(): boolean {
    return transientCodes.has(this.code);
  }
}

export function isCoreError(e: unknown): e is CoreError {
  return e instanceof CoreError;
}

/** Transient unless proven permanent: unknown failures are retried, never silently dropped. */
export function isTransient(e: unknown): boolean {
  return isCoreError(e) ? e.transient : true;
}
