import { INJECTION_MODEL } from "../injection-model/model.ts";
import { injectionScoreOfSkeleton } from "../injection-model/score.ts";
import type { HiddenReason } from "./hidden-chars.ts";
import { addressesMachine } from "./injection-function.ts";
import { aiAddressed, hasOverridePhrase, hasRoleMarker, hasRoleToken } from "./injection-patterns.ts";
import { injectionSkeleton } from "./normalise.ts";

/** Reasons an item is flagged as a prompt-injection attempt (REFERENCE "Prompt injection in mail"). */
export type InjectionReason =
  | "override_phrase"
  | "role_marker"
  | "unicode_tags"
  | "zero_width_smuggling"
  | "bidi_override"
  | "hidden_instructions"
  | "parts_disagree"
  | "header_injection"
  | "encoded_instructions"
  | "exfiltration_bait"
  | "payment_change_request"
  | "attachment_instructions"
  | "paraphrased_instructions"
  /** Text addressed to an automated reader that tells it to act, hide, reveal or relabel (`injection-function.ts`). */
  | "machine_addressed";

const ENCODED_HINT =
  /\b(decode|base64|rot13|rot-13|hex[- ]?encoded|reverse the (text|string))\b[^\n]{0,80}\b(follow|execute|obey|run|carry out|instructions?|do what)\b|\b(follow|execute|obey)\b[^\n]{0,60}\b(decoded|base64|rot13)\b/i;
/** ASCII characters of base64 blobs (`[A-Za-z0-9+/]`). */
const B64 = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") B64[c.charCodeAt(0)] = 1;
const gate = (words: string[]) => new RegExp(words.map((w) => w.replace(/\|/g, "\\|")).join("|"));
const ENCODED_WORDS = gate(["decode", "base64", "rot13", "rot-13", "hex", "reverse the"]);
const PAYMENT_WORDS = gate(["bank", "account", "wire", "routing", "iban", "swift", "payment", "remittance"]);
const PAYMENT_DETAIL_WORDS = gate(["detail", "information", "number", "instruction"]);
const MD_IMAGE = /!\[[^\]\n]{0,200}\]\(\s*(https?:)?\/\/[^)\s]+/i;
const REF_LINK = /^\s{0,3}\[[^\]\n]{1,100}\]:\s*(https?:)?\/\/\S+/im;
const URL_START = /https?:\/\//gi;
const SPACE = /\s/g;
const TEMPLATED_PARAM = /[?&][\w-]+=(?:\{|<|%7b|\$\{|\[)/i;
const PAYMENT_CHANGE =
  /\b(bank|account|wire|routing|iban|swift|payment|remittance)\b[^.\n]{0,60}\b(details?|information|number|instructions?)\b[^.\n]{0,80}\b(changed|updated?|new|different)\b|\b(update|change)\b[^.\n]{0,40}\b(bank|account|wire|payment|remittance)\b[^.\n]{0,30}\b(details?|information|number|instructions?)\b/dgi;
/**
 * What comes before a payment change in its sentence when the sentence only talks about such
 * requests: advice ("if an email asks you to change payment details, call…") or a promise ("we
 * will never ask you to update your bank details"). Chosen on the training split only: the one
 * training benign item it flagged was such advice; no training attack is framed so.
 */
const PAYMENT_ADVICE =
  /\b(?:if|when|whenever|should|in case)\b (?:an? |any |the |some )?(?:e-?mails?|messages?|texts?|callers?|suppliers?|vendors?|someone|anyone|somebody|invoices?|senders?|persons?|people)\b[^.!?\n]{0,40}\b(?:asks?|asking|requests?|requesting|tells?|telling|wants?|claims?|claiming|says?|saying)(?: that)?(?: you)?(?: to| that| for)?(?: (?:the|your|their|its|a|an|our))? ?$|\b(?:never|will not|won't|would not|wouldn't|do not|don't)\b[^.!?\n]{0,50}\b(?:ask|asks|asking|request|requests|requesting)\b(?: you)?(?: to| for)?(?: (?:the|your|their|a|an))? ?$/i;
/**
 * "your" at most two words before the payment word: the reader's own details (a dunning mail's
 * "update your payment details"). A possessive between keeps "your supplier's bank details" a change.
 */
const READERS_OWN = /\byour(?:\s+(?![\w-]+['’]s\b)[\w-]+)?\s+$/i;
const ZW_BETWEEN_LETTERS = /\p{L}[\u200B-\u200D\u2060\uFEFF]+\p{L}/gu;
const ZW_ANY = /[\u200B-\u200D\u2060\uFEFF]/;
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;
const TAGS = /[\u{E0000}-\u{E007F}]/u;

export interface InjectionInput {
  /** Visible text before invisible characters were removed (to see how they were used). */
  rawVisible: string;
  /** What `stripHiddenChars(rawVisible)` reported, when the caller has it (skips scans that cannot hit). */
  rawVisibleHidden?: readonly HiddenReason[];
  /** Visible text after cleaning. */
  visible: string;
  /** Text a reader could not see (comments, hidden elements, attributes). */
  hiddenText: string;
  /** Subject and display names. */
  headerText: string;
  /** Plain and HTML alternatives converted to text, when both exist. */
  plain?: string;
  htmlText?: string;
  /** Text of text attachments and attachment file names. */
  attachmentText?: string;
  /** Link and image URLs from the HTML (templated exfiltration URLs hide there). */
  urls?: readonly string[];
}

/**
 * Names each kind of injection attempt found. Reasons only: the matched text is never returned.
 *
 * @example
 * detectInjection({ rawVisible: "Ignore all previous instructions", visible: "…", hiddenText: "", headerText: "" })
 * // ["override_phrase"]
 */
export function detectInjection(input: InjectionInput): InjectionReason[] {
  const out = new Set<InjectionReason>();
  const visible = input.visible;
  const lower = visible.toLowerCase();
  // What a reader of either alternative sees: the HTML is scanned even when a plain part exists.
  const skel = injectionSkeleton(input.htmlText === undefined ? visible : `${visible}\n${input.htmlText}`);
  if (hasOverridePhrase(skel) || aiAddressed(skel)) out.add("override_phrase");
  if (hasRoleMarker(skel)) out.add("role_marker");
  if (addressesMachine(skel)) out.add("machine_addressed");
  // The learned model, for instructions to an AI that no pattern names (corpus/injection).
  if (out.size === 0 && injectionScoreOfSkeleton(skel) >= INJECTION_MODEL.threshold)
    out.add("paraphrased_instructions");
  // Each class below is part of one stripHiddenChars removes: none can occur where it found none.
  const hidden = input.rawVisibleHidden;
  const may = (reason: HiddenReason) => !hidden || hidden.includes(reason);
  if ((may("unicode_tags") && TAGS.test(input.rawVisible)) || TAGS.test(input.headerText))
    out.add("unicode_tags");
  const zw =
    may("zero_width") && ZW_ANY.test(input.rawVisible) ? input.rawVisible.match(ZW_BETWEEN_LETTERS) : null;
  if (zw && zw.length >= 2) out.add("zero_width_smuggling");
  if ((may("bidi_control") && BIDI_OVERRIDE.test(input.rawVisible)) || BIDI_OVERRIDE.test(input.headerText))
    out.add("bidi_override");
  if (input.hiddenText && instructsOrModel(injectionSkeleton(input.hiddenText)))
    out.add("hidden_instructions");
  const headerSkel = injectionSkeleton(input.headerText);
  if (instructs(headerSkel) || hasRoleToken(headerSkel)) out.add("header_injection");
  if (input.attachmentText && instructsOrModel(injectionSkeleton(input.attachmentText)))
    out.add("attachment_instructions");
  if ((hasAny(lower, ENCODED_WORDS) && ENCODED_HINT.test(visible)) || encodedBlobHidesInstructions(visible))
    out.add("encoded_instructions");
  if (
    MD_IMAGE.test(visible) ||
    (visible.includes("]:") && REF_LINK.test(visible)) ||
    hasTemplatedUrl(visible) ||
    (input.urls ?? []).some((u) => hasTemplatedUrl(safeDecode(u)))
  )
    out.add("exfiltration_bait");
  if (hasAny(lower, PAYMENT_WORDS) && hasAny(lower, PAYMENT_DETAIL_WORDS) && asksPaymentChange(visible))
    out.add("payment_change_request");
  if (
    input.plain !== undefined &&
    input.htmlText !== undefined &&
    partsDisagree(input.plain, input.htmlText)
  ) {
    out.add("parts_disagree");
  }
  return [...out];
}

/** An override, a role marker or an instruction addressed to an AI, in skeleton text. */
export function instructs(skel: string): boolean {
  return hasOverridePhrase(skel) || hasRoleMarker(skel) || aiAddressed(skel);
}

function instructsOrModel(skel: string): boolean {
  return (
    instructs(skel) || addressesMachine(skel) || injectionScoreOfSkeleton(skel) >= INJECTION_MODEL.threshold
  );
}

function safeDecode(url: string): string {
  if (!url.includes("%")) return url;
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * `/https?:\/\/\S*[?&][\w-]+=(\{\{?|<|%7b|\$\{|\[)[^\s]*\/i.test(text)` in one pass: a URL whose
 * query has a parameter set to a template (`{{`, `<`, `${`, `[`). The regex rescans the rest
 * of a long unbroken run from every "http" in it; the first URL of a run reaches furthest.
 */
export function hasTemplatedUrl(text: string): boolean {
  URL_START.lastIndex = 0;
  for (let m = URL_START.exec(text); m; m = URL_START.exec(text)) {
    const from = m.index + m[0].length;
    SPACE.lastIndex = from;
    const end = SPACE.exec(text)?.index ?? text.length;
    if (TEMPLATED_PARAM.test(text.slice(from, end))) return true;
    URL_START.lastIndex = end;
  }
  return false;
}

/**
 * A change of bank or payment details asked for or announced, not only talked about (see
 * `PAYMENT_ADVICE`): some match of `PAYMENT_CHANGE` whose sentence does not frame it as advice.
 *
 * @example asksPaymentChange("Our bank details have changed; pay the new account.") // true
 * @example asksPaymentChange("If an email asks you to change payment details, call the supplier.") // false
 */
export function asksPaymentChange(text: string): boolean {
  PAYMENT_CHANGE.lastIndex = 0;
  for (let m = PAYMENT_CHANGE.exec(text); m; m = PAYMENT_CHANGE.exec(text)) {
    // Advice fits in the last ~110 characters before the match; 160 keeps hostile runs linear.
    const floor = Math.max(0, m.index - 160);
    let start = m.index;
    while (start > floor && !".!?\n".includes(text[start - 1]!)) start--;
    const word = m.indices?.[1]?.[0] ?? m.indices?.[5]?.[0] ?? m.index;
    const own = READERS_OWN.test(text.slice(Math.max(0, word - 40), word));
    if (!own && !PAYMENT_ADVICE.test(text.slice(start, m.index))) return true;
    PAYMENT_CHANGE.lastIndex = m.index + 1;
  }
  return false;
}

/** Whether the lower-cased text contains one of the gate's words (one scan per gate). */
function hasAny(lower: string, words: RegExp): boolean {
  return words.test(lower);
}

function encodedBlobHidesInstructions(text: string): boolean {
  for (const blob of base64Blobs(text, 5)) {
    const decoded = safeAtob(blob);
    if (decoded && instructs(injectionSkeleton(decoded))) return true;
  }
  return false;
}

function safeAtob(s: string): string | undefined {
  try {
    const pad = s.length % 4 === 0 ? s : s + "=".repeat(4 - (s.length % 4));
    const d = atob(pad);
    return /^[\t\n\r -~]*$/.test(d) ? d : undefined;
  } catch {
    return undefined;
  }
}

/** Both alternatives are substantial but share few words: one of them says something else. */
function partsDisagree(plain: string, html: string): boolean {
  const a = wordSet(plain);
  const b = wordSet(html);
  if (a.size < 8 || b.size < 8) return false;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size) < 0.25;
}

const LETTERS3 = /\p{L}{3,}/gu;

function wordSet(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.toLowerCase();
  // An exec loop, not matchAll, which constructs a copy of the RegExp on every call.
  LETTERS3.lastIndex = 0;
  for (let m = LETTERS3.exec(lower); m; m = LETTERS3.exec(lower)) {
    out.add(m[0]);
    if (out.size > 2000) break;
  }
  return out;
}

/**
 * The first `max` matches of `/(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{40,}={0,2}/g`: whole runs of
 * base64 characters at least 40 long, with up to two "=" after them. A scan, not a regex
 * with a lookbehind (which cost a fifth of injection detection).
 */
export function base64Blobs(text: string, max: number): string[] {
  const out: string[] = [];
  const n = text.length;
  const isB64 = (k: number) => {
    const c = text.charCodeAt(k);
    return c < 128 && B64[c] === 1;
  };
  // Invariant: `i` is 0 or follows a non-base64 character, so runs found from here start at
  // or after `i`. A run of 40 must cover `i + 39`: when that character is not base64, skip past it.
  let i = 0;
  while (i + 40 <= n && out.length < max) {
    const p = i + 39;
    if (!isB64(p)) {
      i = p + 1;
      continue;
    }
    let start = p;
    while (start > i && isB64(start - 1)) start--;
    let end = p + 1;
    while (end < n && isB64(end)) end++;
    if (end - start < 40) {
      i = end;
      continue;
    }
    const runEnd = end;
    while (end < n && end - runEnd < 2 && text.charCodeAt(end) === 61) end++;
    out.push(text.slice(start, end));
    i = end;
  }
  return out;
}
