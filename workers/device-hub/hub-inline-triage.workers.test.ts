import { env } from "cloudflare:test";
import type { ItemContent } from "@scouts/core/connectors/source-connector";
import { CoreError } from "@scouts/core/errors";
import { createD1Db } from "@scouts/db/d1";
import { scoutTriageQueue } from "@scouts/db/schema/index";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messageWithAttachment } from "../../tests/fakes/gmail/big-messages.ts";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { deviceHubFor } from "../shared/durable-objects.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld } from "../test/gmail-fixtures.ts";
import { connectDevice } from "../test/hub-client.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { keywordClassifier, makeDevice, recordingSender } from "../test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);
let world: GmailWorld;
let jobs: ReturnType<typeof recordingSender>;

beforeEach(() => {
  world = gmailWorld(db);
  jobs = recordingSender();
  Object.assign(testOverrides, {
    fetch: world.fetch,
    vars: GMAIL_FAKE_VARS,
    logger: createMemoryLogger(),
    events: null,
    jobs,
    // One message's triage fails outright; the others must not notice.
    classifier: {
      name: "poison-aware",
      classify: (item: ItemContent) => {
        if (item.kind === "email" && item.raw.includes("POISON"))
          throw new CoreError("internal", "triage blew up on this message");
        return keywordClassifier.classify(item);
      },
    },
  });
});
afterEach(() => {
  resetTestOverrides();
});

describe("DeviceHub inline triage: one message's failure or size is contained", () => {
  it("a 25 MB message and a failing one: sockets stay open, the rest is delivered, the failure becomes a job", async () => {
    const mailbox = `hub-big-${crypto.randomUUID()}@example.com`;
    const s = await world.gmailScout(mailbox);
    const deviceId = await makeDevice(db, s.userId);
    const hub = deviceHubFor(env.DEVICE_HUB, s.userId);
    const dev = await connectDevice(
      env.DEVICE_HUB.get(env.DEVICE_HUB.idFromName(s.userId)),
      "http://hub/connect",
      { "x-scouts-user-id": s.userId, "x-scouts-device-id": deviceId },
    );
    await dev.waitFor((f) => f.some((x) => x.type === "welcome"));
    const small = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "cy@example.org", subject: "Lunch?", body: "Noon at the usual place." }),
    }).id;
    const big = world.gmail.addMessage(mailbox, { raw: messageWithAttachment("Scans", 25 * 1024 * 1024) }).id;
    const poison = world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "x@example.org", subject: "Odd", body: "POISON" }),
    }).id;

    await hub.syncNow(s.userId, {
      kind: "sync",
      scoutId: s.scoutId,
      historyId: world.gmail.historyId(mailbox),
      trigger: "push",
    });

    await dev.waitFor(() => dev.proposals().length === 2);
    expect(
      dev
        .proposals()
        .map((p) => p.sourceMsgRef)
        .sort(),
    ).toEqual([small, big].sort());
    expect(dev.proposals().find((p) => p.sourceMsgRef === big)).toMatchObject({ subject: "Scans" });
    // The failing message is owed as a triage job (ids only), not lost and not fatal.
    expect(jobs.sent).toEqual([
      { kind: "triage", scoutId: s.scoutId, ref: expect.objectContaining({ id: poison }) },
    ]);
    expect(JSON.stringify(jobs.sent)).not.toContain("POISON");
    const rows = await db
      .select()
      .from(scoutTriageQueue)
      .where(eq(scoutTriageQueue.scoutId, s.scoutId))
      .all();
    expect(rows.map((r) => r.sourceMsgRef).sort()).toEqual([small, big].sort());
    // The hub was not reset: the same socket still takes frames and answers.
    expect(dev.ws.readyState).toBe(WebSocket.OPEN);
    dev.send({ type: "not_a_frame" });
    await dev.waitFor((f) => f.some((x) => x.type === "error"));
    dev.ws.close();
  }, 60_000);
});
