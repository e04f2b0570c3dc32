import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { loadStage2, type Stage2, type Stage2Input } from "../../local-agent/adapters/stage2.ts";
import { contacts, ownAddresses } from "../../local-agent/db/schema/index.ts";
import { startDovecot } from "../support/dovecot.ts";
import { startImapLineFront } from "../support/imap-line-front.ts";
import { directMail } from "../support/mail-account-fixture.ts";

const PASSWORD = "correct horse battery";
const MAYA = "maya@example.net";

/** A message Maya sent, as her mail app files it in Sent. */
function sent(n: number, to: string[], opts: { cc?: string[]; inReplyTo?: string } = {}) {
  return [
    `From: Maya Lindqvist <${MAYA}>`,
    `To: ${to.join(", ")}`,
    ...(opts.cc ? [`Cc: ${opts.cc.join(", ")}`] : []),
    `Subject: sent ${n}`,
    `Message-ID: <sent-${n}@example.net>`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`] : []),
    "Date: Tue, 24 Nov 2026 09:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Thanks, sounds good.",
    "",
  ].join("\r\n");
}

describe("the device learns its reader from the person's sent mail (real Dovecot)", () => {
  let dv: Awaited<ReturnType<typeof startDovecot>>;
  let home = "";
  const seen: Stage2Input[] = [];

  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD } });
    // Maya replied to Ana, wrote to Bo, and sent one announcement to 60 people (Cc'ing Carl).
    await dv.deliver(
      "maya",
      "Sent",
      sent(1, ["Ana Souza <ana.souza@example.org>"], { inReplyTo: "<q1@example.org>" }),
    );
    await dv.deliver("maya", "Sent", sent(2, ["bo@example.com"]));
    const crowd = Array.from({ length: 60 }, (_, i) => `person${i}@example.com`);
    await dv.deliver("maya", "Sent", sent(3, crowd, { cc: ["carl@example.com"] }));
    await dv.deliver("maya", "INBOX", directMail("from-ana", "Budget").raw);
    await dv.deliver(
      "maya",
      "INBOX",
      directMail("from-stranger", "Hello").raw.replace(
        "Ana Souza <ana.souza@example.org>",
        "Zed <zed@example.com>",
      ),
    );
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-sent-contacts-"));
  });
  afterAll(async () => {
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("knows Maya's address and whom she wrote or replied to, and stage 2 gets it before the inbox is read", async () => {
    const real = await loadStage2();
    expect(real, "the stage-2 model ships with the repository").not.toBeNull();
    const recording: Stage2 = {
      runner: real!.runner,
      classify: (input, personal) => {
        seen.push(input);
        return real!.classify(input, personal);
      },
    };
    const offline = await openOfflineAgent(home, { stage2: recording });
    try {
      const { id } = await offline.accounts.addImap({
        host: "127.0.0.1",
        port: dv.port,
        user: "maya",
        password: PASSWORD,
        tls: "starttls",
        pinSha256: dv.certSha256,
      });
      const counts = await offline.accounts.sync(offline.ctx, id);
      expect(counts.new).toBe(2);

      const own = (await offline.db.select().from(ownAddresses).all()).map((r) => r.address);
      expect(own).toEqual([MAYA]); // the login "maya" is not an address; Sent's From is
      const people = new Map((await offline.db.select().from(contacts).all()).map((r) => [r.address, r]));
      expect(people.get("ana.souza@example.org")).toMatchObject({ wroteCount: 1, repliedCount: 1 });
      expect(people.get("bo@example.com")).toMatchObject({ wroteCount: 1, repliedCount: 0 });
      // a mail to 61 people is a broadcast, not a relationship with each of them
      expect(people.has("carl@example.com")).toBe(false);
      expect(people.has("person0@example.com")).toBe(false);

      const ana = seen.find((s) => s.from.includes("ana.souza@example.org"));
      const zed = seen.find((s) => s.from.includes("zed@example.com"));
      expect(ana?.reader).toEqual({
        addresses: [MAYA],
        sender: { corrected: false, wroteTo: true, repliedTo: true },
      });
      expect(zed?.reader).toEqual({
        addresses: [MAYA],
        sender: { corrected: false, wroteTo: false, repliedTo: false },
      });

      // What the person sees: the suggestion's "why" can now say who this is to them.
      const suggestions = (await offline.ctx.stores.suggestions.list({ limit: 10 })).items;
      const anaSugg = suggestions.find((s) => s.from.includes("ana.souza"));
      const zedSugg = suggestions.find((s) => s.from.includes("zed"));
      // Never a relationship the device does not know of; the stranger is a first contact in the
      // words stage 2's rules use ("first message from this sender"), the person she wrote to is not.
      expect(zedSugg?.why.join(" ")).not.toMatch(/you have (written|replied) to/);
      expect(zedSugg?.why).toContain("first message from this sender");
      // Ana is no first contact: Maya wrote to her before her first mail arrived; Zed is one.
      expect(anaSugg?.why).not.toContain("first message from this sender");
      expect(anaSugg?.cohort).not.toBe("first_contact");
      expect(zedSugg?.cohort).toBe("first_contact");
    } finally {
      offline.close();
    }
  });

  it("reads only what is new in Sent on the next pass", async () => {
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      const [row] = await offline.accounts.list();
      await dv.deliver("maya", "Sent", sent(4, ["bo@example.com"], { inReplyTo: "<q2@example.com>" }));
      await offline.accounts.sync(offline.ctx, row!.id);
      const bo = (await offline.db.select().from(contacts).all()).find((r) => r.address === "bo@example.com");
      // one more, not the whole folder again (Ana's count stays 1)
      expect(bo).toMatchObject({ wroteCount: 2, repliedCount: 1 });
      const ana = (await offline.db.select().from(contacts).all()).find(
        (r) => r.address === "ana.souza@example.org",
      );
      expect(ana?.wroteCount).toBe(1);
    } finally {
      offline.close();
    }
  });
});

describe("the Sent folder is remembered with the account: LIST only when it is gone (real Dovecot)", () => {
  let dv: Awaited<ReturnType<typeof startDovecot>>;
  let fx: Awaited<ReturnType<typeof startImapLineFront>>;
  let home = "";
  beforeAll(async () => {
    dv = await startDovecot({ users: { maya: PASSWORD } });
    fx = await startImapLineFront(dv.port);
    home = await mkdtemp(path.join(os.tmpdir(), "scouts-sent-folder-"));
  });
  afterAll(async () => {
    await fx?.stop();
    await dv?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("asks STATUS of the remembered Sent on later passes, and LISTs again only when that folder is gone", async () => {
    const offline = await openOfflineAgent(home, { stage2: null });
    try {
      await dv.deliver("maya", "Sent", sent(1, ["ana@example.org"]));
      const { id } = await offline.accounts.addImap({
        host: "127.0.0.1",
        port: fx.port,
        user: "maya",
        password: PASSWORD,
        tls: "off",
      });
      const known = async () => (await offline.db.select().from(contacts).all()).map((r) => r.address).sort();
      // Full listings (LIST "" "*" and its extended forms), not the one-name LIST a failed STATUS makes.
      const listings = () => fx.sent().filter((l) => /^LIST\b.*"\*"/.test(l)).length;
      const pass = async () => {
        const before = fx.sent().length;
        await offline.accounts.sync(offline.ctx, id);
        return fx.sent().slice(before);
      };

      const first = await pass();
      expect(first.filter((l) => /^LIST\b.*"\*"/.test(l))).toHaveLength(1);
      expect(await known()).toEqual(["ana@example.org"]);

      await dv.deliver("maya", "Sent", sent(2, ["bo@example.com"]));
      const listed = listings();
      const second = await pass();
      expect(listings()).toBe(listed);
      expect(second).toContain("STATUS Sent (UIDNEXT UIDVALIDITY)");
      expect(await known()).toEqual(["ana@example.org", "bo@example.com"]);

      // A folder remembered earlier is deleted (here Dovecot re-creates Sent itself, so the
      // remembered one is "Gesendet", as if found by name before): one LIST finds \\Sent again.
      const c = await dv.client("maya");
      await c.mailboxCreate("Gesendet");
      await offline.ctx.stores.contacts.setCursor(id, { folder: "Gesendet", mark: "1", last: 0 });
      await c.mailboxDelete("Gesendet");
      await c.logout();
      await dv.deliver("maya", "Sent", sent(3, ["carl@example.com"]));
      expect(await pass()).toContain("STATUS Gesendet (UIDNEXT UIDVALIDITY)");
      expect(listings()).toBe(listed + 1);
      expect(await known()).toEqual(["ana@example.org", "bo@example.com", "carl@example.com"]);
      expect((await offline.ctx.stores.contacts.cursor(id))?.folder).toBe("Sent");
      await pass();
      expect(listings()).toBe(listed + 1);
    } finally {
      offline.close();
    }
  });
});
