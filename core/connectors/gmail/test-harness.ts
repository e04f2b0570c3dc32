import { createFakeGmail, type FakeGmail, rfc822 } from "../../../tests/fakes/gmail/index.ts";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createTokenBucket } from "../http/token-bucket.ts";
import { createGmailConnector, type GmailConnectorDeps } from "./connector.ts";

export const EMAIL = "person@example.com";

/**
 * A Gmail connector wired to the fake Gmail on one virtual clock: `sleep` advances time, so
 * backoff and the token bucket run instantly while quota windows stay faithful.
 */
export function gmailHarness(
  opts: { startHistoryId?: string; random?: () => number } & Partial<GmailConnectorDeps> = {},
) {
  let now = 1_800_000_000_000;
  const clock = { now: () => now };
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    now += ms;
  };
  const gmail: FakeGmail = createFakeGmail({ clock, random: opts.random });
  let token = gmail.addAccount(EMAIL, { startHistoryId: opts.startHistoryId ?? "1000" });
  let refreshes = 0;
  const limiter = createTokenBucket({ clock, sleep, maxWaitMs: 120_000 });
  const connector = createGmailConnector({
    fetch: toFetch(gmail.handler),
    getAccessToken: async (o) => {
      if (o?.forceRefresh) {
        refreshes++;
        token = gmail.issueToken(EMAIL);
      }
      return token;
    },
    apiBase: "https://gmail.test",
    rateLimiter: limiter,
    rateLimitKey: EMAIL,
    topicName: "projects/scouts-test/topics/gmail",
    sleep,
    clock,
    random: opts.random ?? (() => 0.5),
    ...opts,
  });
  const add = (subject: string, over: { labels?: string[]; body?: string } = {}) =>
    gmail.addMessage(EMAIL, {
      raw: rfc822({ from: "Ada <ada@example.org>", subject, body: over.body ?? `body of ${subject}` }),
      labels: over.labels,
    });
  return {
    gmail,
    connector,
    sleeps,
    add,
    clock,
    advance: (ms: number) => {
      now += ms;
    },
    get token() {
      return token;
    },
    get refreshes() {
      return refreshes;
    },
  };
}
