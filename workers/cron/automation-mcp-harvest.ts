import { harvestMcpTools } from "@scouts/core/automation/mcp/harvest";
import { allMcpConnections } from "@scouts/db/repos/automation-mcp";
import { createAutomationCtx } from "../shared/automation-deps.ts";
import type { CronJob } from "./jobs.ts";

/** Nightly: re-read every MCP server's tools/list; a failing server is marked, the rest go on. */
export const automationMcpHarvestJob: CronJob = async (_pipeline, { env }) => {
  const ctx = createAutomationCtx(env);
  let ok = 0;
  let failed = 0;
  for (const conn of await allMcpConnections(ctx.db)) {
    try {
      await harvestMcpTools({ ctx, input: { userId: conn.userId, connectionId: conn.id } });
      ok++;
    } catch {
      failed++;
    }
  }
  return { ok, failed };
};
