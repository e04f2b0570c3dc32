import { decodeGmailPush } from "@scouts/core/auth/gmail-push";
import { createPubsubJwtVerifier, type PushAuthFailure } from "@scouts/core/auth/pubsub-jwt";
import { isNewerHistoryId } from "@scouts/core/connectors/gmail/history-id";
import { CoreError, isCoreError } from "@scouts/core/errors";
import type { SyncJob } from "@scouts/core/protocol/jobs";
import { findScoutsByAccount } from "@scouts/db/repos/connections";
import { recordNotification } from "@scouts/db/repos/scouts";
import { Hono } from "hono";
import { requireConfig } from "../../shared/require-config.ts";
import type { AppEnv } from "../context.ts";
import { enqueueJobs } from "../enqueue.ts";
import { queuedCopyDelaySeconds, syncNow } from "../sync-now.ts";
import { createPushOwners } from "./push-owners.ts";

const MAX_PUSH_BYTES = 64 * 1024;

/** Per isolate: lets a push for a known mailbox start its sync before the D1 lookup. */
const pushOwners = createPushOwners();

// A genuine Google token that names someone else is forbidden; anything unproven is unauthenticated.
const FORBIDDEN: ReadonlySet<PushAuthFailure> = new Set([
  "wrong_audience",
  "wrong_email",
  "email_unverified",
]);

/**
 * `POST /webhooks/gmail`: Pub/Sub push. 204 only once the sync job is on the queue; permanently
 * bad payloads are acked (204) and logged by code; auth failures 401/403; DB or queue trouble 503
 * so Pub/Sub redelivers.
 */
export function gmailRoutes() {
  return new Hono<AppEnv>().post("/webhooks/gmail", async (c) => {
    const { config, fetch, clock, logger, db, requestId } = c.var.services;
    const started = clock.now();
    const cfg = requireConfig(config, "Gmail push", ["PUBSUB_AUDIENCE", "PUBSUB_SERVICE_ACCOUNT"]);
    const verifier = createPubsubJwtVerifier({
      audience: cfg.PUBSUB_AUDIENCE,
      serviceAccount: cfg.PUBSUB_SERVICE_ACCOUNT,
      jwksUrl: cfg.GOOGLE_JWKS_URL,
      fetch,
      clock,
    });
    const auth = await verifier.verify(c.req.header("authorization"));
    if (!auth.ok) {
      logger.log("warn", "gmail_push_refused", { requestId, reason: auth.reason });
      if (auth.transient)
        throw new CoreError("upstream_unavailable", auth.message, { details: { reason: auth.reason } });
      const code = FORBIDDEN.has(auth.reason) ? "forbidden" : "unauthenticated";
      throw new CoreError(code, `push token refused: ${auth.message}`, { details: { reason: auth.reason } });
    }

    const poison = (reason: string) => {
      logger.log("warn", "gmail_push_poison", { requestId, reason });
      return c.body(null, 204);
    };
    const text = await c.req.text();
    if (text.length > MAX_PUSH_BYTES) return poison("too_large");
    let notification: ReturnType<typeof decodeGmailPush>;
    try {
      notification = decodeGmailPush(JSON.parse(text));
    } catch (e) {
      if (e instanceof SyntaxError) return poison("body_not_json");
      if (isCoreError(e) && e.code === "bad_input") return poison("bad_notification");
      throw e;
    }

    const jobs: SyncJob[] = [];
    const owned: Array<{ userId: string; job: SyncJob }> = [];
    const active: string[] = [];
    const pushJob = (scoutId: string): SyncJob => ({
      kind: "sync",
      scoutId,
      historyId: notification.historyId,
      trigger: "push",
    });
    // The hub checks the scout itself (paused, re-auth, cursor), so a remembered owner may start now.
    const early = pushOwners.recall(notification.emailAddress, clock.now()) ?? [];
    syncNow(
      c,
      early.map((o) => ({ userId: o.userId, job: pushJob(o.scoutId) })),
    );
    try {
      const scouts = await findScoutsByAccount(db, "google", notification.emailAddress);
      pushOwners.remember(
        notification.emailAddress,
        scouts.map((s) => ({ userId: s.userId, scoutId: s.scoutId })),
        clock.now(),
      );
      if (scouts.length === 0) return poison("unknown_mailbox");
      for (const scout of scouts) {
        // Paused or disabled scouts catch up from their cursor when they resume.
        if (!scout.enabled || scout.needsReauth || scout.pausedReason !== null) {
          logger.log("info", "gmail_push_scout_inactive", { requestId, scoutId: scout.scoutId });
          continue;
        }
        active.push(scout.scoutId);
        // At-least-once and unordered: a notification the cursor already passed needs no sync.
        if (!isNewerHistoryId(notification.historyId, scout.historyCursor)) {
          logger.log("info", "gmail_push_already_synced", { requestId, scoutId: scout.scoutId });
          continue;
        }
        const job = pushJob(scout.scoutId);
        jobs.push(job);
        if (!early.some((o) => o.scoutId === scout.scoutId)) owned.push({ userId: scout.userId, job });
      }
      // The sync is what the person waits for: it starts first, in the user's hub (sync-now.ts).
      // The queued copy below is the durable one; a run before a failed write or enqueue is harmless.
      syncNow(c, owned);
      const now = clock.now();
      await Promise.all(active.map((scoutId) => recordNotification(db, scoutId, now)));
    } catch (e) {
      if (isCoreError(e)) throw e;
      throw new CoreError("upstream_unavailable", "scout store unavailable, retry later", { cause: e });
    }
    await enqueueJobs(c.env.JOBS, jobs, { delaySeconds: queuedCopyDelaySeconds });
    for (const job of jobs)
      logger.log("info", "gmail_push_enqueued", {
        requestId,
        scoutId: job.scoutId,
        ms: clock.now() - started,
      });
    return c.body(null, 204);
  });
}
