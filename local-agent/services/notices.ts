import { clearHealedNotices } from "@scouts/core/device/notices";
import { CoreError } from "@scouts/core/errors";
import type { Notice } from "@scouts/core/protocol/frames";
import type { Status } from "@scouts/core/protocol/local-api";
import type { AgentCtx } from "./context.ts";
import { getStatus } from "./control.ts";

const pushStatus = async (ctx: AgentCtx) =>
  ctx.bus.emit({ type: "status.changed", status: await getStatus(ctx) });

/** A notice from the hub: kept until dismissed (the hub sends each one once), then shown live. */
export async function receiveNotice(ctx: AgentCtx, n: Notice): Promise<void> {
  await ctx.stores.notices.receive(n, ctx.clock.now(), ctx.ids());
  ctx.logger.log("info", "notice.received", { kind: n.kind, scoutId: n.scoutId ?? null });
  ctx.bus.emit({ type: "notice", kind: n.kind, message: n.message });
  await pushStatus(ctx);
}

/** The person dismissed a notice (PWA or CLI); unknown ids are `not_found`. */
export async function dismissNotice(ctx: AgentCtx, id: string): Promise<Status> {
  if (!(await ctx.stores.notices.dismiss(id, ctx.clock.now())))
    throw new CoreError("not_found", `no notice ${id}`);
  const status = await getStatus(ctx);
  ctx.bus.emit({ type: "status.changed", status });
  return status;
}

/** Dismisses re-authorization notices whose connection the cloud reports healthy again. */
export async function checkNotices(ctx: AgentCtx): Promise<string[]> {
  const cleared = await clearHealedNotices({
    ctx: { notices: ctx.stores.notices, cloud: ctx.cloud, now: () => ctx.clock.now() },
  });
  if (cleared.length > 0) {
    ctx.logger.log("info", "notice.healed", { count: cleared.length });
    await pushStatus(ctx);
  }
  return cleared;
}
