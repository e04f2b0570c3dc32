/**
 * The CLI on exported `.eml` files with a head (From, To, Subject, Date) but no reader context, no
 * Gmail labels and no receiving-server stamps: the everyday shapes a person tries first, urgent
 * and not. Written for this test (stop 29) before the models it checks were trained; none is in
 * the corpus. On stop 28's models the outage was spam (stage 1, through `urgency_payment` reading
 * "the payment service" as a payment asked for) and low priority, and it sorted below the FYI
 * notes. `it.fails` marks what the models still get wrong (core/triage/README.md, stop 29).
 */
import { describe, expect, it } from "vitest";
import { triageFiles } from "../support/cli-triage.ts";

const eml = (from: string, subject: string, body: string, extra: string[] = []) =>
  [
    `From: ${from}`,
    "To: Robin Hale <robin.hale@northwind-labs.example>",
    `Subject: ${subject}`,
    "Date: Wed, 25 Nov 2026 14:07:00 +0000",
    `Message-ID: <${subject.length}.${from.length}@cli-urgency.example>`,
    "MIME-Version: 1.0",
    ...extra,
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");

const URGENT = {
  outage: eml(
    "Carla Mendes <carla.mendes@northwind-labs.example>",
    "URGENT: payments are down",
    "Robin, the payment service has been failing every request for ten minutes and customers cannot check out. Please join the incident call now.\n\nCarla",
  ),
  deadline: eml(
    "Owen Price <owen.price@northwind-labs.example>",
    "signature needed before 3pm today",
    "Hi Robin, the bank closes the transfer window at 3pm today. I need your signature on the loan form in the next hour or the deal slips to January. Can you sign it now?",
  ),
  german: eml(
    "Jonas Keller <jonas.keller@northwind-labs.example>",
    "Dringend: Datenbank voll",
    "Hallo Robin, die Produktionsdatenbank ist zu 99 % voll und die App schreibt keine Bestellungen mehr. Bitte sofort melden!\n\nJonas",
  ),
} as const;

const NOT_URGENT = {
  newsletter: eml(
    "Field Notes <hello@fieldnotes-weekly.example>",
    "Five reads for your weekend",
    "This week: a long read on city gardens, a recipe for winter soup and a short interview with a bookbinder. Read online: https://fieldnotes-weekly.example/issue/212\n\nUnsubscribe: https://fieldnotes-weekly.example/unsub",
    [
      "List-Unsubscribe: <https://fieldnotes-weekly.example/unsub>",
      "List-Id: <weekly.fieldnotes-weekly.example>",
    ],
  ),
  receipt: eml(
    "Lumen Books <orders@lumenbooks.example>",
    "Your receipt for order 55120",
    "Thanks for your order. 1 x 'The Quiet Garden' (paperback) 14.99 EUR, shipping 0.00 EUR, total 14.99 EUR, paid by card ending 4402. It ships within two days.",
  ),
  fyi: eml(
    "Mira Olsen <mira.olsen@northwind-labs.example>",
    "notes from today's design review",
    "Hi all, sharing my notes from the design review. We agreed to keep the current colour palette and revisit icons in January. No action needed.\n\nMira",
  ),
} as const;
type Name = keyof typeof URGENT | keyof typeof NOT_URGENT;

const results = triageFiles({ ...URGENT, ...NOT_URGENT });

describe("the CLI on exported mail with a head but no reader, labels or stamps", () => {
  it("none of them is spam", () => {
    for (const n of [...Object.keys(URGENT), ...Object.keys(NOT_URGENT)] as Name[])
      expect(results(n).verdict, n).toBe("relevant");
  });
  it("a same-day signature and a full production database (German) are urgent", () => {
    for (const n of ["deadline", "german"] as const) expect(results(n).bucket, n).toBe("urgent");
  });
  // Still informational (urgent 0.21 against 0.39): it reports what happened ("has been failing")
  // and asks to join a call "now", which no `when` input reads as today.
  it.fails("a colleague's outage report is urgent", () => {
    expect(results("outage").bucket).toBe("urgent");
  });
  it("a newsletter, a receipt and a colleague's FYI notes are not urgent", () => {
    for (const n of Object.keys(NOT_URGENT) as Name[]) expect(results(n).bucket, n).not.toBe("urgent");
  });
  it("urgent mail sorts above the rest", () => {
    const lowestUrgent = Math.min(...(Object.keys(URGENT) as Name[]).map((n) => Number(results(n).priority)));
    const highestOther = Math.max(
      ...(Object.keys(NOT_URGENT) as Name[]).map((n) => Number(results(n).priority)),
    );
    expect(lowestUrgent).toBeGreaterThan(highestOther);
  });
});
