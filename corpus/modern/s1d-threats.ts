/**
 * Hand-written threats for stage-1 training, fourth batch (h/threats2, after the dev/test freeze):
 * the families still missed out of fold at stop 24 — wrong-number openers that greet someone else
 * by name, supplier bank changes arriving as replies inside a thread from a look-alike domain,
 * the boss's gift-card favour, a hijacked colleague at the reader's own company sharing through a
 * host that wears a sharing service's name, and voicemail "players" on the sender's own domain —
 * in en, de, fr, es, pt, it, nl, pl, sv and ja, each written on its own under an `x-s1d-` org
 * (train only, `train-only.json`). The legitimate mail of the same worlds is in
 * `src/hand/s1d-notices.ts`. Running it rewrites these messages and their hand label lines
 * byte-identically and keeps every other line of labels/threats.jsonl:
 *
 *   npm exec -- node corpus/modern/s1d-threats.ts
 */
import type { Entry } from "./generate-threats.ts";
import { free, hijacked, own, PRIMARY, phish, scam, writeThreatLabels } from "./threat-auth.ts";

export const entries: Entry[] = [
  // ---- wrong-number openers greeting someone else by name ----
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "hey-marcus-en",
      persona: "kenji",
      from: "Olivia Grant <olivia.grant.sf92@gmail.com>",
      subject: "marathon expo!",
      date: "2026-11-18T23:41:12+09:00",
      text: `Hey Marcus! So great running into you at the marathon expo yesterday 😊 You said to email you about the training group, so here I am.

I'm Olivia, the one with the orange cap haha. Are you still doing the Sunday long runs?`,
      auth: free("olivia.grant.sf92@gmail.com", "209.85.220.41"),
    },
    label: scam(
      "English 'Hey Marcus!' to Kenji from a Gmail stranger: a wrong-number opener fishing for a reply to start a pig-butchering chat",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "hallo-sabine-de",
      persona: "maya",
      from: "Mei Lin <meilin.berlin88@outlook.com>",
      subject: "Fotos vom Wochenende",
      date: "2026-11-22T21:16:40+01:00",
      text: `Hallo Sabine, hast du die Fotos vom Wochenende am Wannsee bekommen? Ich schicke sie dir sonst nochmal.

Oh je, ich glaube, ich habe die falsche Adresse erwischt, Entschuldigung! Ich bin erst seit drei Monaten in Berlin. Ich arbeite im Kryptohandel, nebenbei läuft das wirklich gut. Wenn Sie mögen, können wir uns gern austauschen.

Liebe Grüße
Mei`,
      auth: free("meilin.berlin88@outlook.com", "40.92.18.33"),
    },
    label: scam(
      "German misdirected 'Hallo Sabine' that apologises and pivots to crypto trading: the wrong-number investment scam",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "bonsoir-julien-fr",
      persona: "lucas",
      from: "Emma Zhang <emma.zhang.lyon@yahoo.com>",
      subject: "jeudi soir",
      date: "2026-11-19T22:07:55+01:00",
      text: `Bonsoir Julien, tu es toujours partant pour le dîner de jeudi chez Paul ? Je peux apporter le dessert.

Emma`,
      auth: free("emma.zhang.lyon@yahoo.com", "77.238.176.44"),
    },
    label: scam(
      "French 'Bonsoir Julien' sent to Lucas by a Yahoo stranger: the first step of a wrong-number conversation scam",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "hola-carmen-es",
      persona: "elena",
      from: "Sofía Chen <sofia.chen.mad@gmail.com>",
      subject: "café el jueves",
      date: "2026-11-24T20:55:03+01:00",
      text: `Hola Carmen, ¿te viene bien el jueves a las 6 para el café? Al final no me dijiste nada 😅

Ay, perdona, me he equivocado de persona. Bueno, encantada igualmente. ¿Tienes WhatsApp? Por aquí tardo mucho en contestar: +34 611 20 48 93

Sofía`,
      auth: free("sofia.chen.mad@gmail.com", "209.85.220.52"),
    },
    label: scam(
      "Spanish 'Hola Carmen' to Elena that admits the wrong person and asks to move to WhatsApp",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "ola-rita-pt",
      persona: "lucas",
      from: "Ana Liu <ana.liu.porto@hotmail.com>",
      subject: "Já chegaste?",
      date: "2026-11-21T21:30:18+00:00",
      text: `Olá Rita, já chegaste a Lisboa? Avisa quando estiveres no hotel.

Desculpa, enganei-me no endereço! Que vergonha. Mas já que estamos a falar, trabalho com investimentos em ouro e este ano correu-me mesmo bem. Se quiseres, explico-te como funciona.

Ana`,
      auth: free("ana.liu.porto@hotmail.com", "40.92.58.12"),
    },
    label: scam(
      "Portuguese misdirected 'Olá Rita' that pivots to gold investments: a wrong-number investment scam",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "ciao-marco-it",
      persona: "elena",
      from: "Chiara Wu <chiara.wu.mi@libero.it>",
      subject: "domani in palestra?",
      date: "2026-11-23T22:12:47+01:00",
      text: `Ciao Marco, ci vediamo domani in palestra alle 7? Porto io le fasce.

Scusa, ho sbagliato indirizzo! Piacere, io sono Chiara 🙂 Se ti va scrivimi su Telegram @chiara_wu_mi, qui non controllo quasi mai la posta.`,
      auth: free("chiara.wu.mi@libero.it", "213.209.10.61"),
    },
    label: scam("Italian 'Ciao Marco' to Elena from a stranger that moves the chat to Telegram", "it"),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "hoi-daan-nl",
      persona: "maya",
      from: "Lisa Huang <lisahuang.adam@gmail.com>",
      subject: "zaterdag?",
      date: "2026-11-20T21:48:09+01:00",
      text: `Hoi Daan, gaan we zaterdag nog naar de markt? Laat je het even weten?

Lisa`,
      auth: free("lisahuang.adam@gmail.com", "209.85.220.63"),
    },
    label: scam(
      "Dutch 'Hoi Daan' sent to Maya by a Gmail stranger: a wrong-number conversation opener",
      "nl",
    ),
  },
  {
    spec: {
      org: "x-s1d-wrong-number",
      name: "yamamoto-san-ja",
      persona: "kenji",
      from: "由美 <yumi.yokohama.0518@gmail.com>",
      subject: "先日はありがとうございました",
      date: "2026-11-25T22:03:31+09:00",
      text: `山本さん、先日はワインの会でありがとうございました！またお話しできたら嬉しいです。

あ、アドレスを間違えてしまったみたいです。すみません。でもこれも何かのご縁ですね。私は資産運用の仕事をしていて、よかったらLINEでお話ししませんか？ID: yumi_asset

由美`,
      auth: free("yumi.yokohama.0518@gmail.com", "209.85.220.70"),
    },
    label: scam(
      "Japanese 'Yamamoto-san' to Kenji that admits the wrong address and invites him to LINE about asset management",
      "ja",
    ),
  },
  // ---- supplier bank changes arriving as replies inside a thread, from a look-alike domain ----
  {
    spec: {
      org: "x-s1d-thread-bank",
      name: "aw-rechnung-wartung-de",
      persona: "maya",
      from: "Hendrik Albers <h.albers@albers-haustechnlk.de>",
      subject: "AW: Rechnung 2026-311 Wartung Gastherme",
      date: "2026-11-24T09:12:44+01:00",
      inReplyTo: "<CAHs8m1p0Q@mail.gmail.com>",
      text: `Hallo Frau Okafor,

danke für die schnelle Rückmeldung. Kurzer Hinweis noch: Wegen eines Bankwechsels gilt ab sofort unsere neue Bankverbindung. Bitte überweisen Sie die Rechnung 2026-311 (412,30 €) auf:

Albers Haustechnik
IBAN: DE27 1001 1001 2621 4477 09
BIC: NTSBDEB1XXX

Die alte Verbindung wird diese Woche aufgelöst.

Mit freundlichen Grüßen
Hendrik Albers

Am 23.11.2026 um 18:40 schrieb Maya Okafor <maya.okafor@ferrow.io>:
> Hallo Herr Albers,
> die Rechnung ist angekommen, ich überweise diese Woche.
> Viele Grüße, Maya Okafor
>
> Am 21.11.2026 schrieb Hendrik Albers <h.albers@albers-haustechnik.de>:
>> anbei die Rechnung 2026-311 für die Wartung Ihrer Gastherme.`,
      auth: own("albers-haustechnlk.de", "185.213.27.90", "pass"),
    },
    label: scam(
      "German reply in Maya's own thread with her heating engineer, from albers-haustechnlk.de instead of -technik.de, switching the bank account",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1d-thread-bank",
      name: "re-facture-menuiserie-fr",
      persona: "lucas",
      from: "Atelier Mercier – Comptabilité <compta@atelier-rnercier.fr>",
      subject: "RE: Facture F-2026-088 – menuiseries Confluence",
      date: "2026-11-20T10:31:02+01:00",
      inReplyTo: "<5f2c1a9e-77b1@atelier-mercier.fr>",
      text: `Bonjour Monsieur Ferreira,

Suite à votre message, nous vous informons que nos coordonnées bancaires ont changé suite à un audit de notre banque. Merci de régler la facture F-2026-088 (6 840,00 €) sur notre nouveau compte :

IBAN : FR76 1690 6000 0187 4421 9930 512
BIC : AGRIFRPP869

Merci de ne plus utiliser l'ancien RIB et de nous confirmer la date du virement.

Cordialement,
Service comptabilité – Atelier Mercier

Le 19 nov. 2026 à 17:02, Lucas Ferreira <lucas.ferreira.arq@gmail.com> a écrit :
> Bonjour, bien reçu la facture, je la règle avant la fin du mois.
>
> Le 18 nov. 2026, compta@atelier-mercier.fr a écrit :
> > Veuillez trouver ci-joint la facture F-2026-088.`,
      auth: own("atelier-rnercier.fr", "45.95.147.12", "none"),
    },
    label: scam(
      "French reply in Lucas's thread with his joinery supplier, from atelier-rnercier.fr (rn for m), giving a new IBAN",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1d-thread-bank",
      name: "re-factura-posters-es",
      persona: "elena",
      from: "Imprenta Castilla – Administración <admin@imprenta-castila.es>",
      subject: "RE: Factura 2026/1194 pósters del workshop",
      date: "2026-11-25T11:05:37+01:00",
      inReplyTo: "<a81f-2026-1194@imprenta-castilla.es>",
      text: `Hola Elena,

Gracias por confirmar. Te aviso de que hemos cambiado de banco este mes, así que el pago de la factura 2026/1194 (365,20 €) tiene que ir a la nueva cuenta:

ES91 1465 0100 9120 4471 8830 (ING)

Por favor, no lo ingreses en la cuenta anterior porque está cerrándose. Avísame cuando hagas la transferencia.

Un saludo,
Raquel – Administración

El 24/11/2026, Elena Ruiz Arnaiz <elena@ruizarnaiz.es> escribió:
> Perfecto, los pósters llegaron bien. Pago esta semana.
>
> El 22/11/2026, admin@imprenta-castilla.es escribió:
> > Adjuntamos la factura de los 40 pósters A1.`,
      auth: own("imprenta-castila.es", "193.106.191.40", "none"),
    },
    label: scam(
      "Spanish reply in Elena's thread with her print shop, from imprenta-castila.es (one l missing), switching the payment account",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1d-thread-bank",
      name: "re-fattura-marmi-it",
      persona: "lucas",
      from: "Marmi Carrara Rossi <amministrazione@marmi-carrara-rosi.it>",
      subject: "R: Fattura 311/2026 lastre cucina",
      date: "2026-11-23T09:44:20+01:00",
      inReplyTo: "<3a91c-311@marmi-carrara-rossi.it>",
      text: `Buongiorno Sig. Ferreira,

come da accordi, le ricordiamo il saldo della fattura 311/2026 (2.180,00 €). Per una variazione del conto corrente aziendale, la preghiamo di effettuare il bonifico sul nuovo IBAN:

IT60 X054 2811 1010 0000 0123 456

Il vecchio conto non è più attivo. Attendiamo la contabile per procedere con la spedizione.

Cordiali saluti
Amministrazione – Marmi Carrara Rossi

Il giorno 22/11/2026 Lucas Ferreira <lucas.ferreira.arq@gmail.com> ha scritto:
> Buongiorno, confermo le misure. Procedo con il pagamento appena arriva la fattura.
>
> Il giorno 20/11/2026 amministrazione@marmi-carrara-rossi.it ha scritto:
> > In allegato il preventivo aggiornato per le lastre.`,
      auth: own("marmi-carrara-rosi.it", "91.215.85.33", "none"),
    },
    label: scam(
      "Italian reply in Lucas's thread with his marble supplier, from marmi-carrara-rosi.it, with a 'new IBAN' before shipping",
      "it",
    ),
  },
  {
    spec: {
      org: "x-s1d-thread-bank",
      name: "odp-faktura-transport-pl",
      persona: "maya",
      from: "Transbud Kraków – Księgowość <ksiegowosc@transbud-krakuw.pl>",
      subject: "Odp: Faktura FV/11/2026/087 – przeprowadzka mamy",
      date: "2026-11-21T12:20:05+01:00",
      inReplyTo: "<fv-087-2026@transbud-krakow.pl>",
      text: `Dzień dobry Pani Mayo,

dziękujemy za potwierdzenie. Informujemy, że od tego miesiąca zmiana numeru rachunku: prosimy o wpłatę za fakturę FV/11/2026/087 (1 850,00 zł) na nowy rachunek:

PL61 1090 1014 0000 0712 1981 2874

Poprzedni rachunek zostanie zamknięty. Prosimy o przesłanie potwierdzenia przelewu.

Z poważaniem
Księgowość Transbud

W dniu 20.11.2026 Maya Okafor <maya.okafor@ferrow.io> napisała:
> Dzień dobry, faktura dotarła, zapłacę w tym tygodniu.
>
> W dniu 19.11.2026 ksiegowosc@transbud-krakow.pl napisał:
> > W załączeniu faktura za przeprowadzkę.`,
      auth: own("transbud-krakuw.pl", "5.188.206.14", "none"),
    },
    label: scam(
      "Polish reply in Maya's thread with the moving company for her mother, from transbud-krakuw.pl, changing the account number",
      "pl",
    ),
  },
  // ---- the boss's (or a relative's) gift-card favour ----
  {
    spec: {
      org: "x-s1d-gift-cards",
      name: "quick-task-amazon-en",
      persona: "maya",
      from: "Lena Hartmann <lena.hartmann.office@gmail.com>",
      subject: "are you free?",
      date: "2026-11-24T10:52:16+01:00",
      text: `Maya, are you free? I need a quick favour and I'm in a call with the investors all morning.

Please pick up 5 Amazon gift cards of €100 each for the team — it's a thank-you I want to send before lunch. Scratch the back, take a photo of each code and send me the pictures here. I'll pay you back today.

Thanks,
Lena
Sent from my phone`,
      auth: free("lena.hartmann.office@gmail.com", "209.85.220.81"),
    },
    label: scam(
      "English gift-card favour in the name of Maya's manager from a Gmail look-alike address: buy cards, send photos of the codes",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1d-gift-cards",
      name: "gefallen-geschenkkarten-de",
      persona: "maya",
      from: "Jonas Weber <jonas.weber.ferrow@web.de>",
      subject: "Kurze Bitte – vertraulich",
      date: "2026-11-19T14:08:51+01:00",
      text: `Hallo Maya,

hast du kurz Zeit? Ich sitze im Kundentermin und kann nicht telefonieren. Ich brauche für eine Überraschung im Team 4 Apple-Geschenkkarten zu je 100 €. Kannst du die im nächsten Laden holen, freirubbeln und mir Fotos der Codes per Mail schicken? Du bekommst das Geld heute Abend zurück.

Bitte noch nichts im Team sagen.

Jonas`,
      auth: free("jonas.weber.ferrow@web.de", "212.227.15.19"),
    },
    label: scam(
      "German gift-card ask in a colleague's name from a web.de address: Apple cards, scratch them and mail photos of the codes",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1d-gift-cards",
      name: "favor-tarjetas-es",
      persona: "elena",
      from: "Prof. Javier Molina <javier.molina.dpto@gmail.com>",
      subject: "¿Estás en el despacho?",
      date: "2026-11-25T09:37:02+01:00",
      text: `Elena, ¿estás en el despacho? Estoy en una reunión del rectorado y no puedo llamar.

Necesito que me hagas un favor: compra 3 tarjetas regalo de Google Play de 100 € para los ponentes del seminario. Rasca la parte de atrás y envíame los códigos por aquí. Te lo devuelvo mañana.

Gracias,
Javier`,
      auth: free("javier.molina.dpto@gmail.com", "209.85.220.90"),
    },
    label: scam(
      "Spanish gift-card favour in the name of Elena's head of department from Gmail: Google Play cards, send the codes",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1d-gift-cards",
      name: "service-cartes-cadeaux-fr",
      persona: "lucas",
      from: "Martine Ferreira <tante.martine.ferreira@outlook.fr>",
      subject: "petit service",
      date: "2026-11-22T16:14:40+01:00",
      text: `Coucou Lucas,

c'est tata Martine, j'écris depuis une nouvelle adresse, mon téléphone est cassé. C'est l'anniversaire de ta cousine et je ne peux pas sortir avec mon genou. Tu pourrais m'acheter deux cartes cadeaux Fnac de 150 € et m'envoyer les codes par mail ? Je te rembourse par virement dès que je peux.

Bisous`,
      auth: free("tante.martine.ferreira@outlook.fr", "40.92.66.90"),
    },
    label: scam(
      "French 'your aunt from a new address' asking Lucas to buy gift cards and email her the codes",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1d-gift-cards",
      name: "onegai-giftcard-ja",
      persona: "kenji",
      from: "佐々木 部長 <sasaki.bucho.office@yahoo.co.jp>",
      subject: "至急お願い",
      date: "2026-11-20T11:26:33+09:00",
      text: `佐藤さん

会議中で電話に出られないので、メールで失礼します。取引先へのお礼にAppleギフトカードを1万円分×5枚購入してもらえますか。裏面を削ってコードの写真を送ってください。費用は後で精算します。

佐々木`,
      auth: free("sasaki.bucho.office@yahoo.co.jp", "182.22.12.40"),
    },
    label: scam(
      "Japanese 'urgent favour' from a former manager's name on Yahoo Japan: buy Apple gift cards and send photos of the codes",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1d-gift-cards",
      name: "favor-cartoes-pt",
      persona: "lucas",
      from: "Arq. Helena Matos <helena.matos.atelier@gmail.com>",
      subject: "Estás disponível?",
      date: "2026-11-25T15:02:19+00:00",
      text: `Lucas, estás disponível? Estou numa vistoria e sem rede para telefonar.

Preciso que compres 4 cartões-presente da Apple de 50 € para oferecer à equipa da obra. Raspa o verso e manda-me os códigos por email. Pago-te amanhã.

Helena`,
      auth: free("helena.matos.atelier@gmail.com", "209.85.220.95"),
    },
    label: scam(
      "Portuguese gift-card favour in the name of a partner architect from a new Gmail address: scratch and send the codes",
      "pt",
    ),
  },
  // ---- a hijacked colleague at the reader's own company ----
  {
    spec: {
      org: "x-s1d-hijacked-colleague",
      name: "shared-oncall-budget-en",
      persona: "maya",
      from: "Priya Raman <priya.raman@ferrow.io>",
      subject: 'Priya Raman shared "Q1 on-call budget.xlsx" with you',
      date: "2026-11-24T16:41:09+01:00",
      text: `Priya Raman shared a file with you

Q1 on-call budget.xlsx

Hi Maya, can you check the rota numbers before Thursday's review?

Open: https://ferrow-my.sharepoint.com.secure-docview.top/:x:/p/priya_raman/q1-oncall

Microsoft 365`,
      auth: hijacked(
        "priya.raman@ferrow.io",
        "52.100.171.204",
        "mail-fr2deu01on2098.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "English share from a hijacked Ferrow colleague's real mailbox, linking to ferrow-my.sharepoint.com.secure-docview.top (a login page)",
      "en",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1d-hijacked-colleague",
      name: "datei-freigegeben-de",
      persona: "maya",
      from: "Tomasz Zieliński <tomasz.zielinski@ferrow.io>",
      subject: "Tomasz Zieliński hat die Datei „Incident-Review Nov.docx“ für Sie freigegeben",
      date: "2026-11-21T08:57:30+01:00",
      text: `Tomasz Zieliński hat die Datei „Incident-Review Nov.docx“ für Sie freigegeben.

Bitte bis Montag kommentieren.

Öffnen: https://onedrive.live.com.file-access-portal.click/view/incident-review-nov

Sie erhalten diese E-Mail, weil Tomasz Zieliński eine Datei für Sie freigegeben hat.`,
      auth: hijacked(
        "tomasz.zielinski@ferrow.io",
        "52.100.171.66",
        "mail-be0deu01on2071.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "German OneDrive-style share from a hijacked colleague's mailbox, the link on onedrive.live.com.file-access-portal.click",
      "de",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1d-hijacked-colleague",
      name: "delade-fil-sv",
      persona: "maya",
      from: "Sara Lindqvist <sara.lindqvist@ferrow.io>",
      subject: "Sara Lindqvist har delat en fil med dig",
      date: "2026-11-25T13:19:48+01:00",
      text: `Sara Lindqvist har delat en fil med dig: "Löneunderlag december.pdf"

Kan du titta på det innan fredag?

Visa filen: https://dropbox.com-shared.files-secure.icu/s/loneunderlag-dec

Dropbox`,
      auth: hijacked(
        "sara.lindqvist@ferrow.io",
        "52.100.171.90",
        "mail-db5eur03on2090.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "Swedish 'shared a file' from a hijacked colleague's real mailbox, the link on dropbox.com-shared.files-secure.icu",
      "sv",
      "primary",
      PRIMARY,
    ),
  },
  // ---- voicemail "players" on the sender's own domain ----
  {
    spec: {
      org: "x-s1d-voicemail",
      name: "new-voicemail-en",
      persona: "maya",
      from: "Voicemail Service <voicemail@vm-notify-center.com>",
      subject: "New voicemail from +49 30 5557 1902 (0:42)",
      date: "2026-11-23T11:06:14+01:00",
      text: `You have a new voice message.

From: +49 30 5557 1902
Duration: 0:42
Received: 23 Nov 2026 11:05

Play message: https://vm-notify-center.com/play?box=ferrow.io&msg=88412

Sign in with your work account to listen.`,
      auth: own("vm-notify-center.com", "194.87.218.30", "none"),
    },
    label: phish(
      "English voicemail notice whose player and sign-in sit on the sender's own newly registered domain",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1d-voicemail",
      name: "sprachnachricht-telefonanlage-de",
      persona: "maya",
      from: "Telefonanlage <ansage@telefonanlage-mailbox.de>",
      subject: "Neue Sprachnachricht (1 Min.) von 0171 5550 442",
      date: "2026-11-20T15:33:41+01:00",
      text: `Sie haben eine neue Sprachnachricht.

Anrufer: 0171 5550 442
Länge: 1:03 Min.

Nachricht anhören: https://telefonanlage-mailbox.de/abhoeren/ferrow/55321

Zum Anhören melden Sie sich mit Ihrer geschäftlichen E-Mail-Adresse an.`,
      auth: own("telefonanlage-mailbox.de", "45.141.84.60", "none"),
    },
    label: phish("German voicemail notice with its player and login on the sender's own domain", "de"),
  },
  {
    spec: {
      org: "x-s1d-voicemail",
      name: "buzon-de-voz-es",
      persona: "elena",
      from: "Centralita – Buzón de voz <buzon@avisos-centralita.es>",
      subject: "Tiene un mensaje de voz nuevo (0:37)",
      date: "2026-11-24T12:48:07+01:00",
      text: `Tiene un mensaje de voz nuevo en su buzón.

Llamante: +34 91 555 0187
Duración: 0:37

Escuchar el mensaje: https://avisos-centralita.es/escuchar?u=elena&id=7731

Para escucharlo, inicie sesión con su correo y contraseña.`,
      auth: own("avisos-centralita.es", "185.225.17.8", "none"),
    },
    label: phish(
      "Spanish voicemail notice whose player is on the sender's own domain and asks for the mailbox password",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1d-voicemail",
      name: "messagerie-vocale-fr",
      persona: "lucas",
      from: "Messagerie vocale <messagerie@notif-vocale-pro.fr>",
      subject: "Nouveau message vocal de 06 55 51 23 88",
      date: "2026-11-21T17:22:50+01:00",
      text: `Vous avez reçu un nouveau message vocal.

Appelant : 06 55 51 23 88
Durée : 0:54

Écouter le message : https://notif-vocale-pro.fr/ecouter/lucas-ferreira/2281

Ce lien expire dans 24 heures.`,
      auth: own("notif-vocale-pro.fr", "91.92.109.41", "none"),
    },
    label: phish("French voicemail notice with its player on the sender's own domain", "fr"),
  },
  {
    spec: {
      org: "x-s1d-voicemail",
      name: "rusuden-ja",
      persona: "kenji",
      from: "留守番電話サービス <voice@rusuden-center.jp>",
      subject: "新しい留守番電話メッセージがあります（0:51）",
      date: "2026-11-22T10:14:27+09:00",
      text: `新しい留守番電話メッセージがあります。

発信者：03-5550-2871
長さ：0:51

再生する：https://rusuden-center.jp/play/kenji/4410

再生にはメールアドレスとパスワードでログインしてください。`,
      auth: own("rusuden-center.jp", "103.152.118.20", "none"),
    },
    label: phish("Japanese voicemail notice whose player and login are on the sender's own domain", "ja"),
  },
];

writeThreatLabels("x-s1d-", entries);
