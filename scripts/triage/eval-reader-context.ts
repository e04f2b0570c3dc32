/**
 * The modern test split under each reader context a deployment actually has (issue 13, item 2):
 *
 * - `device`: the reader's address and the people they wrote to, as the agent learns them from the
 *   person's sent mail (IMAP/JMAP accounts; `local-agent/services/reader.ts`). This is what the
 *   headline modern figures use (eval-modern.ts).
 * - `mailbox`: the reader's address only: stage 2 for Gmail mail on a device that has no sent folder
 *   of that account (the proposal names the mailbox, never contacts).
 * - `none`: nothing about the reader: stage 1 in the cloud for Gmail (the cloud keeps no contacts).
 *
 * Nothing here chooses anything; it says how much of each figure rests on what the device knows.
 *
 *   node scripts/triage/eval-reader-context.ts        one JSON object on stdout
 */
import type { RuleContext } from "../../core/triage/rules/types.ts";
import { triageModern } from "./eval-modern.ts";
import { loadModernCorpus } from "./modern-corpus.ts";
import { readerRules } from "./sources.ts";

const CONTEXTS = ["device", "mailbox", "none"] as const;
type Context = (typeof CONTEXTS)[number];

function rulesFor(ctx: Context, full: RuleContext | undefined): RuleContext | undefined {
  if (!full || ctx === "none") return undefined;
  if (ctx === "device") return full;
  return { reader: { addresses: full.reader?.addresses ?? [] } };
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
    let urgent = 0;
    let urgentFound = 0;
    const results = await triageModern(test, (m) => rulesFor(ctx, readerRules(m)));
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
      urgentRecall: f(urgentFound, urgent),
    };
  }
  return out;
}

if (process.argv[1] === import.meta.filename)
  console.log(JSON.stringify(await evalReaderContexts(), null, 2));
