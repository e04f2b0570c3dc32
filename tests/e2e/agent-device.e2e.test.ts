import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  freePort,
  type Running,
  repoRoot,
  startProcess,
  startWranglerDev,
  type WranglerDev,
} from "../support/processes.ts";

/** The real stack: wrangler dev (Worker, D1, queues, DeviceHub) and the agent process, dev-paired. */
let worker: WranglerDev;
let agent: Running;
let home: string;
let agentUrl: string;
let deviceToken: string;
let localToken: string;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out: ${what}\n${agent?.output() ?? ""}`);
}

const local = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${agentUrl}/local/v1${p}`, {
    ...init,
    headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  worker = await startWranglerDev({
    SCOUTS_ENV: "development",
    SCOUTS_DEV_MODE: "true",
    TOKEN_KEYS: JSON.stringify({ "1": Buffer.alloc(32, 3).toString("base64") }),
    SESSION_SECRET: "e2e-agent-session-secret-0123456789abcdef",
  });
  home = await mkdtemp(path.join(tmpdir(), "scouts-agent-e2e-"));
  const port = await freePort();
  agentUrl = `http://127.0.0.1:${port}`;
  agent = startProcess(
    path.join(repoRoot, "node_modules", ".bin", "node"),
    [path.join(repoRoot, "local-agent", "main.ts")],
    childEnv({
      SCOUTS_HOME: home,
      SCOUTS_CLOUD_URL: worker.url,
      SCOUTS_AGENT_PORT: String(port),
      SCOUTS_DEV_PAIR: "true",
      SCOUTS_DEV_EMAIL: "agent-e2e@scouts.local",
    }),
  );
  const identity = await until(
    "dev pairing",
    async () => JSON.parse(await readFile(path.join(home, "device.json"), "utf8")) as { token: string },
  );
  deviceToken = identity.token;
  localToken = await until("dev token", async () => {
    const r = await fetch(`${agentUrl}/local/v1/dev-token`);
    return r.ok ? ((await r.json()) as { token: string }).token : undefined;
  });
});

afterAll(async () => {
  await agent?.stop();
  await worker?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe("agent against the real Worker", () => {
  it("keeps the device token in a 0600 file", async () => {
    expect((await stat(path.join(home, "device.json"))).mode & 0o777).toBe(0o600);
  });

  it("receives demo proposals over the hub, classifies them on the device, then acts and undoes through the cloud", async () => {
    await until("hub connection", async () =>
      (await local<{ cloud: { connected: boolean } }>("/status")).cloud.connected ? true : undefined,
    );
    const emit = await fetch(`${worker.url}/api/v1/dev/demo/emit`, {
      method: "POST",
      headers: { authorization: `Bearer ${deviceToken}`, "content-type": "application/json" },
      body: JSON.stringify({ count: 3 }),
    });
    expect(emit.ok).toBe(true);
    type Page = { items: { id: string; category: string; status: string; source: string }[]; total: number };
    // The demo catalog mixes in spam, which stage 1 keeps in the cloud: wait for the relevant ones.
    const page = await until("suggestions", async () => {
      const p = await local<Page>("/suggestions?limit=10");
      return p.total >= 2 ? p : undefined;
    });
    expect(page.items.every((s) => s.source === "demo")).toBe(true);
    const status = await local<{ stage2: { available: boolean } }>("/status");
    if (status.stage2.available) expect(page.items.every((s) => s.category !== "unprocessed")).toBe(true);

    const target = page.items[0]!;
    const act = await local<{ status: string; ledgerId: string }>(`/suggestions/${target.id}/actions`, {
      method: "POST",
      body: JSON.stringify({ action: "archive" }),
    });
    expect(act.status).toBe("applied");
    const undo = await local<{ undone: string[] }>(`/ledger/${act.ledgerId}/undo`, {
      method: "POST",
      body: "{}",
    });
    expect(undo.undone).toEqual([act.ledgerId]);
    const cloudLedger = await until("cloud ledger", async () => {
      const r = await fetch(`${worker.url}/api/v1/ledger`, {
        headers: { authorization: `Bearer ${deviceToken}` },
      });
      const body = (await r.json()) as {
        items: { action: string; undoOf: string | null; proposalId: string }[];
      };
      return body.items.length >= 2 ? body.items : undefined;
    });
    expect(cloudLedger.map((e) => e.action)).toEqual(["unarchive", "archive"]);
    expect(cloudLedger.every((e) => e.proposalId === target.id)).toBe(true);
  });
});

describe("pairing the agent with an account (no dev shortcut)", () => {
  it("spends a code from a signed-in session and reconnects as the new device", async () => {
    const signin = await fetch(`${worker.url}/api/v1/dev/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "agent-e2e-2@scouts.local" }),
    });
    const cookie = signin.headers
      .getSetCookie()
      .find((c) => c.startsWith("scouts_session="))!
      .split(";")[0]!;
    const codeRes = await fetch(`${worker.url}/api/v1/devices/pairing-codes`, {
      method: "POST",
      headers: { cookie },
    });
    const { code } = (await codeRes.json()) as { code: string };
    const before = await local<{ deviceId: string; userId: string }>("/status");
    const after = await local<{ deviceId: string; userId: string }>("/cloud/pair", {
      method: "POST",
      body: JSON.stringify({ code }),
    });
    expect(after.deviceId).not.toBe(before.deviceId);
    expect(after.userId).not.toBe(before.userId);
    const saved = JSON.parse(await readFile(path.join(home, "device.json"), "utf8")) as { deviceId: string };
    expect(saved.deviceId).toBe(after.deviceId);
    await until("reconnected", async () => {
      const s = await local<{ cloud: { connected: boolean }; deviceId: string }>("/status");
      return s.cloud.connected ? true : undefined;
    });
    const reuse = await fetch(`${agentUrl}/local/v1/cloud/pair`, {
      method: "POST",
      headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    expect(reuse.status).toBe(502);
    expect(((await reuse.json()) as { error: { message: string } }).error.message).toContain(
      "pairing refused",
    );
  });
});
