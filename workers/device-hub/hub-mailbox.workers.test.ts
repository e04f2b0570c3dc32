import { env } from "cloudflare:test";
import { createD1Db } from "@scouts/db/d1";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import { deviceHubFor } from "../shared/durable-objects.ts";
import { createMemoryLogger } from "../shared/logger.ts";
import { createScoutStore } from "../shared/stores.ts";
import { GMAIL_FAKE_VARS, type GmailWorld, gmailWorld } from "../test/gmail-fixtures.ts";
import { connectDevice } from "../test/hub-client.ts";
import { resetTestOverrides, testOverrides } from "../test/overrides.ts";
import { keywordClassifier, makeDevice, recordingSender } from "../test/pipeline-fixtures.ts";

const db = createD1Db(env.DB);
let world: GmailWorld;

beforeEach(() => {
  world = gmailWorld(db);
  Object.assign(testOverrides, {
    fetch: world.fetch,
    vars: GMAIL_FAKE_VARS,
    logger: createMemoryLogger(),
    events: null,
    jobs: recordingSender(),
    classifier: keywordClassifier,
  });
});
afterEach(() => {
  resetTestOverrides();
});

describe("a Gmail proposal names the watched mailbox, so the device knows its reader", () => {
  it("on the inline path and when an unacked proposal is sent again to a reconnecting device", async () => {
    const mailbox = `Reader-${crypto.randomUUID()}@Example.com`;
    const s = await world.gmailScout(mailbox);
    const deviceId = await makeDevice(db, s.userId);
    const hub = deviceHubFor(env.DEVICE_HUB, s.userId);
    const connect = () =>
      connectDevice(env.DEVICE_HUB.get(env.DEVICE_HUB.idFromName(s.userId)), "http://hub/connect", {
        "x-scouts-user-id": s.userId,
        "x-scouts-device-id": deviceId,
      });
    const first = await connect();
    await first.waitFor((f) => f.some((x) => x.type === "welcome"));
    world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: "cy@example.org", subject: "Lunch?", body: "Noon at the usual place." }),
    });
    await hub.syncNow(s.userId, {
      kind: "sync",
      scoutId: s.scoutId,
      historyId: world.gmail.historyId(mailbox),
      trigger: "push",
    });
    await first.waitFor(() => first.proposals().length === 1);
    expect(first.proposals()[0]).toMatchObject({ mailbox: mailbox.toLowerCase(), subject: "Lunch?" });
    first.ws.close(1000, "bye");

    // not acked: a new connection gets it again through deliverProposals, mailbox included
    const again = await connect();
    await again.waitFor(() => again.proposals().length === 1);
    expect(again.proposals()[0]).toMatchObject({ mailbox: mailbox.toLowerCase() });
    again.ws.close(1000, "bye");
  });

  it("takes the account ref through core's one address check: IDN as punycode, tricks refused", async () => {
    const store = createScoutStore(db);
    const cases: [string, string | undefined][] = [
      ["Ann@B\u00fccher.de", "ann@xn--bcher-kva.de"],
      ['"boss@bank.example" <eve@evil.example>', "eve@evil.example"],
      ["ann@example.com\r\nBcc: all@example.com", undefined],
      ["ann@localhost", undefined],
    ];
    for (const [ref, want] of cases) {
      const s = await world.gmailScout(ref);
      expect((await store.getScout(s.scoutId))?.mailbox).toBe(want);
    }
  });
});
