import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { ImapFlow } from "imapflow";
import PostalMime from "postal-mime";
import { readLocalMailbox } from "../scouts/mailbox-reader.ts";
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
  const { after, readAt } = timeCursor(await store.cursor(accountId), sent);
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
  await store.setCursor(
    accountId,
    nextTimeCursor(
      sent,
      { after, readAt },
      fresh.map((e) => ({ id: e.id, at: Date.parse(e.receivedAt) || 0 })),
    ),
  );
  return read.length;
}

/**
 * Where a time-ordered source (JMAP's receivedAt, a local folder's Date) was read up to: the
 * newest time read, and the ids read at that very second (times have whole seconds, so the next
 * pass asks from that second again and skips those).
 */
function timeCursor(prev: { folder: string; mark: string; last: number } | null, folder: string) {
  const after = prev && prev.folder === folder ? prev.last : 0;
  return { after, readAt: new Set<string>(after > 0 ? safeIds(prev?.mark) : []) };
}

function nextTimeCursor(
  folder: string,
  { after, readAt }: ReturnType<typeof timeCursor>,
  fresh: { id: string; at: number }[],
) {
  const newest = Math.max(after, ...fresh.map((m) => m.at));
  const atNewest = [
    ...(newest === after ? readAt : []),
    ...fresh.filter((e) => e.at === newest).map((e) => e.id),
  ];
  return { folder, mark: JSON.stringify(atNewest.slice(-500)), last: newest };
}

function safeIds(mark: string | undefined): string[] {
  try {
    const v: unknown = JSON.parse(mark ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** The account id local mailbox learning is kept under (its sent cursor and own addresses). */
export const LOCAL_MAIL_ACCOUNT = "local-mail";

/**
 * The Sent folder beside a local mailbox, by the usual names: a Maildir++ subfolder (`.Sent` in
 * the Maildir), or a sibling of the inbox (`~/Mail/Sent` beside `~/Mail/inbox`), of the same format.
 */
export async function localSentFolder(location: string, format: "mbox" | "maildir"): Promise<string | null> {
  const inbox = path.resolve(location);
  const candidates = [
    ...(format === "maildir"
      ? (await readdir(inbox).catch(() => [] as string[]))
          .filter((n) => n.startsWith(".") && SENT_NAMES.test(n.slice(1)))
          .map((n) => path.join(inbox, n))
      : []),
    ...(await readdir(path.dirname(inbox)).catch(() => [] as string[]))
      .filter((n) => SENT_NAMES.test(n))
      .map((n) => path.join(path.dirname(inbox), n)),
  ].filter((c) => c !== inbox);
  for (const c of candidates.sort()) {
    const info = await stat(c).catch(() => null);
    if (format === "mbox" ? info?.isFile() : info?.isDirectory() && (await isMaildir(c))) return c;
  }
  return null;
}

const isMaildir = async (dir: string) =>
  (await stat(path.join(dir, "cur")).catch(() => null))?.isDirectory() ||
  (await stat(path.join(dir, "new")).catch(() => null))?.isDirectory() ||
  false;

/**
 * `learnImapSent` for a local mbox or Maildir: the Sent folder beside it (see `localSentFolder`),
 * what is newer than the last pass by Date (as JMAP by receivedAt), envelopes read by postal-mime
 * from the header block only.
 */
export async function learnLocalSent(args: {
  ctx: AgentCtx;
  location: string;
  format: "mbox" | "maildir";
}): Promise<number> {
  const store = args.ctx.stores.contacts;
  const sent = await localSentFolder(args.location, args.format);
  if (!sent) return 0;
  const cursor = timeCursor(await store.cursor(LOCAL_MAIL_ACCOUNT), sent);
  const envelopes: (SentEnvelope & { id: string })[] = [];
  for (const m of await readLocalMailbox(sent, args.format)) {
    if (cursor.readAt.has(m.id)) continue;
    const head = m.raw.slice(0, headerEnd(m.raw));
    const p = await PostalMime.parse(head);
    const at = (p.date ? Date.parse(p.date) : Number.NaN) || 0;
    if (at < cursor.after) continue;
    envelopes.push({
      id: m.id,
      from: addresses(p.from ? [p.from] : []),
      to: addresses(p.to),
      cc: addresses(p.cc),
      bcc: addresses(p.bcc),
      reply: Boolean(p.inReplyTo),
      at,
    });
  }
  const read = envelopes.sort((a, b) => b.at - a.at).slice(0, MAX_SENT_PER_PASS);
  await store.learnSent(LOCAL_MAIL_ACCOUNT, read);
  await store.setCursor(LOCAL_MAIL_ACCOUNT, nextTimeCursor(sent, cursor, read));
  return read.length;
}

/** Where the header block ends (the blank line), or the whole text when there is none. */
function headerEnd(raw: string): number {
  const m = /\r?\n\r?\n/.exec(raw);
  return m ? m.index + m[0].length : raw.length;
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
