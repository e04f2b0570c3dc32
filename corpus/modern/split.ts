/**
 * Splits the modern corpus into train/dev/test BY SENDER ORGANISATION (an org is never in two splits),
 * about 60/20/20 of messages, stratified so every split holds spam, phishing, urgent mail and every
 * category. Deterministic: orgs are placed largest first (ties by a hash of the name), each into the
 * split whose shortfall against its target share it fills best. Reads every labels/*.jsonl.
 *
 * The held-out splits are frozen: `train-only.json` lists organisations added for training after the
 * freeze. They go to train and take no part in the greedy placement, so the dev and test splits stay
 * exactly what they were; `heldOut` in that file is a digest of the dev and test org lists, and
 * split() refuses to run when a label change would move them (re-freezing is a deliberate edit).
 *
 *   npm exec -- node corpus/modern/split.ts            writes corpus/modern/splits.json
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const SPLITS = ["train", "dev", "test"] as const;
export type SplitName = (typeof SPLITS)[number];
const SHARE: Record<SplitName, number> = { train: 0.6, dev: 0.2, test: 0.2 };
export const CATEGORIES = ["primary", "notification", "receipt", "newsletter", "promotion", "social"];

export interface Labelled {
  id: string;
  org: string;
  verdict: string;
  threat: string;
  bucket: string;
  speech_act: string;
  category: string;
  urgent: boolean;
  how: string;
}

export interface Splits {
  method: string;
  orgs: Record<SplitName, string[]>;
  messages: Record<SplitName, number>;
}

const root = dirname(fileURLToPath(import.meta.url));

export function readLabels(dir = join(root, "labels")): Labelled[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l, i) => {
          try {
            return JSON.parse(l) as Labelled;
          } catch {
            throw new Error(`${f}:${i + 1} is not JSON`);
          }
        }),
    );
}

/** The strata every split must hold, and the weights by which shortfalls are filled. */
function strata(m: Labelled): string[] {
  const keys = ["all", `cat:${m.category}`, `act:${m.speech_act}`, `bucket:${m.bucket}`];
  if (m.verdict === "spam") keys.push("spam");
  if (m.threat !== "none") keys.push(`threat:${m.threat}`);
  if (m.urgent) keys.push("urgent");
  if (m.how === "hand") keys.push("hand");
  return keys;
}

export interface TrainOnly {
  /** orgs added for training after the held-out splits were frozen */
  orgs: string[];
  /** sha256 of the dev and test org lists (see heldOutDigest), or null to skip the check */
  heldOut: string | null;
}

export function readTrainOnly(file = join(root, "train-only.json")): TrainOnly {
  const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<TrainOnly>;
  if (!Array.isArray(raw.orgs) || raw.orgs.some((o) => typeof o !== "string"))
    throw new Error(`${file}: "orgs" must be a list of org slugs`);
  if (raw.heldOut !== null && typeof raw.heldOut !== "string")
    throw new Error(`${file}: "heldOut" must be a sha256 hex digest or null`);
  return { orgs: raw.orgs, heldOut: raw.heldOut ?? null };
}

export function heldOutDigest(orgs: Pick<Splits["orgs"], "dev" | "test">): string {
  return createHash("sha256")
    .update(JSON.stringify({ dev: [...orgs.dev].sort(), test: [...orgs.test].sort() }))
    .digest("hex");
}

export function split(labels: Labelled[], trainOnly: TrainOnly = { orgs: [], heldOut: null }): Splits {
  const pinned = new Set(trainOnly.orgs);
  const pinnedLabels = labels.filter((m) => pinned.has(m.org));
  const greedy = placeGreedy(labels.filter((m) => !pinned.has(m.org)));
  if (trainOnly.heldOut !== null && heldOutDigest(greedy.orgs) !== trainOnly.heldOut)
    throw new Error(
      "this label change moves organisations between the frozen dev/test splits; add new orgs to " +
        "corpus/modern/train-only.json instead (or re-freeze deliberately by updating its heldOut digest)",
    );
  const pinnedOrgs = [...new Set(pinnedLabels.map((m) => m.org))];
  return {
    ...greedy,
    orgs: { ...greedy.orgs, train: [...greedy.orgs.train, ...pinnedOrgs].sort() },
    messages: { ...greedy.messages, train: greedy.messages.train + pinnedLabels.length },
  };
}

function placeGreedy(labels: Labelled[]): Splits {
  const byOrg = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  for (const m of labels) {
    const counts = byOrg.get(m.org) ?? new Map<string, number>();
    byOrg.set(m.org, counts);
    for (const k of strata(m)) {
      counts.set(k, (counts.get(k) ?? 0) + 1);
      totals.set(k, (totals.get(k) ?? 0) + 1);
    }
  }
  const tie = (org: string) => createHash("sha256").update(org).digest("hex");
  const orgs = [...byOrg.keys()].sort(
    (a, b) => byOrg.get(b)!.get("all")! - byOrg.get(a)!.get("all")! || tie(a).localeCompare(tie(b)),
  );
  const have: Record<SplitName, Map<string, number>> = { train: new Map(), dev: new Map(), test: new Map() };
  const placed: Record<SplitName, string[]> = { train: [], dev: [], test: [] };
  // cost of a split state: squared shortfall/overshoot of each stratum against its share, rare strata weigh more
  const cost = (s: SplitName, extra?: Map<string, number>) => {
    let c = 0;
    for (const [k, total] of totals) {
      const n = (have[s].get(k) ?? 0) + (extra?.get(k) ?? 0);
      const target = total * SHARE[s];
      const weight = k === "all" ? 4 : 1;
      c += (weight * (n - target) ** 2) / Math.max(total, 1);
      if (n === 0 && target >= 0.5) c += weight * 2;
    }
    return c;
  };
  for (const org of orgs) {
    const counts = byOrg.get(org)!;
    let best: SplitName = "train";
    let bestGain = Number.POSITIVE_INFINITY;
    for (const s of SPLITS) {
      const gain = cost(s, counts) - cost(s);
      if (gain < bestGain) {
        bestGain = gain;
        best = s;
      }
    }
    placed[best].push(org);
    for (const [k, n] of counts) have[best].set(k, (have[best].get(k) ?? 0) + n);
  }
  return {
    method: "by sender org, ~60/20/20 of messages, greedy stratified (corpus/modern/split.ts)",
    orgs: { train: placed.train.sort(), dev: placed.dev.sort(), test: placed.test.sort() },
    messages: {
      train: have.train.get("all") ?? 0,
      dev: have.dev.get("all") ?? 0,
      test: have.test.get("all") ?? 0,
    },
  };
}

function main(): void {
  const result = split(readLabels(), readTrainOnly());
  writeFileSync(join(root, "splits.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `train ${result.messages.train} · dev ${result.messages.dev} · test ${result.messages.test} messages`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
