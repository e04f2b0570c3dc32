import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { imapSuggestionId, LEFT_INBOX_LABEL } from "../../local-agent/accounts/imap-sync.ts";
import { backoffDelay } from "../../local-agent/accounts/imap-watch.ts";
import { mailScreened } from "../../local-agent/db/schema/accounts.ts";
import { watchedImap } from "../support/imap-watch-fixture.ts";
import { directMail, until } from "../support/mail-account-fixture.ts";

const mail = (subject: string, body: string) => directMail("imap-watch", subject, body);

/**
 * The running agent watching an IMAP account on a real Dovecot: mail delivered by another client
 * during IDLE becomes a suggestion within seconds, a message moved out of INBOX elsewhere is marked,
 * a restarted server is reconnected to, and a revoked password becomes a notice and stops retries.
 */
function watchSuite(name: string, capability?: string) {
  describe(name, () => {
    const { t, health } = watchedImap({
      name: "imap-watch",
      folders: ["INBOX", "Archive"],
      mailWatch: { backoffMs: 100, maxBackoffMs: 400, checkEveryMs: 30_000 },
      ...(capability ? { capability } : {}),
    });
    /** The message became a suggestion, or stage 1 screened it: either way it was read. */
    const read = async (messageId: string) => {
      const id = imapSuggestionId(t.accountId, { messageId, folder: "INBOX", uidValidity: "", uid: 0 });
      const s = await t.agent.ctx.stores.suggestions.get(id);
      if (s) return { suggestion: s };
      const screened = await t.agent.ctx.db.select().from(mailScreened).where(eq(mailScreened.id, id)).get();
      return screened ? { screened } : null;
    };

    it("turns mail delivered during IDLE into a suggestion within seconds, and shows the account in status", async () => {
      await until("the watcher to idle", async () => health()?.state === "watching", 10_000);
      const m = mail(
        "dinner saturday?",
        "Are you free on Saturday evening? We could try the new Thai place.",
      );
      const t0 = Date.now();
      await t.dv.deliver("maya", "INBOX", m.raw);
      // Read within seconds: a suggestion, or set aside by stage 1 (that verdict is stage 1's business).
      const got = await until("the message to be read", () => read(m.messageId), 5_000);
      expect(Date.now() - t0).toBeLessThan(5_000);
      if (got.suggestion)
        expect(got.suggestion).toMatchObject({ subject: "dinner saturday?", source: "imap" });
      else expect(got.screened?.subject).toBe("dinner saturday?");
      await until(
        "the pass to finish",
        async () => health()?.state === "watching" && health()?.lastChangeAt,
        10_000,
      );
      const res = await t.agent.app.request("/local/v1/status", {
        headers: { authorization: `Bearer ${await t.agent.auth.issue("cli")}` },
      });
      expect(res.status).toBe(200);
      const status = (await res.json()) as { mailAccounts: Record<string, unknown>[] };
      expect(status.mailAccounts).toEqual([
        expect.objectContaining({
          id: t.accountId,
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
      await t.dv.deliver("maya", "INBOX", m.raw);
      const got = await until("the suggestion", () => read(m.messageId), 10_000);
      // A direct question from a known correspondent: stage 1 keeps it.
      expect(got.suggestion?.status).toBe("new");
      const other = await t.dv.client("maya");
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
      const after = await until(
        "the suggestion to learn it left",
        async () => {
          const s = await t.agent.ctx.stores.suggestions.get(got.suggestion!.id);
          return s?.status === "archived" ? s : null;
        },
        10_000,
      );
      expect(after.labels).toContain(LEFT_INBOX_LABEL);
    }, 30_000);

    it("reconnects after the server restarts and keeps delivering", async () => {
      await t.dv.restart();
      // The drop is seen (retrying) and healed (watching again) with a short backoff.
      await until("the reconnect", async () => health()?.state === "watching" && health()?.connected, 15_000);
      const m = mail("lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office.");
      await t.dv.deliver("maya", "INBOX", m.raw);
      expect(await until("the suggestion after the restart", () => read(m.messageId), 10_000)).toBeTruthy();
    }, 40_000);

    it("a revoked password becomes a notice and the watcher stops retrying it", async () => {
      t.dv.setPassword("maya", "a new app password");
      await t.dv.restart();
      await until("the login to be refused", async () => health()?.state === "needs_login", 30_000);
      expect(health()?.lastError).toContain("refused the user name or password for maya");
      const status = await t.agent.ctx.stores.notices.active();
      expect(status).toEqual([
        expect.objectContaining({ kind: "needs_reauth", scoutId: `imap:${t.accountId}`, provider: "imap" }),
      ]);
      const refusals = () => (t.dv.log().match(/auth failed/g) ?? []).length;
      const before = await until("Dovecot to log the refusal", async () => refusals() || null, 10_000);
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
