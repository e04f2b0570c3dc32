import { type Spec, sender } from "../spec.ts";

/** More of Lucas's mail: accountant, professional body, clients, neighbours, services. */
const p = "lucas";
const contabilista = sender({
  org: "contabilidade-rocha",
  p,
  from: "Sandra Rocha <sandra@contabilidade-rocha.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const oa = sender({
  org: "ordem-arquitectos",
  p,
  from: "Ordem dos Arquitectos <comunicacao@oasrs.org>",
  kind: "bulk",
  shape: "html",
  lang: "pt",
  unsub: "https://www.oasrs.org/newsletter/anular",
});
const oaPerson = sender({
  org: "ordem-arquitectos",
  p,
  from: "Secretaria OASRS <secretaria@oasrs.org>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const rita = sender({
  org: "clients-lisbon",
  p,
  from: "Rita Almeida <rita.almeida.82@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const famCosta = sender({
  org: "clients-lisbon",
  p,
  from: "Miguel Costa <miguel.costa.lx@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
  ua: "SAPO Mail",
  auth: "softfail",
});
const vizinho = sender({
  org: "condominio-graca",
  p,
  from: "Administração Condomínio R. da Graça 12 <condominio.graca12@gmail.com>",
  kind: "person",
  shape: "gmail",
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
const ines = sender({
  org: "atelier-tejo",
  p,
  from: "Inês Carvalho <ines.carvalho@atelier-tejo.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const engenheiro = sender({
  org: "estruturas-lx",
  p,
  from: "Eng. Paulo Duarte <paulo.duarte@estruturas-lx.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const marie = sender({
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
const lyonFriend = sender({
  org: "friends-lyon",
  p,
  from: "Théo Marchand <theo.marchand@laposte.net>",
  kind: "person",
  shape: "apple",
  lang: "fr",
});
const spainClient = sender({
  org: "casa-rural-asturias",
  p,
  from: "Lucía Fernández <lucia@casaruralelllagar.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const revolut = sender({
  org: "revolut",
  p,
  from: "Revolut <no-reply@revolut.com>",
  kind: "system",
  shape: "alt",
});
const fidelidade = sender({
  org: "fidelidade",
  p,
  from: "Fidelidade <apolices@fidelidade.pt>",
  kind: "system",
  shape: "alt",
  lang: "pt",
});
const seguranca = sender({
  org: "seguranca-social",
  p,
  from: "Segurança Social Direta <naoresponder@seg-social.pt>",
  kind: "system",
  shape: "plain",
  lang: "pt",
});
const coworking = sender({
  org: "second-home-lisboa",
  p,
  from: "Second Home Lisboa <community@secondhome.io>",
  kind: "bulk",
  shape: "html",
  unsub: "https://secondhome.io/unsubscribe/lx",
});
const airbnbHost = sender({
  org: "airbnb",
  p,
  from: "Airbnb <automated@airbnb.com>",
  kind: "system",
  shape: "alt",
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

export const lisbon2: Spec[] = [
  contabilista({
    s: "IVA 4.º trimestre - documentos até dia 5",
    d: "11-24 10:10",
    b: `Bom dia Lucas,

Para fecharmos a declaração periódica de IVA do 4.º trimestre, preciso das faturas de compras de outubro e novembro até dia 5 de dezembro. Pode enviar por aqui ou carregar na pasta partilhada.

Cumprimentos,
Sandra Rocha
Contabilista Certificada`,
    L: "a/request/primary",
    why: "the accountant asks for invoices by 5 December",
  }),
  contabilista({
    s: "RE: IVA 4.º trimestre - falta uma fatura",
    d: "12-04 16:20",
    b: `Lucas,

Falta apenas a fatura da Autodesk (553 €). Se não a tiver hoje até às 18h, deduzimos o IVA só no próximo trimestre — não é grave, mas perde 103 € de dedução até lá. Consegue enviar ainda hoje?

Sandra`,
    L: "u/request/primary",
    why: "a document is needed before 18:00 today or a deduction is delayed",
  }),
  oa({
    s: "Newsletter OASRS | Novembro 2026",
    d: "11-15 10:00",
    b: `# Newsletter da Secção Regional Sul

- Novo regulamento de formação contínua entra em vigor em janeiro
- Prémio Valmor 2026: exposição dos finalistas até 20 de dezembro
- Curso: Reabilitação sísmica de edifícios pombalinos (inscrições abertas)

[[Ler mais]](https://www.oasrs.org/noticias/2026-11)`,
    L: "i/fyi/newsletter",
    why: "the professional body's newsletter the reader reads",
  }),
  oaPerson({
    s: "Quotas 2026 - regularização",
    d: "11-12 11:30",
    b: `Caro Colega,

Verificámos que a quota do 2.º semestre de 2026 (120,00 €) ainda não se encontra liquidada. Solicitamos a regularização até 31 de dezembro, por referência Multibanco:

Entidade: 21874
Referência: 118 402 937
Valor: 120,00 €

Com os melhores cumprimentos,
Secretaria OASRS`,
    L: "a/request/primary",
    why: "the professional body asks a member to pay dues by year end",
  }),
  rita({
    s: "Re: Cozinha - posso mudar o pavimento?",
    d: "11-19 08:30",
    b: `Perfeito, então avançamos com o mosaico verde e eu pago a diferença. Obrigada por ter visto tão depressa!

Rita`,
    q: {
      from: "Lucas Ferreira <lucas.ferreira.arq@gmail.com>",
      d: "11-18 22:05",
      b: "Olá Rita, ainda dá. São mais 640 € em material e um dia de obra.",
    },
    L: "i/fyi/primary",
    why: "the client confirms a decision; nothing further asked",
  }),
  famCosta({
    s: "Pedido de orçamento - remodelação T2 Alvalade",
    d: "11-21 21:44",
    b: `Boa noite Sr. Arquiteto,

Fui recomendado pela Rita Almeida. Comprámos um T2 em Alvalade (anos 60) e queremos abrir a cozinha para a sala e refazer as casas de banho. Faz este tipo de projeto? Se sim, podia indicar-nos um valor aproximado ou marcar uma visita?

Obrigado,
Miguel Costa
912 448 017`,
    L: "a/request/primary",
    why: "a prospective client asks for a quote or a visit",
  }),
  vizinho({
    s: "Assembleia de condóminos - 3 de dezembro",
    d: "11-16 19:00",
    b: `Caros condóminos,

Convocamos a assembleia ordinária para 3 de dezembro, às 20h30, na entrada do prédio.

Ordem de trabalhos:
1. Contas de 2026
2. Orçamento 2027 (inclui pintura da fachada)
3. Obras no telhado

Caso não possa estar presente, pode passar procuração a outro condómino.

A Administração`,
    to: "undisclosed-recipients:;",
    L: "a/meet/primary",
    why: "a residents' meeting invitation that includes a vote on costs",
  }),
  joao({
    s: "Re: Fissura na parede da sala",
    d: "11-23 17:05",
    b: `Arquiteto, o engenheiro Duarte já passou cá e mandou escorar. Amanhã de manhã começamos. Envio-lhe o relatório dele quando chegar.

João

Enviado do meu iPhone`,
    L: "i/commit/primary",
    why: "the contractor reports the problem handled and promises the report",
  }),
  engenheiro({
    s: "Relatório - Rua das Flores 112 - fissura parede sala",
    d: "11-24 12:30",
    b: `Caro Arq. Lucas Ferreira,

Segue em anexo o relatório da visita de ontem. Em resumo: a fissura resulta de assentamento antigo da viga de madeira, sem evolução recente. Recomendo reforço com perfil metálico (pormenor na página 3) antes de fechar a parede.

Ao dispor,
Paulo Duarte
Engenheiro Civil, OE n.º 41822`,
    att: [
      {
        name: "Relatorio_RF112_fissura.pdf",
        text: "Relatorio de inspecao\nRua das Flores 112\nFissura diagonal parede sala\nCausa: assentamento viga de madeira\nRecomendacao: reforco com perfil HEB 140",
      },
    ],
    L: "i/deliver/primary",
    why: "the engineer delivers an inspection report",
  }),
  ines({
    s: "RE: Mapa de acabamentos - pequeno erro",
    d: "11-26 10:02",
    b: `Lucas,

Desculpa, no mapa que te mandei ontem a referência do azulejo da casa de banho está errada: é a 20×20 Viúva Lamego "Lisboa branco", não a 15×15. Já corrigi na versão que está na pasta (v3). O resto mantém-se.

Inês`,
    L: "i/amend/primary",
    why: "a partner corrects a detail in a document sent the day before",
  }),
  marie({
    s: "Re: Noël à Lyon",
    d: "11-18 09:40",
    b: `Parfait mon chéri, le 23 c'est très bien. Papa viendra te chercher à l'aéroport. Envoie-moi ton numéro de vol quand tu l'as.

Bisous,
Maman`,
    L: "i/fyi/primary",
    why: "the reader's mother confirms arrangements; the flight number is an easy later aside",
  }),
  lyonFriend({
    s: "Apéro le 26 ?",
    d: "11-28 18:20",
    b: `Salut Lucas,

Tu es à Lyon pour Noël ? On fait un apéro chez Margaux le 26 au soir avec les anciens de l'école d'archi. Ça te dit ?

Théo`,
    L: "a/meet/primary",
    why: "a friend invites the reader to an evening during the holidays",
  }),
  spainClient({
    s: "Proyecto casa rural - presupuesto aceptado",
    d: "11-20 12:15",
    b: `Hola Lucas,

Hemos hablado en familia y aceptamos tu propuesta de honorarios para la rehabilitación de la casa en Cangas de Onís. Te adjunto el contrato firmado. ¿Cuándo podrías venir a hacer el levantamiento? Enero nos vendría bien.

Un saludo,
Lucía Fernández`,
    att: [
      {
        name: "Contrato_firmado_Fernandez.pdf",
        text: "Contrato de servicios de arquitectura\nCliente: Lucia Fernandez\nArquitecto: Lucas Ferreira\nFirmado 19/11/2026",
      },
    ],
    L: "a/request/primary",
    why: "a client accepts the fee proposal and asks when the reader can visit",
  }),
  revolut({
    s: "Your November statement is ready",
    d: "12-01 07:00",
    b: `Hi Lucas,

Your EUR account statement for November 2026 is ready to download in the app under Accounts → Statements.

Revolut Bank UAB`,
    L: "i/deliver/notification",
    why: "a bank statement is available; record-keeping",
  }),
  fidelidade({
    s: "Apólice de responsabilidade civil profissional - renovação",
    d: "11-10 09:00",
    b: `Exmo. Senhor Lucas Ferreira,

A sua apólice de Responsabilidade Civil Profissional n.º RC-2025-118422 vence a 31 de dezembro de 2026. O prémio anual de renovação é de 412,80 €, a pagar até essa data.

Pode consultar as condições e pagar na área de cliente.`,
    L: "a/request/notification",
    why: "insurance renewal payment due by year end",
  }),
  seguranca({
    s: "Nova mensagem na Segurança Social Direta",
    d: "11-11 08:15",
    b: `Tem uma nova mensagem na sua caixa da Segurança Social Direta: Declaração trimestral de rendimentos - trabalhadores independentes (prazo: 31 de janeiro de 2027).

Aceda em https://app.seg-social.pt`,
    L: "a/fyi/notification",
    why: "a government notice of a declaration due at the end of January",
  }),
  coworking({
    s: "This week at Second Home: Christmas market and a talk on adaptive reuse",
    d: "11-30 09:00",
    b: `# This week at Second Home Lisboa

- **Wed 2 Dec, 18:30** — Talk: adaptive reuse of industrial buildings in Marvila
- **Fri 4 Dec, from 16:00** — Members' Christmas market in the main hall
- The kitchen closes early on Thursday for maintenance.

[[See the full programme]](https://secondhome.io/lisboa/events)`,
    L: "l/meet/newsletter",
    why: "a co-working space's weekly programme to all members",
  }),
  airbnbHost({
    s: "Message from your host Marta about your Porto stay",
    d: "11-12 14:00",
    b: `**Marta** wrote:

> Olá Lucas! Check-in é a partir das 15h. A chave está numa caixa junto à porta, o código é enviado no próprio dia. Precisa de lugar de garagem?

[[Reply to Marta]](https://www.airbnb.com/messaging/thread/1882)`,
    L: "a/request/notification",
    why: "a host asks a question about the reader's upcoming stay through the platform",
  }),
  tap({
    s: "Check-in disponível: TP 1234 Lisboa - Paris",
    d: "11-27 16:55",
    b: `Caro(a) Lucas Ferreira,

O check-in online para o seu voo de amanhã já está disponível.

| TP 1234 | LIS 17:30 → ORY 21:05 |
| Reserva | K7Q3XD |

[[Fazer check-in]](https://www.flytap.com/pt-pt/check-in)`,
    L: "a/request/notification",
    why: "check-in opened for tomorrow's flight",
  }),
];
