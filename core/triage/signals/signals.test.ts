import { describe, expect, it } from "vitest";
import { analyze } from "../analyze.ts";
import { DEFAULT_HASHING } from "../features/featurize.ts";
import { NAMED_INDEX } from "../features/named.ts";
import { type Preprocessed, preprocess } from "../preprocess/preprocess.ts";
import { runRules } from "../rules/run-rules.ts";
import type { RuleContext } from "../rules/types.ts";
import { parseAuthenticationResults } from "./authentication-results.ts";
import { authPassed, readerRole } from "./signals.ts";

async function pre(headers: string[], body = "Hello there."): Promise<Preprocessed> {
  const p = await preprocess({
    kind: "email",
    ref: { source: "demo", id: "s" },
    raw: `${headers.join("\r\n")}\r\n\r\n${body}`,
  });
  if (!p.ok) throw new Error(p.reason);
  return p;
}
const ids = (p: Preprocessed, ctx: RuleContext = {}) => runRules(p, ctx).map((h) => h.id);

describe("Authentication-Results", () => {
  it("parses the authserv-id, methods, results and properties, ignoring comments", () => {
    const r = parseAuthenticationResults(
      "mx.google.com; dkim=pass header.i=@github.com header.s=s1 (good sig); spf=softfail (google.com: x) smtp.mailfrom=a@b.c; dmarc=fail (p=REJECT) header.from=b.c",
    )!;
    expect(r.authservId).toBe("mx.google.com");
    expect(r.results.map((x) => `${x.method}=${x.result}`)).toEqual([
      "dkim=pass",
      "spf=softfail",
      "dmarc=fail",
    ]);
    expect(r.results[0]!.props.get("header.i")).toBe("@github.com");
    expect(parseAuthenticationResults("dkim=pass")).toBeUndefined();
  });

  it("counts only the receiving server's top-most header: a pass forged below it is ignored", async () => {
    const forged = await pre([
      "Authentication-Results: mx.google.com; spf=fail smtp.mailfrom=paypal.com; dkim=none; dmarc=fail header.from=paypal.com",
      "Authentication-Results: mx.paypal.com; spf=pass; dkim=pass header.d=paypal.com; dmarc=pass",
      "From: PayPal <service@paypal.com>",
      "To: a@b.c",
    ]);
    expect(ids(forged)).toEqual(expect.arrayContaining(["auth_spf_fail", "auth_dmarc_fail"]));
    expect(authPassed(forged, {})).toBe(false);
    // A sender who writes a failing header under a passing top-most one cannot make it fail either.
    const good = await pre([
      "Authentication-Results: mx.google.com; spf=pass; dkim=pass header.d=github.com; dmarc=pass",
      "Authentication-Results: evil.example; spf=fail; dkim=fail; dmarc=fail",
      "From: GitHub <noreply@github.com>",
      "To: a@b.c",
    ]);
    expect(ids(good)).not.toEqual(expect.arrayContaining(["auth_spf_fail"]));
    expect(ids(good)).not.toContain("auth_dmarc_fail");
    expect(authPassed(good, { authservId: "mx.google.com" })).toBe(true);
  });

  it("ignores a top-most header stamped by another server than the configured one", async () => {
    const p = await pre([
      "Authentication-Results: mx.attacker.example; spf=pass; dkim=pass header.d=bank.example; dmarc=pass",
      "From: Bank <alerts@bank.example>",
      "To: a@b.c",
    ]);
    expect(authPassed(p, { authservId: "mx.google.com" })).toBe(false);
    expect(authPassed(p, {})).toBe(true);
  });

  it("a DKIM pass counts only for the From domain's organisation", async () => {
    const p = await pre([
      "Authentication-Results: mx.google.com; dkim=pass header.d=mailer.example",
      "From: Bank <alerts@bank.example>",
      "To: a@b.c",
    ]);
    expect(authPassed(p, {})).toBe(false);
  });
});

describe("the reader", () => {
  const reader = {
    addresses: ["me@corp.example"],
    contacts: new Map([["boss@corp.example", { repliedTo: true }]]),
  };

  it("is in To, in Cc, only on a list or Bcc, or unknown", async () => {
    const to = await pre(["From: boss@corp.example", "To: Me <ME@corp.example>, x@y.z"]);
    const cc = await pre(["From: boss@corp.example", "To: x@y.z", "Cc: me@corp.example"]);
    const list = await pre(["From: news@list.example", "To: all@list.example"]);
    expect(readerRole(to, reader)).toBe("to");
    expect(readerRole(cc, reader)).toBe("cc");
    expect(readerRole(list, reader)).toBe("not_addressed");
    expect(readerRole(list, undefined)).toBeUndefined();
  });

  it("reaches the features: role, relationship, same organisation, Gmail labels", async () => {
    const raw = "From: boss@corp.example\r\nTo: me@corp.example\r\nSubject: Q\r\n\r\nCan you look?";
    const a = await analyze(
      {
        kind: "email",
        ref: { source: "gmail", id: "1" },
        raw,
        labels: ["INBOX", "IMPORTANT", "CATEGORY_PERSONAL"],
      },
      DEFAULT_HASHING,
      { rules: { reader } },
    );
    if (!a.ok) throw new Error(a.reason);
    const v = (name: string) => a.bag.named[NAMED_INDEX.get(name)!];
    expect(v("reader_to")).toBe(1);
    expect(v("reader_not_addressed")).toBe(0);
    expect(v("sender_replied_to")).toBe(1);
    expect(v("sender_wrote_to")).toBe(0);
    expect(v("sender_same_org")).toBe(1);
    expect(v("gmail:important")).toBe(1);
    expect(v("gmail:category_promotions")).toBe(0);
    // Without a reader nothing is said about recipients or relationships.
    const b = await analyze({ kind: "email", ref: { source: "demo", id: "2" }, raw }, DEFAULT_HASHING);
    if (!b.ok) throw new Error(b.reason);
    for (const n of [
      "reader_to",
      "reader_cc",
      "reader_not_addressed",
      "sender_replied_to",
      "gmail:important",
    ])
      expect(b.bag.named[NAMED_INDEX.get(n)!], n).toBe(0);
  });

  it("says nothing about recipients when they are unknown (metadata without To)", async () => {
    const p = await pre(["From: a@b.example", "Subject: hi", "Date: Tue, 03 Mar 2026 09:10:00 +0000"]);
    expect(ids(p)).toContain("undisclosed_recipients");
    expect(ids(p, { recipientsUnknown: true })).not.toContain("undisclosed_recipients");
  });
});
