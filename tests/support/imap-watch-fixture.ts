import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { imapSuggestionId } from "../../local-agent/accounts/imap-sync.ts";
import type { RunningAgent } from "../../local-agent/agent.ts";
import { mailScreened } from "../../local-agent/db/schema/accounts.ts";
import { startDovecot } from "./dovecot.ts";
import { startAccountAgent, until } from "./mail-account-fixture.ts";

export const MAYA_PASSWORD = "correct horse battery";

type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
type MailWatch = Parameters<typeof startAccountAgent>[2];
interface Front {
  port: number;
  stop(): Promise<void>;
}

/**
 * A running agent watching `folders` of Maya's account on a real Dovecot started for the describe
 * block. With `front`, the account reaches Dovecot through that loopback front in plain IMAP
 * (to rewrite, record or stall what passes); without, directly over pinned STARTTLS. `prepare`
 * runs on Dovecot first; `armed` runs after the account is added, before the agent watches.
 * `capability`: the IMAP capabilities Dovecot announces instead of its own (a server without
 * CONDSTORE, say).
 *
 * @example const { t, health } = watchedImap({ name: "imap-quiet", folders: ["INBOX"], mailWatch: { checkEveryMs: 30_000 } });
 */
export function watchedImap<F extends Front = Front>(opts: {
  name: string;
  folders: string[];
  mailWatch: MailWatch;
  front?: (dovecotPort: number) => Promise<F>;
  prepare?: (dv: Dovecot) => Promise<void>;
  armed?: (front: F) => void;
  capability?: string;
}) {
  const t = {} as {
    dv: Dovecot;
    fx: F;
    agent: RunningAgent;
    accountId: string;
    home: string;
    /** The agent's local API token (`callAgent`). */
    token: string;
  };
  beforeAll(async () => {
    t.dv = await startDovecot({
      users: { maya: MAYA_PASSWORD },
      ...(opts.capability ? { capability: opts.capability } : {}),
    });
    await opts.prepare?.(t.dv);
    if (opts.front) t.fx = await opts.front(t.dv.port);
    const a = await startAccountAgent(
      opts.name,
      async (acc) => {
        const added = await acc.addImap({
          host: "127.0.0.1",
          user: "maya",
          password: MAYA_PASSWORD,
          folders: opts.folders,
          ...(opts.front
            ? { port: t.fx.port, tls: "off" as const }
            : { port: t.dv.port, tls: "starttls" as const, pinSha256: t.dv.certSha256 }),
        });
        if (opts.front) opts.armed?.(t.fx);
        return added;
      },
      opts.mailWatch,
    );
    Object.assign(t, { agent: a.agent, accountId: a.accountId, home: a.home, token: a.token });
  }, 60_000);
  afterAll(async () => {
    await t.agent?.stop();
    await t.fx?.stop();
    await t.dv?.stop();
    if (t.home) await rm(t.home, { recursive: true, force: true });
  });
  const health = () => t.agent.ctx.mailWatch?.health().find((a) => a.id === t.accountId);
  /** The message became a suggestion, or stage 1 screened it: either way it was read. */
  const read = async (messageId: string) => {
    const id = imapSuggestionId(t.accountId, { messageId, folder: "", uidValidity: "", uid: 0 });
    if (await t.agent.ctx.stores.suggestions.get(id)) return true;
    return Boolean(await t.agent.ctx.db.select().from(mailScreened).where(eq(mailScreened.id, id)).get());
  };
  /** Waits until the watcher is back to idling after at least one pass. */
  const idle = () =>
    until("the watcher to idle", async () => health()?.state === "watching" && health()?.lastSyncAt, 20_000);
  return { t, health, read, idle };
}

/**
 * Counts the distinct sync passes (by `lastSyncAt`) that end from now on, polling every
 * millisecond; `stop()` ends the polling and answers the count.
 */
export function countPasses(health: () => { lastSyncAt?: number | null } | undefined) {
  const before = health()?.lastSyncAt;
  const passes = new Set<number>();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const at = health()?.lastSyncAt;
      if (at && at !== before) passes.add(at);
      await new Promise((r) => setTimeout(r, 1));
    }
  })();
  return {
    size: () => passes.size,
    async stop() {
      polling = false;
      await poll;
      return passes.size;
    },
  };
}
