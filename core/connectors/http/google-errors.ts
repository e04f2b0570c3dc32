import { CoreError } from "../../errors.ts";
import { parseRetryAfter } from "./retry-after.ts";

const RATE_REASONS = new Set(["userRateLimitExceeded", "rateLimitExceeded"]);

/** Reads Google's error body `{error:{code,message,errors:[{reason}], status}}` defensively. */
async function googleReasons(res: Response): Promise<{ reasons: string[]; status?: string; error?: string }> {
  try {
    const body = (await res.json()) as {
      error?: string | { errors?: Array<{ reason?: string }>; status?: string };
    };
    if (typeof body.error === "string") return { reasons: [], error: body.error };
    const reasons = (body.error?.errors ?? []).map((e) => String(e.reason ?? ""));
    return { reasons, status: body.error?.status };
  } catch {
    return { reasons: [] };
  }
}

/**
 * Maps a non-2xx Google API response to the CoreError the caller's backoff and transports
 * understand: 429 and 403 rate reasons → `rate_limited` (with Retry-After), 5xx →
 * `upstream_unavailable`, 401 → `needs_reauth`, 404 → `not_found`, the rest → `upstream_rejected`.
 * Ids and status codes only in the message: never a body.
 */
export async function googleError(res: Response, what: string, nowMs: number): Promise<CoreError> {
  const retryMs = parseRetryAfter(res.headers.get("retry-after"), nowMs);
  const retryAfterSeconds = retryMs === undefined ? undefined : Math.ceil(retryMs / 1000);
  const { reasons, status } = await googleReasons(res);
  const details = { httpStatus: res.status, reasons: reasons.join(",") || status || "" };
  if (res.status === 429 || (res.status === 403 && reasons.some((r) => RATE_REASONS.has(r)))) {
    return new CoreError("rate_limited", `${what}: rate limited (${res.status})`, {
      details,
      retryAfterSeconds,
    });
  }
  if (res.status >= 500) {
    return new CoreError("upstream_unavailable", `${what}: upstream ${res.status}`, {
      details,
      retryAfterSeconds,
    });
  }
  if (res.status === 401) return new CoreError("needs_reauth", `${what}: access token refused`, { details });
  if (res.status === 404) return new CoreError("not_found", `${what}: not found`, { details });
  return new CoreError("upstream_rejected", `${what}: rejected (${res.status})`, { details });
}
