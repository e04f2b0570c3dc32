import { MAX_IN_PROCESS_SLEEP_MS } from "../connectors/http/backoff.ts";
import { CoreError } from "../errors.ts";
import type { Clock, FetchLike, Sleep } from "../ports.ts";
import type { SlackMessage } from "./slack-blocks.ts";

/** Only Slack's own incoming-webhook host is ever posted to. */
export function isSlackWebhookUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "https:" && u.hostname === "hooks.slack.com" && u.pathname.startsWith("/services/");
  } catch {
    return false;
  }
}

/**
 * Posts to the person's incoming webhook from the device, honouring 429 + Retry-After (up to
 * `maxAttempts`, sleeping at most `MAX_IN_PROCESS_SLEEP_MS`), and throws `rate_limited` with the
 * wait when it gives up or Slack asks for longer.
 *
 * @example await postToSlack({ ctx: { fetch, sleep }, input: { url, message } })
 */
export async function postToSlack(args: {
  ctx: { fetch: FetchLike; sleep: Sleep };
  input: { url: string; message: SlackMessage; maxAttempts?: number };
}): Promise<void> {
  const { ctx, input } = args;
  if (!isSlackWebhookUrl(input.url))
    throw new CoreError("bad_input", "Slack webhook must be https://hooks.slack.com/services/…");
  const attempts = input.maxAttempts ?? 3;
  for (let i = 1; ; i++) {
    const res = await ctx.fetch(input.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input.message),
    });
    if (res.ok) return;
    const body = await res.text().catch(() => "");
    if (res.status === 429 || res.status >= 500) {
      const wait = Number(res.headers.get("retry-after") ?? "1");
      const seconds = Number.isFinite(wait) && wait >= 0 ? wait : 1;
      // A wait longer than a few seconds is the caller's to schedule, never slept here.
      if (i >= attempts || seconds * 1000 > MAX_IN_PROCESS_SLEEP_MS)
        throw new CoreError(
          res.status === 429 ? "rate_limited" : "upstream_unavailable",
          `Slack answered ${res.status}`,
          {
            retryAfterSeconds: seconds,
          },
        );
      await ctx.sleep(seconds * 1000);
      continue;
    }
    throw new CoreError(
      "upstream_rejected",
      `Slack refused the message (${res.status} ${body.slice(0, 80)})`,
    );
  }
}

/**
 * At most `perHour` alerts per channel in any rolling hour; the rest are held for one summary.
 *
 * @example const limiter = new AlertLimiter({ clock }); limiter.admit("C1") // true 5 times an hour
 */
export class AlertLimiter {
  private readonly sent = new Map<string, number[]>();
  private readonly clock: Clock;
  private readonly perHour: number;

  constructor(opts: { clock: Clock; perHour?: number }) {
    this.clock = opts.clock;
    this.perHour = opts.perHour ?? 5;
  }

  admit(channel: string): boolean {
    const now = this.clock.now();
    const recent = (this.sent.get(channel) ?? []).filter((t) => now - t < 3_600_000);
    if (recent.length >= this.perHour) {
      this.sent.set(channel, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(channel, recent);
    return true;
  }
}
