import { toEntity } from "@scouts/core/device/entity-log";
import { createEntitySync } from "@scouts/core/device/entity-sync";
import { readCloudMessage } from "@scouts/core/device/read-message";
import { CoreError } from "@scouts/core/errors";
import { createComputerAccounts } from "./account-relay.ts";
import { readSwitches } from "./actions.ts";
import { deviceAssistOnArrival, deviceScheduledTriage } from "./assistant.ts";
import { cloudApi } from "./cloud-api.ts";
import { createHubLink } from "./hub-link.ts";
import { ingestProposal, reclassifyUnprocessed } from "./ingest.ts";
import type { Stage2Port } from "./model-api.ts";
import { flushOutbox } from "./outbox.ts";
import { DeviceIdentity, pairDevice } from "./pairing.ts";
import {
  hasSpamOverrides,
  listScreened,
  markNotSpam,
  type ScreenedCtx,
  syncScreened,
  undoNotSpam,
} from "./screened.ts";
import { answerScreener, type ScreenerCtx, screenerState, setScreener } from "./screener.ts";
import { deviceWakeSnoozes, WAKE_EVERY_MS } from "./snooze.ts";
import { type DeviceLinkState, deviceSource } from "./source.ts";
import { DEVICE_DB_NAME, openDeviceStore } from "./store.ts";

export type BrowserDevice = RunningDevice;

/**
 * The PWA as a device when no local agent is reachable: IndexedDB store, the model Web Worker
 * (started lazily), the DeviceHub socket and the outbox, behind a `SuggestionSource`.
 * Pairs first when `pair` is given and no identity is stored; rejects with CoreError
 * "unauthenticated" when neither. Works offline (reads IndexedDB, queues actions). One per database.
 *
 * @example
 *   const device = await startBrowserDevice({ pair: { devEmail: "me@example.com" }, name: "Phone" });
 *   device.source.subscribe((e) => e.type === "suggestion.created" && refresh());
 */
export function startBrowserDevice(opts: DeviceOptions): Promise<RunningDevice> {
  // One device per database: the shell may reconnect (e.g. on "online") and must get the same one.
  const key = opts.dbName ?? DEVICE_DB_NAME;
  const running = devices.get(key);
  if (running) return running;
  const p = start(opts);
  devices.set(key, p);
  p.catch(() => devices.delete(key));
  return p;
}

export interface DeviceOptions {
  baseUrl?: string;
  pair?: { code: string } | { devEmail: string };
  name?: string;
  dbName?: string;
  stage2?: Stage2Port | null;
}
type RunningDevice = Awaited<ReturnType<typeof start>>;
const devices = new Map<string, Promise<RunningDevice>>();

async function start(opts: DeviceOptions) {
  const baseUrl = opts.baseUrl ?? "";
  const store = await openDeviceStore(opts.dbName);
  let identity = DeviceIdentity.safeParse(await store.kvGet("identity")).data ?? null;
  if (!identity && opts.pair) {
    identity = await pairDevice({ baseUrl, how: opts.pair, name: opts.name ?? "Browser", now: Date.now() });
    await store.kvSet("identity", identity);
  }
  if (!identity) {
    store.close();
    throw new CoreError(
      "unauthenticated",
      "this browser is not paired as a device yet: open the pairing link",
    );
  }
  let stage2 = opts.stage2 ?? null;
  if (opts.stage2 === undefined) {
    const { startModelWorker } = await import("./model-client.ts");
    stage2 = startModelWorker();
  }
  const state: DeviceLinkState = {
    deviceId: identity?.deviceId ?? null,
    userId: identity?.userId ?? null,
    connected: false,
    lastConnectedAt: null,
    lastError: null,
    stage2Runner: stage2?.runner ?? null,
  };
  const token = () => identity?.token ?? null;
  const cloud = cloudApi({ baseUrl, token });
  const source = deviceSource({
    ctx: {
      store,
      cloud,
      now: () => Date.now(),
      ids: () => crypto.randomUUID(),
      sessionId: crypto.randomUUID(),
      sessionStartedAt: Date.now(),
    },
    link: () => state,
  });
  // The message opens from the hub on demand (the cloud fetches it for this device only, keeps nothing).
  source.readMessage = async (id) => {
    const suggestion = await store.getSuggestion(id);
    if (!suggestion) throw new CoreError("not_found", `no suggestion ${id}`);
    return readCloudMessage({
      ctx: { readItemAnswer: (p) => link.readItemAnswer(p) },
      input: { suggestion },
    });
  };
  // Screened (Gmail's spam, listed by the hub by id) and the Screener, kept in this browser only.
  const screening: ScreenedCtx & ScreenerCtx = {
    store,
    now: () => Date.now(),
    emit: (e) => source.emit(e),
    screened: (op, id) => link.screened(op, id),
    readItemAnswer: (id) => link.readItemAnswer(id),
  };
  // Opened right after the page loads, the list waits briefly for the hub instead of reading "offline".
  source.screened = async () => {
    for (
      let waited = 0;
      !state.connected && globalThis.navigator?.onLine !== false && waited < 5_000;
      waited += 100
    )
      await new Promise((r) => setTimeout(r, 100));
    return listScreened(screening);
  };
  source.notSpam = (id) => markNotSpam(screening, id);
  source.undoNotSpam = (id) => undoNotSpam(screening, id);
  source.screener = () => screenerState(store);
  source.setScreener = (enabled) => setScreener(store, enabled);
  source.answerScreener = (r) => answerScreener(screening, r);
  // A "not spam" sender's later Gmail spam comes back without a visit to Screened.
  const applyOverrides = async () => {
    // The overrides are read first: on welcome the link says connected just after this starts.
    if ((await hasSpamOverrides(store)) && state.connected) await syncScreened(screening);
  };
  const flush = () =>
    flushOutbox({ store, cloud, onLedger: (e) => source.emit({ type: "ledger.updated", entry: e }) }).catch(
      () => ({ sent: 0, stoppedBy: "error" }),
    );
  // Tasks, events and notes sync with the agent and other devices through the hub (relayed, never stored).
  const entitySync = createEntitySync({
    store: source.entityLog.sync,
    send: (f) => link.send(f),
    onApplied(list) {
      for (const e of list)
        if (e.kind !== "project")
          source.emit({ type: "entity.changed", entity: toEntity(e), deleted: e.deleted });
      if (list.some((e) => e.kind === "project")) source.projectsChanged();
    },
  });
  const stopEntityPush = source.entityLog.onLocalWrite(() => void entitySync.pushed());
  // The computer's mail-account suggestions, through the hub (memory only); decisions run on the agent.
  const computerAccounts = createComputerAccounts({ send: (f) => link.send(f), now: () => Date.now() });
  source.computerAccounts = computerAccounts;
  // Arrival actions are grouped per connection, so Activity can undo one connection's run.
  let runId = `run-${Date.now()}`;
  const link = createHubLink({
    baseUrl,
    token,
    version: "pwa-device/1",
    async onProposal(frame) {
      const s = await ingestProposal({ ctx: { store, stage2, now: () => Date.now() }, input: frame });
      if (!s) return;
      source.emit({ type: "suggestion.created", suggestion: s });
      // L4+: the assistant's reversible action, after the store (the ack does not wait for it).
      void deviceAssistOnArrival(source.ctx, s, runId).catch(() => {});
    },
    onWelcome(w) {
      runId = `run-${Date.now()}`;
      state.userId = w.userId;
      state.deviceId = w.deviceId;
      state.lastConnectedAt = Date.now();
      void flush();
      void entitySync.connected();
      computerAccounts.refresh();
      void source.checkNotices().catch(() => []);
      void applyOverrides().catch(() => {});
    },
    onEntityFrame: (f) => void entitySync.handle(f),
    onAccountFrame: (f) => computerAccounts.handle(f),
    // Kept in IndexedDB: the hub hands each notice out once, and the person may look later.
    onNotice: (n) => void source.receiveNotice(n).catch(() => {}),
    onState(s) {
      if (!s.connected) entitySync.disconnected();
      state.connected = s.connected;
      state.lastError = s.error;
    },
  });
  const online = () => void flush();
  globalThis.addEventListener?.("online", online);
  // Snoozes wake here as they do in the agent: back in the list, the message back in the inbox.
  const wake = () => deviceWakeSnoozes(source.ctx).catch(() => []);
  const wakeTimer = setInterval(() => void wake(), WAKE_EVERY_MS);
  void wake();
  // As on the agent: the kill switch closes the hub socket at once; resume reopens it and replays.
  const stopKillWatch = source.subscribe((e) => {
    if (e.type !== "status.changed") return;
    if (e.status.control.killed) void link.stop();
    else {
      link.start();
      void flush();
    }
  });
  if (!(await readSwitches(store)).control.killed) link.start();
  // L5 scheduled triage at the person's times, while this page is open (a late slot runs once).
  const triage = () => {
    void deviceScheduledTriage(source.ctx).catch(() => null);
    // A connection re-authorized meanwhile clears its notice here too.
    if (state.connected) {
      void source.checkNotices().catch(() => []);
      void applyOverrides().catch(() => {});
    }
  };
  const triageTimer = setInterval(triage, 60_000);
  triage();
  if (stage2) {
    const s2 = stage2;
    void reclassifyUnprocessed({ ctx: { store, stage2: s2 } })
      .then((list) => {
        for (const s of list) source.emit({ type: "suggestion.updated", suggestion: s });
      })
      .catch(() => {});
  }
  return {
    source,
    store,
    link,
    entitySync,
    identity: () => identity,
    flush,
    wakeSnoozes: wake,
    applyOverrides,
    async stop() {
      clearInterval(wakeTimer);
      devices.delete(opts.dbName ?? DEVICE_DB_NAME);
      clearInterval(triageTimer);
      globalThis.removeEventListener?.("online", online);
      stopKillWatch();
      stopEntityPush();
      await link.stop();
      await entitySync.idle();
      (stage2 as { terminate?: () => void } | null)?.terminate?.();
      store.close();
    },
  };
}
