import { json } from "../handler.ts";
import { classify, type GmailCall, serveCall, UNITS } from "./api.ts";
import { boundaryOf, buildBatchResponse, parseBatchRequest } from "./batch.ts";
import { createFaultInjector, error } from "./faults.ts";
import { Mailbox } from "./mailbox.ts";
import { createQuotaLedger } from "./quota.ts";

export type { FaultKind, FaultPlan } from "./faults.ts";
export { rfc822 } from "./mime.ts";

export interface FakeGmailOptions {
  clock?: { now(): number };
  random?: () => number;
  /** Per-user limit the fake enforces (Google: 15,000 units/user/minute). */
  unitsPerMinute?: number;
  /** Highest number of calls in one batch request (Google: 100). */
  maxBatch?: number;
}

/**
 * The Gmail REST API (users.watch/stop, history.list, messages.list/get/modify/trash/untrash,
 * batchModify, getProfile, drafts.create/get/delete, labels.list/create, settings.sendAs.list (scope-checked:
 * 403 insufficientPermissions without one of its documented scopes), `/batch/gmail/v1`), faked per Google's
 * documented behaviour: bearer auth, 404 for expired history, per-user quota in units per rolling
 * minute, injectable faults. Drafts are stored per user (`mailbox(email).drafts`); an unknown
 * draft or thread is 404. Labels are ids, as in Gmail: modify with an id the account does not
 * have is a 400, a duplicate label name (any case) a 409. messages.send/drafts.send are served too, only so tests can prove that
 * nothing calls them (`mailbox(email).sent`, `calls`).
 * @example
 * const gmail = createFakeGmail();
 * const token = gmail.addAccount("me@example.com");
 * gmail.addMessage("me@example.com", { raw: rfc822({ from: "a@b.test", subject: "Hi", body: "x" }) });
 * const fetch = toFetch(gmail.handler);
 */
export function createFakeGmail(opts: FakeGmailOptions = {}) {
  const clock = opts.clock ?? { now: () => Date.now() };
  const quota = createQuotaLedger(opts.unitsPerMinute);
  const faults = createFaultInjector(opts.random);
  const boxes = new Map<string, Mailbox>();
  const tokens = new Map<string, string>();
  // `query` is the call's query string, so a test can check what a caller asked for (format, fields).
  const calls: Array<{ user: string; call: GmailCall; status: number; at: number; query: string }> = [];
  const maxBatch = opts.maxBatch ?? 100;
  let batchRequests = 0;

  function box(email: string): Mailbox {
    const b = boxes.get(email.toLowerCase());
    if (!b) throw new Error(`fake Gmail has no account ${email}`);
    return b;
  }

  async function one(email: string, method: string, url: URL, body: string): Promise<Response> {
    const call = classify(method, url.pathname);
    if (!call)
      return json(error(404, "notFound", `Unknown method ${method} ${url.pathname}`, "NOT_FOUND"), 404);
    const userSeg = /^\/gmail\/v1\/users\/([^/]+)/.exec(url.pathname)?.[1];
    if (userSeg !== "me" && decodeURIComponent(userSeg ?? "") !== email) {
      return json(error(403, "forbidden", "Delegation denied", "PERMISSION_DENIED"), 403);
    }
    const fault = faults.maybe();
    const now = clock.now();
    let res: Response;
    if (fault) res = fault;
    else if (!quota.spend(email, UNITS[call], now)) {
      res = json(error(429, "rateLimitExceeded", "User-rate limit exceeded", "RESOURCE_EXHAUSTED"), 429, {
        "retry-after": "10",
      });
    } else res = await serveCall(box(email), call, url, body, now);
    calls.push({ user: email, call, status: res.status, at: now, query: url.search });
    return res;
  }

  function userFor(req: Request | Headers): string | null {
    const auth = (req instanceof Headers ? req : req.headers).get("authorization") ?? "";
    const m = /^Bearer (\S+)$/.exec(auth);
    return m ? (tokens.get(m[1]!) ?? null) : null;
  }

  const unauthorized = () =>
    json(error(401, "authError", "Request had invalid authentication credentials.", "UNAUTHENTICATED"), 401, {
      "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    });

  async function handler(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const email = userFor(req);
    if (url.pathname === "/batch/gmail/v1" && req.method === "POST") {
      batchRequests++;
      const boundary = boundaryOf(req.headers.get("content-type"));
      const parts = boundary ? parseBatchRequest(await req.text(), boundary) : null;
      if (!parts) return json(error(400, "badRequest", "Invalid multipart batch", "INVALID_ARGUMENT"), 400);
      if (parts.length > maxBatch) {
        return json(
          error(400, "badRequest", `Too many requests in batch (max ${maxBatch})`, "INVALID_ARGUMENT"),
          400,
        );
      }
      const answered = [];
      for (const part of parts) {
        const inner = new URL(part.path, url.origin);
        const who = userFor(part.headers) ?? email;
        const response = who ? await one(who, part.method, inner, part.body) : unauthorized();
        answered.push({ contentId: part.contentId, response });
      }
      return buildBatchResponse(answered);
    }
    if (!url.pathname.startsWith("/gmail/v1/users/"))
      return json(error(404, "notFound", "Not Found", "NOT_FOUND"), 404);
    if (!email) return unauthorized();
    return one(email, req.method, url, req.method === "GET" ? "" : await req.text());
  }

  return {
    handler,
    quota,
    faults,
    calls,
    get batchRequests() {
      return batchRequests;
    },
    /** Creates an account and returns a valid access token for it. */
    addAccount(email: string, init: { startHistoryId?: bigint | string } = {}): string {
      const key = email.toLowerCase();
      if (!boxes.has(key)) boxes.set(key, new Mailbox(key, BigInt(init.startHistoryId ?? 1000)));
      return this.issueToken(key);
    },
    issueToken(email: string, token = `ya29.fake-${crypto.randomUUID()}`): string {
      tokens.set(token, email.toLowerCase());
      return token;
    },
    revokeToken(token: string) {
      tokens.delete(token);
    },
    mailbox: box,
    /** Delivers a message (advances historyId, records messagesAdded). */
    addMessage(
      email: string,
      input: { raw: string; labels?: string[]; threadId?: string; internalDate?: number },
    ) {
      const msg = box(email).add({ internalDate: clock.now(), ...input });
      return { id: msg.id, threadId: msg.threadId, historyId: msg.historyId.toString() };
    },
    /** A user label the person made in Gmail; returns its id. */
    addLabel(email: string, name: string): string {
      const made = box(email).createLabel(name);
      if (typeof made === "string") throw new Error(`fake Gmail refuses label ${name}: ${made}`);
      return made.id;
    },
    /** Label names on a message, sorted (system labels by id): what the person sees in Gmail. */
    labelNames(email: string, id: string): string[] {
      const b = box(email);
      return [...(b.messages.get(id)?.labelIds ?? [])].map((l) => b.labels.get(l)?.name ?? l).sort();
    },
    /** A label change made by the person in Gmail (recorded in history). */
    modifyLabels(email: string, id: string, add: string[], remove: string[]) {
      box(email).modify(id, add, remove);
    },
    deleteMessage(email: string, id: string) {
      box(email).delete(id);
    },
    expireHistory(email: string) {
      box(email).expireHistory();
    },
    historyId: (email: string) => box(email).historyId.toString(),
    /** A custom "from" alias (users.settings.sendAs.create; pending until the person verifies it). */
    addSendAs(email: string, alias: string, verificationStatus: "accepted" | "pending" = "accepted") {
      box(email).sendAs.push({
        sendAsEmail: alias,
        displayName: "",
        isPrimary: false,
        isDefault: false,
        treatAsAlias: true,
        verificationStatus,
      });
    },
    /** What the person granted at consent: every token of the account carries these scopes. */
    grantScopes(email: string, scopes: string[]) {
      box(email).scopes = [...scopes];
    },
  };
}

export type FakeGmail = ReturnType<typeof createFakeGmail>;
