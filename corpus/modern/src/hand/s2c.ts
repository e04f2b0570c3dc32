import { type Spec, sender } from "../spec.ts";

/**
 * Third batch of stage-2 training mail (train only, `s2-` orgs), written one by one for the
 * out-of-fold confusions of the 2026-11-26 10:00 run: system mail that waits on the reader
 * ("requested your review", "assigned to you") against the same systems' status noise;
 * invitations from friends phrased as questions (meet, not request); "no action needed" from
 * people (fyi); the same ask with the reader in To and in Cc; recruiter pitches phrased as
 * questions (propose); surveys (request, low priority); alerts by severity.
 */
const sys = (org: string, p: string, from: string, lang?: string) =>
  sender({ org, p, from, kind: "system", shape: "alt", lang });
const person = (org: string, p: string, from: string, lang: string, shape: Spec["shape"] = "gmail") =>
  sender({ org, p, from, kind: "person", shape, lang });

const forge = sys("s2-forgebay", "kenji", "Forgebay <notifications@forgebay.dev>");
const tasks = sys("s2-tasklane", "maya", "Tasklane <notify@ferrow.tasklane.io>");
const pager = sys("s2-pagerpal", "maya", "PagerPal <alerts@pagerpal.io>");
const hotel = sys("s2-hotel-alfama-rio", "lucas", "Hotel Alfama Rio <estadia@alfamario.pt>", "pt");
const rail = sys("s2-ostbahn-fernverkehr", "maya", "Ostbahn Fernverkehr <feedback@ostbahn.de>", "de");
const cena = person("s2-amici-bologna", "elena", "Giulia Bassi <giulia.bassi@libero.it>", "it", "mobile");
const grill = person("s2-znajomi-krakow", "maya", "Kasia Nowak <kasia.nowak@wp.pl>", "pl", "mobile");
const nantes = person("s2-copains-nantes", "lucas", "Julien Morel <julien.morel@orange.fr>", "fr");
const bonen = person("s2-tokyo-doukikai", "kenji", "山本 健太 <kenta.yamamoto@docomo.ne.jp>", "ja", "mobile");
const kanzlei = person(
  "s2-kanzlei-weiss",
  "maya",
  "Sabine Weiss <sabine.weiss@kanzlei-weiss.de>",
  "de",
  "outlook",
);
const estudio = person("s2-estudio-gil-traduccion", "elena", "Marta Gil <marta@estudiogil.es>", "es");
const atelier = person(
  "s2-atelier-moreau",
  "lucas",
  "Claire Moreau <claire.moreau@atelier-moreau.fr>",
  "fr",
  "apple",
);
const obra = person("s2-obra-foz", "lucas", "Rui Tavares <rui.tavares@construcoes-foz.pt>", "pt", "outlook");
const leiden = person("s2-leiden-annotatie", "elena", "Sanne de Bruin <s.debruin@hum.leiden-uni.nl>", "nl");
const headhunt = person(
  "s2-northwind-talent",
  "maya",
  "Oliver Grant <oliver.grant@northwind-talent.com>",
  "en",
);
const kopf = person("s2-kopfwerk-personal", "maya", "Jana Krüger <jana.krueger@kopfwerk-personal.de>", "de");
const dach = person(
  "s2-dachbau-lindner",
  "maya",
  "Tobias Lindner <t.lindner@dachbau-lindner.de>",
  "de",
  "outlook",
);

export const s2c: Spec[] = [
  forge({
    s: "[kotsu/widgets] Streak widget for the lock screen (PR #58)",
    d: "11-24 10:12",
    b: `mika-h requested your review on kotsu/widgets#58.

Adds a small lock-screen widget that shows today's streak. I kept the timeline provider from the home widget so both refresh together.

[View pull request](https://forgebay.dev/kotsu/widgets/pull/58)`,
    L: "a/request/notification",
    why: "a contributor's pull request waits on the reader's review; no deadline today",
  }),
  forge({
    s: "Re: [kotsu/widgets] Streak widget for the lock screen (PR #58)",
    d: "11-26 09:40",
    b: `**mika-h** commented:

Thanks for the review! I moved the refresh into the shared provider. Merged on my side after your approval.

[View it on Forgebay](https://forgebay.dev/kotsu/widgets/pull/58#c3)`,
    L: "l/fyi/notification",
    why: "a status comment on a PR the reader already approved; nothing left for her",
  }),
  forge({
    s: "[kotsu/api] You were assigned issue #211: sync fails for accounts with 500+ habits",
    d: "11-25 15:03",
    b: `yui-t assigned kotsu/api#211 to you.

Accounts with more than 500 habits get a 413 from /v2/sync since the batch change. Three users reported it this week. Not urgent, but it should go into next week's release.

[View issue](https://forgebay.dev/kotsu/api/issues/211)`,
    L: "a/request/notification",
    why: "an issue assigned to the reader for next week's release",
  }),
  forge({
    s: "[kotsu/api] Run cancelled: lint - feat/habit-tags",
    d: "11-25 16:20",
    b: `lint: the run was cancelled because a newer commit was pushed to feat/habit-tags.

[View workflow run](https://forgebay.dev/kotsu/api/actions/runs/88213)`,
    L: "l/fyi/notification",
    why: "a cancelled CI run on a feature branch superseded by a newer push: noise",
  }),
  tasks({
    s: "[OPS-318] Due Friday: rotate the SFTP key for the Sparkasse upload",
    d: "11-23 09:00",
    b: `Lena Hartmann assigned OPS-318 to you.

The SFTP key for the Sparkasse payout upload expires on 4 December. Please rotate it and update the vault entry by Friday.

Priority: High · Due: 27 November

[Open in Tasklane](https://ferrow.tasklane.io/OPS-318)`,
    L: "a/request/notification",
    why: "a task assigned to the reader with a due date later in the week",
  }),
  tasks({
    s: "[OPS-301] Status changed: In review → Done",
    d: "11-24 17:45",
    b: `Dev Patel changed the status of OPS-301 "Archive Q3 reconcile logs" from In review to Done.

You are watching this issue.

[Open in Tasklane](https://ferrow.tasklane.io/OPS-301)`,
    L: "l/fyi/notification",
    why: "a watched ticket someone else closed; nothing for the reader",
  }),
  pager({
    s: "[TRIGGERED] P1: payouts-api 5xx rate 23% (prod-eu)",
    d: "11-26 04:12",
    b: `**Incident #5521 triggered** on service payouts-api (prod-eu).

5xx rate 23 % over the last 5 minutes (threshold 2 %). 1,940 merchant requests failed. You are on call.

[Acknowledge](https://pagerpal.io/i/5521/ack) · [View incident](https://pagerpal.io/i/5521)`,
    L: "u/request/notification",
    why: "a live P1 page to the on-call reader whose point is to acknowledge it now",
  }),
  pager({
    s: "[RESOLVED] P1: payouts-api 5xx rate 23% (prod-eu)",
    d: "11-26 05:03",
    b: `**Incident #5521 resolved** after 51 minutes. 5xx rate back at 0.1 %.

Resolved automatically when the alert cleared.

[View timeline](https://pagerpal.io/i/5521)`,
    L: "i/fyi/notification",
    why: "a recovery of the incident: worth knowing, nothing to do",
  }),
  pager({
    s: "[WARNING] ledger-db-2: disk 81% full, 6 days to full at current rate",
    d: "11-25 13:30",
    b: `Warning on ledger-db-2 (prod-eu): /var/lib/postgresql is 81 % full. At the current growth it fills in about 6 days.

[View alert](https://pagerpal.io/a/9931)`,
    L: "a/fyi/notification",
    why: "a warning with days of headroom: plan the fix, not today",
  }),
  hotel({
    s: "Como foi a sua estadia no Alfama Rio?",
    d: "11-22 12:00",
    b: `Olá Lucas,

obrigado por ter ficado connosco. Conte-nos como correu: o questionário demora 2 minutos.

[Responder ao questionário](https://alfamario.pt/q/77812)`,
    L: "l/request/notification",
    why: "a hotel's satisfaction survey: asks something, low priority",
  }),
  rail({
    s: "Wie war Ihre Fahrt nach Hamburg?",
    d: "11-21 19:30",
    b: `Guten Tag Frau Okafor,

Sie sind am 20. November mit dem OFV 1712 nach Hamburg gefahren. Bewerten Sie Ihre Reise in wenigen Klicks und helfen Sie uns, besser zu werden.

[Jetzt bewerten](https://ostbahn.de/feedback/1712)`,
    L: "l/request/notification",
    why: "a rail operator's survey after a trip: low priority",
  }),
  cena({
    s: "cena venerdì da noi?",
    d: "11-24 21:14",
    b: `Ciao Elena!

Venerdì sera facciamo tortellini fatti in casa, siamo in sei. Vieni anche tu? Verso le 20:30, porta solo il vino se ti va 🍷

Giulia`,
    L: "a/meet/primary",
    why: "a friend invites the reader to dinner on Friday and waits for an answer",
  }),
  grill({
    s: "Masz czas w sobotę?",
    d: "11-25 18:02",
    b: `Cześć Maju,

w sobotę robimy u nas kolację dla paczki z liceum, od 19:00. Przyjdziesz? Daj znać do czwartku, bo zamawiamy pierogi.

Kasia`,
    L: "a/meet/primary",
    why: "a friend's invitation to a dinner on Saturday, answer by Thursday",
  }),
  nantes({
    s: "Crémaillère le 12 !",
    d: "11-20 22:40",
    b: `Salut Lucas,

on a enfin fini les travaux, on fête ça le samedi 12 décembre à partir de 19h. Tu viens ? Si tu passes par Nantes ce week-end-là, il y a un canapé pour toi.

Julien`,
    L: "a/meet/primary",
    why: "a friend invites the reader to a house-warming party in December",
  }),
  bonen({
    s: "忘年会のお知らせ",
    d: "11-19 20:05",
    b: `佐藤くん

今年も同期で忘年会をやります。12月18日（金）19時から、渋谷の居酒屋です。来られそうなら来週中に返事ください。

山本`,
    L: "a/meet/primary",
    why: "a former colleague invites the reader to a year-end party and asks for an answer next week",
  }),
  kanzlei({
    s: "Zur Info: Einkommensteuererklärung 2025 übermittelt",
    d: "11-18 16:10",
    b: `Sehr geehrte Frau Okafor,

zur Info: Wir haben Ihre Einkommensteuererklärung 2025 heute elektronisch an das Finanzamt übermittelt. Sie müssen nichts tun; den Bescheid prüfen wir, sobald er da ist.

Mit freundlichen Grüßen
Sabine Weiss`,
    L: "i/fyi/primary",
    why: "the accountant reports a filing done and says nothing is needed",
  }),
  kanzlei({
    s: "Belege für die Umsatzsteuer Q4",
    d: "11-25 09:30",
    b: `Sehr geehrte Frau Okafor,

für die Umsatzsteuer-Voranmeldung Q4 fehlen uns noch die Belege Ihrer Freiberufler-Rechnungen aus Oktober. Könnten Sie uns diese bis zum 5. Dezember schicken?

Mit freundlichen Grüßen
Sabine Weiss`,
    L: "a/request/primary",
    why: "the accountant asks the reader for receipts by a date next week",
  }),
  estudio({
    s: "Para tu información: entrega del glosario",
    d: "11-23 11:20",
    b: `Hola Elena,

para tu información, ya hemos entregado al cliente el glosario de términos jurídicos con tus revisiones. No hace falta hacer nada más por tu parte; te aviso si vuelven con comentarios.

Un abrazo,
Marta`,
    L: "i/fyi/primary",
    why: "a collaborator reports the delivery to the client; no action for the reader",
  }),
  estudio({
    s: "¿Puedes revisar 40 términos antes del martes?",
    d: "11-26 10:05",
    b: `Hola Elena,

el cliente nos ha mandado 40 términos nuevos de derecho mercantil. ¿Puedes revisarlos antes del martes? Te dejo la hoja en la carpeta compartida.

Gracias,
Marta`,
    L: "a/request/primary",
    why: "a collaborator asks the reader to review terms by Tuesday",
  }),
  atelier({
    s: "Permis de construire déposé",
    d: "11-17 17:30",
    b: `Bonjour Lucas,

pour information, le permis de construire pour la maison de Rezé a été déposé ce matin en mairie. Aucune action n'est nécessaire de ton côté pour l'instant ; le délai d'instruction est de deux mois.

Bien à toi,
Claire`,
    L: "i/fyi/primary",
    why: "a partner architect reports a filing done; nothing to do",
  }),
  obra({
    s: "Medições da cozinha - Foz",
    d: "11-24 08:45",
    to: "lucas.ferreira.arq@gmail.com",
    b: `Bom dia Lucas,

para encomendar a bancada preciso das medições finais da cozinha. Consegue enviar-mas até sexta-feira? Se preferir, passo na obra na quinta e medimos juntos.

Cumprimentos,
Rui Tavares`,
    L: "a/request/primary",
    why: "the builder asks the reader (in To) for measurements by Friday",
  }),
  obra({
    s: "Entrega dos azulejos - Foz",
    d: "11-25 14:10",
    to: "armazem@construcoes-foz.pt",
    cc: "lucas.ferreira.arq@gmail.com",
    b: `Paulo,

podes confirmar ao fornecedor que os azulejos chegam à obra na terça de manhã? O arquiteto está em cópia só para saber a data.

Rui`,
    L: "i/fyi/primary",
    why: "the builder asks his warehouse something; the reader is in Cc only to know the date",
  }),
  leiden({
    s: "annotatieronde 3",
    d: "11-22 13:15",
    b: `Hoi Elena,

heb jij de export van de derde annotatieronde nog? Ik kan hem niet meer vinden op de gedeelde schijf en wil de overeenstemming berekenen voor het artikel.

Groet,
Sanne`,
    L: "a/request/primary",
    why: "a colleague asks the reader a direct question about a file she needs",
  }),
  headhunt({
    s: "Head of Platform, Series B payments company",
    d: "11-20 15:40",
    b: `Hi Maya,

I'm working with a Series B payments company in Amsterdam that is hiring a Head of Platform. Your work on payout reliability at Ferrow is very close to what they need. Would you be open to a 15-minute call next week?

Best,
Oliver`,
    L: "l/propose/primary",
    why: "a recruiter's one-to-one pitch phrased as a question; the reader is not looking",
  }),
  kopf({
    s: "Spannende Position als Engineering Managerin in München",
    d: "11-23 10:00",
    b: `Hallo Frau Okafor,

ich betreue eine Position als Engineering Managerin bei einem Münchner Versicherungs-Start-up. Hätten Sie Lust auf ein kurzes, unverbindliches Gespräch?

Viele Grüße
Jana Krüger`,
    L: "l/propose/primary",
    why: "a German recruiter's unsolicited pitch: propose, low priority",
  }),
  dach({
    s: "Termin Dachbegehung",
    d: "11-24 07:50",
    b: `Guten Morgen Frau Okafor,

wie besprochen schicke ich Ihnen die Einladung für die Begehung des Dachbodens am Dienstag, 1. Dezember, um 9 Uhr. Bitte nehmen Sie sie an, wenn der Termin passt.

Tobias Lindner`,
    ics: {
      method: "REQUEST",
      start: "12-01 09:00",
      mins: 60,
      summary: "Dachbegehung Okafor",
      loc: "Gerichtstraße 12, Berlin",
      style: "outlook",
    },
    L: "a/meet/primary",
    why: "a roofer's calendar invitation for an on-site visit next week",
  }),
  dach({
    s: "Angebot Dachdämmung",
    d: "12-03 08:30",
    b: `Guten Morgen Frau Okafor,

anbei unser Angebot für die Dämmung des Dachbodens wie bei der Begehung besprochen. Die Preise gelten bis Ende Januar.

Tobias Lindner`,
    att: [{ name: "Angebot_2026-311.pdf", text: "Angebot 2026-311 Dachdämmung 11.480,00 EUR brutto" }],
    L: "i/deliver/primary",
    why: "a roofer hands over the quote he promised; nothing due soon",
  }),
];
