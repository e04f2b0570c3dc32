import { env } from "cloudflare:test";
import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { dispatchEvent } from "@scouts/core/automation/triggers/dispatch-event";
import { publish } from "@scouts/core/events/publish";
import { describe, expect, it } from "vitest";
import { createAutomationCtx } from "../../workers/shared/automation-deps.ts";
import {
  fakeGoogle,
  GMAIL_VARS,
  seedGmailScout,
  seedProposal,
} from "../../workers/test/gmail-proposal-fixture.ts";
import { devEnv } from "../../workers/test/harness.ts";
import { rfc822 } from "../fakes/gmail/index.ts";

describe("mailbox actions from an automation (workerd, fake Gmail)", () => {
  it("a triage verdict event archives the message through the ledger, once, even if the step re-runs", async () => {
    const google = fakeGoogle();
    const { gmail, fetchFake } = google;
    const seeded = await seedGmailScout(google, "auto-mail", { historyCursor: "100" });
    const { mailbox } = seeded;
    const e = devEnv(GMAIL_VARS);
    const { msg, proposalId } = await seedProposal(
      google,
      seeded,
      rfc822({ from: "news@shop.test", subject: "Sale", body: "x" }),
      "queued",
    );

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
