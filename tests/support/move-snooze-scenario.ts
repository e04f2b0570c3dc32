import type { Suggestion } from "@scouts/core/protocol/local-api";
import { expect, it } from "vitest";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { wakeSnoozes } from "../../local-agent/services/snooze.ts";

const HOUR = 3_600_000;

/** One mail account on a real server, as the move/snooze scenario drives it (IMAP or JMAP). */
export interface MoveSnoozeWorld {
  /** The running agent (it may be restarted by `makeDue`). */
  agent(): RunningAgent;
  /** The agent's loopback API. */
  api(method: string, p: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Delivers a direct mail to the inbox and waits for its new suggestion; `key` is its Message-ID. */
  arrive(subject: string): Promise<{ s: Suggestion; key: string }>;
  /** The folders the message is in, as another client sees them (the inbox as "INBOX"). */
  folders(s: Suggestion, key: string): Promise<readonly unknown[] | null>;
  /** Moves the agent's clock forward (0 puts it back). */
  setOffset(ms: number): void;
  /** What the refusal says of a move to the folder "Nowhere" that the server does not have. */
  missingFolder: string;
  /** What the wake-up's ledger entry holds as its reversal (protocol-specific). */
  wakeReversal: Record<string, unknown>;
  /** Protocol checks after the move to Projects (the stored ref, the ledger's reversal). */
  afterMove?(s: Suggestion, key: string, ledgerId: string): Promise<void>;
  /** Moves the clock `ms` ahead so the snooze is due (a world may restart the agent around it). */
  makeDue(ms: number): Promise<void>;
  /** Protocol checks after the wake-up (the stored ref points at the inbox copy). */
  afterWake?(s: Suggestion, key: string): Promise<void>;
}

/**
 * Move to a named folder and snooze (a Snoozed folder, a wake-up back to the inbox), with their
 * undo: the same behaviour asked of every mail protocol. The server must have a folder "Projects".
 */
export function moveSnoozeScenario(w: MoveSnoozeWorld) {
  const act = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    w.api("POST", `/suggestions/${id}/actions`, { action, confirmed: true, ...extra });

  it("moves to a named folder and undo puts it back; a missing folder is refused", async () => {
    const { s, key } = await w.arrive("move me");
    const res = await act(s.id, "move", { folder: "Projects" });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
    expect(await w.folders(s, key)).toEqual(["Projects"]);
    await w.afterMove?.(s, key, String(res.body.ledgerId));

    const undone = await w.api("POST", `/ledger/${res.body.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([res.body.ledgerId]);
    expect(await w.folders(s, key)).toEqual(["INBOX"]);
    expect((await w.agent().ctx.stores.suggestions.get(s.id))?.status).toBe("new");

    const missing = await act(s.id, "move", { folder: "Nowhere" });
    expect(missing.body).toMatchObject({ status: "refused" });
    expect(String(missing.body.message)).toContain(w.missingFolder);
    const noFolder = await act(s.id, "move");
    expect(noFolder.status).toBe(400);
    expect(await w.folders(s, key)).toEqual(["INBOX"]);
  }, 60_000);

  it("snooze parks it in Snoozed (created); at its time it is back in the inbox as a suggestion", async () => {
    const { s, key } = await w.arrive("snooze me");
    const wakeAt = Date.now() + 2 * HOUR;
    const res = await act(s.id, "snooze", { until: wakeAt });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
    expect(await w.folders(s, key)).toEqual(["Snoozed"]);
    expect(await w.agent().ctx.stores.suggestions.get(s.id)).toMatchObject({
      status: "snoozed",
      snoozedUntil: wakeAt,
    });
    // Not due yet: nothing moves.
    expect(await wakeSnoozes(w.agent().ctx)).toEqual([]);
    expect(await w.folders(s, key)).toEqual(["Snoozed"]);

    await w.makeDue(3 * HOUR);
    expect((await wakeSnoozes(w.agent().ctx)).map((x) => x.id)).toEqual([s.id]);
    expect(await w.folders(s, key)).toEqual(["INBOX"]);
    expect(await w.agent().ctx.stores.suggestions.get(s.id)).toMatchObject({
      status: "new",
      snoozedUntil: null,
    });
    await w.afterWake?.(s, key);
    const listed = await w.api("GET", `/suggestions?status=new&limit=100`);
    expect((listed.body.items as Suggestion[]).map((x) => x.id)).toContain(s.id);
    const wake = (await w.agent().ctx.stores.ledger.forSuggestion(s.id)).find((e) => e.action === "unsnooze");
    expect(wake).toMatchObject({ status: "applied", reversal: w.wakeReversal });
    // A second tick finds nothing more to do, and the watcher makes no second suggestion of it.
    expect(await wakeSnoozes(w.agent().ctx)).toEqual([]);
    await new Promise((r) => setTimeout(r, 600));
    expect(
      (await w.agent().ctx.stores.suggestions.all()).filter((x) => x.subject === "snooze me"),
    ).toHaveLength(1);
    w.setOffset(0);
  }, 90_000);

  it("undoing a snooze before its time puts it back in the inbox, and it never wakes", async () => {
    const { s, key } = await w.arrive("snooze then undo");
    const res = await act(s.id, "snooze", { until: Date.now() + HOUR });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: "applied" });
    expect(await w.folders(s, key)).toEqual(["Snoozed"]);
    const undone = await w.api("POST", `/ledger/${res.body.ledgerId}/undo`);
    expect(undone.body.undone).toEqual([res.body.ledgerId]);
    expect(await w.folders(s, key)).toEqual(["INBOX"]);
    expect(await w.agent().ctx.stores.suggestions.get(s.id)).toMatchObject({
      status: "new",
      snoozedUntil: null,
    });
    w.setOffset(2 * HOUR);
    expect(await wakeSnoozes(w.agent().ctx)).toEqual([]);
    w.setOffset(0);
  }, 60_000);
}
