import { describe, expect, it } from "vitest";
import { isForbiddenAddress } from "./address-check.ts";
import { sendOneClick } from "./one-click.ts";
import {
  authservIdOf,
  GMAIL_AUTHSERV_ID,
  planUnsubscribe,
  unsubscribeHeadersFromRaw,
} from "./unsubscribe.ts";

const gmail = { authservId: GMAIL_AUTHSERV_ID };

function raw(headers: string[]): string {
  return [...headers, "From: News <news@lists.example.com>", "Subject: hi", "", "body"].join("\r\n");
}
const dkim = (h: string, d = "lists.example.com") =>
  `DKIM-Signature: v=1; a=rsa-sha256; d=${d}; s=s1;\r\n\th=from:subject:${h}; bh=abc; b=SIGNATUREVALUE`;
const pass = (d = "lists.example.com") =>
  `Authentication-Results: mx.google.com; dkim=pass header.d=${d} header.b=SIGNATUR; spf=pass`;
const good = [
  "List-Unsubscribe: <https://lists.example.com/u/123>, <mailto:unsub@lists.example.com>",
  "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  dkim("list-unsubscribe:list-unsubscribe-post"),
  pass(),
];

describe("RFC 8058 one-click unsubscribe", () => {
  it("allows one-click with exactly one https URI, the Post header and DKIM covering both", () => {
    const plan = planUnsubscribe(unsubscribeHeadersFromRaw(raw(good)), gmail);
    expect(plan).toMatchObject({ method: "one_click", url: "https://lists.example.com/u/123" });
  });

  it.each([
    ["no Post header", [good[0]!, good[2]!, good[3]!], "mailto"],
    [
      "Post header with another value",
      [good[0]!, "List-Unsubscribe-Post: List-Unsubscribe=Yes", good[2]!, good[3]!],
      "mailto",
    ],
    [
      "two https URIs",
      ["List-Unsubscribe: <https://a.example/u>, <https://b.example/u>", good[1]!, good[2]!, good[3]!],
      "ask",
    ],
    [
      "http, not https",
      ["List-Unsubscribe: <http://lists.example.com/u/1>", good[1]!, good[2]!, good[3]!],
      "ask",
    ],
    [
      "DKIM h= misses List-Unsubscribe-Post",
      [good[0]!, good[1]!, dkim("list-unsubscribe"), good[3]!],
      "mailto",
    ],
    [
      "DKIM did not pass",
      [
        good[0]!,
        good[1]!,
        good[2]!,
        "Authentication-Results: mx.google.com; dkim=fail header.d=lists.example.com",
      ],
      "mailto",
    ],
    ["passing DKIM is another domain's", [good[0]!, good[1]!, good[2]!, pass("other.example")], "mailto"],
    ["no DKIM at all", [good[0]!, good[1]!], "mailto"],
    ["no List-Unsubscribe", [good[1]!, good[2]!, good[3]!], "ask"],
  ])("falls back when %s", (_name, headers, method) => {
    const plan = planUnsubscribe(unsubscribeHeadersFromRaw(raw(headers)), gmail);
    expect(plan.method).toBe(method);
    expect(plan.url).toBeNull();
  });

  it("only the receiving server's own verdict counts: its top-most Authentication-Results", () => {
    const [list, post, sig] = [good[0]!, good[1]!, good[2]!];
    const plan = (...ar: string[]) =>
      planUnsubscribe(unsubscribeHeadersFromRaw(raw([...ar, list, post, sig])), gmail);
    const fail = "Authentication-Results: mx.google.com; dkim=fail header.d=lists.example.com";
    // A forged "pass" below the receiving server's "fail" (the sender wrote it before sending).
    expect(plan(fail, pass()).method).toBe("mailto");
    expect(plan(fail, pass()).reasons).toContain("no passing DKIM signature according to mx.google.com");
    // A "pass" from any other server is not the receiving server's word.
    const other =
      "Authentication-Results: mx.example.net; dkim=pass header.d=lists.example.com header.b=SIGNATUR";
    expect(plan(other).method).toBe("mailto");
    expect(plan(other).reasons).toContain(
      "no Authentication-Results from mx.google.com (the receiving server)",
    );
    // Top-most from the receiving server passes; another server's fail above it changes nothing.
    expect(plan(other.replace("pass", "fail"), pass(), fail).method).toBe("one_click");
    // With comments and a version after the id (RFC 8601).
    expect(
      plan("Authentication-Results: mx.google.com (Google) 1; dkim=pass header.d=lists.example.com").method,
    ).toBe("one_click");
    // No receiving server configured (a local mailbox without one): never one-click.
    expect(planUnsubscribe(unsubscribeHeadersFromRaw(raw(good)), { authservId: null }).method).toBe("mailto");
    expect(authservIdOf(" MX.Google.com ; dkim=pass")).toBe("mx.google.com");
  });

  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "fe80::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
  ])("refuses %s", (ip) => expect(isForbiddenAddress(ip)).toBe(true));

  it.each([
    ["IPv4-mapped, dotted", "::ffff:10.0.0.1"],
    ["IPv4-mapped, hex", "::ffff:a00:1"],
    ["IPv4-mapped, written out", "0:0:0:0:0:ffff:192.168.0.1"],
    ["IPv4-compatible, dotted", "::10.0.0.1"],
    ["IPv4-compatible, hex", "::a9fe:a9fe"],
    ["SIIT / IPv4-translated", "::ffff:0:10.0.0.1"],
    ["SIIT, hex", "::ffff:0:c0a8:101"],
    ["6to4 around 192.168.1.1", "2002:c0a8:101::1"],
    ["6to4 around 127.0.0.1", "2002:7f00:1::"],
    ["6to4 around the metadata address", "2002:a9fe:a9fe::1"],
    ["Teredo with a private client (inverted 10.0.0.1)", "2001:0:4136:e378:8000:63bf:f5ff:fffe"],
    ["Teredo with a private server", "2001:0:a00:1::1"],
    ["NAT64 well-known prefix, private inside", "64:ff9b::10.0.0.1"],
    ["NAT64 well-known prefix, hex", "64:ff9b::a9fe:a9fe"],
    ["NAT64 local-use prefix", "64:ff9b:1:a00:1::"],
    ["ISATAP around 10.0.0.1", "fe90::5efe:10.0.0.1"],
    ["site-local", "fec0::1"],
    ["malformed", "1::2::3"],
    ["too long", "1:2:3:4:5:6:7:8:9"],
  ])("refuses an IPv6 form that embeds a private IPv4: %s (%s)", (_what, ip) =>
    expect(isForbiddenAddress(ip)).toBe(true),
  );

  it.each([
    ["6to4 around a public address", "2002:5db8:d822::1"],
    ["Teredo with public server and client", "2001:0:5db8:d822::a247:27dd"],
    ["IPv4-mapped public", "::ffff:93.184.216.34"],
  ])("allows %s (%s)", (_what, ip) => expect(isForbiddenAddress(ip)).toBe(false));

  it.each(["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"])("allows public %s", (ip) =>
    expect(isForbiddenAddress(ip)).toBe(false),
  );

  it("POSTs exactly the one-click body, no cookies, redirects not followed", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: 302, headers: { location: "https://elsewhere.example/" } });
    };
    const res = await sendOneClick({
      ctx: { fetch, resolve: async () => ["93.184.216.34"] },
      input: { url: "https://lists.example.com/u/123" },
    });
    expect(res.status).toBe(302);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init).toMatchObject({
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
      credentials: "omit",
    });
    expect(calls[0]!.init.headers).toEqual({ "content-type": "application/x-www-form-urlencoded" });
  });

  it.each([
    ["a host resolving to a private address", "https://lists.example.com/u", ["10.0.0.5"]],
    [
      "a host with one bad address among good ones",
      "https://lists.example.com/u",
      ["93.184.216.34", "127.0.0.1"],
    ],
    ["a literal metadata address", "https://169.254.169.254/latest", []],
    ["localhost", "https://localhost/u", ["127.0.0.1"]],
    ["a literal IPv6 loopback", "https://[::1]/u", []],
  ])("refuses %s without sending", async (_n, url, addrs) => {
    let sent = false;
    const fetch = async () => {
      sent = true;
      return new Response(null);
    };
    await expect(
      sendOneClick({ ctx: { fetch, resolve: async () => addrs }, input: { url } }),
    ).rejects.toThrow(/refusing/);
    expect(sent).toBe(false);
  });
});
