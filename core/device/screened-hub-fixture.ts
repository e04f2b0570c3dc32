import type { CloudScreenedItem, ScoutProposalFrame, ScreenedResultFrame } from "../protocol/frames.ts";
import type { ReadItemAnswer } from "./hub-link.ts";

/**
 * The hub's side of `screened_request` and `read_item` as the DeviceHub answers them (see
 * workers/device-hub/hub-screened.workers.test.ts), for device tests: dropped rows by id, "not spam" queues the row
 * and delivers it as a proposal, rescreen drops it again.
 */
export function fakeScreenedHub(deliver: (f: ScoutProposalFrame) => Promise<unknown>) {
  const rows = new Map<
    string,
    CloudScreenedItem & { status: "dropped" | "queued"; from: string; subject: string }
  >();
  const state = { online: true, reads: 0 };
  const add = (id: string, from: string, subject: string) =>
    rows.set(id, {
      proposalId: id,
      scoutId: "scout-g",
      source: "gmail",
      sourceMsgRef: `gm-${id}`,
      reason: "rules:bulk_sender",
      confidence: 0.96,
      createdAt: Date.parse("2026-11-20T07:00:00Z"),
      status: "dropped",
      from,
      subject,
    });
  const answer = (rest: Partial<ScreenedResultFrame>): ScreenedResultFrame => ({
    type: "screened_result",
    requestId: "s1",
    ok: true,
    ...rest,
  });
  async function screened(op: "list" | "restore" | "rescreen", id?: string): Promise<ScreenedResultFrame> {
    if (!state.online) return answer({ ok: false, error: "offline" });
    if (op === "list")
      return answer({
        items: [...rows.values()]
          .filter((r) => r.status === "dropped")
          .map(({ status: _s, from: _f, subject: _t, ...item }) => item),
      });
    const row = id ? rows.get(id) : undefined;
    const from = op === "restore" ? "dropped" : "queued";
    if (!row || row.status !== from) return answer({ ok: false, error: "not_found" });
    row.status = op === "restore" ? "queued" : "dropped";
    if (op === "restore")
      await deliver({
        type: "scout_proposal",
        proposalId: row.proposalId,
        scoutId: row.scoutId,
        source: "gmail",
        sourceMsgRef: row.sourceMsgRef,
        threadRef: null,
        verdict: "relevant",
        reason: `not spam; stage 1 said: ${row.reason}`,
        confidence: row.confidence,
        createdAt: row.createdAt,
        from: row.from,
        subject: row.subject,
        snippet: "",
      });
    return answer({});
  }
  async function readItemAnswer(id: string): Promise<ReadItemAnswer> {
    state.reads++;
    if (!state.online) return { error: "offline" };
    const row = rows.get(id);
    return row
      ? { item: { from: row.from, subject: row.subject, date: row.createdAt } }
      : { error: "not_found" };
  }
  return { rows, state, add, screened, readItemAnswer };
}
