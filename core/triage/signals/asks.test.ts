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
    // The opener counts only with what it goes on to ask: alone, it is how a real new contact writes.
    const openers: [string, string][] = [
      ["Hi, sorry to bother you, is this Dr. Moreno?", "Add me on WhatsApp +1 415 555 0100."],
      [
        "Entschuldigung, falsche Nummer! Aber Sie wirken nett.",
        "Ich investiere in Krypto, soll ich es Ihnen zeigen?",
      ],
      ["Perdona, número equivocado. ¿De dónde eres?", "Yo me dedico a las inversiones en criptomonedas."],
      ["Scusa, ho sbagliato numero.", "Scrivimi su WhatsApp, ti spiego il mio lavoro nel trading di oro."],
      ["Désolée, mauvais numéro !", "Je fais du trading crypto, écris-moi sur Telegram."],
      ["佐藤様でしょうか？", "投資の仕事をしています。LINEで連絡ください。"],
      ["Is this Anna? Long time no see!", "Here are my photos: https://photos-share.example/anna"],
    ];
    for (const [b, ask] of openers) {
      const bare = await mail("amanda.lee88@gmail.com", "Hello", b);
      expect(on(bare, knows()), b).not.toContain("stranger_opener");
      const asking = await mail("amanda.lee88@gmail.com", "Hello", `${b}\n\n${ask}`);
      expect(on(asking, knows()), `${b} ${ask}`).toContain("stranger_opener");
      expect(on(asking, knows("amanda.lee88@gmail.com")), b).not.toContain("stranger_opener");
    }
    // A new contact's plain first hello, in a few languages: nothing asked, nothing raised.
    for (const b of [
      "Are you there?",
      "Hi, is this Pat? We met at the garden club on Saturday, it was nice talking about roses.",
      "Bist du da? Ich bin die neue Nachbarin von oben.",
      "¿Estás disponible? Soy Marta, la nueva de contabilidad.",
    ]) {
      const p = await mail("amanda.lee88@gmail.com", "Hello", b);
      expect(on(p, knows()), b).not.toContain("stranger_opener");
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

  it("gift cards count only with an ask for their codes, in six languages", async () => {
    for (const b of [
      "Please buy 5 Amazon gift cards of 100 each, scratch the back and send me the pictures.",
      "Kannst du 4 Apple-Geschenkkarten holen, freirubbeln und mir Fotos der Codes per Mail schicken?",
      "Tu pourrais acheter deux cartes cadeaux et m'envoyer les codes par mail ?",
      "Compra 3 tarjetas regalo de Google Play, rasca la parte de atrás y envíame los códigos.",
      "Compra 4 cartões-presente, raspa o verso e manda-me os códigos.",
      "Compra due carte regalo e mandami i codici per email.",
      "Appleギフトカードを5枚購入して、裏面を削ってコードの写真を送ってください。",
    ]) {
      expect(on(await mail("boss.office@gmail.com", "favour", b)), b).toContain("ask_gift_card_codes");
    }
    for (const b of [
      "We're collecting for a gift card for Priya's farewell: drop cash in the envelope on my desk.",
      "Wir sammeln für eine Geschenkkarte für Ruben, die Spardose steht bei mir.",
      "Your verification code is 551203. Enter it to sign in.",
    ]) {
      expect(on(await mail("colleague@ferrow.io", "x", b)), b).not.toContain("ask_gift_card_codes");
    }
  });

  it("a link host wearing a sharing service's name in front of another domain, not the service itself", async () => {
    const at = async (href: string) =>
      on(await mail("priya.raman@ferrow.io", "shared", "Open the file.", `<a href="${href}">Open</a>`));
    expect(await at("https://ferrow-my.sharepoint.com.secure-docview.top/:x:/p/q1")).toContain(
      "share_host_impostor",
    );
    expect(await at("https://dropbox.com-shared.files-secure.icu/s/x")).toContain("share_host_impostor");
    expect(await at("https://onedrive.live.com.file-access-portal.click/view")).toContain(
      "share_host_impostor",
    );
    for (const real of [
      "https://ferrow-my.sharepoint.com/:w:/p/dev/EYx0",
      "https://www.dropbox.com/s/abc/plan.pdf",
      "https://drive.google.com/drive/folders/1Zk4",
      "https://drive.example.org/share/9",
    ])
      expect(await at(real), real).not.toContain("share_host_impostor");
  });

  it("a voice message from outside the reader's organisation and not from a phone service", async () => {
    const reader: RuleContext = { reader: { addresses: ["maya.okafor@ferrow.io"] } };
    const voice = async (from: string, subject: string) =>
      on(await mail(from, subject, "Play message: https://example.net/play"), reader);
    for (const [from, subject] of [
      ["Voicemail <voicemail@vm-notify-center.com>", "New voicemail (0:42)"],
      ["Telefonanlage <ansage@telefonanlage-mailbox.de>", "Neue Sprachnachricht"],
      ["Buzón <buzon@avisos-centralita.es>", "Tiene un mensaje de voz nuevo"],
      ["Messagerie <m@notif-vocale-pro.fr>", "Nouveau message vocal"],
      ["Voz <v@notificacao-voz.pt>", "Nova mensagem de voz"],
      ["Segreteria <s@vocale-notifiche.it>", "Nuovo messaggio vocale"],
      ["留守番電話 <voice@rusuden-center.jp>", "新しい留守番電話メッセージ"],
    ])
      expect(await voice(from!, subject!), subject).toContain("voice_lure_outside");
    // The company's own phone system, a phone service, or no reader known: nothing.
    expect(await voice("Ferrow Phone <voicemail@ferrow.io>", "New voicemail")).not.toContain(
      "voice_lure_outside",
    );
    expect(await voice("Zoom <no-reply@zoom.us>", "New voicemail")).not.toContain("voice_lure_outside");
    expect(await voice("sipgate <noreply@sipgate.de>", "Neue Sprachnachricht")).not.toContain(
      "voice_lure_outside",
    );
    const noReader = await mail("v@vm-notify-center.com", "New voicemail", "Play it.");
    expect(on(noReader)).not.toContain("voice_lure_outside");
  });

  it("a reply from a domain one or two letters from the one its quoted thread holds", async () => {
    const reply = (from: string, quotedFrom: string) =>
      mail(
        from,
        "RE: Invoice 1187",
        `Please note our bank details have changed.\n\nOn 21 Nov 2026, Laura <${quotedFrom}> wrote:\n> Invoice attached.`,
      );
    expect(on(await reply("laura@brightwave-supp1y.com", "laura@brightwave-supply.com"))).toContain(
      "thread_lookalike_sender",
    );
    expect(on(await reply("admin@imprenta-castila.es", "admin@imprenta-castilla.es"))).toContain(
      "thread_lookalike_sender",
    );
    // The same domain, the same name under another ending, or an unrelated one: nothing.
    for (const [from, quoted] of [
      ["laura@brightwave-supply.com", "laura@brightwave-supply.com"],
      ["laura@brightwave-supply.de", "laura@brightwave-supply.com"],
      ["laura@brightwave-supply.com", "maya.okafor@ferrow.io"],
    ])
      expect(on(await reply(from!, quoted!)), from).not.toContain("thread_lookalike_sender");
  });

  it("a stranger greeting someone other than the reader by name; never the reader, a group or a known sender", async () => {
    const greet = async (b: string, rules = knows()) =>
      on(await mail("amy.chen88@gmail.com", "hi", b), rules);
    for (const b of [
      "Hi Jessica! It's Amy from the yoga class.",
      "Hallo Sabine, hast du die Fotos bekommen?",
      "Bonsoir Julien, tu viens jeudi ?",
      "Hola Carmen, ¿te viene bien el jueves?",
      "Olá Rita, já chegaste?",
      "Ciao Marco, ci vediamo domani?",
      "Hi, is this Thomas? My aunt gave me your email.",
    ])
      expect(await greet(b), b).toContain("stranger_greets_other");
    for (const b of [
      "Hi Maya, are you there?",
      "Hallo Frau Okafor, bist du da?",
      "Hi Team, the office is closed on Friday.",
      "Hallo Detlef, hallo Maya, wer kommt am Samstag?",
      "Hej,\nSedan uppdateringen synkar inte appen.",
      "Are you there?",
    ])
      expect(await greet(b), b).not.toContain("stranger_greets_other");
    expect(await greet("Hi Jessica!", knows("amy.chen88@gmail.com"))).not.toContain("stranger_greets_other");
    // Relationship unknown: nothing said.
    expect(on(await mail("amy.chen88@gmail.com", "hi", "Hi Jessica!"))).not.toContain(
      "stranger_greets_other",
    );
  });
});
