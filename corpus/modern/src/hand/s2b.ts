import { type Spec, sender } from "../spec.ts";

/**
 * Second batch of stage-2 training mail (train only, `s2-` orgs): system mail that needs the
 * reader against its marketing and routine look-alikes, and FYI against request where both are
 * written by people.
 */
const sys = (org: string, p: string, from: string, lang?: string) =>
  sender({ org, p, from, kind: "system", shape: "alt", lang });
const bulk = (org: string, p: string, from: string, unsub: string, lang?: string) =>
  sender({
    org,
    p,
    from,
    kind: "bulk",
    shape: "html",
    lang,
    unsub,
  });

const hausrat = sys("s2-hausrat-direkt", "maya", "HausratDirekt <service@hausratdirekt.de>", "de");
const hausratNews = bulk(
  "s2-hausrat-direkt",
  "maya",
  "HausratDirekt <angebote@hausratdirekt.de>",
  "https://hausratdirekt.de/abmelden",
  "de",
);
const domainreg = sys("s2-namehaven", "kenji", "NameHaven <billing@namehaven.com>");
const domainNews = bulk(
  "s2-namehaven",
  "kenji",
  "NameHaven <deals@namehaven.com>",
  "https://namehaven.com/unsub",
);
const financas = sys(
  "s2-portal-financas",
  "lucas",
  "Portal das Finanças <notificacoes@portaldasfinancas.pt>",
  "pt",
);
const ssCloud = sys("s2-svea-storage", "elena", "Svea Storage <no-reply@sveastorage.se>");
const ssNews = bulk(
  "s2-svea-storage",
  "elena",
  "Svea Storage <news@sveastorage.se>",
  "https://sveastorage.se/u",
);
const coop = sys("s2-coop-forn", "elena", "Cooperativa Forn de Lavapiés <hola@fornlavapies.coop>", "es");
const jiraLike = sys("s2-trackwise", "maya", "Trackwise <jira@ferrow.trackwise.app>");
const gymApp = sys("s2-kraftwerk-gym", "maya", "Kraftwerk Gym <app@kraftwerk-gym.de>", "de");
const nhk = sys("s2-tokyo-ward", "kenji", "世田谷区 区民健診 <kenshin@setagaya-kenshin.jp>", "ja");
const amiPerson = sender({
  org: "s2-lyon-voisins",
  p: "lucas",
  from: "Nathalie Girard <nathalie.girard@laposte.net>",
  kind: "person",
  shape: "plain",
  lang: "fr",
  auth: "nodmarc",
});
const chorLeader = sender({
  org: "s2-coro-lavapies",
  p: "elena",
  from: "Lucía Moreno <lucia.moreno.coro@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
  to: "coro-lavapies@googlegroups.com",
  list: { id: "coro-lavapies.googlegroups.com", post: "coro-lavapies@googlegroups.com" },
});
const chorToElena = sender({
  org: "s2-coro-lavapies",
  p: "elena",
  from: "Lucía Moreno <lucia.moreno.coro@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "es",
});
const ferrowPeer = sender({
  org: "s2-ferrow-contractors",
  p: "maya",
  from: "Nikos Papadakis <nikos.papadakis@contractor-ferrow.eu>",
  kind: "person",
  shape: "gmail",
});

export const s2b: Spec[] = [
  hausrat({
    s: "Ihre Hausratversicherung: Lastschrift fehlgeschlagen",
    d: "11-23 08:00",
    b: `Guten Tag Frau Okafor,

der Beitrag für Ihre Hausratversicherung (Vertrag HR-448120) konnte am 20.11. nicht eingezogen werden. Bitte aktualisieren Sie Ihre Bankverbindung bis zum 7. Dezember im Kundenportal, damit Ihr Versicherungsschutz bestehen bleibt.

[Zum Kundenportal](https://hausratdirekt.de/login)`,
    L: "a/request/notification",
    why: "a failed direct debit with a deadline in two weeks; the reader must update her bank details",
  }),
  hausrat({
    s: "Ihre Beitragsrechnung 2027",
    d: "11-24 08:00",
    b: `Guten Tag Frau Okafor,

anbei Ihre Beitragsrechnung für 2027. Der Beitrag von 89,40 € wird am 2. Januar per Lastschrift eingezogen. Sie müssen nichts tun.`,
    att: [
      { name: "Beitragsrechnung_2027.pdf", text: "Beitragsrechnung 2027 - Vertrag HR-448120 - 89,40 EUR" },
    ],
    L: "i/deliver/receipt",
    why: "an annual premium invoice collected automatically; nothing to do",
  }),
  hausratNews({
    s: "Jetzt handeln: Fahrradschutz zum halben Preis – nur bis Sonntag!",
    d: "11-21 11:00",
    b: `# Ihr Fahrrad verdient Schutz

Ergänzen Sie Ihre Hausrat um den Fahrradbaustein – **bis Sonntag 50 % Rabatt** im ersten Jahr.

[Jetzt abschließen](https://hausratdirekt.de/fahrrad)`,
    L: "l/propose/promotion",
    why: "an insurer's upsell with a sale deadline: marketing, whatever its tone",
  }),
  domainreg({
    s: "Action required: habitloop.app expires in 12 days (auto-renew failed)",
    d: "11-18 06:00",
    b: `Hi Kenji,

we tried to renew **habitloop.app** but your card ending 4431 was declined. The domain expires on 30 November. If it expires, your app's website and universal links stop working.

[Update payment method](https://namehaven.com/account/billing)`,
    L: "a/request/notification",
    why: "the app's domain expires in 12 days unless the card is updated",
  }),
  domainreg({
    s: "Final notice: habitloop.app expires tomorrow",
    d: "11-29 06:00",
    b: `Hi Kenji,

**habitloop.app expires tomorrow at 00:00 UTC.** Renewal is still failing. Update your payment method now to keep the domain and your universal links working.

[Renew now](https://namehaven.com/account/billing)`,
    L: "u/request/notification",
    why: "the domain behind the app's links expires within hours",
  }),
  domainreg({
    s: "Receipt: habitloop.app renewed for 1 year",
    d: "11-29 09:12",
    b: `Thanks, Kenji. **habitloop.app** is renewed until 30 November 2027.

| item | amount |
|---|---|
| .app renewal, 1 year | USD 16.00 |`,
    L: "i/deliver/receipt",
    why: "a renewal receipt; nothing to do",
  }),
  domainNews({
    s: "Your domain deserves a friend: .dev for $4.99",
    d: "11-22 15:00",
    b: `# Grab a matching .dev

habitloop.dev is available! Register it today for **$4.99** the first year.

[Search domains](https://namehaven.com/search)`,
    L: "l/propose/promotion",
    why: "a registrar's marketing naming the reader's domain to sell another",
  }),
  financas({
    s: "Nova mensagem na sua caixa postal eletrónica",
    d: "11-20 10:30",
    b: `Caro(a) contribuinte,

tem uma nova mensagem na sua caixa postal eletrónica do Portal das Finanças, relativa ao IVA do 3.º trimestre. Aceda ao Portal com as suas credenciais para a consultar; não enviamos hiperligações por email.`,
    L: "a/fyi/notification",
    why: "the tax authority says there is a message about VAT waiting in the portal; it must be read",
  }),
  financas({
    s: "Comprovativo de entrega da declaração periódica de IVA",
    d: "11-14 17:45",
    b: `Caro(a) contribuinte,

a declaração periódica de IVA do período 2026/09T foi entregue com sucesso em 14-11-2026. Guarde este comprovativo.`,
    L: "i/deliver/notification",
    why: "proof that a VAT return was filed; nothing to do",
  }),
  ssCloud({
    s: "You have used 95% of your storage",
    d: "11-25 07:30",
    b: `Hi Elena,

your Svea Storage plan is 95% full (190 of 200 GB). When it is full, new files from your laptop will stop syncing. Free some space or upgrade your plan.

[Manage storage](https://sveastorage.se/account)`,
    L: "a/request/notification",
    why: "storage almost full: syncing stops soon unless the reader acts; not today",
  }),
  ssCloud({
    s: "Sync paused: storage full",
    d: "11-26 08:05",
    b: `Hi Elena,

your storage is full and syncing has **stopped on all devices**. Files you change now are not backed up. Free space or upgrade to resume.`,
    L: "u/request/notification",
    why: "backups have stopped now; files changed today are unprotected",
  }),
  ssNews({
    s: "Black Week: 2 TB for the price of 1",
    d: "11-24 12:00",
    b: `# Black Week at Svea Storage

Double your space: **2 TB for 49 € a year**, only until 30 November.

[Upgrade now](https://sveastorage.se/black-week)`,
    L: "l/propose/promotion",
    why: "storage marketing with a sale deadline",
  }),
  coop({
    s: "Recogida del pedido del jueves",
    d: "11-24 19:00",
    b: `Hola Elena,

tu pedido de pan y verdura de esta semana estará listo el jueves de 18:00 a 20:30 en el local. Si no puedes venir, avísanos antes del miércoles a mediodía y lo guardamos hasta el viernes.`,
    L: "i/fyi/notification",
    why: "the weekly pickup notice of the reader's food co-op; only act if she cannot come",
  }),
  jiraLike({
    s: "[FER-2291] Assigned to you: reconcile duplicate ledger entries (due 3 Dec)",
    d: "11-25 11:20",
    b: `Claudia Baumann assigned **FER-2291** to you.

**Reconcile duplicate ledger entries for merchant 88120**
Priority: Medium · Due: 3 December

> Finance found 14 duplicated entries from the 19 Nov retry storm. Please reconcile and attach the SQL you ran.

[View issue](https://ferrow.trackwise.app/browse/FER-2291)`,
    L: "a/request/notification",
    why: "a ticket assigned to the reader with a due date next week",
  }),
  jiraLike({
    s: "[FER-2270] Status changed: In Review → Done",
    d: "11-24 16:00",
    b: `Jonas Weber changed the status of **FER-2270** from In Review to Done.

**Bump pg driver to 8.13**

[View issue](https://ferrow.trackwise.app/browse/FER-2270)`,
    L: "l/fyi/notification",
    why: "a status change on a ticket the reader only watches",
  }),
  jiraLike({
    s: "[FER-2301] Blocker raised by Support: merchants cannot download payout reports",
    d: "11-26 10:40",
    b: `Support raised **FER-2301** with priority **Blocker** and assigned it to the payouts on-call (you).

> Since this morning's deploy, every payout report download returns 500. Three merchants have escalated; month-end closes Friday.

[View issue](https://ferrow.trackwise.app/browse/FER-2301)`,
    L: "u/request/notification",
    why: "a blocker assigned to the reader as on-call: merchants are affected now",
  }),
  gymApp({
    s: "Dein Kurs morgen: Yoga Flow um 07:00",
    d: "11-25 18:00",
    b: `Hallo Maya,

kleine Erinnerung: Yoga Flow morgen um 07:00 in Raum 2. Kannst du nicht? Dann storniere bitte bis heute 22:00 in der App, damit jemand von der Warteliste nachrücken kann.`,
    L: "i/fyi/notification",
    why: "a class reminder; cancelling is only needed if plans changed",
  }),
  gymApp({
    s: "Dein Mitgliedsbeitrag Dezember",
    d: "11-27 08:00",
    b: `Hallo Maya,

dein Beitrag für Dezember (34,90 €) wird am 1.12. abgebucht. Die Rechnung findest du in der App.`,
    L: "l/fyi/receipt",
    why: "a routine membership charge notice; noise",
  }),
  nhk({
    s: "【世田谷区】特定健康診査の受診期限は12月28日です",
    d: "11-20 09:00",
    b: `佐藤 健二 様

令和8年度の特定健康診査の受診期限は12月28日です。まだ受診されていない方は、区内の指定医療機関にご予約のうえ、受診券をお持ちください。`,
    L: "a/request/notification",
    why: "the ward reminds the reader to get a health check before 28 December",
  }),
  amiPerson({
    s: "Les photos de dimanche",
    d: "11-23 21:30",
    b: `Coucou Lucas,

voilà les photos du déjeuner de dimanche chez tes parents, ta mère était ravie. Bises à Lisbonne !

Nathalie`,
    att: [{ name: "dejeuner-1.jpg" }, { name: "dejeuner-2.jpg" }],
    L: "i/deliver/primary",
    why: "a family friend sends photos; nothing asked",
  }),
  amiPerson({
    s: "Noël : tu arrives quand ?",
    d: "11-25 20:10",
    b: `Coucou Lucas,

ta mère me demande de te demander (!) : tu arrives quel jour pour Noël ? Elle voudrait savoir avant la fin de la semaine pour réserver le traiteur.

Nathalie`,
    L: "a/request/primary",
    why: "a family friend asks the reader's Christmas arrival date by the end of the week",
  }),
  chorLeader({
    s: "Ensayo extra el sábado",
    d: "11-22 12:00",
    b: `Hola a todos:

para el concierto del 19 añadimos un ensayo extra el sábado 5 de 11:00 a 13:00 en la parroquia. Quien no pueda venir, que me lo diga.

Lucía`,
    L: "l/meet/newsletter",
    why: "an extra rehearsal announced to the whole choir list",
  }),
  chorToElena({
    s: "Partitura para el solo",
    d: "11-24 22:40",
    b: `Elena, ¿te animas con el solo del villancico? Si te apetece, te paso la partitura y lo ensayamos el sábado antes del ensayo general. Dime algo esta semana.

Lucía`,
    L: "a/propose/primary",
    why: "the choir leader writes to the reader alone offering her the solo; an answer is due this week",
  }),
  ferrowPeer({
    s: "FYI: I'm off next week, Jonas covers the migration",
    d: "11-26 16:30",
    cc: "Jonas Weber <jonas.weber@ferrow.io>",
    b: `Hi Maya,

just so you know: I'm off from Monday to Friday next week. Jonas has the runbook for the ledger migration and will run the dry-run on Tuesday. Nothing needed from you.

Nikos`,
    L: "i/fyi/primary",
    why: "a colleague's absence notice that says nothing is needed from the reader",
  }),
  ferrowPeer({
    s: "Dry-run results - need your sign-off",
    d: "11-20 17:05",
    b: `Hi Maya,

the dry-run of the ledger migration went through on staging: 2.1M rows, 38 minutes, checksums match. Before we schedule production, I need your sign-off on the rollback plan (section 3 of the doc). Could you review it by Monday?

Nikos`,
    L: "a/request/primary",
    why: "a colleague reports results and asks for a sign-off by Monday",
  }),
];
