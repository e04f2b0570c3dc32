import { json } from "../handler.ts";

export type FaultKind = "429" | "403-rate" | "403-user-rate" | "500" | "503";

export interface FaultPlan {
  /** Probability in [0,1] that a call fails (drawn from `random`). */
  rate: number;
  kinds: FaultKind[];
  /** Sent as Retry-After on 429/503 (seconds); omitted when undefined. */
  retryAfterSeconds?: number;
}

/** Injects the errors Google documents for Gmail: 429, 403 rate reasons, 5xx. */
export function createFaultInjector(random: () => number = Math.random) {
  let plan: FaultPlan = { rate: 0, kinds: [] };
  const queued: FaultKind[] = [];
  let injected = 0;

  function response(kind: FaultKind): Response {
    const retry: Record<string, string> =
      plan.retryAfterSeconds === undefined ? {} : { "retry-after": String(plan.retryAfterSeconds) };
    switch (kind) {
      case "429":
        return json(
          error(429, "rateLimitExceeded", "Too many concurrent requests for user", "RESOURCE_EXHAUSTED"),
          429,
          retry,
        );
      case "403-rate":
        return json(error(403, "rateLimitExceeded", "Rate Limit Exceeded", "PERMISSION_DENIED"), 403);
      case "403-user-rate":
        return json(
          error(403, "userRateLimitExceeded", "User Rate Limit Exceeded", "PERMISSION_DENIED"),
          403,
        );
      case "500":
        return json(error(500, "backendError", "Backend Error", "INTERNAL"), 500);
      case "503":
        return json(
          error(503, "backendError", "The service is currently unavailable.", "UNAVAILABLE"),
          503,
          retry,
        );
    }
  }

  return {
    set(next: FaultPlan) {
      plan = next;
    },
    /** The next `count` calls fail with `kind`, regardless of the rate. */
    failNext(count: number, kind: FaultKind) {
      for (let i = 0; i < count; i++) queued.push(kind);
    },
    clear() {
      plan = { rate: 0, kinds: [] };
      queued.length = 0;
    },
    get injected() {
      return injected;
    },
    /** A fault response for this call, or null to serve it normally. */
    maybe(): Response | null {
      const kind =
        queued.shift() ??
        (plan.rate > 0 && random() < plan.rate
          ? plan.kinds[Math.floor(random() * plan.kinds.length)]
          : undefined);
      if (!kind) return null;
      injected++;
      return response(kind);
    },
  };
}

export function error(code: number, reason: string, message: string, status: string) {
  return { error: { code, message, errors: [{ message, domain: "usageLimits", reason }], status } };
}
