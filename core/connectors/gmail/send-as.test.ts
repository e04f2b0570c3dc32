import { describe, expect, it } from "vitest";
import { createGmailClient } from "./client.ts";
import { MAX_SEND_AS, sendAsAddresses } from "./send-as.ts";
import { EMAIL, gmailHarness } from "./test-harness.ts";

/** A client whose every call answers `body` (a hostile or odd sendAs.list response). */
function answering(body: unknown) {
  return createGmailClient({
    fetch: async () => Response.json(body),
    getAccessToken: async () => "t",
    rateLimiter: { acquire: async () => {} } as never,
    rateLimitKey: EMAIL,
    sleep: async () => {},
    clock: { now: () => 0 },
    logger: { log: () => {} },
  });
}

describe("users.settings.sendAs.list: the person's own addresses", () => {
  it("keeps the primary and accepted aliases, lower-cased, and skips pending ones (fake Gmail, 1 unit)", async () => {
    const h = gmailHarness();
    h.gmail.addSendAs(EMAIL, "Ann.Work@Work.example.org");
    h.gmail.addSendAs(EMAIL, "old@old.example.org", "pending");
    expect(await h.connector.ownAddresses?.()).toEqual([EMAIL, "ann.work@work.example.org"]);
    expect(h.gmail.calls.map((c) => c.call)).toEqual(["sendAsList"]);
    expect(h.gmail.quota.total(EMAIL)).toBe(1);
  });

  it("a token without a sendAs scope is refused with a 403 once (no retry); the caller degrades", async () => {
    const h = gmailHarness();
    h.gmail.grantScopes(EMAIL, ["https://www.googleapis.com/auth/gmail.metadata"]);
    await expect(h.connector.ownAddresses?.()).rejects.toThrow();
    expect(h.gmail.calls.map((c) => c.status)).toEqual([403]);
  });

  it("malformed or hostile answers give only plain addresses, never a throw", async () => {
    expect(await sendAsAddresses(answering({}))).toEqual([]);
    expect(await sendAsAddresses(answering({ sendAs: "x" }))).toEqual([]);
    expect(
      await sendAsAddresses(
        answering({
          sendAs: [
            null,
            7,
            { isPrimary: true },
            { sendAsEmail: 5, isPrimary: true },
            { sendAsEmail: "eve@x.org\r\nBcc: a@b.org", isPrimary: true },
            { sendAsEmail: '"a b"@x.org', verificationStatus: "accepted" },
            { sendAsEmail: "ok@x.org", verificationStatus: "accepted" },
            { sendAsEmail: "pend@x.org", verificationStatus: "pending" },
            { sendAsEmail: "none@x.org" },
          ],
        }),
      ),
    ).toEqual(["ok@x.org"]);
    const many = Array.from({ length: MAX_SEND_AS + 50 }, (_, i) => ({
      sendAsEmail: `a${i}@x.org`,
      verificationStatus: "accepted",
    }));
    expect(await sendAsAddresses(answering({ sendAs: many }))).toHaveLength(MAX_SEND_AS);
  });
});
