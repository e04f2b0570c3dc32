import { type Spec, sender } from "../spec.ts";

/**
 * Hard negatives for stage 1, second batch (h/threats, written for training after the freeze):
 * the legitimate mail of the worlds `s1b-threats.ts` imitates — real document shares, government
 * notices (a fine, a refund notice, a licence renewal, a filing receipt), developer-console policy
 * notices, telecom and energy invoices, a client's remittance advice, a supplier's bank change that
 * asks to be checked by phone, a company voicemail, a real import-duty notice, an exchange's deposit
 * confirmation and a real 2-Step Verification rollout — so the model learns the difference, not the
 * topic. Each was written on its own; each org is new and train-only.
 */
const sharepoint = sender({
  org: "s1b-sharepoint-estudio-lara",
  p: "lucas",
  from: "Ana Lara (a través de SharePoint) <no-reply@sharepointonline.com>",
  replyTo: "Ana Lara <ana.lara@estudiolara-arq.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
  dkim: "sharepointonline.com",
});
const driveIt = sender({
  org: "s1b-nextcloud-unipd",
  p: "elena",
  from: "Marco Bellini (tramite Nextcloud UniPD) <noreply@cloud.unipd.it>",
  replyTo: "Marco Bellini <marco.bellini@unipd.it>",
  kind: "system",
  shape: "alt",
  lang: "it",
});
const aeat = sender({
  org: "s1b-aeat-dehu",
  p: "elena",
  from: "Dirección Electrónica Habilitada única <no-reply@dehu.redsara.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const antai = sender({
  org: "s1b-antai",
  p: "lucas",
  from: "ANTAI <ne-pas-repondre@antai.gouv.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const eltax = sender({
  org: "s1b-eltax",
  p: "kenji",
  from: "eLTAX <noreply@eltax.lta.go.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const imt = sender({
  org: "s1b-imt",
  p: "lucas",
  from: "IMT - Instituto da Mobilidade e dos Transportes <notificacoes@imt-ip.pt>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});
const play = sender({
  org: "s1b-galaxy-store",
  p: "kenji",
  from: "Galaxy Store Seller Portal <noreply@seller.samsungapps.com>",
  kind: "system",
  shape: "alt",
  lang: "en",
});
const appleDev = sender({
  org: "s1b-appgallery-connect",
  p: "kenji",
  from: "AppGallery Connect <noreply@developer.huawei.com>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const vodafone = sender({
  org: "s1b-vodafone-de",
  p: "maya",
  from: "Vodafone <rechnung@ms.vodafone.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const pge = sender({
  org: "s1b-pge-obrot",
  p: "maya",
  from: "PGE Obrót S.A. <e-faktura@gkpge.pl>",
  kind: "system",
  shape: "alt",
  lang: "pl",
});
const remit = sender({
  org: "s1b-construtora-avelar",
  p: "lucas",
  from: "Contas a Pagar - Construtora Avelar <pagamentos@avelar-construcoes.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
  auth: "nodmarc",
});
const gaichuu = sender({
  org: "s1b-design-hoshizora",
  p: "kenji",
  from: "星空デザイン 経理 中村 <keiri@hoshizora-design.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
  auth: "nodmarc",
});
const sipgate = sender({
  org: "s1b-sipgate",
  p: "maya",
  from: "sipgate <voicemail@sipgate.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const ups = sender({
  org: "s1b-ups-de",
  p: "maya",
  from: "UPS <mcinfo@ups.com>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const bitflyer = sender({
  org: "s1b-bitflyer",
  p: "kenji",
  from: "bitFlyer <info@bitflyer.com>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const workspace = sender({
  org: "s1b-jumpcloud",
  p: "maya",
  from: "Ferrow IT via JumpCloud <noreply@jumpcloud.com>",
  kind: "system",
  shape: "alt",
  lang: "en",
});

export const s1bNotices: Spec[] = [
  sharepoint({
    s: "Ana Lara ha compartido la carpeta «Obra Chamberí – planos de ejecución» con usted",
    d: "11-24 12:41",
    b: `Ana Lara ha compartido una carpeta con usted.

**Obra Chamberí – planos de ejecución**

> Lucas, aquí van los planos revisados por estructuras. Mira sobre todo la planta 2, cambian dos pilares.

[Abrir](https://estudiolara.sharepoint.com/:f:/s/Proyectos/EqT0b4lNn2BFl2Q8c1kVd0sB)

Este vínculo solo funciona para los destinatarios directos de este mensaje.

Declaración de privacidad de Microsoft`,
    L: "a/request/notification",
    why: "a real SharePoint share from a client's own tenant, sent by Microsoft, with a note asking to review the plans",
  }),
  driveIt({
    s: "Marco Bellini ha condiviso «Corpus annotato – linee guida v4.odt» con te",
    d: "11-19 15:02",
    b: `Ciao,

Marco Bellini ha condiviso «Corpus annotato – linee guida v4.odt» con te e ti ha dato il permesso di modificarlo.

> Elena, ho aggiornato la sezione sulle negazioni come dicevamo; se ti va aggiungi gli esempi spagnoli.

[Apri «Corpus annotato – linee guida v4.odt»](https://cloud.unipd.it/s/Kq7Wm2xYpL4nR8t)

Il link è protetto da password: Marco te la invierà a parte.

Nextcloud – Università degli Studi di Padova`,
    L: "a/request/notification",
    why: "a co-author's real share from the university's own Nextcloud (aligned domain, reply-to the colleague) asking to add examples",
  }),
  aeat({
    s: "Aviso de puesta a disposición de notificación",
    d: "11-20 08:02",
    b: `Le informamos de que tiene a su disposición una notificación en la Dirección Electrónica Habilitada única (DEHú).

| Organismo emisor | Agencia Estatal de Administración Tributaria |
| Concepto | Comunicación – IRPF 2025 |
| Fecha de puesta a disposición | 20/11/2026 |

Para acceder, entre en dehu.redsara.es con su certificado electrónico, DNIe o Cl@ve. Dispone de 10 días naturales; transcurrido ese plazo la notificación se entenderá rechazada.

Este correo es meramente informativo: no contiene enlaces de pago ni le pediremos datos bancarios por correo electrónico.`,
    L: "a/request/notification",
    why: "a real government notice: a document waits on the official portal, reached with the reader's own certificate, no link to pay",
  }),
  antai({
    s: "Votre avis de contravention dématérialisé est disponible",
    d: "11-12 10:15",
    b: `Madame, Monsieur,

Vous avez choisi de recevoir vos avis de contravention par voie électronique. Un nouvel avis concernant le véhicule immatriculé GH-418-PK est disponible dans votre espace personnel.

Numéro d'avis : 88 1204 7731 5
Date de l'infraction : 28/10/2026
Montant de l'amende forfaitaire : 135 € (minorée à 90 € en cas de paiement sous 15 jours)

Consultez l'avis et payez sur le site officiel [www.amendes.gouv.fr](https://www.amendes.gouv.fr), ou par téléphone au 0 811 10 10 10. Vous pouvez aussi contester sur antai.gouv.fr.

L'ANTAI ne vous demandera jamais vos coordonnées bancaires par courriel.`,
    L: "a/request/notification",
    why: "a real electronic fine notice from antai.gouv.fr (all aligned), pointing to the official site and the normal 15-day window",
  }),
  eltax({
    s: "【eLTAX】申告データの受付が完了しました",
    d: "11-17 14:22",
    b: `佐藤 健二 様

eLTAXにて、以下の申告データの受付が完了しました。

受付番号：20261117-0412-88913
手続名：給与支払報告書（総括表）
提出先：渋谷区

受付結果の詳細は、PCdeskのメッセージボックスでご確認ください。

本メールは送信専用です。`,
    L: "i/fyi/notification",
    why: "the local-tax e-filing system confirming a submission the reader made, no link and no ask",
  }),
  imt({
    s: "A sua carta de condução caduca a 24-01-2027",
    d: "11-24 09:00",
    b: `Exmo.(a) Senhor(a) Lucas Ferreira,

Informamos que a sua carta de condução caduca a 24-01-2027. Pode pedir a revalidação até essa data, sem custos adicionais, através do portal [ePortugal](https://eportugal.gov.pt) com a Chave Móvel Digital, ou presencialmente num balcão do IMT.

O IMT não solicita pagamentos por correio eletrónico.

Instituto da Mobilidade e dos Transportes, I.P.`,
    L: "a/request/notification",
    why: "a real licence-renewal reminder with a two-month horizon, sent to the official portal and a counter, no payment link",
  }),
  play({
    s: "[Galaxy Store] Policy update: privacy policy link required for Tsuru Habit by March 1, 2027",
    d: "11-18 02:00",
    b: `Dear Kenji Sato,

We are updating the Galaxy Store app distribution policy. From March 1, 2027, every app that handles personal data must show a working privacy-policy link on its store page. Our check found no link for:

| App | Package | Status |
| Tsuru Habit | com.kenjisato.tsuru | privacy policy link missing |

Until the deadline your app stays on sale. After it, updates will not be approved until the link is added. You can add it under App Information in the Seller Portal.

[Open Seller Portal](https://seller.samsungapps.com)

Samsung Electronics Co., Ltd. You received this mandatory notice because you distribute apps on Galaxy Store.`,
    L: "a/request/notification",
    why: "a genuine store policy notice from the store's own domain: months of notice, the app stays on sale, no sign-in link beyond the portal",
  }),
  appleDev({
    s: "【AppGallery Connect】アプリの審査結果のお知らせ（Kumo Notes 2.4.0）",
    d: "11-21 11:30",
    b: `佐藤 健二 様

AppGallery Connectをご利用いただきありがとうございます。

お客様のアプリ「Kumo Notes」バージョン2.4.0は審査に合格し、AppGalleryで公開されました。

公開範囲：日本、ドイツ、ポルトガル
公開日時：2026-11-21 11:02（JST）

詳細はAppGallery Connectの「マイアプリ」でご確認いただけます。

Huawei AppGallery Connect`,
    L: "i/fyi/notification",
    why: "a real app-store review result from the store's own domain: the update passed, nothing to do",
  }),
  vodafone({
    s: "Deine Rechnung für November ist da",
    d: "11-15 05:30",
    b: `Hallo Maya Okafor,

deine Rechnung für den Zeitraum 01.11.–30.11.2026 ist jetzt in MeinVodafone.

| Kundennummer | 118 447 209 |
| Rechnungsbetrag | 44,99 € |
| Abbuchung | ab 22.11.2026 per Lastschrift |

Du musst nichts tun: Wir buchen den Betrag wie gewohnt von deinem Konto ab.

[Rechnung in MeinVodafone ansehen](https://www.vodafone.de/meinvodafone/rechnungen)

Viele Grüße
Dein Vodafone-Team`,
    L: "i/deliver/receipt",
    why: "the reader's real monthly telecom bill from vodafone.de, collected by direct debit as usual",
  }),
  pge({
    s: "e-faktura PGE za okres 09.2026–10.2026",
    d: "11-08 07:12",
    b: `Szanowna Pani,

w załączniku przesyłamy e-fakturę za energię elektryczną.

| Numer faktury | 23/4411/10/2026 |
| Kwota do zapłaty | 186,42 zł |
| Termin płatności | 25.11.2026 |
| Numer rachunku do wpłat | indywidualny, jak na poprzednich fakturach |

Fakturę można też pobrać w eBOK: [ebok.gkpge.pl](https://ebok.gkpge.pl).

PGE Obrót S.A.`,
    att: [{ name: "Faktura_23-4411-10-2026.pdf", text: "PGE Obrót faktura 23/4411/10/2026 186,42 zł" }],
    L: "a/deliver/receipt",
    why: "a real e-invoice from the electricity supplier, same account as always, normal due date",
  }),
  remit({
    s: "Aviso de pagamento – FT 2026/58 (transferência efetuada)",
    d: "11-25 16:05",
    b: `Exmo. Sr. Lucas Ferreira,

Informamos que foi efetuada hoje a transferência abaixo para o IBAN indicado nas suas faturas:

| Documento | FT 2026/58 |
| Valor | 2.460,00 € |
| Data-valor | 26/11/2026 |
| IBAN destino | PT50 0035 **** **** **** 812 |

Segue em anexo o comprovativo bancário.

Contas a Pagar
Construtora Avelar, Lda.`,
    att: [
      { name: "Comprovativo_FT2026-58.pdf", text: "Comprovativo de transferência 2.460,00 EUR FT 2026/58" },
    ],
    L: "i/deliver/receipt",
    why: "a client's remittance advice for an invoice the reader issued, paid to the reader's own IBAN",
  }),
  gaichuu({
    s: "振込先口座変更のお知らせ（2027年1月分より）",
    d: "11-16 10:20",
    b: `佐藤様

いつもお世話になっております。星空デザインの中村です。

メインバンクの統合に伴い、2027年1月以降のご請求分から振込先口座が変更になります。12月末までのお支払いは従来の口座のままで問題ありません。

新しい口座情報は、代表者印を押した書面を郵送でお送りしました。念のため、いつもの電話番号（03-5432-1180）で私にお電話いただき、口座番号をご確認のうえご登録ください。メールだけで口座変更をお願いすることはありません。

どうぞよろしくお願いいたします。

星空デザイン 経理 中村`,
    L: "a/request/primary",
    why: "a genuine supplier bank change: months ahead, details by post, and the reader is asked to confirm by calling the known number",
  }),
  sipgate({
    s: "Neue Sprachnachricht von Jonas Weber (+49 30 2201 7734)",
    d: "11-23 11:48",
    b: `Hallo Maya,

du hast eine neue Sprachnachricht auf deiner Durchwahl.

| Von | Jonas Weber (+49 30 2201 7734) |
| Länge | 0:32 |
| Eingang | 23.11.2026, 11:47 |

Transkription: „Hi Maya, Jonas hier, kurz wegen dem Deploy heute Nachmittag – ruf mich bitte zurück, wenn du aus dem Meeting raus bist. Danke."

[In der sipgate App anhören](https://app.sipgate.com/voicemail)

sipgate GmbH · Gladbacher Str. 74 · 40219 Düsseldorf`,
    L: "a/request/notification",
    why: "the company phone system's real voicemail notice, with a colleague's transcript and no login page",
  }),
  ups({
    s: "UPS: Einfuhrabgaben für Ihre Sendung 1Z 8W4 71E 68 0412 1193",
    d: "11-22 13:33",
    b: `Guten Tag Maya Okafor,

für Ihre Sendung von Keychron Ltd. (Hongkong) fallen Einfuhrabgaben an, die der Zoll festgesetzt hat:

| Einfuhrumsatzsteuer | 26,41 € |
| Zoll | 0,00 € |
| UPS Auslagegebühr | 7,95 € |
| Gesamt | 34,36 € |

Sie können den Betrag vor der Zustellung online über [ups.com](https://www.ups.com/track?tracknum=1Z8W471E6804121193) bezahlen oder bar bzw. mit Karte bei der Zustellung.

Ihr UPS Team`,
    L: "a/request/notification",
    why: "a real import-VAT notice from ups.com for a parcel the reader ordered, payable on ups.com or at the door",
  }),
  bitflyer({
    s: "【bitFlyer】日本円のご入金を確認しました",
    d: "11-14 09:41",
    b: `佐藤 健二 様

以下の日本円のご入金を確認しました。

入金額：50,000 円
入金日時：2026/11/14 09:38

身に覚えのない入金がある場合は、bitFlyer ヘルプセンターよりお問い合わせください。

株式会社bitFlyer`,
    L: "i/fyi/notification",
    why: "a crypto exchange's real deposit confirmation for money the reader sent, no link and no ask",
  }),
  workspace({
    s: "MFA will be required for your Ferrow account from December 7",
    d: "11-24 18:00",
    b: `Hello Maya,

Ferrow IT has turned on multi-factor authentication for all user portal sign-ins. Starting **December 7, 2026**, you'll need a second factor to sign in.

You already have a security key registered, so you don't need to do anything. If you lose it, ask #it-help in Slack; IT will never ask you for a code by email.

Your user portal: [console.jumpcloud.com/userconsole](https://console.jumpcloud.com/userconsole)

JumpCloud Inc., on behalf of Ferrow GmbH.`,
    L: "i/fyi/notification",
    why: "the company's real MFA rollout through its directory provider's own domain; nothing to do, no code asked",
  }),
];
