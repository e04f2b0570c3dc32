import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { imapSuggestionId, LEFT_INBOX_LABEL } from "../../local-agent/accounts/imap-sync.ts";
import { backoffDelay } from "../../local-agent/accounts/imap-watch.ts";
import { type RunningAgent, startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { mailScreened } from "../../local-agent/db/schema/accounts.ts";
import { startDovecot } from "../support/dovecot.ts";
import { directMail } from "../support/mail-account-fixture.ts";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

const mail = (subject: string, body: string) => directMail("imap-watch", subject, body);

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The running agent watching an IMAP account on a real Dovecot: mail delivered by another client
 * during IDLE becomes a suggestion within seconds, a message moved out of INBOX elsewhere is marked,
 * a restarted server is reconnected to, and a revoked password becomes a notice and stops retries.
 */
function watchSuite(name: string, capability?: string) {
  describe(name, () => {
    let dv: Dovecot;
    let home: string;
    let agent: RunningAgent;
    let accountId = "";
    const health = () => agent.ctx.mailWatch?.health().find((a) => a.id === accountId);
    /** The message became a suggestion, or stage 1 screened it: either way it was read. */
    const read = async (messageId: string) => {
      const id = imapSuggestionId(accountId, { messageId, folder: "INBOX", uidValidity: "", uid: 0 });
      const s = await agent.ctx.stores.suggestions.get(id);
      if (s) return { suggestion: s };
      const screened = await agent.ctx.db.select().from(mailScreened).where(eq(mailScreened.id, id)).get();
      return screened ? { screened } : null;
    };

    beforeAll(async () => {
      dv = await startDovecot({
        users: { maya: "correct horse battery" },
        ...(capability ? { capability } : {}),
      });
      home = await mkdtemp(path.join(os.tmpdir(), "scouts-imap-watch-"));
      const offline = await openOfflineAgent(home, { stage2: null });
      try {
        const acc = await offline.accounts.addImap({
          host: "127.0.0.1",
          port: dv.port,
          user: "maya",
          password: "correct horse battery",
          tls: "starttls",
          pinSha256: dv.certSha256,
          folders: ["INBOX", "Archive"],
        });
        accountId = acc.id;
      } catch (e) {
        throw new Error(`${(e as Error).message}\n${dv.log()}`);
      } finally {
        offline.close();
      }
      agent = await startAgent(
        readAgentConfig({
          SCOUTS_HOME: home,
          SCOUTS_AGENT_PORT: "0",
          SCOUTS_CLOUD_URL: "http://127.0.0.1:9",
        }),
        {
          logger: silentLogger,
          stage2: null,
          connect: false,
          mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
        },
      );
    }, 60_000);
    afterAll(async () => {
      await agent?.stop();
      await dv?.stop();
      if (home) await rm(home, { recursive: true, force: true });
    });

    it("turns mail delivered during IDLE into a suggestion within seconds, and shows the account in status", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching");
      const m = mail(
        "dinner saturday?",
        "Are you free on Saturday evening? We could try the new Thai place.",
      );
      const t0 = Date.now();
      await dv.deliver("maya", "INBOX", m.raw);
      // Read within seconds: a suggestion, or set aside by stage 1 (that verdict is stage 1's business).
      const got = await until("the message to be read", () => read(m.messageId), 5_000);
      expect(Date.now() - t0).toBeLessThan(5_000);
      if (got.suggestion)
        expect(got.suggestion).toMatchObject({ subject: "dinner saturday?", source: "imap" });
      else expect(got.screened?.subject).toBe("dinner saturday?");
      await until("the pass to finish", async () => health()?.state === "watching" && health()?.lastChangeAt);
      const res = await agent.app.request("/local/v1/status", {
        headers: { authorization: `Bearer ${await agent.auth.issue("cli")}` },
      });
      expect(res.status).toBe(200);
      const status = (await res.json()) as { mailAccounts: Record<string, unknown>[] };
      expect(status.mailAccounts).toEqual([
        expect.objectContaining({
          id: accountId,
          state: "watching",
          connected: true,
          owed: 0,
          lastError: null,
          lastChangeAt: expect.any(Number),
        }),
      ]);
      // Quiet mailbox: the watcher idles, it does not poll (no further passes).
      const last = health()?.lastSyncAt;
      await new Promise((r) => setTimeout(r, 1_000));
      expect(health()?.lastSyncAt).toBe(last);
    }, 30_000);

    it("marks a suggestion whose message another client moved out of INBOX", async () => {
      const m = mail("budget question", "Could you check the numbers in the budget sheet before Tuesday?");
      await dv.deliver("maya", "INBOX", m.raw);
      const got = await until("the suggestion", () => read(m.messageId));
      // A direct question from a known correspondent: stage 1 keeps it.
      expect(got.suggestion?.status).toBe("new");
      const other = await dv.client("maya");
      try {
        const lock = await other.getMailboxLock("INBOX");
        try {
          const uids = await other.search({ header: { "message-id": m.messageId } }, { uid: true });
          expect(uids).toHaveLength(1);
          await other.messageMove(String((uids as number[])[0]), "Archive", { uid: true });
        } finally {
          lock.release();
        }
      } finally {
        await other.logout();
      }
      const after = await until("the suggestion to learn it left", async () => {
        const s = await agent.ctx.stores.suggestions.get(got.suggestion!.id);
        return s?.status === "archived" ? s : null;
      });
      expect(after.labels).toContain(LEFT_INBOX_LABEL);
    }, 30_000);

    it("reconnects after the server restarts and keeps delivering", async () => {
      await dv.restart();
      // The drop is seen (retrying) and healed (watching again) with a short backoff.
      await until("the reconnect", async () => health()?.state === "watching" && health()?.connected, 15_000);
      const m = mail("lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office.");
      await dv.deliver("maya", "INBOX", m.raw);
      expect(await until("the suggestion after the restart", () => read(m.messageId))).toBeTruthy();
    }, 40_000);

    it("a revoked password becomes a notice and the watcher stops retrying it", async () => {
      dv.setPassword("maya", "a new app password");
      await dv.restart();
      await until("the login to be refused", async () => health()?.state === "needs_login", 30_000);
      expect(health()?.lastError).toContain("refused the user name or password for maya");
      const status = await agent.ctx.stores.notices.active();
      expect(status).toEqual([
        expect.objectContaining({ kind: "needs_reauth", scoutId: `imap:${accountId}`, provider: "imap" }),
      ]);
      const refusals = () => (dv.log().match(/auth failed/g) ?? []).length;
      const before = await until("Dovecot to log the refusal", async () => refusals() || null);
      // Several backoff periods later: no further attempt with the bad password.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(refusals()).toBe(before);
      expect(health()?.state).toBe("needs_login");
    }, 60_000);
  });
}

watchSuite("a watched IMAP account (real Dovecot with CONDSTORE/QRESYNC)");
watchSuite(
  "a watched IMAP account on a server without CONDSTORE",
  "IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE SPECIAL-USE",
);

describe("reconnect backoff", () => {
  it("doubles from the base up to the cap, jittered between half and one and a half", () => {
    const o = { backoffMs: 1_000, maxBackoffMs: 60_000 };
    expect([0, 1, 2, 3].map((f) => backoffDelay(f, o, () => 0.5))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(20, o, () => 0.5)).toBe(60_000);
    expect(backoffDelay(2, o, () => 0)).toBe(2_000);
    expect(backoffDelay(2, o, () => 0.999)).toBe(5_996);
  });
});
