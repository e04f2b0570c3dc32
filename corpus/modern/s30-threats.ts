/**
 * Hand-written threats for stage-1 training, fifth batch (h/phish30, after the dev/test freeze):
 * mostly phishing written the way it arrives today and that the four earlier batches did not
 * cover — HR, payroll and benefits portals, e-signature and fax look-alikes on form builders,
 * web-app hosts, IPFS gateways, shorteners and open redirects, QR codes described in the text,
 * "approve this sign-in" and "your authenticator was reset" pages, calendar invitations whose
 * description holds the link and shared-calendar spam, road tolls, parking and ZTL fines, tax
 * refunds and pension portals in local languages, storage-full and mailbox-quota notices,
 * developer accounts (PyPI, a GitHub OAuth app, domain and certificate renewals), wallet "sync",
 * marketplace buyers whose payment is "on hold", and replies inside a real thread from a hijacked
 * mailbox — in en, de, fr, es, pt, it, nl, pl, sv and ja, each written on its own under an
 * `x-s30-` org (train only, `train-only.json`). The legitimate mail of the same worlds is in
 * `src/hand/s30-lookalikes.ts`. Running it rewrites these messages and their hand label lines
 * byte-identically and keeps every other line of labels/threats.jsonl:
 *
 *   npm exec -- node corpus/modern/s30-threats.ts
 */
import { type Entry, qrLikePng, simplePdf } from "./generate-threats.ts";
import { free, hijacked, own, PRIMARY, phish, relay, scam, spoof, writeThreatLabels } from "./threat-auth.ts";

export const entries: Entry[] = [
  // ---- HR, payroll and benefits portals ----
  {
    spec: {
      org: "x-s30-hr-benefits",
      name: "open-enrolment-2027-en",
      persona: "maya",
      from: "Ferrow People Team <benefits@ferrow-benefits.com>",
      subject: "Action required: 2027 benefits open enrolment closes Friday",
      date: "2026-11-23T09:31:06+01:00",
      html: `<div style="font-family:Arial,sans-serif;max-width:560px">
<h2 style="color:#1f3a5f">2027 Open Enrolment</h2>
<p>Hi Maya,</p>
<p>Open enrolment for next year's health, dental and pension top-up plans is now live. If you do not confirm your elections by <b>Friday 27 November</b>, your coverage will roll over to the <b>basic plan</b> and your pension top-up will be set to 0%.</p>
<p>This year you can also add a partner to the dental plan at no extra cost.</p>
<p style="text-align:center"><a href="https://forms.zohopublic.eu.ferrow-benefits.com/enrol/2027?uid=maya.okafor" style="background:#1f3a5f;color:#fff;padding:10px 22px;text-decoration:none;border-radius:4px">Review my benefits</a></p>
<p>You will be asked to sign in with your Ferrow Microsoft account to confirm your identity.</p>
<p>Thanks,<br>People Team</p>
</div>`,
      auth: own("ferrow-benefits.com", "172.86.75.19", "none"),
    },
    label: phish(
      "English benefits open-enrolment notice from ferrow-benefits.com (not the employer's domain) whose button asks for the work Microsoft login",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-hr-benefits",
      name: "salary-review-letter-en",
      persona: "maya",
      from: "HR Ferrow <hr@ferrow.io>",
      subject: "Your confidential salary review letter",
      date: "2026-11-25T17:48:22+01:00",
      text: `Maya,

Following this year's compensation review, your updated salary letter is ready. It is confidential: please don't forward it.

View your letter:
https://ipfs.io/ipfs/bafybeihx3kq7w2salaryreview/ferrow-comp.html#maya.okafor@ferrow.io

The document opens after you confirm your Ferrow email password. Letters are removed after 48 hours.

Human Resources`,
      auth: spoof("ferrow.io", "103.224.182.66", "vps-22871.hostwindsdns.com", "REJECT"),
    },
    label: phish(
      "English 'salary review letter' spoofing the employer's own domain (DMARC fail) with the document on an IPFS gateway asking for the email password",
      "en",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s30-hr-benefits",
      name: "mitarbeiterhandbuch-de",
      persona: "maya",
      from: "Personalabteilung <personal@ferrow-intern.de>",
      subject: "Aktualisiertes Mitarbeiterhandbuch – Bestätigung bis 30.11.",
      date: "2026-11-24T08:05:40+01:00",
      text: `Liebe Kolleginnen und Kollegen,

das Mitarbeiterhandbuch wurde zum 1. Dezember aktualisiert (Homeoffice-Regelung, Reisekosten, Rufbereitschaft). Jede Mitarbeiterin und jeder Mitarbeiter muss die Kenntnisnahme elektronisch bestätigen.

Zur Bestätigung: https://t.ly/Frw-Handbuch26

Nach der Anmeldung mit Ihren Microsoft-365-Zugangsdaten wird das Dokument zur Unterschrift angezeigt. Ohne Bestätigung kann die Gehaltsabrechnung für Dezember nicht freigegeben werden.

Ihr Personalteam`,
      auth: own("ferrow-intern.de", "91.215.85.144", "none"),
    },
    label: phish(
      "German 'updated employee handbook, confirm by 30.11.' from a look-alike ferrow-intern.de, a shortened link to a Microsoft 365 login",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s30-hr-benefits",
      name: "nomina-complemento-es",
      persona: "elena",
      from: "Sección de Nóminas – PDI <nominas@ucm-personal.es>",
      subject: "Regularización del complemento de productividad: confirme sus datos",
      date: "2026-11-20T10:22:51+01:00",
      text: `Estimada Dra. Ruiz Arnaiz:

Con motivo de la regularización del complemento de productividad investigadora, se abonará en la nómina de diciembre un importe de 1.184,20 €.

Para que el abono se incluya en esta nómina debe verificar sus datos antes del 26 de noviembre en el portal de personal:

https://ucm-personal-nominas.onrender.com/acceso

Acceda con su cuenta institucional (correo y contraseña de la UCM).

Sección de Nóminas
Vicerrectorado de Ordenación Académica`,
      auth: own("ucm-personal.es", "45.88.97.210", "none"),
    },
    label: phish(
      "Spanish payroll 'productivity bonus, verify your data' from ucm-personal.es with the portal on an onrender.com web app asking for the university password",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s30-hr-benefits",
      name: "payslip-ready-en",
      persona: "kenji",
      from: "Payroll Notifications <payslips@personio-payroll.net>",
      subject: "Your November payslip is available",
      date: "2026-11-26T07:12:09+09:00",
      text: `Hello Kenji,

Your payslip for November 2026 has been published.

Net pay: ¥ ●●●,●●●
Payment date: 25/11/2026

Because our payroll provider changed, your bank details must be re-confirmed before the December run. Open your payslip and confirm your account:

https://personio-payroll.net/employee/login?next=/payslips/2026-11

Payroll Team`,
      auth: own("personio-payroll.net", "193.149.176.52", "none"),
    },
    label: phish(
      "English 'payslip available, re-confirm your bank details' from personio-payroll.net, a login page on the sender's own look-alike domain",
      "en",
    ),
  },
  // ---- e-signature and fax look-alikes ----
  {
    spec: {
      org: "x-s30-esign-fax",
      name: "incoming-fax-html-en",
      persona: "maya",
      from: "eFax Delivery <delivery@efax-messaging.net>",
      subject: "Fax received: 3 page(s) from +1 646 555 0143",
      date: "2026-11-19T14:26:03+01:00",
      text: `You have received a 3 page fax at your eFax number.

Caller ID: +1 646 555 0143
Pages: 3
Received: Thu, 19 Nov 2026 13:25 GMT

The fax is attached (Fax_3pg_20261119.html). Open it in your browser and sign in with your email account to view the pages.`,
      attachments: [
        {
          filename: "Fax_3pg_20261119.html",
          type: "text/html",
          content: `<!doctype html><html><head><title>Fax viewer</title></head><body style="font-family:Segoe UI,sans-serif"><div style="margin:60px auto;width:340px"><h3>Secure fax viewer</h3><p>Sign in to view 3 pages</p><form action="https://submit-form.com/rX81kQp2" method="post"><input name="email" value="maya.okafor@ferrow.io"><br><input name="pass" type="password" placeholder="Password"><br><button>View fax</button></form></div></body></html>`,
        },
      ],
      auth: own("efax-messaging.net", "194.180.48.77", "none"),
    },
    label: phish(
      "English fax notice with an HTML attachment that is a sign-in form posting the password to a form-submission host",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-esign-fax",
      name: "sign-lease-addendum-en",
      persona: "lucas",
      from: "Marble & Key Lettings via eSign <sign@esign-docs-review.com>",
      subject: "Please review and sign: Lease Addendum – Rua da Rosa 112",
      date: "2026-11-22T11:40:37+00:00",
      text: `Marble & Key Lettings has sent you a document to review and sign.

Document: Lease Addendum – Rua da Rosa 112 (2 pages)
Message from sender: "Hi Lucas, the addendum with the new rent date as agreed. Please sign today so we can file it."

REVIEW DOCUMENT
https://www.google.com/url?q=https%3A%2F%2Fesign-review.jotform-docs.app%2Fsign%3Fe%3Dlucas&sa=D

Do not share this email. It contains a secure link to your document.`,
      auth: own("esign-docs-review.com", "5.181.156.23", "none"),
    },
    label: phish(
      "English e-signature request from esign-docs-review.com whose link runs through a Google open redirect to a look-alike signing page",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-esign-fax",
      name: "signature-avenant-ipfs-fr",
      persona: "lucas",
      from: "Cabinet Bertrand Notaires <signature@bertrand-notaires-actes.fr>",
      subject: "Document en attente de votre signature électronique",
      date: "2026-11-21T09:14:58+01:00",
      text: `Bonjour Monsieur Ferreira,

Un document vous a été adressé pour signature électronique :

« Avenant n°2 – Mission de maîtrise d'œuvre »

Pour consulter et signer le document, veuillez vous identifier avec votre adresse e-mail :
https://cloudflare-ipfs.com/ipfs/QmYv7hA2signavenant/index.html?u=lucas.ferreira.arq@gmail.com

Le lien est valable 72 heures.

Service Signature Électronique`,
      auth: own("bertrand-notaires-actes.fr", "185.236.231.19", "none"),
    },
    label: phish(
      "French electronic-signature request whose document sits on an IPFS gateway behind an e-mail and password sign-in",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s30-esign-fax",
      name: "firma-contratto-it",
      persona: "elena",
      from: "Ufficio Contratti – Convegno CLiC-it <contratti@clic-it-segreteria.org>",
      subject: "Contratto di collaborazione da firmare entro oggi",
      date: "2026-11-24T15:37:19+01:00",
      text: `Gentile Prof.ssa Ruiz Arnaiz,

in vista del suo intervento come relatrice invitata, le inviamo il contratto di collaborazione occasionale e il modulo per il rimborso delle spese.

Firma del documento: https://bit.ly/clicit-contratto-ruiz

Per firmare è necessario accedere con l'account di posta istituzionale. Senza firma entro oggi non possiamo prenotare il volo.

Cordiali saluti
Segreteria organizzativa`,
      auth: own("clic-it-segreteria.org", "94.156.64.12", "none"),
    },
    label: phish(
      "Italian 'sign the collaboration contract today' for an invited talk, a shortened link to a page asking for the institutional mail login",
      "it",
    ),
  },
  {
    spec: {
      org: "x-s30-esign-fax",
      name: "nieuwe-fax-nl",
      persona: "maya",
      from: "FaxMail Zakelijk <noreply@faxmail-zakelijk.nl>",
      subject: "Nieuwe fax ontvangen (2 pagina's)",
      date: "2026-11-20T10:51:44+01:00",
      text: `Er is een nieuwe fax voor u binnengekomen.

Afzender: 020 555 7741
Pagina's: 2
Onderwerp: Offerte serverruimte

Open de bijlage "Fax_2pag_offerte.htm" en log in met uw zakelijke e-mailadres om de fax te bekijken.

FaxMail Zakelijk`,
      attachments: [
        {
          filename: "Fax_2pag_offerte.htm",
          type: "text/html",
          content: `<html><body onload="location.href='https://faxview-nl.glitch.me/?e=maya.okafor%40ferrow.io'"><p>Fax wordt geladen…</p></body></html>`,
        },
      ],
      auth: own("faxmail-zakelijk.nl", "45.145.167.20", "none"),
    },
    label: phish(
      "Dutch fax notice whose .htm attachment redirects to a glitch.me login page prefilled with the reader's address",
      "nl",
    ),
  },
  // ---- QR codes described in the text ----
  {
    spec: {
      org: "x-s30-qr-lures",
      name: "scan-reverify-mfa-en",
      persona: "maya",
      from: "IT Service Desk <servicedesk@ferrow-it-support.com>",
      subject: "MFA re-registration required for your account",
      date: "2026-11-25T08:44:15+01:00",
      html: `<p>Hello Maya,</p>
<p>As part of the move to phishing-resistant sign-in, all staff must re-register multi-factor authentication by <b>27 November</b>. Accounts not re-registered will be blocked from Outlook and Teams.</p>
<p>Scan the code below with your phone's camera to re-verify your MFA:</p>
<p><img src="cid:mfaqr" width="180" height="180" alt="Scan to re-verify your MFA – Ferrow IT"></p>
<p>The code is personal and valid for 24 hours. Do not use a work laptop for this step.</p>
<p>IT Service Desk</p>`,
      attachments: [
        { filename: "mfa-qr.png", type: "image/png", content: qrLikePng("x-s30-qr-lures:1"), cid: "mfaqr" },
      ],
      auth: own("ferrow-it-support.com", "146.70.87.199", "none"),
    },
    label: phish(
      "English 'scan the code below to re-verify your MFA' from a look-alike IT domain: a QR code that moves the login phishing to the phone",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-qr-lures",
      name: "nyukan-card-qr-ja",
      persona: "kenji",
      from: "コワーキング渋谷 運営事務局 <info@cowork-shibuya-office.jp>",
      subject: "【重要】入館カードの更新と二段階認証の再設定について",
      date: "2026-11-21T13:02:47+09:00",
      text: `会員各位

いつもご利用ありがとうございます。
セキュリティ強化のため、12月1日より入館システムを新しくいたします。

添付のPDFにあるQRコードをスマートフォンで読み取り、会員アカウントにログインのうえ二段階認証を再設定してください。
再設定がお済みでない場合、12月1日以降は入館できなくなります。

コワーキング渋谷 運営事務局`,
      attachments: [
        {
          filename: "入館システム更新のご案内.pdf",
          type: "application/pdf",
          content: simplePdf([
            "Cowork Shibuya - Member access renewal",
            "Scan the QR code with your smartphone",
            "and sign in to re-register two-step verification.",
            "[QR CODE]",
            "Deadline: 30 November 2026",
          ]),
        },
      ],
      auth: own("cowork-shibuya-office.jp", "133.18.202.41", "none"),
    },
    label: phish(
      "Japanese coworking 'renew your entry card and reset two-step verification' with a QR code in the attached PDF leading to a login",
      "ja",
    ),
  },
  // ---- "approve this sign-in" and authenticator resets ----
  {
    spec: {
      org: "x-s30-mfa-approve",
      name: "approve-sign-in-en",
      persona: "maya",
      from: "Microsoft account team <account-security@msonline-verify.com>",
      subject: "Approve sign-in request from Windows 11 · Frankfurt",
      date: "2026-11-22T23:17:30+01:00",
      text: `We received a sign-in request for maya.okafor@ferrow.io

Device: Windows 11 · Edge
Location: Frankfurt am Main, DE
Time: 22 Nov 2026, 23:16

Your Authenticator app did not respond. To let this sign-in through, approve it here:
https://msonline-verify.com/approve?req=7XQ2-88KD

If this wasn't you, open the same page and select "Deny and secure my account".

Thanks,
The Microsoft account team`,
      auth: own("msonline-verify.com", "185.196.8.153", "none"),
    },
    label: phish(
      "English 'approve this sign-in' page on msonline-verify.com: both the approve and the deny button lead to the same credential page",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-mfa-approve",
      name: "authenticator-reset-en",
      persona: "kenji",
      from: "Google <no-reply@accounts-google.support>",
      subject: "Your authenticator was reset",
      date: "2026-11-24T02:38:56+09:00",
      text: `Your 2-Step Verification settings changed

kenji.sato.dev@gmail.com

Google Authenticator was removed from your account and a new device, "Pixel 6a", was added. If you did this, you don't need to do anything.

If you didn't, your account may be at risk. Restore your previous authenticator within 12 hours:
https://accounts-google.support/signin/v2/recovery?continue=authenticator

You received this email to let you know about important changes to your Google Account and services.`,
      auth: own("accounts-google.support", "193.233.254.61", "none"),
    },
    label: phish(
      "English 'your authenticator was reset' on accounts-google.support: a recovery page that takes the password and codes",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-mfa-approve",
      name: "potwierdz-logowanie-pl",
      persona: "maya",
      from: "Zespół bezpieczeństwa konta <bezpieczenstwo@konto-weryfikacja24.pl>",
      subject: "Nowe logowanie wymaga Twojego zatwierdzenia",
      date: "2026-11-20T19:05:12+01:00",
      text: `Cześć,

ktoś próbuje zalogować się na Twoje konto służbowe z nowego urządzenia (Android, Kraków).

Jeśli to Ty, zatwierdź logowanie i wpisz kod z aplikacji uwierzytelniającej:
https://konto-weryfikacja24.pl/zatwierdz?t=a91c

Jeśli to nie Ty, zablokuj dostęp pod tym samym adresem. Bez reakcji w ciągu 2 godzin konto zostanie tymczasowo zawieszone.

Zespół bezpieczeństwa`,
      auth: own("konto-weryfikacja24.pl", "77.91.124.38", "none"),
    },
    label: phish(
      "Polish 'approve the new sign-in and type the authenticator code' page on a look-alike verification domain",
      "pl",
    ),
  },
  {
    spec: {
      org: "x-s30-mfa-approve",
      name: "autentiseringsapp-aterstalld-sv",
      persona: "maya",
      from: "IT-support <it-support@ferrow-helpdesk.se>",
      subject: "Din autentiseringsapp har återställts",
      date: "2026-11-23T07:58:33+01:00",
      text: `Hej Maya,

din autentiseringsapp kopplades bort från ditt konto i samband med uppgraderingen av inloggningstjänsten i helgen.

Du behöver registrera appen igen innan måndag kl. 12, annars spärras inloggningen till e-post och VPN:

https://ferrow-helpdesk.se/mfa/registrera

Logga in med ditt vanliga lösenord och följ stegen.

Mvh
IT-support`,
      auth: own("ferrow-helpdesk.se", "89.248.163.100", "none"),
    },
    label: phish(
      "Swedish 'your authenticator app was reset, register again' from a look-alike helpdesk domain with a password and MFA page",
      "sv",
    ),
  },
  // ---- calendar invitations and shared-calendar spam ----
  {
    spec: {
      org: "x-s30-calendar",
      name: "invite-bonus-review-en",
      persona: "maya",
      from: "Daniel Weiss <daniel.weiss@ferrow-meetings.com>",
      subject: "Invitation: Q4 performance & bonus review @ Thu 26 Nov 2026 15:00 (CET)",
      date: "2026-11-24T12:10:05+01:00",
      text: `Daniel Weiss has invited you to a meeting.

Q4 performance & bonus review
Thursday 26 November 2026 · 15:00 – 15:30 (CET)

Description:
Please read your pre-filled review form before the meeting and acknowledge it:
https://ferrow-meetings.com/review/q4?u=maya.okafor
(sign in with your work account)

Accept · Tentative · Decline`,
      attachments: [
        {
          filename: "invite.ics",
          type: "text/calendar; method=REQUEST",
          content: `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Calendar//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:q4-review-88213@ferrow-meetings.com\r\nDTSTART:20261126T140000Z\r\nDTEND:20261126T143000Z\r\nSUMMARY:Q4 performance & bonus review\r\nDESCRIPTION:Read and acknowledge your review form: https://ferrow-meetings.com/review/q4?u=maya.okafor\r\nORGANIZER;CN=Daniel Weiss:mailto:daniel.weiss@ferrow-meetings.com\r\nATTENDEE;CN=Maya Okafor:mailto:maya.okafor@ferrow.io\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
        },
      ],
      auth: own("ferrow-meetings.com", "141.98.10.77", "none"),
    },
    label: phish(
      "English calendar invitation to a 'bonus review' whose description holds a link to a work-account login on a look-alike domain",
      "en",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s30-calendar",
      name: "shared-calendar-winners-en",
      persona: "kenji",
      from: "Rewards Desk <rewardsdesk.claims2026@gmail.com>",
      subject: "Rewards Desk shared a calendar with you",
      date: "2026-11-19T04:22:41+09:00",
      text: `Rewards Desk has shared the calendar "🎁 Claim Window – Winners 2026" with you.

Upcoming event:
Your USD 2,500 reward expires – Fri 20 Nov, 23:59

To release the reward, contact the claims agent on WhatsApp +1 (318) 555-0172 and quote code RW-4471. A small processing fee applies.

Add this calendar`,
      auth: free("rewardsdesk.claims2026@gmail.com", "209.85.220.69"),
    },
    label: scam(
      "English shared-calendar spam announcing a reward that is released on WhatsApp against a processing fee",
      "en",
      "notification",
    ),
  },
  {
    spec: {
      org: "x-s30-calendar",
      name: "evento-reembolso-es",
      persona: "elena",
      from: "Atención al Cliente <soporte.reembolsos.es@outlook.com>",
      subject: "Invitación: Devolución pendiente 349,00 € – llamar hoy",
      date: "2026-11-25T09:03:26+01:00",
      text: `Ha recibido una invitación de calendario.

Devolución pendiente 349,00 €
miércoles 25 de noviembre · 10:00 – 10:15

Descripción:
Se ha renovado su suscripción de protección de equipos por 349,00 €. Si no reconoce este cargo, llame hoy al 900 555 318 para cancelar y recibir el reembolso. Un técnico le guiará.

¿Asistirá? Sí · Quizás · No`,
      auth: free("soporte.reembolsos.es@outlook.com", "40.92.73.15"),
    },
    label: scam(
      "Spanish calendar invitation that invents a 349 € renewal and asks Elena to phone a 'refund' line: the callback support scam",
      "es",
      "notification",
    ),
  },
  // ---- tolls, parking and traffic fines, tax refunds, pensions ----
  {
    spec: {
      org: "x-s30-tolls-tax",
      name: "unpaid-toll-en",
      persona: "maya",
      from: "Dart Charge <noreply@dartcharge-payment.uk>",
      subject: "Unpaid crossing charge – vehicle B-MO 4417",
      date: "2026-11-18T18:46:11+01:00",
      html: `<p><b>Dart Charge</b></p>
<p>Our records show an unpaid crossing for vehicle <b>B-MO 4417</b> on 9 Nov 2026.</p>
<p>Amount due: <b>£2.50</b><br>If not paid by 20 Nov a Penalty Charge Notice of £70 will be issued.</p>
<p><a href="https://dartcharge-payment.uk/pay?ref=DC8841729">Pay now</a></p>
<p style="color:#777;font-size:11px">Reply STOP to opt out.</p>`,
      auth: own("dartcharge-payment.uk", "185.244.25.91", "none"),
    },
    label: phish(
      "English SMS-style unpaid road toll of £2.50 with a card payment page on dartcharge-payment.uk",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-tolls-tax",
      name: "parkeerboete-nl",
      persona: "maya",
      from: "Parkeerbeheer Amsterdam <info@parkeren-amsterdam-boete.nl>",
      subject: "Naheffingsaanslag parkeerbelasting – betaal binnen 48 uur",
      date: "2026-11-21T12:30:09+01:00",
      text: `Geachte heer/mevrouw,

Op 14-11-2026 om 16:42 is voor uw voertuig in de Jordaan geen parkeerbelasting betaald. U ontvangt hiervoor een naheffingsaanslag van € 71,40.

Betaalt u binnen 48 uur, dan vervalt de verhoging van € 38,90:
https://parkeren-amsterdam-boete.nl/betalen?kenmerk=NH2611-4471

Met vriendelijke groet,
Parkeerbeheer`,
      auth: own("parkeren-amsterdam-boete.nl", "45.61.136.77", "none"),
    },
    label: phish(
      "Dutch parking-tax assessment from a look-alike domain with a 48-hour payment link to a card page",
      "nl",
    ),
  },
  {
    spec: {
      org: "x-s30-tolls-tax",
      name: "multa-ztl-firenze-it",
      persona: "elena",
      from: "Polizia Municipale – Verbali <verbali@ztl-firenze-pagamenti.it>",
      subject: "Verbale n. 2026/88412 – accesso ZTL non autorizzato",
      date: "2026-11-23T11:19:44+01:00",
      text: `Gentile utente,

il veicolo noleggiato a suo nome è transitato nella ZTL del centro storico di Firenze il 02/11/2026 alle 10:14 senza autorizzazione.

Importo ridotto (entro 5 giorni): 58,80 €
Importo dopo 5 giorni: 84,00 €

Pagamento online con carta: https://ztl-firenze-pagamenti.it/verbale/2026-88412

Polizia Municipale`,
      auth: own("ztl-firenze-pagamenti.it", "91.92.240.63", "none"),
    },
    label: phish(
      "Italian ZTL fine for a hire car with a card payment page on a look-alike municipal domain",
      "it",
    ),
  },
  {
    spec: {
      org: "x-s30-tolls-tax",
      name: "skatteaterbaring-sv",
      persona: "maya",
      from: "Skatteverket <meddelande@skatteverket-aterbetalning.se>",
      subject: "Omprövning klar: 3 412 kr att betala ut till dig",
      date: "2026-11-19T09:55:21+01:00",
      text: `Hej,

Vid omprövningen av din deklaration för 2025 har vi räknat fram en skatteåterbäring på 3 412 kr.

För att pengarna ska betalas ut behöver du bekräfta ditt kort eller bankkonto senast 25 november:
https://skatteverket-aterbetalning.se/utbetalning

Skatteverket`,
      auth: spoof("skatteverket-aterbetalning.se", "176.111.174.90", "server1.hostkey.se", "NONE"),
    },
    label: phish(
      "Swedish tax refund look-alike asking for card or bank details on skatteverket-aterbetalning.se (SPF softfail, no DKIM)",
      "sv",
    ),
  },
  {
    spec: {
      org: "x-s30-tolls-tax",
      name: "rentenkonto-de",
      persona: "maya",
      from: "Deutsche Rentenversicherung <service@drv-onlinedienste.de>",
      subject: "Ihre Renteninformation 2026 liegt im Postfach bereit",
      date: "2026-11-24T13:41:02+01:00",
      text: `Sehr geehrte Frau Okafor,

Ihre Renteninformation 2026 wurde in Ihr elektronisches Postfach eingestellt. Bitte prüfen Sie die gespeicherten Versicherungszeiten, insbesondere Ihre Beschäftigungszeiten im Ausland.

Zum Postfach: https://drv-onlinedienste.de/postfach/anmelden

Zur Anmeldung benötigen Sie Ihre Versicherungsnummer, Ihr Passwort und die Bankverbindung für die Identitätsprüfung.

Mit freundlichen Grüßen
Ihre Deutsche Rentenversicherung`,
      auth: own("drv-onlinedienste.de", "212.87.204.16", "none"),
    },
    label: phish(
      "German pension-statement look-alike on drv-onlinedienste.de asking for the insurance number, password and bank details",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s30-tolls-tax",
      name: "multa-emel-pt",
      persona: "lucas",
      from: "Estacionamento Lisboa <avisos@emel-pagamentos.pt>",
      subject: "Aviso de contraordenação – estacionamento",
      date: "2026-11-20T17:08:39+00:00",
      text: `Caro(a) condutor(a),

Foi registada uma infração de estacionamento (zona vermelha, Rua de São Bento) no dia 13/11/2026.

Valor a pagar: 30,00 €
Prazo: 3 dias úteis, findo o qual o processo segue para cobrança coerciva.

Pague por MB WAY ou cartão: https://emel-pagamentos.pt/pagar?ref=CO-261113-774

EMEL`,
      auth: own("emel-pagamentos.pt", "185.231.154.44", "none"),
    },
    label: phish(
      "Portuguese parking-offence notice from a look-alike emel-pagamentos.pt with a card and MB WAY payment page",
      "pt",
    ),
  },
  // ---- storage full, photos deleted, mailbox quota ----
  {
    spec: {
      org: "x-s30-storage-quota",
      name: "icloud-storage-full-en",
      persona: "kenji",
      from: "iCloud <noreply@icloud-storage-billing.com>",
      subject: "Your photos and videos will be deleted on 30 November",
      date: "2026-11-25T06:30:14+09:00",
      text: `Your iCloud storage is full.

Your payment method was declined when we tried to renew your 200 GB plan. Your account has been moved to 5 GB, and 1,864 photos and 92 videos that no longer fit will be deleted on 30 November.

Update your payment method to keep them:
https://icloud-storage-billing.com/renew?id=ks-200

Apple ID: kenji.sato.dev@gmail.com`,
      auth: own("icloud-storage-billing.com", "5.42.92.110", "none"),
    },
    label: phish(
      "English 'iCloud storage full, photos will be deleted' with a card update page on icloud-storage-billing.com",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-storage-quota",
      name: "mailbox-quota-en",
      persona: "elena",
      from: "Mail Administrator <postmaster@ruizarnaiz-mail.es>",
      subject: "elena@ruizarnaiz.es: mailbox 98% full – incoming mail on hold",
      date: "2026-11-22T08:03:57+01:00",
      html: `<table style="font-family:Tahoma,sans-serif;border:1px solid #ccc;width:480px"><tr><td style="background:#c0392b;color:#fff;padding:8px"><b>Storage warning</b></td></tr>
<tr><td style="padding:12px">
<p>Mailbox: elena@ruizarnaiz.es</p>
<p>Used: <b>9.81 GB of 10 GB</b></p>
<div style="background:#eee;width:100%"><div style="background:#c0392b;width:98%;height:10px"></div></div>
<p>14 incoming messages are on hold. Upgrade your quota for free or they will be returned to the senders.</p>
<p><a href="https://ruizarnaiz-mail.es/webmail/quota?user=elena">Increase quota</a></p>
</td></tr></table>`,
      auth: own("ruizarnaiz-mail.es", "194.26.29.120", "none"),
    },
    label: phish(
      "English mailbox-quota warning for Elena's own domain from a look-alike ruizarnaiz-mail.es, the 'increase quota' link a webmail login",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-storage-quota",
      name: "fotos-eliminadas-pt",
      persona: "lucas",
      from: "Google Fotos <fotos@armazenamento-conta.com>",
      subject: "Lucas, as suas fotos do Google Fotos vão ser eliminadas",
      date: "2026-11-23T20:14:30+00:00",
      text: `Olá Lucas,

a sua conta excedeu o espaço de armazenamento gratuito há mais de 24 meses. De acordo com a política de contas inativas, as fotografias e vídeos guardados (incluindo as pastas "Obra Alfama" e "Portfólio 2025") vão ser eliminados a 1 de dezembro.

Ative 100 GB por 1,99 €/mês e mantenha tudo:
https://armazenamento-conta.com/google-one/pt?u=lucas.ferreira.arq

Equipa Google`,
      auth: own("armazenamento-conta.com", "103.35.190.12", "none"),
    },
    label: phish(
      "Portuguese 'your Google Photos will be deleted' with a storage-plan card page on armazenamento-conta.com",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s30-storage-quota",
      name: "stockage-plein-fr",
      persona: "lucas",
      from: "Service Cloud <info@cloud-espace-client.fr>",
      subject: "Dernier rappel : votre espace de stockage est saturé",
      date: "2026-11-26T07:45:08+01:00",
      text: `Bonjour,

Votre espace de stockage en ligne est plein (50 Go / 50 Go). Les nouvelles photos de votre téléphone ne sont plus sauvegardées.

En tant que client fidèle, vous pouvez obtenir 500 Go supplémentaires pour 1,99 € seulement.

Profiter de l'offre : https://cloud-espace-client.fr/offre?c=LF261

Service Cloud`,
      auth: relay("mailer-cloud-promo.com", "23.94.171.18"),
    },
    label: phish(
      "French 'storage full, 500 GB for 1.99 €' card-harvesting lure sent through a bulk relay",
      "fr",
    ),
  },
  // ---- developer accounts ----
  {
    spec: {
      org: "x-s30-dev-accounts",
      name: "pypi-verify-packages-en",
      persona: "kenji",
      from: "PyPI <admin@pypi-mirror.org>",
      subject: "[PyPI] Mandatory account verification – your projects will be removed",
      date: "2026-11-21T01:12:48+09:00",
      text: `Hello kenji-sato,

As part of our ongoing work against malicious packages, all maintainers must verify their account and email address before 25 November 2026.

Projects owned by unverified accounts (including tanuki-cli and kenji-sato-utils) will be removed from the index and their names released.

Verify your account: https://pypi-mirror.org/account/verify/?user=kenji-sato

You will be asked to sign in and confirm your two-factor code.

Thanks,
The PyPI Admins`,
      auth: own("pypi-mirror.org", "178.236.247.19", "none"),
    },
    label: phish(
      "English PyPI look-alike 'verify your account or your projects will be removed' on pypi-mirror.org asking for the password and 2FA code",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-dev-accounts",
      name: "github-oauth-ci-insights-en",
      persona: "kenji",
      from: "CI Insights <hello@ci-insights-app.dev>",
      subject: "Your tanuki-cli builds got 3× slower — see why",
      date: "2026-11-24T10:27:36+09:00",
      html: `<div style="font-family:-apple-system,Segoe UI,sans-serif;max-width:540px">
<p>Hi Kenji,</p>
<p>We ran a free analysis of the public workflows in <b>kenji-sato/tanuki-cli</b>. Median CI time went from 2m 10s to 6m 48s over the last 30 days; three jobs restore no cache.</p>
<p>Connect the repository to see the full report and one-click fixes:</p>
<p><a href="https://github.com/login/oauth/authorize?client_id=Iv1.8f2d9c0a7b14e3d1&amp;scope=repo%20workflow%20admin:org%20delete_repo&amp;redirect_uri=https://ci-insights-app.dev/cb" style="background:#24292f;color:#fff;padding:9px 18px;border-radius:6px;text-decoration:none">Continue with GitHub</a></p>
<p style="color:#666;font-size:12px">Free for open source. You can revoke access at any time.</p>
</div>`,
      auth: own("ci-insights-app.dev", "64.176.4.55", "none"),
    },
    label: phish(
      "English OAuth-consent lure: a real GitHub authorize page for a fake CI app asking for repo, workflow, admin:org and delete_repo scopes",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-dev-accounts",
      name: "domain-renewal-en",
      persona: "kenji",
      from: "Domain Services <renewals@domain-renewal-notice.net>",
      subject: "FINAL NOTICE: kenjisato.dev expires in 3 days",
      date: "2026-11-25T18:55:02+09:00",
      text: `Domain: kenjisato.dev
Expiration date: 28 November 2026
Status: AUTO-RENEW FAILED

Your card on file was declined. After expiry your website and email on kenjisato.dev will stop working and the domain may be registered by someone else.

Renew now (1 year, $14.99): https://domain-renewal-notice.net/renew?d=kenjisato.dev

Domain Services – Renewals Department`,
      auth: own("domain-renewal-notice.net", "198.98.54.204", "none"),
    },
    label: phish(
      "English 'auto-renew failed, your domain expires in 3 days' with a card page on domain-renewal-notice.net",
      "en",
    ),
  },
  // ---- wallets ----
  {
    spec: {
      org: "x-s30-wallet",
      name: "wallet-sync-seed-en",
      persona: "kenji",
      from: "Wallet Support <support@walletsync-validate.io>",
      subject: "Wallet out of sync: validate before the network upgrade",
      date: "2026-11-20T22:40:13+09:00",
      text: `Hello,

Your wallet failed to synchronise with the new node network (block 21,884,102). Wallets that are not validated before 30 November will show a zero balance until they are manually restored, which can take up to 90 days.

Validation takes less than a minute:
1. Open https://walletsync-validate.io/connect
2. Choose your wallet
3. Enter your 12 or 24-word recovery phrase to re-sync

Our team will never ask for your password.

Wallet Support`,
      auth: own("walletsync-validate.io", "45.155.205.99", "none"),
    },
    label: phish(
      "English 'wallet out of sync' lure whose validation page asks for the 12/24-word recovery phrase",
      "en",
    ),
  },
  // ---- marketplace buyers, payment on hold ----
  {
    spec: {
      org: "x-s30-marketplace",
      name: "wallapop-pago-retenido-es",
      persona: "elena",
      from: "Wallapop Envíos <envios@wallapop-pagos-seguros.com>",
      subject: "Tu comprador ya ha pagado: confirma para recibir 185 €",
      date: "2026-11-22T16:22:45+01:00",
      html: `<div style="font-family:Helvetica,Arial;max-width:500px">
<p style="font-size:18px;color:#13c1ac"><b>¡Enhorabuena, has vendido!</b></p>
<p>Artículo: <b>Bicicleta plegable Brompton</b><br>Importe: <b>185,00 €</b></p>
<p>El comprador ha pagado y el dinero está retenido en Wallapop Protect. Para recibirlo en tu tarjeta, confirma tus datos de cobro:</p>
<p><a href="https://wallapop-pagos-seguros.com/cobro/48812">Recibir el pago</a></p>
<p style="font-size:12px;color:#888">Un mensajero recogerá el paquete en tu domicilio.</p>
</div>`,
      auth: own("wallapop-pagos-seguros.com", "185.117.90.142", "none"),
    },
    label: phish(
      "Spanish Wallapop look-alike 'your buyer has paid, confirm to receive 185 €' with a page that takes card details",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s30-marketplace",
      name: "olx-comprador-pt",
      persona: "lucas",
      from: "OLX Portugal <entregas@olx-pt-pagamento.com>",
      subject: "O pagamento do comprador está em espera",
      date: "2026-11-24T13:06:31+00:00",
      text: `Olá Lucas,

o comprador do anúncio "Candeeiro de arquiteto Luxo L-1" pagou 120,00 € com Entrega OLX. O pagamento está em espera até confirmar os dados do cartão onde quer receber o valor.

Receber pagamento: https://olx-pt-pagamento.com/receber/991204

Depois de confirmar, a transportadora recolhe o artigo amanhã.

Equipa OLX`,
      auth: own("olx-pt-pagamento.com", "91.240.118.50", "none"),
    },
    label: phish(
      "Portuguese OLX look-alike 'buyer's payment on hold' asking the seller for card details to receive the money",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s30-marketplace",
      name: "kleinanzeigen-kurier-de",
      persona: "maya",
      from: "Jonas Kettler <jonas.kettler77@gmx.de>",
      subject: "Re: Schreibtisch höhenverstellbar",
      date: "2026-11-21T20:11:54+01:00",
      text: `Hallo,

ich nehme den Schreibtisch für 240 € wie inseriert. Ich wohne in Hamburg und schicke eine Spedition. Ich überweise Ihnen 390 €, damit Sie dem Fahrer bei Abholung die 150 € Transportkosten bar geben können.

Die Überweisung habe ich schon angewiesen, die Bank schickt Ihnen die Bestätigung. Bitte schreiben Sie mir Ihre Adresse und WhatsApp.

Gruß Jonas`,
      auth: free("jonas.kettler77@gmx.de", "212.227.17.21"),
    },
    label: scam(
      "German marketplace 'buyer' overpaying and asking Maya to hand the difference to the courier in cash: the overpayment scam",
      "de",
    ),
  },
  // ---- replies inside a real thread from a hijacked mailbox ----
  {
    spec: {
      org: "x-s30-hijacked-thread",
      name: "updated-invoice-link-en",
      persona: "lucas",
      from: "Catarina Moura <catarina@mouraeassociados.pt>",
      subject: "Re: Fee proposal – Quinta do Lago extension",
      date: "2026-11-25T10:44:03+00:00",
      inReplyTo: "<CAF9x2kLq8@mail.gmail.com>",
      text: `Hi Lucas,

As discussed, the updated invoice with the revised stage 2 fees is here:

https://mouraeassociados-my.sharepoint.com.doc-viewer.page/:b:/invoice-ql-2611

It's protected, so just sign in with your email to open it. Let me know if the numbers work.

Best,
Catarina

On Mon, 23 Nov 2026 at 18:02, Lucas Ferreira <lucas.ferreira.arq@gmail.com> wrote:
> Hi Catarina,
> thanks, the proposal looks fine. Can you send the invoice for stage 2 with the revised hours?
> Lucas
>
> On Fri, 20 Nov 2026, Catarina Moura <catarina@mouraeassociados.pt> wrote:
>> Lucas, attached our fee proposal for the Quinta do Lago extension.`,
      auth: hijacked(
        "catarina@mouraeassociados.pt",
        "52.100.174.33",
        "mail-db8pr09cu001.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "English reply inside a real thread from the client's hijacked mailbox (authentication passes): 'the updated invoice' on a SharePoint-named login host",
      "en",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s30-hijacked-thread",
      name: "remittance-updated-account-en",
      persona: "maya",
      from: "Owen Gallagher <owen.gallagher@brightloop-consulting.ie>",
      subject: "RE: Ferrow – SOW #14 final invoice",
      date: "2026-11-24T15:29:17+01:00",
      inReplyTo: "<DB9PR03MB7711.eurprd03@brightloop-consulting.ie>",
      text: `Hi Maya,

Thanks for approving. As discussed on the call, please note our accounts moved to our new bank this month, so the final invoice for SOW #14 (€8,400.00) should go to:

Brightloop Consulting Ltd
IBAN: LT42 3250 0671 4482 9013
BIC: REVOLT21

Could you confirm once the payment is scheduled? Finance is closing the quarter on Friday.

Kind regards,
Owen

From: Maya Okafor <maya.okafor@ferrow.io>
Sent: 23 November 2026 11:14
To: Owen Gallagher <owen.gallagher@brightloop-consulting.ie>
Subject: RE: Ferrow – SOW #14 final invoice

Owen, approved on our side, it will go out with this week's payment run.
Maya`,
      auth: hijacked(
        "owen.gallagher@brightloop-consulting.ie",
        "52.100.223.18",
        "mail-am6eur05on2119.outbound.protection.outlook.com",
      ),
    },
    label: scam(
      "English reply in a real invoice thread from a contractor's hijacked mailbox moving the €8,400 payment to a new IBAN",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-hijacked-thread",
      name: "quota-iscrizione-iban-it",
      persona: "elena",
      from: "Giulia Ferri <giulia.ferri@unito.it>",
      subject: "R: quota di iscrizione workshop",
      date: "2026-11-23T09:48:25+01:00",
      inReplyTo: "<8c1f2b70-4e1d@unito.it>",
      text: `Cara Elena,

come anticipato, per la quota di iscrizione (220 €) ti chiedo di usare il conto qui sotto invece di quello della pagina web, perché l'amministrazione ha problemi con i bonifici dall'estero:

Intestatario: G. Ferri
IBAN: IT60 X054 2811 1010 0000 0123 456

Mi confermi quando lo hai fatto? Così ti aggiungo subito alla lista.

Un abbraccio,
Giulia

Il giorno 20 nov 2026, alle ore 17:32, Elena Ruiz Arnaiz <elena@ruizarnaiz.es> ha scritto:
> Ciao Giulia, mi iscrivo volentieri al workshop di gennaio. Come pago la quota?
> Elena`,
      auth: hijacked("giulia.ferri@unito.it", "130.192.119.21", "smtp-out.unito.it"),
    },
    label: scam(
      "Italian reply from a colleague's hijacked university mailbox asking Elena to pay the workshop fee to a personal IBAN",
      "it",
    ),
  },
  // ---- advance-fee and support scams around refunds and wallets ----
  {
    spec: {
      org: "x-s30-refund-agents",
      name: "tax-refund-agent-en",
      persona: "maya",
      from: "Refund Recovery Partners <claims@refundrecovery-partners.com>",
      subject: "€2,930 in unclaimed German tax refunds for 2022–2024",
      date: "2026-11-18T10:15:48+01:00",
      text: `Dear Ms Okafor,

Our review of public payroll data indicates that, as an expatriate employee in Berlin, you may be owed approximately €2,930 in unclaimed tax refunds for 2022–2024.

We handle the whole claim with the Finanzamt for you. To open your file, a one-time registration fee of €149 is payable by bank transfer; our 12% success fee is only deducted from the refund.

Reply with "YES" and we will send the payment details and the power of attorney.

Kind regards,
Claims Team`,
      auth: own("refundrecovery-partners.com", "192.236.160.41", "none"),
    },
    label: scam(
      "English unsolicited 'unclaimed tax refund' agent asking an upfront registration fee by bank transfer: an advance-fee scam",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s30-refund-agents",
      name: "wallet-recovery-telegram-en",
      persona: "kenji",
      from: "Chain Recovery Desk <chainrecovery.desk@proton.me>",
      subject: "Re: your stuck withdrawal",
      date: "2026-11-26T00:52:19+09:00",
      text: `Hi Kenji,

We saw your post about the withdrawal stuck on the bridge. Our team has recovered more than 400 stuck or lost transactions this year.

Message our lead engineer on Telegram @chainrecovery_max and share the transaction hash. We work on a success basis, only a small gas deposit is needed to start the recovery.`,
      auth: free("chainrecovery.desk@proton.me", "185.70.40.131"),
    },
    label: scam(
      "English 'crypto recovery' stranger answering a public post, moving to Telegram and asking a gas deposit: a recovery scam",
      "en",
    ),
  },
];

writeThreatLabels("x-s30-", entries);
