import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "../protocol/local-api.ts";
import { CANCELLED_NOTHING_TO_UNDO, selectUndoable } from "./ledger.ts";

const entry = (id: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  suggestionId: "s",
  scoutId: "gmail",
  action: "archive",
  targetRef: "m1",
  reversal: { action: "unarchive" },
  reversible: true,
  actor: "person",
  runId: "run-1",
  sessionId: null,
  undoOf: null,
  status: "applied",
  cloudLedgerId: null,
  error: null,
  createdAt: 1,
  undoneAt: null,
  ...over,
});

describe("selectUndoable", () => {
  it("says a cancelled action has nothing to undo, apart from failed or irreversible ones", () => {
    const { targets, skipped } = selectUndoable(
      [
        entry("a"),
        entry("b", { status: "cancelled", error: "cancelled by the kill switch" }),
        entry("c", { status: "failed" }),
        entry("d", { reversible: false, reversal: null }),
      ],
      { runId: "run-1" },
    );
    expect(targets.map((t) => t.id)).toEqual(["a"]);
    expect(skipped).toEqual([
      { id: "b", reason: CANCELLED_NOTHING_TO_UNDO },
      { id: "c", reason: "not applied (failed)" },
      { id: "d", reason: "irreversible" },
    ]);
  });
});
