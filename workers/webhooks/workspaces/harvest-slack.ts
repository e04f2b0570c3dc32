import { findScoutsByAccount } from "@scouts/db/repos/connections";
import type { Context } from "hono";
import { harvestSlackEventForUsers } from "../../shared/workspace-harvest.ts";
import type { AppEnv } from "../context.ts";

/**
 * The Slack webhook's one-line hook: harvests the event for every user whose scouts listen on
 * its team, after the response when the runtime allows (`waitUntil`), so Slack's 3 s budget is
 * untouched. Never throws.
 * @example await harvestSlackEventInBackground(c, { teamId: envelope.team_id, payload: envelope });
 */
export async function harvestSlackEventInBackground(
  c: Context<AppEnv>,
  input: { teamId: string; payload: unknown },
): Promise<void> {
  const { db, clock, logger } = c.var.services;
  const work = (async () => {
    try {
      const scouts = await findScoutsByAccount(db, "slack", input.teamId);
      await harvestSlackEventForUsers(
        { db, clock, logger },
        { userIds: scouts.map((s) => s.userId), payload: input.payload },
      );
    } catch {
      logger.log("warn", "workspace.harvest_failed", { name: "scout_lookup" });
    }
  })();
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx as ExecutionContext;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}
