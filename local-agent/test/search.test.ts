import { afterEach, describe, expect, it } from "vitest";
import { performAction, undo } from "../services/actions.ts";
import { ask, listSuggestions } from "../services/assist.ts";
import { ingestItem } from "../services/ingest.ts";
import { ingestRawMail } from "../services/ingest-raw.ts";
import { agentFixture, item } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const fx = await agentFixture();
  cleanups.push(fx.close);
  // The fixture clock: 2026-11-20 09:00 UTC (a Friday).
  await ingestItem({
    ctx: fx.ctx,
    input: {
      ...item({
        id: "ana",
        from: "Ana Lima <ana@acme.example>",
        subject: "Q3 plan",
        date: fx.now() - 3_600_000,
      }),
      to: "me@home.example",
      cc: "team@acme.example",
      labels: ["INBOX", "UNREAD"],
      hasAttachment: true,
    },
  });
  await ingestItem({
    ctx: fx.ctx,
    input: {
      ...item({
        id: "old",
        from: "Ana Lima <ana@acme.example>",
        subject: "Old plan",
        date: fx.now() - 9 * 86_400_000,
      }),
      to: "me@home.example",
      labels: ["INBOX"],
      hasAttachment: false,
    },
  });
  return fx;
}
const ids = async (fx: Awaited<ReturnType<typeof setup>>, q: string) =>
  (await listSuggestions(fx.ctx, { q, limit: 50 })).items.map((s) => s.id);

describe("search operators on the agent (libSQL, migration 0011)", () => {
  it("keeps recipients, unread and attachments, and searches them", async () => {
    const fx = await setup();
    expect(await ids(fx, "to:team@acme")).toEqual(["ana"]);
    expect(await ids(fx, "is:unread")).toEqual(["ana"]);
    expect(await ids(fx, "is:read")).toEqual(["old"]);
    expect(await ids(fx, "has:attachment plan")).toEqual(["ana"]);
    expect((await ids(fx, "from:ana plan")).sort()).toEqual(["ana", "old"]);
    expect(await ids(fx, "from:ana after:2026-11-15")).toEqual(["ana"]);
  });

  it("marking read here takes it out of is:unread, and its undo puts it back", async () => {
    const fx = await setup();
    const done = await performAction({
      ctx: fx.ctx,
      input: { suggestionId: "ana", request: { action: "mark_read", confirmed: false }, initiator: "person" },
    });
    expect(["applied", "queued"]).toContain(done.status);
    expect(await ids(fx, "is:unread")).toEqual([]);
    await undo({ ctx: fx.ctx, input: { ledgerId: done.ledgerId! } });
    expect(await ids(fx, "is:unread")).toEqual(["ana"]);
  });

  it("refuses a bad operator value with the reason", async () => {
    const fx = await setup();
    await expect(listSuggestions(fx.ctx, { q: "is:starred", limit: 50 })).rejects.toMatchObject({
      code: "bad_input",
      message: expect.stringContaining("is:unread or is:read"),
    });
  });

  it("a message the device read itself: recipients and attachments from the MIME", async () => {
    const fx = await setup();
    const raw = [
      "From: Bob <bob@partner.example>",
      "To: me@home.example",
      "Cc: Carol <carol@partner.example>",
      "Subject: Contract",
      "Message-ID: <c1@partner.example>",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Signed copy attached.",
      "--b",
      'Content-Type: application/pdf; name="c.pdf"',
      'Content-Disposition: attachment; filename="c.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      "JVBERi0=",
      "--b--",
      "",
    ].join("\r\n");
    await ingestRawMail({
      ctx: fx.ctx,
      input: {
        id: "raw1",
        scoutId: "local",
        source: "local_mail",
        sourceMsgRef: null,
        raw,
        verdict: { verdict: "relevant", confidence: 0.9, reason: "t" },
      },
    });
    expect(await ids(fx, "to:carol has:attachment")).toEqual(["raw1"]);
  });

  it("Ask answers from the agent's own copy while the cloud is unreachable", async () => {
    const calls: string[] = [];
    const fx = await agentFixture({
      fetch: (async (input: string | URL | Request) => {
        calls.push(String(input));
        throw new TypeError("fetch failed: network unreachable");
      }) as typeof fetch,
    });
    cleanups.push(fx.close);
    await ingestItem({ ctx: fx.ctx, input: item({ id: "u1", subject: "Server down", snippet: "x" }) });
    const a = await ask(fx.ctx, "anything from ann today?");
    expect(a.links.map((l) => l.suggestionId)).toEqual(["u1"]);
    expect(calls).toEqual([]);
  });

  it("Ask: anything from Ana this week finds only this week's", async () => {
    const fx = await setup();
    const a = await ask(fx.ctx, "Anything from Ana this week?");
    expect(a.intent).toBe("sender_about");
    expect(a.links.map((l) => l.suggestionId)).toEqual(["ana"]);
  });
});
