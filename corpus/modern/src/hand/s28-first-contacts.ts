import { type Spec, sender } from "../spec.ts";

/**
 * Legitimate first contacts (train only, `s28-` orgs), written one by one: people the reader has
 * never written to, whose first mail is a short question or a plain invitation — a new neighbour
 * about the recycling, a parent from the daughter's class, a running-club and a choir member, a
 * friend's cousin asking for advice, a client's new integration lead, people met at conferences,
 * students, journalists, a speaker coordinator, the landlord's new caretaker, an old classmate.
 * Stage 1 called such mail spam because nearly every short plain mail from a stranger in
 * training was a scam opener or cold sales. None has anything to pay; the only links are the
 * sender's own site in a signature. Their senders are not in the personas' contacts.
 */
const priya = sender({
  org: "s28-nachbarin-priya",
  p: "maya",
  from: "Priya Raman <priya.raman.berlin@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const ewan = sender({
  org: "s28-tallyrock",
  p: "maya",
  from: "Ewan Gallagher <ewan@tallyrock.io>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const daniel = sender({
  org: "s28-advice-daniel",
  p: "maya",
  from: "Daniel Mensah <daniel.mensah88@outlook.com>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const brightwater = sender({
  org: "s28-brightwater-logistics",
  p: "maya",
  from: "Sophie Lindqvist <sophie.lindqvist@brightwater-logistics.co.uk>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const claire = sender({
  org: "s28-laufgruppe-claire",
  p: "maya",
  from: "Claire Dunn <clairedunn.runs@icloud.com>",
  kind: "person",
  shape: "mobile",
  lang: "en",
});
const birgit = sender({
  org: "s28-kiezchor-birgit",
  p: "maya",
  from: "Birgit Hahn <birgit.hahn@gmx.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
});
const kiezbyte = sender({
  org: "s28-kiezbyte",
  p: "maya",
  from: "Jan Petersen <jan.petersen@kiezbyte.de>",
  kind: "person",
  shape: "gmail",
  lang: "de",
  auth: "nodmarc",
});
const devdays = sender({
  org: "s28-krakow-devdays",
  p: "maya",
  from: "Katarzyna Wójcik <katarzyna.wojcik@krakowdevdays.pl>",
  kind: "person",
  shape: "outlook",
  lang: "pl",
  charset: "utf-8",
  cte: "quoted-printable",
});

const slowbuild = sender({
  org: "s28-slowbuild",
  p: "lucas",
  from: "Harriet Cole <harriet@slowbuild.press>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const transit = sender({
  org: "s28-design-in-transit",
  p: "lucas",
  from: "Femke de Groot <femke@designintransit.nl>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const hannah = sender({
  org: "s28-pais-turma-hannah",
  p: "lucas",
  from: "Hannah Moore <hannahmoore.lx@icloud.com>",
  kind: "person",
  shape: "mobile",
  lang: "en",
});
const aurelie = sender({
  org: "s28-conseil-aurelie",
  p: "lucas",
  from: "Aurélie Morel <aurelie.morel@laposte.net>",
  kind: "person",
  shape: "plain",
  lang: "fr",
});
const agnes = sender({
  org: "s28-cliente-alfama",
  p: "lucas",
  from: "Agnès Delcourt <agnes.delcourt@orange.fr>",
  kind: "person",
  shape: "apple",
  lang: "fr",
});
const nuria = sender({
  org: "s28-vidal-estudio",
  p: "lucas",
  from: "Nuria Vidal <nuria@vidalestudio.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
});
const albano = sender({
  org: "s28-encarregado-rua-rosa",
  p: "lucas",
  from: "Albano Pires <albano.pires58@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
});

const alex = sender({
  org: "s28-swift-meetup-alex",
  p: "kenji",
  from: "Alex Kim <alexkim.dev@gmail.com>",
  kind: "person",
  shape: "mobile",
  lang: "en",
});
const weiling = sender({
  org: "s28-student-weiling",
  p: "kenji",
  from: "Tan Wei Ling <tan.weiling.sg@yahoo.com>",
  kind: "person",
  shape: "plain",
  lang: "en",
});
const camila = sender({
  org: "s28-tradutora-camila",
  p: "kenji",
  from: "Camila Rocha <camila.rocha.trad@outlook.com>",
  kind: "person",
  shape: "outlook",
  lang: "en",
});
const nakamura = sender({
  org: "s28-doukyuusei-nakamura",
  p: "kenji",
  from: "中村 拓也 <takuya.nakamura.1989@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});

const aisha = sender({
  org: "s28-edinburgh-aisha",
  p: "elena",
  from: "Aisha Bello <aisha.bello.nlp@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const liam = sender({
  org: "s28-visiting-liam",
  p: "elena",
  from: "Liam O'Connor <liam.oconnor.ling@icloud.com>",
  kind: "person",
  shape: "apple",
  lang: "en",
});
const ravi = sender({
  org: "s28-ltg-lab",
  p: "elena",
  from: "Ravi Menon <r.menon@ltg-lab.org>",
  kind: "person",
  shape: "plain",
  lang: "en",
});
const diego = sender({
  org: "s28-profesor-medellin",
  p: "elena",
  from: "Diego Paredes <diego.paredes.ling@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const matteo = sender({
  org: "s28-dottorando-matteo",
  p: "elena",
  from: "Matteo Rinaldi <matteo.rinaldi.90@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "it",
});
const elin = sender({
  org: "s28-student-elin",
  p: "elena",
  from: "Elin Johansson <elin.johansson@hotmail.se>",
  kind: "person",
  shape: "plain",
  lang: "sv",
});

export const s28FirstContacts: Spec[] = [
  priya({
    s: "yellow bags?",
    d: "11-15 10:12",
    b: `Hi! Sorry to write out of the blue — I'm Priya, I moved into the Seitenflügel (2nd floor, left) two weeks ago. Paul from the front house gave me your email.

Quick question: where does everyone put the yellow bags? The bins in the courtyard are only black and blue, and the Hausverwaltung letter just says "Gelbe Tonne". There's a small mountain of packaging on my balcony by now 😅

Thanks!
Priya`,
    L: "a/request/primary",
    why: "a new neighbour the reader never wrote to asks where the recycling goes; a plain question with nothing to click or pay",
  }),
  ewan({
    s: "retries across two providers (from FinTech Infra Day)",
    d: "11-12 16:47",
    b: `Hi Maya,

we spoke briefly after your panel at FinTech Infra Day in Amsterdam — I was the one asking about retries across two providers. You said to drop you a line, so here I am, a few weeks late.

We're a team of six at Tallyrock (expense cards for small charities) and we keep getting duplicate captures when a provider times out and we retry on the other one. Your point about scoping idempotency keys to the payment intent rather than to the request stuck with me.

Would you have 30 minutes for a call before Christmas? Not a sales thing, we don't sell anything you'd use; I'd just like to check our design with someone who has run this at scale. Any day but Wednesday, and I'm on CET as well.

Cheers,
Ewan

--
Ewan Gallagher
Lead engineer, Tallyrock
+44 7700 900412`,
    L: "a/meet/primary",
    why: "an engineer she met at a conference asks for a half-hour call before Christmas about her panel's subject; a first contact with only a phone number in the signature",
  }),
  daniel({
    s: "Jess said I could ask you",
    d: "11-18 21:30",
    b: `Hello Maya,

I hope this is okay. Jess Okoro is my cousin, and she said you might not mind a message from me.

I've been a data analyst for four years and I'm trying to move into backend work, ideally in payments. I read job ads all evening and still can't tell which parts actually matter and which are wish lists.

Could I buy you a coffee, or take fifteen minutes of your time on a call, sometime in the next few weeks? Whenever suits you; I'm flexible.

Thank you either way,
Daniel Mensah`,
    L: "a/request/primary",
    why: "a friend's cousin (first contact) asks for fifteen minutes of career advice whenever it suits her; no link, no money, no deadline",
  }),
  brightwater({
    s: "Introduction – new integration lead at Brightwater",
    d: "11-10 09:05",
    b: `Dear Maya,

My name is Sophie Lindqvist and I joined Brightwater Logistics last month as integration lead. I've taken over our Ferrow integration from Tom Hadley, who has moved to our Rotterdam office; he told me you were the person who helped most with the payout webhooks last spring.

Nothing is needed from you at the moment. We're planning the move to the v3 payouts API for Q1, and I'll get in touch through the usual support channel once we have a proper plan. I just wanted you to have a name to go with the tickets.

Kind regards,
Sophie

Sophie Lindqvist | Integration Lead
Brightwater Logistics Ltd
T +44 161 496 0733`,
    L: "i/fyi/primary",
    why: "a client's new integration lead introduces herself and says nothing is needed now; worth knowing, no ask",
  }),
  claire({
    s: "18k on saturday?",
    d: "11-19 19:58",
    b: `hey Maya, Claire from the Tempelhof runners here (got your email off the sign-up sheet). are you doing the 18k on saturday? would love someone to run with at about 6 min pace

Sent from my iPhone`,
    L: "a/meet/primary",
    why: "a running-club member writes for the first time to ask whether she joins Saturday's long run; two lines and a question",
  }),
  birgit({
    s: "Zusatzprobe am Samstag – kommst du?",
    d: "11-25 21:05",
    b: `Hallo Maya,

ich bin Birgit, ich singe im Alt und kümmere mich bei uns im Kiezchor um die Noten. Ulrike hat mir deine Adresse gegeben, weil du neu dabei bist – herzlich willkommen!

Am Samstag ist um 14 Uhr eine Zusatzprobe fürs Adventskonzert im Gemeindesaal. Kommst du? Dann bringe ich dir die Mappe mit den Noten mit, sonst lege ich sie dir am Dienstag auf den Stuhl.

Liebe Grüße
Birgit`,
    L: "a/request/primary",
    why: "a choir member writes to the new member for the first time to ask whether she comes to Saturday's extra rehearsal; a plain question from a free-mail address",
  }),
  kiezbyte({
    s: "Anfrage: kurzes Gespräch über Rufbereitschaft",
    d: "11-09 10:30",
    b: `Hallo Frau Okafor,

ich bin Redakteur bei Kiezbyte, einem kleinen Onlinemagazin über die Berliner Tech-Szene. Für einen Text über Rufbereitschaft in jungen Firmen spreche ich gerade mit Entwicklerinnen und Entwicklern darüber, wie sie Nächte und Wochenenden mit Pager organisieren. Tobias Lenz vom Go-Meetup meinte, Sie hätten dazu eine klare Meinung.

Hätten Sie in den nächsten zwei Wochen 20 Minuten für ein Telefonat? Gern auch anonym oder nur mit Vornamen; Ihre Zitate bekommen Sie vorab zur Freigabe.

Viele Grüße
Jan Petersen

Kiezbyte – Redaktion
030 555 18 42
[kiezbyte.de](https://kiezbyte.de)`,
    L: "a/request/primary",
    why: "a journalist the reader never wrote to asks for a 20-minute phone interview in the next two weeks; his magazine's own site and phone in the signature",
  }),
  devdays({
    s: "Kraków Dev Days 2027 – czy byłaby Pani dostępna?",
    d: "11-06 13:45",
    b: `Szanowna Pani,

nazywam się Katarzyna Wójcik i koordynuję prelegentów konferencji Kraków Dev Days. Ktoś z naszej rady programowej słyszał Pani wystąpienie o systemach płatności na berlińskim meetupie Go i zaproponował, żebyśmy się odezwali.

Czy byłaby Pani dostępna 22–23 kwietnia 2027? Wystąpienie trwa 30 minut i może być po angielsku. Pokrywamy podróż i dwa noclegi.

Jeśli temat Panią interesuje, wystarczy krótka odpowiedź, a prześlę szczegóły.

Z pozdrowieniami
Katarzyna Wójcik
Kraków Dev Days
+48 12 555 30 41
[krakowdevdays.pl](https://krakowdevdays.pl)`,
    L: "a/meet/primary",
    why: "a conference's speaker coordinator asks whether she is free to speak in April; an invitation that needs an answer, not today",
  }),

  slowbuild({
    s: "A question about the Rua da Graça house",
    d: "11-05 14:20",
    b: `Dear Lucas,

I write for Slow Build, a small quarterly about repair and reuse in architecture, and I'm working on a piece about lime plaster coming back in southern European renovation. A reader sent me photos of the house on Rua da Graça and said you were the architect.

Could I ask you two questions by email? Why lime rather than a modern render on that façade, and did the owners have to argue with the câmara about it? A few lines each would be plenty, and I'll send you the quotes to check before we print. My deadline is 4 December.

With thanks,
Harriet Cole
Slow Build
[slowbuild.press](https://slowbuild.press)`,
    L: "a/request/primary",
    why: "a journalist writes for the first time with two questions about one of his projects, due in a month; her own site in the signature is the only link",
  }),
  transit({
    s: "Panel in Rotterdam, 19 March – are you available?",
    d: "11-16 11:40",
    b: `Hi Lucas,

I coordinate the speakers for Design in Transit, a two-day festival in Rotterdam about building around stations and transit lines. Our programme lead saw your canopy study for Cais do Sodré at the Lisbon open studios and would love to have you on the panel about small interventions on 19 March 2027 (afternoon, 50 minutes, in English).

Before I send anything formal: are you free that week, and would you be open to it in principle? We cover travel and two nights in Rotterdam.

Best regards,
Femke de Groot
Speaker coordination, Design in Transit
+31 10 555 2281`,
    L: "a/meet/primary",
    why: "a festival's speaker coordinator asks, before a formal invitation, whether he is free for a panel in March; a first contact asking for availability",
  }),
  hannah({
    s: "Olivia & Marta on saturday?",
    d: "11-11 17:26",
    b: `Hi Lucas, this is Hannah, Olivia's mum from Marta's class (got your email from the class contact list). Olivia keeps talking about Marta! Would she like to come to ours on Saturday afternoon? We're near Jardim da Estrela, I could pick her up around 3 and drop her back by 6.

Hannah

Sent from my iPhone`,
    L: "a/propose/primary",
    why: "a parent from his daughter's class (first contact) proposes a Saturday playdate and offers to pick her up; an everyday ask, nothing to click",
  }),
  aurelie({
    s: "de la part d'Élodie",
    d: "11-07 11:02",
    b: `Bonjour Lucas,

je me permets de t'écrire de la part d'Élodie, ta cousine, avec qui je travaille à Villeurbanne. Mon compagnon et moi pensons nous installer à Lisbonne l'an prochain et acheter un vieil appartement à rénover, et Élodie m'a dit que c'était à toi qu'il fallait poser les bonnes questions.

Est-ce que tu aurais un quart d'heure pour un appel, un soir de la semaine prochaine ou le week-end ? Surtout pour savoir à quoi faire attention avant de signer quoi que ce soit.

Merci d'avance, et pas de souci si tu n'as pas le temps.

Aurélie`,
    L: "a/request/primary",
    why: "a cousin's colleague (first contact) asks for a quarter of an hour on the phone about buying a flat in Lisbon; no link, no money",
  }),
  agnes({
    s: "Visite d'un appartement à Alfama en décembre",
    d: "11-21 08:40",
    b: `Monsieur,

Maître Nunes, le notaire qui s'occupe de mon achat, m'a transmis vos coordonnées. J'achète un deux-pièces rue de São Miguel, à Alfama, et je voudrais y faire quelques travaux : ouvrir la cuisine sur le séjour et refaire la salle d'eau.

Je serai à Lisbonne du 8 au 12 décembre. Seriez-vous disponible l'un de ces jours pour visiter l'appartement avec moi et me dire si ces travaux sont envisageables ? La visite vous sera bien sûr réglée selon vos conditions habituelles.

Je vous prie d'agréer, Monsieur, mes salutations distinguées.

Agnès Delcourt
06 12 48 90 37`,
    L: "a/request/primary",
    why: "a prospective client referred by her notary asks whether he can visit a flat with her in December; a first contact with her phone number, nothing to click",
  }),
  nuria({
    s: "Encantada de conocerte en la Bienal",
    d: "11-26 13:15",
    b: `Hola Lucas:

Soy Nuria Vidal; nos presentó Jaime Soto en el cóctel de la Bienal el jueves pasado, aunque apenas hablamos cinco minutos. Me quedé con ganas de seguir la conversación sobre rehabilitar con corcho.

Tenemos un encargo en Cáceres, una casa de 1920 con muros de tapial, y creo que tu experiencia en el Alentejo nos vendría muy bien. ¿Te apetece que hagamos una videollamada la semana que viene y te lo cuento? Los martes y los jueves por la tarde los tengo bastante libres.

Un abrazo,

Nuria Vidal
Vidal Estudio de Arquitectura
+34 927 55 31 08`,
    L: "a/meet/primary",
    why: "an architect he met briefly at a biennale proposes a video call next week about a project she would like his help on; a first contact from her studio's domain",
  }),
  albano({
    s: "janela do atelier",
    d: "11-23 09:12",
    b: `Bom dia Sr. Lucas,

sou o Albano, o novo encarregado da manutenção do prédio da Rua da Rosa. A D. Fernanda, a senhoria, pediu-me para ver a janela do atelier que não fecha bem.

Quando é que lhe dá jeito eu passar? Posso de manhã qualquer dia desta semana, menos quarta. É coisa de meia hora.

Cumprimentos
Albano Pires
912 555 604`,
    L: "a/request/primary",
    why: "the landlord's new caretaker asks when he may come to fix the studio window; a first contact with a phone number and nothing to pay",
  }),

  alex({
    s: "izakaya after the next meetup?",
    d: "11-24 20:33",
    b: `Hi Kenji — Alex here, we sat next to each other at the Shibuya Swift meetup (the widgets talk). A few of us are going for food after the next one on Dec 3, want to join?

Sent from my iPhone`,
    L: "a/meet/primary",
    why: "someone he sat next to at a meetup invites him to dinner after the next one; two lines, a first contact with nothing asked but a yes or no",
  }),
  weiling({
    s: "Question about your StoreKit 2 post",
    d: "11-08 23:10",
    b: `Dear Mr Sato,

I am a final-year computer science student in Singapore and I read your blog post about moving your habit app to StoreKit 2. I am building a small app for my capstone project and have one question I could not find answered anywhere.

In the post you wrote that you kept the old receipt validation running for three months. Was that for users on older iOS versions, or only for people who had bought before the migration?

Sorry for writing without an introduction, and thank you for the post, it helped me a lot.

Regards,
Tan Wei Ling`,
    L: "a/request/primary",
    why: "a student the reader never wrote to asks one technical question about his blog post; polite, no link, nothing to pay",
  }),
  camila({
    s: "Brazilian Portuguese for Kotsu?",
    d: "11-13 08:51",
    b: `Hi Kenji,

I've used Kotsu every morning for about a year; it's the only habit app that stuck. I'm a translator (Japanese and English into Brazilian Portuguese) in Curitiba, and my mother would like to use it too, but the settings screens defeat her English.

If you're interested, I'd be glad to translate the app into pt-BR. This isn't a commercial offer: I'd do it for fun and for my mother. I can work in a strings file or whatever tool you already use.

No pressure at all if it doesn't fit your plans.

Abraços,
Camila Rocha`,
    L: "a/propose/primary",
    why: "a user offers, for free, to translate his app into Brazilian Portuguese; a stranger's offer that needs a yes or no, with nothing to click or pay",
  }),
  nakamura({
    s: "中村です（高3で同じクラスだった）",
    d: "11-22 22:47",
    b: `佐藤くん

突然ごめん、高校3年で同じクラスだった中村拓也です。覚えてるかな。

この前App Storeで習慣アプリを見つけて、開発者の名前を見たら佐藤くんだったのでびっくりしました。アドレスはブログのプロフィールから。

12月の後半に東京へ出張があるので、もし時間があれば一杯どうですか。久しぶりに話したいです。

中村`,
    L: "a/meet/primary",
    why: "a former classmate who found his address on his blog suggests a drink during a trip in late December; a real first contact, nothing to click",
  }),

  aisha({
    s: "Dialect annotation guidelines – a call?",
    d: "11-17 15:02",
    b: `Hi Elena,

We met briefly at the SEPLN poster session in September; I was the one asking about inter-annotator agreement on your Andalusian subset. I've been meaning to write since.

My group in Edinburgh is starting a small annotation project on Nigerian Pidgin and Scots, and we'd like to reuse the structure of your guidelines rather than invent our own. Would you be up for a video call in the next few weeks? Half an hour would do. I'm on GMT, so your mornings are easiest for me.

All best,
Aisha

Aisha Bello
Research fellow, language technology
[aishabello.net](https://aishabello.net)`,
    L: "a/meet/primary",
    why: "a researcher she met at a conference asks for a half-hour call about annotation guidelines; her own site in the signature, no deadline",
  }),
  liam({
    s: "Visiting your group from February",
    d: "11-20 12:15",
    b: `Dear Dr Ruiz Arnaiz,

I'm a second-year PhD student at Trinity College Dublin, and I'll be visiting your department from 2 February to 30 April on an Erasmus+ research stay. Professor Ortega told me you would be my day-to-day contact in the group, so I wanted to introduce myself early.

There is nothing you need to do yet. The international office is handling the paperwork, and I'll write again in January about practical things like a desk and building access.

Looking forward to it,
Liam O'Connor

Sent from my iPad`,
    L: "i/fyi/primary",
    why: "a visiting PhD student introduces himself ahead of a stay in February and says nothing is needed yet; a first contact worth knowing",
  }),
  ravi({
    s: "review deadline: 10th or 12th?",
    d: "11-23 18:44",
    b: `Hi Elena, Ravi here, I joined the workshop PC last week. The CFP page says reviews are due Dec 10 but the invitation said Dec 12 - which one should I go by?

Ravi`,
    L: "a/request/primary",
    why: "a new programme-committee member asks which of two review deadlines holds; a two-line question from someone she never wrote to",
  }),
  diego({
    s: "¿Se puede usar el corpus en clase?",
    d: "11-04 16:55",
    b: `Estimada Dra. Ruiz:

Soy profesor de lingüística en Medellín. Encontré en su página la descripción del corpus de habla de Chamberí y me gustaría usar algunos fragmentos de las transcripciones en un curso de sociolingüística el próximo semestre.

¿La licencia permite ese uso en docencia? Si hay que pedir permiso formal o citar de una manera concreta, dígame cómo y así lo hago.

Muchas gracias de antemano.

Diego Paredes`,
    L: "a/request/primary",
    why: "a lecturer abroad asks whether the corpus licence allows use in his course; a first contact with one question and no deadline",
  }),
  matteo({
    s: "a Madrid a dicembre – un caffè?",
    d: "11-14 22:30",
    b: `Ciao Elena,

sono Matteo Rinaldi, dottorando a Pisa. Ci siamo incrociati al workshop di Torino a giugno, ma non so se ti ricordi di me (ho fatto la domanda sulle metriche di allineamento, quella un po' lunga 🙂).

Sarò a Madrid dal 9 all'11 dicembre per un seminario. Se hai mezz'ora libera mi farebbe piacere prendere un caffè e raccontarti il mio lavoro sul code-switching, che si incrocia parecchio con il tuo.

Fammi sapere, anche un no va benissimo.

Matteo`,
    L: "a/meet/primary",
    why: "a PhD student she met at a workshop proposes a coffee during his visit to Madrid in December; a first contact, no pressure",
  }),
  elin({
    s: "Fråga om kanarisk spanska i korpusen",
    d: "11-10 14:08",
    b: `Hej Elena,

jag heter Elin och skriver min kandidatuppsats i lingvistik i Göteborg, om taligenkänning för olika spanska varieteter. Min handledare tipsade om er korpus.

Jag undrar bara: finns det inspelningar från Kanarieöarna med, eller bara talare från fastlandet? Jag hittade inget om det i dokumentationen.

Tack på förhand!
Elin Johansson`,
    L: "a/request/primary",
    why: "a bachelor's student asks whether the corpus includes Canary Islands speakers; one question from someone she never wrote to",
  }),
];
