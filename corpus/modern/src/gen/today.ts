/** Generators for mail that cannot wait: failed payments, pages, day-of-travel changes. */
import { site, type Template } from "./kit.ts";

export const paymentFailed: Template = {
  id: "gen-payment-failed",
  make: (r) =>
    (
      [
        [
          "maya",
          "hetzner",
          "Hetzner Online <billing@hetzner.com>",
          "en",
          "Payment failed – your servers will be suspended tomorrow",
          "Invoice R0023118844 (€211.44) could not be charged to your card. Servers in project ferrow-staging are suspended on 27 Nov at 10:00 UTC unless payment arrives.",
        ],
        [
          "maya",
          "github",
          "GitHub <billing@github.com>",
          "en",
          "[GitHub] Payment failed for ferrow: Actions minutes disabled",
          "We couldn't charge the card on file for ferrow. Paid Actions minutes are disabled now; workflows on private repositories will queue until you update payment.",
        ],
        [
          "maya",
          "vercel",
          "Vercel <billing@vercel.com>",
          "en",
          "Action required: payment failed for team Ferrow",
          "Your payment of $184.80 failed. Deployments for team Ferrow are blocked from today until the invoice is paid.",
        ],
        [
          "maya",
          "telekom",
          "Telekom <rechnung@telekom.de>",
          "de",
          "Lastschrift zurückgegeben – Sperre ab morgen",
          "Die Lastschrift über 59,95 € wurde von Ihrer Bank zurückgegeben. Ohne Zahlung bis morgen 12 Uhr sperren wir Ihren Internetanschluss.",
        ],
        [
          "lucas",
          "adobe",
          "Adobe <message@adobe.com>",
          "en",
          "Your payment didn't go through — access ends today",
          "We couldn't process your Creative Cloud payment. Update your payment method today to keep access to your files and apps.",
        ],
        [
          "lucas",
          "meo",
          "MEO <faturas@meo.pt>",
          "pt",
          "Fatura em atraso: serviço suspenso hoje às 18h",
          "A fatura de outubro (54,99 €) continua por pagar. Para evitar a suspensão do serviço hoje às 18h, pague por MB WAY ou Multibanco.",
        ],
        [
          "lucas",
          "google",
          "Google Payments <payments-noreply@google.com>",
          "en",
          "Action needed: your Google storage is full and payment failed",
          "Your Google One payment failed and your account is over its storage limit. Gmail can't receive new mail until you free space or fix the payment.",
        ],
        [
          "elena",
          "fastmail",
          "Fastmail <billing@fastmail.com>",
          "en",
          "Your Fastmail subscription could not be renewed",
          "The renewal charge for ruizarnaiz.es was declined. Your account becomes read-only in 24 hours; incoming mail will be rejected after 7 days.",
        ],
        [
          "elena",
          "overleaf",
          "Overleaf <billing@overleaf.com>",
          "en",
          "Payment failed: collaborators will lose edit access today",
          'We couldn\'t renew your Overleaf Standard plan. From today, your 6 collaborators on "TACL camera-ready" will have read-only access.',
        ],
        [
          "elena",
          "movistar",
          "Movistar <facturas@movistar.es>",
          "es",
          "Recibo devuelto: evita el corte de tu línea",
          "Tu recibo de 62,40 € ha sido devuelto. Si no lo pagas hoy, mañana suspenderemos la línea móvil.",
        ],
        [
          "kenji",
          "apple",
          "Apple Developer <developer@insideapple.apple.com>",
          "en",
          "Your Apple Developer Program membership expires today",
          "If your membership expires, your apps will be removed from the App Store and your subscriptions stop renewing.",
        ],
        [
          "kenji",
          "cloudflare",
          "Cloudflare <billing@cloudflare.com>",
          "en",
          "Payment failed: Workers Paid plan for kotsu.app",
          "Your Workers Paid plan payment failed. Requests above the free limit will fail from 00:00 UTC tonight.",
        ],
        [
          "kenji",
          "docomo",
          "NTTドコモ <billing@docomo.ne.jp>",
          "ja",
          "【重要】ご利用料金のお支払い確認ができておりません",
          "本日までにお支払いが確認できない場合、明日より回線のご利用を停止いたします。",
        ],
        [
          "maya",
          "1password",
          "1Password <billing@1password.com>",
          "en",
          "Your 1Password Families payment failed",
          "Your account becomes read-only today. Family members won't be able to add or edit items until you update billing.",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, text]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: "alt",
      s: subj,
      d: r.date(5, 27, 7, 19),
      b: `${text}

[[${lang === "de" ? "Zahlung aktualisieren" : lang === "pt" ? "Pagar agora" : lang === "es" ? "Pagar ahora" : lang === "ja" ? "お支払い方法を確認" : "Update payment"}]](${site(from)}/billing)`,
      L: "u/request/notification",
      why: "a failed payment cuts off a service the reader depends on today or tomorrow",
    })),
};

export const pages: Template = {
  id: "gen-incident-page",
  make: (r) =>
    (
      [
        [
          "pagerduty",
          "PagerDuty <no-reply@pagerduty.com>",
          "[PagerDuty] TRIGGERED: #88415 Payout batch export to bank SFTP failed (ferrow-prod)",
        ],
        [
          "pagerduty",
          "PagerDuty <no-reply@pagerduty.com>",
          "[PagerDuty] TRIGGERED: #88502 ledger-service 5xx rate > 10% (ferrow-prod)",
        ],
        [
          "pagerduty",
          "PagerDuty <no-reply@pagerduty.com>",
          "[PagerDuty] TRIGGERED: #88517 Webhook queue depth > 50k (ferrow-prod)",
        ],
        [
          "pagerduty",
          "PagerDuty <no-reply@pagerduty.com>",
          "[PagerDuty] TRIGGERED: #88560 Postgres primary failover detected (ledger-db)",
        ],
        [
          "pagerduty",
          "PagerDuty <no-reply@pagerduty.com>",
          "[PagerDuty] ESCALATED: #88571 Card authorisation latency p99 > 3s — you are now the responder",
        ],
        [
          "opsgenie",
          "Opsgenie <opsgenie@eu.opsgenie.net>",
          "[Opsgenie] P1 Alert: SEPA file rejected by bank (error AM04)",
        ],
        [
          "opsgenie",
          "Opsgenie <opsgenie@eu.opsgenie.net>",
          "[Opsgenie] P1 Alert: TLS certificate expired on hooks.ferrow.io",
        ],
        [
          "opsgenie",
          "Opsgenie <opsgenie@eu.opsgenie.net>",
          "[Opsgenie] P2 Alert: Refund worker crash-looping (OOMKilled)",
        ],
        [
          "grafana",
          "Grafana <alerts@grafana.net>",
          "[FIRING:3] SLOBurnRateCritical checkout-api, payouts-api, webhooks",
        ],
        ["grafana", "Grafana <alerts@grafana.net>", "[FIRING:1] DiskFull ledger-replica-2 (99%)"],
        [
          "datadog",
          "Datadog Alerting <alert@dtdg.eu>",
          "[P1] Triggered: Stripe webhook signature failures > 50/min",
        ],
        [
          "datadog",
          "Datadog Alerting <alert@dtdg.eu>",
          "[P1] Triggered: No payouts created in the last 30 minutes",
        ],
      ] as const
    ).map(([org, from, subj]) => ({
      org,
      p: "maya",
      from,
      kind: "system",
      shape: org === "datadog" ? "plain" : "alt",
      s: subj,
      d: r.date(5, 27, 0, 23),
      b: `${subj.replace(/^\[[^\]]+\]\s*/, "")}

Service: ${["Payments core", "Ledger", "Webhooks", "Checkout"][r.int(0, 3)]} · Urgency: High · On call: Maya Okafor
Started: ${r.int(1, 14)} minutes ago

[[Acknowledge]](https://ferrow.${org === "opsgenie" ? "app.eu.opsgenie.com" : org === "pagerduty" ? "pagerduty.com" : "grafana.net"}/incidents/${r.id(8)})`,
      L: "u/request/notification",
      why: "the on-call reader is paged for a production incident in progress",
    })),
};

export const travelToday: Template = {
  id: "gen-day-of-travel",
  make: (r) =>
    (
      [
        [
          "maya",
          "lufthansa",
          "Lufthansa <online@booking-lufthansa.com>",
          "en",
          "Your flight LH 1933 is delayed by 2 h 10 min",
          "Your connection in Frankfurt (LH 568) is at risk. We have pre-booked you on LH 594 as an alternative — confirm in the app before boarding.",
        ],
        [
          "maya",
          "deutsche-bahn",
          "DB Fernverkehr <buchungsbestaetigung@bahn.de>",
          "de",
          "Zugausfall: ICE 1009 heute",
          "Ihr ICE 1009 ab Berlin Südkreuz (08:26) fällt heute aus. Nutzen Sie ICE 1011 um 09:26; die Zugbindung ist aufgehoben.",
        ],
        [
          "maya",
          "flixbus",
          "FlixBus <noreply@flixbus.de>",
          "de",
          "Deine Fahrt heute: neue Abfahrtshaltestelle",
          "Dein Bus nach Kraków fährt heute wegen einer Baustelle ab ZOB Messedamm Steig 8 statt Südkreuz. Abfahrt unverändert 07:15.",
        ],
        [
          "lucas",
          "ryanair",
          "Ryanair <itinerary@ryanair.com>",
          "en",
          "FR 8352: boarding gate changed to 14",
          "Boarding for your flight to Lyon starts at 07:15 at gate 14. Gate closes 30 minutes before departure.",
        ],
        [
          "lucas",
          "tap-air-portugal",
          "TAP Air Portugal <noreply@info.flytap.com>",
          "pt",
          "Voo TP 1237 com atraso: nova hora 20:05",
          "O seu voo de hoje Paris Orly → Lisboa tem nova hora de partida 20:05. O embarque começa às 19:25.",
        ],
        [
          "lucas",
          "comboios-de-portugal",
          "CP - Comboios de Portugal <bilhetes@cp.pt>",
          "pt",
          "Supressão do Alfa Pendular 133 de hoje",
          "Devido a greve, o Alfa Pendular 133 de hoje (09:09) foi suprimido. Pode viajar no Intercidades 523 às 10:09 ou pedir reembolso.",
        ],
        [
          "elena",
          "iberia",
          "Iberia <iberia@iberia.com>",
          "es",
          "Tu vuelo IB 3224 sale hoy desde la puerta J48",
          "Embarque a las 09:55. Recuerda: solo equipaje de mano pequeño en tu tarifa.",
        ],
        [
          "elena",
          "renfe",
          "Renfe <ventaonline@renfe.es>",
          "es",
          "Incidencia en tu viaje de hoy: retraso de 45 minutos",
          "Tu AVE 03071 sale con 45 minutos de retraso por una avería en la vía. Consulta la app para la nueva hora.",
        ],
        [
          "elena",
          "trenitalia",
          "Trenitalia <noreply@trenitalia.it>",
          "it",
          "Il tuo treno di oggi è cancellato",
          "Il Frecciarossa 9523 Bologna – Milano delle 10:15 è cancellato per sciopero. Puoi viaggiare sul FR 9527 delle 11:15 senza costi.",
        ],
        [
          "kenji",
          "jal",
          "JAL <info@jal.com>",
          "ja",
          "【JAL】本日ご搭乗便の欠航について",
          "本日のJAL 113便（羽田→伊丹）は、機材故障のため欠航となりました。振替便をご案内しますので、JALアプリでご確認ください。",
        ],
        [
          "kenji",
          "smart-ex",
          "スマートEX <smart-ex@jr-central.co.jp>",
          "ja",
          "【スマートEX】本日のご予約列車の遅延について",
          "のぞみ215号は約40分遅れで運転しています。",
        ],
        [
          "maya",
          "uber",
          "Uber <noreply@uber.com>",
          "en",
          "Your driver is arriving",
          "Piotr is arriving in 2 minutes in a black Skoda Octavia (B-UX 4412). Meet at Terminal 1, Exit E.",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, text]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: "alt",
      s: subj,
      d: r.date(5, 27, 5, 19),
      b: `${text}

[[${lang === "ja" ? "詳細" : "→"}]](${site(from)}/today/${r.id(10)})`,
      L: subj.includes("arriving") || subj.includes("puerta") ? "u/fyi/notification" : "u/amend/notification",
      why: "a change to travel happening today; the reader must act within hours",
    })),
};
