import { type Spec, sender } from "../spec.ts";

/**
 * Hard negatives for stage 1, fifth batch (h/phish30, written for training after the freeze):
 * the legitimate mail of the worlds `s30-threats.ts` imitates — package registries' and a password
 * manager's security notices that send the reader to the site or app herself, an employer's own
 * open-enrolment mail and a payroll app's payslip notice, a carrier's customs notice with no
 * payment link, a city's parking notice that points to the letter and the city portal, a tax
 * agency's "new message in your inbox", storage and mailbox-quota warnings from the services
 * themselves, a registrar's renewal receipt, a marketplace's "your buyer has paid" that keeps the
 * money in the app, a real e-signature request from a known landlord, and a client's invoice in
 * an ongoing thread with the PDF attached and nothing changed. Each was written on its own; each
 * org is new and train-only (`s30l-`).
 */
const pypi = sender({
  org: "s30l-pypi",
  p: "kenji",
  from: "PyPI <noreply@pypi.org>",
  kind: "system",
  shape: "alt",
  lang: "en",
});
const cratesIo = sender({
  org: "s30l-crates-io",
  p: "kenji",
  from: "crates.io <noreply@crates.io>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const bitwarden = sender({
  org: "s30l-bitwarden",
  p: "kenji",
  from: "Bitwarden <no-reply@bitwarden.com>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const northbeam = sender({
  org: "s30l-northbeam-hr",
  p: "kenji",
  from: "Northbeam People Ops <people@northbeam.dev>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const datev = sender({
  org: "s30l-datev",
  p: "maya",
  from: "DATEV Arbeitnehmer online <noreply@datev.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const gls = sender({
  org: "s30l-gls",
  p: "maya",
  from: "GLS Paketservice <noreply@gls-pakete.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const amsterdam = sender({
  org: "s30l-gemeente-amsterdam",
  p: "maya",
  from: "Gemeente Amsterdam <noreply@amsterdam.nl>",
  kind: "system",
  shape: "plain",
  lang: "nl",
});
const skatteverket = sender({
  org: "s30l-skatteverket",
  p: "maya",
  from: "Skatteverket <noreply@skatteverket.se>",
  kind: "system",
  shape: "plain",
  lang: "sv",
});
const pcloud = sender({
  org: "s30l-pcloud",
  p: "lucas",
  from: "pCloud <noreply@pcloud.com>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});
const infomaniak = sender({
  org: "s30l-infomaniak",
  p: "lucas",
  from: "Infomaniak <noreply@infomaniak.com>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const porkbun = sender({
  org: "s30l-porkbun",
  p: "kenji",
  from: "Porkbun <support@porkbun.com>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const wallapop = sender({
  org: "s30l-wallapop",
  p: "elena",
  from: "Wallapop <no-reply@wallapop.com>",
  kind: "system",
  shape: "html",
  lang: "es",
});
const yousign = sender({
  org: "s30l-yousign",
  p: "lucas",
  from: "Agence Delorme Immobilier via Yousign <noreply@yousign.app>",
  replyTo: "Claire Delorme <claire@delorme-immobilier.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const harbourPine = sender({
  org: "s30l-harbour-pine",
  p: "lucas",
  from: "Tom Whitaker <tom@harbourpine.co.uk>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});

export const s30Lookalikes: Spec[] = [
  pypi({
    s: "[PyPI] A two-factor method was removed from your account",
    d: "11-22 09:14",
    b: `Hello kenji-sato,

A TOTP application was removed as a two-factor authentication method for your PyPI account kenji-sato on 2026-11-22 at 00:13 UTC.

If you made this change, no further action is needed.

If you did not make this change, sign in to PyPI directly (type pypi.org into your browser), review your account's security history and reset your password. You can also contact admin@pypi.org.

PyPI will never ask you to verify your account through a link in an email to keep your projects.`,
    L: "i/fyi/notification",
    why: "PyPI's own security notice from pypi.org about a removed 2FA method; it tells the reader to type the address herself and carries no login link",
  }),
  cratesIo({
    s: 'Your crates.io API token "ci-publish" expires in 7 days',
    d: "11-24 18:02",
    b: `Hello kenji-sato,

The API token "ci-publish" on your crates.io account will expire on 2026-12-01.

If you still need it, create a new token under Account Settings → API Tokens on crates.io and replace it where it is used (for example in your CI secrets). Expired tokens can't be renewed.

This email was sent because you are the owner of this token.

crates.io team`,
    L: "a/request/notification",
    why: "crates.io's own expiry notice for an API token Kenji created; it asks him to make a new one in his account settings, no link to sign in",
  }),
  bitwarden({
    s: "New device logged in to your Bitwarden account",
    d: "11-25 07:41",
    b: `# Your Bitwarden account was logged into from a new device

Date: Wednesday, 25 November 2026 07:40 JST
Device type: macOS desktop
IP address: 203.0.113.58

If this was you, you can ignore this email.

If you do not recognise this log in, change your master password right away from the Bitwarden app or web vault, and deauthorise all sessions under Account settings → Security. Bitwarden staff will never ask for your master password or a verification code.`,
    L: "i/fyi/notification",
    why: "the password manager's own new-device notice from bitwarden.com; if it was not him it sends Kenji to the app, asks for nothing by mail",
  }),
  northbeam({
    s: "2027 benefits open enrollment: Nov 30 – Dec 11",
    d: "11-26 10:05",
    b: `Hi all,

Open enrollment for 2027 benefits runs from Monday Nov 30 to Friday Dec 11.

What's new:
- the remote-work stipend goes up to $90/month
- contractors outside the US (hi Kenji, Lena, Bruno) can now join the international health plan

How to enroll: open the benefits portal from the Okta dashboard as you always do. There is no link in this email on purpose; if anyone sends you one, please forward it to security@northbeam.dev.

Office hours for questions: Thursday Dec 3, 17:00 UTC in #people-ops.

Thanks,
Rosa
People Ops, Northbeam`,
    L: "a/request/primary",
    why: "an open-enrolment mail from the employer's own domain by the people-ops lead; it sends staff to the portal through their usual Okta dashboard and has no link",
  }),
  datev({
    s: "Neues Dokument: Brutto/Netto-Abrechnung November 2026",
    d: "11-25 06:30",
    b: `Guten Tag Frau Okafor,

Ihr Arbeitgeber hat ein neues Dokument für Sie bereitgestellt:

Brutto/Netto-Abrechnung November 2026

Sie finden das Dokument in der App „DATEV Arbeitnehmer online“ oder nach der Anmeldung unter arbeitnehmer.datev.de. Aus Sicherheitsgründen enthält diese E-Mail keinen Link und keinen Anhang.

Ihr DATEV-Team`,
    L: "i/fyi/notification",
    why: "the payroll app's own notice that the November payslip is available; it names the app and the address, with no link or attachment",
  }),
  gls({
    s: "Ihr Paket 6420 8815 3317: Einfuhrabgaben",
    d: "11-23 11:18",
    b: `Guten Tag,

für Ihr Paket aus Großbritannien (Absender: Riverside Print Ltd) fallen Einfuhrabgaben an:

| Einfuhrumsatzsteuer | 12,54 € |
| Auslagepauschale | 6,00 € |
| Gesamt | 18,54 € |

Sie zahlen den Betrag bei der Zustellung an den Fahrer (bar oder mit Karte) oder vorab in der GLS App unter „Meine Pakete“.

Wichtig: GLS verschickt keine Zahlungslinks per SMS oder E-Mail.

Ihr GLS Team`,
    L: "a/request/notification",
    why: "the carrier's own customs-duty notice from gls-pakete.de for a parcel from the UK; payment at the door or in the app, and it says no payment links are sent",
  }),
  amsterdam({
    s: "Naheffingsaanslag parkeerbelasting verstuurd",
    d: "11-21 14:02",
    b: `Geachte mevrouw Okafor,

Voor uw huurauto met kenteken XJ-482-K is een naheffingsaanslag parkeerbelasting opgelegd (14-11-2026, Rozengracht). De aanslag is per post verstuurd naar het adres dat het verhuurbedrijf aan ons heeft doorgegeven.

U kunt de aanslag ook bekijken in Mijn Amsterdam: ga naar amsterdam.nl en log in met uw gegevens. Daar staan ook de betaalmogelijkheden en hoe u bezwaar maakt.

Met vriendelijke groet,
Gemeente Amsterdam, Parkeren`,
    L: "a/request/notification",
    why: "the city's own parking notice from amsterdam.nl that points to the posted letter and to logging in on the city site herself; no payment link",
  }),
  skatteverket({
    s: "Du har ett nytt meddelande från Skatteverket",
    d: "11-19 08:10",
    b: `Hej!

Du har fått ett nytt meddelande från Skatteverket. Logga in på Mina sidor på skatteverket.se eller i appen för att läsa det.

Det här mejlet skickas automatiskt och går inte att svara på. Skatteverket skickar aldrig länkar till inloggning eller frågar efter kortuppgifter via mejl eller sms.

Med vänliga hälsningar
Skatteverket`,
    L: "i/fyi/notification",
    why: "the tax agency's own 'you have a new message' notice from skatteverket.se; it sends the reader to her inbox on the site and asks for nothing",
  }),
  pcloud({
    s: "O seu armazenamento pCloud está quase cheio",
    d: "11-23 19:40",
    b: `Olá Lucas,

Já utilizou 9,6 GB dos 10 GB do seu plano gratuito. Quando o espaço acabar, as novas fotografias do telemóvel deixam de ser carregadas; os ficheiros que já estão no pCloud não são apagados.

Pode libertar espaço na app ou, se preferir, ver os planos em Definições → Plano na sua conta.

Equipa pCloud`,
    L: "i/fyi/notification",
    why: "the storage service's own quota warning from pcloud.com; it says nothing will be deleted and points to the app's settings, no payment link",
  }),
  infomaniak({
    s: "Votre adresse lucas@lf-arquitetura.pt atteint 90 % de son espace",
    d: "11-24 08:22",
    b: `Bonjour,

L'adresse lucas@lf-arquitetura.pt utilise 18 Go sur 20 Go. Lorsque la limite est atteinte, les nouveaux messages sont refusés.

Vous pouvez supprimer d'anciens messages dans votre webmail ou augmenter l'espace depuis le Manager Infomaniak (Mail → Gestion de l'adresse).

Cordialement,
L'équipe Infomaniak`,
    L: "a/request/notification",
    why: "the mail host's own quota warning from infomaniak.com for Lucas's work address; it tells him where in his account to act and links nowhere",
  }),
  porkbun({
    s: "Renewal receipt: kenjisato.dev",
    d: "11-18 03:05",
    b: `Hi Kenji,

Your domain kenjisato.dev was renewed automatically.

Domain: kenjisato.dev
New expiration: 2027-11-28
Charged: $12.18 to the Visa card ending 4412

No action is needed. You can review auto-renew settings in your Porkbun account under Domain Management.

Thanks for being a Porkbun customer!`,
    L: "i/fyi/receipt",
    why: "the reader's own registrar confirms an automatic domain renewal from porkbun.com; a receipt with no link and nothing to do",
  }),
  wallapop({
    s: "¡Has vendido la lámpara Flos! El comprador ya ha pagado",
    d: "11-22 18:31",
    b: `# ¡Enhorabuena, Elena!

El comprador ha pagado 65 € por **Lámpara de mesa Flos**.

Siguiente paso: prepara el paquete y llévalo al punto de envío con el código que tienes en el chat de la compra.

El dinero se añadirá a tu monedero de Wallapop cuando el comprador confirme la recepción. Nunca te pediremos los datos de tu tarjeta para cobrar una venta.`,
    L: "a/request/notification",
    why: "Wallapop's own sale notice from wallapop.com: the money stays in the in-app wallet and it says card details are never asked for",
  }),
  yousign({
    s: "Claire Delorme vous invite à signer « Avenant bail – Rue Juiverie »",
    d: "11-25 15:12",
    b: `Bonjour Lucas Ferreira,

Claire Delorme (Agence Delorme Immobilier) vous invite à signer le document suivant :

« Avenant bail – Rue Juiverie »

Message : « Bonjour Lucas, voici l'avenant dont nous avons parlé au téléphone mardi (nouvelle date de révision du loyer). Bonne journée, Claire »

[Consulter et signer](https://yousign.app/signatures/6f41c2a0-88b3-4c1e-9d1a-2f0a7e4b51aa?email=lucas.ferreira.arq%40gmail.com)

Un code de vérification vous sera envoyé par SMS au moment de signer.`,
    L: "a/request/notification",
    why: "a real e-signature request on yousign.app from the letting agent Lucas spoke to, about the addendum they discussed; the signing page is the service's own",
  }),
  harbourPine({
    s: "RE: Studio fit-out – invoice HP-2026-118",
    d: "11-26 12:20",
    re: true,
    q: {
      from: "Lucas Ferreira <lucas.ferreira.arq@gmail.com>",
      d: "11-25 17:48",
      b: "Hi Tom, drawings signed off on our side. Send over the invoice for the second stage when ready.",
    },
    b: `Hi Lucas,

Great, thanks. Invoice HP-2026-118 for stage 2 attached (£3,150.00), same bank details as the stage 1 invoice, 30 days as usual.

Cheers,
Tom`,
    att: [
      {
        name: "Invoice_HP-2026-118.pdf",
        text: "Harbour & Pine Studio Ltd invoice HP-2026-118 stage 2 GBP 3,150.00 due 26 Dec 2026",
      },
    ],
    L: "a/deliver/primary",
    why: "a client answers in the reader's own thread with the expected stage-2 invoice as a PDF, same bank details and usual terms; nothing changed, no link",
  }),
];
