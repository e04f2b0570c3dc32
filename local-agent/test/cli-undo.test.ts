import type { LedgerEntry } from "@scouts/core/protocol/local-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAgent } from "../agent.ts";
import { runCli } from "../cli/main.ts";
import { parseUndoArgs, parseWhen } from "../cli/undo.ts";
import { ingestItem } from "../services/ingest.ts";
import { item } from "./agent-fixture.ts";
import { type CliAgent, startCliAgent } from "./cli-fixture.ts";

let fx: CliAgent;
let agent: RunningAgent;
const MIN = 60_000;

const io = () => fx.io();

beforeAll(async () => {
  fx = await startCliAgent("scouts-cli-undo-");
  ({ agent } = fx);
});
afterAll(() => fx?.close());

let n = 0;
/** A local-mailbox suggestion archived `minutesAgo` in `session` (the current agent run by default). */
async function archived(minutesAgo: number, session = agent.ctx.sessionId): Promise<string> {
  const id = `cli-undo-${++n}`;
  await ingestItem({
    ctx: agent.ctx,
    input: item({
      id,
      source: "local_mail",
      subject: `Subject ${id}`,
      from: `Sender ${n} <s${n}@example.com>`,
    }),
  });
  const entry: LedgerEntry = {
    id: `l-${id}`,
    suggestionId: id,
    scoutId: "scout-1",
    action: "archive",
    targetRef: `m-${id}`,
    reversal: { action: "unarchive", prevStatus: "new" },
    reversible: true,
    actor: "person",
    runId: null,
    sessionId: session,
    undoOf: null,
    status: "applied",
    cloudLedgerId: null,
    error: null,
    createdAt: Date.now() - minutesAgo * MIN,
    undoneAt: null,
  };
  await agent.ctx.stores.ledger.append(entry);
  await agent.ctx.stores.suggestions.update(id, { status: "archived" });
  return entry.id;
}
const statusOf = async (ledgerId: string) => (await agent.ctx.stores.ledger.get(ledgerId))?.status;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

describe("parseUndoArgs", () => {
  const now = Date.parse("2026-11-20T10:00:00Z");
  it("reads one id, a run, a session (this run by default) and windows in ISO or time-ago", () => {
    expect(parseUndoArgs(["abc"], now)).toEqual({ kind: "one", ledgerId: "abc" });
    expect(parseUndoArgs(["--run", "r1"], now)).toMatchObject({ request: { runId: "r1" } });
    expect(parseUndoArgs(["--session"], now)).toMatchObject({ kind: "many", currentSession: true });
    expect(parseUndoArgs(["--session", "s1"], now)).toMatchObject({ request: { sessionId: "s1" } });
    expect(parseUndoArgs(["--since", "15m"], now)).toMatchObject({ request: { since: now - 15 * MIN } });
    expect(
      parseUndoArgs(["--since", "2026-11-20T08:00:00Z", "--until", "2026-11-20T09:00:00Z"], now),
    ).toMatchObject({
      request: { since: Date.parse("2026-11-20T08:00:00Z"), until: Date.parse("2026-11-20T09:00:00Z") },
    });
    expect(parseWhen("2d", now)).toBe(now - 2 * 86_400_000);
    expect(parseWhen("yesterday", now)).toBeNull();
  });
  it("refuses what it cannot read, a window ending before it starts, and mixed selectors", () => {
    expect(parseUndoArgs(["--since", "soon"], now)).toMatchObject({ kind: "usage", message: /--since/ });
    expect(parseUndoArgs(["--since", "1h", "--until", "2h"], now)).toMatchObject({
      kind: "usage",
      message: "until must not be before since",
    });
    expect(parseUndoArgs(["--until", "1h"], now)).toMatchObject({ kind: "usage" });
    expect(parseUndoArgs(["--session", "--run", "r1"], now)).toMatchObject({ kind: "usage" });
    expect(parseUndoArgs(["--run"], now)).toMatchObject({ kind: "usage" });
    expect(parseUndoArgs(["--since", "1h", "--since", "2h"], now)).toMatchObject({ kind: "usage" });
    expect(parseUndoArgs(["--sinse", "1h"], now)).toMatchObject({ kind: "usage", message: /unknown option/ });
  });
});

describe("scouts-agent undo against the running agent", () => {
  it("lists recent actions with their subject and sender, and marks this run's session", async () => {
    await archived(1);
    const l = io();
    expect(await runCli(["undo"], l.io)).toBe(2);
    expect(l.out.stdout).toMatch(
      /archive\s+applied .*“Subject cli-undo-\d+” — Sender \d+ <s\d+@example.com>/,
    );
    expect(l.out.stdout).toContain("(this run)");
    expect(l.out.stderr).toContain("--session [sessionId]");
  });

  it("--since/--until undoes only the window, in ISO or as time ago", async () => {
    const old = await archived(120);
    const inside = await archived(30);
    const recent = await archived(2);
    const w = io();
    expect(await runCli(["undo", "--since", iso(40 * MIN), "--until", iso(20 * MIN)], w.io)).toBe(0);
    expect(w.out.stdout).toBe("undone: 1\n");
    expect([await statusOf(old), await statusOf(inside), await statusOf(recent)]).toEqual([
      "applied",
      "undone",
      "applied",
    ]);
    expect((await agent.ctx.stores.suggestions.get(inside.slice(2)))?.status).toBe("new");
    const r = io();
    expect(await runCli(["undo", "--since", "10m"], r.io)).toBe(0);
    expect([await statusOf(old), await statusOf(recent)]).toEqual(["applied", "undone"]);
  });

  it("--session undoes this run of the agent by default, or the session named, and nothing else", async () => {
    const earlier = await archived(300, "an-earlier-run");
    const mine = [await archived(50), await archived(3)];
    const s = io();
    expect(await runCli(["undo", "--session"], s.io)).toBe(0);
    expect(s.out.stdout).toContain(`this session: ${agent.ctx.sessionId}`);
    expect([await statusOf(mine[0]!), await statusOf(mine[1]!)]).toEqual(["undone", "undone"]);
    expect(await statusOf(earlier)).toBe("applied");
    const e = io();
    expect(await runCli(["undo", "--session", "an-earlier-run"], e.io)).toBe(0);
    expect(e.out.stdout).toBe("undone: 1\n");
    expect(await statusOf(earlier)).toBe("undone");
  });

  it("usage errors exit 2 and undo nothing", async () => {
    const kept = await archived(5);
    for (const args of [
      ["--since", "someday"],
      ["--since", "5m", "--until", "1h"],
      ["--session", "x", "--run", "y"],
    ]) {
      const u = io();
      expect(await runCli(["undo", ...args], u.io)).toBe(2);
      expect(u.out.stderr).toContain("usage: scouts-agent undo");
    }
    expect(await statusOf(kept)).toBe("applied");
  });
});
