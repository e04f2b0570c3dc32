import { type Spec, sender } from "../spec.ts";

/**
 * Short notes from friends, colleagues and family (train only, `s1r-` orgs), written one by one:
 * the kind of two-line mail someone saves as an .eml and runs `npm run -s triage --` on, with no
 * reader, labels or server stamps (h/degrade2). Colleagues asking to meet or for a file, friends
 * proposing plans, family asking for a call, and thank-yous that ask nothing, in several languages.
 */
const ines = sender({
  org: "s1r-amigas-porto",
  p: "lucas",
  from: "Inês Carvalho <ines.carvalho.pt@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
});
const ruiCol = sender({
  org: "s1r-atelier-baixa",
  p: "lucas",
  from: "Rui Tavares <rui.tavares@atelier-baixa.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const maeLucas = sender({
  org: "s1r-familia-ferreira",
  p: "lucas",
  from: "Graça Ferreira <gracaferreira1958@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
});
const jonas = sender({
  org: "s1r-kollegen-kreuzberg",
  p: "maya",
  from: "Jonas Brandt <jonas.brandt@kreuzberg-data.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
});
const priya = sender({
  org: "s1r-kollegen-kreuzberg",
  p: "maya",
  from: "Priya Raman <priya.raman@kreuzberg-data.de>",
  kind: "person",
  shape: "apple",
});
const dad = sender({
  org: "s1r-okafor-family",
  p: "maya",
  from: "Chidi Okafor <chidi.okafor.sr@btinternet.com>",
  kind: "person",
  shape: "plain",
});
const lotte = sender({
  org: "s1r-climbing-friends",
  p: "maya",
  from: "Lotte Meijer <lotte.meijer@proton.me>",
  kind: "person",
  shape: "mobile",
});
const carmen = sender({
  org: "s1r-oficina-chamartin",
  p: "elena",
  from: "Carmen Vidal <carmen.vidal@estudio-chamartin.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const pablo = sender({
  org: "s1r-amigos-malasana",
  p: "elena",
  from: "Pablo Iglesias Ruiz <pablo.iglesias.ruiz@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const tia = sender({
  org: "s1r-familia-ruiz",
  p: "elena",
  from: "Pilar Ruiz <pilarruiz.zgz@telefonica.net>",
  kind: "person",
  shape: "plain",
  lang: "es",
});
const aoi = sender({
  org: "s1r-senpai-shibuya",
  p: "kenji",
  from: "高橋 葵 <aoi.takahashi@shibuya-apps.co.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
});
const ren = sender({
  org: "s1r-dousoukai-kobe",
  p: "kenji",
  from: "森 蓮 <ren.mori.kobe@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const claire = sender({
  org: "s1r-copains-lyon",
  p: "kenji",
  from: "Claire Dubois <claire.dubois69@orange.fr>",
  kind: "person",
  shape: "gmail",
  lang: "fr",
});
const marco = sender({
  org: "s1r-amici-bologna",
  p: "maya",
  from: "Marco Bellini <marco.bellini.bo@libero.it>",
  kind: "person",
  shape: "plain",
  lang: "it",
});

export const s1rNotes: Spec[] = [
  ines({
    s: "jantar sexta?",
    d: "11-19 19:12",
    b: `olha, estás livre sexta para jantar? pensei naquele tasco da Rua das Flores, lá para as 20h30`,
    L: "a/meet/primary",
    why: "a friend proposes dinner on a named evening and waits for a yes or no",
  }),
  ines({
    s: "obrigada!",
    d: "11-23 10:04",
    b: `Obrigada pela boleia ontem, salvaste-me a noite 🙏 beijinhos`,
    L: "i/fyi/primary",
    why: "a friend thanks him for a lift; nothing is asked",
  }),
  ruiCol({
    s: "planta do 2º piso",
    d: "11-17 09:40",
    b: `Lucas, consegues mandar-me a planta revista do 2º piso até amanhã ao meio-dia? O cliente quer ver antes da reunião.

Obrigado,
Rui`,
    L: "a/request/primary",
    why: "a colleague asks for a revised drawing by a stated time",
  }),
  ruiCol({
    s: "reunião quinta",
    d: "11-20 16:55",
    b: `Podemos ver o orçamento da obra juntos na quinta? Às 15h dá-te jeito?`,
    L: "a/meet/primary",
    why: "a colleague asks to meet on a named day at a proposed hour",
  }),
  maeLucas({
    s: "liga-me",
    d: "11-21 18:30",
    b: `Filho, liga-me hoje à noite quando puderes, é por causa do Natal em casa da tia. Beijinhos, mãe`,
    L: "a/request/primary",
    why: "his mother asks for a call tonight about Christmas plans; nothing is lost if it waits a day",
  }),
  jonas({
    s: "Kurze Frage",
    d: "11-18 11:20",
    b: `Hi Maya, hast du morgen um 10 kurz Zeit für einen Call zum Datenexport? 15 Minuten reichen.

Jonas`,
    L: "a/meet/primary",
    why: "a colleague asks for a short call at a set time tomorrow",
  }),
  jonas({
    s: "Danke fürs Review",
    d: "11-24 17:48",
    b: `Danke fürs schnelle Review, ist jetzt gemergt. Schönen Feierabend!`,
    L: "i/fyi/primary",
    why: "a colleague thanks her and reports the merge; nothing to do",
  }),
  priya({
    s: "slides for monday",
    d: "11-21 15:03",
    b: `could you send me your two slides for monday's all-hands by friday evening? just the numbers one and the roadmap one is fine

thanks!`,
    L: "a/request/primary",
    why: "a colleague asks for two slides by a stated day",
  }),
  priya({
    s: "running late",
    d: "11-25 09:52",
    b: `train's stuck outside Ostkreuz, I'll be 20 min late to standup, start without me`,
    L: "i/fyi/primary",
    why: "a colleague says she is late; the team goes on without an answer",
  }),
  dad({
    s: "Sunday",
    d: "11-15 12:10",
    b: `Maya, are you still coming for lunch on Sunday? Your mother wants to know whether to cook for four or five.

Dad`,
    L: "a/request/primary",
    why: "her father needs a yes or no and a head count for a family lunch",
  }),
  lotte({
    s: "bouldern?",
    d: "11-22 08:15",
    b: `anyone up for bouldering tomorrow after work? thinking 7 at the hall on Revaler Str`,
    L: "a/propose/primary",
    why: "a friend proposes a climbing session; an invitation to answer",
  }),
  carmen({
    s: "contrato Alcalá",
    d: "11-18 13:27",
    b: `Elena, ¿me puedes reenviar el contrato firmado de Alcalá antes de las 17h? Lo necesito para la notaría.

Gracias,
Carmen`,
    L: "u/request/primary",
    why: "a colleague needs a signed contract for the notary before 17h today; waiting misses it",
  }),
  carmen({
    s: "café",
    d: "11-24 09:05",
    b: `¿Nos vemos el miércoles a las 11 para repasar lo de Getafe? Te invito al café.`,
    L: "a/meet/primary",
    why: "a colleague proposes a meeting on a named day and hour",
  }),
  pablo({
    s: "cumple de Irene",
    d: "11-16 21:40",
    b: `oye que el sábado celebramos el cumple de Irene en el Penta, desde las 22h, vente!!`,
    L: "a/propose/primary",
    why: "a friend invites her to a birthday night; she may answer or just come",
  }),
  tia({
    s: "recuerdos",
    d: "11-20 10:33",
    b: `Querida Elena, ya hemos llegado a Zaragoza, el viaje muy bien. Muchos recuerdos a Jaime y a los niños. Un abrazo, tía Pilar`,
    L: "i/fyi/primary",
    why: "an aunt says they arrived well; family news, nothing asked",
  }),
  aoi({
    s: "来週の打ち合わせ",
    d: "11-19 14:02",
    b: `佐藤さん

来週火曜の午後、新機能の件で30分ほど打ち合わせできますか？15時はいかがでしょう。

高橋`,
    L: "a/meet/primary",
    why: "a colleague asks for a half-hour meeting next Tuesday and proposes a time",
  }),
  aoi({
    s: "資料ありがとうございました",
    d: "11-22 18:40",
    b: `資料ありがとうございました。とても分かりやすかったです。月曜日にまた相談させてください。`,
    L: "i/fyi/primary",
    why: "a colleague thanks him for documents; the follow-up is a vague later",
  }),
  ren({
    s: "今度飲もう",
    d: "11-13 22:51",
    b: `久しぶり！来月神戸に帰るんだけど、12日の夜あいてる？三宮で飲もうよ`,
    L: "a/propose/primary",
    why: "an old classmate proposes drinks on a named evening",
  }),
  claire({
    s: "dimanche",
    d: "11-21 11:18",
    b: `Coucou Kenji ! Tu serais dispo dimanche midi pour un brunch chez nous ? Dis-moi avant vendredi 😊`,
    L: "a/propose/primary",
    why: "a friend invites him to brunch and asks for an answer by Friday",
  }),
  marco({
    s: "foto della gita",
    d: "11-26 20:02",
    b: `Ciao Maya, ti ho caricato le foto della gita sul drive di famiglia, ci sono anche quelle del lago. A presto!`,
    L: "i/deliver/primary",
    why: "a friend says he shared the trip photos; delivered, nothing asked",
  }),
];
