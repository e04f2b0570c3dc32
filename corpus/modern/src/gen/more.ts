/** Generators for changes, promises, digests, communities and loyalty mail. */
import { site, type Template } from "./kit.ts";

export const scheduleChanges: Template = {
  id: "gen-schedule-change",
  make: (r) =>
    (
      [
        [
          "maya",
          "lufthansa",
          "Lufthansa <online@booking-lufthansa.com>",
          "en",
          "Schedule change for your trip to Lagos",
          "LH 568 on 21 Dec now departs Frankfurt at 14:25 instead of 14:00. Your connection time is still sufficient.",
          "i",
        ],
        [
          "maya",
          "deutsche-bahn",
          "DB Fernverkehr <buchungsbestaetigung@bahn.de>",
          "de",
          "Fahrplanänderung für Ihre Reise am 21.12.",
          "Ihr ICE 1009 fährt wegen Bauarbeiten ab Berlin Südkreuz statt Hbf, Abfahrt 8 Minuten früher.",
          "a",
        ],
        [
          "maya",
          "dhl",
          "DHL Paket <noreply@dhl.de>",
          "de",
          "Neuer Zustelltermin für Ihre Sendung",
          "Ihre Sendung von Thalia wird nicht heute, sondern am Montag zugestellt.",
          "i",
        ],
        [
          "lucas",
          "ryanair",
          "Ryanair <itinerary@ryanair.com>",
          "en",
          "Important: Flight time change FR 8352",
          "Your flight Lisbon → Lyon on 23 Dec now departs at 07:55 (was 06:40). You can accept or move to another flight free of charge in Manage Booking.",
          "a",
        ],
        [
          "lucas",
          "booking",
          "Booking.com <noreply@booking.com>",
          "pt",
          "O alojamento alterou a sua reserva",
          "O Hôtel des Célestins atribuiu-lhe um quarto duplo superior sem custo adicional, por obras no piso 2.",
          "i",
        ],
        [
          "lucas",
          "worten",
          "Worten <encomendas@worten.pt>",
          "pt",
          "Atualização da sua encomenda: nova data de entrega",
          "O monitor Dell UltraSharp 27 chega a 3 de dezembro em vez de 28 de novembro, por rutura de stock no fornecedor.",
          "i",
        ],
        [
          "elena",
          "iberia",
          "Iberia <iberia@iberia.com>",
          "es",
          "Cambio en tu vuelo IB 3225 Bolonia – Madrid",
          "Tu vuelo del 12 de diciembre sale ahora a las 19:40 (antes 13:15). Si no te viene bien, puedes cambiarlo sin coste.",
          "a",
        ],
        [
          "elena",
          "renfe",
          "Renfe <ventaonline@renfe.es>",
          "es",
          "Modificación de tu viaje: cambio de andén y hora",
          "Tu AVE 03071 de hoy sale a las 08:20 desde Madrid Chamartín por una incidencia en Atocha.",
          "u",
        ],
        [
          "elena",
          "sanitas",
          "Sanitas <citas@sanitas.es>",
          "es",
          "Tu cita ha cambiado",
          "La Dra. Prieto no podrá atenderte el 1 de diciembre. Tu cita pasa al 3 de diciembre a las 12:20.",
          "a",
        ],
        [
          "kenji",
          "jal",
          "JAL <info@jal.com>",
          "ja",
          "【JAL】ご予約便の時刻変更について",
          "12月30日のJAL 111便の出発時刻が 08:00 から 08:30 に変更となりました。",
          "i",
        ],
        [
          "kenji",
          "smart-ex",
          "スマートEX <smart-ex@jr-central.co.jp>",
          "ja",
          "【スマートEX】運転見合わせのお知らせ",
          "本日ご予約の のぞみ215号 は、大雪の影響で運転を見合わせています。払戻しまたは変更をご検討ください。",
          "u",
        ],
        [
          "kenji",
          "yamato",
          "ヤマト運輸 <mail@kuronekoyamato.co.jp>",
          "ja",
          "お届け日時変更のお知らせ",
          "ご依頼のお荷物のお届けを 11月28日 19時〜21時 に変更しました。",
          "i",
        ],
        [
          "maya",
          "sixt",
          "Sixt <noreply@sixt.com>",
          "de",
          "Änderung Ihrer Reservierung",
          "Ihre Abholstation wurde von München Hbf auf München Ost verlegt (Umbau). Uhrzeit unverändert.",
          "a",
        ],
        [
          "lucas",
          "sncf-connect",
          "SNCF Connect <noreply@sncf-connect.com>",
          "fr",
          "Modification de votre voyage du 28 décembre",
          "Votre TGV INOUI 6614 partira à 10h34 au lieu de 10h04 en raison de travaux.",
          "i",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, text, b]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: "alt",
      s: subj,
      d: r.date(5, 27, 6, 21),
      b: `${text}

[[${lang === "de" ? "Details ansehen" : lang === "ja" ? "詳細を確認" : lang === "es" ? "Ver detalles" : lang === "pt" ? "Ver detalhes" : lang === "fr" ? "Voir le détail" : "View details"}]](${site(from)}/trip/${r.id(10)})`,
      L: `${b}/amend/notification`,
      why:
        b === "u"
          ? "a change to a trip happening today; the reader must react within hours"
          : b === "a"
            ? "a change the reader should accept or rebook, days ahead"
            : "a change that needs nothing from the reader",
    })),
};

export const supportTickets: Template = {
  id: "gen-support-acknowledgement",
  make: (r) =>
    (
      [
        [
          "maya",
          "n26",
          "N26 Support <support@n26.com>",
          "en",
          "We've received your request",
          "about a declined card payment",
        ],
        [
          "maya",
          "telekom",
          "Telekom Kundenservice <kundenservice@telekom.de>",
          "de",
          "Ihre Anfrage ist bei uns eingegangen",
          "zur Störung Ihres Anschlusses",
        ],
        [
          "maya",
          "aws",
          "AWS Support <no-reply-aws@amazon.com>",
          "en",
          "Case 171123889 has been created",
          "RDS storage autoscaling on ledger-replica-2",
        ],
        [
          "lucas",
          "meo",
          "MEO <apoio@meo.pt>",
          "pt",
          "Recebemos o seu pedido de assistência",
          "sobre a velocidade da fibra",
        ],
        [
          "lucas",
          "autodesk",
          "Autodesk Support <support@autodesk.com>",
          "en",
          "Case 24-09921811 created",
          "AutoCAD LT crashes when opening DWG files from SketchUp",
        ],
        [
          "lucas",
          "airbnb",
          "Airbnb Support <automated@airbnb.com>",
          "en",
          "We're looking into your request",
          "refund for the cancelled Porto stay",
        ],
        [
          "elena",
          "movistar",
          "Movistar <atencion@movistar.es>",
          "es",
          "Hemos registrado tu incidencia",
          "sin conexión a internet desde el lunes",
        ],
        [
          "elena",
          "overleaf",
          "Overleaf Support <support@overleaf.com>",
          "en",
          "Re: [#88121] Git sync fails for large project",
          "Git sync fails for the TACL paper project",
        ],
        [
          "kenji",
          "apple",
          "Apple Developer Support <devprograms@apple.com>",
          "en",
          "Re: Case 102881233 App Review appeal",
          "your appeal of the 3.4.0 rejection",
        ],
        [
          "kenji",
          "docomo",
          "NTTドコモ <support@docomo.ne.jp>",
          "ja",
          "お問い合わせを受け付けました",
          "料金プラン変更について",
        ],
        [
          "elena",
          "iberia",
          "Iberia <atencionalcliente@iberia.com>",
          "es",
          "Hemos recibido tu reclamación",
          "por el retraso del vuelo IB 3224",
        ],
        [
          "maya",
          "lufthansa",
          "Lufthansa Customer Relations <customer.relations@lufthansa.com>",
          "en",
          "Your feedback reference LH-88120231",
          "compensation for the delayed bag on LH 1933",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, topic]) => {
      const days = r.int(1, 5);
      const text: Record<string, string> = {
        en: `Thanks for contacting us ${topic.startsWith("about") ? topic : `about ${topic}`}. A member of our team will reply within ${days} business day${days > 1 ? "s" : ""}.`,
        de: `vielen Dank für Ihre Nachricht ${topic}. Wir melden uns innerhalb von ${days} Werktagen bei Ihnen.`,
        pt: `Obrigado pelo seu contacto ${topic}. Responderemos no prazo de ${days} dias úteis.`,
        es: `Gracias por contactarnos ${topic}. Te responderemos en un plazo de ${days} días laborables.`,
        ja: `${topic}のお問い合わせを受け付けました。${days}営業日以内にご回答いたします。`,
      };
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: r.next() < 0.5 ? "plain" : "alt",
        s: subj,
        d: r.date(3, 27, 7, 22),
        b: `${text[lang]}

${lang === "ja" ? "受付番号" : "Reference"}: ${r.id(3)}-${r.int(100000, 999999)}`,
        L: "i/commit/notification",
        why: "a support system acknowledges the reader's request and promises an answer",
      };
    }),
};

export const refunds: Template = {
  id: "gen-refund",
  make: (r) =>
    (
      [
        [
          "maya",
          "zalando",
          "Zalando <info@service-mail.zalando.de>",
          "de",
          "Deine Rücksendung ist angekommen",
          "Winterjacke Parka, Größe M",
        ],
        [
          "maya",
          "amazon-de",
          "Amazon.de <rueckgabe@amazon.de>",
          "de",
          "Ihre Erstattung wurde veranlasst",
          "Anker USB-C Kabel 2 m",
        ],
        [
          "lucas",
          "airbnb",
          "Airbnb <automated@airbnb.com>",
          "en",
          "Your refund is on its way",
          "Porto stay, 14–16 Nov (cancelled by host)",
        ],
        [
          "lucas",
          "decathlon-fr",
          "Decathlon <noreply@decathlon.fr>",
          "fr",
          "Votre remboursement est en cours",
          "Casque vélo, taille L",
        ],
        [
          "elena",
          "el-corte-ingles",
          "El Corte Inglés <pedidos@elcorteingles.es>",
          "es",
          "Hemos recibido tu devolución",
          "Cafetera italiana Bialetti 6 tazas",
        ],
        [
          "elena",
          "vueling",
          "Vueling <noreply@vueling.com>",
          "es",
          "Tu reembolso está en trámite",
          "vuelo VY 6120 cancelado",
        ],
        [
          "kenji",
          "amazon-jp",
          "Amazon.co.jp <return@amazon.co.jp>",
          "ja",
          "返金手続きを開始しました",
          "Anker Nano Charger 65W",
        ],
        [
          "kenji",
          "rakuten",
          "楽天市場 <order@rakuten.co.jp>",
          "ja",
          "【楽天市場】キャンセル・返金のお知らせ",
          "北海道産 新米 ゆめぴりか 5kg（欠品）",
        ],
        [
          "maya",
          "bol",
          "bol. <klantenservice@bol.com>",
          "nl",
          "We hebben je retour ontvangen",
          "LEGO Icons Bonsai",
        ],
        [
          "lucas",
          "fnac-pt",
          "Fnac <encomendas@fnac.pt>",
          "pt",
          "O seu reembolso foi processado",
          "Auscultadores Sony (devolução)",
        ],
        [
          "elena",
          "renfe",
          "Renfe <ventaonline@renfe.es>",
          "es",
          "Anulación y reembolso de tu billete",
          "AVE 03072 Barcelona – Madrid",
        ],
        [
          "maya",
          "urban-sports",
          "Urban Sports Club <hello@urbansportsclub.com>",
          "de",
          "Erstattung deiner Zusatzgebühr",
          "doppelt berechnete Check-in-Gebühr",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, item]) => {
      const amt =
        lang === "ja"
          ? `¥${r.int(900, 9000).toLocaleString("ja")}`
          : `${r.money(8, 260).toFixed(2).replace(".", ",")} €`;
      const days = r.int(3, 10);
      const text: Record<string, string> = {
        de: `Wir erstatten dir ${amt} für „${item}“. Das Geld ist in ${days} Werktagen auf deinem Konto.`,
        en: `We'll refund ${amt} for ${item}. It should reach your original payment method within ${days} business days.`,
        fr: `Nous vous remboursons ${amt} pour « ${item} ». Comptez ${days} jours ouvrés.`,
        es: `Te devolveremos ${amt} por «${item}» en un plazo de ${days} días hábiles.`,
        pt: `Vamos reembolsar ${amt} referentes a ${item}. O valor chega em ${days} dias úteis.`,
        ja: `「${item}」の代金 ${amt} を返金いたします。${days}営業日以内に反映されます。`,
        nl: `We storten ${amt} voor ${item} terug. Binnen ${days} werkdagen staat het op je rekening.`,
      };
      return {
        org,
        p,
        from,
        lang,
        kind: "system",
        shape: "alt",
        s: subj,
        d: r.date(3, 27, 7, 22),
        b: `${text[lang]}`,
        L: "i/commit/receipt",
        why: "a shop promises a refund with a date; kept for records",
      };
    }),
};

export const listDigests: Template = {
  id: "gen-list-digest",
  make: (r) =>
    (
      [
        [
          "elena",
          "corpora-list",
          "corpora.list.elra.info",
          "Corpora",
          ["Job: postdoc in speech corpora, Edinburgh", "Re: Licensing web-crawled corpora", "CFP: LDL 2027"],
        ],
        [
          "elena",
          "sigmorphon-list",
          "sigmorphon.groups.io",
          "SIGMORPHON",
          ["Shared task data release", "Re: UniMorph schema for evidentials"],
        ],
        [
          "elena",
          "ln-list",
          "linguist.listserv.linguistlist.org",
          "LINGUIST",
          ["Disc: The status of clitics", "Books: A Grammar of Aragonese", "Jobs: Lecturer, Lyon 2"],
        ],
        [
          "maya",
          "pgsql-hackers",
          "pgsql-hackers.lists.postgresql.org",
          "pgsql-hackers",
          [
            "Re: Proposal: deprecate the old COPY variant",
            "Re: Connection pool starvation after replica failover",
            "[PATCH] faster hash joins on skewed keys",
          ],
        ],
        [
          "maya",
          "github",
          "honojs.hono.github.com",
          "honojs/hono discussions",
          ["Streaming SSR with Suspense", "RPC types with Zod 4"],
        ],
        [
          "maya",
          "berlin-ts",
          "berlin-typescript.googlegroups.com",
          "Berlin TypeScript",
          ["December meetup: speakers wanted", "Re: Office space for hack night"],
        ],
        [
          "kenji",
          "swift-forums",
          "swift-evolution.forums.swift.org",
          "Swift Evolution",
          ["[Review] SE-0471 Improved Custom SerialExecutor", "[Pitch] Typed throws in async sequences"],
        ],
        [
          "kenji",
          "ios-dev-jp",
          "iosdev-jp.googlegroups.com",
          "iOS Dev Japan",
          ["TestFlightの外部テスター上限について", "Re: App Store の価格改定"],
        ],
        [
          "lucas",
          "ordem-arquitectos",
          "forum.oasrs.org",
          "Fórum OASRS",
          ["Re: Licenciamento em Sintra - prazos", "Procuro colaborador para concurso"],
        ],
        [
          "lucas",
          "docomomo-list",
          "docomomo-iberico.listas.org",
          "Docomomo Ibérico",
          ["Jornadas 2027: llamada a comunicaciones", "Re: Inventario de vivienda moderna en Lisboa"],
        ],
        [
          "maya",
          "debian-devel",
          "debian-devel.lists.debian.org",
          "debian-devel",
          ["Re: Dropping i386 from testing", "Bits from the release team"],
        ],
        [
          "elena",
          "acl",
          "acl-members.aclweb.org",
          "ACL members",
          ["ACL 2027 call for workshops", "Election results"],
        ],
      ] as const
    ).map(([p, org, listId, name, topics]) => ({
      org,
      p,
      from: `${name} <${listId.split(".")[0]}-digest@${listId.split(".").slice(1).join(".")}>`,
      lang: /[ぁ-ん]/.test(topics.join("")) ? "ja" : /ç|ã|Procuro/.test(topics.join("")) ? "pt" : "en",
      kind: "system",
      shape: "plain",
      auth: "list",
      list: { id: listId },
      s: `${name} Digest, Vol ${r.int(40, 220)}, Issue ${r.int(1, 60)}`,
      d: r.date(2, 27, 0, 23),
      b: `Send ${name} mailing list submissions to
	${listId.split(".")[0]}@${listId.split(".").slice(1).join(".")}

Today's Topics:

${topics.map((t, i) => `   ${i + 1}. ${t}`).join("\n")}

----------------------------------------------------------------------

(${topics.length} messages, ${r.int(4, 40)} KB)`,
      L: "l/fyi/newsletter",
      why: "a mailing-list digest: list traffic, not addressed to the reader",
    })),
};

export const productUpdates: Template = {
  id: "gen-product-update",
  make: (r) =>
    (
      [
        [
          "maya",
          "linear",
          "Linear <changelog@linear.app>",
          "Linear changelog: Initiatives, triage rules and faster search",
        ],
        ["maya", "vercel", "Vercel <news@vercel.com>", "Vercel Ship recap: Fluid compute for all plans"],
        [
          "maya",
          "sentry",
          "Sentry <news@getsentry.com>",
          "What's new in Sentry: uptime monitoring and session replay for mobile",
        ],
        [
          "maya",
          "github",
          "GitHub <noreply@github.com>",
          "GitHub Universe recap: what's new in Copilot and Actions",
        ],
        ["lucas", "figma", "Figma <news@figma.com>", "Config recap: everything we launched"],
        ["lucas", "sketchup", "SketchUp <news@sketchup.com>", "SketchUp 2027 is here: new section tools"],
        ["elena", "overleaf", "Overleaf <news@overleaf.com>", "New in Overleaf: track changes for everyone"],
        ["elena", "zotero", "Zotero <news@zotero.org>", "Zotero 8 is available"],
        ["kenji", "revenuecat", "RevenueCat <hello@revenuecat.com>", "New: Paywalls v3 and Web Billing"],
        ["kenji", "notion", "Notion <team@mail.notion.so>", "Notion Mail is out of beta"],
        ["maya", "cloudflare", "Cloudflare <noreply@notify.cloudflare.com>", "Birthday Week 2026 recap"],
        [
          "elena",
          "fastmail",
          "Fastmail <news@fastmail.com>",
          "Fastmail product update: masked email for teams",
        ],
        [
          "kenji",
          "github",
          "GitHub <noreply@github.com>",
          "Changes to GitHub Actions pricing for macOS runners",
        ],
      ] as const
    ).map(([p, org, from, subj]) => ({
      org,
      p,
      from,
      kind: "bulk",
      shape: "html",
      unsub: `${site(from)}/email-preferences/${r.id(10)}`,
      s: subj,
      d: r.date(2, 27, 14, 20),
      b: `# ${subj}

${["Here's a roundup of what shipped this month.", "A few highlights from our latest release.", "Everything new, in one place.", "We've been busy — here is what changed."][r.int(0, 3)]}

- ${subj.split(": ")[1] ?? subj}
- Fixes and performance improvements

[[Read the full post]](${site(from)}/blog/${r.id(8)})`,
      L: subj.includes("pricing") ? "i/fyi/newsletter" : "l/fyi/newsletter",
      why: subj.includes("pricing")
        ? "an announcement of a price change that affects the reader's bill"
        : "a product-news mail sent to all users; asks nothing",
    })),
};

export const communities: Template = {
  id: "gen-community",
  make: (r) =>
    (
      [
        ["maya", "meetup", "Meetup <info@meetup.com>", "en", "Berlin Postgres Meetup: 3 new members joined"],
        [
          "maya",
          "strava",
          "Strava <no-reply@strava.com>",
          "en",
          "Your weekly Strava report: 3 runs, 24.1 km",
        ],
        [
          "maya",
          "nebenan",
          "nebenan.de <benachrichtigung@nebenan.de>",
          "de",
          "Neu in deiner Nachbarschaft: Weihnachtsmarkt im Boxhagener Kiez",
        ],
        ["lucas", "instagram", "Instagram <no-reply@mail.instagram.com>", "pt", "Tem 5 novas notificações"],
        [
          "lucas",
          "pinterest",
          "Pinterest <recommendations@explore.pinterest.com>",
          "pt",
          "Ideias para si: casas de banho com azulejo",
        ],
        [
          "lucas",
          "strava",
          "Strava <no-reply@strava.com>",
          "pt",
          "Miguel e 2 outros deram kudos à sua corrida",
        ],
        [
          "elena",
          "goodreads",
          "Goodreads <no-reply@mail.goodreads.com>",
          "en",
          "Irene Castaño added a book to her shelf",
        ],
        [
          "elena",
          "mastodon",
          "Mastodon <notifications@mastodon.social>",
          "en",
          "New follower: @corpling@fediscience.org",
        ],
        [
          "elena",
          "meetup",
          "Meetup <info@meetup.com>",
          "es",
          "Madrid Runners: quedada del domingo en el Retiro",
        ],
        ["kenji", "connpass", "connpass <no-reply@connpass.com>", "ja", "新着イベント：Swift愛好会 vol.92"],
        [
          "kenji",
          "instagram",
          "Instagram <no-reply@mail.instagram.com>",
          "ja",
          "aoi.nkmr さんがあなたの投稿にコメントしました",
        ],
        [
          "kenji",
          "youtube",
          "YouTube <noreply@youtube.com>",
          "ja",
          "新しいコメント：「SwiftUIでウィジェットを作る」",
        ],
        [
          "maya",
          "discord",
          "Discord <notifications@discord.com>",
          "en",
          "Rust Berlin: new event in #announcements",
        ],
        [
          "elena",
          "researchgate",
          "ResearchGate <no-reply@researchgate.net>",
          "en",
          "Marco Bellini recommended your article",
        ],
      ] as const
    ).map(([p, org, from, lang, subj]) => ({
      org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: r.next() < 0.5 ? "alt" : "html",
      unsub: `${site(from)}/notifications/off/${r.id(10)}`,
      s: subj,
      d: r.date(2, 27, 6, 23),
      b: `${subj}

[[${lang === "ja" ? "見る" : lang === "de" ? "Ansehen" : lang === "pt" ? "Ver" : lang === "es" ? "Ver" : "View"}]](${site(from)}/n/${r.id(12)})`,
      L: "l/fyi/social",
      why: "a social-network or community notification with nothing for the reader to do",
    })),
};

export const loyalty: Template = {
  id: "gen-loyalty",
  make: (r) =>
    (
      [
        [
          "maya",
          "miles-and-more",
          "Miles & More <newsletter@miles-and-more.com>",
          "de",
          "Ihr Meilenkontostand: 48.210 Meilen",
        ],
        ["maya", "payback", "PAYBACK <service@payback.de>", "de", "10fach Punkte bei dm – nur diese Woche"],
        [
          "maya",
          "deutsche-bahn",
          "DB BahnBonus <bahnbonus@bahn.de>",
          "de",
          "Ihr BahnBonus-Status: Silber bis Dezember 2027",
        ],
        [
          "lucas",
          "tap-air-portugal",
          "TAP Miles&Go <milesandgo@info.flytap.com>",
          "pt",
          "Lucas, tem 12.400 milhas para usar",
        ],
        [
          "lucas",
          "continente",
          "Cartão Continente <cartao@continente.pt>",
          "pt",
          "Tem 8,40 € em saldo para descontar esta semana",
        ],
        ["elena", "iberia", "Iberia Club <iberiaclub@iberia.com>", "es", "Tu extracto de Avios de noviembre"],
        [
          "elena",
          "el-corte-ingles",
          "El Corte Inglés <club@elcorteingles.es>",
          "es",
          "Puntos de tu tarjeta: caducan 1.200 el 31 de diciembre",
        ],
        [
          "kenji",
          "rakuten",
          "楽天ポイント <point@rakuten.co.jp>",
          "ja",
          "【楽天ポイント】期間限定ポイントの有効期限が近づいています",
        ],
        ["kenji", "jal", "JALマイレージバンク <jmb@jal.com>", "ja", "マイル残高のお知らせ"],
        ["kenji", "tsutaya", "Vポイント <info@vpoint.jp>", "ja", "今月のVポイント：1,230ポイント獲得"],
        [
          "elena",
          "ryanair",
          "Ryanair Prime <prime@mail.ryanair.com>",
          "en",
          "Your Prime savings this year: €86",
        ],
        [
          "maya",
          "ikea-de",
          "IKEA Family <family@news.email.ikea.de>",
          "de",
          "Dein IKEA Family Geburtstagsgutschein",
        ],
      ] as const
    ).map(([p, org, from, lang, subj]) => ({
      org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: "html",
      unsub: `${site(from)}/loyalty/unsub/${r.id(10)}`,
      s: subj,
      d: r.date(2, 27, 7, 20),
      b: `# ${subj}

${lang === "de" ? "Jetzt einlösen und sparen." : lang === "pt" ? "Aproveite já." : lang === "es" ? "Aprovecha ahora." : lang === "ja" ? "今すぐチェック。" : "Make the most of it."}

[[${lang === "ja" ? "詳しく" : "→"}]](${site(from)}/loyalty/${r.id(10)})`,
      L: "l/propose/promotion",
      why: "a loyalty-programme mailing",
    })),
};
