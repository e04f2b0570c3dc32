/**
 * CPU µs per message of building the stage-2 bag (`stage2Bag`) with the shipped input groups
 * and with each optional group left out or added, over the whole modern corpus (best of 7).
 *
 *   taskset -c 0 npm exec -- node scripts/triage/stage2-inputs-cost.ts
 */
import { analyze } from "../../core/triage/analyze.ts";
import {
  STAGE2_FEATURE_GROUPS,
  type Stage2FeatureGroup,
  stage2Bag,
} from "../../core/triage/features/stage2-features.ts";
import { STAGE2_HASHING } from "../../core/triage/stage2.ts";
import { loadModernCorpus } from "./modern-corpus.ts";

const analyses: Extract<Awaited<ReturnType<typeof analyze>>, { ok: true }>[] = [];
for (const m of loadModernCorpus(["train", "dev", "test"])) {
  const a = await analyze(
    { kind: "email", ref: { source: "demo", id: m.id.slice(-256) }, raw: m.text },
    STAGE2_HASHING,
  );
  if (a.ok) analyses.push(a);
}
const cost = (groups: readonly Stage2FeatureGroup[]) => {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 7; r++) {
    const c0 = process.cpuUsage();
    for (const a of analyses) stage2Bag(a.p, a.bag, groups, STAGE2_HASHING.seed);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / analyses.length);
  }
  return Math.round(best * 10) / 10;
};
const base: Stage2FeatureGroup[] = ["lead", "cjk", "sender", "cues"];
const out: Record<string, number> = { messages: analyses.length, [base.join("+")]: cost(base) };
for (const g of STAGE2_FEATURE_GROUPS) if (!base.includes(g)) out[`+${g}`] = cost([...base, g]);
out.all = cost(STAGE2_FEATURE_GROUPS);
console.log(JSON.stringify(out));
