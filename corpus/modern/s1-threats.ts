/**
 * Hand-written threats for stage-1 training (h/stage1, after the dev/test freeze): phishing and
 * scam families the corpus had few of — OAuth-consent, QR codes, invoice/BEC, delivery fees,
 * MFA fatigue, crypto, recruiter task scams — in several languages, each written on its own under
 * an `x-s1-` org (train only, `train-only.json`). Running it rewrites these messages and their
 * hand label lines byte-identically and keeps every other line of labels/threats.jsonl:
 *
 *   npm exec -- node corpus/modern/s1-threats.ts
 */
import { type Auth, type Entry, qrLikePng } from "./generate-threats.ts";
import { free, PRIMARY, phish, scam, writeThreatLabels } from "./threat-auth.ts";

/** The attacker's own freshly registered domain: everything passes, since it is theirs. */
function own(domain: string, ip: string, dmarc: Auth["dmarc"] = "pass"): Auth {
  return {
    ip,
    helo: `mail.${domain}`,
    mailFrom: `bounce@${domain}`,
    spf: "pass",
    dkim: { domain, selector: "s1", result: "pass" },
    dmarc,
    policy: "NONE",
  };
}
/** Sent through a bulk relay with the From domain unauthenticated (DMARC none, SPF for the relay). */
function relay(_fromDomain: string, relayDomain: string, ip: string): Auth {
  return {
    ip,
    helo: `out.${relayDomain}`,
    mailFrom: `pm-bounces@${relayDomain}`,
    spf: "pass",
    dkim: { domain: relayDomain, selector: "pm", result: "pass" },
    dmarc: "none",
    policy: "NONE",
  };
}
export const entries: Entry[] = [
  {
    spec: {
      org: "x-s1-docshare-consent",
      name: "oauth-consent-contract",
      persona: "maya",
      from: "Jonas Weber via DocShare <share@docshare-workspace.com>",
      subject: 'Jonas Weber shared "Ferrow_Q4_vendor_contract.pdf" with you',
      date: "2026-11-18T10:12:44+01:00",
      html: `<p>Jonas Weber (jonas.weber@ferrow.io) has shared a document with you.</p><p><b>Ferrow_Q4_vendor_contract.pdf</b></p><p><a href="https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=7d1f3c2a-9b1e-4c1b-8f0a-2c3b4d5e6f70&amp;response_type=code&amp;scope=offline_access%20Mail.ReadWrite%20Files.ReadWrite.All&amp;redirect_uri=https%3A%2F%2Fdocshare-workspace.com%2Fcallback">Open with your work account</a></p><p>To view the file, allow DocShare to access your account when asked.</p>`,
      auth: own("docshare-workspace.com", "185.225.74.19"),
    },
    label: phish(
      "OAuth-consent phishing: a fake share names a colleague and sends to a real sign-in page that grants a stranger app mail and file access",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1-docshare-consent",
      name: "oauth-consent-payroll",
      persona: "elena",
      from: "Nómina UCM (DocShare) <share@docshare-workspace.com>",
      subject: "Documento compartido: Nómina_noviembre_actualizada.xlsx",
      date: "2026-11-21T08:40:02+01:00",
      html: `<p>Se ha compartido contigo un documento.</p><p><b>Nómina_noviembre_actualizada.xlsx</b></p><p><a href="https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=7d1f3c2a-9b1e-4c1b-8f0a-2c3b4d5e6f70&amp;scope=Mail.Read%20offline_access&amp;redirect_uri=https%3A%2F%2Fdocshare-workspace.com%2Fcb">Abrir con tu cuenta institucional</a></p><p>Acepta los permisos que se solicitan para ver el archivo.</p>`,
      auth: own("docshare-workspace.com", "185.225.74.21"),
    },
    label: phish(
      "Spanish OAuth-consent lure: a 'payroll' share asking the reader to grant mail access to an unknown app",
      "es",
    ),
  },
  {
    spec: {
      org: "x-s1-qr-mfa",
      name: "qr-mfa-reenrol",
      persona: "maya",
      from: "IT Service Desk <it-desk@ferrow-secure-auth.com>",
      subject: "Action required: re-enrol your authenticator before 30 Nov",
      date: "2026-11-23T07:55:10+01:00",
      text: `Hello,

As part of the annual security review, all staff must re-enrol multi-factor authentication. Scan the attached QR code with your phone's camera and sign in with your Ferrow account. Accounts that are not re-enrolled by 30 November will be locked.

IT Service Desk`,
      attachments: [
        { filename: "MFA_enrolment.png", type: "image/png", content: qrLikePng("x-s1-qr-mfa:1") },
      ],
      auth: own("ferrow-secure-auth.com", "45.137.21.88", "none"),
    },
    label: phish(
      "QR-code phishing from a look-alike of the reader's company domain: the login link hides in an image so filters cannot read it",
      "en",
      "notification",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1-qr-mfa",
      name: "qr-parking-fine",
      persona: "lucas",
      from: "EMEL Lisboa <avisos@emel-lisboa-pagamentos.com>",
      subject: "Aviso de contraordenação de estacionamento – pague com o código QR",
      date: "2026-11-19T12:20:31+00:00",
      text: `Caro condutor,

Foi registada uma infração de estacionamento com a sua viatura. Para evitar o agravamento da coima, efetue o pagamento de 12,00 € nas próximas 48 horas lendo o código QR em anexo com o telemóvel.

EMEL`,
      attachments: [
        { filename: "aviso_pagamento.png", type: "image/png", content: qrLikePng("x-s1-qr-mfa:2") },
      ],
      auth: own("emel-lisboa-pagamentos.com", "193.42.33.7", "none"),
    },
    label: phish(
      "Portuguese parking-fine QR phishing impersonating Lisbon's parking company with a small fee and a 48-hour deadline",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1-bec-supplier",
      name: "bec-bank-change-de",
      persona: "maya",
      from: "Katrin Vogel <k.vogel@nordlicht-logistik-gmbh.de>",
      replyTo: "Katrin Vogel <k.vogel.buchhaltung@outlook.de>",
      subject: "AW: Rechnung 2026-0981 – neue Bankverbindung",
      date: "2026-11-20T15:02:11+01:00",
      text: `Hallo Frau Okafor,

wie telefonisch mit Ihrer Buchhaltung besprochen: wegen einer Betriebsprüfung läuft unser Konto bei der Sparkasse derzeit nicht. Bitte überweisen Sie die offene Rechnung 2026-0981 (14.870,00 EUR) ausnahmsweise auf unser neues Konto:

IBAN LT41 3250 0674 1122 9087
BIC REVOLT21

Bitte bestätigen Sie mir kurz die Ausführung heute noch, da sonst Mahngebühren anfallen.

Mit freundlichen Grüßen
Katrin Vogel
Buchhaltung`,
      auth: own("nordlicht-logistik-gmbh.de", "91.215.85.40", "none"),
    },
    label: scam(
      "German invoice/BEC: a supplier look-alike asks to pay a large invoice to a new foreign account today, replies going to free mail",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1-bec-supplier",
      name: "bec-ceo-gift-cards",
      persona: "kenji",
      from: "森 浩之 <h.mori.kumodesign@gmail.com>",
      subject: "至急お願いがあります",
      date: "2026-11-22T09:14:00+09:00",
      text: `佐藤さん

今会議中で電話に出られません。取引先への急ぎのお礼として、Appleギフトカード（1万円×5枚）を購入して、裏面のコードの写真を送ってもらえますか。立て替え分は今日中に振り込みます。

他の人には内緒でお願いします。

森`,
      auth: free("h.mori.kumodesign@gmail.com", "209.85.220.41"),
    },
    label: scam(
      "Japanese gift-card scam: a free-mail address posing as a known client asks for secret gift-card codes",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1-bec-supplier",
      name: "invoice-overdue-en",
      persona: "elena",
      from: "Accounts Receivable <ar@elsevier-billing-dept.com>",
      subject: "OVERDUE: Article Publishing Charge INV-77410 – final notice",
      date: "2026-11-17T16:44:19+00:00",
      html: `<p>Dear Dr. Ruiz Arnaiz,</p><p>Our records show that the Article Publishing Charge of <b>USD 2,450.00</b> for your accepted manuscript remains unpaid. To avoid withdrawal of the article, please settle the invoice within 3 business days.</p><p><a href="https://elsevier-billing-dept.com/pay/INV-77410">Pay invoice INV-77410</a></p><p>Accounts Receivable</p>`,
      auth: own("elsevier-billing-dept.com", "172.86.124.3"),
    },
    label: phish(
      "fake open-access charge: a publisher look-alike domain threatens to withdraw an article unless a large invoice is paid in 3 days",
      "en",
      "notification",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1-delivery-fee",
      name: "zoll-gebuehr",
      persona: "maya",
      from: "DHL Paket <service@dhl-zollabwicklung.info>",
      subject: "Ihre Sendung JJD0001490 wartet: Zollgebühr 1,99 EUR offen",
      date: "2026-11-24T11:31:05+01:00",
      html: `<p>Guten Tag,</p><p>für Ihre Sendung <b>JJD0001490</b> ist eine Einfuhrabgabe von <b>1,99 EUR</b> offen. Ohne Zahlung innerhalb von 24 Stunden wird das Paket an den Absender zurückgeschickt.</p><p><a href="https://dhl-zollabwicklung.info/zahlung?id=JJD0001490">Jetzt bezahlen</a></p><p>Ihr DHL Team</p>`,
      auth: relay("dhl-zollabwicklung.info", "mailrelay-eu.net", "141.98.10.61"),
    },
    label: phish(
      "German delivery-fee phishing impersonating DHL: a small customs fee and a 24-hour return threat",
      "de",
    ),
  },
  {
    spec: {
      org: "x-s1-delivery-fee",
      name: "yamato-fuzai",
      persona: "kenji",
      from: "ヤマト運輸 <info@kuronekoyamato-redelivery.top>",
      subject: "【ヤマト運輸】お荷物お届けのお知らせ（不在のため持ち帰りました）",
      date: "2026-11-20T18:05:40+09:00",
      text: `お客様のお荷物をお届けにあがりましたが、ご不在のため持ち帰りました。

再配達のご依頼は下記URLから住所確認の上、再配達手数料（330円）をお支払いください。保管期限は3日間です。

https://kuronekoyamato-redelivery.top/saihaitatsu

ヤマト運輸`,
      auth: own("kuronekoyamato-redelivery.top", "103.151.64.12", "none"),
    },
    label: phish("Japanese redelivery-fee phishing impersonating Yamato Transport from an abused TLD", "ja"),
  },
  {
    spec: {
      org: "x-s1-delivery-fee",
      name: "correos-tasa",
      persona: "elena",
      from: "Correos <notificaciones@correos-envios-es.com>",
      subject: "Su paquete está retenido en la oficina de aduanas",
      date: "2026-11-18T09:12:50+01:00",
      html: `<p>Estimado cliente:</p><p>Su paquete no ha podido ser entregado porque no se han abonado las tasas de aduana (<b>2,99 €</b>). Confirme sus datos y realice el pago antes de 48 horas.</p><p><a href="https://bit.ly/correos-tasa-es">Pagar tasas</a></p>`,
      auth: own("correos-envios-es.com", "45.88.97.140", "none"),
    },
    label: phish("Spanish customs-fee phishing impersonating Correos through a URL shortener", "es"),
  },
  {
    spec: {
      org: "x-s1-mfa-fatigue",
      name: "mfa-approve-prompt",
      persona: "maya",
      from: "Okta Verify <no-reply@ferrow-okta-verify.com>",
      subject: "Please approve the pending sign-in request",
      date: "2026-11-25T02:14:09+01:00",
      text: `We noticed repeated sign-in prompts on your account that were not answered.

To stop the notifications, approve the next push on your phone, or enter the code 482 913 at the link below to confirm it was you.

https://ferrow-okta-verify.com/confirm

Ferrow IT`,
      auth: own("ferrow-okta-verify.com", "146.70.87.9", "none"),
    },
    label: phish(
      "MFA-fatigue lure at 2 a.m.: asks the reader to approve a push or type a code for an attacker's sign-in",
      "en",
      "notification",
      PRIMARY,
    ),
  },
  {
    spec: {
      org: "x-s1-mfa-fatigue",
      name: "apple-id-code",
      persona: "lucas",
      from: "Apple <noreply@appleid-suporte.com>",
      subject: "O seu ID Apple foi usado para iniciar sessão num novo dispositivo",
      date: "2026-11-21T23:48:30+00:00",
      html: `<p>O seu ID Apple foi usado para iniciar sessão num iPhone 16 perto de Kiev.</p><p>Se não foi você, confirme a sua identidade e introduza o código de verificação que recebeu por SMS para bloquear o dispositivo.</p><p><a href="https://appleid-suporte.com/bloquear">Não fui eu</a></p>`,
      auth: own("appleid-suporte.com", "193.233.48.2", "none"),
    },
    label: phish(
      "Portuguese Apple ID phishing asking for the SMS code to 'block' a sign-in (a code-harvesting lure)",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1-crypto",
      name: "wallet-airdrop",
      persona: "kenji",
      from: "MetaMask <support@metamask-airdrop.xyz>",
      subject: "You are eligible for the MASK token airdrop (claim before Sunday)",
      date: "2026-11-19T03:10:00+00:00",
      html: `<p>Dear wallet holder,</p><p>Your address qualifies for <b>2,400 MASK</b> in the community airdrop. Connect your wallet and sign the claim transaction before Sunday 23:59 UTC. Unclaimed tokens are burned.</p><p><a href="https://metamask-airdrop.xyz/claim">Claim now</a></p>`,
      auth: own("metamask-airdrop.xyz", "5.181.80.77"),
    },
    label: phish(
      "crypto wallet-drainer lure: a fake airdrop asks to connect a wallet and sign a transaction",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1-crypto",
      name: "investimento-bitcoin",
      persona: "lucas",
      from: "Sofia Almeida <sofia.almeida.invest@gmail.com>",
      subject: "Lucas, o meu retorno deste mês (sem riscos)",
      date: "2026-11-16T20:30:12+00:00",
      text: `Olá Lucas,

Desculpa escrever do nada, vi o teu perfil de arquiteto. Há seis meses comecei a investir numa plataforma de trading de bitcoin com um mentor e este mês tive 3.800 € de retorno. Começa-se com apenas 250 €. Se quiseres, passo-te o contacto do mentor no WhatsApp.

Beijinhos,
Sofia`,
      auth: free("sofia.almeida.invest@gmail.com", "209.85.220.69"),
    },
    label: scam(
      "Portuguese crypto investment scam from a stranger's free mail promising large returns",
      "pt",
    ),
  },
  {
    spec: {
      org: "x-s1-recruiter-task",
      name: "task-job-en",
      persona: "elena",
      from: "Hannah Lee | Talent Partner <hannah.lee@bluepeak-talent-hr.com>",
      subject: "Remote part-time role – 200–500 EUR/day, no experience needed",
      date: "2026-11-22T14:05:55+01:00",
      text: `Hi Elena,

I'm reaching out on behalf of a digital marketing agency. We have flexible remote positions: you complete simple app-rating tasks 60–90 minutes a day and earn 200–500 EUR daily, paid in USDT. Training is provided on WhatsApp.

To activate your task account, a refundable deposit of 50 USDT is required.

Reply YES and I'll send you the details.

Hannah`,
      auth: own("bluepeak-talent-hr.com", "91.92.245.16", "none"),
    },
    label: scam(
      "recruiter task scam: daily crypto pay for 'app-rating tasks' after a refundable deposit",
      "en",
    ),
  },
  {
    spec: {
      org: "x-s1-recruiter-task",
      name: "fukugyou-job",
      persona: "kenji",
      from: "株式会社ネクストワークス 採用担当 <recruit@nextworks-saiyou.online>",
      subject: "【副業】スマホで1日3万円 在宅のお仕事のご案内",
      date: "2026-11-18T21:00:00+09:00",
      text: `佐藤様

突然のご連絡失礼いたします。スマホでできる簡単な「いいね」タスクで1日3万円の報酬が得られるお仕事をご案内しております。

登録には保証金として5,000円が必要ですが、初回報酬とともに返金されます。詳しくはLINEでご説明します。

採用担当`,
      auth: own("nextworks-saiyou.online", "103.106.229.3", "none"),
    },
    label: scam(
      "Japanese side-job task scam asking a 'refundable' deposit before well-paid like tasks",
      "ja",
    ),
  },
  {
    spec: {
      org: "x-s1-recruiter-task",
      name: "mystery-shopper-fr",
      persona: "lucas",
      from: "Claire Martin <claire.martin.recrutement@outlook.fr>",
      subject: "Offre : client mystère rémunéré 350 € par mission",
      date: "2026-11-20T10:15:44+01:00",
      text: `Bonjour,

Notre société recrute des clients mystères dans votre région. Vous recevrez un chèque de 2 400 €, en encaisserez 350 € pour votre mission et transférerez le reste via Western Union pour évaluer le service.

Merci de répondre avec votre nom, adresse et numéro de téléphone.

Claire Martin
Service recrutement`,
      auth: free("claire.martin.recrutement@outlook.fr", "40.92.66.17"),
    },
    label: scam("French mystery-shopper overpayment scam: cash a cheque and wire the rest", "fr"),
  },
];

writeThreatLabels("x-s1-", entries);
