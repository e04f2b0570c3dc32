import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { Status } from "@scouts/core/protocol/local-api";
import { afterEach, describe, expect, it } from "vitest";
import { saveIdentity } from "../adapters/identity.ts";
import { type RunningAgent, startAgent } from "../agent.ts";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { readAgentConfig } from "../config.ts";
import { openAgentDb } from "../db/open.ts";
import { agentFixture } from "./agent-fixture.ts";
import { startFakeCloud } from "./fake-cloud.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const reauth = (
  scoutId: string,
  message = "Your Gmail connection expired: reconnect it to resume this scout.",
) => ({
  kind: "needs_reauth" as const,
  scoutId,
  provider: "google",
  message,
});

async function until<T>(probe: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("notices in the agent's file", () => {
  it("keeps one per scout and kind, shows a repeat again, and survives reopening the file", async () => {
    const fx = await agentFixture();
    cleanups.push(fx.close);
    const notices = fx.ctx.stores.notices;
    const first = await notices.receive(reauth("scout-g"), 1_000, "n1");
    await notices.receive(reauth("scout-s"), 2_000, "n2");
    await notices.receive({ kind: "info", message: "Weekly digest posted" }, 3_000, "n3");
    await notices.receive({ kind: "info", message: "Weekly digest posted" }, 4_000, "n4");
    const again = await notices.receive(reauth("scout-g", "Gmail expired again"), 5_000, "n5");
    expect(again.id).toBe(first.id);
    expect((await notices.active()).map((n) => [n.id, n.message, n.receivedAt])).toEqual([
      ["n1", "Gmail expired again", 5_000],
      ["n3", "Weekly digest posted", 4_000],
      ["n2", "Your Gmail connection expired: reconnect it to resume this scout.", 2_000],
    ]);

    expect(await notices.dismiss("n1", 6_000)).toBe(true);
    expect(await notices.dismiss("n1", 7_000)).toBe(true);
    expect(await notices.dismiss("nope", 7_000)).toBe(false);
    expect((await notices.active()).map((n) => n.id)).toEqual(["n3", "n2"]);
    // The cloud sends a notice once per episode: a later one for the same scout shows again.
    await notices.receive(reauth("scout-g"), 8_000, "n6");
    expect((await notices.active()).map((n) => n.id)).toEqual(["n1", "n3", "n2"]);

    const reopened = await openAgentDb(`file:${path.join(fx.dir, "agent.db")}`);
    cleanups.push(async () => reopened.client.close());
    const rows = await reopened.client.execute(
      "SELECT id, kind, scout_id, provider, dismissed_at FROM device_notices ORDER BY id",
    );
    expect(rows.rows.map((r) => [r.id, r.kind, r.scout_id, r.provider, r.dismissed_at])).toEqual([
      ["n1", "needs_reauth", "scout-g", "google", null],
      ["n2", "needs_reauth", "scout-s", "google", null],
      ["n3", "info", null, null, null],
    ]);
  });

  it("lists active notices in the status and dismisses one over the loopback API", async () => {
    const fx = await agentFixture();
    cleanups.push(fx.close);
    const auth = createLocalAuth(fx.ctx.db, () => Date.now());
    const app = createLocalApi({
      ctx: fx.ctx,
      auth,
      pwaOrigins: [],
      devPair: false,
      remoteAddress: () => "127.0.0.1",
    });
    const token = await auth.issue("test");
    const call = (p: string, method = "GET") =>
      app.request(`http://127.0.0.1:8788/local/v1${p}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
    const { id } = await fx.ctx.stores.notices.receive(reauth("scout-g"), fx.now(), "n-1");
    const status = Status.parse(await (await call("/status")).json());
    expect(status.notices).toEqual([
      {
        id,
        kind: "needs_reauth",
        scoutId: "scout-g",
        provider: "google",
        message: "Your Gmail connection expired: reconnect it to resume this scout.",
        receivedAt: fx.now(),
      },
    ]);
    const events: string[] = [];
    fx.ctx.bus.subscribe((e) =>
      events.push(e.type === "status.changed" ? `status:${e.status.notices.length}` : e.type),
    );

    const dismissed = await call(`/notices/${id}/dismiss`, "POST");
    expect(dismissed.status).toBe(200);
    expect(Status.parse(await dismissed.json()).notices).toEqual([]);
    expect(events).toEqual(["status:0"]);
    const unknown = await call("/notices/nope/dismiss", "POST");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe("no notice nope");
  });
});

describe("notices from the hub, live", () => {
  async function runningAgent() {
    const cloud = await startFakeCloud({ token: "tok" });
    cleanups.push(cloud.close);
    const home = await mkdtemp(path.join(tmpdir(), "scouts-notices-"));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    await saveIdentity(home, {
      userId: "u1",
      deviceId: "d1",
      token: "tok",
      cloudUrl: cloud.url,
      pairedAt: 1,
    });
    return { cloud, home };
  }
  const start = async (home: string, cloudUrl: string) => {
    const config = readAgentConfig({ SCOUTS_HOME: home, SCOUTS_AGENT_PORT: "0", SCOUTS_CLOUD_URL: cloudUrl });
    const agent: RunningAgent = await startAgent(config, { logger: silentLogger, stage2: null });
    return agent;
  };

  it("stores the welcome's notices, keeps them over a restart, and clears one once the cloud reports it healthy", async () => {
    const { cloud, home } = await runningAgent();
    cloud.setScouts([
      { id: "scout-g", needsReauth: true },
      { id: "scout-demo", needsReauth: false },
    ]);
    cloud.queueNotices([reauth("scout-g")]);
    let agent = await start(home, cloud.url);
    const active = () => agent.ctx.stores.notices.active();
    const [notice] = await until(async () => ((await active()).length === 1 ? active() : undefined));
    expect(notice).toMatchObject({ kind: "needs_reauth", scoutId: "scout-g", provider: "google" });

    // The hub handed it out once; a restarted agent still has it (the cloud still reports the scout broken).
    await agent.stop();
    agent = await start(home, cloud.url);
    cleanups.push(() => agent.stop());
    await until(async () => (agent.link.connected ? true : undefined));
    expect((await active()).map((n) => n.id)).toEqual([notice?.id]);

    // Re-authorized elsewhere: the next connection's check dismisses it and tells the PWA.
    cloud.setScouts([{ id: "scout-g", needsReauth: false }]);
    const seen: number[] = [];
    agent.ctx.bus.subscribe((e) => e.type === "status.changed" && seen.push(e.status.notices.length));
    cloud.dropSockets();
    await until(async () => ((await active()).length === 0 ? true : undefined));
    await until(async () => (seen.includes(0) ? true : undefined));
  });
});
