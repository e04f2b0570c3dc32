/** Generators for social networks, newsletters, marketing, recruiters and travel. */
import { site, type Template } from "./kit.ts";

export const linkedin: Template = {
  id: "gen-linkedin",
  make: (r) =>
    (
      [
        [
          "maya",
          "invite",
          "Felix Hoffmann",
          "Engineering Manager at N26",
          "Hi Maya, we met at the Berlin Postgres meetup — would be great to stay in touch.",
        ],
        ["maya", "invite", "Aylin Demir", "Technical Recruiter at Zalando", ""],
        [
          "maya",
          "views",
          "",
          "",
          "Your profile was viewed by 14 people this week, including people from Stripe and Adyen.",
        ],
        [
          "maya",
          "post",
          "Claudia Baumann",
          "CTO at Ferrow",
          "Claudia Baumann posted: We're hiring two senior engineers for Payments in Berlin.",
        ],
        ["lucas", "invite", "Mariana Costa", "Arquiteta na Promontório", ""],
        [
          "lucas",
          "invite",
          "Thomas Girard",
          "Directeur de projets chez Vinci Immobilier",
          "Bonjour Lucas, votre projet de Sintra m'a beaucoup plu.",
        ],
        [
          "lucas",
          "jobs",
          "",
          "",
          '30 new jobs for "arquiteto" in Lisbon: Promontório, Saraiva + Associados, OODA and more.',
        ],
        [
          "elena",
          "invite",
          "Pieter van Dijk",
          "PhD candidate at University of Amsterdam",
          "Hi Elena, I really liked your LREC talk on Aragonese.",
        ],
        [
          "elena",
          "post",
          "Marco Bellini",
          "Associate Professor at Università di Bologna",
          "Marco Bellini shared: Our paper with Elena Ruiz Arnaiz is accepted at TACL!",
        ],
        [
          "elena",
          "jobs",
          "",
          "",
          "Lecturer in Computational Linguistics — University of Edinburgh and 8 more jobs for you.",
        ],
        ["kenji", "invite", "渡辺 拓也", "iOS Engineer at メルカリ", ""],
        ["kenji", "views", "", "", "Your post about subscription churn got 2,318 impressions this week."],
        [
          "maya",
          "jobs",
          "",
          "",
          "Staff Backend Engineer at Trade Republic and 12 more jobs in Berlin match your preferences.",
        ],
        [
          "maya",
          "message",
          "Jana Krüger",
          "Talent Partner at Personio",
          "Jana sent you an InMail: Hi Maya, your webhook talk caught my eye — open to a chat about a Principal role?",
        ],
      ] as const
    ).map(([p, kind, name, title, text]) => ({
      org: "linkedin",
      p,
      from:
        kind === "invite"
          ? `${name} via LinkedIn <invitations@linkedin.com>`
          : kind === "message"
            ? `${name} via LinkedIn <inmail-hit-reply@linkedin.com>`
            : kind === "jobs"
              ? "LinkedIn Job Alerts <jobalerts-noreply@linkedin.com>"
              : "LinkedIn <notifications-noreply@linkedin.com>",
      kind: "bulk",
      shape: "alt",
      unsub: `https://www.linkedin.com/comm/psettings/email-unsubscribe?lipi=${r.id(16)}`,
      s:
        kind === "invite"
          ? `${name} wants to connect`
          : kind === "message"
            ? `${name} sent you a new message`
            : kind === "jobs"
              ? text.split(" — ")[0]!.split(" and ")[0]!
              : kind === "views"
                ? `${({ maya: "Maya", lucas: "Lucas", kenji: "Kenji", elena: "Elena" } as Record<string, string>)[p]}, you appeared in ${r.int(9, 60)} searches this week`
                : `${name} posted`,
      d: r.date(2, 27, 6, 22),
      b:
        kind === "invite"
          ? `# ${name}\n\n${title}\n\n${text ? `> ${text}\n\n` : ""}[[Accept]](https://www.linkedin.com/comm/invitationManager/)`
          : `${text}\n\n[[See more on LinkedIn]](https://www.linkedin.com/comm/feed/)`,
      L:
        kind === "invite" || kind === "message"
          ? "l/request/social"
          : kind === "jobs"
            ? "l/propose/social"
            : "l/fyi/social",
      why:
        kind === "invite"
          ? "a connection request: asks something, but it is social-network noise for this reader"
          : kind === "message"
            ? "a recruiter's InMail through the network; low priority unless the reader is looking"
            : kind === "jobs"
              ? "a job alert from the social network, not asked for now"
              : "a social-network nudge",
    })),
};

export const socialOther: Template = {
  id: "gen-social-notice",
  make: (r) =>
    (
      [
        [
          "maya",
          "strava",
          "Strava <no-reply@strava.com>",
          'Anke Vogel gave you kudos on "Tempelhof loop"',
          "l/fyi",
        ],
        [
          "maya",
          "meetup",
          "Meetup <info@meetup.com>",
          "New event: Berlin Postgres Meetup #58 — Logical replication in practice",
          "l/meet",
        ],
        [
          "maya",
          "meetup",
          "Meetup <info@meetup.com>",
          "Reminder: Rust Berlin Hack & Learn is tomorrow",
          "l/meet",
        ],
        [
          "lucas",
          "instagram",
          "Instagram <no-reply@mail.instagram.com>",
          "beatriz.lopes and 3 others liked your post",
          "l/fyi",
        ],
        [
          "lucas",
          "behance",
          "Behance <noreply@behance.net>",
          "Your project Casa do Moinho was featured in Architecture",
          "i/fyi",
        ],
        [
          "lucas",
          "facebook",
          "Facebook <notification@facebookmail.com>",
          "Julien Ferreira mentioned you in a comment",
          "l/fyi",
        ],
        [
          "elena",
          "mastodon",
          "Mastodon <notifications@mastodon.social>",
          "Marco Bellini (@mbellini@sigmoid.social) mentioned you",
          "l/fyi",
        ],
        [
          "elena",
          "researchgate",
          "ResearchGate <no-reply@researchgate.net>",
          "Your research reached 100 reads",
          "l/fyi",
        ],
        ["elena", "bluesky", "Bluesky <noreply@bsky.app>", "nilsberg.bsky.social followed you", "l/fyi"],
        ["kenji", "twitter-x", "X <info@x.com>", "@yui_t and 2 others liked your post", "l/fyi"],
        ["kenji", "zenn", "Zenn <noreply@zenn.dev>", "あなたの記事に「いいね」が10件つきました", "l/fyi"],
        [
          "kenji",
          "reddit",
          "Reddit <noreply@redditmail.com>",
          "u/streakfan replied to your comment in r/iOSProgramming",
          "l/fyi",
        ],
        [
          "elena",
          "meetup",
          "Meetup <info@meetup.com>",
          "NLP Madrid: Charla sobre modelos de lenguaje en español",
          "l/meet",
        ],
        [
          "maya",
          "discord",
          "Discord <notifications@discord.com>",
          "You have 12 unread messages in Hono",
          "l/fyi",
        ],
      ] as const
    ).map(([p, org, from, subj, L]) => ({
      org,
      p,
      from,
      lang: org === "zenn" ? "ja" : org === "meetup" && p === "elena" ? "es" : "en",
      kind: "bulk",
      shape: r.next() < 0.5 ? "alt" : "html",
      unsub: `${site(from)}/settings/email/unsubscribe/${r.id(10)}`,
      s: subj,
      d: r.date(2, 27, 6, 23),
      b: `${subj}.

[[${L.endsWith("meet") ? "RSVP" : "Open"}]](${site(from)}/n/${r.id(12)})`,
      L: `${L}/social`,
      why:
        L === "i/fyi"
          ? "the reader's work was featured; nice to know, nothing to do"
          : L.endsWith("meet")
            ? "a community event notice sent to all group members"
            : "a social-network nudge",
    })),
};

export const newsletters: Template = {
  id: "gen-newsletter",
  make: (r) =>
    (
      [
        [
          "maya",
          "substack-pragmatic-engineer",
          "The Pragmatic Engineer <pragmaticengineer@substack.com>",
          "en",
          "The state of on-call in 2026",
          "What 400 engineers told us about pager load, pay and burnout.",
        ],
        [
          "maya",
          "tldr",
          "TLDR <dan@tldrnewsletter.com>",
          "en",
          "Postgres 19 beta, Cloudflare queues GA, WebGPU everywhere",
          "Headlines in 5 minutes: databases, browsers and AI.",
        ],
        [
          "maya",
          "node-weekly",
          "Node Weekly <node@cooperpress.com>",
          "en",
          "Node.js 26 enters LTS",
          "Plus: a faster test runner and a deep dive into AsyncLocalStorage.",
        ],
        [
          "maya",
          "heise",
          "heise online <newsletter@heise.de>",
          "de",
          "heise+ Update: Was der Cyber Resilience Act für Entwickler bedeutet",
          "Pflichten, Fristen und was kleine Teams jetzt tun sollten.",
        ],
        [
          "maya",
          "tagesspiegel-checkpoint",
          "Tagesspiegel Checkpoint <checkpoint@tagesspiegel.de>",
          "de",
          "Checkpoint: Die S-Bahn, der Schnee und die Senatorin",
          "Berlins Morgen in fünf Minuten.",
        ],
        [
          "lucas",
          "publico",
          "PÚBLICO <newsletter@publico.pt>",
          "pt",
          "A manhã: o novo PDM de Lisboa em consulta pública",
          "O que muda na habitação e nos logradouros.",
        ],
        [
          "lucas",
          "dezeen",
          "Dezeen Daily <newsletter@dezeen.com>",
          "en",
          "Dezeen Daily: timber towers, a Portuguese winery and more",
          "Today's top architecture and design stories.",
        ],
        [
          "lucas",
          "le-monde",
          "Le Monde <newsletter@lemonde.fr>",
          "fr",
          "La Matinale : les essentiels de l'actualité",
          "Politique, climat et culture : ce qu'il faut savoir ce matin.",
        ],
        [
          "elena",
          "substack-language-log",
          "Language Notes <languagenotes@substack.com>",
          "en",
          "Why tokenisers hate Basque",
          "Agglutination, subwords and what the benchmarks miss.",
        ],
        [
          "elena",
          "eldiario",
          "elDiario.es <boletin@eldiario.es>",
          "es",
          "Boletín de la mañana: la ley de vivienda un año después",
          "Los datos del alquiler en Madrid y Barcelona.",
        ],
        [
          "elena",
          "internazionale",
          "Internazionale <newsletter@internazionale.it>",
          "it",
          "Africana: le elezioni in Ghana",
          "La newsletter settimanale sull'Africa.",
        ],
        [
          "kenji",
          "ios-dev-weekly",
          "iOS Dev Weekly <dave@iosdevweekly.com>",
          "en",
          "iOS Dev Weekly - Issue 712",
          "SwiftData migrations, a widget deep dive and App Store pricing changes.",
        ],
        [
          "kenji",
          "nikkei",
          "日経電子版 <newsletter@nikkei.com>",
          "ja",
          "朝刊1面：円相場、一時150円台",
          "今朝の主要ニュースをお届けします。",
        ],
        [
          "elena",
          "nrc",
          "NRC <nieuwsbrief@nrc.nl>",
          "nl",
          "NRC Vandaag: de formatie, de storm en een nieuwe Rembrandt",
          "Het belangrijkste nieuws van vandaag.",
        ],
        [
          "maya",
          "dagens-nyheter",
          "DN <nyhetsbrev@dn.se>",
          "sv",
          "DN Morgon: Riksbanken sänker räntan",
          "Det viktigaste du behöver veta i dag.",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, lede]) => ({
      org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: "html",
      dkim: org.startsWith("substack") ? "substack.com" : undefined,
      unsub: `https://${org.startsWith("substack") ? "substack.com" : site(from).slice(8)}/unsubscribe?e=${r.id(14)}`,
      g: r.next() < 0.5 ? ["INBOX", "CATEGORY_UPDATES"] : ["INBOX", "CATEGORY_PROMOTIONS"],
      s: subj,
      d: r.date(2, 27, 5, 20),
      b: `# ${subj}

${lede}

- ${["Analysis", "Interview", "Explainer", "Opinion"][r.int(0, 3)]}: [${subj.split(":")[0]}](${site(from)}/p/${r.id(8)})
- [Read in the browser](${site(from)}/view/${r.id(8)})`,
      L: "i/fyi/newsletter",
      why: "an editorial newsletter the reader subscribed to",
    })),
};

export const promotions: Template = {
  id: "gen-promotion",
  make: (r) =>
    (
      [
        [
          "maya",
          "zalando",
          "Zalando <info@service-mail.zalando.de>",
          "de",
          "Maya, deine Lieblingsmarken sind reduziert",
          "Bis zu 50 % auf Sneaker von Veja, New Balance und Asics.",
        ],
        [
          "maya",
          "lufthansa",
          "Lufthansa <newsletter@mailing.lufthansa.com>",
          "de",
          "Winterangebote: Europa ab 99 €",
          "Jetzt buchen und im Januar fliegen.",
        ],
        [
          "maya",
          "deutsche-bahn",
          "DB Fernverkehr <newsletter@bahn.de>",
          "de",
          "Super Sparpreis Aktion: ab 17,99 € quer durch Deutschland",
          "Nur für Buchungen bis Sonntag.",
        ],
        [
          "lucas",
          "tap-air-portugal",
          "TAP Air Portugal <newsletter@info.flytap.com>",
          "pt",
          "Voe para o Brasil com 20% de desconto",
          "Promoção válida para viagens entre fevereiro e maio.",
        ],
        [
          "lucas",
          "fnac-pt",
          "Fnac <newsletter@fnac.pt>",
          "pt",
          "Cyber Monday: portes grátis em tudo",
          "Só na segunda-feira, em fnac.pt.",
        ],
        [
          "lucas",
          "vitra",
          "Vitra <newsletter@vitra.com>",
          "en",
          "The Eames Lounge Chair turns 70",
          "A limited edition in walnut and cognac leather.",
        ],
        [
          "elena",
          "iberia",
          "Iberia <iberia@comunicaciones.iberia.com>",
          "es",
          "Elena, tus Avios valen el doble este fin de semana",
          "Canjea vuelos a Europa desde 8.000 Avios.",
        ],
        [
          "elena",
          "el-corte-ingles",
          "El Corte Inglés <ofertas@elcorteingles.es>",
          "es",
          "Black Friday: hasta -50% en electrónica",
          "Solo hasta el lunes. No te lo pierdas.",
        ],
        [
          "elena",
          "ryanair",
          "Ryanair <ryanair@mail.ryanair.com>",
          "en",
          "URGENT: 48-hour seat sale — fares from €14.99",
          "Book by midnight Sunday. Travel Jan–Mar.",
        ],
        [
          "kenji",
          "uniqlo",
          "ユニクロ <info@ml.uniqlo.com>",
          "ja",
          "【本日最終日】感謝祭 ラストチャンス",
          "お見逃しなく！",
        ],
        [
          "kenji",
          "apple",
          "Apple <News@insideapple.apple.com>",
          "ja",
          "ホリデーシーズンのギフトはApple Storeで",
          "ギフトに最適な製品を見つけよう。",
        ],
        [
          "maya",
          "amazon-de",
          "Amazon.de <store-news@amazon.de>",
          "de",
          "Ein Artikel auf deiner Wunschliste ist jetzt günstiger",
          "LEGO Icons Bonsai jetzt 34,99 € statt 49,99 €.",
        ],
        [
          "lucas",
          "booking",
          "Booking.com <email.campaign@sg.booking.com>",
          "pt",
          "Lucas, ofertas de fim de ano em Paris",
          "Poupe 15% ou mais em estadias até 31 de janeiro.",
        ],
        [
          "elena",
          "zara",
          "ZARA <news@em.zara.com>",
          "es",
          "Nueva colección: Studio Winter",
          "Descúbrela antes que nadie.",
        ],
        [
          "maya",
          "ikea-de",
          "IKEA Deutschland <ikea@news.email.ikea.de>",
          "de",
          "ACHTUNG: Nur noch heute – IKEA Family Preise",
          "Dringend: Angebote enden um Mitternacht.",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, lede]) => ({
      org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: "html",
      charset: org === "uniqlo" ? "shift_jis" : undefined,
      unsub: `${site(from)}/unsub/${r.id(12)}`,
      s: subj,
      d: r.date(2, 27, 5, 21),
      b: `# ${subj}

${lede}

[[${lang === "de" ? "Jetzt entdecken" : lang === "pt" ? "Ver ofertas" : lang === "es" ? "Ver ofertas" : lang === "ja" ? "詳しく見る" : "Shop now"}]](${site(from)}/c/${r.id(10)})`,
      L: "l/propose/promotion",
      why: /URGENT|ACHTUNG|Dringend|本日最終日/.test(subj + lede)
        ? "marketing that shouts urgency; nothing is at stake for the reader"
        : "marketing the reader signed up for",
    })),
};

export const webinars: Template = {
  id: "gen-vendor-webinar",
  make: (r) =>
    (
      [
        [
          "maya",
          "datadog",
          "Datadog <events@datadoghq.com>",
          "Webinar: Cutting observability costs without losing signal",
          "3 December, 17:00 CET",
        ],
        [
          "maya",
          "grafana",
          "Grafana Labs <events@grafana.com>",
          "ObservabilityCON on the Road: Berlin",
          "9 December, Kosmos Berlin",
        ],
        [
          "maya",
          "aws",
          "AWS Events <aws-events@amazon.com>",
          "AWS re:Invent recap: what's new for serverless",
          "On demand, 45 minutes",
        ],
        [
          "maya",
          "cloudflare",
          "Cloudflare <events@cloudflare.com>",
          "Cloudflare Connect 2027: early-bird tickets",
          "Lisbon, 4–5 March 2027",
        ],
        [
          "maya",
          "stripe",
          "Stripe <events@stripe.com>",
          "Stripe Tour Berlin: payments in 2027",
          "26 January 2027, Telekom Hauptstadtrepräsentanz",
        ],
        [
          "lucas",
          "autodesk",
          "Autodesk <autodesk@autodeskcommunications.com>",
          "Webinar: BIM para pequenos ateliers",
          "10 de dezembro, 11:00",
        ],
        [
          "lucas",
          "graphisoft",
          "Graphisoft <news@graphisoft.com>",
          "Archicad 29: what's new — live demo",
          "2 December, 15:00 WET",
        ],
        [
          "elena",
          "elsevier",
          "Elsevier <researcher@elsevier.com>",
          "Researcher Academy: How to write a great rebuttal",
          "1 December, 14:00 CET",
        ],
        [
          "elena",
          "aws",
          "AWS Educate <aws-educate@amazon.com>",
          "Free workshop: fine-tuning language models on SageMaker",
          "8 December, online",
        ],
        [
          "kenji",
          "revenuecat",
          "RevenueCat <hello@revenuecat.com>",
          "State of Subscription Apps 2027 — live panel",
          "December 4, 9:00 PT",
        ],
        [
          "kenji",
          "apple",
          "Apple Developer <developer@insideapple.apple.com>",
          "Meet with Apple: App Store subscriptions workshop (Tokyo)",
          "12月8日、Apple Japan",
        ],
        [
          "maya",
          "gitlab",
          "GitLab <events@gitlab.com>",
          "DevSecOps Live: securing your software supply chain",
          "2 December, 16:00 CET",
        ],
      ] as const
    ).map(([p, org, from, subj, when]) => ({
      org,
      p,
      from,
      lang: /de |às|12月/.test(when) ? (p === "kenji" ? "ja" : "pt") : "en",
      kind: "bulk",
      shape: "html",
      unsub: `${site(from)}/preferences/${r.id(10)}`,
      s: subj,
      d: r.date(2, 26, 8, 18),
      b: `# ${subj}

${when}. Seats are limited: register now and get the recording afterwards.

[[Register]](${site(from)}/events/${r.id(8)})`,
      L: "l/meet/promotion",
      why: "a vendor's marketing event invitation",
    })),
};

const CLOSING: Record<string, string> = {
  en: "Would you be open to a short call this week or next?",
  de: "Hätten Sie Interesse an einem kurzen Telefonat?",
  ja: "ご興味があれば、お気軽にご返信ください。",
  pt: "Teria disponibilidade para uma breve conversa?",
  fr: "Seriez-vous disponible pour un court échange ?",
  es: "¿Te vendría bien una llamada breve?",
  pl: "Czy znajdzie Pani chwilę na krótką rozmowę?",
  sv: "Har du tid för ett kort samtal?",
  it: "Sarebbe disponibile per una breve chiamata?",
};

export const recruiters: Template = {
  id: "gen-recruiter",
  make: (r) =>
    (
      [
        [
          "maya",
          "Sophie Lambert <sophie.lambert@techtalent-partners.com>",
          "en",
          "Staff Engineer, payments infrastructure (remote EU)",
          "A Series C fintech in Amsterdam is building its own ledger and needs someone who has run one in production.",
        ],
        [
          "maya",
          "Lukas Neumann <l.neumann@hays-example.de>",
          "de",
          "Principal Backend Engineer (m/w/d) – Berlin, bis 120k",
          "für einen Kunden aus dem Bereich Zahlungsverkehr suche ich eine erfahrene Persönlichkeit mit Go- oder TypeScript-Erfahrung.",
        ],
        [
          "maya",
          "Hannah Brooks <hannah@stealth-startup.io>",
          "en",
          "Founding engineer?",
          "We're two ex-Stripe folks building reconciliation tooling for marketplaces. Would love 20 minutes of your time.",
        ],
        [
          "lucas",
          "Rui Tavares <rui.tavares@talentarq.pt>",
          "pt",
          "Oportunidade: Arquiteto Sénior em Lisboa",
          "Um gabinete de referência procura um arquiteto com experiência em reabilitação para liderar projetos residenciais.",
        ],
        [
          "lucas",
          "Claire Martin <c.martin@archirecrut.fr>",
          "fr",
          "Poste de chef de projet – agence à Lyon",
          "Une agence lyonnaise de 40 personnes recherche un chef de projet bilingue portugais.",
        ],
        [
          "elena",
          "Dr. Miriam Cohen <m.cohen@ailab-recruit.com>",
          "en",
          "Research Scientist, multilingual LLMs (Madrid/Remote)",
          "Our client's research lab is expanding its multilingual team and your work on Romance morphology stood out.",
        ],
        [
          "elena",
          "Javier Ortega <jortega@hunting-tech.es>",
          "es",
          "Lingüista computacional para proyecto en banca",
          "Buscamos perfil con experiencia en anotación de corpus para un proyecto de 12 meses.",
        ],
        [
          "kenji",
          "佐々木 美穂 <m.sasaki@bizreach-example.jp>",
          "ja",
          "【スカウト】iOSリードエンジニア（年収1,200万円〜）",
          "急成長中のフィンテック企業がiOSチームのリードを募集しています。",
        ],
        [
          "kenji",
          "Tom Walker <tom@remote-ios-jobs.com>",
          "en",
          "Senior iOS role at a US health app — fully remote, JST friendly",
          "They're looking for someone with HealthKit and subscription experience, which your App Store profile suggests.",
        ],
        [
          "maya",
          "Agnieszka Wójcik <a.wojcik@it-rekruter.pl>",
          "pl",
          "Oferta: Lead Engineer w Krakowie",
          "Szukamy osoby na stanowisko Lead Engineer w firmie fintech z siedzibą w Krakowie.",
        ],
        [
          "maya",
          "Erik Johansson <erik.johansson@nordic-search.se>",
          "sv",
          "Tjänst som Head of Engineering i Stockholm",
          "Jag hjälper ett betalbolag i Stockholm att hitta en teknisk ledare.",
        ],
        [
          "elena",
          "Francesca Conti <f.conti@eu-talent.it>",
          "it",
          "Posizione di ricerca a Milano",
          "Un centro di ricerca milanese cerca un profilo senior in linguistica computazionale.",
        ],
      ] as const
    ).map(([p, from, lang, subj, text]) => ({
      org: "recruiters",
      p,
      from,
      lang,
      kind: "person",
      shape: r.next() < 0.5 ? "gmail" : "outlook",
      s: subj,
      d: r.date(2, 27, 8, 18),
      b: `${lang === "de" ? "Hallo Frau Okafor" : lang === "ja" ? "佐藤様" : lang === "pt" ? "Olá Lucas" : lang === "fr" ? "Bonjour Lucas" : lang === "es" ? "Hola Elena" : lang === "pl" ? "Dzień dobry" : lang === "sv" ? "Hej Maya" : lang === "it" ? "Gentile Elena" : "Hi"},

${text}

${CLOSING[lang]}

${from.split(" <")[0]}`,
      L: "l/propose/primary",
      why: "a recruiter's unsolicited pitch written to the reader; the reader is not looking",
    })),
};

export const travel: Template = {
  id: "gen-travel-booking",
  make: (r) =>
    (
      [
        [
          "maya",
          "booking",
          "Booking.com <noreply@booking.com>",
          "en",
          "Your booking is confirmed at Hotel Motel One München-Sendlinger Tor",
          "4–5 December · 1 night",
        ],
        [
          "maya",
          "airbnb",
          "Airbnb <automated@airbnb.com>",
          "en",
          "Reservation confirmed for Kraków",
          "Apartment in Kazimierz · 22–27 December · Host: Marta",
        ],
        [
          "lucas",
          "booking",
          "Booking.com <noreply@booking.com>",
          "pt",
          "A sua reserva no Hôtel des Célestins está confirmada",
          "Lyon · 23–28 de dezembro",
        ],
        [
          "lucas",
          "ryanair",
          "Ryanair <itinerary@ryanair.com>",
          "en",
          "Your Ryanair Travel Itinerary: FR 8352 Lisbon → Lyon",
          "23 December, 06:40–10:05 · Reservation QX7R2L",
        ],
        [
          "elena",
          "vueling",
          "Vueling <noreply@vueling.com>",
          "es",
          "Confirmación de reserva Vueling: Madrid – Sofía",
          "12 de marzo · VY 6120 · Localizador P8HJ2W",
        ],
        [
          "elena",
          "booking",
          "Booking.com <noreply@booking.com>",
          "it",
          "La tua prenotazione all'Albergo Centrale è confermata",
          "Bologna · 10–12 dicembre",
        ],
        [
          "kenji",
          "jalan",
          "じゃらん <info@jalan.net>",
          "ja",
          "【じゃらん】予約確定のお知らせ",
          "京都 俵屋旅館 · 12月30日〜1月2日",
        ],
        [
          "kenji",
          "smart-ex",
          "スマートEX <smart-ex@jr-central.co.jp>",
          "ja",
          "【スマートEX】予約内容のお知らせ",
          "のぞみ 215号 東京→京都 · 12月30日 08:30発",
        ],
        [
          "maya",
          "flixbus",
          "FlixBus <noreply@flixbus.de>",
          "de",
          "Deine Buchungsbestätigung: Berlin → Kraków",
          "21. Dezember, 07:15 · Buchungsnummer 3120774415",
        ],
        [
          "elena",
          "trenitalia",
          "Trenitalia <noreply@trenitalia.it>",
          "it",
          "Conferma acquisto: Frecciarossa Bologna – Milano",
          "11 dicembre · FR 9523 · PNR K9X2QP",
        ],
        [
          "lucas",
          "tap-air-portugal",
          "TAP Air Portugal <noreply@info.flytap.com>",
          "pt",
          "Confirmação de reserva TAP: Lisboa – Paris",
          "28 de novembro · TP 1234 · Reserva K7Q3XD",
        ],
        [
          "maya",
          "sixt",
          "Sixt <noreply@sixt.com>",
          "de",
          "Ihre Sixt Reservierung ist bestätigt",
          "München Hbf · 4.–5. Dezember · VW Golf oder ähnlich",
        ],
      ] as const
    ).map(([p, org, from, lang, subj, detail]) => ({
      org,
      p,
      from,
      lang,
      kind: "system",
      shape: "alt",
      s: subj,
      d: r.date(1, 25, 7, 23),
      b: `# ${subj}

${detail}

| ${lang === "ja" ? "合計" : "Total"} | ${lang === "ja" ? `¥${r.int(9000, 88000).toLocaleString("ja")}` : `€${r.money(25, 640).toFixed(2)}`} |

[[${lang === "ja" ? "予約を確認" : "Manage booking"}]](${site(from)}/booking/${r.id(10)})`,
      L: "i/deliver/receipt",
      why: "a travel booking confirmation, kept for the trip",
    })),
};

export const surveys: Template = {
  id: "gen-feedback-survey",
  make: (r) =>
    (
      [
        [
          "maya",
          "deutsche-bahn",
          "DB Fernverkehr <umfrage@bahn.de>",
          "de",
          "Wie war Ihre Reise mit dem ICE 1007?",
        ],
        [
          "maya",
          "lieferando",
          "Lieferando.de <info@lieferando.de>",
          "de",
          "Wie hat es dir bei Saigon Kitchen geschmeckt?",
        ],
        ["lucas", "worten", "Worten <inquerito@worten.pt>", "pt", "Dê-nos a sua opinião sobre a sua compra"],
        ["lucas", "airbnb", "Airbnb <automated@airbnb.com>", "en", "Leave a review for your stay in Porto"],
        ["elena", "renfe", "Renfe <encuestas@renfe.es>", "es", "Valora tu viaje en AVE"],
        [
          "elena",
          "fastmail",
          "Fastmail <feedback@fastmail.com>",
          "en",
          "How likely are you to recommend Fastmail?",
        ],
        [
          "kenji",
          "yodobashi",
          "ヨドバシ・ドット・コム <enquete@yodobashi.com>",
          "ja",
          "商品レビューのお願い",
        ],
        ["kenji", "jal", "JAL <enquete@jal.com>", "ja", "ご搭乗アンケートのお願い"],
        [
          "maya",
          "lufthansa",
          "Lufthansa <survey@lufthansa.com>",
          "en",
          "Your opinion about your flight LH 1933",
        ],
        ["lucas", "uber", "Uber <noreply@uber.com>", "pt", "Como foi a sua viagem?"],
      ] as const
    ).map(([p, org, from, lang, subj]) => ({
      org,
      p,
      from,
      lang,
      kind: "bulk",
      shape: "html",
      unsub: `${site(from)}/survey-optout/${r.id(8)}`,
      s: subj,
      d: r.date(3, 27, 9, 20),
      b: `# ${subj}

${lang === "de" ? `Die Umfrage dauert etwa ${r.int(2, 5)} Minuten.` : lang === "ja" ? `所要時間は約${r.int(2, 5)}分です。` : lang === "pt" ? `Demora cerca de ${r.int(2, 5)} minutos.` : lang === "es" ? `Solo te llevará ${r.int(2, 5)} minutos.` : `It takes about ${r.int(2, 5)} minutes.`}

[[${lang === "ja" ? "回答する" : "★★★★★"}]](${site(from)}/s/${r.id(10)})`,
      L: "l/request/notification",
      why: "a satisfaction survey from a company the reader dealt with: asks, but nothing depends on it",
    })),
};
