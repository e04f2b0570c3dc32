import { BUCKET_PRIORITY, type Bucket, type Category, type SpeechAct } from "./labels.ts";
import type { Preprocessed } from "./preprocess/preprocess.ts";
import type { RuleHit } from "./rules/types.ts";

/**
 * Weak supervision for the stage-2 heads: no hand-labelled corpus exists for them, so labels
 * come from these deterministic heuristics (see README "How the stage-2 labels were obtained").
 * The models learn to generalise them from words; their accuracy is bounded by these rules.
 */
export interface WeakLabels {
  category: Category;
  speechAct: SpeechAct;
  bucket: Bucket;
  priority: number;
}

const RECEIPT =
  /\b(receipt|invoice|order (confirmation|#|number)|your order|payment (received|confirmation)|has shipped|shipping confirmation|tracking number|booking confirmation)\b/i;
const NOTIFICATION =
  /\b(notification|alert|reminder|cvs commit|commit|bug \d+|\[bug|build (failed|succeeded)|cron|delivery status|undeliverable|auto-?reply|out of office|password reset|security alert)\b/i;
/**
 * Subjects of editorial mail to a list (the label guide's `newsletter`: "newsletters, mailing-list
 * traffic and digests, product-news mail"), in the corpus's languages. Checked before the
 * notification words, so a "weekly digest" without list headers is a newsletter, not an alert.
 * GitHub-style "issue #211" is left to the notification rule (a tracker's issue, not an edition).
 */
const NEWSLETTER =
  /(?<![\p{L}\d])(digests?|newsletters?|round-?up|recap|what['’]?s new (in|at|on|for)|this week (in|at|on)|(weekly|monthly) (update|review|edition|briefing|notes|summary)|(issue|edition|vol\.?) \d+|nyhetsbrev|nieuwsbrief|biuletyn|boletín|boletim|notiziario|infolettre|lettre d['’]information|rundbrief|wochenrückblick|resumen semanal|resumo semanal|riepilogo settimanale|weekoverzicht|podsumowanie tygodnia)(?![\p{L}\d])/iu;
const URGENT =
  /\b(urgent|asap|immediately|as soon as possible|right away|by (today|tonight|eod|end of day|tomorrow( morning)?)|deadline (is )?(today|tomorrow)|time[- ]sensitive|critical)\b/i;
const ACTS: [SpeechAct, RegExp][] = [
  [
    "amend",
    /\b(correction|errata|i meant|sorry,? (i|that|the)|to clarify|revised|amended|please disregard my (last|previous)|update:)\b/i,
  ],
  [
    "meet",
    /\b(meet(ing)?|call me|conference call|phone call|let'?s (talk|chat|meet)|schedule|calendar|lunch|dinner|coffee|appointment|invitation)\b/i,
  ],
  [
    "request",
    /\b(can you|could you|would you|will you|please (send|review|check|confirm|let me know|advise|reply|call|help)|i need you to|do you (know|have)|any (idea|thoughts|suggestions)|anyone know)\b|\?\s*$/im,
  ],
  [
    "deliver",
    /\b(attached|enclosed|here is|here are|here'?s|please find|i'?ve (uploaded|attached|put)|patch|released|now available|download)\b/i,
  ],
  [
    "propose",
    /\b(how about|what if|i suggest|i propose|why don'?t we|maybe we (should|could)|shall we|let'?s|proposal)\b/i,
  ],
  [
    "commit",
    /\b(i will|i'll|we will|we'll|i'm going to|i am going to|will do|i promise|i'll (get|send|fix|look))\b/i,
  ],
];

/**
 * Labels one training message from its preprocessed form and rule hits.
 *
 * @example
 * weakLabels(p, hits, false) // { category: "primary", speechAct: "request", bucket: "actionable", priority: 0.7 }
 */
export function weakLabels(p: Preprocessed, hits: RuleHit[], isSpam: boolean): WeakLabels {
  const has = new Set(hits.map((h) => h.id));
  const text = `${p.subject}\n${p.body.slice(0, 4000)}`;
  const discussion = /^\s*re:/i.test(p.subject) || p.headers.has("in-reply-to") || p.quoted.trim().length > 0;
  let category: Category;
  if (isSpam) category = "promotion";
  else if (has.has("social_sender")) category = "social";
  else if (RECEIPT.test(p.subject) || (has.has("transactional_sender") && RECEIPT.test(text)))
    category = "receipt";
  else if (NEWSLETTER.test(p.subject) && !discussion) category = "newsletter";
  else if (has.has("transactional_sender") || (NOTIFICATION.test(p.subject) && !discussion))
    category = "notification";
  else if ((has.has("list_unsubscribe") || has.has("bulk_precedence") || has.has("list_id")) && !discussion)
    category = "newsletter";
  else category = "primary";

  let speechAct: SpeechAct = "fyi";
  if (p.calendars.length > 0) speechAct = "meet";
  else {
    const body = p.body.slice(0, 4000);
    for (const [act, re] of ACTS) {
      if (re.test(act === "amend" ? text : body)) {
        speechAct = act;
        break;
      }
    }
  }

  let bucket: Bucket;
  if (category === "promotion" || category === "newsletter" || category === "social") bucket = "low_priority";
  else if (URGENT.test(text) && category === "primary") bucket = "urgent";
  else if (
    category === "primary" &&
    (speechAct === "request" || speechAct === "meet" || speechAct === "propose")
  )
    bucket = "actionable";
  else bucket = "informational";
  return { category, speechAct, bucket, priority: BUCKET_PRIORITY[bucket] };
}
