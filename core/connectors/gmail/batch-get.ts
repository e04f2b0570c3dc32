import { CoreError } from "../../errors.ts";
import { backoffDelay, MAX_IN_PROCESS_SLEEP_MS } from "../http/backoff.ts";
import { GMAIL_UNITS } from "../http/gmail-units.ts";
import { googleError } from "../http/google-errors.ts";
import type { BatchAnswer, BatchCall } from "./batch-codec.ts";
import type { GmailClient, GmailClientDeps } from "./client.ts";

/** Google advises at most 50 calls per batch even though 100 are accepted. */
export const GMAIL_BATCH_SIZE = 50;

/**
 * Fetches many messages with batched `messages.get` (≤ 50 per batch). Parts that failed with a
 * rate limit or 5xx are retried on their own with backoff; 404s (deleted since) are left out.
 * @example const byId = await batchGetMessages(client, deps, ids, "format=metadata&metadataHeaders=From");
 */
export async function batchGetMessages<T>(
  client: GmailClient,
  deps: Pick<GmailClientDeps, "sleep" | "random" | "clock" | "logger" | "maxAttempts">,
  ids: string[],
  query: string,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += GMAIL_BATCH_SIZE) {
    let pending = unique.slice(i, i + GMAIL_BATCH_SIZE);
    // Retries count only rounds that made no progress: under a steady fault rate a batch still
    // converges, while a part that keeps failing gives up after maxAttempts rounds.
    let stalled = 0;
    let refreshed = false;
    let forceRefresh = false;
    while (pending.length) {
      const { retry, failure } = await round(client, deps, pending, query, found, {
        forceRefresh,
        allow401: !refreshed,
      });
      forceRefresh = false;
      if (!failure) break;
      // A token that lapsed mid-flight shows as 401 parts: refresh once and retry them.
      if (isLapsedToken(failure) && !refreshed) {
        refreshed = forceRefresh = true;
        pending = retry;
        continue;
      }
      stalled = retry.length < pending.length ? 1 : stalled + 1;
      if (stalled >= (deps.maxAttempts ?? 6)) throw failure;
      pending = retry;
      const delayMs = backoffDelay(stalled, failure, {
        random: deps.random,
        maxDelayMs: MAX_IN_PROCESS_SLEEP_MS,
      });
      // A long Retry-After is the queue's to wait out (retry({ delaySeconds })), not this isolate's.
      if (delayMs > MAX_IN_PROCESS_SLEEP_MS) throw failure;
      await deps.sleep(delayMs);
    }
  }
  return found;
}

function isLapsedToken(e: CoreError): boolean {
  return e.code === "needs_reauth" && e.details?.httpStatus === 401;
}

async function round<T>(
  client: GmailClient,
  deps: Pick<GmailClientDeps, "clock" | "logger">,
  pending: string[],
  query: string,
  found: Map<string, T>,
  auth: { forceRefresh: boolean; allow401: boolean },
): Promise<{ retry: string[]; failure: CoreError | undefined }> {
  const calls: BatchCall[] = pending.map((id, n) => ({
    id: String(n),
    method: "GET",
    path: `/gmail/v1/users/me/messages/${encodeURIComponent(id)}?${query}`,
  }));
  const answers = await client.batch(calls, GMAIL_UNITS["messages.get"], { forceRefresh: auth.forceRefresh });
  const retry: string[] = [];
  let failure: CoreError | undefined;
  for (const call of calls) {
    const id = pending[Number(call.id)]!;
    const answer = answers.find((a: BatchAnswer) => a.id === call.id);
    if (answer?.status === 200) found.set(id, JSON.parse(answer.body) as T);
    else if (answer?.status === 404) deps.logger.log("info", "gmail.message_gone", { messageId: id });
    else {
      const err = answer
        ? await googleError(
            new Response(answer.body, { status: answer.status, headers: answer.headers }),
            "messages.get",
            deps.clock.now(),
          )
        : new CoreError("upstream_unavailable", "messages.get: batch part missing");
      if (!err.transient && !(auth.allow401 && isLapsedToken(err))) throw err;
      // A lapsed token wins: it is the one failure a refresh fixes for every part at once.
      if (isLapsedToken(err)) failure = err;
      else failure ??= err;
      retry.push(id);
    }
  }
  return { retry, failure };
}
