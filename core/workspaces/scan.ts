import { CoreError } from "../errors.ts";
import type { HarvestedWorkspace } from "./types.ts";

/** A connector that can list candidate places when a person explicitly asks for a scan. */
export interface WorkspaceScanSource {
  listWorkspacePlaces(input: { limit: number }): Promise<HarvestedWorkspace[]>;
}

export const SCAN_TTL_MS = 15 * 60_000;
export const SCAN_LIMIT = 500;

/** The scan capability of a connector, or a clear `disabled` error when its source has none. */
export function scanSourceOf(connector: object): WorkspaceScanSource {
  if ("listWorkspacePlaces" in connector && typeof connector.listWorkspacePlaces === "function") {
    return connector as WorkspaceScanSource;
  }
  throw new CoreError("disabled", "this scout's source has no workspaces to scan");
}

/**
 * Runs an onboarding scan: candidates only, stored under a session id by the caller and
 * forgotten after `SCAN_TTL_MS` unless the person keeps some.
 * @example const { items, expiresAt } = await scanWorkspaces({ ctx: { source, clock }, input: {} });
 */
export async function scanWorkspaces({
  ctx,
  input,
}: {
  ctx: { source: WorkspaceScanSource; clock: { now(): number } };
  input: { limit?: number };
}): Promise<{ items: HarvestedWorkspace[]; expiresAt: number }> {
  const limit = Math.min(input.limit ?? SCAN_LIMIT, SCAN_LIMIT);
  const items = await ctx.source.listWorkspacePlaces({ limit });
  return { items: items.slice(0, limit), expiresAt: ctx.clock.now() + SCAN_TTL_MS };
}
