import { type Spec, sender } from "../spec.ts";

/**
 * Legitimate urgent mail without money (train only, `s30-` orgs), written one by one: breakage now
 * (a client's warehouse scanners, a café's card terminal, an annotation server, a building site, a
 * client's restaurant kitchen, a plotter before a filing, an app crashing on launch, a partner's
 * integration) from clients, friends and colleagues, and three monitoring tools paging the reader;
 * deadlines within hours (a release at noon, a journalist's comment, a camera-ready portal, an
 * embassy letter, a revised drawing before a committee sits); meetings moved up to now; family and
 * friends (a mother fallen, a father in A&E, a niece with a fever, a dog at the vet, a flight
 * cancelled, a leak through the ceiling, a friend outside the door); an account sending spam and a
 * sign-in to confirm by reply. Stage 1 called the plain ones spam and stage 2 under-called them.
 * Eight sound urgent but are not (a status page's "resolved", a postmortem, maintenance next week,
 * a review deadline next week, "no rush", marketing that shouts). No sender is in the contacts.
 */

// --- maya ---
const quayline = sender({
  org: "s30-quayline-fulfilment",
  p: "maya",
  from: "Declan Morrow <declan.morrow@quayline-fulfilment.co.uk>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const pagerbell = sender({
  org: "s30-pagerbell",
  p: "maya",
  from: "Pagerbell <alerts@pagerbell.io>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const sasiadka = sender({
  org: "s30-sasiadka-krystyna",
  p: "maya",
  from: "Krystyna Wójcik <krystyna.wojcik48@wp.pl>",
  kind: "person",
  shape: "mobile",
  lang: "pl",
  charset: "utf-8",
  cte: "quoted-printable",
});
const nachbar = sender({
  org: "s30-nachbar-boehm",
  p: "maya",
  from: "Jan Böhm <jan.boehm@posteo.de>",
  kind: "person",
  shape: "mobile",
  lang: "de",
});
const cafe = sender({
  org: "s30-cafe-fennel",
  p: "maya",
  from: "Robin Achterberg <robin@fennel-cafe.berlin>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const reporter = sender({
  org: "s30-techwire-reporter",
  p: "maya",
  from: "Hannah Ostrowski <hannah.ostrowski@techwire-europe.com>",
  kind: "person",
  shape: "plain",
  lang: "en",
});
const comaint = sender({
  org: "s30-oss-fenwick",
  p: "maya",
  from: "Ilse Fenwick <ilse@fenwick.dev>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const nadia = sender({
  org: "s30-friend-nadia",
  p: "maya",
  from: "Nadia Haddad <nadia.haddad.ldn@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "en",
});
const devconf = sender({
  org: "s30-backendconf",
  p: "maya",
  from: "Theo Brandl <theo@backendconf.eu>",
  kind: "person",
  shape: "apple",
  lang: "en",
});
const railyard = sender({
  org: "s30-railyard-status",
  p: "maya",
  from: "Railyard Status <noreply@status.railyard.cloud>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const cfp = sender({
  org: "s30-dbsummit-pc",
  p: "maya",
  from: "DB Summit Program Committee <pc@dbsummit.org>",
  kind: "system",
  shape: "plain",
  lang: "en",
});

// --- lucas ---
const obra = sender({
  org: "s30-obras-antunes",
  p: "lucas",
  from: "Rui Antunes <rui.antunes@obras-antunes.pt>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const tasca = sender({
  org: "s30-tasca-do-largo",
  p: "lucas",
  from: "Graça Pinheiro <graca@tascadolargo.pt>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const cowork = sender({
  org: "s30-cowork-alcantara",
  p: "lucas",
  from: "Sofia Reis <sofia@cowork-alcantara.pt>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const claire = sender({
  org: "s30-cousin-claire",
  p: "lucas",
  from: "Claire Ferreira <claire.ferreira69@laposte.net>",
  kind: "person",
  shape: "apple",
  lang: "fr",
});
const mares = sender({
  org: "s30-estudio-mares",
  p: "lucas",
  from: "Nerea Olaizola <nerea@estudiomares.com>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const ashcombe = sender({
  org: "s30-ashcombe-homes",
  p: "lucas",
  from: "Oliver Dunmore <oliver.dunmore@ashcombehomes.co.uk>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const intern = sender({
  org: "s30-intern-aarav",
  p: "lucas",
  from: "Aarav Mehta <aarav.mehta.arch@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const casa = sender({
  org: "s30-casa-lume",
  p: "lucas",
  from: "Casa Lume <novidades@casalume.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
});
const renderfarm = sender({
  org: "s30-pixelfarm",
  p: "lucas",
  from: "PixelFarm <status@pixelfarm.cloud>",
  kind: "system",
  shape: "html",
  lang: "en",
});

// --- kenji ---
const uptime = sender({
  org: "s30-uptimely",
  p: "kenji",
  from: "Uptimely <alert@uptimely.com>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const tester = sender({
  org: "s30-tester-haruto",
  p: "kenji",
  from: "中島 陽翔 <haruto.nakajima@icloud.com>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const misaki = sender({
  org: "s30-sister-misaki",
  p: "kenji",
  from: "佐藤 美咲 <misaki.sato.0412@icloud.com>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const kisha = sender({
  org: "s30-appwatch-kisha",
  p: "kenji",
  from: "山口 綾 <aya.yamaguchi@appwatch-media.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
});
const sportbox = sender({
  org: "s30-sportbox-nl",
  p: "kenji",
  from: "Mark de Groot <mark.degroot@sportbox-clubs.nl>",
  kind: "person",
  shape: "outlook",
  lang: "nl",
});
const komorebi = sender({
  org: "s30-komorebi-apps",
  p: "kenji",
  from: "Emily Hart <emily.hart@komorebi-apps.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const visitor = sender({
  org: "s30-friend-tomasz",
  p: "kenji",
  from: "Tomek Wrona <tomek.wrona@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "en",
});
const crashlog = sender({
  org: "s30-crashlog",
  p: "kenji",
  from: "Crashlog <alerts@crashlog.io>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const designer = sender({
  org: "s30-designer-lena",
  p: "kenji",
  from: "Lena Kowalczyk <lena@lenakowalczyk.design>",
  kind: "person",
  shape: "apple",
  lang: "en",
});
const sakura = sender({
  org: "s30-sakura-vps",
  p: "kenji",
  from: "さくらVPS ステータス <status@sakura-vps-status.jp>",
  kind: "system",
  shape: "html",
  lang: "ja",
});

// --- elena ---
const ra = sender({
  org: "s30-ra-dimitra",
  p: "elena",
  from: "Dimitra Kostaki <dimitra.kostaki.nlp@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const cochair = sender({
  org: "s30-cochair-joost",
  p: "elena",
  from: "Joost Verbeek <j.verbeek@tilburg-lang.nl>",
  kind: "person",
  shape: "plain",
  lang: "en",
});
const sti = sender({
  org: "s30-sti-facultad",
  p: "elena",
  from: "Soporte Informático Facultad <soporte@sti-filologia.es>",
  kind: "person",
  shape: "plain",
  lang: "es",
});
const tribunal = sender({
  org: "s30-tribunal-ines",
  p: "elena",
  from: "Inés Gallardo <ines.gallardo@lingmad-doctorado.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const coautore = sender({
  org: "s30-coautore-davide",
  p: "elena",
  from: "Davide Russo <davide.russo@fbk-lingua.it>",
  kind: "person",
  shape: "plain",
  lang: "it",
});
const journo = sender({
  org: "s30-continental-daily",
  p: "elena",
  from: "Marcus Whitfield <m.whitfield@thecontinentaldaily.com>",
  kind: "person",
  shape: "plain",
  lang: "en",
});
const pilar = sender({
  org: "s30-hermana-pilar",
  p: "elena",
  from: "Pilar Ruiz <pilar.ruiz.arnaiz@yahoo.es>",
  kind: "person",
  shape: "mobile",
  lang: "es",
});
const confreg = sender({
  org: "s30-confpass",
  p: "elena",
  from: "ConfPass Events <offers@confpass.events>",
  kind: "bulk",
  shape: "html",
  lang: "en",
});

export const s30UrgentNow: Spec[] = [
  quayline({
    s: "Scanners at Tilbury getting 502 from your API - pickers standing still",
    d: "12-02 06:52",
    b: `Maya,

Since about 06:20 our handheld scanners at the Tilbury warehouse get a 502 back from your status endpoint on every scan, so nothing can be marked as picked. 40 pickers are standing around and the first trucks leave at 09:00.

Your support line says the on-call engineer has been paged but nobody has picked up yet. You were on our integration call in October so I'm trying you directly. Can you get someone to look now, or roll back whatever went out last night?

I'm on 07712 604 119.

Declan Morrow
Operations Manager, Quayline Fulfilment`,
    L: "u/request/primary",
    why: "a client's warehouse is stopped by API errors right now and he asks the reader to look or roll back immediately",
  }),
  pagerbell({
    s: "[Triggered] #4821 ledger-api: 5xx rate 23% (threshold 2%) - assigned to you",
    d: "11-29 03:14",
    b: `# Incident #4821 is assigned to you

**ledger-api: 5xx rate 23% (threshold 2%)**

| Service | ledger-api (production) |
| Urgency | High |
| Escalation | Backend primary → Backend secondary in 15 min |
| Triggered | 29 Nov 2026, 03:13 CET |

Maya Okafor, you are on call. Acknowledge the incident in the Pagerbell app or at [app.pagerbell.io/incidents/4821](https://app.pagerbell.io/incidents/4821) to stop escalation.

Pagerbell`,
    L: "u/request/notification",
    why: "an alerting tool pages the on-call reader about a production error rate hitting users now and asks her to acknowledge",
  }),
  sasiadka({
    s: "Pani Halina upadła, jest w szpitalu",
    d: "11-23 08:17",
    b: `Pani Mayu, tu Krystyna z czwartego piętra. Mama upadła rano na schodach, karetka zabrała ją do szpitala na Prądnickiej. Jest przytomna, pytała o Panią. Lekarz chce rozmawiać z rodziną. Proszę zadzwonić do mnie jak najszybciej, 602 447 815, jestem z nią na SORze.

Krystyna

Wysłane z telefonu`,
    L: "u/request/primary",
    why: "a neighbour says the reader's mother is in hospital after a fall and asks her to phone as soon as possible",
  }),
  nachbar({
    s: "Bei uns tropft es aus der Decke",
    d: "12-06 19:42",
    b: `Hallo Frau Okafor, hier Jan aus dem 2. OG, direkt unter Ihnen. Bei uns im Bad läuft seit einer halben Stunde Wasser an der Decke runter, ziemlich viel. Sind Sie zuhause? Können Sie mal nachschauen ob bei Ihnen was ausläuft, Waschmaschine oder so? Sonst bitte den Haupthahn zudrehen. Ich klingel gleich nochmal.

Jan Böhm
0176 3320 9184`,
    L: "u/request/primary",
    why: "water is coming through the neighbour's ceiling now and he asks the reader to check her flat and shut off the water",
  }),
  cafe({
    s: "card terminal dead on a Saturday, any chance you could look?",
    d: "12-12 11:37",
    b: `Hey Maya,

Sorry to bug you on a weekend, you're the only person I know who understands this stuff. Since about 11 our till won't talk to the card terminal, every payment ends in "Host nicht erreichbar". The till company's hotline opens Monday. We've got a full room and half of them don't carry cash.

I've already restarted both and the router. Could you ring me or pop by? We're two streets from you. Flat whites on me forever.

Robin
Fennel, Weserstraße`,
    L: "u/request/primary",
    why: "a friend's café cannot take card payments at the Saturday lunch rush and he asks the reader to call or come by now",
  }),
  reporter({
    s: "Comment on the Frankfurt region outage for our 15:00 story?",
    d: "11-26 11:05",
    b: `Dear Ms Okafor,

I'm a reporter at TechWire Europe. I saw your talk on multi-region failover at BackendConf and I'm writing today's piece on yesterday's cloud outage in the Frankfurt region, which took several German fintechs offline for three hours.

Would you give me two or three sentences on whether smaller companies can realistically run across two regions? I file at 15:00 CET today, so anything before 14:30 would make it in. A quick call is fine too: +49 30 9940 2281.

If you'd rather not be quoted by name, that's fine, just tell me.

Best regards,
Hannah Ostrowski
TechWire Europe, Berlin`,
    L: "u/request/primary",
    why: "a journalist asks for a comment that is only useful before her 15:00 deadline today",
  }),
  comaint({
    s: "need your approval on #812 before we tag 3.4 at noon",
    d: "12-03 09:26",
    b: `Hi Maya,

The fix for the connection-pool leak is in #812 and it's the last thing blocking 3.4. Two downstream projects are waiting on the release because the leak takes their workers down after a few hours.

Branch protection needs a second maintainer and you're the only other one who knows the pool code. I'd like to tag at 12:00 so it lands before the US wakes up. Could you take a look this morning? It's about 120 lines, mostly tests.

Thanks!
Ilse

> On Tue, 2 Dec 2026 at 22:40, Ilse Fenwick <ilse@fenwick.dev> wrote:
> Pushed the fix for the leak, CI green, will ping you for review tomorrow.`,
    L: "u/request/primary",
    why: "a co-maintainer needs the reader's review this morning before a release at noon that other projects wait on",
  }),
  nadia({
    s: "stuck at BER, flight cancelled",
    d: "12-09 21:58",
    b: `Maya are you around?? My 22:40 to Heathrow just got cancelled, next one is 7am, every hotel near the airport is full and my phone is at 4%. Could I crash on your sofa tonight? I can get the FEX to Ostkreuz in 20 min. Reply here or text, I'll charge my phone at the café by gate A

N x`,
    L: "u/request/primary",
    why: "a friend stranded at the airport tonight asks to stay over and needs an answer within the hour",
  }),
  devconf({
    s: "Your slot moved to 14:00 today - can you be at Hall B by 13:30?",
    d: "11-18 11:48",
    b: `Hi Maya,

Bad news and good news: our 14:00 speaker is stuck in Zurich with a cancelled train, so we'd like to move your talk up from 16:30 to 14:00 today, same room (Hall B). Could you be there for the tech check at 13:30?

If that doesn't work, tell me in the next half hour and I'll shuffle the afternoon instead.

Theo
Program, BackendConf Berlin
+49 160 442 8801

Sent from my iPhone`,
    L: "u/amend/primary",
    why: "the organiser moves the reader's talk to this afternoon and needs her answer within half an hour; a change to a schedule is amend",
  }),
  railyard({
    s: "[Resolved] Elevated API latency in eu-central",
    d: "12-05 16:40",
    b: `# Resolved: Elevated API latency in eu-central

**Resolved** — This incident has been resolved. Between 14:02 and 15:51 UTC some API requests in eu-central took longer than usual. All systems are operating normally. We will publish a post-incident review within 5 business days.

**Monitoring** — A fix has been applied and latency is back to normal levels.

**Investigating** — We are investigating increased latency for API requests in eu-central.

You are receiving this because you subscribed to Railyard status updates. [Manage subscription](https://status.railyard.cloud/subscription)`,
    L: "i/fyi/notification",
    why: "a status page reports an incident already resolved; a recovery needs nothing from the reader",
  }),
  cfp({
    s: "Reminder: your 4 DB Summit reviews are due 11 December",
    d: "12-04 09:00",
    b: `Dear Maya Okafor,

This is a reminder that the review period for DB Summit 2027 closes on Friday, 11 December, 23:59 AoE.

You have 4 assigned submissions; 1 review has been submitted, 3 are still open. Reviews can be entered in the submission system under "My reviews".

If you cannot complete your reviews, please let the program chairs know as soon as possible so the papers can be reassigned.

DB Summit 2027 Program Committee`,
    L: "a/request/notification",
    why: "a review deadline a week away; it needs the reader but not today",
  }),

  obra({
    s: "Cano de gás na parede a demolir - preciso de si na obra",
    d: "11-24 10:12",
    b: `Bom dia arquiteto, ao abrir a parede da cozinha que é para demolir (desenho A-12) apareceu um cano de gás que não está em planta nenhuma. Parei a equipa e fechei o gás ao prédio, mas os vizinhos ficam sem gás até resolvermos. Consegue vir cá antes das 14h para decidirmos por onde desviar? Senão tenho de mandar os homens para casa.

Rui Antunes
Obras Antunes
912 448 301`,
    L: "u/request/primary",
    why: "the contractor has stopped work and cut a building's gas, and asks the architect to come to site before 14:00",
  }),
  tasca({
    s: "Cozinha sem luz, abrimos às 19h",
    d: "12-05 15:20",
    b: `Lucas desculpe incomodar. O eletricista que veio ligar a nova bancada desligou qualquer coisa no quadro e a cozinha inteira ficou sem luz, arcas incluídas. Ele diz que foi o projeto que mandou ligar assim. Hoje temos 40 reservas às 19h. Pode ligar-lhe ou vir cá ver o esquema com ele? O número dele é 936 220 517.

Graça
Tasca do Largo`,
    L: "u/request/primary",
    why: "a client's restaurant kitchen has no power hours before service and she asks the architect to call the electrician or come now",
  }),
  cowork({
    s: "Plotter down - if you need A1 prints for today's Câmara filing, read this",
    d: "11-19 09:40",
    b: `Hi Lucas,

The big HP plotter on the first floor threw a hardware error this morning and the technician can't come before Friday. I know you said you're filing the licensing drawings with the Câmara today.

Copy & Traço on Rua da Junqueira has agreed to print for our members at the same price if the files reach them by 13:00 (print@copyetraco.pt, mention Cowork Alcântara). After that their queue is full for the day.

Sorry about this,
Sofia Reis
Community Manager, Cowork Alcântara`,
    L: "u/request/primary",
    why: "the office plotter is broken on the day of the reader's filing and the fallback needs his files by 13:00",
  }),
  cowork({
    s: "Your member account is sending spam through our mail relay",
    d: "12-01 08:55",
    b: `Hi Lucas,

Our mail relay flagged about 900 messages sent from your member account (lucas.f) between 02:00 and 05:00 last night, all with the same "shared document" text. It looks like your password for the member portal was stolen. I've blocked outbound mail for your account for now.

Please change your password today in the member portal the way you normally log in (not from any link in an email), and tell me when it's done so I can unblock you. If you used the same password elsewhere, change it there too.

Sofia
Cowork Alcântara`,
    L: "u/request/primary",
    why: "a colleague at the reader's coworking says his account is sending spam now and asks him to change the password in the portal today; no link",
  }),
  claire({
    s: "Ton père est aux urgences à Édouard-Herriot",
    d: "12-07 17:26",
    b: `Lucas,

Je n'arrive pas à te joindre sur ton portable. Ton père a fait un malaise au marché cet après-midi, les pompiers l'ont emmené aux urgences d'Édouard-Herriot. Il est conscient, ils font des examens. Ta mère est avec lui mais elle est très secouée et le médecin veut parler à un de vous deux.

Appelle-moi dès que tu lis ça : 06 48 12 70 33.

Je t'embrasse,
Claire

Envoyé de mon iPhone`,
    L: "u/request/primary",
    why: "a cousin says the reader's father is in A&E and asks him to phone her as soon as he reads it",
  }),
  mares({
    s: "Los de Ibérica Hoteles ya están aquí",
    d: "11-27 09:48",
    b: `Lucas:

Han adelantado el vuelo y los tres de Ibérica Hoteles están ya en recepción, una hora antes de lo previsto. Les he puesto un café, pero quieren ver la propuesta del lobby con el arquitecto, no conmigo.

¿Puedes venir ya con las láminas o conectarte por Teams en los próximos diez minutos? Te paso el enlace de la sala en cuanto me digas.

Nerea
Estudio Marés · Lisboa`,
    L: "u/amend/primary",
    why: "the meeting has been moved up to now and the reader is asked to come or connect in ten minutes",
  }),
  ashcombe({
    s: "Committee sits at 2pm - revised rear elevation please",
    d: "11-25 11:02",
    b: `Lucas,

Just came off the phone with the planning officer. The committee will take our application at 2pm today after all, and she'll only table it if she has the rear elevation with the lowered eaves line we agreed on Monday. Otherwise it slips to January.

Can you send me the revised PDF by 1pm UK? Even a marked-up version of rev C is fine, she just needs the height shown.

Thanks,
Oliver

Oliver Dunmore
Development Director, Ashcombe Homes`,
    L: "u/request/primary",
    why: "a client needs a revised drawing by 1pm today or the planning decision slips by weeks",
  }),
  intern({
    s: "The consulate needs your signed internship letter today",
    d: "12-02 10:31",
    b: `Hi Lucas,

Sorry for the short notice. I'm at the consulate for my residence visa appointment and they say the internship letter must be signed by hand, the one with the typed name isn't accepted. They keep my file open until 16:00 today; after that I have to book a new appointment, and the next free one is in February.

Could you sign the attached letter and scan it back to me? A photo from your phone is fine, they said.

Thank you so much,
Aarav`,
    att: [
      {
        name: "internship-letter-Mehta.pdf",
        text: "Ferreira Arquitetura\nLisbon\nTo whom it may concern\nThis is to confirm that Aarav Mehta will complete an internship at our studio from 5 January to 30 June 2027.\nSignature: ____________",
      },
    ],
    L: "u/request/primary",
    why: "the intern's visa file closes at 16:00 today without the reader's signed letter",
  }),
  casa({
    s: "URGENTE: só até à meia-noite, -40% em candeeiros",
    d: "11-28 12:00",
    b: `# Últimas horas!

Os candeeiros de autor que mais procuraram estão com **-40%** só até à meia-noite de hoje.

- Candeeiro Tejo, latão escovado
- Suspensão Alfama, vidro soprado
- Aplique Graça, cerâmica

[Ver a campanha](https://casalume.pt/campanha/candeeiros)

Recebe este email porque subscreveu a newsletter da Casa Lume. [Cancelar subscrição](https://casalume.pt/newsletter/sair)`,
    unsub: "https://casalume.pt/newsletter/sair",
    L: "l/propose/promotion",
    why: "marketing that shouts URGENTE; words do not make urgency, a sale is low priority",
  }),
  renderfarm({
    s: "Scheduled maintenance: Tuesday 15 December, 01:00-03:00 WET",
    d: "12-08 10:00",
    b: `# Scheduled maintenance

Hi Lucas,

We're upgrading the storage behind our render nodes on **Tuesday 15 December, 01:00-03:00 WET**. Jobs submitted during the window will queue and start automatically afterwards. Jobs running at 01:00 will be paused and resumed; no frames are lost.

You don't need to do anything.

PixelFarm`,
    L: "i/fyi/notification",
    why: "maintenance a week ahead that needs nothing from the reader; worth knowing only",
  }),

  uptime({
    s: "Monitor is DOWN: api.kenjihabit.app (Connection timeout)",
    d: "11-21 07:12",
    b: `# Monitor is DOWN

**api.kenjihabit.app** (HTTPS) is down.

| Reason | Connection timeout (30 s) |
| Checked from | Tokyo, Singapore, Frankfurt |
| Down since | 2026-11-21 07:05:44 JST |

We'll email you again when it's back up. See the [monitor](https://uptimely.com/dashboard/monitors/88102).

Uptimely`,
    L: "u/fyi/notification",
    why: "the reader's production API is unreachable from everywhere now; a live outage for all users is urgent even as an fyi alert",
  }),
  tester({
    s: "3.2、起動した瞬間に落ちる",
    d: "12-04 08:03",
    b: `健二さん、今朝App Storeで3.2に更新したら起動した瞬間に落ちます。iOS 18.1、再インストールしても同じ。
Xで「Habit開かない」って言ってる人が他にも何人かいて、レビューにも★1がつき始めてる。
段階リリースなら止めたほうがいいかも。クラッシュログ要るなら送ります

陽翔
iPhoneから送信`,
    L: "u/request/primary",
    why: "a tester reports the new release crashing on launch for many users now and suggests halting the rollout",
  }),
  misaki({
    s: "チョコが動物病院、手術の同意がいる",
    d: "11-30 13:44",
    b: `お兄ちゃん、チョコが散歩中に何か飲み込んだみたいで今動物病院。レントゲンで見えてて、今日中に開腹したほうがいいって。
契約者がお兄ちゃんだから同意はお兄ちゃんから電話でほしいって言われた。
病院の番号 03-3714-5520（目黒どうぶつ病院）。すぐ電話して！

美咲`,
    L: "u/request/primary",
    why: "the family dog needs surgery today and the vet needs the reader's consent by phone now",
  }),
  kisha({
    s: "習慣化アプリ特集へのコメントのお願い（本日15時締切）",
    d: "12-01 10:20",
    b: `佐藤 健二 様

突然のご連絡失礼いたします。アップウォッチ編集部の山口と申します。

明日公開予定の「年末年始に続く習慣化アプリ」特集で、Habitを取り上げさせていただく予定です。
開発者としてのコメントを二、三行いただけないでしょうか（例：無料版でも続けられる工夫について）。

大変急で恐縮ですが、本日15時に入稿のため、14時半までにご返信いただけますと幸いです。
間に合わない場合はコメントなしで掲載いたします。

アップウォッチ編集部
山口 綾`,
    L: "u/request/primary",
    why: "a journalist asks for a comment that only makes it in if the reader replies before 14:30 today",
  }),
  sportbox({
    s: "Koppeling met Habit geeft sinds vanochtend foutmeldingen",
    d: "12-03 09:15",
    b: `Hoi Kenji,

Sinds ongeveer 07:30 (NL) krijgen onze leden in de SportBox-app bij het koppelen met Habit de melding "token ongeldig". Ook bestaande koppelingen vallen weg. Vandaag start onze decemberchallenge en zo'n 3.000 leden proberen nu te koppelen; onze helpdesk loopt vol.

Heb jij gisteren iets aan de OAuth-kant veranderd? Kun je vandaag even bellen of kijken? Ik ben bereikbaar op +31 6 4120 7788 (ik weet dat het bij jou al avond is).

Groet,
Mark de Groot
Product Owner, SportBox`,
    L: "u/request/primary",
    why: "a partner's integration is failing for thousands of members on their launch day and he asks the reader to look today",
  }),
  komorebi({
    s: "Can you sign off the 2.8 build before we submit at 12:00?",
    d: "11-26 09:40",
    b: `Hi Kenji,

The 2.8 build with your onboarding changes is on TestFlight (build 2814). Our review slot with the client is at 12:00 JST and we submit to App Review right after, because the campaign goes live Friday and review takes a day or two.

Could you run through the onboarding flow on your device and give me a yes/no before 11:30? If something's off I'd rather know now than after submission.

Thanks a lot,
Emily

--
Emily Hart
Lead iOS Engineer, Komorebi Apps`,
    L: "u/request/primary",
    why: "a client needs the reader's sign-off before 11:30 today so the build can be submitted at noon",
  }),
  visitor({
    s: "outside your building, door code not working",
    d: "12-10 22:37",
    b: `Kenji hi, I'm downstairs at your place, the code you sent (4718) gives an error beep. Are you home yet? It's freezing and my phone roaming is dead except wifi from the konbini. Text me on whatsapp or just come down pls

Tomek`,
    L: "u/request/primary",
    why: "a friend who is staying over is stuck outside the building at night and asks the reader to let him in now",
  }),
  crashlog({
    s: "Velocity alert: 3.2.0 (412) crashes in 31% of sessions",
    d: "12-04 07:40",
    b: `# Velocity alert

A crash in **Habit 3.2.0 (412)** is affecting an unusually high share of sessions.

| Issue | EXC_BAD_ACCESS in WidgetSyncManager.migrate() |
| Sessions affected | 31% (last hour) |
| Users affected | 1,842 |
| First seen | 2026-12-04 06:58 JST |

[Open the issue in Crashlog](https://crashlog.io/app/habit-ios/issues/7c21)

Crashlog`,
    L: "u/fyi/notification",
    why: "a crash reporter shows the new release crashing for a third of sessions right now; a live failure hitting many users",
  }),
  designer({
    s: "iPad widget looks off in dark mode (no rush)",
    d: "11-22 14:10",
    b: `Hi Kenji,

While making the App Store screenshots I noticed the medium widget on iPad shows the streak number in black on the dark background, so it's almost invisible. iPhone is fine. Screenshot attached.

Not urgent at all - whenever you do the next update. Happy to send a corrected colour token if that helps.

Lena`,
    att: [{ name: "ipad-widget-dark.png" }],
    L: "a/request/primary",
    why: "a designer reports a cosmetic bug and says there is no rush; it needs the reader, not today",
  }),
  sakura({
    s: "【復旧】東京第2リージョンにおけるネットワーク障害について",
    d: "11-21 09:30",
    b: `# 障害復旧のお知らせ

いつもご利用いただきありがとうございます。

本日 06:58 頃より東京第2リージョンで発生していたネットワーク障害は、08:41 に復旧いたしました。現在は全てのサーバーが正常に通信できる状態です。

| 発生 | 2026年11月21日 06:58 |
| 復旧 | 2026年11月21日 08:41 |
| 原因 | コアスイッチの故障（交換済み） |

お客様による作業は必要ございません。ご迷惑をおかけし申し訳ございませんでした。

さくらVPS サポートセンター`,
    L: "i/fyi/notification",
    why: "the hosting provider reports an outage already recovered with nothing for the reader to do",
  }),

  ra({
    s: "annotation server down, 14 annotators waiting",
    d: "11-17 09:22",
    b: `Elena,

The annotation server (the one in Marco's old office) isn't responding since about 8:45, the web tool just spins. 14 annotators logged in for the morning shift and they're paid by the hour, so right now we're paying people to wait.

I can't ssh in, and you're the only one with the admin account and the iDRAC password. Can you restart it remotely or tell me who to call? I'll keep them on breaks until 10:00, then I have to send them home.

Dimitra`,
    L: "u/request/primary",
    why: "the research assistant reports the annotation server down with paid annotators idle and a 10:00 cut-off",
  }),
  ra({
    s: "Re: annotation server down, 14 annotators waiting",
    d: "11-18 16:05",
    re: true,
    b: `Short write-up for the folder, since you asked:

- 08:45 the disk holding /var filled up with the tool's debug log (someone left DEBUG on after the October update), the database stopped accepting writes and the web tool hung.
- 09:40 you restarted it and cleared the log; everyone was back by 09:55.
- Lost: about one hour of annotation time, no annotations.
- Done since: log level back to INFO, logrotate added, disk alert at 80 %.

Nothing else needed from you, I'll mention it at Thursday's group meeting.

Dimitra`,
    q: {
      from: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>",
      d: "11-17 09:41",
      b: "Restarted, it's coming back up. Can you write two lines on what happened once things are calm?",
    },
    L: "i/fyi/primary",
    why: "a postmortem of an incident already fixed; nothing is left for the reader to do",
  }),
  cochair({
    s: "Your address is sending spam to the whole PC list",
    d: "12-08 07:34",
    b: `Elena,

In the last hour about 30 PC members have forwarded me mail "from" elena@ruizarnaiz.es with a "review invoice" attachment. The headers show it really went out through Fastmail with your login, so it's not just spoofing.

Please change your Fastmail password now (in Fastmail itself, not from any mail) and check for an app password or forwarding rule you didn't set up. I'll send a short note to the PC that it wasn't you once you confirm.

Joost`,
    L: "u/request/primary",
    why: "a co-chair says the reader's account is sending spam now and asks her to change her password at her provider immediately; no link",
  }),
  sti({
    s: "¿Ha iniciado sesión usted desde Lagos (Nigeria)?",
    d: "11-25 11:18",
    b: `Buenos días, Elena:

Le escribimos del Soporte Informático de la Facultad. A las 10:52 se ha registrado un inicio de sesión correcto en su cuenta del campus virtual desde una dirección IP de Lagos (Nigeria), seguido de cambios en las reglas de reenvío del correo.

Por favor, responda a este mismo correo lo antes posible indicando si ha sido usted. Mientras no sepamos nada hemos bloqueado temporalmente la cuenta. No le vamos a pedir su contraseña ni le enviamos ningún enlace: si no ha sido usted, pase hoy por el despacho 0.14 o llame a la extensión 4410 y se la restablecemos.

Un saludo,
Andrés Calvo
Soporte Informático — Facultad de Filología`,
    L: "u/request/primary",
    why: "the faculty's IT admin sees a sign-in from an unfamiliar country now and asks the reader to reply whether it was her; no link",
  }),
  tribunal({
    s: "Defensa de Sergio: empezamos a las 10:00, no a las 12:00",
    d: "12-11 09:12",
    b: `Elena, buenos días:

Cambio de última hora: el presidente del tribunal tiene que coger un tren a las 13:30 y la defensa de Sergio se adelanta a las 10:00, en la misma sala (Seminario 3). La secretaría ya ha avisado al doctorando.

¿Puedes estar aquí a las 10:00? Si no llegas, dime ahora si te conectas por videoconferencia, que hay que dejarlo en el acta.

Inés`,
    L: "u/amend/primary",
    why: "a thesis defence on which the reader sits is moved up to within the hour and she must say now whether she can be there",
  }),
  coautore({
    s: "Camera-ready: il portale chiude alle 13:00",
    d: "11-20 10:45",
    b: `Ciao Elena,

sto caricando la versione finale, ma il sistema non mi fa chiudere la sottomissione: mancano la tua affiliazione aggiornata (hai scritto che cambia con il nuovo contratto) e il modulo del copyright firmato da te, perché sei corresponding author.

Il portale chiude oggi alle 13:00 CET, senza eccezioni, l'hanno ripetuto nella mail degli organizzatori. Mi mandi le due cose entro mezzogiorno? Il modulo è allegato, basta una firma scansionata.

Grazie!
Davide`,
    att: [
      {
        name: "copyright-transfer-form.pdf",
        text: "Copyright transfer form\nPaper: Morphological probing of multilingual encoders\nCorresponding author signature: ____________",
      },
    ],
    L: "u/request/primary",
    why: "a co-author needs the reader's affiliation and signed form before a portal closes at 13:00 today",
  }),
  journo({
    s: "Two lines on machine translation in courts - filing at 3pm",
    d: "12-09 11:30",
    b: `Dear Dr Ruiz Arnaiz,

I'm writing a piece for today's edition on the Spanish courts' pilot that uses machine translation for interpreting at hearings. A colleague at your department said you've worked on error analysis for legal translation.

Could you tell me, in a couple of sentences, what kinds of errors worry you most in that setting? My deadline is 3pm Madrid time today. Happy to do it by phone if easier: +44 20 7946 1183.

Many thanks,
Marcus Whitfield
Europe correspondent, The Continental Daily`,
    L: "u/request/primary",
    why: "a journalist asks for a comment needed before his 3pm filing today",
  }),
  pilar({
    s: "Lucía con fiebre en el cole",
    d: "12-10 11:06",
    b: `Ele, me acaba de llamar el cole, Lucía tiene 39 de fiebre y hay que recogerla antes de la una. Yo estoy de guardia en quirófano hasta las 4 y Javi en Bilbao. Tú estás autorizada en la lista. ¿Puedes ir? Dime algo ya porfa para llamar al cole

Pili`,
    L: "u/request/primary",
    why: "the reader's sister asks her to collect a sick niece from school before 13:00 and needs an answer now",
  }),
  confreg({
    s: "LAST CHANCE: Early-bird rates end at midnight",
    d: "11-30 08:00",
    b: `# Don't miss out!

Early-bird registration for **Language Tech Europe 2027** ends **tonight at midnight CET**. Save up to 35% on your pass.

- 3 days, 120 talks
- Workshops on LLM evaluation
- Networking reception in Lisbon

[Register now](https://confpass.events/lte2027)

You're receiving this because you attended an event ticketed by ConfPass. [Unsubscribe](https://confpass.events/unsub)`,
    unsub: "https://confpass.events/unsub",
    L: "l/propose/promotion",
    why: "marketing with a midnight deadline; a sale's clock does not make it urgent for the reader",
  }),
];
