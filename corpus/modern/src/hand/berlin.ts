import { type Spec, sender } from "../spec.ts";

/** Maya's private mail: friends, family, landlord, bank, travel, shops (German, Polish, English). */
const anke = sender({
  org: "friends-berlin",
  p: "maya",
  from: "Anke Vogel <anke.vogel@posteo.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
  ua: "Mozilla Thunderbird 140.4.0",
  auth: "pass",
});
const chloe = sender({
  org: "friends-berlin",
  p: "maya",
  from: "Chloé Durand <chloe.m.durand@gmail.com>",
  kind: "person",
  shape: "gmail",
});
const femi = sender({
  org: "family-okafor",
  p: "maya",
  from: "Femi Okafor <femi.okafor@gmail.com>",
  kind: "person",
  shape: "mobile",
});
const mama = sender({
  org: "family-okafor",
  p: "maya",
  from: "Ewa Okafor <ewa.okafor@wp.pl>",
  kind: "person",
  shape: "plain",
  lang: "pl",
  host: "smtpo.poczta.wp.pl",
  charset: "utf-8",
  cte: "quoted-printable",
});
const hv = sender({
  org: "kiezwohnen",
  p: "maya",
  from: "KiezWohnen Hausverwaltung <hausverwaltung@kiezwohnen.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
  auth: "nodmarc",
});
const n26 = sender({
  org: "n26",
  p: "maya",
  from: "N26 <no-reply@n26.com>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const db = sender({
  org: "deutsche-bahn",
  p: "maya",
  from: "DB Fernverkehr <buchungsbestaetigung@bahn.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
  dkim: "bahn.de",
});
const lh = sender({
  org: "lufthansa",
  p: "maya",
  from: "Lufthansa <online@booking-lufthansa.com>",
  kind: "system",
  shape: "alt",
});
const amz = sender({
  org: "amazon-de",
  p: "maya",
  from: "Amazon.de <versandbestaetigung@amazon.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
  dkim: "amazon.de",
});
const lieferando = sender({
  org: "lieferando",
  p: "maya",
  from: "Lieferando.de <info@lieferando.de>",
  kind: "system",
  shape: "html",
  lang: "de",
});
const bvg = sender({
  org: "bvg",
  p: "maya",
  from: "BVG <noreply@bvg.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const finanzamt = sender({
  org: "elster",
  p: "maya",
  from: "ELSTER <noreply@elster.de>",
  kind: "system",
  shape: "plain",
  lang: "de",
});
const allegro = sender({
  org: "allegro",
  p: "maya",
  from: "Allegro <powiadomienia@allegro.pl>",
  kind: "system",
  shape: "html",
  lang: "pl",
});
const zalando = sender({
  org: "zalando",
  p: "maya",
  from: "Zalando <info@service-mail.zalando.de>",
  kind: "bulk",
  shape: "html",
  lang: "de",
  unsub: "https://www.zalando.de/newsletter-abmelden/?u=7f1",
});
const urban = sender({
  org: "urban-sports",
  p: "maya",
  from: "Urban Sports Club <hello@urbansportsclub.com>",
  kind: "bulk",
  shape: "html",
  lang: "de",
  unsub: "https://urbansportsclub.com/de/unsubscribe?t=91a",
});

export const berlin: Spec[] = [
  anke({
    s: "Samstag Abendessen?",
    d: "11-18 20:14",
    b: `Hi Maya,

hast du Samstag Abend Zeit? Jan und ich kochen Ramen, so gegen 19 Uhr bei uns. Sag einfach Bescheid, ob du kommst, dann kaufe ich genug ein.

Liebe Grüße
Anke`,
    L: "a/meet/primary",
    why: "a friend invites the reader to dinner on Saturday and wants an answer",
  }),
  anke({
    s: "Re: Samstag Abendessen?",
    d: "11-19 08:03",
    b: `Super! Bring gern den Nachtisch mit, wenn du magst. Ich schick dir noch die neue Klingel, wir sind jetzt im Hinterhaus, 3. Stock.

A.`,
    q: { from: "Maya Okafor <maya.okafor@ferrow.io>", d: "11-18 22:40", b: "Ja, gerne! Ich bin dabei." },
    L: "i/commit/primary",
    why: "the friend confirms and promises to send the doorbell details; nothing required",
  }),
  chloe({
    s: "photos from Lisbon!!",
    d: "11-15 21:37",
    b: `Finally sorted them. The one of you arguing with the tram ticket machine is my favourite.

https://photos.app.goo.gl/xK2mQ8aLp

We need to plan the next one. Spring? Porto?`,
    L: "i/deliver/primary",
    why: "a friend shares a photo album; the question at the end is idle chat, not a request with stakes",
  }),
  chloe({
    s: "can I borrow your drill tomorrow",
    d: "11-22 19:05",
    b: `Hey, random one — can I borrow your drill tomorrow morning? Mine died mid-shelf. I can pick it up at 9 on my way to the market, just tell me if that works.`,
    L: "u/request/primary",
    why: "a friend needs an answer tonight for a pickup tomorrow morning",
  }),
  femi({
    s: "Mum's birthday",
    d: "11-14 12:20",
    b: `Hey sis, I'll order the flowers for Mum's birthday and put both our names on the card. Send me half (€35) whenever.

Sent from my iPhone`,
    L: "i/commit/primary",
    why: "a brother promises to handle the gift; paying him back has no deadline",
  }),
  femi({
    s: "Christmas flights",
    d: "11-24 22:31",
    b: `Flights to Kraków for 23 Dec are going up fast, €189 → €254 since Sunday. Should I just book for both of us tonight? Need a yes or no by tomorrow morning, the fare only holds till 10.

Sent from my iPhone`,
    L: "u/request/primary",
    why: "family needs a decision by tomorrow morning before a fare hold expires",
  }),
  mama({
    s: "Niedziela",
    d: "11-21 18:44",
    b: `Kochanie,

czy możemy porozmawiać w niedzielę przez Skype? Tata chce ci pokazać nowy ogród zimowy. Najlepiej około 17:00 twojego czasu.

Całuję,
Mama`,
    L: "a/meet/primary",
    why: "the reader's mother proposes a video call on Sunday",
  }),
  mama({
    s: "Paczka",
    d: "11-26 09:15",
    b: `Maya,

wysłałam ci paczkę z pierogami i makowcem na święta. Powinna dojść w piątek. Numer przesyłki: 00340434719012345678.

Mama`,
    L: "i/fyi/primary",
    why: "a family member informs that a parcel was sent",
  }),
  hv({
    s: "Ankündigung: Ablesung der Heizkostenverteiler am 2. Dezember",
    d: "11-16 10:00",
    b: `Sehr geehrte Mieterinnen und Mieter,

am Mittwoch, 2. Dezember, zwischen 8 und 12 Uhr werden die Heizkostenverteiler abgelesen. Bitte ermöglichen Sie den Zugang zu allen Heizkörpern oder hinterlassen Sie einen Schlüssel bei einem Nachbarn und geben Sie uns bis 30. November Bescheid.

Mit freundlichen Grüßen
Ihre KiezWohnen Hausverwaltung`,
    to: "undisclosed-recipients:;",
    L: "a/request/primary",
    why: "the landlord needs access or a key arrangement before the 30th",
  }),
  hv({
    s: "Wasserabsperrung morgen 9-13 Uhr",
    d: "11-23 15:40",
    b: `Sehr geehrte Mieter,

wegen einer Reparatur im Keller wird morgen, Dienstag, von 9 bis 13 Uhr das Wasser im Vorderhaus abgestellt.

Wir bitten um Verständnis.
KiezWohnen Hausverwaltung`,
    L: "i/fyi/primary",
    why: "a landlord notice about tomorrow's water cut; good to know, no action",
  }),
  n26({
    s: "Deine Karte wurde bei einer Zahlung abgelehnt",
    d: "11-25 19:02",
    b: `Hallo Maya,

eine Zahlung über **84,90 €** bei SPOTIFY AB wurde abgelehnt, weil dein Hauptkonto nicht gedeckt ist.

Lade dein Konto auf oder verschiebe Geld aus einem Space, damit künftige Zahlungen klappen.

[[In der App öffnen]](https://app.n26.com/transactions)`,
    L: "u/request/notification",
    why: "a payment is failing now because the account is short; more will fail until fixed",
  }),
  n26({
    s: "Dein Kontoauszug für Oktober ist da",
    d: "11-02 08:00",
    b: `Hallo Maya,

dein Kontoauszug für Oktober 2026 steht in der App unter Konto → Kontoauszüge bereit.

Dein N26 Team`,
    L: "i/deliver/notification",
    why: "a bank statement is ready; kept for records",
  }),
  db({
    s: "Ihre Buchungsbestätigung (Auftrag 512 884 901)",
    d: "11-10 21:12",
    b: `# Vielen Dank für Ihre Buchung

Auftragsnummer: **512 884 901**

| ICE 1005 Berlin Hbf → München Hbf | Fr, 4. Dez, 07:34 – 11:38 |
| Wagen 7, Platz 45 (Fenster) | |
| Flexpreis, 2. Klasse | 139,90 € |

Ihr Ticket finden Sie im Anhang und in der DB Navigator App.`,
    att: [
      {
        name: "Ticket_512884901.pdf",
        text: "Online-Ticket\nICE 1005 Berlin Hbf - Muenchen Hbf\n04.12.2026 07:34\nWagen 7 Platz 45\nAuftrag 512884901\nFlexpreis 139,90 EUR",
      },
    ],
    L: "i/deliver/receipt",
    why: "a train booking confirmation with the ticket attached",
  }),
  db({
    s: "Verspätung Ihrer Reise am 04.12.: ICE 1005 fällt aus",
    d: "12-04 05:48",
    b: `Guten Morgen,

Ihr gebuchter Zug **ICE 1005 Berlin Hbf → München Hbf (07:34)** fällt heute wegen einer Störung am Zug aus.

Alternative: ICE 1007 um 08:34, Ankunft 12:41. Ihre Fahrkarte gilt ohne Zugbindung.

[[Reiseauskunft öffnen]](https://www.bahn.de/buchung/reise?auftrag=512884901)`,
    L: "u/amend/notification",
    why: "the reader's train today is cancelled two hours before departure; she must change plans now",
  }),
  lh({
    s: "Check-in now open: Berlin – Lagos, LH 568",
    d: "12-20 09:15",
    b: `# Check in now for your flight

Dear Ms Okafor,

Online check-in for your flight on 21 December is now open.

| LH 1933 | BER 11:05 → FRA 12:15 |
| LH 568 | FRA 14:00 → LOS 19:40 |
| Booking code | 6XQ2RT |

[[Check in]](https://www.lufthansa.com/de/en/online-check-in?pnr=6XQ2RT)

Baggage allowance: 1 × 23 kg (Economy Classic).`,
    L: "a/request/notification",
    why: "check-in opened for tomorrow's flight; to do before departure, not urgent today",
  }),
  lh({
    s: "Important: your flight LH 1933 on 21 December has a new departure time",
    d: "12-19 18:30",
    b: `Dear Ms Okafor,

Due to an operational schedule change, your flight LH 1933 from Berlin (BER) to Frankfurt (FRA) on 21 December now departs at **09:50** instead of 11:05. Your connection to Lagos (LH 568) is unchanged.

If the new time does not suit you, you can rebook free of charge.

[[View my booking]](https://www.lufthansa.com/mmb?pnr=6XQ2RT)`,
    L: "a/amend/notification",
    why: "a flight time changed two days ahead; the reader should check, harm is not imminent",
  }),
  amz({
    s: 'Versendet: "Bosch Akku-Bohrschrauber GSR 12V-15…" und 1 weiterer Artikel',
    d: "11-20 14:32",
    b: `Hallo Maya,

deine Bestellung **302-4417120-9918734** wurde versandt. Voraussichtliche Lieferung: **Samstag, 21. November**.

| Bosch Akku-Bohrschrauber GSR 12V-15 | 79,99 € |
| Anker USB-C Kabel 2 m | 11,99 € |

[[Sendung verfolgen]](https://www.amazon.de/gp/your-account/ship-track?orderId=302-4417120-9918734)

Übrigens: Mit Prime erhältst du Lieferungen am nächsten Tag. Jetzt 30 Tage gratis testen.`,
    L: "i/deliver/receipt",
    why: "a shipping confirmation with a Prime upsell at the end; the order is the point",
  }),
  lieferando({
    s: "Deine Bestellung bei Saigon Kitchen ist bestätigt",
    d: "11-19 20:11",
    b: `# Danke für deine Bestellung!

Saigon Kitchen liefert in ca. **35–45 Minuten**.

| 1× Bún chả | 13,50 € |
| 1× Sommerrollen (2 St.) | 6,90 € |
| Liefergebühr | 1,99 € |
| Gesamt (PayPal) | 22,39 € |

Bestellnummer: 7Q8R2K`,
    L: "i/deliver/receipt",
    why: "a food-delivery order confirmation",
  }),
  bvg({
    s: "Dein Deutschlandticket: Abbuchung für Dezember",
    d: "11-25 07:00",
    b: `Hallo Maya Okafor,

am 1. Dezember buchen wir **63,00 €** für dein Deutschlandticket im Abo von deinem Konto DE89 •••• 4410 ab. Der Preis ist seit 1. Januar 2026 gleich geblieben.

Dein Ticket in der BVG Tickets App bleibt gültig.`,
    L: "i/fyi/notification",
    why: "an advance notice of a subscription charge; nothing to do",
  }),
  finanzamt({
    s: "Neue Nachricht in Ihrem ELSTER-Postfach",
    d: "11-12 07:31",
    b: `Sehr geehrte Nutzerin, sehr geehrter Nutzer,

in Ihrem ELSTER-Postfach liegt eine neue Nachricht: Bescheid für 2025 über Einkommensteuer.

Bitte melden Sie sich unter https://www.elster.de an, um die Nachricht abzurufen. Aus Sicherheitsgründen enthält diese E-Mail keine Inhalte.

Ihr ELSTER-Team`,
    L: "a/fyi/notification",
    why: "a tax assessment arrived; there is a one-month window to object, so it needs reading soon",
  }),
  allegro({
    s: "Twój zakup: Zestaw kubków ceramicznych — przesyłka nadana",
    d: "11-17 13:20",
    b: `# Przesyłka jest w drodze

Sprzedawca nadał twoją paczkę InPost Paczkomat® (KRA12M).

| Zestaw kubków ceramicznych, 4 szt. | 89,00 zł |
| Dostawa | 0,00 zł |

Odbiór: Paczkomat KRA12M, ul. Długa 14, Kraków.

[[Śledź przesyłkę]](https://allegro.pl/moje-allegro/zakupy/kupione/7c1a)`,
    L: "i/deliver/receipt",
    why: "a shipping notice for a gift sent to the reader's mother in Kraków",
  }),
  zalando({
    s: "NUR HEUTE: 30 % auf Wintermäntel – DRINGEND zugreifen!",
    d: "11-27 06:30",
    b: `# Black Friday bei Zalando

**Nur heute**: 30 % extra auf ausgewählte Wintermäntel und Daunenjacken. Dringend zugreifen, solange der Vorrat reicht!

[[Jetzt shoppen]](https://www.zalando.de/black-friday/?utm_source=newsletter)

Code: WINTER30, gültig bis 23:59 Uhr.`,
    L: "l/propose/promotion",
    why: "marketing that says 'urgent' and 'today only'; nothing is at stake for the reader",
  }),
  urban({
    s: "Neu in deiner Nähe: Bouldern bei Ostbloc",
    d: "11-13 17:45",
    b: `Hallo Maya,

ab Dezember kannst du mit deiner M-Mitgliedschaft auch bei **Ostbloc** in Friedrichshain bouldern – ohne Aufpreis.

[[Kurse ansehen]](https://urbansportsclub.com/de/venues/ostbloc)

Bleib in Bewegung!`,
    L: "l/propose/promotion",
    why: "a membership programme's promotional nudge",
  }),
];
