import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { createCloudClient } from "../adapters/cloud-client.ts";
import { createEventBus } from "../adapters/event-bus.ts";
import type { Stage2, Stage2Input } from "../adapters/stage2.ts";
import { openAgentDb } from "../db/open.ts";
import { type AgentCtx, createAgentCtx } from "../services/context.ts";
import type { IncomingItem } from "../services/ingest.ts";

/** A real libSQL file in a temp dir and an AgentCtx around it, with a settable clock. */
export async function agentFixture(
  opts: { cloudUrl?: string; token?: string; stage2?: Stage2 | null; fetch?: typeof fetch } = {},
) {
  const dir = await mkdtemp(path.join(tmpdir(), "scouts-agent-"));
  const { db, client } = await openAgentDb(`file:${path.join(dir, "agent.db")}`);
  let now = Date.parse("2026-11-20T09:00:00Z");
  let seq = 0;
  const cloudUrl = opts.cloudUrl ?? "http://127.0.0.1:9";
  const ctx: AgentCtx = createAgentCtx({
    db,
    clock: { now: () => now },
    ids: () => `id-${String(++seq).padStart(4, "0")}`,
    logger: silentLogger,
    fetch: opts.fetch ?? fetch,
    sleep: async () => {},
    resolve: async () => ["93.184.216.34"],
    bus: createEventBus(),
    cloud: createCloudClient({ fetch, baseUrl: cloudUrl, token: () => opts.token ?? "device-token" }),
    stage2: opts.stage2 ?? null,
    cloudUrl,
    sessionId: "session-1",
  });
  return {
    ctx,
    dir,
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
    async close() {
      client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let itemSeq = 0;
/** A proposal-like item for ingest. */
export function item(over: Partial<IncomingItem> = {}): IncomingItem {
  const id = over.id ?? `p-${++itemSeq}`;
  return {
    id,
    scoutId: "scout-1",
    source: "gmail",
    sourceMsgRef: `m-${id}`,
    threadRef: null,
    from: "Ann <ann@example.com>",
    subject: "Quarterly numbers",
    snippet: "Could you send the numbers by Friday?",
    date: Date.parse("2026-11-20T08:00:00Z"),
    verdict: "relevant",
    confidence: 0.9,
    reason: "t0:none",
    ...over,
  };
}

/** A deterministic stand-in classifier with the stage-2 output shape (TRIAGE's model replaces it). */
export const keywordStage2: Stage2 = {
  runner: "keyword-test",
  async classify(input) {
    const text = `${input.subject} ${input.snippet ?? ""}`.toLowerCase();
    const urgent = /urgent|asap|today/.test(text);
    const low = /sale|deal|newsletter|digest/.test(text);
    return {
      bucket: urgent ? "urgent" : low ? "low_priority" : "actionable",
      speechAct: /\?/.test(text) ? "request" : "fyi",
      category: low ? "promotions" : "work",
      priority: urgent ? 0.95 : low ? 0.1 : 0.6,
      why: [urgent ? "says it is urgent" : low ? "promotional wording" : "asks you to do something"],
      cohortHints: [],
      entities: [],
      confidence: 0.9,
    };
  },
};

/** `keywordStage2` that also keeps every input it was given (to check what stage 2 was told). */
export function recordingStage2(): { stage2: Stage2; seen: Stage2Input[] } {
  const seen: Stage2Input[] = [];
  const stage2: Stage2 = {
    runner: "keyword",
    classify: (input, personal) => {
      seen.push(input);
      return keywordStage2.classify(input, personal);
    },
  };
  return { stage2, seen };
}
