/**
 * Grouped CV on SpamAssassin's training groups only: the raw-feed head as chosen in choices.json,
 * with and without a 2^bits block of sender-set header tokens (core/triage/features/raw-headers.ts)
 * appended to its rows. Prints the class-balanced out-of-fold F1 of each; writes nothing.
 *
 *   node scripts/triage/cv-raw-headers.ts [bits…]   (0 = without; default: 0 10 12)
 */
import { type SparseRow, toRow } from "../../core/triage/features/featurize.ts";
import { rawHeaderSlots } from "../../core/triage/features/raw-headers.ts";
import { loadChoices, spamAssassinTrain } from "./sources.ts";
import { type Example, prepareExamples, rawAsStage1, rawHeadOutOfFold, STAGE1_BITS } from "./train.ts";

const SEED = 0x5c0075;
const bitsList = process.argv.slice(2).map(Number);
const sa: Example[] = (await prepareExamples(spamAssassinTrain())).filter((e) => !e.hand);
const choices = loadChoices();
if (!choices.raw) throw new Error("choices.json has no raw-feed head");
const choice = rawAsStage1(choices.raw, choices.stage1);
const base = sa.map((e) => toRow(e.bag, STAGE1_BITS));

function withHeaders(row: SparseRow, e: Example, bits: number): SparseRow {
  const slots = rawHeaderSlots(e.p.headers, e.p.from.address, bits, SEED);
  const indices = new Int32Array(row.indices.length + slots.length);
  indices.set(row.indices);
  for (let i = 0; i < slots.length; i++) indices[row.indices.length + i] = row.dim + slots[i]!;
  // L2-normalised like the token block, so the header block does not outweigh it.
  const values = new Float32Array(indices.length).fill(1 / Math.sqrt(slots.length || 1));
  values.set(row.values);
  return { indices, values, dim: row.dim + (1 << bits) };
}

for (const bits of bitsList.length ? bitsList : [0, 10, 12]) {
  const t0 = Date.now();
  const rows = bits ? base.map((r, i) => withHeaders(r, sa[i]!, bits)) : base;
  const fit = rawHeadOutOfFold(rows, sa, choice);
  console.log(
    JSON.stringify({
      headerBits: bits || "none",
      messages: sa.length,
      outOfFoldF1: Math.round(fit.f1 * 1e4) / 1e4,
      threshold: fit.threshold,
      seconds: Math.round((Date.now() - t0) / 1000),
    }),
  );
}
