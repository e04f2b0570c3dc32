/**
 * Hand-written threats for stage-1 training, third batch (h/threats, after the dev/test freeze):
 * the families stage 1 still missed out of fold after the s1b batch — document shares and voice
 * messages from a hijacked contact's real mailbox, supplier bank-detail changes, wrong-number and
 * "is this…?" openers, paid-task jobs — and the asks they share whatever the story: move to
 * WhatsApp or a private address, sign in or read out a code to someone never written to. Each was
 * written on its own under an `x-s1c-` org (train only, `train-only.json`); the legitimate mail of
 * the same worlds is in `src/hand/s1c-notices.ts`. Running it rewrites these messages and their
 * label lines byte-identically and keeps every other line of labels/threats.jsonl:
 *
 *   npm exec -- node corpus/modern/s1c-threats.ts
 */
import type { Entry } from "./generate-threats.ts";
import { free, hijacked, own, PRIMARY, phish, relay, scam, spoof, writeThreatLabels } from "./threat-auth.ts";

export const entries: Entry[] = [
  // ---- shares and voice messages from a hijacked contact's own mailbox ----
  {
    spec: {
      org: "x-s1c-hijacked-share",
      name: "albers-aufmass-de",
      persona: "maya",
      from: "Henrik Albers <h.albers@albers-haustechnik.de>",
      subject: "Aufmaß Bad + Angebot (2 Dateien)",
      date: "2026-11-24T15:12:40+01:00",
      text: `Hallo Frau Okafor,

wie besprochen anbei das Aufmaß fürs Bad und das überarbeitete Angebot. Die Dateien sind zu groß für den Anhang, ich habe sie Ihnen freigegeben:

Dateien ansehen: https://albers-haustechnik.filedrop-secure.workers.dev/share/2d

Sie müssen sich ggf. mit Ihrer E-Mail-Adresse anmelden.

Viele Grüße
Henrik Albers
Albers Haustechnik – Sanitär · Heizung`,
      html: `<div style="font-family:Calibri,Arial,sans-serif;font-size:11pt"><p>Hallo Frau Okafor,</p><p>wie besprochen anbei das Aufmaß fürs Bad und das überarbeitete Angebot. Die Dateien sind zu groß für den Anhang, ich habe sie Ihnen freigegeben:</p><p><a href="https://albers-haustechnik.filedrop-secure.workers.dev/share/2d">Aufmass_Bad_Okafor.pdf, Angebot_2026-118.pdf</a></p><p>Sie müssen sich ggf. mit Ihrer E-Mail-Adresse anmelden.</p><p>Viele Grüße<br>Henrik Albers<br>Albers Haustechnik – Sanitär · Heizung</p></div>`,
      auth: hijacked(
        "h.albers@albers-haustechnik.de",
        "52.101.69.140",
        "mail-fr2deu01on2140.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "German 'files too big to attach' from a plumber Maya has written to, sent from his own hijacked Microsoft 365 mailbox; the share lives on a workers.dev page that asks for her mail login",
      "de",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1c-hijacked-share",
      name: "sousa-calculo-pt",
      persona: "lucas",
      from: "Rita Sousa <rita.sousa@sousa-engenharia.pt>",
      subject: "Cálculo estrutural revisto – moradia Cascais",
      date: "2026-11-25T11:40:03+00:00",
      text: `Olá Lucas,

Partilhei contigo a pasta com o cálculo estrutural revisto e as peças desenhadas da moradia de Cascais.

Abrir pasta: https://sousa-engenharia-pt.sharepoint.onlinedocs-view.com/pasta/cascais

Diz-me se consegues abrir, o link expira na sexta.

Beijinhos,
Rita`,
      html: `<p>Olá Lucas,</p><p>Partilhei contigo a pasta com o cálculo estrutural revisto e as peças desenhadas da moradia de Cascais.</p><p><a href="https://sousa-engenharia-pt.sharepoint.onlinedocs-view.com/pasta/cascais">https://sousaengenharia.sharepoint.com/pasta/cascais</a></p><p>Diz-me se consegues abrir, o link expira na sexta.</p><p>Beijinhos,<br>Rita</p>`,
      auth: hijacked("rita.sousa@sousa-engenharia.pt", "195.22.16.30", "smtp.sousa-engenharia.pt"),
    },
    label: phish(
      "Portuguese folder share from an engineer Lucas works with, her real mailbox taken over; the link text shows sharepoint.com, the href a look-alike host",
      "pt",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1c-hijacked-share",
      name: "puig-article-ca-es",
      persona: "elena",
      from: "Jordi Puig <jordi.puig@uab.cat>",
      subject: "Revisió final article ACL – document compartit",
      date: "2026-11-23T19:05:51+01:00",
      text: `Hola Elena,

t'he compartit la versió final de l'article perquè la revisis abans de dilluns (te la paso también en castellano abajo).

Veure document: https://uab-cat.docs-compartit.com/acl2027/final

Te he compartido la versión final del artículo. Para verla inicia sesión con tu correo de la universidad.

Jordi`,
      auth: hijacked("jordi.puig@uab.cat", "158.109.168.2", "smtp.uab.cat"),
    },
    label: phish(
      "Catalan/Spanish share from Elena's real co-author's compromised university account; 'sign in with your university mail' on a look-alike host",
      "es",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1c-hijacked-share",
      name: "albers-sprachnachricht-de",
      persona: "maya",
      from: "Henrik Albers <h.albers@albers-haustechnik.de>",
      subject: "Sprachnachricht wegen Termin Montag",
      date: "2026-11-25T08:02:17+01:00",
      html: `<p>Guten Morgen,</p><p>ich habe Sie nicht erreicht und Ihnen eine Sprachnachricht zum Termin am Montag hinterlassen (0:38).</p><p><a href="https://voice-albers.glitch.me/play?id=88213">▶ Sprachnachricht anhören</a></p><p>Gruß H. Albers</p>`,
      auth: hijacked(
        "h.albers@albers-haustechnik.de",
        "52.101.69.141",
        "mail-fr2deu01on2141.outbound.protection.outlook.com",
      ),
    },
    label: phish(
      "German 'voice message' from the same hijacked plumber's mailbox, the player on a glitch.me page (a second wave from the compromised account)",
      "de",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1c-hijacked-share",
      name: "contract-review-en",
      persona: "kenji",
      from: "Hiroshi Mori <h.mori@kumo-design.jp>",
      subject: "Fwd: Updated contract for the icon set – please sign",
      date: "2026-11-22T13:31:09+09:00",
      text: `Kenji-san,

Sorry for the English, our lawyer sent it this way. The updated contract for the icon set is ready for your signature.

REVIEW AND SIGN: https://kumo-design.e-sign-review.net/envelope/4471

You will need to confirm your Google account to open the envelope.

Mori`,
      html: `<p>Kenji-san,</p><p>Sorry for the English, our lawyer sent it this way. The updated contract for the icon set is ready for your signature.</p><p><a href="https://kumo-design.e-sign-review.net/envelope/4471" style="background:#ffc820;color:#000;padding:10px 18px;font-weight:bold;text-decoration:none">REVIEW AND SIGN</a></p><p>You will need to confirm your Google account to open the envelope.</p><p>Mori</p>`,
      auth: hijacked("h.mori@kumo-design.jp", "210.140.10.22", "mx.kumo-design.jp"),
    },
    label: phish(
      "English e-signature lure from Kenji's real designer contact's hijacked mailbox; a DocuSign-style button on an unrelated host asking for his Google login",
      "en",
      "primary",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1c-hijacked-share",
      name: "factuur-gedeeld-nl",
      persona: "maya",
      from: "Ruben de Vries <ruben.devries@ferrow.io>",
      subject: "Ik heb een bestand met je gedeeld",
      date: "2026-11-26T07:44:52+01:00",
      text: `Hoi Maya,

Ik heb een bestand met je gedeeld: "Reiskosten_Q4_goedkeuring.xlsx"

Openen: https://ferrow-my.sharepoint.com.docview-nl.top/r/reiskosten

Groet,
Ruben`,
      auth: hijacked("ruben.devries@ferrow.io", "209.85.128.51", "mail-wm1-f51.google.com"),
    },
    label: phish(
      "Dutch share from a colleague's taken-over Workspace account; the host starts like ferrow's SharePoint but belongs to a .top domain",
      "nl",
      "primary",
      PRIMARY,
    ),
  },
  // ---- supplier bank-detail changes ----
  {
    spec: {
      org: "x-s1c-bank-change",
      name: "kettwig-lookalike-de",
      persona: "maya",
      from: "Buchhaltung Kettwig Komponenten <buchhaltung@kettwig-komponente.de>",
      subject: "AW: Rechnung RE-2026-4410 – geänderte Bankverbindung",
      date: "2026-11-24T10:18:30+01:00",
      text: `Sehr geehrte Frau Okafor,

im Zuge der Umstellung auf unsere neue Hausbank hat sich unsere Bankverbindung geändert. Bitte überweisen Sie die offene Rechnung RE-2026-4410 (12.840,00 €) ab sofort auf das folgende Konto:

Kontoinhaber: Kettwig Komponenten GmbH
IBAN: DE71 1001 1001 2629 4417 05
BIC: NTSBDEB1XXX

Die alte Verbindung wird zum Monatsende geschlossen. Bitte bestätigen Sie uns kurz die Änderung per E-Mail.

Mit freundlichen Grüßen
Sabine Kettwig
Buchhaltung`,
      auth: own("kettwig-komponente.de", "185.230.63.171", "pass"),
      inReplyTo: "<RE-2026-4410.1@kettwig-komponenten.de>",
    },
    label: scam(
      "German invoice-redirection fraud from a one-letter look-alike of a real supplier's domain (its own DKIM and DMARC pass), asking to pay to a new IBAN and to confirm by mail",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1c-bank-change",
      name: "rib-fournisseur-fr",
      persona: "lucas",
      from: "Comptabilité Menuiserie Garnier <compta.menuiserie.garnier@gmail.com>",
      replyTo: "compta.garnier.menuiserie@outlook.fr",
      subject: "Changement de RIB – factures en attente",
      date: "2026-11-20T09:55:11+01:00",
      text: `Bonjour Monsieur Ferreira,

Suite à un changement de banque, nous vous prions de noter nos nouvelles coordonnées bancaires pour le règlement des factures F-2211 et F-2214 (total 6 380,00 €) :

IBAN : FR76 1695 8000 0137 2210 4431 281
BIC : QNTOFRP1XXX

Merci de ne pas utiliser l'ancien RIB et de répondre uniquement à cette adresse pour toute question, notre standard étant en travaux.

Cordialement,
Service comptabilité
Menuiserie Garnier`,
      auth: free("compta.menuiserie.garnier@gmail.com", "209.85.220.41"),
    },
    label: scam(
      "French new-RIB fraud from a Gmail address posing as a joinery's accounts, reply-to another free-mail box and 'reply only here'",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1c-bank-change",
      name: "iban-proveedor-es",
      persona: "elena",
      from: "Eventos Sol y Mar – Administración <administracion@eventossolymar.es>",
      subject: "Actualización datos bancarios – catering del workshop",
      date: "2026-11-21T12:03:44+01:00",
      text: `Estimada Dra. Ruiz:

Le informamos de que, por una auditoría interna, hemos actualizado nuestros datos bancarios. Le rogamos que el pago del catering del workshop (2.150,00 €) se realice a nuestra nueva cuenta:

ES91 2100 0418 4502 0005 1332

Por favor, no llame a la oficina: el personal de recepción no tiene aún esta información. Confírmenos la transferencia respondiendo a este correo.

Un saludo,
Administración`,
      auth: hijacked("administracion@eventossolymar.es", "5.39.72.18", "ns3012.ip-5-39-72.eu"),
    },
    label: scam(
      "Spanish bank-change fraud sent from a caterer's compromised mailbox: a new account and 'do not call the office'",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1c-bank-change",
      name: "coordinate-bancarie-it",
      persona: "elena",
      from: "Ufficio Amministrazione Traduzioni Aurora <amministrazione@traduzioni-aurora.it>",
      subject: "Variazione coordinate bancarie",
      date: "2026-11-19T16:27:05+01:00",
      text: `Gentile cliente,

a partire da oggi le nostre coordinate bancarie sono cambiate. La preghiamo di effettuare il saldo della fattura n. 318/2026 (940,00 €) sul nuovo IBAN:

IT60 X054 2811 1010 0000 0123 456 – intestato a Aurora Srls

Per motivi di sicurezza, risponda solo a questa email.

Cordiali saluti
Amministrazione`,
      auth: relay("smtp-relay-pro.net", "45.145.165.12"),
    },
    label: scam(
      "Italian change of bank details sent through a bulk relay that does not align with the translation agency's domain, asking to pay a new IBAN",
      "it",
    ),
  },
  {
    spec: {
      org: "x-s1c-bank-change",
      name: "remittance-portal-en",
      persona: "maya",
      from: "Nordlicht Accounts Payable <ap@nordlicht-logistik-portal.com>",
      subject: "Vendor record update required – Ferrow GmbH",
      date: "2026-11-18T14:49:22+01:00",
      html: `<div style="font-family:Arial"><p>Dear supplier,</p><p>Nordlicht Logistik is moving all vendor payments to a new payment platform. To keep receiving remittances, please confirm your company's banking information in our supplier portal before 30 November.</p><p><a href="https://nordlicht-logistik-portal.com/vendor/login">Log in to the supplier portal</a></p><p>Accounts Payable<br>Nordlicht Logistik GmbH</p></div>`,
      auth: own("nordlicht-logistik-portal.com", "23.95.44.9"),
    },
    label: phish(
      "English vendor-portal phishing posing as a customer Maya knows (nordlicht-logistik.de) from a padded look-alike domain, asking to log in and confirm banking information",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1c-bank-change",
      name: "rekeningnummer-nl",
      persona: "maya",
      from: "Facturatie Brouwer Cloud Hosting <facturen@brouwer-hosting.nl>",
      subject: "Belangrijk: nieuw rekeningnummer voor uw maandfacturen",
      date: "2026-11-25T09:12:36+01:00",
      text: `Geachte klant,

Vanaf 1 december wijzigt ons rekeningnummer. Wij verzoeken u de automatische incasso te stoppen en voortaan handmatig over te maken naar ons nieuwe rekeningnummer:

NL02 ABNA 0123 4567 89 t.n.v. BCH Payments Ltd

Graag ontvangen wij vandaag nog uw bevestiging per e-mail.

Met vriendelijke groet,
Afdeling Facturatie`,
      auth: spoof("brouwer-hosting.nl", "91.92.109.20", "vps91-92-109-20.example-host.net", "NONE"),
    },
    label: scam(
      "Dutch spoof of a hosting company's domain (SPF softfail, no DKIM, DMARC fail under p=none) moving payments from direct debit to a new account held by another company",
      "nl",
    ),
  },
  // ---- wrong-number and "is this…?" openers ----
  {
    spec: {
      org: "x-s1c-wrong-number",
      name: "is-this-thomas-en",
      persona: "maya",
      from: "Grace Lin <grace.lin.0627@gmail.com>",
      subject: "hello",
      date: "2026-11-21T22:14:08+01:00",
      text: `Hi, is this Thomas? My aunt gave me your email and said you could help me with the flat in Mitte 😊

Grace`,
      auth: free("grace.lin.0627@gmail.com", "209.85.220.69"),
    },
    label: scam(
      "English 'is this Thomas?' opener from a Gmail stranger: the start of a pig-butchering conversation",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1c-wrong-number",
      name: "falsche-adresse-de",
      persona: "maya",
      from: "Sophie Wang <sophie.wang.art@outlook.com>",
      subject: "Re: Treffen am Samstag?",
      date: "2026-11-23T20:41:55+01:00",
      text: `Hallo Frau Dr. Keller, sind wir am Samstag noch verabredet?

Oh, Entschuldigung, falsche Adresse! Das ist mir peinlich. Aber vielleicht ist das ja Schicksal – ich bin neu in Berlin und kenne noch niemanden. Darf ich fragen, was Sie beruflich machen?

Liebe Grüße
Sophie`,
      auth: free("sophie.wang.art@outlook.com", "40.92.66.71"),
    },
    label: scam(
      "German 'sorry, wrong address' that turns into a friendly question: a romance/investment scam opener from an Outlook stranger",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1c-wrong-number",
      name: "numero-equivocado-es",
      persona: "elena",
      from: "Lucía Herrera <luciaherrera.inversiones@gmail.com>",
      subject: "Hola Marta",
      date: "2026-11-20T21:08:30+01:00",
      text: `Hola Marta, ¿al final vienes a la cena del viernes?

Perdona, creo que me he equivocado de persona. Qué vergüenza jaja. Eres de Madrid también? Yo trabajo en comercio de oro, si quieres te cuento, me ha ido muy bien este año.

Lucía`,
      auth: free("luciaherrera.inversiones@gmail.com", "209.85.220.73"),
    },
    label: scam(
      "Spanish misdirected dinner invitation that pivots to gold trading: the wrong-number investment scam",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1c-wrong-number",
      name: "mauvais-destinataire-fr",
      persona: "lucas",
      from: "Claire Dubois <claire.dubois.1989@yahoo.fr>",
      subject: "C'est bien toi Antoine ?",
      date: "2026-11-24T23:02:19+01:00",
      text: `Coucou, c'est bien Antoine ? On s'est croisés au salon du vin à Bordeaux.

Ah pardon, je me suis trompée de personne ! Bon, tu as l'air sympa quand même. Tu vis à Lisbonne ? J'y vais souvent pour le travail.

Bises, Claire`,
      auth: free("claire.dubois.1989@yahoo.fr", "77.238.176.11"),
    },
    label: scam(
      "French 'is it you, Antoine?' then 'wrong person' from a Yahoo stranger: a conversation-starting scam with no link yet",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1c-wrong-number",
      name: "hisashiburi-ja",
      persona: "kenji",
      from: "美咲 <misaki.tokyo0412@gmail.com>",
      subject: "お久しぶりです",
      date: "2026-11-22T21:37:44+09:00",
      text: `田中さんでしょうか？先日のゴルフではお世話になりました。

あれ、違う方でしたか…失礼しました。でもこれも何かのご縁ですね。私は投資の仕事をしているので、よかったらLINEで連絡ください。ID: misaki_invest

美咲`,
      auth: free("misaki.tokyo0412@gmail.com", "209.85.220.77"),
    },
    label: scam(
      "Japanese 'is this Tanaka-san?' opener that admits the wrong person and moves to LINE for 'investment'",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1c-wrong-number",
      name: "sei-tu-giulia-it",
      persona: "elena",
      from: "Giulia Ferri <giulia.ferri.milano@libero.it>",
      subject: "ciao!",
      date: "2026-11-25T22:50:03+01:00",
      text: `Ciao, sei tu Francesca? Ho trovato la tua email nel gruppo del corso di yoga.

Scusa, ho sbagliato! Comunque piacere, io sono Giulia. Se ti va scrivimi su WhatsApp +39 351 000 4471, sono più veloce lì.

Giulia`,
      auth: free("giulia.ferri.milano@libero.it", "213.209.10.32"),
    },
    label: scam("Italian 'is that you, Francesca?' from a stranger that moves the chat to WhatsApp", "it"),
  },
  // ---- paid tasks and commission jobs ----
  {
    spec: {
      org: "x-s1c-task-jobs",
      name: "remote-optimiser-en",
      persona: "lucas",
      from: "Talent Team – Nova Commerce <careers@novacommerce-hr.com>",
      subject: "Your profile was shortlisted – remote role, paid daily",
      date: "2026-11-19T10:21:50+00:00",
      text: `Hello,

Your profile was shortlisted for a remote App Data Optimiser role. You help merchants by completing 40 simple tasks a day on our platform (about 60 minutes) and earn a commission on each task, plus a daily base of €120.

No experience needed, training is given by your personal mentor on WhatsApp. Reply with your age and WhatsApp number to start.

Kind regards,
Talent Team`,
      auth: own("novacommerce-hr.com", "198.54.117.200"),
    },
    label: scam(
      "English task-scam job: 'simple tasks' for commission plus a daily base, onboarding through a mentor on WhatsApp",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1c-task-jobs",
      name: "heimarbeit-bewertungen-de",
      persona: "maya",
      from: "Personalabteilung <bewerbung.digitalservice@gmx.de>",
      subject: "Nebenverdienst: 150 € am Tag für Bewertungen",
      date: "2026-11-23T18:05:29+01:00",
      text: `Guten Tag,

wir suchen Mitarbeiter (m/w/d) für eine einfache Tätigkeit von zu Hause: Sie bewerten Hotels und Restaurants online und erhalten bis zu 150 € am Tag. Die Auszahlung erfolgt täglich.

Melden Sie sich per WhatsApp bei unserer Koordinatorin: +49 1521 000 3381

Freundliche Grüße
Personalabteilung`,
      auth: free("bewerbung.digitalservice@gmx.de", "212.227.17.22"),
    },
    label: scam(
      "German home-work task scam from a GMX address: paid online reviews, 'up to €150 a day', contact via WhatsApp",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1c-task-jobs",
      name: "missions-en-ligne-fr",
      persona: "lucas",
      from: "Recrutement Atlas Media <rh@atlasmedia-recrutement.fr>",
      subject: "Offre : missions en ligne 30 min/jour – 80 € par jour",
      date: "2026-11-21T14:30:00+01:00",
      html: `<p>Bonjour,</p><p>Nous recrutons des assistants pour des <b>missions en ligne</b> très simples : aimer des vidéos et noter des produits, 30 minutes par jour. Rémunération : 80 € par jour, versés chaque soir.</p><p>Pour commencer, contactez notre conseillère sur Telegram : <a href="https://t.me/atlas_missions_fr">t.me/atlas_missions_fr</a></p><p>Service RH</p>`,
      auth: own("atlasmedia-recrutement.fr", "146.59.232.12"),
    },
    label: scam(
      "French task scam: liking videos and rating products for €80 a day, recruited through Telegram",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1c-task-jobs",
      name: "tarefas-comissao-pt",
      persona: "lucas",
      from: "Ana Costa – Recursos Humanos <ana.costa.rh.vagas@gmail.com>",
      subject: "Vaga part-time: tarefas simples a partir de casa",
      date: "2026-11-25T13:17:42+00:00",
      text: `Olá!

A nossa empresa procura colaboradores para tarefas simples a partir de casa: avaliar produtos em lojas online. Ganhe até 250 € por dia com comissão por tarefa.

Interessado? Fale comigo pelo WhatsApp: +351 920 000 718

Ana Costa
Recursos Humanos`,
      auth: free("ana.costa.rh.vagas@gmail.com", "209.85.220.81"),
    },
    label: scam(
      "Portuguese task scam from Gmail: product reviews at home, commission per task, WhatsApp contact",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1c-task-jobs",
      name: "praca-zdalna-pl",
      persona: "maya",
      from: "Dział Rekrutacji <rekrutacja@eprace-zdalne.pl>",
      subject: "Praca zdalna – proste zadania, wypłata codziennie",
      date: "2026-11-24T09:40:08+01:00",
      text: `Dzień dobry,

oferujemy pracę zdalną: proste zadania w aplikacji (ocenianie produktów), 1 godzina dziennie. Wynagrodzenie do 400 zł dziennie, wypłata codziennie.

Aby zacząć, napisz do naszej koordynatorki na WhatsAppie: +48 500 000 219

Pozdrawiamy
Dział Rekrutacji`,
      auth: own("eprace-zdalne.pl", "194.181.92.14"),
    },
    label: scam(
      "Polish remote 'simple tasks' job paying daily, onboarding on WhatsApp: the task-scam shape",
      "pl",
    ),
  },
  {
    spec: {
      org: "x-s1c-task-jobs",
      name: "fukugyou-tasuku-ja",
      persona: "kenji",
      from: "副業サポート事務局 <support@fukugyou-navi-jp.com>",
      subject: "【スマホで完結】1日30分の簡単な作業で日給15,000円",
      date: "2026-11-20T12:00:00+09:00",
      text: `佐藤様

スマホで完結する簡単な作業（商品の評価・いいね）で、日給15,000円の報酬をお支払いします。

ご興味があれば、下記のLINEで友だち追加してください。担当者からご案内します。
https://line.me/R/ti/p/@fukugyou-navi

副業サポート事務局`,
      auth: own("fukugyou-navi-jp.com", "160.16.55.3"),
    },
    label: scam(
      "Japanese side-job task scam: 'likes' and product ratings for ¥15,000 a day, continued on LINE",
      "ja",
    ),
  },
  // ---- asks to move off the mail, and first-contact sign-in or code asks ----
  {
    spec: {
      org: "x-s1c-off-channel",
      name: "ceo-whatsapp-en",
      persona: "maya",
      from: "Daniel Brandt <daniel.brandt.ferrow@gmail.com>",
      subject: "Quick task",
      date: "2026-11-24T16:58:12+01:00",
      text: `Maya,

Are you available? I'm in a board meeting and can't take calls. I need you to handle something confidential for me today. Send me your WhatsApp number and I will text you the details there.

Daniel
Sent from my iPhone`,
      auth: free("daniel.brandt.ferrow@gmail.com", "209.85.220.53"),
    },
    label: scam(
      "English CEO fraud from a Gmail address carrying an executive's name: 'are you available', confidential task, move to WhatsApp",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1c-off-channel",
      name: "privatadresse-de",
      persona: "maya",
      from: "Prof. Dr. Karl Wendt <k.wendt@tu-berlin-mail.de>",
      subject: "Vertrauliche Anfrage",
      date: "2026-11-22T11:26:45+01:00",
      text: `Liebe Frau Okafor,

ich habe eine vertrauliche Bitte an Sie bezüglich einer Beratung. Bitte antworten Sie nur an meine private E-Mail-Adresse karl.wendt.privat@proton.me, da mein Dienstpostfach derzeit überwacht wird.

Herzliche Grüße
Karl Wendt`,
      auth: own("tu-berlin-mail.de", "185.246.188.4"),
    },
    label: scam(
      "German 'confidential request' from a university look-alike domain asking to answer only at a private Proton address",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1c-off-channel",
      name: "regalo-tarjetas-es",
      persona: "elena",
      from: "Dr. Antonio Gil (Decano) <decanato.filologia.ucm@gmail.com>",
      subject: "¿Estás disponible?",
      date: "2026-11-25T10:07:33+01:00",
      text: `Hola Elena,

¿Estás en el despacho? Necesito que me hagas un favor urgente y discreto: comprar unas tarjetas regalo para los ponentes del workshop. Te lo reembolso esta tarde.

Escríbeme solo por aquí, estoy en una reunión y no puedo atender llamadas.

Antonio`,
      auth: free("decanato.filologia.ucm@gmail.com", "209.85.220.45"),
    },
    label: scam(
      "Spanish gift-card fraud impersonating a dean from a Gmail address: 'are you available', discreet favour, write only here",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1c-first-contact-ask",
      name: "mfa-code-helpdesk-en",
      persona: "maya",
      from: "Ferrow IT Service Desk <servicedesk@ferrow-itsupport.com>",
      subject: "Action needed: confirm your MFA device before 17:00",
      date: "2026-11-26T09:31:27+01:00",
      text: `Hi Maya,

We are migrating all Ferrow accounts to the new authenticator policy today. To avoid being locked out, reply to this email with the 6-digit code you will receive by SMS in the next minutes, or confirm your password on the migration page:

https://ferrow-itsupport.com/mfa/migrate

Thanks,
IT Service Desk`,
      auth: own("ferrow-itsupport.com", "104.168.45.99", "pass"),
    },
    label: phish(
      "English MFA-code phishing from a padded look-alike of Maya's employer (all authentication passes for the look-alike), asking her to send the SMS code or her password",
      "en",
      "notification",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1c-first-contact-ask",
      name: "postfach-kontingent-de",
      persona: "maya",
      from: "Postmaster <postmaster@mailbox-kontingent.de>",
      subject: "Ihr Postfach maya.okafor@ferrow.io ist zu 98 % voll",
      date: "2026-11-23T06:12:00+01:00",
      html: `<div style="font-family:Arial"><p>Sehr geehrte Nutzerin,</p><p>Ihr Postfach hat 98 % seines Speicherplatzes erreicht. Eingehende Nachrichten werden ab morgen zurückgewiesen.</p><p>Melden Sie sich an, um zusätzlichen Speicher kostenlos freizuschalten:</p><p><a href="https://mailbox-kontingent.de/ferrow.io/login">Speicher freischalten</a></p><p>Postmaster</p></div>`,
      auth: relay("mail-dispatch-eu.com", "45.89.230.17"),
    },
    label: phish("German mailbox-quota phishing from a stranger's domain, sign in to 'unlock storage'", "de"),
  },
  {
    spec: {
      org: "x-s1c-first-contact-ask",
      name: "code-verification-fr",
      persona: "lucas",
      from: "Service Client Leboncoin <assistance.leboncoin.paiement@outlook.fr>",
      subject: "Votre acheteur a payé – confirmez la réception des fonds",
      date: "2026-11-21T17:44:36+01:00",
      text: `Bonjour,

L'acheteur de votre annonce « Table à dessin ancienne » a réglé 240 € via le paiement sécurisé. Pour recevoir les fonds, communiquez-nous le code de vérification que vous allez recevoir par SMS, ainsi que les coordonnées de votre carte bancaire pour le virement.

Service Client`,
      auth: free("assistance.leboncoin.paiement@outlook.fr", "40.92.68.22"),
    },
    label: phish(
      "French second-hand-marketplace fraud from Outlook: 'your buyer paid', read out the SMS code and card details",
      "fr",
    ),
  },
  {
    spec: {
      org: "x-s1c-first-contact-ask",
      name: "bankid-sv",
      persona: "elena",
      from: "Skatteverket <noreply@skatteverket-aterbetalning.se>",
      subject: "Du har en skatteåterbäring på 3 412 kr",
      date: "2026-11-20T08:20:40+01:00",
      html: `<p>Hej,</p><p>Enligt vår beräkning har du rätt till en skatteåterbäring på <b>3 412 kr</b>. Logga in med BankID för att ange ditt kontonummer innan 30 november.</p><p><a href="https://skatteverket-aterbetalning.se/bankid">Logga in med BankID</a></p><p>Skatteverket</p>`,
      auth: own("skatteverket-aterbetalning.se", "185.100.87.41"),
    },
    label: phish(
      "Swedish tax-refund phishing from a padded Skatteverket look-alike asking to log in with BankID and give an account number",
      "sv",
    ),
  },
  {
    spec: {
      org: "x-s1c-first-contact-ask",
      name: "ninsho-code-ja",
      persona: "kenji",
      from: "App Store 審査チーム <review-team@appstore-connect-jp.com>",
      subject: "【要対応】審査中のアプリについて本人確認のお願い",
      date: "2026-11-24T10:02:13+09:00",
      text: `佐藤 健二 様

審査中のアプリ「Tsuru Habit」について、開発者本人の確認が必要です。下記のページからApple IDでログインして、SMSで届く認証コードを入力してください。

https://appstore-connect-jp.com/verify

48時間以内に確認できない場合、審査は却下されます。

App Store 審査チーム`,
      auth: own("appstore-connect-jp.com", "45.77.20.183"),
    },
    label: phish(
      "Japanese App Review phishing from a look-alike domain: log in with the Apple ID and enter the SMS code within 48 hours",
      "ja",
    ),
  },
  // ---- voice-message lures from strangers ----
  {
    spec: {
      org: "x-s1c-voice-lure",
      name: "messaggio-vocale-it",
      persona: "elena",
      from: "Segreteria Telefonica <voicemail@vocale-notifiche.it>",
      subject: "Nuovo messaggio vocale (1:12) da +39 06 4470 2231",
      date: "2026-11-22T18:40:09+01:00",
      html: `<table style="font-family:Arial"><tr><td><p>Hai ricevuto un nuovo messaggio vocale.</p><p>Da: +39 06 4470 2231<br>Durata: 1:12</p><p><a href="https://vocale-notifiche.it/ascolta?u=elena%40ruizarnaiz.es">Ascolta il messaggio</a></p><p>Per ascoltare accedi con le credenziali della tua casella di posta.</p></td></tr></table>`,
      auth: own("vocale-notifiche.it", "93.184.77.15"),
    },
    label: phish(
      "Italian voicemail lure from a stranger's notification domain: listening requires the reader's mailbox credentials",
      "it",
    ),
  },
  {
    spec: {
      org: "x-s1c-voice-lure",
      name: "spraakbericht-nl",
      persona: "maya",
      from: "Teams Voicemail <no-reply@teams-voicemail.nl>",
      subject: "Je hebt een nieuw spraakbericht van Jonas Weber",
      date: "2026-11-26T08:55:48+01:00",
      html: `<div style="font-family:Segoe UI,Arial"><p>Je hebt een nieuw spraakbericht ontvangen.</p><p><b>Van:</b> Jonas Weber<br><b>Duur:</b> 0:41</p><p><a href="https://teams-voicemail.nl/m/ferrow.io/play" style="background:#5b5fc7;color:#fff;padding:8px 14px;text-decoration:none">Afspelen in Teams</a></p></div>`,
      auth: own("teams-voicemail.nl", "185.156.72.8"),
    },
    label: phish(
      "Dutch Teams-voicemail look-alike naming a real colleague, with the player on the sender's own padded domain",
      "nl",
    ),
  },
  {
    spec: {
      org: "x-s1c-voice-lure",
      name: "mensagem-voz-pt",
      persona: "lucas",
      from: "Correio de Voz <correiodevoz@notificacao-voz.pt>",
      subject: "Mensagem de voz por ouvir – Câmara Municipal",
      date: "2026-11-19T15:33:21+00:00",
      text: `Tem uma mensagem de voz por ouvir (0:58) de Câmara Municipal de Sintra – Urbanismo.

Ouvir mensagem: https://bit.ly/3voz-sintra

Por motivos de segurança, confirme o seu endereço de email e palavra-passe para ouvir a mensagem.`,
      auth: own("notificacao-voz.pt", "5.206.224.9"),
    },
    label: phish(
      "Portuguese voice-message lure naming a municipality Lucas deals with; shortened link and a request for his mail password",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1c-voice-lure",
      name: "voicemail-attachment-en",
      persona: "kenji",
      from: "Voice Services <voice@cloudphone-alerts.net>",
      subject: "Missed call: voicemail from +81 3 5412 0988 (0:36)",
      date: "2026-11-23T09:12:48+09:00",
      text: `You have a new voicemail.

Caller: +81 3 5412 0988
Length: 0:36

The recording is attached. Open it in your browser and sign in with your email account to play it.`,
      attachments: [
        {
          filename: "VM_0036_+81354120988.html",
          type: "text/html",
          content: `<html><head><title>Voicemail</title></head><body><script>location.href="https://cloudphone-alerts.net/vm/login?u=kenji"</script></body></html>`,
        },
      ],
      auth: own("cloudphone-alerts.net", "172.245.10.77"),
    },
    label: phish("English voicemail with an HTML 'recording' that redirects to a login page", "en"),
  },
];

writeThreatLabels("x-s1c-", entries);
