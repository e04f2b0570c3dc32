import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LocalScoutList } from "@scouts/core/protocol/local-api";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { agentFixture, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const fx = await agentFixture({ stage2: keywordStage2 });
  cleanups.push(fx.close);
  let now = Date.parse("2026-11-20T09:00:00Z");
  const auth = createLocalAuth(fx.ctx.db, () => now);
  const app = createLocalApi({ ctx: fx.ctx, auth, pwaOrigins: [], devPair: false });
  const token = await auth.issue("test");
  const req = (p: string, init: RequestInit = {}, t: string | null = token) =>
    app.request(`http://127.0.0.1:8788/local/v1${p}`, {
      ...init,
      headers: { ...(t ? { authorization: `Bearer ${t}` } : {}), "content-type": "application/json" },
    });
  const dir = await mkdtemp(path.join(tmpdir(), "scouts-settings-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { fx, auth, req, dir, advance: (ms: number) => (now += ms) };
}

type Issues = {
  error: { code: string; message: string; details: { issues: { path: string; message: string }[] } };
};
const issuesOf = async (res: Response) =>
  Object.fromEntries(((await res.json()) as Issues).error.details.issues.map((i) => [i.path, i.message]));

describe("pairing the PWA", () => {
  it("tells an unknown code from an expired one, and redeems a live code once", async () => {
    const { auth, req, advance } = await setup();
    const pair = (code: string) => req("/pair", { method: "POST", body: JSON.stringify({ code }) }, null);
    const wrong = await pair("12345678");
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Issues).error.message).toMatch(/^unknown pairing code/);
    const old = auth.newCode();
    advance(10 * 60_000 + 1);
    const expired = await pair(old);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as Issues).error.message).toMatch(/^this pairing code has expired/);
    const live = auth.newCode();
    const ok = await pair(` ${live} `);
    expect(ok.status).toBe(200);
    const { token } = (await ok.json()) as { token: string };
    expect((await req("/status", {}, token)).status).toBe(200);
    expect((await pair(live)).status).toBe(401);
  });
});

describe("local settings", () => {
  it("names every wrong field with its own message and saves nothing", async () => {
    const { fx, req, dir } = await setup();
    await writeFile(path.join(dir, "inbox.mbox"), "");
    const res = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({
        watchedDirectory: "relative/folder",
        timezone: "Mars/Olympus",
        briefMorning: "25:00",
        vipSenders: ["ceo@work.example", "not an address"],
        orgDomains: ["https://work.example"],
      }),
    });
    expect(res.status).toBe(400);
    expect(await issuesOf(res)).toEqual({
      watchedDirectory: "use a full path, like /home/you/Inbox or ~/Inbox",
      timezone: "not a known time zone: use a name like Europe/Berlin or UTC",
      briefMorning: "use a 24-hour time like 08:00",
      "vipSenders.1": "use an address (ann@example.com) or a domain (example.com)",
      "orgDomains.0": "use a domain like example.com (no @, no https://)",
    });
    const checked = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({
        watchedDirectory: path.join(dir, "missing"),
        localMailbox: path.join(dir, "inbox.mbox"),
        localMailboxFormat: "maildir",
      }),
    });
    expect(checked.status).toBe(400);
    expect(await issuesOf(checked)).toEqual({
      watchedDirectory: "nothing is there",
      localMailbox: "this is a file: choose mbox, or point at the Maildir folder",
    });
    const noFormat = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({ localMailbox: dir }),
    });
    expect(await issuesOf(noFormat)).toEqual({ localMailboxFormat: "choose mbox or Maildir" });
    const notMaildir = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({ localMailbox: dir, localMailboxFormat: "maildir" }),
    });
    expect(await issuesOf(notMaildir)).toEqual({
      localMailbox: "not a Maildir: it has no cur/ or new/ folder",
    });
    const s = await fx.ctx.stores.settings.settings();
    expect([s.watchedDirectory, s.localMailbox, s.timezone, s.vipSenders]).toEqual([null, null, "UTC", []]);
  });

  it("saves valid local sources, lower-cases VIPs and domains, and expands ~/", async () => {
    const { fx, req, dir } = await setup();
    await mkdir(path.join(dir, "Mail", "cur"), { recursive: true });
    const res = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({
        watchedDirectory: dir,
        watchedDirectoryAutoEntities: true,
        localMailbox: path.join(dir, "Mail"),
        localMailboxFormat: "maildir",
        vipSenders: [" CEO@Work.example ", "partner.example"],
        orgDomains: ["Work.Example"],
        briefMorning: "07:30",
        briefEvening: "19:05",
        timezone: "Europe/Berlin",
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      watchedDirectory: dir,
      watchedDirectoryAutoEntities: true,
      localMailbox: path.join(dir, "Mail"),
      localMailboxFormat: "maildir",
      vipSenders: ["ceo@work.example", "partner.example"],
      orgDomains: ["work.example"],
      briefMorning: "07:30",
      briefEvening: "19:05",
      timezone: "Europe/Berlin",
    });
    // `~/` is the agent's home: the check runs on the expanded path (here, one that is not there).
    const home = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({ watchedDirectory: "~/scouts-test-surely-missing-folder-93172" }),
    });
    expect(await issuesOf(home)).toEqual({ watchedDirectory: "nothing is there" });
    const cleared = await req("/settings", {
      method: "PATCH",
      body: JSON.stringify({ watchedDirectory: null, localMailbox: null }),
    });
    expect(cleared.status).toBe(200);
    expect((await fx.ctx.stores.settings.settings()).watchedDirectory).toBeNull();
  });

  it("lists the local scouts with their state: not configured, running, off, paused, stopped", async () => {
    const { req, dir } = await setup();
    const list = async () => LocalScoutList.parse(await (await req("/local-scouts")).json()).items;
    expect((await list()).map((s) => [s.kind, s.state])).toEqual([
      ["local_dir", "not_configured"],
      ["local_mail", "not_configured"],
    ]);
    await writeFile(path.join(dir, "inbox.mbox"), "");
    const patch = (b: unknown) => req("/settings", { method: "PATCH", body: JSON.stringify(b) });
    await patch({
      watchedDirectory: dir,
      localMailbox: path.join(dir, "inbox.mbox"),
      localMailboxFormat: "mbox",
    });
    const running = await list();
    expect(running.map((s) => [s.kind, s.state, s.location, s.format])).toEqual([
      ["local_dir", "running", dir, null],
      ["local_mail", "running", path.join(dir, "inbox.mbox"), "mbox"],
    ]);
    expect(running[0]!.intervalSeconds).toBeLessThanOrEqual(5);
    await patch({ providers: { local_mail: false } });
    expect((await list()).map((s) => [s.state, s.detail])).toEqual([
      ["running", null],
      ["off", "its switch is off (Settings → Controls)"],
    ]);
    await patch({ assistantEnabled: false });
    expect((await list()).map((s) => [s.state, s.detail])).toEqual([
      ["off", "the master switch is off"],
      ["off", "the master switch is off"],
    ]);
    await patch({ assistantEnabled: true });
    await req("/control", { method: "POST", body: JSON.stringify({ command: "pause" }) });
    expect((await list()).map((s) => s.state)).toEqual(["paused", "paused"]);
    await req("/control", { method: "POST", body: JSON.stringify({ command: "kill" }) });
    expect((await list()).map((s) => s.state)).toEqual(["stopped", "stopped"]);
  });
});
