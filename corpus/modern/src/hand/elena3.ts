import { type Spec, sender } from "../spec.ts";

/** A third batch for Elena. */
const p = "elena";
const alvarez = sender({
  org: "ucm",
  p,
  from: "Julia Álvarez <j.alvarez@ucm-example.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const moreno = sender({
  org: "ucm",
  p,
  from: "Carlos Moreno <c.moreno@ucm-example.es>",
  kind: "person",
  shape: "plain",
  lang: "es",
  ua: "Mozilla Thunderbird 128.5.0esr",
});
const decanato = sender({
  org: "ucm",
  p,
  from: "Decanato Filología <decanato.filologia@ucm-example.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const marco = sender({
  org: "unibo",
  p,
  from: "Marco Bellini <marco.bellini@unibo.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
});
const giulia = sender({
  org: "romance-nlp-workshop",
  p,
  from: "Giulia Ferraro <giulia.ferraro@unipd-example.it>",
  kind: "person",
  shape: "gmail",
});
const ana = sender({
  org: "fct-lisboa",
  p,
  from: "Ana Sousa <ana.sousa@fct-example.pt>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const pieter = sender({
  org: "uva-amsterdam",
  p,
  from: "Pieter van Dijk <p.vandijk@uva-example.nl>",
  kind: "person",
  shape: "outlook",
  lang: "nl",
});
const kasia = sender({
  org: "ipipan-warsaw",
  p,
  from: "Katarzyna Nowak <k.nowak@ipipan-example.pl>",
  kind: "person",
  shape: "plain",
  lang: "pl",
  ua: "Mozilla Thunderbird 128.5.0esr",
});
const carmen = sender({
  org: "family-ruiz",
  p,
  from: "Carmen Arnaiz <carmen.arnaiz@telefonica.net>",
  kind: "person",
  shape: "plain",
  lang: "es",
  charset: "iso-8859-1",
  cte: "quoted-printable",
  ua: "Microsoft Outlook 16.0",
  auth: "softfail",
});
const irene = sender({
  org: "friends-madrid",
  p,
  from: "Irene Castaño <irenecastano@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const casero = sender({
  org: "alquiler-galileo",
  p,
  from: "Fernando Gil <fgil.alquileres@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const openreview = sender({
  org: "openreview",
  p,
  from: "OpenReview <noreply@openreview.net>",
  kind: "system",
  shape: "plain",
});
const erc = sender({
  org: "erc-funding",
  p,
  from: "ERC Executive Agency <erc-noreply@ec.europa.eu>",
  kind: "system",
  shape: "plain",
});
const aemet = sender({
  org: "aemet",
  p,
  from: "AEMET Avisos <avisos@aemet.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
});
const jotdown = sender({
  org: "jot-down",
  p,
  from: "Jot Down <newsletter@jotdown.es>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  unsub: "https://www.jotdown.es/newsletter/baja",
});
const nature = sender({
  org: "nature-briefing",
  p,
  from: "Nature Briefing <briefing@nature.com>",
  kind: "bulk",
  shape: "html",
  unsub: "https://www.nature.com/briefing/unsubscribe",
});
const linkedin = sender({
  org: "linkedin",
  p,
  from: "LinkedIn <notifications-noreply@linkedin.com>",
  kind: "bulk",
  shape: "alt",
  unsub: "https://www.linkedin.com/comm/psettings/email-unsubscribe",
});
const fnacEs = sender({
  org: "fnac-es",
  p,
  from: "Fnac España <newsletter@fnac.es>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  unsub: "https://www.fnac.es/newsletter/baja",
});

export const elena3: Spec[] = [
  alvarez({
    s: "RE: Justificación del proyecto - todo recibido",
    d: "11-26 16:20",
    b: `Elena, recibido todo. Lo subo mañana a primera hora y te mando el justificante de presentación. ¡Gracias!

Julia`,
    L: "i/commit/primary",
    why: "administration confirms receipt and promises the filing receipt",
  }),
  moreno({
    s: "Re: Seminario del grupo: ¿presentas el 10?",
    d: "11-20 09:10",
    b: `Genial, te apunto para el 10. Ojo: al final el seminario es a las 12:30 en vez de a las 12:00, porque la sala está ocupada hasta entonces.

Carlos`,
    L: "i/amend/primary",
    why: "a colleague confirms the slot and corrects the time",
  }),
  decanato({
    s: "Tribunal TFM convocatoria de febrero - designación",
    d: "11-23 12:00",
    b: `Estimada profesora:

Le comunicamos que ha sido designada vocal del tribunal de TFM del Máster en Letras Digitales, convocatoria de febrero. Las defensas tendrán lugar los días 16 y 17 de febrero. Recibirá los trabajos el 2 de febrero.

Atentamente,
Decanato de la Facultad de Filología`,
    L: "i/fyi/primary",
    why: "an appointment notice with dates far ahead; nothing to answer",
  }),
  marco({
    s: "URGENTE: camera-ready entro stasera",
    d: "12-01 10:15",
    b: `Elena,

la TACL ci ha scritto: il camera-ready va caricato entro stasera alle 23:59 (ora di Pacifico), non venerdì come pensavamo. Mi servono le tue correzioni alla sezione 3 entro le 18, così faccio il merge e carico io.

Marco`,
    L: "u/request/primary",
    why: "a co-author needs corrections by 18:00 today for a deadline tonight",
  }),
  giulia({
    s: "RomNLP: reviewer assignments are out — 2 reviewers declined",
    d: "12-02 09:00",
    b: `Hi Elena,

Assignments went out last night. Two reviewers declined (Kovač and Lindholm), so 6 papers have only one review. Could you find two replacements among your contacts this week? Reviews are due on the 20th.

Giulia`,
    L: "a/request/primary",
    why: "a co-organiser needs replacement reviewers this week",
  }),
  ana({
    s: "Correção: a versão certa é a 2.2",
    d: "11-22 10:05",
    b: `Elena, desculpa: a pasta que te mandei tinha a versão 2.1 do corpus, que ainda tem o erro nas etiquetas de clíticos. A versão certa é a 2.2, já está lá. Apaga a outra, por favor.

Ana`,
    L: "i/amend/primary",
    why: "a collaborator corrects which data version to use",
  }),
  pieter({
    s: "Vraag over jullie Aragonese corpus",
    d: "11-19 14:30",
    b: `Beste Elena,

Ik werk aan een vergelijkende studie van lidwoorden in Romaanse minderheidstalen en zou graag jullie Aragonese corpus gebruiken. Mag ik het in een publicatie citeren, en is er een voorkeurscitatie?

Met vriendelijke groet,
Pieter van Dijk`,
    L: "a/request/primary",
    why: "a researcher asks permission and a citation",
  }),
  kasia({
    s: "Zaproszenie na warsztaty w Warszawie",
    d: "11-24 11:20",
    b: `Szanowna Pani Doktor,

w imieniu organizatorów zapraszam na warsztaty o morfologii obliczeniowej, które odbędą się w Warszawie 14–15 maja 2027 r. Bylibyśmy zaszczyceni, gdyby zechciała Pani wygłosić referat plenarny. Prosimy o odpowiedź do 15 stycznia.

Z wyrazami szacunku,
Katarzyna Nowak
IPI PAN`,
    L: "a/meet/primary",
    why: "an invitation to give a keynote with an answer due in January",
  }),
  carmen({
    s: "Papá en el hospital",
    d: "11-29 08:05",
    b: `Hija,

Papá se ha caído esta mañana y le han llevado a urgencias del Hospital de Burgos, parece que es la cadera. Está bien y consciente, pero le van a operar hoy o mañana. Llámame cuando puedas.

Mamá`,
    L: "u/request/primary",
    why: "a family emergency today; the mother asks the reader to call",
  }),
  irene({
    s: "Re: ¿Cine el jueves?",
    d: "11-24 19:30",
    b: `¡Entradas compradas! Fila 7, butacas 8 y 9. Te las reenvío al móvil.`,
    L: "i/commit/primary",
    why: "a friend confirms she bought the tickets and will forward them",
  }),
  casero({
    s: "Revisión del alquiler 2027",
    d: "11-20 11:00",
    b: `Hola Elena,

Te escribo para comunicarte la actualización anual del alquiler a partir del 1 de enero, según el índice de referencia: la renta pasa de 1.150 € a 1.183 € al mes. Te adjunto el cálculo. Cualquier duda me dices.

Un saludo,
Fernando Gil`,
    att: [
      {
        name: "actualizacion_renta_2027.pdf",
        text: "Actualizacion de renta 2027\nRenta actual: 1.150,00 EUR\nIndice de referencia: +2,9%\nNueva renta: 1.183,00 EUR",
      },
    ],
    L: "i/fyi/primary",
    why: "the landlord informs of a rent update; nothing to do",
  }),
  openreview({
    s: "[ACL ARR 2026 December] Reviewer reminder: 2 reviews due tomorrow",
    d: "12-17 09:00",
    b: `Dear Elena Ruiz Arnaiz,

This is a reminder that 2 of your 3 assigned reviews for ACL Rolling Review (December 2026) are due tomorrow, 18 December, at 23:59 AoE. Late reviews delay decisions for the authors.

https://openreview.net/group?id=aclweb.org/ACL/ARR/2026/December/Reviewers`,
    L: "u/request/notification",
    why: "two reviews due tomorrow night and not yet written; must be done today",
  }),
  erc({
    s: "ERC Starting Grant 2027 call: information day",
    d: "11-16 10:00",
    b: `The ERC Starting Grant 2027 call opens on 15 January 2027. Join the online information day on 10 December to learn about evaluation criteria and common mistakes.

Registration: https://erc.europa.eu/events/stg-2027-info-day`,
    L: "l/meet/newsletter",
    why: "an information event broadcast to all subscribers",
  }),
  aemet({
    s: "Aviso amarillo por nevadas en Burgos - mañana",
    d: "11-29 19:00",
    b: `AVISO AMARILLO por nevadas en Burgos (Páramos y Ribera del Duero) para mañana, 30 de noviembre, de 06:00 a 18:00. Acumulación de 5 cm en 24 h por encima de 800 m.

Ha recibido este aviso porque está suscrito a la zona Burgos.`,
    L: "a/fyi/notification",
    why: "a weather warning for where the reader is driving tomorrow to see her father",
  }),
  jotdown({
    s: "Jot Down: el español que viene",
    d: "11-21 09:00",
    b: `# Jot Down

Una conversación con tres lexicógrafas sobre cómo entran las palabras nuevas en el diccionario, y por qué «influencer» tardó tanto.

[[Leer]](https://www.jotdown.es/2026/11/el-espanol-que-viene)`,
    L: "i/fyi/newsletter",
    why: "a cultural newsletter the reader reads",
  }),
  nature({
    s: "Nature Briefing: AI models can now read ancient scrolls",
    d: "11-23 07:30",
    b: `# Nature Briefing

Researchers decode a further 2,000 words from the Herculaneum scrolls; the EU's new research-security rules; and why ocean heat hit a record again.

[[Read the Briefing]](https://www.nature.com/briefing/2026-11-23)`,
    L: "i/fyi/newsletter",
    why: "a science newsletter the reader subscribed to",
  }),
  linkedin({
    s: "You appeared in 23 searches this week",
    d: "11-24 06:00",
    b: `Your profile was found by people from Universidad de Salamanca, Amazon and Hugging Face.

[[See who's looking]](https://www.linkedin.com/me/search-appearances/)`,
    L: "l/fyi/social",
    why: "a social-network nudge",
  }),
  fnacEs({
    s: "Especial Navidad: los libros del año con un 5% de descuento",
    d: "11-25 10:00",
    b: `# Los libros del año

Ficción, ensayo y cómic seleccionados por nuestros libreros. 5% de descuento inmediato y envío gratis para socios.

[[Ver selección]](https://www.fnac.es/libros-del-ano)`,
    L: "l/propose/promotion",
    why: "bookshop marketing",
  }),
];
