import { applyControl } from "@scouts/core/assistant/control";
import type { ControlRequest, Status } from "@scouts/core/protocol/local-api";
import { applyLocal } from "./actions.ts";
import type { AgentCtx } from "./context.ts";

/** Current status for the PWA, the CLI and SSE. */
export async function getStatus(ctx: AgentCtx): Promise<Status> {
  const settings = await ctx.stores.settings.settings();
  return {
    agentVersion: ctx.agentVersion,
    deviceId: ctx.link.deviceId,
    userId: ctx.link.userId,
    paired: ctx.link.deviceId !== null,
    cloud: {
      url: ctx.cloudUrl,
      connected: ctx.link.connected,
      lastConnectedAt: ctx.link.lastConnectedAt,
      lastError: ctx.link.lastError,
    },
    control: await ctx.stores.settings.control(),
    assistantEnabled: settings.assistantEnabled,
    providers: settings.providers,
    outbox: { pending: await ctx.stores.outbox.pendingCount() },
    suggestions: await ctx.stores.suggestions.counts(),
    stage2: { available: ctx.stage2 !== null, runner: ctx.stage2?.runner ?? null },
    llm: { configured: settings.llmBaseUrl !== null || ctx.envLlm !== null },
    session: { id: ctx.sessionId, startedAt: ctx.sessionStartedAt },
    notices: await ctx.stores.notices.active(),
    mailAccounts: ctx.mailWatch?.health() ?? [],
    now: ctx.clock.now(),
  };
}

/**
 * Pause, resume, kill or travel. Kill stops everything now and cancels every pending action
 * (their ledger entries become `cancelled`).
 *
 * @example await control({ ctx, input: { command: "kill" } })
 */
export async function control(args: { ctx: AgentCtx; input: ControlRequest }): Promise<Status> {
  const { ctx, input } = args;
  const next = applyControl({ state: await ctx.stores.settings.control(), input });
  await ctx.stores.settings.saveControl(next);
  if (input.command === "kill") {
    for (const ledgerId of await ctx.stores.outbox.cancelAll()) {
      const entry = await ctx.stores.ledger.update(ledgerId, {
        status: "cancelled",
        error: "cancelled by the kill switch",
      });
      if (!entry) continue;
      ctx.bus.emit({ type: "ledger.updated", entry });
      // The action never reached the mailbox: put the suggestion back the way it was.
      const s = entry.suggestionId ? await ctx.stores.suggestions.get(entry.suggestionId) : null;
      if (s && entry.reversal)
        await applyLocal(ctx, s, String(entry.reversal.action), entry.reversal as never);
    }
  }
  ctx.logger.log("info", "control", { command: input.command });
  const status = await getStatus(ctx);
  ctx.bus.emit({ type: "status.changed", status });
  if (input.command === "resume") ctx.onOutboxChanged?.();
  return status;
}
