import { describe, expect, it } from "vitest";
import { stripHiddenChars } from "./hidden-chars.ts";
import { cleanHtml } from "./html-hidden.ts";
import { MIME_LIMITS } from "./limits.ts";
import { preprocess } from "./preprocess.ts";
import { stripQuotesAndSignature } from "./quotes.ts";

const ref = { source: "demo" as const, id: "t1" };
const email = (raw: string) => preprocess({ kind: "email", ref, raw });

describe("preprocess", () => {
  it("parses headers, strips quotes and signature, keeps the new text", async () => {
    const raw = [
      'From: "Ann Lee" <Ann@Example.com>',
      "To: you@example.com",
      "Subject: Lunch?",
      "Date: Tue, 03 Mar 2026 09:10:00 -0500",
      "",
      "Can we move lunch to 1pm?",
      "",
      "On Mon, Bob wrote:",
      "> Lunch at noon?",
      "-- ",
      "Ann Lee, Acme Corp",
    ].join("\r\n");
    const p = await email(raw);
    if (!p.ok) throw new Error(p.reason);
    expect(p.from).toEqual({ name: "Ann Lee", address: "ann@example.com", domain: "example.com" });
    expect(p.body).toBe("Can we move lunch to 1pm?");
    expect(p.quoted).toContain("Lunch at noon?");
    expect(p.zoneOffsetMinutes).toBe(-300);
    expect(p.date).toBe(Date.parse("2026-03-03T14:10:00Z"));
  });

  it("skips an mbox From_ line", async () => {
    const p = await email("From someone@x.org  Thu Aug 22 13:17:22 2002\nSubject: hello\n\nbody text");
    expect(p.ok && p.subject).toBe("hello");
  });

  it("returns unparseable with a reason for empty, deep, wide and oversized input", async () => {
    expect(await email("")).toEqual({ ok: false, reason: "empty" });
    expect(await email("x".repeat(MIME_LIMITS.maxRawLength + 1))).toEqual({ ok: false, reason: "too_large" });
    let deep = "Subject: deep\n";
    for (let i = 0; i < 40; i++) deep += `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n`;
    expect(await email(`${deep}\nhi\n`)).toEqual({ ok: false, reason: "too_deep" });
    const wide = `Content-Type: multipart/mixed; boundary="zz"\n\n${"--zz\nContent-Type: text/plain\n\nx\n".repeat(1200)}--zz--\n`;
    expect(await email(wide)).toEqual({ ok: false, reason: "too_many_parts" });
    const hugeHeader = `X-Big: ${"a".repeat(MIME_LIMITS.maxHeadersSize + 10)}\nSubject: x\n\nbody`;
    expect(await email(hugeHeader)).toEqual({ ok: false, reason: "headers_too_large" });
  });

  it("handles chat text with invisible characters", async () => {
    const p = await preprocess({
      kind: "chat",
      ref,
      text: "ship\u200Bit today",
      user: "U1",
      channel: "C1",
      ts: "1.2",
      date: 5,
    });
    expect(p.ok && p.body).toBe("shipit today");
    expect(p.ok && p.hiddenReasons).toEqual(["zero_width"]);
  });
});

describe("hidden content", () => {
  it("removes invisible characters by kind", () => {
    expect(stripHiddenChars("a\u200Bb\u202Ec\u{E0041}")).toEqual({
      text: "abc",
      reasons: ["zero_width", "unicode_tags", "bidi_control"],
    });
  });

  it("drops hidden elements and comments but keeps visible siblings", () => {
    const r = cleanHtml(
      '<div>seen<span style="display:none">gone<b>also gone</b></span> after<!-- c --></div><p hidden>h</p>',
    );
    expect(r.html).toBe("<div>seen after</div>");
    expect(r.reasons.sort()).toEqual(["css_hidden", "hidden_attribute", "html_comment"]);
    expect(r.hiddenText).toContain("also gone");
  });

  it("keeps light text on a dark background and drops text matching its background", () => {
    expect(cleanHtml('<td bgcolor="#000"><font color="#fff">ok</font></td>').html).toContain("ok");
    expect(cleanHtml('<td bgcolor="#000"><font color="#010101">no</font></td>').html).not.toContain("no");
  });

  it("survives unclosed and stray markup", () => {
    expect(cleanHtml("a < b <p>c <div style='display:none'>x").html).toBe("a &lt; b <p>c ");
  });
});

describe("quotes", () => {
  it("cuts Outlook history and trailing sign-offs", () => {
    const r = stripQuotesAndSignature("Done.\n\nThanks,\nAnn\n\n-----Original Message-----\nFrom: x");
    expect(r.body).toBe("Done.\n\nThanks,");
    expect(r.signature).toBe("Ann");
  });

  it.each([
    [
      "de",
      "Passt, ich bringe die Unterlagen mit.",
      "Am Di., 3. März 2026 um 10:15 schrieb Anna Roth <anna@roth.example>:",
    ],
    [
      "de, name first",
      "Passt, bis morgen.",
      "Anna Roth <anna@roth.example> schrieb am Di., 3. März 2026, 10:15:",
    ],
    ["fr", "D'accord pour jeudi.", "Le mar. 3 mars 2026 à 10:15, Anne Petit <anne@petit.example> a écrit :"],
    [
      "es",
      "Perfecto, nos vemos allí.",
      "El mar, 3 mar 2026 a las 10:15, Ana Ruiz (<ana@ruiz.example>) escribió:",
    ],
    [
      "pt",
      "Combinado, obrigado.",
      "Em ter., 3 de mar. de 2026 às 10:15, Ana Lima <ana@lima.example> escreveu:",
    ],
    [
      "it",
      "Va bene, grazie.",
      "Il giorno mar 3 mar 2026 alle ore 10:15 Anna Neri <anna@neri.example> ha scritto:",
    ],
    ["nl", "Prima, tot dan.", "Op di 3 mrt. 2026 om 10:15 schreef Anna de Vries <anna@vries.example>:"],
    ["pl", "Dobrze, dziękuję.", "W dniu 3.03.2026 o 10:15, Anna Nowak <anna@nowak.example> napisał(a):"],
    ["sv", "Låter bra.", "Den tis 3 mars 2026 kl 10:15 skrev Anna Berg <anna@berg.example>:"],
    ["ja", "承知しました。", "2026年3月3日(火) 10:15 田中 太郎 <taro@tanaka.example>:"],
  ])("reads a %s reply attribution as the start of quoted history", (_, reply, attribution) => {
    const history = "> Kannst du die Rechnung bis Freitag schicken?\n> Ignore the invoice text below.";
    const r = stripQuotesAndSignature(`${reply}\n\n${attribution}\n${history}`);
    expect(r.body).toBe(reply);
    expect(r.quoted).toContain(attribution);
    // An answer written below the quote (bottom posting) is new text again.
    const below = stripQuotesAndSignature(`${attribution}\n${history}\n\n${reply}`);
    expect(below.body).toBe(reply);
  });

  it("does not take a sentence that ends with a colon for an attribution", () => {
    for (const line of [
      "Sie schrieb:",
      "Am 3. März schrieb ich dir:",
      "Voici ce qu'elle a écrit :",
      "Am 3. März 2026 schrieb Anna <anna@roth.example>:",
    ]) {
      const r = stripQuotesAndSignature(`${line}\nDas Treffen ist verschoben.`);
      expect(r.body, line).toBe(`${line}\nDas Treffen ist verschoben.`);
    }
  });
});
