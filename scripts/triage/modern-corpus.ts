import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BUCKETS, CATEGORIES, SPEECH_ACTS } from "../../core/triage/labels.ts";

/** The project's own modern corpus (corpus/modern, issue 13): .eml files, hand labels, personas, splits. */
export const MODERN_DIR = path.join(import.meta.dirname, "../../corpus/modern");

export const ModernLabel = z.object({
  id: z.string().min(3),
  org: z.string().min(1),
  persona: z.string().min(1),
  verdict: z.enum(["relevant", "spam"]),
  threat: z.enum(["none", "spam", "scam", "phishing"]),
  bucket: z.enum(BUCKETS),
  speech_act: z.enum(SPEECH_ACTS),
  category: z.enum(CATEGORIES),
  urgent: z.boolean(),
  lang: z.string(),
  gmail_labels: z.array(z.string()).default([]),
});
export type ModernLabel = z.infer<typeof ModernLabel>;

const Persona = z.object({
  id: z.string(),
  address: z.string(),
  contacts: z.array(z.string()).default([]),
});
export type Persona = z.infer<typeof Persona>;

export type Split = "train" | "dev" | "test";

export interface ModernMessage {
  id: string;
  /** Corpus group for grouped cross-validation: the sender organisation. */
  group: string;
  text: string;
  label: ModernLabel;
  split: Split;
  persona: Persona | undefined;
}

/** True when a modern corpus with labels and splits is present in this checkout. */
export function hasModernCorpus(): boolean {
  return existsSync(path.join(MODERN_DIR, "splits.json")) && existsSync(path.join(MODERN_DIR, "labels"));
}

/**
 * Every labelled message of corpus/modern in `splits`, sorted by id (a stable order for
 * byte-identical training). A label line that fails validation or names a missing file stops
 * the load with the line's id and what was wrong.
 */
export function loadModernCorpus(splits: readonly Split[]): ModernMessage[] {
  if (!hasModernCorpus()) return [];
  const splitOf = readSplits();
  const personas = new Map<string, Persona>();
  const personaFile = path.join(MODERN_DIR, "personas.json");
  if (existsSync(personaFile)) {
    const raw = JSON.parse(readFileSync(personaFile, "utf8")) as unknown;
    const list = Array.isArray(raw) ? raw : ((raw as { personas?: unknown[] }).personas ?? []);
    for (const p of list) {
      const parsed = Persona.parse(p);
      personas.set(parsed.id, parsed);
    }
  }
  const want = new Set(splits);
  const out: ModernMessage[] = [];
  const labelDir = path.join(MODERN_DIR, "labels");
  for (const f of readdirSync(labelDir).sort()) {
    if (!f.endsWith(".jsonl")) continue;
    const lines = readFileSync(path.join(labelDir, f), "utf8").split("\n");
    lines.forEach((line, n) => {
      if (!line.trim()) return;
      const r = ModernLabel.safeParse(JSON.parse(line));
      if (!r.success)
        throw new Error(
          `${f}:${n + 1}: ${r.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
        );
      const label = r.data;
      const split = splitOf(label);
      if (!split || !want.has(split)) return;
      const file = path.join(MODERN_DIR, "messages", `${label.id}.eml`);
      if (!existsSync(file)) throw new Error(`${f}:${n + 1}: no message file for ${label.id}`);
      out.push({
        id: `modern/${label.id}`,
        group: `modern:${label.org}`,
        // Read as the CLI reads files (UTF-8), so eval sees what `npm run triage` sees.
        text: readFileSync(file, "utf8"),
        label,
        split,
        persona: personas.get(label.persona),
      });
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** splits.json as written by corpus/modern/split.ts: split → orgs (or ids), or id/org → split. */
function readSplits(): (l: ModernLabel) => Split | undefined {
  const raw = JSON.parse(readFileSync(path.join(MODERN_DIR, "splits.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const byKey = new Map<string, Split>();
  const source = (raw.splits ?? raw.orgs ?? raw) as Record<string, unknown>;
  for (const split of ["train", "dev", "test"] as const) {
    const v = source[split];
    if (Array.isArray(v)) for (const k of v) byKey.set(String(k), split);
  }
  if (byKey.size === 0)
    for (const [k, v] of Object.entries(source))
      if (v === "train" || v === "dev" || v === "test") byKey.set(k, v);
  if (byKey.size === 0) throw new Error("corpus/modern/splits.json: no train/dev/test assignment found");
  return (l) => byKey.get(l.id) ?? byKey.get(l.org);
}

/** Absolute paths of the modern corpus files in `splits` (for the bogofilter/SpamAssassin baselines). */
export function modernFile(m: ModernMessage): string {
  return path.join(MODERN_DIR, "messages", `${m.label.id}.eml`);
}
