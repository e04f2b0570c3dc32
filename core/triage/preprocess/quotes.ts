/** Splits a plain-text body into the new text, the quoted history and the signature. */
export interface BodyParts {
  body: string;
  quoted: string;
  signature: string;
}

// Reply headers in the common clients ("On … wrote:", Outlook's "-----Original Message-----", "From: … Sent:").
const REPLY_HEADER =
  /^(on\s.{0,200}\swrote:?\s*$|-{2,}\s*original message\s*-{2,}|-{2,}\s*forwarded message\s*-{2,}|_{10,}\s*$|from:\s.+\s*$)/i;
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
    // The two patterns can only match lines starting with these characters; most lines don't.
    if (REPLY_START.has(first) && REPLY_HEADER.test(t) && (i > 0 || t.toLowerCase().startsWith("on "))) {
      if (/^from:/i.test(t) && !/^(sent|date|to|subject):/i.test(lines[i + 1]?.trim() ?? "")) {
        body.push(line);
        continue;
      }
      inHistory = true;
      quoted.push(line);
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
