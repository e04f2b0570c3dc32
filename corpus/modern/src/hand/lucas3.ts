import { type Spec, sender } from "../spec.ts";

/** A third batch for Lucas. */
const p = "lucas";
const joao = sender({
  org: "construtora-mendes",
  p,
  from: "João Mendes <joao.mendes@construtora-mendes.pt>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
  auth: "nodmarc",
});
const ines = sender({
  org: "atelier-tejo",
  p,
  from: "Inês Carvalho <ines.carvalho@atelier-tejo.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const camara = sender({
  org: "camara-sintra",
  p,
  from: "Tiago Nunes <tiago.nunes@camara-sintra.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const hugo = sender({
  org: "clients-lisbon",
  p,
  from: "Hugo Sequeira <hugo@sequeira-vinhos.pt>",
  kind: "person",
  shape: "apple",
  lang: "pt",
});
const costa = sender({
  org: "clients-lisbon",
  p,
  from: "Miguel Costa <miguel.costa.lx@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
  ua: "SAPO Mail",
  auth: "softfail",
});
const julien = sender({
  org: "family-ferreira",
  p,
  from: "Julien Ferreira <julien.ferreira@free.fr>",
  kind: "person",
  shape: "plain",
  lang: "fr",
  host: "smtp6-g21.free.fr",
  auth: "nodmarc",
});
const papa = sender({
  org: "family-ferreira",
  p,
  from: "António Ferreira <antonio.ferreira.lyon@orange.fr>",
  kind: "person",
  shape: "mobile",
  lang: "fr",
});
const bea = sender({
  org: "friends-lisbon",
  p,
  from: "Beatriz Lopes <beatriz.lopes@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const pablo = sender({
  org: "estudio-iglesias",
  p,
  from: "Pablo Iglesias Ortega <pablo.iglesias.arq@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const lucia = sender({
  org: "casa-rural-asturias",
  p,
  from: "Lucía Fernández <lucia@casaruralelllagar.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const studioIt = sender({
  org: "studio-bianchi",
  p,
  from: "Davide Bianchi <davide@studiobianchi-architetti.it>",
  kind: "person",
  shape: "apple",
  lang: "it",
});
const trienal = sender({
  org: "trienal-lisboa",
  p,
  from: "Trienal de Arquitectura de Lisboa <info@trienaldelisboa.com>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  unsub: "https://www.trienaldelisboa.com/newsletter/sair",
});
const publico = sender({
  org: "publico",
  p,
  from: "PÚBLICO <newsletter@publico.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  unsub: "https://www.publico.pt/newsletters/anular",
});
const monocle = sender({
  org: "monocle",
  p,
  from: "Monocle <minute@monocle.com>",
  kind: "bulk",
  shape: "html",
  unsub: "https://monocle.com/unsubscribe?l=minute",
});
const instagram = sender({
  org: "instagram",
  p,
  from: "Instagram <no-reply@mail.instagram.com>",
  kind: "bulk",
  shape: "html",
  unsub: "https://www.instagram.com/emails/settings/",
});
const houzz = sender({
  org: "houzz",
  p,
  from: "Houzz <pro@houzz.com>",
  kind: "bulk",
  shape: "html",
  unsub: "https://www.houzz.com/emailSettings",
});
const mbway = sender({
  org: "sibs-mbway",
  p,
  from: "MB WAY <nao-responder@mbway.pt>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});
const edp = sender({
  org: "edp",
  p,
  from: "EDP Comercial <avisos@edp.pt>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});

export const lucas3: Spec[] = [
  joao({
    s: "Betonagem amanhã - falta a sua aprovação",
    d: "11-26 16:30",
    b: `Arquiteto,

A betonagem da laje da cozinha está marcada para amanhã às 8h e o camião já está pedido. Preciso da sua aprovação da armadura hoje, senão cancelo e só há vaga para a semana que vem. Pode passar cá até às 18h ou aprovar pelas fotos que envio?

João

Enviado do meu iPhone`,
    att: [{ name: "armadura_laje_1.jpg" }, { name: "armadura_laje_2.jpg" }],
    L: "u/request/primary",
    why: "the contractor needs an approval before 18:00 or the concrete pour slips a week",
  }),
  camara({
    s: "Processo 2026/OB/1184 - vistoria hoje às 15h",
    d: "11-30 09:05",
    b: `Caro Arquiteto,

Informo que a vistoria à obra de São Pedro de Sintra foi antecipada para hoje, às 15h00, por reorganização da agenda dos técnicos. A presença do técnico responsável é obrigatória. Caso não possa comparecer, agradeço resposta até às 12h.

Tiago Nunes`,
    L: "u/amend/primary",
    why: "the municipality moved an inspection to this afternoon and needs an answer by noon",
  }),
  ines({
    s: "RE: Apresentação ao cliente - Casa Sintra",
    d: "12-02 18:40",
    b: `Lucas,

Correu-me mal o dia: a maquete partiu-se no transporte. Eu reparo-a esta noite e levo-a amanhã ao atelier às 14h, antes da apresentação. Tu só precisas de levar os painéis.

Inês`,
    L: "i/commit/primary",
    why: "a partner promises to repair and bring the model tomorrow",
  }),
  hugo({
    s: "Adega - podemos adiar a visita?",
    d: "11-28 11:20",
    b: `Lucas,

Tive um imprevisto com a vindima tardia e não vou estar na quinta na sexta-feira. Podemos passar a visita para a terça, dia 8, à mesma hora?

Hugo`,
    L: "a/amend/primary",
    why: "a client asks to move a site visit",
  }),
  costa({
    s: "Re: Pedido de orçamento - remodelação T2 Alvalade",
    d: "11-25 20:10",
    b: `Sr. Arquiteto,

Obrigado pela proposta. Achamos justa e gostávamos de avançar. Pode enviar o contrato? A visita pode ser no sábado de manhã, como sugeriu.

Miguel Costa`,
    L: "a/request/primary",
    why: "a new client accepts and asks for the contract",
  }),
  julien({
    s: "Re: cadeau papa",
    d: "11-24 21:30",
    b: `Super, je commande le vélo chez Decathlon demain et je te dis combien tu me dois. Sophie est d'accord aussi.

Ju`,
    q: {
      from: "Lucas Ferreira <lucas.ferreira.arq@gmail.com>",
      d: "11-23 10:00",
      b: "Oui, bonne idée, je suis partant.",
    },
    L: "i/commit/primary",
    why: "the brother promises to order the gift",
  }),
  papa({
    s: "ton vol",
    d: "12-23 06:15",
    b: `Lucas, je vois sur l'appli que ton vol a 1h de retard. Je viens toujours te chercher, appelle-moi quand tu atterris.

Papa

Envoyé de mon iPhone`,
    L: "i/fyi/primary",
    why: "the father informs he will still pick the reader up",
  }),
  bea({
    s: "Ajuda com mudanças sábado?",
    d: "11-24 19:45",
    b: `Lucas, sei que é em cima da hora, mas consegues ajudar-nos com as mudanças no sábado de manhã? A carrinha chega às 9h. Pagamos em pizza e cerveja 😅`,
    L: "a/request/primary",
    why: "a friend asks for help on Saturday",
  }),
  pablo({
    s: "Concurso Teis - la entrega se adelanta",
    d: "11-27 09:30",
    b: `Lucas, malas noticias: el ayuntamiento ha publicado una corrección y la entrega pasa del 15 al 8 de enero. Tenemos que replanificar. ¿Hablamos el lunes?

Pablo`,
    L: "a/amend/primary",
    why: "a partner reports a deadline moved earlier and proposes to replan",
  }),
  lucia({
    s: "Fotos de la casa para el levantamiento",
    d: "11-29 13:00",
    b: `Hola Lucas,

Te mando las fotos que me pediste de la fachada norte y del hórreo, y los planos antiguos que encontramos en el archivo municipal.

Un saludo,
Lucía`,
    att: [
      { name: "fachada_norte.jpg" },
      {
        name: "planos_1978.pdf",
        text: "Ayuntamiento de Cangas de Onis\nPlano de vivienda unifamiliar\n1978\nEscala 1:100",
      },
    ],
    L: "i/deliver/primary",
    why: "a client delivers photos and old plans the reader asked for",
  }),
  studioIt({
    s: "Collaborazione per un concorso a Torino",
    d: "11-21 10:40",
    b: `Caro Lucas,

ci siamo conosciuti alla Biennale. Stiamo preparando il concorso per il recupero di un'ex fabbrica a Torino e cerchiamo un partner con esperienza sul riuso. Ti andrebbe di parlarne in una call la prossima settimana?

Un saluto,
Davide Bianchi`,
    L: "a/propose/primary",
    why: "an architect proposes a collaboration and a call",
  }),
  trienal({
    s: "Trienal 2027: programa e bilhetes early bird",
    d: "11-18 11:00",
    b: `# Trienal de Arquitectura de Lisboa 2027

O tema desta edição é "Terra". Conheça o programa de exposições, conferências e prémios, e garanta já o seu passe com 30% de desconto.

[[Ver programa]](https://www.trienaldelisboa.com/2027)`,
    L: "l/propose/promotion",
    why: "an event's ticket promotion",
  }),
  publico({
    s: "Ípsilon: o novo Museu de Arte Contemporânea do Porto por dentro",
    d: "11-20 08:00",
    b: `# Ípsilon

Visitámos o edifício antes da abertura. Mais: os concertos do fim de semana e os livros de arquitetura do ano.

[[Ler no PÚBLICO]](https://www.publico.pt/culturaipsilon)`,
    L: "i/fyi/newsletter",
    why: "a culture newsletter the reader reads",
  }),
  monocle({
    s: "The Monocle Minute: Lisbon's housing fix",
    d: "11-23 07:00",
    b: `# The Monocle Minute

Lisbon's mayor bets on converting empty office blocks into flats; Tokyo tries rooftop allotments; and our editor on the return of the railway hotel.

[[Read more]](https://monocle.com/minute/2026-11-23)`,
    L: "i/fyi/newsletter",
    why: "an editorial newsletter the reader subscribed to",
  }),
  instagram({
    s: "camille.roux.studio mentioned you in a story",
    d: "11-26 20:00",
    b: `camille.roux.studio mentioned you in their story. See it before it disappears in 24 hours.

[[Open Instagram]](https://www.instagram.com/stories/camille.roux.studio/)`,
    L: "l/fyi/social",
    why: "a social-network notification",
  }),
  houzz({
    s: "3 homeowners in Lisbon are looking for an architect",
    d: "11-22 09:00",
    b: `# New project requests near you

- Kitchen and bath remodel, Campo de Ourique
- Rooftop extension, Alfama
- Full renovation, Estrela

Upgrade to Houzz Pro to contact them.

[[See leads]](https://www.houzz.com/pro/leads)`,
    L: "l/propose/promotion",
    why: "a platform's paid-upgrade marketing dressed as leads",
  }),
  mbway({
    s: "Pedido de dinheiro de Beatriz Lopes",
    d: "11-28 22:10",
    b: `Beatriz Lopes enviou-lhe um pedido de 12,50 € (pizza sábado 🍕). Aceite ou recuse na app MB WAY.`,
    L: "a/request/notification",
    why: "a payment request from a friend through a payment app",
  }),
  edp({
    s: "Interrupção programada de energia - 2 de dezembro",
    d: "11-25 14:00",
    b: `Caro cliente,

Informamos que, para trabalhos na rede, haverá interrupção do fornecimento de energia na Rua da Graça no dia 2 de dezembro, entre as 9h00 e as 13h00.

E-REDES`,
    L: "i/fyi/notification",
    why: "a planned power cut notice; nothing to do",
  }),
];
