import { describe, expect, it } from "vitest";
import type { MailboxAction } from "../protocol/local-api.ts";
import { AUTO_ACTIONS, gateAction, IRREVERSIBLE_ACTIONS } from "./autonomy.ts";
import { applyControl, initialControl, type Switches } from "./control.ts";

const on: Switches = {
  control: initialControl,
  assistantEnabled: true,
  providers: {
    gmail: true,
    slack: true,
    demo: true,
    local_dir: true,
    local_mail: true,
    imap: true,
    jmap: true,
  },
};
const base = {
  source: "gmail" as const,
  confidence: 0.95,
  lowConfidenceThreshold: 0.6,
  initiator: "assistant" as const,
  confirmed: false,
  now: 1_000,
};

function gate(
  action: MailboxAction,
  level: number,
  extra: Partial<typeof base> & { templateId?: string; templateIds?: string[] } = {},
  switches = on,
) {
  return gateAction({ input: { ...base, action, level, ...extra }, switches });
}

describe("autonomy gating", () => {
  it.each([
    [0, "silent"],
    [1, "query"],
    [2, "suggest"],
    [3, "batch_suggest"],
  ] as const)("L%i never acts by itself (%s)", (level, mode) => {
    for (const action of AUTO_ACTIONS) {
      const d = gate(action, level);
      expect(d).toMatchObject({ allowed: false, mode, effectiveLevel: level });
    }
  });

  it.each([4, 5])("L%i acts on reversible actions only", (level) => {
    for (const action of AUTO_ACTIONS)
      expect(gate(action, level)).toMatchObject({ allowed: true, mode: "act" });
    expect(gate("trash", level)).toMatchObject({ allowed: false, mode: "ask" });
    expect(gate("draft_reply", level)).toMatchObject({ allowed: false, mode: "ask" });
  });

  it("L5 prepares replies only from a user-authored template", () => {
    expect(gate("draft_reply", 5, { templateId: "t1", templateIds: ["t1"] })).toMatchObject({
      allowed: true,
      mode: "act",
    });
    expect(gate("draft_reply", 5, { templateId: "evil", templateIds: ["t1"] })).toMatchObject({
      allowed: false,
    });
    expect(gate("draft_reply", 4, { templateId: "t1", templateIds: ["t1"] })).toMatchObject({
      allowed: false,
    });
  });

  it("irreversible actions always ask, at every level and for the person until confirmed", () => {
    for (const action of IRREVERSIBLE_ACTIONS) {
      for (let level = 0; level <= 5; level++)
        expect(gate(action, level)).toMatchObject({ allowed: false, mode: "ask" });
      expect(gate(action, 5, { initiator: "person" } as never)).toMatchObject({
        allowed: false,
        mode: "ask",
      });
      expect(gate(action, 0, { initiator: "person", confirmed: true } as never)).toMatchObject({
        allowed: true,
      });
    }
  });

  it("low confidence drops exactly one level", () => {
    expect(gate("archive", 4, { confidence: 0.3 })).toMatchObject({
      allowed: false,
      mode: "batch_suggest",
      effectiveLevel: 3,
    });
    expect(gate("archive", 5, { confidence: 0.3 })).toMatchObject({ allowed: true, effectiveLevel: 4 });
    expect(gate("archive", 0, { confidence: 0.1 })).toMatchObject({ mode: "silent", effectiveLevel: 0 });
  });

  it("travel mode caps proactive actions at L2 until its date, then lifts", () => {
    const travel = {
      ...on,
      control: applyControl({ state: initialControl, input: { command: "travel", until: 5_000 } }),
    };
    expect(gate("archive", 5, {}, travel)).toMatchObject({
      allowed: false,
      mode: "suggest",
      effectiveLevel: 2,
    });
    expect(gate("archive", 5, { now: 5_000 }, travel)).toMatchObject({ allowed: true, mode: "act" });
    expect(gate("archive", 1, {}, travel)).toMatchObject({ mode: "query" });
  });

  it("the kill switch, pause, master and provider toggles block everything, even the person", () => {
    const killed = { ...on, control: applyControl({ state: initialControl, input: { command: "kill" } }) };
    expect(gate("archive", 5, {}, killed)).toMatchObject({ allowed: false, mode: "blocked" });
    expect(gate("archive", 5, { initiator: "person" } as never, killed)).toMatchObject({
      allowed: false,
      mode: "blocked",
    });
    const resumed = { ...on, control: applyControl({ state: killed.control, input: { command: "resume" } }) };
    expect(gate("archive", 5, {}, resumed)).toMatchObject({ allowed: true });
    const paused = { ...on, control: applyControl({ state: initialControl, input: { command: "pause" } }) };
    expect(gate("label", 4, {}, paused).reasons).toEqual(["assistant is paused"]);
    expect(gate("label", 4, {}, { ...on, assistantEnabled: false }).mode).toBe("blocked");
    expect(gate("label", 4, {}, { ...on, providers: { ...on.providers, gmail: false } }).reasons).toEqual([
      "gmail is turned off",
    ]);
    expect(
      gate("label", 4, { source: "slack" } as never, { ...on, providers: { ...on.providers, gmail: false } })
        .allowed,
    ).toBe(true);
  });
});
