import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { READER_LOOKUPS_PER_INVOCATION } from "@scouts/core/pipeline/reader-lookup";
import type { FetchLike } from "@scouts/core/ports";
import type { TriageJob } from "@scouts/core/protocol/jobs";
import { describe, expect, it } from "vitest";
import { rfc822 } from "../../tests/fakes/gmail/index.ts";
import worker from "../test/entry.ts";
import { GMAIL_FAKE_VARS } from "../test/gmail-fixtures.ts";
import { db, lunch, readerWorld, recordingStage1, triageBatch } from "../test/gmail-reader-fixtures.ts";
import { testEnv } from "../test/harness.ts";
import { connectDevice, type TestDevice } from "../test/hub-client.ts";
import { testOverrides } from "../test/overrides.ts";
import { makeDevice } from "../test/pipeline-fixtures.ts";

const r = readerWorld();

describe("cloud stage 1 knows the Gmail reader (issue 13, item 2)", () => {
  it("feeds the mailbox and the sent-mail relationship to stage 1 and the frame, one lookup per sender", async () => {
    const { mailbox, scoutId, device } = await r.scoutWithDevice();
    // The person once wrote to Ann (Cc'd); Bo is a stranger.
    r.world.gmail.addMessage(mailbox, {
      raw: rfc822({
        from: mailbox,
        to: "team@example.net",
        subject: "notes",
        body: "x",
        headers: { Cc: "ann@partner.example.org" },
      }),
      labels: ["SENT"],
    });
    const a1 = r.world.gmail.addMessage(mailbox, { raw: lunch("Ann <ann@partner.example.org>", mailbox) });
    const a2 = r.world.gmail.addMessage(mailbox, {
      raw: lunch("ann@partner.example.org", "team@example.net", mailbox),
    });
    const b = r.world.gmail.addMessage(mailbox, { raw: lunch("Bo <bo@stranger.example.org>", mailbox) });
    const rec = recordingStage1();
    r.use(rec.classifier);

    const result = await triageBatch(scoutId, [a1.id, a2.id, b.id]);
    expect(result.explicitAcks).toHaveLength(3);
    await device.waitFor(() => device.proposals().length === 3);
    const frame = (id: string) => device.proposals().find((p) => p.sourceMsgRef === id);
    expect(frame(a1.id)?.reader).toEqual({ role: "to", wroteTo: true });
    expect(frame(a2.id)?.reader).toEqual({ role: "cc", wroteTo: true });
    expect(frame(b.id)?.reader).toEqual({ role: "to", wroteTo: false });
    // Two distinct senders, three messages: two lookups.
    expect(r.sentLookups()).toHaveLength(2);

    // The effect on stage 1, not a flag: a stranger is a first contact, Ann is not.
    const of = (who: string) => rec.seen.find((s) => s.from.includes(who))!;
    expect(of("ann@").rules?.reader?.addresses).toEqual([mailbox]);
    expect(of("ann@").rules?.knownSenders?.has("ann@partner.example.org")).toBe(true);
    expect(of("ann@").verdict.reason).not.toContain("first_contact");
    expect(of("bo@").verdict.reason).toContain("first_contact");
    device.ws.close(1000, "bye");
  });

  for (const failure of ["429", "503", "401", "hang"] as const)
    it(`a ${failure} on the lookup: still triaged, relationship not known (no first_contact), no retries`, async () => {
      const { mailbox, scoutId, device } = await r.scoutWithDevice();
      const m1 = r.world.gmail.addMessage(mailbox, { raw: lunch("cy@one.example.org", mailbox) });
      const m2 = r.world.gmail.addMessage(mailbox, { raw: lunch("dee@two.example.org", mailbox) });
      let lookups = 0;
      const fetch: FetchLike = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (!url.searchParams.has("q")) return r.world.fetch(input, init);
        lookups++;
        if (failure === "hang") return new Promise<Response>(() => {});
        const status = Number(failure);
        return Response.json(
          {
            error: {
              code: status,
              message: "refused",
              status: status === 401 ? "UNAUTHENTICATED" : "UNAVAILABLE",
            },
          },
          { status, headers: status === 429 ? { "retry-after": "1" } : {} },
        );
      };
      const rec = recordingStage1();
      r.use(rec.classifier, fetch);

      const result = await triageBatch(scoutId, [m1.id, m2.id]);
      expect(result.explicitAcks).toHaveLength(2);
      expect(result.retryMessages).toEqual([]);
      await device.waitFor(() => device.proposals().length === 2, 8000);
      for (const p of device.proposals()) expect(p.reader).toEqual({ role: "to" });
      for (const s of rec.seen) {
        expect(s.rules?.reader?.addresses).toEqual([mailbox]);
        expect(s.rules?.knownSenders).toBeUndefined();
        expect(s.verdict.reason).not.toContain("first_contact");
      }
      // The first failure stops the invocation's lookups for this mailbox; a 401 is refreshed once.
      expect(lookups).toBe(failure === "401" ? 2 : 1);
      device.ws.close(1000, "bye");
    }, 20_000);

  it("costs one lookup per distinct sender, bounded per invocation: measured per queue batch", async () => {
    const rec = recordingStage1();
    let fetches = 0;
    const counting: FetchLike = (input, init) => {
      fetches++;
      return r.world.fetch(input, init);
    };
    r.use(rec.classifier, counting);
    const units = (mailboxes: string[]) => mailboxes.reduce((n, m) => n + r.world.gmail.quota.total(m), 0);

    // A full triage batch (wrangler: max_batch_size = 10): ten messages, ten distinct senders.
    const a = await r.scoutWithDevice();
    const ids = Array.from(
      { length: 10 },
      (_, i) =>
        r.world.gmail.addMessage(a.mailbox, { raw: lunch(`p${i}@senders.example.org`, a.mailbox) }).id,
    );
    await triageBatch(a.scoutId, ids.slice(0, 1)); // the first call refreshes the token
    const [f0, u0, l0] = [fetches, units([a.mailbox]), r.sentLookups().length];
    await triageBatch(a.scoutId, ids.slice(1));
    const triage = {
      jobs: 9,
      fetches: fetches - f0,
      units: units([a.mailbox]) - u0,
      lookups: r.sentLookups().length - l0,
    };
    expect(triage.lookups).toBe(9);

    // The worst page: sync jobs that triage 20 refs inline each, every ref a new sender.
    Object.assign(testOverrides, { inlineTriageMax: 20 });
    const scouts = [await r.scoutWithDevice(), await r.scoutWithDevice()];
    for (const [k, sc] of scouts.entries())
      for (let i = 0; i < 20; i++)
        r.world.gmail.addMessage(sc.mailbox, { raw: lunch(`s${k}-${i}@senders.example.org`, sc.mailbox) });
    const [f1, l1] = [fetches, r.sentLookups().length];
    const u1 = units(scouts.map((sc) => sc.mailbox));
    const batch = createMessageBatch(
      "scouts-jobs",
      scouts.map((sc, i) => ({
        id: `sync-${i}-${crypto.randomUUID()}`,
        timestamp: new Date(),
        attempts: 1,
        body: { kind: "sync", scoutId: sc.scoutId, trigger: "poll" },
      })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    const res = await getQueueResult(batch, ctx);
    expect(res.retryMessages).toEqual([]);
    for (const sc of scouts) await sc.device.waitFor(() => sc.device.proposals().length === 20, 10_000);
    const sync = {
      refs: 40,
      fetches: fetches - f1,
      units: units(scouts.map((sc) => sc.mailbox)) - u1,
      lookups: r.sentLookups().length - l1,
    };
    // 40 new senders, but no more lookups than the bound; the rest are "not known", still triaged.
    expect(sync.lookups).toBe(READER_LOOKUPS_PER_INVOCATION);
    const withRelationship = scouts
      .flatMap((sc) => sc.device.proposals())
      .filter((p) => p.reader?.wroteTo !== undefined);
    expect(withRelationship).toHaveLength(READER_LOOKUPS_PER_INVOCATION);
    console.log(`reader lookup cost: ${JSON.stringify({ triage, sync })}`);
    for (const sc of [a, ...scouts]) sc.device.ws.close(1000, "bye");
  }, 30_000);

  it("a device that connects after triage gets the relationship looked up again, at delivery", async () => {
    const mailbox = `later-${crypto.randomUUID()}@example.com`;
    const s = await r.world.gmailScout(mailbox);
    r.world.gmail.addMessage(mailbox, {
      raw: rfc822({ from: mailbox, to: "ann@partner.example.org", subject: "hi", body: "x" }),
      labels: ["SENT"],
    });
    const a = r.world.gmail.addMessage(mailbox, {
      raw: lunch("ann@partner.example.org", "list@example.net"),
    });
    const b = r.world.gmail.addMessage(mailbox, { raw: lunch("bo@stranger.example.org", mailbox) });
    r.use(recordingStage1().classifier);
    await triageBatch(s.scoutId, [a.id, b.id]); // nobody connected: the rows wait, nothing else kept
    const before = r.sentLookups().length;
    const deviceId = await makeDevice(db, s.userId);
    const device = await connectDevice(
      env.DEVICE_HUB.get(env.DEVICE_HUB.idFromName(s.userId)),
      "http://hub/connect",
      { "x-scouts-user-id": s.userId, "x-scouts-device-id": deviceId },
    );
    await device.waitFor(() => device.proposals().length === 2, 8000);
    const frame = (id: string) => device.proposals().find((p) => p.sourceMsgRef === id);
    expect(frame(a.id)?.reader).toEqual({ role: "not_addressed", wroteTo: true });
    expect(frame(b.id)?.reader).toEqual({ role: "to", wroteTo: false });
    expect(r.sentLookups().length - before).toBe(2);
    device.ws.close(1000, "bye");
  });

  it("keeps each person's answer to themselves and never sends a hostile From to Gmail's search", async () => {
    const a = await r.scoutWithDevice();
    const b = await r.scoutWithDevice();
    // A wrote to the shared sender; B never did. Both get mail from it in the same batch.
    r.world.gmail.addMessage(a.mailbox, {
      raw: rfc822({ from: a.mailbox, to: "shared@vendor.example.org", subject: "po", body: "x" }),
      labels: ["SENT"],
    });
    const ma = r.world.gmail.addMessage(a.mailbox, { raw: lunch("shared@vendor.example.org", a.mailbox) });
    const mb = r.world.gmail.addMessage(b.mailbox, { raw: lunch("shared@vendor.example.org", b.mailbox) });
    // A From built to add operators to the person's search, then an ordinary sender.
    const hostile = r.world.gmail.addMessage(a.mailbox, {
      raw: lunch("Eve <eve@x.example.org}OR{in:anywhere>", a.mailbox),
    });
    const later = r.world.gmail.addMessage(a.mailbox, { raw: lunch("fay@y.example.org", a.mailbox) });
    r.use(recordingStage1().classifier);
    const batch = createMessageBatch(
      "scouts-jobs",
      [
        [a.scoutId, ma.id],
        [b.scoutId, mb.id],
        [a.scoutId, hostile.id],
        [a.scoutId, later.id],
      ].map(([scoutId, id], i) => ({
        id: `x${i}-${crypto.randomUUID()}`,
        timestamp: new Date(),
        attempts: 1,
        body: { kind: "triage", scoutId: scoutId!, ref: { source: "gmail", id: id! } } satisfies TriageJob,
      })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv(GMAIL_FAKE_VARS), ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(4);
    await a.device.waitFor(() => a.device.proposals().length === 3);
    await b.device.waitFor(() => b.device.proposals().length === 1);
    const of = (d: TestDevice, id: string) => d.proposals().find((p) => p.sourceMsgRef === id)?.reader;
    expect(of(a.device, ma.id)).toEqual({ role: "to", wroteTo: true });
    expect(of(b.device, mb.id)).toEqual({ role: "to", wroteTo: false });
    // The hostile sender is "not known"; it does not stop the next lookup.
    expect(of(a.device, hostile.id)?.wroteTo).toBeUndefined();
    expect(of(a.device, later.id)).toEqual({ role: "to", wroteTo: false });
    const qs = r.sentLookups().map((c) => new URLSearchParams(c.query).get("q") ?? "");
    expect(qs.filter((q) => q.includes("shared@vendor.example.org"))).toHaveLength(2);
    for (const q of qs) expect(q).toMatch(/^in:sent to:"[^"\s]+"$/);
    expect(qs.some((q) => /anywhere|eve@/i.test(q))).toBe(false);
    for (const d of [a, b]) d.device.ws.close(1000, "bye");
  });
});
