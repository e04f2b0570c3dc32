import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SyncedProject } from "@scouts/core/device/project-entities";
import type { Entity, Suggestion } from "@scouts/core/protocol/local-api";
import { classifyStage2 } from "@scouts/core/triage/stage2";
import { createTsRunner } from "@scouts/core/triage/ts-runner";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems } from "../support/axe.ts";
import { launchChromium } from "../support/browser.ts";
import {
  childEnv,
  freePort,
  type Running,
  repoRoot,
  startProcess,
  startWranglerDev,
  type WranglerDev,
  waitForHttp,
} from "../support/processes.ts";

/**
 * No local agent: the built PWA (vite preview proxying to wrangler dev) pairs the browser as a
 * device, stores proposals in IndexedDB with stage 2 run by onnxruntime-web in the Web Worker,
 * acks them (no redelivery), acts and undoes through the cloud, and queues actions offline.
 */
let worker: WranglerDev;
let preview: Running;
let agent: Running | undefined;
let agentHome: string | undefined;
let outDir: string;
let baseUrl: string;
let browser: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
const requests: string[] = [];
let delivered = 0;
/** The task converted at the agent (the project test links it to a project). */
let syncedTaskId = "";

type Harness = {
  start(pair?: { devEmail: string }): Promise<{ deviceId: string | null }>;
  state(): { connected: boolean; received: number; acked: number };
  stored(): Promise<{ suggestions: Suggestion[]; outbox: { id: string }[] }>;
  identity(): { token: string; deviceId: string; userId: string } | null;
  flush(): Promise<unknown>;
  drop(): void;
  act(id: string, action: string, until?: number): Promise<{ status: string; ledgerId: string | null }>;
  wakeSnoozes(): Promise<Suggestion[]>;
  undoOne(id: string): Promise<{ undone: string[]; skipped: unknown[] }>;
  ledger(): Promise<{
    items: { id: string; action: string; status: string; cloudLedgerId: string | null }[];
  }>;
  entities(c: string): Promise<{ items: Entity[] }>;
  patchEntity(c: string, id: string, patch: Partial<Entity>): Promise<Entity>;
  projects(): Promise<SyncedProject[]>;
  patchProject(id: string, edit: { name?: string; notes?: string }): Promise<SyncedProject>;
  rawEntities(): Promise<unknown[]>;
  stop(): Promise<void>;
};
const harness = <T>(fn: (h: Harness, arg: unknown) => T | Promise<T>, arg?: unknown): Promise<T> =>
  page.evaluate(
    ([src, a]) => {
      const h = (globalThis as unknown as { scoutsDevice: Harness }).scoutsDevice;
      return new Function("h", "a", `return (${src})(h, a)`)(h, a) as T;
    },
    [fn.toString(), arg] as const,
  );

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out: ${what} ${String(last ?? "")}\n${worker.output().slice(-3000)}`);
}

let deviceToken: string | null = null;
/** The demo scout produces `count` new items now (as this browser device). */
async function emitDemo(count: number): Promise<void> {
  // Kept after the harness stops: the real app (last tests) is the same paired device.
  deviceToken ??= (await harness((h) => h.identity()))!.token;
  const token = deviceToken;
  const emit = await fetch(`${baseUrl}/api/v1/dev/demo/emit`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ count }),
  });
  expect(emit.status).toBe(202);
}

async function openHarness(): Promise<void> {
  page = await browser.context.newPage();
  await page.goto(`${baseUrl}/device-test.html`);
  await page.waitForSelector("body[data-ready=true]");
}

beforeAll(async () => {
  worker = await startWranglerDev({
    SCOUTS_ENV: "development",
    SCOUTS_DEV_MODE: "true",
    TOKEN_KEYS: JSON.stringify({ "1": Buffer.alloc(32, 5).toString("base64") }),
    SESSION_SECRET: "e2e-pwa-device-session-secret-0123456789",
  });
  outDir = await mkdtemp(path.join(tmpdir(), "scouts-pwa-device-"));
  const vite = path.join(repoRoot, "node_modules", ".bin", "vite");
  const build = spawnSync(vite, ["build", "--config", "web/vite.config.ts", "--outDir", outDir], {
    cwd: repoRoot,
    env: childEnv({ SCOUTS_DEVICE_HARNESS: "1" }),
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  const port = await freePort();
  preview = startProcess(
    vite,
    ["preview", "--config", "web/vite.config.ts", "--outDir", outDir, "--port", String(port), "--strictPort"],
    childEnv({ SCOUTS_CLOUD_URL: worker.url }),
  );
  baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/device-test.html`, 30_000, preview);
  browser = await launchChromium();
  browser.context.on("request", (r) => requests.push(r.url()));
  await openHarness();
});

afterAll(async () => {
  await agent?.stop();
  if (agentHome) await rm(agentHome, { recursive: true, force: true });
  await browser?.close();
  await preview?.stop();
  await worker?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe("the PWA as a device (no local agent)", () => {
  it("IndexedDB store: versioned schema, dedupe by id, outbox in order, ledger selectors, notices", async () => {
    const out = await page.evaluate(async () => {
      type Store = import("../../web/src/device/store-types.ts").DeviceStore & { close(): void };
      const m = (
        globalThis as unknown as {
          scoutsDeviceStore: { openDeviceStore(n: string): Promise<Store>; DEVICE_DB_VERSION: number };
        }
      ).scoutsDeviceStore;
      const name = `store-test-${Math.random()}`;
      const store = await m.openDeviceStore(name);
      const s = { id: "p1", status: "new", receivedAt: 1 } as never;
      const inserts = [await store.insertSuggestion(s), await store.insertSuggestion(s)];
      const item = (id: string) =>
        ({
          id,
          kind: "action",
          ledgerId: id,
          payload: {},
          status: "pending",
          attempts: 0,
          lastError: null,
          createdAt: 0,
        }) as const;
      for (const id of ["c", "a", "b"]) await store.outboxAdd(item(id));
      const b = (await store.outboxGet("a"))!;
      await store.outboxPut({ ...b, status: "done" });
      const duplicate = await store.outboxAdd(item("c")).then(
        () => "added",
        () => "refused",
      );
      const entry = (id: string, createdAt: number, runId: string | null) =>
        ({ id, runId, sessionId: "s", createdAt }) as never;
      await store.ledgerPut(entry("l1", 10, "r1"));
      await store.ledgerPut(entry("l2", 20, "r1"));
      await store.ledgerPut(entry("l3", 30, null));
      await store.kvSet("settings", { x: 1 });
      // The hub's notices: one per scout and kind (a repeat keeps its id), kept until dismissed.
      const reauth = { kind: "needs_reauth", scoutId: "s1", provider: "google" } as const;
      await store.notices.receive({ ...reauth, message: "Gmail expired" }, 1, "n1");
      await store.notices.receive({ ...reauth, message: "Gmail expired again" }, 2, "n2");
      await store.notices.receive({ kind: "info", message: "Digest posted" }, 3, "n3");
      const dismissed = [await store.notices.dismiss("n3", 4), await store.notices.dismiss("nope", 4)];
      store.close();
      const again = await m.openDeviceStore(name);
      const result = {
        version: m.DEVICE_DB_VERSION,
        dbVersion: (await indexedDB.databases()).find((d) => d.name === name)?.version,
        inserts,
        count: (await again.allSuggestions()).length,
        pending: (await again.outboxPending()).map((o) => o.id),
        duplicate,
        run: (await again.ledgerList({ runId: "r1" })).map((e) => e.id),
        window: (await again.ledgerList({ since: 15, until: 30 })).map((e) => e.id),
        kv: await again.kvGet("settings"),
        notices: (await again.notices.active()).map((n) => [n.id, n.kind, n.message, n.receivedAt]),
        dismissed,
      };
      again.close();
      indexedDB.deleteDatabase(name);
      // A version-1 database (entities as kv `entity:<id>`) upgrades into the entity log.
      const legacy = `store-legacy-${Math.random()}`;
      await new Promise<void>((resolve, reject) => {
        const req = indexedDB.open(legacy, 1);
        req.onupgradeneeded = () => {
          const kv = req.result.createObjectStore("kv");
          kv.put({ id: "old-1", kind: "task", title: "From v1", createdAt: 5, updatedAt: 5 }, "entity:old-1");
          kv.put({ a: 1 }, "settings");
        };
        req.onsuccess = () => {
          req.result.close();
          resolve();
        };
        req.onerror = () => reject(req.error);
      });
      const upgraded = await m.openDeviceStore(legacy);
      const moved = {
        log: (await upgraded.entities.since(0, 10)).map((r) => [r.seq, r.entity.id, r.entity.title]),
        kvEntity: await upgraded.kvGet("entity:old-1"),
        settings: await upgraded.kvGet("settings"),
      };
      upgraded.close();
      indexedDB.deleteDatabase(legacy);
      return { ...result, moved };
    });
    expect(out).toEqual({
      version: 3,
      dbVersion: 3,
      inserts: [true, false],
      count: 1,
      pending: ["c", "b"],
      duplicate: "refused",
      run: ["l2", "l1"],
      window: ["l3", "l2"],
      kv: { x: 1 },
      notices: [["n1", "needs_reauth", "Gmail expired again", 2]],
      dismissed: [true, false],
      moved: { log: [[1, "old-1", "From v1"]], kvEntity: undefined, settings: { a: 1 } },
    });
  });

  it("pairs, stores demo proposals in IndexedDB with stage 2 from onnxruntime-web, acks them", async () => {
    const { deviceId } = await harness((h) => h.start({ devEmail: "pwa-device-e2e@scouts.local" }));
    expect(deviceId).toMatch(/.+/);
    await until("connected", async () => (await harness((h) => h.state())).connected);
    await emitDemo(5);

    // Stage 1 in the Worker drops the demo feed's spam, so fewer than 5 may arrive: wait until every
    // delivered proposal is stored, classified and acked, and nothing more comes.
    let stored: Suggestion[] = [];
    await until("delivered proposals stored, classified and acked", async () => {
      const { suggestions } = await harness((h) => h.stored());
      const st = await harness((h) => h.state());
      const settled =
        suggestions.length >= 3 &&
        suggestions.length === stored.length &&
        st.acked === suggestions.length &&
        st.received === suggestions.length;
      stored = suggestions;
      return settled && suggestions.every((s) => s.category !== "unprocessed");
    });
    expect(stored.length).toBeLessThanOrEqual(5);
    delivered = stored.length;
    for (const s of stored) {
      expect(s.status).toBe("new");
      expect(s.bucket).not.toBeNull();
      expect(s.speechAct).not.toBeNull();
      expect(s.verdict).toBe("relevant");
    }

    // The model ran in the Web Worker on onnxruntime-web with wasm from our own origin.
    expect(page.workers().some((w) => w.url().includes("model-worker"))).toBe(true);
    expect(requests.some((u) => u === `${baseUrl}/ort/ort-wasm-simd-threaded.wasm`)).toBe(true);
    expect(requests.some((u) => /\/assets\/stage2-[\w-]+\.onnx$/.test(u))).toBe(true);
    expect(requests.filter((u) => u.includes("/api/v1/device")).every((u) => !u.includes("token"))).toBe(
      true,
    );

    // Same answers as the Worker's TypeScript evaluator on the same bytes (parity across runtimes).
    const runner = createTsRunner(
      new Uint8Array(readFileSync(path.join(repoRoot, "core/triage/model/stage2.onnx"))),
    );
    for (const s of stored) {
      expect(s.from).not.toBe("");
      const ref = await classifyStage2({
        ctx: { runner },
        input: { from: s.from, subject: s.subject, snippet: s.snippet, date: s.receivedAt },
      });
      expect([s.bucket, s.speechAct, s.contentCategory]).toEqual([ref.bucket, ref.speechAct, ref.category]);
      expect(s.priority).toBeCloseTo(ref.priority, 4);
      expect(s.why).toEqual(expect.arrayContaining(ref.why));
    }
  });

  it("archives through the cloud and undoes it; offline actions queue and replay once", async () => {
    const { suggestions } = await harness((h) => h.stored());
    const [a, b] = suggestions as [Suggestion, Suggestion];
    const done = await harness((h, id) => h.act(id as string, "archive"), a.id);
    expect(done.status).toBe("applied");
    const undo = await harness((h, id) => h.undoOne(id as string), done.ledgerId);
    expect(undo.undone).toEqual([done.ledgerId]);
    const cloud = async () =>
      (await (
        await fetch(`${baseUrl}/api/v1/ledger`, {
          headers: { authorization: `Bearer ${(await harness((h) => h.identity()))!.token}` },
        })
      ).json()) as { items: { id: string; action: string; undoOf: string | null }[] };
    const afterUndo = await cloud();
    const applied = (await harness((h) => h.ledger())).items.find((e) => e.id === done.ledgerId)!;
    expect(afterUndo.items.map((e) => [e.action, e.undoOf === applied.cloudLedgerId])).toEqual([
      ["unarchive", true],
      ["archive", false],
    ]);
    expect((await harness((h) => h.stored())).suggestions.find((s) => s.id === a.id)?.status).toBe("new");

    await browser.context.setOffline(true);
    const queued = await harness((h, id) => h.act(id as string, "mark_read"), b.id);
    expect(queued.status).toBe("queued");
    expect((await harness((h) => h.stored())).outbox.map((o) => o.id)).toEqual([queued.ledgerId]);
    await browser.context.setOffline(false);
    await until(
      "replayed after going online",
      async () => (await harness((h) => h.stored())).outbox.length === 0,
    );
    await harness((h) => h.flush());
    const marks = (await cloud()).items.filter((e) => e.action === "mark_read");
    expect(marks).toHaveLength(1);
    const mine = (await harness((h) => h.ledger())).items.find((e) => e.id === queued.ledgerId)!;
    expect(mine.status).toBe("applied");
  });

  it("a snooze wakes through the cloud: unsnooze recorded once, the suggestion back in IndexedDB", async () => {
    const { suggestions } = await harness((h) => h.stored());
    const c = suggestions.filter((s) => s.status === "new").at(-1)!;
    const snoozed = await harness((h, a) => h.act((a as { id: string }).id, "snooze", Date.now() + 1500), {
      id: c.id,
    });
    expect(snoozed.status).toBe("applied");
    expect((await harness((h) => h.stored())).suggestions.find((s) => s.id === c.id)?.status).toBe("snoozed");
    await new Promise((r) => setTimeout(r, 2000));
    const woke = await harness((h) => h.wakeSnoozes());
    expect(woke.map((s) => s.id)).toEqual([c.id]);
    expect(await harness((h) => h.wakeSnoozes())).toEqual([]);
    const token = (await harness((h) => h.identity()))!.token;
    const cloud = (await (
      await fetch(`${baseUrl}/api/v1/ledger`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { action: string; undoOf: string | null }[] };
    expect(cloud.items.filter((e) => e.action === "unsnooze")).toHaveLength(1);
    const wake = (await harness((h) => h.ledger())).items.find((e) => e.id === `wake-${snoozed.ledgerId}`);
    expect(wake).toMatchObject({ action: "unsnooze", status: "applied" });
    expect((await harness((h) => h.stored())).suggestions.find((s) => s.id === c.id)?.status).toBe("new");
  });

  it("a dropped socket reconnects by itself and receives what was emitted meanwhile", async () => {
    const before = await harness((h) => h.state());
    await harness((h) => h.drop());
    await until("saw the drop", async () => !(await harness((h) => h.state())).connected, 10_000);
    await emitDemo(3);
    let count = 0;
    await until("reconnected and got the new ones", async () => {
      const st = await harness((h) => h.state());
      const n = (await harness((h) => h.stored())).suggestions.length;
      const settled = st.connected && n > delivered && n === count && st.acked === st.received;
      count = n;
      return settled;
    });
    const after = await harness((h) => h.state());
    // Only the new proposals came: none of the acked ones again.
    expect(after.received - before.received).toBe(count - delivered);
    delivered = count;
  });

  it("acked proposals are not redelivered when the device reconnects", async () => {
    await harness((h) => h.stop());
    await page.close();
    await openHarness();
    await harness((h) => h.start());
    await until("reconnected", async () => (await harness((h) => h.state())).connected);
    // The hub sends every un-acked proposal right after welcome; give it time to (not) arrive.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await harness((h) => h.state())).received).toBe(0);
    expect((await harness((h) => h.stored())).suggestions).toHaveLength(delivered);
  });

  it("an entity converted in the agent reaches this browser through the hub; edits flow both ways", async () => {
    // The user's local agent (same account, dev-paired) joins: two devices of one user on one hub.
    agentHome = await mkdtemp(path.join(tmpdir(), "scouts-pwa-agent-"));
    const port = await freePort();
    const agentUrl = `http://127.0.0.1:${port}`;
    agent = startProcess(
      path.join(repoRoot, "node_modules", ".bin", "node"),
      [path.join(repoRoot, "local-agent", "main.ts")],
      childEnv({
        SCOUTS_HOME: agentHome,
        SCOUTS_CLOUD_URL: worker.url,
        SCOUTS_AGENT_PORT: String(port),
        SCOUTS_DEV_PAIR: "true",
        SCOUTS_DEV_EMAIL: "pwa-device-e2e@scouts.local",
      }),
    );
    const home = agentHome;
    const agentDevice = await until("agent dev pairing", async () =>
      JSON.parse(await readFile(path.join(home, "device.json"), "utf8")),
    );
    const localToken = await until("agent dev token", async () => {
      const r = await fetch(`${agentUrl}/local/v1/dev-token`);
      return r.ok && ((await r.json()) as { token: string }).token;
    });
    const local = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${agentUrl}/local/v1${p}`, {
        ...init,
        headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
      });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    await until(
      "agent linked",
      async () => (await local<{ cloud: { connected: boolean } }>("/status")).cloud.connected,
    );
    const browserIdentity = (await harness((h) => h.identity()))!;
    expect(agentDevice.userId).toBe(browserIdentity.userId);
    expect(agentDevice.deviceId).not.toBe(browserIdentity.deviceId);

    // New mail reaches both devices; the agent converts one to a task in its own DB.
    await emitDemo(3);
    const first = await until("a suggestion at the agent", async () => {
      const page = await local<{ items: Suggestion[] }>("/suggestions?status=new");
      return page.items.find((x) => x.category !== "unprocessed");
    });
    const converted = await local<{ entity: Entity }>(`/suggestions/${first.id}/decision`, {
      method: "POST",
      body: JSON.stringify({ decision: "convert", convertTo: "task" }),
    });
    const task = converted.entity;
    syncedTaskId = task.id;
    expect(task.sourceSuggestionId).toBe(first.id);

    const seen = await until("the task in the browser's IndexedDB", async () =>
      (await harness((h) => h.entities("tasks"))).items.find((e) => e.id === task.id),
    );
    expect(seen).toMatchObject({ title: task.title, body: task.body, sourceSuggestionId: first.id });

    // Edited in the browser: back in the agent's libSQL.
    await harness(
      (h, id) => h.patchEntity("tasks", id as string, { title: "Edited on the phone", done: true }),
      task.id,
    );
    await until("the edit at the agent", async () => {
      const list = await local<{ items: Entity[] }>("/entities/tasks");
      const t = list.items.find((e) => e.id === task.id);
      return t?.title === "Edited on the phone" && t.done;
    });

    // The browser goes away; the agent edits; the change waits and arrives when the browser is back.
    await harness((h) => h.stop());
    await local(`/entities/tasks/${task.id}`, {
      method: "PATCH",
      body: JSON.stringify({ title: "Edited at the desk while the phone was off" }),
    });
    await harness((h) => h.start());
    await until("the offline edit after reconnecting", async () => {
      const t = (await harness((h) => h.entities("tasks"))).items.find((e) => e.id === task.id);
      return t?.title === "Edited at the desk while the phone was off" && t.done;
    });
  });

  it("a project linked in the agent reaches this browser (metadata only); a rename flows back", async () => {
    const agentUrl = `http://127.0.0.1:${JSON.parse(await readFile(path.join(agentHome!, "agent.json"), "utf8")).port}`;
    const localToken = ((await (await fetch(`${agentUrl}/local/v1/dev-token`)).json()) as { token: string })
      .token;
    const local = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${agentUrl}/local/v1${p}`, {
        ...init,
        headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
      });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const folder = path.join(agentHome!, "work", "client-site");
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "plan.md"), "CANARY-file-content-Qw8 launch plan\n");
    const created = await local<{ id: string }>("/projects", {
      method: "POST",
      body: JSON.stringify({ name: "Client site" }),
    });
    await local(`/projects/${created.id}/folder`, { method: "PUT", body: JSON.stringify({ path: folder }) });

    // Linked and scanned at the agent: the browser sees name, folder display name and file count.
    const seen = await until("the project in the browser's IndexedDB", async () =>
      (await harness((h) => h.projects())).find((p) => p.id === created.id && p.fileCount === 1),
    );
    expect(seen).toMatchObject({ name: "Client site", folderName: "client-site", fileCount: 1 });
    expect(seen.lastScanAt).toEqual(expect.any(Number));
    // Never the folder's path, a file name or file content.
    const raw = JSON.stringify(await harness((h) => h.rawEntities()));
    expect(raw).toContain("client-site");
    for (const secret of [agentHome!, "plan.md", "CANARY-file-content-Qw8"])
      expect(raw).not.toContain(secret);

    // Renamed on the phone: the agent's own project record changes.
    await harness(
      (h, id) => h.patchProject(id as string, { name: "Client site v2", notes: "call Bo" }),
      created.id,
    );
    await until("the rename at the agent", async () => {
      const p = await local<{ name: string; notes: string }>(`/projects/${created.id}`);
      return p.name === "Client site v2" && p.notes === "call Bo";
    });

    // The agent files the synced task under the project; the browser gets the link with it.
    await local(`/entities/tasks/${syncedTaskId}`, {
      method: "PATCH",
      body: JSON.stringify({ projectId: created.id }),
    });
    await until("the task's project link in the browser", async () =>
      (await harness((h) => h.entities("tasks"))).items.some(
        (e) => e.id === syncedTaskId && e.projectId === created.id,
      ),
    );
  });

  it("the real app falls back to device mode, lists them, and precaches the model and wasm", async () => {
    const { suggestions } = await harness((h) => h.stored());
    await harness((h) => h.stop());
    await page.close();
    // A remembered agent URL where nothing listens: discovery fails fast, as on a phone.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    page = await browser.context.newPage();
    await page.goto(`${baseUrl}/suggestions#agent=${encodeURIComponent(nowhere)}&token=none`);
    await page.getByText("This browser", { exact: true }).first().waitFor({ timeout: 30_000 });
    for (const s of suggestions.filter((x) => x.status === "new"))
      await page.getByRole("heading", { name: s.subject }).first().waitFor({ timeout: 30_000 });
    // The Tasks screen of the device-mode app lists the task synced from the agent, from IndexedDB.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Tasks", exact: true })
      .click();
    // It shows the name of the project it is filed under (synced from the agent too).
    await page
      .locator("li.entity")
      .filter({ hasText: "Edited at the desk while the phone was off" })
      .filter({ hasText: "project Client site v2" })
      .first()
      .waitFor({ timeout: 15_000 });
    // The Projects screen lists the project synced from the agent, and says where its files are.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Projects", exact: true })
      .click();
    await page.getByRole("listitem", { name: "Project Client site v2" }).waitFor({ timeout: 15_000 });
    await page.getByText("live on the agent and never leave it", { exact: false }).waitFor();
    const cached = await until("service worker precache", () =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
        const want = [
          /^\/ort\/ort-wasm-simd-threaded\.wasm$/,
          /\/stage2-[\w-]+\.onnx$/,
          /model-worker-[\w-]+\.js$/,
        ];
        return want.every((w) => urls.some((u) => w.test(u))) && urls;
      }),
    );
    expect(cached.length).toBeGreaterThan(3);
  });

  it("device mode has the same controls: the kill switch refuses an action until resumed", async () => {
    const nav = (name: string) =>
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
    const banner = () => page.getByRole("status", { name: "Assistant state" }).textContent();
    await nav("Settings");
    const controls = page.getByRole("region", { name: "Controls" });
    await controls.waitFor({ timeout: 15_000 });
    expect(await controls.getByRole("checkbox", { name: "Gmail" }).isChecked()).toBe(true);
    // A browser reads no files: no local-source switches, and the form says why.
    expect(await controls.getByRole("checkbox", { name: "Watched folder" }).count()).toBe(0);
    await page.getByText("need the local agent", { exact: false }).waitFor();
    await page.screenshot({
      path: path.join(repoRoot, "test-results", "screenshots", "device-settings-controls.png"),
      fullPage: true,
    });
    expect(await axeProblems(page)).toEqual([]);
    await controls.getByRole("button", { name: "Kill switch: stop everything now" }).click();
    await page
      .getByRole("dialog", { name: "Stop everything now?" })
      .getByRole("button", { name: "Stop everything" })
      .click();
    await expect.poll(banner).toMatch(/^Stopped by kill switch/);
    await nav("Suggestions");
    await page
      .getByRole("region", { name: "Suggestion list" })
      .getByRole("article")
      .first()
      .waitFor({ timeout: 15_000 });
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("k");
    await page.keyboard.press("e");
    // Said on the card that was acted on (role=alert), where the person is looking.
    await expect
      .poll(() => page.getByRole("region", { name: "Suggestion list" }).getByRole("alert").textContent())
      .toBe("Could not archive: kill switch is on");
    await nav("Settings");
    await controls.getByRole("button", { name: "Resume" }).click();
    await expect.poll(banner).toBe("");
  });

  it("the kill switch cancels an approval still in the outbox: undo says nothing to undo, the card is back", async () => {
    const nav = (name: string) =>
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
    const banner = () => page.getByRole("status", { name: "Assistant state" }).textContent();
    const toast = page.getByRole("status", { name: "Last action" });
    await nav("Suggestions");
    const cards = page.getByRole("region", { name: "Suggestion list" }).getByRole("article");
    await cards.first().waitFor({ timeout: 15_000 });
    const card = cards.first();
    const id = (await card.getAttribute("data-id"))!;
    const subject = (await card.getByRole("heading").first().textContent())!;
    // Offline: the approved archive cannot leave, so it waits in this browser's outbox.
    await browser.context.setOffline(true);
    try {
      await card.getByLabel("Instead").selectOption("archive");
      await card.getByRole("button", { name: /^Approve: Archive/ }).click();
      await expect.poll(() => page.locator(`article[data-id="${id}"]`).count(), { timeout: 10_000 }).toBe(0);
      await expect
        .poll(() => toast.locator(".undo-text").textContent(), { timeout: 10_000 })
        .toBe(`Queued: Archive “${subject}”, sent once you are back online. Press u to undo.`);

      await nav("Settings");
      const controls = page.getByRole("region", { name: "Controls" });
      await controls.getByRole("button", { name: "Kill switch: stop everything now" }).click();
      await page
        .getByRole("dialog", { name: "Stop everything now?" })
        .getByRole("button", { name: "Stop everything" })
        .click();
      await expect.poll(banner).toMatch(/^Stopped by kill switch/);

      // Undo still works under the kill switch (it stops the assistant, not the person).
      await nav("Suggestions");
      await cards.first().waitFor({ timeout: 15_000 });
      await page.locator("body").click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("u");
      await expect
        .poll(() => toast.locator(".undo-text").textContent(), { timeout: 10_000 })
        .toBe(`Archive “${subject}”: cancelled — nothing to undo in the mailbox.`);
      await page.locator(`article[data-id="${id}"]`).waitFor({ timeout: 10_000 });
      await page.screenshot({
        path: path.join(repoRoot, "test-results", "screenshots", "device-kill-cancelled-undo.png"),
        fullPage: true,
      });
    } finally {
      await browser.context.setOffline(false);
    }
    await nav("Settings");
    await page.getByRole("region", { name: "Controls" }).getByRole("button", { name: "Resume" }).click();
    await expect.poll(banner).toBe("");
  });

  it("Move to… in device mode: the demo sender's next message arrives in the corrected bucket", async () => {
    // Demo senders with one address whose every message passes stage 1 (the power bill's do not always).
    const fixed = [
      "news@weeklybyte.example",
      "notification@slack.example",
      "updates@parcel-tracker.example",
      "reviews@code-host.example",
    ];
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Suggestions", exact: true })
      .click();
    const cards = page.getByRole("region", { name: "Suggestion list" }).getByRole("article");
    await cards.first().waitFor({ timeout: 15_000 });
    const froms = await cards.locator(".from").allTextContents();
    const address = fixed.find((a) => froms.some((f) => f.includes(a)));
    expect(address, `a demo card from a fixed sender among ${froms.join(", ")}`).toBeDefined();
    const mine = cards.filter({ hasText: address! }).first();
    const id = (await mine.getAttribute("data-id"))!;
    const target =
      (await mine.locator(".badge").first().textContent()) === "Urgent" ? "low_priority" : "urgent";
    const targetText = target === "urgent" ? "Urgent" : "Low priority";
    await mine.getByRole("button", { name: /^Move to… .*: another bucket or cohort$/ }).click();
    await mine.getByRole("form").getByLabel("Bucket").selectOption(target);
    await mine.getByRole("form").getByRole("button", { name: "Move" }).click();
    await expect
      .poll(() => page.locator(`article[data-id="${id}"]`).getByRole("note").textContent(), {
        timeout: 10_000,
      })
      .toBe(`Learned: next time mail from ${address} goes to the ${targetText} bucket.`);
    await page.screenshot({
      path: path.join(repoRoot, "test-results", "screenshots", "device-move-to-learned.png"),
      fullPage: true,
    });
    const known = new Set(await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-id"))));
    await emitDemo(8);
    const next = await until("the sender's next message", async () => {
      for (const el of await cards.filter({ hasText: address! }).all()) {
        const cardId = await el.getAttribute("data-id");
        if (cardId && !known.has(cardId)) return el;
      }
      return undefined;
    });
    expect(await next.locator(".badge").first().textContent()).toBe(targetText);
    expect(await next.textContent()).toContain("Sorted by your correction");
  });
});
