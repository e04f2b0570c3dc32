import { lookup } from "node:dns/promises";
import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { toEntity } from "@scouts/core/device/entity-log";
import { createEntitySync } from "@scouts/core/device/entity-sync";
import { type Clock, type Logger, randomId, realSleep, systemClock } from "@scouts/core/ports";
import type { ScoutProposalFrame } from "@scouts/core/protocol/frames";
import type { Hono } from "hono";
import { listAccountFolders } from "./accounts/account-folders.ts";
import { mailAccountService } from "./accounts/accounts.ts";
import { type MailWatch, type MailWatchOptions, startMailWatch } from "./accounts/imap-watch.ts";
import { mailAccountActions } from "./accounts/mail-actions.ts";
import { mailAccountRoutes } from "./accounts/routes.ts";
import { createCloudClient } from "./adapters/cloud-client.ts";
import { createDeviceLink, type DeviceLink } from "./adapters/device-link.ts";
import { createEventBus } from "./adapters/event-bus.ts";
import { cloudPair, devPair, readIdentity, saveIdentity, writeSecretFile } from "./adapters/identity.ts";
import { createPinnedGet } from "./adapters/pinned-get.ts";
import { createPinnedPost } from "./adapters/pinned-post.ts";
import { loadStage2, type Stage2 } from "./adapters/stage2.ts";
import { createLocalApi } from "./api/app.ts";
import { createLocalAuth } from "./api/auth.ts";
import { messageImageRoutes } from "./api/images.routes.ts";
import type { AgentConfig } from "./config.ts";
import { openAgentDb } from "./db/open.ts";
import { startFoldersFeature } from "./folders/feature.ts";
import { createProjectSync } from "./folders/project-sync.ts";
import { projectBlocks } from "./folders/prompt-blocks.ts";
import { startLocalScouts } from "./scouts/local-scouts.ts";
import { createAccountRelay } from "./services/account-relay.ts";
import { maybeAlert } from "./services/assist.ts";
import { assistOnArrival } from "./services/assistant-run.ts";
import { type AgentCtx, createAgentCtx } from "./services/context.ts";
import { getStatus } from "./services/control.ts";
import { ingestItem } from "./services/ingest.ts";
import { checkNotices, receiveNotice } from "./services/notices.ts";
import { flushOutbox } from "./services/outbox.ts";
import { scheduleTick } from "./services/schedule.ts";
import { applySpamOverrides, cloudScreenedState } from "./services/screened.ts";

export const AGENT_VERSION = "0.1.0";

/** Console logger: ids, codes and counts only. */
export const consoleLogger: Logger = {
  log(level, event, fields) {
    if (level === "debug" && !process.env.SCOUTS_DEBUG) return;
    console.error(JSON.stringify({ t: new Date().toISOString(), level, event, ...fields }));
  },
};

/** Converts a hub frame into the shared ingest input. */
export function frameToItem(f: ScoutProposalFrame) {
  return {
    id: f.proposalId,
    scoutId: f.scoutId,
    source: f.source,
    sourceMsgRef: f.sourceMsgRef,
    threadRef: f.threadRef,
    from: f.from ?? "(unknown sender)",
    subject: f.subject ?? "(subject unavailable)",
    snippet: f.snippet ?? "",
    date: f.date ?? f.createdAt,
    verdict: f.verdict,
    confidence: f.confidence,
    reason: f.reason,
    ...(f.to !== undefined ? { to: f.to } : {}),
    ...(f.cc !== undefined ? { cc: f.cc } : {}),
    ...(f.labels ? { labels: f.labels } : {}),
    ...(f.hasAttachment !== undefined ? { hasAttachment: f.hasAttachment } : {}),
    ...(f.mailbox ? { mailbox: f.mailbox } : {}),
    ...(f.reader?.wroteTo !== undefined ? { senderWroteTo: f.reader.wroteTo } : {}),
  };
}

/**
 * Stores and classifies one hub proposal. One the person brought back from Screened skips the
 * Screener; one they screened again before it arrived is dropped (acked, never shown).
 */
export async function ingestProposal(ctx: AgentCtx, frame: ScoutProposalFrame) {
  const screened = await cloudScreenedState(ctx, frame.proposalId);
  if (screened === "screened") return null;
  return ingestItem({ ctx, input: { ...frameToItem(frame), skipScreener: screened === "restored" } });
}

async function resolveHost(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((a) => a.address);
}

/**
 * Starts the whole agent: DB (migrated), device identity (dev pairing when asked), the hub link,
 * the outbox replay, the loopback API, and the alert summary timer.
 *
 * @example const agent = await startAgent(readAgentConfig(process.env)); await agent.stop();
 */
export async function startAgent(
  config: AgentConfig,
  opts: {
    logger?: Logger;
    fetch?: typeof fetch;
    stage2?: Stage2 | null;
    projects?: Hono;
    connect?: boolean;
    /** Reconnect and check pacing of the mail-account watchers (tests shorten them). */
    mailWatch?: MailWatchOptions;
    /** The agent's clock (snooze wake-ups, ledger times); tests pass a fake one. */
    clock?: Clock;
  } = {},
) {
  const logger = opts.logger ?? consoleLogger;
  const fetchImpl = opts.fetch ?? fetch;
  // Everything the agent writes (its DB holds mail text) is readable by the owner only.
  process.umask(0o077);
  await mkdir(config.home, { recursive: true, mode: 0o700 });
  const { db, client } = await openAgentDb(`file:${path.join(config.home, "agent.db")}`);
  const folders = startFoldersFeature({ client, env: process.env, logger });
  let identity = await readIdentity(config.home);
  if (!identity && config.devPair) {
    try {
      identity = await devPair({
        fetch: fetchImpl,
        cloudUrl: config.cloudUrl,
        email: config.devEmail,
        deviceName: config.deviceName,
        now: Date.now(),
      });
      await saveIdentity(config.home, identity);
      logger.log("info", "agent.dev_paired", { deviceId: identity.deviceId });
    } catch (e) {
      logger.log("warn", "agent.dev_pair_failed", {
        error: e instanceof Error ? e.message.slice(0, 120) : "error",
      });
    }
  }
  const stage2 = opts.stage2 !== undefined ? opts.stage2 : await loadStage2();
  const bus = createEventBus();
  const ctx = createAgentCtx({
    db,
    clock: opts.clock ?? systemClock,
    ids: randomId,
    logger,
    fetch: fetchImpl,
    sleep: realSleep,
    resolve: resolveHost,
    bus,
    cloud: createCloudClient({
      fetch: fetchImpl,
      baseUrl: config.cloudUrl,
      token: () => identity?.token ?? null,
    }),
    stage2,
    cloudUrl: config.cloudUrl,
    agentVersion: AGENT_VERSION,
    envLlm: config.llm,
    mailAuthservId: config.mailAuthservId,
  });
  if (identity) Object.assign(ctx.link, { userId: identity.userId, deviceId: identity.deviceId });
  // Unsubscribe POSTs connect to the address the checks passed (a given fetch is a test's fake network).
  if (!opts.fetch) ctx.pinnedPost = createPinnedPost();
  if (config.testImageOrigin)
    logger.log("warn", "agent.test_image_origin", { note: "test-only: one loopback origin's images load" });
  // Tasks, events and notes sync with the user's other devices through the hub (relayed, never stored).
  const entitySync = createEntitySync({
    store: ctx.stores.entities.sync,
    send: (f) => link.send(f),
    logger,
    onApplied(list) {
      for (const e of list)
        if (e.kind !== "project")
          bus.emit({ type: "entity.changed", entity: toEntity(e), deleted: e.deleted });
      void projectSync.applyRemote(list);
    },
  });
  // Projects (metadata only) reach the user's other devices the same way; the agent stays the authority.
  const projectSync = createProjectSync({ ctx: folders.ctx, log: ctx.stores.entities, logger });
  folders.ctx.onProjectChanged = projectSync.publish;
  await projectSync.publishAll();
  const stopEntityPush = ctx.stores.entities.onLocalWrite(() => void entitySync.pushed());
  let runId = `run-${Date.now()}`;
  const logFailure = (event: string, e: unknown) =>
    logger.log("warn", event, {
      error: e instanceof Error ? ((e as { code?: string }).code ?? e.name) : "error",
    });
  let stopping = false;
  // The socket's close event fires after stop() began: by then the DB may be closed.
  const pushStatus = async () => {
    if (stopping) return;
    const status = await getStatus(ctx).catch((e: unknown) => (stopping ? null : Promise.reject(e)));
    if (status) bus.emit({ type: "status.changed", status });
  };
  const link: DeviceLink = createDeviceLink({
    cloudUrl: config.cloudUrl,
    token: () => identity?.token ?? null,
    agentVersion: AGENT_VERSION,
    logger,
    async onProposal(frame) {
      const s = await ingestProposal(ctx, frame);
      await ctx.stores.suggestions.markAcked(frame.proposalId, Date.now());
      // Stored and classified: the ack may go now; alerts and L4+ actions follow without delaying it.
      if (s) {
        const run = runId;
        void (async () => {
          await maybeAlert(ctx, s);
          await assistOnArrival(ctx, s, run);
        })().catch((e: unknown) =>
          logger.log("warn", "assist.failed", {
            proposalId: s.id,
            error: e instanceof Error ? ((e as { code?: string }).code ?? e.name) : "error",
          }),
        );
      }
    },
    onWelcome(w) {
      runId = `run-${Date.now()}`;
      Object.assign(ctx.link, {
        userId: w.userId,
        deviceId: w.deviceId,
        connected: true,
        lastConnectedAt: Date.now(),
        lastError: null,
      });
      void flushOutbox(ctx).then(pushStatus);
      void entitySync.connected();
      void accountRelay.snapshot().catch((e: unknown) => logFailure("account_relay.failed", e));
      void checkNotices(ctx).catch((e: unknown) => logFailure("notice.check_failed", e));
      void applySpamOverrides(ctx).catch((e: unknown) => logFailure("screened.sync_failed", e));
    },
    onEntityFrame: (f) => void entitySync.handle(f),
    onAccountFrame: (f) =>
      void accountRelay.handle(f).catch((e: unknown) => logFailure("account_relay.failed", e)),
    // Kept in the agent's file: the hub hands each notice out once, and the PWA may open later.
    onNotice: (n) => void receiveNotice(ctx, n).catch((e: unknown) => logFailure("notice.store_failed", e)),
    onState(s) {
      if (!s.connected) entitySync.disconnected();
      ctx.link.connected = s.connected;
      ctx.link.lastError = s.error;
      void pushStatus();
    },
  });
  // Suggestions from the mail accounts reach the person's phone through the hub (relayed, never stored);
  // the phone's Approve/Reject/Undo comes back and runs here, on the mail server.
  // mailService is made below, before any frame can arrive (frames come after an await).
  const accountRelay = createAccountRelay(
    ctx,
    (f) => link.send(f),
    undefined,
    (id) => listAccountFolders(mailService, id),
  );
  const unsubscribeAccountRelay = bus.subscribe((e) => {
    if (e.type !== "suggestion.created" && e.type !== "suggestion.updated") return;
    if (!ctx.link.connected) return;
    void accountRelay.changed(e.suggestion).catch((err: unknown) => logFailure("account_relay.failed", err));
  });
  ctx.readItem = (proposalId) => link.readItem(proposalId);
  ctx.readItemAnswer = (proposalId) => link.readItemAnswer(proposalId);
  ctx.cloudScreened = (op, proposalId) => link.screened(op, proposalId);
  ctx.cloudReadState = (ids) => link.readState(ids);
  ctx.projectBlocks = projectBlocks(folders.ctx);
  // Kill stops the link at once; resume brings it back and replays the outbox.
  ctx.onOutboxChanged = () => {
    void ctx.stores.settings.control().then((c) => {
      if (!c.killed && opts.connect !== false) link.start();
      void flushOutbox(ctx);
    });
  };
  const unsubscribeKill = bus.subscribe((e) => {
    if (e.type === "status.changed" && e.status.control.killed) void link.stop();
  });
  const control = await ctx.stores.settings.control();
  if (opts.connect !== false && !control.killed) link.start();

  const mailService = mailAccountService({ db, home: config.home });
  let mailWatchRef: MailWatch | undefined;
  const auth = createLocalAuth(db, () => Date.now());
  const cliToken = await auth.issue("cli");
  await writeSecretFile(path.join(config.home, "cli-token"), cliToken);
  const app = createLocalApi({
    ctx,
    auth,
    pwaOrigins: config.pwaOrigins,
    devPair: config.devPair,
    projects: opts.projects ?? folders.routes,
    mailAccounts: mailAccountRoutes({ service: mailService, watch: () => mailWatchRef }),
    images: messageImageRoutes({ ctx, get: createPinnedGet(), allowOrigin: config.testImageOrigin }),
    async cloudPair(code) {
      const next = await cloudPair({
        fetch: fetchImpl,
        cloudUrl: config.cloudUrl,
        code,
        deviceName: config.deviceName,
        now: Date.now(),
      });
      await saveIdentity(config.home, next);
      identity = next;
      Object.assign(ctx.link, { userId: next.userId, deviceId: next.deviceId });
      await link.stop();
      if (opts.connect !== false && !(await ctx.stores.settings.control()).killed) link.start();
      logger.log("info", "agent.cloud_paired", { deviceId: next.deviceId });
      return getStatus(ctx);
    },
    remoteAddress: (c) =>
      (c as { env?: { incoming?: { socket?: { remoteAddress?: string } } } }).env?.incoming?.socket
        ?.remoteAddress,
  });
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: config.port });
  await new Promise<void>((r) => (server.listening ? r() : server.once("listening", () => r())));
  const port = (server.address() as AddressInfo).port;
  await writeSecretFile(path.join(config.home, "agent.json"), JSON.stringify({ port, pid: process.pid }));
  const localScouts = startLocalScouts(ctx);
  ctx.localScouts = localScouts;
  // Mail accounts the agent reads itself (IMAP, JMAP): watched while it runs; `accounts add` in another
  // process is picked up by the next refresh (the minute timer below).
  const mailWatch = startMailWatch(ctx, mailService, opts.mailWatch);
  ctx.mailWatch = mailWatch;
  mailWatchRef = mailWatch;
  ctx.mailActions = mailAccountActions(ctx, mailService);
  await mailWatch.refresh();
  // The kill switch stops the watchers (connections closed, no sync); off again, they resume from
  // their saved cursors. Acts on changes only: watchers emit status themselves.
  let mailKilled = mailWatch.killed;
  const unsubscribeMailKill = bus.subscribe((e) => {
    if (e.type !== "status.changed" || e.status.control.killed === mailKilled) return;
    mailKilled = e.status.control.killed;
    void mailWatch.refresh().catch((err: unknown) => logFailure("mail.refresh_failed", err));
  });
  const timer = setInterval(() => {
    void scheduleTick(ctx).catch((e: unknown) =>
      logger.log("warn", "schedule.failed", {
        error: e instanceof Error ? e.message.slice(0, 120) : "error",
      }),
    );
    void flushOutbox(ctx).catch(() => {});
    // A connection re-authorized elsewhere (another device, the CLI's browser) clears its notice here.
    if (ctx.link.connected) {
      void checkNotices(ctx).catch((e: unknown) => logFailure("notice.check_failed", e));
      // Later Gmail spam from a sender the person called "not spam" comes back without a visit.
      void applySpamOverrides(ctx).catch((e: unknown) => logFailure("screened.sync_failed", e));
    }
    // The CLI (another process) may have linked or scanned meanwhile; unchanged projects write nothing.
    void projectSync.publishAll();
    void mailWatch.refresh().catch((e: unknown) => logFailure("mail.refresh_failed", e));
  }, 60_000);
  timer.unref();

  return {
    ctx,
    app,
    auth,
    link,
    entitySync,
    mailWatch,
    /** The mail accounts it reads (tests list their folders through it). */
    mailAccounts: mailService,
    port,
    url: `http://127.0.0.1:${port}`,
    newPairingCode: () => auth.newCode(),
    async stop() {
      stopping = true;
      clearInterval(timer);
      localScouts.stop();
      unsubscribeMailKill();
      await mailWatch.stop();
      unsubscribeKill();
      unsubscribeAccountRelay();
      accountRelay.stop();
      stopEntityPush();
      await link.stop();
      await entitySync.idle();
      await new Promise<void>((r) => server.close(() => r()));
      await folders.stop();
      client.close();
    },
  };
}
export type RunningAgent = Awaited<ReturnType<typeof startAgent>>;
