import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ScreenedPage, ScreenerState } from "@scouts/core/protocol/local-api";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { mailScreened } from "../db/schema/index.ts";
import { scanLocalMailbox } from "../scouts/local-mail.ts";
import { ingestItem } from "../services/ingest.ts";
import { markNotSpam, undoNotSpam } from "../services/screened.ts";
import { answerScreener, screenerState, setScreener } from "../services/screener.ts";
import { patchSettings } from "../services/settings.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture() {
  const fx = await agentFixture({ stage2: keywordStage2 });
  cleanups.push(fx.close);
  return fx;
}
type Fx = Awaited<ReturnType<typeof fixture>>;

const listed = async (fx: Fx) =>
  (await fx.ctx.stores.suggestions.list({ limit: 100 })).items.map((s) => s.id).sort();

describe("Screener for new senders", () => {
  it("is off by default: a first-time sender goes straight to suggestions", async () => {
    const fx = await fixture();
    expect((await screenerState(fx.ctx)).enabled).toBe(false);
    expect(
      await ingestItem({ ctx: fx.ctx, input: item({ id: "a1", from: "New <new@x.org>" }) }),
    ).not.toBeNull();
    expect(await listed(fx)).toEqual(["a1"]);
  });

  it("holds a first-time sender; yes releases that message and all their later mail", async () => {
    const fx = await fixture();
    await ingestItem({ ctx: fx.ctx, input: item({ id: "old", from: "Known <known@x.org>" }) });
    await setScreener(fx.ctx, true);
    expect(
      await ingestItem({ ctx: fx.ctx, input: item({ id: "k2", from: "Known <known@x.org>" }) }),
    ).not.toBeNull();
    expect(await ingestItem({ ctx: fx.ctx, input: item({ id: "n1", from: "New <new@x.org>" }) })).toBeNull();
    // A second message while the first waits waits too, though the sender is no longer unseen.
    expect(await ingestItem({ ctx: fx.ctx, input: item({ id: "n2", from: "New <new@x.org>" }) })).toBeNull();
    expect(await listed(fx)).toEqual(["k2", "old"]);
    const state = await screenerState(fx.ctx);
    expect(state.waiting[0]?.accountLabel).toBe("Gmail");
    expect(state.waiting).toMatchObject([
      { accountId: "scout-1", sender: "new@x.org", messages: 2, answer: null },
    ]);

    await answerScreener({
      ctx: fx.ctx,
      input: { accountId: "scout-1", sender: "new@x.org", answer: "yes" },
    });
    expect(await listed(fx)).toEqual(["k2", "n1", "n2", "old"]);
    expect(
      await ingestItem({ ctx: fx.ctx, input: item({ id: "n3", from: "New <new@x.org>" }) }),
    ).not.toBeNull();
    expect(await listed(fx)).toContain("n3");
    expect((await screenerState(fx.ctx)).answered).toMatchObject([{ sender: "new@x.org", answer: "yes" }]);
  });

  it("no screens out all their mail, present and future; the answer can be changed or taken back", async () => {
    const fx = await fixture();
    await setScreener(fx.ctx, true);
    await ingestItem({ ctx: fx.ctx, input: item({ id: "s1", from: "Spammy <s@y.org>" }) });
    await answerScreener({ ctx: fx.ctx, input: { accountId: "scout-1", sender: "s@y.org", answer: "no" } });
    expect(await ingestItem({ ctx: fx.ctx, input: item({ id: "s2", from: "s@y.org" }) })).toBeNull();
    expect(await listed(fx)).toEqual([]);
    expect((await screenerState(fx.ctx)).answered).toMatchObject([
      { sender: "s@y.org", answer: "no", messages: 2 },
    ]);
    // Changed to yes: everything comes through.
    await answerScreener({ ctx: fx.ctx, input: { accountId: "scout-1", sender: "s@y.org", answer: "yes" } });
    expect(await listed(fx)).toEqual(["s1", "s2"]);
    // Back to no: what came through after the yes is screened out too.
    await ingestItem({ ctx: fx.ctx, input: item({ id: "s3", from: "s@y.org" }) });
    await answerScreener({ ctx: fx.ctx, input: { accountId: "scout-1", sender: "s@y.org", answer: "no" } });
    expect(await listed(fx)).toEqual([]);
    // Taken back: they wait for an answer again.
    const st = await answerScreener({
      ctx: fx.ctx,
      input: { accountId: "scout-1", sender: "s@y.org", answer: null },
    });
    expect(st.answered).toEqual([]);
    expect(st.waiting).toMatchObject([{ sender: "s@y.org", messages: 3 }]);
    expect(await listed(fx)).toEqual([]);
  });

  it("keeps each account's senders separate", async () => {
    const fx = await fixture();
    await setScreener(fx.ctx, true);
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "a", scoutId: "imap:one", source: "imap", from: "p@z.org" }),
    });
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "b", scoutId: "imap:two", source: "imap", from: "p@z.org" }),
    });
    await answerScreener({ ctx: fx.ctx, input: { accountId: "imap:one", sender: "p@z.org", answer: "yes" } });
    expect(await listed(fx)).toEqual(["a"]);
    const st = await screenerState(fx.ctx);
    expect(st.waiting).toMatchObject([{ accountId: "imap:two", sender: "p@z.org" }]);
    await expect(
      answerScreener({ ctx: fx.ctx, input: { accountId: "imap:three", sender: "p@z.org", answer: "no" } }),
    ).rejects.toThrow(/nothing from p@z.org/);
  });

  it("never holds VIPs, files or Slack", async () => {
    const fx = await fixture();
    await setScreener(fx.ctx, true);
    await patchSettings(fx.ctx, { vipSenders: ["boss.org"] });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "v", from: "Boss <b@boss.org>" }) });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "sl", source: "slack", from: "someone@q.org" }) });
    expect(await listed(fx)).toEqual(["sl", "v"]);
  });
});

const spamStage1: Stage1Classifier = {
  name: "subject-test",
  classify: (i) =>
    i.kind === "email" && /WIN MONEY/.test(i.raw)
      ? { verdict: "spam", reason: "t0:bulk_keywords", confidence: 0.97, why: ["its wording resembles spam"] }
      : { verdict: "relevant", reason: "test", confidence: 0.9 },
};

function mail(n: number, from: string, subject: string, day: number) {
  return [
    `From ${from} Thu Nov 20 08:00:00 2026`,
    `From: Sender <${from}>`,
    "To: me@work.example",
    `Subject: ${subject}`,
    `Message-ID: <m${n}@x>`,
    `Date: ${day} Nov 2026 08:00:00 +0000`,
    "",
    "body",
    "",
  ].join("\n");
}

describe("Screened view", () => {
  it("lists what stage 1 set aside newest first; not spam brings it back and teaches the sender; undo", async () => {
    const fx = await fixture();
    const dir = await mkdtemp(path.join(tmpdir(), "scouts-screened-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const mbox = path.join(dir, "inbox.mbox");
    await writeFile(mbox, mail(1, "lucky@prize.example", "WIN MONEY now", 18));
    await scanLocalMailbox({ ctx: fx.ctx, input: { location: mbox, format: "mbox" }, stage1: spamStage1 });
    fx.advance(60_000);
    await writeFile(
      mbox,
      [
        mail(1, "lucky@prize.example", "WIN MONEY now", 18),
        mail(2, "other@spam.example", "WIN MONEY again", 19),
      ].join("\n"),
    );
    await scanLocalMailbox({ ctx: fx.ctx, input: { location: mbox, format: "mbox" }, stage1: spamStage1 });
    const auth = createLocalAuth(fx.ctx.db, () => Date.now());
    const app = createLocalApi({ ctx: fx.ctx, auth, pwaOrigins: [], devPair: false });
    const token = await auth.issue("test");
    const req = (p: string, init: RequestInit = {}) =>
      app.request(`http://127.0.0.1:8788/local/v1${p}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });
    const page = (await (await req("/screened")).json()) as ScreenedPage;
    expect(page.items.map((i) => i.subject)).toEqual(["WIN MONEY again", "WIN MONEY now"]);
    expect(page.items[0]).toMatchObject({
      accountId: "local-mail",
      accountLabel: "Local mailbox",
      reason: "t0:bulk_keywords",
      why: ["its wording resembles spam"],
      restoredAt: null,
    });
    expect(page.missing.map((m) => m.source)).toEqual(["gmail"]);
    expect(await listed(fx)).toEqual([]);

    const id = page.items[1]?.id ?? "";
    const back = await req(`/screened/${encodeURIComponent(id)}/not-spam`, { method: "POST" });
    expect(back.status).toBe(200);
    expect(((await back.json()) as { suggestion: { id: string; source: string } }).suggestion).toMatchObject({
      id,
      source: "local_mail",
    });
    expect(await listed(fx)).toEqual([id]);
    expect((await req(`/screened/${encodeURIComponent(id)}/not-spam`, { method: "POST" })).status).toBe(409);

    // The correction: this sender's next "spam" is a suggestion, another sender's is still screened.
    await writeFile(
      mbox,
      [
        mail(1, "lucky@prize.example", "WIN MONEY now", 18),
        mail(2, "other@spam.example", "WIN MONEY again", 19),
        mail(3, "lucky@prize.example", "WIN MONEY weekly", 20),
        mail(4, "other@spam.example", "WIN MONEY more", 20),
      ].join("\n"),
    );
    await scanLocalMailbox({ ctx: fx.ctx, input: { location: mbox, format: "mbox" }, stage1: spamStage1 });
    expect((await listed(fx)).length).toBe(2);
    expect(((await (await req("/screened")).json()) as ScreenedPage).items.length).toBe(3);

    const undo = await undoNotSpam(fx.ctx, id);
    expect(undo.item.restoredAt).toBeNull();
    expect(await listed(fx)).not.toContain(id);
    await expect(undoNotSpam(fx.ctx, id)).rejects.toThrow(/still screened/);
    await expect(markNotSpam(fx.ctx, "local-mail:nope")).rejects.toThrow(/nothing screened/);
  });

  it("brings an IMAP account's screened message back under that account's scout", async () => {
    const fx = await fixture();
    await fx.ctx.db.insert(mailScreened).values({
      id: "imap-acc1-m1",
      accountId: "acc1",
      sourceMsgRef: "imap:7:42:INBOX",
      from: "Bulk <bulk@list.example>",
      subject: "Offer",
      reason: "model:text+",
      confidence: 0.9,
      screenedAt: fx.now(),
    });
    const r = await markNotSpam(fx.ctx, "imap-acc1-m1");
    expect(r.suggestion).toMatchObject({
      scoutId: "imap:acc1",
      source: "imap",
      sourceMsgRef: "imap:7:42:INBOX",
    });
    expect(r.item.accountLabel).toBe("acc1");
  });

  it("validates Screener requests and answers the state", async () => {
    const fx = await fixture();
    const auth = createLocalAuth(fx.ctx.db, () => Date.now());
    const app = createLocalApi({ ctx: fx.ctx, auth, pwaOrigins: [], devPair: false });
    const token = await auth.issue("test");
    const req = (p: string, init: RequestInit = {}, t = token) =>
      app.request(`http://127.0.0.1:8788/local/v1${p}`, {
        ...init,
        headers: { authorization: `Bearer ${t}`, "content-type": "application/json" },
      });
    expect((await req("/screener", {}, "forged")).status).toBe(401);
    expect((await req("/screener", { method: "PUT", body: '{"enabled":"yes"}' })).status).toBe(400);
    expect((await req("/screener", { method: "PUT", body: "not json" })).status).toBe(400);
    const on = await req("/screener", { method: "PUT", body: '{"enabled":true}' });
    expect(((await on.json()) as ScreenerState).enabled).toBe(true);
    await ingestItem({ ctx: fx.ctx, input: item({ id: "h1", from: "h@new.org" }) });
    const bad = await req("/screener/decisions", {
      method: "POST",
      body: JSON.stringify({ accountId: "scout-1", sender: "h@new.org", answer: "maybe" }),
    });
    expect(bad.status).toBe(400);
    const big = await req("/screener/decisions", {
      method: "POST",
      body: JSON.stringify({ accountId: "scout-1", sender: `${"a".repeat(400)}@x.org`, answer: "yes" }),
    });
    expect(big.status).toBe(400);
    const ok = await req("/screener/decisions", {
      method: "POST",
      body: JSON.stringify({ accountId: "scout-1", sender: "H@New.org", answer: "yes" }),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as ScreenerState).answered).toMatchObject([
      { sender: "h@new.org", answer: "yes" },
    ]);
    expect(await listed(fx)).toEqual(["h1"]);
  });
});
