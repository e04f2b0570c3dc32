import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { afterEach, describe, expect, it } from "vitest";
import { mailScreened } from "../db/schema/index.ts";
import { scanLocalMailbox } from "../scouts/local-mail.ts";
import { startLocalScouts } from "../scouts/local-scouts.ts";
import { splitMbox } from "../scouts/mailbox-reader.ts";
import { scanWatchedDirectory } from "../scouts/watched-dir.ts";
import { performAction } from "../services/actions.ts";
import { control } from "../services/control.ts";
import { readMessage } from "../services/read-message.ts";
import { patchSettings } from "../services/settings.ts";
import { unsubscribePlan } from "../services/unsubscribe.ts";
import { agentFixture, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Marks mail whose subject says "WIN MONEY" as spam, everything else relevant. */
const subjectStage1: Stage1Classifier = {
  name: "subject-test",
  classify: (item) =>
    item.kind === "email" && /WIN MONEY/.test(item.raw)
      ? { verdict: "spam", reason: "test", confidence: 0.99 }
      : { verdict: "relevant", reason: "test", confidence: 0.9 },
};

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "scouts-local-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function mail(i: number, extra: string[] = []) {
  return [
    `From: Colleague ${i} <c${i}@work.example>`,
    "To: me@work.example",
    `Subject: Budget review ${i}`,
    `Message-ID: <m${i}@work.example>`,
    "Date: Thu, 20 Nov 2026 08:00:00 +0000",
    ...extra,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Could you check the numbers for item ${i} before Friday?`,
    "From the desk of finance: a body line starting with From is not a separator.",
    "",
  ].join("\n");
}

describe("local mailbox scout", () => {
  it("reads an mbox through stage 1 and stage 2 into suggestions, once", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const dir = await tempDir();
    const mbox = path.join(dir, "inbox.mbox");
    const list = [
      "List-Unsubscribe: <https://lists.work.example/u/1>",
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      "DKIM-Signature: v=1; d=work.example; h=from:list-unsubscribe:list-unsubscribe-post; b=abc",
      "Authentication-Results: mx.work.example; dkim=pass header.d=work.example",
    ];
    const spam = mail(4).replace("Budget review 4", "WIN MONEY now");
    const body = [1, 2, 3, 4]
      .map(
        (i) =>
          `From c${i}@work.example Thu Nov 20 08:00:00 2026\n${i === 4 ? spam : mail(i, i === 3 ? list : [])}`,
      )
      .join("\n");
    expect(splitMbox(body)).toHaveLength(4);
    await writeFile(mbox, body);
    const first = await scanLocalMailbox({
      ctx: fx.ctx,
      input: { location: mbox, format: "mbox" },
      stage1: subjectStage1,
    });
    expect(first).toMatchObject({ seen: 4, created: 3, spam: 1 });
    const page = await fx.ctx.stores.suggestions.list({ limit: 10 });
    expect(page.items.map((s) => s.subject).sort()).toEqual([
      "Budget review 1",
      "Budget review 2",
      "Budget review 3",
    ]);
    expect(page.items.every((s) => s.source === "local_mail" && s.category !== "unprocessed")).toBe(true);
    expect(page.items[0]!.snippet).toContain("Could you check the numbers");
    const again = await scanLocalMailbox({
      ctx: fx.ctx,
      input: { location: mbox, format: "mbox" },
      stage1: subjectStage1,
    });
    expect(again.created).toBe(0);
    // Spam is kept for the Screened list (not dropped) and not classified again on the next scan.
    expect(again.spam).toBe(0);
    const screened = await fx.ctx.db.select().from(mailScreened).all();
    expect(screened.map((r) => [r.accountId, r.from, r.subject])).toEqual([
      ["local-mail", expect.stringContaining("c4@work.example"), "WIN MONEY now"],
    ]);
    const three = page.items.find((s) => s.subject === "Budget review 3")!;
    // Reading a local message comes from the mailbox file itself; only the time it was opened is kept.
    await patchSettings(fx.ctx, { localMailbox: mbox, localMailboxFormat: "mbox" });
    const read = await readMessage(fx.ctx, three.id);
    expect(read).toMatchObject({ subject: "Budget review 3", html: null });
    expect(read.text).toContain("Could you check the numbers");
    expect((await fx.ctx.stores.suggestions.get(three.id))?.openedAt).toEqual(expect.any(Number));
    await expect(readMessage(fx.ctx, "local-mail:nope")).rejects.toMatchObject({ code: "not_found" });
    // Only the receiving server the person named (SCOUTS_MAIL_AUTHSERV_ID) vouches for DKIM.
    expect((await unsubscribePlan(fx.ctx, three.id)).method).toBe("ask");
    fx.ctx.mailAuthservId = "mx.work.example";
    expect((await unsubscribePlan(fx.ctx, three.id)).method).toBe("one_click");
    // Local items are acted on locally: nothing is sent to the cloud.
    const r = await performAction({
      ctx: fx.ctx,
      input: {
        suggestionId: three.id,
        request: { action: "archive", confirmed: false },
        initiator: "person",
      },
    });
    expect(r.status).toBe("applied");
    expect(await fx.ctx.stores.outbox.pendingCount()).toBe(0);
  });

  it("reads a Maildir's new/ and cur/", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const dir = await tempDir();
    for (const sub of ["new", "cur", "tmp"]) await mkdir(path.join(dir, sub));
    await writeFile(path.join(dir, "new", "1.host"), mail(1));
    await writeFile(path.join(dir, "cur", "2.host:2,S"), mail(2));
    await writeFile(path.join(dir, "tmp", "3.host"), mail(3));
    const out = await scanLocalMailbox({
      ctx: fx.ctx,
      input: { location: dir, format: "maildir" },
      stage1: subjectStage1,
    });
    expect(out).toMatchObject({ seen: 2, created: 2 });
  });

  it("follows the real stage-1 model's verdict for every message", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const dir = await tempDir();
    for (const sub of ["new", "cur"]) await mkdir(path.join(dir, sub));
    const raws = [mail(1), mail(2).replace("Budget review 2", "CHEAP PILLS!!! CLICK NOW $$$")];
    for (const [i, raw] of raws.entries()) await writeFile(path.join(dir, "new", `${i}.host`), raw);
    const stage1 = createStage1Classifier();
    const verdicts = await Promise.all(
      raws.map((raw) => stage1.classify({ kind: "email", ref: { source: "demo", id: "x" }, raw })),
    );
    const out = await scanLocalMailbox({ ctx: fx.ctx, input: { location: dir, format: "maildir" } });
    expect(out.spam).toBe(verdicts.filter((v) => v.verdict === "spam").length);
    expect(out.created).toBe(verdicts.filter((v) => v.verdict !== "spam").length);
  });
});

describe("watched directory scout", () => {
  it("records what is there first, then turns new files into suggestions (notes only when opted in)", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const dir = await tempDir();
    await writeFile(path.join(dir, "old.txt"), "already here");
    expect(await scanWatchedDirectory({ ctx: fx.ctx, input: { dir, autoEntities: false } })).toEqual({
      baseline: true,
      created: 0,
    });
    await writeFile(path.join(dir, "invoice.txt"), "Invoice 42: please pay today");
    expect(await scanWatchedDirectory({ ctx: fx.ctx, input: { dir, autoEntities: false } })).toEqual({
      baseline: false,
      created: 1,
    });
    const [s] = (await fx.ctx.stores.suggestions.list({ limit: 5 })).items;
    expect(s).toMatchObject({ source: "local_dir", subject: "invoice.txt", status: "new" });
    expect(s!.snippet).toContain("Invoice 42");
    expect(await fx.ctx.stores.entities.list("note")).toEqual([]);
    await writeFile(path.join(dir, "minutes.md"), "# Minutes");
    await scanWatchedDirectory({ ctx: fx.ctx, input: { dir, autoEntities: true } });
    const notes = await fx.ctx.stores.entities.list("note");
    expect(notes.map((n) => n.title)).toEqual(["minutes.md"]);
    expect(await scanWatchedDirectory({ ctx: fx.ctx, input: { dir, autoEntities: true } })).toEqual({
      baseline: false,
      created: 0,
    });
  });
});

describe("local scouts runner", () => {
  /** A scheduler the test drives: `next()` is the runner's next tick, awaited to its end. */
  function manualEvery() {
    const timer: { run?: () => Promise<void>; ms?: number; stopped: boolean } = { stopped: false };
    return {
      timer,
      every: (run: () => Promise<void>, ms: number) => {
        Object.assign(timer, { run, ms });
        return () => {
          timer.stopped = true;
        };
      },
      next: () => timer.run!(),
    };
  }

  it("a disabled source stops ingesting by the next tick (≤ 5 s) and keeps what it made", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const dir = await tempDir();
    const patch = (p: Parameters<typeof patchSettings>[1]) => patchSettings(fx.ctx, p);
    await patch({ watchedDirectory: dir });
    const clock = manualEvery();
    const scouts = startLocalScouts(fx.ctx, { every: clock.every });
    // The structural guarantee behind "within 5 s": the runner ticks at most every 5 s.
    expect(clock.timer.ms).toBeLessThanOrEqual(5_000);
    const fromDir = async () =>
      (await fx.ctx.stores.suggestions.list({ limit: 50 })).items
        .filter((s) => s.source === "local_dir")
        .map((s) => s.subject)
        .sort();

    await clock.next(); // baseline: what is there already is not news
    await writeFile(path.join(dir, "one.txt"), "first");
    await clock.next();
    expect(await fromDir()).toEqual(["one.txt"]);

    await patch({ providers: { local_dir: false } });
    await writeFile(path.join(dir, "two.txt"), "second");
    await clock.next();
    expect(await fromDir()).toEqual(["one.txt"]);

    await patch({ providers: { local_dir: true }, assistantEnabled: false });
    await clock.next();
    expect(await fromDir()).toEqual(["one.txt"]);

    await patch({ assistantEnabled: true });
    await control({ ctx: fx.ctx, input: { command: "pause" } });
    await clock.next();
    expect(await fromDir()).toEqual(["one.txt"]);

    // Back on: what arrived meanwhile is picked up on the next tick; nothing was lost or duplicated.
    await control({ ctx: fx.ctx, input: { command: "resume" } });
    await clock.next();
    expect(await fromDir()).toEqual(["one.txt", "two.txt"]);
    expect(scouts.runs().local_dir).toEqual({ lastScanAt: fx.now(), lastError: null });
    scouts.stop();
    expect(clock.timer.stopped).toBe(true);
  });

  it("the mailbox toggle stops the mailbox only; a failing folder does not hold the mailbox back", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const dir = await tempDir();
    const watched = path.join(dir, "watched");
    await mkdir(watched);
    for (const sub of ["new", "cur"]) await mkdir(path.join(dir, "Mail", sub), { recursive: true });
    await patchSettings(fx.ctx, {
      watchedDirectory: watched,
      localMailbox: path.join(dir, "Mail"),
      localMailboxFormat: "maildir",
    });
    const clock = manualEvery();
    const scouts = startLocalScouts(fx.ctx, { every: clock.every, stage1: subjectStage1 });
    const fromMail = async () =>
      (await fx.ctx.stores.suggestions.list({ limit: 50 })).items.filter((s) => s.source === "local_mail")
        .length;
    await writeFile(path.join(dir, "Mail", "new", "1.host"), mail(1));
    await clock.next();
    expect(await fromMail()).toBe(1);

    await patchSettings(fx.ctx, { providers: { local_mail: false } });
    await writeFile(path.join(dir, "Mail", "new", "2.host"), mail(2));
    await clock.next();
    expect(await fromMail()).toBe(1);

    // The watched folder disappears: its scout reports the error, the mailbox still runs.
    await rm(watched, { recursive: true });
    await patchSettings(fx.ctx, { providers: { local_mail: true } });
    await clock.next();
    expect(await fromMail()).toBe(2);
    expect(scouts.runs().local_dir.lastError).toMatch(/ENOENT/);
    expect(scouts.runs().local_mail.lastError).toBeNull();
    scouts.stop();
  });
});
