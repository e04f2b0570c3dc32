import { type Spec, sender } from "../spec.ts";

/**
 * Short, plain automated notes that ask nothing (train only, `s30n-` orgs), written one by one: the
 * counterpart to the short urgent tool alerts of `s30-urgent-now.ts`. A retrain learned "a short
 * note from a role or no-reply address is urgent" and called a three-line weekly digest urgent;
 * most such notes are informational or noise. Builds passed and nightly jobs finished, status pages
 * after maintenance, usage reports, weekly digests and "this week in …" notes, "your week in
 * review", a library loan renewed, parcels delivered, tomorrow's agenda, new documents in a shared
 * folder, club and department announcements that ask nothing, changelogs and short shop notes.
 * About half carry List-Unsubscribe or List-Id; the rest come from small senders and internal
 * tools that send without them.
 */

// --- maya ---
const ciforge = sender({
  org: "s30n-ciforge",
  p: "maya",
  from: "CIForge <notifications@ciforge.dev>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const wikinest = sender({
  org: "s30n-wikinest",
  p: "maya",
  from: "Wikinest <bot@wikinest.io>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const quillhost = sender({
  org: "s30n-quillhost",
  p: "maya",
  from: "Quillhost Status <noreply@status.quillhost.net>",
  kind: "system",
  shape: "alt",
  lang: "en",
  unsub: "https://status.quillhost.net/subscriptions/manage?u=mo42",
});
const logpond = sender({
  org: "s30n-logpond",
  p: "maya",
  from: "Logpond <reports@logpond.io>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const relnotes = sender({
  org: "s30n-relnotes",
  p: "maya",
  from: "Relnotes Weekly <news@relnotes.dev>",
  kind: "bulk",
  shape: "plain",
  lang: "en",
  unsub: "https://relnotes.dev/unsubscribe?s=mk71",
});
const bibliothek = sender({
  org: "s30n-stadtbibliothek-fhain",
  p: "maya",
  from: "Stadtbibliothek Friedrichshain <noreply@bibliothek-friedrichshain.de>",
  kind: "system",
  shape: "plain",
  lang: "de",
});
const paketblitz = sender({
  org: "s30n-paketblitz",
  p: "maya",
  from: "Paketblitz <benachrichtigung@paketblitz.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const welniana = sender({
  org: "s30n-welniana-pracownia",
  p: "maya",
  from: "Wełniana Pracownia <hello@welniana-pracownia.pl>",
  kind: "bulk",
  shape: "plain",
  lang: "pl",
  unsub: "https://welniana-pracownia.pl/newsletter/wypisz?e=m0",
});
const trailtally = sender({
  org: "s30n-trailtally",
  p: "maya",
  from: "Trailtally <hello@trailtally.app>",
  kind: "bulk",
  shape: "plain",
  lang: "en",
  unsub: "https://trailtally.app/settings/email?weekly=off",
});
const queuebird = sender({
  org: "s30n-queuebird",
  p: "maya",
  from: "Queuebird <news@queuebird.dev>",
  kind: "bulk",
  shape: "plain",
  lang: "en",
  unsub: "https://queuebird.dev/account/email?changelog=0",
});
const lauftreff = sender({
  org: "s30n-lauftreff-treptow",
  p: "maya",
  from: "Lauftreff Treptow <team@lauftreff-treptow.de>",
  kind: "system",
  shape: "plain",
  lang: "de",
});

// --- lucas ---
const obradocs = sender({
  org: "s30n-obradocs",
  p: "lucas",
  from: "ObraDocs <noreply@obradocs.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
});
const kaaphost = sender({
  org: "s30n-kaaphost",
  p: "lucas",
  from: "Kaaphost <noreply@status.kaaphost.nl>",
  kind: "system",
  shape: "plain",
  lang: "nl",
  unsub: "https://status.kaaphost.nl/abonnement/opzeggen?id=lf",
});
const entregaja = sender({
  org: "s30n-entregaja",
  p: "lucas",
  from: "EntregaJá <notificacoes@entregaja.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
});
const leitura = sender({
  org: "s30n-leitura-lisboa",
  p: "lucas",
  from: "Bibliotecas de Lisboa <noreply@leitura-lisboa.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
});
const archihebdo = sender({
  org: "s30n-archi-hebdo",
  p: "lucas",
  from: "Archi Hebdo <digest@archi-hebdo.fr>",
  kind: "bulk",
  shape: "plain",
  lang: "fr",
  unsub: "https://archi-hebdo.fr/desabonnement?u=lf93",
});
const planolibre = sender({
  org: "s30n-planolibre",
  p: "lucas",
  from: "Planolibre <notificaciones@planolibre.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
});
const daybook = sender({
  org: "s30n-daybook",
  p: "lucas",
  from: "Daybook <agenda@daybook.app>",
  kind: "system",
  shape: "plain",
  lang: "en",
  unsub: "https://daybook.app/settings/notifications",
});
const papelaria = sender({
  org: "s30n-papelaria-do-bairro",
  p: "lucas",
  from: "Papelaria do Bairro <ola@papelariadobairro.pt>",
  kind: "bulk",
  shape: "plain",
  lang: "pt",
  unsub: "https://papelariadobairro.pt/newsletter/sair",
});
const remo = sender({
  org: "s30n-clube-remo-belem",
  p: "lucas",
  from: "Clube de Remo de Belém <secretaria@clubremo-belem.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
});
const horalog = sender({
  org: "s30n-horalog",
  p: "lucas",
  from: "Horalog <hello@horalog.app>",
  kind: "system",
  shape: "plain",
  lang: "en",
  unsub: "https://horalog.app/account/emails?weekly=0",
});

// --- kenji ---
const kumoci = sender({
  org: "s30n-kumo-ci",
  p: "kenji",
  from: "Kumo CI <noreply@kumo-ci.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const appledger = sender({
  org: "s30n-appledger",
  p: "kenji",
  from: "AppLedger <reports@appledger.io>",
  kind: "system",
  shape: "plain",
  lang: "en",
  unsub: "https://appledger.io/settings/reports?weekly=off",
});
const hayate = sender({
  org: "s30n-hayate-bin",
  p: "kenji",
  from: "はやて便 <noreply@hayate-bin.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const mamekoubou = sender({
  org: "s30n-mamekoubou",
  p: "kenji",
  from: "豆工房 <news@mamekoubou.jp>",
  kind: "bulk",
  shape: "plain",
  lang: "ja",
  unsub: "https://mamekoubou.jp/mail/stop?k=ks",
});
const pushwell = sender({
  org: "s30n-pushwell",
  p: "kenji",
  from: "Pushwell Status <noreply@status.pushwell.dev>",
  kind: "system",
  shape: "plain",
  lang: "en",
  unsub: "https://status.pushwell.dev/unsubscribe/k5",
});
const swiftletter = sender({
  org: "s30n-swiftletter",
  p: "kenji",
  from: "Swiftletter <digest@swiftletter.dev>",
  kind: "bulk",
  shape: "plain",
  lang: "en",
  unsub: "https://swiftletter.dev/u/ks218",
});
const telwerk = sender({
  org: "s30n-telwerk",
  p: "kenji",
  from: "Telwerk Analytics <reports@telwerk.io>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const paywalla = sender({
  org: "s30n-paywalla",
  p: "kenji",
  from: "Paywalla <news@paywalla.com>",
  kind: "bulk",
  shape: "plain",
  lang: "en",
  unsub: "https://paywalla.com/email/preferences?changelog=0",
});
const kotoba = sender({
  org: "s30n-kotoba-renshu",
  p: "kenji",
  from: "ことば練習 <hello@kotoba-renshu.app>",
  kind: "system",
  shape: "plain",
  lang: "ja",
  unsub: "https://kotoba-renshu.app/settings/mail?summary=off",
});
const tinybox = sender({
  org: "s30n-tinybox",
  p: "kenji",
  from: "Tinybox <noreply@tinybox.cloud>",
  kind: "system",
  shape: "plain",
  lang: "en",
});

// --- elena ---
const bibhum = sender({
  org: "s30n-biblioteca-humanidades",
  p: "elena",
  from: "Biblioteca de Humanidades <noreply@biblioteca-humanidades.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
});
const secretaria = sender({
  org: "s30n-secretaria-filologia",
  p: "elena",
  from: "Secretaría Filología <secretaria@fil-madrid.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
});
const papertrove = sender({
  org: "s30n-papertrove",
  p: "elena",
  from: "Papertrove <notifications@papertrove.io>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const slurm = sender({
  org: "s30n-nodo-hpc",
  p: "elena",
  from: "Slurm <slurm@nodo-hpc.es>",
  kind: "system",
  shape: "plain",
  lang: "en",
});
const lingcomp = sender({
  org: "s30n-lingcomp-italia",
  p: "elena",
  from: "Lingcomp Italia <news@lingcomp-italia.it>",
  kind: "bulk",
  shape: "plain",
  lang: "it",
  list: { id: "notizie.lingcomp-italia.it", archive: "https://lists.lingcomp-italia.it/archive/notizie/" },
});
const ecole = sender({
  org: "s30n-ecole-ete-tal",
  p: "elena",
  from: "École d'été TAL <team@ecole-ete-tal.fr>",
  kind: "system",
  shape: "plain",
  lang: "fr",
  list: { id: "annonces.ecole-ete-tal.fr" },
});
const uebersetz = sender({
  org: "s30n-uebersetzwerk",
  p: "elena",
  from: "Übersetzwerk API <noreply@uebersetzwerk.de>",
  kind: "system",
  shape: "plain",
  lang: "de",
});
const lince = sender({
  org: "s30n-envios-lince",
  p: "elena",
  from: "Envíos Lince <avisos@envioslince.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
});
const diario = sender({
  org: "s30n-diarioapp",
  p: "elena",
  from: "Diario <agenda@diarioapp.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
});
const errata = sender({
  org: "s30n-libreria-errata",
  p: "elena",
  from: "Librería La Errata <hola@libreriaerrata.es>",
  kind: "bulk",
  shape: "plain",
  lang: "es",
  unsub: "https://libreriaerrata.es/boletin/baja?c=era",
});

export const s30ShortNotes: Spec[] = [
  ciforge({
    s: "✓ ferrow/ledger-api: build #2231 passed on maya/pool-metrics",
    d: "11-17 16:42",
    b: `Build #2231 passed in 6m 12s.

Branch: maya/pool-metrics
Commit: 9c41e0a "expose pool wait time as a histogram"

[View build](https://ciforge.dev/ferrow/ledger-api/builds/2231)`,
    L: "l/fyi/notification",
    why: "a green build on the reader's own feature branch; CI on a feature branch that passed needs nothing",
  }),
  wikinest({
    s: "3 new pages in Platform / Runbooks",
    d: "11-24 09:05",
    b: `3 new pages were added to Platform / Runbooks this week:

- Rotating the ledger-db replica certificates (Jonas Keller)
- Draining a Kafka broker (Priya Nair)
- Restoring a single tenant from backup (Jonas Keller)

[Open the space](https://ferrow.wikinest.io/spaces/platform/runbooks)`,
    L: "i/fyi/notification",
    why: "an internal wiki lists new runbooks in the reader's own team space; worth knowing, nothing asked",
  }),
  quillhost({
    s: "[Completed] Scheduled maintenance: object storage in fra-1",
    d: "12-03 05:12",
    b: `The scheduled maintenance of object storage in fra-1 has been completed. All systems are operating normally.

Window: 03 Dec 2026, 03:00–05:00 CET. No action is required.`,
    L: "i/fyi/notification",
    why: "a status page says planned maintenance is finished and all is normal; nothing to do",
  }),
  logpond({
    s: "Your Logpond usage for November: 42% of plan",
    d: "12-01 08:00",
    b: `Hi Maya,

In November the ferrow-prod workspace ingested 1.26 TB of logs, 42% of the 3 TB in your Team plan. Retention stayed at 30 days.

No action needed. We'll write again if you pass 80%.`,
    L: "i/fyi/notification",
    why: "a monthly usage report far below the limit; worth knowing, and it says no action is needed",
  }),
  relnotes({
    s: "Relnotes Weekly #148: this week in databases",
    d: "11-20 07:30",
    b: `This week in databases:

- Postgres 18.2 out with a fix for logical replication slots
- A long read on why connection poolers still matter
- SQLite gets a new JSON function

Full issue: https://relnotes.dev/148`,
    L: "l/fyi/newsletter",
    why: "a weekly links digest the reader subscribed to and skims at most; list traffic with nothing for her",
  }),
  bibliothek({
    s: "Ihre Ausleihe wurde verlängert",
    d: "11-28 06:15",
    b: `Guten Tag Frau Okafor,

die Ausleihe folgender Medien wurde automatisch verlängert:

"Designing Data-Intensive Applications" – neue Rückgabe: 19.12.2026

Ihre Stadtbibliothek Friedrichshain`,
    L: "i/fyi/notification",
    why: "the library renewed a loan by itself and gives the new return date; worth knowing, nothing to do",
  }),
  paketblitz({
    s: "Ihr Paket wurde zugestellt",
    d: "12-08 13:47",
    b: `Ihr Paket 3409 7781 2265 wurde heute um 13:41 zugestellt.

Abgegeben bei: Nachbar, Böhm, 2. OG

Vielen Dank, dass Sie Paketblitz nutzen.`,
    L: "i/fyi/notification",
    why: "a carrier's delivery status: the parcel is with a neighbour; worth knowing, no action asked",
  }),
  welniana({
    s: "Nowość: wełniane skarpety na zimę",
    d: "11-21 10:00",
    b: `Dzień dobry,

w sklepie pojawiły się nowe skarpety z wełny merino, w pięciu kolorach, robione w Zakopanem.

https://welniana-pracownia.pl/skarpety

Pozdrawiamy,
Wełniana Pracownia`,
    L: "l/propose/promotion",
    why: "a shop's short note about a new product; marketing the reader signed up for, no action needed",
  }),
  trailtally({
    s: "Your week: 3 runs, 21.4 km",
    d: "11-23 19:00",
    b: `Your week in review

3 runs · 21.4 km · 1h 58m
Longest: 10.2 km along the Spree on Saturday

Keep it up!`,
    L: "l/fyi/notification",
    why: "an app's weekly summary of the reader's own runs; a nudge she does not act on",
  }),
  queuebird({
    s: "Changelog: retry policies per queue, Go SDK 2.4",
    d: "11-26 15:20",
    b: `What's new in Queuebird:

- Retry policies can now be set per queue instead of per project
- Go SDK 2.4 adds context-aware consumers
- Dashboard: dead-letter counts on the queue list

Nothing changes for existing queues.`,
    L: "i/fyi/newsletter",
    why: "product news from a vendor the reader's team builds on; worth knowing, and nothing changes for her queues",
  }),
  lauftreff({
    s: "Lauftreff im Dezember: dienstags schon um 18:30",
    d: "11-29 20:10",
    b: `Hallo zusammen,

ab 1. Dezember starten wir dienstags eine halbe Stunde früher, um 18:30 am Eingang Treptower Park. Donnerstags bleibt alles wie gehabt.

Bis bald,
euer Lauftreff-Team`,
    L: "l/fyi/newsletter",
    why: "a running club's note to all members about a new start time; an announcement to everyone that asks nothing",
  }),

  obradocs({
    s: "3 novos documentos em Moradia Sintra",
    d: "11-18 17:32",
    b: `Foram adicionados 3 documentos à pasta "Moradia Sintra":

- Relatório geotécnico_v2.pdf
- Mapa de quantidades_rev3.xlsx
- Fotos obra 17-11.zip

Ver pasta: https://obradocs.pt/p/moradia-sintra`,
    L: "i/fyi/notification",
    why: "a project portal says new documents were filed in the reader's project; worth knowing, nothing asked",
  }),
  kaaphost({
    s: "Gepland onderhoud afgerond",
    d: "12-02 04:20",
    b: `Het geplande onderhoud aan de webhostingservers in Amsterdam is afgerond. Alle diensten werken weer normaal.

Er is geen actie van uw kant nodig.`,
    L: "i/fyi/notification",
    why: "the host of the reader's website reports maintenance finished and all normal; nothing to do",
  }),
  entregaja({
    s: "A sua encomenda foi entregue",
    d: "11-25 11:08",
    b: `Olá,

a encomenda EJ-552190-PT foi entregue hoje às 11:02.
Recebida por: Portaria

Obrigado por escolher a EntregaJá.`,
    L: "i/fyi/notification",
    why: "a carrier confirms a delivery to the building's front desk; worth knowing, nothing to do",
  }),
  leitura({
    s: "Renovação do empréstimo",
    d: "12-04 07:00",
    b: `Caro leitor,

o empréstimo de "A Pattern Language" foi renovado. Nova data de devolução: 24/12/2026.

Bibliotecas de Lisboa`,
    L: "i/fyi/notification",
    why: "the library renewed a loan and gives the new date; worth knowing, no action",
  }),
  archihebdo({
    s: "Cette semaine dans l'architecture",
    d: "11-19 08:00",
    b: `Cette semaine :

- Lyon : le concours de la Part-Dieu est attribué
- Un entretien sur la construction en terre crue
- Trois bibliothèques de quartier en bois

Lire la lettre : https://archi-hebdo.fr/lettres/2026-47`,
    L: "l/fyi/newsletter",
    why: "a weekly editorial digest the reader skims; a newsletter with nothing for him to do",
  }),
  planolibre({
    s: "Has usado el 42 % de tu almacenamiento",
    d: "12-01 09:00",
    b: `Hola Lucas:

Tu espacio de Planolibre ocupa 21 GB de los 50 GB de tu plan (42 %).

Te avisaremos si llegas al 90 %.`,
    L: "i/fyi/notification",
    why: "a storage usage report well below the limit; worth knowing, nothing to do",
  }),
  daybook({
    s: "Tomorrow: 2 events",
    d: "12-09 20:00",
    b: `Your agenda for Thursday, 10 December

09:30 Site visit, Moradia Sintra
15:00 Call with Estudio Marés

Have a good evening.`,
    L: "i/fyi/notification",
    why: "a calendar digest of the reader's own appointments tomorrow; worth knowing, no request",
  }),
  papelaria({
    s: "Novidade: lápis de grafite japoneses",
    d: "11-27 12:00",
    b: `Olá!

Chegaram à loja os lápis de grafite Hinoki, do 6H ao 8B. Estão na montra até ao Natal.

Papelaria do Bairro, Rua de São Bento 214`,
    L: "l/propose/promotion",
    why: "a shop's note about new stock; marketing the reader does not act on",
  }),
  remo({
    s: "Horário de inverno",
    d: "11-13 18:45",
    b: `Caros sócios,

a partir de segunda-feira, 16 de novembro, o clube abre das 7h às 19h. Aos sábados mantém-se das 8h às 13h.

A Direção`,
    L: "l/fyi/newsletter",
    why: "a club's announcement of winter hours to all members; asks nothing of the reader",
  }),
  horalog({
    s: "Your week: 31h 20m tracked",
    d: "11-30 07:00",
    b: `Last week you tracked 31h 20m on 4 projects.

Moradia Sintra 14h 05m
Ibérica Hoteles lobby 9h 40m
Ashcombe rear extension 5h 15m
Admin 2h 20m`,
    L: "i/fyi/notification",
    why: "a weekly summary of the reader's own billable hours; worth knowing, nothing asked",
  }),

  kumoci({
    s: "ビルド成功: HabitLoop main #418",
    d: "11-22 23:14",
    b: `HabitLoop の main ブランチのビルド #418 が成功しました。

所要時間: 8分41秒
テスト: 312 件すべて成功

https://kumo-ci.jp/kenji/habitloop/builds/418`,
    L: "i/fyi/notification",
    why: "a green build on main with all tests passing; worth knowing, nothing to do",
  }),
  appledger({
    s: "Weekly summary: HabitLoop, 23–29 Nov",
    d: "11-30 09:00",
    b: `HabitLoop, 23–29 November

Downloads: 1,204 (+6%)
Proceeds: ¥182,400
Active subscriptions: 2,871

Full report: https://appledger.io/r/hl-w48`,
    L: "i/deliver/notification",
    why: "a weekly sales report on the reader's own app; it hands over figures, nothing to act on",
  }),
  hayate({
    s: "お荷物のお届けが完了しました",
    d: "12-05 14:26",
    b: `佐藤 健二 様

お問い合わせ番号 4412-8830-1975 のお荷物を、本日 14:20 に宅配ボックスへお届けしました。

はやて便`,
    L: "i/fyi/notification",
    why: "a carrier says a parcel is in the delivery box; worth knowing, no action asked",
  }),
  mamekoubou({
    s: "新入荷：エチオピアの浅煎り",
    d: "11-26 12:00",
    b: `いつもありがとうございます。

エチオピア・グジの浅煎りが入荷しました。200g 1,680円です。

豆工房`,
    L: "l/propose/promotion",
    why: "a coffee shop's short note about new beans; marketing, low priority",
  }),
  pushwell({
    s: "All systems operational: November uptime 99.98%",
    d: "12-01 10:00",
    b: `All Pushwell systems are operational.

November uptime: 99.98% (API), 100% (delivery to APNs).
No incidents are open.`,
    L: "i/fyi/notification",
    why: "a status page's monthly summary with nothing open; worth knowing, nothing to do",
  }),
  swiftletter({
    s: "This week in Swift, issue 212",
    d: "11-24 06:00",
    b: `This week:

- Swift 6.3 beta notes, in short
- Testing SwiftData migrations
- A small library for haptics

Read online: https://swiftletter.dev/212`,
    L: "l/fyi/newsletter",
    why: "a weekly links digest the reader skims; newsletter traffic with nothing for him",
  }),
  telwerk({
    s: "November report: 42% of your event quota",
    d: "12-01 07:30",
    b: `Hi Kenji,

HabitLoop sent 2.1 million events in November, 42% of the 5 million in your Indie plan.

No action is needed.`,
    L: "i/fyi/notification",
    why: "a usage report well under the plan's limit that says no action is needed",
  }),
  paywalla({
    s: "Changelog: trial-length experiments, faster webhooks",
    d: "11-19 17:00",
    b: `New this month:

- Experiments can now vary trial length
- Webhooks arrive in under a second on average
- The dashboard shows refunds per country

Nothing changes in your current setup.`,
    L: "l/fyi/newsletter",
    why: "a vendor's changelog that changes nothing for the reader; product news he skims",
  }),
  kotoba({
    s: "今週のまとめ：5日連続で練習しました",
    d: "11-29 21:00",
    b: `今週の学習まとめ

練習日数: 5日
新しい単語: 48語
正答率: 86%

来週もがんばりましょう！`,
    L: "l/fyi/notification",
    why: "a learning app's weekly summary; a nudge the reader does not act on",
  }),
  tinybox({
    s: "Backup finished: habitloop-db (2.1 GB)",
    d: "12-07 03:31",
    b: `Nightly backup of habitloop-db finished at 03:30 JST.

Size: 2.1 GB
Duration: 4m 08s
Kept: 14 daily, 8 weekly`,
    L: "l/fyi/notification",
    why: "a nightly backup that succeeded as every night; routine success the reader does not act on",
  }),

  bibhum({
    s: "Renovación automática de préstamos",
    d: "11-20 06:30",
    b: `Estimada usuaria:

Se han renovado automáticamente los siguientes préstamos:

- Jurafsky & Martin, "Speech and Language Processing" — devolución: 11/12/2026
- Bender, "Linguistic Fundamentals for NLP" — devolución: 11/12/2026

Biblioteca de Humanidades`,
    L: "i/fyi/notification",
    why: "the library renewed two loans by itself; worth knowing, nothing to do",
  }),
  secretaria({
    s: "Horario de la secretaría en Navidad",
    d: "12-10 12:15",
    b: `Buenos días:

Del 22 de diciembre al 7 de enero la secretaría abrirá solo de 10:00 a 13:00. Los días 24 y 31 permanecerá cerrada.

Un saludo,
Secretaría del Departamento`,
    L: "l/fyi/newsletter",
    why: "an office's holiday hours sent to the whole department; an announcement to everyone that asks nothing",
  }),
  papertrove({
    s: "3 new documents in Shared Task 2027",
    d: "11-26 18:02",
    b: `3 new documents were added to the folder "Shared Task 2027":

- annotation-guidelines-v3.pdf (Dimitra Kostaki)
- baseline-results.csv (Dimitra Kostaki)
- timeline.md (Joost Verbeek)`,
    L: "i/fyi/notification",
    why: "a shared-folder tool lists new files in the reader's own project; worth knowing, nothing asked",
  }),
  slurm({
    s: "Slurm Job_id=884213 Name=finetune-xlmr Ended, Run time 06:12:44, COMPLETED, ExitCode 0",
    d: "12-02 04:48",
    b: `Job 884213 (finetune-xlmr) on partition gpu completed.

Run time 06:12:44, exit code 0.
Output: /home/eruiz/runs/xlmr-ner/slurm-884213.out`,
    L: "i/fyi/notification",
    why: "a cluster job the reader started finished successfully; worth knowing, nothing urgent",
  }),
  lingcomp({
    s: "Notizie della settimana",
    d: "11-23 08:00",
    b: `Questa settimana:

- Aperte le iscrizioni alla scuola invernale di Trento
- Nuovo corpus di italiano parlato disponibile
- Seminario online sul parsing a dipendenze, 3 dicembre

Archivio: https://lists.lingcomp-italia.it/archive/notizie/`,
    L: "l/fyi/newsletter",
    why: "an association's weekly list digest the reader is on; list traffic with nothing for her",
  }),
  ecole({
    s: "Le programme de l'école d'été 2027 est en ligne",
    d: "12-03 11:00",
    b: `Bonjour à toutes et à tous,

le programme de l'école d'été TAL 2027 (Grenoble, 28 juin – 2 juillet) est en ligne : https://ecole-ete-tal.fr/2027

Les inscriptions ouvriront en mars.

L'équipe d'organisation`,
    L: "l/fyi/newsletter",
    why: "a summer school's announcement to its list; it asks nothing and registration is months away",
  }),
  uebersetz({
    s: "Monatsbericht: 42 % Ihres Kontingents genutzt",
    d: "12-01 06:00",
    b: `Guten Tag,

im November haben Sie 210.000 von 500.000 Zeichen Ihres Kontingents genutzt (42 %).

Es ist nichts zu tun.

Übersetzwerk`,
    L: "i/fyi/notification",
    why: "a monthly usage report under half the quota that says there is nothing to do",
  }),
  lince({
    s: "Tu paquete ha sido entregado",
    d: "11-30 12:51",
    b: `Hola Elena:

Tu paquete LNC-88201-ES se entregó hoy a las 12:47 en tu buzón.

Gracias por confiar en Envíos Lince.`,
    L: "i/fyi/notification",
    why: "a carrier's delivery status; worth knowing, nothing to do",
  }),
  diario({
    s: "Tu agenda de mañana",
    d: "12-10 20:00",
    b: `Mañana, viernes 11 de diciembre:

10:00 Grupo de lectura
15:30 Comité de tesis (Sala 2.14)`,
    L: "i/fyi/notification",
    why: "a calendar digest of the reader's own events tomorrow; worth knowing, no request",
  }),
  errata({
    s: "Novedad: cuadernos de tapa dura",
    d: "11-27 11:00",
    b: `¡Hola!

Han llegado cuadernos de tapa dura hechos en Valencia, punteados y lisos. Los tienes en la librería y en la web.

Librería La Errata`,
    L: "l/propose/promotion",
    why: "a bookshop's short note about new stock; marketing, low priority",
  }),
];
