/**
 * Diagnostic: the named stage-1 features that fire on modern training messages whose id contains
 * one of the given strings (with the reader context the training uses). Nothing is chosen by it.
 *
 *   node scripts/triage/named-of.ts wrong-number bankwechsel
 */
import { NAMED_FEATURES } from "../../core/triage/features/named.ts";
import { modernTrain } from "./sources.ts";
import { prepareExamples } from "./train.ts";

const wanted = process.argv.slice(2);
if (wanted.length === 0) {
  console.error("usage: node scripts/triage/named-of.ts <id substring>...");
  process.exit(2);
}
const msgs = modernTrain().filter((m) => wanted.some((w) => m.id.includes(w)));
for (const e of await prepareExamples(msgs)) {
  const on = NAMED_FEATURES.flatMap((f, i) =>
    e.bag.named[i]! > 0 && !f.name.startsWith("rules_") ? [`${f.name}=${+e.bag.named[i]!.toFixed(2)}`] : [],
  );
  console.log(`${e.id} ${e.spam ? "threat" : "legit"}\n  ${on.join(" ")}`);
}
