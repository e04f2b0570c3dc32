import { gateAction } from "@scouts/core/assistant/autonomy";
import { sendOneClick } from "@scouts/core/assistant/one-click";
import { authservIdFor, notOneClick, planUnsubscribe } from "@scouts/core/assistant/unsubscribe";
import { CoreError } from "@scouts/core/errors";
import type { UnsubscribePlan, UnsubscribeResponse } from "@scouts/core/protocol/local-api";
import { switches } from "./actions.ts";
import type { AgentCtx } from "./context.ts";
import { keptHeaders } from "./headers.ts";

/** The RFC 8058 plan for a suggestion, from the headers the device holds for it. */
export async function unsubscribePlan(ctx: AgentCtx, id: string): Promise<UnsubscribePlan> {
  const s = await ctx.stores.suggestions.get(id);
  if (!s) throw new CoreError("not_found", `no suggestion ${id}`);
  let h = await ctx.stores.suggestions.headers(id);
  if (!h && ctx.readItem && ["gmail", "demo"].includes(s.source)) {
    // Cloud proposals carry no headers: read the item once through the hub and keep its list headers here.
    const item = await ctx.readItem(id);
    if (item?.raw) {
      h = keptHeaders(item.raw);
      await ctx.stores.suggestions.update(id, { headers: h });
    }
  }
  h ??= {};
  const get = (n: string) =>
    Object.entries(h)
      .filter(([k]) => k.toLowerCase() === n)
      .flatMap(([, v]) => v);
  return planUnsubscribe(
    {
      listUnsubscribe: get("list-unsubscribe"),
      listUnsubscribePost: get("list-unsubscribe-post"),
      dkimSignatures: get("dkim-signature"),
      authenticationResults: get("authentication-results"),
    },
    { authservId: authservIdFor(s.source, ctx.mailAuthservId) },
  );
}

/**
 * Unsubscribes after the person confirmed: the one-click POST when RFC 8058 allows it, else the
 * mailto is handed back for the person to send. Recorded in the ledger (irreversible).
 */
export async function unsubscribe(ctx: AgentCtx, id: string): Promise<UnsubscribeResponse> {
  const s = await ctx.stores.suggestions.get(id);
  if (!s) throw new CoreError("not_found", `no suggestion ${id}`);
  const gate = gateAction({
    input: {
      action: "unsubscribe",
      source: s.source,
      level: 0,
      confidence: 1,
      lowConfidenceThreshold: 0,
      initiator: "person",
      confirmed: true,
      now: ctx.clock.now(),
    },
    switches: await switches(ctx),
  });
  if (!gate.allowed) throw new CoreError("disabled", gate.reasons.join("; "));
  const plan = await unsubscribePlan(ctx, id);
  if (plan.method !== "one_click" || !plan.url) return notOneClick(plan);
  const { status } = await sendOneClick({ ctx, input: { url: plan.url } }).catch((e: unknown) => {
    if (e instanceof CoreError) throw e;
    // A name that does not resolve or a server that does not answer: say which and what to do,
    // not a bare 500 "internal error". Nothing was sent, so nothing is recorded.
    const host = new URL(plan.url as string).host;
    throw new CoreError(
      "upstream_unavailable",
      `the list's server ${host} could not be reached (${networkReason(e)}); nothing was sent. Try again later, or use the unsubscribe link in the message`,
    );
  });
  const ledgerId = ctx.ids();
  const ok = status >= 200 && status < 300;
  const entry = {
    id: ledgerId,
    suggestionId: s.id,
    scoutId: s.scoutId,
    action: "unsubscribe",
    targetRef: s.sourceMsgRef,
    reversal: null,
    reversible: false,
    actor: "person" as const,
    runId: null,
    sessionId: ctx.sessionId,
    undoOf: null,
    status: ok ? ("applied" as const) : ("failed" as const),
    cloudLedgerId: null,
    error: ok ? null : `list server answered ${status}`,
    createdAt: ctx.clock.now(),
    undoneAt: null,
  };
  await ctx.stores.ledger.append(entry);
  ctx.bus.emit({ type: "ledger.appended", entry });
  return {
    plan,
    done: ok,
    httpStatus: status,
    ledgerId,
    message: ok ? "unsubscribed" : `the list answered ${status}`,
  };
}

/** The network failure in a few words (a DNS or socket code when there is one). */
function networkReason(e: unknown): string {
  const code =
    (e as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (e as { cause?: { code?: unknown } })?.cause?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "its name does not resolve";
  if (code === "ECONNREFUSED") return "it refused the connection";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return "it did not answer in time";
  return "no answer";
}
