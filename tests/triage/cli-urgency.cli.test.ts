/**
 * The CLI on exported `.eml` files with a head (From, To, Subject, Date) but no reader context, no
 * Gmail labels and no receiving-server stamps: the everyday shapes a person tries first, urgent
 * and not. Written for this test (stop 29) before the models it checks were trained; none is in
 * the corpus. On stop 28's models the outage was spam (stage 1, through `urgency_payment` reading
 * "the payment service" as a payment asked for) and low priority, and it sorted below the FYI
 * notes. Stop 30 added four more, written before its models were trained: the issue's own
 * "URGENT: production is down", a deck due in 30 minutes, a parent calling from hospital and a
 * recruiter's question relayed by a social network. `it.fails` marks what the models still get
 * wrong (core/triage/README.md, stop 30).
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
  it("none of them is spam", () => {
    for (const n of [URGENT, NOT_URGENT, FAMILY, RELAYED, BARE_DIGEST].flatMap((g) =>
      Object.keys(g),
    ) as Name[])
      expect(results(n).verdict, n).toBe("relevant");
  });
  it("a same-day signature, a full production database (German), a colleague's outage report and a deck due in 30 minutes are urgent", () => {
    for (const n of ["deadline", "german", "outage", "minutes"] as const)
      expect(results(n).bucket, n).toBe("urgent");
  });
  // The issue's own example, as a three-line note from a first name: actionable (urgent 0.05
  // against 0.83 at stop 30, before the urgent shift). Nothing in it says when but "now", and "join … now" is also how
  // marketing talks; the `urgency` inputs (something down, said by a person) lost by grouped CV.
  it.fails("'URGENT: production is down … join the bridge now' is urgent", () => {
    expect(results("production").bucket).toBe("urgent");
  });
  it("a parent asking to be called from hospital needs the reader (urgent or actionable)", () => {
    expect(["urgent", "actionable"]).toContain(results("family").bucket);
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
  // Urgent at stop 30 (priority 0.66; urgent 0.65 against low priority 0.31 before the shift): a
  // question to "you" weighs more than the social sender, as text or HTML. The 33 social mails
  // added this stop (most of them relays like this one, low priority by the guide) did not undo it.
  it.fails("a recruiter's question relayed by a social network is not urgent and sorts below urgent mail", () => {
    expect(results("inmail").bucket).not.toBe("urgent");
    const lowestUrgent = Math.min(
      ...(["deadline", "german", "outage", "minutes"] as const).map((n) => Number(results(n).priority)),
    );
    expect(Number(results("inmail").priority)).toBeLessThan(lowestUrgent);
  });
  // Urgent at stop 30 (urgent 0.51 against low priority 0.27): with this stop's urgent training
  // mail (short alerts from tools are urgent by the guide) a short plain note from a role address
  // with no list headers reads as an alert; the same digest with List-Unsubscribe is low priority.
  it.fails("a plain weekly digest without list headers is not urgent", () => {
    expect(results("digest").bucket).not.toBe("urgent");
  });
});
