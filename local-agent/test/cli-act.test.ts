import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionsFor, parseActArgs, parseUntil } from "../cli/act.ts";
import { runCli } from "../cli/main.ts";
import { ingestItem } from "../services/ingest.ts";
import { item } from "./agent-fixture.ts";
import { type CliAgent, startCliAgent } from "./cli-fixture.ts";

const HOUR = 3_600_000;

describe("act's arguments", () => {
  const now = Date.parse("2026-11-26T10:00:00Z");
  it("reads a wake-up ahead or a date, and refuses the past or nonsense", () => {
    expect(parseUntil("2h", now)).toBe(now + 2 * HOUR);
    expect(parseUntil("2026-11-27T09:00:00Z", now)).toBe(Date.parse("2026-11-27T09:00:00Z"));
    expect(parseUntil("2026-11-20", now)).toBeNull();
    expect(parseUntil("soon", now)).toBeNull();
  });
  it("builds the request and names what is wrong", () => {
    expect(parseActArgs(["s1", "move", "--folder", "Projects"], now)).toEqual({
      id: "s1",
      action: "move",
      request: { folder: "Projects" },
    });
    expect(parseActArgs(["s1", "snooze", "--until", "1d", "--yes"], now)).toEqual({
      id: "s1",
      action: "snooze",
      request: { until: now + 24 * HOUR, confirmed: true },
    });
    expect(parseActArgs(["s1"], now)).toEqual({ id: "s1", action: null, request: {} });
    expect(parseActArgs([], now)).toEqual({ usage: "give a suggestion id" });
    expect(parseActArgs(["s1", "move", "--folder"], now)).toEqual({ usage: "--folder needs a value" });
    expect(parseActArgs(["s1", "snooze", "--until", "yesterday"], now)).toMatchObject({
      usage: expect.stringContaining("not a time ahead"),
    });
    expect(parseActArgs(["s1", "move", "--to", "X"], now)).toEqual({ usage: "unknown option --to" });
  });
  it("offers move and snooze for IMAP and JMAP suggestions, not move elsewhere", () => {
    expect(actionsFor("imap")).toEqual(expect.arrayContaining(["move", "snooze", "archive"]));
    expect(actionsFor("jmap")).toEqual(expect.arrayContaining(["move", "snooze"]));
    expect(actionsFor("gmail")).not.toContain("move");
  });
});

describe("scouts-agent act (running agent)", () => {
  let fx: CliAgent;
  beforeAll(async () => {
    fx = await startCliAgent("scouts-cli-act-");
  });
  afterAll(() => fx?.close());

  it("lists a suggestion's actions, snoozes it with undo, and refuses move outside mail accounts", async () => {
    await ingestItem({
      ctx: fx.agent.ctx,
      input: item({ id: "act-1", source: "local_mail", subject: "Subject act", from: "A <a@example.com>" }),
    });
    const list = fx.io();
    expect(await runCli(["act", "act-1"], list.io)).toBe(0);
    expect(list.out.stdout.split("\n")).toContain("snooze");

    const snooze = fx.io();
    expect(await runCli(["act", "act-1", "snooze", "--until", "2h"], snooze.io)).toBe(0);
    expect(snooze.out.stdout).toMatch(/^applied: snooze \(undo: scouts-agent undo \S+\)/);
    expect(await fx.agent.ctx.stores.suggestions.get("act-1")).toMatchObject({ status: "snoozed" });

    const move = fx.io();
    expect(await runCli(["act", "act-1", "move", "--folder", "X"], move.io)).toBe(2);
    expect(move.out.stderr).toContain("move is not offered for local_mail");
  });
});
