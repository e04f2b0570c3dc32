/**
 * Diagnostic, training data only: reads the out-of-fold misses `select-stage2.ts` writes with
 * `STAGE2_MISSES=<file>` and prints the confused pairs, then each family (gold bucket / speech act /
 * category on the train split) with its message and organisation counts and its misses per head.
 * A family written by one or two organisations is marked THIN: a held-out fold never sees it
 * phrased another way. Nothing is chosen by it.
 *
 *   STAGE2_MISSES=/tmp/misses.jsonl node scripts/triage/select-stage2.ts --quick
 *   node scripts/triage/stage2-families.ts /tmp/misses.jsonl
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/triage/stage2-families.ts <misses.jsonl from STAGE2_MISSES>");
  process.exit(2);
}
const root = path.join(import.meta.dirname, "../../corpus/modern");
const jsonl = <T>(f: string): T[] =>
  readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as T;
      } catch {
        throw new Error(`${f}:${i + 1}: not a JSON line`);
      }
    });
interface Label {
  id: string;
  org: string;
  bucket: string;
  speech_act: string;
  category: string;
}
interface Miss {
  head: "bucket" | "speech_act" | "category";
  gold: string;
  said: string;
  id: string;
}
const train = new Set<string>(JSON.parse(readFileSync(`${root}/splits.json`, "utf8")).orgs.train);
const labels = jsonl<Label>(`${root}/labels/legit.jsonl`).filter((l) => train.has(l.org));
const byId = new Map(labels.map((l) => [l.id, l]));
const familyOf = (l: Label) => `${l.bucket}/${l.speech_act}/${l.category}`;
const families = new Map<string, { n: number; orgs: Set<string>; miss: Record<Miss["head"], number> }>();
for (const l of labels) {
  const f = families.get(familyOf(l)) ?? {
    n: 0,
    orgs: new Set(),
    miss: { bucket: 0, speech_act: 0, category: 0 },
  };
  f.n++;
  f.orgs.add(l.org);
  families.set(familyOf(l), f);
}
const pairs = new Map<string, number>();
for (const m of jsonl<Miss>(file)) {
  const l = byId.get(m.id.replace(/^modern\//, ""));
  if (!l) continue;
  families.get(familyOf(l))!.miss[m.head]++;
  const p = `${m.head}: ${m.gold} -> ${m.said}`;
  pairs.set(p, (pairs.get(p) ?? 0) + 1);
}
console.log("confused pairs (out-of-fold misses on train):");
for (const [p, n] of [...pairs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${n}\t${p}`);
console.log("\nfamily\tmessages\torgs\tmisses bucket/speech act/category");
const missed = (f: { miss: Record<string, number> }) =>
  f.miss.bucket! + f.miss.speech_act! + f.miss.category!;
for (const [k, f] of [...families].sort((a, b) => missed(b[1]) - missed(a[1])))
  if (missed(f) > 0 || f.orgs.size <= 2)
    console.log(
      `${k}\t${f.n}\t${f.orgs.size}${f.orgs.size <= 2 ? ` THIN (${[...f.orgs].join(", ")})` : ""}\t${f.miss.bucket}/${f.miss.speech_act}/${f.miss.category}`,
    );
