import { senderAddress } from "@scouts/core/assistant/sender";
import { type CloudScreenedRow, syncCloudScreened } from "@scouts/core/device/cloud-screened";
import type { ReadItemAnswer } from "@scouts/core/device/hub-link";
import { CoreError } from "@scouts/core/errors";
import type { ScreenedResultFrame } from "@scouts/core/protocol/frames";
import type {
  LocalEvent,
  ScreenedItem,
  ScreenedPage,
  ScreenedResponse,
} from "@scouts/core/protocol/local-api";
import { dropHeld } from "./screener.ts";
import { SCREENING_KEYS as K, readMap, updateMap } from "./screening-kv.ts";
import type { DeviceStore } from "./store-types.ts";

type Row = CloudScreenedRow & { restoredAt: number | null };

export interface ScreenedCtx {
  store: DeviceStore;
  now: () => number;
  emit: (e: LocalEvent) => void;
  /** The hub's `screened_request` and `read_item` (`core/device/hub-link.ts`); absent when unlinked. */
  screened?: (op: "list" | "restore" | "rescreen", proposalId?: string) => Promise<ScreenedResultFrame>;
  readItemAnswer?: (proposalId: string) => Promise<ReadItemAnswer>;
}

const labels: Record<string, string> = { gmail: "Gmail", slack: "Slack", demo: "Demo" };

function toItem(r: Row): ScreenedItem {
  return {
    id: r.id,
    accountId: `cloud:${r.source}:${r.scoutId}`,
    accountLabel: labels[r.source] ?? r.source,
    from: r.from,
    subject: r.subject,
    reason: r.reason,
    why: null,
    confidence: r.confidence,
    screenedAt: r.screenedAt,
    restoredAt: r.restoredAt,
  };
}

const setRestored = (store: DeviceStore, id: string, at: number | null) =>
  updateMap<Row>(store, K.screened, (m) => {
    if (m[id]) m[id].restoredAt = at;
  });

/**
 * The cloud's list of what stage 1 dropped into this browser's rows (`core/device/cloud-screened.ts`,
 * the agent's too): sender and subject read through the hub and kept here only; a new row from a
 * sender the person called "not spam" is restored at once.
 */
export function syncScreened(ctx: ScreenedCtx) {
  return syncCloudScreened({
    ctx: {
      now: ctx.now,
      ...(ctx.screened ? { screened: ctx.screened } : {}),
      ...(ctx.readItemAnswer ? { readItemAnswer: ctx.readItemAnswer } : {}),
      rows: {
        knownIds: async () => new Set(Object.keys(await readMap<Row>(ctx.store, K.screened))),
        insert: (row) =>
          updateMap<Row>(ctx.store, K.screened, (m) => {
            m[row.id] ??= { ...row, restoredAt: null };
          }),
        removeUnrestored: (id) =>
          updateMap<Row>(ctx.store, K.screened, (m) => {
            if (m[id]?.restoredAt === null) delete m[id];
          }),
        isOverridden: async (sender) => (await readMap<number>(ctx.store, K.overrides))[sender] !== undefined,
        setRestored: (id, at) => setRestored(ctx.store, id, at),
      },
    },
  });
}

/** Whether any "not spam" override is kept here (then the list is read now and then). */
export async function hasSpamOverrides(store: DeviceStore): Promise<boolean> {
  return Object.keys(await readMap<number>(store, K.overrides)).length > 0;
}

/**
 * What Screened says of a hub proposal: `restored` (the person said "not spam": it skips the
 * Screener), `screened` (screened again since: a delivery still in flight is not shown) or null.
 */
export async function screenedState(store: DeviceStore, id: string): Promise<"restored" | "screened" | null> {
  const row = (await readMap<Row>(store, K.screened))[id];
  if (!row) return null;
  return row.restoredAt !== null ? "restored" : "screened";
}

/** Gmail's screened mail, newest first, read from the cloud's list now (what cannot be read is named). */
export async function listScreened(ctx: ScreenedCtx, limit = 200): Promise<ScreenedPage> {
  const { missing } = await syncScreened(ctx);
  const rows = Object.values(await readMap<Row>(ctx.store, K.screened))
    .sort((a, b) => b.screenedAt - a.screenedAt)
    .slice(0, limit);
  return { items: rows.map(toItem), missing };
}

function refusal(error: string | undefined, id: string): CoreError {
  if (error === "offline" || error === "timeout")
    return new CoreError(
      "upstream_unavailable",
      "the cloud cannot be reached now; try again when it reconnects",
    );
  if (error === "not_found")
    return new CoreError(
      "not_found",
      `the cloud no longer has ${id} (expired, or changed on another device)`,
    );
  return new CoreError("upstream_unavailable", `the cloud refused (${(error ?? "refused").slice(0, 100)})`);
}

async function rowOf(store: DeviceStore, id: string): Promise<Row> {
  const row = (await readMap<Row>(store, K.screened))[id];
  if (!row) throw new CoreError("not_found", `nothing screened with id ${id}`);
  return row;
}

/**
 * "Not spam": the cloud turns its dropped row into a proposal and delivers it (stage 2 runs here
 * when it arrives, skipping the Screener), and the sender is remembered on this browser, so their
 * later screened mail comes back by itself. Undo with `undoNotSpam`.
 */
export async function markNotSpam(ctx: ScreenedCtx, id: string): Promise<ScreenedResponse> {
  const row = await rowOf(ctx.store, id);
  if (row.restoredAt !== null) throw new CoreError("conflict", `${id} is already back in suggestions`);
  if (!ctx.screened) throw new CoreError("upstream_unavailable", "this device is not linked to the cloud");
  const now = ctx.now();
  // Marked first, so a proposal that arrives before the answer already skips the Screener.
  await setRestored(ctx.store, id, now);
  const res = await ctx.screened("restore", id);
  if (!res.ok) {
    await setRestored(ctx.store, id, null);
    throw refusal(res.error, id);
  }
  await updateMap<number>(ctx.store, K.overrides, (m) => {
    m[senderAddress(row.from)] ??= now;
  });
  return {
    item: toItem({ ...row, restoredAt: now }),
    suggestion: (await ctx.store.getSuggestion(id)) ?? null,
  };
}

/** Takes "not spam" back: the suggestion it became goes, the cloud row is dropped again, the sender screened again. */
export async function undoNotSpam(ctx: ScreenedCtx, id: string): Promise<ScreenedResponse> {
  const row = await rowOf(ctx.store, id);
  if (row.restoredAt === null) throw new CoreError("conflict", `${id} is still screened: nothing to undo`);
  const s = await ctx.store.getSuggestion(id);
  if (s && s.status !== "new")
    throw new CoreError("conflict", `${id} was ${s.status} since: undo that first, then screen it again`);
  if (!ctx.screened) throw new CoreError("upstream_unavailable", "this device is not linked to the cloud");
  // The cloud row goes back to dropped first: if it cannot, nothing changes here either.
  const res = await ctx.screened("rescreen", id);
  if (!res.ok) throw refusal(res.error, id);
  if (s) {
    await ctx.store.deleteSuggestion(id);
    ctx.emit({ type: "suggestion.updated", suggestion: s });
  }
  await dropHeld(ctx.store, id);
  await setRestored(ctx.store, id, null);
  const sender = senderAddress(row.from);
  const rows = Object.values(await readMap<Row>(ctx.store, K.screened));
  if (!rows.some((o) => o.restoredAt !== null && senderAddress(o.from) === sender))
    await updateMap<number>(ctx.store, K.overrides, (m) => {
      delete m[sender];
    });
  return { item: toItem({ ...row, restoredAt: null }), suggestion: null };
}
