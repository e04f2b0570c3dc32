/**
 * Trains the triage models and writes core/triage/model/*: stage 1 on SpamAssassin's training
 * groups plus the modern corpus's train and dev splits, stage 2 on the modern hand labels.
 * Hyper-parameters come from core/triage/model/choices.json (`npm run -s select:triage`, grouped
 * cross-validation on the same training data). Deterministic: same corpus, byte-identical files.
 *
 *   npm run train:triage
 */
import { TRAIN_GROUPS } from "./triage/corpus.ts";
import {
  degradedCopies,
  loadChoices,
  MODERN_TRAIN_SPLITS,
  modernTrain,
  spamAssassinTrain,
} from "./triage/sources.ts";
import { prepareExamples, trainArtifacts } from "./triage/train.ts";
import { writeArtifacts } from "./triage/write-artifacts.ts";

const started = Date.now();
const choices = loadChoices();
const sa = await prepareExamples(spamAssassinTrain());
const modernMail = modernTrain();
const modern = await prepareExamples(modernMail);
// Stage 2 also trains on the mail as the CLI sees it, when its CV chose that (stage 1 never does).
const degraded = await prepareExamples(degradedCopies(modernMail, choices.stage2.degraded ?? []));
const prepared = Date.now();
const modernSources = modern.length ? MODERN_TRAIN_SPLITS.map((s) => `modern:${s}`) : [];
const artifacts = trainArtifacts(
  [...sa, ...modern],
  modern.length ? [...modern, ...degraded] : sa,
  { stage1: [...TRAIN_GROUPS, ...modernSources], stage2: modern.length ? modernSources : [...TRAIN_GROUPS] },
  choices,
);
const hashes = writeArtifacts(artifacts);
const s1 = artifacts.stage1Sidecar;
console.log(
  JSON.stringify({
    spamAssassin: sa.length,
    modern: modern.length,
    stage2Degraded: degraded.length,
    prepareMs: prepared - started,
    trainMs: Date.now() - prepared,
    choices,
    threshold: s1.threshold,
    autoTrashThreshold: s1.autoTrashThreshold,
    calibration: s1.calibration,
    stage2LabelSource: artifacts.stage2Sidecar.labelSource,
    stage2TrainingAgreement: artifacts.stage2Sidecar.trainingAgreement,
    sha256: hashes,
  }),
);
