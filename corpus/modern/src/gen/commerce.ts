/** Generators for shops, deliveries, rides, subscriptions and bills, in the readers' languages. */
import { site, type Template } from "./kit.ts";

export const orders: Template = {
  id: "gen-shop-order",
  make: (r) =>
    (
      [
        [
          "maya",
          "mediamarkt",
          "MediaMarkt <service@mediamarkt.de>",
          "de",
          "Bestellbestätigung",
          "Sony WH-1000XM6 Kopfhörer",
          349,
        ],
        [
          "maya",
          "thalia",
          "Thalia <service@thalia.de>",
          "de",
          "Ihre Bestellung bei Thalia",
          "Designing Data-Intensive Applications, 2. Auflage",
          54.9,
        ],
        [
          "maya",
          "dm",
          "dm-drogerie markt <online@dm.de>",
          "de",
          "Deine dm Bestellung ist eingegangen",
          "Sonnencreme LSF 50, Zahnpasta (3er), Haarshampoo",
          23.85,
        ],
        [
          "lucas",
          "worten",
          "Worten <encomendas@worten.pt>",
          "pt",
          "Confirmação da encomenda",
          "Monitor Dell UltraSharp 27 4K",
          489.99,
        ],
        [
          "lucas",
          "leroy-merlin",
          "Leroy Merlin <encomendas@leroymerlin.pt>",
          "pt",
          "Recebemos a sua encomenda",
          "Nível laser verde + tripé",
          129.9,
        ],
        [
          "lucas",
          "decathlon-fr",
          "Decathlon <noreply@decathlon.fr>",
          "fr",
          "Merci pour votre commande",
          "Vélo pliant Tilt 500 (cadeau papa – acompte)",
          399,
        ],
        [
          "elena",
          "el-corte-ingles",
          "El Corte Inglés <pedidos@elcorteingles.es>",
          "es",
          "Confirmación de tu pedido",
          "Cafetera italiana Bialetti 6 tazas",
          34.95,
        ],
        [
          "elena",
          "casa-del-libro",
          "Casa del Libro <pedidos@casadellibro.com>",
          "es",
          "Tu pedido está confirmado",
          "Gramática descriptiva de la lengua española (3 vols.)",
          189,
        ],
        [
          "elena",
          "feltrinelli",
          "laFeltrinelli <ordini@lafeltrinelli.it>",
          "it",
          "Conferma ordine",
          "Italo Calvino, Lezioni americane (regalo per Marco)",
          13.3,
        ],
        [
          "kenji",
          "yodobashi",
          "ヨドバシ・ドット・コム <order@yodobashi.com>",
          "ja",
          "ご注文ありがとうございます",
          "Apple Magic Keyboard（日本語 JIS）",
          15800,
        ],
        [
          "kenji",
          "muji",
          "無印良品 <netstore@muji.net>",
          "ja",
          "ご注文内容の確認",
          "スタッキングシェルフ・ウォールナット材",
          24900,
        ],
        [
          "maya",
          "bol",
          "bol. <klantenservice@bol.com>",
          "nl",
          "Bedankt voor je bestelling",
          "LEGO Icons Bonsai (cadeau voor Ruben)",
          44.99,
        ],
        [
          "maya",
          "empik",
          "Empik <zamowienia@empik.com>",
          "pl",
          "Potwierdzenie zamówienia",
          "Olga Tokarczuk, Empuzjon (dla mamy)",
          49.99,
        ],
        [
          "elena",
          "apple",
          "Apple Store <order_acknowledgment@orders.apple.com>",
          "es",
          "Hemos recibido tu pedido",
          "AirPods Pro (3.ª generación)",
          279,
        ],
      ] as const
    ).map(([p, org, from, lang, subj, item, price]) => {
      const order = `${r.int(100, 999)}-${r.int(1000000, 9999999)}`;
      const yen = lang === "ja";
      const amount = yen
        ? `¥${price.toLocaleString("ja")}`
        : `${Number(price).toFixed(2).replace(".", ",")} €`;
      const lines: Record<string, string> = {
        de: `Vielen Dank für deine Bestellung ${order}. Wir melden uns, sobald sie versandt wird.`,
        pt: `Obrigado pela sua encomenda ${order}. Avisaremos quando for expedida.`,
        fr: `Merci pour votre commande ${order}. Nous vous préviendrons dès son expédition.`,
        es: `Gracias por tu pedido ${order}. Te avisaremos cuando salga del almacén.`,
        it: `Grazie per il tuo ordine ${order}. Ti avviseremo alla spedizione.`,
        ja: `ご注文番号 ${order} を承りました。発送時にあらためてご連絡いたします。`,
        nl: `Bedankt voor je bestelling ${order}. We laten het weten zodra hij onderweg is.`,
        pl: `Dziękujemy za zamówienie ${order}. Powiadomimy Cię o wysyłce.`,
      };
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: r.next() < 0.3 ? "html" : "alt",
        s: `${subj} ${order}`,
        d: r.date(2, 27),
        b: `# ${subj}

${lines[lang]}

| ${item} | ${amount} |`,
        L: "i/deliver/receipt",
        why: "an order confirmation, kept for records",
      };
    }),
};

export const shipping: Template = {
  id: "gen-shipping-update",
  make: (r) =>
    (
      [
        [
          "maya",
          "dhl",
          "DHL Paket <noreply@dhl.de>",
          "de",
          "Ihr Paket kommt heute",
          "Ihre Sendung von Thalia wird heute zwischen 13:30 und 15:30 zugestellt.",
          "i/fyi",
        ],
        [
          "maya",
          "dhl",
          "DHL Paket <noreply@dhl.de>",
          "de",
          "Ihre Sendung liegt in der Filiale",
          "Wir haben Sie nicht angetroffen. Ihre Sendung von MediaMarkt liegt bis 3. Dezember in der Postfiliale Warschauer Str. 33 zur Abholung bereit.",
          "a/request",
        ],
        [
          "maya",
          "dpd",
          "DPD <noreply@dpd.de>",
          "de",
          "Zustellung erfolgt",
          "Ihr Paket von dm wurde an Ihren Nachbarn (Hinterhaus, 2. OG, Kaya) übergeben.",
          "i/fyi",
        ],
        [
          "lucas",
          "ctt",
          "CTT <notificacoes@ctt.pt>",
          "pt",
          "O seu objeto está em distribuição",
          "O objeto RR124551230PT da Worten será entregue hoje.",
          "i/fyi",
        ],
        [
          "lucas",
          "ctt",
          "CTT <notificacoes@ctt.pt>",
          "pt",
          "Objeto retido na alfândega",
          "O objeto LX889012377CN aguarda o pagamento de direitos (12,40 €) para ser entregue. Prazo: 10 dias úteis.",
          "a/request",
        ],
        [
          "elena",
          "correos",
          "Correos <notificaciones@correos.es>",
          "es",
          "Tu envío está en camino",
          "El envío PQ4B7K0712345670128001M de Casa del Libro llegará mañana.",
          "i/fyi",
        ],
        [
          "elena",
          "seur",
          "SEUR <noreply@seur.net>",
          "es",
          "Hoy entregamos tu pedido",
          "Tu pedido de El Corte Inglés llega hoy entre las 10:00 y las 14:00. Si no vas a estar, cambia la entrega.",
          "i/fyi",
        ],
        [
          "kenji",
          "yamato",
          "ヤマト運輸 <mail@kuronekoyamato.co.jp>",
          "ja",
          "お届け予定のお知らせ",
          "ヨドバシ・ドット・コムからのお荷物を明日 14時～16時 にお届け予定です。",
          "i/fyi",
        ],
        [
          "kenji",
          "sagawa",
          "佐川急便 <info@sagawa-exp.co.jp>",
          "ja",
          "不在連絡票のお知らせ",
          "本日お荷物をお届けにあがりましたが、ご不在でした。保管期限は7日間です。再配達をご依頼ください。",
          "a/request",
        ],
        [
          "maya",
          "inpost",
          "InPost <powiadomienia@inpost.pl>",
          "pl",
          "Paczka czeka w Paczkomacie",
          "Przesyłka od Allegro czeka w Paczkomacie KRA12M. Kod odbioru: 482 113. Masz 48 godzin na odbiór.",
          "a/request",
        ],
        [
          "lucas",
          "chronopost",
          "Chronopost <noreply@chronopost.fr>",
          "fr",
          "Votre colis est livré",
          "Votre colis Decathlon a été livré à Lyon (69003) chez votre destinataire.",
          "i/fyi",
        ],
        [
          "maya",
          "postnl",
          "PostNL <noreply@postnl.nl>",
          "nl",
          "Je pakket is onderweg",
          "Je pakket van bol. wordt morgen bezorgd tussen 17:30 en 20:00.",
          "i/fyi",
        ],
        [
          "elena",
          "brt",
          "BRT <noreply@brt.it>",
          "it",
          "La tua spedizione è in consegna",
          "Il pacco laFeltrinelli per Marco Bellini sarà consegnato oggi a Bologna.",
          "i/fyi",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, text, L]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: "alt",
      s: subj,
      d: r.date(3, 27, 7, 19),
      b: `${text}

[[${lang === "de" ? "Sendung verfolgen" : lang === "ja" ? "配送状況" : "Track"}]](${site(from)}/track/${r.id(12)})`,
      L: `${L}/notification`,
      why: L.startsWith("a")
        ? "a parcel waits for the reader with a pickup or payment deadline of days"
        : "a delivery status update",
    })),
};

export const rides: Template = {
  id: "gen-ride-receipt",
  make: (r) =>
    (
      [
        [
          "maya",
          "freenow",
          "FREENOW <receipts@free-now.com>",
          "de",
          "Deine Fahrt mit FREENOW",
          "Boxhagener Str. → BER Terminal 1",
        ],
        [
          "maya",
          "uber",
          "Uber Receipts <noreply@uber.com>",
          "en",
          "Your Monday evening trip with Uber",
          "Berlin Hbf → Boxhagener Str.",
        ],
        [
          "maya",
          "bolt",
          "Bolt <receipts@bolt.eu>",
          "en",
          "Your Bolt ride receipt",
          "Ostkreuz → Holzmarkt 25",
        ],
        [
          "lucas",
          "uber",
          "Uber Receipts <noreply@uber.com>",
          "pt",
          "A sua viagem de sábado à tarde com a Uber",
          "Aeroporto de Lisboa → Graça",
        ],
        [
          "lucas",
          "g7",
          "G7 Taxi <noreply@g7.fr>",
          "fr",
          "Votre reçu de course G7",
          "Gare de Lyon → Rue de Charonne",
        ],
        [
          "elena",
          "cabify",
          "Cabify <no-reply@cabify.com>",
          "es",
          "Tu viaje con Cabify",
          "Atocha → Ciudad Universitaria",
        ],
        [
          "elena",
          "freenow",
          "FREENOW <receipts@free-now.com>",
          "es",
          "Tu recibo de FREENOW",
          "Aeropuerto Madrid T4 → Chamberí",
        ],
        [
          "kenji",
          "go-taxi",
          "GO <noreply@go.mo-t.com>",
          "ja",
          "ご乗車ありがとうございました",
          "渋谷駅 → 三軒茶屋",
        ],
        [
          "kenji",
          "uber",
          "Uber Receipts <noreply@uber.com>",
          "ja",
          "Uber をご利用いただきありがとうございます",
          "羽田空港 第3ターミナル → 中目黒",
        ],
        [
          "elena",
          "itaxi",
          "itTaxi <noreply@ittaxi.it>",
          "it",
          "Ricevuta della corsa",
          "Bologna Centrale → Via Zamboni 33",
        ],
        [
          "maya",
          "tier",
          "TIER <noreply@tier.app>",
          "de",
          "Deine Fahrt ist beendet",
          "E-Scooter: Warschauer Brücke → Ferrow Büro, 14 min",
        ],
        [
          "lucas",
          "bolt",
          "Bolt <receipts@bolt.eu>",
          "pt",
          "Recibo da sua viagem Bolt",
          "Cais do Sodré → LX Factory",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, route]) => {
      const amount =
        lang === "ja" ? `¥${r.int(1200, 9800).toLocaleString("ja")}` : `€${r.money(4, 46).toFixed(2)}`;
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: "html",
        s: subj,
        d: r.date(2, 27, 6, 23),
        b: `# ${amount}

${route}

| Total | ${amount} |
| ${lang === "ja" ? "お支払い" : "Payment"} | Visa ••••${r.int(1000, 9999)} |`,
        L: "i/deliver/receipt",
        why: "a ride receipt",
      };
    }),
};

export const food: Template = {
  id: "gen-food-delivery",
  make: (r) =>
    (
      [
        [
          "maya",
          "wolt",
          "Wolt <info@wolt.com>",
          "de",
          "Dein Wolt-Beleg: Hako Ramen",
          "Tantan Ramen, Gyoza (6)",
        ],
        [
          "maya",
          "lieferando",
          "Lieferando.de <info@lieferando.de>",
          "de",
          "Bestellbestätigung: Pizza Nostra",
          "Pizza Diavola, Tiramisu",
        ],
        [
          "maya",
          "uber",
          "Uber Eats <uber.us@uber.com>",
          "en",
          "Your Uber Eats order with Burgermeister",
          "Meisterburger, Pommes",
        ],
        [
          "lucas",
          "uber",
          "Uber Eats <uber.us@uber.com>",
          "pt",
          "O seu pedido Uber Eats com Honorato",
          "Hambúrguer Honorato, batata-doce frita",
        ],
        [
          "lucas",
          "glovo",
          "Glovo <no-reply@glovoapp.com>",
          "pt",
          "Recibo do teu pedido: Sushi Factory",
          "Combinado 24 peças",
        ],
        [
          "elena",
          "glovo",
          "Glovo <no-reply@glovoapp.com>",
          "es",
          "Tu pedido de Lateral ha sido entregado",
          "Tortilla de patatas, croquetas de jamón",
        ],
        [
          "elena",
          "just-eat-es",
          "Just Eat <no-reply@just-eat.es>",
          "es",
          "Pedido confirmado: Taquería La Lupita",
          "Tacos al pastor (3), guacamole",
        ],
        [
          "kenji",
          "demaecan",
          "出前館 <info@demae-can.com>",
          "ja",
          "ご注文を受け付けました：大戸屋",
          "しまほっけの炭火焼き定食",
        ],
        [
          "kenji",
          "uber",
          "Uber Eats <uber.us@uber.com>",
          "ja",
          "Uber Eats のご注文：Shake Shack",
          "ShackBurger、クリンクルカットフライ",
        ],
        [
          "maya",
          "wolt",
          "Wolt <info@wolt.com>",
          "de",
          "Dein Wolt-Beleg: Dolores Burritos",
          "Burrito Carnitas, Horchata",
        ],
        ["lucas", "bolt", "Bolt Food <food@bolt.eu>", "pt", "O seu pedido chegou!", "Francesinha, imperial"],
        [
          "elena",
          "deliveroo-it",
          "Deliveroo <noreply@deliveroo.it>",
          "it",
          "Il tuo ordine da Pizzeria da Michele",
          "Margherita, Marinara",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, items]) => {
      const amount =
        lang === "ja" ? `¥${r.int(1100, 4800).toLocaleString("ja")}` : `€${r.money(11, 42).toFixed(2)}`;
      const upsell = r.next() < 0.4;
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: "html",
        s: subj,
        d: r.date(2, 27, 11, 22),
        b: `# ${subj}

| ${items} | ${amount} |

${upsell ? `[[Try the membership: free delivery for 30 days]](${site(from)}/plus)` : `Order ${r.id(8)}`}`,
        L: "i/deliver/receipt",
        why: upsell
          ? "a food order receipt with a membership upsell; the receipt is the point"
          : "a food order receipt",
      };
    }),
};

export const subscriptions: Template = {
  id: "gen-subscription-receipt",
  make: (r) =>
    (
      [
        [
          "maya",
          "spotify",
          "Spotify <no-reply@spotify.com>",
          "Your Spotify Premium receipt",
          "Premium Duo",
          16.99,
        ],
        [
          "maya",
          "1password",
          "1Password <billing@1password.com>",
          "Your 1Password Families invoice",
          "1Password Families, 12 months",
          59.88,
        ],
        [
          "maya",
          "netflix",
          "Netflix <info@account.netflix.com>",
          "Your Netflix payment",
          "Standard plan",
          13.99,
        ],
        [
          "lucas",
          "adobe",
          "Adobe <message@adobe.com>",
          "Your Adobe invoice",
          "Creative Cloud Photography 20 GB",
          12.09,
        ],
        [
          "lucas",
          "google",
          "Google Payments <payments-noreply@google.com>",
          "Your Google One receipt",
          "Google One 2 TB",
          9.99,
        ],
        [
          "lucas",
          "dropbox",
          "Dropbox <no-reply@dropbox.com>",
          "Your Dropbox Plus receipt",
          "Dropbox Plus, annual",
          119.88,
        ],
        [
          "elena",
          "openai",
          "OpenAI <noreply@tm.openai.com>",
          "Your ChatGPT Plus receipt",
          "ChatGPT Plus subscription",
          23,
        ],
        [
          "elena",
          "zotero",
          "Zotero <storage@zotero.org>",
          "Zotero Storage Receipt",
          "Zotero Storage 6 GB, 1 year",
          60,
        ],
        [
          "elena",
          "overleaf",
          "Overleaf <billing@overleaf.com>",
          "Overleaf Standard: payment received",
          "Overleaf Standard (annual)",
          199,
        ],
        [
          "kenji",
          "apple",
          "Apple <no_reply@email.apple.com>",
          "Your receipt from Apple.",
          "iCloud+ 200GB",
          450,
        ],
        [
          "kenji",
          "github",
          "GitHub <billing@github.com>",
          "[GitHub] Payment Receipt for kenji-sato",
          "GitHub Pro",
          4,
        ],
        [
          "kenji",
          "notion",
          "Notion <team@mail.notion.so>",
          "Your Notion receipt",
          "Notion Plus, monthly",
          12,
        ],
        [
          "maya",
          "jetbrains",
          "JetBrains Sales <sales@jetbrains.com>",
          "JetBrains Order A81172914 Confirmation",
          "All Products Pack, personal, year 4",
          173,
        ],
        [
          "lucas",
          "sketchup",
          "SketchUp <noreply@sketchup.com>",
          "Your SketchUp Pro renewal receipt",
          "SketchUp Pro, 1 year",
          349,
        ],
      ] as const
    ).map(([p, org, from, subj, plan, price]) => {
      const amount =
        p === "kenji" && org === "apple"
          ? `¥${price}`
          : `${org === "github" || org === "openai" || org === "notion" || org === "zotero" ? "$" : "€"}${price.toFixed(2)}`;
      return {
        org,
        p,
        from,
        kind: "system",
        shape: r.next() < 0.5 ? "alt" : "html",
        s: subj,
        d: r.date(1, 27, 0, 23),
        b: `# Receipt

| ${plan} | ${amount} |
| Total | ${amount} |

Invoice ${r.id(4)}-${r.int(1000, 9999)} · Paid with card ending ${r.int(1000, 9999)} on ${r.int(1, 27)} November 2026.`,
        att:
          r.next() < 0.4
            ? [
                {
                  name: `invoice-${org}-2026-11.pdf`,
                  text: `${org.toUpperCase()}\nInvoice\n${plan}\nTotal ${amount}\nPaid`,
                },
              ]
            : undefined,
        L: "i/deliver/receipt",
        why: "a subscription receipt, kept for records",
      };
    }),
};

export const utilities: Template = {
  id: "gen-utility-bill",
  make: (r) =>
    (
      [
        [
          "maya",
          "vattenfall",
          "Vattenfall <kundenservice@vattenfall.de>",
          "de",
          "Ihre Stromrechnung ist da",
          "Abschlag Dezember",
        ],
        [
          "maya",
          "telekom",
          "Telekom <rechnung@telekom.de>",
          "de",
          "Ihre Telekom Rechnung für November 2026",
          "MagentaZuhause L",
        ],
        ["maya", "o2", "O2 <rechnung@o2online.de>", "de", "Ihre Mobilfunkrechnung", "O2 Mobile M"],
        [
          "lucas",
          "edp",
          "EDP Comercial <faturas@edp.pt>",
          "pt",
          "A sua fatura de eletricidade",
          "Tarifa bi-horária",
        ],
        ["lucas", "meo", "MEO <faturas@meo.pt>", "pt", "Fatura MEO disponível", "MEO Fibra + TV"],
        [
          "lucas",
          "epal",
          "EPAL <faturaeletronica@epal.pt>",
          "pt",
          "Fatura da água - novembro",
          "Consumo doméstico",
        ],
        [
          "elena",
          "iberdrola",
          "Iberdrola <facturas@iberdrola.es>",
          "es",
          "Tu factura de luz ya está disponible",
          "Plan Estable",
        ],
        [
          "elena",
          "movistar",
          "Movistar <facturas@movistar.es>",
          "es",
          "Tu factura de Movistar",
          "miMovistar Fibra 1Gb",
        ],
        [
          "elena",
          "canal-isabel",
          "Canal de Isabel II <factura@canaldeisabelsegunda.es>",
          "es",
          "Factura de agua disponible",
          "Suministro doméstico",
        ],
        [
          "kenji",
          "tepco",
          "東京電力エナジーパートナー <info@tepco.co.jp>",
          "ja",
          "電気料金のお知らせ（11月分）",
          "スタンダードS",
        ],
        ["kenji", "docomo", "NTTドコモ <billing@docomo.ne.jp>", "ja", "ご利用料金確定のお知らせ", "eximo"],
        ["maya", "gasag", "GASAG <rechnung@gasag.de>", "de", "Ihre Abschlagsrechnung Gas", "GASAG Komfort"],
      ] as const
    ).map(([p, org, from, lang, subj, plan]) => {
      const amount =
        lang === "ja"
          ? `¥${r.int(3200, 14800).toLocaleString("ja")}`
          : `${r.money(19, 140).toFixed(2).replace(".", ",")} €`;
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: "alt",
        s: subj,
        d: r.date(1, 20, 6, 20),
        b: `# ${subj}

| ${plan} | ${amount} |

${lang === "de" ? "Der Betrag wird per Lastschrift eingezogen." : lang === "pt" ? "O valor será debitado por débito direto." : lang === "es" ? "El importe se cargará en tu cuenta por domiciliación." : "口座振替にてお支払いいただきます。"}`,
        att: [{ name: `${org}-rechnung-${r.int(100000, 999999)}.pdf`, text: `${from}\n${plan}\n${amount}` }],
        L: "i/deliver/receipt",
        why: "a utility bill paid by direct debit; kept for records",
      };
    }),
};

export const bankAlerts: Template = {
  id: "gen-bank-card-alert",
  make: (r) =>
    (
      [
        ["maya", "n26", "N26 <no-reply@n26.com>", "de", "Zahlung: REWE Markt Boxhagener Str.", "i"],
        ["maya", "n26", "N26 <no-reply@n26.com>", "de", "Du hast Geld von Femi Okafor erhalten", "i"],
        [
          "maya",
          "revolut",
          "Revolut <no-reply@revolut.com>",
          "en",
          "You spent €64.20 at ESSO STATION in Poland",
          "i",
        ],
        [
          "maya",
          "revolut",
          "Revolut <no-reply@revolut.com>",
          "en",
          "Did you make this payment? €1,249.00 at ELECTRONICS-MART.SHOP",
          "u",
        ],
        [
          "lucas",
          "millennium-bcp",
          "Millennium bcp <alertas@millenniumbcp.pt>",
          "pt",
          "Pagamento com cartão: Pingo Doce",
          "i",
        ],
        [
          "lucas",
          "activobank",
          "ActivoBank <alertas@activobank.pt>",
          "pt",
          "Transferência recebida: Sequeira Vinhos Lda",
          "i",
        ],
        [
          "lucas",
          "millennium-bcp",
          "Millennium bcp <alertas@millenniumbcp.pt>",
          "pt",
          "Compra recusada: saldo insuficiente (Autodesk)",
          "u",
        ],
        ["elena", "bbva", "BBVA <bbva@comunicaciones.bbva.es>", "es", "Pago con tarjeta en MERCADONA", "i"],
        [
          "elena",
          "bbva",
          "BBVA <bbva@comunicaciones.bbva.es>",
          "es",
          "¿Reconoces esta operación? 389,00 € en AIRLINE-TKT-ONLINE",
          "u",
        ],
        [
          "elena",
          "ing-es",
          "ING <ing@comunicaciones.ing.es>",
          "es",
          "Has recibido un Bizum de Rafa Ruiz",
          "i",
        ],
        [
          "kenji",
          "smbc",
          "三井住友カード <mail@contact.vpass.ne.jp>",
          "ja",
          "【三井住友カード】ご利用のお知らせ（Amazon.co.jp）",
          "i",
        ],
        [
          "kenji",
          "rakuten-bank",
          "楽天銀行 <info@ac.rakuten-bank.co.jp>",
          "ja",
          "【楽天銀行】入金のお知らせ",
          "i",
        ],
        [
          "kenji",
          "smbc",
          "三井住友カード <mail@contact.vpass.ne.jp>",
          "ja",
          "【三井住友カード】不正利用の可能性があるお取引について",
          "u",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, b]) => {
      const ja = lang === "ja";
      const amt = ja ? `¥${r.int(800, 48000).toLocaleString("ja")}` : `${r.money(3, 300).toFixed(2)} €`;
      const text =
        b === "u"
          ? ja
            ? `海外サイトで ${amt} のご利用がありました。お心当たりがない場合は、カード裏面の番号までお電話ください。カードは一時的に利用を制限しています。`
            : lang === "es"
              ? "Hemos bloqueado temporalmente tu tarjeta. Confirma en la app de BBVA si has hecho tú esta compra; si no, la anulamos y te enviamos una tarjeta nueva."
              : lang === "pt"
                ? "A compra foi recusada. Pagamentos recorrentes nesta conta vão falhar até regularizar o saldo."
                : "We've paused your card. Open the Revolut app to confirm or decline this payment. Until then card payments won't go through."
          : ja
            ? `ご利用金額：${amt}`
            : `${lang === "de" ? "Betrag" : lang === "es" ? "Importe" : lang === "pt" ? "Montante" : "Amount"}: ${amt}`;
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: r.next() < 0.5 ? "plain" : "alt",
        charset: org === "smbc" ? "shift_jis" : undefined,
        cte: org === "smbc" ? "base64" : undefined,
        s: subj,
        d: r.date(1, 27, 7, 23),
        b: `${text}

${ja ? "本メールは送信専用です。" : `${r.int(1, 27)}.11.2026 ${r.int(7, 22)}:${String(r.int(0, 59)).padStart(2, "0")}`}`,
        L: b === "u" ? "u/request/notification" : "i/fyi/notification",
        why:
          b === "u"
            ? "the bank blocked or declined a card payment and needs the reader to confirm or fix it now"
            : "a routine card or transfer notification",
      };
    }),
};
