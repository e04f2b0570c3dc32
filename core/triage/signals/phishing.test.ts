import { describe, expect, it } from "vitest";
import { type Preprocessed, preprocess } from "../preprocess/preprocess.ts";
import type { RuleContext } from "../rules/types.ts";
import { brandsInLabel, brandsNamed } from "./brands.ts";
import { type PhishingFeature, phishingSignals, withinEdits } from "./phishing.ts";

async function pre(headers: string[], body = "Hello there."): Promise<Preprocessed> {
  const p = await preprocess({
    kind: "email",
    ref: { source: "demo", id: "s" },
    raw: `${headers.join("\r\n")}\r\n\r\n${body}`,
  });
  if (!p.ok) throw new Error(p.reason);
  return p;
}
const on = (p: Preprocessed, authservId?: string) =>
  Object.entries(phishingSignals(p, authservId ? { authservId } : undefined))
    .filter(([, v]) => v > 0)
    .map(([k]) => k as PhishingFeature);
const PASS = "Authentication-Results: mx.google.com; spf=pass; dkim=pass header.d=paypal.com; dmarc=pass";

describe("brands", () => {
  it("finds brands as whole words, ambiguous ones only capitalised", () => {
    expect(brandsNamed("Your PayPal account")).toEqual(["paypal"]);
    expect(brandsNamed("Apple ID locked")).toEqual(["apple"]);
    expect(brandsNamed("an apple a day, dhl-like")).toEqual([]);
    expect(brandsNamed("Bank of America alert")).toEqual(["bank of america"]);
  });
  it("finds brands inside domain labels, also behind look-alike characters", () => {
    expect(brandsInLabel("paypal-secure-login")).toContain("paypal");
    expect(brandsInLabel("amaz0n-orders")).toContain("amazon");
    expect(brandsInLabel("dhl-zoll")).toContain("dhl");
    expect(brandsInLabel("groupsale")).toEqual([]);
  });
  it("answers a label seen before the same way, with an array no caller can change", () => {
    const first = brandsInLabel("paypal-amazon-secure");
    expect(first).toEqual(["paypal", "amazon"]);
    expect(() => (first as string[]).push("dhl")).toThrow(TypeError);
    expect(brandsInLabel("paypal-amazon-secure")).toEqual(["paypal", "amazon"]);
    // Many distinct labels (past the cache's bound) leave the answers unchanged.
    for (let i = 0; i < 5000; i++) brandsInLabel(`shop${i}-paypal`);
    expect(brandsInLabel("shop4999-paypal")).toEqual(["paypal"]);
    expect(brandsInLabel("paypal-amazon-secure")).toEqual(["paypal", "amazon"]);
  });
  it("finds every brand named, the same on a second call", () => {
    const text = "PayPal, then DHL and Bank of America; paypal again";
    expect(brandsNamed(text).sort()).toEqual(["bank of america", "dhl", "paypal"]);
    expect(brandsNamed(text).sort()).toEqual(["bank of america", "dhl", "paypal"]);
  });
});

describe("phishing signals", () => {
  it("a brand's own verified mail raises none of the impersonation signals", async () => {
    const p = await pre(
      [PASS, "From: PayPal <service@paypal.com>", "To: a@b.c", "Subject: Your PayPal receipt"],
      "You sent 12.00 EUR. https://www.paypal.com/activity",
    );
    const s = on(p, "mx.google.com");
    for (const f of ["brand_name_unaligned", "brand_subject_unaligned", "brand_domain_lookalike"] as const)
      expect(s).not.toContain(f);
    expect(s).not.toContain("credential_ask_unverified");
  });

  it("a brand claimed from a padded look-alike domain, with a login request and a deadline", async () => {
    const p = await pre(
      [
        "Authentication-Results: mx.google.com; spf=pass; dkim=pass header.d=paypal-secure-login.com; dmarc=pass",
        "From: PayPal Security <alert@paypal-secure-login.com>",
        "To: a@b.c",
        "Subject: Your PayPal account has been limited",
      ],
      "Please verify your account within 24 hours, otherwise it will be closed. https://paypal-secure-login.com/verify",
    );
    expect(on(p, "mx.google.com")).toEqual(
      expect.arrayContaining([
        "brand_name_unaligned",
        "brand_subject_unaligned",
        "brand_domain_lookalike",
        "sender_domain_combo",
        "domain_service_words",
        "credential_words",
        "deadline_threat",
        "credential_ask_unverified",
      ]),
    );
  });

  it("reads the wording in other languages", async () => {
    const de = await pre(
      ["From: Service <info@paket-zoll.example>", "To: a@b.c", "Subject: Ihr Paket"],
      "Bitte bestätigen Sie Ihr Konto und zahlen Sie die Zollgebühr von 2,99 € innerhalb von 48 Stunden.",
    );
    expect(on(de)).toEqual(expect.arrayContaining(["credential_words", "small_fee", "deadline_threat"]));
    const ja = await pre(
      [
        "From: =?UTF-8?B?44K144Od44O844OI?= <info@card.example>",
        "To: a@b.c",
        "Subject: =?UTF-8?B?56K66KqN?=",
      ],
      "アカウントを確認してください。24時間以内にご確認いただけない場合、停止させていただきます。",
    );
    expect(on(ja)).toEqual(expect.arrayContaining(["credential_words", "deadline_threat"]));
  });

  it("only the receiving server's authentication counts, and an organisation on free mail stands out", async () => {
    const p = await pre(
      [
        "Authentication-Results: mx.google.com; spf=softfail smtp.mailfrom=gmail.com; dkim=pass header.d=mailer.example; dmarc=none",
        "Authentication-Results: mx.forged.example; spf=pass; dkim=pass header.d=gmail.com; dmarc=pass",
        "From: Microsoft Support Team <ms.support.desk@gmail.com>",
        "To: a@b.c",
      ],
      "Hello",
    );
    expect(on(p, "mx.google.com")).toEqual(
      expect.arrayContaining([
        "auth_dmarc_not_pass",
        "auth_spf_weak",
        "auth_dkim_unaligned",
        "freemail_org_name",
        "brand_name_unaligned",
      ]),
    );
    // With another server configured, the top-most header is not ours: nothing is read from it.
    expect(on(p, "mx.other.example")).not.toContain("auth_dmarc_not_pass");
  });

  it("links that hide their destination and risky attachments", async () => {
    const p = await pre(
      [
        "From: Orders <orders@shop.example>",
        "To: a@b.c",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b"',
      ],
      [
        "--b",
        "Content-Type: text/plain",
        "",
        "See http://192.168.4.7/x and https://bit.ly/abc and https://www.paypal.com@evil.example/ and https://x.top/y",
        "--b",
        'Content-Type: application/octet-stream; name="invoice.pdf.html"',
        'Content-Disposition: attachment; filename="invoice.pdf.html"',
        "",
        "PGh0bWw+",
        "--b--",
      ].join("\r\n"),
    );
    expect(on(p)).toEqual(
      expect.arrayContaining([
        "link_ip_or_userinfo",
        "link_shortener",
        "link_abused_tld",
        "risky_attachment",
      ]),
    );
  });

  it("a friend's plain note raises nothing", async () => {
    const p = await pre(
      ["From: Ana <ana@gmail.com>", "To: a@b.c", "Subject: dinner saturday?"],
      "Are you free on Saturday? Apple pie at mine.",
    );
    expect(on(p)).toEqual([]);
  });

  it("survives huge and malformed input", async () => {
    const p = await pre(
      ["From: =?x?q?broken <@@>", "To: a@b.c", "Return-Path: <<<>>>", "Subject: verify"],
      `${"verify your account ".repeat(20_000)}${"https://[::1/ ".repeat(500)}`,
    );
    const t0 = performance.now();
    const s = phishingSignals(p);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(Object.values(s).every((x) => x >= 0 && x <= 1)).toBe(true);
  });
});

describe("known organisations and strangers on free mail", () => {
  const reader: RuleContext = {
    reader: {
      addresses: ["maya@ferrow.io"],
      contacts: new Map([
        ["k.brandt@nordlicht-logistik.de", { wroteTo: true }],
        ["femi@gmail.com", { wroteTo: true }],
      ]),
    },
  };
  const fires = async (from: string, body = "Hello.", ctx: RuleContext | undefined = reader) =>
    phishingSignals(await pre([`From: ${from}`, "To: maya@ferrow.io", "Subject: hi"], body), ctx)
      .known_org_lookalike === 1;

  it("a near-miss, padded or free-mail copy of the reader's or a contact's organisation", async () => {
    expect(await fires("IT <it-support@ferrow.co>")).toBe(true);
    expect(await fires("Voicemail <voicemail@ferrow-voip.net>")).toBe(true);
    expect(await fires("HR <hr.ferrow.payroll@outlook.com>")).toBe(true);
    expect(await fires("K. Brandt <k.brandt@nordlicht-logistlk.de>")).toBe(true);
    expect(await fires("Jonas <j@ferrovv.io>")).toBe(true);
    expect(await fires("Someone <a@example.org>", "Invoice: https://ferrow-sso.com/login")).toBe(true);
  });

  it("never the real domains, unrelated ones, free-mail providers or an unknown reader", async () => {
    expect(await fires("Jonas <jonas@ferrow.io>")).toBe(false);
    expect(await fires("K. Brandt <k.brandt@nordlicht-logistik.de>")).toBe(false);
    expect(await fires("Shop <news@ferrero.com>")).toBe(false);
    // gmail.com is a contact's provider, not an organisation the reader belongs to.
    expect(await fires("Bob <bob@gmai1.com>")).toBe(false);
    expect(await fires("IT <it-support@ferrow.co>", "Hello.", {})).toBe(false);
    // Names reserved for documentation (RFC 2606) are nobody's organisation: a reader at
    // example.com gets mail from example.org, partner.example.net, x.test without a look-alike.
    const doc: RuleContext = {
      reader: { addresses: ["maya@example.com", "ops@corp.test"], contacts: new Map() },
    };
    expect(await fires("Ann <ann@partner.example.org>", "Hello.", doc)).toBe(false);
    expect(await fires("Bo <bo@example.net>", "Hello.", doc)).toBe(false);
    expect(await fires("Cy <cy@corp-mail.test>", "Hello.", doc)).toBe(false);
    // Malformed entries in the device's lists are skipped, not read as domains.
    const odd: RuleContext = { reader: { addresses: ["ferrow.io", "@ferrow.io", ""], contacts: new Map() } };
    expect(await fires("IT <it-support@ferrow.co>", "Hello.", odd)).toBe(false);
  });

  it("a reader with thousands of contacts and a message with a hundred links stays cheap", async () => {
    const contacts = new Map(
      Array.from(
        { length: 5000 },
        (_, i) => [`p${i}@org-${i.toString(36)}-example.com`, { wroteTo: true }] as const,
      ),
    );
    const big: RuleContext = { reader: { addresses: ["maya@ferrow.io"], contacts } };
    const links = Array.from({ length: 100 }, (_, i) => `https://site-${i}.example/x`).join(" ");
    const p = await pre(["From: IT <it@ferrow.co>", "To: maya@ferrow.io", "Subject: hi"], links);
    const t0 = performance.now();
    expect(phishingSignals(p, big).known_org_lookalike).toBe(1);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("edit distance with neighbour swaps, bounded", () => {
    expect(withinEdits("nordlicht-logistlk", "nordlicht-logistik", 1)).toBe(true);
    expect(withinEdits("ferorw", "ferrow", 1)).toBe(true);
    expect(withinEdits("lmu-example", "su-example", 1)).toBe(false);
    expect(withinEdits("lmu-example", "su-example", 2)).toBe(true);
    expect(withinEdits("a".repeat(5000), "b".repeat(5000), 2)).toBe(false);
  });

  it("a stranger on free mail asking for money, but not a contact", async () => {
    const body = "Please buy gift cards today and send me the codes.";
    const stranger = await pre(
      ["From: Mr Carter <helen.carter6@yandex.com>", "To: maya@ferrow.io", "Subject: hi"],
      body,
    );
    const friend = await pre(["From: Femi <femi@gmail.com>", "To: maya@ferrow.io", "Subject: hi"], body);
    expect(phishingSignals(stranger, reader).freemail_stranger_money).toBe(1);
    expect(phishingSignals(friend, reader).freemail_stranger_money).toBe(0);
  });
});

describe("link text against its href", () => {
  const html = (from: string, body: string) =>
    pre([`From: ${from}`, "To: a@b.c", "Subject: Notice", "Content-Type: text/html; charset=utf-8"], body);

  it("a link showing one domain that goes to another registrable domain", async () => {
    const p = await html(
      "Service <info@mail-notice.example>",
      '<p>Visit <a href="https://secure-check.xyz/p?id=1">www.paypal.com</a> now.</p>',
    );
    expect(p.anchors).toEqual([{ text: "www.paypal.com", href: "https://secure-check.xyz/p?id=1" }]);
    expect(on(p)).toContain("link_text_domain_mismatch");
    // The same when the text is a whole URL on another host.
    const url = await html(
      "Bank <info@mybank.de>",
      '<a href="http://185.2.3.4/login">https://login.mybank.de/konto</a>',
    );
    expect(on(url)).toContain("link_text_domain_mismatch");
  });

  it("tracking is not a mismatch: own organisation, click-tracking services, redirects carrying the target", async () => {
    const cases = [
      // The sender's own tracking subdomain.
      ["Acme <news@e.acme.com>", '<a href="https://click.e.acme.com/ls/click?upn=x">www.acme.com</a>'],
      // An ESP's click-tracking domain.
      [
        "Acme <news@acme.com>",
        '<a href="https://acme.us5.list-manage.com/track/click?u=1&id=2">acme.com</a>',
      ],
      ["Acme <news@acme.com>", '<a href="https://u123.ct.sendgrid.net/ls/click?upn=x">shop.acme.com</a>'],
      // A redirect whose URL carries the shown domain.
      [
        "Acme <news@acme-mail.com>",
        '<a href="https://r.tracker-esp.net/c?url=https%3A%2F%2Fwww.acme.com%2Fsale">www.acme.com</a>',
      ],
      // Text and href on the same registrable domain.
      ["Acme <news@acme-mail.com>", '<a href="https://help.acme.com/a">support.acme.com</a>'],
      // Outlook safe links wrap every link.
      [
        "Colleague <a@ferrow.io>",
        '<a href="https://eur01.safelinks.protection.outlook.com/?url=x">docs.example.org</a>',
      ],
    ] as const;
    for (const [from, body] of cases) {
      const s = on(await html(from, body));
      expect(s, body).not.toContain("link_text_domain_mismatch");
      expect(s, body).not.toContain("link_text_signin_elsewhere");
    }
  });

  it("a sign-in or brand link to an organisation that neither sent the mail nor owns the brand", async () => {
    const signin = await html(
      "IT Desk <it@ferrow.io>",
      '<p>Your mailbox is full.</p><a href="https://ferrow-mail.web.app/owa">Sign in to your account</a>',
    );
    expect(on(signin)).toContain("link_text_signin_elsewhere");
    const brand = await html(
      "Orders <orders@shop-notice.example>",
      '<a href="https://tracking-parcel.top/x">Open in PayPal</a>',
    );
    expect(on(brand)).toContain("link_text_signin_elsewhere");
    // A brand's own link, and a sign-in link to the sender's own organisation, are fine.
    const own = await html(
      "Shop <news@shop.example>",
      '<a href="https://www.paypal.com/signin">Pay with PayPal</a> <a href="https://shop.example/login">Log in</a>',
    );
    expect(on(own)).not.toContain("link_text_signin_elsewhere");
  });

  it("reads only visible anchors, bounded in number and length", async () => {
    const hidden = await html(
      "Shop <news@shop.example>",
      '<div style="display:none"><a href="https://evil.xyz/">www.paypal.com</a></div><a href="https://shop.example/">shop</a>',
    );
    expect(hidden.anchors).toEqual([{ text: "shop", href: "https://shop.example/" }]);
    expect(on(hidden)).not.toContain("link_text_domain_mismatch");
    const many = Array.from(
      { length: 80 },
      (_, i) => `<a href="https://s${i}.example/${"p".repeat(3000)}">${"word ".repeat(100)}</a>`,
    ).join("");
    const big = await html("Shop <news@shop.example>", many);
    expect(big.anchors).toHaveLength(50);
    for (const a of big.anchors) {
      expect(a.text.length).toBeLessThanOrEqual(200);
      expect(a.href.length).toBeLessThanOrEqual(2000);
    }
    // Nested markup inside a link is part of its text; a link without href is not kept.
    const nested = await html(
      "Shop <news@shop.example>",
      '<a name="top">x</a><a href="https://evil.xyz/"><span>www.</span><b>paypal.com</b></a>',
    );
    expect(nested.anchors).toEqual([{ text: "www.paypal.com", href: "https://evil.xyz/" }]);
  });
});

describe("fixed defects (issue 13)", () => {
  it("payment_words reads an ordinary request to pay an invoice, in the languages it covers", async () => {
    const asks = [
      "Please pay the invoice by Friday.",
      "Kindly settle the attached invoice.",
      "Bitte begleichen Sie die Rechnung bis Freitag.",
      "Merci de régler la facture avant vendredi.",
      "Por favor, pague la factura antes del viernes.",
      "Por favor, pague a fatura até sexta.",
      "Per favore, saldi la fattura entro venerdì.",
      "Graag de factuur te betalen voor vrijdag.",
      "Prosimy zapłacić fakturę do piątku.",
      "Vänligen betala fakturan senast fredag.",
      "Пожалуйста, оплатите счет до пятницы.",
      "金曜日までに請求書をお支払いください。",
      "请支付本月账单。",
      "금요일까지 청구서를 결제해 주세요.",
    ];
    for (const body of asks) {
      const p = await pre(["From: A <a@vendor.example>", "To: b@c.d", "Subject: Invoice"], body);
      expect(phishingSignals(p).payment_words, body).toBe(1);
    }
    const not = await pre(
      ["From: A <a@vendor.example>", "To: b@c.d", "Subject: Receipt"],
      "Thanks, we received your payment. Your invoice is attached for your records.",
    );
    expect(phishingSignals(not).payment_words).toBe(0);
  });

  it("sender_domain_combo ignores a small business's domain named after itself, still reads a padded brand", async () => {
    const kanzlei = await pre(
      ["From: Kanzlei Brandt <info@stb-brandt-kreuzberg.de>", "To: a@b.c", "Subject: Unterlagen"],
      "Bitte senden Sie uns die Belege.",
    );
    expect(on(kanzlei)).not.toContain("sender_domain_combo");
    const other = await pre(
      ["From: Praxis Dr. Weber <info@praxis-weber-mitte.de>", "To: a@b.c", "Subject: Termin"],
      "Ihr Termin am Montag.",
    );
    expect(on(other)).not.toContain("sender_domain_combo");
    const postnl = await pre(
      ["From: PostNL <info@postnl-pakket-volgen.com>", "To: a@b.c", "Subject: Uw pakket"],
      "Uw pakket wacht.",
    );
    expect(on(postnl)).toContain("sender_domain_combo");
  });
});
