import { createParser } from "eventsource-parser";
import { z } from "zod";
import { AccountError } from "./imap-client.ts";

export interface JmapLogin {
  /** The session resource, or just the server's origin (then `/.well-known/jmap` is asked). */
  url: string;
  username: string;
  password: string;
}

const MAIL = "urn:ietf:params:jmap:mail";
const USING = ["urn:ietf:params:jmap:core", MAIL];
/** The most of one API answer read: a page of 500 ids or 50 emails' metadata is far below. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const Session = z.object({
  apiUrl: z.string().min(1),
  downloadUrl: z.string().min(1),
  eventSourceUrl: z.string().min(1).optional(),
  accounts: z.record(z.string(), z.object({ accountCapabilities: z.record(z.string(), z.unknown()) })),
  primaryAccounts: z.record(z.string(), z.string()).optional(),
});

/** A method-level error (RFC 8620 §3.6.2): `type` is e.g. `cannotCalculateChanges`. */
export class JmapMethodError extends Error {
  readonly type: string;
  constructor(type: string, description?: string) {
    super(`JMAP error ${type}${description ? `: ${description}` : ""}`);
    this.type = type;
  }
}

const isLoopback = (host: string) => ["127.0.0.1", "[::1]", "localhost"].includes(host);

/** The session URL a person typed, checked: https, or http on loopback only (a password is sent). */
export function sessionUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new AccountError("protocol", `${JSON.stringify(raw.slice(0, 200))} is not a URL`);
  }
  if (u.protocol !== "https:" && !(u.protocol === "http:" && isLoopback(u.hostname)))
    throw new AccountError(
      "tls_failed",
      `refusing to send a password to ${u.host} without TLS (https://, or http:// on loopback only)`,
    );
  if (u.pathname === "/" || u.pathname === "") u.pathname = "/.well-known/jmap";
  return u;
}

async function readCapped(res: Response, max: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = res.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), truncated };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  return { bytes: Buffer.concat(chunks), truncated };
}

export type PushEvent = { type: "state"; changed: Record<string, Record<string, string>> } | { type: "ping" };

/**
 * An authenticated JMAP session (RFC 8620): the session resource is fetched once, then API calls,
 * blob downloads and the EventSource stream go to the URLs it names (resolved against it; only to
 * the same origin, so the password never goes elsewhere).
 */
export async function openJmap(login: JmapLogin, fetchImpl: typeof fetch = fetch) {
  const base = sessionUrl(login.url);
  const auth = `Basic ${Buffer.from(`${login.username}:${login.password}`).toString("base64")}`;
  const where = base.host;
  const request = async (url: URL, init: RequestInit = {}): Promise<Response> => {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string>), authorization: auth },
        signal: init.signal ?? AbortSignal.timeout(30_000),
      });
    } catch (e) {
      if ((e as Error).name === "AbortError" && init.signal?.aborted) throw e;
      const code = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
      throw new AccountError("unreachable", `cannot reach ${where} (${code})`);
    }
    if (res.status === 401 || res.status === 403)
      throw new AccountError(
        "auth_failed",
        `${where} refused the user name or password for ${login.username}`,
      );
    return res;
  };
  const sameOrigin = (raw: string): URL => {
    const u = new URL(raw, base);
    if (u.origin !== base.origin)
      throw new AccountError("protocol", `${where} named a URL on another server (${u.origin}): refused`);
    return u;
  };
  // The well-known URL redirects (Cyrus: to /jmap/); followed by hand, on the same origin only.
  let url = base;
  let res = await request(url);
  for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 3; hops++) {
    url = sameOrigin(res.headers.get("location") ?? "");
    res = await request(url);
  }
  if (!res.ok) throw new AccountError("protocol", `${where} answered ${res.status} for the JMAP session`);
  const parsed = Session.safeParse(await res.json().catch(() => null));
  if (!parsed.success)
    throw new AccountError("protocol", `${where} did not answer with a JMAP session (${url.pathname})`);
  const session = parsed.data;
  const accountId =
    session.primaryAccounts?.[MAIL] ??
    Object.entries(session.accounts).find(([, a]) => MAIL in a.accountCapabilities)?.[0];
  if (!accountId)
    throw new AccountError("protocol", `${where} offers no JMAP mail account to ${login.username}`);
  const apiUrl = sameOrigin(session.apiUrl);

  return {
    accountId,
    host: where,
    /** Runs method calls in one request; a method error throws `JmapMethodError`. */
    async call<T = Record<string, unknown>>(calls: [string, Record<string, unknown>][]): Promise<T[]> {
      const body = JSON.stringify({
        using: USING,
        methodCalls: calls.map(([name, args], i) => [name, { accountId, ...args }, String(i)]),
      });
      const r = await request(apiUrl, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body,
      });
      const { bytes, truncated } = await readCapped(r, MAX_RESPONSE_BYTES);
      if (!r.ok || truncated)
        throw new AccountError(
          "protocol",
          `${where} answered ${r.status}${truncated ? " with more than 16 MB" : ""} to a JMAP request`,
        );
      const out = z
        .object({
          methodResponses: z.array(z.tuple([z.string(), z.record(z.string(), z.unknown()), z.string()])),
        })
        .safeParse(JSON.parse(Buffer.from(bytes).toString("utf8")));
      if (!out.success) throw new AccountError("protocol", `${where} sent a malformed JMAP response`);
      return out.data.methodResponses.map(([name, args]) => {
        if (name === "error") throw new JmapMethodError(String(args.type), args.description as string);
        return args as T;
      });
    },
    /** A message's raw RFC 5322 source, cut at `maxBytes` (enough for triage, never a 35 MB attachment). */
    async download(blobId: string, maxBytes: number): Promise<string> {
      const u = sameOrigin(
        session.downloadUrl
          .replace("{accountId}", encodeURIComponent(accountId))
          .replace("{blobId}", encodeURIComponent(blobId))
          .replace("{name}", "message.eml")
          .replace("{type}", encodeURIComponent("message/rfc822")),
      );
      const r = await request(u);
      if (!r.ok) throw new AccountError("protocol", `${where} answered ${r.status} for a message's source`);
      return Buffer.from((await readCapped(r, maxBytes)).bytes).toString("utf8");
    },
    /**
     * Push (RFC 8620 §7.3): yields `state` and `ping` events until the stream ends or `signal`
     * aborts. Null when the server offers no push (no URL, or 204 as Debian's Cyrus built without
     * WebSockets answers): the caller polls `Email/changes` instead.
     */
    async events(
      types: string[],
      signal: AbortSignal,
      pingSeconds = 30,
    ): Promise<AsyncIterable<PushEvent> | null> {
      if (!session.eventSourceUrl) return null;
      const u = sameOrigin(
        session.eventSourceUrl
          .replace("{types}", types.join(","))
          .replace("{closeafter}", "no")
          .replace("{ping}", String(pingSeconds)),
      );
      // The stream itself may stay open for hours; its answer must come within 30 s.
      const local = new AbortController();
      const onAbort = () => local.abort();
      signal.addEventListener("abort", onAbort, { once: true });
      const timer = setTimeout(onAbort, 30_000);
      let r: Response;
      try {
        r = await request(u, { headers: { accept: "text/event-stream" }, signal: local.signal });
      } catch (e) {
        if (local.signal.aborted && !signal.aborted)
          throw new AccountError("unreachable", `${where} did not answer the push request`);
        throw e;
      } finally {
        clearTimeout(timer);
      }
      if (
        r.status === 204 ||
        !r.ok ||
        !(r.headers.get("content-type") ?? "").startsWith("text/event-stream")
      ) {
        await r.body?.cancel().catch(() => {});
        return null;
      }
      // A server asked to ping every `pingSeconds` that sends nothing for three of them is gone
      // (a half-open connection never ends by itself): the stream ends with an error and the
      // watcher reconnects.
      return sseEvents(r, local.signal, {
        silentMs: Math.max(3 * pingSeconds, 3) * 1000,
        onSilent: () =>
          new AccountError(
            "unreachable",
            `${where} sent nothing on the push stream for ${3 * pingSeconds} s`,
          ),
      });
    },
  };
}
export type JmapSession = Awaited<ReturnType<typeof openJmap>>;

async function* sseEvents(
  res: Response,
  signal: AbortSignal,
  watch: { silentMs: number; onSilent: () => Error },
): AsyncIterable<PushEvent> {
  const queue: PushEvent[] = [];
  const parser = createParser({
    onEvent(e) {
      if (e.event === "ping") queue.push({ type: "ping" });
      else if (e.event === "state" || e.event === undefined) {
        try {
          const data = JSON.parse(e.data) as { changed?: Record<string, Record<string, string>> };
          queue.push({ type: "state", changed: data.changed ?? {} });
        } catch {}
      }
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!signal.aborted) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silent = new Promise<"silent">((resolve) => {
        timer = setTimeout(() => resolve("silent"), watch.silentMs);
      });
      const next = await Promise.race([reader.read(), silent]).finally(() => clearTimeout(timer));
      if (next === "silent") throw watch.onSilent();
      const { done, value } = next;
      if (done) return;
      parser.feed(value);
      while (queue.length) yield queue.shift()!;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
