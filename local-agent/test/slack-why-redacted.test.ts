import { alertBlocks } from "@scouts/core/assistant/slack-blocks";
import { afterEach, describe, expect, it } from "vitest";
import { loadStage2 } from "../adapters/stage2.ts";
import { maybeAlert } from "../services/assist.ts";
import { ingestItem } from "../services/ingest.ts";
import { patchSettings } from "../services/settings.ts";
import { agentFixture, item } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CANARY = "zqvcanary";
const body = `Urgent ${CANARY}: ${Array.from({ length: 30 }, (_, i) => `${CANARY}${i % 3 ? "" : "x"}`).join(" ")} wire the ${CANARY} payment today`;

describe("redacted Slack alerts", () => {
  it("say why without any word of the message body (real stage 2, body words as canaries)", async () => {
    const stage2 = await loadStage2();
    const fx = await agentFixture({ stage2 });
    cleanups.push(fx.close);
    // Snippets in the shapes people write; stage 2's reasons quote words of at least one of them.
    const snippets = [
      "webinar discount coupon limited offer",
      "Please review the pull request and approve the deployment to production",
      "Reminder: your webinar starts tomorrow, register for the discount coupon",
    ];
    let s: Awaited<ReturnType<typeof ingestItem>> = null;
    let quoted: string[] = [];
    let bodyWords: string[] = [];
    for (const [n, snippet] of snippets.entries()) {
      const got = (await ingestItem({
        ctx: fx.ctx,
        input: item({ id: `c${n}`, subject: "Hello", snippet }),
      }))!;
      const words = snippet.toLowerCase().match(/[a-z]{4,}/g) ?? [];
      // A word of the body that the reasons quote (“…”).
      const inQuotes = [
        ...got.why
          .join(" ")
          .toLowerCase()
          .matchAll(/“([^”]+)”/g),
      ].map((m) => m[1]!);
      const hits = words.filter((w) => inQuotes.some((q) => q.includes(w)));
      if (hits.length > 0) {
        s = got;
        quoted = hits;
        bodyWords = [...new Set(words.filter((w) => w.length >= 6).concat(hits))];
        break;
      }
    }
    // The premise: stage 2's own reasons quote the body, so an alert built from them would leak.
    expect(quoted.length).toBeGreaterThan(0);
    if (!s) throw new Error("unreachable: the premise holds");
    const redacted = JSON.stringify(alertBlocks({ suggestion: { ...s, bucket: "urgent" }, redact: true }));
    for (const w of bodyWords) expect(redacted.toLowerCase()).not.toContain(w);
    expect(redacted).toContain("Urgent");
    const open = JSON.stringify(alertBlocks({ suggestion: s, redact: false }));
    expect(open.toLowerCase()).toContain(quoted[0]);
  });

  it("posts an urgent alert whose why line is free of body words", async () => {
    const posts: string[] = [];
    const fakeFetch = (async (_: string | URL | Request, init?: RequestInit) => {
      posts.push(String(init?.body));
      return new Response("ok");
    }) as typeof fetch;
    const fx = await agentFixture({
      fetch: fakeFetch,
      stage2: {
        runner: "canary-test",
        async classify() {
          return {
            bucket: "urgent",
            speechAct: "request",
            category: "work",
            priority: 0.9,
            why: [`urgent: mentions “${CANARY}”`, `request: mentions “${CANARY}”`],
            cohortHints: [],
            entities: [],
            confidence: 0.9,
          };
        },
      },
    });
    cleanups.push(fx.close);
    await patchSettings(fx.ctx, { slackWebhookUrl: "https://hooks.slack.com/services/T1/B1/x" });
    const s = (await ingestItem({ ctx: fx.ctx, input: item({ id: "c2", snippet: body }) }))!;
    await maybeAlert(fx.ctx, s);
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toContain(CANARY);
    expect(posts[0]).toContain("asks you for something");
  });
});
