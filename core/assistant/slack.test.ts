import { describe, expect, it } from "vitest";
import type { Brief } from "../protocol/local-api.ts";
import { briefBlocks, escapeMrkdwn, MAX_BLOCKS, MAX_SECTION_CHARS } from "./slack-blocks.ts";
import { AlertLimiter, postToSlack } from "./slack-post.ts";

const url = "https://hooks.slack.com/services/T0/B0/xyz";

function hugeBrief(): Brief {
  const top = Array.from({ length: 200 }, (_, i) => ({
    suggestionId: `s${i}`,
    from: `<!channel> Sender ${i} <s${i}@example.com>`,
    subject: `<@U123> ${"long subject ".repeat(40)}`,
    priority: 0.5,
    why: [],
  }));
  const buckets = (["urgent", "actionable", "informational", "low_priority"] as const).map((bucket) => ({
    bucket,
    count: 200,
    top,
  }));
  return { period: "morning", generatedAt: 0, since: 0, total: 800, buckets, markdown: "" };
}

describe("Slack Block Kit output", () => {
  it("escapes mrkdwn and neutralizes mentions", () => {
    expect(escapeMrkdwn("<!channel> <@U123|bob> a & b @here")).toBe(
      "&lt;!channel&gt; &lt;@U123|bob&gt; a &amp; b @\u200bhere",
    );
  });

  it("keeps a huge brief within 50 blocks, 3000 chars per section and well under 12,000 total", () => {
    const msg = briefBlocks({ brief: hugeBrief(), redact: true });
    expect(msg.blocks.length).toBeLessThanOrEqual(MAX_BLOCKS);
    for (const b of msg.blocks)
      if (b.type === "section") expect(b.text.text.length).toBeLessThanOrEqual(MAX_SECTION_CHARS);
    expect(JSON.stringify(msg).length).toBeLessThan(10_000);
    expect(JSON.stringify(msg)).not.toMatch(/<!channel>|<@U123/);
  });

  it("honours 429 Retry-After, then gives up with rate_limited", async () => {
    const slept: number[] = [];
    let calls = 0;
    const fetch = async () => {
      calls++;
      return calls < 3
        ? new Response("rate_limited", { status: 429, headers: { "retry-after": "3" } })
        : new Response("ok");
    };
    await postToSlack({
      ctx: { fetch, sleep: async (ms) => void slept.push(ms) },
      input: { url, message: { text: "x", blocks: [] } },
    });
    expect(slept).toEqual([3000, 3000]);
    const always429 = async () => new Response("", { status: 429, headers: { "retry-after": "30" } });
    await expect(
      postToSlack({
        ctx: { fetch: always429, sleep: async () => {} },
        input: { url, message: { text: "x", blocks: [] }, maxAttempts: 2 },
      }),
    ).rejects.toMatchObject({ code: "rate_limited", retryAfterSeconds: 30 });
  });

  it("never sleeps a Retry-After longer than a few seconds: the wait is handed back at once", async () => {
    const slept: number[] = [];
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response("", { status: 429, headers: { "retry-after": "3600" } });
    };
    await expect(
      postToSlack({
        ctx: { fetch, sleep: async (ms) => void slept.push(ms) },
        input: { url, message: { text: "x", blocks: [] } },
      }),
    ).rejects.toMatchObject({ code: "rate_limited", retryAfterSeconds: 3600 });
    expect(slept).toEqual([]);
    expect(calls).toBe(1);
  });

  it("refuses webhooks that are not Slack's", async () => {
    const fetch = async () => new Response("ok");
    await expect(
      postToSlack({
        ctx: { fetch, sleep: async () => {} },
        input: { url: "https://evil.example/services/x", message: { text: "", blocks: [] } },
      }),
    ).rejects.toMatchObject({ code: "bad_input" });
  });

  it("admits at most 5 alerts per channel per rolling hour", () => {
    let now = 0;
    const limiter = new AlertLimiter({ clock: { now: () => now } });
    const admitted = Array.from({ length: 8 }, () => limiter.admit("C1"));
    expect(admitted.filter(Boolean)).toHaveLength(5);
    expect(limiter.admit("C2")).toBe(true);
    now = 3_600_001;
    expect(limiter.admit("C1")).toBe(true);
  });
});
