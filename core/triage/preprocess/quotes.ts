/** Splits a plain-text body into the new text, the quoted history and the signature. */
export interface BodyParts {
  body: string;
  quoted: string;
  signature: string;
}

// Reply headers in the common clients ("On … wrote:", Outlook's "-----Original Message-----", "From: … Sent:").
const REPLY_HEADER =
  /^(on\s.{0,200}\swrote:?\s*$|-{2,}\s*original message\s*-{2,}|-{2,}\s*forwarded message\s*-{2,}|_{10,}\s*$|from:\s.+\s*$)/i;
const ON_WROTE = /^on\s.{0,200}\swrote:?\s*$/i;
// The same attribution as mail clients write it in the corpus's other languages, e.g. "Am
// 03.03.2026 um 10:15 schrieb Anna Roth <anna@x.de>:", "Anna <a@x.de> schrieb am Di., 3. März
// 2026, 10:15:", "Le mar. 3 mars 2026 à 10:15, Anne <a@x.fr> a écrit :", "El mar, 3 mar 2026 a
// las 10:15, Ana (<a@x.es>) escribió:", "Em ter., 3 de mar. de 2026 às 10:15, Ana <a@x.pt>
// escreveu:", "Il giorno mar 3 mar 2026 alle ore 10:15 Anna <a@x.it> ha scritto:", "Op di 3 mrt.
// 2026 om 10:15 schreef Anna <a@x.nl>:", "W dniu 3.03.2026 o 10:15, Anna <a@x.pl> napisał(a):",
// "Den tis 3 mars 2026 kl 10:15 skrev Anna <a@x.se>:", "2026年3月3日(火) 10:15 田中 <t@x.jp>:".
// The sender's address must be on the line, so "Am Montag schrieb sie:" in running text is not one.
const OTHER_WROTE =
  /^(?=.{0,300}@)(?:.{1,250}\s(?:schrieb|a écrit|escribió|escreveu|ha scritto|schreef|napisał(?:\(a\)|a)?|skrev|kirjoitti)(?:\s.{1,150})?\s?:|.{1,200}\sschrieb am\s.{1,80}:|\d{4}年\d{1,2}月\d{1,2}日.{1,200}[:：])\s*$/iu;
const ORIGINAL = /^-{2,}\s*original message\s*-{2,}$/i;
const HEADER_FIELD = /^(from|to|cc|sent|date|subject):/i;
// "[...]", "[snip]": a cut in the quoted text.
const SNIP = /^\[(\.\.\.|…|snip(ped)?)\]$/i;
const SIG_SEPARATOR = /^(--\s?|__\s?|—\s?)$/;
const REPLY_START = new Set([..."oO-_fF"].map((c) => c.charCodeAt(0)));
const SIG_START = new Set([..."-_—"].map((c) => c.charCodeAt(0)));
// String methods through the prototype: lines come as flat and sliced, one- and two-byte
// strings, and `line.trim` looked up per line went megamorphic (a generic call each time).
const trim = String.prototype.trim;
const charCodeAt = String.prototype.charCodeAt;
const SIGN_OFF =
  /^(thanks|thank you|cheers|best|best regards|regards|kind regards|sincerely|sent from my \w+)[,!.]?\s*$/i;

/**
 * Removes quoted replies ("> …", "On … wrote:") and the signature ("-- " and common sign-offs).
 *
 * @example
 * stripQuotesAndSignature("Yes.\n\nOn Mon, Bob wrote:\n> ok?\n-- \nAnn").body // "Yes."
 */
export function stripQuotesAndSignature(text: string): BodyParts {
  const lines = text.includes("\r") ? text.split(/\r?\n/) : text.split("\n");
  const body: string[] = [];
  const quoted: string[] = [];
  let signature: string[] = [];
  let inHistory = false;
  // After "On … wrote:" the history is the ">" lines that follow it: a reply written below or
  // between them (bottom posting, inline answers on mailing lists) is new text again.
  // Some write their own quote mark ("|", ":", "--]"): the one under the attribution counts too.
  let attribution = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inHistory) {
      quoted.push(line);
      continue;
    }
    const t = trim.call(line);
    // `t.startsWith(">") || t.startsWith("|>")`
    const first = charCodeAt.call(t, 0);
    if (first === 62 || (first === 124 && charCodeAt.call(t, 1) === 62)) {
      quoted.push(line);
      continue;
    }
    if (attribution && (t === "" || t.startsWith(attribution) || SNIP.test(t))) {
      quoted.push(line);
      continue;
    }
    attribution = "";
    // An attribution in another language ends with a colon: only such lines are tried.
    const last = charCodeAt.call(t, t.length - 1);
    // Only when quoted lines follow: with none, the line stays new text (nothing is dropped).
    if ((last === 58 || last === 0xff1a) && OTHER_WROTE.test(t)) {
      attribution = quoteMark(lines, i + 1);
      if (attribution) {
        quoted.push(line);
        continue;
      }
    }
    // The two patterns can only match lines starting with these characters; most lines don't.
    if (REPLY_START.has(first) && REPLY_HEADER.test(t) && (i > 0 || t.toLowerCase().startsWith("on "))) {
      if (/^from:/i.test(t) && !/^(sent|date|to|subject):/i.test(lines[i + 1]?.trim() ?? "")) {
        body.push(line);
        continue;
      }
      // Outlook Express's "----- Original Message -----" and its header lines, then ">" quotes.
      const after = ORIGINAL.test(t) ? afterHeaderFields(lines, i + 1) : i + 1;
      attribution = ON_WROTE.test(t) || after > i + 1 ? quoteMark(lines, after) : "";
      if (!attribution) inHistory = true;
      for (let j = i; j < after; j++) quoted.push(lines[j]!);
      i = after - 1;
      continue;
    }
    if (SIG_START.has(charCodeAt.call(line, 0)) && (SIG_SEPARATOR.test(line.trimEnd()) || line === "-- ")) {
      signature = lines.slice(i + 1, i + 15);
      // What follows a signature is quoted history or list footers; it is not new text.
      quoted.push(...lines.slice(i + 15));
      break;
    }
    body.push(line);
  }
  // A trailing sign-off ("Thanks,\nAnn") starts a short signature block.
  for (let k = Math.max(0, body.length - 6); k < body.length; k++) {
    if (SIGN_OFF.test(body[k]!.trim()) && body.length - k <= 5 && signature.length === 0) {
      signature = body.splice(k + 1);
      break;
    }
  }
  return {
    body: squeeze(body.join("\n")),
    quoted: quoted.join("\n"),
    signature: squeeze(signature.join("\n")),
  };
}

// Only runs that change: a lone space is already " " and a bare "\n" already "\n", so matching
// them (most of any text) only cost time. Same output as `/[ \t\f\v\u00A0]+/g` and `/ ?\n ?/g`.
const BLANK_RUN = /[ \t\f\v\u00A0]{2,}|[\t\f\v\u00A0]/g;
const SPACED_NEWLINE = / \n ?|\n /g;
const BLANK_LINES = /\n{3,}/g;

/** Collapses runs of spaces and blank lines; keeps paragraph breaks. */
export function squeeze(text: string): string {
  return text.replace(BLANK_RUN, " ").replace(SPACED_NEWLINE, "\n").replace(BLANK_LINES, "\n\n").trim();
}

const QUOTE_MARK = /^[>|:\]}-]{1,4}/;

/** The quote mark of the first non-blank line from `from` (">", "|", "--]"…), or "" when it has none. */
function quoteMark(lines: string[], from: number): string {
  for (let j = from; j < lines.length; j++) {
    const t = trim.call(lines[j]!);
    if (!t || SNIP.test(t)) continue;
    const mark = QUOTE_MARK.exec(t)?.[0] ?? "";
    // A bare "-" or "--" starts a list item or a signature, not a quote.
    return /[>|:\]}]/.test(mark) ? mark : "";
  }
  return "";
}

/** The line after the header fields (From:, Sent:, Subject:… and blank lines) starting at `from`. */
function afterHeaderFields(lines: string[], from: number): number {
  let j = from;
  while (j < lines.length && j < from + 12) {
    const t = trim.call(lines[j]!);
    if (t && !HEADER_FIELD.test(t)) break;
    j++;
  }
  return j;
}
