import { json } from "./handler.ts";

export interface FakeSlackMessage {
  type: "message";
  user?: string;
  bot_id?: string;
  subtype?: string;
  text: string;
  ts: string;
  thread_ts?: string;
  reply_count?: number;
  /** The sender's own message id, echoed on the message as Slack does. */
  client_msg_id?: string;
}

interface Channel {
  id: string;
  name: string;
  kind: "channel" | "group" | "im" | "mpim";
  isArchived: boolean;
  members: string[];
  messages: FakeSlackMessage[];
  lastPostAt: number;
}

export interface FakeSlackOptions {
  teamId?: string;
  teamName?: string;
  clientId?: string;
  clientSecret?: string;
  clock?: { now(): number };
  /** Enterprise Grid: the org id events carry in `enterprise_id` and installs name in `enterprise`. */
  enterpriseId?: string;
}

/**
 * The Slack Web API, faked: auth.test, conversations.history/replies/info, chat.postMessage
 * (~1 message/s per channel, else 429 + Retry-After), oauth.v2.access. Errors are HTTP 200 with
 * `{ok:false, error}` as Slack does; params come as query, form or JSON body.
 * @example
 * const slack = createFakeSlack();
 * slack.addChannel({ id: "C1", name: "general" });
 * const ts = slack.addMessage("C1", { user: "U1", text: "hello" });
 */
export function createFakeSlack(opts: FakeSlackOptions = {}) {
  const clock = opts.clock ?? { now: () => Date.now() };
  const teamId = opts.teamId ?? "T0FAKE";
  const botToken = `xoxb-fake-${crypto.randomUUID()}`;
  const tokens = new Set([botToken]);
  const channels = new Map<string, Channel>();
  /** Authorization code → the person (authed_user.id) who approved the install. */
  const codes = new Map<string, string>();
  /** Channel → a Slack error its reads answer instead (e.g. `no_permission`), for that channel only. */
  const denied = new Map<string, string>();
  const calls: Array<{ method: string; ok: boolean }> = [];
  let tsCounter = 0;

  function nextTs(): string {
    const sec = Math.floor(clock.now() / 1000);
    return `${sec}.${String(++tsCounter).padStart(6, "0")}`;
  }

  async function params(req: Request, url: URL): Promise<Record<string, string>> {
    const out: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method !== "POST") return out;
    const text = await req.text();
    if ((req.headers.get("content-type") ?? "").includes("application/json")) {
      for (const [k, v] of Object.entries(JSON.parse(text || "{}") as Record<string, unknown>)) {
        out[k] = typeof v === "string" ? v : JSON.stringify(v);
      }
    } else for (const [k, v] of new URLSearchParams(text)) out[k] = v;
    return out;
  }

  const fail = (error: string) => json({ ok: false, error });

  function history(c: Channel, p: Record<string, string>) {
    const inclusive = p.inclusive === "true" || p.inclusive === "1";
    const limit = Math.min(Number(p.limit ?? 100), 999);
    const latest = p.latest ? Number(p.latest) : Number.POSITIVE_INFINITY;
    const oldest = p.oldest ? Number(p.oldest) : 0;
    const inRange = c.messages
      .filter((m) => !m.thread_ts || m.thread_ts === m.ts)
      .filter((m) => (inclusive ? Number(m.ts) <= latest : Number(m.ts) < latest))
      .filter((m) => (inclusive ? Number(m.ts) >= oldest : Number(m.ts) > oldest))
      .sort((a, b) => Number(b.ts) - Number(a.ts));
    return json({ ok: true, messages: inRange.slice(0, limit), has_more: inRange.length > limit });
  }

  /** conversations.list with cursor paging over `limit`-sized pages. */
  function listConversations(p: Record<string, string>): Response {
    const types = (p.types ?? "public_channel").split(",");
    const typeOf = (c: Channel) =>
      c.kind === "channel" ? "public_channel" : c.kind === "group" ? "private_channel" : c.kind;
    const all = [...channels.values()]
      .filter((c) => types.includes(typeOf(c)))
      .filter((c) => p.exclude_archived !== "true" || !c.isArchived);
    const limit = Math.min(Number(p.limit ?? 100), 1000);
    const offset = Number(p.cursor ? atob(p.cursor) : 0);
    const page = all.slice(offset, offset + limit).map((c) => ({
      id: c.id,
      ...(c.kind === "im"
        ? { is_im: true, user: c.members[0] }
        : { name: c.name, num_members: c.members.length }),
      is_channel: c.kind === "channel",
      is_group: c.kind === "group",
      is_mpim: c.kind === "mpim",
      is_private: c.kind !== "channel",
      is_archived: c.isArchived,
    }));
    const next = offset + limit < all.length ? btoa(String(offset + limit)) : "";
    return json({ ok: true, channels: page, response_metadata: { next_cursor: next } });
  }

  const faults: Array<"429" | "500"> = [];

  async function handler(req: Request): Promise<Response> {
    const fault = faults.shift();
    if (fault === "429") {
      return new Response(JSON.stringify({ ok: false, error: "ratelimited" }), {
        status: 429,
        headers: { "retry-after": "3", "content-type": "application/json" },
      });
    }
    if (fault === "500") return new Response("upstream error", { status: 500 });
    const url = new URL(req.url);
    const method = url.pathname.replace(/^.*\/api\//, "");
    const p = await params(req, url);
    const token = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "") || p.token;
    const res = await dispatch(method, p, token ?? "");
    calls.push({ method, ok: res.status === 200 });
    return res;
  }

  async function dispatch(method: string, p: Record<string, string>, token: string): Promise<Response> {
    if (method === "oauth.v2.access") {
      if (
        p.client_id !== (opts.clientId ?? "fake-client") ||
        p.client_secret !== (opts.clientSecret ?? "fake-secret")
      ) {
        return fail("invalid_client_id");
      }
      const person = codes.get(p.code ?? "");
      if (!p.code || !person) return fail("invalid_code");
      codes.delete(p.code);
      return json({
        ok: true,
        access_token: botToken,
        token_type: "bot",
        scope: "channels:history,chat:write",
        bot_user_id: "UBOT",
        app_id: "AFAKE",
        team: { id: teamId, name: opts.teamName ?? "Fake Team" },
        ...(opts.enterpriseId ? { enterprise: { id: opts.enterpriseId, name: "Fake Org" } } : {}),
        authed_user: { id: person },
      });
    }
    if (!token) return fail("not_authed");
    if (!tokens.has(token)) return fail("invalid_auth");
    if (method === "auth.test") {
      return json({
        ok: true,
        url: "https://fake.slack.com/",
        team: opts.teamName ?? "Fake Team",
        user: "scouts",
        team_id: teamId,
        user_id: "UBOT",
        bot_id: "BBOT",
      });
    }
    if (method === "conversations.list") return listConversations(p);
    const c = channels.get(p.channel ?? "");
    if (!c) return fail("channel_not_found");
    const deniedWith = denied.get(c.id);
    if (deniedWith && method !== "chat.postMessage") return fail(deniedWith);
    switch (method) {
      case "conversations.members": {
        // Documented shape: member ids, paginated by cursor (limit ≤ 1000).
        const offset = p.cursor ? Number(atob(p.cursor)) : 0;
        const limit = Math.min(Number(p.limit ?? 100), 1000);
        const page = c.members.slice(offset, offset + limit);
        const next = offset + limit < c.members.length ? btoa(String(offset + limit)) : "";
        return json({ ok: true, members: page, response_metadata: { next_cursor: next } });
      }
      case "conversations.history":
        return history(c, p);
      case "conversations.replies": {
        const thread = c.messages
          .filter((m) => m.ts === p.ts || m.thread_ts === p.ts)
          .sort((a, b) => Number(a.ts) - Number(b.ts));
        if (!thread.length) return fail("thread_not_found");
        // Like Slack: the parent always comes first, then replies inside the window, up to `limit`.
        const inclusive = p.inclusive === "true" || p.inclusive === "1";
        const inWindow = (m: FakeSlackMessage) =>
          (!p.oldest || (inclusive ? Number(m.ts) >= Number(p.oldest) : Number(m.ts) > Number(p.oldest))) &&
          (!p.latest || (inclusive ? Number(m.ts) <= Number(p.latest) : Number(m.ts) < Number(p.latest)));
        const replies = thread.slice(1).filter(inWindow);
        const limit = Math.min(Number(p.limit ?? 1000), 1000);
        const messages = [thread[0]!, ...replies].slice(0, limit);
        return json({ ok: true, messages, has_more: 1 + replies.length > limit });
      }
      case "conversations.info":
        return json({
          ok: true,
          channel: {
            id: c.id,
            name: c.name,
            is_channel: c.kind === "channel",
            is_group: c.kind === "group",
            is_im: c.kind === "im",
            is_mpim: c.kind === "mpim",
            is_private: c.kind !== "channel",
            is_archived: c.isArchived,
            num_members: c.members.length,
          },
        });
      case "chat.postMessage": {
        if (clock.now() - c.lastPostAt < 1000) {
          return new Response(JSON.stringify({ ok: false, error: "ratelimited" }), {
            status: 429,
            headers: { "retry-after": "1", "content-type": "application/json" },
          });
        }
        if (c.isArchived) return fail("is_archived");
        c.lastPostAt = clock.now();
        const message: FakeSlackMessage = {
          type: "message",
          bot_id: "BBOT",
          text: p.text ?? "",
          ts: nextTs(),
        };
        if (p.thread_ts) message.thread_ts = p.thread_ts;
        if (p.client_msg_id) message.client_msg_id = p.client_msg_id;
        c.messages.push(message);
        return json({ ok: true, channel: c.id, ts: message.ts, message });
      }
      default:
        return fail("unknown_method");
    }
  }

  return {
    handler,
    botToken,
    teamId,
    calls,
    /** The next `count` calls fail with 429 (Retry-After: 3) or 500, whatever the method. */
    failNext(count: number, kind: "429" | "500") {
      for (let i = 0; i < count; i++) faults.push(kind);
    },
    revokeAll() {
      tokens.clear();
    },
    /** An authorization code approved by `person` (the install's `authed_user`). */
    oauthCode(person = "U0PERSON"): string {
      const code = `fake-code-${crypto.randomUUID()}`;
      codes.set(code, person);
      return code;
    },
    /** Reads of `channel` answer `error` (e.g. `no_permission`, `not_in_channel`) from now on. */
    denyChannel(channel: string, error: string) {
      denied.set(channel, error);
    },
    /** Calls made to `method` so far. */
    callsTo(method: string): number {
      return calls.filter((x) => x.method === method).length;
    },
    addChannel(c: {
      id: string;
      name: string;
      kind?: Channel["kind"];
      members?: string[];
      archived?: boolean;
    }) {
      channels.set(c.id, {
        id: c.id,
        name: c.name,
        kind: c.kind ?? "channel",
        isArchived: c.archived ?? false,
        members: c.members ?? ["U1", "U2"],
        messages: [],
        lastPostAt: 0,
      });
    },
    /** A person posts; returns the message ts. */
    addMessage(
      channel: string,
      m: { user: string; text: string; thread_ts?: string; subtype?: string },
    ): string {
      const c = channels.get(channel);
      if (!c) throw new Error(`fake Slack has no channel ${channel}`);
      const ts = nextTs();
      c.messages.push({ type: "message", ...m, ts });
      return ts;
    },
    /** The Events API `event_callback` Slack would POST for a message. */
    eventCallback(channel: string, ts: string, over: Record<string, unknown> = {}) {
      const c = channels.get(channel);
      const m = c?.messages.find((x) => x.ts === ts);
      if (!c || !m) throw new Error(`no message ${channel}:${ts}`);
      const channel_type = c.kind === "channel" ? "channel" : c.kind;
      return {
        token: "deprecated-verification-token",
        team_id: teamId,
        api_app_id: "AFAKE",
        event: { ...m, channel, channel_type, event_ts: ts, ...over },
        type: "event_callback",
        ...(opts.enterpriseId
          ? { enterprise_id: opts.enterpriseId, context_enterprise_id: opts.enterpriseId }
          : {}),
        // Unique like Slack's: per app and event, whatever the channel or fake instance.
        event_id: `Ev${channel}${ts.replace(".", "")}${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
        event_time: Math.floor(Number(ts)),
        authorizations: [
          {
            team_id: teamId,
            user_id: "UBOT",
            is_bot: true,
            ...(opts.enterpriseId ? { enterprise_id: opts.enterpriseId } : {}),
          },
        ],
      };
    },
  };
}

export type FakeSlack = ReturnType<typeof createFakeSlack>;
