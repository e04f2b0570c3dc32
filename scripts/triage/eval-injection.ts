/**
 * The injection test split (corpus/injection, by source; never used for a choice) scored three
 * ways: the function rules alone (`instructs` + `addressesMachine` on the item's skeleton), the
 * paraphrased-instruction model alone, and the whole detector (every rule + model) on
 * each item sent as a plain-text email through `preprocess`. Called by `eval:triage` and printed
 * by the training script (`node scripts/triage/eval-injection.ts` prints it as JSON).
 */
import { fileURLToPath } from "node:url";
import { INJECTION_MODEL } from "../../core/triage/injection-model/model.ts";
import type { InjectionModel } from "../../core/triage/injection-model/score.ts";
import { instructs } from "../../core/triage/preprocess/injection.ts";
import { addressesMachine } from "../../core/triage/preprocess/injection-function.ts";
import { injectionSkeleton } from "../../core/triage/preprocess/normalise.ts";
import { preprocess } from "../../core/triage/preprocess/preprocess.ts";
import { loadInjectionCorpus, splitBySource } from "./injection-corpus.ts";
import { rates, scoreItems } from "./injection-train-lib.ts";

function asEmail(text: string): string {
  const body = Buffer.from(text, "utf8").toString("base64");
  return `From: Sender <sender@example.com>\nTo: you@example.com\nSubject: Message\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n${body}\n`;
}

export async function evalInjection(model: InjectionModel = INJECTION_MODEL) {
  const { test } = splitBySource(loadInjectionCorpus());
  const modelOnly = rates(scoreItems(model, test), test, model.threshold);
  const rulesOnly = rates(
    test.map((i) => {
      const skel = injectionSkeleton(i.text);
      return instructs(skel) || addressesMachine(skel) ? 1 : 0;
    }),
    test,
    0.5,
  );
  const flagged: number[] = [];
  const missed: string[] = [];
  const falseAlarms: string[] = [];
  for (const item of test) {
    const p = await preprocess({
      kind: "email",
      ref: { source: "demo", id: item.id },
      raw: asEmail(item.text),
    });
    const hit = p.ok && p.injection.length > 0 ? 1 : 0;
    flagged.push(hit);
    if (item.label === 1 && !hit) missed.push(item.id);
    if (item.label === 0 && hit) falseAlarms.push(item.id);
  }
  const detector = rates(flagged, test, 0.5);
  return {
    testSources: [...new Set(test.map((i) => i.source))].length,
    threshold: model.threshold,
    rulesOnly,
    modelOnly,
    detector: { ...detector, missed, falseAlarms },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await evalInjection()));
