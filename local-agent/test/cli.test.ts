import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAgent } from "../agent.ts";
import { agentHome } from "../cli/client.ts";
import { runCli } from "../cli/main.ts";
import { type CliAgent, startCliAgent } from "./cli-fixture.ts";

let fx: CliAgent;
let home: string;
let agent: RunningAgent;

const io = () => fx.io();

beforeAll(async () => {
  fx = await startCliAgent("scouts-cli-");
  ({ home, agent } = fx);
});
afterAll(() => fx?.close());

describe("scouts-agent CLI against the running agent", () => {
  it("shows status, pauses, kills, travels and resumes", async () => {
    const a = io();
    expect(await runCli(["status"], a.io)).toBe(0);
    expect(a.out.stdout).toMatch(/^agent .*: running/);
    const k = io();
    expect(await runCli(["kill"], k.io)).toBe(0);
    expect(k.out.stdout).toContain("KILLED");
    const t = io();
    expect(await runCli(["travel", "--until", "2099-01-01"], t.io)).toBe(0);
    expect(t.out.stdout).toContain("travel mode until 2099-01-01");
    // The same instant the PWA's date field gives for that day: local midnight, not UTC.
    expect((await agent.ctx.stores.settings.control()).travelUntil).toBe(new Date(2099, 0, 1).getTime());
    const r = io();
    expect(await runCli(["resume"], r.io)).toBe(0);
    expect(r.out.stdout).toMatch(/running, travel mode/);
    expect((await agent.ctx.stores.settings.control()).killed).toBe(false);
  });

  it("prints a pairing code the PWA can redeem once", async () => {
    const p = io();
    expect(await runCli(["pair"], p.io)).toBe(0);
    const code = /pairing code: (\d+)/.exec(p.out.stdout)?.[1];
    const res = await fetch(`${agent.url}/local/v1/pair`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    expect(res.status).toBe(200);
  });

  it("rejects bad usage and lists folder commands in help", async () => {
    const u = io();
    expect(await runCli(["travel", "--until", "someday"], u.io)).toBe(2);
    const h = io();
    expect(await runCli(["nope"], h.io)).toBe(2);
    expect(h.out.stderr).toContain("link <project>");
    expect(h.out.stderr).toContain("undo <ledgerId>");
  });

  it("finds the running agent: SCOUTS_HOME first, else ~/.scouts when an agent wrote its port there", async () => {
    expect(await agentHome({ SCOUTS_HOME: home })).toBe(home);
    const fakeHome = await mkdtemp(path.join(tmpdir(), "scouts-home-"));
    const before = process.env.HOME;
    process.env.HOME = fakeHome;
    try {
      await mkdir(path.join(fakeHome, ".scouts"));
      await writeFile(path.join(fakeHome, ".scouts", "agent.json"), '{"port":1}');
      expect(await agentHome({})).toBe(path.join(fakeHome, ".scouts"));
    } finally {
      process.env.HOME = before;
      await rm(fakeHome, { recursive: true, force: true });
    }
  });

  it("keeps its files owner-only", async () => {
    for (const f of ["agent.db", "cli-token", "agent.json"])
      expect((await stat(path.join(home, f))).mode & 0o077).toBe(0);
  });
});
