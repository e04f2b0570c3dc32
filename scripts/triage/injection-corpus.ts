/**
 * The injection corpus (`corpus/injection/attacks.txt`, `benign.txt`) and its train/test split
 * by source: every item of a source lands on the same side, a quarter of each class's sources
 * (every fourth by a stable hash of the name) is the test split.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fnv1a } from "../../core/triage/features/hash.ts";

export interface InjectionItem {
  id: string;
  source: string;
  label: 0 | 1;
  text: string;
}

const DIR = path.join(import.meta.dirname, "../../corpus/injection");

/** Parses one corpus file: "# source: name" starts a group, other non-comment lines are items. */
export function parseCorpusFile(text: string, label: 0 | 1, prefix: string): InjectionItem[] {
  const out: InjectionItem[] = [];
  let source: string | undefined;
  let n = 0;
  for (const line of text.split("\n")) {
    const s = /^# source: (\S+)\s*$/.exec(line);
    if (s) {
      source = `${prefix}:${s[1]}`;
      n = 0;
      continue;
    }
    if (!line.trim() || line.startsWith("#")) continue;
    if (!source) throw new Error(`${prefix}: an item before the first "# source:" line`);
    out.push({ id: `${source}/${++n}`, source, label, text: line.replaceAll("\\n", "\n") });
  }
  return out;
}

export function loadInjectionCorpus(): InjectionItem[] {
  return [
    ...parseCorpusFile(readFileSync(path.join(DIR, "attacks.txt"), "utf8"), 1, "attack"),
    ...parseCorpusFile(readFileSync(path.join(DIR, "benign.txt"), "utf8"), 0, "benign"),
  ];
}

/** Sources of one class in a stable order (by hash, then name). */
function rankedSources(items: InjectionItem[], label: 0 | 1): string[] {
  const names = [...new Set(items.filter((i) => i.label === label).map((i) => i.source))];
  return names.sort((a, b) => fnv1a(a, 7) - fnv1a(b, 7) || (a < b ? -1 : 1));
}

/**
 * `train` and `test` by source: a source is test when its name's hash is 0 mod 4, so a source
 * never changes side when others are added (a rank-based split reshuffled as the corpus grew).
 */
export function splitBySource(items: InjectionItem[]): { train: InjectionItem[]; test: InjectionItem[] } {
  const isTest = (source: string) => (fnv1a(source, 7) >>> 0) % 4 === 0;
  return { train: items.filter((i) => !isTest(i.source)), test: items.filter((i) => isTest(i.source)) };
}

/** Grouped folds of the training split: fold of an item = its source's rank mod `k`, per class. */
export function foldsBySource(items: InjectionItem[], k: number): number[] {
  const fold = new Map<string, number>();
  for (const label of [0, 1] as const)
    for (const [r, s] of rankedSources(items, label).entries()) fold.set(s, r % k);
  return items.map((i) => fold.get(i.source)!);
}

function shingles(text: string): Set<string> {
  const t = text.toLowerCase().replace(/\s+/g, " ");
  const out = new Set<string>();
  for (let i = 0; i + 5 <= t.length; i++) out.add(t.slice(i, i + 5));
  return out;
}

/** The most similar train/test pair (Jaccard over character 5-grams): near-duplicates must not cross. */
export function closestAcrossSplit(train: InjectionItem[], test: InjectionItem[]) {
  const trainSh = train.map((i) => shingles(i.text));
  let best = { similarity: 0, train: "", test: "" };
  for (const t of test) {
    const a = shingles(t.text);
    trainSh.forEach((b, k) => {
      let inter = 0;
      for (const x of a) if (b.has(x)) inter++;
      const j = inter / (a.size + b.size - inter || 1);
      if (j > best.similarity) best = { similarity: j, train: train[k]!.id, test: t.id };
    });
  }
  return best;
}
