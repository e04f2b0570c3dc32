import { mkdir } from "node:fs/promises";
import path from "node:path";
import { randomId, realSleep, silentLogger, systemClock } from "@scouts/core/ports";
import { eq } from "drizzle-orm";
import type { ImapFlow } from "imapflow";
import { z } from "zod";
import { createCloudClient } from "../adapters/cloud-client.ts";
import { createEventBus } from "../adapters/event-bus.ts";
import { loadStage2, type Stage2 } from "../adapters/stage2.ts";
import { type AgentDb, openAgentDb } from "../db/open.ts";
import { type FolderCursor, type JmapCursor, mailAccounts } from "../db/schema/accounts.ts";
import { type AgentCtx, createAgentCtx } from "../services/context.ts";
import { contactStore } from "../store/contacts.ts";
import { AccountError, explainImapError, openImap } from "./imap-client.ts";
import { type SyncCounts, syncImapFolders } from "./imap-sync.ts";
import { type JmapSession, openJmap } from "./jmap-client.ts";
import { mailboxRoles, syncJmapInbox } from "./jmap-sync.ts";
import { type OAuthGrant, parseGrant, refreshAccessToken } from "./oauth-refresh.ts";
import { openSecretBox } from "./secret-box.ts";
import { learnImapSent, learnJmapSent, learnSentSafely } from "./sent-contacts.ts";

export const AddImapInput = z.object({
  host: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, "a host name or IP address"),
  port: z.coerce.number().int().min(1).max(65535),
  user: z.string().min(1).max(320),
  password: z.string().min(1, "the password is empty").max(4096),
  tls: z.enum(["on", "starttls", "off"]),
  folders: z.array(z.string().min(1).max(500)).min(1).max(50).default(["INBOX"]),
  pinSha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "a SHA-256 fingerprint in hex")
    .nullable()
    .default(null),
  label: z.string().max(200).optional(),
  /** "xoauth2": `password` holds an OAuth2 access token (Gmail, Outlook). */
  auth: z.enum(["password", "xoauth2"]).default("password"),
  /** With xoauth2: how to refresh the access token (RFC 6749 §6); sealed like a password. */
  oauth: z
    .object({
      tokenUrl: z.string().url().max(2000),
      clientId: z.string().min(1).max(500),
      clientSecret: z.string().min(1).max(500).optional(),
      refreshToken: z.string().min(1).max(4096),
    })
    .optional(),
});
export type AddImapInput = z.input<typeof AddImapInput>;

export const AddJmapInput = z.object({
  /** The JMAP session URL, or the server's origin (then /.well-known/jmap is asked). */
  url: z.string().min(1).max(2000),
  user: z.string().min(1).max(320),
  password: z.string().min(1, "the password is empty").max(4096),
  label: z.string().max(200).optional(),
});
export type AddJmapInput = z.input<typeof AddJmapInput>;

type Row = typeof mailAccounts.$inferSelect;
const imapCursor = (r: Row): FolderCursor => (r.kind === "imap" ? (r.cursor as FolderCursor) : {});
const jmapCursor = (r: Row): JmapCursor | null =>
  r.kind === "jmap" && typeof (r.cursor as JmapCursor).emailState === "string"
    ? (r.cursor as JmapCursor)
    : null;

/** The account as lists and status show it: health, never the secret. */
export interface AccountView {
  id: string;
  kind: "imap" | "jmap";
  label: string;
  server: string;
  username: string;
  folders: string[];
  lastSyncAt: number | null;
  lastChangeAt: number | null;
  lastError: string | null;
}

const view = (r: typeof mailAccounts.$inferSelect): AccountView => ({
  id: r.id,
  kind: r.kind,
  label: r.label,
  server: r.server.url ?? `${r.server.host}:${r.server.port} (${r.server.tls})`,
  username: r.username,
  folders: r.folders,
  lastSyncAt: r.lastSyncAt,
  lastChangeAt: r.lastChangeAt,
  lastError: r.lastError,
});

/**
 * Mail accounts the agent reads itself: add (the login and folders are checked first), test,
 * sync, list, remove. Credentials are sealed with the device's key and only ever sent to the
 * account's own server.
 */
export function mailAccountService(deps: {
  db: AgentDb;
  home: string;
  clock?: { now(): number };
  /** For OAuth2 token refreshes (tests point it at a loopback token endpoint through the URL). */
  fetch?: typeof fetch;
}) {
  const { db, home } = deps;
  const fetchImpl = deps.fetch ?? fetch;
  const now = () => (deps.clock ?? systemClock).now();
  const box = openSecretBox(home);
  const load = async (id: string) => {
    const row = await db.select().from(mailAccounts).where(eq(mailAccounts.id, id)).get();
    if (!row) throw new AccountError("protocol", `no account ${id} (scouts-agent accounts list)`);
    return row;
  };
  /** A new access token for an OAuth2 account, sealed back into its row (a rotated refresh token too). */
  const refreshFor = async (row: Row, grant: OAuthGrant): Promise<OAuthGrant> => {
    const oauth = row.server.oauth;
    if (!oauth) throw new AccountError("auth_failed", "this account has no refresh token: add it again");
    const next = await refreshAccessToken({
      fetch: fetchImpl,
      tokenUrl: oauth.tokenUrl,
      clientId: oauth.clientId,
      grant,
      now: now(),
    });
    await db
      .update(mailAccounts)
      .set({ secret: box.seal(row.id, JSON.stringify(next)) })
      .where(eq(mailAccounts.id, row.id));
    return next;
  };
  /**
   * Logs in to an account's IMAP server. An OAuth2 account's access token is refreshed first when
   * it has expired, and once more when the server refuses it; a refresh the token endpoint refuses
   * (`invalid_grant`) is an `auth_failed` error (the watcher's needs-re-auth notice).
   */
  const openImapFor = async (row: Row): Promise<ImapFlow> => {
    const secret = box.open(row.id, row.secret);
    const grant = row.server.auth === "xoauth2" ? parseGrant(secret) : null;
    if (!grant) return openImap({ server: row.server, username: row.username, password: secret });
    let g = grant;
    if (!g.accessToken || (g.expiresAt !== null && g.expiresAt - 60_000 <= now()))
      g = await refreshFor(row, g);
    try {
      return await openImap({ server: row.server, username: row.username, password: g.accessToken });
    } catch (e) {
      if (!(e instanceof AccountError) || e.code !== "auth_failed" || g !== grant) throw e;
      g = await refreshFor(row, g);
      return openImap({ server: row.server, username: row.username, password: g.accessToken });
    }
  };
  const jmapLogin = (row: Row) => ({
    url: row.server.url ?? "",
    username: row.username,
    password: box.open(row.id, row.secret),
  });
  const jmapFolders = async (session: JmapSession) => {
    const [res] = await session.call<{
      list: { id: string; name: string; role: string | null; totalEmails?: number }[];
    }>([["Mailbox/get", { properties: ["name", "role", "totalEmails"] }]]);
    return res?.list ?? [];
  };
  return {
    async addImap(raw: AddImapInput): Promise<AccountView> {
      const input = AddImapInput.parse(raw);
      if (input.oauth && input.auth !== "xoauth2")
        throw new AccountError("protocol", "a refresh token goes with OAuth2 sign-in (auth xoauth2)");
      const server = {
        host: input.host,
        port: input.port,
        tls: input.tls,
        pinSha256: input.pinSha256,
        ...(input.auth === "xoauth2" ? { auth: "xoauth2" as const } : {}),
        ...(input.oauth ? { oauth: { tokenUrl: input.oauth.tokenUrl, clientId: input.oauth.clientId } } : {}),
      };
      const id = `imap-${randomId().slice(0, 12)}`;
      const grant: OAuthGrant | null = input.oauth
        ? {
            oauth: 1,
            accessToken: input.password,
            expiresAt: null,
            refreshToken: input.oauth.refreshToken,
            ...(input.oauth.clientSecret ? { clientSecret: input.oauth.clientSecret } : {}),
          }
        : null;
      let secret = box.seal(id, grant ? JSON.stringify(grant) : input.password);
      // The connection test: with a refresh token, an access token already expired is renewed here.
      const client = await openImap({ server, username: input.user, password: input.password }).catch(
        async (e: unknown) => {
          if (!grant || !(e instanceof AccountError) || e.code !== "auth_failed") throw e;
          const next = await refreshAccessToken({
            fetch: fetchImpl,
            tokenUrl: server.oauth!.tokenUrl,
            clientId: server.oauth!.clientId,
            grant,
            now: now(),
          });
          secret = box.seal(id, JSON.stringify(next));
          return openImap({ server, username: input.user, password: next.accessToken });
        },
      );
      try {
        const names = new Set((await client.list()).map((m) => m.path));
        const missing = input.folders.filter((f) => !names.has(f));
        if (missing.length) {
          throw new AccountError(
            "protocol",
            `no folder ${missing.join(", ")} on the server (it has ${[...names].join(", ")})`,
          );
        }
      } finally {
        await client.logout().catch(() => {});
      }
      const row = {
        id,
        kind: "imap" as const,
        label: input.label ?? `${input.user} on ${input.host}`,
        server,
        username: input.user,
        secret,
        folders: input.folders,
        cursor: {},
        enabled: true,
        lastSyncAt: null,
        lastChangeAt: null,
        lastError: null,
        createdAt: now(),
        syncPaused: false,
      };
      await db.insert(mailAccounts).values(row);
      return view(row);
    },
    /** Logs in with settings not saved yet and lists the folders: the connection test before adding. */
    async probe(raw: AddImapInput): Promise<{ folders: { path: string; specialUse: string | null }[] }> {
      const input = AddImapInput.parse(raw);
      const client = await openImap({
        server: {
          host: input.host,
          port: input.port,
          tls: input.tls,
          pinSha256: input.pinSha256,
          ...(input.auth === "xoauth2" ? { auth: "xoauth2" as const } : {}),
        },
        username: input.user,
        password: input.password,
      });
      try {
        const list = await client.list();
        return { folders: list.map((m) => ({ path: m.path, specialUse: m.specialUse ?? null })) };
      } finally {
        await client.logout().catch(() => {});
      }
    },
    /** Adds a JMAP account (RFC 8620/8621) after logging in and finding its inbox; the inbox is watched. */
    async addJmap(raw: AddJmapInput): Promise<AccountView> {
      const input = AddJmapInput.parse(raw);
      const session = await openJmap({ url: input.url, username: input.user, password: input.password });
      await mailboxRoles(session).then((roles) => {
        if (!roles.has("inbox"))
          throw new AccountError("protocol", `${session.host} has no inbox mailbox (role inbox)`);
      });
      const id = `jmap-${randomId().slice(0, 12)}`;
      const row = {
        id,
        kind: "jmap" as const,
        label: input.label ?? `${input.user} on ${session.host}`,
        server: { url: input.url },
        username: input.user,
        secret: box.seal(id, input.password),
        folders: ["INBOX"],
        cursor: {},
        enabled: true,
        lastSyncAt: null,
        lastChangeAt: null,
        lastError: null,
        createdAt: now(),
        syncPaused: false,
      };
      await db.insert(mailAccounts).values(row);
      return view(row);
    },
    /** The JMAP connection test before adding: logs in and lists the mailboxes with their roles. */
    async probeJmap(raw: AddJmapInput): Promise<{ folders: { path: string; specialUse: string | null }[] }> {
      const input = AddJmapInput.parse(raw);
      const session = await openJmap({ url: input.url, username: input.user, password: input.password });
      return {
        folders: (await jmapFolders(session)).map((m) => ({
          path: m.role === "inbox" ? "INBOX" : m.name,
          specialUse: m.role ? `\\${m.role[0]!.toUpperCase()}${m.role.slice(1)}` : null,
        })),
      };
    },
    /** One JMAP pass on a session the caller holds (the watcher's); stores the new state after it. */
    async syncJmapWith(
      ctx: AgentCtx,
      id: string,
      session: JmapSession,
      onProgress?: (p: { folder: string; done: number; total: number }) => void,
      opts: { paused?: () => boolean } = {},
    ): Promise<SyncCounts> {
      const row = await load(id);
      await learnSentSafely(ctx, id, () =>
        learnJmapSent({ ctx, session, accountId: row.id, login: row.username }),
      );
      const { counts, cursor } = await syncJmapInbox({
        ctx,
        session,
        accountId: row.id,
        cursor: jmapCursor(row),
        ...(onProgress ? { onProgress } : {}),
        ...(opts.paused ? { paused: opts.paused } : {}),
      });
      await db
        .update(mailAccounts)
        .set({
          ...(cursor ? { cursor } : {}),
          lastSyncAt: now(),
          lastError: null,
          ...(counts.new > 0 || counts.departed > 0 ? { lastChangeAt: now() } : {}),
        })
        .where(eq(mailAccounts.id, id));
      return counts;
    },
    openJmapSession(row: Row): Promise<JmapSession> {
      return openJmap(jmapLogin(row));
    },
    async list(): Promise<AccountView[]> {
      return (await db.select().from(mailAccounts).all()).map(view);
    },
    async remove(id: string): Promise<void> {
      await load(id);
      await db.delete(mailAccounts).where(eq(mailAccounts.id, id));
      await contactStore(db, now).forgetAccount(id);
    },
    /** Logs in and counts each watched folder's messages; the error says what to fix. */
    async test(id: string): Promise<{ folders: { name: string; messages: number }[] }> {
      const row = await load(id);
      if (row.kind === "jmap") {
        const inbox = (await jmapFolders(await openJmap(jmapLogin(row)))).find((m) => m.role === "inbox");
        return { folders: [{ name: "INBOX", messages: inbox?.totalEmails ?? 0 }] };
      }
      const client = await openImapFor(row);
      try {
        const folders = [];
        for (const name of row.folders) {
          const st = await client.status(name, { messages: true });
          folders.push({ name, messages: st ? (st.messages ?? 0) : 0 });
        }
        return { folders };
      } finally {
        await client.logout().catch(() => {});
      }
    },
    /** One sync pass; the health columns record how it went, errors included, for the Scouts screen. */
    async sync(
      ctx: AgentCtx,
      id: string,
      onProgress?: (p: { folder: string; done: number; total: number }) => void,
    ): Promise<SyncCounts> {
      const row = await load(id);
      try {
        if (row.kind === "jmap")
          return await this.syncJmapWith(ctx, id, await openJmap(jmapLogin(row)), onProgress);
        const client = await openImapFor(row);
        try {
          return await this.syncWith(ctx, id, client, onProgress);
        } finally {
          await client.logout().catch(() => {});
        }
      } catch (e) {
        throw await this.recordError(id, e);
      }
    },
    /** One sync pass on a session the caller holds open (the watcher's); stores the cursor after it. */
    async syncWith(
      ctx: AgentCtx,
      id: string,
      client: ImapFlow,
      onProgress?: (p: { folder: string; done: number; total: number }) => void,
      opts: {
        reconcile?: boolean;
        paused?: () => boolean;
        batchSize?: number;
        /** Read only these of the account's folders (the ones NOTIFY named); the others keep their cursor. */
        folders?: string[];
      } = {},
    ): Promise<SyncCounts & { paused: boolean }> {
      const row = await load(id);
      const only = opts.folders;
      // Before the inbox, so the first sync already knows who the person writes to (full passes only).
      if (opts.reconcile !== false && !only)
        await learnSentSafely(ctx, id, () =>
          learnImapSent({ ctx, client, accountId: row.id, login: row.username }),
        );
      const { counts, cursor, paused } = await syncImapFolders({
        ctx,
        client,
        accountId: row.id,
        folders: only ? row.folders.filter((f) => only.includes(f)) : row.folders,
        cursor: imapCursor(row),
        ...(onProgress ? { onProgress } : {}),
        ...(opts.reconcile !== undefined ? { reconcile: opts.reconcile } : {}),
        ...(opts.paused ? { paused: opts.paused } : {}),
        ...(opts.batchSize ? { batchSize: opts.batchSize } : {}),
      });
      await db
        .update(mailAccounts)
        .set({
          cursor,
          lastSyncAt: now(),
          lastError: null,
          ...(counts.new > 0 || counts.departed > 0 ? { lastChangeAt: now() } : {}),
        })
        .where(eq(mailAccounts.id, id));
      return { ...counts, paused };
    },
    /** Records a failed pass on the account (for the Scouts screen) and returns the explained error. */
    async recordError(id: string, e: unknown): Promise<AccountError> {
      const row = await db.select().from(mailAccounts).where(eq(mailAccounts.id, id)).get();
      const err =
        e instanceof AccountError
          ? e
          : row?.kind === "imap"
            ? explainImapError(e, { server: row.server, username: row.username, password: "" })
            : new AccountError("protocol", e instanceof Error ? e.message : String(e));
      if (row)
        await db
          .update(mailAccounts)
          .set({ lastSyncAt: now(), lastError: err.message })
          .where(eq(mailAccounts.id, id));
      return err;
    },
    /** Records that the person paused (or resumed) an account's syncing, so a restart keeps it. */
    async setSyncPaused(id: string, paused: boolean): Promise<void> {
      await db.update(mailAccounts).set({ syncPaused: paused }).where(eq(mailAccounts.id, id));
    },
    /** The raw rows the watcher needs (enabled or not), with the login opened on demand. */
    async rows() {
      return db.select().from(mailAccounts).all();
    },
    openSession(row: typeof mailAccounts.$inferSelect): Promise<ImapFlow> {
      return openImapFor(row);
    },
  };
}

/**
 * The agent's store and models without its server, for CLI commands that work whether or not
 * the agent runs (`accounts sync`): same libSQL file, same stage 2, no cloud calls.
 */
export async function openOfflineAgent(home: string, opts: { stage2?: Stage2 | null } = {}) {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const { db, client } = await openAgentDb(`file:${path.join(home, "agent.db")}`);
  const ctx = createAgentCtx({
    db,
    clock: systemClock,
    ids: randomId,
    logger: silentLogger,
    fetch: () => Promise.reject(new Error("offline: no cloud calls from the CLI")),
    sleep: realSleep,
    resolve: async () => [],
    bus: createEventBus(),
    cloud: createCloudClient({
      fetch: () => Promise.reject(new Error("offline")),
      baseUrl: "http://127.0.0.1:0",
      token: () => null,
    }),
    stage2: opts.stage2 !== undefined ? opts.stage2 : await loadStage2(),
    cloudUrl: "http://127.0.0.1:0",
  });
  return { ctx, db, accounts: mailAccountService({ db, home }), close: () => client.close() };
}
