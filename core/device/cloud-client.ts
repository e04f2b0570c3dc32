import { CoreError } from "../errors.ts";
import type { FetchLike } from "../ports.ts";

/**
 * The cloud REST API as a device (Bearer device token): the agent's and the browser device's.
 * Network failures, 429 (with `retryAfterSeconds`) and 5xx are transient CoreErrors so an outbox
 * keeps the call for later; other 4xx are permanent.
 *
 * @example const cloud = createCloudClient({ fetch, baseUrl, token: () => token }); await cloud.get("/api/v1/ledger");
 */
export function createCloudClient(opts: {
  fetch: FetchLike;
  baseUrl: string;
  token: () => string | null;
  /** Said when there is no token yet (the agent and the browser pair differently). */
  notPaired?: string;
}) {
  async function call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const token = opts.token();
    if (!token)
      throw new CoreError(
        "upstream_unavailable",
        opts.notPaired ?? "device is not paired with the cloud yet",
      );
    let res: Response;
    try {
      res = await opts.fetch(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new CoreError("upstream_unavailable", "cloud unreachable", { cause: e });
    }
    const text = await res.text();
    if (res.ok) return (text ? JSON.parse(text) : {}) as T;
    const retryAfter = Number(res.headers.get("retry-after") ?? "");
    const message = `cloud answered ${res.status}: ${errorText(text)}`;
    if (res.status === 429)
      throw new CoreError(
        "rate_limited",
        message,
        Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {},
      );
    if (res.status >= 500) throw new CoreError("upstream_unavailable", message);
    if (res.status === 404) throw new CoreError("not_found", message);
    if (res.status === 401) throw new CoreError("unauthenticated", message);
    throw new CoreError("upstream_rejected", message);
  }
  return {
    post: <T>(path: string, body: unknown, idempotencyKey?: string) =>
      call<T>("POST", path, body, idempotencyKey),
    get: <T>(path: string) => call<T>("GET", path),
  };
}
export type CloudClient = ReturnType<typeof createCloudClient>;

/** The cloud's own `{ error: { message } }` when it sent one, else the start of the body. */
function errorText(text: string): string {
  try {
    const m = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof m === "string" && m) return m.slice(0, 200);
  } catch {
    // not JSON: the body as it came
  }
  return text.slice(0, 200);
}
