/**
 * The modern test split under each reader context a deployment actually has (issue 13, item 2):
 *
 * - `device`: the reader's address and the people they wrote to, as the agent learns them from the
 *   person's sent mail (IMAP/JMAP accounts; `local-agent/services/reader.ts`). This is what the
 *   headline modern figures use (eval-modern.ts).
 * - `gmail`: what Gmail mail gets now, in the cloud (stage 1) and on the device (stage 2, from the
 *   frame): the watched mailbox and whether the person ever wrote to *this* sender, from one
 *   transient sent-mail lookup (`core/pipeline/reader-lookup.ts`); no other contacts.
 * - `mailbox`: the reader's address only: Gmail mail when the lookup failed or was bounded out.
 * - `none`: nothing about the reader: a Gmail scout whose mailbox is not known.
 * - `file`: the CLI on an .eml file: no reader and no Gmail labels (`degrade.ts`).
 * - `bare`: `file` with the receiving servers' stamps stripped too (a hand-written or exported .eml).
 *
 * Nothing here chooses anything; it says how much of each figure rests on what the device knows.
 *
 *   node scripts/triage/eval-reader-context.ts        one JSON object on stdout
 */
import { senderAddress } from "../../core/assistant/sender.ts";
import { readerRules as readerRulesFor } from "../../core/triage/reader-context.ts";
import type { RuleContext } from "../../core/triage/rules/types.ts";
import { DEGRADATIONS, type Degradation, degrade } from "./degrade.ts";
import { triageModern } from "./eval-modern.ts";
import { loadModernCorpus } from "./modern-corpus.ts";
import { readerRules } from "./sources.ts";

const CONTEXTS = ["device", "gmail", "mailbox", "none", ...DEGRADATIONS] as const;
type Context = (typeof CONTEXTS)[number];

function rulesFor(ctx: Context, full: RuleContext | undefined, raw: string): RuleContext | undefined {
  if (!full || ctx === "none" || ctx === "file" || ctx === "bare") return undefined;
  if (ctx === "device") return full;
  const addresses = full.reader?.addresses ?? [];
  if (ctx === "mailbox") return { reader: { addresses } };
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const sender = senderAddress(/^from:[ \t]*(.*)$/im.exec(head)?.[1] ?? "");
  const rel = full.reader?.contacts?.get(sender);
  return readerRulesFor({ addresses, sender, relationship: rel?.wroteTo ? { wroteTo: true } : null });
}

export async function evalReaderContexts(): Promise<
  Record<Context, Record<string, number | string>> | undefined
> {
  const test = loadModernCorpus(["test"]);
  if (test.length === 0) return undefined;
  const out = {} as Record<Context, Record<string, number | string>>;
  for (const ctx of CONTEXTS) {
    let legit = 0;
    let legitSpam = 0;
    let threats = 0;
    let caught = 0;
    let phishing = 0;
    let phishingCaught = 0;
    let bucket = 0;
    let act = 0;
    let category = 0;
    let urgent = 0;
    let urgentFound = 0;
    const how = (DEGRADATIONS as readonly string[]).includes(ctx) ? (ctx as Degradation) : undefined;
    const msgs = how
      ? test.map((m) => {
          const d = degrade(m.text, how);
          return { ...m, text: d.text, label: { ...m.label, gmail_labels: d.labels } };
        })
      : test;
    const results = await triageModern(msgs, (m) => rulesFor(ctx, readerRules(m), m.text));
    for (const [i, m] of test.entries()) {
      const r = results[i];
      const spam = r!.stage1.verdict === "spam";
      if (m.label.verdict === "spam") {
        threats++;
        if (spam) caught++;
        if (m.label.threat === "phishing") {
          phishing++;
          if (spam) phishingCaught++;
        }
      } else {
        legit++;
        if (spam) legitSpam++;
      }
      if (r!.stage2?.bucket === m.label.bucket) bucket++;
      if (r!.stage2?.speechAct === m.label.speech_act) act++;
      if (r!.stage2?.category === m.label.category) category++;
      if (m.label.urgent) {
        urgent++;
        if (r!.stage2?.bucket === "urgent") urgentFound++;
      }
    }
    const f = (a: number, b: number) => Number((a / (b || 1)).toFixed(3));
    out[ctx] = {
      legitCalledSpam: `${legitSpam}/${legit}`,
      spamCaught: `${caught}/${threats}`,
      phishingCaught: `${phishingCaught}/${phishing}`,
      bucket: f(bucket, test.length),
      speechAct: f(act, test.length),
      category: f(category, test.length),
      urgentRecall: f(urgentFound, urgent),
    };
  }
  return out;
}

if (process.argv[1] === import.meta.filename)
  console.log(JSON.stringify(await evalReaderContexts(), null, 2));
