import { type Spec, sender } from "../spec.ts";

/** Lucas's mailbox: clients and partners (Portuguese, Spanish), family in Lyon (French), services. */
const p = "lucas";
const ines = sender({
  org: "atelier-tejo",
  p,
  from: "Inês Carvalho <ines.carvalho@atelier-tejo.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const joao = sender({
  org: "construtora-mendes",
  p,
  from: "João Mendes <joao.mendes@construtora-mendes.pt>",
  kind: "person",
  shape: "mobile",
  lang: "pt",
  auth: "nodmarc",
});
const camara = sender({
  org: "camara-sintra",
  p,
  from: "Tiago Nunes <tiago.nunes@camara-sintra.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const clientRita = sender({
  org: "clients-lisbon",
  p,
  from: "Rita Almeida <rita.almeida.82@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const clientHugo = sender({
  org: "clients-lisbon",
  p,
  from: "Hugo Sequeira <hugo@sequeira-vinhos.pt>",
  kind: "person",
  shape: "apple",
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
const maman = sender({
  org: "family-ferreira",
  p,
  from: "Marie Ferreira <marie.ferreira@orange.fr>",
  kind: "person",
  shape: "plain",
  lang: "fr",
  charset: "iso-8859-1",
  cte: "quoted-printable",
  ua: "Orange Messagerie",
  host: "smtp-out.orange.fr",
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
const camille = sender({
  org: "studio-roux",
  p,
  from: "Camille Roux <camille.roux@studio-roux.fr>",
  kind: "person",
  shape: "apple",
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
const tap = sender({
  org: "tap-air-portugal",
  p,
  from: "TAP Air Portugal <noreply@info.flytap.com>",
  kind: "system",
  shape: "alt",
  lang: "pt",
  dkim: "info.flytap.com",
});
const cp = sender({
  org: "comboios-de-portugal",
  p,
  from: "CP - Comboios de Portugal <bilhetes@cp.pt>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});
const uber = sender({
  org: "uber",
  p,
  from: "Uber Receipts <noreply@uber.com>",
  kind: "system",
  shape: "html",
  lang: "pt",
});
const bolt = sender({ org: "bolt", p, from: "Bolt <receipts@bolt.eu>", kind: "system", shape: "html" });
const glovo = sender({
  org: "glovo",
  p,
  from: "Glovo <no-reply@glovoapp.com>",
  kind: "system",
  shape: "html",
  lang: "pt",
});
const millennium = sender({
  org: "millennium-bcp",
  p,
  from: "Millennium bcp <alertas@millenniumbcp.pt>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});
const at = sender({
  org: "portal-financas",
  p,
  from: "Portal das Finanças <naoresponder@at.gov.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
});
const figma = sender({
  org: "figma",
  p,
  from: "Figma <notifications@figma.com>",
  kind: "system",
  shape: "alt",
});
const autodesk = sender({
  org: "autodesk",
  p,
  from: "Autodesk <autodesk@autodeskcommunications.com>",
  kind: "system",
  shape: "alt",
  dkim: "autodeskcommunications.com",
});
const sncf = sender({
  org: "sncf-connect",
  p,
  from: "SNCF Connect <noreply@sncf-connect.com>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const fnac = sender({
  org: "fnac-pt",
  p,
  from: "Fnac <newsletter@fnac.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  unsub: "https://www.fnac.pt/newsletter/unsubscribe?id=44a",
});
const ikea = sender({
  org: "ikea-pt",
  p,
  from: "IKEA Portugal <ikea@news.email.ikea.pt>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  dkim: "news.email.ikea.pt",
  unsub: "https://news.email.ikea.pt/u/2b7",
});
const archdaily = sender({
  org: "archdaily",
  p,
  from: "ArchDaily Brasil <newsletter@archdaily.com.br>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  unsub: "https://www.archdaily.com.br/newsletter/unsubscribe?k=19",
});

export const lisbon: Spec[] = [
  ines({
    s: "RE: Projeto Rua das Flores - revisão das plantas",
    d: "11-16 11:24",
    b: `Olá Lucas,

Obrigada pelas plantas revistas. Ficou muito melhor com a cozinha aberta. Só uma questão: a câmara pediu a memória descritiva atualizada com a nova área de implantação. Consegues enviar-ma até sexta-feira, dia 20? Assim submetemos tudo na segunda.

Cumprimentos,
Inês Carvalho
Atelier Tejo | Arquitetura e Reabilitação`,
    q: {
      from: "Lucas Ferreira <lucas.ferreira.arq@gmail.com>",
      d: "11-15 18:02",
      b: "Olá Inês,\n\nSeguem as plantas revistas (v4) em anexo.\n\nAbraço,\nLucas",
    },
    L: "a/request/primary",
    why: "a partner asks for an updated document by Friday",
  }),
  ines({
    s: "Convite: reunião de obra Rua das Flores",
    d: "11-19 09:10",
    b: `Olá Lucas,

Marquei a reunião de obra com o empreiteiro para terça de manhã no local. Confirmas?

Inês`,
    ics: {
      method: "REQUEST",
      start: "11-24 10:00",
      mins: 90,
      summary: "Reunião de obra - Rua das Flores 112",
      loc: "Rua das Flores 112, Lisboa",
      style: "outlook",
      who: ["joao.mendes@construtora-mendes.pt"],
    },
    L: "a/meet/primary",
    why: "an invitation to a site meeting next week that asks for confirmation",
  }),
  joao({
    s: "Fissura na parede da sala",
    d: "11-23 08:12",
    b: `Bom dia arquiteto,

Ao retirar o reboco da parede da sala apareceu uma fissura grande na diagonal, junto à viga. Parei os trabalhos nessa zona. Preciso que venha ver hoje ou que me diga se avanço com o escoramento, porque tenho a equipa parada.

Envio foto.

João Mendes

Enviado do meu iPhone`,
    att: [{ name: "IMG_4471.jpg" }],
    L: "u/request/primary",
    why: "a contractor has stopped work over a structural crack and needs a decision today",
  }),
  joao({
    s: "Orçamento caixilharia",
    d: "11-11 17:30",
    b: `Boa tarde,

Segue o orçamento da caixilharia em alumínio com corte térmico que pediu. Validade 30 dias.

Cumprimentos
João Mendes

Enviado do meu iPhone`,
    att: [
      {
        name: "Orcamento_caixilharia_RF112.pdf",
        text: "Construtora Mendes Lda\nOrcamento 2026/311\nCaixilharia aluminio corte termico\n7 vaos - 9.840,00 EUR + IVA\nValidade: 30 dias",
      },
    ],
    L: "i/deliver/primary",
    why: "a contractor delivers a quote the reader asked for",
  }),
  camara({
    s: "Processo 2026/OB/1184 - pedido de elementos adicionais",
    d: "11-12 15:45",
    b: `Exmo. Senhor Arquiteto Lucas Ferreira,

No âmbito do processo de licenciamento n.º 2026/OB/1184 (Moradia em São Pedro de Sintra), solicita-se a entrega dos seguintes elementos, no prazo de 15 dias úteis:

- Termo de responsabilidade do projeto de especialidades atualizado;
- Planta de implantação à escala 1:200 com as cotas de soleira.

Com os melhores cumprimentos,
Tiago Nunes
Divisão de Gestão Urbanística`,
    L: "a/request/primary",
    why: "a municipality asks for documents within 15 working days",
  }),
  clientRita({
    s: "Cozinha - posso mudar o pavimento?",
    d: "11-17 21:50",
    b: `Olá Lucas!

Estive a ver amostras e apaixonei-me por um mosaico hidráulico verde. Ainda dá para trocar o pavimento da cozinha ou já está encomendado? Se der, que impacto tem no orçamento?

Beijinhos,
Rita`,
    L: "a/request/primary",
    why: "a client asks whether a change is still possible and what it costs",
  }),
  clientHugo({
    s: "Adega - ideia para a sala de provas",
    d: "11-20 10:03",
    b: `Lucas,

E se a sala de provas tivesse uma janela para as cubas, em vez da parede cega? Vi isto numa adega no Douro e achei que dava outra vida ao espaço. Não sei se é viável com a estrutura atual — diz-me o que achas quando puderes.

Abraço,
Hugo`,
    L: "a/propose/primary",
    why: "a client proposes a design idea and asks the reader's opinion",
  }),
  clientHugo({
    s: "Transferência feita",
    d: "11-26 16:40",
    b: `Lucas, já fiz a transferência da segunda tranche (4.500 €). Segue o comprovativo.

Hugo`,
    att: [
      {
        name: "comprovativo_transferencia.pdf",
        text: "Comprovativo de transferencia\nOrdenante: Sequeira Vinhos Lda\nBeneficiario: Lucas Ferreira\nMontante: 4.500,00 EUR\nData: 26-11-2026",
      },
    ],
    L: "i/deliver/primary",
    why: "a client sends proof of a payment made",
  }),
  pablo({
    s: "Concurso Vigo - ¿vamos juntos?",
    d: "11-14 19:22",
    b: `Hola Lucas,

Ha salido el concurso para la biblioteca del barrio de Teis en Vigo. Es pequeño pero interesante, y piden equipo con experiencia en rehabilitación, que es lo tuyo. ¿Te animas a presentarnos juntos? La entrega es el 15 de enero.

Si te interesa, hablamos esta semana y repartimos tareas.

Un abrazo,
Pablo`,
    L: "a/propose/primary",
    why: "a peer proposes entering a competition together and asks if the reader is in",
  }),
  pablo({
    s: "Re: Concurso Vigo - ¿vamos juntos?",
    d: "11-18 08:45",
    b: `¡Genial! Yo preparo la documentación administrativa y el dossier de equipo, y te lo mando el lunes para que lo revises.

Pablo`,
    q: {
      from: "Lucas Ferreira <lucas.ferreira.arq@gmail.com>",
      d: "11-17 22:10",
      b: "Pablo, conta comigo! Falamos amanhã?",
    },
    L: "i/commit/primary",
    why: "the partner promises to prepare documents and send them Monday",
  }),
  maman({
    s: "Noël à Lyon",
    d: "11-15 10:30",
    b: `Mon chéri,

Est-ce que tu as réservé ton billet pour Noël ? Ton père voudrait savoir si tu arrives le 23 ou le 24, pour la chambre. Julien vient avec Léa et les petits.

Je t'embrasse très fort,
Maman`,
    L: "a/request/primary",
    why: "the reader's mother asks for his travel dates, no deadline",
  }),
  julien({
    s: "cadeau papa",
    d: "11-22 22:05",
    b: `Salut frérot,

Pour les 70 ans de papa, on pourrait se cotiser pour le vélo électrique qu'il regarde depuis des mois ? Ça ferait ~600 € chacun avec Sophie. Dis-moi si ça te va, sinon j'ai une autre idée.

Ju`,
    L: "a/propose/primary",
    why: "a brother proposes a shared gift and asks for agreement",
  }),
  camille({
    s: "Dossier de presse - vos photos",
    d: "11-13 14:20",
    b: `Bonjour Lucas,

Nous préparons le dossier de presse de l'exposition « Habiter l'atlantique » à Bordeaux. Pourriez-vous nous envoyer 3 photos HD de la Casa do Moinho avec les crédits, avant le 27 novembre ?

Bien à vous,
Camille Roux
Studio Roux — commissariat & édition`,
    L: "a/request/primary",
    why: "an exhibition curator asks for photos before a date two weeks out",
  }),
  camille({
    s: "Vernissage le 10 décembre",
    d: "11-25 15:02",
    b: `Cher Lucas,

Le vernissage aura lieu le jeudi 10 décembre à 18h30 au Cap Sciences, Bordeaux. Nous serions ravis de vous compter parmi nous. Merci de confirmer votre présence avant le 3 décembre.

Amitiés,
Camille`,
    L: "a/meet/primary",
    why: "a personal invitation to an opening with an RSVP date",
  }),
  bea({
    s: "jantar sábado?",
    d: "11-19 13:15",
    b: `Lucas!! Jantar sábado lá em casa? O Miguel vai fazer bacalhau à Brás. Tipo 20h. Diz qualquer coisa 😊`,
    L: "a/meet/primary",
    why: "a friend invites the reader to dinner on Saturday",
  }),
  bea({
    s: "Re: jantar sábado?",
    d: "11-22 11:20",
    b: `Esqueci-me de dizer: levo eu o vinho, não tragas nada! E afinal é às 20h30, o Miguel chega tarde do futebol.`,
    q: {
      from: "Lucas Ferreira <lucas.ferreira.arq@gmail.com>",
      d: "11-19 14:01",
      b: "Conta comigo! Levo o vinho?",
    },
    L: "i/amend/primary",
    why: "the friend moves the dinner time by half an hour",
  }),
  tap({
    s: "Alteração de porta de embarque: TP 1234 Lisboa - Paris",
    d: "11-28 16:05",
    b: `Caro(a) Lucas Ferreira,

A porta de embarque do seu voo **TP 1234 Lisboa (LIS) → Paris Orly (ORY)** de hoje foi alterada para a **porta 47**. Embarque às 16:50.

Boa viagem!
TAP Air Portugal`,
    L: "u/amend/notification",
    why: "a gate change for a flight boarding within the hour",
  }),
  tap({
    s: "O seu voo TP 1235 foi cancelado",
    d: "12-01 06:10",
    b: `Caro(a) Lucas Ferreira,

Lamentamos informar que o voo **TP 1235 Paris Orly → Lisboa** de hoje, 1 de dezembro, às 10:40, foi cancelado por motivos operacionais.

Reacomodámo-lo no voo **TP 1237** às 18:15. Se esta opção não lhe convier, pode escolher outro voo ou pedir reembolso.

[[Gerir a minha reserva]](https://www.flytap.com/pt-pt/gerir-reserva?pnr=K7Q3XD)`,
    L: "u/amend/notification",
    why: "today's flight is cancelled and the reader must accept or change the rebooking now",
  }),
  cp({
    s: "Bilhete Alfa Pendular Lisboa - Porto",
    d: "11-09 12:40",
    b: `# Bilhete emitido

| Alfa Pendular 133 | Lisboa Santa Apolónia → Porto Campanhã |
| 13/11/2026 | 09:09 – 11:58 |
| Carruagem 4, lugar 61 | Turística |
| Total | 36,50 € |

Apresente o código QR anexado ao revisor.`,
    att: [
      {
        name: "bilhete_AP133_13112026.pdf",
        text: "CP Comboios de Portugal\nAlfa Pendular 133\nLisboa SA - Porto Campanha\n13/11/2026 09:09\nCarr 4 Lugar 61\n36,50 EUR",
      },
    ],
    L: "i/deliver/receipt",
    why: "a train ticket receipt",
  }),
  uber({
    s: "A sua viagem de quinta-feira à noite com a Uber",
    d: "11-19 23:41",
    b: `# Obrigado por viajar connosco, Lucas

| Total | 11,84 € |
| Tarifa da viagem | 10,20 € |
| Taxa de reserva | 1,64 € |

Rua da Graça 12 → Rua de São Bento 331, 23:12 – 23:27

Pago com Visa ••••7730`,
    L: "i/deliver/receipt",
    why: "a ride receipt",
  }),
  bolt({
    s: "Your Bolt ride receipt",
    d: "11-24 08:17",
    b: `# Thanks for riding with Bolt

| Ride fare | €7.90 |
| Total paid | €7.90 |

Alameda Dom Afonso Henriques → Rua das Flores, 07:58 – 08:14
Driver: Sérgio · Toyota Corolla

[[Rate your ride]](https://bolt.eu/rides/rate/5a1)`,
    L: "i/deliver/receipt",
    why: "a ride receipt from the way to the site meeting",
  }),
  glovo({
    s: "O teu pedido está a caminho!",
    d: "11-21 13:02",
    b: `# O teu pedido da Taberna da Rua das Flores está a caminho

Chega em cerca de 20 minutos.

| 1× Prego no pão | 8,50 € |
| 1× Salada de polvo | 11,00 € |
| Taxa de entrega | 1,49 € |
| Total | 20,99 € |

Experimenta o Glovo Prime: entregas grátis durante 30 dias!`,
    L: "i/deliver/receipt",
    why: "a delivery order receipt with a subscription upsell; the order is the point",
  }),
  millennium({
    s: "Alerta: movimento a débito superior a 1.000 €",
    d: "11-18 10:22",
    b: `Caro Cliente,

Foi registado na sua conta à ordem n.º ***4417 um movimento a débito de **2.380,00 €** (TRF. P/ Construtora Mendes Lda).

Se não reconhece esta operação, contacte-nos de imediato através do 707 50 24 24.

Millennium bcp`,
    L: "i/fyi/notification",
    why: "a bank alert for a transfer the reader made himself; informational",
  }),
  at({
    s: "Portal das Finanças - Fatura em falta de validação",
    d: "11-20 09:00",
    b: `Caro(a) contribuinte,

Existem faturas comunicadas pelos comerciantes com o seu NIF que aguardam a sua validação no Portal e-Fatura. O prazo para validar as faturas de 2026 termina a 25 de fevereiro de 2027.

Aceda ao Portal das Finanças em https://faturas.portaldasfinancas.gov.pt

Esta mensagem foi enviada automaticamente. Não responda.`,
    L: "a/request/notification",
    why: "a government system reminds the reader to validate invoices before a February deadline",
  }),
  figma({
    s: "Inês Carvalho commented on Casa Sintra — Alçados",
    d: "11-21 18:33",
    b: `**Inês Carvalho** commented on Casa Sintra — Alçados:

> O alçado nascente precisa da cota da platibanda. Podes acrescentar?

[[Reply]](https://www.figma.com/design/8Jk1/Casa-Sintra?node-id=12-44)`,
    L: "a/request/notification",
    why: "a collaborator's comment in a design tool asking for an addition",
  }),
  autodesk({
    s: "Your AutoCAD LT subscription renews on December 9",
    d: "11-24 12:00",
    b: `Hi Lucas,

Your AutoCAD LT annual subscription (contract 110043871229) renews automatically on **December 9, 2026** for **€553.00** (incl. VAT), charged to Mastercard ••••0182.

No action is needed to keep your subscription. To change your plan, visit your Autodesk Account.`,
    L: "i/fyi/notification",
    why: "an advance renewal notice; nothing to do unless he wants to cancel",
  }),
  sncf({
    s: "Votre e-billet : Lyon Part-Dieu → Paris Gare de Lyon",
    d: "11-26 20:48",
    b: `# Bon voyage, Lucas !

| TGV INOUI 6614 | Lyon Part-Dieu → Paris Gare de Lyon |
| Lundi 28 décembre | 10:04 – 12:00 |
| Voiture 12, place 87 | 2de classe |
| Prix | 49,00 € |

Votre e-billet est disponible dans l'application SNCF Connect.`,
    L: "i/deliver/receipt",
    why: "a train booking confirmation",
  }),
  fnac({
    s: "Black Friday Fnac: até -40% em portáteis e tablets",
    d: "11-27 07:00",
    b: `# Black Friday chegou à Fnac

Até **-40%** em portáteis, tablets e acessórios. Aderentes Fnac têm 10% em cartão adicional.

[[Ver campanhas]](https://www.fnac.pt/black-friday)

Campanha válida até 30/11 ou até esgotar stock.`,
    L: "l/propose/promotion",
    why: "retail marketing",
  }),
  ikea({
    s: "Lucas, as novidades de inverno chegaram",
    d: "11-10 18:00",
    b: `# Um inverno mais acolhedor

Mantas, velas e iluminação para dias curtos. Membros IKEA Family têm preços especiais até domingo.

[[Descobrir]](https://www.ikea.com/pt/pt/campaigns/inverno)`,
    L: "l/propose/promotion",
    why: "a retailer's seasonal marketing to a loyalty member",
  }),
  archdaily({
    s: "Casa em Comporta / Manuel Aires Mateus e mais 9 projetos",
    d: "11-18 12:00",
    b: `# Destaques da semana

- [Casa em Comporta / Manuel Aires Mateus](https://www.archdaily.com.br/br/1034112)
- [Biblioteca Municipal de Oeiras / Atelier dos Remédios](https://www.archdaily.com.br/br/1034105)
- [Reabilitação de Moinho em Mértola / Oficina Terra](https://www.archdaily.com.br/br/1034098)

Veja todos os projetos no site.`,
    L: "i/fyi/newsletter",
    why: "an editorial digest the reader subscribed to and reads",
  }),
];
