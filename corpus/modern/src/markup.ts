/** The small markdown message bodies are written in, rendered as plain text and as each client's HTML. */
type Block =
  | { t: "h"; text: string }
  | { t: "p"; lines: string[] }
  | { t: "ul"; items: string[] }
  | { t: "q"; lines: string[] }
  | { t: "rows"; rows: string[][] }
  | { t: "btn"; text: string; url: string };

export function blocks(md: string): Block[] {
  return md
    .trim()
    .split(/\n\s*\n/)
    .map((raw): Block => {
      const lines = raw.split("\n");
      const button = raw.trim().match(/^\[\[(.+?)\]\]\((\S+?)\)$/);
      if (button) return { t: "btn", text: button[1]!, url: button[2]! };
      if (lines[0]!.startsWith("# ")) return { t: "h", text: lines.join(" ").slice(2) };
      if (lines.every((l) => l.startsWith("- "))) return { t: "ul", items: lines.map((l) => l.slice(2)) };
      if (lines.every((l) => l.startsWith(">")))
        return { t: "q", lines: lines.map((l) => l.replace(/^> ?/, "")) };
      if (lines.every((l) => l.startsWith("|")))
        return {
          t: "rows",
          rows: lines.map((l) =>
            l
              .replace(/^\||\|$/g, "")
              .split("|")
              .map((c) => c.trim()),
          ),
        };
      return { t: "p", lines };
    });
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function inlineHtml(s: string, linkStyle = ""): string {
  return escapeHtml(s)
    .replace(
      /\[([^\]]+)\]\((\S+?)\)/g,
      (_, t, u) => `<a href="${u}"${linkStyle ? ` style="${linkStyle}"` : ""}>${t}</a>`,
    )
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
}

function inlineText(s: string, links: "paren" | "angle" | "drop"): string {
  return s
    .replace(/\[([^\]]+)\]\((\S+?)\)/g, (_, t, u) =>
      links === "drop" ? t : links === "angle" ? `${t} <${u}>` : `${t} (${u})`,
    )
    .replace(/\*\*(.+?)\*\*/g, "$1");
}

export function toText(md: string, links: "paren" | "angle" | "drop" = "paren"): string {
  return blocks(md)
    .map((b) => {
      switch (b.t) {
        case "h":
          return inlineText(b.text, links);
        case "p":
          return b.lines.map((l) => inlineText(l, links)).join("\n");
        case "ul":
          return b.items.map((i) => `* ${inlineText(i, links)}`).join("\n");
        case "q":
          return b.lines.map((l) => `> ${inlineText(l, links)}`).join("\n");
        case "rows":
          return b.rows.map((r) => r.map((c) => inlineText(c, links)).join("    ")).join("\n");
        default:
          return `${b.text}: ${b.url}`;
      }
    })
    .join("\n\n");
}

/** Person-written HTML in the way each mail client writes it. */
export function personHtml(md: string, client: "gmail" | "outlook" | "apple"): string {
  const para = (inner: string) =>
    client === "gmail"
      ? `<div>${inner}</div><div><br></div>`
      : client === "apple"
        ? `<div>${inner}</div><div><br></div>`
        : `<p class="MsoNormal">${inner}<o:p></o:p></p>\n<p class="MsoNormal"><o:p>&nbsp;</o:p></p>`;
  return blocks(md)
    .map((b) => {
      switch (b.t) {
        case "h":
          return para(`<b>${inlineHtml(b.text)}</b>`);
        case "p":
          return para(b.lines.map((l) => inlineHtml(l)).join("<br>"));
        case "ul":
          return `<ul>${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join("")}</ul>`;
        case "q":
          return `<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${b.lines.map((l) => inlineHtml(l)).join("<br>")}</blockquote>`;
        case "rows":
          return `<table border="1" cellspacing="0" cellpadding="4">${b.rows.map((r) => `<tr>${r.map((c) => `<td>${inlineHtml(c)}</td>`).join("")}</tr>`).join("")}</table>`;
        default:
          return para(`<a href="${b.url}">${escapeHtml(b.text)}</a>`);
      }
    })
    .join("\n");
}

/** Table-layout HTML with inline CSS, as ESPs and transactional templates send it. */
export function bulkHtml(
  md: string,
  o: {
    brand: string;
    color: string;
    domain: string;
    lang: string;
    title: string;
    footer: string;
    pre?: string;
    pixel?: string;
    /** which of four sender template styles (fixed per sender org) */
    layout?: number;
  },
): string {
  const font = "font-family:Helvetica,Arial,sans-serif;";
  const inner = blocks(md)
    .map((b) => {
      switch (b.t) {
        case "h":
          return `<h1 style="${font}font-size:22px;line-height:28px;margin:0 0 16px;color:#111827;">${inlineHtml(b.text)}</h1>`;
        case "p":
          return `<p style="margin:0 0 14px;">${b.lines.map((l) => inlineHtml(l, `color:${o.color};`)).join("<br>")}</p>`;
        case "ul":
          return `<ul style="margin:0 0 14px;padding-left:20px;">${b.items.map((i) => `<li style="margin:0 0 6px;">${inlineHtml(i, `color:${o.color};`)}</li>`).join("")}</ul>`;
        case "q":
          return `<div style="border-left:3px solid #e5e7eb;padding:4px 12px;margin:0 0 14px;color:#4b5563;">${b.lines.map((l) => inlineHtml(l)).join("<br>")}</div>`;
        case "rows":
          return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${b.rows
            .map(
              (r) =>
                `<tr>${r.map((c, i) => `<td style="padding:6px 0;border-bottom:1px solid #e5e7eb;${i === r.length - 1 && r.length > 1 ? "text-align:right;" : ""}">${inlineHtml(c)}</td>`).join("")}</tr>`,
            )
            .join("")}</table>`;
        default:
          return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;"><tr><td style="border-radius:6px;background:${o.color};"><a href="${b.url}" style="display:inline-block;padding:12px 22px;${font}font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(b.text)}</a></td></tr></table>`;
      }
    })
    .join("\n");
  const pre = o.pre
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(o.pre)}${"&#847;&zwnj;&nbsp;".repeat(12)}</div>\n`
    : "";
  const pixel = o.pixel
    ? `\n<img src="${o.pixel}" width="1" height="1" alt="" style="display:block;border:0;">`
    : "";
  const layout = o.layout ?? 0;
  if (layout === 1) return mjmlStyle(inner, o, pre, pixel);
  if (layout === 2) return plainStyle(md, o, pixel);
  if (layout === 3) return fontStyle(inner, o, pixel);
  return `<!DOCTYPE html>
<html lang="${o.lang}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)}</title>
<style type="text/css">
body{margin:0;padding:0;-webkit-text-size-adjust:100%;}
@media only screen and (max-width:620px){.container{width:100%!important;}.px{padding-left:16px!important;padding-right:16px!important;}}
</style>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
${pre}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 8px;">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td class="px" style="padding:20px 32px;border-bottom:3px solid ${o.color};"><img src="https://${o.domain}/email/logo.png" alt="${escapeHtml(o.brand)}" width="120" height="32" style="display:block;border:0;outline:none;"></td></tr>
<tr><td class="px" style="padding:24px 32px;${font}font-size:15px;line-height:22px;color:#1f2937;">
${inner}
</td></tr>
<tr><td class="px" style="padding:16px 32px 24px;${font}font-size:12px;line-height:18px;color:#6b7280;">${inlineHtml(o.footer, "color:#6b7280;")}</td></tr>
</table>
</td></tr>
</table>${pixel}
</body>
</html>`;
}

type Frame = { brand: string; color: string; domain: string; lang: string; title: string; footer: string };

/** Nested div sections with Outlook conditional tables, as MJML compiles them. */
function mjmlStyle(inner: string, o: Frame, pre: string, pixel: string): string {
  return `<!doctype html>
<html lang="${o.lang}" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head><title>${escapeHtml(o.title)}</title><meta http-equiv="X-UA-Compatible" content="IE=edge"><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style type="text/css">#outlook a { padding:0; } body { margin:0;padding:0;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%; } table, td { border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt; } .mj-column-per-100 { width:100% !important; max-width: 100%; }</style>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
</head>
<body style="word-spacing:normal;background-color:#fafafa;">
${pre}<div style="background-color:#fafafa;" lang="${o.lang}">
<!--[if mso | IE]><table align="center" border="0" cellpadding="0" cellspacing="0" style="width:600px;" width="600"><tr><td style="line-height:0px;font-size:0px;mso-line-height-rule:exactly;"><![endif]-->
<div style="margin:0px auto;max-width:600px;"><div class="mj-column-per-100" style="font-size:0px;text-align:left;direction:ltr;display:inline-block;vertical-align:top;width:100%;">
<div style="padding:24px 0 8px;font-family:Inter,Segoe UI,Arial,sans-serif;font-size:20px;font-weight:700;color:${o.color};">${escapeHtml(o.brand)}</div>
<div style="background:#ffffff;padding:24px;font-family:Inter,Segoe UI,Arial,sans-serif;font-size:15px;line-height:1.6;color:#222222;">
${inner}
</div>
<div style="padding:16px 24px;font-family:Inter,Segoe UI,Arial,sans-serif;font-size:11px;line-height:1.5;color:#888888;">${inlineHtml(o.footer, "color:#888888;")}</div>
</div></div>
<!--[if mso | IE]></td></tr></table><![endif]-->
</div>${pixel}
</body>
</html>`;
}

/** A hand-rolled template: one centred div, paragraphs, a styled link for the button. */
function plainStyle(md: string, o: Frame, pixel: string): string {
  const body = blocks(md)
    .map((b) => {
      switch (b.t) {
        case "h":
          return `<h2 style="font-weight:600">${inlineHtml(b.text)}</h2>`;
        case "p":
          return `<p>${b.lines.map((l) => inlineHtml(l)).join("<br>")}</p>`;
        case "ul":
          return `<ul>${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join("")}</ul>`;
        case "q":
          return `<blockquote>${b.lines.map((l) => inlineHtml(l)).join("<br>")}</blockquote>`;
        case "rows":
          return `<table cellpadding="4">${b.rows.map((r) => `<tr>${r.map((c) => `<td>${inlineHtml(c)}</td>`).join("")}</tr>`).join("")}</table>`;
        default:
          return `<p><a href="${b.url}" style="display:inline-block;background:${o.color};color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(b.text)}</a></p>`;
      }
    })
    .join("\n");
  return `<html><head><meta charset="utf-8"><title>${escapeHtml(o.title)}</title></head>
<body style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#333;line-height:1.5">
<div style="max-width:580px;margin:0 auto;padding:16px">
${body}
<hr style="border:none;border-top:1px solid #eee">
<p style="font-size:12px;color:#999">${inlineHtml(o.footer, "color:#999;")}</p>
</div>${pixel}
</body></html>`;
}

/** An older ESP template: attribute-styled tables and font tags. */
function fontStyle(inner: string, o: Frame, pixel: string): string {
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>${escapeHtml(o.title)}</title></head>
<body bgcolor="#eeeeee" leftmargin="0" topmargin="0" marginwidth="0" marginheight="0">
<table width="100%" border="0" cellspacing="0" cellpadding="0" bgcolor="#eeeeee"><tr><td align="center">
<table width="640" border="0" cellspacing="0" cellpadding="20" bgcolor="#ffffff">
<tr><td bgcolor="${o.color}"><font face="Arial, Helvetica, sans-serif" size="5" color="#ffffff"><b>${escapeHtml(o.brand)}</b></font></td></tr>
<tr><td><font face="Arial, Helvetica, sans-serif" size="2" color="#333333">
${inner}
</font></td></tr>
<tr><td><font face="Arial, Helvetica, sans-serif" size="1" color="#999999">${inlineHtml(o.footer)}</font></td></tr>
</table>
</td></tr></table>${pixel}
</body></html>`;
}

export function wrapPersonHtml(inner: string, client: "gmail" | "outlook" | "apple", lang: string): string {
  if (client === "gmail") return `<div dir="ltr">${inner}</div>`;
  if (client === "apple")
    return `<html aria-label="message body"><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">${inner}</body></html>`;
  return `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<meta name="Generator" content="Microsoft Word 15 (filtered medium)">
<style><!--
/* Font Definitions */
@font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}
@font-face
	{font-family:Aptos;}
/* Style Definitions */
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{margin:0cm;
	font-size:12.0pt;
	font-family:"Aptos",sans-serif;
	mso-ligatures:standardcontextual;
	mso-fareast-language:EN-US;}
a:link, span.MsoHyperlink
	{mso-style-priority:99;
	color:#467886;
	text-decoration:underline;}
span.EmailStyle17
	{mso-style-type:personal-compose;
	font-family:"Aptos",sans-serif;
	color:windowtext;}
.MsoChpDefault
	{mso-style-type:export-only;
	font-size:11.0pt;
	mso-fareast-language:EN-US;}
@page WordSection1
	{size:612.0pt 792.0pt;
	margin:72.0pt 72.0pt 72.0pt 72.0pt;}
div.WordSection1
	{page:WordSection1;}
--></style><!--[if gte mso 9]><xml>
<o:shapedefaults v:ext="edit" spidmax="1026" />
</xml><![endif]--><!--[if gte mso 9]><xml>
<o:shapelayout v:ext="edit">
<o:idmap v:ext="edit" data="1" />
</o:shapelayout></xml><![endif]-->
</head>
<body lang="${lang.toUpperCase()}" link="#467886" vlink="#96607D" style="word-wrap:break-word">
<div class="WordSection1">
${inner}
</div>
</body>
</html>`;
}
