/** Renders a Spec into RFC 5322 text with the headers a receiving server and the sender's software add. */
import type { Charset } from "./charsets.ts";
import { bulkHtml, personHtml, toText, wrapPersonHtml } from "./markup.ts";
import {
  b64of,
  b64raw,
  base64Lines,
  encodeAddress,
  encodeWords,
  fold,
  hash,
  multipart,
  num,
  type Part,
  textPart,
} from "./mime.ts";
import { type Persona, persona as personaById } from "./personas.ts";
import type { Attachment, Calendar, Spec } from "./spec.ts";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function offsetMinutes(tz: string): number {
  const sign = tz.startsWith("-") ? -1 : 1;
  return sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5)));
}

/** "MM-DD HH:MM" in zone tz to epoch milliseconds. */
export function epoch(d: string, tz: string): number {
  const m = d.match(/^(\d\d)-(\d\d) (\d\d):(\d\d)$/);
  if (!m) throw new Error(`date "${d}" is not "MM-DD HH:MM"`);
  const [, mo, da, h, mi] = m.map(Number) as number[];
  return Date.UTC(2026, mo! - 1, da, h, mi) - offsetMinutes(tz) * 60_000;
}

export function rfcDate(ms: number, tz: string): string {
  const local = new Date(ms + offsetMinutes(tz) * 60_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${DAYS[local.getUTCDay()]}, ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()} ${p(local.getUTCHours())}:${p(local.getUTCMinutes())}:${p(local.getUTCSeconds())} ${tz}`;
}

function icsTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const addrOf = (v: string) => (v.match(/<([^>]+)>/)?.[1] ?? v).trim();
const nameOf = (v: string) => v.match(/^\s*"?(.*?)"?\s*</)?.[1] ?? addrOf(v);
const domainOf = (addr: string) => addr.split("@")[1]!.toLowerCase();

function ip(seed: string, prefix: string): string {
  const h = hash(seed);
  const parts = prefix.split(".").filter(Boolean);
  while (parts.length < 4)
    parts.push(String((Number.parseInt(h.slice(parts.length * 2, parts.length * 2 + 2), 16) % 250) + 2));
  return parts.join(".");
}

interface Route {
  host: string;
  ip: string;
}

function outboundRoute(spec: Spec, fromDomain: string, seed: string): Route {
  if (spec.host) return { host: spec.host, ip: ip(spec.host, "") };
  if (spec.shape === "outlook")
    return {
      host: `mail-${["db8eur05", "am6eur05", "vi1eur04", "fr4p281"][num(seed, 4)]}on20${num(`${seed}o`, 90) + 10}.outbound.protection.outlook.com`,
      ip: ip(seed, "40.107"),
    };
  if (fromDomain === "icloud.com" || fromDomain === "me.com")
    return {
      host: `p00-icloudmta-asmtp-us-central-1k-${num(seed, 90) + 10}.icloud.com`,
      ip: ip(seed, "17.57"),
    };
  if (spec.kind === "person" || fromDomain === "gmail.com" || fromDomain.endsWith(".google.com"))
    return { host: `mail-sor-f${num(seed, 70) + 20}.google.com`, ip: ip(seed, "209.85.220") };
  return {
    host: `${["mail", "smtp-out", "mta", "o1"][num(seed, 4)]}-${num(`${seed}h`, 40) + 1}.${fromDomain}`,
    ip: ip(seed, ""),
  };
}

function authResults(
  spec: Spec,
  p: Persona,
  from: string,
  mailFrom: string,
  route: Route,
  seed: string,
): string {
  const fromDomain = domainOf(from);
  const d = spec.dkim ?? fromDomain;
  const authserv = p.mailbox === "gmail" ? "mx.google.com" : `mx${num(seed, 6) + 1}.messagingengine.com`;
  const b = b64of(`${seed}b`, 8);
  const spfDomain = domainOf(mailFrom);
  const auth = spec.auth ?? "pass";
  const policy = num(fromDomain, 3) === 0 ? "NONE" : num(fromDomain, 3) === 1 ? "QUARANTINE" : "REJECT";
  if (p.mailbox === "gmail") {
    const spf =
      auth === "softfail"
        ? `spf=softfail (google.com: domain of transitioning ${mailFrom} does not designate ${route.ip} as permitted sender) smtp.mailfrom=${mailFrom}`
        : `spf=pass (google.com: domain of ${mailFrom} designates ${route.ip} as permitted sender) smtp.mailfrom=${mailFrom}`;
    const dkim =
      auth === "list"
        ? `dkim=pass header.i=@${spfDomain} header.s=${spec.list ? "mm1" : "s1"} header.b=${b}; dkim=neutral (body hash did not verify) header.i=@${fromDomain} header.s=s${num(seed, 9)} header.b=${b64of(`${seed}c`, 8)}`
        : `dkim=pass header.i=@${d} header.s=${selector(d)} header.b=${b}`;
    const dmarc =
      auth === "nodmarc"
        ? `dmarc=none (p=NONE sp=NONE dis=NONE) header.from=${fromDomain}`
        : auth === "list"
          ? `dmarc=pass (p=NONE sp=NONE dis=NONE) arc=pass (i=1 spf=pass spfdomain=${spfDomain}) header.from=${fromDomain}`
          : `dmarc=pass (p=${policy} sp=${policy} dis=NONE) header.from=${fromDomain}`;
    return `${authserv}; ${dkim}; ${spf}; ${dmarc}`;
  }
  const dkim =
    auth === "list"
      ? `dkim=pass (2048-bit rsa key sha256) header.d=${spfDomain} header.i=@${spfDomain} header.b=${b} header.a=rsa-sha256 header.s=mm1 x-bits=2048; dkim=fail (body has been altered) header.d=${fromDomain}`
      : `dkim=pass (2048-bit rsa key sha256) header.d=${d} header.i=@${d} header.b=${b} header.a=rsa-sha256 header.s=${selector(d)} x-bits=2048`;
  const dmarc =
    auth === "nodmarc"
      ? `dmarc=none policy.published-domain-policy=none header.from=${fromDomain}`
      : `dmarc=pass policy.published-domain-policy=${policy.toLowerCase()} policy.applied-disposition=none policy.evaluated-disposition=none header.from=${fromDomain}`;
  const spf = `spf=${auth === "softfail" ? "softfail" : "pass"} smtp.mailfrom=${mailFrom} smtp.helo=${route.host}`;
  return `${authserv}; ${dkim}; ${dmarc}; iprev=pass smtp.remote-ip=${route.ip} (${route.host}); ${spf}; x-aligned-from=${auth === "pass" ? "pass (Address match)" : "domain_mismatch"}; x-me-sender=none`;
}

function selector(domain: string): string {
  return ["s1", "google", "selector1", "k1", "pf2023", "dkim", "mte1", "scph0925", "20230601"][
    num(domain, 9)
  ]!;
}

function messageId(spec: Spec, from: string, seed: string): string {
  const h = hash(seed, "mid");
  const dom = domainOf(from);
  switch (spec.shape) {
    case "gmail":
      return `<CA${b64of(`${seed}g1`, 4)}+${b64of(`${seed}g2`, 30)}@mail.gmail.com>`;
    case "outlook": {
      const box = `${["DB9PR06", "AM9PR04", "PAXPR08", "FR3P281"][num(seed, 4)]}MB${num(`${seed}b`, 9000) + 1000}`;
      return `<${box}${h.slice(0, 12).toUpperCase()}${h.slice(12, 16).toUpperCase()}@${box}.eurprd0${num(seed, 8) + 1}.prod.outlook.com>`;
    }
    case "apple":
    case "mobile":
      return `<${h.slice(0, 8).toUpperCase()}-${h.slice(8, 12).toUpperCase()}-${h.slice(12, 16).toUpperCase()}-${h.slice(16, 20).toUpperCase()}-${h.slice(20, 32).toUpperCase()}@${dom}>`;
    default:
      return spec.kind === "bulk"
        ? `<${h.slice(0, 20)}.${num(seed, 99999)}@${spec.dkim ?? `mail.${dom}`}>`
        : `<${h.slice(0, 16)}-${h.slice(16, 24)}@${dom}>`;
  }
}

function calendarText(c: Calendar, spec: Spec, p: Persona, seed: string, stampMs: number): string {
  const start = epoch(c.start, p.tz);
  const organizer = addrOf(spec.from);
  const uid = c.uid ?? `${hash(seed, "uid").slice(0, 26)}@google.com`;
  const attendees = [p.address, ...(c.who ?? [])]
    .map(
      (a) =>
        `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${a === organizer ? "ACCEPTED" : "NEEDS-ACTION"};RSVP=TRUE;CN=${a};X-NUM-GUESTS=0:mailto:${a}`,
    )
    .join("\n");
  const prod =
    c.style === "outlook" ? "Microsoft Exchange Server 2010" : "-//Google Inc//Google Calendar 70.9054//EN";
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${prod}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${c.method}`,
    "BEGIN:VEVENT",
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(start + c.mins * 60_000)}`,
    `DTSTAMP:${icsTime(stampMs)}`,
    `ORGANIZER;CN=${nameOf(spec.from)}:mailto:${organizer}`,
    `UID:${uid}`,
    attendees,
    `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=${nameOf(spec.from)};X-NUM-GUESTS=0:mailto:${organizer}`,
    `CREATED:${icsTime(stampMs - 86_400_000)}`,
    `DESCRIPTION:${toText(spec.b, "angle")
      .replace(/\\/g, "\\\\")
      .replace(/[,;]/g, (m) => `\\${m}`)
      .replace(/\n/g, "\\n")}`,
    `LAST-MODIFIED:${icsTime(stampMs)}`,
    `LOCATION:${(c.loc ?? "").replace(/[,;]/g, (m) => `\\${m}`)}`,
    `SEQUENCE:${c.seq ?? 0}`,
    `STATUS:${c.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${c.summary.replace(/[,;]/g, (m) => `\\${m}`)}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  // RFC 5545 folds content lines at 75 octets
  return lines
    .join("\n")
    .split("\n")
    .map((l) => {
      const chunks: string[] = [];
      let rest = l;
      while (Buffer.byteLength(rest) > 75) {
        let cut = 74;
        while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
        chunks.push(rest.slice(0, cut));
        rest = ` ${rest.slice(cut)}`;
      }
      chunks.push(rest);
      return chunks.join("\n");
    })
    .join("\n");
}

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function attachmentPart(a: Attachment, seed: string): Part {
  const ext = a.name.split(".").pop()!.toLowerCase();
  const type =
    {
      pdf: "application/pdf",
      png: "image/png",
      jpg: "image/jpeg",
      txt: "text/plain",
      csv: "text/csv",
      ics: "application/ics",
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }[ext] ?? "application/octet-stream";
  let data: Uint8Array;
  if (ext === "pdf") data = tinyPdf(a.text ?? a.name);
  else if (ext === "png" || ext === "jpg") data = Buffer.from(PNG, "base64");
  else data = new TextEncoder().encode(a.text ?? "");
  const disposition = a.inline ? "inline" : "attachment";
  const headers: [string, string][] = [
    ["Content-Type", `${type}; name="${a.name}"`],
    ["Content-Disposition", `${disposition}; filename="${a.name}"; size=${data.length}`],
    ["Content-Transfer-Encoding", "base64"],
  ];
  if (a.inline) headers.push(["Content-ID", `<${hash(seed, a.name).slice(0, 12)}@inline>`]);
  return { headers, body: base64Lines(data) };
}

function tinyPdf(text: string): Uint8Array {
  const lines = text.split("\n").slice(0, 30);
  const esc = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`).replace(/[^\x20-\x7e]/g, "?");
  const stream = `BT /F1 10 Tf 50 780 Td 14 TL ${lines.map((l) => `(${esc(l)}) '`).join(" ")} ET`;
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
  return new TextEncoder().encode(out);
}

function quoteBlock(spec: Spec, p: Persona): { text: string; html: string } {
  if (!spec.q) return { text: "", html: "" };
  const q = spec.q;
  const when = epoch(q.d, p.tz);
  const date = rfcDate(when, p.tz);
  const quoted = toText(q.b)
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");
  const qHtml = personHtml(q.b, spec.shape === "outlook" ? "outlook" : "gmail");
  if (spec.shape === "outlook") {
    const head = `From: ${q.from}\nSent: ${date}\nTo: ${p.name} <${p.address}>\nSubject: ${spec.s.replace(/^(RE|AW|Re|Fwd|WG):\s*/i, "")}`;
    return {
      text: `\n\n${head}\n\n${toText(q.b)}`,
      html: `<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p class="MsoNormal"><b>From:</b> ${q.from.replace(/</g, "&lt;").replace(/>/g, "&gt;")}<br><b>Sent:</b> ${date}<br><b>Subject:</b> ${spec.s}</p></div>${qHtml}`,
    };
  }
  const attr =
    spec.shape === "apple" || spec.shape === "mobile"
      ? `On ${date.slice(5, 16)}, at ${date.slice(17, 22)}, ${q.from} wrote:`
      : `On ${date.slice(0, 16)} at ${date.slice(17, 22)}, ${q.from} wrote:`;
  return {
    text: `\n\n${attr}\n\n${quoted}`,
    html: `<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">${attr.replace(/</g, "&lt;").replace(/>/g, "&gt;")}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${qHtml}</blockquote></div>`,
  };
}

function brandColor(org: string): string {
  const colors = [
    "#0f766e",
    "#1d4ed8",
    "#b91c1c",
    "#7c3aed",
    "#c2410c",
    "#15803d",
    "#0e7490",
    "#be185d",
    "#111827",
    "#a16207",
  ];
  return colors[num(org, colors.length)]!;
}

const UNSUBSCRIBE: Record<string, string> = {
  en: "Unsubscribe",
  de: "Abmelden",
  fr: "Se désabonner",
  es: "Darse de baja",
  pt: "Cancelar subscrição",
  it: "Annulla iscrizione",
  ja: "配信停止",
  nl: "Afmelden",
  pl: "Wypisz się",
  sv: "Avregistrera",
};

/** Each sender org keeps one footer style, as one template would. */
function footerText(spec: Spec, layout: number, charset: Charset): string {
  const brand = nameOf(spec.from)
    .replace(/^.* (via|\(via) /, "")
    .replace(/\)$/, "");
  const domain = domainOf(addrOf(spec.from));
  const lang = spec.lang ?? "en";
  const unsub = spec.unsub ? `[${UNSUBSCRIBE[lang] ?? UNSUBSCRIBE.en}](${spec.unsub})` : "";
  if (layout === 1 && lang === "en")
    return `You are receiving this email because you have an account with ${brand}.${unsub ? ` ${unsub} or manage your preferences.` : ""}`;
  if (layout === 2)
    return `${charset === "utf-8" ? "©" : "Copyright (C)"} 2026 ${brand}${unsub ? `. ${unsub}` : ""}`;
  if (layout === 3) return unsub;
  return `${brand} | ${domain}${unsub ? ` | ${unsub}` : ""}`;
}

function bodyPart(spec: Spec, p: Persona, seed: string, stampMs: number): Part {
  const charset = (spec.charset ?? "utf-8") as Charset;
  const shape = spec.shape ?? (spec.kind === "person" ? "gmail" : spec.kind === "bulk" ? "html" : "alt");
  const quote = quoteBlock(spec, p);
  const fromAddr = addrOf(spec.from);
  const layout = num(spec.org, 4);
  const footer = spec.kind === "person" ? "" : footerText(spec, layout, charset);
  const plainLinks = spec.kind === "person" ? "paren" : "angle";
  const separator = ["\n\n--\n", "\n\n----------\n", "\n\n", "\n\n"][layout]!;
  const text = `${toText(spec.b, plainLinks)}${quote.text}${footer ? `${separator}${toText(footer, "angle")}` : ""}\n`;
  let main: Part;
  switch (shape) {
    case "plain":
    case "mobile":
      main = textPart("text/plain", text, charset, spec.cte);
      break;
    case "gmail":
    case "apple":
    case "outlook": {
      const html = wrapPersonHtml(personHtml(spec.b, shape) + quote.html, shape, spec.lang ?? "en");
      const cte = spec.cte ?? (shape === "gmail" ? undefined : "quoted-printable");
      const boundary =
        shape === "gmail"
          ? `000000000000${hash(seed, "bd").slice(0, 16)}`
          : shape === "apple"
            ? `Apple-Mail=_${hash(seed, "bd").slice(0, 8).toUpperCase()}-${hash(seed, "be").slice(0, 4).toUpperCase()}-4F2B-9C1D-${hash(seed, "bf").slice(0, 12).toUpperCase()}`
            : `_000_${hash(seed, "bd").slice(0, 24).toUpperCase()}_`;
      main = multipart("alternative", boundary, [
        textPart("text/plain", text, charset, cte),
        textPart("text/html", html, charset, cte),
      ]);
      break;
    }
    case "alt":
    case "html": {
      const fromDomain = domainOf(fromAddr);
      const html = bulkHtml(spec.b, {
        brand: nameOf(spec.from),
        color: brandColor(spec.org),
        domain: fromDomain,
        lang: spec.lang ?? "en",
        title: spec.s,
        footer: footer,
        layout,
        pre:
          spec.kind === "bulk" && layout < 2
            ? toText(spec.b, "drop")
                .split("\n")
                .find((l) => l.length > 30)
                ?.slice(0, 90)
            : undefined,
        pixel:
          spec.kind === "bulk" && layout !== 2
            ? `https://t.${fromDomain}/o/${hash(seed, "px").slice(0, 24)}.gif`
            : undefined,
      });
      const cte = spec.cte ?? (num(seed, 3) === 0 ? "base64" : "quoted-printable");
      main =
        shape === "html"
          ? textPart("text/html", html, charset, cte)
          : multipart(
              "alternative",
              `----=_Part_${num(seed, 900000)}_${num(`${seed}x`, 90000000)}.${stampMs}`,
              [textPart("text/plain", text, charset, spec.cte), textPart("text/html", html, charset, cte)],
            );
      break;
    }
  }
  if (spec.ics) {
    const ics = calendarText(spec.ics, spec, p, seed, stampMs);
    const calPart = textPart(
      `text/calendar; method=${spec.ics.method}`,
      ics,
      "utf-8",
      [...ics].every((c) => c.charCodeAt(0) < 0x80) ? "7bit" : "8bit",
    );
    calPart.headers[0] = ["Content-Type", `text/calendar; charset="UTF-8"; method=${spec.ics.method}`];
    if (main.headers[0]![1].startsWith("multipart/alternative")) {
      const boundary = main.headers[0]![1].match(/boundary="([^"]+)"/)![1]!;
      main = {
        headers: main.headers,
        body: main.body.replace(new RegExp(`--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}--$`), ""),
      };
      main.body += `--${boundary}\n${calPart.headers.map(([k, v]) => fold(k, v)).join("\n")}\n\n${calPart.body}\n--${boundary}--`;
    } else {
      main = multipart("alternative", `000000000000${hash(seed, "cal").slice(0, 16)}`, [main, calPart]);
    }
    if ((spec.ics.style ?? "google") === "google") {
      const file: Part = {
        headers: [
          [
            "Content-Type",
            `application/ics; name="${spec.ics.method === "CANCEL" ? "invite" : "invite"}.ics"`,
          ],
          ["Content-Disposition", `attachment; filename="invite.ics"`],
          ["Content-Transfer-Encoding", "base64"],
        ],
        body: base64Lines(ics),
      };
      main = multipart("mixed", `000000000000${hash(seed, "mix").slice(0, 16)}`, [main, file]);
    }
  }
  if (spec.att?.length) {
    const inline = spec.att.filter((a) => a.inline);
    const files = spec.att.filter((a) => !a.inline);
    if (inline.length) {
      main = multipart("related", `rel_${hash(seed, "rel").slice(0, 20)}`, [
        main,
        ...inline.map((a) => attachmentPart(a, seed)),
      ]);
    }
    if (files.length) {
      main = multipart("mixed", `mix_${hash(seed, "att").slice(0, 20)}`, [
        main,
        ...files.map((a) => attachmentPart(a, seed)),
      ]);
    }
  }
  return main;
}

const ZONE_OF_TLD: Record<string, string> = {
  de: "+0100",
  fr: "+0100",
  it: "+0100",
  es: "+0100",
  nl: "+0100",
  pl: "+0100",
  se: "+0100",
  at: "+0100",
  cz: "+0100",
  pt: "+0000",
  bg: "+0200",
  jp: "+0900",
};

/** The zone the sender's software writes in Date: its country's, the reader's for people, else UTC or Pacific. */
const AUTO_SUBMITTERS = new Set([
  "atlassian",
  "pagerduty",
  "opsgenie",
  "gitlab",
  "openreview",
  "softconf",
  "ferrow",
  "ucm",
]);

function senderZone(fromDomain: string, kind: string, p: Persona): string {
  const zone = ZONE_OF_TLD[fromDomain.split(".").pop()!];
  if (zone) return zone;
  if (kind === "person") return p.tz;
  return num(fromDomain, 3) === 0 ? "-0800" : "+0000";
}

export function render(spec: Spec, id: string): string {
  const p = personaById(spec.p);
  const seed = `legit:${id}`;
  const sentMs = epoch(spec.d, p.tz) + num(`${seed}s`, 59) * 1000;
  const recvMs = sentMs + (num(`${seed}r`, 6) + 1) * 1000;
  const from = addrOf(spec.from);
  const fromDomain = domainOf(from);
  const kind = spec.kind ?? "person";
  const mailFrom =
    spec.bounce ??
    (spec.list
      ? `${spec.list.id.split(".")[0]}-bounces@${spec.list.id.split(".").slice(1).join(".")}`
      : kind === "bulk"
        ? `bounces+${num(seed, 9_000_000) + 1_000_000}-${hash(seed).slice(0, 4)}@${spec.dkim ?? `em.${fromDomain}`}`
        : from);
  const route = outboundRoute(spec, fromDomain, seed);
  const senderTz = senderZone(fromDomain, kind, p);
  const charset = (spec.charset ?? "utf-8") as Charset;
  const to = spec.to ?? `${p.name} <${p.address}>`;
  const h: [string, string][] = [];
  const ar = authResults(spec, p, from, mailFrom, route, seed);
  if (p.mailbox === "gmail") {
    h.push(["Delivered-To", p.address]);
    h.push([
      "Received",
      `by 2002:a05:${hash(seed, "r1").slice(0, 4)}:${hash(seed, "r2").slice(0, 3)}:b0:${hash(seed, "r3").slice(0, 3)}:${hash(seed, "r4").slice(0, 4)} with SMTP id ${b64of(`${seed}sid`, 10).toLowerCase()}; ${rfcDate(recvMs + 1000, "-0800")}`,
    ]);
    h.push(["X-Google-Smtp-Source", b64raw(`${seed}gss`, 86)]);
    h.push([
      "ARC-Seal",
      `i=1; a=rsa-sha256; t=${Math.floor(recvMs / 1000)}; cv=none; d=google.com; s=arc-20240605; b=${b64raw(`${seed}as`, 120)}`,
    ]);
    h.push([
      "ARC-Message-Signature",
      `i=1; a=rsa-sha256; c=relaxed/relaxed; d=google.com; s=arc-20240605; h=to:subject:message-id:date:from:mime-version:dkim-signature; bh=${b64raw(`${seed}bh`, 43)}=; fh=${b64raw(`${seed}fh`, 43)}=; b=${b64raw(`${seed}ams`, 120)}`,
    ]);
    h.push(["ARC-Authentication-Results", `i=1; ${ar}`]);
    h.push(["Return-Path", `<${mailFrom}>`]);
    h.push([
      "Received",
      `from ${route.host} (${route.host}. [${route.ip}]) by mx.google.com with ${kind === "person" && route.host.endsWith("google.com") ? "SMTPS" : "ESMTPS"} id ${b64of(`${seed}rid`, 30).toLowerCase()} for <${p.address}> (Google Transport Security); ${rfcDate(recvMs, "-0800")}`,
    ]);
    h.push([
      "Received-SPF",
      `${spec.auth === "softfail" ? "softfail" : "pass"} (google.com: domain of ${mailFrom} ${spec.auth === "softfail" ? "does not designate" : "designates"} ${route.ip} as permitted sender) client-ip=${route.ip};`,
    ]);
    h.push(["Authentication-Results", ar]);
  } else {
    h.push(["Return-Path", `<${mailFrom}>`]);
    h.push([
      "Received",
      `from compute${num(seed, 6) + 1}.internal (compute${num(seed, 6) + 1}.internal [10.202.2.${num(seed, 200) + 20}]) by sloti${num(`${seed}sl`, 60)}n${num(`${seed}n`, 9)} (Cyrus 3.13.0-alpha0-${num(seed, 900) + 100}-g${hash(seed, "cy").slice(0, 9)}-fm-20261103.001-g${hash(seed, "cz").slice(0, 9)}) with LMTPA; ${rfcDate(recvMs + 1000, "-0500")}`,
    ]);
    h.push([
      "X-Cyrus-Session-Id",
      `sloti${num(`${seed}sl`, 60)}n${num(`${seed}n`, 9)}-${num(seed, 99999999)}-${num(`${seed}q`, 9999999)}`,
    ]);
    h.push(["X-Sieve", "CMU Sieve 3.0"]);
    h.push(["X-Spam-known-sender", p.contacts.includes(from) ? 'yes ("Address in address book")' : "no"]);
    h.push(["X-Spam-sender-reputation", kind === "person" ? "0 (none)" : "500 (domain)"]);
    h.push(["X-Spam-score", `${(num(`${seed}ss`, 20) / 10).toFixed(1)}`]);
    h.push([
      "X-Spam-source",
      `IP='${route.ip}', Host='${route.host}', Country='${["US", "IE", "DE", "NL", "FR"][num(route.host, 5)]}', FromHeader='${fromDomain.split(".").pop()}', MailFrom='${domainOf(mailFrom).split(".").pop()}'`,
    ]);
    h.push([
      "Received-SPF",
      `${spec.auth === "softfail" ? "softfail" : "pass"} (${domainOf(mailFrom)}: Sender is authorized to use '${mailFrom}' in 'mfrom' identity (mechanism 'include:_spf.${domainOf(mailFrom)}' matched)) receiver=mx${num(seed, 6) + 1}.messagingengine.com; identity=mailfrom; envelope-from="${mailFrom}"; helo=${route.host}; client-ip=${route.ip}`,
    ]);
    h.push([
      "Received",
      `from ${route.host} (${route.host} [${route.ip}]) by mx${num(seed, 6) + 1}.messagingengine.com (Postfix) with ESMTPS for <${p.address}>; ${rfcDate(recvMs, "-0500")}`,
    ]);
    h.push([
      "ARC-Seal",
      `i=1; a=rsa-sha256; cv=none; d=messagingengine.com; s=fm${num(seed, 3) + 1}; t=${Math.floor(recvMs / 1000)}; b=${b64raw(`${seed}as`, 120)}`,
    ]);
    h.push([
      "ARC-Message-Signature",
      `i=1; a=rsa-sha256; c=relaxed/relaxed; d=messagingengine.com; h=from:to:subject:date:message-id:content-type; s=fm${num(seed, 3) + 1}; t=${Math.floor(recvMs / 1000)}; bh=${b64raw(`${seed}bh`, 43)}=; b=${b64raw(`${seed}ams`, 120)}`,
    ]);
    h.push(["ARC-Authentication-Results", `i=1; ${ar}`]);
    h.push(["Authentication-Results", ar]);
  }
  if (spec.list && spec.auth === "list") {
    // the list server checked the poster on arrival; only the reader's own server's results count
    h.push([
      "Authentication-Results",
      `${spec.list.id.split(".").slice(1).join(".")}; dkim=pass header.d=${fromDomain}; spf=pass smtp.mailfrom=${from}`,
    ]);
  }
  const d = spec.dkim ?? fromDomain;
  h.push([
    "DKIM-Signature",
    `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${d}; s=${selector(d)}; t=${Math.floor(sentMs / 1000)}; h=From:To:Subject:Date:Message-ID:MIME-Version:Content-Type${kind === "bulk" ? ":List-Unsubscribe:List-Unsubscribe-Post:Feedback-ID" : ""}; bh=${b64raw(`${seed}dbh`, 43)}=; b=${b64raw(`${seed}db`, 172)}`,
  ]);
  if (kind !== "person" && !spec.list) {
    h.push([
      "Received",
      `by ${route.host.replace(/^[^.]+/, "filter")} with SMTP id ${hash(seed, "int").slice(0, 20)}; ${rfcDate(sentMs + 300, "+0000")}`,
    ]);
  }
  h.push(["From", encodeAddress(spec.from, charset)]);
  h.push(["To", encodeAddress(to, charset)]);
  if (spec.cc) h.push(["Cc", encodeAddress(spec.cc, charset)]);
  if (spec.replyTo) h.push(["Reply-To", encodeAddress(spec.replyTo, charset)]);
  h.push(["Subject", encodeWords(spec.s, charset)]);
  h.push(["Date", rfcDate(sentMs, senderTz)]);
  const mid = messageId(spec, from, seed);
  h.push(["Message-ID", mid]);
  if (spec.re || spec.q) {
    const parent = `<${hash(seed, "parent").slice(0, 24)}@${spec.q ? domainOf(addrOf(spec.q.from)) : p.address.split("@")[1]}>`;
    h.push(["In-Reply-To", parent]);
    h.push(["References", `<${hash(seed, "root").slice(0, 24)}@${fromDomain}> ${parent}`]);
  }
  if (spec.shape === "outlook") {
    h.push(["Thread-Topic", encodeWords(spec.s.replace(/^(RE|AW|WG|FW|Re):\s*/i, ""), charset)]);
    h.push(["Thread-Index", `${b64raw(`${seed}ti`, 32)}==`]);
    h.push([
      "Accept-Language",
      `${spec.lang ?? "en"}-${(spec.lang ?? "en") === "en" ? "US" : (spec.lang ?? "en").toUpperCase()}, en-US`,
    ]);
    h.push([
      "Content-Language",
      `${spec.lang ?? "en"}-${(spec.lang ?? "en") === "en" ? "GB" : (spec.lang ?? "en").toUpperCase()}`,
    ]);
    h.push(["X-MS-Has-Attach", spec.att?.length ? "yes" : ""]);
    h.push(["X-MS-TNEF-Correlator", ""]);
    h.push(["x-ms-publictraffictype", "Email"]);
    h.push(["X-MS-Exchange-Organization-SCL", "1"]);
  }
  if (spec.shape === "apple") h.push(["X-Mailer", "Apple Mail (2.3864.200.81.1.6)"]);
  if (spec.shape === "mobile") h.push(["X-Mailer", `iPhone Mail (23B${num(seed, 80) + 10})`]);
  if (spec.ua) h.push([spec.ua.startsWith("Microsoft") ? "X-Mailer" : "User-Agent", spec.ua]);
  if (kind === "bulk") {
    h.push(["Precedence", "bulk"]);
    // Gmail's Feedback-ID comes from large ESPs; small senders' own servers leave it out
    if (num(`${spec.org}:fbl`, 10) < 7)
      h.push([
        "Feedback-ID",
        `${num(seed, 90000) + 10000}:${num(spec.org, 9000) + 1000}:${["newsletter", "campaign", "transactional", "digest"][num(seed, 4)]}:${spec.dkim?.split(".").slice(-2, -1)[0] ?? ["sendgrid", "mailchimp", "sfmc", "braze"][num(spec.org, 4)]}`,
      ]);
  }
  // RFC 3834 marking is set by ticketing, monitoring and in-house systems, rarely by commercial senders
  if (kind === "system" && (AUTO_SUBMITTERS.has(spec.org) || num(`${spec.org}:auto`, 5) === 0))
    h.push(["Auto-Submitted", "auto-generated"]);
  if (spec.unsub) {
    h.push([
      "List-Unsubscribe",
      `<${spec.unsub}>, <mailto:unsubscribe-${hash(seed, "u").slice(0, 16)}@${spec.dkim ?? fromDomain}>`,
    ]);
    h.push(["List-Unsubscribe-Post", "List-Unsubscribe=One-Click"]);
  }
  if (spec.list) {
    const [local, ...rest] = spec.list.id.split(".");
    const host = rest.join(".");
    h.push(["List-Id", `<${spec.list.id}>`]);
    h.push(["List-Post", `<mailto:${spec.list.post ?? `${local}@${host}`}>`]);
    h.push(["List-Help", `<mailto:${local}-request@${host}?subject=help>`]);
    h.push([
      "List-Unsubscribe",
      `<${spec.list.unsub ?? `https://${host}/mailman3/lists/${spec.list.id}/`}>, <mailto:${local}-leave@${host}>`,
    ]);
    if (spec.list.archive) h.push(["List-Archive", `<${spec.list.archive}>`]);
    h.push(["Precedence", "list"]);
  }
  for (const [k, v] of Object.entries(spec.hdr ?? {})) h.push([k, v]);
  const body = bodyPart({ ...spec, kind }, p, seed, sentMs);
  const mimeVersion =
    spec.shape === "apple"
      ? "1.0 (Mac OS X Mail 16.0 \\(3864.200.81.1.6\\))"
      : spec.shape === "mobile"
        ? "1.0 (1.0)"
        : "1.0";
  h.push(["MIME-Version", mimeVersion]);
  h.push(...body.headers);
  return `${h.map(([k, v]) => fold(k, v)).join("\n")}\n\n${body.body}\n`;
}
