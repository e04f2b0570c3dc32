import { type Spec, sender } from "../spec.ts";

/**
 * Fifth batch of stage-2 training mail (train only, `s2d-` orgs), written one by one for the
 * confusions the out-of-fold matrices on training mail keep showing: meetings against requests
 * (an invitation put as a question, a request that only mentions a meeting), FYI against
 * requests (a notice with "please note", a person's ask with no "please"), actionable against
 * low priority (a system notice that needs the reader within days, next to the same company's
 * noise), commits that read as FYI (an acknowledgement that promises the next step), and
 * proposals against requests (an offer put as a question). Each pair's two sides come from the
 * same sender, so the wording, not the sender, has to tell them apart.
 */
const sys = (org: string, p: string, from: string, lang?: string) =>
  sender({ org, p, from, kind: "system", shape: "alt", lang });
const person = (org: string, p: string, from: string, lang: string, shape: Spec["shape"] = "gmail") =>
  sender({ org, p, from, kind: "person", shape, lang });

const hanna = person("s2d-vanner-stockholm", "maya", "Hanna Ek <hanna.ek@bredband.se>", "sv", "mobile");
const weronika = person(
  "s2d-biuro-rachunkowe-nowak",
  "maya",
  "Weronika Nowak <w.nowak@biuro-nowak.pl>",
  "pl",
  "outlook",
);
const bram = person("s2d-studio-bram", "elena", "Bram Jansen <bram@jansen-ontwerp.nl>", "nl", "apple");
const giulia = person("s2d-traduzioni-conti", "elena", "Giulia Conti <giulia@conti-traduzioni.it>", "it");
const sophie = person(
  "s2d-bureau-etudes-lefevre",
  "lucas",
  "Sophie Lefèvre <s.lefevre@be-lefevre.fr>",
  "fr",
  "outlook",
);
const marta = person(
  "s2d-carpintaria-alves",
  "lucas",
  "Marta Alves <marta@carpintaria-alves.pt>",
  "pt",
  "mobile",
);
const daniel = person(
  "s2d-kundenprojekt-hofmann",
  "maya",
  "Daniel Hofmann <d.hofmann@hofmann-logistik.de>",
  "de",
  "outlook",
);
const ryo = person("s2d-hoshizora-apps", "kenji", "山口 涼 <ryo.yamaguchi@hoshizora-apps.jp>", "ja");
const carlos = person(
  "s2d-editorial-sierra",
  "elena",
  "Carlos Vidal <carlos.vidal@editorialsierra.es>",
  "es",
  "outlook",
);
const nadia = person("s2d-payroll-partner", "maya", "Nadia Brooks <nadia.brooks@paybridge-hr.com>", "en");

const dominio = sys("s2d-dominiofacil", "elena", "DominioFácil <avisos@dominiofacil.es>", "es");
const kasse = sys("s2d-zaehlerportal", "maya", "Zählerportal Berlin <noreply@zaehlerportal-berlin.de>", "de");
const appstore = sys("s2d-storedesk", "kenji", "StoreDesk <no-reply@storedesk.dev>");
const suporte = sys("s2d-casa-digital-suporte", "lucas", "Casa Digital <suporte@casadigital.pt>", "pt");
const formulaire = sys(
  "s2d-urbanisme-villeurbanne",
  "lucas",
  "Urbanisme Villeurbanne <ne-pas-repondre@urbanisme-villeurbanne.fr>",
  "fr",
);

export const s2e: Spec[] = [
  // --- meetings put as questions, against asks that only mention a meeting ---
  hanna({
    s: "Fika på fredag?",
    d: "11-24 12:10",
    b: `Hej Maya!

Jonas sa att du är i Stockholm nästa vecka för konferensen. Vi är några från gamla jobbet som tar en fika på Södermalm på torsdag kl. 17. Har du tid att komma? Det vore så roligt att ses igen!

Kram,
Hanna`,
    L: "a/meet/primary",
    why: "a friend's invitation to a get-together, asked as a question; the reader should answer",
  }),
  hanna({
    s: "Referens till rekryteraren",
    d: "11-25 09:30",
    b: `Hej Maya,

rekryteraren på Klarna vill ha en skriftlig referens från någon jag jobbat nära. Kan du skriva några rader om vårt betalprojekt och mejla dem till henne senast onsdag? Adressen står nedan.

Tack snälla!
Hanna`,
    L: "a/request/primary",
    why: "a friend asks the reader to write a reference by Wednesday",
  }),
  bram({
    s: "Koffie als je in Amsterdam bent?",
    d: "11-19 16:40",
    b: `Hoi Elena,

ik hoorde van Sanne dat je in december voor de workshop in Amsterdam bent. Zin om dan een koffie te drinken bij ons op de studio? Dinsdag of woensdag middag past mij goed.

Groetjes,
Bram`,
    L: "a/meet/primary",
    why: "a friend proposes meeting for coffee on given days; an invitation, not a task",
  }),
  bram({
    s: "logo workshop — bestanden",
    d: "11-23 10:05",
    b: `Hoi Elena,

voor het drukwerk van de workshop heb ik nog het definitieve programma nodig, als pdf of Word. Stuur je het deze week? Dan kan de drukker maandag beginnen.

Bram`,
    L: "a/request/primary",
    why: "the designer needs the programme from the reader this week; a request without 'please'",
  }),
  sophie({
    s: "Point structure — visio jeudi ?",
    d: "11-20 11:15",
    b: `Bonjour Lucas,

je te propose qu'on fasse le point sur la note de calcul de la mezzanine en visio jeudi à 10 h. Je t'envoie l'invitation si l'horaire te convient.

Sophie Lefèvre
Bureau d'études Lefèvre`,
    L: "a/meet/primary",
    why: "an engineer schedules a video call on a set day; the point is the meeting",
  }),
  sophie({
    s: "Plans mezzanine à jour",
    d: "11-23 08:50",
    b: `Bonjour Lucas,

avant notre visio, pourrais-tu m'envoyer les plans de la mezzanine avec les dernières cotes ? Sans eux je ne peux pas finir la vérification des poutres.

Merci,
Sophie`,
    L: "a/request/primary",
    why: "a request for updated drawings; the meeting is only mentioned as the time frame",
  }),
  ryo({
    s: "来週のもくもく会",
    d: "11-21 20:30",
    b: `佐藤さん

お疲れさまです。来週の木曜日、渋谷でiOS開発者のもくもく会をやります。19時からです。よかったら来ませんか？

山口`,
    L: "a/meet/primary",
    why: "a fellow developer invites the reader to a coding meetup, as a question",
  }),
  ryo({
    s: "TestFlightのビルドについて",
    d: "11-24 13:15",
    b: `佐藤さん

共同開発のウィジェットの件です。最新のTestFlightビルドに招待していただけますか？金曜日までに動作を確認して報告したいです。

よろしくお願いします。
山口`,
    L: "a/request/primary",
    why: "a collaborator asks the reader to add him to a build by Friday",
  }),

  // --- a person's ask without "please", and a notice with "please note" ---
  weronika({
    s: "Rozliczenie roczne Pani mamy",
    d: "11-26 09:00",
    b: `Dzień dobry,

do rozliczenia rocznego Pani mamy brakuje mi jeszcze dwóch dokumentów: PIT-11 z ZUS i potwierdzenia darowizny na hospicjum. Potrzebuję ich do 5 grudnia.

Z poważaniem,
Weronika Nowak
Biuro Rachunkowe Nowak`,
    L: "a/request/primary",
    why: "the mother's accountant needs two documents from the reader by a date; stated as a need",
  }),
  weronika({
    s: "Biuro w okresie świątecznym",
    d: "11-27 14:20",
    b: `Dzień dobry,

uprzejmie informuję, że w dniach 23.12–2.01 biuro będzie nieczynne. Proszę pamiętać, że w pilnych sprawach można zostawić wiadomość na poczcie głosowej, jak co roku.

Z poważaniem,
Weronika Nowak`,
    L: "l/fyi/primary",
    why: "the accountant tells all clients the office's holiday closure; 'proszę pamiętać' restates the usual arrangement, nothing to do",
  }),
  nadia({
    s: "December payroll timetable",
    d: "11-18 10:00",
    b: `Hi Maya,

Please note that December's payroll runs on the 18th because of the holidays, as every year. Nothing changes for you; this is the timetable we send to all Ferrow staff so you know when to expect your payslip.

Kind regards,
Nadia Brooks
Paybridge HR, Ferrow's payroll provider`,
    L: "l/fyi/primary",
    why: "a timetable sent to all staff; 'please note' introduces information, not an ask",
  }),
  nadia({
    s: "Your tax ID for the December run",
    d: "11-25 15:45",
    b: `Hi Maya,

I still need your new Steuer-ID after your change of tax class before the December run. The letter from the Finanzamt has it in the top right corner.

Thanks,
Nadia`,
    L: "a/request/primary",
    why: "the payroll provider needs the reader's tax ID before the run; a request in plain statements",
  }),
  giulia({
    s: "Revisione abstract — ho bisogno di una tua risposta",
    d: "11-24 17:30",
    b: `Ciao Elena,

nell'abstract in italiano c'è un termine tecnico che non so rendere: "anotación de turnos". Meglio "annotazione dei turni" o "annotazione dei turni di parola"? Mi serve saperlo entro domani sera per consegnare.

Giulia`,
    L: "a/request/primary",
    why: "the translator asks the reader to decide a term before tomorrow evening",
  }),
  giulia({
    s: "Abstract tradotto",
    d: "11-26 10:00",
    b: `Ciao Elena,

ecco l'abstract tradotto, con "annotazione dei turni di parola" come deciso. Ho allegato anche la fattura.

Un saluto,
Giulia`,
    att: [
      { name: "abstract_it.docx", text: "Annotazione dei turni di parola in un corpus orale aragonese." },
    ],
    L: "i/deliver/primary",
    why: "the translator hands over the finished translation and her invoice",
  }),

  // --- commits and proposals from people, against requests ---
  marta({
    s: "Re: Portas do armário",
    d: "11-24 19:05",
    re: true,
    b: `Olá Lucas,

recebi os desenhos. Vou cortar as portas na segunda e levo-as à obra na quarta de manhã para montar.

Marta`,
    L: "i/commit/primary",
    why: "the carpenter promises when she will make and bring the doors; nothing for the reader",
  }),
  marta({
    s: "Madeira para a estante",
    d: "11-25 11:40",
    b: `Olá Lucas,

para a estante da sala, e se usássemos carvalho maciço em vez de MDF lacado? Fica cerca de 300 € mais caro, mas aguenta melhor o peso dos livros. Diz-me o que achas.

Marta`,
    L: "a/propose/primary",
    why: "the carpenter suggests another material and asks the reader's view; the point is the proposal",
  }),
  daniel({
    s: "Schnittstelle Auszahlungsdateien",
    d: "11-23 09:15",
    b: `Hallo Frau Okafor,

wie besprochen liefern wir Ihnen bis Ende nächster Woche die Testdaten für die Schnittstelle der Auszahlungsdateien. Ich melde mich, sobald der Export steht.

Viele Grüße
Daniel Hofmann
Hofmann Logistik`,
    L: "i/commit/primary",
    why: "the customer's contact promises test data by next week; nothing to do until then",
  }),
  daniel({
    s: "Idee: Webhooks statt nächtlichem Abgleich",
    d: "11-26 16:30",
    b: `Hallo Frau Okafor,

wir überlegen, den nächtlichen Abgleich der Auszahlungen durch Webhooks zu ersetzen, damit Statusänderungen sofort bei Ihnen ankommen. Wäre das aus Ihrer Sicht machbar? Gerne stelle ich das Konzept in unserem nächsten Termin vor.

Viele Grüße
Daniel Hofmann`,
    L: "a/propose/primary",
    why: "the customer proposes a design change and asks whether it is feasible",
  }),
  carlos({
    s: "Corrección: fecha de entrega del capítulo",
    d: "11-22 12:00",
    b: `Hola Elena:

en mi correo de ayer puse que el capítulo se entregaba el 15 de enero; la fecha correcta es el 31 de enero. Disculpa la confusión.

Un saludo,
Carlos Vidal
Editorial Sierra`,
    L: "i/amend/primary",
    why: "the editor corrects a date he gave the day before",
  }),

  // --- a system notice that needs the reader within days, against the same system's noise ---
  dominio({
    s: "No hemos podido renovar ruizarnaiz.es",
    d: "11-24 07:00",
    b: `Hola Elena:

el cargo de la renovación anual de **ruizarnaiz.es** ha sido rechazado por tu banco. El dominio caduca el 3 de diciembre; después, el correo de ese dominio dejará de funcionar.

Actualiza tu forma de pago en el área de cliente para que podamos intentarlo de nuevo.

[Actualizar forma de pago](https://dominiofacil.es/cliente/pagos)`,
    L: "a/request/notification",
    why: "a failed renewal with the domain (and the reader's mail) expiring in days; the reader must update payment",
  }),
  dominio({
    s: "Black Friday: .com a 1,99 € el primer año",
    d: "11-27 10:00",
    b: `# Solo este fin de semana

Registra un dominio .com por 1,99 € el primer año. Oferta válida hasta el lunes.

[Buscar dominio](https://dominiofacil.es/blackfriday)`,
    unsub: "https://dominiofacil.es/baja",
    L: "l/propose/promotion",
    why: "the registrar's sale; 'solo este fin de semana' is marketing urgency",
  }),
  kasse({
    s: "Wartungsarbeiten am Sonntag",
    d: "11-20 06:00",
    b: `Am Sonntag, 29.11., ist das Zählerportal zwischen 02:00 und 06:00 Uhr wegen Wartungsarbeiten nicht erreichbar.

Sie müssen nichts tun. Bereits gemeldete Zählerstände bleiben gespeichert.

[Zum Portal](https://zaehlerportal-berlin.de)`,
    L: "l/fyi/notification",
    why: "a night-time maintenance window for everyone; nothing asked",
  }),
  kasse({
    s: "Ablesung Ihres Stromzählers bis 7. Dezember",
    d: "11-25 06:00",
    b: `Guten Tag Frau Okafor,

für Ihre Jahresabrechnung benötigen wir den Stand Ihres Stromzählers Nr. 1ESY-4471208. Tragen Sie ihn bis zum 07.12.2026 im Portal ein; andernfalls wird der Verbrauch geschätzt.

[Zählerstand eintragen](https://zaehlerportal-berlin.de/ablesung)`,
    L: "a/request/notification",
    why: "the grid operator needs the reader's meter reading by a date days ahead",
  }),
  appstore({
    s: "Your app update was rejected: Guideline 5.1.1",
    d: "11-24 02:14",
    b: `Hello Kenji Sato,

We reviewed Hibi 3.8 (build 412) and found that it does not comply with Guideline 5.1.1 (Data Collection and Storage). The app asks for contacts access without explaining why.

Reply in Resolution Center or submit a new build with a usage description.

[Open Resolution Center](https://storedesk.dev/apps/habit/resolution)`,
    L: "a/request/notification",
    why: "a rejected app update: the reader must fix and resubmit or reply; not an outage",
  }),
  appstore({
    s: "Your app update is now available",
    d: "11-26 05:40",
    b: `Hello Kenji Sato,

Hibi 3.8 (build 415) has been approved and is now available in 42 storefronts.

[View app](https://storedesk.dev/apps/habit)`,
    L: "i/fyi/notification",
    why: "the resubmitted update is live; a status the reader wants to know, nothing to do",
  }),
  suporte({
    s: "Recebemos o seu pedido #88213",
    d: "11-21 18:20",
    b: `Olá Lucas,

recebemos o seu pedido de suporte sobre a fatura de outubro. A nossa equipa responde no prazo de 2 dias úteis.

Não é preciso responder a este email.

Casa Digital — Apoio ao Cliente`,
    L: "l/commit/notification",
    why: "a support acknowledgement that promises a reply within two business days",
  }),
  suporte({
    s: "Pedido #88213: precisamos de mais informação",
    d: "11-23 10:05",
    b: `Olá Lucas,

para analisarmos a fatura de outubro, responda a este email com o número do contador (começa por PT0002) e uma fotografia da leitura atual.

Casa Digital — Apoio ao Cliente`,
    L: "a/request/notification",
    why: "support cannot go on without the reader's meter number and reading",
  }),
  formulaire({
    s: "Déclaration préalable DP 069266 26 0311 : pièce manquante",
    d: "11-20 08:00",
    b: `Madame, Monsieur,

votre déclaration préalable pour le 14 rue Francis de Pressensé (extension de maison individuelle) est incomplète : il manque le plan de masse coté (DP2). Vous avez jusqu'au 4 décembre pour le déposer sur le portail.

Service urbanisme, Ville de Villeurbanne`,
    to: "lucas.ferreira.arq@gmail.com",
    L: "a/request/notification",
    why: "the planning office needs a missing drawing for a client's filing by a date days ahead",
  }),
  formulaire({
    s: "Déclaration préalable DP 069266 26 0311 : dossier complet",
    d: "11-28 08:00",
    b: `Madame, Monsieur,

le dossier de votre déclaration préalable est désormais complet. Le délai d'instruction d'un mois court à partir du 27 novembre.

Service urbanisme, Ville de Villeurbanne`,
    L: "i/fyi/notification",
    why: "the filing is complete and the review period runs; information, nothing to do",
  }),
];
