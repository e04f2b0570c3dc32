import { describe, expect, it } from "vitest";
import { NAMED_FEATURES, namedValues } from "../features/named.ts";
import { type Preprocessed, preprocess } from "../preprocess/preprocess.ts";
import { saysUrgent } from "./content-rules.ts";
import { foldConfusables } from "./lookalike-rules.ts";
import { decideByRules, runRules } from "./run-rules.ts";

async function pre(headers: string[], body = "Hello there."): Promise<Preprocessed> {
  const p = await preprocess({
    kind: "email",
    ref: { source: "demo", id: "r" },
    raw: `${headers.join("\r\n")}\r\n\r\n${body}`,
  });
  if (!p.ok) throw new Error(p.reason);
  return p;
}
const ids = (p: Preprocessed, known?: Set<string>) =>
  runRules(p, known ? { knownSenders: known } : {}).map((h) => h.id);

describe("T0 rules", () => {
  it("recognise newsletters by List-Unsubscribe, List-Id and Precedence", async () => {
    const p = await pre([
      "From: News <news@shop.example>",
      "To: a@b.c",
      "List-Unsubscribe: <https://shop.example/u>",
      "List-Id: <deals.shop.example>",
      "Precedence: bulk",
    ]);
    expect(ids(p)).toEqual(expect.arrayContaining(["list_unsubscribe", "list_id", "bulk_precedence"]));
  });

  it("recognise transactional and social senders", async () => {
    expect(
      ids(await pre(["From: no-reply@store.example", "To: a@b.c", "Subject: Your order has shipped"])),
    ).toContain("transactional_sender");
    expect(ids(await pre(["From: LinkedIn <messages-noreply@linkedin.com>", "To: a@b.c"]))).toContain(
      "social_sender",
    );
  });

  it("file developer and work tools as notification senders, not social networks (LABELS.md)", async () => {
    const github = ids(
      await pre([
        "From: Ana Ruiz <notifications@github.com>",
        "To: a@b.c",
        "Subject: Re: [acme/api] Fix retry (PR #412)",
      ]),
    );
    expect(github).not.toContain("social_sender");
    expect(github).toContain("transactional_sender");
    const slack = ids(
      await pre(["From: Slack <feedback@slack.com>", "To: a@b.c", "Subject: New messages in #ops"]),
    );
    expect(slack).not.toContain("social_sender");
  });

  it("read SPF, DKIM and DMARC failures", async () => {
    const p = await pre([
      "From: a@bank.example",
      "To: a@b.c",
      "Authentication-Results: mx.example; spf=softfail smtp.mailfrom=bank.example; dkim=fail; dmarc=fail header.from=bank.example",
    ]);
    expect(ids(p)).toEqual(expect.arrayContaining(["auth_spf_fail", "auth_dkim_fail", "auth_dmarc_fail"]));
    const pass = await pre([
      "From: a@bank.example",
      "To: a@b.c",
      "Authentication-Results: mx; spf=pass; dkim=pass; dmarc=pass",
    ]);
    expect(ids(pass)).not.toContain("auth_spf_fail");
  });

  it("spot punycode and homoglyph look-alike domains but not the real brand", async () => {
    expect(ids(await pre(["From: x@xn--pypal-4ve.com", "To: a@b.c"]))).toContain("punycode_domain");
    expect(ids(await pre(["From: x@paypa1.com", "To: a@b.c"]))).toContain("homoglyph_domain");
    expect(ids(await pre(["From: x@rnicrosoft.com", "To: a@b.c"]))).toContain("homoglyph_domain");
    expect(ids(await pre(["From: x@paypal.com", "To: a@b.c"]))).not.toContain("homoglyph_domain");
    expect(foldConfusables("аррӏе")).toBe("apple");
  });

  it("flag display-name mismatches", async () => {
    expect(ids(await pre(['From: "ceo@acme.com" <ceo@gmail.example>', "To: a@b.c"]))).toContain(
      "display_name_mismatch",
    );
    expect(ids(await pre(['From: "PayPal Support" <help@secure-mail.example>', "To: a@b.c"]))).toContain(
      "display_name_mismatch",
    );
    expect(ids(await pre(['From: "Purchase Dept" <p@shop.example>', "To: a@b.c"]))).not.toContain(
      "display_name_mismatch",
    );
  });

  it("fire first_contact only when known senders are supplied", async () => {
    const p = await pre(["From: new@x.example", "To: a@b.c"]);
    expect(ids(p)).not.toContain("first_contact");
    expect(ids(p, new Set(["old@x.example"]))).toContain("first_contact");
    expect(ids(p, new Set(["new@x.example"]))).not.toContain("first_contact");
  });

  it("decide alone on impersonation plus pressure", async () => {
    const p = await pre(
      ['From: "Apple ID" <security@app1e-id.example>', "To: a@b.c", "Subject: Account suspended"],
      "Your account is suspended. Verify your account within 24 hours or it will be deleted.",
    );
    const d = decideByRules(runRules(p));
    expect(d?.verdict).toBe("spam");
    expect(d?.because).toEqual(expect.arrayContaining(["homoglyph_domain", "urgency_credentials"]));
    expect(decideByRules(runRules(await pre(["From: a@b.example", "To: c@d.e"])))).toBeUndefined();
  });

  it("count urgency a sender takes back as none, in the languages the urgency words cover", async () => {
    const urgent = /\b(urgent|dringend|urgente|pilne)\b/i;
    for (const calm of [
      "call me when you get a chance, nothing urgent. love mum",
      "Not urgent, but could you look at it next week?",
      "no rush at all — it's non-urgent",
      "Ist nicht dringend, meld dich einfach.",
      "No es urgente, cuando puedas.",
      "Rien d'urgent, c'est pas urgent du tout.",
      "Não é urgente, quando puderes.",
      "Nic pilnego, odezwij się.",
    ])
      expect(saysUrgent(urgent, calm), calm).toBe(false);
    for (const pressed of [
      "URGENT: production is down",
      "Not today: this is urgent",
      "Es urgente, hoy.",
      "Pilne!",
    ])
      expect(saysUrgent(urgent, pressed), pressed).toBe(true);
    const slot = NAMED_FEATURES.findIndex((f) => f.name === "urgency_words");
    const mum = await pre(
      ["From: Mum <rosa@mail.example>", "To: a@b.c", "Subject: call me"],
      "call me when you get a chance, nothing urgent. love mum",
    );
    expect(namedValues(mum, runRules(mum, {}))[slot]).toBe(0);
    const down = await pre(
      ["From: Ops <ops@co.example>", "To: a@b.c", "Subject: production is down"],
      "Nothing works, this is urgent.",
    );
    expect(namedValues(down, runRules(down, {}))[slot]).toBe(1);
  });

  it("pressure to pay needs a payment asked for, not the word payment", async () => {
    const urgentPay = async (subject: string, body: string) =>
      ids(await pre(["From: Ana <ana@co.example>", "To: a@b.c", `Subject: ${subject}`], body)).includes(
        "urgency_payment",
      );
    // Incident reports and notices that name payments without asking for one.
    const calm: [string, string][] = [
      [
        "urgent: checkout broken",
        "The payment page returns errors for every customer since noon. Please look immediately.",
      ],
      ["payment gateway outage", "Urgent: the payment provider's webhooks are failing, refunds are stuck."],
      ["urgent", "Payment received, thank you. Your order ships immediately."],
    ];
    for (const [subject, body] of calm) expect(await urgentPay(subject, body), body).toBe(false);
    // Asked for: to make, send or update, or due and outstanding, or an invoice or a wire.
    const asked: [string, string][] = [
      ["urgent", "Please make the payment today or the account will be suspended."],
      ["final notice", "Your payment is overdue. Pay now to avoid fees."],
      ["action needed immediately", "Update your payment method within 24 hours."],
      ["urgent", "Send the payment to the new bank account below."],
      ["urgent", "The invoice attached must be settled today."],
      ["asap", "Wire the funds to our account asap."],
    ];
    for (const [subject, body] of asked) expect(await urgentPay(subject, body), body).toBe(true);
  });

  it("says nobody is listed only of sent mail: a hand-written head without Date lists nobody because it was never sent", async () => {
    const bcc = await pre([
      "From: Ana <ana@co.example>",
      "Subject: hi",
      "Date: Tue, 03 Mar 2026 09:10:00 +0000",
    ]);
    expect(ids(bcc)).toContain("undisclosed_recipients");
    const hidden = await pre([
      "From: Ana <ana@co.example>",
      "To: undisclosed-recipients:;",
      "Subject: hi",
      "Date: Tue, 03 Mar 2026 09:10:00 +0000",
    ]);
    expect(ids(hidden)).toContain("undisclosed_recipients");
    const note = await pre(
      ["From: Ana <ana@co.example>", "Subject: budget review"],
      "Could we meet on Thursday?",
    );
    expect(ids(note)).not.toContain("undisclosed_recipients");
  });
});
