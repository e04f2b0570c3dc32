import type { Preprocessed } from "../preprocess/preprocess.ts";
import type { FeatureBag } from "./featurize.ts";
import { fnvFeed, fnvFinish, fnvStart } from "./hash.ts";
import { NAMED_FEATURES, NAMED_INDEX } from "./named.ts";
import { tokenize } from "./tokenize.ts";

/**
 * Inputs only the stage-2 heads read (stage 1's vector is unchanged): the opening of the new
 * text, where requests and proposals live, as its own words; character pairs for scripts
 * without spaces (Japanese, Chinese); who sent it (a person or a system); the calendar
 * method; speech-act cues in the languages of the corpus; the imperative mood ("mood"); and
 * when the opening says something is needed: today or within hours, or days ahead ("when");
 * and who is asked ("ask": "no action needed", a question or a dated ask put to "you", a
 * third-person report, invitation wording, the ask crossed with To / Cc / list); and the urgent
 * bucket's own inputs ("urgency": "today" in the subject, something failing reported by a system
 * or by a person, a problem resolved). Groups can be switched off
 * (`Stage2FeatureGroup`); the sidecar records which ones the shipped model reads.
 */
export const STAGE2_FEATURE_GROUPS = [
  "lead",
  "cjk",
  "sender",
  "cues",
  "mood",
  "when",
  "ask",
  "receipt",
  "cross",
  "urgency",
] as const;
export type Stage2FeatureGroup = (typeof STAGE2_FEATURE_GROUPS)[number];

/** Named stage-2 signals, in slot order after the shared named block. */
export const STAGE2_EXTRA: readonly { name: string; words: string }[] = [
  { name: "s2:sender_noreply", words: "it comes from a no-reply or notification address" },
  { name: "s2:sender_role", words: "it comes from a team or shop address, not a person" },
  { name: "s2:sender_person", words: "a person wrote it (their name is the address)" },
  { name: "s2:calendar_request", words: "it is a calendar invitation" },
  { name: "s2:calendar_cancel", words: "it cancels a calendar event" },
  { name: "s2:calendar_reply", words: "it answers a calendar invitation" },
  { name: "s2:lead_question", words: "its opening asks a question" },
  { name: "s2:cue_request", words: "it asks you to do something" },
  { name: "s2:cue_commit", words: "the sender promises to do something" },
  { name: "s2:cue_deliver", words: "it hands something over (attached, here is…)" },
  { name: "s2:cue_propose", words: "it suggests a plan" },
  { name: "s2:cue_meet", words: "it is about meeting or a call" },
  { name: "s2:cue_amend", words: "it corrects or moves something earlier" },
  { name: "s2:cue_deadline", words: "it names a deadline" },
  { name: "s2:cue_imperative", words: "a sentence tells you to do something" },
  { name: "s2:when_today", words: "it says it is needed today or within hours" },
  { name: "s2:when_later", words: "it names a time days or weeks ahead" },
  { name: "s2:says_no_action", words: "it says it is for your information, no action needed" },
  { name: "s2:question_you", words: "it asks you a question" },
  { name: "s2:ask_you_deadline", words: "it asks you for something by a date" },
  { name: "s2:report_done", words: "it reports something that happened" },
  { name: "s2:invite_words", words: "it invites you to an event" },
  {
    name: "s2:waits_on_you",
    words: "something waits on you (your review, assigned to you, action required)",
  },
  { name: "s2:ask_to_you", words: "it asks something and you are in To" },
  { name: "s2:ask_cc_you", words: "it asks something and you are only in Cc" },
  { name: "s2:ask_list", words: "it asks something of a list you are on, not you by name" },
  { name: "s2:receipt_total", words: "it has a total or amount-paid line" },
  { name: "s2:receipt_ref", words: "it quotes an order, invoice, booking or ticket number" },
  { name: "s2:receipt_tax", words: "it has a tax line (VAT, IVA, MwSt…)" },
  { name: "s2:money_alert", words: "it names an amount next to an alert, limit or balance" },
  { name: "s2:today_subject", words: "its subject says it is needed today or within hours" },
  { name: "s2:outage_system", words: "a system reports something failing or down" },
  { name: "s2:outage_person", words: "a person says something is failing or down" },
  { name: "s2:resolved", words: "it says a problem is resolved or recovered" },
];

/** Every named slot of the stage-2 row: the shared ones, then `STAGE2_EXTRA`. */
export const STAGE2_NAMED: readonly { name: string; words: string }[] = [...NAMED_FEATURES, ...STAGE2_EXTRA];
const X = new Map(STAGE2_EXTRA.map((f, i) => [f.name, i]));
const ONLY_A_REPLY = NAMED_INDEX.get("asks_only_a_reply")!;

const LEAD = 0;
const LEAD_PAIR = 1;
const SUBJECT_PAIR = 2;
const CJK_PAIR = 3;
const CROSS = 4;
/** Characters of the body the receipt-structure cues read. */
const RECEIPT_CHARS = 1500;
// Written from how receipts and invoices label their lines in the ten languages, not from the corpus.
const RECEIPT_TOTAL =
  /\b(?:(?:grand |order |sub)?total|amount (?:paid|charged|due)|you paid|gesamt(?:betrag|summe)?|summe|rechnungsbetrag|importe(?: total)?|total pagado|valor (?:pago|total)|montant(?: total| payé)?|totale|razem|do zapłaty|totaal|bedrag|summa|att betala)\b[^\n\d]{0,24}[\d¥$€£]|合計|ご請求金額|お支払い金額|返金額|領収/i;
const RECEIPT_REF =
  /\b(?:order|invoice|receipt|booking|reservation|ticket|confirmation)(?: no\.?| number| nr\.?| id)?\s*[#:]?\s*[A-Z0-9]*\d[A-Z0-9-]{3,}|\b(?:bestell|rechnungs|buchungs|auftrags)(?:nr\.?|nummer)|n\.?º\s*(?:da|de|do)?\s*(?:encomenda|pedido|fatura|factura|reserva)|(?:pedido|encomenda|fatura|factura|commande|facture|ordine|fattura|zamówienie|faktura|factuur|bestelling|bokningsnummer|order)\s*(?:n[º°o.]*|#|nr\.?)?\s*[A-Z0-9]*\d[\dA-Z-]{3,}|注文番号|予約番号|請求書番号|領収書/i;
const RECEIPT_TAX =
  /\b(?:vat|sales tax|tax|mwst|ust|iva|tva|btw|moms|vat incl|incl\. btw|inkl\. mwst)\b|消費税|税込/i;
const MONEY = /[$€£¥₩]\s?\d|\d[\d.,\s]*\s?(?:€|eur|usd|zł|kr|円|лв)/i;
const MONEY_ALERT =
  /\b(?:alert|threshold|forecast|balance|limit|budget|kontostand|saldo|limite?|umbral|seuil|soglia|próg|drempel|gräns|exceed(?:ed|s)?|überschritten|unusual|unter\s+\d)\b|上限|残高|予算/i;
/** Characters of the new text read as its opening. */
const LEAD_CHARS = 280;

/**
 * The stage-2 bag: the shared bag plus the enabled groups' hashed keys and named slots. The
 * shared keys come first, so `tokenAt` keeps naming them; new keys name themselves.
 *
 * @example
 * const bag2 = stage2Bag(a.p, a.bag, ["lead", "cues"]); toRow(bag2, 13).dim // 8192 + STAGE2_NAMED.length
 */
export function stage2Bag(
  p: Preprocessed,
  bag: FeatureBag,
  groups: readonly Stage2FeatureGroup[],
  seed: number,
): FeatureBag {
  const on = new Set(groups);
  // Keys hash as `prefix + text` without building that string; the words shown in a "why" are
  // built only when asked for, from (kind, position) kept per new key.
  const extra = new Map<number, number>();
  const kinds: number[] = [];
  const refs: number[] = [];
  const counts: number[] = [];
  const add = (h: number, kind: number, ref: number) => {
    const key = fnvFinish(h) | 0;
    const at = extra.get(key);
    if (at === undefined) {
      extra.set(key, kinds.length);
      kinds.push(kind);
      refs.push(ref);
      counts.push(1);
    } else counts[at]!++;
  };
  const start = fnvStart(seed);
  const lead = leadText(p.body);
  const opening = openingText(p.subject, lead);
  const words = on.has("lead") ? tokenize(lead, 48) : [];
  const subject = on.has("lead") ? tokenize(p.subject, 20) : [];
  const pairs: string[] = [];
  if (on.has("lead")) {
    const f = fnvFeed(start, "f:");
    const f2 = fnvFeed(start, "f2:");
    for (let i = 0; i < words.length; i++) {
      add(fnvFeed(f, words[i]!), LEAD, i);
      if (i > 0) add(fnvFeed(fnvFeed(fnvFeed(f2, words[i - 1]!), " "), words[i]!), LEAD_PAIR, i);
    }
    const s2 = fnvFeed(start, "s2:");
    for (let i = 1; i < subject.length; i++)
      add(fnvFeed(fnvFeed(fnvFeed(s2, subject[i - 1]!), " "), subject[i]!), SUBJECT_PAIR, i);
  }
  if (on.has("cjk")) {
    const c = fnvFeed(start, "c:");
    for (const t of [p.subject, lead]) cjkPairs(t, pairs);
    for (let i = 0; i < pairs.length; i++) add(fnvFeed(c, pairs[i]!), CJK_PAIR, i);
  }
  const show = (k: number): string => {
    const i = refs[k]!;
    switch (kinds[k]) {
      case LEAD:
        return `opens with “${words[i]}”`;
      case LEAD_PAIR:
        return `opens with “${words[i - 1]} ${words[i]}”`;
      case SUBJECT_PAIR:
        return `subject says “${subject[i - 1]} ${subject[i]}”`;
      case CROSS:
        return crossWords[i]!;
      default:
        return `mentions “${pairs[i]}”`;
    }
  };

  const named = new Float64Array(STAGE2_NAMED.length);
  named.set(bag.named);
  // A stage-1 signal chosen by stage 1's CV; stage 2's inputs were chosen without it (a plain
  // newsletter with no link in its body would read as a person's note).
  named[ONLY_A_REPLY] = 0;
  const base = bag.named.length;
  const set = (name: string) => {
    named[base + X.get(name)!] = 1;
  };
  if (on.has("sender")) {
    const kind = senderKind(p);
    if (kind) set(`s2:sender_${kind}`);
    for (const ics of p.calendars.slice(0, 3)) {
      const method = /^METHOD:\s*([A-Z]+)/m.exec(ics)?.[1];
      if (method === "REQUEST") set("s2:calendar_request");
      else if (method === "CANCEL") set("s2:calendar_cancel");
      else if (method === "REPLY") set("s2:calendar_reply");
    }
  }
  if (on.has("cues")) {
    if (/[?？]/.test(opening)) set("s2:lead_question");
    for (const [name, re] of CUES) if (re.test(opening)) set(name);
  }

  if (on.has("mood") && IMPERATIVE.test(lead)) set("s2:cue_imperative");
  if (on.has("when")) {
    if (WHEN_TODAY.test(opening)) set("s2:when_today");
    if (WHEN_LATER.test(opening)) set("s2:when_later");
  }

  if (on.has("ask")) {
    // Cues the other groups already tested are read back from their slots, not matched again.
    const got = (name: string, re: RegExp, group: Stage2FeatureGroup) =>
      on.has(group) ? named[base + X.get(name)!] !== 0 : re.test(opening);
    const noAction = NO_ACTION.test(opening);
    if (noAction) set("s2:says_no_action");
    // The pronoun scan runs only when there is a question mark (or a Japanese polite question).
    const youAsk = /[?？]|ますか|でしょうか|いかがですか/.test(opening) && QUESTION_YOU.test(opening);
    if (youAsk) set("s2:question_you");
    const asks = youAsk || got("s2:cue_request", REQUEST_CUE, "cues");
    if (
      asks &&
      (got("s2:cue_deadline", DEADLINE_CUE, "cues") ||
        got("s2:when_today", WHEN_TODAY, "when") ||
        got("s2:when_later", WHEN_LATER, "when"))
    )
      set("s2:ask_you_deadline");
    if (REPORT.test(opening)) set("s2:report_done");
    if (INVITE.test(opening)) set("s2:invite_words");
    // "No action required" contains "action required".
    if (!noAction && WAITS_ON_YOU.test(opening)) set("s2:waits_on_you");
    if (asks) {
      const at = (n: string) => bag.named[NAMED_INDEX.get(n)!] !== 0;
      if (at("reader_to")) set("s2:ask_to_you");
      else if (at("reader_cc")) set("s2:ask_cc_you");
      else if (at("reader_not_addressed")) set("s2:ask_list");
    }
  }

  if (on.has("receipt")) {
    // Receipt structure vs an account alert that names an amount, over the first part of the body.
    const text = `${p.subject}\n${p.body.slice(0, RECEIPT_CHARS)}`;
    if (RECEIPT_TOTAL.test(text)) set("s2:receipt_total");
    if (RECEIPT_REF.test(text)) set("s2:receipt_ref");
    if (RECEIPT_TAX.test(text)) set("s2:receipt_tax");
    if (MONEY.test(text) && MONEY_ALERT.test(text)) set("s2:money_alert");
  }

  if (on.has("urgency")) {
    if (WHEN_TODAY.test(p.subject)) set("s2:today_subject");
    if (RESOLVED.test(opening)) set("s2:resolved");
    else if (OUTAGE.test(opening)) set(senderKind(p) === "person" ? "s2:outage_person" : "s2:outage_system");
  }

  // Who sent it and where the reader stands, each crossed with every act cue of the opening, and
  // the act cues of the first sentence the person reads (after the greeting), as hashed keys.
  const crossWords: string[] = [];
  if (on.has("cross")) {
    const acts: number[] = [];
    for (let k = 0; k < STAGE2_EXTRA.length; k++)
      if (CROSSED.has(STAGE2_EXTRA[k]!.name) && named[base + k] !== 0) acts.push(k);
    const kind = senderKind(p) ?? "other";
    const at = (n: string) => bag.named[NAMED_INDEX.get(n)!] !== 0;
    const role = at("reader_to")
      ? "to"
      : at("reader_cc")
        ? "cc"
        : at("reader_not_addressed")
          ? "list"
          : "unknown";
    const xs = fnvFeed(start, `x:s:${kind}:`);
    const xr = fnvFeed(start, `x:r:${role}:`);
    for (const k of acts) {
      const name = STAGE2_EXTRA[k]!.name;
      const words = STAGE2_EXTRA[k]!.words;
      crossWords.push(`${SENDER_WORDS[kind]}, and ${words}`);
      add(fnvFeed(xs, name), CROSS, crossWords.length - 1);
      crossWords.push(`${ROLE_WORDS[role]}, and ${words}`);
      add(fnvFeed(xr, name), CROSS, crossWords.length - 1);
    }
    const first = firstSentence(lead);
    if (first) {
      const x1 = fnvFeed(start, "x:1:");
      for (const [name, re] of FIRST_CUES)
        if (re.test(first)) {
          crossWords.push(`its first sentence: ${STAGE2_EXTRA[X.get(name)!]!.words}`);
          add(fnvFeed(x1, name), CROSS, crossWords.length - 1);
        }
    }
  }

  const n0 = bag.keys.length;
  const keys = new Int32Array(n0 + extra.size);
  const allCounts = new Int32Array(n0 + extra.size);
  keys.set(bag.keys);
  allCounts.set(bag.counts);
  for (const [h, at] of extra) {
    keys[n0 + at] = h;
    allCounts[n0 + at] = counts[at]!;
  }
  const out: FeatureBag = { keys, counts: allCounts, named };
  const tokenAt = bag.tokenAt;
  if (tokenAt) out.tokenAt = (i) => (i < n0 ? tokenAt(i) : show(i - n0));
  return out;
}

/** The first sentences of the new text (quotes and signature are already gone). */
export function leadText(body: string): string {
  const t = body.trimStart();
  return t.length <= LEAD_CHARS ? t : t.slice(0, LEAD_CHARS);
}

// Hiragana, Katakana, CJK ideographs (and their extension A), Hangul syllables.
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,}/g;
/** Overlapping character pairs of runs in scripts written without spaces (at most 120). */
function cjkPairs(text: string, out: string[]): void {
  for (const m of text.matchAll(CJK)) {
    const run = m[0];
    for (let i = 0; i + 1 < run.length && out.length < 120; i++) out.push(run.slice(i, i + 2));
    if (out.length >= 120) break;
  }
}

const NOREPLY =
  /^(no[-_.]?reply|do[-_.]?not[-_.]?reply|donotreply|notifications?|notify|alerts?|mailer[-_]daemon|postmaster|bounces?|automated|system)([-_.+].*)?$/i;
const ROLE =
  /^(info|news|newsletters?|hello|hi|team|support|help|service|billing|accounts?|receipts?|orders?|shop|store|sales|marketing|offers?|deals|promo|contact|updates?|digest|community|events?|security|admin|careers|jobs|recruiting|talent|hr|office|bookings?|reservations?|noticias|nachrichten|kontakt|servicio|atendimento|contato)([-_.+].*)?$/i;
/**
 * No-reply and role addresses are systems or teams; an address whose local part carries a
 * word of a two- or three-word display name ("Maya Lee" <maya.lee@…>, <lee@…>) is a person.
 */
function senderKind(p: Preprocessed): "noreply" | "role" | "person" | undefined {
  const local = p.from.address.split("@")[0] ?? "";
  if (!local) return undefined;
  if (NOREPLY.test(local)) return "noreply";
  if (ROLE.test(local)) return "role";
  const names = tokenize(p.from.name, 4).filter((w) => w.length >= 3 && !/\d/.test(w));
  const l = local.toLowerCase();
  // A first and last name ("Node Weekly" <node@…> is a brand with one word in the address, so
  // a single-word name is not enough).
  if (names.length >= 2 && names.length <= 3 && names.some((w) => l.includes(w))) return "person";
  return undefined;
}

/**
 * Speech-act cues in the languages the corpus carries (en, de, pt, es, ja, fr, it, pl, nl, sv),
 * written from how people phrase these acts, not from the corpus: signals the heads weigh.
 */
const CUES: readonly [string, RegExp][] = [
  [
    "s2:cue_request",
    cue(
      "please|pls|could you|can you|would you|will you|let me know|i need you to|kindly|are you able|bitte|könntest du|könnten sie|kannst du|können sie|würdest du|würden sie|gib mir bescheid|pourriez-vous|pouvez-vous|peux-tu|pourrais-tu|merci de|veuillez|s['’]il vous pla[iî]t|podr[ií]as|puedes|podr[ií]a usted|por favor|necesito que|poderia|voc[eê] pode|pode me|preciso que|consegue|potresti|puoi|per favore|potreste|kun je|kunt u|zou je|alsjeblieft|graag|czy mo[żz]esz|prosz[ęe]|kan du|skulle du|v[äa]nligen",
      "ください|お願い|いただけ|頂け|ますか|でしょうか",
    ),
  ],
  [
    "s2:cue_commit",
    cue(
      "i will|i['’]ll|we will|we['’]ll|i['’]m going to|i am going to|will do|i promise|on it|ich werde|wir werden|ich schicke|mache ich|je vais|nous allons|je m['’]en occupe|voy a|lo har[ée]|me encargo|vou te|eu vou|farei|pode deixar|lo far[òo]|mi occupo|ik zal|ik ga|zrobi[ęe]|jag ska",
      "いたします|致します|対応します",
    ),
  ],
  [
    "s2:cue_deliver",
    cue(
      "attached|enclosed|here is|here are|here['’]s|please find|i['’]ve (uploaded|attached|shared|put)|sharing|anbei|im anhang|hier ist|hier sind|ci-joint|en pi[èe]ce jointe|voici|adjunto|aqu[ií] (est[áa]|tienes)|te paso|em anexo|segue|seguem|aqui est[áa]|in allegato|ecco|bijgevoegd|in de bijlage|hierbij|w za[łl][ąa]czniku|bifogar|bifogad",
      "添付|送付します|お送りします",
    ),
  ],
  [
    "s2:cue_propose",
    cue(
      "how about|what if|i suggest|i propose|why don['’]t we|we could|shall we|let['’]s|would it make sense|proposal|wie w[äa]re es|ich schlage vor|sollen wir|lass uns|wir k[öo]nnten|vorschlag|et si|je propose|je sugg[èe]re|on pourrait|que diriez-vous|proposition|qu[ée] tal si|propongo|sugiero|podr[ií]amos|propuesta|que tal|proponho|sugiro|poder[ií]amos|proposta|che ne dici|potremmo|zullen we|zou het|propozycja|ska vi",
      "提案|いかがでしょうか|しませんか|どうですか",
    ),
  ],
  [
    "s2:cue_meet",
    cue(
      "meeting|meet|call|zoom|teams|google meet|calendar|invite|invitation|1:1|sync|standup|stand-up|lunch|dinner|coffee|catch up|treffen|termin|besprechung|anruf|einladung|r[ée]union|rendez-vous|appel|reuni[oó]n|llamada|cita|invitaci[oó]n|reuni[ãa]o|chamada|convite|riunione|chiamata|appuntamento|invito|vergadering|afspraak|spotkanie|m[öo]te",
      "会議|打ち合わせ|ミーティング|面談|招待",
    ),
  ],
  [
    "s2:cue_amend",
    cue(
      "correction|corrected|errata|i meant|to clarify|revised|amended|update:|updated:|changed to|rescheduled|moved to|instead of|please disregard|ignore my (last|previous)|new time|korrektur|verschoben|ge[äa]ndert|stattdessen|berichtigung|report[ée]e?s?|modifi[ée]e?s?|au lieu de|rectificatif|correcci[oó]n|reprogramad[oa]|cambiad[oa]|en lugar de|corre[çc][ãa]o|remarcad[oa]|alterad[oa]|em vez de|correzione|spostat[oa]|modificat[oa]|invece di|verplaatst|gewijzigd|zmiana|[äa]ndrad",
      "訂正|変更|修正|延期",
    ),
  ],
  [
    "s2:cue_deadline",
    cue(
      "by (mon|tues|wednes|thurs|fri|satur|sun)day|by (tomorrow|today|tonight|eod|cob|noon|end of (the )?(day|week|month))|by \\d+|due (on|by|date|today|tomorrow)|deadline|expires?|before (mon|tues|wednes|thurs|fri|satur|sun)day|bis (morgen|heute|montag|dienstag|mittwoch|donnerstag|freitag|ende|zum)|frist|f[äa]llig|d['’]ici|avant (demain|lundi|mardi|mercredi|jeudi|vendredi|le \\d+)|[ée]ch[ée]ance|date limite|antes del?|fecha l[ií]mite|vence|at[ée] (amanh[ãa]|hoje|segunda|sexta|o dia|\\d+)|prazo|entro|scadenza|uiterlijk|termin|senast",
      "までに|締切|締め切り|期限",
    ),
  ],
];

const cueOf = (name: string) => CUES.find(([n]) => n === name)![1];
const REQUEST_CUE = cueOf("s2:cue_request");
const DEADLINE_CUE = cueOf("s2:cue_deadline");

/**
 * The imperative mood: a sentence of the opening that starts with a verb telling the reader to
 * act (optionally after "please"), in en, de, fr, es, pt, it, nl, pl and sv. Written from the
 * languages' grammar (second-person imperatives and their polite forms), not from the corpus.
 */
const IMPERATIVE = new RegExp(
  `(?:^|[\\n.!?;:]\\s*)(?:(?:please|pls|kindly|bitte|por favor|per favore|s['’]il vous pla[iî]t|prosz[ęe]|alsjeblieft|sn[äa]lla)[ ,]+)?(?:${[
    "review|check|confirm|sign|send|approve|reply|respond|complete|update|verify|submit|fill (?:in|out)|join|click|rsvp|register|pay|book|share|add|read|take a look|have a look|call|fix|merge|remember|don['’]t forget|do not forget|make sure|forward|upload|schedule|accept|decline|choose|select|renew|reset|download|let (?:me|us) know",
    "pr[üu]fe|pr[üu]fen sie|best[äa]tige|best[äa]tigen sie|schicke?|schicken sie|sende|senden sie|unterschreibe|unterschreiben sie|antworte|antworten sie|melde dich|melden sie sich|schau|denk dran|denken sie daran|vergiss nicht|f[üu]ll|f[üu]llen sie",
    "confirmez|confirme|envoyez|envoie|signez|signe|v[ée]rifiez|v[ée]rifie|r[ée]pondez|r[ée]ponds|remplissez|n['’]oubliez pas|n['’]oublie pas|pensez [àa]|pense [àa]|regardez|validez",
    "confirma|env[íi]a|env[íi]e|revisa|revise|firma|firme|responde|responda|completa|no olvides|no olvide|recuerda|recuerde|mira",
    "envie|rev[êe]|reveja|assina|assine|preenche|preencha|n[ãa]o esque[çc]as?|lembra-te|lembre-se|veja",
    "conferma|confermi|invia|invii|controlla|controlli|firmi|rispondi|risponda|compila|compili|ricorda|ricordati|non dimenticare",
    "bevestig|stuur|controleer|teken|vul|vergeet niet",
    "potwierd[źz]|wy[śs]lij|sprawd[źz]|podpisz|odpowiedz|wype[łl]nij|pami[ęe]taj|nie zapomnij",
    "bekr[äa]fta|skicka|kontrollera|signera|svara|fyll i|gl[öo]m inte|kom ih[åa]g",
  ].join("|")})(?![0-9A-Za-z\\u00c0-\\u024f])`,
  "i",
);

/**
 * When something is needed, read from the subject and the opening: today, tonight, within hours,
 * before a clock time ("before 14:00", "bis 18 Uhr", "antes das 18h"), right now — or days and
 * weeks ahead ("next week", "by Friday", "within 5 days", "bis Montag", "来週"). Written from how
 * the corpus's languages say these, not from the corpus; "tomorrow" is in neither (it can be
 * either). A message can carry both (a reminder today about a date next week).
 */
const DAYS_EN = "mon|tues|wednes|thurs|fri|satur|sun";
const CLOCK = "\\d{1,2}(?:[:.h]\\d{2}|\\s?(?:h|uhr|am|pm))";
/** A small count of minutes or hours ("30", "two"); "within 5 days" stays a later deadline. */
const N = "\\d{1,3}";
const FEW = "a few|a couple of";
const WHEN_TODAY = cue(
  [
    `today|tonight|this (?:morning|afternoon|evening)|right now|right away|asap|as soon as possible|immediately|within (?:the|an|the next) hour|(?:within|in) (?:the next )?(?:an?|half an|one|two|three|${FEW}|${N}) (?:min(?:ute)?s?|hours?|hrs?)|(?:before|by|until) (?:${CLOCK}|noon|midday|lunch(?:time)?)`,
    `heute|heute abend|sofort|umgehend|so schnell wie m[öo]glich|(?:in|innerhalb) (?:der n[äa]chsten )?(?:einer|einer halben|einigen|${N}) (?:minuten|stunden?)|(?:bis|vor) (?:${CLOCK}|mittag)`,
    `aujourd['’]hui|ce soir|ce matin|cet apr[èe]s-midi|imm[ée]diatement|tout de suite|d[èe]s que possible|au plus vite|(?:dans|d['’]ici|sous) (?:une |une demi-|${N} )(?:minutes?|heures?)|avant (?:${CLOCK}|midi)`,
    `hoy|esta (?:ma[ñn]ana|tarde|noche)|ahora mismo|inmediatamente|cuanto antes|lo antes posible|(?:en|dentro de) (?:una |media |${N} )(?:minutos?|horas?)|antes de (?:las ${CLOCK}|mediod[íi]a)`,
    `hoje|ainda hoje|esta (?:manh[ãa]|tarde|noite)|agora mesmo|imediatamente|quanto antes|o mais r[áa]pido poss[íi]vel|(?:em|dentro de) (?:uma |meia |${N} )(?:minutos?|horas?)|antes (?:das ${CLOCK}|do meio-dia)`,
    `oggi|stasera|stamattina|questo pomeriggio|subito|immediatamente|il prima possibile|(?:tra|fra|entro) (?:un['’] ?|mezz['’] ?|${N} )(?:minuti|ora|ore)|entro (?:le ${CLOCK}|mezzogiorno)`,
    `vandaag|vanavond|vanochtend|vanmiddag|onmiddellijk|zo snel mogelijk|(?:binnen|over) (?:een |een half |${N} )(?:minuten|uur)|v[óo]{1,2}r ${CLOCK}`,
    `dzi[śs]|dzisiaj|natychmiast|jak najszybciej|do godz(?:iny|\\.)|w ci[ąa]gu (?:godziny|${N} (?:minut|godzin))`,
    `idag|i dag|ikv[äa]ll|i kv[äa]ll|omedelbart|genast|s[åa] snart som m[öo]jligt|inom (?:en timme|${N} (?:minuter|timmar))`,
  ].join("|"),
  "今日|本日|今夜|今晩|至急|今すぐ|直ちに|ただちに|すぐに|今日中|本日中|\\d+分以内|\\d+時間以内",
);
const WHEN_LATER = cue(
  [
    `next (?:week|month)|in (?:two|three|four|\\d+) (?:days|weeks)|within \\d+ (?:business |working )?days|by (?:${DAYS_EN})day|(?:by|before) the \\d+|(?:by|before) \\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|end of (?:the )?(?:week|month)`,
    `n[äa]chste(?:n|r)? (?:woche|monat)|in \\d+ tagen|innerhalb von \\d+ tagen|bis (?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|ende|zum \\d+)|bis \\d{1,2}\\.\\s?\\d{1,2}\\.`,
    `la semaine prochaine|le mois prochain|d['’]ici (?:lundi|mardi|mercredi|jeudi|vendredi|le \\d+)|avant (?:le )?(?:lundi|mardi|mercredi|jeudi|vendredi|\\d+)|sous \\d+ jours|dans \\d+ jours`,
    `la (?:semana|mes) que viene|la pr[óo]xima semana|el pr[óo]ximo mes|antes del (?:lunes|martes|mi[ée]rcoles|jueves|viernes|\\d+)|en \\d+ d[íi]as`,
    `na pr[óo]xima semana|no pr[óo]ximo m[êe]s|at[ée] (?:segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|ao dia|dia|\\d+ de)|dentro de \\d+ dias|em \\d+ dias`,
    `la prossima settimana|il mese prossimo|entro (?:luned[ìi]|marted[ìi]|mercoled[ìi]|gioved[ìi]|venerd[ìi]|il \\d+)|tra \\d+ giorni`,
    `volgende (?:week|maand)|binnen \\d+ dagen|uiterlijk (?:maandag|dinsdag|woensdag|donderdag|vrijdag|\\d+)`,
    `w przysz[łl]ym tygodniu|do (?:poniedzia[łl]ku|wtorku|[śs]rody|czwartku|pi[ąa]tku)|w ci[ąa]gu \\d+ dni`,
    `n[äa]sta vecka|inom \\d+ dagar|senast (?:p[åa] )?(?:m[åa]ndag|tisdag|onsdag|torsdag|fredag|\\d+)`,
  ].join("|"),
  "来週|来月|週明け|月末|日まで|日までに",
);

/**
 * Something failing or down now, and a problem resolved, in the corpus's languages: written from
 * how monitoring tools and people say these, not from the corpus. A resolved notice names the
 * failure too, so it is read first.
 */
const OUTAGE = cue(
  [
    "is down|are down|went down|outage|incident|sev ?[12]|failing|failed|error rate|unavailable|not responding|degraded|firing|paged|breach|leaked|exposed|compromised|declined",
    "ausgefallen|ausfall|st[öo]rung|nicht erreichbar|fehlgeschlagen|schl[äa]gt fehl|abgelehnt",
    "panne|en panne|indisponible|[ée]chou[ée]e?|d[ée]grad[ée]|incident critique|refus[ée]e?",
    "ca[íi]do|ca[íi]da|fallando|fall[óo]|incidencia|no responde|rechazad[oa]",
    "fora do ar|em baixo|falhou|falha|indispon[íi]vel|recusad[oa]",
    "guasto|non disponibile|non raggiungibile|fallit[oa]|rifiutat[oa]",
    "storing|niet bereikbaar|mislukt|geweigerd",
    "awaria|niedost[ęe]pn[ya]|nie dzia[łl]a|odrzucon[ya]",
    "driftst[öo]rning|ligger nere|misslyckades|nekad",
  ].join("|"),
  "障害|ダウン|停止中|繋がらない|つながらない|失敗しました|発生中|拒否されました",
);
const RESOLVED = cue(
  [
    "resolved|recovered|is back up|back to normal|back online|operational again|all clear|fixed",
    "behoben|wiederhergestellt|wieder erreichbar|wieder verf[üu]gbar",
    "r[ée]solu|r[ée]tabli|de nouveau disponible",
    "resuelto|restablecido|de nuevo disponible",
    "resolvido|restabelecido|normalizado",
    "risolto|ripristinato",
    "opgelost|hersteld",
    "rozwi[ąa]zan[yo]|przywr[óo]con[yo]",
    "l[öo]st|[åa]terst[äa]lld",
  ].join("|"),
  "復旧|解決しました|解消しました",
);

/**
 * "For your information, nothing to do" in the corpus's languages, written from how people say
 * it (not from the corpus).
 */
const NO_ACTION = cue(
  [
    "fyi|for your information|for your records|no action (?:is )?(?:needed|required)|nothing (?:you need )?to do|you don['’]t need to do anything|no need to (?:reply|respond|do anything)|just (?:a )?heads[- ]up|just so you know|just letting you know",
    "zur info|zur information|zur kenntnis|kein handlungsbedarf|keine aktion (?:erforderlich|n[öo]tig)|nur zur info|du musst nichts tun|sie m[üu]ssen nichts tun",
    "pour info|pour information|pour votre information|[àa] titre d['’]information|aucune action (?:n['’]est )?(?:requise|n[ée]cessaire)|vous n['’]avez rien [àa] faire",
    "para su informaci[oó]n|para tu informaci[oó]n|a t[ií]tulo informativo|no (?:es necesario|hace falta) (?:hacer nada|responder)|no requiere acci[oó]n",
    "para sua informa[çc][ãa]o|para conhecimento|apenas para informa[çc][ãa]o|nenhuma a[çc][ãa]o (?:[ée] )?necess[áa]ria|n[ãa]o (?:[ée] preciso|precisa) fazer nada",
    "per tua informazione|per sua informazione|per conoscenza|a titolo informativo|nessuna azione richiesta|non devi fare nulla",
    "ter info|ter informatie|ter kennisname|geen actie (?:nodig|vereist)|je hoeft niets te doen",
    "do wiadomo[śs]ci|dla informacji|nie musisz nic robi[ćc]|nie wymaga dzia[łl]ania",
    "f[öo]r k[äa]nnedom|f[öo]r din information|ingen [åa]tg[äa]rd kr[äa]vs|du beh[öo]ver inte g[öo]ra n[åa]got",
  ].join("|"),
  "ご参考|参考まで|ご対応は不要|対応不要|返信不要",
);
/**
 * A question put to the reader: a sentence with a second-person pronoun that ends in a question
 * mark (or a Japanese polite question), in the corpus's languages, from their grammar.
 */
const QUESTION_YOU =
  /(?<![0-9A-Za-z\u00c0-\u024f])(?:you|your|du|dir|dich|sie|ihnen|vous|tu|toi|usted|ustedes|t[úu]|voc[êe]|ti|lei|voi|jij|jullie|ty|pan|pani|dig)(?![0-9A-Za-z\u00c0-\u024f])[^.!?\n]{0,120}[?？]|(?:ますか|でしょうか|いかがですか)/i;
/**
 * A third-person report of something done ("the build has been deployed", "wurde versendet",
 * "a été annulé"), from each language's perfect and passive forms.
 */
const REPORT = cue(
  [
    "has been|have been|was (?:sent|shipped|delivered|completed|merged|deployed|approved|rejected|cancell?ed|updated|published|released|resolved|closed|paid|received|processed)|is now (?:live|available|complete|closed|resolved)|were (?:sent|shipped|merged|deployed|processed)",
    "wurde|wurden|ist (?:jetzt|nun) (?:verf[üu]gbar|live|abgeschlossen)|ist eingegangen",
    "a [ée]t[ée]|ont [ée]t[ée]|est (?:maintenant )?disponible",
    "ha sido|han sido|fue (?:enviad[oa]|aprobad[oa]|completad[oa])|ya est[áa] disponible",
    "foi|foram|j[áa] est[áa] dispon[íi]vel",
    "[èe] stat[oa]|sono stat[ie]|[èe] ora disponibile",
    "is (?:verzonden|goedgekeurd|afgerond|bijgewerkt)|zijn (?:verzonden|bijgewerkt)|werd",
    "zosta[łl](?:a|o|y)?|zosta[łl]y",
    "har (?:skickats|godk[äa]nts|slutf[öo]rts|uppdaterats)|[äa]r nu (?:tillg[äa]nglig|klar)",
  ].join("|"),
  "されました|完了しました|送信しました",
);
/**
 * A system or colleague saying something now waits on the reader ("requested your review",
 * "assigned … to you", "action required"), from how trackers, code hosts and providers word it.
 */
const WAITS_ON_YOU = cue(
  [
    "requested your (?:review|approval|input|feedback|signature)|(?:review|approval|signature|input) requested|assigned [^.\\n]{0,80} to you|assigned to you|mentioned you|awaiting your|waiting (?:for|on) you|needs your (?:review|approval|attention|input|signature)|action required|action needed",
    "wartet auf (?:dich|sie|deine|ihre)|ihnen zugewiesen|dir zugewiesen|aktion erforderlich|handlungsbedarf|bitte um (?:ihre|deine) (?:freigabe|pr[üu]fung)",
    "attend votre|vous a [ée]t[ée] assign[ée]e?|action requise|demande votre (?:avis|validation|signature)",
    "espera tu|espera su|asignad[oa] a ti|te ha sido asignad[oa]|acci[oó]n requerida|requiere tu|solicita tu (?:revisi[oó]n|aprobaci[oó]n)",
    "aguarda a sua|atribu[íi]d[oa] a si|atribu[íi]d[oa] a voc[êe]|a[çc][ãa]o necess[áa]ria|requer a sua",
    "attende la tua|assegnat[oa] a te|azione richiesta|richiede la tua",
    "wacht op je|wacht op uw|aan je toegewezen|aan u toegewezen|actie vereist|actie nodig",
    "czeka na (?:ciebie|twoj[ąa])|przypisan[eya] do ciebie|wymagane dzia[łl]anie",
    "v[äa]ntar p[åa] dig|tilldelad dig|[åa]tg[äa]rd kr[äa]vs",
  ].join("|"),
  "要対応|ご対応ください|ご確認ください|承認待ち|レビュー依頼",
);

/** Invitation wording, from how calendar systems and people invite in these languages. */
const INVITE = cue(
  [
    "you['’]re invited|you are invited|invitation:|has invited you|join us|save the date|rsvp|accept or decline|would you like to join|want to come|wanna come|are you free|are you available|are we still on",
    "einladung:|sie sind eingeladen|du bist eingeladen|zusagen oder absagen|hast du zeit|haben sie zeit|kommst du|hast du lust",
    "vous [êe]tes invit[ée]e?s?|tu es invit[ée]e?|invitation :|[êe]tes-vous disponible|es-tu dispo(?:nible)?|tu viens|tu es libre",
    "est[áa]s? invitad[oa]s?|invitaci[oó]n:|est[áa]s? disponible|te apuntas|vienes|est[áa]s libre",
    "voc[êe] est[áa] convidad[oa]|convite:|est[áa] dispon[íi]vel|vens|queres vir|quer vir",
    "sei invitat[oa]|siete invitati|invito:|sei disponibile|vieni|sei libero|sei libera",
    "je bent uitgenodigd|u bent uitgenodigd|uitnodiging:|ben je beschikbaar|heb je zin|kom je",
    "zaproszenie:|zapraszam|zapraszamy|jeste[śs] dost[ęe]pn[ya]|przyjdziesz|masz czas",
    "du [äa]r inbjuden|inbjudan:|har du tid|kommer du|vill du komma",
  ].join("|"),
  "ご招待|招待状|ご都合はいかが",
);

/** The act cues the `cross` group crosses with the sender's kind and the reader's place. */
const CROSSED = new Set([
  "s2:lead_question",
  "s2:cue_request",
  "s2:cue_commit",
  "s2:cue_deliver",
  "s2:cue_propose",
  "s2:cue_meet",
  "s2:cue_amend",
  "s2:cue_deadline",
  "s2:when_today",
  "s2:when_later",
  "s2:says_no_action",
  "s2:question_you",
  "s2:report_done",
  "s2:invite_words",
  "s2:waits_on_you",
]);
const SENDER_WORDS: Record<string, string> = {
  person: "from a person",
  noreply: "from a no-reply or notification address",
  role: "from a team or shop address",
  other: "from an address that is neither a person's nor a team's",
};
const ROLE_WORDS: Record<string, string> = {
  to: "sent to you in To",
  cc: "sent to you only in Cc",
  list: "sent to a list you are on",
  unknown: "sent to recipients not known",
};
/** The cues read in the first sentence on its own (where the point of a message usually is). */
const FIRST_CUES: readonly [string, RegExp][] = [
  ...CUES,
  ["s2:lead_question", /[?？]/],
  ["s2:question_you", QUESTION_YOU],
  ["s2:says_no_action", NO_ACTION],
  ["s2:report_done", REPORT],
  ["s2:invite_words", INVITE],
  ["s2:waits_on_you", WAITS_ON_YOU],
];

/**
 * A greeting line or clause ("Hi Ana,", "Sehr geehrte Frau Roth,", "Bonjour à tous !", "田中様"),
 * from how letters open in the corpus's languages (not from the corpus).
 */
const GREETING = new RegExp(
  `^\\s*(?:(?:${[
    "hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings|hiya",
    "hallo|liebe[rs]?|sehr geehrte[rs]?|guten (?:morgen|tag|abend)|moin|servus|gr[üu](?:ß|ss) gott",
    "bonjour|bonsoir|salut|cher|ch[èe]re|coucou|madame|monsieur",
    "hola|estimad[oa]s?|querid[oa]s?|buen(?:os|as) (?:d[íi]as|tardes|noches)",
    "ol[áa]|oi|prezad[oa]s?|bom dia|boa (?:tarde|noite)",
    "car[oa]|cari|gentile|ciao|buongiorno|buonasera|salve",
    "beste|hoi|geachte|goedemorgen|goedemiddag",
    "dzie[ńn] dobry|cze[śs][ćc]|witam|szanown[ya]|drog[ia]",
    "hej|hejsan|god morgon|tjena|k[äa]ra",
  ].join(
    "|",
  )})(?![0-9A-Za-z\\u00c0-\\u024f])[^\\n.!?,:]{0,50}[,:!]?\\s*(?:\\n|(?<=[,:!])\\s)|[^\\n]{1,20}(?:様|さん|さま|各位|殿)[、,]?\\s*\\n|(?:いつも)?お(?:世話|疲れ)[^。\\n]{0,20}[。\\n]\\s*)+`,
  "i",
);

/**
 * The first sentence the person reads: the new text's opening after a greeting, up to and with
 * its first sentence end (at most 200 characters).
 *
 * @example
 * firstSentence("Hi Ana,\nCould you check the draft? Thanks.") // "Could you check the draft?"
 */
export function firstSentence(lead: string): string {
  const t = lead.replace(GREETING, "");
  const m = /^[\s\S]*?(?:[.!?。！？](?=\s|$)|[。！？]|\n|$)/.exec(t.slice(0, 200));
  return (m?.[0] ?? "").trim();
}

// A link runs to whitespace or markup and ends before trailing punctuation, so "Could you look at
// https://x/d/1?" still ends in a question while "https://x/order?id=7" holds none.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'“”‘’]*[^\s<>"'“”‘’?!.,;:)\]}]/gi;

/**
 * The opening the act cues read: the subject and the lead with each link blanked, so a `?` or a
 * word inside a URL ("…/order?id=7", "…/reply-now") is not read as the sender's own.
 *
 * @example openingText("Your order", "Track it: https://x.example/t?id=7") // "Your order\nTrack it:  "
 */
export function openingText(subject: string, lead: string): string {
  return `${subject}\n${lead}`.replace(LINK, " ");
}

/** A case-insensitive cue: whole words of `words` (Latin script), or any of `joined` (no spaces). */
function cue(words: string, joined: string): RegExp {
  // Latin letters and digits (with Latin-1 and Extended-A/B) bound a word; no `u` flag: faster.
  const w = `(?<![0-9A-Za-z\\u00c0-\\u024f])(?:${words})(?![0-9A-Za-z\\u00c0-\\u024f])`;
  return new RegExp(joined ? `${w}|${joined}` : w, "i");
}
