import { afterEach, describe, expect, it } from "vitest";
import { ask, maybeAlert } from "../services/assist.ts";
import { draftReply } from "../services/draft.ts";
import { ingestItem } from "../services/ingest.ts";
import { scheduleTick } from "../services/schedule.ts";
import { patchSettings } from "../services/settings.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const HOOK = "https://hooks.slack.com/services/T1/B1/secret";

async function setup() {
  const posts: { url: string; body: { text: string; blocks: unknown[] } }[] = [];
  const llmCalls: { messages: { role: string; content: string }[] }[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("https://hooks.slack.com/")) {
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response("ok");
    }
    if (url.startsWith("http://127.0.0.1:11434/v1/chat/completions")) {
      llmCalls.push(JSON.parse(String(init?.body)));
      return Response.json({ choices: [{ message: { content: "You have one urgent item from Ann." } }] });
    }
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
  const fx = await agentFixture({ stage2: keywordStage2, fetch: fakeFetch });
  cleanups.push(fx.close);
  return { fx, posts, llmCalls };
}

describe("Slack output from the device", () => {
  it("sends at most 5 urgent alerts an hour, redacted, then one summary of the rest", async () => {
    const { fx, posts } = await setup();
    await patchSettings(fx.ctx, { slackWebhookUrl: HOOK });
    for (let i = 0; i < 8; i++) {
      const s = (await ingestItem({
        ctx: fx.ctx,
        input: item({ id: `u${i}`, subject: `Urgent ${i}: <!channel> now`, snippet: "SECRET-BODY" }),
      }))!;
      await maybeAlert(fx.ctx, s);
    }
    expect(posts).toHaveLength(5);
    expect(JSON.stringify(posts)).not.toContain("SECRET-BODY");
    expect(JSON.stringify(posts)).not.toContain("<!channel>");
    fx.advance(60_000);
    const tick = await scheduleTick(fx.ctx);
    expect(tick.summarized).toBe(3);
    expect(posts.at(-1)!.body.text).toBe("3 more urgent messages");
  });

  it("posts the morning brief once when its time has passed, and not while paused", async () => {
    const { fx, posts } = await setup();
    await patchSettings(fx.ctx, {
      slackWebhookUrl: HOOK,
      briefMorning: "08:00",
      briefEvening: "18:00",
      timezone: "UTC",
    });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "b1", subject: "Please review" }) });
    expect((await scheduleTick(fx.ctx)).brief).toBe("morning");
    expect((await scheduleTick(fx.ctx)).brief).toBeNull();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.text).toBe("Scouts morning brief: 1 new");
    fx.advance(10 * 3_600_000);
    const { control } = await import("../services/control.ts");
    await control({ ctx: fx.ctx, input: { command: "pause" } });
    expect((await scheduleTick(fx.ctx)).brief).toBeNull();
    await control({ ctx: fx.ctx, input: { command: "resume" } });
    expect((await scheduleTick(fx.ctx)).brief).toBe("evening");
  });
});

describe("Ask and drafts with a local language model", () => {
  it("answers deterministically without a model, and lets the local model phrase it when configured", async () => {
    const { fx, llmCalls } = await setup();
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "q1", from: "Ann <ann@example.com>", subject: "Urgent: invoice overdue" }),
    });
    const plain = await ask(fx.ctx, "what's urgent today?");
    expect(plain).toMatchObject({
      intent: "urgent_today",
      phrasedBy: "deterministic",
      links: [{ suggestionId: "q1" }],
    });
    await patchSettings(fx.ctx, { llmBaseUrl: "http://127.0.0.1:11434/v1", llmModel: "tiny" });
    const phrased = await ask(fx.ctx, "what's urgent today?");
    expect(phrased).toMatchObject({
      phrasedBy: "llm",
      answer: "You have one urgent item from Ann.",
      links: [{ suggestionId: "q1" }],
    });
    expect(llmCalls[0]!.messages[1]!.content).toContain("invoice overdue");
    const about = await ask(fx.ctx, "what did ann send about invoice?");
    expect(about.intent).toBe("sender_about");
  });

  it("explains why drafts are off without a local model", async () => {
    const { fx } = await setup();
    await ingestItem({ ctx: fx.ctx, input: item({ id: "d1" }) });
    await expect(draftReply(fx.ctx, "d1", {})).rejects.toMatchObject({
      code: "disabled",
      message: expect.stringContaining("no local language model"),
    });
    await patchSettings(fx.ctx, { llmBaseUrl: "http://127.0.0.1:11434/v1" });
    const d = await draftReply(fx.ctx, "d1", { instructions: "say yes" });
    expect(d.text).toBe("You have one urgent item from Ann.");
    expect(d.stored).toBe(false);
  });
});

describe("brief windows on the agent (fake clock)", () => {
  it("evening covers the day; the next morning covers only what came since that evening brief", async () => {
    const { fx, posts } = await setup();
    await patchSettings(fx.ctx, {
      slackWebhookUrl: HOOK,
      briefMorning: "08:00",
      briefEvening: "18:00",
      timezone: "UTC",
    });
    // The fixture clock starts 2026-11-20 09:00 UTC.
    await ingestItem({ ctx: fx.ctx, input: item({ id: "day1", subject: "Budget review please" }) });
    fx.advance(9 * 3_600_000 + 5 * 60_000); // 18:05
    expect((await scheduleTick(fx.ctx)).brief).toBe("evening");
    expect(posts.at(-1)!.body.text).toBe("Scouts evening brief: 1 new");
    fx.advance(3 * 3_600_000); // 21:05: after the evening brief
    await ingestItem({
      ctx: fx.ctx,
      input: item({ id: "night", subject: "Contract draft", date: Date.parse("2026-11-20T21:00:00Z") }),
    });
    fx.advance(11 * 3_600_000); // 08:05 next day
    expect((await scheduleTick(fx.ctx)).brief).toBe("morning");
    expect(posts.at(-1)!.body.text).toBe("Scouts morning brief: 1 new");
    const { brief } = await import("../services/assist.ts");
    const morning = await brief(fx.ctx, "morning");
    expect(morning.buckets.flatMap((b) => b.top.map((t) => t.suggestionId))).toEqual(["night"]);
    expect(morning.since).toBe(Date.parse("2026-11-20T18:05:00Z"));
    const evening = await brief(fx.ctx, "evening");
    expect(evening.since).toBe(Date.parse("2026-11-21T00:00:00Z"));
    expect(evening.total).toBe(0);
  });
});
