import { describe, expect, it } from "vitest";
import { lunch, readerWorld, recordingStage1, triageBatch } from "../test/gmail-reader-fixtures.ts";

const r = readerWorld();

describe("Gmail send-as aliases are the person's addresses too", () => {
  const sendAsCalls = () => r.world.gmail.calls.filter((c) => c.call === "sendAsList");

  it("mail to a verified alias is addressed to the person; a pending alias is not; one sendAs.list per scout per invocation", async () => {
    const { mailbox, scoutId, device } = await r.scoutWithDevice();
    const alias = `ann.work-${crypto.randomUUID().slice(0, 8)}@work.example.org`;
    const pending = `ann.old-${crypto.randomUUID().slice(0, 8)}@old.example.org`;
    r.world.gmail.addSendAs(mailbox, alias);
    r.world.gmail.addSendAs(mailbox, pending, "pending");
    const toAlias = r.world.gmail.addMessage(mailbox, { raw: lunch("cy@one.example.org", alias) });
    const ccAlias = r.world.gmail.addMessage(mailbox, {
      raw: lunch("dee@two.example.org", "team@example.net", `Ann <${alias.toUpperCase()}>`),
    });
    const toPending = r.world.gmail.addMessage(mailbox, { raw: lunch("eli@three.example.org", pending) });
    // From the person's own alias: no sent-mail lookup for it.
    const fromAlias = r.world.gmail.addMessage(mailbox, { raw: lunch(alias, "team@example.net") });
    const rec = recordingStage1();
    r.use(rec.classifier);

    const before = r.sentLookups().length;
    const result = await triageBatch(scoutId, [toAlias.id, ccAlias.id, toPending.id, fromAlias.id]);
    expect(result.explicitAcks).toHaveLength(4);
    await device.waitFor(() => device.proposals().length === 4);
    const frame = (id: string) => device.proposals().find((p) => p.sourceMsgRef === id)?.reader;
    expect(frame(toAlias.id)?.role).toBe("to");
    expect(frame(ccAlias.id)?.role).toBe("cc");
    expect(frame(toPending.id)?.role).toBe("not_addressed");
    expect(frame(fromAlias.id)).toEqual({ role: "not_addressed" });
    // Stage 1 itself reads the alias as the person's (its own To/Cc role comes from these addresses).
    for (const s of rec.seen) expect(s.rules?.reader?.addresses).toEqual([mailbox, alias]);
    expect(sendAsCalls()).toHaveLength(1);
    expect(r.sentLookups().length - before).toBe(3);
    device.ws.close(1000, "bye");
  });

  it("a token without a sendAs scope (403 insufficientPermissions): the watched address alone, every item still triaged and looked up", async () => {
    const { mailbox, scoutId, device } = await r.scoutWithDevice();
    const alias = `bo.alias-${crypto.randomUUID().slice(0, 8)}@work.example.org`;
    r.world.gmail.addSendAs(mailbox, alias);
    r.world.gmail.grantScopes(mailbox, ["https://www.googleapis.com/auth/gmail.metadata"]);
    const toMailbox = r.world.gmail.addMessage(mailbox, { raw: lunch("fay@four.example.org", mailbox) });
    const toAlias = r.world.gmail.addMessage(mailbox, { raw: lunch("gus@five.example.org", alias) });
    const rec = recordingStage1();
    r.use(rec.classifier);

    const result = await triageBatch(scoutId, [toMailbox.id, toAlias.id]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toEqual([]);
    await device.waitFor(() => device.proposals().length === 2);
    const frame = (id: string) => device.proposals().find((p) => p.sourceMsgRef === id)?.reader;
    expect(frame(toMailbox.id)).toEqual({ role: "to", wroteTo: false });
    expect(frame(toAlias.id)).toEqual({ role: "not_addressed", wroteTo: false });
    for (const s of rec.seen) expect(s.rules?.reader?.addresses).toEqual([mailbox]);
    // Refused once, not retried; the refusal does not stop the sent-mail lookups.
    expect(sendAsCalls().map((c) => c.status)).toEqual([403]);
    device.ws.close(1000, "bye");
  });
});
