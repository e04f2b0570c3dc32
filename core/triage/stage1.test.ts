import { describe, expect, it } from "vitest";
import { createStage1Classifier } from "./stage1.ts";
import { Stage1Verdict } from "./stage1-contract.ts";

const ref = { source: "gmail" as const, id: "m1" };

describe("createStage1Classifier", () => {
  const c = createStage1Classifier();

  it("returns a valid verdict for ordinary mail", async () => {
    const v = Stage1Verdict.parse(
      await c.classify({
        kind: "email",
        ref,
        raw: "From: Ann <ann@example.com>\r\nTo: me@example.com\r\nSubject: Lunch\r\n\r\nLunch at 1?",
      }),
    );
    expect(v.verdict).toBe("relevant");
    expect(v.reason).toMatch(/^model:[a-z_:,+-]+;rules:/);
  });

  it("decides phishing by rules and names only rules in the reason", async () => {
    const raw = [
      'From: "PayPal Service" <service@paypa1-secure.example>',
      "To: me@example.com",
      "Subject: Account suspended",
      "",
      "Your account has been suspended. Verify your account immediately: https://paypa1-secure.example/login",
    ].join("\r\n");
    const v = await c.classify({ kind: "email", ref, raw });
    expect(v.verdict).toBe("spam");
    expect(v.reason).toMatch(/^decided:[a-z_,]+;rules:/);
    expect(v.reason).not.toMatch(/suspended|verify/i);
    expect(v.confidence).toBeGreaterThan(0.9);
  });

  it("turns hostile MIME into unparseable with the reason", async () => {
    const v = await c.classify({ kind: "email", ref, raw: "   " });
    expect(v).toEqual({ verdict: "unparseable", reason: "unparseable:empty", confidence: 1 });
  });

  it("classifies chat items", async () => {
    const v = await c.classify({
      kind: "chat",
      ref: { source: "slack", id: "C1:1.2" },
      text: "standup moved to 10",
      user: "U1",
      channel: "C1",
      ts: "1.2",
      date: 0,
    });
    expect(v.verdict).toBe("relevant");
  });

  it("does not put chat through the email-trained spam model", async () => {
    const chat = (text: string) =>
      c.classify({
        kind: "chat",
        ref: { source: "slack", id: "C1:1.3" },
        text,
        user: "U2",
        channel: "C1",
        ts: "1.3",
        date: 0,
      });
    const ordinary = await chat(
      "Can you review the launch checklist before 3pm today? The deck is in the drive.",
    );
    expect(ordinary).toMatchObject({ verdict: "relevant" });
    expect(ordinary.reason).toMatch(/^chat:rules_only;/);
  });
});
