import type { ImapFlow } from "imapflow";
import type { AgentCtx } from "../services/context.ts";
import type { SentEnvelope } from "../store/contacts.ts";
import type { JmapSession } from "./jmap-client.ts";
import { mailboxRoles } from "./jmap-sync.ts";

/** The most sent messages one pass reads (the newest first time): envelopes only, ~300 bytes each. */
export const MAX_SENT_PER_PASS = 2000;

/** Sent folders of servers without SPECIAL-USE, by their usual names. */
const SENT_NAMES =
  /^(?:inbox[./])?(?:sent|sent items|sent messages|sent mail|gesendet|gesendete elemente|envoyés|enviados|inviati|verzonden)$/i;

const addresses = (list: { address?: string | null; email?: string | null }[] | null | undefined) =>
  (list ?? []).map((a) => a.address ?? a.email ?? "").filter(Boolean);

/**
 * Reads what is new in an IMAP account's sent folder (envelopes only) and learns the person's own
 * addresses and the people they wrote to. Returns how many messages it read. The account's login,
 * when it is an address, is one of the person's addresses too.
 */
export async function learnImapSent(args: {
  ctx: AgentCtx;
  client: ImapFlow;
  accountId: string;
  login: string;
}): Promise<number> {
  const { ctx, client, accountId } = args;
  const store = ctx.stores.contacts;
  await store.addOwn(args.login, `account:${accountId}`);
  const prev = await store.cursor(accountId);
  const found = await sentFolder(client, prev?.folder);
  if (!found) return 0;
  const { sent, status } = found;
  const uidValidity = String(status.uidValidity ?? "");
  const start = prev && prev.folder === sent.path && prev.mark === uidValidity ? prev.last : 0;
  if (status.uidNext !== undefined && status.uidNext - 1 <= start) {
    // an empty Sent is remembered too, so the next pass need not LIST to find it again
    if (prev?.folder !== sent.path)
      await store.setCursor(accountId, { folder: sent.path, mark: uidValidity, last: 0 });
    return 0;
  }
  const lock = await client.getMailboxLock(sent.path, { readOnly: true });
  const read: SentEnvelope[] = [];
  let last = start;
  try {
    const uids = ((await client.search({ uid: `${start + 1}:*` }, { uid: true })) || [])
      .filter((u) => u > start)
      .sort((a, b) => a - b);
    const newest = uids.slice(-MAX_SENT_PER_PASS);
    last = uids.at(-1) ?? start;
    if (newest.length > 0)
      for await (const m of client.fetch(newest.join(","), { uid: true, envelope: true }, { uid: true })) {
        const e = m.envelope;
        if (!e) continue;
        read.push({
          from: addresses(e.from),
          to: addresses(e.to),
          cc: addresses(e.cc),
          bcc: addresses(e.bcc),
          reply: Boolean(e.inReplyTo),
          at: e.date ? new Date(e.date).getTime() || 0 : 0,
        });
      }
  } finally {
    lock.release();
  }
  await store.learnSent(accountId, read);
  await store.setCursor(accountId, { folder: sent.path, mark: uidValidity, last });
  return read.length;
}

/**
 * The Sent folder and its STATUS. The folder remembered with the account's sent cursor is asked
 * first; only when it is gone (or none is remembered) does a LIST look for `\\Sent` or a usual name.
 */
async function sentFolder(client: ImapFlow, remembered: string | undefined) {
  const ask = (path: string) =>
    client.status(path, { uidNext: true, uidValidity: true }).catch((e: unknown) => {
      if (e instanceof Error && "code" in e && e.code === "NotFound") return false as const;
      throw e;
    });
  if (remembered) {
    const status = await ask(remembered);
    if (status) return { sent: { path: remembered }, status };
  }
  const folders = await client.list();
  const sent = folders.find((f) => f.specialUse === "\\Sent") ?? folders.find((f) => SENT_NAMES.test(f.path));
  if (!sent) return null;
  const status = await ask(sent.path);
  return status ? { sent, status } : null;
}

interface JmapSentEmail {
  from: { email?: string | null }[] | null;
  to: { email?: string | null }[] | null;
  cc: { email?: string | null }[] | null;
  bcc: { email?: string | null }[] | null;
  inReplyTo: string[] | null;
  receivedAt: string;
}

/** `learnImapSent` for JMAP: the mailbox with role `sent`, newer than the last one read. */
export async function learnJmapSent(args: {
  ctx: AgentCtx;
  session: JmapSession;
  accountId: string;
  login: string;
}): Promise<number> {
  const { ctx, session, accountId } = args;
  const store = ctx.stores.contacts;
  await store.addOwn(args.login, `account:${accountId}`);
  const sent = (await mailboxRoles(session)).get("sent");
  if (!sent) return 0;
  const prev = await store.cursor(accountId);
  const after = prev && prev.folder === sent ? prev.last : 0;
  const readAt = new Set<string>(after > 0 ? safeIds(prev?.mark) : []);
  const [, got] = await session.call<{ list?: (JmapSentEmail & { id: string })[] }>([
    [
      "Email/query",
      {
        filter: {
          inMailbox: sent,
          // from that second again: `after` is strict and receivedAt has whole seconds
          ...(after > 0 ? { after: new Date(after - 1000).toISOString().replace(/\.\d{3}Z$/, "Z") } : {}),
        },
        sort: [{ property: "receivedAt", isAscending: false }],
        limit: MAX_SENT_PER_PASS,
      },
    ],
    [
      "Email/get",
      {
        "#ids": { resultOf: "0", name: "Email/query", path: "/ids" },
        properties: ["id", "from", "to", "cc", "bcc", "inReplyTo", "receivedAt"],
      },
    ],
  ]);
  const fresh = (got?.list ?? []).filter((e) => !readAt.has(e.id));
  const read: SentEnvelope[] = fresh.map((e) => ({
    from: addresses(e.from),
    to: addresses(e.to),
    cc: addresses(e.cc),
    bcc: addresses(e.bcc),
    reply: (e.inReplyTo?.length ?? 0) > 0,
    at: Date.parse(e.receivedAt) || 0,
  }));
  await store.learnSent(accountId, read);
  const newest = Math.max(after, ...read.map((m) => m.at));
  const atNewest = [
    ...(newest === after ? readAt : []),
    ...fresh.filter((e) => (Date.parse(e.receivedAt) || 0) === newest).map((e) => e.id),
  ];
  await store.setCursor(accountId, {
    folder: sent,
    mark: JSON.stringify(atNewest.slice(-500)),
    last: newest,
  });
  return read.length;
}

function safeIds(mark: string | undefined): string[] {
  try {
    const v: unknown = JSON.parse(mark ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Runs one of the learners above; a failure is logged (no content: the error's name) and never
 * stops the sync that follows, which meets a dead connection by itself.
 */
export async function learnSentSafely(ctx: AgentCtx, accountId: string, learn: () => Promise<number>) {
  try {
    await learn();
  } catch (e) {
    ctx.logger.log("warn", "sent.learn_failed", { accountId, error: e instanceof Error ? e.name : "error" });
  }
}
