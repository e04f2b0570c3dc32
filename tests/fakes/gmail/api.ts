import { json } from "../handler.ts";
import { error } from "./faults.ts";
import type { HistoryRecord, Mailbox, StoredDraft, StoredMessage } from "./mailbox.ts";
import { base64url, fromBase64url, snippetOf, splitMessage } from "./mime.ts";
import { firstText, fullPayload } from "./parts.ts";

/** Units per Gmail method (REFERENCE), charged by the fake per call, batch parts included. */
export const UNITS = {
  profile: 1,
  history: 2,
  list: 5,
  get: 5,
  modify: 5,
  trash: 5,
  untrash: 5,
  batchModify: 50,
  watch: 100,
  stop: 1,
  draftCreate: 10,
  draftGet: 5,
  draftDelete: 10,
  send: 100,
  draftSend: 100,
  labelsList: 1,
  labelsCreate: 5,
  threadGet: 10,
  sendAsList: 1,
} as const;

/** Scopes Google documents for users.settings.sendAs.list (any one of them). */
export const SEND_AS_LIST_SCOPES = [
  "https://www.googleapis.com/auth/gmail.settings.basic",
  "https://mail.google.com/",
  "https://www.googleapis.com/auth/gmail.modify",
  "https://www.googleapis.com/auth/gmail.readonly",
];

export type GmailCall = keyof typeof UNITS;

const notFound = () => json(error(404, "notFound", "Requested entity was not found.", "NOT_FOUND"), 404);
const badRequest = (message: string) => json(error(400, "invalidArgument", message, "INVALID_ARGUMENT"), 400);

/** Which method a path is, so quota can be charged before it runs. */
export function classify(method: string, path: string): GmailCall | null {
  const p = path.replace(/^\/gmail\/v1\/users\/[^/]+/, "");
  if (method === "GET" && p === "/profile") return "profile";
  if (method === "GET" && p === "/history") return "history";
  if (method === "GET" && p === "/messages") return "list";
  if (method === "GET" && /^\/messages\/[^/]+$/.test(p)) return "get";
  if (method === "POST" && /^\/messages\/[^/]+\/modify$/.test(p)) return "modify";
  if (method === "POST" && /^\/messages\/[^/]+\/trash$/.test(p)) return "trash";
  if (method === "POST" && /^\/messages\/[^/]+\/untrash$/.test(p)) return "untrash";
  if (method === "POST" && p === "/messages/batchModify") return "batchModify";
  if (method === "POST" && p === "/watch") return "watch";
  if (method === "POST" && p === "/stop") return "stop";
  if (method === "POST" && p === "/drafts") return "draftCreate";
  if (method === "POST" && p === "/drafts/send") return "draftSend";
  if (method === "GET" && /^\/drafts\/[^/]+$/.test(p)) return "draftGet";
  if (method === "DELETE" && /^\/drafts\/[^/]+$/.test(p)) return "draftDelete";
  if (method === "POST" && p === "/messages/send") return "send";
  if (method === "GET" && p === "/labels") return "labelsList";
  if (method === "GET" && /^\/threads\/[^/]+$/.test(p)) return "threadGet";
  if (method === "POST" && p === "/labels") return "labelsCreate";
  if (method === "GET" && p === "/settings/sendAs") return "sendAsList";
  return null;
}

function resource(msg: StoredMessage, format: string, metadataHeaders: string[]) {
  const base = {
    id: msg.id,
    threadId: msg.threadId,
    labelIds: [...msg.labelIds],
    historyId: msg.historyId.toString(),
    internalDate: String(msg.internalDate),
    sizeEstimate: msg.raw.length,
  };
  const { headers, body } = splitMessage(msg.raw);
  const multipart = /^multipart\//i.test(headers.find((h) => /^content-type$/i.test(h.name))?.value ?? "");
  const tree = format === "full" || multipart ? fullPayload(msg.raw) : undefined;
  // Gmail draws the snippet from the message's text, never from MIME boundaries or attachments.
  const snippet = snippetOf(multipart && tree ? (firstText(tree) ?? "") : body);
  if (format === "minimal") return base;
  if (format === "raw") return { ...base, snippet, raw: base64url(msg.raw) };
  if (format === "full" && tree) return { ...base, snippet, payload: tree };
  const wanted = metadataHeaders.map((h) => h.toLowerCase());
  const shown =
    format === "metadata" && wanted.length
      ? headers.filter((h) => wanted.includes(h.name.toLowerCase()))
      : headers;
  const payload: Record<string, unknown> = {
    partId: "",
    mimeType: tree?.mimeType ?? "text/plain",
    filename: "",
    headers: shown,
  };
  return { ...base, snippet, payload };
}

/**
 * Google's `fields` system parameter (partial response), for top-level fields only: the
 * resource keeps just the fields listed, e.g. `fields=id,labelIds`. Nested selectors are refused
 * rather than served wrong.
 */
function partial(res: Record<string, unknown>, url: URL): Record<string, unknown> | Response {
  const fields = url.searchParams.get("fields");
  if (fields === null) return res;
  const names = fields.split(",").map((f) => f.trim());
  if (names.some((n) => !/^[A-Za-z]+$/.test(n)))
    return badRequest(`fake Gmail serves top-level fields only, got ${fields}`);
  return Object.fromEntries(Object.entries(res).filter(([k]) => names.includes(k)));
}

/** history.list's `historyTypes` values and the record fields they select. */
const HISTORY_TYPE_FIELDS: Record<string, keyof HistoryRecord> = {
  messageAdded: "messagesAdded",
  messageDeleted: "messagesDeleted",
  labelAdded: "labelsAdded",
  labelRemoved: "labelsRemoved",
};

function historyPage(box: Mailbox, url: URL): Response {
  const start = url.searchParams.get("startHistoryId");
  if (!start || !/^\d+$/.test(start) || BigInt(start) === 0n) return badRequest("Invalid startHistoryId");
  const startId = BigInt(start);
  if (startId < box.oldestHistoryId) return notFound();
  const max = Math.min(Number(url.searchParams.get("maxResults") ?? 100), 500);
  const types = url.searchParams.getAll("historyTypes");
  const labelId = url.searchParams.get("labelId");
  const offset = Number(url.searchParams.get("pageToken") ?? 0);
  const matches = box.history.filter(
    (r) =>
      r.id > startId &&
      (!types.length || types.some((t) => r[HISTORY_TYPE_FIELDS[t] ?? "messages"] !== undefined)) &&
      (!labelId || r.messages.some((m) => m.labelIds?.includes(labelId) ?? true)),
  );
  const page = matches.slice(offset, offset + max).map((r: HistoryRecord) => ({ ...r, id: r.id.toString() }));
  const next = offset + max < matches.length ? String(offset + max) : undefined;
  return json({
    history: page.length ? page : undefined,
    nextPageToken: next,
    historyId: box.historyId.toString(),
  });
}

function listPage(box: Mailbox, url: URL): Response {
  const max = Math.min(Number(url.searchParams.get("maxResults") ?? 100), 500);
  const labelIds = url.searchParams.getAll("labelIds");
  const includeSpamTrash = url.searchParams.get("includeSpamTrash") === "true";
  const offset = Number(url.searchParams.get("pageToken") ?? 0);
  const q = url.searchParams.get("q");
  const search = q === null ? null : searchFilter(q);
  if (search === undefined)
    return json(
      error(400, "invalidArgument", "Invalid query (the fake models in:, to: only)", "INVALID_ARGUMENT"),
      400,
    );
  const all = [...box.messages.values()]
    .filter((m) => includeSpamTrash || (!m.labelIds.has("TRASH") && !m.labelIds.has("SPAM")))
    .filter((m) => labelIds.every((l) => m.labelIds.has(l)))
    .filter((m) => search === null || search(m))
    .sort((a, b) => b.internalDate - a.internalDate || (b.historyId > a.historyId ? 1 : -1));
  const page = all.slice(offset, offset + max).map((m) => ({ id: m.id, threadId: m.threadId }));
  const next = offset + max < all.length ? String(offset + max) : undefined;
  return json({
    messages: page.length ? page : undefined,
    nextPageToken: next,
    resultSizeEstimate: all.length,
  });
}

const IN_LABELS: Record<string, string> = {
  sent: "SENT",
  inbox: "INBOX",
  spam: "SPAM",
  trash: "TRASH",
  draft: "DRAFT",
};

/**
 * `q` as Gmail's search reads the operators the pipeline uses: `in:<place>` (the system
 * label), `to:<address>` or `to:"<address>"` (a recipient in To, Cc or Bcc, case-insensitive),
 * and `after:<epoch seconds>` (the message's internalDate),
 * terms ANDed. `in:sent` also reaches SENT mail Gmail keeps outside INBOX. Anything else (OR, `{}`,
 * `-`, other operators, free words) is refused with a 400 so a query the fake does not model
 * fails loudly instead of matching wrongly. Undefined: refused.
 */
type Searched = { labelIds: Set<string>; raw: string; internalDate: number };

function searchFilter(q: string): ((m: Searched) => boolean) | undefined {
  const terms = q.trim().match(/\S+:"[^"]*"|\S+/g) ?? [];
  const tests: Array<(m: Searched) => boolean> = [];
  for (const term of terms) {
    const after = /^after:(\d{1,12})$/i.exec(term);
    if (after) {
      // Epoch seconds (Gmail's guide: "pass the value in seconds"): whole seconds strictly after.
      const at = Number(after[1]);
      tests.push((m) => Math.floor(m.internalDate / 1000) > at);
      continue;
    }
    const inPlace = /^in:([a-z]+)$/i.exec(term);
    const to = /^to:(?:"([^"\s]+@[^"\s]+)"|([^"\s(){}:]+@[^"\s(){}:]+))$/i.exec(term);
    if (inPlace && IN_LABELS[inPlace[1]!.toLowerCase()]) {
      const label = IN_LABELS[inPlace[1]!.toLowerCase()]!;
      tests.push((m) => m.labelIds.has(label));
    } else if (to) {
      const address = (to[1] ?? to[2]!).toLowerCase();
      tests.push((m) => recipientsOf(m.raw).includes(address));
    } else return undefined;
  }
  return (m) => tests.every((t) => t(m));
}

function recipientsOf(raw: string): string[] {
  const { headers } = splitMessage(raw);
  return headers
    .filter((h) => /^(to|cc|bcc)$/i.test(h.name))
    .flatMap((h) => h.value.match(/[^\s<>",;]+@[^\s<>",;]+/g) ?? [])
    .map((a) => a.toLowerCase());
}

/** Serves one Gmail REST call against `box` (quota and faults are the caller's job). */
export async function serveCall(
  box: Mailbox,
  call: GmailCall,
  url: URL,
  body: string,
  now: number,
): Promise<Response> {
  const p = url.pathname.replace(/^\/gmail\/v1\/users\/[^/]+/, "");
  const id = /^\/messages\/([^/]+)/.exec(p)?.[1];
  const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  switch (call) {
    case "profile":
      return json({
        emailAddress: box.email,
        messagesTotal: box.messages.size,
        threadsTotal: box.messages.size,
        historyId: box.historyId.toString(),
      });
    case "history":
      return historyPage(box, url);
    case "sendAsList":
      if (!box.scopes.some((s) => SEND_AS_LIST_SCOPES.includes(s)))
        return json(
          {
            error: {
              code: 403,
              message: "Request had insufficient authentication scopes.",
              errors: [
                { message: "Insufficient Permission", domain: "global", reason: "insufficientPermissions" },
              ],
              status: "PERMISSION_DENIED",
              details: [
                {
                  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                  reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
                  domain: "googleapis.com",
                },
              ],
            },
          },
          403,
        );
      return json({ sendAs: box.sendAs.map((a) => ({ ...a })) });
    case "list":
      return listPage(box, url);
    case "get": {
      const msg = box.messages.get(id!);
      if (!msg) return notFound();
      const format = url.searchParams.get("format") ?? "full";
      if (!["full", "metadata", "minimal", "raw"].includes(format))
        return badRequest(`Invalid format ${format}`);
      const shown = partial(resource(msg, format, url.searchParams.getAll("metadataHeaders")), url);
      return shown instanceof Response ? shown : json(shown);
    }
    case "threadGet": {
      // users.threads.get: the thread's messages oldest first, in the asked format.
      const threadId = decodeURIComponent(/^\/threads\/([^/]+)/.exec(p)?.[1] ?? "");
      const format = url.searchParams.get("format") ?? "full";
      if (!["full", "metadata", "minimal"].includes(format)) return badRequest(`Invalid format ${format}`);
      const messages = [...box.messages.values()]
        .filter((m) => m.threadId === threadId)
        .sort((a, b) => a.internalDate - b.internalDate);
      if (!messages.length) return notFound();
      const headers = url.searchParams.getAll("metadataHeaders");
      return json({
        id: threadId,
        historyId: box.historyId.toString(),
        messages: messages.map((m) => resource(m, format, headers)),
      });
    }
    case "modify": {
      const add = (parsed.addLabelIds as string[]) ?? [];
      const remove = (parsed.removeLabelIds as string[]) ?? [];
      // Gmail takes label ids only: a name, or an id of a deleted label, is a 400.
      const unknown = box.unknownLabel([...add, ...remove]);
      if (unknown !== undefined) return badRequest(`Invalid label: ${unknown}`);
      const msg = box.modify(id!, add, remove);
      return msg ? json(resource(msg, "minimal", [])) : notFound();
    }
    case "trash": {
      const msg = box.modify(id!, ["TRASH"], ["INBOX"]);
      return msg ? json(resource(msg, "minimal", [])) : notFound();
    }
    case "untrash": {
      const msg = box.modify(id!, ["INBOX"], ["TRASH"]);
      return msg ? json(resource(msg, "minimal", [])) : notFound();
    }
    case "batchModify": {
      const ids = (parsed.ids as string[]) ?? [];
      if (ids.length > 1000) return badRequest("Too many ids (max 1000)");
      const unknown = box.unknownLabel([
        ...((parsed.addLabelIds as string[]) ?? []),
        ...((parsed.removeLabelIds as string[]) ?? []),
      ]);
      if (unknown !== undefined) return badRequest(`Invalid label: ${unknown}`);
      for (const mid of ids)
        box.modify(mid, (parsed.addLabelIds as string[]) ?? [], (parsed.removeLabelIds as string[]) ?? []);
      return new Response(null, { status: 204 });
    }
    case "watch": {
      if (typeof parsed.topicName !== "string" || !parsed.topicName.startsWith("projects/")) {
        return badRequest("Invalid topicName");
      }
      box.watch = {
        topicName: parsed.topicName,
        labelIds: (parsed.labelIds as string[]) ?? [],
        expiration: now + 7 * 86_400_000,
      };
      return json({ historyId: box.historyId.toString(), expiration: String(box.watch.expiration) });
    }
    case "stop":
      box.watch = undefined;
      return new Response(null, { status: 204 });
    case "labelsList":
      return json({ labels: [...box.labels.values()] });
    case "labelsCreate": {
      const made = box.createLabel(typeof parsed.name === "string" ? parsed.name : "");
      if (made === "reserved") return badRequest("Invalid label name");
      if (made === "exists")
        return json(error(409, "conflict", "Label name exists or conflicts", "ALREADY_EXISTS"), 409);
      return json(made);
    }
    case "draftCreate":
    case "draftGet":
    case "draftDelete":
    case "send":
    case "draftSend":
      return serveDraftCall(box, call, p, parsed);
  }
}

function draftResource(d: StoredDraft) {
  return { id: d.id, message: { id: d.messageId, threadId: d.threadId, labelIds: ["DRAFT"] } };
}

/** users.drafts.create/get/delete/send and messages.send, per the Gmail reference. */
function serveDraftCall(box: Mailbox, call: GmailCall, p: string, parsed: Record<string, unknown>): Response {
  const draftId = /^\/drafts\/([^/]+)$/.exec(p)?.[1];
  const existing = draftId ? box.drafts.get(decodeURIComponent(draftId)) : undefined;
  const message = (parsed.message ?? {}) as { raw?: unknown; threadId?: unknown };
  const raw = typeof message.raw === "string" ? fromBase64url(message.raw) : null;
  const threadId = typeof message.threadId === "string" ? message.threadId : undefined;
  switch (call) {
    case "draftGet":
      return existing ? json({ ...draftResource(existing), raw: base64url(existing.raw) }) : notFound();
    case "draftDelete":
      if (!existing) return notFound();
      box.drafts.delete(existing.id);
      return new Response(null, { status: 204 });
    case "draftSend": {
      const d = box.drafts.get(String((parsed as { id?: unknown }).id ?? ""));
      if (!d) return notFound();
      box.drafts.delete(d.id);
      box.sent.push(d.raw);
      return json({ id: d.messageId, threadId: d.threadId, labelIds: ["SENT"] });
    }
    default: {
      if (raw === null || !splitMessage(raw).headers.length) return badRequest("Invalid message.raw");
      if (threadId && ![...box.messages.values()].some((m) => m.threadId === threadId)) return notFound();
      if (call === "send") {
        box.sent.push(raw);
        return json({ id: "sent", threadId, labelIds: ["SENT"] });
      }
      return json(draftResource(box.addDraft(raw, threadId)));
    }
  }
}
