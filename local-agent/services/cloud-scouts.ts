import { withTimeout } from "@scouts/core/pipeline/with-timeout";
import { CloudScouts } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";

/** A status must answer even when the cloud does not. */
const cloudTimeoutMs = 3_000;

/**
 * The cloud scouts' health for `scouts-agent status` and the PWA: the cloud's `GET /api/v1/me`
 * as this device, trimmed to health fields; `reachable: false` when it cannot be asked.
 * @example const { scouts } = await cloudScouts(ctx); // [{ sourceType: "gmail", owed: { count: 2, … }, … }]
 */
export async function cloudScouts(ctx: Pick<AgentCtx, "cloud" | "link">): Promise<CloudScouts> {
  if (ctx.link.deviceId === null) return { reachable: false, scouts: [] };
  try {
    const me = await withTimeout(ctx.cloud.get<unknown>("/api/v1/me"), cloudTimeoutMs, "GET /api/v1/me");
    const parsed = CloudScouts.shape.scouts.safeParse((me as { scouts?: unknown })?.scouts);
    return parsed.success ? { reachable: true, scouts: parsed.data } : { reachable: false, scouts: [] };
  } catch {
    return { reachable: false, scouts: [] };
  }
}
