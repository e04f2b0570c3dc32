import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { ScoutJob } from "@scouts/core/protocol/jobs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DeviceHub } from "../../workers/device-hub/device-hub.ts";
import { readConfig } from "../../workers/env.ts";
import { sealTokens } from "../../workers/shared/token-store.ts";
import worker from "../../workers/test/entry.ts";
import { callApp, TEST_SECRETS, testEnv } from "../../workers/test/harness.ts";
import { connectDevice } from "../../workers/test/hub-client.ts";
import { resetTestOverrides, testOverrides } from "../../workers/test/overrides.ts";
import { keywordClassifier, makeDevice, recordingSender } from "../../workers/test/pipeline-fixtures.ts";
import { recordingQueue, seedConnectedScout, testDb } from "../../workers/test/records.ts";
import { captureConsole, dumpD1, dumpHub, dumpQuotaGate } from "../../workers/test/storage-dump.ts";
import { createFakeGmail, rfc822 } from "../fakes/gmail/index.ts";
import { createFakeGoogleSigner, type FakeGoogleSigner } from "../fakes/google-jwks.ts";
import { routeFakes, toFetch } from "../fakes/handler.ts";

const CANARY = "CANARY-q7Zr4-privacy-do-not-store";
const AUDIENCE = "https://scouts.test/webhooks/gmail";
const SERVICE_ACCOUNT = "gmail-push@scouts-test.iam.gserviceaccount.com";
const MAILBOX = "canary-owner@example.com";
const VARS = { GMAIL_API_BASE: "https://gmail.fake", TOKEN_KEYS: TEST_SECRETS.TOKEN_KEYS };

let google: FakeGoogleSigner;
beforeAll(async () => {
  google = await createFakeGoogleSigner({ audience: AUDIENCE, serviceAccount: SERVICE_ACCOUNT });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetTestOverrides();
});

describe("privacy canary", () => {
  // Small sync pages are triaged inside the sync job; big ones fan out triage jobs. Both paths.
  it.each([
    { path: "fan-out triage jobs", inlineTriageMax: 0, kinds: ["sync", "triage"] },
    { path: "triage inline in the sync job", inlineTriageMax: 20, kinds: ["sync"] },
  ])(
    "a canary in subject, body and snippet reaches the device and is found nowhere in the cloud ($path)",
    async ({ inlineTriageMax, kinds }) => {
      const logs = captureConsole();
      const gmail = createFakeGmail();
      const accessToken = gmail.addAccount(MAILBOX, { startHistoryId: "100" });
      const fetch = toFetch(
        routeFakes([
          ["https://gmail.fake", gmail.handler],
          ["/", google.handler],
        ]),
      );
      const seeded = await seedConnectedScout({
        email: `owner-${crypto.randomUUID()}@example.test`,
        sourceType: "gmail",
        accountRef: MAILBOX,
        historyCursor: "100",
      });
      const config = readConfig(testEnv(VARS));
      const sealed = await sealTokens(config, seeded.userId, {
        accessToken,
        refreshToken: "1//fake-refresh",
        expiresAt: Date.now() + 3600_000,
        scope: "https://www.googleapis.com/auth/gmail.modify",
      });
      await env.DB.prepare(
        "update scout_connections set token_ciphertext = ?, token_key_version = ? where id = ?",
      )
        .bind(sealed.ciphertext, sealed.keyVersion, seeded.connectionId)
        .run();

      const deviceId = await makeDevice(testDb(), seeded.userId);
      const ns = env.DEVICE_HUB as DurableObjectNamespace<DeviceHub>;
      const device = await connectDevice(ns.get(ns.idFromName(seeded.userId)), "http://hub/connect", {
        "x-scouts-user-id": seeded.userId,
        "x-scouts-device-id": deviceId,
      });
      await device.waitFor((f) => f.some((x) => x.type === "welcome"));

      const added = gmail.addMessage(MAILBOX, {
        raw: rfc822({
          from: `Mallory <mallory@example.net>`,
          subject: `Invoice ${CANARY}`,
          body: `${CANARY} is the reference for your invoice. Regards, ${CANARY}`,
        }),
      });

      const sender = recordingSender();
      // Stage 1 is pinned to a rule that keeps this message: the test is about storage, not about the model.
      Object.assign(testOverrides, {
        fetch,
        vars: VARS,
        jobs: sender,
        classifier: keywordClassifier,
        inlineTriageMax,
      });

      // Webhook: a signed Pub/Sub push; the queue binding records what is put on it.
      const pushQueue = recordingQueue();
      const data = btoa(JSON.stringify({ emailAddress: MAILBOX, historyId: added.historyId }));
      const res = await callApp(
        {
          env: testEnv({
            PUBSUB_AUDIENCE: AUDIENCE,
            PUBSUB_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
            JOBS: pushQueue.queue,
          }),
          options: { fetch },
        },
        AUDIENCE,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${await google.tokens.valid()}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({
            message: { data, messageId: "1", publishTime: "2026-11-22T00:00:00Z" },
            subscription: "s",
          }),
        },
      );
      expect(res.status).toBe(204);

      // Queue: run the consumer on every message until nothing new is enqueued. The push request
      // already ran the sync in the DeviceHub (sync-now.ts); the queued copy is its durable twin.
      const payloads: unknown[] = [...pushQueue.sent, ...sender.sent];
      let pending = payloads as ScoutJob[];
      for (let round = 0; pending.length > 0 && round < 5; round++) {
        const before = sender.sent.length;
        const batch = createMessageBatch(
          "scouts-jobs",
          pending.map((body, i) => ({ id: `r${round}-${i}`, timestamp: new Date(), attempts: 1, body })),
        );
        const ctx = createExecutionContext();
        await worker.queue(batch, testEnv(VARS), ctx);
        const result = await getQueueResult(batch, ctx);
        expect(result.explicitAcks).toHaveLength(pending.length);
        pending = sender.sent.slice(before);
        payloads.push(...pending);
      }
      expect(payloads.map((p) => (p as ScoutJob).kind)).toEqual(kinds);

      // Device: the proposal carries the subject triage handed to the hub in memory; read_item the full content.
      await device.waitFor(() => device.proposals().length === 1);
      const proposal = device.proposals()[0]!;
      expect(proposal.subject).toContain(CANARY);
      expect(proposal.snippet).toContain(CANARY);
      device.send({ type: "read_item", requestId: "read-1", proposalId: proposal.proposalId });
      await device.waitFor((f) => f.some((x) => x.type === "read_item_result"));
      expect(JSON.stringify(device.frames.find((x) => x.type === "read_item_result"))).toContain(CANARY);
      device.send({ type: "scout_proposal_ack", proposalId: proposal.proposalId });
      await new Promise((r) => setTimeout(r, 100));

      const d1 = await dumpD1();
      expect(d1).toContain(proposal.proposalId); // the dump is real: the row is there
      expect(d1).toContain(added.id);
      const quotaGate = await dumpQuotaGate(MAILBOX);
      expect(quotaGate).toContain("bucket"); // the dump is real: the sync charged this gate
      const places = {
        d1,
        durableObject: await dumpHub(seeded.userId),
        quotaGate,
        queuePayloads: JSON.stringify(payloads),
        logs: logs.join("\n"),
      };
      expect(places.logs.length).toBeGreaterThan(0);
      for (const [where, text] of Object.entries(places)) {
        for (const needle of [CANARY, CANARY.toLowerCase(), encodeURIComponent(CANARY), btoa(CANARY)]) {
          expect(text.includes(needle), `canary found in ${where}`).toBe(false);
        }
      }
    },
  );
});
