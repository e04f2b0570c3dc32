import { readFileSync } from "node:fs";
import path from "node:path";
import { chatCompletion, draftPrompt, phraseAnswer } from "@scouts/core/assistant/llm-chat";
import { createChat } from "@scouts/core/automation/authoring/llm-client";
import { proposeAutomation } from "@scouts/core/automation/authoring/propose";
import { agentTask } from "@scouts/core/automation/registry/actions/agent-task";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { ActionServices } from "@scouts/core/automation/registry/types";
import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLlmTextSummarizer } from "../../local-agent/folders/llm-summarizer.ts";
import { type FakeLlm, startFakeLlm } from "../automation/support/fake-llm.ts";

/**
 * Issue 13, item 7: every language model the project calls gets only cleaned text, from one
 * function (`cleanForModel`). Each injection fixture goes, unprocessed (the raw HTML or text part,
 * its subject and sender), through every caller against a local OpenAI-compatible server, and
 * the test reads what reached the model.
 */
const dir = path.join(import.meta.dirname, "../fixtures/injection");
const fixtures: { file: string; category: string; flags: string[]; secret?: string }[] = JSON.parse(
  readFileSync(path.join(dir, "expected.json"), "utf8"),
);

/** Zero-width, bidi, word-joiner, BOM, variation-selector and tag characters. */
const hasInvisible = (t: string) =>
  [...t].some((ch) => {
    const c = ch.codePointAt(0)!;
    return (
      (c >= 0x200b && c <= 0x200f) ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2060 && c <= 0x2069) ||
      c === 0xfeff ||
      (c >= 0xfe00 && c <= 0xfe0f) ||
      (c >= 0xe0000 && c <= 0xe007f)
    );
  });
const ROLE_TOKEN =
  /<\|[a-z_]+\|>|\[\/?INST\]|<\/?(system|assistant|instructions?)>|<<\/?SYS>>|^#{2,} ?system/im;
const NOTE = "tries to give instructions to an assistant";

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm(Array.from({ length: 2000 }, () => ({ content: "{}" })));
});
afterAll(() => llm.close());

async function source(file: string) {
  const email = await PostalMime.parse(readFileSync(path.join(dir, file), "utf8"));
  // The header as written: a display name like "SYSTEM: ignore…" parses as an RFC 5322 group.
  const from = email.from?.address
    ? `${email.from.name} <${email.from.address}>`
    : (email.headers.find((h) => h.key === "from")?.value ?? "");
  const subject = email.subject ?? "";
  // The raw part, not the triage output: callers must not rely on anything upstream.
  const body = email.html ?? email.text ?? "";
  return { from, subject, body, whole: `From: ${from}\nSubject: ${subject}\n\n${body}` };
}

/** Everything sent to the model by the calls `run` makes. */
async function seen(run: () => Promise<unknown>): Promise<string> {
  const before = llm.requests.length;
  await run().catch(() => undefined);
  const sent = llm.requests.slice(before);
  expect(sent.length).toBeGreaterThan(0);
  return sent.flatMap((r) => r.messages.map((m) => m.content ?? "")).join("\n");
}

const endpoint = () => ({ baseUrl: llm.baseUrl, model: "fake", apiKey: null });
const services = (): ActionServices => ({
  clock: { now: () => Date.now() },
  logger: { log: () => undefined },
  chat: createChat({ fetch, sleep: async () => undefined, config: { baseUrl: llm.baseUrl, model: "fake" } }),
  registry: nativeRegistry(),
});

const callers: {
  name: string;
  person?: boolean;
  call: (s: Awaited<ReturnType<typeof source>>) => Promise<unknown>;
}[] = [
  {
    name: "draft reply",
    call: (s) => {
      const p = draftPrompt(suggestionFixture("s1", { from: s.from, subject: s.subject, snippet: s.body }));
      return chatCompletion({ ctx: { fetch }, input: { llm: endpoint(), ...p } });
    },
  },
  {
    name: "Ask",
    call: (s) =>
      phraseAnswer({
        ctx: { fetch },
        input: {
          llm: endpoint(),
          question: "what did they send?",
          answer: {
            intent: "search",
            answer: s.whole,
            links: [{ suggestionId: "s1", label: s.subject }],
            phrasedBy: "deterministic",
          },
        },
      }),
  },
  {
    name: "file summary",
    call: (s) =>
      createLlmTextSummarizer({ fetch, baseUrl: llm.baseUrl, model: "fake" })({
        relativePath: "mail.eml",
        kind: "text",
        text: s.whole,
      }),
  },
  {
    name: "agent_task prompt and tool result",
    call: async (s) => {
      await agentTask.handler({
        input: { prompt: `Summarise this email:\n${s.whole}`, output_schema: { type: "object" } },
        run: { id: "r1", userId: "u1", automationId: "a1" },
        idempotencyKey: "r1:summarise",
        services: services(),
        signal: new AbortController().signal,
      });
      // The tool-result path: a scripted tool call whose result carries the email.
      const tool = {
        id: "mail_read",
        description: "reads mail",
        kind: "native",
        inputSchema: { type: "object" },
        outputSchema: {},
        requiredCredentials: [],
        sideEffects: [],
        expectedDurationMs: 1,
        costEstimateUsd: 0,
        handler: async () => ({ output: { body: s.whole } }),
      };
      const registry = nativeRegistry();
      const svc = {
        ...services(),
        registry: {
          ...registry,
          get: (id: string) => (id === "mail_read" ? tool : registry.get(id)),
        } as typeof registry,
      };
      const script = await startFakeLlm([
        { toolCalls: [{ id: "c1", name: "mail_read", arguments: "{}" }] },
        { content: "{}" },
      ]);
      try {
        svc.chat = createChat({
          fetch,
          sleep: async () => undefined,
          config: { baseUrl: script.baseUrl, model: "fake" },
        });
        await agentTask.handler({
          input: { prompt: "Read the mail", tools: ["mail_read"], output_schema: { type: "object" } },
          run: { id: "r2", userId: "u1", automationId: "a1" },
          idempotencyKey: "r2:read",
          services: svc as ActionServices,
          signal: new AbortController().signal,
        });
        const toolMessage = script.requests[1]!.messages.find((m) => m.role === "tool")!.content;
        // Recorded through the shared server so the same checks read it.
        await chatCompletion({
          ctx: { fetch },
          input: { llm: endpoint(), system: "tool result echo", user: toolMessage },
        });
      } finally {
        await script.close();
      }
    },
  },
  {
    name: "automation authoring",
    person: true,
    call: (s) =>
      proposeAutomation({
        ctx: { chat: services().chat!, registry: nativeRegistry() },
        input: { prompt: s.whole.slice(0, 3900), usedBefore: new Set() },
      }),
  },
];

describe("every language model gets cleaned text", () => {
  for (const c of callers) {
    for (const f of fixtures) {
      it(`${c.name}: ${f.file}`, async () => {
        const s = await source(f.file);
        const content = await seen(() => c.call(s));
        if (f.secret) {
          expect(content).not.toContain(f.secret);
          expect(content).not.toContain("attacker@evil.test");
        }
        expect(hasInvisible(content)).toBe(false);
        expect(content).not.toMatch(ROLE_TOKEN);
        // A flagged message arrives with a warning, except the person's own request (authoring)
        // and plain/HTML disagreement, which needs both parts (callers get one text).
        const mustWarn = !c.person && f.flags.length > 0 && f.category !== "plain/html disagree";
        if (mustWarn) expect(content).toContain(NOTE);
        if (f.flags.length === 0) expect(content).not.toContain(NOTE);
      });
    }
  }
});
