import { type Spec, sender } from "../spec.ts";

/**
 * Fourth batch of stage-2 training mail (train only, `s2c-` orgs), written one by one for the
 * out-of-fold confusions of the 2026-11-26 10:40 run on training mail. Category: alerts that
 * mention money but report on an account (card use, low balance, spend forecasts, expense
 * approvals, offers on an item for sale) against receipts that do not look like a shop (refunds,
 * payouts, appointment bookings, fees debited, donations, utility bills, a person's invoice).
 * Speech act: asks made by a system on someone's behalf (merge-request reviewers, leave and
 * expense approvals, e-signatures, marketplace questions, review assignments, connection
 * requests) against the same systems' status notes; sign-in and alert notices that say what to
 * do only "if it wasn't you" (fyi); friends' invitations as questions (meet) against a friend's
 * plain ask (request).
 */
const sys = (org: string, p: string, from: string, lang?: string) =>
  sender({ org, p, from, kind: "system", shape: "alt", lang });
const person = (org: string, p: string, from: string, lang: string, shape: Spec["shape"] = "gmail") =>
  sender({ org, p, from, kind: "person", shape, lang });

const gitwerk = sys("s2c-gitwerk", "kenji", "Gitwerk <noreply@gitwerk.dev>");
const mergelab = sys("s2c-mergelab-ferrow", "maya", "Mergelab <notifications@mergelab.com>", "de");
const planboard = sys("s2c-planboard", "elena", "Planboard <avisos@planboard.app>", "es");
const leave = sys(
  "s2c-urlaubsportal",
  "maya",
  "Urlaubsportal Ferrow <noreply@ferrow.urlaubsportal.de>",
  "de",
);
const spendly = sys("s2c-spendly", "lucas", "Spendly <notificacoes@spendly.eu>", "pt");
const netz = sys("s2c-karrierenetz", "maya", "Karrierenetz <einladungen@karrierenetz.de>", "de");
const archi = sys("s2c-reseau-archi", "lucas", "Réseau Archi <messages@reseau-archi.fr>", "fr");
const troca = sys("s2c-troca-mercado", "lucas", "Troca <avisos@troca.pt>", "pt");
const relay = sys("s2c-relaybuild", "maya", "Relaybuild <builds@relaybuild.com>");
const firma = sys("s2c-firmaora", "elena", "FirmaOra <noreply@firmaora.it>", "it");
const slotly = sys("s2c-slotly", "kenji", "Slotly <notifications@slotly.io>", "ja");
const confmaster = sys("s2c-confmaster", "elena", "ConfMaster <noreply@confmaster.org>");
const atlantico = sys("s2c-banco-atlantico", "lucas", "Banco Atlântico <alertas@bancoatlantico.pt>", "pt");
const nordkonto = sys("s2c-nordkonto", "maya", "Nordkonto <service@nordkonto.de>", "de");
const nimbus = sys("s2c-nimbus-cloud", "kenji", "Nimbus Cloud Billing <billing-alerts@nimbuscloud.com>");
const cuenta = sys("s2c-cuenta-unica", "elena", "Cuenta Única <seguridad@cuentaunica.es>", "es");
const watchtower = sys("s2c-watchtower", "maya", "Watchtower <alerts@watchtower.run>");
const versich = sys("s2c-hanse-versicherung", "maya", "Hanse Versicherung <schaden@hanse-vers.de>", "de");
const autopag = sys(
  "s2c-pagamentos-estado",
  "lucas",
  "Pagamentos ao Estado <naoresponder@pagamentos-estado.pt>",
  "pt",
);
const dental = sys("s2c-clinica-dental-sol", "elena", "Clínica Dental Sol <citas@clinicadentalsol.es>", "es");
const obrafree = sys("s2c-obrafreela", "lucas", "ObraFreela <pagamentos@obrafreela.com>", "pt");
const kaitori = sys("s2c-kaitori-books", "kenji", "ほんのわ買取 <support@honnowa.jp>", "ja");
const sklep = sys("s2c-sklep-rowerowy", "maya", "Rowerowo.pl <zamowienia@rowerowo.pl>", "pl");
const norrtag = sys("s2c-norrtag", "maya", "Norrtåg <biljetter@norrtag.se>", "sv");
const onlus = sys(
  "s2c-onlus-biblioteche",
  "elena",
  "Biblioteche Aperte ONLUS <donazioni@bibliotecheaperte.org>",
  "it",
);
const asso = sys(
  "s2c-asso-randonnee-lyon",
  "lucas",
  "Randonnée Lyon Monts d'Or <tresorerie@rando-montsdor.fr>",
  "fr",
);
const denki = sys("s2c-minato-denki", "kenji", "みなと電力 <info@minato-denki.jp>", "ja");
const frameline = sys("s2c-frameline", "kenji", "Frameline <billing@frameline.app>");
const bilet = sys("s2c-bilet-sofia", "elena", "Билет София <tickets@biletsofia.bg>", "bg");
const gather = sys("s2c-gatherly", "maya", "Gatherly <invites@gatherly.app>");
const vertaal = person("s2c-vertaalbureau-smit", "maya", "Femke Smit <femke@vertaalbureau-smit.nl>", "nl");
const ingrid = person("s2c-vanner-goteborg", "elena", "Ingrid Lund <ingrid.lund@spray.se>", "sv", "mobile");
const takuya = person(
  "s2c-daigaku-tomodachi",
  "kenji",
  "小林 拓也 <takuya.kobayashi@ezweb.ne.jp>",
  "ja",
  "mobile",
);
const reforma = person(
  "s2c-reformas-quintana",
  "lucas",
  "Andrés Quintana <andres@reformasquintana.es>",
  "es",
  "outlook",
);
const nachbar = person(
  "s2c-nachbarn-boxhagen",
  "maya",
  "Felix Braun <felix.braun@posteo.de>",
  "de",
  "mobile",
);
const cliente = person("s2c-cliente-graca", "lucas", "Teresa Vaz <teresa.vaz@sapo.pt>", "pt", "apple");

export const s2d: Spec[] = [
  // --- asks a system makes on someone's behalf, and the same systems' status notes ---
  gitwerk({
    s: "haruto-k asked you to review !214 (kotsu-ios: offline queue for check-ins)",
    d: "11-24 11:05",
    b: `haruto-k added you as a reviewer on merge request !214 in kotsu-ios.

Offline queue for check-ins: check-ins made without a connection are stored and sent on the next launch. He'd like your eyes on the retry logic before it goes into 4.3.

[Open merge request](https://gitwerk.dev/kenji/kotsu-ios/-/merge_requests/214)`,
    L: "a/request/notification",
    why: "a contributor's merge request waits on the reader's review; next release, not today",
  }),
  gitwerk({
    s: "Pipeline passed for !209 (kotsu-ios)",
    d: "11-24 13:30",
    b: `Pipeline #5120 for !209 passed in 6 min 12 s.

All 4 jobs succeeded: build, unit-tests, ui-tests, lint.

[View pipeline](https://gitwerk.dev/kenji/kotsu-ios/-/pipelines/5120)`,
    L: "l/fyi/notification",
    why: "a green pipeline: routine status, nothing to do",
  }),
  mergelab({
    s: "Sie wurden als Prüferin für !88 eingetragen: ledger-export auf Parquet umstellen",
    d: "11-23 14:40",
    b: `Lena Hartmann hat Sie als Prüferin für den Merge-Request !88 eingetragen.

ledger-export schreibt künftig Parquet statt CSV. Lena bittet um eine Durchsicht bis Donnerstag, weil der Export am 1. Dezember umgestellt wird.

[Merge-Request öffnen](https://mergelab.com/platform/ledger-export/-/merge_requests/88)`,
    L: "a/request/notification",
    why: "a colleague asks through the code host for the reader's review by Thursday",
  }),
  mergelab({
    s: "!85 wurde gemergt: Metriken für den Export-Job",
    d: "11-24 09:12",
    b: `Ruben de Vries hat den Merge-Request !85 „Metriken für den Export-Job" in main gemergt.

Sie erhalten diese Nachricht, weil Sie den Merge-Request beobachten.

[Ansehen](https://mergelab.com/platform/ledger-export/-/merge_requests/85)`,
    L: "l/fyi/notification",
    why: "a watched merge request merged by someone else: status noise",
  }),
  planboard({
    s: "Lucía Prieto te ha asignado: Revisar anotaciones del lote 3",
    d: "11-23 10:20",
    b: `Lucía Prieto te ha asignado una tarea en el tablero «Corpus oral aragonés».

**Revisar anotaciones del lote 3** — 40 grabaciones de Huesca, segunda pasada de glosas.
Fecha límite: viernes 27 de noviembre.

[Abrir tarea](https://planboard.app/b/corpus-oral/t/312)`,
    L: "a/request/notification",
    why: "a task assigned to the reader with a due date this week",
  }),
  planboard({
    s: "Lucía Prieto ha completado «Transcribir lote 2»",
    d: "11-24 18:02",
    b: `Lucía Prieto ha movido «Transcribir lote 2» a la columna Hecho.

Sigues este tablero. Puedes cambiar tus avisos en Ajustes.

[Ver tablero](https://planboard.app/b/corpus-oral)`,
    L: "l/fyi/notification",
    why: "a collaborator finished her own task; nothing for the reader",
  }),
  leave({
    s: "Urlaubsantrag von Jonas Weber wartet auf Ihre Genehmigung",
    d: "11-25 08:30",
    b: `Jonas Weber hat Urlaub beantragt: 21.12.2026 – 02.01.2027 (8 Arbeitstage).

Als Vertretung ist Tomasz Zieliński eingetragen. Bitte genehmigen oder ablehnen Sie den Antrag bis 30.11.

[Antrag ansehen](https://ferrow.urlaubsportal.de/antraege/2291)`,
    L: "a/request/notification",
    why: "an HR system asks the reader to approve a team member's leave by a date",
  }),
  spendly({
    s: "Despesa de Inês Cardoso aguarda a sua aprovação (84,20 €)",
    d: "11-24 16:45",
    b: `Inês Cardoso submeteu uma despesa para aprovação.

| Data | Descrição | Valor |
| 20/11 | Impressão A1 — projeto Sintra | 84,20 € |

Como responsável do projeto, aprove ou devolva a despesa para que entre no fecho de novembro.

[Rever despesa](https://app.spendly.eu/approvals/77120)`,
    L: "a/request/notification",
    why: "an expense tool asks the reader to approve a collaborator's expense; money named, nothing bought",
  }),
  spendly({
    s: "O seu relatório de despesas de novembro foi aprovado",
    d: "11-25 12:10",
    b: `O relatório «Deslocações novembro» (312,40 €) foi aprovado por Ana Matos.

Não precisa de fazer nada: o valor entra no processamento do próximo mês.

[Ver relatório](https://app.spendly.eu/reports/4410)`,
    L: "i/fyi/notification",
    why: "a status change on the reader's expense report; money mentioned, not a payment",
  }),
  netz({
    s: "Stefan Brandt möchte sich mit Ihnen vernetzen",
    d: "11-22 19:05",
    b: `Stefan Brandt, Head of Engineering bei Lindwerk Payments, möchte Sie zu seinem Netzwerk hinzufügen.

„Hallo Maya, wir haben uns auf der API-Konferenz in Köln kurz unterhalten."

[Annehmen](https://karrierenetz.de/kontakte/einladungen) · [Ignorieren](https://karrierenetz.de/kontakte/einladungen)`,
    L: "l/request/social",
    why: "a contact request on a professional network: it asks, but it is network noise",
  }),
  archi({
    s: "Camille Roux vous a écrit : avis sur mon portfolio ?",
    d: "11-21 09:40",
    b: `Camille Roux, architecte junior à Bordeaux, vous a envoyé un message :

« Bonjour Lucas, j'ai vu votre projet de réhabilitation à Alfama. Accepteriez-vous de jeter un œil à mon portfolio et de me dire ce qui manque pour candidater à Lisbonne ? »

[Répondre sur Réseau Archi](https://reseau-archi.fr/messages/88213)`,
    L: "l/request/social",
    why: "a stranger's ask relayed by a professional network; optional for the reader",
  }),
  troca({
    s: "Nova pergunta sobre o teu anúncio: Mesa de apoio em carvalho",
    d: "11-25 20:14",
    b: `Um comprador perguntou sobre o teu anúncio «Mesa de apoio em carvalho» (40 €):

«Boa noite! A mesa ainda está disponível? Consegues enviar para o Porto ou só entrega em mão?»

Responde depressa: anúncios com resposta no mesmo dia vendem mais.

[Responder](https://troca.pt/mensagens/55012)`,
    L: "a/request/notification",
    why: "a buyer's question relayed by a marketplace waits on the reader's answer",
  }),
  troca({
    s: "Recebeste uma proposta de 30 € pela bicicleta dobrável",
    d: "11-26 08:50",
    b: `O utilizador ruimartins_91 propõe 30 € pela tua «Bicicleta dobrável 20"» (anunciada a 45 €).

Aceita, recusa ou faz uma contraproposta nas próximas 48 horas; depois disso a proposta expira.

[Ver proposta](https://troca.pt/propostas/9011)`,
    L: "a/request/notification",
    why: "an offer on the reader's item that expires unless answered; money named, nothing paid",
  }),
  relay({
    s: "Deploy to production is waiting on your approval (payouts-api #3412)",
    d: "11-25 15:20",
    b: `Build #3412 of payouts-api reached a block step: **Deploy to prod-eu**.

Requested by Dev Patel. The unblock needs a second approver from the platform team, and you are listed.

[Review and unblock](https://relaybuild.com/ferrow/payouts-api/builds/3412)`,
    L: "a/request/notification",
    why: "a CI pipeline holds a deploy until the reader approves it",
  }),
  relay({
    s: "Build #3409 passed (main)",
    d: "11-25 11:02",
    b: `payouts-api #3409 passed on main in 9m 41s.

Commit 8f21c0a "Log payout batch ids in the retry path" by Tomasz Zieliński.

[View build](https://relaybuild.com/ferrow/payouts-api/builds/3409)`,
    L: "l/fyi/notification",
    why: "a passing build on main: status noise",
  }),
  firma({
    s: "Marco Rinaldi ti ha inviato un documento da firmare",
    d: "11-24 10:00",
    b: `Marco Rinaldi (Università di Bologna) ti chiede di firmare: **Accordo di collaborazione — dataset di parlato emiliano**.

Il documento scade il 4 dicembre. La firma richiede circa due minuti.

[Rivedi e firma](https://firmaora.it/s/7Hq2)`,
    L: "a/request/notification",
    why: "an e-signature service relays a collaborator's request to sign by a date",
  }),
  firma({
    s: "Completato: Accordo di collaborazione — tutte le parti hanno firmato",
    d: "11-26 09:15",
    b: `Tutte le parti hanno firmato «Accordo di collaborazione — dataset di parlato emiliano».

In allegato trovi la copia firmata con il certificato di completamento.`,
    att: [
      {
        name: "Accordo_collaborazione_firmato.pdf",
        text: "Accordo di collaborazione - firmato da tutte le parti",
      },
    ],
    L: "i/deliver/notification",
    why: "the signing service hands over the completed document; nothing left to do",
  }),
  slotly({
    s: "新しい予約：Ana Costa さん（12月3日 15:00）",
    d: "11-24 22:10",
    b: `Ana Costa さんがあなたの予約ページから打ち合わせを予約しました。

日時：12月3日（木）15:00〜15:30（日本時間）
内容：Kotsu の法人向けプランについて
場所：ビデオ通話（リンクはカレンダーに追加済み）

[予約を確認](https://slotly.io/bookings/44120)`,
    L: "i/meet/notification",
    why: "a scheduling tool reports a call booked with the reader",
  }),
  confmaster({
    s: "Review assignment for LREC-COLING 2027: paper #214",
    d: "11-23 07:30",
    b: `Dear Elena Ruiz,

The area chairs have assigned you paper #214, "Morphological segmentation for low-resource Iberian varieties". Please submit your review in ConfMaster by 12 December 2026.

If you have a conflict of interest, decline the assignment within three days.

[Open your reviewer console](https://confmaster.org/lrec27/reviewer)`,
    L: "a/request/notification",
    why: "a conference system asks the reader to review a paper by a date",
  }),
  confmaster({
    s: "Reviews for submission #88 are now visible",
    d: "11-25 16:00",
    b: `Dear Elena Ruiz,

The reviews for your submission #88 to the Workshop on Spoken Corpora have been released. The author response period opens on 1 December.

[View reviews](https://confmaster.org/wsc27/author/88)`,
    L: "i/fyi/notification",
    why: "a status notice: reviews released, response period not yet open",
  }),
  // --- alerts that mention money or tell you what to do only if something is wrong ---
  atlantico({
    s: "Compra de 23,40 € com o cartão ****1182",
    d: "11-25 19:32",
    b: `Foi efetuada uma compra com o seu cartão de débito ****1182.

Comerciante: Pingo Doce Anjos · Valor: 23,40 € · 25/11/2026 19:31

Se não reconhece este movimento, ligue para a linha de apoio.`,
    L: "l/fyi/notification",
    why: "a bank's card-use alert; a movement the reader made, not a receipt",
  }),
  nordkonto({
    s: "Dein Kontostand liegt unter 100 €",
    d: "11-26 07:05",
    b: `Hallo Maya,

dein Girokonto (…4471) hat heute einen Kontostand von 86,12 €. Am 1.12. ist die Miete von 1.140,00 € fällig.

Du hast diese Benachrichtigung in der App eingerichtet.`,
    L: "i/fyi/notification",
    why: "a balance alert the reader set up; amounts named, nothing bought",
  }),
  nimbus({
    s: "Your forecast spend for November is $54.20 (alert at $50)",
    d: "11-21 03:00",
    b: `Hi Kenji,

Your Nimbus Cloud account "kotsu-prod" is forecast to spend $54.20 this month, above the $50.00 alert you set.

Top services: object storage $21.10, functions $18.75, database $9.90.

[Open cost explorer](https://console.nimbuscloud.com/billing/forecast)`,
    L: "i/fyi/notification",
    why: "a budget forecast alert on the reader's cloud account; no charge made yet",
  }),
  cuenta({
    s: "Nuevo inicio de sesión en tu Cuenta Única",
    d: "11-24 21:40",
    b: `Hola, Elena:

Se ha iniciado sesión en tu cuenta desde Firefox en Linux, Madrid (España), el 24/11 a las 21:38.

Si has sido tú, no tienes que hacer nada. Si no, cambia tu contraseña desde tu perfil.`,
    L: "l/fyi/notification",
    why: "a sign-in notice for the reader's own sign-in; acts only if it wasn't her",
  }),
  watchtower({
    s: "[RESOLVED] High CPU on queue-worker-7 (prod-eu)",
    d: "11-26 05:48",
    b: `Resolved after 14 minutes.

CPU on queue-worker-7 back to 38 % (threshold 90 %). The autoscaler added two workers at 05:36.

[Alert history](https://watchtower.run/ferrow/alerts/9921)`,
    L: "l/fyi/notification",
    why: "a resolved alert: it already fixed itself",
  }),
  versich({
    s: "Ihre Schadenmeldung ist bei uns eingegangen (Az. 2026-ST-4471)",
    d: "11-23 12:00",
    b: `Sehr geehrte Frau Okafor,

vielen Dank für Ihre Meldung vom 22.11. zum gestohlenen Fahrrad. Wir prüfen den Fall und melden uns innerhalb von zehn Werktagen. Versichert ist das Rad bis zu einem Wert von 950 €.

Aktenzeichen: 2026-ST-4471`,
    L: "i/commit/notification",
    why: "an insurer acknowledges the claim and promises an answer; money named, nothing paid",
  }),
  // --- receipts that do not look like a shop ---
  autopag({
    s: "Pagamento recebido: IUC 2026 (52,00 €)",
    d: "11-20 10:14",
    b: `Confirmamos o pagamento do Imposto Único de Circulação.

Matrícula: 42-RT-19 · Referência: 1124 887 102 · Valor pago: 52,00 € · Data: 20/11/2026

Guarde este comprovativo.`,
    L: "l/deliver/receipt",
    why: "proof of a tax payment the reader made; kept for records",
  }),
  dental({
    s: "Cita confirmada: martes 9 de diciembre, 17:30",
    d: "11-22 13:20",
    b: `Hola Elena,

Tu cita de revisión y limpieza queda reservada:

Martes 9 de diciembre, 17:30 · Dra. Beatriz Salas · C/ Embajadores 41

Para cambiarla, usa el enlace del recordatorio que te enviaremos dos días antes.`,
    L: "i/deliver/receipt",
    why: "an appointment booking confirmation",
  }),
  obrafree({
    s: "Recebeu 640,00 € de Casa Ribeira",
    d: "11-24 09:02",
    b: `Olá Lucas,

O pagamento do marco «Estudo prévio — Massarelos» foi libertado pelo cliente.

Valor: 640,00 € · Comissão ObraFreela: 32,00 € · Transferido: 608,00 € para PT50 ****7712

Chega à sua conta em 1–2 dias úteis.`,
    L: "i/deliver/receipt",
    why: "money paid out to the reader by a freelance platform",
  }),
  kaitori({
    s: "返金が完了しました（¥3,280）",
    d: "11-21 15:40",
    b: `佐藤 健二 様

ご注文番号 HN-20261112-0831 のキャンセルに伴う返金手続きが完了しました。

返金額：¥3,280
返金先：ご登録のクレジットカード（****5521）

カード会社の処理により、明細への反映まで数日かかる場合があります。`,
    L: "l/deliver/receipt",
    why: "a refund already made; kept for records",
  }),
  sklep({
    s: "Zwrot 129,00 zł za zamówienie 88-2041",
    d: "11-25 10:30",
    b: `Dzień dobry,

otrzymaliśmy zwrócony kask (rozmiar M). Zwrot 129,00 zł przelejemy na Twoje konto w ciągu 5 dni roboczych.

Pozdrawiamy,
Rowerowo.pl`,
    L: "l/commit/receipt",
    why: "a refund notice promising money back within days",
  }),
  norrtag({
    s: "Din biljett: Stockholm C – Uppsala C, 12 december",
    d: "11-22 17:55",
    b: `Hej Maya!

Tack för din bokning. Här är din biljett.

Lördag 12 december · Avgång 09:14 Stockholm C · Ankomst 09:52 Uppsala C · Vagn 3, plats 41

Bokningsnummer: NT7-5512-KQ · Pris: 119 kr`,
    att: [{ name: "biljett-NT7-5512-KQ.pdf", text: "Norrtag biljett Stockholm C - Uppsala C 12 dec" }],
    L: "i/deliver/receipt",
    why: "a train ticket for a booked trip",
  }),
  onlus({
    s: "Grazie Elena: ricevuta della tua donazione",
    d: "11-20 08:00",
    b: `Cara Elena,

grazie per la tua donazione di 25,00 € del 19 novembre a Biblioteche Aperte. In allegato la ricevuta valida ai fini fiscali.

Con il tuo aiuto apriamo una sala lettura a Scampia.`,
    att: [{ name: "ricevuta-donazione-2026-1187.pdf", text: "Ricevuta donazione n. 2026/1187 - 25,00 EUR" }],
    L: "l/deliver/receipt",
    why: "a donation receipt for the reader's records",
  }),
  asso({
    s: "Cotisation 2027 bien reçue",
    d: "11-19 18:30",
    b: `Bonjour Lucas,

Nous avons bien reçu ta cotisation annuelle de 60 € (adhésion famille, prélèvement du 18/11). Ta carte de membre 2027 est dans l'espace adhérent.

À bientôt sur les sentiers,
La trésorière`,
    L: "l/deliver/receipt",
    why: "an association confirms a membership fee paid",
  }),
  denki({
    s: "11月分 電気料金のお知らせ（¥6,412）",
    d: "11-25 10:00",
    b: `佐藤 健二 様

11月分（10/24〜11/22）の電気料金が確定しました。

ご請求金額：¥6,412（うち消費税 ¥582）
ご使用量：214 kWh
お支払い：12月5日にご登録のカードへ請求

明細はマイページでご確認いただけます。`,
    L: "l/deliver/receipt",
    why: "a monthly utility bill charged automatically; kept for records",
  }),
  frameline({
    s: "Your Frameline Pro subscription renewed",
    d: "11-23 02:14",
    b: `Thanks, Kenji.

| Plan | Period | Amount |
| Frameline Pro (monthly) | 23 Nov – 22 Dec 2026 | $4.99 |
| Tax | | $0.50 |
| Total | | $5.49 |

Charged to Visa ****5521. Invoice FL-2026-118832.`,
    L: "l/deliver/receipt",
    why: "a subscription renewal receipt",
  }),
  bilet({
    s: "Вашият билет: Софийска филхармония, 6 декември",
    d: "11-21 20:30",
    b: `Здравейте, Елена,

Благодарим за покупката. Билетът е прикачен към това писмо.

Събота, 6 декември, 19:00 · Зала „България" · Партер, ред 8, място 14 · 30,00 лв.

Поръчка № BS-448120`,
    att: [{ name: "bilet-BS-448120.pdf", text: "Bilet Sofiyska filharmoniya 6 dekemvri" }],
    L: "i/deliver/receipt",
    why: "a concert ticket the reader bought",
  }),
  vertaal({
    s: "Factuur 2026-031 vertaling huurcontract",
    d: "11-24 14:25",
    b: `Hoi Maya,

Hierbij de factuur voor de beëdigde vertaling van het huurcontract: € 180,00 incl. btw, te betalen binnen 14 dagen.

Fijne week!
Femke`,
    att: [{ name: "Factuur-2026-031.pdf", text: "Factuur 2026-031 - beëdigde vertaling - EUR 180,00" }],
    L: "i/deliver/receipt",
    why: "a freelance translator's invoice for finished work",
  }),
  // --- meetings asked as questions, against a plain ask ---
  gather({
    s: "Zoe invited you to Board game night",
    d: "11-25 18:00",
    b: `Zoe Fischer invited you to **Board game night** 🎲

Saturday 5 December, 19:00 · Zoe's place, Boxhagener Str. 12

Going? Maybe? Can't go?

[RSVP](https://gatherly.app/e/board-game-night-zk41)`,
    L: "i/meet/social",
    why: "an event invitation relayed by an invite app",
  }),
  ingrid({
    s: "Fika på lördag?",
    d: "11-24 19:10",
    b: `Hej Elena!

Jag är i Madrid i helgen för en konferens. Har du lust att ses på lördag, kanske kl 15 på något kafé nära Lavapiés?

Kram,
Ingrid`,
    L: "a/meet/primary",
    why: "a friend proposes meeting up on Saturday",
  }),
  takuya({
    s: "金曜、飲みに行かない？",
    d: "11-25 21:30",
    b: `けんじ

金曜の夜、久しぶりに飲みに行かない？
渋谷で19時半くらいからどう？ゼミの佐々木も来るって。`,
    L: "a/meet/primary",
    why: "a university friend invites the reader out on Friday",
  }),
  reforma({
    s: "¿Nos vemos el martes en la obra?",
    d: "11-23 17:45",
    b: `Hola Lucas:

Ya tenemos el tabique de la cocina abierto. ¿Te viene bien que nos veamos el martes a las 10 en la obra para decidir dónde va la viga? Así lo dejamos cerrado antes del puente.

Un saludo,
Andrés Quintana`,
    L: "a/meet/primary",
    why: "a contractor asks to meet on site on Tuesday",
  }),
  nachbar({
    s: "Bohrmaschine am Samstag?",
    d: "11-26 10:05",
    b: `Hi Maya,

kannst du mir am Samstag deine Bohrmaschine leihen? Ich will endlich die Regale aufhängen. Ich hol sie auch ab, sag einfach wann es dir passt.

Felix`,
    L: "a/request/primary",
    why: "a neighbour asks to borrow something; an ask, not a meeting",
  }),
  cliente({
    s: "Medidas da cozinha",
    d: "11-25 11:20",
    b: `Olá Lucas,

Pode enviar-me as medidas finais da cozinha até sexta? O marceneiro precisa delas para fazer o orçamento dos armários.

Obrigada,
Teresa`,
    L: "a/request/primary",
    why: "a client asks for the kitchen measurements by Friday",
  }),
];
