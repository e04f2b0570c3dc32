import { type Spec, sender } from "../spec.ts";

/**
 * Short personal mail (train only, `s1p-` orgs), written one by one: friends, family and
 * neighbours writing a line or two, lower case, from free-mail addresses, with the words 2002-era
 * spam also used ("free", "urgent", "money", "tickets", "winner", "call me") in their everyday
 * sense. A person's "dinner saturday?" scored as spam in the CLI, and "call me when you get a
 * chance, nothing urgent" from a mother too: the corpus had few short notes among friends. Most
 * senders are people the reader wrote to (their contacts); a few are first contacts who are real
 * (a new neighbour, a parent from the kids' school, an old classmate), each with nothing to click
 * and nothing to pay.
 */
const rafa = sender({
  org: "s1p-amigos-sevilla",
  p: "elena",
  from: "Rafa Morales <rafamorales84@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "es",
});
const lucia = sender({
  org: "s1p-amigos-sevilla",
  p: "elena",
  from: "Lucía Campos <lucia.campos.v@hotmail.es>",
  kind: "person",
  shape: "plain",
  lang: "es",
});
const vecina = sender({
  org: "s1p-vecinos-chamberi",
  p: "elena",
  from: "Marisa Ortega <marisa.ortega.1961@yahoo.es>",
  kind: "person",
  shape: "plain",
  lang: "es",
});
const bea = sender({
  org: "s1p-familia-arnaiz",
  p: "elena",
  from: "Bea Arnaiz <bea.arnaiz@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const tom = sender({
  org: "s1p-friends-leeds",
  p: "maya",
  from: "Tom Whitaker <tomwhitaker.leeds@gmail.com>",
  kind: "person",
  shape: "gmail",
});
const jess = sender({
  org: "s1p-friends-leeds",
  p: "maya",
  from: "Jess Okoro <jess.okoro@outlook.com>",
  kind: "person",
  shape: "mobile",
});
const nachbar = sender({
  org: "s1p-nachbarn-wrangelkiez",
  p: "maya",
  from: "Paul Schreiber <p.schreiber@web.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
});
const babcia = sender({
  org: "s1p-rodzina-okafor",
  p: "maya",
  from: "Halina Nowak <halina.nowak52@interia.pl>",
  kind: "person",
  shape: "plain",
  lang: "pl",
  charset: "utf-8",
  cte: "quoted-printable",
});
const klasse = sender({
  org: "s1p-abi-jahrgang",
  p: "maya",
  from: "Svenja Kramer <svenja.kramer@gmx.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
});
const ines = sender({
  org: "s1p-amigos-porto",
  p: "lucas",
  from: "Inês Vaz <ines.vaz.porto@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const tio = sender({
  org: "s1p-familia-ferreira",
  p: "lucas",
  from: "Joaquim Ferreira <jquim.ferreira@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
});
const escola = sender({
  org: "s1p-pais-escola-anjos",
  p: "lucas",
  from: "Sofia Lemos <sofialemos.mae@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const giulia = sender({
  org: "s1p-amici-torino",
  p: "lucas",
  from: "Giulia Ferraro <giulia.ferraro@libero.it>",
  kind: "person",
  shape: "apple",
  lang: "it",
});
const camille = sender({
  org: "s1p-copains-rennes",
  p: "lucas",
  from: "Camille Le Goff <camille.legoff@free.fr>",
  kind: "person",
  shape: "plain",
  lang: "fr",
});
const sho = sender({
  org: "s1p-tomodachi-osaka",
  p: "kenji",
  from: "山本 翔 <sho.yamamoto@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});
const haha = sender({
  org: "s1p-tomodachi-osaka",
  p: "kenji",
  from: "佐藤 恵子 <keiko.sato.home@ezweb.ne.jp>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const daan = sender({
  org: "s1p-vrienden-utrecht",
  p: "kenji",
  from: "Daan Visser <daan.visser@kpnmail.nl>",
  kind: "person",
  shape: "plain",
  lang: "nl",
});

export const s1pPersonal: Spec[] = [
  rafa({
    s: "cena el sábado?",
    d: "11-18 20:41",
    b: `oye, ¿estás libre el sábado para cenar? he pensado en el vietnamita de la calle Feria, sobre las 9

Enviado desde mi iPhone`,
    L: "a/meet/primary",
    why: "a friend proposes dinner on a named day and needs a yes or no; nothing to click or pay",
  }),
  rafa({
    s: "entradas gratis",
    d: "11-09 13:02",
    b: `Me han regalado dos entradas GRATIS para el Betis el domingo, ¿te vienes? Si no, se las doy a mi primo

Enviado desde mi iPhone`,
    L: "a/propose/primary",
    why: "a friend offers a free ticket to a match; 'gratis' is literal, not a lure",
  }),
  lucia({
    s: "te debo dinero",
    d: "11-12 22:15",
    b: `Elena, que no se me olvide: te debo 18 euros de la cena del jueves. Te hago un Bizum mañana.

Un beso`,
    L: "i/commit/primary",
    why: "a friend says she will pay back a small sum; an everyday mention of money between friends",
  }),
  vecina({
    s: "paquete",
    d: "11-20 11:30",
    b: `Hola, soy Marisa, la vecina del 3ºB. Tengo un paquete suyo que dejó el repartidor esta mañana. Estoy en casa toda la tarde, pásese cuando quiera. No es urgente.`,
    L: "a/request/primary",
    why: "a new neighbour (first contact) holds a parcel; nothing to click, nothing to pay, no rush",
  }),
  bea({
    s: "GANADORA!!!",
    d: "11-05 19:50",
    b: `¡¡Me ha tocado el sorteo de la asociación!! Una cesta de Navidad enorme 😂 Este año la compartimos en casa de mamá.`,
    L: "i/fyi/primary",
    why: "a sister shares she won a neighbourhood raffle; 'winner' news between family, nothing asked",
  }),
  tom({
    s: "pub quiz thurs",
    d: "11-16 18:22",
    b: `we're a person down for the quiz on thursday, you in? winner gets a £50 bar tab, loser buys the first round`,
    L: "a/propose/primary",
    why: "a friend asks her to join a pub quiz; the prize and the money are banter",
  }),
  jess({
    s: "call me",
    d: "11-21 09:48",
    b: `call me when you get a sec, nothing urgent — just want to pick your brain about the flat in Neukölln

Sent from my iPhone`,
    L: "a/request/primary",
    why: "a friend asks for a call with no time pressure; 'call me' is not a callback scam here",
  }),
  jess({
    s: "Re: birthday",
    d: "11-23 23:05",
    b: `haha yes!! count me in. I'll bring the cake, you do the playlist`,
    re: true,
    L: "i/commit/primary",
    why: "a friend's reply committing to bring the cake; nothing for the reader to do",
  }),
  nachbar({
    s: "Bohrmaschine",
    d: "11-10 17:40",
    b: `Hallo, ich bin Paul aus dem 2. OG, wir sind letzte Woche eingezogen. Hätten Sie am Samstag kurz eine Bohrmaschine zum Leihen? Wäre super, aber kein Stress.

Viele Grüße
Paul`,
    L: "a/request/primary",
    why: "a new neighbour (first contact) asks to borrow a drill; an everyday ask with nothing to click",
  }),
  babcia({
    s: "Święta",
    d: "11-19 16:12",
    b: `Kochanie, przyjedziecie na Wigilię? Dziadek pyta, czy ma kupić karpia. Zadzwoń, jak znajdziesz chwilę, nic pilnego.

Babcia`,
    L: "a/request/primary",
    why: "a grandmother asks about Christmas Eve plans and for a call, explicitly not urgent",
  }),
  klasse({
    s: "20 Jahre Abi!",
    d: "11-08 10:30",
    b: `Hallo Maya, lange nicht gesehen! Ich organisiere unser 20-jähriges Abi-Treffen am 13. Juni in Krakau... nein, Spaß, in Leipzig 😄 Bist du dabei? Die Adresse habe ich von Anke.

Liebe Grüße, Svenja`,
    L: "a/meet/primary",
    why: "an old classmate (first contact at this address) invites her to a reunion; says where she got the address",
  }),
  ines({
    s: "jantar sexta?",
    d: "11-17 19:33",
    b: `estás livre sexta? vamos àquela tasca em Campo de Ourique, eu pago desta vez 😅

Enviado do meu iPhone`,
    L: "a/meet/primary",
    why: "a friend proposes dinner on Friday; 'I pay' between friends is not a money scam",
  }),
  tio({
    s: "as fotografias do batizado",
    d: "11-11 21:00",
    b: `Olá Lucas, as fotografias do batizado já estão prontas. Vou levá-las no domingo ao almoço da avó, não precisas de fazer nada.

Um abraço do tio Joaquim`,
    L: "i/fyi/primary",
    why: "an uncle says he will bring the christening photos on Sunday; nothing to do",
  }),
  tio({
    s: "dinheiro para a prenda",
    d: "11-24 20:15",
    b: `Lucas, para a prenda da avó ficou 25 euros a cada um. Quando puderes manda por MB Way para o meu número de sempre, sem pressa.`,
    L: "a/request/primary",
    why: "family splitting a gift asks him to pay back 25 euros to the usual number, no rush; a known relative",
  }),
  escola({
    s: "boleia para a festa da escola",
    d: "11-13 08:05",
    b: `Bom dia! Sou a mãe da Leonor, da turma da Marta. Amanhã posso levar as duas para a festa da escola se der jeito, saio às 17h. Diga-me qualquer coisa.

Enviado do meu telemóvel`,
    L: "a/propose/primary",
    why: "a parent from the child's class (first contact) offers a lift; real, with nothing to click or pay",
  }),
  giulia({
    s: "biglietti gratis per la mostra",
    d: "11-14 14:20",
    b: `Ciao Lucas! Al lavoro ci hanno dato dei biglietti gratuiti per la mostra alla Reggia di Venaria, ne ho due in più. Ti interessano per sabato prossimo?

Inviato da iPhone`,
    L: "a/propose/primary",
    why: "a friend offers free tickets from her workplace; 'free' in its everyday sense",
  }),
  camille({
    s: "rien d'urgent",
    d: "11-22 12:44",
    b: `Coucou, rien d'urgent, mais tu pourrais me renvoyer la recette du gâteau basque ? Je l'ai perdue et je le fais dimanche.

Bises, Camille`,
    L: "a/request/primary",
    why: "a friend asks for a recipe before Sunday and says it is not urgent",
  }),
  sho({
    s: "土曜どう？",
    d: "11-15 21:10",
    b: `土曜の夜あいてる？梅田で飲もうよ。7時くらいでどう？`,
    L: "a/meet/primary",
    why: "a friend asks about drinks on Saturday evening; a short casual invitation",
  }),
  sho({
    s: "当たった！",
    d: "11-06 12:31",
    b: `ライブのチケット、抽選で当たった！2枚あるから一緒に行こう。12月の第2土曜ね。お金は当日でいいよ`,
    L: "a/propose/primary",
    why: "a friend won concert tickets in the lottery and invites him; 'won' and 'money' are everyday here",
  }),
  haha({
    s: "電話ください",
    d: "11-19 19:02",
    b: `時間があるときに電話ください。急ぎではありません。お正月の予定を聞きたいだけです。

母`,
    L: "a/request/primary",
    why: "a mother asks for a call about New Year plans and says it is not urgent",
  }),
  daan({
    s: "fietsen zondag?",
    d: "11-20 20:50",
    b: `Hé Kenji, zin om zondag een rondje te fietsen langs de Vecht? Ik heb een fiets over voor je, gratis te leen natuurlijk 😄`,
    L: "a/propose/primary",
    why: "a friend proposes a Sunday bike ride and lends a bike for free",
  }),
  daan({
    s: "Re: fietsen zondag?",
    d: "11-22 09:15",
    b: `Top, 10 uur bij het station dan. Neem een regenjas mee, het gaat waarschijnlijk miezeren.`,
    re: true,
    L: "i/commit/primary",
    why: "a friend confirms the time and place; nothing asked",
  }),
];
