import { describe, expect, it } from "vitest";
import { type Preprocessed, preprocess } from "../preprocess/preprocess.ts";
import type { RuleContext } from "../rules/types.ts";
import { type AskFeature, askSignals } from "./asks.ts";

async function mail(from: string, subject: string, body: string, html?: string): Promise<Preprocessed> {
  const head = [`From: ${from}`, "To: maya.okafor@ferrow.io", `Subject: ${subject}`, "Message-ID: <a@b>"];
  const raw = html
    ? [
        ...head,
        'Content-Type: multipart/alternative; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain; charset=utf-8",
        "",
        body,
        "--b",
        "Content-Type: text/html; charset=utf-8",
        "",
        html,
        "--b--",
        "",
      ].join("\r\n")
    : `${head.join("\r\n")}\r\n\r\n${body}`;
  const p = await preprocess({ kind: "email", ref: { source: "demo", id: "s" }, raw });
  if (!p.ok) throw new Error(p.reason);
  return p;
}
const on = (p: Preprocessed, rules?: RuleContext) =>
  Object.entries(askSignals(p, rules))
    .filter(([, v]) => v > 0)
    .map(([k]) => k as AskFeature);
const knows = (...senders: string[]): RuleContext => ({
  reader: { addresses: ["maya.okafor@ferrow.io"] },
  knownSenders: new Set(senders),
});

describe("what a threat asks", () => {
  it("a change of bank details, in six languages and across a hard line break", async () => {
    const bodies = [
      "Please note our bank details have\nchanged; pay INV-88 to our new account.",
      "Bitte beachten Sie unsere neue Bankverbindung ab Dezember.",
      "Veuillez noter notre nouveau RIB pour les prochains virements.",
      "Le informamos de nuestra nueva cuenta bancaria para los pagos.",
      "Informamos que temos um novo IBAN a partir de hoje.",
      "Vi har bytt bank, betala till vårt nya konto.",
      "Vi comunichiamo il nuovo IBAN per i pagamenti.",
      "今月より振込先口座が変更になりました。",
      "im Zuge der Umstellung hat sich unsere Bankverbindung geändert.",
    ];
    for (const b of bodies)
      expect(on(await mail("a@supplier.de", "Invoice", b)), b).toContain("ask_bank_change");
    expect(on(await mail("a@supplier.de", "Invoice", "Your invoice INV-88 is attached."))).not.toContain(
      "ask_bank_change",
    );
  });

  it("moving off the mail: messengers, a private address, 'reply only here', 'don't call'", async () => {
    for (const b of [
      "Add me on WhatsApp +44 7700 900123 for details.",
      "Escríbeme por WhatsApp, es más rápido.",
      "Schreiben Sie mir per Telegram: t.me/anna_jobs",
      "Please reply only to this address, not to the office.",
      "Ring inte växeln – svara bara på detta mejl.",
      "Répondez uniquement à mon adresse personnelle.",
    ])
      expect(on(await mail("a@x.de", "Hi", b)), b).toContain("ask_off_channel");
    expect(on(await mail("a@x.de", "Hi", "See you at the office on Monday."))).toEqual([]);
  });

  it("a share lure counts only when its link is not on a known sharing service or the sender's own", async () => {
    const lure = await mail(
      "Thomas <t@reinholz-elektro.de>",
      'Thomas shared "Angebot.pdf"',
      "Thomas hat eine Datei freigegeben. Datei öffnen: https://reinholz-my.sharepoint-docs.net/x",
    );
    expect(on(lure)).toContain("share_lure_unknown_host");
    const real = await mail(
      "Ana (via SharePoint) <no-reply@sharepointonline.com>",
      "Ana shared a folder with you",
      "Ana shared a folder with you. Open: https://estudiolara.sharepoint.com/:f:/g/obra",
    );
    expect(on(real)).not.toContain("share_lure_unknown_host");
    const sameName = await mail(
      "sipgate <voicemail@sipgate.de>",
      "Neue Sprachnachricht",
      "Sie haben eine neue Sprachnachricht: https://app.sipgate.com/voicemail",
    );
    expect(on(sameName)).not.toContain("share_lure_unknown_host");
    const html = await mail(
      "Daniel <daniel@okoro-apps.co.uk>",
      "Proposal",
      "Daniel shared a file with you.",
      '<p>Daniel shared a file with you.</p><a href="https://docs-view-secure.pages.dev/?u=k">View Document</a>',
    );
    expect(on(html)).toContain("share_lure_unknown_host");
    const sign = await mail(
      "Hiroshi Mori <h.mori@kumo-design.jp>",
      "Updated contract",
      "The contract is ready for your signature: https://kumo-design.e-sign-review.net/envelope/4471",
    );
    expect(on(sign)).toContain("share_lure_unknown_host");
  });

  it("a sign-in or payment ask and a casual opener count only from a sender known to be a stranger", async () => {
    const ask = await mail("it@helpdesk-mail.net", "Action", "Please confirm your password to keep access.");
    expect(on(ask, knows())).toContain("first_contact_sensitive_ask");
    expect(on(ask, knows("it@helpdesk-mail.net"))).not.toContain("first_contact_sensitive_ask");
    // Relationship unknown (no lookup): never treated as a stranger.
    expect(on(ask)).not.toContain("first_contact_sensitive_ask");
    expect(on(ask, { reader: { addresses: ["maya.okafor@ferrow.io"] } })).not.toContain(
      "first_contact_sensitive_ask",
    );
    for (const b of [
      "Hi, sorry to bother you, is this Dr. Moreno?",
      "Entschuldigung, falsche Nummer! Aber Sie wirken nett.",
      "Perdona, número equivocado. ¿De dónde eres?",
      "Scusa, ho sbagliato numero.",
      "佐藤様でしょうか？",
    ]) {
      const p = await mail("amanda.lee88@gmail.com", "Hello", b);
      expect(on(p, knows()), b).toContain("stranger_opener");
      expect(on(p, knows("amanda.lee88@gmail.com")), b).not.toContain("stranger_opener");
    }
  });

  it("paid tasks and commission jobs, not an ordinary job ad", async () => {
    for (const b of [
      "Simple tasks from your phone, commission per task, earn $300 per day.",
      "Als Produkttesterin erhalten Sie bis zu 2.400 € im Monat.",
      "Tareas sencillas desde casa, cobra por tarea.",
      "簡単な作業で日給30,000円",
    ])
      expect(on(await mail("hr@jobs-now.top", "Job", b)), b).toContain("task_job_offer");
    expect(
      on(await mail("talent@acme.io", "Role", "We are hiring a senior backend engineer in Berlin.")),
    ).not.toContain("task_job_offer");
  });

  it("chat items and messages that ask nothing carry none", async () => {
    expect(on(await mail("a@b.de", "Lunch", "Lunch at 12?"), knows())).toEqual([]);
  });
});
