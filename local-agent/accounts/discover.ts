import { DOMParser } from "@xmldom/xmldom";

export type ImapTls = "on" | "starttls" | "off";

/** Where an account's IMAP server is, and what the person needs to know to log in. */
export interface ImapSettings {
  host: string;
  port: number;
  tls: ImapTls;
  /** The login name when the provider says (autoconfig's %EMAILADDRESS% and the like). */
  username?: string;
  note?: string;
  /** How it was found: a preset's name, "srv" (RFC 6186) or "autoconfig". */
  via: string;
}

/** Well-known providers: `accounts add imap --preset NAME`. */
export const IMAP_PRESETS = {
  fastmail: {
    host: "imap.fastmail.com",
    port: 993,
    tls: "on",
    note: "Use an app password (Fastmail: Settings → Privacy & Security → Manage app passwords).",
  },
  icloud: {
    host: "imap.mail.me.com",
    port: 993,
    tls: "on",
    note: "Use an app-specific password (account.apple.com → Sign-In and Security); the user name is the part of your iCloud address before the @.",
  },
  "proton-bridge": {
    host: "127.0.0.1",
    port: 1143,
    tls: "starttls",
    note: "Proton Mail Bridge must be running on this computer: use the user name and password Bridge shows (not your Proton password), and pin its self-signed certificate with --pin (Bridge → Settings → Export TLS certificates; openssl x509 -noout -fingerprint -sha256).",
  },
  outlook: {
    host: "outlook.office365.com",
    port: 993,
    tls: "on",
    note: "Outlook.com and Microsoft 365 accept only OAuth2 for IMAP: give an access token with --access-token-stdin, and with --oauth-client-id also its refresh token (Scouts refreshes it; it does not run the sign-in itself yet).",
  },
  yahoo: {
    host: "imap.mail.yahoo.com",
    port: 993,
    tls: "on",
    note: "Use an app password (Yahoo: Account security → Generate app password).",
  },
  gmail: {
    host: "imap.gmail.com",
    port: 993,
    tls: "on",
    note: "Scouts' own Gmail connection is the better way for Gmail; over IMAP use an app password (needs 2-Step Verification) or an OAuth2 access token with --access-token-stdin (with --oauth-client-id and a refresh token, Scouts refreshes it).",
  },
} as const satisfies Record<string, { host: string; port: number; tls: ImapTls; note: string }>;
export type ImapPreset = keyof typeof IMAP_PRESETS;
export const isImapPreset = (v: string): v is ImapPreset => Object.hasOwn(IMAP_PRESETS, v);

/** Mail domains that are a preset's (the address alone picks it). */
const PRESET_DOMAINS: Record<string, ImapPreset> = {
  "fastmail.com": "fastmail",
  "fastmail.fm": "fastmail",
  "icloud.com": "icloud",
  "me.com": "icloud",
  "mac.com": "icloud",
  "proton.me": "proton-bridge",
  "protonmail.com": "proton-bridge",
  "pm.me": "proton-bridge",
  "outlook.com": "outlook",
  "hotmail.com": "outlook",
  "live.com": "outlook",
  "yahoo.com": "yahoo",
  "gmail.com": "gmail",
  "googlemail.com": "gmail",
};

export interface SrvRecord {
  name: string;
  port: number;
  priority: number;
  weight: number;
}

export interface DiscoverDeps {
  /** DNS SRV lookup (node:dns/promises resolveSrv); rejects when there is none. */
  resolveSrv(name: string): Promise<SrvRecord[]>;
  /** HTTPS GET of an autoconfig file; the body, or null for anything but a 200. */
  getText(url: string): Promise<string | null>;
}

/** The most of an autoconfig file read: a real one is a few kilobytes. */
export const MAX_AUTOCONFIG_BYTES = 64 * 1024;

const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/**
 * Parses a Mozilla autoconfig file (`config-v1.1.xml`): the first IMAP incoming server, with its
 * socket type mapped to `tls` and the username placeholders filled from the address. Null when
 * the file offers no usable IMAP server; never throws on malformed XML.
 */
export function parseAutoconfig(xml: string, email: string): Omit<ImapSettings, "via"> | null {
  if (xml.length > MAX_AUTOCONFIG_BYTES) return null;
  let doc: Document;
  try {
    doc = new DOMParser({
      errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} },
    }).parseFromString(xml, "text/xml") as unknown as Document;
  } catch {
    return null;
  }
  const servers = Array.from(doc.getElementsByTagName("incomingServer"));
  const [local = "", domain = ""] = email.split("@");
  for (const s of servers) {
    if (s.getAttribute("type") !== "imap") continue;
    const text = (tag: string) => s.getElementsByTagName(tag)[0]?.textContent?.trim() ?? "";
    const host = text("hostname").replace(/%EMAILDOMAIN%/g, domain);
    const port = Number(text("port"));
    const socket = text("socketType").toUpperCase();
    const tls: ImapTls | null = socket === "SSL" ? "on" : socket === "STARTTLS" ? "starttls" : null;
    // Plain IMAP from a published config is refused: the password would cross the network in clear.
    if (!HOST.test(host) || !Number.isInteger(port) || port < 1 || port > 65535 || !tls) continue;
    const user = text("username")
      .replace(/%EMAILADDRESS%/g, email)
      .replace(/%EMAILLOCALPART%/g, local)
      .replace(/%EMAILDOMAIN%/g, domain);
    return { host, port, tls, ...(user && !user.includes("%") ? { username: user } : {}) };
  }
  return null;
}

/** RFC 6186: the best usable target of an SRV answer (lowest priority, then highest weight); "." means none. */
function bestSrv(records: SrvRecord[]): SrvRecord | null {
  const usable = records.filter((r) => r.name && r.name !== "." && HOST.test(r.name.replace(/\.$/, "")));
  usable.sort((a, b) => a.priority - b.priority || b.weight - a.weight);
  return usable[0] ?? null;
}

/**
 * Finds an address's IMAP server: a preset for well-known domains, then RFC 6186 SRV records
 * (`_imaps._tcp` before `_imap._tcp`), then the domain's own autoconfig files. Nothing is asked of
 * third parties (no ISPDB): only the address's own domain's DNS and web server.
 *
 * @example await discoverImap("maya@example.net", { resolveSrv: dns.resolveSrv, getText })
 */
export async function discoverImap(email: string, deps: DiscoverDeps): Promise<ImapSettings | null> {
  const at = email.lastIndexOf("@");
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (at < 1 || !HOST.test(domain) || !domain.includes(".")) return null;
  const preset = PRESET_DOMAINS[domain];
  if (preset) return { ...IMAP_PRESETS[preset], via: preset };
  for (const [name, tls] of [
    [`_imaps._tcp.${domain}`, "on"],
    [`_imap._tcp.${domain}`, "starttls"],
  ] as const) {
    const best = bestSrv(await deps.resolveSrv(name).catch(() => []));
    if (best) return { host: best.name.replace(/\.$/, ""), port: best.port, tls, via: "srv" };
  }
  const q = `emailaddress=${encodeURIComponent(email)}`;
  for (const url of [
    `https://autoconfig.${domain}/mail/config-v1.1.xml?${q}`,
    `https://${domain}/.well-known/autoconfig/mail/config-v1.1.xml?${q}`,
  ]) {
    const body = await deps.getText(url).catch(() => null);
    const found = body ? parseAutoconfig(body, email) : null;
    if (found) return { ...found, via: "autoconfig" };
  }
  return null;
}

/** The real lookups: DNS SRV and an HTTPS GET with a timeout and a size cap (no redirects off HTTPS). */
export async function realDiscoverDeps(fetchImpl: typeof fetch = fetch): Promise<DiscoverDeps> {
  const { resolveSrv } = await import("node:dns/promises");
  return {
    resolveSrv,
    async getText(url) {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(8_000), redirect: "follow" });
      if (res.status !== 200 || !res.url.startsWith("https://") || !res.body) {
        await res.body?.cancel().catch(() => {});
        return null;
      }
      // Read at most the cap: a hostile server cannot make the agent buffer a huge body.
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > MAX_AUTOCONFIG_BYTES) {
          await reader.cancel().catch(() => {});
          return null;
        }
        chunks.push(value);
      }
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}
