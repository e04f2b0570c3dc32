/**
 * Diagnostic, training data only: the out-of-fold stage-1 verdict (at the INBOX point, chosen
 * setting from choices.json, grouped folds as select:triage uses) of every modern training message
 * whose org starts with one of the given prefixes. Nothing is chosen by it.
 *
 *   node scripts/triage/oof-by-prefix.ts x-s1b- s1b-
 */
import { toRow } from "../../core/triage/features/featurize.ts";
import { fitPlatt } from "./optimize.ts";
import { loadChoices, modernTrain, spamAssassinTrain } from "./sources.ts";
import {
  chooseOperatingPoints,
  prepareExamples,
  STAGE1_BITS,
  stage1OutOfFold,
  stage1Weights,
} from "./train.ts";

const prefixes = process.argv.slice(2);
if (prefixes.length === 0 || prefixes.some((x) => !/^[a-z0-9-]+$/.test(x))) {
  console.error(
    "usage: node scripts/triage/oof-by-prefix.ts <org prefix>... (lower-case letters, digits, dashes)",
  );
  process.exit(2);
}
const all = [...(await prepareExamples(spamAssassinTrain())), ...(await prepareExamples(modernTrain()))];
const rows = all.map((e) => toRow(e.bag, STAGE1_BITS));
const choice = loadChoices().stage1;
const oof = stage1OutOfFold(rows, all, choice);
const platt = fitPlatt(
  oof,
  all.map((e) => (e.spam ? 1 : 0)),
  [...stage1Weights(all, choice)],
);
const p = oof.map((z) => 1 / (1 + Math.exp(-(platt.a * z + platt.c))));
const t = chooseOperatingPoints(p, all).inbox.threshold;
console.log(`INBOX threshold out of fold ${t}`);
for (const pre of prefixes) {
  const xs = all.flatMap((e, i) => (e.group.startsWith(`modern:${pre}`) ? [{ e, q: p[i]! }] : []));
  console.log(`${pre}: ${xs.filter((x) => x.q >= t).length} of ${xs.length} called spam`);
  for (const { e, q } of xs)
    console.log(`${q >= t ? "spam" : "pass"} ${q.toFixed(3)} ${e.spam ? "threat" : "legit"} ${e.id}`);
}
