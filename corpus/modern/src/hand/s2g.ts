import { type Spec, sender } from "../spec.ts";

/**
 * Seventh batch of stage-2 training mail (train only, `s2g-` orgs), written one by one for the
 * families that out-of-fold reading on training mail (2026-11-26 15:50) showed with at most two
 * organisations, each now spread over three new ones: recruiter pitches through networks other
 * than the big one (`low_priority/propose/social`) beside the same networks' connection requests;
 * a calendar system's invitation that is not Google's (`actionable/meet/notification`); a
 * colleague's or friend's idea that needs nothing (`informational/propose/primary`) beside the same
 * person's ask due within hours (`urgent/request/primary`); a community platform's useful notice
 * (`informational/fyi/social`). And the most confused pair (a system's ask on someone's behalf
 * read as FYI, and its FYI read as an ask): four workflow tools, each with one ask and one status
 * note. Senders are new; none is an organisation of the dev or test split.
 */
const sys = (org: string, p: string, from: string, lang?: string, unsub?: string) =>
  sender({ org, p, from, kind: "system", shape: "alt", lang, unsub });
const person = (org: string, p: string, from: string, lang: string, shape: Spec["shape"] = "gmail") =>
  sender({ org, p, from, kind: "person", shape, lang });

// --- recruiter pitches and connection requests on smaller networks ---
const talentnetz = sys(
  "s2g-talentnetz",
  "maya",
  "Talentnetz <nachrichten@talentnetz.de>",
  "de",
  "https://talentnetz.de/einstellungen/mail",
);
const xarxa = sys(
  "s2g-xarxa-pro",
  "elena",
  "XarxaPro <missatges@xarxapro.cat>",
  "ca",
  "https://xarxapro.cat/preferencies",
);
const kyujin = sys(
  "s2g-kyujin-link",
  "kenji",
  "キュージンリンク <message@kyujin-link.jp>",
  "ja",
  "https://kyujin-link.jp/settings/mail",
);

// --- calendar systems other than Google's ---
const agendum = sys("s2g-agendum", "lucas", "Agendum <invitations@agendum.fr>", "fr");
const ucal = sys("s2g-calendario-upm", "elena", "Calendario UPM <calendario@agenda.upm-ling.es>", "es");
const teamkal = sys("s2g-teamkalender", "maya", "Teamkalender <kalender@teamkalender.de>", "de");

// --- people with an idea that needs nothing, and the same people in a hurry ---
const hanna = person("s2g-hanna-vogt", "maya", "Hanna Vogt <hanna.vogt@posteo.de>", "de");
const ana = person(
  "s2g-ana-quintela",
  "lucas",
  "Ana Quintela <ana.quintela@quintela-eng.pt>",
  "pt",
  "outlook",
);
const taro = person("s2g-taro-mizuno", "kenji", "水野太郎 <taro.mizuno@icloud.com>", "ja", "apple");

// --- community platforms ---
const foro = sys(
  "s2g-foro-lenguas",
  "elena",
  "Foro Lenguas y Datos <noreply@foro.lenguasydatos.org>",
  "es",
  "https://foro.lenguasydatos.org/u/elena/preferences/emails",
);
const swiftba = sys(
  "s2g-swift-hiroba",
  "kenji",
  "Swift広場 <notifications@swift-hiroba.jp>",
  "ja",
  "https://swift-hiroba.jp/my/preferences",
);
const archiCommu = sys(
  "s2g-communaute-bim",
  "lucas",
  "Communauté BIM <ne-pas-repondre@communaute-bim.fr>",
  "fr",
  "https://communaute-bim.fr/compte/notifications",
);

// --- workflow tools: an ask on someone's behalf and a status note ---
const reisekosten = sys("s2g-reisekosten-ferrow", "maya", "Spesenflow <noreply@spesenflow.de>", "de");
const tfg = sys("s2g-gestor-tfg", "elena", "Gestor de TFG <tfg-noreply@gestortfg.es>", "es");
const obra = sys("s2g-obrapainel", "lucas", "ObraPainel <avisos@obrapainel.pt>", "pt");
const betahako = sys("s2g-betahako", "kenji", "BetaHako <noreply@betahako.jp>", "ja");

export const s2g: Spec[] = [
  // recruiter pitches (propose) and connection requests (request), both social
  talentnetz({
    s: "Neue Nachricht von Sabine Kröger (Personalberatung Nordlicht)",
    d: "11-18 09:12",
    b: `**Sabine Kröger** hat Ihnen eine Nachricht geschickt:

> Hallo Frau Okafor, ich betreue gerade eine Position als Head of Platform bei einem Zahlungsdienstleister in Hamburg (remote-first, 4-Tage-Woche möglich). Ihr Profil passt sehr gut. Hätten Sie Lust auf ein unverbindliches Gespräch?

[Nachricht beantworten](https://talentnetz.de/nachrichten/88213)

Sie erhalten diese E-Mail, weil Nachrichten von Recruitern in Ihren Einstellungen erlaubt sind.`,
    L: "l/propose/social",
    why: "a recruiter's pitch through a professional network's messages: an offer the reader did not ask for",
  }),
  talentnetz({
    s: "Jonas Albrecht möchte sich mit Ihnen vernetzen",
    d: "11-21 17:40",
    b: `**Jonas Albrecht**, Backend-Entwickler bei Kontor Payments, möchte Ihr Kontakt werden.

Gemeinsame Kontakte: 3

[Annehmen](https://talentnetz.de/kontakte/anfragen/5512) · [Ignorieren](https://talentnetz.de/kontakte/anfragen/5512?ignorieren=1)`,
    L: "l/request/social",
    why: "a connection request on a professional network: it asks the reader to accept, nothing depends on it",
  }),
  xarxa({
    s: "Marta Puig t'ha enviat un missatge: «Oportunitat a Barcelona»",
    d: "11-16 12:05",
    b: `Hola Elena,

Sóc la Marta, de l'equip de talent de Verba Analytics. Busquem una persona investigadora en PLN per liderar el nostre grup de models multilingües, amb seu a Barcelona i dos dies de teletreball. Creus que et podria interessar? T'explico les condicions quan vulguis.

[Respon a la Marta](https://xarxapro.cat/missatges/20931)

Reps aquest correu perquè tens activats els missatges de persones de fora de la teva xarxa.`,
    L: "l/propose/social",
    why: "a recruiter's unsolicited job pitch through a professional network (Catalan): an offer, noise for the reader",
  }),
  xarxa({
    s: "Pau Serra vol connectar amb tu",
    d: "11-24 08:31",
    b: `**Pau Serra** (doctorand, Universitat de Girona) et vol afegir a la seva xarxa.

> Hola! Vaig veure la teva xerrada sobre normalització ortogràfica i m'agradaria seguir la teva feina.

[Accepta](https://xarxapro.cat/connexions/7781) · [Ara no](https://xarxapro.cat/connexions/7781/rebutja)`,
    L: "l/request/social",
    why: "a connection request from a stranger on a network: asks to accept, no consequence if ignored",
  }),
  kyujin({
    s: "【スカウト】iOSリードエンジニアのポジションのご案内",
    d: "11-19 20:14",
    b: `佐藤 健二 様

株式会社ミライヘルスの採用担当、中村と申します。佐藤様のアプリ開発のご経験を拝見し、弊社のiOSリードエンジニア（フルリモート、年収900万円〜）のポジションをご案内したくご連絡いたしました。

ご興味があれば、カジュアル面談をお願いできればと思います。

[スカウトを確認する](https://kyujin-link.jp/scout/40218)

※このメールはキュージンリンクのスカウト機能から送信されています。`,
    L: "l/propose/social",
    why: "a recruiter's scout message through a job network: an unsolicited offer, low priority for an indie developer",
  }),
  kyujin({
    s: "山本 彩さんからつながりリクエストが届いています",
    d: "11-22 07:58",
    b: `**山本 彩**さん（プロダクトデザイナー / フリーランス）からつながりリクエストが届きました。

共通のつながり：2人

[承認する](https://kyujin-link.jp/connections/9920) ・ [あとで](https://kyujin-link.jp/connections)`,
    L: "l/request/social",
    why: "a connection request on a job network (Japanese): asks to accept, nothing is waiting on it",
  }),

  // calendar systems' first invitations: meet, actionable (accept or decline)
  agendum({
    s: "Invitation : Revue du dossier de permis – Atelier Tejo @ jeu. 4 déc. 10:00 – 11:00",
    d: "11-25 16:20",
    b: `**Inès Carvalho** vous invite à un événement.

| Quand | jeudi 4 décembre 2026, 10:00 – 11:00 (Lisbonne) |
| Où | Visio – lien dans l'invitation |
| Participants | Inès Carvalho, João Mendes, vous |

Ordre du jour : relire ensemble les plans corrigés avant le dépôt à la mairie.

[Oui](https://agendum.fr/r/a81?rep=oui) · [Peut-être](https://agendum.fr/r/a81?rep=peutetre) · [Non](https://agendum.fr/r/a81?rep=non)

Invitation envoyée par Agendum au nom d'Inès Carvalho.`,
    ics: {
      method: "REQUEST",
      start: "12-04 10:00",
      mins: 60,
      summary: "Revue du dossier de permis – Atelier Tejo",
      loc: "Visio",
      who: ["ines.carvalho@atelier-tejo.pt", "joao.mendes@construtora-mendes.pt"],
    },
    L: "a/meet/notification",
    why: "a calendar service's invitation on a client's behalf: a first invitation to accept, next week",
  }),
  ucal({
    s: "Nueva convocatoria: Tribunal de TFM – sesión de tarde (10 dic, 16:00)",
    d: "11-26 09:05",
    b: `Has sido convocada como **vocal** a la siguiente sesión:

| Evento | Tribunal de TFM – Máster en Tecnologías del Lenguaje |
| Fecha | miércoles 10 de diciembre, 16:00–19:00 |
| Lugar | Sala de Grados, edificio B |

Confirma tu asistencia desde el calendario o respondiendo a la invitación adjunta.

Calendario UPM · mensaje automático`,
    ics: {
      method: "REQUEST",
      start: "12-10 16:00",
      mins: 180,
      summary: "Tribunal de TFM – sesión de tarde",
      loc: "Sala de Grados, edificio B",
      style: "outlook",
    },
    L: "a/meet/notification",
    why: "the university calendar system invites the reader to sit on a thesis panel in two weeks; accept or decline",
  }),
  teamkal({
    s: "Einladung: Architektur-Review Zahlungsrouting (Mo 01.12., 14:00)",
    d: "11-26 11:47",
    b: `Priya Raman hat Sie zu einem Termin eingeladen.

**Architektur-Review Zahlungsrouting**
Montag, 1. Dezember 2026, 14:00–15:00 (Europe/Berlin)
Raum Spree / Videokonferenz

Bitte Zu- oder Absage im Teamkalender.

Diese Nachricht wurde automatisch vom Teamkalender erzeugt.`,
    ics: {
      method: "REQUEST",
      start: "12-01 14:00",
      mins: 60,
      summary: "Architektur-Review Zahlungsrouting",
      loc: "Raum Spree",
      who: ["priya.raman@ferrow.io"],
    },
    L: "a/meet/notification",
    why: "the company calendar system's first invitation on a colleague's behalf for Monday: accept or decline",
  }),

  // people: an idea that needs nothing (propose, informational) and an ask due within hours (urgent)
  hanna({
    s: "Idee fürs nächste Jahr",
    d: "11-20 21:33",
    b: `Hi Maya,

mir ist beim Laufen eingefallen: Wir könnten nächstes Jahr statt Adventskalender einen Wichtel-Tausch mit selbstgemachten Sachen machen. Weniger Zeug, mehr Spaß. Musst jetzt nichts dazu sagen, lass es dir einfach mal durch den Kopf gehen.

Liebe Grüße
Hanna`,
    L: "i/propose/primary",
    why: "a friend floats an idea for next year and says explicitly that no answer is needed",
  }),
  hanna({
    s: "Schlüssel – bist du vor 18 Uhr zu Hause?",
    d: "11-26 13:10",
    b: `Maya,

ich hab mich ausgesperrt und du hast meinen Ersatzschlüssel. Kannst du mir kurz schreiben, ob du heute vor 18 Uhr zu Hause bist? Sonst muss ich den Schlüsseldienst rufen, und der kostet am Abend 150 €.

Danke!!
Hanna`,
    L: "u/request/primary",
    why: "a friend locked out needs an answer before six today or pays for a locksmith: the reader's action within hours",
  }),
  ana({
    s: "Uma ideia para a fachada",
    d: "11-17 18:02",
    b: `Olá Lucas,

Estive a pensar na fachada do projeto de Campo de Ourique: talvez o revestimento em cortiça que usámos em Évora também funcionasse aqui, pelo isolamento. Não é para agora, fica só a sugestão para quando voltarmos a esse capítulo.

Abraço,
Ana Quintela
Quintela Engenharia`,
    L: "i/propose/primary",
    why: "an engineer suggests a material for later and says it is not for now: a proposal that needs no action",
  }),
  ana({
    s: "URGENTE: cálculo da laje precisa da tua assinatura até às 16h",
    d: "11-26 11:25",
    b: `Lucas,

A câmara fecha o balcão de entregas às 16h de hoje e o cálculo da laje só entra com a tua assinatura como autor do projeto. Envio-te o PDF em anexo: assina digitalmente e devolve-mo até às 15h30, se puderes.

Se não entrar hoje, perdemos a vaga da vistoria e passa para janeiro.

Ana`,
    att: [{ name: "calculo-laje-campo-ourique.pdf", text: "Memória de cálculo – laje do piso 2" }],
    L: "u/request/primary",
    why: "a signature needed before 15:30 today or the inspection slips to January: an ask with harm within hours",
  }),
  taro({
    s: "ちょっと思いついたこと",
    d: "11-18 23:41",
    b: `健二さん

この前話してた習慣アプリ、ウィジェットに「今日の一言」みたいなのを出したら面白いかも、と思いました。ただの思いつきなので、返事は気にしないでください。

太郎`,
    L: "i/propose/primary",
    why: "a friend's passing product idea, with 'no need to reply': a proposal that asks nothing",
  }),
  taro({
    s: "今日の発表、スライド今すぐ送ってもらえる？",
    d: "11-26 10:02",
    b: `健二さん

ごめん、13時からの勉強会で健二さんのスライドを代わりに映すことになってたのに、ファイルが見つからない！12時半までにKeynoteかPDFを送ってもらえると助かります。

太郎`,
    L: "u/request/primary",
    why: "a friend needs the slides by 12:30 for a talk at 13:00 today: the reader's action within hours",
  }),

  // community platforms: useful notices (fyi, informational, social)
  foro({
    s: "[Foro Lenguas y Datos] Tu pregunta «¿Lematizador para gallego medieval?» tiene una respuesta aceptada",
    d: "11-23 19:14",
    b: `**xoanlopez** respondió a tu tema y el autor original marcó la respuesta como solución:

> Prueba con el modelo de la Universidade da Coruña entrenado sobre el corpus TMILG; con las grafías sin normalizar da un 91 %.

[Ver el tema](https://foro.lenguasydatos.org/t/lematizador-gallego-medieval/3318/4)

Recibes este correo porque sigues este tema. [Preferencias](https://foro.lenguasydatos.org/u/elena/preferences/emails)`,
    L: "i/fyi/social",
    why: "a community forum tells the reader her own question now has an accepted answer: worth knowing, nothing to do",
  }),
  swiftba({
    s: "あなたの記事「WidgetKitでの色の扱い」がトレンド入りしました",
    d: "11-21 08:00",
    b: `佐藤さん、おめでとうございます！

あなたの記事が今週のトレンドに選ばれました。

| いいね | 214 |
| ストック | 87 |
| コメント | 9 |

[記事を見る](https://swift-hiroba.jp/kenji/items/widgetkit-colors)`,
    L: "i/fyi/social",
    why: "a developer community reports how the reader's own article is doing: informative, asks nothing",
  }),
  archiCommu({
    s: "Votre fichier « Famille porte coulissante IFC » a été validé par la modération",
    d: "11-22 14:48",
    b: `Bonjour Lucas,

Votre contribution **Famille porte coulissante IFC** est maintenant publique dans la bibliothèque de la communauté. Elle a déjà été téléchargée 12 fois.

[Voir la contribution](https://communaute-bim.fr/bibliotheque/porte-coulissante-ifc)

L'équipe Communauté BIM`,
    L: "i/fyi/social",
    why: "a professional community says the reader's shared file was approved and published: a status worth knowing",
  }),

  // workflow tools: an ask on someone's behalf (request) and the same tool's status note (fyi)
  reisekosten({
    s: "Tomasz Zieliński hat eine Reisekostenabrechnung zur Freigabe eingereicht",
    d: "11-24 10:18",
    b: `Hallo Maya,

**Tomasz Zieliński** hat die Abrechnung „KubeCon Amsterdam“ (1.284,60 €) eingereicht. Du bist als Freigeberin eingetragen.

Die Buchhaltung schließt den Monat am 28.11.; bitte prüfe die Abrechnung bis dahin.

[Abrechnung prüfen](https://ferrow.spesenflow.de/freigaben/6631)`,
    L: "a/request/notification",
    why: "an expense tool asks the reader, as approver, to review a colleague's claim before the 28th",
  }),
  reisekosten({
    s: "Deine Abrechnung „Team-Offsite Leipzig“ wurde ausgezahlt",
    d: "11-25 15:02",
    b: `Hallo Maya,

deine Abrechnung **Team-Offsite Leipzig** über 342,10 € wurde freigegeben und mit der Gehaltsabrechnung November überwiesen.

Keine weitere Aktion nötig.

[Details ansehen](https://ferrow.spesenflow.de/abrechnungen/6590)`,
    L: "i/fyi/notification",
    why: "the expense tool says the reader's own claim was approved and paid: a status note, nothing to do",
  }),
  tfg({
    s: "Tienes un TFG pendiente de evaluar: «Detección de ironía en tuits en asturiano»",
    d: "11-20 08:45",
    b: `Estimada Dra. Ruiz Arnaiz:

El estudiante **Iván Fernández Llana** ha depositado su Trabajo Fin de Grado y usted figura como evaluadora.

El plazo para introducir el informe y la calificación termina el **5 de diciembre**.

[Acceder a la evaluación](https://gestortfg.es/evaluaciones/2210)

Gestor de TFG – Facultad de Filología`,
    L: "a/request/notification",
    why: "the thesis platform asks the reader, as examiner, to submit a report by 5 December",
  }),
  tfg({
    s: "Calificaciones publicadas – convocatoria de noviembre",
    d: "11-26 12:30",
    b: `Estimada Dra. Ruiz Arnaiz:

Se han publicado las calificaciones de los TFG que usted evaluó en la convocatoria de noviembre. Los estudiantes ya pueden consultarlas.

Esta notificación es informativa.

Gestor de TFG – Facultad de Filología`,
    L: "i/fyi/notification",
    why: "the thesis platform reports that grades the reader gave are now published: informational, no action",
  }),
  obra({
    s: "Pedido de alteração n.º 14 aguarda a sua aprovação – Moradia Restelo",
    d: "11-19 17:26",
    b: `Caro Lucas Ferreira,

O empreiteiro **Construtora Mendes** submeteu o pedido de alteração n.º 14 (substituição da caixilharia da sala, +2.430 €).

Como arquiteto responsável, precisa de aprovar ou rejeitar o pedido até **3 de dezembro** para não atrasar a encomenda.

[Rever pedido](https://obrapainel.pt/obras/restelo/alteracoes/14)`,
    L: "a/request/notification",
    why: "a site-management portal asks the reader, as responsible architect, to approve a change order by 3 December",
  }),
  obra({
    s: "Diário de obra atualizado – Moradia Restelo (semana 47)",
    d: "11-23 19:00",
    b: `Resumo da semana 47:

- Betonagem da laje do piso 1 concluída
- Chegada dos perfis de alumínio adiada para dia 2
- 0 ocorrências de segurança

[Abrir diário de obra](https://obrapainel.pt/obras/restelo/diario)

Recebe este resumo semanal porque é membro da obra.`,
    L: "i/fyi/notification",
    why: "the site portal's weekly log of the reader's project: a status summary worth knowing, nothing asked",
  }),
  betahako({
    s: "Kotsu Habits 3.6 (220)：外部テストの審査が完了しました",
    d: "11-24 06:12",
    b: `佐藤様

ビルド 3.6 (220) の外部テスト審査が完了し、テスターへの配信が始まりました。

配信先グループ：一般ベータ（312名）

[ビルドの詳細](https://betahako.jp/apps/kotsu/builds/220)`,
    L: "i/fyi/notification",
    why: "the beta platform reports the reader's build passed review and is going out: a status note",
  }),
  betahako({
    s: "テスターからクラッシュ報告が3件届いています（要確認）",
    d: "11-25 21:40",
    b: `佐藤様

Kotsu Habits 3.6 (220) について、テスターから新しいクラッシュ報告が3件届きました。いずれも iOS 26.1 の iPad で、ウィジェット追加時に発生しています。

一般公開の前に内容を確認し、対応方針を選択してください。

[報告を確認する](https://betahako.jp/apps/kotsu/feedback?type=crash)`,
    L: "a/request/notification",
    why: "the beta platform asks the reader to review three crash reports before the public release; no same-day harm",
  }),
];
