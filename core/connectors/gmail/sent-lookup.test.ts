import { describe, expect, it } from "vitest";
import { rfc822 } from "../../../tests/fakes/gmail/index.ts";
import { CoreError } from "../../errors.ts";
import { createReaderLookups } from "../../pipeline/reader-lookup.ts";
import { sentSearchQuery } from "./sent-lookup.ts";
import { EMAIL, gmailHarness } from "./test-harness.ts";

function sent(h: ReturnType<typeof gmailHarness>, to: string, cc?: string) {
  h.gmail.addMessage(EMAIL, {
    raw: rfc822({ from: EMAIL, to, subject: "re", body: "ok", ...(cc ? { headers: { Cc: cc } } : {}) }),
    labels: ["SENT"],
  });
}

const lists = (h: ReturnType<typeof gmailHarness>) => h.gmail.calls.filter((c) => c.call === "list");

describe("the sent-mail lookup (issue 13: the reader for Gmail)", () => {
  it("quotes a plain address and refuses anything a search could read as an operator", () => {
    expect(sentSearchQuery("Ann.Lee+tag@Example.org")).toBe('in:sent to:"ann.lee+tag@example.org"');
    expect(sentSearchQuery("o'brien=x~y@mail.example.co.uk")).toBe(
      'in:sent to:"o\'brien=x~y@mail.example.co.uk"',
    );
    for (const hostile of [
      'a@b.org" OR in:anywhere "x',
      "a@b.org OR in:anywhere",
      "{a@b.org x@y.org}",
      "a@b.org -in:sent",
      "(a@b.org)",
      "a@b.org\tin:trash",
      'a"@b.org',
      "a@b.org:x",
      "a\\@b.org",
      "a@b",
      "@b.org",
      "a@-b.org",
      `${"a".repeat(65)}@b.org`,
      `a@${"b".repeat(250)}.org`,
      "",
    ])
      expect(sentSearchQuery(hostile), hostile).toBeNull();
  });

  it("answers from the person's sent mail as Gmail's search does (To or Cc, any case), one call each", async () => {
    const h = gmailHarness();
    sent(h, "Ann <ann@partner.example.org>");
    sent(h, "team@example.com", "Bo@Example.NET");
    h.gmail.addMessage(EMAIL, { raw: rfc822({ from: "zed@x.org", to: EMAIL, subject: "in", body: "b" }) });
    expect(await h.connector.wroteTo!("ann@partner.example.org")).toBe(true);
    expect(await h.connector.wroteTo!("bo@example.net")).toBe(true);
    // Zed wrote to the person, not the other way round.
    expect(await h.connector.wroteTo!("zed@x.org")).toBe(false);
    const calls = lists(h);
    expect(calls).toHaveLength(3);
    expect(new URLSearchParams(calls[0]!.query).get("q")).toBe('in:sent to:"ann@partner.example.org"');
    expect(new URLSearchParams(calls[0]!.query).get("maxResults")).toBe("1");
  });

  it("a hostile address never reaches Gmail", async () => {
    const h = gmailHarness();
    await expect(h.connector.wroteTo!('x@y.org" OR in:anywhere "z')).rejects.toMatchObject({
      code: "bad_input",
    });
    expect(lists(h)).toHaveLength(0);
  });

  it("a 429 or 5xx is one call, not retried in process", async () => {
    for (const kind of ["429", "503"] as const) {
      const h = gmailHarness();
      h.gmail.faults.failNext(1, kind);
      await expect(h.connector.wroteTo!("ann@example.org")).rejects.toBeInstanceOf(CoreError);
      expect(lists(h)).toHaveLength(1);
      expect(h.sleeps).toEqual([]);
    }
  });

  it("per invocation: one lookup per (scout, sender), a bound, and none more once the mailbox refuses", async () => {
    const h = gmailHarness();
    sent(h, "ann@example.org");
    const lookups = createReaderLookups(3, 2_000);
    const answers = await Promise.all([
      lookups.wroteTo("s1", h.connector, "ann@example.org"),
      lookups.wroteTo("s1", h.connector, "ann@example.org"),
      lookups.wroteTo("s1", h.connector, "bo@example.org"),
    ]);
    expect(answers).toEqual([true, true, false]);
    expect(lists(h)).toHaveLength(2);
    // Past the bound: not known, no call.
    expect(await lookups.wroteTo("s1", h.connector, "cy@example.org")).toBe(false);
    expect(await lookups.wroteTo("s2", h.connector, "dee@example.org")).toBeUndefined();
    expect(lists(h)).toHaveLength(3);

    const storm = gmailHarness();
    storm.gmail.faults.set({ rate: 1, kinds: ["429"] });
    const fresh = createReaderLookups(25, 2_000);
    for (const who of ["a@example.org", "b@example.org", "c@example.org"])
      expect(await fresh.wroteTo("s1", storm.connector, who)).toBeUndefined();
    expect(lists(storm)).toHaveLength(1);
    expect(fresh.made).toBe(1);
  });

  it("a revoked token or a lookup past its deadline is 'not known'", async () => {
    // The person revoked access: Google refuses the refresh token.
    const h = gmailHarness({
      getAccessToken: async () => {
        throw new Error("invalid_grant: Token has been expired or revoked.");
      },
    });
    const lookups = createReaderLookups(25, 2_000);
    expect(await lookups.wroteTo("s1", h.connector, "ann@example.org")).toBeUndefined();

    const slow = { source: "gmail" as const, wroteTo: () => new Promise<boolean>(() => {}) };
    const timed = createReaderLookups(25, 20);
    expect(await timed.wroteTo("s1", slow as never, "ann@example.org")).toBeUndefined();
    // The mailbox is treated as refusing for the rest of the invocation.
    expect(await timed.wroteTo("s1", slow as never, "bo@example.org")).toBeUndefined();
    expect(timed.made).toBe(1);
  });
});
