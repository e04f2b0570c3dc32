import { type Spec, sender } from "../spec.ts";

/**
 * Hard negatives for stage 1, third batch (h/threats, written for training after the freeze): the
 * legitimate mail of the worlds `s1c-threats.ts` imitates — a known supplier's and a landlord's
 * real bank change that ask to be checked by phone, colleagues' and a friend's real shares through Google Drive,
 * SwissTransfer, WeTransfer and Box, a real Zoom Phone voicemail, real recruiters and a freelance
 * platform, a university's real MFA notice, a friend writing from a new address and a stranger
 * who really is one (a conference attendee) — so the model learns what is asked and by whom, not
 * the topic. Each was written on its own; each org is new and train-only.
 */
const kettwig = sender({
  org: "s1c-kettwig-komponenten",
  p: "maya",
  from: "Kettwig Komponenten GmbH – Buchhaltung <buchhaltung@kettwig-komponenten.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
});
const garage = sender({
  org: "s1c-garagen-rudolph",
  p: "maya",
  from: "Garagenhof Rudolph GbR – Verwaltung <verwaltung@garagen-rudolph.de>",
  kind: "person",
  shape: "alt",
  lang: "de",
});
const beatriz = sender({
  org: "s1c-drive-beatriz",
  p: "lucas",
  from: "Beatriz Lopes <beatriz.lopes@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const swisstransfer = sender({
  org: "s1c-swisstransfer",
  p: "lucas",
  from: "SwissTransfer <noreply@swisstransfer.com>",
  replyTo: "Camille Roux <camille.roux@studio-roux.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const wetransfer = sender({
  org: "s1c-wetransfer-mendes",
  p: "lucas",
  from: "WeTransfer <noreply@wetransfer.com>",
  kind: "system",
  shape: "html",
  lang: "pt",
});
const box = sender({
  org: "s1c-box",
  p: "kenji",
  from: "伊藤 武 (Box経由) <noreply@box.com>",
  replyTo: "takeshi.ito@hoshimi.co.jp",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const boxSv = sender({
  org: "s1c-box",
  p: "elena",
  from: "Nils Berg (via Box) <noreply@box.com>",
  replyTo: "Nils Berg <nils.berg@su-example.se>",
  kind: "system",
  shape: "alt",
  lang: "sv",
});
const zoomPhone = sender({
  org: "s1c-zoom-phone",
  p: "maya",
  from: "Zoom <no-reply@zoom.us>",
  kind: "system",
  shape: "html",
  lang: "en",
});
const helio = sender({
  org: "s1c-helio-talent",
  p: "maya",
  from: "Jana Novák <jana.novak@heliopay.eu>",
  kind: "person",
  shape: "gmail",
  lang: "en",
});
const kopf = sender({
  org: "s1c-reuter-haas",
  p: "maya",
  from: "Stefan Reuter | Reuter & Haas Executive Search <s.reuter@reuter-haas.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
});
const malt = sender({
  org: "s1c-malt-missions",
  p: "lucas",
  from: "Malt <notifications@malt.fr>",
  kind: "system",
  shape: "alt",
  lang: "fr",
});
const fukugyo = sender({
  org: "s1c-kumo-works-recruit",
  p: "kenji",
  from: "株式会社クモワークス 採用担当 山口 <yamaguchi@kumoworks.co.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
});
const ucmIt = sender({
  org: "s1c-ucm-informatica",
  p: "elena",
  from: "Servicios Informáticos UCM <noreply-si@ucm.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const femi = sender({
  org: "s1c-femi-new-address",
  p: "maya",
  from: "Femi Okafor <femi@okafor.family>",
  kind: "person",
  shape: "apple",
  lang: "en",
  auth: "nodmarc",
});
const attendee = sender({
  org: "s1c-sepln-attendee",
  p: "elena",
  from: "Pau Serra <pau.serra@upf.edu>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});

export const s1cNotices: Spec[] = [
  kettwig({
    s: "Änderung unserer Bankverbindung zum 1. Januar 2027 – bitte telefonisch bestätigen",
    d: "11-20 10:04",
    b: `Sehr geehrte Frau Okafor,

wegen der Fusion unserer Hausbank mit der Volksbank Rhein-Ruhr ändert sich unsere Bankverbindung zum 1. Januar 2027. Bis dahin gilt die bisherige Verbindung unverändert.

Bitte ändern Sie die Daten nicht aufgrund dieser E-Mail allein: Rufen Sie uns unter der Nummer auf unseren bisherigen Rechnungen an (0201 84 11 90), dann bestätigen wir Ihnen die neue IBAN mündlich. Das Schreiben mit Unterschrift der Geschäftsführung kommt zusätzlich per Post.

Mit freundlichen Grüßen
Petra Lindner
Buchhaltung, Kettwig Komponenten GmbH`,
    L: "a/request/primary",
    why: "a real supplier Maya has written to announces a bank change weeks ahead and asks her to confirm it by phone on the known number, not from the mail",
  }),
  garage({
    s: "Stellplatz 14: neues Mietkonto ab Februar – Schreiben folgt per Post",
    d: "11-25 14:30",
    b: `Sehr geehrte Mieterinnen und Mieter des Garagenhofs Glogauer Straße,

nach dem Tod von Herrn Rudolph senior führt die Erbengemeinschaft die Vermietung ab 1. Februar 2027 als GbR weiter. Damit ändert sich das Mietkonto für Ihren Stellplatz. Die neue Bankverbindung erhalten Sie mit unterschriebenem Schreiben per Post; **bitte ändern Sie Ihren Dauerauftrag erst danach**.

Fragen beantworten wir telefonisch unter der Nummer aus Ihrem Mietvertrag (030 6120 4455, Mo–Fr 9–12 Uhr).

Garagenhof Rudolph GbR`,
    L: "a/fyi/primary",
    why: "the landlord of the reader's parking space announces a new rent account, sends the details only by signed letter and points to the phone number in her contract",
  }),
  beatriz({
    s: "fotos do levantamento – Alfama",
    d: "11-24 21:03",
    b: `Olá Lucas,

como combinado, pus as fotos do levantamento do prédio de Alfama numa pasta do Google Drive (são quase 2 GB, não cabiam no email):

https://drive.google.com/drive/folders/1Zk4P9wQm2RtY7uV3nB8cX5aL0eJ6hG1s?usp=sharing

As da fachada norte estão na subpasta "fachada N". Se precisares de mais alguma, diz-me que volto lá no sábado.

Beijinhos,
Bea`,
    L: "a/deliver/primary",
    why: "a friend Lucas writes to shares survey photos through a plain Google Drive folder link from her own Gmail, asking nothing sensitive",
  }),
  swisstransfer({
    s: "camille.roux@studio-roux.fr vous a envoyé des fichiers",
    d: "11-21 16:48",
    b: `# Vous avez reçu des fichiers

**camille.roux@studio-roux.fr** vous a envoyé 4 fichiers (312 Mo).

> Lucas, voici les perspectives et les coupes du concours Confluence. Tu peux me renvoyer tes planches d'ici mardi ?

[Télécharger les fichiers](https://www.swisstransfer.com/d/7c1e9a42-3b8f-4d21-a6e0-58f2c9d1b7e4)

Ce lien expire dans 30 jours. Aucun compte n'est nécessaire pour télécharger.

SwissTransfer – un service d'Infomaniak`,
    L: "a/request/notification",
    why: "a French client's real file transfer through SwissTransfer's own domain and link, asking for drawings by Tuesday",
  }),
  wetransfer({
    s: "João Mendes enviou-lhe Medições_obra_Benfica.zip",
    d: "11-18 09:27",
    b: `# João Mendes enviou-lhe ficheiros

3 ficheiros, 184 MB no total. Expira a 25 de novembro de 2026.

> Lucas, seguem as medições e as fotos da obra de Benfica. Abraço.

[Obter os seus ficheiros](https://wetransfer.com/downloads/8f4c1e27a9d3b6f5e0c2/4a71b9)

Medições_obra_Benfica.zip · Fotos_fachada.zip · Mapa_quantidades.xlsx

Para garantir que recebe os nossos emails, adicione noreply@wetransfer.com aos seus contactos.`,
    L: "a/deliver/notification",
    why: "a client Lucas works with sends real files through WeTransfer's own domain and link",
  }),
  box({
    s: "伊藤 武さんがフォルダ「Hoshimi アプリ素材 2027」への招待を送信しました",
    d: "11-19 17:05",
    b: `伊藤 武さんが、Box のフォルダ「Hoshimi アプリ素材 2027」に編集者として招待しました。

> 佐藤さん、来年版のアイコンとスクショ素材です。月末までに差し替えをお願いします。

[フォルダを開く](https://app.box.com/folder/238814092771)

Box, Inc. · 900 Jefferson Ave, Redwood City, CA 94063`,
    L: "a/request/notification",
    why: "a Japanese client's real Box invitation from box.com to app.box.com with a note asking for new assets by month's end",
  }),
  boxSv({
    s: 'Nils Berg har delat "Annotation guidelines v2.docx" med dig',
    d: "11-22 13:40",
    b: `Nils Berg har delat en fil med dig i Box.

> Hej Elena! Här är version 2 med dina kommentarer inarbetade. Kan du titta på avsnitt 4 före fredag?

[Öppna Annotation guidelines v2.docx](https://su-example.app.box.com/s/k2m9q4x7w1v3n8p5)

Box, Inc. · 900 Jefferson Ave, Redwood City, CA 94063`,
    L: "a/request/notification",
    why: "a Swedish co-author's real Box share sent by box.com, linking to his university's app.box.com tenant",
  }),
  zoomPhone({
    s: "New voicemail from Jonas Weber (0:52)",
    d: "11-25 17:21",
    b: `# You received a voicemail

**From:** Jonas Weber (+49 30 2201 7734)
**Length:** 0:52

**Transcription preview:** "Hi Maya, it's Jonas, quick one about tomorrow's failover drill, can you call me back when you're out of the meeting…"

[Play in Zoom](https://zoom.us/pbx/page/telephone/voicemail)

The audio is also attached to this message.

Zoom Communications, Inc. · 55 Almaden Blvd, San Jose, CA 95113`,
    att: [{ name: "Voicemail_Jonas_Weber.mp3" }],
    L: "a/request/notification",
    why: "a real Zoom Phone voicemail from a colleague, sent by zoom.us with the audio attached and a link into zoom.us",
  }),
  helio({
    s: "Staff engineer role at HelioPay (Berlin/hybrid)",
    d: "11-17 10:46",
    b: `Hi Maya,

I'm a technical recruiter at HelioPay (card-issuing infrastructure, ~140 people). I read your talk notes on idempotent ledger writes and thought you might like to hear about our Staff Engineer role on the payments core team.

It's hybrid in Berlin (2 days in office), €105–125k plus equity, and the interview loop is four conversations over about two weeks. The full job description is on our careers page: https://heliopay.eu/careers/staff-engineer-payments-core

If you're open to it, would a 20-minute call next week work? If not, no worries at all, and I won't follow up more than once.

Best,
Jana Novák
Technical Recruiter, HelioPay`,
    L: "l/propose/primary",
    why: "a real recruiter's first message from her company's own domain: a named role, a salary range, a careers page and a call on the usual channel",
  }),
  kopf({
    s: "Vertraulich: Position Head of Platform (Fintech, München) – Interesse?",
    d: "11-23 09:15",
    b: `Guten Tag Frau Okafor,

ich bin Personalberater bei Reuter & Haas und besetze im Auftrag eines Münchner Zahlungsdienstleisters die Position Head of Platform (Festanstellung, Vollzeit, 4 Tage hybrid). Den Namen des Unternehmens nenne ich Ihnen gern im ersten Gespräch.

Gehaltsrahmen 140–160 T€ zzgl. Bonus. Wenn Sie grundsätzlich offen sind, schlage ich ein kurzes Telefonat vor – gern über mein Büro unter 089 2109 4470 oder per Antwort auf diese E-Mail.

Mit freundlichen Grüßen
Stefan Reuter
Reuter & Haas Executive Search GmbH · Maximilianstraße 12 · 80539 München`,
    L: "l/propose/primary",
    why: "a German headhunter's genuine first approach from his firm's own domain with an office address and phone; confidential client name is normal practice",
  }),
  malt({
    s: "Nouvelle mission proposée : rénovation d'un appartement haussmannien (Lyon 6e)",
    d: "11-20 12:02",
    b: `Bonjour Lucas,

Un client vous a proposé une mission sur Malt.

**Rénovation d'un appartement de 140 m² – Lyon 6e**
Durée estimée : 3 mois · Budget : 450 €/jour · Démarrage : janvier 2027

> Nous cherchons un architecte pour la conception et le suivi de chantier, idéalement avec une expérience de l'ancien.

[Voir la proposition](https://www.malt.fr/messages/mission/2026-11-ab81)

Répondez depuis votre messagerie Malt : le paiement passe toujours par la plateforme.

L'équipe Malt`,
    L: "a/propose/notification",
    why: "a real freelance-platform mission offer from malt.fr linking to malt.fr, answered and paid on the platform",
  }),
  fukugyo({
    s: "業務委託（週10時間）iOSエンジニアのご相談",
    d: "11-21 15:30",
    b: `佐藤 健二 様

突然のご連絡失礼いたします。株式会社クモワークスの山口と申します。
佐藤様の個人アプリ「Tsuru Habit」を拝見し、弊社の家計簿アプリの改修（SwiftUI移行）を業務委託でお願いできないかと思いご連絡しました。

- 稼働：週10時間程度、3か月〜
- 報酬：時給6,000円（月末締め翌月末払い）
- 契約：業務委託契約書を事前に締結

ご興味があれば、オンラインで30分ほどお話しできれば幸いです。会社概要は https://kumoworks.co.jp/company をご覧ください。

株式会社クモワークス 採用担当 山口 誠
〒150-0002 東京都渋谷区渋谷2-14-6 / 03-6712-4410`,
    L: "a/propose/primary",
    why: "a Japanese company's real first approach for contract iOS work: named project, hourly rate, written contract, company address and phone, from its own domain",
  }),
  ucmIt({
    s: "Activación obligatoria del doble factor (MFA) antes del 15 de diciembre",
    d: "11-18 08:00",
    b: `Estimado/a miembro de la comunidad universitaria:

A partir del 15 de diciembre será obligatorio el doble factor de autenticación para acceder al correo y a los servicios UCM. Puede activarlo desde la página oficial [ucm.es/mfa](https://www.ucm.es/mfa) con su cuenta institucional.

Recuerde: los Servicios Informáticos **nunca le pedirán por correo su contraseña ni un código de verificación**. Si recibe un mensaje que lo haga, reenvíelo a abuse@ucm.es.

Servicios Informáticos – Universidad Complutense de Madrid`,
    L: "a/request/notification",
    why: "the university's real MFA rollout from its own domain, pointing to its own page and saying it never asks for codes by mail",
  }),
  femi({
    s: "new email address",
    d: "11-22 19:48",
    b: `Hi Maya,

it's Femi – I finally moved off Gmail and set up our family domain, so this is my new address. The old one still works until Christmas.

Mum says you're coming to Lagos in February? Let me know the dates and I'll sort the airport pickup.

Love,
Femi

Sent from my iPhone`,
    L: "a/request/primary",
    why: "Maya's brother writing from a new family domain (first mail from this address) with a family plan, no link and no money ask",
  }),
  attendee({
    s: "Tu charla en SEPLN sobre anotación de negación",
    d: "11-24 18:22",
    b: `Hola Elena:

¿Eres la Elena Ruiz que presentó el trabajo sobre anotación de negación en SEPLN? Soy Pau Serra, doctorando en la UPF. Me gustó mucho la charla y estoy trabajando en algo parecido para el catalán.

¿Tendrías 20 minutos en las próximas semanas para comentar vuestras guías de anotación? Puedo adaptarme a tu horario, por videollamada o cuando vaya a Madrid en enero.

Un saludo,
Pau Serra
Departament de Traducció i Ciències del Llenguatge, Universitat Pompeu Fabra`,
    L: "a/request/primary",
    why: "a genuine first contact from a doctoral student at a university's own domain asking for a short call about her published work",
  }),
];
