import type { ItemContent } from "../connectors/source-connector.ts";
import { type Analysis, analyze } from "./analyze.ts";
import { type HashingSpec, type SparseRow, toRow } from "./features/featurize.ts";
import { NAMED_FEATURES, NAMED_INDEX } from "./features/named.ts";
import { withoutRestatements } from "./function-words.ts";
import { STAGE1_ONNX_BASE64, STAGE1_SIDECAR } from "./model/stage1-model.ts";
import { type LinearModel, readLinearModel } from "./onnx/linear-model.ts";
import { detectInjection, type InjectionReason } from "./preprocess/injection.ts";
import type { Preprocessed } from "./preprocess/preprocess.ts";
import { decideByRules } from "./rules/run-rules.ts";
import type { RuleContext } from "./rules/types.ts";
import { receivingServerResults } from "./signals/authentication-results.ts";
import type { Stage1Classifier, Stage1Verdict } from "./stage1-contract.ts";
import { evaluate } from "./ts-runner.ts";

export interface Stage1Options {
  /** Addresses the user knows; enables the `first_contact` rule. */
  knownSenders?: ReadonlySet<string>;
  now?: () => number;
  /** Override the committed model (tests); defaults to core/triage/model/stage1.onnx. */
  model?: LinearModel;
  /** The threat head's threshold with `model` (tests); defaults to the committed model's, if any. */
  threatThreshold?: number;
  /** The threat head's gate with `model` (tests); defaults to the committed model's. */
  threatGate?: ThreatGate;
  /** Which operating point decides (`inbox` unless the mail is an unfiltered feed); see `Stage1Feed`. */
  feed?: Stage1Feed;
}

/**
 * The kind of mail stage 1 reads, which sets its operating point (both chosen by grouped CV on
 * training data, `scripts/triage/train.ts`). `inbox`: mail a provider already filtered (Gmail,
 * IMAP INBOX), where a receipt called spam costs ten missed spams. `raw`: an unfiltered feed
 * (a catch-all mailbox, an archive nobody filtered), where the threshold with the best F1 holds.
 */
export type Stage1Feed = "inbox" | "raw";

/** The spam threshold of an operating point in the committed model. */
export function stage1Threshold(feed: Stage1Feed = "inbox"): number {
  const points = (STAGE1_SIDECAR as { operatingPoints?: { rawFeed: { threshold: number } } }).operatingPoints;
  return feed === "raw" && points ? points.rawFeed.threshold : STAGE1_SIDECAR.threshold;
}

export const STAGE1_HASHING: HashingSpec = STAGE1_SIDECAR.hashing;
let defaultModel: LinearModel | undefined;

/** The committed stage-1 model, decoded once per isolate from the embedded ONNX bytes. */
export function stage1Model(): LinearModel {
  defaultModel ??= readLinearModel(Uint8Array.from(atob(STAGE1_ONNX_BASE64), (c) => c.charCodeAt(0)));
  return defaultModel;
}

/**
 * Stage 1 for the Worker: preprocessing, T0 rules (which may decide alone), then the trained
 * spam model evaluated in plain TypeScript. The reason names rules and named features only,
 * never message content.
 *
 * @example
 * const c = createStage1Classifier();
 * await c.classify({ kind: "email", ref: { source: "gmail", id: "m1" }, raw }); // { verdict: "relevant", … }
 */
export function createStage1Classifier(opts: Stage1Options = {}): Stage1Classifier {
  const ruleCtx: RuleContext = opts.knownSenders ? { knownSenders: opts.knownSenders } : {};
  return {
    name: "t0-rules+stage1-linear",
    async classify(item: ItemContent, rules?: RuleContext): Promise<Stage1Verdict> {
      const a = await analyze(item, STAGE1_HASHING, {
        rules: rules ? { ...ruleCtx, ...rules } : ruleCtx,
        ...(opts.now ? { now: opts.now } : {}),
      });
      return stage1FromAnalyses(
        [a],
        opts.model ?? stage1Model(),
        opts.threatThreshold,
        opts.feed,
        opts.threatGate,
      )[0]!;
    },
  };
}

/**
 * The stage-1 decision for an item already analysed (so a device running both stages parses
 * each message once).
 */
export function stage1FromAnalysis(a: Analysis, model: LinearModel = stage1Model()): Stage1Verdict {
  return stage1FromAnalyses([a], model)[0]!;
}

/**
 * `stage1FromAnalysis` for a batch: the model scores every row in one pass over its weights;
 * each verdict is the one the item would get alone.
 */
export function stage1FromAnalyses(
  as: readonly Analysis[],
  model: LinearModel = stage1Model(),
  threatThresholdOverride?: number,
  feed: Stage1Feed = "inbox",
  threatGate: ThreatGate = THREAT_GATE,
): Stage1Verdict[] {
  const bits = STAGE1_HASHING.bits;
  const out: (Stage1Verdict | undefined)[] = new Array(as.length);
  const rows: SparseRow[] = [];
  const scored: number[] = [];
  as.forEach((a, n) => {
    if (!a.ok) {
      out[n] = { verdict: "unparseable", reason: `unparseable:${a.reason}`, confidence: 1 };
      return;
    }
    const ruleIds = a.hits.map((h) => h.id);
    const decided = decideByRules(a.hits);
    if (decided) {
      const words = new Map(a.hits.map((h) => [h.id, h.words]));
      out[n] = {
        verdict: decided.verdict,
        reason: clip(`decided:${decided.because.join(",")};rules:${ruleIds.join(",")}`),
        confidence: decided.confidence,
        why: decided.because.slice(0, 4).map((id) => words.get(id) ?? id),
        autoTrash: false,
      };
      return;
    }
    // The spam model learned from email only (SpamAssassin): chat has none of the header evidence
    // it leans on, so its score there is noise. Chat from the person's own workspace is kept unless
    // a T0 rule decided above.
    if (a.p.kind === "chat") {
      out[n] = {
        verdict: "relevant",
        reason: clip(`chat:rules_only;rules:${ruleIds.join(",") || "none"}`),
        confidence: 0.75,
      };
      return;
    }
    rows.push(toRow(a.bag, bits));
    scored.push(n);
  });
  if (rows.length === 0) return out as Stage1Verdict[];
  const scores = evaluate(model, rows);
  const spam = scores.spam!;
  // The modern threat head (trained on modern mail only, its own threshold) can only add spam
  // verdicts: the message is spam when either model is at or above its own threshold.
  const threat = scores.threat;
  const threatHead = model.heads.findIndex((h) => h.output === "threat");
  const threatThreshold = threatThresholdOverride ?? THREAT_THRESHOLD ?? Number.POSITIVE_INFINITY;
  const threshold = stage1Threshold(feed);
  // At the raw-feed point a head trained on unfiltered mail alone decides, when the model has one
  // and the sidecar's raw-feed point names it; auto-trash still reads the spam head.
  const rawHead = feed === "raw" && RAW_FEED_HEAD ? model.heads.findIndex((h) => h.output === "raw") : -1;
  const decider = rawHead >= 0 ? scores.raw! : spam;
  scored.forEach((n, r) => {
    const a = as[n] as Extract<Analysis, { ok: true }>;
    const spamP = spam[r * 2 + 1]!;
    const modelP = decider[r * 2 + 1]!;
    const threatP = threat ? threat[r * 2 + 1]! : 0;
    const byThreat =
      modelP < threshold &&
      threatP >= threatThreshold &&
      threatHeadApplies(a.p) &&
      threatGateOpen(threatGate, a.bag.named);
    // Safety flags only raise risk, outside the model too: a message that tries to instruct an
    // assistant is never called relevant, whatever else its words say.
    const floored =
      !byThreat && (a.p.injection.some((r) => FLOOR.has(r)) || headerInstructions(a.p)) && modelP < threshold;
    const pSpam = floored ? threshold : modelP;
    const verdict = byThreat || pSpam >= threshold ? "spam" : "relevant";
    const rules = a.hits.map((h) => h.id).join(",") || "none";
    const head = byThreat ? threatHead : Math.max(rawHead, 0);
    out[n] = {
      verdict,
      reason: clip(
        `${floored ? "floor:injection_attempt;" : ""}${byThreat ? "threat_head;" : ""}model:${topNamed(model, rows[r]!, bits, head)};rules:${rules}`,
      ),
      confidence: byThreat ? threatP : Math.max(pSpam, 1 - pSpam),
      why: verdictWhy(model, rows[r]!, bits, a, verdict, floored, head),
      autoTrash: verdict === "spam" && !floored && spamP >= STAGE1_SIDECAR.autoTrashThreshold,
    };
  });
  return out as Stage1Verdict[];
}

/**
 * The threat head learned only from mail stamped by a receiving server (every message of the
 * modern corpus carries Authentication-Results); on mail without one (2002 mail, a server that
 * stamps nothing) its inputs mean something else, so it stays silent there and stage 1 decides
 * alone. A sender cannot remove the receiving server's header, and adding one only lets the
 * raise-only head speak.
 */
export function threatHeadApplies(p: Preprocessed, rules?: RuleContext): boolean {
  return receivingServerResults(p.headers.get("authentication-results"), rules?.authservId) !== undefined;
}

/**
 * What else a message must carry before the threat head may call it spam (chosen by grouped CV,
 * `select:triage`; stored in the sidecar as `threat.gate`):
 * - `none`: the head alone decides (on mail a receiving server stamped);
 * - `misaligned`: the sender, a link or the authentication is out of line with who the mail
 *   claims to be from (a brand or look-alike domain, unverified or unaligned authentication, a
 *   hidden or shortened link, a risky attachment, an unverified ask): a real notice from a small
 *   sender that only says "pay this / pick this up" is left to stage 1;
 * - `ask_and_misaligned`: such a misalignment plus an ask for credentials, money or a fee, or a
 *   lure (the classic phishing and scam shape), not urgency alone.
 */
export const THREAT_GATES = ["none", "misaligned", "ask_and_misaligned"] as const;
export type ThreatGate = (typeof THREAT_GATES)[number];

const MISALIGNED = [
  "rule:auth_spf_fail",
  "rule:auth_dkim_fail",
  "rule:auth_dmarc_fail",
  "rule:punycode_domain",
  "rule:homoglyph_domain",
  "rule:display_name_mismatch",
  "rule:reply_to_mismatch",
  "brand_name_unaligned",
  "brand_subject_unaligned",
  "brand_domain_lookalike",
  "sender_domain_combo",
  "domain_service_words",
  "link_brand_lookalike",
  "freemail_org_name",
  "return_path_other_org",
  "auth_dmarc_not_pass",
  "auth_spf_weak",
  "auth_dkim_unaligned",
  "link_ip_or_userinfo",
  "link_shortener",
  "link_abused_tld",
  "shown_domain_elsewhere",
  "risky_attachment",
  "credential_ask_unverified",
  "payment_ask_unverified",
  "freemail_stranger_money",
  "known_org_lookalike",
].map(slotOf);
const ASKS = [
  "rule:urgency_payment",
  "rule:urgency_credentials",
  "credential_words",
  "account_threat_words",
  "payment_words",
  "lure_words",
  "small_fee",
  "credential_ask_unverified",
  "payment_ask_unverified",
  "freemail_stranger_money",
].map(slotOf);

function slotOf(name: string): number {
  const i = NAMED_INDEX.get(name);
  if (i === undefined) throw new Error(`threat gate: no named feature ${name}`);
  return i;
}

/** Whether `gate` lets the threat head speak on a message with these named feature values. */
export function threatGateOpen(gate: ThreatGate, named: ArrayLike<number>): boolean {
  if (gate === "none") return true;
  const misaligned = MISALIGNED.some((i) => named[i]! > 0);
  if (gate === "misaligned") return misaligned;
  return misaligned && ASKS.some((i) => named[i]! > 0);
}

/**
 * Injection reasons that floor the verdict: explicit instructions to an assistant or smuggling
 * tricks. The statistical or ambiguous ones (paraphrase model, disagreeing parts, exfiltration
 * bait, payment-detail changes, attachment names) only enter the model, raise-only: on training
 * ham they fired on 1.1 % of 2002 mail (a floor there would call that much ham spam), the ones
 * here on 0.24 %.
 */
const FLOOR: ReadonlySet<InjectionReason> = new Set([
  "override_phrase",
  "role_marker",
  "unicode_tags",
  "zero_width_smuggling",
  "bidi_override",
  "hidden_instructions",
  "header_injection",
  "encoded_instructions",
]);

/**
 * An instruction aimed at an assistant in the subject or sender name once invisible characters
 * are gone ("I<ZWSP>gnore previous instructions"), checked here as well so the floor above
 * cannot be dodged by splitting letters in a header.
 */
function headerInstructions(p: Preprocessed): boolean {
  const text = `${p.subject}\n${p.from.name}`;
  return detectInjection({ rawVisible: "", visible: "", hiddenText: "", headerText: text }).length > 0;
}

const UBIQUITOUS: ReadonlySet<number> = new Set(STAGE1_SIDECAR.ubiquitous);
/** The threat head's own threshold (absent in a model trained without modern mail). */
const THREAT_THRESHOLD: number | undefined = (STAGE1_SIDECAR as { threat?: { threshold: number } }).threat
  ?.threshold;
/** Whether the raw-feed point is decided by the `raw` head (trained on unfiltered mail only). */
const RAW_FEED_HEAD: boolean =
  (STAGE1_SIDECAR as { operatingPoints?: { rawFeed: { head?: string } } }).operatingPoints?.rawFeed.head ===
  "raw";
/** The threat head's gate (`none` in a model trained before the gate was a choice). */
const THREAT_GATE: ThreatGate = (STAGE1_SIDECAR as { threat?: { gate?: ThreatGate } }).threat?.gate ?? "none";

/**
 * The verdict in words: the named signals that pushed this message's score toward its verdict
 * most (rules in their own words), plus its wording as a whole. Never quotes content, so it may
 * travel with the verdict.
 */
function verdictWhy(
  model: LinearModel,
  row: SparseRow,
  bits: number,
  a: Extract<Analysis, { ok: true }>,
  verdict: "spam" | "relevant",
  floored: boolean,
  headIndex = 0,
): string[] {
  const head = model.heads[headIndex]!;
  const size = 1 << bits;
  const sign = verdict === "spam" ? 1 : -1;
  const ruleWords = new Map(a.hits.map((h) => [`rule:${h.id}`, h.words]));
  let text = 0;
  const named: [string, number][] = [];
  for (let j = 0; j < row.indices.length; j++) {
    const i = row.indices[j]!;
    if (UBIQUITOUS.has(i)) continue;
    const v = sign * row.values[j]! * (head.weights[i * 2 + 1]! - head.weights[i * 2]!);
    if (i < size) text += v;
    else if (v >= 0.1) {
      const f = NAMED_FEATURES[i - size]!;
      // The floor's own line below says it; the rule's words would say it twice.
      if (floored && f.name === "rule:injection_attempt") continue;
      named.push([ruleWords.get(f.name) ?? f.words, v]);
    }
  }
  if (text >= 0.1)
    named.push([
      verdict === "spam" ? "its wording resembles spam" : "its wording resembles your usual mail",
      text,
    ]);
  named.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const out = withoutRestatements(named.map(([w]) => w)).slice(0, 3);
  if (floored) out.unshift("it contains text that tries to instruct an assistant");
  return out.slice(0, 4);
}

/** The named features that moved the spam logit most, signed; hashed text counts as one "text" feature. */
function topNamed(model: LinearModel, row: ReturnType<typeof toRow>, bits: number, headIndex = 0): string {
  const head = model.heads[headIndex]!;
  const size = 1 << bits;
  let text = 0;
  const named: [string, number][] = [];
  for (let j = 0; j < row.indices.length; j++) {
    const i = row.indices[j]!;
    const v = row.values[j]! * (head.weights[i * 2 + 1]! - head.weights[i * 2]!);
    if (i < size) text += v;
    else named.push([STAGE1_SIDECAR.namedFeatures[i - size] ?? "named", v]);
  }
  named.push(["text", text]);
  named.sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  return named
    .slice(0, 4)
    .filter(([, v]) => v !== 0)
    .map(([n, v]) => `${n}${v >= 0 ? "+" : "-"}`)
    .join(",");
}

function clip(s: string): string {
  return s.slice(0, 500);
}
