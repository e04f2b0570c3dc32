import type { UnsubscribePlan, UnsubscribeResponse } from "../protocol/local-api.ts";

/** The headers RFC 8058 looks at, taken from the raw message (names lower-cased). */
export interface UnsubscribeHeaders {
  listUnsubscribe: string[];
  listUnsubscribePost: string[];
  /** Every DKIM-Signature header value. */
  dkimSignatures: string[];
  /** Every Authentication-Results header value (the receiving server's verdicts). */
  authenticationResults: string[];
}

/** Splits raw RFC 5322 headers (unfolding continuation lines) into the ones unsubscribe needs. */
export function unsubscribeHeadersFromRaw(raw: string): UnsubscribeHeaders {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const lines = head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  const out: UnsubscribeHeaders = {
    listUnsubscribe: [],
    listUnsubscribePost: [],
    dkimSignatures: [],
    authenticationResults: [],
  };
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "list-unsubscribe") out.listUnsubscribe.push(value);
    else if (name === "list-unsubscribe-post") out.listUnsubscribePost.push(value);
    else if (name === "dkim-signature") out.dkimSignatures.push(value);
    else if (name === "authentication-results") out.authenticationResults.push(value);
  }
  return out;
}

function tags(sig: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of sig.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) m.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ""));
  }
  return m;
}

/** Gmail stamps its verdicts as `Authentication-Results: mx.google.com; …` when mail arrives. */
export const GMAIL_AUTHSERV_ID = "mx.google.com";

/**
 * Whose Authentication-Results count for a source: Gmail's own for Gmail (and the demo, which
 * stands in for a Gmail mailbox), the configured receiving server for a local mailbox, none else.
 *
 * @example authservIdFor("gmail", null) // "mx.google.com"
 */
export function authservIdFor(source: string, localMailAuthservId: string | null): string | null {
  if (source === "gmail" || source === "demo") return GMAIL_AUTHSERV_ID;
  if (source === "local_mail") return localMailAuthservId;
  return null;
}

/** The authserv-id an Authentication-Results value starts with (RFC 8601), lower-cased. */
export function authservIdOf(value: string): string {
  const head = (value.split(";", 1)[0] ?? "").replace(/\([^)]*\)/g, " ").trim();
  return (head.split(/\s+/, 1)[0] ?? "").toLowerCase();
}

/**
 * The receiving server's own verdict: the top-most Authentication-Results header carrying the
 * configured authserv-id. Anything below it (or from another id) was written before the mail
 * arrived, possibly by the sender, and counts for nothing.
 *
 * @example receivingVerdict(["mx.google.com; dkim=fail", "mx.google.com; dkim=pass"], "mx.google.com") // "mx.google.com; dkim=fail"
 */
export function receivingVerdict(results: readonly string[], authservId: string | null): string | null {
  if (!authservId) return null;
  return results.find((r) => authservIdOf(r) === authservId.toLowerCase()) ?? null;
}

/** True when some DKIM signature passed (per the receiving server) and its h= covers both headers. */
function dkimCoversBoth(h: UnsubscribeHeaders, authservId: string | null): { ok: boolean; reason: string } {
  if (!authservId) return { ok: false, reason: "no receiving mail server is configured to vouch for DKIM" };
  const verdict = receivingVerdict(h.authenticationResults, authservId);
  if (!verdict)
    return { ok: false, reason: `no Authentication-Results from ${authservId} (the receiving server)` };
  const passes = [verdict].flatMap((ar) =>
    [...ar.matchAll(/dkim=pass\b([^;]*)/gi)].map((m) => {
      const rest = m[1] ?? "";
      return {
        d: /header\.d=([^\s;]+)/i.exec(rest)?.[1]?.toLowerCase(),
        b: /header\.b=([^\s;]+)/i.exec(rest)?.[1],
      };
    }),
  );
  if (passes.length === 0)
    return { ok: false, reason: `no passing DKIM signature according to ${authservId}` };
  for (const sig of h.dkimSignatures) {
    const t = tags(sig);
    const d = t.get("d")?.toLowerCase();
    const b = t.get("b") ?? "";
    const signed = (t.get("h") ?? "").toLowerCase().split(":");
    const passed = passes.some((p) => p.d === d && (!p.b || b.startsWith(p.b)));
    if (passed && signed.includes("list-unsubscribe") && signed.includes("list-unsubscribe-post"))
      return { ok: true, reason: `DKIM (d=${d}) signs List-Unsubscribe and List-Unsubscribe-Post` };
  }
  return { ok: false, reason: "no passing DKIM signature whose h= covers both List-Unsubscribe headers" };
}

/**
 * Decides how to unsubscribe, exactly per RFC 8058: one-click only with exactly one HTTPS URI,
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` and a DKIM signature covering both that
 * the receiving server (`authservId`, its top-most Authentication-Results) says passed;
 * otherwise a mailto, otherwise ask the person.
 *
 * @example planUnsubscribe(unsubscribeHeadersFromRaw(raw), { authservId: GMAIL_AUTHSERV_ID }).method // "one_click" | "mailto" | "ask"
 */
export function planUnsubscribe(h: UnsubscribeHeaders, opts: { authservId: string | null }): UnsubscribePlan {
  const uris = h.listUnsubscribe.flatMap((v) =>
    [...v.matchAll(/<([^>]*)>/g)].map((m) => (m[1] ?? "").trim()),
  );
  const https = uris.filter((u) => /^https:\/\//i.test(u));
  const mailto = uris.find((u) => /^mailto:/i.test(u)) ?? null;
  const reasons: string[] = [];
  let oneClick = true;
  if (h.listUnsubscribe.length !== 1) {
    oneClick = false;
    reasons.push(
      h.listUnsubscribe.length === 0 ? "no List-Unsubscribe header" : "more than one List-Unsubscribe header",
    );
  }
  if (https.length !== 1) {
    oneClick = false;
    reasons.push(`List-Unsubscribe has ${https.length} HTTPS URIs (exactly one needed)`);
  }
  if (
    h.listUnsubscribePost.length !== 1 ||
    h.listUnsubscribePost[0]?.trim() !== "List-Unsubscribe=One-Click"
  ) {
    oneClick = false;
    reasons.push("List-Unsubscribe-Post is not exactly List-Unsubscribe=One-Click");
  }
  const dkim = dkimCoversBoth(h, opts.authservId);
  if (!dkim.ok) oneClick = false;
  reasons.push(dkim.reason);
  if (oneClick && https[0]) {
    try {
      new URL(https[0]);
      return { method: "one_click", url: https[0], mailto, reasons };
    } catch {
      reasons.push("the HTTPS URI does not parse");
    }
  }
  if (mailto) return { method: "mailto", url: null, mailto, reasons: [...reasons, "falling back to mailto"] };
  return { method: "ask", url: null, mailto: null, reasons: [...reasons, "ask the person"] };
}

/**
 * The answer when one-click is not allowed: nothing was sent; the person gets the mailto (to send
 * themselves) or is told to unsubscribe by hand.
 *
 * @example notOneClick(plan).message // "send an email to mailto:leave@lists.example"
 */
export function notOneClick(plan: UnsubscribePlan): UnsubscribeResponse {
  return {
    plan,
    done: false,
    httpStatus: null,
    ledgerId: null,
    message: plan.mailto ? `send an email to ${plan.mailto}` : "unsubscribe by hand",
  };
}
