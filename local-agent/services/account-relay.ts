import { CoreError } from "@scouts/core/errors";
import {
  type AccountDecisionFrame,
  type AccountDecisionResultFrame,
  type AccountFoldersFrame,
  type AccountFoldersRequestFrame,
  type AccountRelayFrame,
  AccountSource,
  type AccountSuggestionsFrame,
  folderOfRef,
  MAX_RELAYED_FOLDERS,
  MAX_RELAYED_SUGGESTIONS,
  mailAccountOf,
  RelayedFolder,
  RelayedSuggestion,
} from "@scouts/core/protocol/account-relay";
import { MAX_RELAY_FRAME_BYTES } from "@scouts/core/protocol/frames";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import type { AccountFolder } from "@scouts/core/protocol/mail-accounts";
import { parseInput } from "@scouts/core/validate";
import { undo } from "./actions.ts";
import { shownAsListed } from "./assist.ts";
import type { AgentCtx } from "./context.ts";
import { decide } from "./decisions.ts";

type Send = (frame: AccountSuggestionsFrame | AccountDecisionResultFrame | AccountFoldersFrame) => boolean;
/** Lists one of the agent's mail accounts' folders (`not_found` for an account it does not have). */
export type ListFolders = (accountId: string) => Promise<AccountFolder[]>;

/** Approve from the phone runs these only: the others need the computer (a plan to read, a local model). */
const PHONE_ACTIONS = new Set(["archive", "label", "snooze", "task", "move"]);
/** A folder answer stays well under what the hub relays (it refuses larger frames). */
const FOLDERS_BUDGET_BYTES = MAX_RELAY_FRAME_BYTES / 2;

/** How long an answer is kept for a phone that asks again (its own wait is 20 s, plus a retry). */
export const ANSWER_MEMORY_MS = 10 * 60_000;
const MAX_ANSWERS = 500;

const isAccountSuggestion = (s: Suggestion) => AccountSource.safeParse(s.source).success;

/** The card the phone shows: sender, subject, a short snippet, bucket, why and the proposal. */
export function toRelayed(s: Suggestion): RelayedSuggestion {
  return RelayedSuggestion.parse({
    id: s.id,
    source: s.source,
    from: s.from.slice(0, 500),
    subject: s.subject.slice(0, 1_000),
    snippet: s.snippet.slice(0, 300),
    receivedAt: s.receivedAt,
    status: s.status,
    bucket: s.bucket,
    why: s.why.slice(0, 5).map((w) => w.slice(0, 200)),
    proposal: s.proposal ?? null,
    account: mailAccountOf(s),
    folder: folderOfRef(s.sourceMsgRef)?.slice(0, 500) ?? null,
  });
}

/** The folders as the phone's picker shows them: as many as fit one relayed frame, names cut to size. */
export function toRelayedFolders(folders: AccountFolder[]): RelayedFolder[] {
  const out: RelayedFolder[] = [];
  let bytes = 0;
  for (const f of folders) {
    // A path longer than the protocol allows could not be moved to by name: left out, not cut.
    const r = RelayedFolder.safeParse({
      ...f,
      name: f.name.slice(0, 500),
      specialUse: f.specialUse?.slice(0, 64) ?? null,
    });
    if (!r.success) continue;
    bytes += JSON.stringify(r.data).length;
    if (bytes > FOLDERS_BUDGET_BYTES || out.length >= MAX_RELAYED_FOLDERS) break;
    out.push(r.data);
  }
  return out;
}

/**
 * The agent's side of the account-suggestion relay: suggestions from its IMAP/JMAP accounts and
 * local mailbox go to the person's other devices through the hub (in memory there), and a
 * decision made on the phone is performed here, on the mail server, and answered with the result.
 *
 * @example const relay = createAccountRelay(ctx, (f) => link.send(f)); relay.handle(frame);
 */
export function createAccountRelay(ctx: AgentCtx, send: Send, batchMs = 200, listFolders?: ListFolders) {
  async function shown(items: Suggestion[]): Promise<RelayedSuggestion[]> {
    return (await shownAsListed(ctx))(items).map(toRelayed);
  }

  /** Everything new from the accounts, newest first, to one device or all of them. */
  async function snapshot(to?: string): Promise<void> {
    const page = await ctx.stores.suggestions.list({ status: "new", limit: 500 });
    const items = await shown(page.items.filter(isAccountSuggestion).slice(0, MAX_RELAYED_SUGGESTIONS));
    send({ type: "account_suggestions", full: true, items, agentOnline: true, ...(to ? { to } : {}) });
  }

  // Changes are sent in batches: a first sync of thousands of messages is a few frames a second, not one each.
  const due = new Map<string, Suggestion>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  async function flush(): Promise<void> {
    timer = null;
    const batch = [...due.values()];
    due.clear();
    for (let i = 0; i < batch.length; i += MAX_RELAYED_SUGGESTIONS) {
      const items = await shown(batch.slice(i, i + MAX_RELAYED_SUGGESTIONS));
      send({ type: "account_suggestions", full: false, items, agentOnline: true });
    }
  }

  /** A suggestion created or changed here (the watchers, the PWA, the CLI): the phones follow. */
  function changed(s: Suggestion): Promise<void> {
    if (!isAccountSuggestion(s)) return Promise.resolve();
    due.set(s.id, s);
    timer ??= setTimeout(() => {
      void flush().catch((e: unknown) =>
        ctx.logger.log("warn", "account_relay.failed", {
          code: e instanceof CoreError ? e.code : "internal",
        }),
      );
    }, batchMs);
    return Promise.resolve();
  }

  async function decideOne(f: AccountDecisionFrame): Promise<Omit<AccountDecisionResultFrame, "type">> {
    const s = await ctx.stores.suggestions.get(f.suggestionId);
    if (!s || !isAccountSuggestion(s)) throw new CoreError("not_found", "no such mail-account suggestion");
    if (f.op === "reject") {
      const r = await decide({ ctx, input: { id: s.id, request: { decision: "reject" } } });
      return { requestId: f.requestId, ok: true, message: "Rejected", item: toRelayed(r.suggestion) };
    }
    if (f.op === "approve") {
      if (s.status !== "new") throw new CoreError("conflict", `already ${s.status}`);
      const [listed] = await shown([s]);
      const action = f.action ?? listed?.proposal?.action;
      if (!action || !PHONE_ACTIONS.has(action.kind))
        throw new CoreError("bad_input", `${action?.kind ?? "this"} needs your computer: open Scouts there`);
      const r = await decide({ ctx, input: { id: s.id, request: { decision: "approve", action } } });
      if (r.outcome?.status !== "applied")
        throw new CoreError("upstream_unavailable", r.outcome?.message || "the mail server did not take it");
      const [item] = await shown([r.suggestion]);
      return {
        requestId: f.requestId,
        ok: true,
        message: r.outcome.message,
        item,
        ledgerId: r.outcome.ledgerId,
      };
    }
    const ledgerId = parseInput(RelayedSuggestion.shape.id, f.ledgerId, "ledgerId");
    const entry = await ctx.stores.ledger.get(ledgerId);
    // Only what was done to this suggestion: a phone cannot undo other ledger entries through here.
    if (!entry || entry.suggestionId !== s.id)
      throw new CoreError("not_found", "no such action on this suggestion");
    const r = await undo({ ctx, input: { ledgerId } });
    const skipped = r.skipped.find((x) => x.id === ledgerId);
    if (skipped || !r.undone.includes(ledgerId))
      throw new CoreError("conflict", skipped?.reason ?? "nothing to undo");
    const after = await ctx.stores.suggestions.get(s.id);
    const [item] = after ? await shown([after]) : [];
    return { requestId: f.requestId, ok: true, message: "Undone", ...(item ? { item } : {}) };
  }

  /**
   * Answers by (device, requestId), kept a while in memory: the phone sends a decision again until
   * it hears back (its answer can be lost when either side's hub socket drops mid-decision, and
   * `send` then returns false), so a repeat joins the run in progress or gets the same answer
   * again; the decision is never performed twice.
   */
  const answers = new Map<
    string,
    { at: number; result: Promise<Omit<AccountDecisionResultFrame, "type">> }
  >();
  function answerOf(f: AccountDecisionFrame) {
    const now = ctx.clock.now();
    for (const [k, v] of answers) if (now - v.at > ANSWER_MEMORY_MS) answers.delete(k);
    const key = `${f.from ?? ""}\n${f.requestId}`;
    const known = answers.get(key);
    if (known) return { repeat: true, result: known.result };
    const result = decideOne(f).catch((e: unknown) => {
      // CoreError messages are the agent's own words; anything else is named by its code only.
      ctx.logger.log("warn", "account_relay.decision_failed", {
        op: f.op,
        code: e instanceof CoreError ? e.code : "internal",
      });
      const error = e instanceof CoreError ? e.message.slice(0, 300) : "the agent could not do it";
      return { requestId: f.requestId, ok: false, error };
    });
    answers.set(key, { at: now, result });
    while (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
    return { repeat: false, result };
  }

  /** "Move to a folder…" on the phone: the account's folders, read from its server now (nothing kept). */
  async function folders(f: AccountFoldersRequestFrame): Promise<void> {
    const to = f.from ? { to: f.from } : {};
    let answer: Omit<AccountFoldersFrame, "type">;
    try {
      if (!listFolders) throw new CoreError("not_found", "this computer reads no mail accounts");
      answer = {
        requestId: f.requestId,
        ok: true,
        folders: toRelayedFolders(await listFolders(f.accountId)),
      };
    } catch (e) {
      ctx.logger.log("warn", "account_relay.folders_failed", {
        code: e instanceof CoreError ? e.code : "internal",
      });
      const error = e instanceof CoreError ? e.message.slice(0, 300) : "the agent could not list the folders";
      answer = { requestId: f.requestId, ok: false, error };
    }
    send({ type: "account_folders", ...to, ...answer });
  }

  async function handle(f: AccountRelayFrame): Promise<void> {
    if (f.type === "account_suggestions_request") return snapshot(f.from);
    if (f.type === "account_folders_request") return folders(f);
    if (f.type !== "account_decision") return;
    const to = f.from ? { to: f.from } : {};
    const started = ctx.clock.now();
    const { repeat, result } = answerOf(f);
    ctx.logger.log("info", "account_relay.decision", { op: f.op, repeat });
    const answer = await result;
    let sentOk: boolean;
    try {
      sentOk = send({ type: "account_decision_result", ...to, ...answer });
    } catch {
      // An answer the protocol refuses (too long, a bad item) still gets one the phone can show.
      sentOk = send({
        type: "account_decision_result",
        ...to,
        requestId: f.requestId,
        ok: false,
        error: "the agent could not send its answer",
      });
    }
    ctx.logger.log("info", "account_relay.decided", {
      op: f.op,
      ok: answer.ok,
      repeat,
      ms: ctx.clock.now() - started,
      sent: sentOk,
    });
  }

  return {
    snapshot,
    changed,
    handle,
    /** Sends what is waiting now (tests; stopping). */
    flush,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      due.clear();
      answers.clear();
    },
  };
}
export type AccountRelay = ReturnType<typeof createAccountRelay>;
