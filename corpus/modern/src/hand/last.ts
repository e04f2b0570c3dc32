import { type Spec, sender } from "../spec.ts";

/** A last batch: lists, communities and promises across the four readers. */
const debianList = sender({
  org: "debian-devel",
  p: "maya",
  from: "Sven Bergmann <sven@debian-example.org>",
  kind: "person",
  shape: "plain",
  auth: "list",
  list: { id: "debian-devel.lists.debian.org", archive: "https://lists.debian.org/debian-devel/" },
  ua: "Mutt/2.2.13 (2024-03-09)",
});
const honoDisc = sender({
  org: "github",
  p: "maya",
  from: "yusukebe <notifications@github.com>",
  kind: "system",
  shape: "alt",
  host: "out-28.smtp.github.com",
  bounce: "noreply@github.com",
  list: {
    id: "honojs.hono.github.com",
    post: "reply@reply.github.com",
    unsub: "https://github.com/notifications/unsubscribe-auth/AB4XQ",
  },
  g: ["INBOX", "CATEGORY_UPDATES"],
});
const iosJp = sender({
  org: "ios-dev-jp",
  p: "kenji",
  from: "渡辺 拓也 <takuya.w@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
  auth: "list",
  list: { id: "iosdev-jp.googlegroups.com" },
});
const connpassGroup = sender({
  org: "connpass",
  p: "kenji",
  from: "connpass <no-reply@connpass.com>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const oaForum = sender({
  org: "ordem-arquitectos",
  p: "lucas",
  from: "Fórum OASRS <forum@oasrs.org>",
  kind: "system",
  shape: "plain",
  lang: "pt",
  list: { id: "forum.oasrs.org" },
});
const camara = sender({
  org: "camara-sintra",
  p: "lucas",
  from: "Tiago Nunes <tiago.nunes@camara-sintra.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const ana = sender({
  org: "fct-lisboa",
  p: "elena",
  from: "Ana Sousa <ana.sousa@fct-example.pt>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const corpora = sender({
  org: "corpora-list",
  p: "elena",
  from: "Kevin Scannell <kscannell@slu-example.edu>",
  kind: "person",
  shape: "plain",
  auth: "list",
  list: {
    id: "corpora.list.elra.info",
    archive: "https://list.elra.info/mailman3/hyperkitty/list/corpora@list.elra.info/",
  },
});
const dev = sender({
  org: "ferrow",
  p: "maya",
  from: "Dev Patel <dev.patel@ferrow.io>",
  kind: "person",
  shape: "gmail",
});
const yui = sender({
  org: "friends-tokyo",
  p: "kenji",
  from: "田中 結衣 <yui.tanaka@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});
const tiago = sender({
  org: "friends-lisbon",
  p: "lucas",
  from: "Tiago Matos <tiago.matos.design@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const marco = sender({
  org: "unibo",
  p: "elena",
  from: "Marco Bellini <marco.bellini@unibo.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
});

export const last: Spec[] = [
  debianList({
    s: "Re: Dropping i386 from testing",
    d: "11-24 23:40",
    b: `On Mon, Nov 23, 2026 at 10:12:04PM +0100, Paul Gevers wrote:
> Unless someone steps up to maintain the i386 installer images,
> we'll stop building them after the freeze.

Multiarch i386 userland is still needed for a few proprietary
games and old printer drivers. Can we keep the libraries and drop
only the installer and kernel? That seems to be what most people
in this thread want.

Sven`,
    to: "debian-devel@lists.debian.org",
    re: true,
    L: "l/propose/newsletter",
    why: "list traffic in a thread the reader only reads",
  }),
  honoDisc({
    s: "Re: [honojs/hono] RFC: first-class OpenAPI in core (Discussion #5101)",
    d: "11-19 02:10",
    b: `@maya-okafor thanks for the detailed write-up on how you use zod-openapi at Ferrow. Would you be willing to try the branch \`feat/openapi-core\` on one of your services and report back in this thread? Even a "works / doesn't" is valuable before we decide.

—
[View it on GitHub](https://github.com/honojs/hono/discussions/5101#discussioncomment-118)
You are receiving this because you were mentioned.`,
    L: "a/request/notification",
    why: "a maintainer asks the reader, by name, to try a branch; no deadline",
  }),
  iosJp({
    s: "Re: TestFlightの外部テスター上限について",
    d: "11-21 11:30",
    b: `佐藤さん

ご質問の件、外部テスターの上限は10,000人ですが、グループごとに公開リンクの上限を設定できます。うちではβ版を段階的に配るのに使っています。設定画面のスクリーンショットが必要なら送ります。

渡辺`,
    to: "iosdev-jp@googlegroups.com",
    cc: "Kenji Sato <kenji.sato.dev@gmail.com>",
    re: true,
    L: "i/fyi/primary",
    why: "a human list reply answering the reader's own question (primary per the guide)",
  }),
  connpassGroup({
    s: "【Swift愛好会】vol.92 の開催が決定しました",
    d: "11-25 12:00",
    b: `Swift愛好会 のメンバーの皆さまへ

vol.92 を 12月16日（水）19:30 から開催します。テーマは「Swift 6.2 移行の実践」です。参加登録はこちらから。

https://swift-aikokai.connpass.com/event/413210/`,
    L: "l/meet/social",
    why: "a community group's event notice to all members",
  }),
  oaForum({
    s: "[Fórum OASRS] Re: Licenciamento em Sintra - prazos",
    d: "11-22 21:00",
    b: `Respondendo ao colega Lucas Ferreira: em Sintra, os pedidos de elementos costumam ser 15 dias úteis, mas a contagem suspende-se com a entrega parcial. Convém pedir por escrito a confirmação da suspensão.

— Rui Patrício, arquiteto`,
    L: "i/fyi/social",
    why: "a community forum answer to the reader's own question; useful, no action",
  }),
  camara({
    s: "RE: Processo 2026/OB/1184 - elementos recebidos",
    d: "12-01 10:15",
    b: `Caro Arquiteto,

Acusamos a receção dos elementos adicionais. O processo segue para apreciação técnica; será notificado da decisão no prazo legal de 30 dias.

Com os melhores cumprimentos,
Tiago Nunes`,
    L: "i/commit/primary",
    why: "the municipality confirms receipt and says a decision will follow",
  }),
  ana({
    s: "Vou enviar as estatísticas na segunda",
    d: "11-27 18:00",
    b: `Elena,

Ainda não consegui correr as estatísticas de concordância para o artigo, o servidor esteve em baixo. Envio-te tudo na segunda de manhã, sem falta.

Beijinhos,
Ana`,
    L: "i/commit/primary",
    why: "a collaborator promises results on Monday",
  }),
  corpora({
    s: "[Corpora-List] Re: Tokenising Catalan clitics",
    d: "11-19 03:20",
    b: `Elena -- one more data point: for Irish we found that keeping
clitic-like particles attached and splitting later also made the
annotators faster, because they never had to re-join tokens.
Our guidelines are linked from the repo README if useful.

Kevin`,
    to: "corpora@list.elra.info",
    cc: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>",
    re: true,
    L: "i/fyi/primary",
    why: "a second human reply to the reader's own list question, naming her",
  }),
  dev({
    s: "I'll cover the Nordlicht call",
    d: "11-25 09:35",
    b: `Maya — saw Ahmed's mail. You're still deep in the replay fix, so I'll take the 11:00 call with Katrin and bring her the timeline. I'll ping you only if they ask something I can't answer.

Dev`,
    L: "i/commit/primary",
    why: "a colleague takes over a call for the reader",
  }),
  yui({
    s: "忘年会の場所決まったよ",
    d: "11-30 20:00",
    b: `忘年会、恵比寿の「炉端 かぶ」に決まりました！12月19日19時から、コースで一人5,000円くらい。カレンダー招待送っておくね。`,
    L: "i/commit/primary",
    why: "a friend reports the venue and promises an invitation",
  }),
  tiago({
    s: "Logótipo do atelier",
    d: "11-23 16:10",
    b: `Lucas, fiz três propostas para o teu novo logótipo, estão na pasta partilhada. Diz-me qual preferes até sexta e eu finalizo no fim de semana.

Enviado do meu iPhone`,
    L: "a/request/primary",
    why: "a designer friend delivers options and asks for a choice by Friday",
  }),
  marco({
    s: "Lettera di invito ufficiale",
    d: "11-20 09:00",
    b: `Cara Elena,

ti mando la lettera di invito ufficiale firmata dal direttore, ti servirà per la missione con la tua università.

Marco`,
    att: [
      {
        name: "lettera_invito_RuizArnaiz.pdf",
        text: "Universita di Bologna\nDipartimento DIPLA\nLettera di invito\nDott.ssa Elena Ruiz Arnaiz\nSeminario 10 dicembre 2026",
      },
    ],
    L: "i/deliver/primary",
    why: "a host delivers an official document",
  }),
];
