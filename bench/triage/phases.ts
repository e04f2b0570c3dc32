/**
 * Where the time goes: each phase of the pipeline run over all held-out messages in turn (as
 * `triageMessages` does for a batch), best of N rounds, CPU µs per message. HTML cleaning and
 * html-to-text are re-run outside `preprocess` on the same inputs to split them out of it.
 *
 *   node bench/triage/phases.ts [rounds=5]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractCodes } from "../../core/triage/extract/codes.ts";
import { extractDates } from "../../core/triage/extract/dates.ts";
import { extractEntities, toExtractedEntities } from "../../core/triage/extract/extract.ts";
import { extractMoney } from "../../core/triage/extract/money.ts";
import { extractPeople } from "../../core/triage/extract/people.ts";
import { featureBag, toRow } from "../../core/triage/features/featurize.ts";
import { BUCKET_PRIORITIES, expectedPriority } from "../../core/triage/labels.ts";
import { stripHiddenChars } from "../../core/triage/preprocess/hidden-chars.ts";
import { cleanHtml } from "../../core/triage/preprocess/html-hidden.ts";
import { htmlToText, roughText } from "../../core/triage/preprocess/html-text.ts";
import { detectInjection, type InjectionInput } from "../../core/triage/preprocess/injection.ts";
import { firstMailbox, parseEmail } from "../../core/triage/preprocess/parse.ts";
import { looksLikeHtml, type Preprocessed, preprocess } from "../../core/triage/preprocess/preprocess.ts";
import { stripQuotesAndSignature } from "../../core/triage/preprocess/quotes.ts";
import { runRules } from "../../core/triage/rules/run-rules.ts";
import type { RuleHit } from "../../core/triage/rules/types.ts";
import { STAGE1_HASHING, stage1FromAnalyses } from "../../core/triage/stage1.ts";
import { createTsRunner, evaluate } from "../../core/triage/ts-runner.ts";
import { explainExpectation, explainHeads, type WhyQuery } from "../../core/triage/why.ts";
import { HELD_OUT_GROUPS, loadCorpus } from "../../scripts/triage/corpus.ts";

const rounds = Number(process.argv[2] ?? 5);
const msgs = loadCorpus(HELD_OUT_GROUPS);
const items = msgs.map((m) => ({
  kind: "email" as const,
  ref: { source: "demo" as const, id: m.id },
  raw: m.text,
}));
const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../core/triage/model/stage2.onnx"))),
);

// Inputs of the HTML steps exactly as preprocess sees them.
const htmlJobs: { html: string; layout: boolean }[] = [];
for (const m of msgs) {
  const r = await parseEmail(m.text);
  if (!r.ok) continue;
  const { html, text } = r.value.email;
  if (html) htmlJobs.push({ html: html.slice(0, 1_000_000), layout: !text?.trim() });
  if (text?.trim() && looksLikeHtml(text)) htmlJobs.push({ html: text.slice(0, 200_000), layout: true });
}
const cleaned = htmlJobs.map((j) => ({ html: cleanHtml(j.html).html, layout: j.layout }));
// Inputs of the text steps after the HTML ones, as preprocess sees them.
const textJobs: {
  rawVisible: string;
  subject: string;
  fromName: string;
  visible: string;
  injection: InjectionInput;
}[] = [];
for (const m of msgs) {
  const r = await parseEmail(m.text);
  if (!r.ok) continue;
  const e = r.value.email;
  let plain = e.text?.slice(0, 200_000);
  let htmlText: string | undefined;
  let hiddenText = "";
  if (e.html) {
    const c = cleanHtml(e.html.slice(0, 1_000_000));
    hiddenText = c.hiddenText;
    htmlText = plain?.trim() ? roughText(c.html) : htmlToText(c.html);
  }
  if (plain && looksLikeHtml(plain)) {
    const c = cleanHtml(plain);
    hiddenText = hiddenText ? `${hiddenText}\n${c.hiddenText}` : c.hiddenText;
    plain = htmlToText(c.html);
  }
  const rawVisible = plain?.trim() ? plain : (htmlText ?? "");
  const chars = stripHiddenChars(rawVisible);
  const fromName = firstMailbox(e.from).name;
  textJobs.push({
    rawVisible,
    subject: e.subject ?? "",
    fromName,
    visible: chars.text,
    injection: {
      rawVisible,
      rawVisibleHidden: chars.reasons,
      visible: chars.text,
      hiddenText,
      headerText: `${e.subject ?? ""}\n${fromName}\n${(e.to ?? []).map((a) => a.name).join("\n")}`,
      ...(plain?.trim() && htmlText !== undefined
        ? { plain, htmlText: stripHiddenChars(htmlText).text }
        : {}),
    },
  });
}
const URL_RE = /\bhttps?:\/\/[^\s<>"')\]]{3,2000}/gi;
const ps: Preprocessed[] = [];
for (const item of items) {
  const p = await preprocess(item);
  if (p.ok) ps.push(p);
}
const hits: RuleHit[][] = ps.map((p) => runRules(p));
const bags = ps.map((p, i) => featureBag(p, hits[i]!, STAGE1_HASHING, true));
const rows13 = bags.map((b) => toRow(b, 13));
// Each class head's label and runner-up on these rows, as stage 2 asks "why" for them.
const heads2 = evaluate(runner.model, rows13);
const whyQueries: WhyQuery[][] = rows13.map((_, r) => [
  ...["bucket", "speech_act", "category"].map((head) => {
    const w = runner.model.heads.find((h) => h.output === head)!.width;
    const p = Array.from(heads2[head]!.subarray(r * w, (r + 1) * w));
    const order = p.map((_, k) => k).sort((a, b) => p[b]! - p[a]! || a - b);
    return { head, chosen: order[0]!, runnerUp: order[1]!, max: 2 };
  }),
]);
// Priority is the bucket distribution's expectation; its reasons are removal effects on it.
const bucketHead = runner.model.heads.find((h) => h.output === "bucket")!;
const bucketProbs = rows13.map((_, r) =>
  heads2.bucket!.subarray(r * bucketHead.width, (r + 1) * bucketHead.width),
);
const entityTexts = ps.map((p) => ({ p, text: `${p.subject}\n${p.body}`.slice(0, 50_000) }));

const best = new Map<string, number>();
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
async function phase(name: string, run: () => unknown): Promise<void> {
  const t = cpu();
  await run();
  const us = (cpu() - t) / msgs.length;
  best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, us));
}
for (let r = 0; r < rounds; r++) {
  await phase("preprocess (all of it)", async () => {
    for (const item of items) await preprocess(item);
  });
  await phase("  postal-mime parse + caps", async () => {
    for (const m of msgs) await parseEmail(m.text);
  });
  await phase("  hidden-HTML cleaning", () => {
    for (const j of htmlJobs) cleanHtml(j.html);
  });
  await phase("  html-to-text (or word text when text/plain exists)", () => {
    for (const c of cleaned) (c.layout ? htmlToText : roughText)(c.html);
  });
  await phase("  invisible characters (text, subject, sender name)", () => {
    for (const j of textJobs) {
      stripHiddenChars(j.rawVisible);
      stripHiddenChars(j.subject);
      stripHiddenChars(j.fromName);
    }
  });
  await phase("  quoted replies and signature", () => {
    for (const j of textJobs) stripQuotesAndSignature(j.visible);
  });
  await phase("  injection patterns", () => {
    for (const j of textJobs) detectInjection(j.injection);
  });
  await phase("  links", () => {
    for (const j of textJobs) j.visible.match(URL_RE);
  });
  await phase("rules", () => {
    for (const p of ps) runRules(p);
  });
  await phase("feature bag", () => {
    for (let i = 0; i < ps.length; i++) featureBag(ps[i]!, hits[i]!, STAGE1_HASHING, true);
  });
  await phase("stage 1 (row, model, reason)", () => {
    stage1FromAnalyses(ps.map((p, i) => ({ ok: true as const, p, hits: hits[i]!, bag: bags[i]! })));
  });
  await phase("stage 2 row + three heads", () => {
    evaluate(
      runner.model,
      bags.map((b) => toRow(b, 13)),
    );
  });
  await phase("stage 2 why (three labels, one pass: explainHeads)", () => {
    for (let i = 0; i < rows13.length; i++)
      explainHeads(runner.model, rows13[i]!, 13, bags[i]!, hits[i]!, whyQueries[i]!);
  });
  await phase("stage 2 priority and its why (expectation, removal effects)", () => {
    for (let i = 0; i < rows13.length; i++) {
      expectedPriority(bucketProbs[i]!);
      explainExpectation(
        bucketHead,
        rows13[i]!,
        13,
        bags[i]!,
        hits[i]!,
        bucketProbs[i]!,
        BUCKET_PRIORITIES,
        3,
      );
    }
  });
  await phase("stage 2 entities", () => {
    for (const p of ps) toExtractedEntities(extractEntities(p, { now: 0 }));
  });
  await phase("  dates", () => {
    for (const t of entityTexts) extractDates(t.text, t.p.date ?? 0, t.p.zoneOffsetMinutes ?? 0);
  });
  await phase("  money", () => {
    for (const t of entityTexts) extractMoney(t.text);
  });
  await phase("  codes and tracking numbers", () => {
    for (const t of entityTexts) extractCodes(t.text);
  });
  await phase("  people and organisations", () => {
    for (const t of entityTexts) extractPeople(t.p);
  });
}
const pre = best.get("preprocess (all of it)")!;
const parts = [
  "  postal-mime parse + caps",
  "  hidden-HTML cleaning",
  "  html-to-text (or word text when text/plain exists)",
  "  invisible characters (text, subject, sender name)",
  "  quoted replies and signature",
  "  injection patterns",
  "  links",
];
const rest = pre - parts.reduce((s, k) => s + best.get(k)!, 0);
const shown = [...best].flatMap(([k, v]) =>
  k === "  links"
    ? [[k, v] as const, ["  the rest (headers, addresses, attachments, date; by difference)", rest] as const]
    : [[k, v] as const],
);
let total = pre;
for (const [k, v] of best) if (!k.startsWith(" ") && k !== "preprocess (all of it)") total += v;
for (const [k, v] of shown) console.log(`${k.padEnd(70)} ${v.toFixed(0).padStart(5)} µs`);
console.log(
  `${"sum".padEnd(70)} ${total.toFixed(0).padStart(5)} µs  (= ${Math.round(1e6 / total)} msgs per CPU-second)`,
);
