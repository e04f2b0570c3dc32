import { type Spec, sender } from "../spec.ts";

/** A batch spread over French, Italian, Dutch, Polish and Swedish senders, of every kind. */
const lyonSyndic = sender({
  org: "foncia-lyon",
  p: "lucas",
  from: "Foncia Lyon <gestion.lyon3@foncia-example.fr>",
  kind: "person",
  shape: "outlook",
  lang: "fr",
});
const notaire = sender({
  org: "notaires-lyon",
  p: "lucas",
  from: "Maître Anne Delorme <a.delorme@notaires-lyon-example.fr>",
  kind: "person",
  shape: "outlook",
  lang: "fr",
});
const ameli = sender({
  org: "ameli",
  p: "lucas",
  from: "l'Assurance Maladie <ne-pas-repondre@ameli.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const laposte = sender({
  org: "la-poste",
  p: "lucas",
  from: "La Poste - Colissimo <noreply@notif-colissimo-laposte.info>",
  kind: "system",
  shape: "alt",
  lang: "fr",
  auth: "pass",
});
const telerama = sender({
  org: "telerama",
  p: "lucas",
  from: "Télérama <newsletter@telerama.fr>",
  kind: "bulk",
  shape: "html",
  lang: "fr",
  unsub: "https://www.telerama.fr/newsletters/desinscription",
});
const blablacar = sender({
  org: "blablacar",
  p: "lucas",
  from: "BlaBlaCar <ne-pas-repondre@blablacar.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const marcoIt = sender({
  org: "unibo",
  p: "elena",
  from: "Marco Bellini <marco.bellini@unibo.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
});
const chiara = sender({
  org: "friends-madrid",
  p: "elena",
  from: "Chiara Russo <chiara.russo89@libero.it>",
  kind: "person",
  shape: "plain",
  lang: "it",
  ua: "Libero Mail",
  auth: "nodmarc",
});
const italo = sender({
  org: "italo-treno",
  p: "elena",
  from: "Italo <noreply@italotreno.it>",
  kind: "system",
  shape: "alt",
  lang: "it",
});
const poste = sender({
  org: "poste-italiane",
  p: "elena",
  from: "Poste Italiane <noreply@posteitaliane.it>",
  kind: "system",
  shape: "alt",
  lang: "it",
});
const ilpost = sender({
  org: "il-post",
  p: "elena",
  from: "Il Post <newsletter@ilpost.it>",
  kind: "bulk",
  shape: "html",
  lang: "it",
  unsub: "https://www.ilpost.it/newsletter/disiscriviti",
});
const ruud = sender({
  org: "friends-berlin",
  p: "maya",
  from: "Ruud Jansen <ruud.jansen@ziggo.nl>",
  kind: "person",
  shape: "apple",
  lang: "nl",
});
const adyen = sender({
  org: "adyen",
  p: "maya",
  from: "Sanne Visser <sanne.visser@adyen-example.com>",
  kind: "person",
  shape: "gmail",
  lang: "nl",
});
const ns = sender({
  org: "ns-international",
  p: "maya",
  from: "NS International <noreply@nsinternational.nl>",
  kind: "system",
  shape: "alt",
  lang: "nl",
});
const coolblue = sender({
  org: "coolblue",
  p: "maya",
  from: "Coolblue <klantenservice@coolblue.nl>",
  kind: "system",
  shape: "html",
  lang: "nl",
});
const ewa = sender({
  org: "family-okafor",
  p: "maya",
  from: "Ewa Okafor <ewa.okafor@wp.pl>",
  kind: "person",
  shape: "plain",
  lang: "pl",
  host: "smtpo.poczta.wp.pl",
  cte: "quoted-printable",
});
const ciocia = sender({
  org: "family-okafor",
  p: "maya",
  from: "Halina Kowalczyk <halina.kowalczyk@onet.pl>",
  kind: "person",
  shape: "plain",
  lang: "pl",
  host: "smtp.poczta.onet.pl",
  auth: "nodmarc",
});
const pkp = sender({
  org: "pkp-intercity",
  p: "maya",
  from: "PKP Intercity <bilet@intercity.pl>",
  kind: "system",
  shape: "alt",
  lang: "pl",
});
const tomaszPl = sender({
  org: "ferrow",
  p: "maya",
  from: "Tomasz Zieliński <tomasz.zielinski@ferrow.io>",
  kind: "person",
  shape: "gmail",
  lang: "pl",
});
const sara = sender({
  org: "ferrow",
  p: "maya",
  from: "Sara Lindqvist <sara.lindqvist@ferrow.io>",
  kind: "person",
  shape: "apple",
  lang: "sv",
});
const nils = sender({
  org: "su-stockholm",
  p: "elena",
  from: "Nils Berg <nils.berg@su-example.se>",
  kind: "person",
  shape: "apple",
  lang: "sv",
});
const sj = sender({
  org: "sj",
  p: "elena",
  from: "SJ <noreply@sj.se>",
  kind: "system",
  shape: "alt",
  lang: "sv",
});
const sweUser = sender({
  org: "kotsu-users",
  p: "kenji",
  from: "Oskar Holm <oskar.holm@bredband-example.se>",
  kind: "person",
  shape: "plain",
  lang: "sv",
  auth: "nodmarc",
});
const frUser = sender({
  org: "kotsu-users",
  p: "kenji",
  from: "Léa Bernard <lea.bernard@sfr.fr>",
  kind: "person",
  shape: "plain",
  lang: "fr",
  ua: "SFR Mail",
});

export const europe: Spec[] = [
  lyonSyndic({
    s: "Appartement de vos parents - dégât des eaux chez le voisin du dessous",
    d: "11-26 09:40",
    b: `Monsieur Ferreira,

En tant que contact désigné par vos parents pendant leur absence, nous vous informons qu'une fuite provenant de leur appartement (3e étage) cause un dégât des eaux chez le voisin du 2e depuis ce matin. Le plombier doit accéder au logement aujourd'hui : pouvez-vous nous indiquer avant midi qui peut lui ouvrir ?

Cordialement,
Service gestion, Foncia Lyon 3e`,
    L: "u/request/primary",
    why: "a leak is damaging a neighbour's flat now and access is needed before noon",
  }),
  notaire({
    s: "Succession Ferreira - signature de l'acte",
    d: "11-17 15:00",
    b: `Monsieur,

Je vous confirme le rendez-vous de signature de l'acte de notoriété le lundi 28 décembre à 10h en notre étude, 12 quai Saint-Antoine. Merci de vous munir d'une pièce d'identité en cours de validité.

Bien cordialement,
Anne Delorme, notaire`,
    L: "i/meet/primary",
    why: "a notary confirms an appointment already agreed",
  }),
  ameli({
    s: "Un nouveau message est disponible dans votre compte ameli",
    d: "11-18 08:00",
    b: `Bonjour,

Un nouveau document est disponible dans votre compte ameli : relevé de remboursements du mois d'octobre.

Pour le consulter, connectez-vous à votre compte sur ameli.fr ou dans l'application.

L'Assurance Maladie`,
    L: "i/deliver/notification",
    why: "a health-insurance statement is available; records only",
  }),
  laposte({
    s: "Votre colis est disponible en point retrait",
    d: "11-27 14:00",
    b: `Bonjour,

Votre colis 6A12345678901 envoyé par Decathlon est disponible au point retrait Tabac de la Part-Dieu jusqu'au 8 décembre. Présentez ce code : 4471.

Colissimo`,
    L: "a/request/notification",
    why: "a parcel waits for pickup within ten days",
  }),
  telerama({
    s: "Les films de la semaine : notre sélection",
    d: "11-25 11:00",
    b: `# Sorties cinéma

Trois films à ne pas manquer, un documentaire sur Le Corbusier à Chandigarh et notre critique du nouveau Kore-eda.

[[Lire la sélection]](https://www.telerama.fr/cinema/sorties-de-la-semaine)`,
    L: "i/fyi/newsletter",
    why: "a culture newsletter the reader reads",
  }),
  blablacar({
    s: "Votre réservation est confirmée : Lyon → Annecy",
    d: "11-29 10:00",
    b: `# C'est réservé !

Dimanche 27 décembre, 09:30, Lyon Part-Dieu → Annecy gare.
Conducteur : Mathieu · Peugeot 308 grise.

| Prix | 14,50 € |`,
    L: "i/deliver/receipt",
    why: "a ride-share booking confirmation",
  }),
  marcoIt({
    s: "Cambio di programma: seminario spostato all'11",
    d: "12-03 12:30",
    b: `Cara Elena,

purtroppo l'aula Prodi non è disponibile il 10: abbiamo spostato il seminario a venerdì 11 alle 11:00, aula Gnudi. L'albergo è già stato aggiornato (notti 10 e 11). Ti va bene lo stesso?

Marco`,
    L: "a/amend/primary",
    why: "the host moves the seminar by a day and asks if it still works",
  }),
  chiara({
    s: "Re: Ci vediamo a Bologna?",
    d: "11-28 09:00",
    b: `Perfetto! Allora l'11 alle 19 al Pratello, ti aspetto lì. Prenoto io.

Chiara`,
    L: "i/commit/primary",
    why: "a friend confirms and will book",
  }),
  italo({
    s: "Il tuo biglietto Italo: Bologna – Roma",
    d: "11-30 20:10",
    b: `# Buon viaggio!

| Italo 8935 | Bologna C.le → Roma Termini |
| 12 dicembre | 08:42 – 11:00 |
| Carrozza 5, posto 3A | Smart |
| Totale | 39,90 € |

Codice biglietto: **QX4R7T**`,
    L: "i/deliver/receipt",
    why: "a train ticket receipt",
  }),
  poste({
    s: "La tua raccomandata è in giacenza",
    d: "11-21 11:30",
    b: `Gentile cliente,

la raccomandata n. 6251 8841 0023 indirizzata a Elena Ruiz Arnaiz presso il Dipartimento DIPLA non è stata consegnata per assenza del destinatario ed è in giacenza presso l'ufficio postale di Bologna Centro fino al 21 dicembre. Il ritiro può essere delegato.`,
    L: "a/fyi/notification",
    why: "registered mail waits at a post office for a month; arrange collection",
  }),
  ilpost({
    s: "Charlie: il giornalismo e le intelligenze artificiali",
    d: "11-22 08:00",
    b: `# Charlie

La newsletter del Post sui giornali e il giornalismo: cosa è successo quando tre quotidiani hanno provato a far scrivere i riassunti a un modello linguistico.

[[Leggi Charlie]](https://www.ilpost.it/charlie/2026-11-22)`,
    L: "i/fyi/newsletter",
    why: "a newsletter the reader reads",
  }),
  ruud({
    s: "Re: Sinterklaas-pakjesavond bij ons?",
    d: "11-26 18:00",
    b: `Super dat je komt! Je hebt Daan getrokken voor de surprise. Hij houdt van klimmen en slechte woordgrappen, succes met het gedicht 😄

Ruud`,
    q: { from: "Maya Okafor <maya.okafor@ferrow.io>", d: "11-23 10:10", b: "Ja, leuk! Ik kom." },
    L: "a/fyi/primary",
    why: "a friend tells the reader whose gift she must prepare before 5 December",
  }),
  adyen({
    s: "Kennismaking - payout reconciliation",
    d: "11-16 13:10",
    b: `Hoi Maya,

Ruben de Vries gaf me je adres; we kennen elkaar nog van de Payments-meetup in Amsterdam. Bij Adyen werken we aan een nieuw reconciliation-rapport voor platforms en ik zou graag 30 minuten met je praten over hoe jullie dat nu doen. Heb je volgende week ergens tijd?

Groet,
Sanne Visser`,
    L: "a/propose/primary",
    why: "a contact at a vendor proposes a call next week",
  }),
  ns({
    s: "Je tickets voor Amsterdam – Berlijn",
    d: "11-14 19:20",
    b: `# Bedankt voor je boeking

| ICE International | Amsterdam Centraal → Berlin Hbf |
| 15 januari 2027 | 10:00 – 16:14 |
| Prijs | € 49,90 |

Je e-ticket staat in de bijlage.`,
    att: [
      {
        name: "e-ticket-NSI-88120.pdf",
        text: "NS International\nAmsterdam Centraal - Berlin Hbf\n15-01-2027 10:00\nRijtuig 26 Plaats 71",
      },
    ],
    L: "i/deliver/receipt",
    why: "a train ticket receipt",
  }),
  coolblue({
    s: "Je bestelling komt morgen tussen 13:00 en 15:00",
    d: "11-25 18:40",
    b: `# Morgen is het zover

Je Philips Hue Gradient Lightstrip komt morgen tussen **13:00 en 15:00**. Ben je er niet? Kies een ander moment in je account.

Bestelnummer 24781193`,
    L: "i/fyi/notification",
    why: "a delivery time notice",
  }),
  ewa({
    s: "Zdjęcia z ogrodu",
    d: "11-29 15:20",
    b: `Kochanie,

przesyłam zdjęcia nowego ogrodu zimowego, które tata zrobił. Zobacz, jak pięknie zakwitły storczyki!

Mama`,
    att: [{ name: "ogrod_1.jpg" }, { name: "ogrod_2.jpg" }],
    L: "i/deliver/primary",
    why: "the mother shares photos",
  }),
  ciocia({
    s: "Urodziny babci Zosi - 90 lat!",
    d: "11-20 17:30",
    b: `Droga Maju,

babcia Zosia kończy 90 lat 9 stycznia. Robimy przyjęcie w Krakowie w sobotę 9 stycznia o 14:00 w restauracji Pod Baranem. Daj znać do 15 grudnia, czy przyjedziesz, żebyśmy mogli zarezerwować stoliki.

Ściskam,
Ciocia Halina`,
    L: "a/meet/primary",
    why: "an aunt invites to a family party with an RSVP date",
  }),
  pkp({
    s: "Potwierdzenie zakupu biletu: Kraków Główny – Zakopane",
    d: "11-28 21:30",
    b: `# Dziękujemy za zakup

| IC 38170 Tatry | Kraków Główny → Zakopane |
| 27 grudnia 2026 | 09:12 – 12:28 |
| Wagon 12, miejsce 55 | 2 klasa |
| Cena | 44,90 zł |`,
    L: "i/deliver/receipt",
    why: "a train ticket receipt",
  }),
  tomaszPl({
    s: "pytanie o Wigilię firmową",
    d: "11-24 12:40",
    b: `Cześć Maya,

organizuję małą polską Wigilię w biurze 18 grudnia (barszcz, pierogi, makowiec). Możesz zapytać mamę o przepis na jej makowiec? Ten z zeszłego roku był najlepszy.

Tomek`,
    L: "a/request/primary",
    why: "a colleague asks a small favour for a December event",
  }),
  sara({
    s: "Lucia-fika på fredag",
    d: "12-09 10:00",
    b: `Hej!

På fredag den 13:e bjuder jag på lussekatter och pepparkakor i köket kl 15 för att fira Lucia. Alla är välkomna!

Sara`,
    to: "berlin-office@ferrow.io",
    L: "l/meet/primary",
    why: "an office-wide invitation to coffee; optional",
  }),
  nils({
    s: "Linda Eks avhandling – utkast",
    d: "11-30 09:00",
    b: `Hej Elena,

Här kommer Lindas avhandling i den version som går till tryck (bifogad). Fakulteten skickar den formella inbjudan separat. Hör av dig om du har frågor inför disputationen.

Nils`,
    att: [
      {
        name: "Ek_avhandling_tryck.pdf",
        text: "Linda Ek\nMorphological segmentation for Romance languages\nDoctoral thesis\nStockholm University 2027",
      },
    ],
    L: "i/deliver/primary",
    why: "a colleague sends the thesis for the defence in March",
  }),
  sj({
    s: "Din bokning: Stockholm C – Uppsala C",
    d: "11-12 14:40",
    b: `# Tack för din bokning

| SJ Regional 10421 | Stockholm C → Uppsala C |
| 6 mars 2027 | 10:12 – 10:50 |
| Pris | 129 kr |

Biljetten finns i SJ-appen.`,
    L: "i/deliver/receipt",
    why: "a train booking confirmation",
  }),
  sweUser({
    s: "Synkroniseringen fungerar inte på iPad",
    d: "11-23 20:00",
    b: `Hej,

Sedan uppdateringen synkar inte Kotsu mellan min iPhone och iPad. På iPaden står det "iCloud-fel 134". Jag har provat att logga ut och in. Vad kan jag göra?

Oskar Holm`,
    L: "a/request/primary",
    why: "a user reports a sync bug and asks for help",
  }),
  frUser({
    s: "Remboursement abonnement",
    d: "11-27 13:10",
    b: `Bonjour,

Je me suis abonnée par erreur à l'offre annuelle au lieu de la mensuelle. Est-il possible d'être remboursée et de passer au mensuel ?

Merci d'avance,
Léa Bernard`,
    L: "a/request/primary",
    why: "a customer asks for a refund and a plan change",
  }),
];
