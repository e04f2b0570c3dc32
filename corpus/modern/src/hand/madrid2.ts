import { type Spec, sender } from "../spec.ts";

/** More of Elena's mail: students, journals, conference, home, health. */
const p = "elena";
const student1 = sender({
  org: "ucm",
  p,
  from: "Lucía Martín Gil <luciamartin@estumail.ucm-example.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const student2 = sender({
  org: "ucm",
  p,
  from: "Andrei Popescu <apopescu@estumail.ucm-example.es>",
  kind: "person",
  shape: "outlook",
});
const student3 = sender({
  org: "ucm",
  p,
  from: "Marta Soler <msoler@estumail.ucm-example.es>",
  kind: "person",
  shape: "mobile",
  lang: "es",
});
const journal = sender({
  org: "editorial-manager",
  p,
  from: "Natural Language Engineering <em@editorialmanager.com>",
  kind: "system",
  shape: "plain",
});
const lrec = sender({
  org: "softconf",
  p,
  from: "LREC-COLING 2027 <lrec2027@softconf.com>",
  kind: "system",
  shape: "plain",
});
const workshop = sender({
  org: "romance-nlp-workshop",
  p,
  from: "Giulia Ferraro <giulia.ferraro@unipd-example.it>",
  kind: "person",
  shape: "gmail",
});
const marco = sender({
  org: "unibo",
  p,
  from: "Marco Bellini <marco.bellini@unibo.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
});
const unibo = sender({
  org: "unibo",
  p,
  from: "Segreteria DIPLA <dipla.segreteria@unibo.it>",
  kind: "person",
  shape: "outlook",
  lang: "it",
});
const nils = sender({
  org: "su-stockholm",
  p,
  from: "Nils Berg <nils.berg@su-example.se>",
  kind: "person",
  shape: "apple",
});
const vecinos = sender({
  org: "comunidad-vecinos",
  p,
  from: "Fincas Lozano <administracion@fincaslozano.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
  auth: "softfail",
});
const sanitas = sender({
  org: "sanitas",
  p,
  from: "Sanitas <citas@sanitas.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const rafa = sender({
  org: "family-ruiz",
  p,
  from: "Rafa Ruiz <rafa.ruiz@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const friend = sender({
  org: "friends-madrid",
  p,
  from: "Irene Castaño <irenecastano@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const friendIt = sender({
  org: "friends-madrid",
  p,
  from: "Chiara Russo <chiara.russo89@libero.it>",
  kind: "person",
  shape: "plain",
  lang: "it",
  ua: "Libero Mail",
  auth: "nodmarc",
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
const zenodo = sender({ org: "zenodo", p, from: "Zenodo <info@zenodo.org>", kind: "system", shape: "alt" });
const hf = sender({
  org: "huggingface",
  p,
  from: "Hugging Face <website@huggingface.co>",
  kind: "system",
  shape: "alt",
});
const acl = sender({
  org: "acl",
  p,
  from: "ACL Member Portal <acl@aclweb.org>",
  kind: "bulk",
  shape: "html",
  unsub: "https://www.aclweb.org/portal/unsubscribe",
});

export const madrid2: Spec[] = [
  student1({
    s: "Duda sobre la práctica 3",
    d: "11-18 23:15",
    b: `Hola Elena,

En la práctica 3, ¿el etiquetador tiene que tratar los clíticos como tokens separados o podemos usar la salida de spaCy tal cual? No me queda claro en el enunciado.

Gracias,
Lucía`,
    L: "a/request/primary",
    why: "a student asks a question about an assignment",
  }),
  student2({
    s: "Extension request for assignment 3",
    d: "11-24 08:40",
    b: `Dear Dr Ruiz Arnaiz,

I was ill last week (medical certificate attached) and could not finish assignment 3. Would it be possible to submit it by next Monday instead of this Friday?

Kind regards,
Andrei Popescu`,
    att: [
      {
        name: "justificante_medico.pdf",
        text: "Centro de Salud Moncloa\nJustificante medico\nPaciente: Andrei Popescu\n16-20 noviembre 2026",
      },
    ],
    L: "a/request/primary",
    why: "a student asks for an extension before Friday's deadline",
  }),
  student3({
    s: "TFM - he subido el borrador",
    d: "11-26 19:50",
    b: `Hola Elena! He subido el borrador completo del TFM a la carpeta. Sé que es mucho, no hay prisa, la entrega es en febrero 😊

Enviado desde mi iPhone`,
    L: "i/deliver/primary",
    why: "a student hands in a draft with no time pressure",
  }),
  journal({
    s: "Invitation to review NLE-2026-0412",
    d: "11-13 14:02",
    b: `Dear Dr. Ruiz Arnaiz,

I would like to invite you to review the manuscript "Subword regularisation for agglutinative morphology: a cross-lingual study" (NLE-2026-0412) for Natural Language Engineering.

Please let me know if you accept within 7 days. If you accept, the review would be due in 30 days.

Agree to review: https://www.editorialmanager.com/nle/l.asp?i=88120&l=A1
Decline to review: https://www.editorialmanager.com/nle/l.asp?i=88120&l=D1

Sincerely,
Prof. Ruslan Mitkov
Editor-in-Chief`,
    L: "a/request/notification",
    why: "a journal's system invites a review with a week to answer",
  }),
  lrec({
    s: "LREC-COLING 2027: Reviews for submission #1184 are available",
    d: "12-18 12:00",
    b: `Dear Elena Ruiz Arnaiz,

The reviews for your submission #1184 "A Morphologically Annotated Corpus of Spoken Aragonese" are now available. You may submit a response of up to 500 words until 23 December, 23:59 AoE.

https://softconf.com/lrec2027/main/`,
    L: "a/request/notification",
    why: "reviews arrived with a response window of five days",
  }),
  workshop({
    s: "RomNLP 2027 workshop: PC meeting and reviewer list",
    d: "11-19 16:30",
    b: `Hi Elena,

Thanks again for co-organising. I've drafted the list of 28 reviewers in the shared sheet; could you add the Iberian ones you suggested and mark conflicts? Then let's have a short call — I'm free Tuesday or Wednesday afternoon, your pick.

Giulia`,
    L: "a/request/primary",
    why: "a co-organiser asks for additions and proposes a call",
  }),
  marco({
    s: "Seminario a Bologna il 10 dicembre - dettagli",
    d: "11-25 10:20",
    b: `Cara Elena,

tutto pronto per il 10: seminario alle 15 in aula Prodi, poi cena con il gruppo. Ti ho prenotato l'Albergo Centrale per due notti; la segreteria ti manda il modulo per il rimborso del volo.

A presto!
Marco`,
    L: "i/commit/primary",
    why: "the host confirms arrangements he has made and promises a form",
  }),
  unibo({
    s: "Modulo rimborso spese - seminario 10/12",
    d: "11-26 11:00",
    b: `Gentile Dott.ssa Ruiz Arnaiz,

in allegato il modulo per il rimborso delle spese di viaggio relative al seminario del 10 dicembre. La preghiamo di restituirlo compilato, con le carte d'imbarco, entro il 20 dicembre.

Cordiali saluti,
Segreteria Amministrativa DIPLA`,
    att: [
      {
        name: "modulo_rimborso_ospiti.pdf",
        text: "Universita di Bologna\nModulo rimborso spese ospiti\nNome:\nIBAN:\nSpese di viaggio:",
      },
    ],
    L: "a/request/primary",
    why: "an administration office sends a form to return by 20 December",
  }),
  nils({
    s: "Re: Opponent för Lindas disputation?",
    d: "11-27 09:00",
    b: `Hi Elena,

Wonderful, thank you for accepting! Switching to English for the formalities: the faculty will send the official invitation and the thesis PDF in mid-January. The defence is on 5 March at 13:00 in Södra huset.

Best,
Nils`,
    q: {
      from: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>",
      d: "11-26 20:00",
      b: "Hej Nils, I'd be honoured. Count me in.",
    },
    L: "i/commit/primary",
    why: "the colleague confirms and says what will follow; nothing to do now",
  }),
  vecinos({
    s: "Derrama ascensor - primer pago",
    d: "11-15 12:00",
    b: `Estimados propietarios:

Les recordamos que, según lo aprobado en la junta de septiembre, el primer pago de la derrama para la sustitución del ascensor (380 € por vivienda) se cargará en sus cuentas el 1 de diciembre.

Atentamente,
Fincas Lozano - Administración de la Comunidad de Propietarios Calle Galileo 41`,
    to: "undisclosed-recipients:;",
    L: "i/fyi/primary",
    why: "the building administrator announces a charge already agreed; nothing to do",
  }),
  sanitas({
    s: "Recordatorio de cita: Dermatología, 1 de diciembre",
    d: "11-29 10:00",
    b: `Hola Elena,

Te recordamos tu cita:

| Especialidad | Dermatología |
| Fecha | Martes 1 de diciembre, 9:40 |
| Centro | Sanitas Milenium Alcobendas |

Si no puedes acudir, cancélala desde la app.`,
    L: "i/fyi/notification",
    why: "an appointment reminder",
  }),
  rafa({
    s: "Re: cumple de mamá",
    d: "11-22 13:00",
    b: `Reservado en el asador, sábado 6 a las 14:30, mesa para 8. Pagamos a medias, ya me dirás.`,
    q: { from: "Elena Ruiz Arnaiz <elena@ruizarnaiz.es>", d: "11-21 21:00", b: "¡Sí, perfecto! Llama tú." },
    L: "i/fyi/primary",
    why: "the brother reports the booking is done",
  }),
  friend({
    s: "¿Cine el jueves?",
    d: "11-23 18:40",
    b: `Ele! Ponen la nueva de Almodóvar en los Golem, ¿te vienes el jueves a la de las 20:15? Saco las entradas si me dices algo antes de mañana por la noche.

Irene`,
    L: "a/meet/primary",
    why: "a friend proposes the cinema and needs an answer by tomorrow evening",
  }),
  friendIt({
    s: "Ci vediamo a Bologna?",
    d: "11-26 22:10",
    b: `Ciao Elena!

Marco mi ha detto che vieni a Bologna il 10. Ti va un aperitivo l'11 prima di ripartire? Ti porto nel posto nuovo in via del Pratello.

Un abbraccio,
Chiara`,
    L: "a/meet/primary",
    why: "a friend proposes meeting during a trip",
  }),
  ivanova({
    s: "Re: Покана за лекция в София",
    d: "11-28 11:30",
    b: `Уважаема д-р Руис Арнаис,

Благодарим Ви, че приехте поканата. Предлагаме датата 18 март 2027 г. Ще Ви изпратим официално писмо и информация за хотела през януари.

С уважение,
Светла Иванова`,
    L: "i/commit/primary",
    why: "the host thanks, proposes a date and promises an official letter",
  }),
  zenodo({
    s: 'Your upload "Spoken Aragonese Corpus v1.0" has been published',
    d: "11-10 16:45",
    b: `Your record has been published.

Title: Spoken Aragonese Corpus v1.0
DOI: 10.5281/zenodo.17481122
License: CC BY 4.0

[[View record]](https://zenodo.org/records/17481122)`,
    L: "i/fyi/notification",
    why: "a repository confirms a dataset publication",
  }),
  hf({
    s: "[Hugging Face] New discussion on elena-ruiz/aragonese-morph",
    d: "11-21 14:20",
    b: `**ynakamura** opened a discussion on **elena-ruiz/aragonese-morph**:

> Is there a plan to release the audio alignments too? The dataset card mentions them but the files aren't in the repo.

[[Reply]](https://huggingface.co/datasets/elena-ruiz/aragonese-morph/discussions/3)`,
    L: "a/request/notification",
    why: "a user asks the dataset owner a question on a platform",
  }),
  acl({
    s: "ACL membership: renew for 2027 and keep your conference discounts",
    d: "11-20 15:00",
    b: `# Renew your ACL membership

Your membership expires on 31 December 2026. Renew now to keep member registration rates for ACL, NAACL, EACL and EMNLP 2027.

[[Renew now]](https://www.aclweb.org/portal/renew)`,
    L: "l/propose/promotion",
    why: "a membership-renewal nudge from an association; optional",
  }),
];
