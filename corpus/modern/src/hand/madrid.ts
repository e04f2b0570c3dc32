import { type Spec, sender } from "../spec.ts";

/** Elena's mailbox on Fastmail: research, mailing lists, family in Spain, collaborators abroad. */
const p = "elena";
const marco = sender({
  org: "unibo",
  p,
  from: "Marco Bellini <marco.bellini@unibo.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
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
const alvarez = sender({
  org: "ucm",
  p,
  from: "Julia Álvarez <j.alvarez@ucm-example.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const ivanova = sender({
  org: "bas-sofia",
  p,
  from: "Светла Иванова <s.ivanova@bas-example.bg>",
  kind: "person",
  shape: "plain",
  lang: "bg",
  charset: "windows-1251",
  cte: "quoted-printable",
  ua: "Microsoft Outlook Express 6.00.2900.5931",
  auth: "nodmarc",
});
const nils = sender({
  org: "su-stockholm",
  p,
  from: "Nils Berg <nils.berg@su-example.se>",
  kind: "person",
  shape: "apple",
  lang: "sv",
});
const ana = sender({
  org: "fct-lisboa",
  p,
  from: "Ana Sousa <ana.sousa@fct-example.pt>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const rafa = sender({
  org: "family-ruiz",
  p,
  from: "Rafa Ruiz <rafa.ruiz@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
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
const corpora = (from: string) =>
  sender({
    org: "corpora-list",
    p,
    from,
    kind: "person",
    shape: "plain",
    auth: "list",
    list: {
      id: "corpora.list.elra.info",
      archive: "https://list.elra.info/mailman3/hyperkitty/list/corpora@list.elra.info/",
    },
  });
const wsList = (from: string) =>
  sender({
    org: "sigmorphon-list",
    p,
    from,
    kind: "person",
    shape: "plain",
    auth: "list",
    list: { id: "sigmorphon.groups.io" },
  });
const openreview = sender({
  org: "openreview",
  p,
  from: "OpenReview <noreply@openreview.net>",
  kind: "system",
  shape: "plain",
});
const softconf = sender({
  org: "softconf",
  p,
  from: "LREC-COLING 2027 <lrec2027@softconf.com>",
  kind: "system",
  shape: "plain",
});
const ucmit = sender({
  org: "ucm",
  p,
  from: "Servicios Informáticos <noreply-si@ucm-example.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const bbva = sender({
  org: "bbva",
  p,
  from: "BBVA <bbva@comunicaciones.bbva.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
  dkim: "comunicaciones.bbva.es",
});
const renfe = sender({
  org: "renfe",
  p,
  from: "Renfe <ventaonline@renfe.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const iberia = sender({
  org: "iberia",
  p,
  from: "Iberia <iberia@iberia.com>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const elpais = sender({
  org: "el-pais",
  p,
  from: "EL PAÍS <newsletter@elpais.es>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  unsub: "https://elpais.com/newsletters/baja?c=ciencia",
});
const zara = sender({
  org: "zara",
  p,
  from: "ZARA <news@em.zara.com>",
  kind: "bulk",
  shape: "html",
  lang: "es",
  dkim: "em.zara.com",
  unsub: "https://www.zara.com/es/es/newsletter-unsubscribe",
});
const fastmail = sender({
  org: "fastmail",
  p,
  from: "Fastmail <billing@fastmail.com>",
  kind: "system",
  shape: "alt",
});

export const madrid: Spec[] = [
  marco({
    s: "Bozza dell'articolo per TACL - sezione 5",
    d: "11-17 18:40",
    b: `Ciao Elena,

ho finito la bozza della sezione 5 (analisi degli errori). Ti va di darle un'occhiata entro lunedì? Ho dei dubbi sulla tabella 7: forse è meglio spostarla in appendice.

Grazie e a presto,
Marco`,
    att: [
      {
        name: "tacl_draft_sec5_v2.pdf",
        text: "5 Error analysis\nWe sample 300 errors from the Italian and Spanish test sets...\nTable 7: error types by language",
      },
    ],
    L: "a/request/primary",
    why: "a co-author asks for a review of a draft section by Monday",
  }),
  marco({
    s: "R: Bozza dell'articolo per TACL - sezione 5",
    d: "11-24 09:02",
    b: `Perfetto, grazie per i commenti. Sistemo la tabella 7 e ti mando la versione finale giovedì.

M.`,
    q: {
      from: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>",
      d: "11-23 21:15",
      b: "Ciao Marco, ti ho lasciato i commenti nel PDF. Sì, meglio l'appendice.",
    },
    L: "i/commit/primary",
    why: "the co-author promises the final version on Thursday",
  }),
  moreno({
    s: "Seminario del grupo: ¿presentas el 10?",
    d: "11-19 12:30",
    b: `Hola Elena,

Para el seminario del grupo del jueves 10 de diciembre nos falta ponente. ¿Te animas a presentar lo de la tokenización del catalán? Serían 30 minutos más preguntas.

Un saludo,
Carlos`,
    L: "a/request/primary",
    why: "a colleague asks the reader to present at a seminar in three weeks",
  }),
  alvarez({
    s: "RE: Justificación del proyecto - plazo el viernes",
    d: "11-25 16:55",
    b: `Elena,

Te recuerdo que la justificación económica del proyecto PID2023 se cierra este viernes 27 a las 14:00 en la sede electrónica. Me faltan todavía tus facturas de viaje de Bolonia y la memoria de actividades (una página). Si no las tengo el jueves no llego a subirlo.

Gracias,
Julia Álvarez
Gestión de Proyectos - Facultad de Filología`,
    L: "a/request/primary",
    why: "administration needs documents by Thursday for a Friday deadline; action within days, not today",
  }),
  alvarez({
    s: "RE: Justificación del proyecto - URGENTE hoy",
    d: "11-26 12:10",
    b: `Elena, ¿puedes mandarme hoy antes de las 17:00 las facturas? Mañana la sede cierra a las 14:00 y necesito una tarde para cuadrar todo. Sin ellas perdemos unos 1.900 € de la partida de viajes.

Julia`,
    L: "u/request/primary",
    why: "money is lost unless the reader sends invoices before 17:00 today",
  }),
  ivanova({
    s: "Покана за лекция в София",
    d: "11-14 10:20",
    b: `Уважаема д-р Руис Арнаис,

Бихме искали да Ви поканим да изнесете лекция в Института за български език през март 2027 г. Темата е по Ваш избор, свързана с морфологичния анализ. Институтът поема пътните и хотела.

Моля, уведомете ни дали приемате до края на декември.

С уважение,
Светла Иванова`,
    L: "a/meet/primary",
    why: "a formal invitation to give a talk, answer needed by end of December",
  }),
  nils({
    s: "Tack för besöket!",
    d: "11-13 21:00",
    b: `Hej Elena,

Tack för ett jättebra seminarium i fredags. Studenterna pratade om det hela veckan. Jag skickar bilderna från middagen när jag har sorterat dem.

Ha det gott,
Nils`,
    L: "i/commit/primary",
    why: "a thank-you that promises to send photos; nothing asked",
  }),
  nils({
    s: "Opponent för Lindas disputation?",
    d: "11-23 14:44",
    b: `Hej igen Elena,

Linda Ek disputerar den 5 mars och vi söker en opponent med erfarenhet av morfologi för romanska språk. Skulle du kunna tänka dig det? Vi står för resa och hotell. Svara gärna före jul så att jag kan anmäla till fakulteten.

Vänliga hälsningar,
Nils`,
    L: "a/request/primary",
    why: "a colleague asks the reader to be a PhD opponent; answer before Christmas",
  }),
  ana({
    s: "Dados do corpus - acesso",
    d: "11-20 11:11",
    b: `Olá Elena,

Já te dei acesso à pasta com o corpus anotado do português europeu (versão 2.1). O ficheiro LEIAME explica as etiquetas. Qualquer dúvida diz.

Beijinhos,
Ana`,
    L: "i/deliver/primary",
    why: "a collaborator hands over access to data",
  }),
  rafa({
    s: "cumple de mamá",
    d: "11-21 20:30",
    b: `Ele, para el cumple de mamá el día 6, ¿reservamos en el asador de Segovia de siempre? Yo llamo mañana si te parece bien, somos 8.`,
    L: "a/propose/primary",
    why: "a brother proposes a plan and asks agreement before booking tomorrow",
  }),
  carmen({
    s: "Navidad",
    d: "11-22 10:15",
    b: `Hija,

¿Vas a venir a Burgos en Navidad? Tu tía Pili pregunta si puede contar contigo para la cena del 24. Ya me dirás algo cuando sepas.

Un beso muy grande,
Mamá`,
    L: "a/request/primary",
    why: "the reader's mother asks about Christmas plans without a deadline",
  }),
  corpora("Jan Novák <jan.novak@ufal-example.cz>")({
    s: "[Corpora-List] CFP: Workshop on Resources for Low-Resource Slavic Languages (deadline 15 Jan)",
    d: "11-16 09:30",
    b: `Dear colleagues,

We invite submissions to the 3rd Workshop on Resources for Low-Resource Slavic Languages, co-located with LREC-COLING 2027.

Important dates:
- Submission deadline: 15 January 2027
- Notification: 20 February 2027

Best regards,
Jan Novák, on behalf of the organisers
_______________________________________________
Corpora mailing list -- corpora@list.elra.info
https://list.elra.info/mailman3/postorius/lists/corpora.list.elra.info/`,
    L: "l/fyi/newsletter",
    why: "a call for papers broadcast on a mailing list; not the reader's area",
  }),
  corpora("Martina Rossi <m.rossi@ilc-example.it>")({
    s: "[Corpora-List] Re: Tokenising Catalan clitics",
    d: "11-18 15:02",
    b: `Hi Elena,

On your question from Monday: we hit the same problem in the AnCora conversion. We keep the clitic attached at the token level and split only in the morphological layer, so the tokeniser never has to decide. Happy to share our rules if useful.

Martina
_______________________________________________
Corpora mailing list -- corpora@list.elra.info
https://list.elra.info/mailman3/postorius/lists/corpora.list.elra.info/`,
    to: "corpora@list.elra.info",
    cc: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>",
    re: true,
    L: "i/fyi/primary",
    why: "a human reply on a mailing list to the reader's own question: personal content, read it (guide: list replies addressed to the reader are primary)",
  }),
  corpora("Daniel Weiss <dweiss@lmu-example.de>")({
    s: "[Corpora-List] Re: Best practice for licensing web-crawled corpora?",
    d: "11-19 10:41",
    b: `I'd add that the TDM exception in the DSM directive covers research organisations, but redistribution of the texts themselves is a different matter. We publish only the annotations and a script to re-crawl.

Daniel
_______________________________________________
Corpora mailing list -- corpora@list.elra.info
https://list.elra.info/mailman3/postorius/lists/corpora.list.elra.info/`,
    to: "corpora@list.elra.info",
    re: true,
    L: "l/fyi/newsletter",
    why: "a list discussion the reader did not start and is not addressed in; list traffic",
  }),
  wsList("Ryan Cotterell via groups.io <ryan.c=ethz-example.ch@groups.io>")({
    s: "[sigmorphon] Shared task 2027: call for language contributors",
    d: "11-21 17:00",
    b: `Hi all,

We're planning the 2027 shared task on morphological inflection and are looking for contributors who can provide or check data for under-represented Romance and Slavic varieties. If you're interested, please fill the form by 10 December:

https://forms.gle/sig2027lang

Thanks!
Ryan
-=-=-=-=-=-=-=-=-=-=-=-
Groups.io Links: You receive all messages sent to this group.
View/Reply Online (#1182): https://groups.io/g/sigmorphon/message/1182`,
    L: "l/request/newsletter",
    why: "a call for volunteers sent to a whole list; optional for the reader",
  }),
  openreview({
    s: "[ACL ARR 2026 December] Review assignment: 3 papers due 18 December",
    d: "11-30 10:00",
    b: `Dear Elena Ruiz Arnaiz,

You have been assigned 3 submissions to review for the ACL Rolling Review December 2026 cycle. Reviews are due on **18 December 2026**.

Please log in to OpenReview to see your assigned papers:
https://openreview.net/group?id=aclweb.org/ACL/ARR/2026/December/Reviewers

If you have a conflict of interest with any assigned paper, please report it immediately.

The ARR team`,
    L: "a/request/notification",
    why: "reviewing assigned with a deadline in three weeks",
  }),
  openreview({
    s: "[TACL] Decision on submission #2281",
    d: "11-11 15:30",
    b: `Dear Elena Ruiz Arnaiz,

We are pleased to inform you that your submission "Clitics, contractions and the limits of subword tokenisation in Romance" has been accepted with minor revisions (decision: A-).

Please submit the revised version within 2 months. The reviews are available in OpenReview.

Best regards,
TACL Editors`,
    L: "a/fyi/notification",
    why: "an acceptance with revisions due in two months",
  }),
  softconf({
    s: "LREC-COLING 2027: your submission #1184 has been received",
    d: "11-06 23:58",
    b: `Dear Elena Ruiz Arnaiz,

Thank you for your submission to LREC-COLING 2027.

Paper ID: 1184
Title: A Morphologically Annotated Corpus of Spoken Aragonese

You can update your submission until the deadline (13 November 2026, 23:59 AoE).

LREC-COLING 2027 Programme Committee`,
    L: "i/deliver/notification",
    why: "a submission receipt from a conference system",
  }),
  ucmit({
    s: "Corte programado del servicio de correo y VPN - sábado 28",
    d: "11-24 13:00",
    b: `Estimada comunidad universitaria:

El sábado 28 de noviembre, entre las 7:00 y las 13:00, el correo institucional, la VPN y el campus virtual no estarán disponibles por tareas de mantenimiento.

Disculpen las molestias.
Servicios Informáticos`,
    L: "l/fyi/notification",
    why: "a maintenance notice to everyone at the university; the reader uses her own domain",
  }),
  ucmit({
    s: "Su contraseña caduca en 5 días",
    d: "11-23 08:00",
    b: `Estimada Elena Ruiz Arnaiz:

La contraseña de su cuenta institucional (eruiz04) caduca el 28/11/2026. Puede cambiarla desde el portal de identidad de la universidad (https://id.ucm-example.es), accediendo usted misma desde su navegador. Este servicio nunca le pedirá la contraseña por correo.

Servicios Informáticos`,
    L: "a/request/notification",
    why: "a real IT reminder to change an expiring password within five days; tells the reader to go to the portal herself",
  }),
  bbva({
    s: "Has recibido una transferencia",
    d: "11-27 09:05",
    b: `Hola Elena,

Has recibido una transferencia de **2.431,18 €** de UNIVERSIDAD COMPLUTENSE en tu cuenta ···8812.

Concepto: NÓMINA NOVIEMBRE 2026`,
    L: "i/fyi/notification",
    why: "a bank notice of incoming salary",
  }),
  bbva({
    s: "Tu recibo de la luz no se ha podido cargar",
    d: "11-26 08:40",
    b: `Hola Elena,

No hemos podido cargar en tu cuenta ···8812 el recibo de **IBERDROLA CLIENTES** por **96,40 €** por saldo insuficiente. El emisor puede volver a presentarlo en los próximos días o cobrar recargos.

[[Ver movimientos]](https://www.bbva.es/personas/area-cliente.html)`,
    L: "a/fyi/notification",
    why: "a direct debit bounced; the reader should top up soon to avoid fees",
  }),
  renfe({
    s: "Confirmación de compra - Localizador M4X7QZ",
    d: "11-08 19:20",
    b: `# Gracias por su compra

| AVE 03071 | Madrid Puerta de Atocha → Barcelona Sants |
| 17/11/2026 | 08:00 – 10:30 |
| Coche 6, plaza 12C | Básico |
| Importe | 47,30 € |

Localizador: **M4X7QZ**`,
    att: [
      {
        name: "billete_M4X7QZ.pdf",
        text: "RENFE\nLocalizador M4X7QZ\nAVE 03071 Madrid - Barcelona\n17/11/2026 08:00\nCoche 6 Plaza 12C",
      },
    ],
    L: "i/deliver/receipt",
    why: "a train ticket purchase confirmation",
  }),
  iberia({
    s: "Ya puedes facturar tu vuelo a Bolonia",
    d: "12-09 10:00",
    b: `Hola Elena,

Ya está abierta la facturación online de tu vuelo **IB 3224 Madrid → Bolonia** del 10 de diciembre a las 10:35.

[[Facturar ahora]](https://www.iberia.com/es/checkin/?pnr=R2KQ9T)

Recuerda: tu tarifa Basic incluye solo equipaje de mano pequeño.`,
    L: "a/request/notification",
    why: "check-in opened for tomorrow's flight",
  }),
  elpais({
    s: "Materia: el ordenador cuántico que no era",
    d: "11-20 18:00",
    b: `# Materia, la newsletter de ciencia de EL PAÍS

Esta semana: por qué el anuncio de la «supremacía cuántica» de octubre se desinfla, los primeros datos del telescopio Vera Rubin y una entrevista con la lingüista que estudia el silbo gomero.

[[Leer la newsletter]](https://elpais.com/ciencia/materia/2026-11-20)`,
    L: "i/fyi/newsletter",
    why: "an editorial newsletter the reader subscribed to",
  }),
  zara({
    s: "Black Friday: -30% en toda la tienda",
    d: "11-27 00:01",
    b: `# BLACK FRIDAY

-30% en una selección de artículos. Online y en tiendas hasta el lunes.

[[Comprar mujer]](https://www.zara.com/es/es/mujer-l1000.html)`,
    L: "l/propose/promotion",
    why: "a fashion retailer's sale",
  }),
  fastmail({
    s: "Your Fastmail receipt",
    d: "11-05 04:30",
    b: `# Thanks for using Fastmail

| Standard plan, 12 months (ruizarnaiz.es) | $60.00 |
| Total | $60.00 |

Paid with Visa ending 2201. Your subscription renews on 5 November 2027.`,
    L: "i/deliver/receipt",
    why: "an annual subscription receipt",
  }),
];
