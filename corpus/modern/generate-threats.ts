/**
 * The unwanted and hostile half of the modern corpus: spam, scams and phishing.
 *
 * Hand-written messages are committed as .eml under messages/x-* and labelled by hand in
 * labels/threats.jsonl. This file holds the MIME assembly they share (receiving-server headers,
 * encodings, parts) and the seeded generators that add variety. Running it rewrites the generated
 * messages and their label lines byte-identically and keeps the hand lines:
 *
 *   node corpus/modern/generate-threats.ts
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

export const CORPUS = dirname(fileURLToPath(import.meta.url));

/** The mailbox owners of personas.json (the legitimate half owns that file; ids and addresses must match). */
export type PersonaId = "maya" | "lucas" | "kenji" | "elena";

interface Reader {
  name: string;
  address: string;
  /** who stamps Authentication-Results on arrival: Gmail (also Google Workspace) or Fastmail */
  mailbox: "gmail" | "fastmail";
}

export const readers: Record<PersonaId, Reader> = {
  maya: { name: "Maya Okafor", address: "maya.okafor@ferrow.io", mailbox: "gmail" },
  lucas: { name: "Lucas Ferreira", address: "lucas.ferreira.arq@gmail.com", mailbox: "gmail" },
  kenji: { name: "Kenji Sato", address: "kenji.sato.dev@gmail.com", mailbox: "gmail" },
  elena: { name: "Elena Ruiz Arnaiz", address: "elena@ruizarnaiz.es", mailbox: "fastmail" },
};

export type Threat = "spam" | "scam" | "phishing";
export type Bucket = "urgent" | "actionable" | "informational" | "low_priority";
export type SpeechAct = "request" | "commit" | "deliver" | "propose" | "meet" | "amend" | "fyi";
export type Category = "primary" | "notification" | "receipt" | "newsletter" | "promotion" | "social";

export interface Label {
  id: string;
  org: string;
  persona: PersonaId;
  verdict: "spam";
  threat: Threat;
  bucket: Bucket;
  speech_act: SpeechAct;
  category: Category;
  urgent: boolean;
  lang: string;
  how: "hand" | "generated";
  template: string | null;
  gmail_labels: string[];
  reason: string;
}

/** What the receiving server found; `forged` is a sender-written Authentication-Results below it. */
export interface Auth {
  ip: string;
  helo: string;
  /** envelope sender (Return-Path); its domain is what SPF checks */
  mailFrom: string;
  spf: "pass" | "fail" | "softfail" | "neutral" | "none";
  /** DKIM signing domain, or null for an unsigned message */
  dkim: { domain: string; selector: string; result: "pass" | "fail" } | null;
  dmarc: "pass" | "fail" | "none";
  /** published DMARC policy of the From domain */
  policy?: "NONE" | "QUARANTINE" | "REJECT";
  forged?: string;
}

export interface Attachment {
  filename: string;
  type: string;
  content: string | Uint8Array;
  /** inline with a Content-ID (an image the HTML shows) */
  cid?: string;
}

export interface MessageSpec {
  org: string;
  name: string;
  persona: PersonaId;
  from: string;
  /** defaults to the reader */
  to?: string;
  cc?: string;
  replyTo?: string;
  subject: string;
  /** ISO date with the sender's offset, e.g. 2026-11-12T09:14:03+01:00 */
  date: string;
  text?: string;
  html?: string;
  /** charset label of the text parts (utf-8 unless a sender's tool says otherwise) */
  encoding?: "quoted-printable" | "base64" | "8bit";
  attachments?: Attachment[];
  /** sender-side headers placed between DKIM-Signature and From, in order */
  headers?: [string, string][];
  inReplyTo?: string;
  references?: string;
  messageId?: string;
  auth: Auth;
}

// ---------- deterministic randomness ----------

export function seeded(seed: string): () => number {
  let h = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function blob(
  seed: string,
  length: number,
  alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
): string {
  const rnd = seeded(seed);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rnd() * alphabet.length)];
  return out;
}

const hex = (seed: string, n: number) => blob(seed, n, "0123456789abcdef");
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

// ---------- dates ----------

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function offsetOf(iso: string): number {
  const m = /([+-])(\d\d):(\d\d)$/.exec(iso);
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** RFC 5322 date of `ms` as seen at `offsetMin` minutes from UTC. */
export function rfcDate(ms: number, offsetMin: number): string {
  const d = new Date(ms + offsetMin * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const sign = offsetMin < 0 ? "-" : "+";
  const abs = Math.abs(offsetMin);
  return `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

// ---------- encodings (LF line ends, tab-folded headers: the same shapes as the legitimate half) ----------

const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** RFC 2047 B-words, each ≤ 75 characters, never splitting a code point. */
export function encodeWord(s: string): string {
  if (ascii(s)) return s;
  const words: string[] = [];
  let chunk = "";
  for (const ch of s) {
    if (Buffer.byteLength(chunk + ch) > 42) {
      words.push(chunk);
      chunk = "";
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString("base64")}?=`).join(" ");
}

/** "Name <addr>" with the name quoted or encoded as needed. */
export function mailbox(raw: string): string {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(raw);
  if (!m) return raw.trim();
  const [, name, addr] = m;
  if (!name) return `<${addr}>`;
  const bare = name.replace(/^"(.*)"$/, "$1");
  if (!ascii(bare)) return `${encodeWord(bare)} <${addr}>`;
  if (!/[,.;:@()"\\[\]<>]/.test(bare)) return `${bare} <${addr}>`;
  return `"${bare.replace(/["\\]/g, "\\$&")}" <${addr}>`;
}

export function addressOf(raw: string): string {
  return (/<([^>]+)>/.exec(raw)?.[1] ?? raw).trim();
}

export function domainOf(raw: string): string {
  return addressOf(raw).split("@")[1]!.toLowerCase();
}

export function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const bytes = [...Buffer.from(line)];
    let enc = "";
    bytes.forEach((byte, i) => {
      const last = i === bytes.length - 1;
      const c = String.fromCharCode(byte);
      const piece =
        (byte >= 33 && byte <= 126 && c !== "=") || ((byte === 32 || byte === 9) && !last)
          ? c
          : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
      if (enc.length + piece.length > 75) {
        out.push(`${enc}=`);
        enc = "";
      }
      enc += piece;
    });
    out.push(enc);
  }
  return out.join("\n");
}

function base64Lines(data: string | Uint8Array): string {
  return (
    Buffer.from(data)
      .toString("base64")
      .match(/.{1,76}/g) ?? []
  ).join("\n");
}

/** Folds a header at spaces to lines of at most 78 characters where it can. */
function fold(name: string, value: string): string {
  const lines: string[] = [];
  let line = `${name}:`;
  for (const word of value.split(" ")) {
    if (line.length + 1 + word.length > 78 && line.trim().length > name.length + 1) {
      lines.push(line);
      line = `\t${word}`;
    } else line += ` ${word}`;
  }
  lines.push(line);
  return lines.join("\n");
}

// ---------- parts ----------

interface Part {
  headers: [string, string][];
  body: string;
}

function textPart(type: "text/plain" | "text/html", body: string, encoding: MessageSpec["encoding"]): Part {
  const clean = body.replace(/\r\n/g, "\n");
  const plain = /^[\t\n -~]*$/.test(clean) && clean.split("\n").every((l) => l.length <= 900);
  const cte = encoding ?? (plain ? "7bit" : "quoted-printable");
  const encoded =
    cte === "base64" ? base64Lines(clean) : cte === "quoted-printable" ? quotedPrintable(clean) : clean;
  return {
    headers: [
      ["Content-Type", `${type}; charset="UTF-8"`],
      ["Content-Transfer-Encoding", cte],
    ],
    body: encoded,
  };
}

function attachmentPart(a: Attachment): Part {
  const name = ascii(a.filename) ? a.filename : encodeWord(a.filename);
  const size = Buffer.from(a.content).length;
  const headers: [string, string][] = [["Content-Type", `${a.type}; name="${name}"`]];
  headers.push([
    "Content-Disposition",
    `${a.cid ? "inline" : "attachment"}; filename="${name}"; size=${size}`,
  ]);
  headers.push(["Content-Transfer-Encoding", "base64"]);
  if (a.cid) headers.push(["Content-ID", `<${a.cid}>`]);
  return { headers, body: base64Lines(a.content) };
}

function multipart(subtype: string, parts: Part[], boundary: string): Part {
  const body = `${parts
    .map((p) => `--${boundary}\n${p.headers.map(([k, v]) => fold(k, v)).join("\n")}\n\n${p.body}\n`)
    .join("")}--${boundary}--`;
  return { headers: [["Content-Type", `multipart/${subtype}; boundary="${boundary}"`]], body };
}

const ESP_HOSTS = /(sendgrid\.net|amazonses\.com|mailgun\.net|brevo\.com|mcdlv\.net)$/;

/** The plain part a bulk service generates from the HTML it was given. */
function textFromHtml(html: string): string {
  return html
    .replace(/<(style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, "$2 ( $1 )")
    .replace(/<\/t[dh]>/gi, " ")
    .replace(/<(br|\/p|\/tr|\/h\d|\/div)[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .concat("\n");
}

/** The HTML part a person's webmail (Gmail's or Outlook's markup) or a mass mailer adds to the text. */
function webmailHtml(text: string, from: string): string {
  const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const paras = text.trim().split(/\n\n+/);
  if (from === "gmail.com")
    return `<div dir="ltr">${paras.map((p) => `<div>${esc(p).replace(/\n/g, "<br>")}</div>`).join("<div><br></div>")}</div>\n`;
  if (from === "kit")
    return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px">${paras.map((p) => `<p>${esc(p).replace(/\n/g, "<br>\n")}</p>`).join("\n")}</body></html>\n`;
  return `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr"><div class="elementToProof" style="font-family: Aptos, Aptos_EmbeddedFont, Calibri, Helvetica, sans-serif; font-size: 12pt; color: rgb(0, 0, 0);">${paras.map((p) => esc(p).replace(/\n/g, "<br>")).join("<br><br>")}</div></body></html>\n`;
}

function bodyOf(spec: MessageSpec, id: string, sent: number): Part {
  const alternatives: Part[] = [];
  const fromDomain = domainOf(spec.from);
  const webmail = fromDomain === "gmail.com" || fromDomain === "outlook.com" || fromDomain === "hotmail.com";
  const text =
    spec.text ??
    (spec.html !== undefined && (webmail || ESP_HOSTS.test(spec.auth.helo))
      ? textFromHtml(spec.html)
      : undefined);
  // Webmail always adds HTML to what a person typed; half the mass mailers do too (PHPMailer's AltBody).
  const html =
    spec.html ??
    (spec.text !== undefined && (webmail || seeded(`${id}:kit`)() < 0.5)
      ? webmailHtml(spec.text, webmail ? fromDomain : "kit")
      : undefined);
  if (text !== undefined) alternatives.push(textPart("text/plain", text, spec.encoding));
  if (html !== undefined) alternatives.push(textPart("text/html", html, spec.encoding));
  if (alternatives.length === 0) throw new Error(`${id}: no text or html`);
  const personal = FREE_DOMAINS.has(domainOf(spec.from));
  const alt = personal
    ? `000000000000${hex(`${id}:alt`, 16)}`
    : `----=_Part_${Math.floor(seeded(`${id}:p`)() * 900000)}_${Math.floor(seeded(`${id}:q`)() * 90000000)}.${sent}`;
  let main = alternatives.length === 1 ? alternatives[0]! : multipart("alternative", alternatives, alt);
  const inline = (spec.attachments ?? []).filter((a) => a.cid);
  const attached = (spec.attachments ?? []).filter((a) => !a.cid);
  if (inline.length)
    main = multipart("related", [main, ...inline.map(attachmentPart)], `rel_${hex(`${id}:rel`, 20)}`);
  if (attached.length)
    main = multipart("mixed", [main, ...attached.map(attachmentPart)], `mix_${hex(`${id}:mix`, 20)}`);
  return main;
}

// ---------- the receiving server's headers ----------

const FREE_DOMAINS = new Set([
  "gmail.com",
  "outlook.com",
  "hotmail.com",
  "yahoo.com",
  "aol.com",
  "gmx.de",
  "web.de",
  "mail.ru",
  "proton.me",
  "yandex.com",
  "icloud.com",
  "naver.com",
  "qq.com",
  "bol.com.br",
  "orange.fr",
  "yahoo.co.jp",
]);

const domainHash = (domain: string) =>
  Number.parseInt(createHash("sha256").update(domain).digest("hex").slice(0, 8), 16);
/** The DMARC policy a domain publishes, as the legitimate half's renderer derives it. */
export function publishedPolicy(domain: string): NonNullable<Auth["policy"]> {
  return (["NONE", "QUARANTINE", "REJECT"] as const)[domainHash(domain) % 3]!;
}
/** The DKIM selector of a domain both halves send from (free mail), as the legitimate half derives it. */
function sharedSelector(domain: string): string {
  return ["s1", "google", "selector1", "k1", "pf2023", "dkim", "mte1", "scph0925", "20230601"][
    domainHash(domain) % 9
  ]!;
}

function authResults(spec: MessageSpec, reader: Reader, id: string): string {
  const a = spec.auth;
  const fromDomain = domainOf(spec.from);
  const mailDomain = a.mailFrom.split("@")[1]!;
  const b = blob(`${id}:hb`, 8, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
  // A domain has one published policy across the corpus (the legitimate half derives it the same way);
  // a failing message only reaches INBOX under p=none, so its spec names the policy.
  const policy =
    a.dmarc === "fail" ? (a.policy ?? "NONE") : a.dmarc === "none" ? "NONE" : publishedPolicy(fromDomain);
  const selector =
    a.dkim && FREE_DOMAINS.has(a.dkim.domain) ? sharedSelector(a.dkim.domain) : a.dkim?.selector;
  if (reader.mailbox === "gmail") {
    const parts: string[] = [];
    if (a.dkim)
      parts.push(`dkim=${a.dkim.result} header.i=@${a.dkim.domain} header.s=${selector} header.b=${b}`);
    const spfWhy: Record<Auth["spf"], string> = {
      pass: `(google.com: domain of ${a.mailFrom} designates ${a.ip} as permitted sender)`,
      fail: `(google.com: domain of ${a.mailFrom} does not designate ${a.ip} as permitted sender)`,
      softfail: `(google.com: domain of transitioning ${a.mailFrom} does not designate ${a.ip} as permitted sender)`,
      neutral: `(google.com: ${a.ip} is neither permitted nor denied by best guess record for domain of ${a.mailFrom})`,
      none: `(google.com: ${mailDomain} does not designate permitted sender hosts)`,
    };
    parts.push(`spf=${a.spf} ${spfWhy[a.spf]} smtp.mailfrom=${a.mailFrom}`);
    const dis = a.dmarc === "fail" && policy !== "NONE" ? "QUARANTINE" : "NONE";
    parts.push(`dmarc=${a.dmarc} (p=${policy} sp=${policy} dis=${dis}) header.from=${fromDomain}`);
    return `mx.google.com; ${parts.join("; ")}`;
  }
  const n = Math.floor(seeded(`${id}:mx`)() * 6) + 1;
  const dkim = a.dkim
    ? `dkim=${a.dkim.result} (2048-bit rsa key sha256) header.d=${a.dkim.domain} header.i=@${a.dkim.domain} header.b=${b} header.a=rsa-sha256 header.s=${selector} x-bits=2048`
    : "dkim=none (no signatures found)";
  const applied = a.dmarc === "fail" && policy !== "NONE" ? "quarantine" : "none";
  const dmarc = `dmarc=${a.dmarc} policy.published-domain-policy=${policy.toLowerCase()} policy.applied-disposition=${applied} policy.evaluated-disposition=${applied} header.from=${fromDomain}`;
  const aligned =
    a.dkim?.domain === fromDomain || mailDomain === fromDomain ? "pass (Address match)" : "domain_mismatch";
  return `mx${n}.messagingengine.com; ${dkim}; ${dmarc}; iprev=pass smtp.remote-ip=${a.ip} (${a.helo}); spf=${a.spf} smtp.mailfrom=${a.mailFrom} smtp.helo=${a.helo}; x-aligned-from=${aligned}; x-me-sender=none`;
}

function messageId(spec: MessageSpec, id: string): string {
  const from = domainOf(spec.from);
  if (from === "gmail.com")
    return `<CA${blob(`${id}:g1`, 4)}+${blob(`${id}:g2`, 30, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")}@mail.gmail.com>`;
  if (from === "outlook.com" || from === "hotmail.com") {
    const box = `${pick(seeded(`${id}:box`), ["DB9PR06", "AM9PR04", "PAXPR08", "BYAPR11", "SJ0PR13"])}MB${Math.floor(seeded(`${id}:mb`)() * 9000) + 1000}`;
    return `<${box}${hex(`${id}:o`, 16).toUpperCase()}@${box}.namprd0${Math.floor(seeded(`${id}:nd`)() * 8) + 1}.prod.outlook.com>`;
  }
  return `<${hex(`${id}:mid`, 16)}-${hex(`${id}:mid2`, 8)}@${domainOf(spec.auth.mailFrom)}>`;
}

/**
 * What the sending side stamps below the receiver's headers: the bulk service's own markers, a
 * submission hop on a self-run server, or the web server's PHP mailer on a hacked site. Free-mail
 * senders get none (as in the legitimate half).
 */
function senderHops(spec: MessageSpec, id: string, sent: number): [string, string][] {
  const a = spec.auth;
  const rnd = seeded(`${id}:hop`);
  const at = rfcDate(sent + 300, 0);
  const n = (k: number) => Math.floor(rnd() * k);
  if (FREE_DOMAINS.has(a.mailFrom.split("@")[1]!)) return [];
  if (a.helo.endsWith("sendgrid.net"))
    return [
      ["Received", `by filter${n(900) + 100}.sendgrid.net with SMTP id ${hex(`${id}:sg`, 20)}; ${at}`],
      ["X-SG-EID", blob(`${id}:sgeid`, 96)],
      ["X-Entity-ID", `${blob(`${id}:ent`, 22)}==`],
      ["Precedence", "bulk"],
    ];
  if (a.helo.endsWith("amazonses.com"))
    return [
      ["Feedback-ID", `::1.us-east-1.${blob(`${id}:ses`, 43)}=:AmazonSES`],
      ["X-SES-Outgoing", `2026.11.${String(new Date(sent).getUTCDate()).padStart(2, "0")}-${a.ip}`],
    ];
  if (a.helo.endsWith("mailgun.net"))
    return [
      ["X-Mailgun-Sending-Ip", a.ip],
      ["X-Mailgun-Sid", blob(`${id}:mg`, 60)],
      ["Received", `by ${a.helo} with HTTP id ${hex(`${id}:mgh`, 24)}; ${at}`],
    ];
  if (a.helo.endsWith("brevo.com"))
    return [
      ["X-Mailin-EID", blob(`${id}:br`, 40)],
      ["Feedback-ID", `${a.ip}:${n(9_000_000) + 1_000_000}_-1:${n(9_000_000) + 1_000_000}:Sendinblue`],
      ["Precedence", "bulk"],
    ];
  if (a.helo.endsWith("mcdlv.net"))
    return [
      ["X-MC-User", hex(`${id}:mcu`, 25)],
      [
        "Feedback-ID",
        `${n(90_000_000) + 10_000_000}:${n(90_000_000) + 10_000_000}.${n(900_000) + 100_000}:us21:mc`,
      ],
      ["X-Mailer", "Mailchimp Mailer"],
      ["Precedence", "bulk"],
    ];
  if (/^(wordpress|www-data|apache)@/.test(a.mailFrom))
    return [
      [
        "Received",
        `by ${a.helo} (Postfix, from userid ${pick(rnd, [33, 48, 1001])}) id ${hex(`${id}:php`, 10).toUpperCase()}; ${at}`,
      ],
      [
        "X-PHP-Originating-Script",
        `${n(9000) + 1000}:${pick(rnd, ["class-phpmailer.php", "wp-mail-smtp.php", "mailer.php", "contact.php"])}`,
      ],
      [
        "X-Mailer",
        `PHPMailer ${pick(rnd, ["6.8.1", "6.9.1", "6.9.3"])} (https://github.com/PHPMailer/PHPMailer)`,
      ],
    ];
  if (a.helo.endsWith(".google.com") || a.helo.includes("outlook.com")) return [];
  return [
    [
      "Received",
      `from [10.${n(250)}.${n(250)}.${n(250)}] (unknown [${a.ip}]) by ${a.helo} (Postfix) with ESMTPSA id ${hex(`${id}:own`, 10).toUpperCase()}; ${at}`,
    ],
  ];
}

/**
 * The one-click unsubscribe headers a bulk service adds on its own (Gmail has required them of bulk
 * senders since 2024), unless the sender wrote its own.
 */
function bulkUnsubscribe(spec: MessageSpec, id: string): [string, string][] {
  const a = spec.auth;
  if (spec.headers?.some(([k]) => k.toLowerCase() === "list-unsubscribe")) return [];
  const from = domainOf(spec.from);
  const token = blob(`${id}:unsub`, 24, "abcdefghijklmnopqrstuvwxyz0123456789");
  let links: string;
  if (a.helo.endsWith("sendgrid.net"))
    links = `<https://u${token.slice(0, 7).replace(/\D/g, "1")}.ct.sendgrid.net/lu/unsubscribe?oc=${token}>, <mailto:unsubscribe@${a.mailFrom.split("@")[1]}>`;
  else if (a.helo.endsWith("mcdlv.net"))
    links = `<https://${from.split(".")[0]}.us21.list-manage.com/unsubscribe?u=${token.slice(0, 16)}&id=${token.slice(16)}>, <mailto:unsubscribe-mc.us21_${token.slice(0, 12)}@unsubscribe.mailchimpapp.net?subject=unsubscribe>`;
  else if (a.helo.endsWith("brevo.com"))
    links = `<https://r.${from}/tr/un/${token}>, <mailto:unsubscribe@${from}>`;
  else if (a.helo.endsWith("mailgun.net"))
    links = `<mailto:u+${token}@mg.${from}>, <https://email.mg.${from}/u/${token}>`;
  else return [];
  return [
    ["List-Unsubscribe", links],
    ["List-Unsubscribe-Post", "List-Unsubscribe=One-Click"],
  ];
}

export function renderMessage(spec: MessageSpec): string {
  const id = `${spec.org}/${spec.name}`;
  const reader = readers[spec.persona];
  const sent = Date.parse(spec.date);
  if (Number.isNaN(sent)) throw new Error(`${id}: bad date ${spec.date}`);
  const offset = offsetOf(spec.date);
  const arrived = sent + 2_000 + Math.floor(seeded(`${id}:lag`)() * 40_000);
  const t = Math.floor(arrived / 1000);
  const a = spec.auth;
  const ar = authResults(spec, reader, id);
  const h: [string, string][] = [];
  const spfVerb = a.spf === "pass" ? "designates" : "does not designate";
  if (reader.mailbox === "gmail") {
    const pst = -480;
    h.push(["Delivered-To", reader.address]);
    h.push([
      "Received",
      `by 2002:a05:${hex(`${id}:r1`, 4)}:${hex(`${id}:r2`, 3)}:b0:${hex(`${id}:r3`, 3)}:${hex(`${id}:r4`, 4)} with SMTP id ${blob(`${id}:smtp`, 10, "abcdefghijklmnopqrstuvwxyz0123456789")}; ${rfcDate(arrived + 1000, pst)}`,
    ]);
    h.push(["X-Google-Smtp-Source", blob(`${id}:xgss`, 86)]);
    h.push([
      "ARC-Seal",
      `i=1; a=rsa-sha256; t=${t}; cv=none; d=google.com; s=arc-20240605; b=${blob(`${id}:arcs`, 120)}`,
    ]);
    h.push([
      "ARC-Message-Signature",
      `i=1; a=rsa-sha256; c=relaxed/relaxed; d=google.com; s=arc-20240605; h=to:subject:message-id:date:from:mime-version:dkim-signature; bh=${blob(`${id}:bh`, 43)}=; fh=${blob(`${id}:fh`, 43)}=; b=${blob(`${id}:arcm`, 120)}`,
    ]);
    h.push(["ARC-Authentication-Results", `i=1; ${ar}`]);
    h.push(["Return-Path", `<${a.mailFrom}>`]);
    h.push([
      "Received",
      `from ${a.helo} (${a.helo}. [${a.ip}]) by mx.google.com with ESMTPS id ${blob(`${id}:esmtps`, 30, "abcdefghijklmnopqrstuvwxyz0123456789")} for <${reader.address}> (Google Transport Security); ${rfcDate(arrived, pst)}`,
    ]);
    h.push([
      "Received-SPF",
      `${a.spf} (google.com: domain of ${a.mailFrom} ${spfVerb} ${a.ip} as permitted sender) client-ip=${a.ip};`,
    ]);
    h.push(["Authentication-Results", ar]);
  } else {
    const est = -300;
    const rnd = seeded(`${id}:fm`);
    const n = Math.floor(seeded(`${id}:mx`)() * 6) + 1;
    const slot = `sloti${Math.floor(rnd() * 60)}n${Math.floor(rnd() * 9)}`;
    h.push(["Return-Path", `<${a.mailFrom}>`]);
    h.push([
      "Received",
      `from compute${n}.internal (compute${n}.internal [10.202.2.${Math.floor(rnd() * 200) + 20}]) by ${slot} (Cyrus 3.13.0-alpha0-${Math.floor(rnd() * 900) + 100}-g${hex(`${id}:cy`, 9)}-fm-20261103.001-g${hex(`${id}:cz`, 9)}) with LMTPA; ${rfcDate(arrived + 1000, est)}`,
    ]);
    h.push(["X-Cyrus-Session-Id", `${slot}-${Math.floor(rnd() * 99999999)}-${Math.floor(rnd() * 9999999)}`]);
    h.push(["X-Sieve", "CMU Sieve 3.0"]);
    h.push(["X-Spam-known-sender", "no"]);
    h.push([
      "X-Spam-sender-reputation",
      `${Math.floor(rnd() * 400) + 100} (${FREE_DOMAINS.has(domainOf(spec.from)) ? "email" : "domain"})`,
    ]);
    h.push(["X-Spam-score", (Math.floor(rnd() * 45) / 10).toFixed(1)]);
    h.push([
      "X-Spam-source",
      `IP='${a.ip}', Host='${a.helo}', Country='${pick(rnd, ["US", "NL", "RU", "NG", "DE", "HK", "BR", "VN"])}', FromHeader='${domainOf(spec.from).split(".").pop()}', MailFrom='${a.mailFrom.split(".").pop()}'`,
    ]);
    h.push([
      "Received-SPF",
      `${a.spf} (${a.mailFrom.split("@")[1]}: ${a.spf === "pass" ? `Sender is authorized to use '${a.mailFrom}' in 'mfrom' identity` : `Sender is not authorized by default to use '${a.mailFrom}' in 'mfrom' identity`}) receiver=mx${n}.messagingengine.com; identity=mailfrom; envelope-from="${a.mailFrom}"; helo=${a.helo}; client-ip=${a.ip}`,
    ]);
    h.push([
      "Received",
      `from ${a.helo} (${a.helo} [${a.ip}]) by mx${n}.messagingengine.com (Postfix) with ESMTPS for <${reader.address}>; ${rfcDate(arrived, est)}`,
    ]);
    h.push([
      "ARC-Seal",
      `i=1; a=rsa-sha256; cv=none; d=messagingengine.com; s=fm${(n % 3) + 1}; t=${t}; b=${blob(`${id}:arcs`, 120)}`,
    ]);
    h.push([
      "ARC-Message-Signature",
      `i=1; a=rsa-sha256; c=relaxed/relaxed; d=messagingengine.com; h=from:to:subject:date:message-id:content-type; s=fm${(n % 3) + 1}; t=${t}; bh=${blob(`${id}:bh`, 43)}=; b=${blob(`${id}:arcm`, 120)}`,
    ]);
    h.push(["ARC-Authentication-Results", `i=1; ${ar}`]);
    h.push(["Authentication-Results", ar]);
  }
  // A sender-written result: it sits below the receiving server's and must not count.
  if (a.forged) h.push(["Authentication-Results", a.forged]);
  if (a.dkim) {
    h.push([
      "DKIM-Signature",
      `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${a.dkim.domain}; s=${FREE_DOMAINS.has(a.dkim.domain) ? sharedSelector(a.dkim.domain) : a.dkim.selector}; t=${Math.floor(sent / 1000)}; h=From:To:Subject:Date:Message-ID:MIME-Version:Content-Type; bh=${blob(`${id}:dbh`, 43)}=; b=${blob(`${id}:db`, 172)}`,
    ]);
  }
  h.push(...senderHops(spec, id, sent));
  h.push(...bulkUnsubscribe(spec, id));
  h.push(["From", mailbox(spec.from)]);
  h.push([
    "To",
    spec.to === undefined
      ? mailbox(`${reader.name} <${reader.address}>`)
      : spec.to.split(/,\s*/).map(mailbox).join(", "),
  ]);
  if (spec.cc) h.push(["Cc", spec.cc.split(/,\s*/).map(mailbox).join(", ")]);
  if (spec.replyTo) h.push(["Reply-To", mailbox(spec.replyTo)]);
  h.push(["Subject", encodeWord(spec.subject)]);
  h.push(["Date", rfcDate(sent, offset)]);
  h.push(["Message-ID", spec.messageId ?? messageId(spec, id)]);
  if (spec.inReplyTo) h.push(["In-Reply-To", spec.inReplyTo]);
  if (spec.references) h.push(["References", spec.references]);
  const fromDomain = domainOf(spec.from);
  if (fromDomain === "outlook.com" || fromDomain === "hotmail.com") {
    // Outlook on the web stamps these on every message, whoever writes it
    h.push(["Thread-Topic", encodeWord(spec.subject.replace(/^(RE|Re|AW|FW|Fwd):\s*/, ""))]);
    h.push(["Thread-Index", `${blob(`${id}:ti`, 32)}==`]);
    h.push(["Accept-Language", "en-US"]);
    h.push(["Content-Language", "en-US"]);
    h.push(["X-MS-Has-Attach", spec.attachments?.some((a) => !a.cid) ? "yes" : ""]);
    h.push(["X-MS-TNEF-Correlator", ""]);
    h.push(["x-ms-publictraffictype", "Email"]);
  }
  for (const header of spec.headers ?? []) h.push(header);
  h.push(["MIME-Version", "1.0"]);
  const body = bodyOf(spec, id, sent);
  h.push(...body.headers);
  return `${h.map(([k, v]) => fold(k, v)).join("\n")}\n\n${body.body}\n`;
}

// ---------- images ----------

/** A PNG of black and white modules shaped like a QR code (finder squares, seeded data); not scannable. */
export function qrLikePng(seed: string, modules = 29, scale = 6): Uint8Array {
  const rnd = seeded(seed);
  const dark = (x: number, y: number) => {
    for (const [fx, fy] of [
      [0, 0],
      [modules - 7, 0],
      [0, modules - 7],
    ] as const) {
      if (x >= fx && x < fx + 7 && y >= fy && y < fy + 7) {
        const dx = Math.min(x - fx, fx + 6 - x);
        const dy = Math.min(y - fy, fy + 6 - y);
        return Math.min(dx, dy) !== 1;
      }
    }
    return rnd() < 0.5;
  };
  const quiet = 4;
  const side = (modules + quiet * 2) * scale;
  const grid: boolean[][] = [];
  for (let y = 0; y < modules; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < modules; x++) row.push(dark(x, y));
    grid.push(row);
  }
  const raw = Buffer.alloc((side + 1) * side);
  for (let py = 0; py < side; py++) {
    raw[py * (side + 1)] = 0;
    for (let px = 0; px < side; px++) {
      const mx = Math.floor(px / scale) - quiet;
      const my = Math.floor(py / scale) - quiet;
      const on = mx >= 0 && my >= 0 && mx < modules && my < modules && grid[my]![mx]!;
      raw[py * (side + 1) + 1 + px] = on ? 0 : 255;
    }
  }
  return png(side, side, raw);
}

function png(width: number, height: number, grayRows: Buffer): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(grayRows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF whose page shows `lines` (Helvetica, ASCII only). */
export function simplePdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, "\\$&");
  const stream = `BT /F1 11 Tf 56 780 Td 14 TL ${lines.map((l) => `(${esc(l)}) '`).join(" ")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

// ---------- writing ----------

export const LABELS = join(CORPUS, "labels", "threats.jsonl");

export interface Entry {
  spec: MessageSpec;
  label: Omit<Label, "id" | "org" | "persona">;
}

export function writeEntry(entry: Entry): Label {
  const { spec } = entry;
  if (!spec.org.startsWith("x-")) throw new Error(`${spec.org}: threat orgs start with "x-"`);
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(spec.org) || !/^[a-z0-9][a-z0-9-]*$/.test(spec.name)) {
    throw new Error(`${spec.org}/${spec.name}: org and name are lower-case letters, digits and dashes`);
  }
  const eml = renderMessage(spec);
  if (Buffer.byteLength(eml) >= 40_000)
    throw new Error(`${spec.org}/${spec.name}: ${Buffer.byteLength(eml)} bytes (limit 40 KB)`);
  const path = join(CORPUS, "messages", spec.org, `${spec.name}.eml`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, eml);
  const { label } = entry;
  if ((label.verdict === "spam") !== (label.threat !== null))
    throw new Error(`${spec.org}/${spec.name}: threat is null exactly when relevant`);
  return { id: `${spec.org}/${spec.name}`, org: spec.org, persona: spec.persona, ...label };
}

/** Replaces the label lines of one kind (`hand` or `generated`) and keeps the others, sorted by id. */
export function writeLabels(how: Label["how"], labels: Label[]): void {
  let kept: Label[] = [];
  try {
    kept = readFileSync(LABELS, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Label)
      .filter((l) => l.how !== how);
  } catch {
    // first run: no label file yet
  }
  const all = [...kept, ...labels].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = new Set<string>();
  for (const l of all) {
    if (ids.has(l.id)) throw new Error(`duplicate id ${l.id}`);
    ids.add(l.id);
  }
  mkdirSync(dirname(LABELS), { recursive: true });
  writeFileSync(LABELS, `${all.map((l) => JSON.stringify(l)).join("\n")}\n`);
}

// ---------- generators ----------

type Rnd = () => number;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

const ZW = ["\u200b", "\u200c", "\u200d", "\u2060"];
/** Zero-width characters inside words, as filters-evading senders write them. */
function zeroWidth(rnd: Rnd, s: string): string {
  return s.replace(/([A-Za-z])(?=[A-Za-z])/g, (c) => (rnd() < 0.3 ? c + pick(rnd, ZW) : c));
}
const HOMOGLYPH: Record<string, string> = { a: "а", e: "е", o: "о", p: "р", c: "с", x: "х", i: "і" };
/** Latin letters swapped for Cyrillic look-alikes. */
function homoglyphs(rnd: Rnd, s: string): string {
  return s.replace(/[aeopcxi]/g, (c) => (rnd() < 0.35 ? HOMOGLYPH[c]! : c));
}
const FILLER = [
  "The garden committee meets on Thursday to plan the spring planting and thanks every volunteer for the help.",
  "Our recipe of the week is a slow-cooked lentil soup with cumin, lemon and fresh coriander.",
  "Weather for the weekend: mild, some clouds in the morning, clearing in the afternoon.",
  "The library extends its opening hours during the exam period and adds quiet study rooms.",
  "Minutes of the last meeting were approved without changes and the next one is in two weeks.",
];
/** Innocent text the reader never sees, hidden by one of the usual CSS tricks. */
function hiddenFiller(rnd: Rnd): string {
  const text = `${pick(rnd, FILLER)} ${pick(rnd, FILLER)}`;
  const style = pick(rnd, [
    "display:none",
    "font-size:0px;line-height:0",
    "color:#ffffff;font-size:1px",
    "position:absolute;left:-9999px",
    "opacity:0;height:0;overflow:hidden",
    "max-height:0;overflow:hidden;mso-hide:all",
  ]);
  return `<div style="${style}">${text}</div>`;
}
const VPS = [
  "45.141.84.",
  "185.225.73.",
  "193.233.20.",
  "91.92.240.",
  "194.26.135.",
  "176.113.115.",
  "141.98.10.",
  "5.42.92.",
  "103.75.201.",
  "89.248.163.",
];
const ip = (rnd: Rnd) => `${pick(rnd, VPS)}${int(rnd, 2, 250)}`;

function ownAuth(rnd: Rnd, domain: string, opt: Partial<Auth> = {}): Auth {
  return {
    ip: ip(rnd),
    helo: `${pick(rnd, ["mail", "smtp", "mx1", "out", "relay"])}.${domain}`,
    mailFrom: `${pick(rnd, ["bounce", "noreply", "mailer", "info", "return"])}@${domain}`,
    spf: "pass",
    dkim:
      rnd() < 0.8
        ? { domain, selector: pick(rnd, ["default", "s1", "dkim", "mail", "k1"]), result: "pass" }
        : null,
    dmarc: rnd() < 0.75 ? "pass" : "none",
    policy: "NONE",
    ...opt,
  };
}

const HACKED = [
  "autohaus-meier-gmbh.de",
  "bodega-sanroque.es",
  "clinicadental-sol.com.br",
  "lycee-pasteur-alumni.fr",
  "smithfamilydentistry.com",
  "yoga-shala-leeds.co.uk",
  "kobe-ramen-ya.jp",
  "agrotech-parana.com.br",
];
/** Sent through a compromised small-business site: SPF passes for its host, DMARC fails for the From domain. */
function hackedAuth(rnd: Rnd, opt: Partial<Auth> = {}): Auth {
  const host = pick(rnd, HACKED);
  return {
    ip: ip(rnd),
    helo: `server${int(rnd, 1, 40)}.${host}`,
    mailFrom: `wordpress@${host}`,
    spf: "pass",
    dkim: null,
    dmarc: "fail",
    policy: "NONE",
    ...opt,
  };
}

function forgedPass(domain: string): string {
  return `mx.google.com; dkim=pass header.i=@${domain} header.s=selector1 header.b=Xy12AbCd; spf=pass smtp.mailfrom=${domain}; dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=${domain}`;
}

/** A date in the corpus window (20 Oct – 24 Nov 2026) with one of the sender's offsets. */
function when(rnd: Rnd, offsets: string[] = ["+00:00"]): string {
  const ms = Date.UTC(2026, 9, 20) + Math.floor(rnd() * 35 * 86_400_000);
  const off = pick(rnd, offsets);
  const o = offsetOf(`x${off}`);
  const local = new Date(ms + o * 60_000).toISOString().slice(0, 19);
  return `${local}${off}`;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const para = (s: string) =>
  s
    .split("\n\n")
    .map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

type Persona = PersonaId;
/** Whose mailbox it reached: a reader who plausibly gets mail in that language (English reaches anyone). */
function personaFor(rnd: Rnd, lang: string): Persona {
  const byLang: Record<string, Persona[]> = {
    de: ["maya"],
    fr: ["lucas"],
    pt: ["lucas"],
    es: ["elena", "lucas"],
    ja: ["kenji"],
    nl: ["maya"],
    pl: ["maya"],
  };
  return pick(rnd, byLang[lang] ?? ["maya", "lucas", "kenji", "elena"]);
}
const firstName = (p: Persona) => readers[p].name.split(" ")[0]!;

export interface Template {
  id: string;
  count: number;
  make(rnd: Rnd, i: number): Entry;
}

interface Carrier {
  brand: string;
  lang: string;
  tz: string;
  domains: string[];
  subject: string[];
  body: string;
  button: string;
  fee: string[];
}

const CARRIERS: Carrier[] = [
  {
    brand: "DHL",
    lang: "de",
    tz: "+01:00",
    domains: ["dhl-paket-zustellung.de", "dhl-sendungsverfolgung.info", "paket-dhI.de"],
    subject: [
      "Ihre Sendung {n} konnte nicht zugestellt werden",
      "Zustellversuch fehlgeschlagen: Sendung {n}",
      "Offene Gebühr für Ihr Paket {n}",
    ],
    body: "Guten Tag,\n\nwir konnten Ihr Paket {n} heute nicht zustellen, da eine Nachgebühr von {fee} offen ist.\n\nBitte begleichen Sie den Betrag innerhalb von 48 Stunden, damit wir einen neuen Zustelltermin planen können. Danach geht das Paket an den Absender zurück.",
    button: "Jetzt bezahlen",
    fee: ["1,99 €", "2,49 €", "3,10 €"],
  },
  {
    brand: "La Poste Colissimo",
    lang: "fr",
    tz: "+01:00",
    domains: ["colissimo-suivi-colis.fr", "laposte-livraison-info.com"],
    subject: ["Votre colis {n} est en attente", "Colissimo : frais de réexpédition pour le colis {n}"],
    body: "Bonjour,\n\nVotre colis {n} n'a pas pu être livré car des frais d'affranchissement de {fee} n'ont pas été réglés.\n\nMerci de régulariser sous 48 heures pour programmer une nouvelle livraison. Passé ce délai, le colis sera retourné à l'expéditeur.",
    button: "Programmer la livraison",
    fee: ["1,99 €", "2,99 €"],
  },
  {
    brand: "Correos",
    lang: "es",
    tz: "+01:00",
    domains: ["correos-envios-aduana.com", "correos-es-seguimiento.net"],
    subject: ["Su envío {n} está retenido en aduana", "Correos: pago pendiente para el envío {n}"],
    body: "Estimado cliente:\n\nSu envío {n} está retenido en nuestro centro logístico por unas tasas de aduana pendientes de {fee}.\n\nPara recibirlo, abone el importe en un plazo de 48 horas. De lo contrario, el paquete será devuelto al remitente.",
    button: "Pagar tasas",
    fee: ["1,79 €", "2,99 €"],
  },
  {
    brand: "CTT Expresso",
    lang: "pt",
    tz: "+00:00",
    domains: ["ctt-encomendas-pt.com", "ctt-alfandega.info"],
    subject: ["A sua encomenda {n} aguarda pagamento", "CTT: taxa aduaneira pendente ({n})"],
    body: "Caro cliente,\n\nA sua encomenda {n} encontra-se retida na alfândega. Para concluir a entrega é necessário pagar uma taxa de {fee}.\n\nTem 48 horas para efetuar o pagamento, caso contrário a encomenda será devolvida.",
    button: "Pagar agora",
    fee: ["1,49 €", "2,20 €"],
  },
  {
    brand: "USPS",
    lang: "en",
    tz: "-05:00",
    domains: ["usps-redelivery-center.com", "usps.packages-track.top", "uspstrack-info.com"],
    subject: [
      "USPS: Your package {n} is on hold",
      "Action needed: incomplete address for package {n}",
      "Delivery attempt failed - {n}",
    ],
    body: "Dear customer,\n\nYour package {n} could not be delivered due to an incomplete address. A redelivery fee of {fee} applies.\n\nPlease update your address and pay the fee within 24 hours, otherwise the package will be returned to the sender.",
    button: "Schedule redelivery",
    fee: ["$1.99", "$2.30", "$0.99"],
  },
  {
    brand: "Royal Mail",
    lang: "en",
    tz: "+00:00",
    domains: ["royalmail-reschedule.co", "royal-mail-parcelfee.com"],
    subject: ["Royal Mail: we have a parcel for you ({n})", "Your parcel {n} has a fee to pay"],
    body: "Hello,\n\nWe have a parcel for you, but a fee of {fee} must be paid before we can deliver it.\n\nYou can pay online now and choose a new delivery date. Unclaimed parcels are returned after 3 days.",
    button: "Pay the fee",
    fee: ["£1.45", "£2.99"],
  },
  {
    brand: "ヤマト運輸",
    lang: "ja",
    tz: "+09:00",
    domains: ["kuronekoyamato-jp.top", "yamato-delivery.cc"],
    subject: ["【ヤマト運輸】お荷物お届けのお知らせ（{n}）", "【重要】お荷物の再配達手続きのお願い {n}"],
    body: "お客様のお荷物（伝票番号 {n}）をお届けにあがりましたが、ご不在のため持ち帰りました。\n\n再配達の手続きには、保管料 {fee} のお支払いが必要です。48時間以内にお手続きがない場合、荷物は返送されます。",
    button: "再配達を依頼する",
    fee: ["300円", "250円"],
  },
  {
    brand: "PostNL",
    lang: "nl",
    tz: "+01:00",
    domains: ["postnl-pakket-volgen.com"],
    subject: ["Uw pakket {n} staat klaar", "PostNL: openstaand bedrag voor pakket {n}"],
    body: "Beste klant,\n\nUw pakket {n} kan niet worden bezorgd omdat er nog {fee} aan invoerkosten openstaat.\n\nBetaal binnen 48 uur om een nieuwe bezorgdatum te kiezen.",
    button: "Betaal nu",
    fee: ["€ 1,95", "€ 2,65"],
  },
];

const parcelFee: Template = {
  id: "gen-parcel-fee",
  count: 15,
  make(rnd, i) {
    const c = pick(rnd, CARRIERS);
    const persona = personaFor(rnd, c.lang);
    const domain = pick(rnd, c.domains);
    const n =
      c.lang === "ja"
        ? `${int(rnd, 4000, 4999)}-${int(rnd, 1000, 9999)}-${int(rnd, 1000, 9999)}`
        : `${pick(rnd, ["JJD", "LX", "CP", "RB", "9400", "3S"])}${int(rnd, 10000000, 99999999)}${int(rnd, 100, 999)}`;
    const fee = pick(rnd, c.fee);
    const fill = (s: string) => s.replace(/\{n\}/g, n).replace(/\{fee\}/g, fee);
    const path = pick(rnd, ["/track/", "/pay/", "/redelivery/", "/s/"]);
    const link =
      rnd() < 0.3
        ? `https://${pick(rnd, ["bit.ly", "t.ly", "is.gd", "tinyurl.com"])}/${blob(`${i}:sh`, 7, "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")}`
        : `https://${domain}${path}${n}`;
    const body = fill(c.body);
    const obfuscate = rnd() < 0.25;
    let subject = fill(pick(rnd, c.subject));
    if (obfuscate && c.lang !== "ja") subject = zeroWidth(rnd, subject);
    const htmlBody = `<html><body style="font-family:Arial,sans-serif"><table width="600" align="center" cellpadding="0" cellspacing="0"><tr><td style="padding:16px;background:${pick(rnd, ["#ffcc00", "#003d7c", "#e30613", "#ffffff"])}"><b style="font-size:22px">${esc(c.brand)}</b></td></tr><tr><td style="padding:16px">${para(body)}<p><a href="${link}" style="background:#d40511;color:#fff;padding:10px 22px;text-decoration:none">${esc(c.button)}</a></p>${rnd() < 0.4 ? hiddenFiller(rnd) : ""}</td></tr></table></body></html>`;
    const shape = rnd();
    const auth = rnd() < 0.7 ? ownAuth(rnd, domain) : hackedAuth(rnd);
    return {
      spec: {
        org: `x-${domain
          .replace(/\.[a-z]+$/, "")
          .replace(/[^a-z0-9]+/gi, "-")
          .toLowerCase()}`,
        name: `parcel-fee-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${c.brand} <${pick(rnd, ["noreply", "info", "service", "tracking"])}@${domain}>`,
        subject,
        date: when(rnd, [c.tz]),
        text: shape < 0.3 ? undefined : `${body}\n\n${c.button}: ${link}\n`,
        html: shape > 0.8 ? undefined : htmlBody,
        encoding: c.lang === "ja" ? "base64" : undefined,
        auth,
      },
      label: {
        verdict: "spam",
        threat: "phishing",
        bucket: "low_priority",
        speech_act: "request",
        category: "notification",
        urgent: false,
        lang: c.lang,
        how: "generated",
        template: "gen-parcel-fee",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_UPDATES"],
        reason: `parcel-fee phishing: ${c.brand} brand on look-alike ${domain} asks a small 'fee' (${fee}) to harvest card details${obfuscate ? "; zero-width characters in the subject" : ""}`,
      },
    };
  },
};

interface Lure {
  brand: string;
  domains: string[];
  lang: string;
  tz: string;
  subjects: string[];
  body: string;
  button: string;
}

const ACCOUNT_LURES: Lure[] = [
  {
    brand: "Microsoft Outlook",
    lang: "en",
    tz: "+00:00",
    domains: ["outlook-mailbox-verify.com", "rnicrosoft-account.com", "office365-quarantine.net"],
    subjects: [
      "Mailbox storage full: {email} will stop receiving mail",
      "{count} incoming messages held in quarantine",
      "Sign-in blocked for {email}",
    ],
    body: "Dear {name},\n\nYour mailbox {email} has {count} messages that could not be delivered because of a verification error on your account.\n\nReview and release them now. Messages that are not released within 24 hours will be deleted.",
    button: "Release messages",
  },
  {
    brand: "Microsoft 365",
    lang: "de",
    tz: "+01:00",
    domains: ["m365-kontoschutz.de", "microsoft-konto-sicherheit.com"],
    subjects: ["Ihr Kennwort für {email} läuft heute ab", "Ungewöhnliche Anmeldeaktivität bei {email}"],
    body: "Hallo {name},\n\ndas Kennwort für {email} läuft heute ab. Um Ihr aktuelles Kennwort beizubehalten und den Zugriff auf Outlook und Teams nicht zu verlieren, bestätigen Sie es bitte.\n\nOhne Bestätigung werden Sie auf allen Geräten abgemeldet.",
    button: "Kennwort beibehalten",
  },
  {
    brand: "Webmail Admin",
    lang: "en",
    tz: "-05:00",
    domains: ["webmail-upgrade-portal.com", "mail-admin-helpdesk.net"],
    subjects: ["Final warning: {email} will be deactivated", "Email account upgrade required for {email}"],
    body: "Attention {email},\n\nWe are upgrading all mailboxes to the new 2027 security standard. Accounts that are not upgraded by today will be deactivated and all messages lost.\n\nUpgrade takes less than a minute.",
    button: "Upgrade now",
  },
  {
    brand: "Google Workspace",
    lang: "en",
    tz: "-08:00",
    domains: ["workspace-admin-notice.com", "g00gle-security-alerts.com"],
    subjects: ["Security alert: new sign-in to {email}", "Your storage is full: {email}"],
    body: "Hi {name},\n\nYour account {email} has used 100% of its storage. New mail can no longer be received and your files may be removed.\n\nClaim 50 GB of free storage included in your plan.",
    button: "Claim free storage",
  },
  {
    brand: "Microsoft 365",
    lang: "fr",
    tz: "+01:00",
    domains: ["microsoft-compte-securite.fr", "office-verif-compte.com"],
    subjects: [
      "Votre mot de passe {email} expire aujourd'hui",
      "Activité de connexion inhabituelle sur {email}",
    ],
    body: "Bonjour {name},\n\nLe mot de passe de {email} expire aujourd'hui. Pour conserver votre mot de passe actuel et garder l'accès à Outlook et Teams, confirmez-le ci-dessous.\n\nSans confirmation, vous serez déconnecté de tous vos appareils.",
    button: "Conserver le mot de passe",
  },
  {
    brand: "Microsoft 365",
    lang: "es",
    tz: "+01:00",
    domains: ["microsoft-cuenta-seguridad.com"],
    subjects: ["Su contraseña de {email} caduca hoy", "Actividad de inicio de sesión inusual en {email}"],
    body: "Hola {name}:\n\nLa contraseña de {email} caduca hoy. Para mantener su contraseña actual y no perder el acceso a Outlook y Teams, confírmela a continuación.\n\nSi no la confirma, se cerrará la sesión en todos sus dispositivos.",
    button: "Mantener contraseña",
  },
  {
    brand: "Microsoft 365",
    lang: "pt",
    tz: "-03:00",
    domains: ["microsoft-conta-verificacao.com"],
    subjects: ["A sua senha de {email} expira hoje", "Atividade de login incomum em {email}"],
    body: "Olá {name},\n\nA senha de {email} expira hoje. Para manter a senha atual e não perder o acesso ao Outlook e ao Teams, confirme-a abaixo.\n\nSem confirmação, a sua sessão será encerrada em todos os dispositivos.",
    button: "Manter senha",
  },
  {
    brand: "Microsoft 365",
    lang: "ja",
    tz: "+09:00",
    domains: ["microsoft-account-jp.top"],
    subjects: [
      "【重要】{email} のパスワードの有効期限が本日切れます",
      "{email} で異常なサインインが検出されました",
    ],
    body: "{name} 様\n\n{email} のパスワードの有効期限が本日切れます。現在のパスワードを引き続き使用するには、下記から確認してください。\n\n確認されない場合、すべてのデバイスからサインアウトされます。",
    button: "パスワードを維持する",
  },
];

const accountPhish: Template = {
  id: "gen-account-phish",
  count: 15,
  make(rnd, i) {
    const l = pick(rnd, ACCOUNT_LURES);
    const persona = personaFor(rnd, l.lang);
    const r = readers[persona];
    const domain = pick(rnd, l.domains);
    const count = String(int(rnd, 3, 27));
    const fill = (s: string) =>
      s
        .replace(/\{email\}/g, r.address)
        .replace(/\{name\}/g, firstName(persona))
        .replace(/\{count\}/g, count);
    const link = `https://${pick(rnd, ["login", "account", "secure", "auth"])}.${domain}/${pick(rnd, ["owa", "common/oauth2", "verify", "signin"])}?${pick(rnd, ["u", "email", "login_hint"])}=${encodeURIComponent(r.address)}`;
    const trick = pick(rnd, [
      "plain",
      "homoglyph",
      "zero-width",
      "hidden",
      "forged",
      "alt-disagree",
    ] as const);
    let subject = fill(pick(rnd, l.subjects));
    if (trick === "homoglyph" && l.lang !== "ja") subject = homoglyphs(rnd, subject);
    if (trick === "zero-width" && l.lang !== "ja") subject = zeroWidth(rnd, subject);
    const body = fill(l.body);
    const html = `<html><head><style>.b{background:#0078d4;color:#fff;padding:10px 24px;text-decoration:none}</style></head><body style="font-family:'Segoe UI',Arial,sans-serif;color:#323130"><table width="560" align="center"><tr><td style="padding:18px 0;font-size:20px;font-weight:600">${esc(l.brand)}</td></tr><tr><td>${para(body)}<p><a class="b" href="${link}">${esc(l.button)}</a></p>${trick === "hidden" ? hiddenFiller(rnd) : ""}<p style="font-size:11px;color:#8a8886">${esc(l.brand)} · ${new Date(Date.UTC(2026, 10, 1)).getUTCFullYear()}</p></td></tr></table></body></html>`;
    const text =
      trick === "alt-disagree"
        ? `${pick(rnd, FILLER)}\n\n${pick(rnd, FILLER)}\n`
        : `${body}\n\n${l.button}: ${link}\n`;
    const auth =
      trick === "forged"
        ? ownAuth(rnd, domain, { forged: forgedPass(domain), spf: "softfail", dkim: null, dmarc: "none" })
        : ownAuth(rnd, domain);
    const tricks: Record<typeof trick, string> = {
      plain: "",
      homoglyph: "; Cyrillic look-alike letters in the subject",
      "zero-width": "; zero-width characters in the subject",
      hidden: "; CSS-hidden filler text",
      forged: "; a forged 'pass' Authentication-Results sits below the receiving server's",
      "alt-disagree": "; the plain-text part is innocent filler that disagrees with the HTML",
    };
    return {
      spec: {
        org: `x-${domain
          .replace(/\.[a-z]+$/, "")
          .replace(/[^a-z0-9]+/gi, "-")
          .toLowerCase()}`,
        name: `account-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${l.brand} <${pick(rnd, ["no-reply", "security", "admin", "postmaster"])}@${domain}>`,
        subject,
        date: when(rnd, [l.tz]),
        text,
        html,
        encoding: l.lang === "ja" ? "base64" : undefined,
        // careful kits copy the headers of the notification they imitate
        headers: rnd() < 0.3 ? [["Auto-Submitted", "auto-generated"]] : [],
        auth,
      },
      label: {
        verdict: "spam",
        threat: "phishing",
        bucket: "low_priority",
        speech_act: "request",
        category: "notification",
        urgent: false,
        lang: l.lang,
        how: "generated",
        template: "gen-account-phish",
        gmail_labels:
          rnd() < 0.4
            ? ["INBOX", "UNREAD", "IMPORTANT", "CATEGORY_UPDATES"]
            : ["INBOX", "UNREAD", "CATEGORY_UPDATES"],
        reason: `credential phishing: ${l.brand} account lure from look-alike ${domain} linking to a login clone${tricks[trick]}`,
      },
    };
  },
};

const SHARE_BRANDS = [
  {
    brand: "DocuSign",
    domains: ["docusign-secure-envelope.com", "docu-sign-review.net"],
    verb: "sent you a document to review and sign",
    button: "REVIEW DOCUMENT",
    color: "#1e4ca1",
  },
  {
    brand: "SharePoint",
    domains: ["sharepoint-docs-online.com", "onedrive-fileshare.net"],
    verb: "shared a file with you",
    button: "Open",
    color: "#0078d4",
  },
  {
    brand: "Dropbox",
    domains: ["dropbox-transfer-files.com", "dropbox-sharedfile.net"],
    verb: "shared a folder with you",
    button: "View folder",
    color: "#0061fe",
  },
  {
    brand: "Adobe Acrobat Sign",
    domains: ["adobesign-agreement.com"],
    verb: "sent you an agreement to sign",
    button: "Review and sign",
    color: "#eb1000",
  },
  {
    brand: "WeTransfer",
    domains: ["wetransfer-download.net", "we-transfer-files.com"],
    verb: "sent you files",
    button: "Get your files",
    color: "#409fff",
  },
];
const DOC_NAMES = [
  "Q4_Bonus_Allocation.pdf",
  "Updated_Employee_Handbook_2027.pdf",
  "Signed_NDA_final.pdf",
  "Payment_Remittance_Advice.pdf",
  "Invoice_Nov_2026.xlsx",
  "Contract_Amendment_v3.docx",
  "Benefits_Enrollment_2027.pdf",
];
const SENDER_NAMES = [
  "Karen Whitfield",
  "HR Team",
  "Accounts Payable",
  "Jonas Berg",
  "Priya Nair",
  "Legal Department",
  "Michael Dunn",
];

const docShare: Template = {
  id: "gen-doc-share",
  count: 15,
  make(rnd, i) {
    const b = pick(rnd, SHARE_BRANDS);
    const persona = personaFor(rnd, "en");
    const domain = pick(rnd, b.domains);
    const doc = pick(rnd, DOC_NAMES);
    const who = pick(rnd, SENDER_NAMES);
    const link = `https://${domain}/${pick(rnd, ["s", "d", "view", "envelope"])}/${blob(`${i}:doc`, 12, "abcdefghijklmnopqrstuvwxyz0123456789")}`;
    const qr = rnd() < 0.35;
    const id = `doc-share-${String(i + 1).padStart(2, "0")}`;
    const attachments: Attachment[] = qr
      ? [
          {
            filename: "qrcode.png",
            type: "image/png",
            content: qrLikePng(`${i}:qr`, 29, 5),
            cid: `qr${i}@${domain}`,
          },
        ]
      : [];
    const hidden = rnd() < 0.3;
    const html = qr
      ? `<html><body style="font-family:Arial"><table width="520" align="center"><tr><td style="background:${b.color};color:#fff;padding:20px;text-align:center"><b>${esc(b.brand)}</b><br>${esc(who)} ${esc(b.verb)}</td></tr><tr><td style="text-align:center;padding:20px"><p>Scan the QR code with your phone camera to open <b>${esc(doc)}</b>.</p><img src="cid:qr${i}@${domain}" alt="" width="185" height="185"><p style="font-size:11px;color:#777">For your security, this document can only be opened on a mobile device.</p>${hidden ? hiddenFiller(rnd) : ""}</td></tr></table></body></html>`
      : `<html><body style="margin:0;background:#f4f4f4;font-family:Helvetica,Arial,sans-serif"><table width="600" align="center" style="background:#fff"><tr><td style="background:${b.color};color:#fff;padding:28px;text-align:center"><p style="font-size:16px">${esc(who)} ${esc(b.verb)}</p><a href="${link}" style="background:#ffc820;color:#000;padding:12px 26px;text-decoration:none;font-weight:bold">${esc(b.button)}</a></td></tr><tr><td style="padding:22px"><p><b>${esc(doc)}</b></p><p>Please review at your earliest convenience. This link expires in ${int(rnd, 24, 72)} hours.</p>${hidden ? hiddenFiller(rnd) : ""}<p style="font-size:11px;color:#666">Do not share this email. Powered by ${esc(b.brand)}.</p></td></tr></table></body></html>`;
    const auth = rnd() < 0.5 ? ownAuth(rnd, domain) : hackedAuth(rnd);
    return {
      spec: {
        org: `x-${domain
          .replace(/\.[a-z]+$/, "")
          .replace(/[^a-z0-9]+/gi, "-")
          .toLowerCase()}`,
        name: id,
        persona,
        from: `${who} via ${b.brand} <${pick(rnd, ["dse", "no-reply", "share", "notify"])}@${domain}>`,
        replyTo:
          rnd() < 0.3
            ? `${who.toLowerCase().replace(/[^a-z]+/g, ".")}${int(rnd, 10, 99)}@gmail.com`
            : undefined,
        subject: pick(rnd, [
          `${who} shared "${doc}" with you`,
          `Please DocuSign: ${doc}`,
          `${doc} - action required`,
          `Document ready for signature: ${doc}`,
        ]),
        date: when(rnd, ["-05:00", "+00:00", "+01:00"]),
        html,
        text: !qr && rnd() < 0.5 ? `${who} ${b.verb}.\n\n${doc}\n\n${b.button}: ${link}\n` : undefined,
        attachments,
        headers: rnd() < 0.3 ? [["Auto-Submitted", "auto-generated"]] : [],
        auth,
      },
      label: {
        verdict: "spam",
        threat: "phishing",
        bucket: "low_priority",
        speech_act: "deliver",
        category: "notification",
        urgent: false,
        lang: "en",
        how: "generated",
        template: "gen-doc-share",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_UPDATES"],
        reason: `fake ${b.brand} share of "${doc}" from ${domain}${qr ? "; the link hides in a QR-code image so no URL is in the text" : "; the button leads to a login clone"}${hidden ? "; CSS-hidden filler text" : ""}`,
      },
    };
  },
};

const TOKENS = ["$NOVA", "$ZETA", "$KAI", "$ORBIT", "$PEPEZ", "$LUMA", "$BONKX", "$AIDOGE"];
const cryptoPump: Template = {
  id: "gen-crypto-pump",
  count: 15,
  make(rnd, i) {
    const token = pick(rnd, TOKENS);
    const domain = pick(rnd, [
      "whale-alpha-calls.xyz",
      "cryptogems-daily.io",
      "moonpicks.club",
      "defi-insider-alerts.com",
      "altcoin-radar.net",
    ]);
    const gain = int(rnd, 3, 60) * 100;
    const lang = pick(rnd, ["en", "en", "en", "de", "es", "pt"] as const);
    const persona = personaFor(rnd, lang);
    const t = {
      en: {
        s: `${token} presale closes in ${int(rnd, 2, 12)}h - last call did +${gain}%`,
        b: `Our last call returned +${gain}% in ${int(rnd, 2, 9)} days. ${token} is next: exchange listing confirmed, only ${int(rnd, 4, 15)}% of the presale left.\n\nThe VIP group gets the contract address first.`,
        c: "Join the VIP group",
      },
      de: {
        s: `${token}: Vorverkauf endet in ${int(rnd, 2, 12)} Std. (+${gain}% beim letzten Signal)`,
        b: `Unser letztes Signal brachte +${gain}% in wenigen Tagen. ${token} ist das nächste: Börsen-Listing bestätigt, nur noch wenige Plätze im Vorverkauf.\n\nDie VIP-Gruppe erhält die Vertragsadresse zuerst.`,
        c: "VIP-Gruppe beitreten",
      },
      es: {
        s: `Preventa de ${token}: quedan ${int(rnd, 2, 12)} horas (+${gain}% la última señal)`,
        b: `Nuestra última señal dio +${gain}% en pocos días. ${token} es la siguiente: listado confirmado en exchange y quedan pocas plazas.\n\nEl grupo VIP recibe la dirección del contrato primero.`,
        c: "Unirme al grupo VIP",
      },
      pt: {
        s: `Pré-venda ${token} termina em ${int(rnd, 2, 12)}h (+${gain}% no último sinal)`,
        b: `O nosso último sinal rendeu +${gain}% em poucos dias. ${token} é o próximo: listagem confirmada e poucas vagas na pré-venda.\n\nO grupo VIP recebe o endereço do contrato primeiro.`,
        c: "Entrar no grupo VIP",
      },
    }[lang];
    const link = `https://t.me/+${blob(`${i}:tg`, 16, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")}`;
    const html = `<html><body style="background:#0b0e11;color:#eaecef;font-family:Inter,Arial"><div style="max-width:560px;margin:auto;padding:20px"><h1 style="color:#f0b90b">${esc(token)} 🚀</h1>${para(t.b)}<p><a href="${link}" style="background:#f0b90b;color:#000;padding:12px 24px;text-decoration:none;font-weight:bold">${esc(t.c)}</a></p>${rnd() < 0.3 ? hiddenFiller(rnd) : ""}<p style="font-size:10px;color:#5e6673">Not financial advice.</p></div></body></html>`;
    return {
      spec: {
        org: `x-${domain.replace(/\.[a-z]+$/, "").replace(/[^a-z0-9]+/gi, "-")}`,
        name: `pump-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${pick(rnd, ["Crypto Whale Signals", "Alpha Calls", "Gem Hunter", "DeFi Insider"])} <${pick(rnd, ["alpha", "calls", "news", "vip"])}@${domain}>`,
        subject: t.s,
        date: when(rnd, ["+00:00", "-05:00"]),
        html,
        text: rnd() < 0.5 ? `${t.b}\n\n${t.c}: ${link}\n` : undefined,
        headers: [["List-Unsubscribe", `<https://${domain}/unsubscribe>`]],
        auth: ownAuth(rnd, domain),
      },
      label: {
        verdict: "spam",
        threat: "spam",
        bucket: "low_priority",
        speech_act: "propose",
        category: "promotion",
        urgent: false,
        lang,
        how: "generated",
        template: "gen-crypto-pump",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_PROMOTIONS"],
        reason: `crypto pump spam for ${token}: invented past gains, a countdown and a Telegram group; unsolicited bulk`,
      },
    };
  },
};

const coldOutreach: Template = {
  id: "gen-cold-outreach",
  count: 15,
  make(rnd, i) {
    const persona = personaFor(rnd, "en");
    const offer = pick(rnd, [
      {
        what: "guest posts with do-follow backlinks on DA 50+ tech blogs",
        price: "$90 per post",
        kind: "SEO link-building",
      },
      {
        what: "a free SEO audit: your site has 37 broken links and slow Core Web Vitals",
        price: "plans from $199/month",
        kind: "SEO agency",
      },
      {
        what: "a dedicated offshore team of React and Node developers",
        price: "from $18/hour",
        kind: "outsourcing",
      },
      {
        what: "verified B2B contact lists of CTOs and VPs of Engineering",
        price: "$0.20 per contact",
        kind: "lead-list",
      },
      {
        what: "500 qualified sales meetings booked by our SDR team",
        price: "pay per meeting",
        kind: "lead-gen",
      },
      { what: "a custom mobile app built in 6 weeks", price: "from $4,999", kind: "app-development" },
      {
        what: "Google reviews and Trustpilot ratings for your business",
        price: "packages from $49",
        kind: "fake-review",
      },
    ]);
    const sender = pick(rnd, ["Emily", "Jack", "Sofia", "Arjun", "Nina", "Daniel", "Chloe", "Ravi"]);
    const domain = pick(rnd, [
      "growthlane-digital.com",
      "seoprime-agency.net",
      "devhire-partners.com",
      "b2bdata-leads.io",
      "rankrocket.co",
      "appforge-studio.com",
      "reviewboost-pro.com",
    ]);
    const opener = pick(rnd, [
      "I hope this email finds you well.",
      "I came across your website and was impressed by your work.",
      "I was browsing your LinkedIn profile and thought this could be relevant.",
      "Hope you're having a great week!",
      "I'll keep this short.",
    ]);
    const close = pick(rnd, [
      "Would you be open to a quick call this week?",
      "Can I send you more details?",
      "Interested? Just reply YES.",
      "Shall I share some samples?",
    ]);
    const follow = rnd() < 0.3;
    const body = `Hi ${rnd() < 0.7 ? firstName(persona) : "there"},\n\n${opener} We offer ${offer.what}, ${offer.price}.\n\n${close}\n\nBest regards,\n${sender}\n${pick(rnd, ["Business Development", "Growth Manager", "Partnerships", "Client Success"])}${follow ? `\n\nP.S. Following up on my previous email in case it got lost.` : ""}\n\nIf you'd rather not hear from me, reply "unsubscribe".\n`;
    return {
      spec: {
        org: `x-${domain.replace(/\.[a-z]+$/, "").replace(/[^a-z0-9]+/gi, "-")}`,
        name: `cold-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${sender} <${sender.toLowerCase()}@${domain}>`,
        subject: `${follow ? "Re: " : ""}${pick(rnd, ["Quick question", "Partnership opportunity", `${firstName(persona)}, quick idea`, "Collaboration", "Growing your business", "Following up"])}`,
        date: when(rnd, ["-05:00", "+05:30", "+00:00", "+01:00"]),
        text: body,
        auth:
          rnd() < 0.5
            ? ownAuth(rnd, domain)
            : {
                ...ownAuth(rnd, domain),
                ip: `209.85.${int(rnd, 128, 222)}.${int(rnd, 1, 250)}`,
                helo: `mail-${pick(rnd, ["wr1", "pl1", "qk1", "yb1"])}-f${int(rnd, 10, 99)}.google.com`,
                dkim: { domain, selector: "google", result: "pass" },
              },
      },
      label: {
        verdict: "spam",
        threat: "spam",
        bucket: "low_priority",
        speech_act: "propose",
        category: "promotion",
        urgent: false,
        lang: "en",
        how: "generated",
        template: "gen-cold-outreach",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_PERSONAL"],
        reason: `${offer.kind} cold spam: a sales-sequence template sent in bulk to scraped addresses${follow ? ", with a fake follow-up" : ""}; unsolicited, nothing specific to the reader`,
      },
    };
  },
};

const ADVANCE = [
  {
    lang: "en",
    subj: "Compensation payment of USD {amt} approved in your favour",
    body: "Dear beneficiary,\n\nThe United Nations compensation committee has approved a payment of USD {amt} to you as one of the victims of internet fraud. Your payment will be released through an ATM card once you pay the delivery fee.\n\nReply with your full name, address and phone number to {reply}.",
  },
  {
    lang: "en",
    subj: "Donation of {amt} USD to you",
    body: "Hello,\n\nI am a philanthropist who won the Powerball jackpot. I have decided to donate {amt} USD to five random individuals and your email was selected.\n\nContact my secretary at {reply} to claim your donation.",
  },
  {
    lang: "en",
    subj: "Business proposal - strictly confidential",
    body: "Dear friend,\n\nI am a senior officer at a bank in Burkina Faso. A foreign customer died without a next of kin, leaving USD {amt} in a dormant account. I need a trustworthy foreign partner to receive the funds; you will keep 40%.\n\nReply to {reply} for details.",
  },
  {
    lang: "fr",
    subj: "Proposition de partenariat - USD {amt}",
    body: "Cher ami,\n\nJe suis directeur d'agence d'une banque à Abidjan. Un client étranger est décédé sans héritier, laissant USD {amt} sur un compte dormant. J'ai besoin d'un partenaire de confiance pour recevoir les fonds ; vous garderez 40 %.\n\nRépondez à {reply}.",
  },
  {
    lang: "es",
    subj: "Herencia sin reclamar de {amt} USD",
    body: "Estimado señor/señora:\n\nSoy abogado de un cliente fallecido que comparte su apellido. Dejó {amt} USD en un banco y necesito presentar a un familiar para reclamarlos. Repartiremos la suma a partes iguales.\n\nEscriba a {reply} con su nombre completo y teléfono.",
  },
  {
    lang: "pt",
    subj: "Doação de {amt} USD para você",
    body: "Olá,\n\nSou uma viúva com doença terminal e decidi doar {amt} USD para obras de caridade através de uma pessoa de confiança. O seu e-mail foi escolhido.\n\nResponda para {reply} com os seus dados.",
  },
  {
    lang: "de",
    subj: "Spende in Höhe von {amt} USD",
    body: "Hallo,\n\nich bin eine schwerkranke Witwe und möchte mein Vermögen von {amt} USD über eine vertrauenswürdige Person an wohltätige Zwecke spenden. Ihre E-Mail-Adresse wurde ausgewählt.\n\nAntworten Sie an {reply} mit Ihren Daten.",
  },
];
const FREE_MAIL: Record<string, [string, string, string, Auth["policy"]]> = {
  "gmail.com": ["209.85.220.", "mail-sor-f{n}.google.com", "20230601", "NONE"],
  "outlook.com": ["40.92.", "EUR0{n}-obe.outbound.protection.outlook.com", "selector1", "NONE"],
  "yahoo.com": ["66.163.", "sonic3{n}.consmr.mail.ne1.yahoo.com", "s2048", "REJECT"],
  "mail.ru": ["94.100.", "smtp{n}.i.mail.ru", "mail4", "REJECT"],
  "yandex.com": ["77.88.", "forward{n}b.mail.yandex.net", "mail", "NONE"],
};
/** A free-mail account: everything passes for the provider. */
function freeMailAuth(rnd: Rnd, address: string): Auth {
  const domain = address.split("@")[1]!;
  const [net, helo, selector, policy] = FREE_MAIL[domain]!;
  const n = String(int(rnd, 10, 99));
  const host = net.split(".").length === 4 ? `${net}${n}` : `${net}${int(rnd, 1, 250)}.${n}`;
  return {
    ip: host,
    helo: helo.replace("{n}", n),
    mailFrom: address,
    spf: "pass",
    dkim: { domain, selector, result: "pass" },
    dmarc: "pass",
    policy,
  };
}

const advanceFee: Template = {
  id: "gen-advance-fee",
  count: 15,
  make(rnd, i) {
    const a = pick(rnd, ADVANCE);
    const persona = personaFor(rnd, a.lang);
    const amt = `${int(rnd, 2, 19)},${int(rnd, 100, 999)},000.00`;
    const sender = pick(rnd, [
      "mrs.grace.williams",
      "dr.ahmed.musa",
      "barr.james.cole",
      "mrs.helen.carter",
      "mr.kofi.mensah",
      "sgt.lisa.brown",
    ]);
    const from = `${sender}${int(rnd, 1, 99)}@${pick(rnd, ["gmail.com", "outlook.com", "yahoo.com", "mail.ru", "yandex.com"])}`;
    const reply = `${sender.replace(/\./g, "")}${int(rnd, 100, 999)}@${pick(rnd, ["gmail.com", "outlook.com", "proton.me"])}`;
    const body = a.body.replace(/\{amt\}/g, amt).replace(/\{reply\}/g, reply);
    const fd = from.split("@")[1]!;
    const undisclosed = rnd() < 0.4;
    return {
      spec: {
        org: `x-advance-fee-${fd.replace(/\.[a-z]+$/, "")}-${sender.split(".").pop()}`,
        name: `advance-fee-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${sender
          .split(".")
          .map((w) => w[0]!.toUpperCase() + w.slice(1))
          .join(" ")} <${from}>`,
        to: undisclosed ? "undisclosed-recipients:;" : undefined,
        replyTo: reply,
        subject: a.subj.replace(/\{amt\}/g, amt),
        date: when(rnd, ["+01:00", "+00:00", "+03:00"]),
        text: `${body}\n`,
        auth: freeMailAuth(rnd, from),
      },
      label: {
        verdict: "spam",
        threat: "scam",
        bucket: "low_priority",
        speech_act: "request",
        category: "primary",
        urgent: false,
        lang: a.lang,
        how: "generated",
        template: "gen-advance-fee",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_PERSONAL"],
        reason: `advance-fee fraud: a free-mail stranger promises USD ${amt} and asks for personal details to a different Reply-To${undisclosed ? "; sent to undisclosed recipients" : ""}`,
      },
    };
  },
};

const SEXTORTION = [
  {
    lang: "en",
    subj: [
      "I have a video of you",
      "Your account was hacked - read this",
      "Security notice for {email}",
      "Last warning, {name}",
    ],
    body: "Hello,\n\nI hacked your device a few months ago through a malicious link and have been watching you since. I recorded a video of you visiting adult websites, next to the screen content.\n\nSend {amt} in Bitcoin to {wallet} within {hours} hours and I will delete everything. Otherwise the video goes to all your contacts.\n\nDo not try to reply or contact the police, I will know.",
  },
  {
    lang: "de",
    subj: ["Ich habe ein Video von dir", "Letzte Warnung, {name}", "Dein Konto wurde gehackt"],
    body: "Hallo,\n\nich habe vor einigen Monaten Zugriff auf dein Gerät bekommen und ein Video von dir aufgenommen, während du Seiten für Erwachsene besucht hast.\n\nÜberweise {amt} in Bitcoin an {wallet} innerhalb von {hours} Stunden, dann lösche ich alles. Sonst geht das Video an alle deine Kontakte.",
  },
  {
    lang: "fr",
    subj: ["J'ai une vidéo de vous", "Dernier avertissement, {name}"],
    body: "Bonjour,\n\nJ'ai piraté votre appareil il y a quelques mois et je vous ai filmé pendant que vous visitiez des sites pour adultes.\n\nEnvoyez {amt} en Bitcoin à {wallet} dans les {hours} heures et je supprimerai tout. Sinon, la vidéo sera envoyée à tous vos contacts.",
  },
  {
    lang: "es",
    subj: ["Tengo un vídeo tuyo", "Último aviso, {name}"],
    body: "Hola:\n\nHackeé tu dispositivo hace unos meses y te grabé mientras visitabas sitios para adultos.\n\nEnvía {amt} en Bitcoin a {wallet} en las próximas {hours} horas y lo borraré todo. Si no, el vídeo irá a todos tus contactos.",
  },
];
const sextortion: Template = {
  id: "gen-sextortion",
  count: 12,
  make(rnd, i) {
    const s = pick(rnd, SEXTORTION);
    const persona = personaFor(rnd, s.lang);
    const r = readers[persona];
    const wallet = `bc1q${blob(`${i}:w`, 38, "023456789acdefghjklmnpqrstuvwxyz")}`;
    const fill = (t: string) =>
      t
        .replace(/\{email\}/g, r.address)
        .replace(/\{name\}/g, firstName(persona))
        .replace(/\{amt\}/g, `${int(rnd, 9, 29) * 100} USD`)
        .replace(/\{wallet\}/g, wallet)
        .replace(/\{hours\}/g, String(pick(rnd, [24, 48, 50, 72])));
    const self = rnd() < 0.5;
    const auth = hackedAuth(rnd, { dmarc: "none" });
    return {
      spec: {
        org: "x-sextortion-btc-0311",
        name: `sextortion-${String(i + 1).padStart(2, "0")}`,
        persona,
        // "from your own address": the reader's address as display name over a hacked host's mailbox
        from: `${self ? `"${r.address}" ` : ""}<${pick(rnd, ["support", "admin", "info", "noreply"])}${int(rnd, 1, 999)}@${auth.mailFrom.split("@")[1]}>`,
        subject: fill(pick(rnd, s.subj)),
        date: when(rnd, ["+03:00", "+07:00", "+01:00"]),
        text: `${fill(s.body)}\n`,
        auth,
      },
      label: {
        verdict: "spam",
        threat: "scam",
        bucket: "low_priority",
        speech_act: "request",
        category: "primary",
        urgent: false,
        lang: s.lang,
        how: "generated",
        template: "gen-sextortion",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_PERSONAL"],
        reason: `sextortion: invented hack and video, Bitcoin demand with a deadline${self ? "; the reader's own address shown as display name over a hacked website's mailbox, to 'prove' the hack" : "; sent through a compromised website's host"}`,
      },
    };
  },
};

const TASK_JOBS = [
  {
    lang: "en",
    subj: "Remote position: {role} ({pay} USD a day)",
    body: "Hello,\n\nWe reviewed your profile and would like to offer you a flexible remote role as {role}. It takes 60-90 minutes a day, no experience needed, and pays {pay} USD per day.\n\nTo learn more, message our HR assistant on WhatsApp: +{phone}",
  },
  {
    lang: "es",
    subj: "Empleo desde casa: {role} ({pay} USD/día)",
    body: "Hola:\n\nHemos revisado su perfil y le ofrecemos un puesto flexible desde casa como {role}. Solo 60-90 minutos al día, sin experiencia, con un pago de {pay} USD diarios.\n\nEscriba a nuestra asistente por WhatsApp: +{phone}",
  },
  {
    lang: "pt",
    subj: "Vaga remota: {role} (R$ {pay}/dia)",
    body: "Olá,\n\nAnalisamos o seu perfil e queremos oferecer uma vaga flexível em casa como {role}. Apenas 60 a 90 minutos por dia, sem experiência, com pagamento de R$ {pay} por dia.\n\nFale com a nossa assistente no WhatsApp: +{phone}",
  },
  {
    lang: "de",
    subj: "Nebenjob im Homeoffice: {role} ({pay} €/Tag)",
    body: "Hallo,\n\nwir haben Ihr Profil gesehen und bieten Ihnen eine flexible Tätigkeit als {role} im Homeoffice an. 60-90 Minuten täglich, keine Erfahrung nötig, Vergütung {pay} € pro Tag.\n\nSchreiben Sie unserer Assistentin per WhatsApp: +{phone}",
  },
  {
    lang: "ja",
    subj: "【在宅ワーク】{role}募集（日給{pay}円）",
    body: "こんにちは。\n\nプロフィールを拝見し、在宅でできる{role}のお仕事をご案内しております。1日60〜90分、未経験可、日給{pay}円です。\n\n詳しくはLINEでお問い合わせください：ID {phone}",
  },
];
const taskScam: Template = {
  id: "gen-task-scam",
  count: 14,
  make(rnd, i) {
    const j = pick(rnd, TASK_JOBS);
    const persona = personaFor(rnd, j.lang);
    const role =
      j.lang === "ja"
        ? pick(rnd, ["商品レビュー", "アプリ評価", "データ入力"])
        : pick(rnd, [
            "Product Optimizer",
            "App Rating Assistant",
            "Data Annotator",
            "Hotel Review Specialist",
            "Order Boosting Agent",
          ]);
    const pay = j.lang === "ja" ? String(int(rnd, 15, 40) * 1000) : String(int(rnd, 20, 60) * 10);
    const phone = `${pick(rnd, ["44", "1", "62", "84", "234"])}${int(rnd, 700000000, 799999999)}`;
    const fill = (t: string) =>
      t
        .replace(/\{role\}/g, role)
        .replace(/\{pay\}/g, pay)
        .replace(/\{phone\}/g, phone);
    const from = `${pick(rnd, ["hr.talent", "careers.team", "recruit.office", "jobs.hiring"])}${int(rnd, 10, 999)}@${pick(rnd, ["gmail.com", "outlook.com", "yahoo.com"])}`;
    return {
      spec: {
        org: `x-task-scam-${pick(rnd, ["whatsapp-hr", "remote-rating", "ecom-boost"])}`,
        name: `task-job-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${pick(rnd, ["Talent Acquisition", "HR Department", "Recruitment Team", "Global Staffing"])} <${from}>`,
        subject: fill(j.subj),
        date: when(rnd, ["+08:00", "+00:00", "-05:00", "+09:00"]),
        text: `${fill(j.body)}\n`,
        encoding: j.lang === "ja" ? "base64" : undefined,
        auth: freeMailAuth(rnd, from),
      },
      label: {
        verdict: "spam",
        threat: "scam",
        bucket: "low_priority",
        speech_act: "propose",
        category: "primary",
        urgent: false,
        lang: j.lang,
        how: "generated",
        template: "gen-task-scam",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_PERSONAL"],
        reason:
          "task-scam job offer: unsolicited high daily pay for 'rating' work, free-mail recruiter moving the chat to WhatsApp or LINE; leads to deposit fraud",
      },
    };
  },
};

const CALLBACK = [
  { brand: "PayPal", product: "Bitcoin purchase", amt: ["$599.99", "$749.00", "$849.99"] },
  { brand: "Norton 360", product: "3-year renewal", amt: ["$399.99", "$459.95"] },
  { brand: "McAfee Total Protection", product: "auto-renewal (5 devices)", amt: ["$349.99", "$489.00"] },
  { brand: "Geek Squad", product: "Total Tech Support renewal", amt: ["$499.99", "$389.00"] },
  { brand: "Amazon Prime", product: "annual membership upgrade", amt: ["$289.99", "$319.00"] },
];
const callbackInvoice: Template = {
  id: "gen-callback-invoice",
  count: 15,
  make(rnd, i) {
    const c = pick(rnd, CALLBACK);
    const persona = personaFor(rnd, "en");
    const amt = pick(rnd, c.amt);
    const phone = `+1 (${pick(rnd, ["808", "844", "855", "877", "888"])}) ${int(rnd, 200, 999)}-${int(rnd, 1000, 9999)}`;
    const inv = `${pick(rnd, ["INV", "TXN", "ORD"])}-${int(rnd, 100000, 999999)}`;
    const from = `${pick(rnd, ["billing.support", "invoice.dept", "orders.desk", "renewal.team"])}${int(rnd, 1, 99)}@${pick(rnd, ["gmail.com", "outlook.com"])}`;
    const asPdf = rnd() < 0.4;
    const table = `<table border="1" cellpadding="6" cellspacing="0" width="100%"><tr><td>Invoice</td><td>${inv}</td></tr><tr><td>Product</td><td>${esc(c.brand)} ${esc(c.product)}</td></tr><tr><td>Amount</td><td><b>${amt}</b></td></tr><tr><td>Payment</td><td>Auto-debit</td></tr></table>`;
    const note = `If you did not authorise this charge, call ${phone} within 24 hours to cancel and get a refund.`;
    const phoneText = rnd() < 0.4 ? phone.replace(/\d/g, (d) => `${d}${rnd() < 0.5 ? "\u200b" : ""}`) : phone;
    return {
      spec: {
        org: "x-callback-billing-scam",
        name: `callback-${String(i + 1).padStart(2, "0")}`,
        persona,
        from: `${c.brand} Billing <${from}>`,
        to:
          rnd() < 0.4
            ? `${pick(rnd, ["customer", "support", "order"])}${int(rnd, 10, 99)}@${pick(rnd, ["gmail.com", "outlook.com"])}`
            : undefined,
        subject: `${pick(rnd, ["Your order confirmation", "Payment processed", "Renewal successful", "Invoice"])} ${inv}`,
        date: when(rnd, ["-05:00", "-06:00", "-08:00"]),
        html: asPdf
          ? `<p>Dear customer, please find your invoice attached.</p><p>${esc(note)}</p>`
          : `<html><body style="font-family:Arial"><p>Dear customer,</p><p>Thank you for your purchase. Your ${esc(c.brand)} ${esc(c.product)} has been processed.</p>${table}<p>${esc(note).replace(phone, phoneText)}</p></body></html>`,
        attachments: asPdf
          ? [
              {
                filename: `${inv}.pdf`,
                type: "application/pdf",
                content: simplePdf([`${c.brand} - INVOICE ${inv}`, `${c.product}: ${amt}`, note]),
              },
            ]
          : [],
        auth: freeMailAuth(rnd, from),
      },
      label: {
        verdict: "spam",
        threat: "scam",
        bucket: "low_priority",
        speech_act: "deliver",
        category: "receipt",
        urgent: false,
        lang: "en",
        how: "generated",
        template: "gen-callback-invoice",
        gmail_labels: ["INBOX", "UNREAD", "CATEGORY_UPDATES"],
        reason: `callback scam: fake ${c.brand} charge of ${amt} from a free-mail address; the 'refund' phone number leads to remote-access fraud${asPdf ? "; the number sits in a PDF so the body has little text" : ""}`,
      },
    };
  },
};

export const templates: Template[] = [
  parcelFee,
  accountPhish,
  docShare,
  cryptoPump,
  coldOutreach,
  advanceFee,
  sextortion,
  taskScam,
  callbackInvoice,
];

function main(): void {
  const labels: Label[] = [];
  for (const t of templates) {
    // 2 % of a 1,000-message corpus is 20; 15 leaves room whatever the final size (the legitimate half caps at 15 too)
    if (t.count > 15) throw new Error(`${t.id}: ${t.count} messages is more than one template may add`);
    for (let i = 0; i < t.count; i++) {
      const entry = t.make(seeded(`${t.id}#${i}`), i);
      labels.push(writeEntry(entry));
    }
  }
  writeLabels("generated", labels);
  console.log(`generated ${labels.length} messages from ${templates.length} templates`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
