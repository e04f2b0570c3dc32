import { type Spec, sender } from "../spec.ts";

/**
 * Mail from social networks and communities (train only, `s30s-` orgs, one per network), written
 * one by one: InMail and scout messages relaying a recruiter's or a stranger's question, connection
 * requests with a personal note, endorsements, profile views and search appearances, birthday and
 * work-anniversary nudges, a relative's or friend's message relayed by a network, forum replies to
 * the reader's own question, meetup announcements and RSVP reminders, digests, a mention, and the
 * networks' security mail. Stage 2 had almost no social mail that asked the reader something, and
 * read a relayed recruiter question ("open to a quick chat?") as urgent. The networks are fictional:
 * the real networks' sending domains already belong to other orgs (one domain, one org).
 */

// --- maya ---
const workgraph = sender({
  org: "s30s-workgraph",
  p: "maya",
  from: "Workgraph <messages-noreply@mail.workgraph.com>",
  kind: "bulk",
  shape: "html",
  lang: "en",
  unsub: "https://www.workgraph.com/settings/email/unsubscribe?t=m0k4",
});
const stridely = sender({
  org: "s30s-stridely",
  p: "maya",
  from: "Stridely <no-reply@notify.stridely.app>",
  kind: "bulk",
  shape: "html",
  lang: "en",
  unsub: "https://www.stridely.app/settings/email?unsub=comments",
});
const sluice = sender({
  org: "s30s-sluice-community",
  p: "maya",
  from: "Sluice Community <notifications@community.sluice.dev>",
  kind: "system",
  shape: "alt",
  lang: "en",
  unsub: "https://community.sluice.dev/email/unsubscribe/7c1e0a",
});
const gruppentreff = sender({
  org: "s30s-gruppentreff",
  p: "maya",
  from: "Gruppentreff <info@gruppentreff.de>",
  kind: "bulk",
  shape: "html",
  lang: "de",
  charset: "utf-8",
  unsub: "https://www.gruppentreff.de/konto/benachrichtigungen?abmelden=1",
});
const klasowicze = sender({
  org: "s30s-klasowicze",
  p: "maya",
  from: "Klasowicze <powiadomienia@klasowicze.pl>",
  kind: "bulk",
  shape: "html",
  lang: "pl",
  charset: "utf-8",
  cte: "quoted-printable",
  unsub: "https://klasowicze.pl/ustawienia/powiadomienia?wypisz=wiadomosci",
});

// --- lucas ---
const arquinet = sender({
  org: "s30s-arquinet",
  p: "lucas",
  from: "Arquinet <notificacoes@arquinet.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  charset: "utf-8",
  unsub: "https://www.arquinet.pt/definicoes/emails?cancelar=1",
});
const pixelo = sender({
  org: "s30s-pixelo",
  p: "lucas",
  from: "Pixelo <no-reply@mail.pixelo.app>",
  kind: "bulk",
  shape: "html",
  lang: "fr",
  charset: "utf-8",
  unsub: "https://pixelo.app/emails/unsubscribe?type=dm",
});
const conversa = sender({
  org: "s30s-conversa",
  p: "lucas",
  from: "Conversa <resumo@conversa-app.com>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  charset: "utf-8",
  unsub: "https://conversa-app.com/conta/resumo-email/desativar",
});
const encontros = sender({
  org: "s30s-encontros",
  p: "lucas",
  from: "Encontros <grupos@encontros.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  charset: "utf-8",
  unsub: "https://encontros.pt/conta/notificacoes",
});
const bimx = sender({
  org: "s30s-bim-exchange",
  p: "lucas",
  from: "BIM Exchange <do-not-reply@bimexchange.net>",
  kind: "bulk",
  shape: "alt",
  lang: "en",
  unsub: "https://bimexchange.net/users/email-settings?digest=off",
});

// --- kenji ---
const kodo = sender({
  org: "s30s-kodo",
  p: "kenji",
  from: "Kodo <notify@kodo.jp>",
  kind: "system",
  shape: "alt",
  lang: "ja",
  charset: "utf-8",
});
const shokuba = sender({
  org: "s30s-shokuba-connect",
  p: "kenji",
  from: "Shokuba Connect <scout@shokuba-connect.jp>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  charset: "utf-8",
  unsub: "https://shokuba-connect.jp/settings/mail?stop=scout",
});
const tomoni = sender({
  org: "s30s-tomoni",
  p: "kenji",
  from: "Tomoni <info@tomoni.jp>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  charset: "utf-8",
  unsub: "https://tomoni.jp/settings/notifications",
});
const indieDevs = sender({
  org: "s30s-indie-app-devs",
  p: "kenji",
  from: "Indie App Devs <notifications@community.indieappdevs.org>",
  kind: "system",
  shape: "alt",
  lang: "en",
  unsub: "https://community.indieappdevs.org/email/unsubscribe/k2s9",
});
const swiftdev = sender({
  org: "s30s-swiftdev-social",
  p: "kenji",
  from: "swiftdev.social <notifications@swiftdev.social>",
  kind: "system",
  shape: "alt",
  lang: "en",
});
const benkyokai = sender({
  org: "s30s-benkyokai",
  p: "kenji",
  from: "Benkyokai <no-reply@benkyokai.jp>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  charset: "utf-8",
  unsub: "https://benkyokai.jp/settings/mail",
});

// --- elena ---
const scholaria = sender({
  org: "s30s-scholaria",
  p: "elena",
  from: "Scholaria <noreply@scholaria.net>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  charset: "utf-8",
  unsub: "https://www.scholaria.net/settings/notifications?unsub=all",
});
const threadit = sender({
  org: "s30s-threadit",
  p: "elena",
  from: "Threadit <noreply@threaditmail.com>",
  kind: "bulk",
  shape: "html",
  lang: "en",
  unsub: "https://www.threadit.com/mail/unsubscribe/comment_reply",
});
const forumLc = sender({
  org: "s30s-forum-lc-italia",
  p: "elena",
  from: "Forum LC Italia <forum@linguistica-computazionale.it>",
  kind: "system",
  shape: "alt",
  lang: "it",
  charset: "utf-8",
  unsub: "https://forum.linguistica-computazionale.it/email/unsubscribe/e41",
});
const quedadas = sender({
  org: "s30s-quedadas",
  p: "elena",
  from: "Quedadas <avisos@quedadas.es>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  charset: "utf-8",
  unsub: "https://quedadas.es/cuenta/avisos?baja=1",
});
const zancada = sender({
  org: "s30s-zancada",
  p: "elena",
  from: "Zancada <hola@zancada.app>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  charset: "utf-8",
  unsub: "https://zancada.app/ajustes/correo?baja=comentarios",
});

export const s30Social: Spec[] = [
  // --- maya ---
  workgraph({
    s: "Daniel Kerr sent you a message: Would you be open to a quick chat about a senior role?",
    d: "11-24 10:12",
    b: `# You have a new InMail

**Daniel Kerr** · Technical Recruiter at Northbeam Talent

"Hi Maya, I came across your talk on idempotent payment APIs and thought of you straight away. I'm working with a Series B fintech in Amsterdam that is hiring a Principal Backend Engineer (fully remote within the EU, strong package). Would you be open to a quick chat about a senior role this week or next?"

[Reply](https://www.workgraph.com/messaging/thread/2-MTg4ZDE) · [Not interested](https://www.workgraph.com/messaging/thread/2-MTg4ZDE?decline=1)

InMail is a premium feature that lets members message people outside their network.`,
    L: "l/propose/social",
    why: "a recruiter's pitch relayed as InMail: the guide makes it social and low priority; the question to the reader does not make it urgent",
  }),
  workgraph({
    s: "Maya, you appeared in 14 searches this week",
    d: "11-23 08:30",
    b: `# You appeared in 14 searches this week

Your profile was found by people from:

- Fintech (6)
- Staffing and recruiting (5)
- Software development (3)

Top search keyword: **backend engineer payments**

[See who's looking](https://www.workgraph.com/me/search-appearances) · [Try Premium free for 1 month](https://www.workgraph.com/premium/products/?upsell=search-appearances)`,
    L: "l/fyi/social",
    why: "a weekly search-appearance count with a Premium upsell: a social nudge that asks nothing",
  }),
  workgraph({
    s: "Tomasz Zielinski endorsed you for Distributed Systems",
    d: "11-19 17:44",
    b: `Hi Maya,

**Tomasz Zielinski** endorsed you for **Distributed Systems**.

You now have 23 endorsements for this skill.

[View your skills](https://www.workgraph.com/in/maya-okafor/details/skills/) · [Endorse Tomasz back](https://www.workgraph.com/in/tomasz-zielinski/details/skills/)`,
    L: "l/fyi/social",
    why: "an endorsement notice from a network: social noise even though a colleague is named",
  }),
  workgraph({
    s: "Lukas Brenner wants to connect",
    d: "11-25 21:03",
    b: `**Lukas Brenner**
Engineering Manager at Kontoflux · Berlin

"Hi Maya, we sat next to each other at the Berlin Payments Engineers meetup last week (the one about ledger migrations). Would be great to stay in touch."

[Accept](https://www.workgraph.com/mynetwork/invitation-manager/) · [View profile](https://www.workgraph.com/in/lukas-brenner-kfx/)

You have 4 other pending invitations.`,
    L: "l/request/social",
    why: "a connection request with a personal note: it asks, but a network invitation is social and low priority",
  }),
  workgraph({
    s: "New sign-in to your Workgraph account",
    // account mail: no bulk headers, no unsubscribe
    kind: "system",
    unsub: undefined,
    d: "11-26 07:58",
    b: `Hi Maya,

Your Workgraph account was just signed in to from a new device.

| Device | Chrome on macOS |
| Location | Berlin, Germany |
| Time | 26 Nov 2026, 07:57 CET |

If this was you, you don't need to do anything.

If you don't recognise this sign-in, [change your password](https://www.workgraph.com/psettings/change-password) from your account settings. Workgraph will never ask for your password by email.`,
    L: "i/fyi/notification",
    why: "guide rule 4: a sign-in the reader made herself (her laptop, Berlin, this morning) is informational; security notices are notifications",
  }),
  stridely({
    s: 'Femi Okafor commented on your run "Tempelhof loop"',
    d: "11-22 12:17",
    b: `**Femi Okafor** commented on your activity **Tempelhof loop** (10.4 km · 52:18):

"Nice pace sis! Are you running the Silvesterlauf with me on the 31st? Registration closes soon, I can sign us both up"

[Reply](https://www.stridely.app/activities/88214533#comments) · [Give kudos](https://www.stridely.app/activities/88214533)

You're receiving this because comments on your activities are turned on.`,
    L: "l/request/social",
    why: "a brother's question relayed as an activity comment by a fitness network: relayed chatter is social and low priority; the reader answers in the app",
  }),
  sluice({
    s: "[Sluice Community] [Help] Consumer group rebalances every 30s after upgrading to 4.2",
    d: "11-21 15:36",
    b: `**mkowalczyk** (Sluice maintainer) replied to your topic:

> Consumer group rebalances every 30s after upgrading to 4.2

This is the new default for \`session.heartbeat.adaptive\` in 4.2: with it on, a consumer that spends longer than \`max.poll.interval\` / 3 in the handler is treated as stalled and the group rebalances. Your handler does the ledger write synchronously, so you hit it under load.

Two ways out:

- set \`session.heartbeat.adaptive=false\` to get the 4.1 behaviour back, or
- keep it and raise \`max.poll.interval.ms\` to 300000 (we do this for our own payments example).

It's in the 4.2 upgrade notes under "Behaviour changes", but I agree it's easy to miss. I'll add a log line when a rebalance is caused by it.

[Visit topic](https://community.sluice.dev/t/consumer-group-rebalances-every-30s/4417/2) or reply to this email to respond.

You are receiving this because you created this topic. To unsubscribe from these emails, [click here](https://community.sluice.dev/email/unsubscribe/7c1e0a).`,
    L: "i/fyi/social",
    why: "a useful answer to the reader's own forum question on a community platform: worth knowing, nothing to do; Discourse-style platforms are social",
  }),
  gruppentreff({
    s: "Erinnerung: Berlin Payments Engineers – morgen um 19:00",
    d: "11-25 18:00",
    b: `# Bis morgen!

Hallo Maya,

du hast für dieses Treffen zugesagt:

**Ledger-Migrationen ohne Downtime – Erfahrungsberichte**
Donnerstag, 26. November 2026, 19:00–21:30
Kontoflux Office, Schlesische Str. 26, 10997 Berlin (3. OG, Klingel „Kontoflux")

48 Teilnehmende · Warteliste: 12

Kannst du doch nicht? Bitte [sag ab](https://www.gruppentreff.de/berlin-payments-engineers/events/311872/rsvp), damit jemand von der Warteliste nachrücken kann.

[Zur Veranstaltung](https://www.gruppentreff.de/berlin-payments-engineers/events/311872)`,
    L: "i/meet/social",
    why: "a meetup platform's reminder of an event the reader already said yes to: worth knowing, nothing to do unless plans change",
  }),
  gruppentreff({
    s: "Neue Veranstaltung in Berlin Payments Engineers: PSD3 und Open Banking – was kommt 2027?",
    d: "11-27 09:15",
    b: `Die Gruppe **Berlin Payments Engineers** hat eine neue Veranstaltung angekündigt:

**PSD3 und Open Banking – was kommt 2027?**
Mittwoch, 13. Januar 2027, 19:00
Ort wird noch bekannt gegeben (Kreuzberg)

Zwei kurze Talks und danach Pizza. Plätze: 60.

[Zusagen](https://www.gruppentreff.de/berlin-payments-engineers/events/312405/rsvp) · [Alle Veranstaltungen](https://www.gruppentreff.de/berlin-payments-engineers/events/)`,
    L: "l/meet/social",
    why: "a meetup group's announcement of a new event to all members: social, low priority, the reader may or may not sign up",
  }),
  klasowicze({
    s: "Agnieszka Wrona wysłała Ci wiadomość",
    d: "11-20 20:41",
    b: `Cześć Maya,

**Agnieszka Wrona** (II LO im. Sobieskiego, klasa 3b, 2009) wysłała Ci wiadomość:

„Mayka! Ile lat! Mama mówiła, że przyjeżdżasz do Krakowa na święta. Zbieramy się z klasą 27 grudnia w Alchemii na Kazimierzu, wpadniesz? Daj znać, to zarezerwuję większy stół."

[Odpowiedz](https://klasowicze.pl/wiadomosci/4471903) · [Zobacz profil](https://klasowicze.pl/profil/agnieszka.wrona)

Nie chcesz dostawać takich e-maili? [Zmień ustawienia powiadomień](https://klasowicze.pl/ustawienia/powiadomienia).`,
    L: "l/request/social",
    why: "an old classmate's invitation relayed by a school-friends network: relayed chatter, social and low priority, answered on the site weeks ahead",
  }),

  // --- lucas ---
  arquinet({
    s: "Nova mensagem de Sofia Amaral: conversa sobre uma posição sénior?",
    d: "11-23 11:05",
    b: `# Tem uma nova mensagem

**Sofia Amaral** · Talent Partner na Vértice Recrutamento

"Olá Lucas, tudo bem? Estou a recrutar para um gabinete de arquitetura no Porto (cerca de 40 pessoas, projetos de reabilitação e habitação coletiva) que procura um Arquiteto Sénior / Coordenador de Projeto. O seu percurso em reabilitação em Alfama encaixa muito bem. Estaria disponível para uma conversa de 20 minutos na próxima semana?"

[Responder](https://www.arquinet.pt/mensagens/conv/77310) · [Não tenho interesse](https://www.arquinet.pt/mensagens/conv/77310?recusar=1)`,
    L: "l/propose/social",
    why: "a recruiter's pitch relayed by a professional network: the guide's recruiter rule makes it social, low priority, propose",
  }),
  arquinet({
    s: "O seu perfil foi visto por 9 pessoas esta semana",
    d: "11-21 09:00",
    b: `Olá Lucas,

O seu perfil foi visto por **9 pessoas** nos últimos 7 dias (+3 em relação à semana anterior).

- 4 trabalham em gabinetes de arquitetura
- 2 em construção civil
- 3 perfis privados

[Ver quem visitou o seu perfil](https://www.arquinet.pt/eu/visitas) com Arquinet Pro.`,
    L: "l/fyi/social",
    why: "a profile-view count with an upsell: a social nudge that asks nothing",
  }),
  arquinet({
    s: "Dê os parabéns à Inês Carvalho pelos 5 anos no Atelier Tejo",
    d: "11-26 08:10",
    b: `**Inês Carvalho** celebra hoje **5 anos** como Arquiteta Associada no **Atelier Tejo**.

[Dar os parabéns](https://www.arquinet.pt/feed/atualizacao/990128) · [Ver perfil](https://www.arquinet.pt/p/ines-carvalho)`,
    L: "l/propose/social",
    why: "a work-anniversary nudge from a network, even about a known colleague: social noise",
  }),
  arquinet({
    s: "Matilde Reis quer ligar-se a si",
    d: "11-18 22:34",
    b: `**Matilde Reis**
Estudante de Mestrado em Arquitetura · FAUL

"Olá Lucas! Sou finalista na FA e a minha tese é sobre reabilitação de pátios em Alfama. Vi o seu projeto da Rua dos Remédios e adorava fazer-lhe duas ou três perguntas um dia, se tiver tempo."

[Aceitar](https://www.arquinet.pt/rede/convites) · [Ignorar](https://www.arquinet.pt/rede/convites)`,
    L: "l/request/social",
    why: "a student's connection request with a note asking to pick the reader's brain some day: a network invitation, social and low priority",
  }),
  pixelo({
    s: "julie.fabre.lyon vous a envoyé un message",
    d: "11-24 19:52",
    b: `**julie.fabre.lyon** vous a envoyé un message :

« Coucou ! Maman demande si tu viens à Lyon pour Noël ou si tu restes à Lisbonne cette année 🎄 Elle veut savoir combien on sera le 24. »

[Voir le message](https://pixelo.app/direct/t/1129044871)

Vous recevez cet e-mail car les notifications par e-mail des messages sont activées. [Paramètres de notification](https://pixelo.app/emails/settings)`,
    L: "l/request/social",
    why: "a sister's question relayed by a photo network's message notification: relayed chatter stays social and low priority; the reader replies in the app",
  }),
  pixelo({
    s: "Votre code Pixelo : 482 913",
    // account mail: no bulk headers, no unsubscribe
    kind: "system",
    unsub: undefined,
    d: "11-27 08:41",
    b: `Bonjour Lucas,

Quelqu'un essaie de se connecter à votre compte Pixelo (lucasferreira.arq) depuis un nouvel appareil. Saisissez ce code pour confirmer que c'est vous :

# 482 913

Ce code expire dans 10 minutes. Si vous n'essayez pas de vous connecter, ignorez cet e-mail : personne ne peut se connecter sans ce code. Pixelo ne vous demandera jamais ce code par téléphone ou par message.`,
    L: "u/request/notification",
    why: "a one-time code for a sign-in in progress, which the guide makes urgent; a security code is a notification, not social",
  }),
  conversa({
    s: '5 mensagens por ler em "Família Ferreira 🏠"',
    d: "11-25 21:00",
    b: `# Tem mensagens por ler

**Família Ferreira 🏠** · 5 mensagens novas

- **Joaquim:** Já viram a previsão para sábado?
- **Marie:** Lucas, ainda tens a chave da casa de Tomar?
- **Joaquim:** Vou lá no domingo ver o telhado
- **Julien:** 👍
- **Marie:** 📷 Foto

[Abrir a Conversa](https://conversa-app.com/g/familia-ferreira)

Recebe este resumo porque não abriu a Conversa nas últimas 24 horas. [Desativar resumos por e-mail](https://conversa-app.com/conta/resumo-email/desativar)`,
    L: "l/fyi/social",
    why: "a messaging app's digest of unread family group chatter: relayed chatter, social and low priority even with a question in it",
  }),
  encontros({
    s: "Novo encontro: Passeio de arquitetura em Marvila",
    d: "11-20 10:30",
    b: `O grupo **Arquitetura a Pé · Lisboa** anunciou um novo encontro:

**Passeio de arquitetura em Marvila: dos armazéns às galerias**
Sábado, 5 de dezembro, 10:30
Ponto de encontro: Estação de Marvila (saída nascente)

Cerca de 2 horas a pé, guiado pela arquiteta Helena Paiva. Gratuito, 25 lugares.

[Vou](https://encontros.pt/arquitetura-a-pe-lisboa/eventos/5518) · [Talvez](https://encontros.pt/arquitetura-a-pe-lisboa/eventos/5518)`,
    L: "l/meet/social",
    why: "a community group's announcement of an event to its members: social and low priority",
  }),
  bimx({
    s: "BIM Exchange weekly: top questions in your tags",
    d: "11-23 06:00",
    b: `# Top questions this week in [revit] [ifc] [archicad]

- **IFC export loses door swing direction in Revit 2026** · 14 votes · 5 answers
- **How to map ArchiCAD zones to IFC spaces for energy analysis?** · 9 votes · 2 answers
- **Shared parameters disappear after workshared sync** · 7 votes · accepted answer
- **Best practice for linking a point cloud of a listed façade?** · 6 votes · 3 answers

[Browse all questions](https://bimexchange.net/questions?tab=week)

You're receiving this digest because you follow these tags. [Change digest frequency](https://bimexchange.net/users/email-settings).`,
    L: "l/fyi/social",
    why: "a Q&A community's weekly digest of questions the reader is not in: social and low priority",
  }),

  // --- kenji ---
  kodo({
    s: "あなたの記事にコメントがつきました：「StoreKit 2 でサブスクの状態を正しく取る」",
    d: "11-24 22:16",
    b: `佐藤 健二 さん

あなたの記事「StoreKit 2 でサブスクの状態を正しく取る」に **@mizuki_ios** さんがコメントしました。

「とても参考になりました！ひとつ質問です。Family Sharing で共有されたサブスクの場合も、この currentEntitlements のループで拾えますか？それとも別の判定が必要でしょうか？」

[コメントを見る・返信する](https://kodo.jp/kenji_sato/items/8c3f21e0a7#comment-55102)

通知の設定は[こちら](https://kodo.jp/settings/notifications)から変更できます。`,
    L: "l/request/social",
    why: "a reader's question on the reader's own article, relayed by a developer community: social and low priority; it can be answered there any time",
  }),
  shokuba({
    s: "【スカウト】株式会社ミナトペイから面談のお誘いが届いています",
    d: "11-22 12:00",
    b: `# スカウトが届きました

佐藤 健二 さん

**株式会社ミナトペイ**（決済アプリ・従業員60名）の採用担当 高田 様からスカウトが届いています。

「はじめまして。個人でサブスクアプリを運営されている実績を拝見し、ご連絡しました。iOSテックリードのポジションについて、まずは30分ほどカジュアルにお話しできませんか？リモート中心、副業との両立もご相談可能です。」

[スカウトを確認する](https://shokuba-connect.jp/scouts/339120) ・ [興味なし](https://shokuba-connect.jp/scouts/339120?decline=1)

返信期限：12月6日`,
    L: "l/propose/social",
    why: "a recruiter's scout message relayed by a career network: the guide's recruiter rule makes it social, low priority, propose",
  }),
  tomoni({
    s: "今日は山本 翔さんの誕生日です🎂",
    d: "11-19 07:00",
    b: `健二さん、こんにちは。

今日は **山本 翔** さんの誕生日です。お祝いのメッセージを送りましょう。

[メッセージを送る](https://tomoni.jp/messages/new?to=sho.yamamoto) ・ [タイムラインを見る](https://tomoni.jp/sho.yamamoto)

ほかに今週誕生日の友達：田中 結衣さん（11月22日）`,
    L: "l/propose/social",
    why: "a birthday nudge from a social network, even about a friend: social noise",
  }),
  tomoni({
    s: "【重要】新しい端末からのログインがありました",
    // account mail: no bulk headers, no unsubscribe
    kind: "system",
    unsub: undefined,
    d: "11-26 03:12",
    b: `健二さん

お使いのTomoniアカウントに、新しい端末からログインがありました。

| 日時 | 2026年11月26日 03:09 |
| 端末 | Android（Chrome） |
| 場所 | インドネシア・ジャカルタ付近 |

お心当たりがない場合は、第三者による不正ログインの可能性があります。Tomoniアプリまたは tomoni.jp にご自身でアクセスし、「設定 > セキュリティ」からパスワードを変更し、すべての端末からログアウトしてください。

Tomoniがメールでパスワードをお尋ねすることはありません。`,
    L: "u/fyi/notification",
    why: "guide rule 4: a sign-in at 3 a.m. from a device in Jakarta the reader does not use means the account may be taken over now; it sends him to the site himself",
  }),
  indieDevs({
    s: "[Indie App Devs] Re: Receipt validation after moving from original StoreKit – do I still need the server?",
    d: "11-20 02:40",
    b: `**@ana_builds** replied to your post in *Monetization*:

Short answer: for StoreKit 2 transactions you don't need the verifyReceipt server any more; \`Transaction.currentEntitlements\` gives you JWS-signed transactions that StoreKit has already verified on device.

Keep the server only if you need the App Store Server Notifications (refunds, renewals failing) on your side. We did the same move last spring: we kept a tiny endpoint for notifications V2 and dropped receipt parsing completely. One gotcha: users on iOS 15.0–15.3 still send old-style receipts, so keep the fallback until your minimum target is 16.

[View the post](https://community.indieappdevs.org/t/receipt-validation-after-moving-from-original-storekit/2291/3) · reply to this email to respond

You're getting this because you're watching this topic. [Unsubscribe](https://community.indieappdevs.org/email/unsubscribe/k2s9)`,
    L: "i/fyi/social",
    why: "a useful answer to the reader's own question on a community forum: informational, nothing to do; community platforms are social",
  }),
  swiftdev({
    s: "daan mentioned you",
    d: "11-21 19:27",
    b: `**Daan Visser** (@daan@swiftdev.social) mentioned you:

@kenji Finally shipped the interactive widget for my tram app thanks to your thread last month 🙏 Did you ever get the App Intents to refresh reliably on the lock screen, or is it still hit and miss for you too?

[View](https://swiftdev.social/@daan/113548201) · [Reply](https://swiftdev.social/@daan/113548201)

You are receiving this email because you are a member of swiftdev.social. [Manage e-mail notifications](https://swiftdev.social/settings/preferences/notifications)`,
    L: "l/request/social",
    why: "a mention on a social instance with a casual question from a friend: relayed social chatter, low priority",
  }),
  benkyokai({
    s: "【参加登録受付中】iOSDC 2026 振り返り LT会 @渋谷",
    d: "11-18 18:00",
    b: `# 新しいイベントが公開されました

あなたがメンバーのグループ **Tokyo Swift Meetup** が新しいイベントを公開しました。

**iOSDC 2026 振り返り LT会**
12月10日（木）19:30〜21:30
渋谷・道玄坂のイベントスペース（詳細は参加者のみ）

定員 50名（現在 18名 登録）・参加費 無料・LT枠 あと3枠

[参加登録する](https://benkyokai.jp/event/41207/) ・ [LTに応募する](https://benkyokai.jp/event/41207/lt)`,
    L: "l/meet/social",
    why: "an event announcement from a community platform's group: social and low priority",
  }),

  // --- elena ---
  scholaria({
    s: "Tienes un mensaje nuevo de Priyanka Desai",
    d: "11-23 16:20",
    b: `# Mensaje nuevo

**Priyanka Desai** · Doctoranda, University of Edinburgh

"Dear Dr Ruiz Arnaiz, I read your LREC paper on code-switching in Spanish–Galician tweets with great interest. Would it be possible to get access to the annotated corpus for my thesis, or is it only available on request through your group? Happy to sign any data agreement."

[Responder en Scholaria](https://www.scholaria.net/messages/t/55019)

Puedes cambiar qué mensajes te avisamos por correo en [Configuración](https://www.scholaria.net/settings/notifications).`,
    L: "l/request/social",
    why: "a stranger's request relayed as an academic network message: the guide makes relayed network messages social; low priority, answered on the site",
  }),
  scholaria({
    s: "Tu artículo se ha leído 48 veces esta semana",
    d: "11-22 07:00",
    b: `Hola Elena,

Tu artículo **"Code-switching detection in Spanish–Galician social media"** se ha leído **48 veces** esta semana, un 30 % más que la anterior.

Lectores de: Universidade de Santiago de Compostela, Universität Stuttgart, University of Edinburgh y 9 instituciones más.

[Ver estadísticas](https://www.scholaria.net/stats) · [Añadir la versión publicada](https://www.scholaria.net/publication/881204/edit)`,
    L: "l/fyi/social",
    why: "readership statistics from an academic network: a social nudge that asks nothing",
  }),
  scholaria({
    s: "Tu contraseña de Scholaria se ha cambiado",
    // account mail: no bulk headers, no unsubscribe
    kind: "system",
    unsub: undefined,
    d: "11-25 13:48",
    b: `Hola Elena,

La contraseña de tu cuenta de Scholaria (elena@ruizarnaiz.es) se cambió el 25 de noviembre de 2026 a las 13:47 desde Firefox en Linux (Madrid, España).

Si has sido tú, no tienes que hacer nada.

Si no has sido tú, entra en scholaria.net desde tu navegador y usa "¿Has olvidado tu contraseña?" para recuperar la cuenta. Nunca te pediremos la contraseña por correo.`,
    L: "i/fyi/notification",
    why: "guide rule 4: the reader changed her password herself minutes before (her browser, Madrid), so the notice is informational; security mail is a notification",
  }),
  threadit({
    s: "u/tokenizer_tom replied to your comment in r/LanguageTechnology",
    d: "11-24 23:05",
    b: `**u/tokenizer_tom** replied to your comment in **r/LanguageTechnology**

> **Your comment:** For Galician, most multilingual tokenizers split the clitics badly; we got better results after a small pre-split rule.

"Interesting, do you have that rule written up anywhere? Is it in the repo of your paper?"

[Reply](https://www.threadit.com/r/LanguageTechnology/comments/1gq7x2/comment/lx88k1/) · [View thread](https://www.threadit.com/r/LanguageTechnology/comments/1gq7x2/)

[Unsubscribe](https://www.threadit.com/mail/unsubscribe/comment_reply) from comment reply emails or change your [email settings](https://www.threadit.com/settings/emails).`,
    L: "l/request/social",
    why: "a stranger's follow-up question to the reader's comment, relayed by a discussion site: social and low priority",
  }),
  forumLc({
    s: "[Forum LC Italia] Risposta: Licenza del corpus PAISÀ per uso commerciale?",
    d: "11-19 11:52",
    b: `**Giorgio Santini** ha risposto al tuo argomento:

> Licenza del corpus PAISÀ per uso commerciale?

Ciao Elena, la licenza del PAISÀ è CC BY-SA 4.0 per la parte di testi da Wikipedia e CC BY-NC-SA 3.0 per il resto, quindi per un uso commerciale puoi usare solo il sottoinsieme Wikipedia (circa il 60% dei token). Nel file di metadati c'è il campo \`source\` per filtrare. Per un progetto finanziato, l'uso in ricerca con pubblicazione dei risultati è comunque considerato non commerciale: lo abbiamo chiesto al gruppo che lo mantiene l'anno scorso.

[Vai all'argomento](https://forum.linguistica-computazionale.it/t/licenza-paisa-uso-commerciale/812/2)

Ricevi questa email perché hai aperto l'argomento. [Annulla l'iscrizione](https://forum.linguistica-computazionale.it/email/unsubscribe/e41).`,
    L: "i/fyi/social",
    why: "a useful answer to the reader's own question on a community forum: informational, nothing to do; community platforms are social",
  }),
  quedadas({
    s: "Recordatorio: PLN Madrid – mañana a las 19:00",
    d: "11-24 19:00",
    b: `# Te esperamos mañana

Hola Elena,

Has confirmado tu asistencia a:

**PLN Madrid #34: Evaluar LLMs en español sin engañarnos**
Miércoles 25 de noviembre, 19:00
Campus de Google for Startups, Calle de Moreno Nieto 2, Madrid

62 asistentes · 15 en lista de espera

Si al final no puedes venir, [cancela tu plaza](https://quedadas.es/pln-madrid/eventos/2294/asistencia) para que pueda entrar alguien de la lista de espera.`,
    L: "i/meet/social",
    why: "a meetup platform's reminder for an event the reader already confirmed: informational, nothing to do",
  }),
  zancada({
    s: "Rafa Ruiz ha comentado tu actividad",
    d: "11-26 20:14",
    b: `**Rafa Ruiz** ha comentado tu carrera **Rodaje Casa de Campo** (8,2 km):

"¡Vaya ritmo! ¿Te apunto a la San Silvestre conmigo y con Carmen? Quedan pocos dorsales."

[Responder](https://zancada.app/actividades/3318820#comentarios) · [Dar ánimos](https://zancada.app/actividades/3318820)`,
    L: "l/request/social",
    why: "a brother's question relayed as a comment by a running app: relayed chatter stays social and low priority",
  }),
];
