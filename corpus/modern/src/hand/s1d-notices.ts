import { type Spec, sender } from "../spec.ts";

/**
 * Hard negatives for stage 1, fourth batch (h/threats2, written for training after the freeze):
 * the legitimate mail of the worlds `s1d-threats.ts` imitates — real new contacts whose first
 * mail is only a hello ("are you there?"), a colleague and a friend collecting for a gift card
 * (nobody asks for codes), real suppliers who change banks and ask to be phoned on the known
 * number, and the employer's own phone system and a real phone service announcing a voicemail.
 * Each was written on its own; each org is train-only (new, or the train-only org that already
 * owns the sender's domain, so one domain stays one org).
 */
const nadia = sender({
  org: "s1d-climbing-nadia",
  p: "maya",
  from: "Nadia Haddad <nadia.haddad@posteo.de>",
  kind: "person",
  shape: "apple",
  lang: "en",
});
const lea = sender({
  org: "s1d-nachbarin-lea",
  p: "maya",
  from: "Lea Brandt <lea.brandt93@gmx.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
});
const irene = sender({
  org: "s1d-master-irene",
  p: "elena",
  from: "Irene Gallego <irene.gallego.ling@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const kotsuUser = sender({
  org: "s1d-kotsu-user-aoki",
  p: "kenji",
  from: "青木 直子 <naoko.aoki.77@icloud.com>",
  kind: "person",
  shape: "apple",
  lang: "ja",
});
const ines = sender({
  org: "s1d-vizinha-ines",
  p: "lucas",
  from: "Inês Cardoso <ines.cardoso.lx@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
});
const despedida = sender({
  // The department's own domain, already a train-only org (a new slug would split one domain).
  org: "s2-depto-linguistica",
  p: "elena",
  from: "Carlos Méndez <carlos.mendez@ucm-ling.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const cadeau = sender({
  org: "s1d-mariage-chloe",
  p: "lucas",
  from: "Julie Fabre <julie.fabre.lyon@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "fr",
});
const spreeBuero = sender({
  org: "s1d-spree-buerobedarf",
  p: "maya",
  from: "Spree Bürobedarf – Buchhaltung <buchhaltung@spree-buerobedarf.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
});
const imprenta = sender({
  org: "s1d-imprenta-castilla",
  p: "elena",
  from: "Imprenta Castilla – Administración <admin@imprenta-castilla.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const dialpad = sender({
  org: "s1d-dialpad",
  p: "kenji",
  from: "Dialpad <notifications@dialpad.com>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const ucmPhone = sender({
  org: "s1c-ucm-informatica",
  p: "elena",
  from: "Telefonía UCM <buzon-voz@ucm.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});

const tobias = sender({
  org: "s1d-go-meetup-tobias",
  p: "maya",
  from: "Tobias Lenz <tobias@lenz.dev>",
  kind: "person",
  shape: "plain",
  lang: "en",
});
const rui = sender({
  org: "s1d-obra-rui",
  p: "lucas",
  from: "Rui Tavares <rui.tavares@tavares-construcoes.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const marta = sender({
  org: "s1d-editorial-marta",
  p: "elena",
  from: "Marta Soler <marta.soler@edicionesriba.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const podcast = sender({
  org: "s1d-indie-podcast",
  p: "kenji",
  from: "Hannah Brooks <hannah@shipitweekly.fm>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});

export const s1dNotices: Spec[] = [
  tobias({
    s: "Coffee next week?",
    d: "11-19 12:04",
    b: `Hi Maya,

are you free for a coffee next week? I'm Tobias, I organise the Berlin Go meetup. Dev mentioned you rewrote Ferrow's ledger service and I'd love to ask whether you'd give a short talk in January.

Tuesday or Thursday near Rosenthaler Platz would work for me.

Tobias`,
    L: "a/request/primary",
    why: "a meetup organiser the reader never wrote to asks her for coffee about giving a talk; a real first contact with a plain invitation",
  }),
  rui({
    s: "Almoço na sexta?",
    d: "11-24 09:40",
    b: `Olá Lucas,

está livre para almoçar na sexta? Sou o Rui Tavares, o empreiteiro da obra ao lado da sua na Rua do Vale. O dono da obra falou-me bem do seu trabalho e temos um projeto de reabilitação em Campo de Ourique para o ano.

Pode ser no restaurante da esquina, à uma?

Cumprimentos,
Rui Tavares`,
    L: "a/meet/primary",
    why: "a contractor from the neighbouring site invites the reader to lunch about a possible project; a stranger's casual ask, nothing sensitive",
  }),
  marta({
    s: "¿Un café el jueves?",
    d: "11-20 17:22",
    b: `Hola Elena,

¿estás libre para un café el jueves por la tarde? Soy Marta Soler, editora de Ediciones Riba. Leí tu artículo sobre corpus multilingües y estamos preparando una colección de divulgación; me encantaría contarte la idea.

Puedo acercarme a la facultad, como te venga mejor.

Un saludo,
Marta`,
    L: "a/meet/primary",
    why: "an editor Elena never wrote to asks her for coffee about a book series; a real first contact",
  }),
  podcast({
    s: "Quick call on Friday?",
    d: "11-25 08:15",
    b: `Hi Kenji,

are you free for a quick call on Friday? I host Ship It Weekly, a small podcast about indie apps, and Kotsu came up in our listener mail three times this month. Would you like to be a guest in January? It's a relaxed 40-minute chat, recorded remotely.

Any time after 9 pm your time works for me.

Hannah`,
    L: "a/meet/primary",
    why: "a podcast host the reader never wrote to invites him to a call about being a guest; a stranger's casual ask with nothing sensitive",
  }),
  nadia({
    s: "Are you there?",
    d: "11-24 19:12",
    b: `Hi Maya, are you there? It's Nadia from the Thursday climbing group — Jonas gave me your email because my phone died and I lost the group chat.

Is the session this week at the Wedding hall or at the new one in Neukölln?

Nadia`,
    L: "a/request/primary",
    why: "a real new contact from the reader's climbing group writes for the first time with a plain hello and a question, asking for nothing sensitive",
  }),
  lea({
    s: "Bist du da?",
    d: "11-21 18:40",
    b: `Hallo Maya,

bist du da? Ich bin Lea aus dem 3. Stock, wir haben uns letzte Woche am Briefkasten kurz unterhalten. Bei mir liegt ein Paket für dich, der Bote hat es bei mir abgegeben. Wann passt es dir, dass ich es runterbringe?

Lea`,
    L: "a/request/primary",
    why: "a new neighbour writes for the first time about a parcel she holds for the reader; a stranger's opener with nothing asked but a time",
  }),
  irene({
    s: "Consulta sobre el TFM",
    d: "11-25 10:03",
    b: `Hola Elena, ¿estás disponible esta semana?

Soy Irene Gallego, estudiante del máster de Lingüística Computacional. La profesora Ortega me dijo que te escribiera porque mi TFM trata de anotación de corpus multilingües. ¿Tendrías 20 minutos para comentarlo? Me adapto a tu horario.

Un saludo,
Irene`,
    L: "a/request/primary",
    why: "a master's student Elena never wrote to asks for a short meeting about her thesis; a real first contact",
  }),
  kotsuUser({
    s: "はじめまして",
    d: "11-22 21:15",
    b: `佐藤さん

はじめまして、Kotsuを毎日使っている青木と申します。突然のメールで失礼します。

いつも便利に使わせていただいています。ひとつだけ、週の始まりを月曜日に変更できると嬉しいのですが、予定はありますか？

青木 直子`,
    L: "a/request/primary",
    why: "a user of Kenji's app writes for the first time with a feature question; a stranger's polite opener, nothing asked beyond an answer",
  }),
  ines({
    s: "É o Lucas arquiteto?",
    d: "11-23 12:30",
    b: `Olá Lucas, é o Lucas Ferreira, o arquiteto? Sou a Inês, vizinha do 2.º esquerdo na Rua dos Remédios. O senhor Alves do café deu-me o seu contacto.

Estamos a pensar remodelar a cozinha e gostava de saber se faz pequenos projetos. Podemos falar esta semana?

Inês Cardoso`,
    L: "a/request/primary",
    why: "a neighbour asks the reader by name whether he takes small renovation projects: a real first contact and a possible client",
  }),

  despedida({
    s: "Despedida de Pilar – tarjeta regalo",
    d: "11-23 13:10",
    b: `Hola a todos,

como sabéis, Pilar se jubila el día 12 después de treinta años en el departamento. Estamos juntando dinero para una tarjeta regalo de la Casa del Libro y un ramo de flores.

Quien quiera participar puede dejar lo que quiera en el sobre que está en secretaría hasta el miércoles. La tarjeta la compro yo y se la damos todos juntos en la comida del viernes.

Un abrazo,
Carlos`,
    L: "i/fyi/primary",
    why: "a colleague in Elena's department collects cash in an envelope for a retirement gift card he buys himself; nobody is asked for codes",
  }),
  cadeau({
    s: "cadeau commun pour Chloé et Hugo",
    d: "11-20 20:48",
    b: `Coucou Lucas,

pour le mariage de Chloé et Hugo on fait un cadeau commun : une carte cadeau pour leur voyage de noces chez leur agence. J'ai ouvert une cagnotte Lydia, tu peux participer si tu veux, même un petit montant :

[Cagnotte pour Chloé et Hugo](https://lydia-app.com/pots/chloe-hugo-mariage)

Je leur donnerai la carte le jour J avec le petit mot de tout le monde.

Bises, Julie`,
    L: "a/request/primary",
    why: "a friend the reader writes to organises a shared wedding present through a Lydia pot; the gift card is bought and handed over by her",
  }),
  spreeBuero({
    s: "AW: Rechnung 2026-4471 Bürostühle",
    d: "11-24 14:02",
    re: true,
    q: {
      from: "Maya Okafor <maya.okafor@ferrow.io>",
      d: "11-24 10:15",
      b: "Danke, die Stühle sind da. Ich gebe die Rechnung diese Woche frei.",
    },
    b: `Hallo Frau Okafor,

danke für die Rückmeldung. Zur Info: Ab 1. Januar 2027 wechseln wir zur Berliner Sparkasse, bis dahin bleibt alles wie es ist. Die Rechnung 2026-4471 bitte noch wie gewohnt auf das bisherige Konto.

Die neue Bankverbindung teilen wir Ihnen nur schriftlich per Post mit. Wenn Sie eine Mail mit anderen Kontodaten erhalten, rufen Sie uns bitte unter der Nummer auf Ihrer Rechnung an (030 4401 7720).

Mit freundlichen Grüßen
Jana Krüger
Buchhaltung, Spree Bürobedarf GmbH`,
    L: "i/fyi/primary",
    why: "a real supplier answers in the reader's thread from its own domain, announces a bank change for next year and tells her to phone the number on the invoice",
  }),
  imprenta({
    s: "RE: Factura 2026/1203 – programas del workshop",
    d: "11-25 12:40",
    re: true,
    q: {
      from: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>",
      d: "11-25 09:30",
      b: "Recibidos los programas, muchas gracias. Hago la transferencia esta semana.",
    },
    b: `Hola Elena,

gracias. Te comento que en enero cambiamos de banco. Para esta factura usa la cuenta de siempre; para las siguientes te mandaremos el nuevo número en la propia factura, firmada.

Si algún día recibes un correo nuestro con una cuenta distinta, no lo pagues sin llamarnos antes al 91 447 20 31, que es el número de siempre.

Un saludo,
Raquel – Administración, Imprenta Castilla`,
    L: "i/fyi/primary",
    why: "the reader's real print shop replies in her thread from its own domain, mentions a future bank change and asks her to phone the known number before paying anything different",
  }),

  dialpad({
    s: "New voicemail from +81 3 5550 1290",
    d: "11-21 16:22",
    b: `# New voicemail

**+81 3 5550 1290** left you a 0:52 voicemail on your Kotsu Support line.

Transcript: "Hi, this is Mori from the App Store editorial team, please call me back about the feature next month."

[Listen in Dialpad](https://dialpad.com/app/voicemail/6622913)

You are receiving this because voicemail notifications are on for your Dialpad number.`,
    L: "a/fyi/notification",
    why: "the reader's own phone service (Dialpad) announces a voicemail on his support line, from and linking to its own domain",
  }),
  ucmPhone({
    s: "Nuevo mensaje en su buzón de voz (ext. 4417)",
    d: "11-20 13:05",
    b: `Tiene un nuevo mensaje en el buzón de voz de su extensión 4417.

Llamante: ext. 4402 (Secretaría del Departamento)
Duración: 0:29

Puede escucharlo desde el teléfono de su despacho marcando *98 o en el portal de telefonía de la universidad con su cuenta institucional.

Servicio de Telefonía – Universidad Complutense`,
    L: "i/fyi/notification",
    why: "the university's own phone system announces a voicemail on Elena's office extension and points to the desk phone or the university portal",
  }),
];
