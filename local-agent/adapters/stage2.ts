import type { Stage2Fields } from "@scouts/core/device/suggestion-from-proposal";
import type { Bucket, ExtractedEntity, SpeechAct } from "@scouts/core/protocol/local-api";
import type { PersonalHead, PersonalLayer } from "@scouts/core/triage/personal";

export interface Stage2Input {
  from: string;
  to?: string;
  subject: string;
  snippet?: string;
  raw?: string;
  date?: number;
  cc?: string;
  labels?: string[];
  reader?: { addresses: string[]; sender?: { wroteTo?: boolean; repliedTo?: boolean; corrected?: boolean } };
}

/** The stage-2 fields the agent keeps (one definition with the browser device's). */
export type Stage2Result = Stage2Fields;

/** The device's stage-2 classifier; `null` when the model is not available (suggestions stay unprocessed). */
export interface Stage2 {
  readonly runner: string;
  /** `personal`: the person's layer learned from their corrections (applied on top of the model). */
  classify(input: Stage2Input, personal?: PersonalLayer): Promise<Stage2Result>;
  /** Updates `personal` from one correction ("this item's `head` is `label`"). */
  learn?(input: Stage2Input, head: PersonalHead, label: string, personal: PersonalLayer): Promise<void>;
}

function normalize(r: Record<string, unknown>): Stage2Result {
  const ents = Array.isArray(r.entities) ? r.entities : [];
  return {
    bucket: r.bucket as Bucket,
    speechAct: r.speechAct as SpeechAct,
    category: String(r.category ?? "other"),
    priority:
      typeof r.priority === "number" ? r.priority : Number((r.priority as { score?: number })?.score ?? 0),
    why: Array.isArray(r.why) ? r.why.map(String) : [],
    cohortHints: Array.isArray(r.cohortHints) ? r.cohortHints.map(String) : [],
    entities: ents.map((e) =>
      typeof e === "string"
        ? { kind: "text", text: e }
        : {
            kind: String((e as ExtractedEntity).kind ?? "text"),
            text: String((e as ExtractedEntity).text ?? ""),
            value: (e as ExtractedEntity).value,
          },
    ),
    confidence: typeof r.confidence === "number" ? r.confidence : null,
  };
}

/**
 * Loads `classifyStage2` with the onnxruntime-node runner; resolves to null when the model or
 * the runtime cannot load (the agent then keeps proposals unclassified and says so in status).
 * Literal specifiers, so the packaged agent's bundle includes both.
 */
export async function loadStage2(): Promise<Stage2 | null> {
  try {
    const { classifyStage2, learnStage2Correction } = await import("@scouts/core/triage/stage2");
    const { createOnnxRunner } = await import("./onnx-runner.ts");
    const runner = await createOnnxRunner();
    type Args = Parameters<typeof classifyStage2>[0];
    return {
      runner: "onnxruntime-node",
      async classify(input, personal) {
        const args = { ctx: { runner, ...(personal ? { personal } : {}) }, input } as unknown as Args;
        return normalize((await classifyStage2(args)) as unknown as Record<string, unknown>);
      },
      async learn(item, head, label, personal) {
        await learnStage2Correction({
          ctx: { runner, personal },
          input: { item, head, label },
        } as unknown as Parameters<typeof learnStage2Correction>[0]);
      },
    };
  } catch {
    return null;
  }
}

/** Wraps any classify function (tests, benches) as a Stage2. */
export function stage2From(
  runner: string,
  fn: (input: Stage2Input) => Promise<Record<string, unknown>> | Record<string, unknown>,
): Stage2 {
  return { runner, classify: async (input) => normalize(await fn(input)) };
}
