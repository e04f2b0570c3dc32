import { env } from "cloudflare:test";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { dispatchEvent } from "@scouts/core/automation/triggers/dispatch-event";
import { publish } from "@scouts/core/events/publish";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../workers/env.ts";
import { createAutomationCtx } from "../../workers/shared/automation-deps.ts";
import { sealTokens } from "../../workers/shared/token-store.ts";
import { devEnv, devUser } from "../../workers/test/harness.ts";
import { seedConnectedScout } from "../../workers/test/records.ts";
import { createFakeGmail, rfc822 } from "../fakes/gmail/index.ts";
import { createFakeGoogleOAuth } from "../fakes/google-oauth.ts";
import { routeFakes, toFetch } from "../fakes/handler.ts";

const VARS = {
  GOOGLE_CLIENT_ID: "client-123",
  GOOGLE_CLIENT_SECRET: "client-secret-xyz",
  GOOGLE_TOKEN_URL: "https://accounts.fake/token",
  GMAIL_API_BASE: "https://gmail.fake",
};

describe("mailbox actions from an automation (workerd, fake Gmail)", () => {
  it("a triage verdict event archives the message through the ledger, once, even if the step re-runs", async () => {
    const gmail = createFakeGmail();
    const oauth = createFakeGoogleOAuth({
      clientId: VARS.GOOGLE_CLIENT_ID,
      clientSecret: VARS.GOOGLE_CLIENT_SECRET,
      onAccessToken: (t, email) => gmail.issueToken(email, t),
    });
    const fetchFake = toFetch(
      routeFakes([
        ["https://accounts.fake", oauth.handler],
        ["https://gmail.fake", gmail.handler],
      ]),
    );
    const email = `auto-mail-${crypto.randomUUID()}@example.com`;
    await devUser(email);
    const mailbox = `box-${email}`;
    gmail.addAccount(mailbox, { startHistoryId: "100" });
    const seeded = await seedConnectedScout({
      email,
      sourceType: "gmail",
      accountRef: mailbox,
      historyCursor: "100",
    });
    const e = devEnv(VARS);
    const sealed = await sealTokens(readConfig(e), seeded.userId, {
      accessToken: "ya29.expired",
      refreshToken: oauth.issueRefreshToken(mailbox),
      expiresAt: Date.now() - 1000,
      scope: "gmail",
    });
    await env.DB.prepare(
      "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
    )
      .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
      .run();
    const msg = gmail.addMessage(mailbox, {
      raw: rfc822({ from: "news@shop.test", subject: "Sale", body: "x" }),
    });
    const proposalId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into scout_triage_queue (id, user_id, scout_id, source_msg_ref, thread_ref, verdict, reason, confidence, status, created_at, expires_at) values (?, ?, ?, ?, ?, 'relevant', 't0', 0.9, 'queued', ?, ?)",
    )
      .bind(
        proposalId,
        seeded.userId,
        seeded.scoutId,
        msg.id,
        msg.threadId,
        Date.now(),
        Date.now() + 86_400_000,
      )
      .run();

    // The test executes each run itself (with the fake Gmail): starting one starts nothing else.
    const ctx = { ...createAutomationCtx(e, { fetch: fetchFake }), queue: { send: async () => {} } };
    const dispatched: string[] = [];
    ctx.events = { ...ctx.events, dispatch: async (ev) => void dispatched.push(ev.id) };
    await saveAutomation({
      ctx: ctx.manage,
      input: {
        userId: seeded.userId,
        definition: {
          schema_version: 1,
          name: "Archive confident verdicts",
          triggers: [
            {
              type: "event",
              event_type: "scout.triage.verdict",
              filter: { path: "payload.confidence", gte: 0.8 },
            },
          ],
          plan: {
            steps: [
              {
                id: "archive",
                action: "mailbox_archive",
                with: { proposal_id: "{{ run.trigger.payload.payload.proposalId }}" },
              },
            ],
          },
          execution: { concurrency: "allow_parallel" },
        },
      },
    });
    const event = await publish(ctx.events, {
      type: "scout.triage.verdict",
      userId: seeded.userId,
      subject: `scout:${seeded.scoutId}`,
      payload: { scoutId: seeded.scoutId, proposalId, verdict: "relevant", confidence: 0.9 },
    });
    const { outcomes } = await dispatchEvent({ ctx, input: { eventId: event.id } });
    const runId = (outcomes[0] as { runId: string }).runId;
    expect(await executeRun({ ctx, input: { runId } })).toBe("succeeded");
    const labels = () => [...(gmail.mailbox(mailbox).messages.get(msg.id)?.labelIds ?? [])];
    expect(labels()).not.toContain("INBOX");
    const ledger = await env.DB.prepare("SELECT action, actor, run_id FROM ledger_actions WHERE user_id = ?")
      .bind(seeded.userId)
      .all();
    expect(ledger.results).toEqual([{ action: "archive", actor: "automation", run_id: runId }]);

    // A Worker restart that re-runs the step (state reset to running) must not archive twice.
    const modifies = gmail.calls.filter((c) => c.call === "modify").length;
    await env.DB.prepare("UPDATE automation_runs SET status = 'running' WHERE id = ?").bind(runId).run();
    await env.DB.prepare("UPDATE automation_run_steps SET status = 'running' WHERE run_id = ?")
      .bind(runId)
      .run();
    expect(await executeRun({ ctx, input: { runId } })).toBe("succeeded");
    expect(gmail.calls.filter((c) => c.call === "modify").length).toBe(modifies);
    const again = await env.DB.prepare("SELECT count(*) AS n FROM ledger_actions WHERE user_id = ?")
      .bind(seeded.userId)
      .first<{ n: number }>();
    expect(again!.n).toBe(1);
  });
});
