import { appendFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Stage1Classifier } from "@scouts/core/triage/stage1-contract";
import { afterEach, describe, expect, it } from "vitest";
import { learnLocalSent, localSentFolder } from "../accounts/sent-contacts.ts";
import { contacts } from "../db/schema/index.ts";
import { scanLocalMailbox } from "../scouts/local-mail.ts";
import { startLocalScouts } from "../scouts/local-scouts.ts";
import { patchSettings } from "../services/settings.ts";
import { agentFixture, recordingStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const relevant: Stage1Classifier = {
  name: "all-relevant",
  classify: () => ({ verdict: "relevant", reason: "test", confidence: 0.9 }),
};

/** A message Maya sent: `n` numbers its Message-ID, `second` its Date within one minute. */
function sent(n: number, to: string, opts: { second?: number; inReplyTo?: string; cc?: string } = {}) {
  return [
    "From: Maya Lindqvist <Maya@Example.net>",
    `To: ${to}`,
    ...(opts.cc ? [`Cc: ${opts.cc}`] : []),
    `Subject: sent ${n}`,
    `Message-ID: <sent-${n}@example.net>`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`] : []),
    `Date: Tue, 24 Nov 2026 09:00:${String(opts.second ?? 0).padStart(2, "0")} +0000`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Thanks, sounds good.",
    "",
  ].join("\n");
}
const mboxEntry = (raw: string) => `From maya@example.net Tue Nov 24 09:00:00 2026\n${raw}\n`;

function inboxMail(from: string, n: number) {
  return [
    `From: ${from}`,
    "To: maya@example.net",
    `Subject: question ${n}`,
    `Message-ID: <in-${n}@example.org>`,
    "Date: Wed, 25 Nov 2026 10:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Could you check the numbers before Tuesday?",
    "",
  ].join("\n");
}

async function setup() {
  const { stage2, seen } = recordingStage2();
  const fx = await agentFixture({ stage2 });
  cleanups.push(fx.close);
  const dir = await mkdtemp(path.join(tmpdir(), "scouts-local-sent-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const people = async () =>
    new Map((await fx.ctx.db.select().from(contacts).all()).map((r) => [r.address, r.wroteCount]));
  return { fx, dir, seen, people };
}

describe("a local mailbox's Sent folder teaches the reader, as IMAP's does", () => {
  it("mbox: a Sent file beside the inbox gives own address and contacts before the inbox is read, then only what is new", async () => {
    const { fx, dir, seen, people } = await setup();
    const inbox = path.join(dir, "inbox");
    await writeFile(
      path.join(dir, "Sent"),
      mboxEntry(sent(1, "Ana Souza <ana.souza@example.org>", { inReplyTo: "<q1@example.org>" })) +
        // a CR inside a header line and a junk Bcc address: the junk teaches nothing
        mboxEntry(sent(2, "bo@example.com", { cc: "Evil <evil@example.com>\r\nBcc: x@y.z" })),
    );
    await writeFile(
      inbox,
      mboxEntry(inboxMail("Ana Souza <ana.souza@example.org>", 1)) +
        mboxEntry(inboxMail("Zed <zed@example.com>", 2)),
    );
    expect(await localSentFolder(inbox, "mbox")).toBe(path.join(dir, "Sent"));

    await scanLocalMailbox({ ctx: fx.ctx, input: { location: inbox, format: "mbox" }, stage1: relevant });
    expect(await fx.ctx.stores.contacts.ownAddresses()).toEqual(["maya@example.net"]);
    expect(await people()).toEqual(
      new Map([
        ["ana.souza@example.org", 1],
        ["bo@example.com", 1],
        ["evil@example.com", 1],
      ]),
    );
    const ana = seen.find((s) => s.from.includes("ana.souza@example.org"));
    const zed = seen.find((s) => s.from.includes("zed@example.com"));
    expect(ana?.reader).toEqual({
      addresses: ["maya@example.net"],
      sender: { corrected: false, wroteTo: true, repliedTo: true },
    });
    expect(zed?.reader?.sender).toEqual({ corrected: false, wroteTo: false, repliedTo: false });

    // Nothing new: nothing counted twice. One more at the same second as the newest: read once.
    expect(await learnLocalSent({ ctx: fx.ctx, location: inbox, format: "mbox" })).toBe(0);
    await appendFile(path.join(dir, "Sent"), mboxEntry(sent(3, "bo@example.com")));
    expect(await learnLocalSent({ ctx: fx.ctx, location: inbox, format: "mbox" })).toBe(1);
    expect(await learnLocalSent({ ctx: fx.ctx, location: inbox, format: "mbox" })).toBe(0);
    expect((await people()).get("bo@example.com")).toBe(2);
    expect((await people()).get("ana.souza@example.org")).toBe(1);
  });

  it("Maildir: the Maildir++ .Sent subfolder; no Sent folder teaches nothing and fails nothing", async () => {
    const { fx, dir, people } = await setup();
    const maildir = path.join(dir, "Maildir");
    for (const sub of ["cur", "new", "tmp", ".Sent/cur", ".Sent/new", ".Sent/tmp", ".Drafts/cur"])
      await mkdir(path.join(maildir, sub), { recursive: true });
    await writeFile(path.join(maildir, ".Sent/cur/1.maya:2,S"), sent(1, "carl@example.com"));
    await writeFile(path.join(maildir, ".Drafts/cur/1.maya:2,S"), sent(2, "draft-only@example.com"));
    await writeFile(path.join(maildir, "new/1.in"), inboxMail("Carl <carl@example.com>", 1));
    expect(await localSentFolder(maildir, "maildir")).toBe(path.join(maildir, ".Sent"));
    const out = await scanLocalMailbox({
      ctx: fx.ctx,
      input: { location: maildir, format: "maildir" },
      stage1: relevant,
    });
    expect(out.created).toBe(1);
    expect([...(await people()).keys()]).toEqual(["carl@example.com"]);

    const lone = path.join(dir, "elsewhere", "inbox.mbox");
    await mkdir(path.dirname(lone));
    await writeFile(lone, mboxEntry(inboxMail("Dee <dee@example.com>", 3)));
    expect(await localSentFolder(lone, "mbox")).toBeNull();
    expect(await learnLocalSent({ ctx: fx.ctx, location: lone, format: "mbox" })).toBe(0);
  });

  it("the local scouts runner scans again when only the Sent folder changed", async () => {
    const { fx, dir, people } = await setup();
    const inbox = path.join(dir, "inbox");
    await writeFile(inbox, mboxEntry(inboxMail("Zed <zed@example.com>", 1)));
    await writeFile(path.join(dir, "Sent"), mboxEntry(sent(1, "ana@example.org")));
    await patchSettings(fx.ctx, { localMailbox: inbox, localMailboxFormat: "mbox" });
    let tick: (() => Promise<void>) | undefined;
    const scouts = startLocalScouts(fx.ctx, {
      stage1: relevant,
      every: (run) => {
        tick = run;
        return () => {};
      },
    });
    await tick!();
    expect([...(await people()).keys()]).toEqual(["ana@example.org"]);
    await appendFile(path.join(dir, "Sent"), mboxEntry(sent(2, "bo@example.com", { second: 5 })));
    await tick!();
    expect([...(await people()).keys()].sort()).toEqual(["ana@example.org", "bo@example.com"]);
    scouts.stop();
  });
});
