/** Generators for more social, marketing, tickets, statements and work-tracker mail. */
import { site, type Template } from "./kit.ts";

export const socialMore: Template = {
  id: "gen-social-activity",
  make: (r) =>
    (
      [
        [
          "maya",
          "xing",
          "XING <mail@xing.com>",
          "de",
          "Lukas Neumann möchte sich mit Ihnen vernetzen",
          "l/request",
        ],
        [
          "maya",
          "komoot",
          "komoot <hello@komoot.de>",
          "de",
          "Anke hat dich zu einer Tour eingeladen: Müggelsee-Runde",
          "l/meet",
        ],
        [
          "maya",
          "letterboxd",
          "Letterboxd <noreply@letterboxd.com>",
          "en",
          "chloe_md liked your review of Perfect Days",
          "l/fyi",
        ],
        [
          "lucas",
          "facebook",
          "Facebook <notification@facebookmail.com>",
          "fr",
          "Julien Ferreira vous a invité à l'événement « 70 ans de Papa »",
          "l/meet",
        ],
        [
          "lucas",
          "polarsteps",
          "Polarsteps <hello@polarsteps.com>",
          "en",
          'Beatriz added 24 photos to "Açores 2026"',
          "l/fyi",
        ],
        [
          "lucas",
          "vinted",
          "Vinted <no-reply@vinted.pt>",
          "pt",
          "Alguém guardou o teu artigo nos favoritos",
          "l/fyi",
        ],
        [
          "elena",
          "bluesky",
          "Bluesky <noreply@bsky.app>",
          "en",
          "corpling.bsky.social replied to your post",
          "l/fyi",
        ],
        [
          "elena",
          "goodreads",
          "Goodreads <no-reply@mail.goodreads.com>",
          "en",
          'Irene Castaño recommended "La hija del este" to you',
          "l/propose",
        ],
        [
          "elena",
          "eventbrite",
          "Eventbrite <noreply@order.eventbrite.com>",
          "es",
          "3 amigos tuyos van a «Noche de la lingüística» en La Casa Encendida",
          "l/meet",
        ],
        ["kenji", "twitch", "Twitch <no-reply@twitch.tv>", "ja", "swift_chan が配信を開始しました", "l/fyi"],
        [
          "kenji",
          "threads",
          "Threads <no-reply@mail.threads.net>",
          "ja",
          "yui_t さんがあなたをフォローしました",
          "l/fyi",
        ],
        [
          "kenji",
          "untappd",
          "Untappd <noreply@untappd.com>",
          "en",
          "Takuya toasted your check-in at Spring Valley Brewery",
          "l/fyi",
        ],
        [
          "maya",
          "couchsurfing",
          "Couchsurfing <no-reply@couchsurfing.com>",
          "en",
          "New message from a Couchsurfing member in Lagos",
          "l/request",
        ],
        [
          "lucas",
          "pinterest",
          "Pinterest <recommendations@explore.pinterest.com>",
          "en",
          'Camille Roux saved your Pin to "Maisons atlantiques"',
          "l/fyi",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, L]) => ({
      org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: r.next() < 0.5 ? "alt" : "html",
      unsub: `${site(from)}/settings/notifications/${r.id(10)}`,
      s: subj,
      d: r.date(2, 27, 7, 23),
      b: `${subj}

[[${lang === "de" ? "Ansehen" : lang === "ja" ? "見る" : lang === "fr" ? "Voir" : lang === "pt" ? "Ver" : lang === "es" ? "Ver" : "Open"}]](${site(from)}/a/${r.id(12)})`,
      L: `${L}/social`,
      why:
        L === "l/request"
          ? "a connection or message request through a network; noise for this reader"
          : L === "l/meet"
            ? "an event invitation through a social network"
            : "a social-network notification",
    })),
};

export const promoMore: Template = {
  id: "gen-promotion-seasonal",
  make: (r) =>
    (
      [
        ["maya", "otto", "OTTO <newsletter@otto.de>", "de", "Adventskalender: Jeden Tag ein neues Angebot"],
        [
          "maya",
          "decathlon-de",
          "Decathlon <newsletter@decathlon.de>",
          "de",
          "Winterlaufen: Jacken und Tights bis -30 %",
        ],
        [
          "maya",
          "hellofresh",
          "HelloFresh <hello@hellofresh.de>",
          "de",
          "Komm zurück: 60 % auf deine nächste Box",
        ],
        [
          "maya",
          "lot-polish-airlines",
          "LOT Polish Airlines <newsletter@lot.com>",
          "pl",
          "Świąteczne promocje: Kraków od 299 zł",
        ],
        [
          "lucas",
          "continente",
          "Continente <newsletter@continente.pt>",
          "pt",
          "Folheto da semana: Natal Continente",
        ],
        [
          "lucas",
          "el-corte-ingles-pt",
          "El Corte Inglés Portugal <newsletter@elcorteingles.pt>",
          "pt",
          "Ideias de presentes para toda a família",
        ],
        [
          "lucas",
          "galeries-lafayette",
          "Galeries Lafayette <newsletter@galerieslafayette.com>",
          "fr",
          "Les vitrines de Noël sont arrivées",
        ],
        [
          "elena",
          "amazon-es",
          "Amazon.es <store-news@amazon.es>",
          "es",
          "Ofertas de Navidad en libros electrónicos Kindle",
        ],
        [
          "elena",
          "mediamarkt-es",
          "MediaMarkt <newsletter@mediamarkt.es>",
          "es",
          "Cyber Monday: solo 24 horas",
        ],
        ["elena", "yoox-it", "YOOX <newsletter@yoox.com>", "it", "Saldi anticipati: fino al -70%"],
        ["kenji", "muji", "無印良品 <netstore@muji.net>", "ja", "無印良品週間 はじまりました"],
        ["kenji", "rakuten", "楽天市場 <event@rakuten.co.jp>", "ja", "【楽天スーパーSALE】今夜20時スタート"],
        ["maya", "spotify", "Spotify <no-reply@spotify.com>", "en", "Your 2026 Wrapped is here"],
        [
          "elena",
          "kindle",
          "Kindle Unlimited <no-reply@amazon.es>",
          "es",
          "3 meses de Kindle Unlimited por 0,99 €",
        ],
      ] as const
    ).map(([p, org, from, lang, subj]) => ({
      org: org === "kindle" ? "amazon-es" : org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: "html",
      charset: org === "muji" || org === "rakuten" ? "iso-2022-jp" : undefined,
      cte: org === "muji" || org === "rakuten" ? "base64" : undefined,
      unsub: `${site(from)}/nl/off/${r.id(10)}`,
      s: subj,
      d: r.date(5, 27, 6, 21),
      b: `# ${subj}

${lang === "de" ? "Nur für kurze Zeit." : lang === "pl" ? "Tylko przez kilka dni." : lang === "pt" ? "Por tempo limitado." : lang === "fr" ? "Pour une durée limitée." : lang === "es" ? "Por tiempo limitado." : lang === "it" ? "Per poco tempo." : lang === "ja" ? "期間限定です。" : "For a limited time."}

[[${lang === "ja" ? "今すぐ見る" : "→"}]](${site(from)}/s/${r.id(10)})`,
      L: subj.includes("Wrapped") ? "l/deliver/promotion" : "l/propose/promotion",
      why: subj.includes("Wrapped")
        ? "a yearly listening summary used as marketing; nothing to do"
        : "seasonal marketing",
    })),
};

export const tickets: Template = {
  id: "gen-event-ticket",
  make: (r) =>
    (
      [
        [
          "maya",
          "eventim",
          "Eventim <tickets@eventim.de>",
          "de",
          "Ihre Tickets: Kraftwerk – Uber Arena Berlin",
          "Sa, 12. Dezember, 20:00",
        ],
        [
          "maya",
          "yorck-kinos",
          "Yorck Kinos <tickets@yorck.de>",
          "de",
          "Deine Tickets: Babylon Kreuzberg",
          "Do, 3. Dezember, 20:30, Saal 1, Reihe 6",
        ],
        [
          "maya",
          "berliner-philharmoniker",
          "Berliner Philharmoniker <tickets@berliner-philharmoniker.de>",
          "de",
          "Ihre Bestellung: Weihnachtskonzert",
          "So, 20. Dezember, 16:00",
        ],
        [
          "lucas",
          "blueticket",
          "Blueticket <bilhetes@blueticket.pt>",
          "pt",
          "Os seus bilhetes: Gulbenkian Música",
          "Sábado, 5 de dezembro, 19:00",
        ],
        [
          "lucas",
          "fnac-spectacles",
          "Fnac Spectacles <billetterie@fnacspectacles.com>",
          "fr",
          "Vos billets : Opéra de Lyon – La Bohème",
          "Samedi 26 décembre, 20h",
        ],
        [
          "elena",
          "entradas-com",
          "Entradas.com <noreply@entradas.com>",
          "es",
          "Tus entradas: Golem Madrid",
          "Jueves 26 de noviembre, 20:15",
        ],
        [
          "elena",
          "teatro-real",
          "Teatro Real <taquilla@teatroreal.es>",
          "es",
          "Confirmación de compra: Carmen",
          "Viernes 11 de diciembre, 19:30",
        ],
        [
          "elena",
          "ticketone",
          "TicketOne <noreply@ticketone.it>",
          "it",
          "I tuoi biglietti: Teatro Comunale di Bologna",
          "11 dicembre, 20:30",
        ],
        [
          "kenji",
          "eplus",
          "イープラス <info@eplus.co.jp>",
          "ja",
          "【イープラス】チケット購入完了のお知らせ",
          "12月12日（土）18:00 日本武道館",
        ],
        [
          "kenji",
          "toho-cinemas",
          "TOHOシネマズ <info@tohotheater.jp>",
          "ja",
          "ご購入完了のお知らせ",
          "11月28日（土）19:30 TOHOシネマズ 渋谷",
        ],
        [
          "maya",
          "eventbrite",
          "Eventbrite <noreply@order.eventbrite.com>",
          "en",
          "Your tickets for Berlin Postgres Meetup #58",
          "Thu, 10 December, 18:30",
        ],
        [
          "lucas",
          "ticketline",
          "Ticketline <bilheteira@ticketline.pt>",
          "pt",
          "Bilhetes: Sérgio Godinho no Coliseu",
          "Sexta, 18 de dezembro, 21:30",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, when]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: "alt",
      s: subj,
      d: r.date(1, 25, 8, 23),
      b: `# ${subj}

${when}

| ${lang === "ja" ? "合計" : "Total"} | ${lang === "ja" ? `¥${r.int(1900, 12000).toLocaleString("ja")}` : `€${r.money(9, 120).toFixed(2)}`} |

${lang === "ja" ? "受付番号" : "Order"}: ${r.id(10)}`,
      att:
        r.next() < 0.5
          ? [{ name: `tickets-${r.id(6)}.pdf`, text: `${subj}\n${when}\nEntry code ${r.id(12)}` }]
          : undefined,
      L: "i/deliver/receipt",
      why: "an event ticket purchase, kept for the day",
    })),
};

export const statements: Template = {
  id: "gen-statement",
  make: (r) =>
    (
      [
        [
          "maya",
          "comdirect",
          "comdirect <info@comdirect.de>",
          "de",
          "Neues Dokument in Ihrer PostBox: Depotauszug",
        ],
        [
          "maya",
          "trade-republic",
          "Trade Republic <service@traderepublic.com>",
          "de",
          "Dein Kontoauszug November",
        ],
        [
          "maya",
          "techniker-krankenkasse",
          "Techniker Krankenkasse <noreply@tk.de>",
          "de",
          "Neues Dokument in Meine TK: Beitragsbescheinigung",
        ],
        [
          "lucas",
          "millennium-bcp",
          "Millennium bcp <extratos@millenniumbcp.pt>",
          "pt",
          "O seu extrato de novembro está disponível",
        ],
        [
          "lucas",
          "activobank",
          "ActivoBank <extratos@activobank.pt>",
          "pt",
          "Extrato mensal do cartão de crédito",
        ],
        [
          "lucas",
          "portal-financas",
          "Portal das Finanças <naoresponder@at.gov.pt>",
          "pt",
          "Nova mensagem no e-Balcão: nota de cobrança IMI",
        ],
        ["elena", "bbva", "BBVA <bbva@comunicaciones.bbva.es>", "es", "Tu extracto mensual de la tarjeta"],
        [
          "elena",
          "ing-es",
          "ING <ing@comunicaciones.ing.es>",
          "es",
          "Documentos disponibles: resumen anual de tu Cuenta NARANJA",
        ],
        ["elena", "muface", "MUFACE <noreply@muface.es>", "es", "Nuevo documento: certificado de afiliación"],
        [
          "kenji",
          "rakuten-bank",
          "楽天銀行 <info@ac.rakuten-bank.co.jp>",
          "ja",
          "【楽天銀行】取引明細のお知らせ",
        ],
        [
          "kenji",
          "sbi-securities",
          "SBI証券 <info@sbisec.co.jp>",
          "ja",
          "【SBI証券】取引報告書等の電子交付のお知らせ",
        ],
        [
          "kenji",
          "nenkin",
          "日本年金機構 <info@nenkin.go.jp>",
          "ja",
          "ねんきんネット：お知らせが届いています",
        ],
      ] as const
    ).map(([p, org, from, lang, subj]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: r.next() < 0.5 ? "plain" : "alt",
      s: subj,
      d: r.date(1, 10, 6, 20),
      b: `${subj}.

${lang === "de" ? "Aus Sicherheitsgründen finden Sie das Dokument nur in Ihrem Online-Zugang." : lang === "pt" ? "Por motivos de segurança, o documento está disponível apenas na área de cliente." : lang === "es" ? "Por seguridad, el documento solo está disponible en tu área de cliente." : "セキュリティのため、書類はログイン後にご確認ください。"}

${lang === "ja" ? "お知らせ番号" : "Ref."} ${r.id(8)}`,
      L: "i/deliver/notification",
      why: "a statement or official document is available; kept for records",
    })),
};

export const trackers: Template = {
  id: "gen-work-tracker",
  make: (r) =>
    (
      [
        [
          "atlassian",
          "Priya Raman (Jira) <jira@ferrow.atlassian.net>",
          "[JIRA] (PAY-812) Payout ETA endpoint: pagination",
          "Priya Raman **commented**: I went with cursor pagination as you suggested; can you confirm the page size of 100 is fine?",
          "a/request",
        ],
        [
          "atlassian",
          "Ruben de Vries (Jira) <jira@ferrow.atlassian.net>",
          "[JIRA] (OPS-1077) Postgres 17 prod upgrade",
          "Ruben de Vries changed the **status** to In Review.",
          "l/fyi",
        ],
        [
          "atlassian",
          "Lena Hartmann (Jira) <jira@ferrow.atlassian.net>",
          "[JIRA] (OPS-1081) Restore test Q4",
          "Lena Hartmann **created** OPS-1081 and assigned it to you. Due: 11 Dec 2026 (the auditors want the protocol).",
          "a/request",
        ],
        [
          "atlassian",
          "Dev Patel (Jira) <jira@ferrow.atlassian.net>",
          "[JIRA] (PAY-799) Refund idempotency",
          "Dev Patel changed the **status** to Done.",
          "i/fyi",
        ],
        [
          "atlassian",
          "Ahmed Yilmaz (Jira) <jira@ferrow.atlassian.net>",
          "[JIRA] (SUP-3310) Studio Minz: missing payout 23 Nov",
          "Ahmed Yilmaz **mentioned you**: @maya the merchant needs the money before Friday rent, can you check the bank return code today?",
          "u/request",
        ],
        [
          "atlassian",
          "Confluence <confluence@ferrow.atlassian.net>",
          'Jonas Weber shared "Incident 88213 — post-mortem" with you',
          "Jonas Weber shared a page with you: Incident 88213 — post-mortem.",
          "i/deliver",
        ],
        [
          "linear",
          "Linear <notifications@linear.app>",
          "Sara Lindqvist commented on FER-2315 Payout ETA UI",
          "**Sara Lindqvist**: Screens are up in Figma — one open question for Maya about the weekend case.",
          "a/request",
        ],
        [
          "linear",
          "Linear <notifications@linear.app>",
          "FER-2291 was moved to Done",
          "**Maya Okafor** completed FER-2291 Raise connection pool limits after replica failover. Cycle 47: 62% complete.",
          "l/fyi",
        ],
        [
          "linear",
          "Linear <notifications@linear.app>",
          "Cycle 48 starts Monday — 6 issues assigned to you",
          "Your cycle 48 (7–18 Dec) has 6 issues, 2 of them high priority.",
          "i/fyi",
        ],
        [
          "linear",
          "Linear <notifications@linear.app>",
          "Jonas Weber changed the due date of FER-2307 to today",
          "Payout batching: choose the cutoff time — due **today**. Priya is blocked on it.",
          "u/request",
        ],
        [
          "notion",
          "Notion <notify@mail.notion.so>",
          "Lena Hartmann mentioned you in On-call handbook 2027",
          '"@Maya Okafor can you write the payouts section? First draft by next Friday is fine."',
          "a/request",
        ],
        [
          "notion",
          "Notion <notify@mail.notion.so>",
          "Updates in Payments team wiki",
          "3 pages were edited in Payments team wiki: Runbooks, Glossary, Team rituals.",
          "l/fyi",
        ],
      ] as const
    ).map(([org, from, subj, text, L]) => ({
      org,
      p: "maya",
      from,
      kind: "system",
      shape: "alt",
      dkim: org === "atlassian" ? "e.atlassian.net" : undefined,
      bounce: org === "atlassian" ? "bounce@e.atlassian.net" : undefined,
      s: subj,
      d: r.date(9, 27, 8, 19),
      b: `${text}

[[${org === "notion" ? "Open in Notion" : org === "linear" ? "Open issue" : "View"}]](https://${org === "atlassian" ? "ferrow.atlassian.net/browse" : org === "linear" ? "linear.app/ferrow/issue" : "www.notion.so/ferrow"}/${r.id(8)})`,
      L: `${L}/notification`,
      why: L.startsWith("u")
        ? "a work item due today that blocks someone else"
        : L.startsWith("a")
          ? "a work item that needs the reader, not today"
          : L.startsWith("i")
            ? "a status change or shared page the reader wants to know about"
            : "routine tracker traffic",
    })),
};
