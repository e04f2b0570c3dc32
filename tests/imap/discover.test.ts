import { describe, expect, it } from "vitest";
import {
  type DiscoverDeps,
  discoverImap,
  IMAP_PRESETS,
  isImapPreset,
  MAX_AUTOCONFIG_BYTES,
  parseAutoconfig,
  realDiscoverDeps,
  type SrvRecord,
} from "../../local-agent/accounts/discover.ts";

const autoconfig = (servers: string) => `<?xml version="1.0"?>
<clientConfig version="1.1">
  <emailProvider id="example.net">
    <domain>example.net</domain>
    ${servers}
    <outgoingServer type="smtp"><hostname>smtp.example.net</hostname><port>465</port><socketType>SSL</socketType></outgoingServer>
  </emailProvider>
</clientConfig>`;
const imapServer = (host: string, port: string, socket: string, user = "%EMAILADDRESS%") =>
  `<incomingServer type="imap"><hostname>${host}</hostname><port>${port}</port><socketType>${socket}</socketType><username>${user}</username><authentication>password-cleartext</authentication></incomingServer>`;

/** DNS and the domain's web server as fakes that answer like the real ones (SRV records; 200 or 404). */
function fakes(srv: Record<string, SrvRecord[]>, files: Record<string, string>) {
  const asked: string[] = [];
  const deps: DiscoverDeps = {
    async resolveSrv(name) {
      asked.push(`srv ${name}`);
      const r = srv[name];
      if (!r) throw Object.assign(new Error(`querySrv ENOTFOUND ${name}`), { code: "ENOTFOUND" });
      return r;
    },
    async getText(url) {
      asked.push(`get ${url}`);
      return files[url.split("?")[0]!] ?? null;
    },
  };
  return { deps, asked };
}

describe("IMAP server discovery", () => {
  it("parses an autoconfig file: the IMAP server, its socket type and the username placeholder", () => {
    const xml = autoconfig(
      `<incomingServer type="pop3"><hostname>pop.example.net</hostname><port>995</port><socketType>SSL</socketType></incomingServer>${imapServer("imap.example.net", "993", "SSL")}`,
    );
    expect(parseAutoconfig(xml, "maya@example.net")).toEqual({
      host: "imap.example.net",
      port: 993,
      tls: "on",
      username: "maya@example.net",
    });
    expect(
      parseAutoconfig(
        autoconfig(imapServer("mail.%EMAILDOMAIN%", "143", "STARTTLS", "%EMAILLOCALPART%")),
        "maya@example.net",
      ),
    ).toEqual({ host: "mail.example.net", port: 143, tls: "starttls", username: "maya" });
  });

  it("refuses plain IMAP, bad hosts and ports, oversized and malformed files", () => {
    expect(
      parseAutoconfig(autoconfig(imapServer("imap.example.net", "143", "plain")), "m@example.net"),
    ).toBeNull();
    expect(
      parseAutoconfig(autoconfig(imapServer("imap example;net", "993", "SSL")), "m@example.net"),
    ).toBeNull();
    expect(
      parseAutoconfig(autoconfig(imapServer("imap.example.net", "99999", "SSL")), "m@example.net"),
    ).toBeNull();
    expect(parseAutoconfig("<clientConfig><incomingServer type=", "m@example.net")).toBeNull();
    expect(parseAutoconfig("not xml at all", "m@example.net")).toBeNull();
    const huge = autoconfig(
      `<!-- ${"x".repeat(MAX_AUTOCONFIG_BYTES)} -->${imapServer("imap.example.net", "993", "SSL")}`,
    );
    expect(parseAutoconfig(huge, "m@example.net")).toBeNull();
  });

  it("uses a preset for well-known domains without asking DNS or the web", async () => {
    const { deps, asked } = fakes({}, {});
    expect(await discoverImap("maya@fastmail.com", deps)).toMatchObject({
      host: "imap.fastmail.com",
      port: 993,
      tls: "on",
      via: "fastmail",
    });
    expect(await discoverImap("maya@proton.me", deps)).toMatchObject({ host: "127.0.0.1", tls: "starttls" });
    expect(asked).toEqual([]);
    for (const name of Object.keys(IMAP_PRESETS)) expect(isImapPreset(name)).toBe(true);
    expect(isImapPreset("toString")).toBe(false);
  });

  it("prefers _imaps SRV (lowest priority, highest weight), skips '.', then _imap with STARTTLS", async () => {
    const a = fakes(
      {
        "_imaps._tcp.example.net": [
          { name: "backup.example.net", port: 993, priority: 20, weight: 0 },
          { name: "imap2.example.net.", port: 993, priority: 10, weight: 5 },
          { name: "imap1.example.net.", port: 993, priority: 10, weight: 50 },
        ],
      },
      {},
    );
    expect(await discoverImap("maya@example.net", a.deps)).toEqual({
      host: "imap1.example.net",
      port: 993,
      tls: "on",
      via: "srv",
    });
    const b = fakes(
      {
        "_imaps._tcp.example.org": [{ name: ".", port: 0, priority: 0, weight: 0 }],
        "_imap._tcp.example.org": [{ name: "mail.example.org", port: 143, priority: 0, weight: 0 }],
      },
      {},
    );
    expect(await discoverImap("ana@example.org", b.deps)).toMatchObject({
      host: "mail.example.org",
      tls: "starttls",
    });
  });

  it("falls back to the domain's autoconfig, then its .well-known file, and gives up with null", async () => {
    const c = fakes(
      {},
      {
        "https://example.com/.well-known/autoconfig/mail/config-v1.1.xml": autoconfig(
          imapServer("imap.example.com", "993", "SSL"),
        ),
      },
    );
    expect(await discoverImap("kenji@example.com", c.deps)).toMatchObject({
      host: "imap.example.com",
      via: "autoconfig",
    });
    expect(c.asked).toEqual([
      "srv _imaps._tcp.example.com",
      "srv _imap._tcp.example.com",
      "get https://autoconfig.example.com/mail/config-v1.1.xml?emailaddress=kenji%40example.com",
      "get https://example.com/.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=kenji%40example.com",
    ]);
    expect(await discoverImap("kenji@nothing.example", fakes({}, {}).deps)).toBeNull();
    // Not an address: nothing is looked up.
    const d = fakes({}, {});
    expect(await discoverImap("no-at-sign", d.deps)).toBeNull();
    expect(await discoverImap("x@localhost", d.deps)).toBeNull();
    expect(await discoverImap("x@evil.example/../", d.deps)).toBeNull();
    expect(d.asked).toEqual([]);
  });

  it("reads autoconfig over HTTPS only, capped, and treats anything but 200 as absent", async () => {
    const respond = (body: string, init: ResponseInit, url: string) => {
      const r = new Response(body, init);
      Object.defineProperty(r, "url", { value: url });
      return r;
    };
    let reply: Response = respond(
      "<ok/>",
      { status: 200 },
      "https://autoconfig.example.net/mail/config-v1.1.xml",
    );
    const deps = await realDiscoverDeps((async () => reply) as typeof fetch);
    expect(await deps.getText("https://autoconfig.example.net/mail/config-v1.1.xml")).toBe("<ok/>");
    reply = respond("missing", { status: 404 }, "https://autoconfig.example.net/x");
    expect(await deps.getText("https://autoconfig.example.net/x")).toBeNull();
    // Redirected to plain HTTP: not trusted.
    reply = respond("<ok/>", { status: 200 }, "http://autoconfig.example.net/x");
    expect(await deps.getText("https://autoconfig.example.net/x")).toBeNull();
    reply = respond(
      "y".repeat(MAX_AUTOCONFIG_BYTES + 1),
      { status: 200 },
      "https://autoconfig.example.net/x",
    );
    expect(await deps.getText("https://autoconfig.example.net/x")).toBeNull();
  });
});
