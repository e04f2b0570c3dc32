/**
 * Trains the paraphrased-instruction model from corpus/injection (training split only) and writes
 * core/triage/injection-model/model.ts and injection-model.json. Hyper-parameters and the
 * threshold are chosen by 5-fold cross-validation grouped by source on the training split; the
 * test split is scored once, after, and never feeds a choice. Deterministic.
 *
 *   node scripts/triage/train-injection.ts   (also run by npm run train:triage)
 *   node scripts/triage/train-injection.ts --no-held-out   (while developing: the test split is not scored)
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fnv1a } from "../../core/triage/features/hash.ts";
import { tokenize, windowLogits, windowRanges } from "../../core/triage/injection-model/features.ts";
import { instructs } from "../../core/triage/preprocess/injection.ts";
import { addressesMachine } from "../../core/triage/preprocess/injection-function.ts";
import { injectionSkeleton } from "../../core/triage/preprocess/normalise.ts";
import { preprocess } from "../../core/triage/preprocess/preprocess.ts";
import { isSpamGroup, loadCorpus, TRAIN_GROUPS } from "./corpus.ts";
import {
  closestAcrossSplit,
  foldsBySource,
  type InjectionItem,
  loadInjectionCorpus,
  splitBySource,
} from "./injection-corpus.ts";
import {
  type Hyper,
  leastCostMargin,
  type MailText,
  mineNegatives,
  rates,
  scoreItems,
  scoreMail,
  thresholdFor,
  train,
} from "./injection-train-lib.ts";
import { loadModernCorpus } from "./modern-corpus.ts";

/** Most corpus benign items the threshold may flag out of fold: the issue's 2 % target, as a cap. */
const CV_FP_RATE = 0.02;
/**
 * Out-of-fold cost of a threshold, in missed attacks: a benign item flagged costs two. Fixed
 * before any run with it (2026-11-26, fourth pass): a false flag puts a warning on a person's
 * ordinary mail in every assistant call and teaches them to ignore it, while a missed attack is
 * still stopped by the assistant asking before it acts.
 */
const FALSE_ALARM_COST = 2;
const FOLDS = 5;
const base = { words: true, stems: true, chars: false, concepts: true, clauses: true, triples: false };
// Role-only sets and 4 negatives per message were below these in the 2026-11-26 runs (README).
// Without mined negatives every set was far below (2026-11-26: 0.13-0.36), so the grid mines.
const roles = { ...base, words: false, stems: false };
const dense = { ...base, dense: true };
const FEATURE_SETS = [
  base,
  { ...base, chars: true },
  dense,
  { ...base, chars: true, dense: true },
  { ...roles, dense: true },
  // Character 3- to 5-grams inside and across words (2026-11-26, fourth pass).
  { ...dense, grams: true },
  { ...dense, stems: false, grams: true },
  // Windows of one and of three sentences (two is the default).
  { ...dense, window: 1 },
  { ...dense, window: 3 },
];
const FULL_GRID: Hyper[] = [
  ...FEATURE_SETS.flatMap((features) =>
    [3e-5, 1e-5].map((l2) => ({ features, bits: 14, l2, iterations: 300, negatives: 2 })),
  ),
  { features: { ...base, chars: true, dense: true }, bits: 14, l2: 3e-5, iterations: 300, negatives: 4 },
  // The levers above combined with the sets without dense cues and with three-sentence windows.
  ...[
    { ...base, grams: true },
    { ...base, window: 3 },
    { ...base, grams: true, window: 3 },
    { ...dense, grams: true, window: 3 },
  ].map((features) => ({ features, bits: 14, l2: 1e-5, iterations: 300, negatives: 2 })),
  // More slots for the gram view (2^14 holds the words; the grams are many more).
  ...[3e-5, 1e-5].map((l2) => ({
    features: { ...dense, grams: true },
    bits: 16,
    l2,
    iterations: 300,
    negatives: 2,
  })),
  // Addressee cues (h/inj2): who a sentence addresses besides the reader's software, and
  // words inside quotation marks (reported speech).
  ...[
    { ...base, chars: true, dense: true, addressee: true },
    { ...dense, addressee: true },
    { ...base, chars: true, dense: true, addressee: true, quotes: true },
    { ...dense, addressee: true, quotes: true },
  ].flatMap((features) =>
    [3e-5, 1e-5].map((l2) => ({ features, bits: 14, l2, iterations: 300, negatives: 2 })),
  ),
];
/** A setting's name in logs and for `--only`: its feature families, slots, L2 and levers. */
const nameOf = (h: Hyper) =>
  `${Object.entries(h.features)
    .filter(([, on]) => on)
    .map(([k, on]) => (on === true ? k : `${k}${on}`))
    .join(
      "+",
    )}/b${h.bits}/l2=${h.l2}/neg${h.negatives}${h.minSources ? `/src${h.minSources}` : ""}${h.balanceSources ? "/bal" : ""}`;
// --levers: also cross-validate the training levers measured by h/inj2 and not kept (README,
// "Seventh batch"): a vocabulary floor by source groups and per-source balanced weights.
const LEVERS: Hyper[] = [
  // Issue 13 item 7, h/inj2: levers against words only one source uses (the held-out benign rate
  // was three times the out-of-fold one). A vocabulary floor — slots carried by rows of fewer
  // than N source groups stay at weight 0 — and per-source balanced weights, alone and together.
  ...[2, 3, 5].flatMap((minSources) =>
    [false, true].flatMap((balanceSources) =>
      [{ ...base, chars: true, dense: true }, dense].map((features) => ({
        features,
        bits: 14,
        l2: 3e-5,
        iterations: 300,
        negatives: 2,
        minSources,
        balanceSources,
      })),
    ),
  ),
  ...[{ ...base, chars: true, dense: true }, dense].map((features) => ({
    features,
    bits: 14,
    l2: 3e-5,
    iterations: 300,
    negatives: 2,
    balanceSources: true,
  })),
];
if (process.argv.includes("--levers")) FULL_GRID.push(...LEVERS);
// Character 3–5-grams are measured only with --grams: the phase bench (2026-11-26, h/inj2) put the
// setting they won with at +65 µs a message over the shipped one (injection patterns 324 / 358 →
// 394 / 424 µs, alternated runs), over the issue's "cost ≤ today's"; the choice is among the rest.
if (!process.argv.includes("--grams"))
  for (let k = FULL_GRID.length - 1; k >= 0; k--) if (FULL_GRID[k]!.features.grams) FULL_GRID.splice(k, 1);
// --only=NAME,NAME: cross-validate only these settings (while developing; the shipped run uses
// the whole grid, so the choice is made among every setting).
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const only = onlyArg ? new Set(onlyArg.slice("--only=".length).split(",")) : undefined;
const GRID = only ? FULL_GRID.filter((h) => only.has(nameOf(h))) : FULL_GRID;
if (GRID.length === 0)
  throw new Error(`--only matches no setting; settings: ${FULL_GRID.map(nameOf).join(" ")}`);
/** Most SpamAssassin training ham (whole messages, many windows each) the threshold may flag. */
const hamRateArg = process.argv.find((a) => a.startsWith("--ham-rate="));
// --ham-rate=R: another real-mail rate, to read recall against it while developing (not shipped).
const HAM_FP_RATE = hamRateArg ? Number(hamRateArg.slice("--ham-rate=".length)) : 0.005;

const corpus = loadInjectionCorpus();
const { train: trainItems, test } = splitBySource(corpus);
const closest = closestAcrossSplit(trainItems, test);
if (closest.similarity >= 0.5)
  throw new Error(
    `near-duplicate across the split: ${closest.train} ~ ${closest.test} (${closest.similarity})`,
  );

// SpamAssassin training ham (the held-out groups are never read), in two halves by a hash of
// the id: one mined for hard negatives, the other only for the threshold, so the rate of real
// mail flagged is measured on messages the model never trained on.
const realMail: MailText[] = [];
// Modern legitimate mail of the modern corpus's train and dev splits joins it (never its test split).
const modernLegit = loadModernCorpus(["train", "dev"]).filter((m) => m.label.verdict === "relevant");
for (const m of [...loadCorpus(TRAIN_GROUPS.filter((g) => !isSpamGroup(g))), ...modernLegit]) {
  const p = await preprocess({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text });
  if (p.ok)
    realMail.push({ id: m.id, tokens: tokenize(injectionSkeleton(`${p.subject}\n${p.body}\n${p.quoted}`)) });
}
const inMiningHalf = (m: MailText) => (fnv1a(m.id, 11) >>> 0) % 2 === 0;
const miningMail = realMail.filter(inMiningHalf);
const calibrationMail = realMail.filter((m) => !inMiningHalf(m));

const logit = (p: number) => Math.log(Math.max(p, 1e-12) / Math.max(1 - p, 1e-12));

/**
 * A model fitted on `items`, then refitted with its own hard negatives from the mining half, and
 * the logit at which it flags HAM_FP_RATE of the calibration half.
 */
function fitMined(items: InjectionItem[], h: Hyper) {
  const first = train(items, h);
  const model = h.negatives ? train(items, h, mineNegatives(first, miningMail, h.negatives)) : first;
  const hamLogit = logit(thresholdFor(scoreMail(model, calibrationMail), HAM_FP_RATE));
  return { model, hamLogit };
}

// The function rules (no fitting) on each training item: the threshold is chosen for rules OR model.
function ruleHitsOf(i: InjectionItem): 0 | 1 {
  const skel = injectionSkeleton(i.text);
  return instructs(skel) || addressesMachine(skel) ? 1 : 0;
}
const ruleHits = trainItems.map(ruleHitsOf);
const folds = foldsBySource(trainItems, FOLDS);
/**
 * Out-of-fold margins: each held-out item's logit minus its fold model's real-mail threshold
 * logit, so folds are comparable and a margin ≥ 0 means "flagged at the real-mail rate". The
 * threshold is then the larger of 0 and the margin flagging CV_FP_RATE of the corpus benign items.
 */
function crossValidate(h: Hyper) {
  const oof = new Array<number>(trainItems.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const fitItems = trainItems.filter((_, k) => folds[k] !== f);
    const held: InjectionItem[] = [];
    const at: number[] = [];
    trainItems.forEach((it, k) => {
      if (folds[k] === f) {
        held.push(it);
        at.push(k);
      }
    });
    const { model, hamLogit } = fitMined(fitItems, h);
    scoreItems(model, held).forEach((s, j) => {
      oof[at[j]!] = logit(s) - hamLogit;
    });
  }
  const margin = chooseMargin(oof);
  return { h, margin, oof, ...rates(oof, trainItems, margin) };
}

/** `leastCostMargin` over the training split with this script's cost and cap. */
const chooseMargin = (oof: number[]) =>
  leastCostMargin(
    oof,
    trainItems.map((i) => i.label),
    ruleHits,
    CV_FP_RATE,
    FALSE_ALARM_COST,
  );

const cv = GRID.map((h) => {
  const started = performance.now();
  const c = crossValidate(h);
  // Progress on stderr (stdout is the one JSON line).
  console.error(
    `${nameOf(h)}: recall ${c.recall.toFixed(3)}, benign ${c.flagged}/${c.benign}, margin ${c.margin.toFixed(3)} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  return c;
});
// Most attacks caught at both rates; ties to the smaller model and the stronger L2.
const best = [...cv].sort((a, b) => b.recall - a.recall || a.h.bits - b.h.bits || b.h.l2 - a.h.l2)[0]!;
// --mlp=UNITS: grouped CV of a one-hidden-layer network over the best setting's rows, scored the
// same way (own mined negatives and real-mail bar per fold). Printed, never shipped by this flag.
const mlpArg = process.argv.find((a) => a.startsWith("--mlp="));
if (mlpArg) {
  const { trainMlp, mlpScoreItems, mlpScoreMail } = await import("./injection-mlp.ts");
  // --mlp=UNITS:L2,UNITS:L2 …
  for (const spec of mlpArg.slice("--mlp=".length).split(",")) {
    const [units, l2] = spec.split(":").map(Number) as [number, number];
    {
      const started = performance.now();
      // Inputs hashed to at most 2^14 slots: the hidden layer has one weight per slot and unit.
      const mh = { features: best.h.features, bits: Math.min(best.h.bits, 14), units, l2, iterations: 200 };
      const oof = new Array<number>(trainItems.length).fill(0);
      for (let f = 0; f < FOLDS; f++) {
        const fitItems = trainItems.filter((_, k) => folds[k] !== f);
        const first = train(fitItems, best.h);
        const net = trainMlp(fitItems, mh, mineNegatives(first, miningMail, best.h.negatives, mh.bits));
        const ham = mlpScoreMail(net, calibrationMail).sort((a, b) => b - a);
        const bar = ham[Math.floor(ham.length * HAM_FP_RATE)]! + 1e-6;
        const idx = trainItems.flatMap((_, k) => (folds[k] === f ? [k] : []));
        mlpScoreItems(
          net,
          idx.map((k) => trainItems[k]!),
        ).forEach((z, j) => {
          oof[idx[j]!] = z - bar;
        });
      }
      const margin = chooseMargin(oof);
      const r = rates(oof, trainItems, margin);
      const both = rates(
        oof.map((z, k) => (ruleHitsOf(trainItems[k]!) || z >= margin ? 1 : 0)),
        trainItems,
        0.5,
      );
      console.error(
        `mlp ${units} units l2=${l2} over ${nameOf(best.h)}: recall ${r.recall.toFixed(3)}, benign ${r.flagged}/${r.benign}, margin ${margin.toFixed(3)}; with rules ${both.caught}/${both.attacks}, ${both.flagged}/${both.benign} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
}
// The function rules (`injection-function.ts` and the older patterns) need no fitting: their
// rates on the training split and on all SpamAssassin training ham, alone and OR-ed with the model.
const rulesOnRealMail = realMail.filter((m) => {
  const skel = m.tokens.text;
  return instructs(skel) || addressesMachine(skel);
}).length;
const combined = best.oof.map((z, k) => (ruleHits[k] || z >= best.margin ? 1 : 0));
// --dump-oof FILE: the chosen setting's out-of-fold misses and false alarms of the training
// split (never the test split), by source, to read why attacks are missed.
const dumpAt = process.argv.indexOf("--dump-oof");
if (dumpAt > 0) {
  const lines = trainItems.map((it, k) => {
    const modelHit = best.oof[k]! >= best.margin;
    const hit = ruleHits[k] === 1 || modelHit;
    const wrong = it.label === 1 ? !hit : hit;
    return wrong
      ? `${it.label ? "MISS" : "FALSE"}\t${it.source}\trule=${ruleHits[k]} margin=${(best.oof[k]! - best.margin).toFixed(2)}\t${it.text.replaceAll("\n", "\\n")}`
      : "";
  });
  writeFileSync(process.argv[dumpAt + 1]!, `${lines.filter(Boolean).sort().join("\n")}\n`);
}
const { model: fitted, hamLogit } = fitMined(trainItems, best.h);
const thresholdLogit = hamLogit + best.margin;
const threshold = Math.min(0.999999, Math.round((1 / (1 + Math.exp(-thresholdLogit))) * 1e6) / 1e6);
const model = { ...fitted, threshold };
const hamScores = scoreMail(model, realMail);
// --dump-ham FILE: the calibration half's highest-scoring windows (training mail, never held out),
// to read what real mail the threshold has to clear.
const hamAt = process.argv.indexOf("--dump-ham");
if (hamAt > 0) {
  const weights = Float64Array.from(model.weights);
  const top = calibrationMail.flatMap((m) => {
    const ranges = windowRanges(m.tokens, model.features.window);
    return windowLogits(m.tokens, model, weights).map((z, k) => {
      const [from, to] = ranges[k]!;
      const text = m.tokens.text.slice(m.tokens.begin[from], m.tokens.end[to - 1]).replace(/\s+/g, " ");
      return { z, line: `${m.id}\t${(1 / (1 + Math.exp(-z))).toFixed(3)}\t${text.slice(0, 300)}` };
    });
  });
  top.sort((a, b) => b.z - a.z);
  writeFileSync(
    process.argv[hamAt + 1]!,
    `${top
      .slice(0, 60)
      .map((x) => x.line)
      .join("\n")}\n`,
  );
}

const json = `${JSON.stringify(model)}\n`;
const sha256 = createHash("sha256").update(json).digest("hex");
const dir = path.join(import.meta.dirname, "../../core/triage/injection-model");
writeFileSync(path.join(dir, "injection-model.json"), json);
writeFileSync(
  path.join(dir, "model.ts"),
  `// Generated by scripts/triage/train-injection.ts (npm run train:triage). Do not edit.\n` +
    `// sha256 of injection-model.json: ${sha256}\n` +
    `import type { InjectionModel } from "./score.ts";\n\n` +
    `export const INJECTION_MODEL: InjectionModel = ${json.trim()};\n`,
);

console.log(
  JSON.stringify({
    corpus: { items: corpus.length, train: trainItems.length, test: test.length },
    closestAcrossSplit: closest,
    crossValidation: cv.map((c) => ({
      name: nameOf(c.h),
      margin: c.margin,
      recall: c.recall,
      fpRate: c.fpRate,
    })),
    trainingSplit: {
      rulesAlone: rates(ruleHits, trainItems, 0.5),
      modelAloneOutOfFold: rates(best.oof, trainItems, best.margin),
      combinedOutOfFold: rates(combined, trainItems, 0.5),
      rulesOnTrainingHam: { messages: realMail.length, flagged: rulesOnRealMail },
    },
    chosen: { ...best.h, margin: best.margin, threshold: model.threshold },
    trainingHam: {
      messages: hamScores.length,
      mined: miningMail.length,
      flagged: hamScores.filter((x) => x >= threshold).length,
      calibrationFlagged: scoreMail(model, calibrationMail).filter((x) => x >= threshold).length,
    },
    sha256,
    // A fresh process: this one imported the previous model.ts, which the detector reads.
    heldOut: process.argv.includes("--no-held-out")
      ? "not scored (--no-held-out)"
      : JSON.parse(
          execFileSync(process.execPath, [path.join(import.meta.dirname, "eval-injection.ts")], {
            encoding: "utf8",
          }),
        ),
  }),
);
