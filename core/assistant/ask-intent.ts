import type { AskResponse } from "../protocol/local-api.ts";
import { localClock, zonedTime } from "./brief-schedule.ts";
import { OPERATORS } from "./search-query.ts";

type Intent = AskResponse["intent"];
const DAY = 86_400_000;

/**
 * Words folded to the concept they stand for, so paraphrases meet: "pressing", "asap" and
 * "on fire" all read as URGENT. Unlisted words keep themselves (lightly stemmed).
 */
const CONCEPTS: Record<string, string> = {
  urgent: "URGENT",
  urgently: "URGENT",
  asap: "URGENT",
  important: "URGENT",
  critical: "URGENT",
  pressing: "URGENT",
  emergency: "URGENT",
  fire: "URGENT",
  immediately: "URGENT",
  priority: "URGENT",
  priorities: "URGENT",
  attention: "URGENT",
  deadline: "URGENT",
  deadlines: "URGENT",
  hot: "URGENT",
  promise: "PROMISE",
  promised: "PROMISE",
  promises: "PROMISE",
  commit: "PROMISE",
  committed: "PROMISE",
  commitment: "PROMISE",
  commitments: "PROMISE",
  owe: "PROMISE",
  agreed: "PROMISE",
  pledged: "PROMISE",
  undertook: "PROMISE",
  todo: "PROMISE",
  tasks: "PROMISE",
  task: "PROMISE",
  "follow-up": "PROMISE",
  summarise: "SUMMARY",
  summarize: "SUMMARY",
  summary: "SUMMARY",
  overview: "SUMMARY",
  recap: "SUMMARY",
  digest: "SUMMARY",
  rundown: "SUMMARY",
  gist: "SUMMARY",
  happened: "SUMMARY",
  catch: "SUMMARY",
  brief: "SUMMARY",
  highlights: "SUMMARY",
  roundup: "SUMMARY",
  from: "FROM",
  by: "FROM",
  sent: "SEND",
  send: "SEND",
  wrote: "SEND",
  write: "SEND",
  written: "SEND",
  emailed: "SEND",
  say: "SEND",
  said: "SEND",
  hear: "SEND",
  heard: "SEND",
  reply: "SEND",
  replied: "SEND",
  email: "MAIL",
  emails: "MAIL",
  mail: "MAIL",
  mails: "MAIL",
  message: "MAIL",
  messages: "MAIL",
  anything: "ANY",
  something: "ANY",
  any: "ANY",
  today: "TIME",
  week: "TIME",
  yesterday: "TIME",
  month: "TIME",
  morning: "TIME",
  tonight: "TIME",
  i: "ME",
  me: "ME",
  my: "ME",
  myself: "ME",
};
// Words that carry no intent ("what", "the", "is").
const STOP = new Set(
  "a an the is are was were be been do does did what whats which who whom how to of in on at for with and or this that these those it its there here have has had can could would should will please tell show give get list let know".split(
    " ",
  ),
);

/** Phrasings per intent; a question goes to the intent of its nearest phrasings. */
const EXAMPLES: Record<Exclude<Intent, "search" | "unknown">, string[]> = {
  urgent_today: [
    "what's urgent today",
    "anything urgent",
    "what needs my attention",
    "what is important right now",
    "what's on fire",
    "any deadlines I should worry about",
  ],
  promises: [
    "what did I promise",
    "what have I committed to",
    "what do I owe people",
    "my open tasks",
    "what did I agree to do",
    "my commitments this week",
  ],
  sender_about: [
    "anything from ana this week",
    "what did bob send about the budget",
    "emails from carol",
    "did dan write to me",
    "messages by eve today",
    "have I heard from frank",
  ],
  summarize: [
    "summarise today",
    "give me an overview of my inbox",
    "recap of my day",
    "what happened today",
    "catch me up",
    "summary of this week",
  ],
};

function stem(w: string): string {
  if (CONCEPTS[w]) return CONCEPTS[w]!;
  const s = w.replace(/(ing|ed|es|s)$/, "");
  return CONCEPTS[s] ?? (s.length >= 3 ? s : w);
}

/** The question's words as concepts (contractions opened, stop words out). */
export function conceptBag(text: string): Map<string, number> {
  const words = text
    .toLowerCase()
    .replace(/[’']s\b/g, " is")
    .replace(/[’']d\b/g, " would")
    .replace(/[’']ve\b/g, " have")
    .replace(/[?!.,;:"()]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !STOP.has(w));
  const bag = new Map<string, number>();
  for (const w of words) bag.set(stem(w), (bag.get(stem(w)) ?? 0) + 1);
  return bag;
}

// Concepts weigh more than plain words: a name ("ana") says little about what is asked.
const weight = (k: string) => (k === k.toUpperCase() && /[A-Z]/.test(k) ? 1 : 0.35);

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    const w = weight(k);
    na += (v * w) ** 2;
    const o = b.get(k);
    if (o) dot += v * o * w * w;
  }
  for (const [k, v] of b) nb += (v * weight(k)) ** 2;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const exampleBags = Object.entries(EXAMPLES).map(
  ([intent, list]) => [intent as Intent, list.map(conceptBag)] as const,
);

/**
 * Which question this is: the intent whose example phrasings are nearest (mean of the two
 * closest, concept-weighted cosine), with its score; "search" below `threshold`.
 *
 * @example classifyIntent("anything pressing?").intent // "urgent_today"
 */
export function classifyIntent(question: string, threshold = 0.3): { intent: Intent; score: number } {
  const bag = conceptBag(question);
  if (bag.size === 0) return { intent: "unknown", score: 0 };
  let best: { intent: Intent; score: number } = { intent: "search", score: 0 };
  for (const [intent, bags] of exampleBags) {
    const sims = bags.map((b) => cosine(bag, b)).sort((x, y) => y - x);
    const score = ((sims[0] ?? 0) + (sims[1] ?? 0)) / 2;
    if (score > best.score) best = { intent, score };
  }
  return best.score >= threshold ? best : { intent: "search", score: best.score };
}

/** A span of time named in the question ("today", "this week", "yesterday", "last 3 days"). */
export function timeSpan(
  question: string,
  opts: { now: number; timeZone: string },
): { since: number; until: number; words: string } | null {
  const q = question.toLowerCase();
  const { day } = localClock(opts.now, opts.timeZone);
  const midnight = zonedTime(day, "00:00", opts.timeZone);
  if (/\btoday\b|\bthis morning\b|\btonight\b/.test(q))
    return { since: midnight, until: opts.now, words: "today" };
  if (/\byesterday\b/.test(q)) return { since: midnight - DAY, until: midnight, words: "yesterday" };
  const last = /\b(?:last|past) (\d{1,2}) days?\b/.exec(q);
  if (last)
    return { since: opts.now - Number(last[1]) * DAY, until: opts.now, words: `in the last ${last[1]} days` };
  if (/\bthis week\b/.test(q)) {
    // Weeks start on Monday.
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = new Date(Date.parse(`${day}T00:00:00Z`) - weekday * DAY).toISOString().slice(0, 10);
    return { since: zonedTime(monday, "00:00", opts.timeZone), until: opts.now, words: "this week" };
  }
  if (/\b(?:last|past) week\b/.test(q))
    return { since: opts.now - 7 * DAY, until: opts.now, words: "in the last week" };
  if (/\bthis month\b/.test(q)) {
    const first = `${day.slice(0, 8)}01`;
    return { since: zonedTime(first, "00:00", opts.timeZone), until: opts.now, words: "this month" };
  }
  return null;
}

const TIME_WORDS =
  /\b(today|yesterday|tonight|this (?:morning|week|month)|(?:last|past) (?:\d{1,2} days?|week))\b/g;

/**
 * The sender a question names: "from Ana", "by Ana", "did Ana send/write/say", "Ana's mail",
 * "heard from Ana". Null when none.
 */
export function senderSlot(question: string): string | null {
  const q = question
    .toLowerCase()
    .replace(TIME_WORDS, " ")
    .replace(/[?!,]|\.(?=\s|$)/g, " ");
  const from = /\b(?:from|by)\s+([\w.@+-]+(?:\s+[\w.@+-]+)?)/.exec(q);
  const did =
    /\b(?:did|has|have)\s+([\w.@+-]+)\s+(?:send|sent|write|written|say|said|email|emailed|reply|replied)\b/.exec(
      q,
    );
  const poss = /\b([\w.@+-]+)[’']s\s+(?:mail|mails|email|emails|message|messages)\b/.exec(q);
  const raw = from?.[1] ?? did?.[1] ?? poss?.[1];
  if (!raw) return null;
  // "from ana about x" / "from ana this": keep the name only.
  const name = raw
    .split(/\s+/)
    .filter((w) => !STOP.has(w) && !["about", "me", "us", "anyone", "anybody"].includes(w));
  if (name.length === 0 || ["i", "me", "my"].includes(name[0]!)) return null;
  return name.slice(0, raw.includes("@") ? 1 : 2).join(" ");
}

/** "… about the budget" → "the budget" (time words dropped). */
export function topicSlot(question: string): string | null {
  const m = /\babout\s+(.+?)\s*\??$/.exec(question.toLowerCase().replace(TIME_WORDS, " ").trim());
  const t = m?.[1]?.replace(/^(the|a|an|my)\s+/, "").trim();
  return t ? t : null;
}

/** True when the question is written with search operators (`from:ana is:unread`). */
export function hasOperators(question: string): boolean {
  return new RegExp(`(^|\\s)(${OPERATORS.join("|")}):\\S`, "i").test(question);
}
