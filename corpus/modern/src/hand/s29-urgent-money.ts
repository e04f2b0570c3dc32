import { type Spec, sender } from "../spec.ts";

/**
 * Legitimate urgent mail about money (train only, `s29-` orgs), written one by one: incidents in
 * payment, refund, webhook and billing systems from an on-call partner, a payment provider's
 * engineer and a client's CTO; tax and social-security payments due today from the readers'
 * accountants; a bounced transfer (details to be checked by phone), a missed rent transfer, a care
 * agency's and a venue's overdue deposits; genuine card-declined, domain-expiry and fraud-alert
 * notices that send the reader to the provider's own site or app. Stage 1 called such mail spam
 * because nearly every urgent mail that talked about payments in training was a scam. A few are
 * not urgent despite the money words (an invoice with no rush, a payment received, a refund made).
 * Ferrow colleagues could not be used: `ferrow.io` belongs to the pre-freeze `ferrow` org.
 */

// --- maya ---
const nightwatch = sender({
  org: "s29-nightwatch-ops",
  p: "maya",
  from: "Oskar Lund <oskar.lund@nightwatch-ops.eu>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const paylane = sender({
  org: "s29-paylane",
  p: "maya",
  from: "Rhea Castellanos <rhea.castellanos@paylane-partners.com>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const kestrel = sender({
  org: "s29-kestrel-freight",
  p: "maya",
  from: "Gareth Pryce <gareth.pryce@kestrelfreight.co.uk>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const lindner = sender({
  org: "s29-stb-lindner",
  p: "maya",
  from: "Sabine Lindner <s.lindner@stb-lindner-berlin.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
});
const spreebank = sender({
  org: "s29-spreebank",
  p: "maya",
  from: "Spreebank Sicherheit <sicherheit@info.spreebank.de>",
  kind: "system",
  shape: "html",
  lang: "de",
});
const bytehaven = sender({
  org: "s29-bytehaven",
  p: "maya",
  from: "Bytehaven Billing <billing@bytehaven.net>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const opieka = sender({
  org: "s29-opieka-krakow",
  p: "maya",
  from: "Joanna Kubiak <j.kubiak@dobraopieka-krakow.pl>",
  kind: "person",
  shape: "outlook",
  lang: "pl",
  charset: "utf-8",
  cte: "quoted-printable",
});
const mirela = sender({
  org: "s29-mirela-illustration",
  p: "maya",
  from: "Mirela Dragan <hello@mireladragan.studio>",
  kind: "person",
  shape: "apple",
  lang: "en",
});
const namewell = sender({
  org: "s29-namewell",
  p: "maya",
  from: "Namewell <renewals@namewell.com>",
  kind: "system",
  shape: "html",
  lang: "en",
});

// --- lucas ---
const marta = sender({
  org: "s29-contabilista-marta",
  p: "lucas",
  from: "Marta Quintela <marta.quintela@quintela-contas.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
});
const senhorio = sender({
  org: "s29-senhorio-graca",
  p: "lucas",
  from: "Fernando Graça <fernando.graca61@sapo.pt>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const bouchard = sender({
  org: "s29-bouchard-renovation",
  p: "lucas",
  from: "Hélène Bouchard <helene.bouchard@bouchard-renovation.fr>",
  kind: "person",
  shape: "apple",
  lang: "fr",
});
const harlow = sender({
  org: "s29-harlow-studios",
  p: "lucas",
  from: "Priti Shah <priti.shah@harlowstudios.co.uk>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const planform = sender({
  org: "s29-planform",
  p: "lucas",
  from: "Planform <billing@planform.app>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const rendernest = sender({
  org: "s29-rendernest",
  p: "lucas",
  from: "RenderNest <receipts@rendernest.io>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const sorolla = sender({
  org: "s29-sorolla-interiores",
  p: "lucas",
  from: "Alba Ferrer <administracion@sorolla-interiores.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const lumen = sender({
  org: "s29-lumen-bank",
  p: "lucas",
  from: "Lumen <security@notify.lumenbank.eu>",
  kind: "system",
  shape: "html",
  lang: "en",
});

// --- kenji ---
const subkit = sender({
  org: "s29-subkit",
  p: "kenji",
  from: "Subkit Alerts <alerts@subkit.dev>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const tillpoint = sender({
  org: "s29-tillpoint",
  p: "kenji",
  from: "Tillpoint <no-reply@tillpoint.com>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const user = sender({
  org: "s29-habit-user-marcus",
  p: "kenji",
  from: "Marcus Feld <marcus.feld@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const kato = sender({
  org: "s29-kato-zeirishi",
  p: "kenji",
  from: "加藤 真由美 <kato@kato-tax-office.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
});
const soracloud = sender({
  org: "s29-soracloud",
  p: "kenji",
  from: "ソラクラウド <billing@soracloud.jp>",
  kind: "system",
  shape: "html",
  lang: "ja",
});
const ryo = sender({
  org: "s29-backend-ryo",
  p: "kenji",
  from: "小林 亮 <ryo.kobayashi.dev@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const berta = sender({
  org: "s29-lokal-berta",
  p: "kenji",
  from: "Berta Nowicka <berta@nowicka-translations.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const kanri = sender({
  org: "s29-aoba-kanri",
  p: "kenji",
  from: "青葉管理 斉藤 <saito@aoba-kanri.co.jp>",
  kind: "person",
  shape: "outlook",
  lang: "ja",
});

// --- elena ---
const gestoria = sender({
  org: "s29-gestoria-prado",
  p: "elena",
  from: "Luis Prado <luis@gestoriaprado.es>",
  kind: "person",
  shape: "plain",
  lang: "es",
});
const anna = sender({
  org: "s29-ws-cochair-anna",
  p: "elena",
  from: "Anna Papadopoulou <anna.papadopoulou@athena-nlp.gr>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const venue = sender({
  org: "s29-casa-lagasca",
  p: "elena",
  from: "Events — Casa Lagasca <events@casalagasca.com>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const padova = sender({
  org: "s29-unipd-progetti",
  p: "elena",
  from: "Chiara Zanon <chiara.zanon@progetti-dlc-padova.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
});
const banco = sender({
  org: "s29-banco-meseta",
  p: "elena",
  from: "Banco Meseta <avisos@alertas.bancomeseta.es>",
  kind: "system",
  shape: "html",
  lang: "es",
});
const aclpress = sender({
  org: "s29-linguapress",
  p: "elena",
  from: "LinguaPress Open Access <apc@linguapress.org>",
  kind: "system",
  shape: "html",
  lang: "en",
});

export const s29UrgentMoney: Spec[] = [
  nightwatch({
    s: "invoice-run job crashed at 06:02, nothing sent to the 1st-of-month customers",
    d: "12-01 07:48",
    b: `Morning Maya,

You're primary for billing this week so you get this first. The monthly invoice-run died at 06:02 with an OOM in the PDF renderer, and it doesn't resume on its own. 412 customers with a 1st-of-the-month cycle have no invoice yet, and their auto-debits are scheduled for 12:00 against invoices that don't exist.

I restarted it twice with the same result. I don't have deploy rights to bump the memory limit. Can you look before 11, or tell me who can? I'm on +49 151 2290 4471.

Oskar
Nightwatch Ops — on-call for Ferrow`,
    L: "u/request/primary",
    why: "the on-call partner reports the invoicing job down with debits due at noon and asks the reader to act this morning",
  }),
  nightwatch({
    s: "Re: invoice-run job crashed at 06:02, nothing sent to the 1st-of-month customers",
    d: "12-01 10:21",
    re: true,
    b: `All clear: with your memory bump the run finished at 10:14, all 412 invoices are out and the debits at 12:00 will find them. I've closed the page.

Thanks for jumping on it.
Oskar`,
    q: {
      from: "Maya Okafor <maya.okafor@ferrow.io>",
      d: "12-01 08:05",
      b: "On it. Raising the renderer limit to 2Gi and re-running from the checkpoint, will tell you when it's through.",
    },
    L: "i/fyi/primary",
    why: "the incident is resolved and nothing is left to do; a recovery report is informational",
  }),
  paylane({
    s: "Refund API: your calls are queued since 07:00 - need someone from Ferrow on our bridge",
    d: "11-30 09:12",
    b: `Hi Maya,

Rhea from Paylane's integration team. Since about 07:00 UTC every refund request from your merchant account is landing in our retry queue with "idempotency key reused". There are 1,930 refunds waiting now and merchants are starting to open tickets with us because their customers haven't seen the money.

It looks like your client is sending the same key for partial refunds on one charge. We can drain the queue as soon as the keys are unique, but I need someone on your side who can confirm the fix. Bridge is open: https://paylane-partners.com/bridge/ferrow-1130 (it's our Teams room, no login on your side).

Could you or whoever is on call join in the next half hour?

Best,
Rhea Castellanos
Integration Engineering, Paylane`,
    L: "u/request/primary",
    why: "the payment provider's engineer reports refunds stuck now and asks for someone on the bridge within half an hour",
  }),
  kestrel({
    s: "Our customers were charged twice overnight",
    d: "11-27 08:31",
    b: `Maya,

Since your 02:00 release, every invoice we collect through your API has been charged twice. Our support inbox has 60 complaints this morning and our bank has flagged the volume. We've switched off automatic collection on our side, but the duplicates that already went through need reversing.

I need to know by 11:00 whether you can reverse them in bulk, because at 11:30 I have to decide whether to email all 3,000 customers. Call me on 07700 918 233 if that's quicker.

Gareth Pryce
CTO, Kestrel Freight`,
    L: "u/request/primary",
    why: "a client's CTO reports live double charges and needs an answer by 11:00 today",
  }),
  lindner({
    s: "Vorauszahlung Einkommensteuer - heute letzter Tag",
    d: "12-10 09:05",
    b: `Guten Morgen Frau Okafor,

kurze Erinnerung, weil es mir eben in der Fristenliste aufgefallen ist: Die Einkommensteuer-Vorauszahlung für das vierte Quartal (1.240,00 €) ist heute fällig. Sie hatten im Frühjahr die Lastschrift beim Finanzamt widerrufen, deshalb wird der Betrag nicht automatisch eingezogen.

Bitte überweisen Sie heute noch an die Finanzkasse Ihres Finanzamts, die Bankverbindung steht wie immer oben rechts auf Ihrem Vorauszahlungsbescheid (Verwendungszweck: Ihre Steuernummer, "ESt IV/26"). Nach drei Tagen Schonfrist fällt sonst ein Säumniszuschlag an.

Mit freundlichen Grüßen
Sabine Lindner
Steuerberaterin`,
    L: "u/request/primary",
    why: "the reader's tax adviser says a tax prepayment is due today and must be transferred today",
  }),
  spreebank({
    s: "Bitte bestätigen: Kartenzahlung über 849,00 € in Ihrer App",
    d: "11-29 21:47",
    b: `# Haben Sie diese Zahlung veranlasst?

Guten Abend Maya Okafor,

wir haben eine Zahlung mit Ihrer Debitkarte (endet auf 4417) vorläufig angehalten:

| Händler | ELECTROWORLD ONLINE NL |
| Betrag | 849,00 € |
| Zeit | 29.11.2026, 21:41 |

Bitte öffnen Sie die Spreebank-App und bestätigen oder lehnen Sie die Zahlung unter "Sicherheit > Offene Freigaben" ab. Bis dahin ist Ihre Karte für Online-Zahlungen gesperrt.

Wir fragen Sie niemals per E-Mail nach PIN, TAN oder Zugangsdaten, und diese E-Mail enthält keinen Link zur Anmeldung. Wenn Sie die Zahlung nicht kennen, rufen Sie uns unter der Nummer auf der Rückseite Ihrer Karte an.

Ihre Spreebank`,
    L: "u/request/notification",
    why: "the bank holds a card payment now and asks the reader to confirm it in its app; no login link",
  }),
  bytehaven({
    s: "Payment failed - your server will be suspended tomorrow",
    d: "11-28 16:02",
    b: `# We couldn't charge your card

Hi Maya,

The payment for invoice BH-2026-118402 (€ 23.80, server "okafor-dev-1") was declined by your bank on 21, 24 and 28 November. If it isn't settled, the server will be suspended tomorrow, 29 November, at 16:00 CET and its disks kept for 14 days.

You can update your card or pay the invoice under Account > Billing at [bytehaven.net/account/billing](https://bytehaven.net/account/billing).

Bytehaven Hosting GmbH`,
    L: "u/request/notification",
    why: "the reader's hosting provider will suspend her server tomorrow unless the declined payment is fixed; it links to its own site",
  }),
  opieka({
    s: "Płatność za listopad - prośba o telefon",
    d: "11-26 10:40",
    b: `Dzień dobry Pani Mayu,

piszę w sprawie opieki nad Panią Haliną. Nie dotarła do nas płatność za listopad (2 860 zł). Zwykle przychodzi do 20-go, więc podejrzewam, że coś się stało ze zleceniem stałym.

Wizyty pani Ewy idą normalnie, ale dziś o 16:00 zamykamy miesiąc w księgowości i muszę wiedzieć, czy przelew jest w drodze. Czy mogłaby Pani zadzwonić do mnie przed 15:00? Numer biura bez zmian: 12 421 08 37. Numer konta też się nie zmienił.

Pozdrawiam serdecznie
Joanna Kubiak
Dobra Opieka Kraków`,
    L: "u/request/primary",
    why: "the mother's care agency has not received this month's payment and asks for a call before 15:00 today",
  }),
  mirela({
    s: "March invoice - no rush",
    d: "11-24 18:12",
    b: `Hi Maya,

Finally getting my paperwork in order - attached is the invoice for the three conference illustrations from March. Completely my fault it's this late, so no rush at all; the usual 30 days is fine.

Hope the talk went well!
Mirela`,
    att: [
      {
        name: "Invoice-MD-2026-014.pdf",
        text: "Mirela Dragan Illustration\nInvoice MD-2026-014\nBill to: Maya Okafor\n3 conference illustrations (March 2026)\nTotal: EUR 450.00\nPayment due within 30 days",
      },
    ],
    L: "a/deliver/primary",
    why: "an invoice to pay within 30 days; the sender says there is no rush, so not today",
  }),
  namewell({
    s: "okafor.dev expires today - auto-renew failed",
    d: "11-25 08:00",
    b: `# okafor.dev expires at 23:59 UTC today

Your domain okafor.dev was set to renew automatically, but the card on file (Visa ending 0392) expired in October, so the renewal could not be charged.

When a domain expires, its DNS stops resolving: your website and any email on okafor.dev stop working until it is renewed, and after 30 days the name can be lost.

Renew it in your Namewell dashboard: [namewell.com/domains/okafor.dev](https://namewell.com/domains/okafor.dev)

The Namewell team`,
    L: "u/request/notification",
    why: "the reader's domain expires tonight and her site and mail stop unless she renews today",
  }),

  marta({
    s: "Segurança Social - pagamento tem de sair hoje",
    d: "11-20 11:15",
    b: `Olá Lucas,

Só para não falhar: a contribuição da Segurança Social de outubro (trabalhador independente, 312,47 €) vence hoje, dia 20. Vi no portal que ainda não está paga.

A referência multibanco está na Segurança Social Direta, em Conta-corrente > Pagamentos. Se pagar hoje por homebanking fica resolvido; a partir de amanhã já conta juros de mora.

Qualquer coisa ligue-me.

Marta Quintela
Contabilista Certificada`,
    L: "u/request/primary",
    why: "the reader's accountant says a social-security contribution is due today and still unpaid",
  }),
  senhorio({
    s: "Renda de novembro",
    d: "11-12 19:03",
    b: `Boa tarde Lucas, a renda de novembro do atelier ainda não entrou na minha conta. Normalmente chega dia 8. Pode ver se houve algum problema com a transferência? Amanhã de manhã tenho de pagar o condomínio e conto com ela.

Fernando Graça`,
    L: "u/request/primary",
    why: "the landlord has not received the rent and needs it checked before tomorrow morning",
  }),
  bouchard({
    s: "Notre virement vous est revenu",
    d: "12-03 10:27",
    b: `Bonjour Lucas,

Notre banque vient de nous prévenir que le virement de la facture n° 2026-031 (4 200 €) a été rejeté par la banque destinataire, motif "compte non identifié". Je pense qu'on a fait une faute de frappe en saisissant l'IBAN.

Pourriez-vous m'appeler aujourd'hui au 06 71 22 48 90 pour qu'on relise l'IBAN ensemble au téléphone ? Notre comptable clôture les paiements de l'année ce soir à 18h ; sinon le paiement ne repartira qu'en janvier.

Merci et désolée pour le contretemps,
Hélène

Envoyé de mon iPad`,
    L: "u/request/primary",
    why: "a client's transfer bounced and she asks for a call today to check the IBAN before the 18:00 cut-off",
  }),
  harlow({
    s: "Your invoice is missing the NIF - payment run locks at noon",
    d: "11-26 09:34",
    b: `Hi Lucas,

Our AP team rejected invoice LF-2026-22 this morning because it has no NIF/VAT number on it, and cross-border invoices can't be approved without one. Today's payment run locks at 12:00 UK time, and the next one is on the 10th.

If you can send a corrected PDF in the next couple of hours I'll walk it through myself.

Thanks,
Priti

Priti Shah | Studio Manager
Harlow Studios, London`,
    L: "u/request/primary",
    why: "a client needs a corrected invoice within hours to catch today's payment run",
  }),
  planform({
    s: "Action needed: your card payment failed",
    d: "11-18 14:20",
    b: `# Your Planform workspace will become read-only tomorrow

Hi Lucas,

We tried to charge your Mastercard ending 7720 for the Studio plan (€ 49.00) and the payment was declined. We'll try once more tonight. If that fails too, your workspace "Ferreira Arquitetura" becomes read-only tomorrow at 14:00: you can open projects, but not edit or export them.

Update your payment method under Settings > Billing at [planform.app/settings/billing](https://planform.app/settings/billing).

Planform Support`,
    L: "u/request/notification",
    why: "the reader's CAD service goes read-only tomorrow unless the failed card payment is fixed; it links to its own site",
  }),
  rendernest({
    s: "Payment received - thank you",
    d: "11-21 23:48",
    b: `# Payment received

Hi Lucas, thanks for topping up.

| Credits | 400 render credits |
| Amount | € 60.00 |
| Card | Visa •••• 1185 |
| Receipt | RN-88213-4 |

Your balance is now 452 credits. The receipt PDF is in your account.

RenderNest`,
    L: "i/deliver/receipt",
    why: "a receipt for a top-up the reader made; money already moved",
  }),
  sorolla({
    s: "Cobro duplicado - ya lo hemos devuelto",
    d: "11-23 12:05",
    b: `Hola Lucas:

Te escribo de administración de Sorolla Interiores. Revisando el extracto vimos que tu factura de octubre se nos pagó dos veces por error nuestro (dos transferencias de 1.850 €). No te preocupes: la segunda la hemos devuelto hoy mismo y te llegará en 2 o 3 días hábiles. No tienes que hacer nada.

Un saludo,
Alba Ferrer
Administración — Sorolla Interiores, Valencia`,
    L: "i/commit/primary",
    why: "the client says it paid twice and has already returned the duplicate; nothing for the reader to do",
  }),
  lumen({
    s: "Did you just try to pay 1,249.00 EUR?",
    d: "12-02 13:16",
    b: `# Check this payment in the Lumen app

Hi Lucas,

We paused a card payment because it doesn't look like your usual spending:

- 1,249.00 EUR at MEDIAMARKT ONLINE ES
- 2 Dec 2026, 13:14

Open the Lumen app and tap the notification to approve or decline it. The payment expires in 30 minutes if you do nothing. If you don't recognise it, decline it in the app and your card will be frozen.

We'll never ask you to log in from an email.

Lumen`,
    L: "u/request/notification",
    why: "the bank holds a payment now and asks the reader to approve or decline it in its app; no login link",
  }),

  subkit({
    s: "Webhook delivery failing for 6 hours - subscribers not getting access",
    d: "11-22 15:40",
    b: `# Your webhook endpoint is failing

Project: Habit (iOS)

Since 09:31 JST every event sent to https://api.kenjihabit.app/hooks/subkit has returned HTTP 500. 214 events are waiting, including 87 INITIAL_PURCHASE events: those users paid but your server hasn't unlocked Pro for them.

We keep retrying for 72 hours with backoff. Recent responses and the retry queue are in the Subkit dashboard under Integrations > Webhooks.

Subkit`,
    L: "u/fyi/notification",
    why: "paying users are being denied what they bought now; a live failure hitting many users",
  }),
  tillpoint({
    s: "14 refunds failed: your balance is negative",
    d: "11-25 10:02",
    b: `# Refunds couldn't be sent

Hi Kenji,

14 refunds you issued from your Tillpoint store (¥ 29,400 in total) failed because your balance is ¥ -8,150 after yesterday's chargeback. Your customers have been told their refund is on its way.

Add funds today under Balance > Top up at [dashboard.tillpoint.com/balance](https://dashboard.tillpoint.com/balance) and we'll retry the refunds automatically. Refunds still failing after 48 hours are cancelled.

Tillpoint`,
    L: "u/request/notification",
    why: "refunds to customers are failing now and the reader must top up today; it links to its own site",
  }),
  user({
    s: "Charged three times for the yearly plan??",
    d: "11-19 22:47",
    b: `Hi,

I love Habit but I just looked at my card and there are three charges of $29.99 from "Apple.com/bill" yesterday, and I only bought the yearly plan once. Can you refund two of them? Screenshot attached.

Marcus`,
    att: [{ name: "IMG_4471.PNG" }],
    L: "a/request/primary",
    why: "a single user's billing complaint the reader should answer, but nothing breaks if it waits until tomorrow",
  }),
  kato({
    s: "【本日期限】消費税中間申告分の納付について",
    d: "11-30 09:20",
    b: `佐藤 健二 様

いつもお世話になっております。加藤税理士事務所の加藤です。

消費税の中間申告分（42,300円）の納付期限が本日11月30日となっております。
振替納税の口座登録がまだ完了していないため、今回は自動では引き落とされません。

本日中に、お送りしている納付書でコンビニ、またはe-Taxのダイレクト納付でお支払いください。
期限を過ぎると延滞税がかかります。

ご不明な点があればお電話ください。

加藤税理士事務所
加藤 真由美`,
    L: "u/request/primary",
    why: "the reader's tax accountant says a consumption-tax payment is due today and will not be debited automatically",
  }),
  soracloud({
    s: "【重要】お支払いが完了していません（サービス停止のお知らせ）",
    d: "11-27 11:00",
    b: `# お支払いの確認ができませんでした

佐藤 健二 様

ご登録のクレジットカードで11月分のご利用料金（3,520円）の決済ができませんでした。

明日11月28日 12:00までにお支払いの確認ができない場合、サーバー「habit-api-01」を一時停止いたします。

お支払い方法の変更はコントロールパネルの「お支払い」から行えます：[soracloud.jp/console/billing](https://soracloud.jp/console/billing)

ソラクラウド カスタマーサポート`,
    L: "u/request/notification",
    why: "the reader's hosting provider stops his API server tomorrow noon unless the failed card payment is fixed",
  }),
  ryo({
    s: "課金したのにPro開かないってレビュー増えてる",
    d: "11-22 15:55",
    b: `健二さん、App Storeのレビュー見ました？今朝から「課金したのにProにならない」が5件。サポートにも問い合わせ来てる。
レシート検証のAPIが落ちてるっぽい、ログ見たら500連発。今日中に直さないと返金依頼が増えそう。
自分は今移動中で触れないので、見てもらえますか

亮
iPhoneから送信`,
    L: "u/request/primary",
    why: "a developer friend reports paying users locked out since this morning and asks the reader to fix it today",
  }),
  berta({
    s: "Polish strings + payment received, thanks!",
    d: "11-21 08:30",
    b: `Hi Kenji,

Payment for the German and Polish localisation arrived this morning - thank you, that was quick.

One small thing for whenever you next update: "Streak" is now "Seria" in the Polish file, the old word sounded odd in the widget. No hurry at all.

Best,
Berta

--
Berta Nowicka · Nowicka Translations
nowicka-translations.com`,
    L: "i/fyi/primary",
    why: "the translator confirms a payment arrived and mentions a wording change with no deadline",
  }),
  kanri({
    s: "12月分家賃のお引き落としについて",
    d: "11-27 17:45",
    b: `佐藤 健二 様

青葉管理の斉藤です。

12月分のお家賃（98,000円）につきまして、本日11月27日の口座振替ができなかったと保証会社より連絡がございました。残高不足またはお口座の変更が原因と思われます。

大変恐縮ですが、本日中にご確認のうえ、お電話（03-5432-1180、19時まで）でご連絡いただけますでしょうか。振込先は賃貸契約書記載の口座から変更はございません。

よろしくお願いいたします。

青葉管理株式会社
斉藤`,
    L: "u/request/primary",
    why: "the letting agent says the rent debit failed today and asks the reader to call before 19:00",
  }),

  gestoria({
    s: "IBI devuelto - hoy acaba el plazo",
    d: "11-05 10:12",
    b: `Hola Elena,

Me ha llamado el ayuntamiento: el recibo del IBI del piso de Lavapiés (486,20 €) salió devuelto de tu cuenta, creo que por la tarjeta nueva que comentaste, y hoy 5 de noviembre acaba el periodo voluntario. A partir de mañana lleva recargo del 5 %.

Puedes pagarlo hoy en la sede electrónica del ayuntamiento con la referencia del recibo o en cualquier oficina de tu banco. Si prefieres que lo haga yo, mándame el justificante de la cuenta y lo gestiono esta mañana.

Un abrazo,
Luis Prado
Gestoría Prado`,
    L: "u/request/primary",
    why: "the gestor says a property-tax payment was returned and the voluntary period ends today",
  }),
  anna({
    s: "registration form is charging people twice - can you pause it?",
    d: "11-16 18:22",
    b: `Elena, three registrants just wrote that the workshop form took the fee twice (2 x 120 €). I can't reproduce it but the payments list shows the doubles. You have the admin login for the form, I don't.

Can you switch registration to "closed" tonight so nobody else pays before we figure it out? I'll write to the three people and handle the refunds tomorrow.

Anna`,
    L: "u/request/primary",
    why: "a co-chair reports registrants being double-charged now and asks the reader to pause the form tonight",
  }),
  venue({
    s: "Workshop 14 Jan - deposit not received, hold released at 18:00 today",
    d: "12-04 10:05",
    b: `Dear Dr Ruiz Arnaiz,

I'm following up on the room hold for the workshop on 14 January (Sala Serrano, 60 people). The 30 % deposit (1,170 €) on our pro-forma from 20 November hasn't arrived yet, and our hold policy releases unpaid bookings after 14 days — today at 18:00.

If your university's transfer is already on its way, a copy of the payment order is enough for me to keep the room. Otherwise please call me at +34 91 578 20 44 and we can agree a short extension.

Kind regards,
Irene Salas
Events Coordinator, Casa Lagasca`,
    L: "u/request/primary",
    why: "the venue releases the workshop booking at 18:00 today unless the deposit or proof of payment arrives",
  }),
  padova({
    s: "Rimborso missione Padova - bonifico eseguito",
    d: "11-17 12:40",
    b: `Gentile Elena,

le comunico che oggi abbiamo eseguito il bonifico per il rimborso della missione di ottobre (viaggio e due notti, 412,60 €). In allegato la contabile. Dovrebbe vederlo sul conto entro 1–2 giorni lavorativi.

Cordiali saluti,
Chiara Zanon
Ufficio progetti — Dipartimento DLC`,
    att: [
      {
        name: "contabile-bonifico-rimborso-ruiz.pdf",
        text: "Bonifico SEPA eseguito\nBeneficiario: Elena Ruiz Arnaiz\nImporto: EUR 412,60\nCausale: rimborso missione ottobre 2026",
      },
    ],
    L: "i/deliver/primary",
    why: "a project office sends the receipt for a reimbursement already paid; nothing to do",
  }),
  banco({
    s: "¿Has hecho tú este pago de 689,00 €?",
    d: "11-24 23:10",
    b: `# Cargo pendiente de confirmar

Hola, Elena:

Hemos retenido un pago con tu tarjeta terminada en 2051:

| Comercio | AIRLINK TRAVEL LTD |
| Importe | 689,00 € |
| Fecha | 24/11/2026 23:06 |

Confírmalo o recházalo desde la app de Banco Meseta, en el aviso que te acabamos de enviar. Mientras tanto, los pagos por internet con esta tarjeta están bloqueados.

Banco Meseta nunca te pedirá claves ni códigos por correo electrónico, y este mensaje no contiene enlaces de acceso.`,
    L: "u/request/notification",
    why: "the bank holds a card payment now and asks the reader to confirm it in its app; no login link",
  }),
  aclpress({
    s: "Invoice APC-2026-3391 for your accepted article",
    d: "11-13 09:00",
    b: `# Article processing charge

Dear Dr Ruiz Arnaiz,

Congratulations again on the acceptance of "Cross-lingual transfer for low-resource morphological tagging". Your article processing charge invoice is attached.

| Amount | 1,450.00 EUR |
| Due | within 30 days |
| Pay by | bank transfer or card at [linguapress.org/apc](https://linguapress.org/apc) |

If your institution covers the charge under a read-and-publish agreement, forward this invoice to your library and we'll cancel it.

LinguaPress Open Access`,
    att: [
      {
        name: "APC-2026-3391.pdf",
        text: "LinguaPress\nInvoice APC-2026-3391\nArticle processing charge: EUR 1,450.00\nDue within 30 days",
      },
    ],
    L: "a/deliver/receipt",
    why: "an invoice to pay or forward within 30 days; a deadline weeks away is actionable, not urgent",
  }),
];
