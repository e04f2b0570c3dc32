import { type Spec, sender } from "../spec.ts";

/** A third batch for Maya: same-day problems, newsletters she reads, social and shops. */
const p = "maya";
const col = (from: string, shape: Spec["shape"] = "gmail") =>
  sender({ org: "ferrow", p, from, kind: "person", shape });
const jonas = col("Jonas Weber <jonas.weber@ferrow.io>");
const claudia = col("Claudia Baumann <claudia.baumann@ferrow.io>");
const ahmed = col("Ahmed Yilmaz <ahmed.yilmaz@ferrow.io>");
const tomasz = col("Tomasz Zieliński <tomasz.zielinski@ferrow.io>");
const ruben = col("Ruben de Vries <ruben.devries@ferrow.io>", "plain");
const priya = col("Priya Raman <priya.raman@ferrow.io>", "apple");
const nordlicht = sender({
  org: "nordlicht-logistik",
  p,
  from: "Katrin Brandt <k.brandt@nordlicht-logistik.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
});
const auditor = sender({
  org: "pwc-audit",
  p,
  from: "Johanna Keller <johanna.keller@pwc-example.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
});
const bank = sender({
  org: "commerzbank",
  p,
  from: "Commerzbank Firmenkunden <firmenkunden@commerzbank.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
});
const anke = sender({
  org: "friends-berlin",
  p,
  from: "Anke Vogel <anke.vogel@posteo.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
  ua: "Mozilla Thunderbird 140.4.0",
});
const ruud = sender({
  org: "friends-berlin",
  p,
  from: "Ruud Jansen <ruud.jansen@ziggo.nl>",
  kind: "person",
  shape: "apple",
  lang: "nl",
});
const femi = sender({
  org: "family-okafor",
  p,
  from: "Femi Okafor <femi.okafor@gmail.com>",
  kind: "person",
  shape: "mobile",
});
const mama = sender({
  org: "family-okafor",
  p,
  from: "Ewa Okafor <ewa.okafor@wp.pl>",
  kind: "person",
  shape: "plain",
  lang: "pl",
  host: "smtpo.poczta.wp.pl",
  cte: "quoted-printable",
});
const kita = sender({
  org: "hausarzt-praxis",
  p,
  from: "Praxis Dr. Neumann <praxis@dr-neumann-friedrichshain.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
  auth: "nodmarc",
});
const bvg = sender({ org: "bvg", p, from: "BVG <noreply@bvg.de>", kind: "system", shape: "alt", lang: "de" });
const berlinDe = sender({
  org: "berlin-buergeramt",
  p,
  from: "Service-Portal Berlin <noreply@service.berlin.de>",
  kind: "system",
  shape: "plain",
  lang: "de",
});
const byteNl = sender({
  org: "bytes-newsletter",
  p,
  from: "Bytes <hello@ui.dev>",
  kind: "bulk",
  shape: "html",
  unsub: "https://bytes.dev/unsubscribe?e=91",
});
const zeit = sender({
  org: "zeit-online",
  p,
  from: "ZEIT ONLINE <newsletter@zeit.de>",
  kind: "bulk",
  shape: "html",
  lang: "de",
  unsub: "https://www.zeit.de/newsletter/abmelden?n=was-jetzt",
});
const interrupt = sender({
  org: "substack-interrupt",
  p,
  from: "Interrupt by Memfault <interrupt@substack.com>",
  kind: "bulk",
  shape: "html",
  dkim: "substack.com",
  unsub: "https://substack.com/unsubscribe/interrupt",
});
const github = sender({
  org: "github",
  p,
  from: "GitHub <noreply@github.com>",
  kind: "system",
  shape: "alt",
  host: "out-21.smtp.github.com",
});
const linkedin = sender({
  org: "linkedin",
  p,
  from: "LinkedIn <messages-noreply@linkedin.com>",
  kind: "bulk",
  shape: "alt",
  unsub: "https://www.linkedin.com/comm/psettings/email-unsubscribe",
});
const rewe = sender({
  org: "rewe",
  p,
  from: "REWE Lieferservice <service@rewe.de>",
  kind: "system",
  shape: "html",
  lang: "de",
});
const manufactum = sender({
  org: "manufactum",
  p,
  from: "Manufactum <newsletter@manufactum.de>",
  kind: "bulk",
  shape: "html",
  lang: "de",
  unsub: "https://www.manufactum.de/newsletter/abmelden",
});

export const maya3: Spec[] = [
  claudia({
    s: "Board asks about the outage - need 3 lines from you by 15:00",
    d: "11-26 13:40",
    b: `Maya,

The board call is at 16:00 and they will ask about today's checkout outage. Could you send me three lines — cause, customer impact, what prevents a repeat — by 15:00? Rough is fine, I'll polish.

Claudia`,
    L: "u/request/primary",
    why: "the CTO needs input before 15:00 today for a board call",
  }),
  ahmed({
    s: "Nordlicht threatening SLA credits - call at 11?",
    d: "11-25 09:20",
    b: `Hi Maya,

Katrin Brandt from Nordlicht called support: webhooks are still 20+ minutes late this morning and their warehouse has stopped releasing shipments. They want a technical call at 11:00 today or they'll invoke the SLA credit clause. Can you take it? I can set it up.

Ahmed`,
    L: "u/request/primary",
    why: "a key customer is blocked and wants a call within two hours",
  }),
  nordlicht({
    s: "AW: Webhook-Zustellung - danke!",
    d: "11-25 15:10",
    b: `Hallo Frau Okafor,

seit Ihrem Fix um 12:30 kommen die Webhooks wieder in unter einer Sekunde an. Vielen Dank für den schnellen Einsatz. Den schriftlichen Bericht, den Sie angekündigt haben, leite ich an unsere Geschäftsführung weiter, sobald er da ist.

Viele Grüße
Katrin Brandt`,
    L: "i/fyi/primary",
    why: "a customer confirms the fix and thanks the reader",
  }),
  auditor({
    s: "Jahresabschlussprüfung 2026 – Unterlagen IT-Kontrollen",
    d: "11-20 10:00",
    b: `Sehr geehrte Frau Okafor,

im Rahmen der Prüfung benötigen wir bis zum 11. Dezember folgende Nachweise zu den IT-General-Controls:

- Liste der Produktionszugriffe mit Freigaben (Q3/Q4)
- Change-Management: Stichprobe von 25 Deployments mit Review-Nachweis
- Protokoll des letzten Restore-Tests

Mit freundlichen Grüßen
Johanna Keller
Wirtschaftsprüferin`,
    L: "a/request/primary",
    why: "an auditor asks for evidence due in three weeks",
  }),
  bank({
    s: "Rückfrage zu Zahlungsdatei – heute bis 14 Uhr",
    d: "11-24 11:05",
    b: `Sehr geehrte Frau Okafor,

die heute um 10:12 eingelieferte SEPA-Sammeldatei (1.204 Posten, 148.210,44 €) enthält eine abweichende Auftraggeber-IBAN. Bitte bestätigen Sie bis 14:00 Uhr telefonisch unter der Ihnen bekannten Nummer Ihres Betreuers, ob die Datei ausgeführt werden soll. Ohne Bestätigung wird sie nicht mehr heute verarbeitet.

Mit freundlichen Grüßen
Ihr Firmenkundenteam`,
    L: "u/request/primary",
    why: "the bank holds today's payout file until the reader confirms by 14:00 through a known channel",
  }),
  tomasz({
    s: "ledger-replica-2 back in sync",
    d: "11-21 21:05",
    b: `Hi Maya,

Following up on my earlier mail: I restarted the WAL receiver and the replica caught up in ~25 minutes. Lag is 0 now. I'll write down what happened in the runbook tomorrow.

Tomasz`,
    L: "i/commit/primary",
    why: "a colleague reports the problem fixed and promises a write-up",
  }),
  ruben({
    s: "Postgres 17 go/no-go moved to Monday",
    d: "11-30 17:20",
    b: `Hi Maya,

Small change: the go/no-go for the PG17 upgrade moves from the 7th to Monday the 30th... sorry, to Monday the 7th at 10:00 instead of 16:00, because Lena is out in the afternoon. Window on the 8th unchanged.

Ruben`,
    ua: "Mozilla Thunderbird 140.4.0",
    L: "a/amend/primary",
    why: "a colleague moves a meeting the reader attends",
  }),
  priya({
    s: "Thank you!",
    d: "11-27 18:30",
    b: `Maya, just wanted to say thank you for the thorough review of the batching doc. The idempotency section is much stronger now and finance signed off today.

Priya`,
    L: "i/fyi/primary",
    why: "a thank-you note; nothing asked",
  }),
  jonas({
    s: "Interview panel Thursday - can you swap in?",
    d: "11-24 16:45",
    b: `Hey, Sara is sick on Thursday. Could you take her slot on the system design interview at 14:00 (candidate for Senior Payments)? Packet is in Greenhouse. Let me know by tomorrow noon so I can tell the recruiter.

J`,
    L: "a/request/primary",
    why: "a colleague asks a favour with an answer needed by tomorrow noon",
  }),
  anke({
    s: "Spieleabend Freitag",
    d: "11-25 20:10",
    b: `Hey Maya,

wir machen Freitag Spieleabend bei Jan, ab 20 Uhr. Bring gern jemanden mit. Wir haben jetzt endlich Cascadia!

Anke`,
    L: "a/meet/primary",
    why: "a friend invites to a game night",
  }),
  ruud({
    s: "Sinterklaas-pakjesavond bij ons?",
    d: "11-22 12:00",
    b: `Hoi Maya,

We doen op 5 december weer pakjesavond met een paar Berlijnse Nederlanders en hun vrienden. Heb je zin om te komen? Iedereen neemt een cadeautje van max. €10 mee, met een gedicht natuurlijk.

Groetjes,
Ruud`,
    L: "a/meet/primary",
    why: "a friend invites the reader to a Sinterklaas evening",
  }),
  femi({
    s: "booked!",
    d: "11-25 07:40",
    b: `Booked both of us on the 23rd, Ryanair from BER 10:05. You owe me €254 lol. Sending the booking now

Sent from my iPhone`,
    L: "i/commit/primary",
    why: "the brother reports the booking done and promises the confirmation",
  }),
  mama({
    s: "Wigilia",
    d: "11-27 21:00",
    b: `Kochanie,

Femi powiedział, że przylatujecie 23. Tata odbierze was z lotniska. Czy mam zrobić barszcz z uszkami, czy wolisz zupę grzybową w tym roku?

Całuję,
Mama`,
    L: "a/request/primary",
    why: "the reader's mother asks a small question about Christmas",
  }),
  kita({
    s: "Ihr Laborbefund",
    d: "11-19 12:30",
    b: `Sehr geehrte Frau Okafor,

Ihr Laborbefund vom 17.11. liegt vor. Die Werte sind unauffällig, eine Besprechung ist nicht nötig. Den Befund können Sie bei Bedarf in der Praxis abholen.

Mit freundlichen Grüßen
Ihr Praxisteam Dr. Neumann`,
    L: "i/fyi/primary",
    why: "a doctor's office reports normal results; nothing to do",
  }),
  bvg({
    s: "Störung U1: Ersatzverkehr zwischen Warschauer Str. und Kottbusser Tor",
    d: "11-20 07:05",
    b: `Liebe Abonnentin,

wegen einer Weichenstörung fährt die U1 heute bis voraussichtlich 12 Uhr nur zwischen Kottbusser Tor und Uhlandstraße. Zwischen Warschauer Straße und Kottbusser Tor ist Ersatzverkehr mit Bussen eingerichtet.

Sie erhalten diese Nachricht, weil Sie Störungsmeldungen für Ihre Linien abonniert haben.`,
    L: "a/fyi/notification",
    why: "a disruption on the reader's commute this morning; useful now, no harm if missed",
  }),
  berlinDe({
    s: "Terminbestätigung Bürgeramt Friedrichshain",
    d: "11-12 22:40",
    b: `Sehr geehrte Frau Okafor,

Ihr Termin für die Dienstleistung "Personalausweis beantragen" ist bestätigt:

Donnerstag, 3. Dezember 2026, 08:40 Uhr
Bürgeramt Friedrichshain, Frankfurter Allee 35/37

Bitte bringen Sie ein biometrisches Foto und Ihren alten Ausweis mit. Vorgangsnummer: 8812-4410.`,
    L: "i/deliver/receipt",
    why: "an appointment booking confirmation",
  }),
  byteNl({
    s: "Bytes #412: The JavaScript runtime wars, part 9",
    d: "11-19 15:00",
    b: `# Bytes

Deno ships a new package manager, Bun gets Windows parity, and Node's type stripping goes stable. Also: a cursed regex and a very good CSS trick.

[[Read the issue]](https://bytes.dev/archives/412)`,
    L: "i/fyi/newsletter",
    why: "an editorial developer newsletter the reader subscribed to",
  }),
  zeit({
    s: "Was jetzt? Der Haushalt, die Bahn, der Frost",
    d: "11-24 06:30",
    b: `# Guten Morgen

Der Bundestag stimmt heute über den Haushalt 2027 ab. Die Bahn kündigt neue Baustellen an. Und: Warum der erste Frost früher kommt als gedacht.

[[Weiterlesen]](https://www.zeit.de/was-jetzt/2026-11-24)`,
    L: "i/fyi/newsletter",
    why: "a daily news newsletter the reader reads",
  }),
  interrupt({
    s: "How we cut our CI from 40 minutes to 6",
    d: "11-21 16:00",
    b: `# Interrupt

A step-by-step account of caching, test sharding and killing flaky tests in a 300k-line monorepo — with the numbers for each step.

[[Read on Substack]](https://interrupt.memfault.com/ci-40-to-6)`,
    L: "i/fyi/newsletter",
    why: "a technical newsletter the reader follows",
  }),
  github({
    s: '[GitHub] Your personal access token (classic) "laptop-2024" has expired',
    d: "11-18 09:00",
    b: `Hi @maya-okafor,

Your personal access token (classic) "laptop-2024" with repo scope expired on November 18, 2026. If this token is still needed, visit https://github.com/settings/tokens to generate an equivalent.`,
    L: "l/fyi/notification",
    why: "an unused token expired; nothing breaks for the reader",
  }),
  linkedin({
    s: "Maya, congratulate Priya Raman on 3 years at Ferrow",
    d: "11-16 09:00",
    b: `Priya Raman is celebrating a work anniversary: 3 years at Ferrow.

[[Say congrats]](https://www.linkedin.com/comm/feed/update/urn:li:activity:7281)`,
    L: "l/propose/social",
    why: "a social-network nudge to congratulate a colleague",
  }),
  rewe({
    s: "Deine Lieferung kommt heute zwischen 18 und 20 Uhr",
    d: "11-27 08:00",
    b: `# Bald ist es da

Deine Bestellung 40017723 kommt heute zwischen **18:00 und 20:00 Uhr**.

Ersatzartikel: Hafermilch Barista (statt Oatly) — du kannst ihn bei der Übergabe ablehnen.

| Summe | 68,12 € |`,
    L: "i/deliver/receipt",
    why: "a grocery delivery confirmation noting a substitution",
  }),
  manufactum({
    s: "Gute Dinge zum Verschenken: unsere Weihnachtsauswahl",
    d: "11-22 10:00",
    b: `# Es gibt sie noch, die guten Dinge

Emaillekannen aus Thüringen, Wolldecken aus Donegal, Messer aus Solingen: unsere Auswahl für den Gabentisch. Bestellen Sie bis 18. Dezember für Lieferung vor Heiligabend.

[[Zur Weihnachtsauswahl]](https://www.manufactum.de/weihnachten)`,
    L: "l/propose/promotion",
    why: "retail marketing for Christmas gifts",
  }),
];
