import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { mailAccounts } from "../../local-agent/db/schema/accounts.ts";
import { startCyrus } from "../support/cyrus.ts";
import { repoRoot } from "../support/processes.ts";

type Cyrus = Awaited<ReturnType<typeof startCyrus>>;
type Counts = { seen: number; new: number; suggestions: number; screened: number };

const node = path.join(repoRoot, "node_modules", ".bin", "node");
const cliMain = path.join(repoRoot, "local-agent", "cli", "main.ts");

export function jmapMail(
  n: number,
  subject: string,
  body: string,
  from = "Ana Souza <ana.souza@example.org>",
) {
  return [
    `From: ${from}`,
    "To: Maya Lindqvist <maya@example.net>",
    `Subject: ${subject}`,
    `Message-ID: <jmap-test-${n}@example.org>`,
    `Date: Wed, 25 Nov 2026 10:${String(n).padStart(2, "0")}:00 +0000`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");
}

/**
 * `scouts-agent accounts add jmap` and friends against a real Cyrus (JMAP on its httpd), the way a
 * script uses them: the password on stdin, a sync without a running agent that reads only what
 * `Email/changes` names, a resync when the saved state cannot be used, test and remove.
 */
describe("JMAP accounts in the agent (real Cyrus)", () => {
  let cy: Cyrus;
  let home: string;
  const cli = (args: string[], input?: string) =>
    spawnSync(node, [cliMain, ...args], {
      input,
      encoding: "utf8",
      env: { ...process.env, SCOUTS_HOME: home },
      timeout: 60_000,
    });
  const addArgs = (user = "maya") => [
    "accounts",
    "add",
    "jmap",
    "--url",
    cy.jmapUrl,
    "--user",
    user,
    "--password-stdin",
  ];
  beforeAll(async () => {
    cy = await startCyrus({ users: { maya: "correct horse battery", kenji: "staple" } });
    home = mkdtempSync(path.join(os.tmpdir(), "scouts-jmap-home-"));
  }, 60_000);
  afterAll(async () => {
    await cy?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("refuses a wrong password with a clear message and stores nothing", () => {
    const res = cli(addArgs(), "not the password\n");
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("refused the user name or password for maya");
    expect(cli(["accounts", "list"]).stdout.trim()).toBe("");
  });

  it("refuses plain http to a server off loopback before sending anything", () => {
    const res = cli(
      [
        "accounts",
        "add",
        "jmap",
        "--url",
        "http://mail.example.com/jmap",
        "--user",
        "maya",
        "--password-stdin",
      ],
      "pw\n",
    );
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("without TLS");
  });

  let id = "";
  it("adds an account, syncs the inbox into suggestions once, then only what changed", async () => {
    const add = cli(addArgs(), "correct horse battery\n");
    expect(add.status, add.stderr).toBe(0);
    id = add.stdout.trim();
    expect(id).toMatch(/^jmap-/);
    for (const f of readdirSync(home).filter((f) => f.startsWith("agent.db")))
      expect(readFileSync(path.join(home, f)).includes("correct horse battery")).toBe(false);

    await cy.deliver(
      "maya",
      jmapMail(1, "dinner saturday?", "Are you free on Saturday evening? We could try the new Thai place."),
    );
    await cy.deliver(
      "maya",
      jmapMail(
        2,
        "Re: Q4 roadmap review",
        "Can you send me your comments on the roadmap draft by Friday?",
        "Tom Okafor <tom@northwind-labs.com>",
      ),
    );
    // Not the inbox, and not this user's: neither is read.
    await cy.deliver("maya", jmapMail(3, "filed away", "Already archived."), "Archive");
    await cy.deliver("kenji", jmapMail(4, "not maya's mail", "kenji only"));

    const first = cli(["accounts", "sync", id]);
    expect(first.status, first.stderr).toBe(0);
    const counts = JSON.parse(first.stdout) as Counts;
    expect(counts).toMatchObject({ seen: 2, new: 2 });
    expect(counts.suggestions + counts.screened).toBe(2);

    const again = cli(["accounts", "sync", id]);
    expect(JSON.parse(again.stdout)).toEqual({ seen: 0, new: 0, suggestions: 0, screened: 0 });

    await cy.deliver("maya", jmapMail(5, "lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office."));
    const third = JSON.parse(cli(["accounts", "sync", id]).stdout) as Counts;
    expect(third).toMatchObject({ seen: 1, new: 1 });

    const rows = cli(["suggestions", "--json", "--limit", "50"])
      .stdout.trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(rows).toHaveLength(counts.suggestions + third.suggestions);
    for (const r of rows) {
      expect(r.source).toBe("jmap");
      expect(["dinner saturday?", "Re: Q4 roadmap review", "lunch tomorrow"]).toContain(r.subject);
      expect(r.from).toMatch(/<.+@.+>/);
    }
  }, 120_000);

  it("a state the server cannot continue from resyncs the whole inbox without duplicates", async () => {
    const agent = await openOfflineAgent(home, { stage2: null });
    try {
      // What a server says after its history was pruned or the mailbox rebuilt.
      await agent.db
        .update(mailAccounts)
        .set({ cursor: { emailState: "rebuilt-by-server" } })
        .where(eq(mailAccounts.id, id));
    } finally {
      agent.close();
    }
    await cy.deliver("maya", jmapMail(6, "train times", "Which train are you taking on Sunday?"));
    const res = cli(["accounts", "sync", id]);
    expect(res.status, res.stderr).toBe(0);
    // All four inbox messages are looked at again; only the new one is new.
    expect(JSON.parse(res.stdout)).toMatchObject({ seen: 4, new: 1 });
    const subjects = cli(["suggestions", "--json", "--limit", "50"])
      .stdout.trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { subject: string }).subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(JSON.parse(cli(["accounts", "sync", id]).stdout)).toEqual({
      seen: 0,
      new: 0,
      suggestions: 0,
      screened: 0,
    });
  }, 120_000);

  it("test logs in and counts the inbox; a changed password is a clear error on the account; remove", () => {
    const ok = cli(["accounts", "test", id]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe("ok: INBOX 4");
    cy.setPassword("maya", "rotated app password");
    const bad = cli(["accounts", "sync", id]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("refused the user name or password for maya");
    const listed = JSON.parse(cli(["accounts", "list"]).stdout.trim()) as {
      lastError: string;
      server: string;
    };
    expect(listed.lastError).toContain("refused the user name or password");
    expect(listed.server).toBe(cy.jmapUrl);
    expect(cli(["accounts", "remove", id]).status).toBe(0);
    expect(cli(["accounts", "list"]).stdout.trim()).toBe("");
  }, 60_000);
});
