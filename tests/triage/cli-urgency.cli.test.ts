/**
 * The CLI on exported `.eml` files with a head (From, To, Subject, Date) but no reader context, no
 * Gmail labels and no receiving-server stamps: the everyday shapes a person tries first, urgent
 * and not. Written for this test (stop 29) before the models it checks were trained; none is in
 * the corpus. On stop 28's models the outage was spam (stage 1, through `urgency_payment` reading
 * "the payment service" as a payment asked for) and low priority, and it sorted below the FYI
 * notes. Stop 30 added five more, none in the corpus: the issue's own "URGENT: production is
 * down", a deck due in 30 minutes, a parent calling from hospital, a recruiter's question relayed
 * by a social network and a short digest with no list headers (which stop 30's first retrain
 * called urgent). `it.fails` marks what the shipped models still get wrong (core/triage/README.md).
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
  // Stop 30: the issue's own example and a deadline in minutes.
  production: eml(
    "Priya <priya@northwind-labs.example>",
    "URGENT: production is down",
    "Prod is down. Checkout returns 500 for every customer. Please join the bridge now: https://meet.northwind-labs.example/inc",
  ),
  minutes: eml(
    "Mark Chen <mark.chen@northwind-labs.example>",
    "Need the deck in 30 min",
    "Board call moved up to 10:00. I need the updated revenue slide from you in the next 30 minutes, please. Sorry for the rush.",
  ),
} as const;

/** A recruiter's question relayed by a social network: `low_priority` by the label guide. */
const RELAYED = {
  inmail: eml(
    "LinkedIn <messages-noreply@linkedin.com>",
    "Ana Costa sent you a message",
    "Ana Costa\n\nHi Robin, loved your talk at the meetup. Would you be open to a quick chat about a senior role at our fintech?\n\nReply: https://www.linkedin.com/messaging/thread/2-abc\n\nYou are receiving LinkedIn notification emails. Unsubscribe: https://www.linkedin.com/e/unsub",
  ),
} as const;

/** A newsletter with no list headers, from a role address (the `pwa-actions` e2e digest). */
const BARE_DIGEST = {
  digest: eml(
    "Weekly Digest <news@weekly-digest.example>",
    "This week's digest: five stories worth your time",
    "Hello,\n\nThis week: why SQLite keeps winning at the edge, a small model that sorts your inbox, and reader mail.\n\nRead online at https://weekly-digest.example/issues/42\n\nThe Weekly Digest team",
  ),
} as const;

/** Needs the reader today, though the guide could read it as urgent or actionable. */
const FAMILY = {
  family: eml(
    "Dad <robert.hale@gmail.example>",
    "call me",
    "Robin, mum is in hospital, nothing serious but please call me when you get this.",
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
type Name =
  | keyof typeof URGENT
  | keyof typeof NOT_URGENT
  | keyof typeof FAMILY
  | keyof typeof RELAYED
  | keyof typeof BARE_DIGEST;

const results = triageFiles({ ...URGENT, ...NOT_URGENT, ...FAMILY, ...RELAYED, ...BARE_DIGEST });

describe("the CLI on exported mail with a head but no reader, labels or stamps", () => {
  const named = (...groups: object[]) => groups.flatMap((g) => Object.keys(g)) as Name[];
  it("none of them is spam", () => {
    for (const n of named(URGENT, NOT_URGENT, FAMILY, RELAYED, BARE_DIGEST))
      expect(results(n).verdict, n).toBe("relevant");
  });
  it("a same-day signature, a full production database (German), a colleague's outage report and a deck due in 30 minutes are urgent", () => {
    for (const n of ["deadline", "german", "outage", "minutes"] as const)
      expect(results(n).bucket, n).toBe("urgent");
  });
  // Actionable (stop 31): a three-line note from a first name whose only "when" is "now", which
  // is also how marketing talks; it still sorts above everything not urgent (below).
  it.fails("'URGENT: production is down … join the bridge now' is urgent", () => {
    expect(results("production").bucket).toBe("urgent");
  });
  it("a parent asking to be called from hospital needs the reader (urgent or actionable)", () => {
    expect(["urgent", "actionable"]).toContain(results("family").bucket);
  });
  it("a newsletter, a receipt, a colleague's FYI notes and a bare digest are not urgent", () => {
    for (const n of named(NOT_URGENT, BARE_DIGEST)) expect(results(n).bucket, n).not.toBe("urgent");
  });
  it("urgent mail, and the production note, sort above the rest", () => {
    const lowestUrgent = Math.min(...named(URGENT).map((n) => Number(results(n).priority)));
    const highestOther = Math.max(...named(NOT_URGENT, BARE_DIGEST).map((n) => Number(results(n).priority)));
    expect(lowestUrgent).toBeGreaterThan(highestOther);
  });
  // Urgent (priority 0.61 at stop 31): a question to "you" weighs more than the social sender.
  it.fails("a recruiter's question relayed by a social network is not urgent", () => {
    expect(results("inmail").bucket).not.toBe("urgent");
  });
});
