import { dan, deu, eng, fra, ita, nld, nob, pol, por, spa, swe } from "stopword";

// Words that say when ("today", "heute", "jetzt", "idag") carry meaning for urgency; they stay
// possible reasons even where a stopword list files them as function words.
const WHEN =
  /^(now|today|tonight|tomorrow|heute|jetzt|morgen|nun|maintenant|aujourd'hui|demain|hoy|ahora|mañana|hoje|agora|amanhã|oggi|ora|domani|vandaag|nu|dziś|dzisiaj|teraz|jutro|idag|imorgon|i dag|i morgen)$/;

// English pronouns and particles stopword's short English list leaves out. "not" and "no" stay
// possible reasons: a negation can be what decides ("no action needed").
const ENGLISH_MORE = ["us", "she", "its", "so", "just"];

/** Function words of the corpus's languages (stopword's lists), less the words that say when. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  [eng, ENGLISH_MORE, deu, fra, spa, por, ita, nld, pol, swe, dan, nob].flat().filter((w) => !WHEN.test(w)),
);

/**
 * Whether a hashed token's words are one function word ("the", "und", "mentions “les”", "opens
 * with “de”"): such a word is on nearly every message of its language and is never a reason.
 *
 * @example isFunctionWordToken("the") // true
 * @example isFunctionWordToken("opens with “invoice”") // false
 */
export function isFunctionWordToken(token: string): boolean {
  const quoted = /^(?:opens with|mentions|subject says) “([^”\s]+)”$/.exec(token);
  const word = quoted ? quoted[1]! : token;
  return FUNCTION_WORDS.has(word.toLowerCase());
}

/** The words of a phrase that carry meaning: lower-cased letter runs less the function words. */
function contentWords(phrase: string): Set<string> {
  const out = new Set<string>();
  for (const w of phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w && !FUNCTION_WORDS.has(w)) out.add(w);
  return out;
}

/**
 * The phrases less those that restate an earlier one: a phrase whose meaningful words all
 * appear in an earlier phrase, or whose words hold all of an earlier one's ("comes from a social
 * network" then "it comes from a social network"; "its wording only informs" then "it only
 * informs"). A phrase of function words only ("you are in To") is never taken as a restatement.
 *
 * @example withoutRestatements(["comes from a social network", "it comes from a social network", "has attachments"])
 * // ["comes from a social network", "has attachments"]
 */
export function withoutRestatements(phrases: readonly string[]): string[] {
  const kept: string[] = [];
  const seen: Set<string>[] = [];
  for (const p of phrases) {
    const words = contentWords(p);
    const restates =
      words.size > 0 && seen.some((s) => s.size > 0 && (isSubset(words, s) || isSubset(s, words)));
    if (restates) continue;
    kept.push(p);
    seen.push(words);
  }
  return kept;
}

function isSubset(a: Set<string>, b: Set<string>): boolean {
  for (const w of a) if (!b.has(w)) return false;
  return true;
}
