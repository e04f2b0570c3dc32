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
import { makeDevice, recordingSender } from "../../workers/test/pipeline-fixtures.ts";
import { recordingQueue, seedConnectedScout, testDb } from "../../workers/test/records.ts";
import { captureConsole, dumpD1, dumpDurableObject } from "../../workers/test/storage-dump.ts";
import { createFakeGmail } from "../fakes/gmail/index.ts";
import { createFakeGoogleSigner, type FakeGoogleSigner } from "../fakes/google-jwks.ts";
import { routeFakes, toFetch } from "../fakes/handler.ts";
import { canaryNeedles } from "./canary-encodings.ts";

// Random-looking, with "=" and "~" so quoted-printable and percent-encoding differ from the raw form.
const CANARY = "Zq7Rk=Wx94TxW0pLm3vB8Qa~Jf";
const AUDIENCE = "https://scouts.test/webhooks/gmail";
const SERVICE_ACCOUNT = "gmail-push@scouts-test.iam.gserviceaccount.com";
const MAILBOX = "canary-strong@example.com";
const SENDER = `dana.${CANARY}@partner.example.org`;
const VARS = { GMAIL_API_BASE: "https://gmail.fake", TOKEN_KEYS: TEST_SECRETS.TOKEN_KEYS };

let google: FakeGoogleSigner;
beforeAll(async () => {
  google = await createFakeGoogleSigner({ audience: AUDIENCE, serviceAccount: SERVICE_ACCOUNT });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetTestOverrides();
});

/**
 * A message with the canary in every header a sender controls (its address included), the
 * subject, body and an attachment name.
 */
function canaryMail(kind: "work" | "spam"): string {
  const boundary = "b-7f3a9";
  const body =
    kind === "work"
      ? `Hi Sam,\r\n\r\nCould you review the contract draft before our call on Thursday? The reference is ${CANARY}.\r\n\r\nThanks,\r\nDana`
      : `CONGRATULATIONS!!! You WON $1,000,000 ${CANARY} CLICK NOW http://win.example.biz/claim?c=${CANARY} FREE FREE FREE`;
  return [
    // The canary is in the sender's address too: the sent-mail lookup asks Gmail about it.
    `From: "Dana ${CANARY}" <${SENDER}>`,
    `Reply-To: "${CANARY}" <reply@partner.example.org>`,
    `To: ${MAILBOX}`,
    `Subject: ${kind === "work" ? "Contract review" : "WINNER"} ${CANARY}`,
    "Date: Sun, 22 Nov 2026 04:00:00 +0000",
    `Message-ID: <${crypto.randomUUID()}@partner.example.org>`,
    `List-Id: "${CANARY} list" <partners.example.org>`,
    `X-Mailer: ${CANARY}`,
    `X-Campaign-Id: ${CANARY}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=UTF-8",
    "",
    body,
    `--${boundary}`,
    `Content-Type: application/pdf; name="${CANARY}.pdf"`,
    `Content-Disposition: attachment; filename="${CANARY}.pdf"`,
    "Content-Transfer-Encoding: base64",
    "",
    btoa(`%PDF-1.4 ${CANARY}`),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

async function dumpR2(): Promise<string> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.ARTIFACTS.list({ cursor, include: ["httpMetadata", "customMetadata"] });
    for (const o of page.objects) {
      const body = await env.ARTIFACTS.get(o.key);
      out.push(o.key, JSON.stringify(o.customMetadata ?? {}), (await body?.text()) ?? "");
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out.join("\n");
}

describe("stronger privacy canary (real stage 1, every sender-controlled field, every encoding)", () => {
  it("the canary reaches the device and is found nowhere in D1, Durable Objects, queues, R2 or logs", async () => {
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
    const sealed = await sealTokens(readConfig(testEnv(VARS)), seeded.userId, {
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

    // The person once wrote to the canary sender: the relationship rides the frame, in memory only.
    gmail.addMessage(MAILBOX, {
      raw: `From: ${MAILBOX}\r\nTo: ${SENDER}\r\nSubject: re\r\n\r\nok\r\n`,
      labels: ["SENT"],
    });
    gmail.addMessage(MAILBOX, { raw: canaryMail("spam") });
    const work = gmail.addMessage(MAILBOX, { raw: canaryMail("work") });

    // The real stage 1 (no classifier override): what it keeps and logs is what is checked.
    const sender = recordingSender();
    Object.assign(testOverrides, { fetch, vars: VARS, jobs: sender, inlineTriageMax: 0 });
    const pushQueue = recordingQueue();
    const data = btoa(JSON.stringify({ emailAddress: MAILBOX, historyId: work.historyId }));
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
      await getQueueResult(batch, ctx);
      pending = sender.sent.slice(before);
      payloads.push(...pending);
    }

    // Stage 1 judged both: the work mail is a proposal carrying the canary to the device only.
    await device.waitFor(() => device.proposals().length >= 1);
    const proposal = device.proposals().find((p) => p.sourceMsgRef === work.id);
    expect(proposal?.subject).toContain(CANARY);
    expect(proposal?.reader).toEqual({ role: "to", wroteTo: true });
    expect(gmail.calls.some((c) => c.call === "list" && c.query.includes("q="))).toBe(true);
    device.send({ type: "read_item", requestId: "read-1", proposalId: proposal!.proposalId });
    await device.waitFor((f) => f.some((x) => x.type === "read_item_result"));
    expect(JSON.stringify(device.frames.find((x) => x.type === "read_item_result"))).toContain(CANARY);
    const verdicts = await env.DB.prepare(
      "select source_msg_ref, verdict from scout_triage_queue where scout_id = ?",
    )
      .bind(seeded.scoutId)
      .all<{ source_msg_ref: string; verdict: string }>();
    expect(verdicts.results).toHaveLength(2); // both judged and remembered by id (spam as a dropped row)

    const d1 = await dumpD1();
    expect(d1).toContain(work.id); // the dump is real
    expect(d1).toContain("gmail://list/partners.example.org"); // the List-Id was harvested, by id
    const places: Record<string, string> = {
      d1,
      deviceHub: await dumpDurableObject(ns.get(ns.idFromName(seeded.userId))),
      quotaGate: await dumpDurableObject(env.QUOTA_GATE.get(env.QUOTA_GATE.idFromName(`gmail:${MAILBOX}`))),
      queuePayloads: JSON.stringify(payloads),
      r2: await dumpR2(),
      logs: logs.join("\n"),
    };
    expect(logs.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const [where, text] of Object.entries(places))
      for (const needle of canaryNeedles(CANARY))
        if (text.includes(needle.text)) leaks.push(`${needle.form} in ${where}`);
    expect(leaks).toEqual([]);
  });
});
