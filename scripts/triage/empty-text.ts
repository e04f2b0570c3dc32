/**
 * Counts messages whose stage-2 text (the preprocessed new text, `Preprocessed.body`) is empty or
 * near-empty, over the modern corpus (every split) and the SpamAssassin sets, beside what a
 * reader would see: the HTML part as text with only comments, scripts and styles dropped (no
 * hidden-content rule), or the plain part. A message counts as a suspect when stage 2 reads fewer
 * than `NEAR` letters while the reader sees at least `SEEN`.
 *
 *   node scripts/triage/empty-text.ts            # counts
 *   node scripts/triage/empty-text.ts --list     # and every suspect's id, body and seen lengths
 */

import { htmlToText } from "../../core/triage/preprocess/html-text.ts";
import { parseEmail } from "../../core/triage/preprocess/parse.ts";
import { preprocess } from "../../core/triage/preprocess/preprocess.ts";
import { loadCorpus } from "./corpus.ts";
import { loadModernCorpus } from "./modern-corpus.ts";

const NEAR = 20;
const SEEN = 40;
const list = process.argv.includes("--list");
const LETTER = /\p{L}/gu;
const letters = (s: string) => s.match(LETTER)?.length ?? 0;

/** What a mail client shows, roughly: markup that is never rendered goes, nothing else does. */
function seenText(html: string | undefined, text: string | undefined): string {
  if (text?.trim()) return text;
  if (!html) return "";
  const shown = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, " ");
  return htmlToText(shown);
}

interface Row {
  id: string;
  body: number;
  seen: number;
}

async function count(name: string, messages: { id: string; text: string }[]): Promise<void> {
  let empty = 0;
  let near = 0;
  let unparseable = 0;
  const suspects: Row[] = [];
  for (const m of messages) {
    const p = await preprocess({ kind: "email", ref: { source: "demo", id: m.id }, raw: m.text });
    if (!p.ok) {
      unparseable++;
      continue;
    }
    const body = letters(p.body);
    if (p.body.trim() === "") empty++;
    if (body >= NEAR) continue;
    near++;
    const parsed = await parseEmail(m.text, Date.now);
    const seen = parsed.ok ? letters(seenText(parsed.value.email.html, parsed.value.email.text)) : 0;
    if (seen >= SEEN) suspects.push({ id: m.id, body, seen });
  }
  console.log(
    `${name}: ${messages.length} messages, stage-2 text empty ${empty}, under ${NEAR} letters ${near}, ` +
      `of which a reader sees ≥ ${SEEN} letters: ${suspects.length}; unparseable ${unparseable}`,
  );
  if (list) for (const s of suspects) console.log(`  ${s.id}\tbody ${s.body}\tseen ${s.seen}`);
}

await count("modern (train+dev+test)", loadModernCorpus(["train", "dev", "test"]));
await count(
  "SpamAssassin (all five sets)",
  loadCorpus(["easy-ham-1", "easy-ham-2", "hard-ham-1", "spam-1", "spam-2"]),
);
