import { CoreError } from "@scouts/core/errors";

/**
 * The cloud REST API as this browser device (Bearer device token, same origin in the PWA).
 * Network failures, 429 and 5xx are transient CoreErrors so the outbox keeps the call; other 4xx
 * are permanent.
 *
 * @example const cloud = cloudApi({ baseUrl: "", token: () => token }); await cloud.post("/api/v1/ledger/undo", { since: 0 });
 */
export function cloudApi(opts: { baseUrl: string; token: () => string | null; fetch?: typeof fetch }) {
  const doFetch = opts.fetch ?? ((i: RequestInfo | URL, init?: RequestInit) => fetch(i, init));
  async function call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const token = opts.token();
    if (!token) throw new CoreError("upstream_unavailable", "this browser is not paired as a device yet");
    let res: Response;
    try {
      res = await doFetch(`${opts.baseUrl}${path}`, {
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
    const message = `cloud answered ${res.status}: ${text.slice(0, 200)}`;
    if (res.status === 429) throw new CoreError("rate_limited", message);
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
export type CloudApi = ReturnType<typeof cloudApi>;
