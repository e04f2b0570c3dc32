import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openImap } from "../../local-agent/accounts/imap-client.ts";
import { startDovecot } from "../support/dovecot.ts";
import { repoRoot } from "../support/processes.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

const node = path.join(repoRoot, "node_modules", ".bin", "node");
const cliMain = path.join(repoRoot, "local-agent", "cli", "main.ts");

function mail(n: number, subject: string, body: string, from = "Ana Souza <ana.souza@example.org>") {
  return [
    `From: ${from}`,
    "To: Maya Lindqvist <maya@example.net>",
    `Subject: ${subject}`,
    `Message-ID: <imap-test-${n}@example.org>`,
    `Date: Wed, 25 Nov 2026 10:${String(n).padStart(2, "0")}:00 +0000`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");
}

/**
 * The `scouts-agent accounts` CLI against a real Dovecot on loopback, the way a script uses it:
 * add (password on stdin), sync without a running agent, suggestions --json, test, remove.
 */
describe("IMAP accounts in the agent (real Dovecot)", () => {
  let dv: Dovecot;
  let home: string;
  const cli = (args: string[], input?: string) =>
    spawnSync(node, [cliMain, ...args], {
      input,
      encoding: "utf8",
      env: { ...process.env, SCOUTS_HOME: home },
      timeout: 60_000,
    });
  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: "correct horse battery", kenji: "staple" } });
    home = mkdtempSync(path.join(os.tmpdir(), "scouts-imap-home-"));
  }, 60_000);
  afterAll(async () => {
    await dv?.stop();
  });

  const addArgs = (extra: string[] = []) => [
    "accounts",
    "add",
    "imap",
    "--host",
    "127.0.0.1",
    "--port",
    String(dv.port),
    "--user",
    "maya",
    "--password-stdin",
    "--tls",
    "starttls",
    // The test server's certificate is self-signed, like Proton Bridge's: trusted by its pin.
    "--pin",
    dv.certSha256,
    ...extra,
  ];

  it("refuses a wrong password with a clear message and stores nothing", () => {
    const res = cli(addArgs(), "not the password\n");
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("refused the user name or password for maya");
    const list = cli(["accounts", "list"]);
    expect(list.stdout.trim()).toBe("");
  });

  it("refuses a folder the server does not have, naming the ones it has", () => {
    const res = cli(addArgs(["--folders", "INBOX,Nope"]), "correct horse battery\n");
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("no folder Nope");
    expect(res.stderr).toContain("Archive");
  });

  it("a preset fills host and TLS (Proton Bridge: loopback, STARTTLS, pinned), an unknown one is named", () => {
    const bad = cli(
      ["accounts", "add", "imap", "--preset", "aol", "--user", "maya", "--password-stdin"],
      "x\n",
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("no preset aol (fastmail, icloud, proton-bridge, outlook, yahoo, gmail)");
    // Bridge's port is the preset's 1143; this test server listens elsewhere, so --port overrides it.
    const args = ["accounts", "add", "imap", "--preset", "proton-bridge", "--port", String(dv.port)];
    const ok = cli([...args, "--user", "kenji", "--password-stdin", "--pin", dv.certSha256], "staple\n");
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toContain("Proton Mail Bridge must be running");
    const added = ok.stdout.trim();
    const row = cli(["accounts", "list"])
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: string; server: string })
      .find((a) => a.id === added);
    expect(row?.server).toBe(`127.0.0.1:${dv.port} (starttls)`);
    expect(cli(["accounts", "remove", added]).status).toBe(0);
  });

  it("an OAuth2 access token for a server without XOAUTH2 is refused with what to use instead, and nothing is stored", () => {
    const res = cli(
      [...addArgs().filter((a) => a !== "--password-stdin"), "--access-token-stdin"],
      "ya29.not-a-real-token\n",
    );
    expect(res.status).toBe(1);
    // This Dovecot offers no OAuth2 mechanism; the token path reaches the server and says so.
    expect(res.stderr).toContain("does not offer OAuth2 sign-in");
    expect(res.stderr).not.toContain("ya29");
    expect(cli(["accounts", "list"]).stdout.trim()).toBe("");
  });

  let id = "";
  it("adds an account (STARTTLS), syncs new mail into suggestions once, and lists them as JSON", async () => {
    const add = cli(addArgs(["--folders", "INBOX,Archive"]), "correct horse battery\n");
    expect(add.status, add.stderr).toBe(0);
    id = add.stdout.trim();
    expect(id).toMatch(/^imap-/);
    // The password is sealed at rest: not in the agent's database file in any form we wrote.
    for (const f of readdirSync(home).filter((f) => f.startsWith("agent.db"))) {
      expect(readFileSync(path.join(home, f)).includes("correct horse battery")).toBe(false);
    }

    await dv.deliver(
      "maya",
      "INBOX",
      mail(1, "dinner saturday?", "Are you free on Saturday evening? We could try the new Thai place."),
    );
    await dv.deliver(
      "maya",
      "INBOX",
      mail(
        2,
        "Re: Q4 roadmap review",
        "Can you send me your comments on the roadmap draft by Friday?",
        "Tom Okafor <tom@northwind-labs.com>",
      ),
    );
    await dv.deliver(
      "maya",
      "Archive",
      mail(
        3,
        "Your order has shipped",
        "Your order #44812 has shipped and arrives Thursday.",
        "Orders <orders@shop.example.com>",
      ),
    );
    await dv.deliver("kenji", "INBOX", mail(4, "not maya's mail", "kenji only"));

    type Counts = { seen: number; new: number; suggestions: number; screened: number };
    const first = cli(["accounts", "sync", id]);
    expect(first.status, first.stderr).toBe(0);
    const counts = JSON.parse(first.stdout) as Counts;
    expect(counts).toMatchObject({ seen: 3, new: 3 });
    // Every new message is either a suggestion or screened by stage 1: none vanishes.
    expect(counts.suggestions + counts.screened).toBe(3);

    const again = cli(["accounts", "sync", id]);
    expect(JSON.parse(again.stdout)).toEqual({ seen: 0, new: 0, suggestions: 0, screened: 0 });

    await dv.deliver(
      "maya",
      "INBOX",
      mail(5, "lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office."),
    );
    const third = JSON.parse(cli(["accounts", "sync", id]).stdout) as Counts;
    expect(third).toMatchObject({ seen: 1, new: 1 });
    expect(third.suggestions + third.screened).toBe(1);

    const list = cli(["suggestions", "--json", "--limit", "50"]);
    expect(list.status, list.stderr).toBe(0);
    const rows = list.stdout.trim()
      ? list.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Record<string, string>)
      : [];
    expect(rows).toHaveLength(counts.suggestions + third.suggestions);
    const delivered = [
      "dinner saturday?",
      "Re: Q4 roadmap review",
      "Your order has shipped",
      "lunch tomorrow",
    ];
    for (const r of rows) {
      expect(r.source).toBe("imap");
      expect(delivered).toContain(r.subject);
      expect(r.from).toMatch(/<.+@.+>/);
      expect(r).toHaveProperty("bucket");
    }
  }, 120_000);

  it("a folder whose UIDVALIDITY changed is read again without duplicating suggestions", async () => {
    const other = await dv.client("maya");
    await other.mailboxDelete("Archive");
    await other.mailboxCreate("Archive");
    await other.append(
      "Archive",
      mail(
        3,
        "Your order has shipped",
        "Your order #44812 has shipped and arrives Thursday.",
        "Orders <orders@shop.example.com>",
      ),
    );
    await other.logout();
    const res = cli(["accounts", "sync", id]);
    expect(res.status, res.stderr).toBe(0);
    const counts = JSON.parse(res.stdout) as { seen: number; new: number; suggestions: number };
    // Seen again under the new UIDVALIDITY, recognised by its Message-ID: nothing new.
    expect(counts).toMatchObject({ seen: 1, new: 0, suggestions: 0 });
  });

  it("test reports each folder; remove forgets the account", () => {
    const t = cli(["accounts", "test", id]);
    expect(t.status, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/ok: INBOX 3, Archive 1/);
    expect(cli(["accounts", "remove", id]).status).toBe(0);
    const t2 = cli(["accounts", "test", id]);
    expect(t2.status).toBe(1);
    expect(t2.stderr).toContain(`no account ${id}`);
  });

  it("trusts a pinned self-signed certificate over implicit TLS, and refuses any other", async () => {
    const server = { host: "127.0.0.1", port: dv.tlsPort, tls: "on" as const };
    const ok = await openImap({
      server: { ...server, pinSha256: dv.certSha256 },
      username: "kenji",
      password: "staple",
    });
    await ok.logout();
    await expect(
      openImap({ server: { ...server, pinSha256: "0".repeat(64) }, username: "kenji", password: "staple" }),
    ).rejects.toMatchObject({ code: "certificate_changed" });
    // Without a pin, a self-signed certificate is not trusted.
    await expect(openImap({ server, username: "kenji", password: "staple" })).rejects.toMatchObject({
      code: "tls_failed",
    });
  });

  it("never sends a password without TLS except to loopback", async () => {
    await expect(
      openImap({ server: { host: "imap.example.com", port: 143, tls: "off" }, username: "u", password: "p" }),
    ).rejects.toMatchObject({ code: "tls_failed" });
  });
});
