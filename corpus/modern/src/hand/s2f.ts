import { type Spec, sender } from "../spec.ts";

/**
 * Sixth batch of stage-2 training mail (train only, `s2f-` orgs), written one by one for the
 * families the out-of-fold reading on training mail still misses because each came from one
 * organisation: (a) a system's third-person ask — review requests, assignments and mentions from
 * code hosts and tools other than the one the corpus already had (self-hosted Gitea and Gerrit, a
 * client's Phabricator, trackers, task boards, design and document comments, e-signature), and
 * connection or follow requests from networks other than the big one; (b) monitoring mail that is
 * FYI by the guide (resolved, recovered, passed, staging) against the same tool's urgent or
 * actionable alerts (production failing now, paged, days of headroom, red on main); (c) receipts
 * that do not look like shops (water, transit top-ups, parking, SaaS, a donation, a tax payment)
 * against notifications that only carry an amount (card alerts, a coming direct debit, a spend
 * threshold). Senders are new, mostly small or self-hosted: none is an organisation of the
 * dev or test split.
 */
const sys = (org: string, p: string, from: string, lang?: string, unsub?: string) =>
  sender({ org, p, from, kind: "system", shape: "alt", lang, unsub });

// --- (a) systems asking on a person's behalf ---
const forja = sys("s2f-forja-lingcomp", "elena", "Forja LingComp <gitea@forja.lingcomp-madrid.es>", "es");
const gerrit = sys("s2f-openledger-review", "maya", "OpenLedger Code Review <gerrit@review.openledger.dev>");
const phab = sys(
  "s2f-kundenwerk-phabricator",
  "maya",
  "Phabricator <noreply@phab.kundenwerk-logistik.de>",
  "de",
);
const zadania = sys(
  "s2f-zadaniownik",
  "maya",
  "Zadaniownik <powiadomienia@zadaniownik.pl>",
  "pl",
  "https://zadaniownik.pl/ustawienia/powiadomienia",
);
const uppgift = sys(
  "s2f-uppgiftshuset",
  "maya",
  "Uppgiftshuset <notiser@uppgiftshuset.se>",
  "sv",
  "https://uppgiftshuset.se/installningar/epost",
);
const planchette = sys(
  "s2f-planchette",
  "lucas",
  "Planchette <notifications@planchette.design>",
  "fr",
  "https://planchette.design/settings/notifications",
);
const cartabianca = sys("s2f-cartabianca", "elena", "Cartabianca <commenti@cartabianca.app>", "it");
const assina = sys("s2f-assinaja", "lucas", "AssinaJá <documentos@assinaja.pt>", "pt");
const hashira = sys("s2f-hashira-code", "kenji", "Hashira Code <noreply@hashira-code.jp>", "ja");
const fachkreis = sys(
  "s2f-fachkreis",
  "maya",
  "Fachkreis <einladungen@fachkreis.de>",
  "de",
  "https://fachkreis.de/einstellungen/benachrichtigungen",
);
const cercle = sys(
  "s2f-cercle-batisseurs",
  "lucas",
  "Cercle des Bâtisseurs <reseau@cercle-batisseurs.fr>",
  "fr",
  "https://cercle-batisseurs.fr/preferences",
);
const fedi = sys(
  "s2f-fedi-linguistica",
  "elena",
  "social.linguistica.es <notifications@social.linguistica.es>",
  "es",
);
const hashirou = sys(
  "s2f-hashirou",
  "kenji",
  "ハシロウ <info@hashirou.run>",
  "ja",
  "https://hashirou.run/settings/mail",
);
const estante = sys(
  "s2f-estante",
  "elena",
  "Estante <ola@estante.pt>",
  "pt",
  "https://estante.pt/definicoes/email",
);
const lichtbak = sys(
  "s2f-lichtbak",
  "maya",
  "Lichtbak <meldingen@lichtbak.nl>",
  "nl",
  "https://lichtbak.nl/instellingen/meldingen",
);

// --- (b) monitoring ---
const faultline = sys("s2f-faultline", "maya", "Faultline <alerts@faultline.io>");
const graphmont = sys("s2f-graphmont", "maya", "Graphmont Alerting <alerting@graphmont.cloud>");
const pingmori = sys("s2f-pingmori", "kenji", "Pingmori <alert@pingmori.jp>", "ja");
const rufdienst = sys("s2f-rufdienst", "maya", "Rufdienst <alarm@rufdienst.de>", "de");
const quillStatus = sys(
  "s2f-quillmail-status",
  "maya",
  "Quillmail Status <status@quillmail-status.com>",
  "en",
  "https://status.quillmail.com/unsubscribe",
);
const kettle = sys("s2f-kettle-ci", "kenji", "Kettle CI <builds@kettle-ci.dev>", "ja");

// --- (c) receipts that are not shops, and amounts that are not receipts ---
const aguas = sys("s2f-aguas-da-encosta", "lucas", "Águas da Encosta <faturacao@aguasdaencosta.pt>", "pt");
const recarga = sys("s2f-recarga-ttp", "elena", "Recargas TTP <recibos@recargas-ttp.es>", "es");
const parkilyon = sys("s2f-parkilyon", "lucas", "ParkiLyon <recus@parkilyon.fr>", "fr");
const buildhost = sys("s2f-buildhost", "kenji", "Buildhost Billing <billing@buildhost.dev>");
const tierheim = sys(
  "s2f-tierheim-spenden",
  "maya",
  "Tierheim Lichtenberg <spenden@tierheim-lichtenberg.de>",
  "de",
);
const nouzei = sys("s2f-nouzei-app", "kenji", "納税ナビ <no-reply@nouzei-navi.jp>", "ja");
const lagunare = sys("s2f-banca-lagunare", "elena", "Banca Lagunare <avvisi@bancalagunare.it>", "it");
const swiatlowod = sys("s2f-swiatlowod-net", "maya", "Światłowód.net <faktury@swiatlowod.net>", "pl");
const ovladen = sys("s2f-ov-opladen", "maya", "OV-Opladen <service@ov-opladen.nl>", "nl");
const cloudspend = sys("s2f-cloudspend", "maya", "Nimbleforge Billing <billing@nimbleforge.io>");

export const s2f: Spec[] = [
  // (a) review requests, assignments, mentions and signatures, each next to its sender's FYI
  forja({
    s: "[lingcomp/corpus-tools] Lucía Moreno solicitó tu revisión en «Normalizar tildes en el tokenizador» (#41)",
    d: "11-23 11:42",
    b: `**Lucía Moreno** ha solicitado tu revisión en el pull request #41.

> Cambio la normalización NFC para que «ü» y «ñ» no se separen en dos tokens. Elena, ¿puedes mirarlo antes del viernes? Lo necesito para el experimento del lunes.

| rama | feature/nfc-tokenizer → main |
| archivos | 3 modificados, +48 −12 |

[Ver pull request](https://forja.lingcomp-madrid.es/lingcomp/corpus-tools/pulls/41)

Recibes este correo porque te han asignado como revisora.`,
    L: "a/request/notification",
    why: "the lab's own code host asks the reader to review a colleague's change before Friday",
  }),
  forja({
    s: "[lingcomp/corpus-tools] Lucía Moreno fusionó «Normalizar tildes en el tokenizador» (#41)",
    d: "11-26 09:05",
    b: `**Lucía Moreno** fusionó el pull request #41 en main.

3 commits, 2 aprobaciones. La rama feature/nfc-tokenizer se ha borrado.

[Ver pull request](https://forja.lingcomp-madrid.es/lingcomp/corpus-tools/pulls/41)`,
    L: "l/fyi/notification",
    why: "a merge notice for a change the reader already reviewed; repository traffic, nothing to do",
  }),
  gerrit({
    s: "Change in ledger-core[main]: Batch settlement writes behind a single transaction",
    d: "11-20 15:31",
    b: `Piotr Zieliński would like Maya Okafor to review this change.

Change: https://review.openledger.dev/c/ledger-core/+/58213
Patch set 3

- src/settlement/batch.rs
- src/settlement/tests/batch_tx.rs

Maya, you wrote the original retry path, so I'd value your eyes on the rollback case in batch.rs:212 before we cut 0.19.

Gerrit-Reviewer: Maya Okafor`,
    L: "a/request/notification",
    why: "an open-source project's code review asks the reader, by name, to review a change before a release",
  }),
  gerrit({
    s: "Change in ledger-core[main]: Batch settlement writes behind a single transaction (merged)",
    d: "11-24 08:02",
    b: `Piotr Zieliński has submitted this change.

Change: https://review.openledger.dev/c/ledger-core/+/58213
Patch set 5: Code-Review+2 Verified+1

The change was merged as commit 4e1b9a7.`,
    L: "l/fyi/notification",
    why: "the reviewed change was merged; a status change that needs nothing",
  }),
  phab({
    s: "[Differential] [Requested Review] D4821: Webhook-Signaturen auf HMAC-SHA256 umstellen",
    d: "11-18 10:20",
    b: `Jonas Weber added a reviewer: Maya Okafor.

Jonas Weber: Hallo Maya, das ist die Umstellung, die wir im Call besprochen haben. Kannst du bis Donnerstag draufschauen, ob die Verifikation auf eurer Seite so passt? Wir würden es nächste Woche ausrollen.

REVISION DETAIL
https://phab.kundenwerk-logistik.de/D4821

AFFECTED FILES
/webhooks/signer.py
/webhooks/tests/test_signer.py`,
    L: "a/request/notification",
    why: "a client's review tool asks the reader to check a change by Thursday; the system carries his request",
  }),
  phab({
    s: "[Differential] [Accepted] D4821: Webhook-Signaturen auf HMAC-SHA256 umstellen",
    d: "11-19 17:48",
    b: `Maya Okafor accepted this revision.

Jonas Weber: Danke! Wir rollen am Dienstag aus.

REVISION DETAIL
https://phab.kundenwerk-logistik.de/D4821`,
    L: "l/fyi/notification",
    why: "the tool echoes the reader's own approval and the client's thanks; nothing left to do",
  }),
  zadania({
    s: "Krzysztof Wójcik przypisał Ci zadanie PAY-2231",
    d: "11-24 13:10",
    b: `**Krzysztof Wójcik** przypisał Ci zadanie:

**PAY-2231 Zwroty częściowe nie trafiają do raportu dziennego**

Termin: 4 grudnia · Priorytet: wysoki

Krzysztof: Maya, to po stronie waszego eksportu — możesz sprawdzić w tym sprincie?

[Otwórz zadanie](https://zadaniownik.pl/ferrow-integracje/PAY-2231)`,
    L: "a/request/notification",
    why: "a partner's tracker assigns the reader a bug due in days; work to do, not today",
  }),
  zadania({
    s: "Podsumowanie tygodnia: Ferrow — integracje",
    d: "11-27 07:00",
    b: `# Twój tydzień w projekcie

- 12 zadań zamkniętych
- 3 nowe zadania
- 1 zadanie przypisane do Ciebie (PAY-2231)

[Przejdź do tablicy](https://zadaniownik.pl/ferrow-integracje)`,
    L: "l/fyi/notification",
    why: "a weekly activity digest from the tracker; the one task in it was already assigned separately",
  }),
  uppgift({
    s: "Ebba Lind har tilldelat dig: Uppdatera runbook för kortinlösen",
    d: "11-19 09:14",
    b: `Ebba Lind har tilldelat dig en uppgift i **Drift Q4**.

**Uppdatera runbook för kortinlösen**
Förfallodatum: 2 december

Ebba: Den gamla beskriver fortfarande den manuella omstarten. Kan du skriva om steg 3–5 efter migreringen?

[Öppna uppgiften](https://uppgiftshuset.se/t/88412)`,
    L: "a/request/notification",
    why: "a task board assigns the reader a rewrite due next week, with the colleague's ask",
  }),
  uppgift({
    s: "Ebba Lind slutförde: Inventera gamla larmregler",
    d: "11-25 16:30",
    b: `Ebba Lind markerade en uppgift som klar i **Drift Q4**.

**Inventera gamla larmregler** ✓

Du följer den här uppgiften.

[Öppna uppgiften](https://uppgiftshuset.se/t/88377)`,
    L: "l/fyi/notification",
    why: "a followed task was completed by someone else; board noise",
  }),
  planchette({
    s: "Claire Dubois vous a mentionné dans « Façade nord — v4 »",
    d: "11-21 18:05",
    b: `**Claire Dubois** vous a mentionné dans un commentaire :

> @Lucas peux-tu vérifier l'alignement des baies du 2e étage avec le plan de structure ? Le bureau de contrôle passe mercredi prochain.

[Répondre dans Planchette](https://planchette.design/file/fn-v4?comment=1187)`,
    L: "a/request/notification",
    why: "a design tool relays a colleague's check the reader must do before next Wednesday",
  }),
  planchette({
    s: "Claire Dubois a résolu votre commentaire dans « Façade nord — v4 »",
    d: "11-24 10:12",
    b: `**Claire Dubois** a marqué comme résolu votre commentaire :

> Baies alignées sur l'axe B, c'est bon.

[Ouvrir le fichier](https://planchette.design/file/fn-v4)`,
    L: "l/fyi/notification",
    why: "the reader's own comment was marked resolved; nothing to do",
  }),
  cartabianca({
    s: "Marco Rinaldi ti ha assegnato un commento in «Articolo LREC — bozza 2»",
    d: "11-22 19:40",
    b: `**Marco Rinaldi** ti ha assegnato un commento:

> Elena, la tabella 3 usa ancora i numeri del vecchio split. Puoi aggiornarla con quelli nuovi entro domenica? Il lunedì mandiamo la bozza a Chiara.

[Apri il documento](https://cartabianca.app/d/lrec-bozza-2#c-512)

Hai ricevuto questa email perché il commento è assegnato a te.`,
    L: "a/request/notification",
    why: "a shared document's comment is assigned to the reader with a deadline of days",
  }),
  cartabianca({
    s: "Marco Rinaldi ha modificato «Articolo LREC — bozza 2»",
    d: "11-23 08:15",
    b: `**Marco Rinaldi** ha apportato 14 modifiche a «Articolo LREC — bozza 2» nelle ultime 24 ore.

[Vedi le modifiche](https://cartabianca.app/d/lrec-bozza-2/history)`,
    L: "l/fyi/notification",
    why: "an edit digest of a shared document; nothing asked of the reader",
  }),
  assina({
    s: "Construtora Vidal aguarda a sua assinatura: Contrato de prestação de serviços — Moradia Restelo",
    d: "11-25 11:30",
    b: `Olá Lucas Ferreira,

**Rui Vidal (Construtora Vidal, Lda.)** enviou-lhe um documento para assinar.

Mensagem: Lucas, segue o contrato com as alterações à cláusula 7 que combinámos. Assine até dia 3 para avançarmos com a obra.

O pedido expira a 9 de dezembro de 2026.

[Rever e assinar](https://assinaja.pt/s/7QK2-MR41)`,
    L: "a/request/notification",
    why: "an e-signature service relays a client's request to sign a contract by a date days ahead",
  }),
  assina({
    s: "Concluído: Contrato de prestação de serviços — Moradia Restelo",
    d: "11-27 14:02",
    b: `Olá Lucas Ferreira,

Todas as partes assinaram o documento. A cópia assinada e o certificado de conclusão seguem em anexo.

[Ver documento](https://assinaja.pt/d/7QK2-MR41)`,
    att: [
      {
        name: "Contrato_Moradia_Restelo_assinado.pdf",
        text: "Contrato de prestação de serviços de arquitetura — Moradia Restelo. Assinado por Rui Vidal e Lucas Ferreira em 27/11/2026.",
      },
    ],
    L: "i/deliver/notification",
    why: "the e-signature service delivers the fully signed contract; kept, nothing to do",
  }),
  hashira({
    s: "[hibi-widgets] 中村 彩 さんがあなたをレビュアーに指定しました (!27)",
    d: "11-20 21:10",
    b: `**中村 彩** さんがマージリクエスト !27「ロック画面ウィジェットの色を設定から反映」のレビューを依頼しました。

> 佐藤さん、ダークモードの時の色だけ見ていただけますか？来週のリリースに入れたいです。

[マージリクエストを開く](https://hashira-code.jp/hibi/hibi-widgets/-/merge_requests/27)`,
    L: "a/request/notification",
    why: "a code host relays a collaborator's review request for next week's release",
  }),
  hashira({
    s: "[hibi-widgets] パイプライン成功: main (a91c3e0)",
    d: "11-23 22:47",
    b: `パイプライン #1902 が成功しました。

| ブランチ | main |
| コミット | a91c3e0 ウィジェットの色設定を反映 |
| 所要時間 | 6分12秒 |

[パイプラインを見る](https://hashira-code.jp/hibi/hibi-widgets/-/pipelines/1902)`,
    L: "l/fyi/notification",
    why: "a green pipeline on main: routine status, nothing to do",
  }),
  fachkreis({
    s: "Thomas Richter möchte sich mit Ihnen vernetzen",
    d: "11-22 08:40",
    b: `Hallo Maya Okafor,

**Thomas Richter**, Head of Engineering bei Zahlwerk GmbH, möchte Sie als Kontakt hinzufügen.

„Hallo Frau Okafor, wir haben uns beim Payments-Meetup in Kreuzberg kurz unterhalten. Würde mich freuen, in Kontakt zu bleiben."

[Anfrage annehmen](https://fachkreis.de/kontakte/anfragen) · [Profil ansehen](https://fachkreis.de/p/thomas-richter)`,
    L: "l/request/social",
    why: "a connection request on a professional network: it asks, but it is social noise for this reader",
  }),
  cercle({
    s: "Julien Mercier souhaite rejoindre votre réseau",
    d: "11-18 19:25",
    b: `Bonjour Lucas,

**Julien Mercier**, architecte DPLG à Villeurbanne, vous a envoyé une invitation.

3 contacts en commun · Atelier Moreau, Réseau Archi Lyon

[Accepter](https://cercle-batisseurs.fr/invitations/55120) · [Ignorer](https://cercle-batisseurs.fr/invitations/55120/ignorer)`,
    L: "l/request/social",
    why: "an invitation to connect on a trade network; social noise even though it asks",
  }),
  cercle({
    s: "Vos contacts ont publié 6 nouveaux projets",
    d: "11-25 07:30",
    b: `# Cette semaine dans votre réseau

- Atelier Moreau : réhabilitation d'une halle à Vaise
- Julien Mercier : extension bois à Caluire
- et 4 autres projets

[Voir le fil](https://cercle-batisseurs.fr/fil)`,
    L: "l/fyi/social",
    why: "a network's activity digest; nothing for the reader to do",
  }),
  fedi({
    s: "Ana Vidal te ha enviado una solicitud de seguimiento",
    d: "11-21 22:14",
    b: `Hola, @elena:

**Ana Vidal** (@anavidal@fedi.uab.cat) quiere seguirte. Como tu cuenta es privada, tienes que aprobar la solicitud.

[Revisar solicitudes](https://social.linguistica.es/follow_requests)

Puedes cambiar qué correos recibes en las preferencias de tu cuenta.`,
    L: "l/request/social",
    why: "a follow request on a fediverse server: an ask, but social-network noise",
  }),
  fedi({
    s: "Marta Gil ha marcado tu publicación como favorita",
    d: "11-24 12:50",
    b: `**Marta Gil** (@mgil@social.linguistica.es) ha marcado como favorita tu publicación:

> Nuevo preprint sobre segmentación de compuestos en búlgaro, comentarios bienvenidos.

[Ver publicación](https://social.linguistica.es/@elena/113552)`,
    L: "l/fyi/social",
    why: "a like on the reader's post; a social nudge",
  }),
  hashirou({
    s: "高橋 悠さんがあなたをフォローしました",
    d: "11-22 07:55",
    b: `佐藤さん、こんにちは。

**高橋 悠** さんがあなたのフォローを始めました。今朝の「代々木公園 10km」にいいね！もしています。

[プロフィールを見る](https://hashirou.run/u/yu-takahashi)`,
    L: "l/fyi/social",
    why: "a running app's follow notice; nothing asked, social noise",
  }),
  estante({
    s: "Rita Sousa quer ser sua amiga no Estante",
    d: "11-19 21:30",
    b: `Olá Elena,

**Rita Sousa** enviou-lhe um pedido de amizade. Ela está a ler *O Ano da Morte de Ricardo Reis* e tem 14 livros em comum consigo.

[Aceitar](https://estante.pt/amigos/pedidos) · [Ver perfil](https://estante.pt/rita-sousa)`,
    L: "l/request/social",
    why: "a friend request on a book community: asks, but social noise",
  }),
  lichtbak({
    s: "Sanne de Vries volgt je nu",
    d: "11-23 20:02",
    b: `Hoi Maya,

**Sanne de Vries** volgt je nu op Lichtbak. Ze vond je foto „Spree bij nacht" mooi.

[Bekijk haar profiel](https://lichtbak.nl/sannedevries)`,
    L: "l/fyi/social",
    why: "a photo community's follow notice; nothing asked",
  }),

  // (b) monitoring: FYI by the guide against urgent or actionable
  faultline({
    s: "🔴 New issue in payments-api (production): TypeError: Cannot read properties of undefined (reading 'currency')",
    d: "11-24 14:03",
    b: `**payments-api** · production · release 2026.11.24.2

TypeError: Cannot read properties of undefined (reading 'currency')
in src/refunds/partial.ts:88

| events (last 10 min) | 1,214 |
| users affected | 341 |
| first seen | 13:54 |

The rate is still rising. Assigned to #team-payments (Maya Okafor on call).

[Open issue](https://faultline.io/ferrow/payments-api/issues/77102)`,
    L: "u/fyi/notification",
    why: "a new error in production hitting hundreds of users now and rising, with the reader on call",
  }),
  faultline({
    s: "✅ Resolved: TypeError in payments-api (production)",
    d: "11-24 15:20",
    b: `**TypeError: Cannot read properties of undefined (reading 'currency')** was marked resolved in release 2026.11.24.3 by Jan Kowalczyk.

No new events in the last 30 minutes.

[Open issue](https://faultline.io/ferrow/payments-api/issues/77102)`,
    L: "i/fyi/notification",
    why: "the production error is resolved by a release; worth knowing, nothing to do",
  }),
  faultline({
    s: "New issue in payments-api (staging): RangeError: Invalid time value",
    d: "11-25 10:41",
    b: `**payments-api** · staging · branch feat/ledger-export

RangeError: Invalid time value
in src/export/csv.ts:31

| events | 3 |
| users | 1 |

[Open issue](https://faultline.io/ferrow/payments-api/issues/77188)`,
    L: "l/fyi/notification",
    why: "a handful of errors on staging from a feature branch: staging noise",
  }),
  graphmont({
    s: "[FIRING:1] PostgresDiskUsageHigh db-reporting-2 (warning)",
    d: "11-23 03:12",
    b: `**1 alert firing**

| alertname | PostgresDiskUsageHigh |
| instance | db-reporting-2 |
| severity | warning |
| value | 81.4 % used |
| forecast | full in ~9 days at the current growth |

Runbook: https://wiki.ferrow.io/runbooks/postgres-disk

[Silence](https://alerts.graphmont.cloud/ferrow/silence?alert=pg-disk) · [Dashboard](https://alerts.graphmont.cloud/ferrow/d/pg)`,
    L: "a/fyi/notification",
    why: "a warning with nine days of headroom on a reporting database: plan the fix, not today",
  }),
  graphmont({
    s: "[RESOLVED] PostgresDiskUsageHigh db-reporting-2 (warning)",
    d: "11-24 11:30",
    b: `**1 alert resolved**

| alertname | PostgresDiskUsageHigh |
| instance | db-reporting-2 |
| value | 62.0 % used |

[Dashboard](https://alerts.graphmont.cloud/ferrow/d/pg)`,
    L: "i/fyi/notification",
    why: "the disk warning cleared after cleanup; a recovery, nothing to do",
  }),
  pingmori({
    s: "【DOWN】api.hibi.app が応答していません (HTTP 503)",
    d: "11-25 09:13",
    b: `監視対象 **api.hibi.app** がダウンしています。

| 状態 | HTTP 503 Service Unavailable |
| 検知 | 09:12 JST（東京・大阪・シンガポールの3拠点） |
| 継続時間 | 1分 |

アプリの同期がすべて失敗している可能性があります。

[詳細を見る](https://pingmori.jp/monitors/api-hibi-app)`,
    L: "u/fyi/notification",
    why: "the reader's production API is down from every region now; paying users cannot sync",
  }),
  pingmori({
    s: "【UP】api.hibi.app が復旧しました（停止時間 14分）",
    d: "11-25 09:27",
    b: `監視対象 **api.hibi.app** が復旧しました。

| 状態 | HTTP 200 OK |
| 停止時間 | 09:12〜09:26（14分） |

[レポートを見る](https://pingmori.jp/monitors/api-hibi-app/report)`,
    L: "i/fyi/notification",
    why: "the outage has recovered; worth knowing, nothing to do",
  }),
  rufdienst({
    s: "Alarm [P1]: Checkout-Zahlungen schlagen fehl (Fehlerrate 38 %) – bitte bestätigen",
    d: "11-26 02:47",
    b: `Sie wurden als Bereitschaft für **Ferrow Payments** alarmiert.

**Checkout-Zahlungen schlagen fehl**
Fehlerrate 38 % seit 02:41, Tendenz steigend.

Bestätigen Sie den Alarm innerhalb von 5 Minuten, sonst wird eskaliert.

[Bestätigen](https://rufdienst.de/i/4412/ack) · [Vorfall öffnen](https://rufdienst.de/i/4412)`,
    L: "u/request/notification",
    why: "the reader is paged at night for failing payments and must acknowledge within minutes",
  }),
  rufdienst({
    s: "Vorfall #4412 gelöst: Checkout-Zahlungen schlagen fehl",
    d: "11-26 04:05",
    b: `Der Vorfall **#4412** wurde von Maya Okafor als gelöst markiert.

Dauer: 1 h 18 min · Bestätigt nach 3 min

[Zur Nachbetrachtung](https://rufdienst.de/i/4412/postmortem)`,
    L: "i/fyi/notification",
    why: "the incident the reader handled is marked resolved; a status change",
  }),
  quillStatus({
    s: "[Quillmail Status] Degraded delivery to some Microsoft domains — Monitoring",
    d: "11-20 16:22",
    b: `**Monitoring** — A fix has been implemented and delivery delays to Outlook and Hotmail recipients are back under 2 minutes. We are monitoring the results.

Affected: Transactional API (EU region)

[View incident](https://status.quillmail.com/incidents/9qk2)

You are subscribed to Quillmail incident updates.`,
    kind: "bulk",
    L: "i/fyi/notification",
    why: "a vendor's status update: fix in place and being watched; nothing blocks the reader",
  }),
  kettle({
    s: "✅ ビルド成功: hibi-ios main #812",
    d: "11-21 23:05",
    b: `**hibi-ios** のビルド #812 が成功しました。

| ブランチ | main |
| コミット | 5d02f1e 設定画面の文言修正 |
| テスト | 418 件成功 |

[ビルドを見る](https://kettle-ci.dev/hibi/hibi-ios/812)`,
    L: "l/fyi/notification",
    why: "a passing build on main: status noise",
  }),
  kettle({
    s: "❌ ビルド失敗: hibi-ios main #813",
    d: "11-22 10:18",
    b: `**hibi-ios** のビルド #813 が失敗しました。

| ブランチ | main |
| コミット | 8aa31c4 同期処理のリファクタリング |
| テスト | 415 件成功、3 件失敗 |

失敗: SyncEngineTests.testConflictMerge ほか2件

[ログを見る](https://kettle-ci.dev/hibi/hibi-ios/813)`,
    L: "a/fyi/notification",
    why: "CI red on main of the reader's own app: fix during working hours",
  }),

  // (c) receipts that are not shops, against notifications that carry an amount
  aguas({
    s: "Recibo da fatura n.º FT 2026/118342 — pago por débito direto",
    d: "11-20 08:30",
    b: `Caro(a) Cliente,

Confirmamos o pagamento da fatura de novembro por débito direto.

| Local de consumo | Rua das Amoreiras 14, 2.º Esq. |
| Consumo | 7 m³ |
| Valor pago | 23,41 € |
| Data do débito | 19/11/2026 |

O recibo em PDF segue em anexo.`,
    att: [
      {
        name: "Recibo_FT2026_118342.pdf",
        text: "Águas da Encosta — Recibo FT 2026/118342. Valor pago: 23,41 €. Débito direto de 19/11/2026.",
      },
    ],
    L: "i/deliver/receipt",
    why: "a water bill's receipt for a debit already taken; kept for records",
  }),
  recarga({
    s: "Justificante de recarga de tu abono transporte",
    d: "11-30 21:14",
    b: `Hola,

has recargado tu tarjeta de transporte público.

| Tarjeta | ···· 4471 |
| Título | Abono joven 30 días, zona A |
| Importe | 20,00 € |
| Válido del | 01/12/2026 al 30/12/2026 |
| Pago | Visa ···· 0932 |

Guarda este justificante como comprobante de compra.`,
    L: "i/deliver/receipt",
    why: "a transit-pass top-up receipt; money already paid, kept for records",
  }),
  parkilyon({
    s: "Votre reçu de stationnement — Lyon 2e, 2 h 15",
    d: "11-28 17:52",
    b: `Bonjour Lucas,

Votre session de stationnement est terminée.

| Véhicule | AB-482-QT |
| Zone | Lyon 2e — zone rouge |
| Durée | 14:35 → 16:50 (2 h 15) |
| Montant | 4,80 € TTC |

Le reçu en PDF est disponible dans l'application.`,
    L: "i/deliver/receipt",
    why: "a parking session's receipt after it ended; kept for records",
  }),
  buildhost({
    s: "Receipt for invoice INV-2026-1183 — $29.00 paid",
    d: "11-01 04:10",
    b: `Hi Kenji,

Thanks for your payment. Here's your receipt for the Team plan.

| Invoice | INV-2026-1183 |
| Period | Nov 1 – Nov 30, 2026 |
| Amount | $29.00 |
| Paid with | Visa ending 0932 |

[Download PDF](https://buildhost.dev/billing/invoices/INV-2026-1183)`,
    L: "i/deliver/receipt",
    why: "a SaaS subscription receipt for money already charged",
  }),
  tierheim({
    s: "Ihre Zuwendungsbestätigung für November",
    d: "11-27 12:00",
    b: `Liebe Frau Okafor,

herzlichen Dank für Ihre Spende! Im Anhang finden Sie die Zuwendungsbestätigung für Ihr Finanzamt.

| Betrag | 50,00 € |
| Eingang | 25.11.2026 |
| Zweck | Katzenhaus |

Ihr Team vom Tierheim Lichtenberg`,
    att: [
      {
        name: "Zuwendungsbestaetigung_2026-11.pdf",
        text: "Bestätigung über Geldzuwendungen an eine gemeinnützige Körperschaft. Betrag: 50,00 Euro. Tag der Zuwendung: 25.11.2026.",
      },
    ],
    L: "i/deliver/receipt",
    why: "a donation receipt for the tax office; kept for records",
  }),
  nouzei({
    s: "【納付完了】住民税 第3期 28,400円",
    d: "11-02 12:31",
    b: `佐藤 健二 様

以下の納付が完了しました。

| 税目 | 個人住民税（普通徴収）第3期 |
| 納付先 | 東京都世田谷区 |
| 金額 | 28,400円 |
| 支払方法 | クレジットカード |

領収証書の代わりにこのメールを保管してください。`,
    L: "i/deliver/receipt",
    why: "proof of a residence-tax payment already made; a receipt kept for records",
  }),
  lagunare({
    s: "Pagamento con carta: 12,50 € presso TRATTORIA DA NINO",
    d: "11-21 21:48",
    b: `Gentile cliente,

è stato autorizzato un pagamento con la carta ···· 2209.

| Importo | 12,50 € |
| Esercente | TRATTORIA DA NINO — BOLOGNA |
| Data e ora | 21/11/2026 21:47 |

Se non riconosci l'operazione, blocca la carta dall'app.`,
    L: "i/fyi/notification",
    why: "a card-use alert the reader made herself; it carries an amount but is not a receipt",
  }),
  swiatlowod({
    s: "Przypomnienie: 3 grudnia pobierzemy 89,00 zł",
    d: "11-28 09:00",
    b: `Dzień dobry,

3 grudnia pobierzemy z Twojego konta opłatę za internet za grudzień w ramach polecenia zapłaty.

| Kwota | 89,00 zł |
| Numer faktury | FV/12/2026/40817 |

Nie musisz nic robić.`,
    L: "i/fyi/notification",
    why: "advance notice of a direct debit; an amount, but no payment made yet and nothing to do",
  }),
  ovladen({
    s: "Je automatisch opladen is uitgevoerd: € 20,00",
    d: "11-24 08:11",
    b: `Beste Maya Okafor,

Bij het inchecken op station Amsterdam Centraal is je OV-kaart automatisch opgeladen.

| Kaart | 3528 0100 ···· 7716 |
| Bedrag | € 20,00 |
| Afschrijving | binnen 5 werkdagen |

Bewaar deze e-mail als betaalbewijs.`,
    L: "i/deliver/receipt",
    why: "a transit card's automatic top-up, kept as proof of payment",
  }),
  cloudspend({
    s: "Budget alert: ferrow-data has used 80% of its November budget",
    d: "11-22 06:00",
    b: `Hi Maya,

The project **ferrow-data** has spent **$402.17** of its **$500.00** November budget. At the current rate it will reach 100% around November 27.

Budgets don't stop your resources; this is only an alert.

[Review usage](https://console.nimbleforge.io/billing/budgets/ferrow-data)`,
    L: "a/fyi/notification",
    why: "a spend alert with days of headroom: the amount is a warning to plan for, not a receipt",
  }),
];
