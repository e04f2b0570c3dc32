/**
 * Per-window scoring check on the training split (never the test split): of the training attacks
 * the shipped model flags on their own, how many stay flagged when the same text is one paragraph
 * between twelve ordinary sentences (corpus benign items the model scores below half its
 * threshold). In-sample for the model, so it measures dilution by the surrounding mail, not
 * generalisation.
 *
 *   node scripts/triage/injection-embedded.ts
 */
import { INJECTION_MODEL } from "../../core/triage/injection-model/model.ts";
import { injectionScore } from "../../core/triage/injection-model/score.ts";
import { loadInjectionCorpus, splitBySource } from "./injection-corpus.ts";

const { train } = splitBySource(loadInjectionCorpus());
const t = INJECTION_MODEL.threshold;
const benign = train.filter((i) => i.label === 0 && injectionScore(i.text) < t * 0.5).map((i) => i.text);
const attacks = train.filter((i) => i.label === 1 && injectionScore(i.text) >= t);
const span = benign.length - 12;
let kept = 0;
attacks.forEach((a, k) => {
  const before = benign.slice((k * 7) % span, ((k * 7) % span) + 6).join(" ");
  const after = benign.slice((k * 11) % span, ((k * 11) % span) + 6).join(" ");
  if (injectionScore(`${before}\n\n${a.text}\n\n${after}`) >= t) kept++;
});
console.log(JSON.stringify({ flaggedAlone: attacks.length, stillFlaggedInLongMail: kept }));
