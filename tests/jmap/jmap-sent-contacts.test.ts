import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOfflineAgent } from "../../local-agent/accounts/accounts.ts";
import { contacts, ownAddresses } from "../../local-agent/db/schema/index.ts";
import { hasCyrus, startCyrus } from "../support/cyrus.ts";

const PASSWORD = "correct horse battery";

function sent(n: number, to: string, inReplyTo?: string) {
  return [
    "From: Maya Lindqvist <maya@example.net>",
    `To: ${to}`,
    `Subject: sent ${n}`,
    `Message-ID: <jmap-sent-${n}@example.net>`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : []),
    `Date: Tue, 24 Nov 2026 09:0${n}:00 +0000`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Thanks!",
    "",
  ].join("\r\n");
}

describe.runIf(hasCyrus())(
  "the device learns its reader from a JMAP account's sent mail (real Cyrus)",
  () => {
    let cy: Awaited<ReturnType<typeof startCyrus>>;
    let home = "";
    beforeAll(async () => {
      cy = await startCyrus({ users: { maya: PASSWORD }, imap: true });
      home = await mkdtemp(path.join(os.tmpdir(), "scouts-jmap-sent-"));
    });
    afterAll(async () => {
      await cy?.stop();
      if (home) await rm(home, { recursive: true, force: true });
    });

    /** Files a message in Sent as Maya's mail app does (IMAP APPEND; LMTP may not post there). */
    const fileSent = async (raw: string) => {
      const c = await cy.imapClient("maya");
      try {
        await c.append("Sent", raw, ["\\Seen"]);
      } finally {
        await c.logout();
      }
    };

    it("reads the mailbox with role sent: her address, whom she replied to, then only what is new", async () => {
      await fileSent(sent(1, "Ana Souza <ana.souza@example.org>", "<q1@example.org>"));
      await cy.deliver(
        "maya",
        "From: Ana Souza <ana.souza@example.org>\r\nTo: maya@example.net\r\nSubject: Budget\r\nMessage-ID: <jmap-sent-q@example.org>\r\n\r\nCould you check the sheet?\r\n",
      );
      const offline = await openOfflineAgent(home, { stage2: null });
      try {
        const { id } = await offline.accounts.addJmap({ url: cy.jmapUrl, user: "maya", password: PASSWORD });
        await offline.accounts.sync(offline.ctx, id);
        expect((await offline.db.select().from(ownAddresses).all()).map((r) => r.address)).toEqual([
          "maya@example.net",
        ]);
        const ana = async () =>
          (await offline.db.select().from(contacts).all()).find((r) => r.address === "ana.souza@example.org");
        expect(await ana()).toMatchObject({ wroteCount: 1, repliedCount: 1 });

        await fileSent(sent(2, "ana.souza@example.org"));
        await offline.accounts.sync(offline.ctx, id);
        // the second pass read only the new one (the first is not counted twice)
        expect(await ana()).toMatchObject({ wroteCount: 2, repliedCount: 1 });
      } finally {
        offline.close();
      }
    });
  },
);
