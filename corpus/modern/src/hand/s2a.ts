import { type Spec, sender } from "../spec.ts";

/**
 * Training mail written after the dev/test freeze (2026-11-26) for stage 2, under `s2-` orgs
 * (train only, corpus/modern/train-only.json). Written for the classes the out-of-fold confusion
 * matrices showed thin or confused: actionable requests with deadlines against their
 * informational and low-priority look-alikes, meetings against requests, commitments, amends,
 * urgent incidents against calm look-alikes, and FYI to the reader in Cc or via a list.
 */
const maya = "maya";
const lucas = "lucas";
const kenji = "kenji";
const elena = "elena";

// Maya: a vendor she works with (person, Outlook) and its system mail.
const kestrel = (from: string, shape: Spec["shape"] = "outlook") =>
  sender({ org: "s2-kestrel-analytics", p: maya, from, kind: "person", shape });
const hanne = kestrel("Hanne Voss <hanne.voss@kestrel-analytics.de>");
const olu = kestrel("Olumide Ade <olumide.ade@kestrel-analytics.de>", "gmail");
const kestrelSys = sender({
  org: "s2-kestrel-analytics",
  p: maya,
  from: "Kestrel Status <status@kestrel-analytics.de>",
  kind: "system",
  shape: "alt",
});
// A payments partner in Amsterdam (Dutch/English).
const brug = (from: string) =>
  sender({ org: "s2-brugpay", p: maya, from, kind: "person", shape: "outlook", lang: "nl" });
const sanne = brug("Sanne de Groot <sanne.degroot@brugpay.nl>");
const brugOps = sender({
  org: "s2-brugpay",
  p: maya,
  from: "BrugPay Operations <ops-alerts@brugpay.nl>",
  kind: "system",
  shape: "alt",
});
// An uptime monitor Maya's team uses.
const pingwell = sender({
  org: "s2-pingwell",
  p: maya,
  from: "Pingwell <alerts@pingwell.io>",
  kind: "system",
  shape: "alt",
  auth: "pass",
  hdr: { "Auto-Submitted": "auto-generated" },
});
// A Polish freelance designer Maya hired for a personal project.
const kasia = sender({
  org: "s2-studio-kasia",
  p: maya,
  from: "Katarzyna Nowicka <kasia@studionowicka.pl>",
  kind: "person",
  shape: "gmail",
  lang: "pl",
  auth: "nodmarc",
});
// A tenants' association mailing list in Berlin (German).
const mieter = sender({
  org: "s2-mieterrat-wedding",
  p: maya,
  from: "Mieterrat Wedding <mieterrat@lists.mieterrat-wedding.de>",
  kind: "bulk",
  shape: "plain",
  lang: "de",
  auth: "list",
  list: {
    id: "mieterrat.lists.mieterrat-wedding.de",
    post: "mieterrat@lists.mieterrat-wedding.de",
    archive: "https://lists.mieterrat-wedding.de/archive/mieterrat",
  },
});
const mieterPerson = (from: string) =>
  sender({
    org: "s2-mieterrat-wedding",
    p: maya,
    from,
    kind: "person",
    shape: "plain",
    lang: "de",
    auth: "list",
    to: "mieterrat@lists.mieterrat-wedding.de",
    list: {
      id: "mieterrat.lists.mieterrat-wedding.de",
      post: "mieterrat@lists.mieterrat-wedding.de",
      archive: "https://lists.mieterrat-wedding.de/archive/mieterrat",
    },
  });
const detlef = mieterPerson("Detlef Krause <d.krause@posteo.de>");
const yasemin = mieterPerson("Yasemin Arslan <yasemin.arslan@gmx.de>");

// Lucas: a new client in Porto, a French engineering office, a Spanish developer.
const sofia = sender({
  org: "s2-casa-ribeira",
  p: lucas,
  from: "Sofia Ribeiro <sofia.ribeiro@casaribeira.pt>",
  kind: "person",
  shape: "apple",
  lang: "pt",
});
const bet = (from: string) =>
  sender({ org: "s2-bet-structura", p: lucas, from, kind: "person", shape: "outlook", lang: "fr" });
const mathieu = bet("Mathieu Lefèvre <m.lefevre@bet-structura.fr>");
const betSys = sender({
  org: "s2-bet-structura",
  p: lucas,
  from: "Structura Partage <partage@bet-structura.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const promotora = sender({
  org: "s2-promotora-levante",
  p: lucas,
  from: "Alberto Sanz <asanz@promotoralevante.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const ordemNews = sender({
  org: "s2-cowork-alcantara",
  p: lucas,
  from: "Cowork Alcântara <ola@coworkalcantara.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  unsub: "https://coworkalcantara.pt/newsletter/sair",
});

// Kenji: a Japanese co-developer, an app-review service, an English-speaking customer.
const ryo = sender({
  org: "s2-ryo-freelance",
  p: kenji,
  from: "Ryo Fujimoto <ryo.fujimoto.dev@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});
const habitUser = sender({
  org: "s2-habit-users",
  p: kenji,
  from: "Megan Price <megan.price.writes@outlook.com>",
  kind: "person",
  shape: "outlook",
});
const crashly = sender({
  org: "s2-crashbeacon",
  p: kenji,
  from: "CrashBeacon <alerts@crashbeacon.dev>",
  kind: "system",
  shape: "alt",
  hdr: { "Auto-Submitted": "auto-generated" },
});
const zeirishi = sender({
  org: "s2-zeirishi-office",
  p: kenji,
  from: "山下税理士事務所 <info@yamashita-tax.jp>",
  kind: "person",
  shape: "outlook",
  lang: "ja",
});

// Elena: a co-author in Bologna, the department's admin, a conference system.
const marco = sender({
  org: "s2-unibo-coauthor",
  p: elena,
  from: "Marco Bellini <marco.bellini@unibo-ling.it>",
  kind: "person",
  shape: "apple",
  lang: "it",
});
const secretaria = sender({
  org: "s2-depto-linguistica",
  p: elena,
  from: "Secretaría Departamento de Lingüística <secretaria.linguistica@ucm-ling.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const reviewSys = sender({
  org: "s2-openreview-like",
  p: elena,
  from: "LinguaConf Submissions <noreply@linguaconf-submit.org>",
  kind: "system",
  shape: "alt",
});

export const s2a: Spec[] = [
  hanne({
    s: "Data processing agreement - countersignature needed by 4 Dec",
    d: "11-24 10:12",
    b: `Dear Maya,

our legal team has finalised the updated data processing agreement (attached, changes marked in section 7 on sub-processors). Could you arrange the countersignature on Ferrow's side by Friday 4 December? After that date the old DPA lapses and we would have to pause the event export to your warehouse.

Kind regards,
Hanne Voss
Customer Success, Kestrel Analytics`,
    att: [
      {
        name: "Kestrel_DPA_2026_v3.pdf",
        text: "Data Processing Agreement v3 - Kestrel Analytics GmbH and Ferrow GmbH",
      },
    ],
    L: "a/request/primary",
    why: "a vendor asks for a countersignature by a date next week, with a consequence after it",
  }),
  hanne({
    s: "Re: Data processing agreement - countersignature needed by 4 Dec",
    d: "11-26 09:03",
    b: `Hi Maya,

a quick reminder that the DPA countersignature is still open. The export pause would start tomorrow morning at 06:00 CET if we don't have it today, and your finance dashboards read from that export.

Could you sign today? DocuSign link: [sign here](https://kestrel-analytics.de/sign/dpa-ferrow)

Hanne`,
    re: true,
    L: "u/request/primary",
    why: "the same request now due today, with an export pause tomorrow morning if it slips",
  }),
  olu({
    s: "I'll send the schema diff tomorrow",
    d: "11-23 18:40",
    b: `Hi Maya,

thanks for the call. I'll send you the schema diff for the v2 events tomorrow before noon, and I'll check with our backend team whether the amount field can stay an integer in minor units.

Olumide`,
    L: "i/commit/primary",
    why: "a vendor promises to send the diff tomorrow; nothing for the reader to do",
  }),
  olu({
    s: "Schema diff for v2 events",
    d: "11-24 11:31",
    b: `Hi Maya,

as promised, the diff is attached. Amounts stay integers in minor units; the only breaking change is that event_time becomes RFC 3339 with an offset.

Olumide`,
    att: [{ name: "events-v2-schema.diff", text: "- event_time: integer\n+ event_time: string (RFC 3339)" }],
    L: "i/deliver/primary",
    why: "the promised file is delivered; no question is asked",
  }),
  kestrelSys({
    s: "[Resolved] Delayed event ingestion in eu-central",
    d: "11-25 07:55",
    b: `# Resolved

Between 05:10 and 07:20 CET, events sent to the eu-central ingestion endpoint were accepted but processed with a delay of up to 40 minutes. No events were lost. All queues are drained.

We will publish a post-incident review within 5 business days.`,
    L: "i/fyi/notification",
    why: "a vendor's resolved incident: worth knowing, nothing to do",
  }),
  kestrelSys({
    s: "Scheduled maintenance: EU API, 6 December 02:00-03:00 CET",
    d: "11-20 14:00",
    b: `We will upgrade the database cluster behind the EU API on Sunday 6 December between 02:00 and 03:00 CET. Requests during the window may see brief errors and should be retried; client libraries retry automatically.

No action is required.`,
    L: "l/fyi/notification",
    why: "routine maintenance notice in the small hours, handled by retries",
  }),
  sanne({
    s: "Settlement file of 25-11 missing",
    d: "11-26 08:20",
    b: `Hoi Maya,

we have not received Ferrow's settlement file for 25 November. Our reconciliation cut-off is 14:00 today; after that the payouts to your merchants for yesterday move to Monday.

Can you check the SFTP job and re-send before 14:00?

Groet,
Sanne de Groot
BrugPay`,
    L: "u/request/primary",
    why: "a partner needs a missing file before a cut-off today or merchant payouts slip",
  }),
  sanne({
    s: "Kwartaaloverleg: voorstel voor een datum",
    d: "11-18 15:30",
    b: `Hoi Maya,

zullen we ons kwartaaloverleg plannen? Ik stel dinsdag 8 december om 10:00 voor, online. Ik stuur een uitnodiging zodra je akkoord bent; als het niet uitkomt, noem gerust een ander moment die week.

Groet,
Sanne`,
    L: "a/meet/primary",
    why: "a partner proposes a date for a quarterly meeting and waits for the reader's yes",
  }),
  sanne({
    s: "Uitnodiging: Kwartaaloverleg Ferrow / BrugPay",
    d: "11-19 09:10",
    b: `Hoi Maya,

zoals besproken, hierbij de uitnodiging. Agenda: settlement-bestanden, retourboekingen, planning 2027.

Groet,
Sanne`,
    ics: {
      method: "REQUEST",
      start: "12-08 10:00",
      mins: 45,
      summary: "Kwartaaloverleg Ferrow / BrugPay",
      loc: "Microsoft Teams",
      style: "outlook",
    },
    L: "a/meet/primary",
    why: "a calendar invitation from a partner for next month; accept or decline",
  }),
  sanne({
    s: "Geannuleerd: Kwartaaloverleg Ferrow / BrugPay",
    d: "11-25 16:45",
    b: `Hoi Maya,

helaas moet ik het overleg van 8 december annuleren; onze CFO heeft die dag een audit. Ik kom volgende week met nieuwe data.

Groet,
Sanne`,
    ics: {
      method: "CANCEL",
      start: "12-08 10:00",
      mins: 45,
      summary: "Kwartaaloverleg Ferrow / BrugPay",
      loc: "Microsoft Teams",
      style: "outlook",
      seq: 1,
    },
    L: "i/amend/primary",
    why: "a cancellation of a meeting next month; nothing to do until new dates come",
  }),
  brugOps({
    s: "Payout batch 2026-11-26-01 rejected: IBAN checksum errors (37 items)",
    d: "11-26 10:02",
    b: `Batch 2026-11-26-01 from Ferrow GmbH was rejected at 09:58 CET.

| reason | items |
|---|---|
| IBAN checksum invalid | 37 |

No payouts from this batch were executed. Correct the items and resubmit before the 15:00 CET run to pay merchants today.`,
    L: "u/request/notification",
    why: "a rejected payout batch that must be fixed before this afternoon's run",
  }),
  brugOps({
    s: "Payout batch 2026-11-24-02 executed (412 items)",
    d: "11-24 15:22",
    b: `Batch 2026-11-24-02 from Ferrow GmbH was executed at 15:20 CET.

| items | total |
|---|---|
| 412 | EUR 1,284,330.17 |

The settlement report is available in the portal.`,
    L: "l/fyi/notification",
    why: "a routine success notice for a batch; noise for the reader",
  }),
  pingwell({
    s: "DOWN: api.ferrow.io/health (3 of 4 regions)",
    d: "11-22 03:14",
    b: `api.ferrow.io/health is DOWN from Frankfurt, London and Virginia since 03:11 UTC.

Last error: connection timed out after 10 s.

[Acknowledge](https://pingwell.io/incidents/88213/ack) · [View incident](https://pingwell.io/incidents/88213)`,
    L: "u/request/notification",
    why: "the public API is down from most regions now and the alert asks to be acknowledged",
  }),
  pingwell({
    s: "UP: api.ferrow.io/health (down for 6 min)",
    d: "11-22 03:20",
    b: `api.ferrow.io/health is UP again from all regions since 03:17 UTC. Total downtime: 6 minutes.`,
    L: "i/fyi/notification",
    why: "a recovery notice: worth knowing, nothing to do",
  }),
  pingwell({
    s: "DOWN: staging.ferrow.io/health (1 of 4 regions)",
    d: "11-23 13:40",
    b: `staging.ferrow.io/health is DOWN from Singapore since 13:37 UTC. Other regions report UP.

Last error: HTTP 503.`,
    L: "l/fyi/notification",
    why: "staging seen down from one far region only: staging noise per the alert rule",
  }),
  pingwell({
    s: "TLS certificate for status.ferrow.io expires in 9 days",
    d: "11-21 09:00",
    b: `The certificate for status.ferrow.io expires on 30 November 2026 (9 days). Automatic renewal has failed twice: DNS challenge record not found.

Renew it or fix the DNS challenge before it expires.`,
    L: "a/request/notification",
    why: "a certificate expiring in nine days with failed renewals: needs the reader, not today",
  }),
  kasia({
    s: "Logo dla kawiarni - dwie wersje do wyboru",
    d: "11-20 19:05",
    b: `Cześć Maya,

w załączniku dwie wersje logo dla kawiarni Twojej mamy. Daj znać do przyszłej środy, którą wybierasz (albo co zmienić), wtedy przygotuję pliki do druku.

Pozdrawiam,
Kasia`,
    att: [{ name: "logo-warianty.png", inline: false }],
    L: "a/request/primary",
    why: "a designer asks the reader to choose between two versions by next Wednesday",
  }),
  kasia({
    s: "Pliki do druku wyślę w piątek",
    d: "11-25 21:10",
    b: `Cześć Maya,

dzięki za decyzję, wersja B jest super. Pliki do druku (PDF i SVG) wyślę w piątek, a fakturę razem z nimi.

Kasia`,
    L: "i/commit/primary",
    why: "a promise to send the print files on Friday; nothing to do",
  }),
  mieter({
    s: "[Mieterrat] Protokoll der Versammlung vom 18.11.",
    d: "11-21 20:00",
    b: `Liebe Nachbarinnen und Nachbarn,

anbei das Protokoll der Versammlung vom 18. November. Wichtigste Punkte: die Hausverwaltung hat die Heizungswartung für Januar zugesagt, und der Hof wird im Frühjahr neu bepflanzt.

Euer Mieterrat`,
    att: [{ name: "Protokoll-2026-11-18.pdf", text: "Protokoll Mieterversammlung 18.11.2026" }],
    L: "l/deliver/newsletter",
    why: "minutes sent to the whole tenants' list; nothing for this reader",
  }),
  detlef({
    s: "Re: [Mieterrat] Fahrradkeller",
    d: "11-22 11:42",
    b: `Hallo zusammen,

ich sehe das wie Yasemin, die Fahrradständer sollten an die Wand. Hat jemand die Maße vom Keller?

Detlef`,
    re: true,
    L: "l/fyi/newsletter",
    why: "a neighbour's reply on the list that does not name the reader: list traffic",
  }),
  yasemin({
    s: "Re: [Mieterrat] Fahrradkeller",
    d: "11-22 18:15",
    b: `Hallo Detlef, hallo Maya,

Maya, du hattest den Keller doch im Sommer ausgemessen – könntest du die Maße bis Sonntag hier in die Runde schicken? Dann kann ich die Ständer bestellen.

Yasemin`,
    re: true,
    L: "a/request/primary",
    why: "a list reply that names the reader and asks her for the measurements by Sunday",
  }),

  // Lucas
  sofia({
    s: "Obra em Massarelos: podemos falar na quinta?",
    d: "11-23 12:30",
    b: `Olá Lucas,

recebi o seu contacto através da Inês. Comprámos um apartamento em Massarelos e queremos abrir a cozinha para a sala. Podemos falar por telefone na quinta-feira ao fim da tarde? Se preferir, também posso ir ao seu escritório em Lisboa na semana seguinte.

Obrigada,
Sofia Ribeiro`,
    L: "a/meet/primary",
    why: "a prospective client asks for a call on Thursday; the reader must reply",
  }),
  sofia({
    s: "Plantas do apartamento",
    d: "11-25 09:48",
    b: `Olá Lucas,

obrigada pela conversa de ontem. Conforme combinado, envio as plantas que o condomínio nos deu e umas fotografias da parede entre a cozinha e a sala.

Sofia`,
    att: [
      { name: "planta-3esq.pdf", text: "Planta 3.º esquerdo - Rua de Massarelos" },
      { name: "parede-cozinha.jpg" },
    ],
    L: "i/deliver/primary",
    why: "a client sends the plans she promised; nothing asked",
  }),
  sofia({
    s: "Urgente: o empreiteiro quer demolir a parede amanhã",
    d: "11-26 17:20",
    b: `Lucas, desculpe a pressa: o empreiteiro diz que começa a demolir a parede amanhã às 8h e pergunta se é estrutural. Não quero que avance sem a sua confirmação. Consegue ver as fotos e responder-me ainda hoje?

Sofia`,
    L: "u/request/primary",
    why: "a client needs an answer today before a wall is demolished tomorrow at 8",
  }),
  mathieu({
    s: "Note de calcul plancher R+2 - vos remarques avant le 9/12 ?",
    d: "11-24 14:05",
    b: `Bonjour Lucas,

vous trouverez ci-joint la note de calcul du plancher R+2 pour le projet de Sintra. Pourriez-vous nous faire part de vos remarques avant le mercredi 9 décembre ? Nous devons transmettre le dossier au bureau de contrôle le 11.

Cordialement,
Mathieu Lefèvre
BET Structura`,
    att: [{ name: "NDC_plancher_R+2_v1.pdf", text: "Note de calcul - plancher R+2 - projet Sintra" }],
    L: "a/request/primary",
    why: "an engineering office asks for comments on a calculation note within two weeks",
  }),
  mathieu({
    s: "Note de calcul plancher R+2 - v2 remplace v1",
    d: "11-25 10:30",
    b: `Bonjour Lucas,

une erreur s'était glissée dans la v1 (charge d'exploitation de 1,5 kN/m² au lieu de 2,5). La v2 ci-jointe la remplace ; merci de ne plus utiliser la v1. Le délai du 9 décembre est inchangé.

Cordialement,
Mathieu`,
    att: [{ name: "NDC_plancher_R+2_v2.pdf", text: "Note de calcul - plancher R+2 - v2" }],
    L: "a/amend/primary",
    why: "a corrected version replaces one sent before; the earlier request still stands",
  }),
  mathieu({
    s: "Réunion de synthèse Sintra",
    d: "11-19 16:50",
    b: `Bonjour Lucas,

je vous propose une réunion de synthèse avec le bureau de contrôle le mardi 15 décembre à 14h30 (visio). Invitation ci-jointe.

Cordialement,
Mathieu`,
    ics: {
      method: "REQUEST",
      start: "12-15 14:30",
      mins: 60,
      summary: "Réunion de synthèse - projet Sintra",
      loc: "Teams",
      style: "outlook",
      who: ["controle@qualibat-ouest.fr"],
    },
    L: "a/meet/primary",
    why: "an invitation written by a person with an Outlook .ics, weeks ahead",
  }),
  betSys({
    s: "Mathieu Lefèvre a partagé un dossier avec vous : Sintra_R+2",
    d: "11-24 14:03",
    b: `Mathieu Lefèvre (m.lefevre@bet-structura.fr) a partagé le dossier **Sintra_R+2** avec vous.

[Ouvrir le dossier](https://partage.bet-structura.fr/s/Sintra_R2)

Ce lien expire dans 30 jours.`,
    L: "l/fyi/notification",
    why: "the file-share system's notice of a folder whose content arrived by mail anyway",
  }),
  promotora({
    s: "Presupuesto reforma oficinas Valencia",
    d: "11-20 11:15",
    b: `Hola Lucas,

te escribo de parte de Pablo Iglesias. Estamos reformando unas oficinas de 400 m² en Valencia y buscamos un arquitecto para el proyecto básico. ¿Podrías enviarnos un presupuesto aproximado antes del 10 de diciembre? Adjunto el plano actual.

Un saludo,
Alberto Sanz
Promotora Levante`,
    att: [{ name: "plano-oficinas-actual.pdf", text: "Plano oficinas planta 3 - estado actual" }],
    L: "a/request/primary",
    why: "a prospective client asks for a quote by 10 December",
  }),
  promotora({
    s: "Re: Presupuesto reforma oficinas Valencia",
    d: "11-25 18:02",
    b: `Hola Lucas,

gracias por el presupuesto. Lo revisamos con dirección el lunes y te contestamos el martes como muy tarde.

Un saludo,
Alberto`,
    re: true,
    L: "i/commit/primary",
    why: "the client promises an answer by Tuesday; nothing for the reader to do",
  }),
  ordemNews({
    s: "Dezembro no Cowork: workshops, jantar de Natal e 20% no plano anual",
    d: "11-24 10:00",
    b: `# Dezembro no Cowork Alcântara

- Workshop de fotografia de arquitetura, 3/12
- Jantar de Natal dos membros, 17/12
- 20% de desconto no plano anual até 31/12

[Ver agenda](https://coworkalcantara.pt/agenda)`,
    L: "l/propose/promotion",
    why: "a coworking space's monthly marketing with an offer and events",
  }),

  // Kenji
  ryo({
    s: "ウィジェットのPR、レビューお願いできますか",
    d: "11-24 22:10",
    b: `佐藤さん

ホーム画面ウィジェットのPRを出しました。来週の月曜までに見てもらえると助かります。特にApp Groupの共有部分が心配です。

藤本`,
    L: "a/request/primary",
    why: "a collaborator asks for a review by next Monday",
  }),
  ryo({
    s: "打ち合わせの件",
    d: "11-19 09:30",
    b: `佐藤さん

来年のロードマップについて、一度オンラインで話しませんか。12月2日（水）か3日（木）の夜20時以降はいかがでしょう。

藤本`,
    L: "a/meet/primary",
    why: "a collaborator proposes two evenings for a call and waits for an answer",
  }),
  ryo({
    s: "Re: 打ち合わせの件",
    d: "11-20 08:15",
    b: `佐藤さん

了解です、3日の20時で。Meetのリンクは当日送ります。

藤本`,
    re: true,
    L: "i/commit/primary",
    why: "the collaborator confirms and promises to send the link; nothing to do",
  }),
  ryo({
    s: "Re: ウィジェットのPR、レビューお願いできますか",
    d: "11-26 09:40",
    b: `佐藤さん

すみません、さっき出したPRにバグがあって、TestFlightのビルドで起動直後に落ちます。今日の18時に外部テスターへ配信予定なので、それまでにマージを止めるか修正版を見てもらえますか。

藤本`,
    re: true,
    L: "u/request/primary",
    why: "a crash in a build that goes to testers at 18:00 today; the reader must act today",
  }),
  habitUser({
    s: "Streaks reset after the update",
    d: "11-25 23:50",
    b: `Hi Kenji,

since updating to 4.2 this evening, all my streaks show 0. I've been on a 300-day streak for meditation and I'm honestly upset. Is the data gone, or is it just the display? Please let me know.

Megan`,
    L: "u/request/primary",
    why: "a paying user reports possible data loss after today's update: harm spreads to every user who updates",
  }),
  habitUser({
    s: "Feature idea: weekly goals",
    d: "11-17 12:05",
    b: `Hi Kenji,

love the app. One idea: could habits have a weekly target (3 times a week) instead of only daily? No rush at all, just a thought.

Megan`,
    L: "l/propose/primary",
    why: "a user's feature idea with no request for an answer",
  }),
  crashly({
    s: "New crash spike: HabitStore.load() - 1,204 users in the last hour",
    d: "11-26 00:10",
    b: `A new issue is affecting **1,204 users** (8.7 % of sessions) in version 4.2 (build 311) in the last hour.

EXC_BAD_ACCESS in HabitStore.load() + 212

[View issue](https://crashbeacon.dev/issues/5521)`,
    L: "u/fyi/notification",
    why: "a crash hitting many users of the released build now",
  }),
  crashly({
    s: "Weekly stability digest: 99.2 % crash-free sessions",
    d: "11-23 09:00",
    b: `Crash-free sessions last week: **99.2 %** (previous week 99.3 %).

| version | crash-free |
|---|---|
| 4.1.2 | 99.4 % |
| 4.1.1 | 98.9 % |`,
    L: "i/deliver/notification",
    why: "a weekly stability report; worth glancing at, nothing to do",
  }),
  zeirishi({
    s: "確定申告の書類ご提出のお願い（12月15日まで）",
    d: "11-24 13:00",
    b: `佐藤様

いつもお世話になっております。山下税理士事務所です。
今年分の確定申告の準備のため、下記の書類を12月15日までにご提出いただけますでしょうか。

- App Storeの売上明細（1月〜12月）
- 経費の領収書
- 国民年金の控除証明書

よろしくお願いいたします。`,
    L: "a/request/primary",
    why: "the tax accountant asks for documents by 15 December",
  }),
  zeirishi({
    s: "面談日程変更のお願い",
    d: "11-25 10:20",
    b: `佐藤様

12月1日に予定しておりました面談ですが、担当者の都合により12月4日（金）14時に変更させていただけますでしょうか。ご都合が悪い場合はお知らせください。`,
    L: "a/amend/primary",
    why: "the accountant moves a meeting and asks the reader to say if it does not suit",
  }),

  // Elena
  marco({
    s: "Camera-ready: ti mando la sezione 4 domani",
    d: "11-22 19:30",
    b: `Ciao Elena,

ho finito gli esperimenti di ablation; domani mattina ti mando la sezione 4 riscritta e la tabella aggiornata.

Marco`,
    L: "i/commit/primary",
    why: "a co-author promises a section tomorrow; nothing to do yet",
  }),
  marco({
    s: "Sezione 4 e tabella 3",
    d: "11-23 10:05",
    b: `Ciao Elena,

ecco la sezione 4 e la tabella 3. Quando hai tempo, mi dici se il paragrafo sui limiti ti convince? Non c'è fretta, la scadenza è il 12.

Marco`,
    att: [{ name: "sec4_v2.tex", text: "\\section{Ablations} We remove each feature group in turn..." }],
    L: "a/deliver/primary",
    why: "a co-author delivers a section and asks for an opinion before a deadline weeks away",
  }),
  marco({
    s: "Rebuttal: chiamata venerdì?",
    d: "11-25 12:40",
    b: `Ciao Elena,

i revisori hanno risposto. Facciamo una chiamata venerdì alle 11 per dividerci le risposte? Ti va bene Jitsi?

Marco`,
    L: "a/meet/primary",
    why: "a co-author proposes a call on Friday and waits for an answer",
  }),
  secretaria({
    s: "Recordatorio: hojas de firma del proyecto, antes del 30 de noviembre",
    d: "11-23 09:15",
    b: `Estimada Elena:

Le recordamos que las hojas de firma mensuales del proyecto PID2024 de septiembre y octubre deben entregarse en secretaría antes del lunes 30 de noviembre. Sin ellas no podemos tramitar la nómina de diciembre.

Un saludo,
Secretaría del Departamento`,
    L: "a/request/primary",
    why: "the department asks for signed timesheets by Monday, payroll depends on it",
  }),
  secretaria({
    s: "Cierre del edificio el 8 de diciembre",
    d: "11-20 12:00",
    to: "pdi-linguistica@ucm-ling.es",
    b: `Estimados compañeros:

Os recordamos que el 8 de diciembre, festivo, el edificio permanecerá cerrado. El día 7 cerrará a las 15:00.

Un saludo,
Secretaría del Departamento`,
    L: "l/fyi/primary",
    why: "an announcement to all department staff that asks nothing of the reader",
  }),
  secretaria({
    s: "Hoy: corte de luz en la tercera planta a las 13:00",
    d: "11-26 09:30",
    to: "pdi-linguistica@ucm-ling.es",
    b: `Estimados compañeros:

Por una avería, hoy a las 13:00 se cortará la luz en la tercera planta durante unas dos horas. Por favor, guardad el trabajo y apagad los equipos antes de esa hora; el servidor del grupo de Elena Ruiz (despacho 3.14) debe apagarse a mano.

Secretaría`,
    L: "u/request/primary",
    why: "a staff notice that names the reader's server and needs action before 13:00 today",
  }),
  reviewSys({
    s: "[LinguaConf 2027] Reviewer assignment: 3 papers, reviews due 18 December",
    d: "11-24 08:00",
    b: `Dear Elena Ruiz Arnaiz,

you have been assigned 3 submissions as a reviewer for LinguaConf 2027. Please confirm the assignment and declare any conflicts of interest by 1 December; reviews are due on 18 December.

[Open reviewer console](https://linguaconf-submit.org/reviewer)`,
    L: "a/request/notification",
    why: "a conference system asks the reader to confirm reviewing duties by next week",
  }),
  reviewSys({
    s: "[LinguaConf 2027] Submission #214 received",
    d: "11-15 23:58",
    b: `Dear Elena Ruiz Arnaiz,

we have received your submission #214 "Cross-lingual probing of morphological agreement". You can edit it until the deadline on 20 November, 23:59 AoE.`,
    L: "i/fyi/notification",
    why: "a receipt-like acknowledgement of a submission; nothing to do",
  }),
];
