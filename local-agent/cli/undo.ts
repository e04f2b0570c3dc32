import {
  type LedgerItem,
  type Status,
  UndoRequest,
  type UndoResponse,
} from "@scouts/core/protocol/local-api";
import { agentClient } from "./client.ts";
import type { CliCommand } from "./registry.ts";

const USAGE = [
  "usage: scouts-agent undo <ledgerId>",
  "       scouts-agent undo --run <runId>",
  "       scouts-agent undo --session [sessionId]   (no id: this run of the agent, since it started)",
  "       scouts-agent undo --since <when> [--until <when>]",
  "  <when>: an ISO date/time (2026-11-20T09:00) or a time ago (15m, 2h, 1d)",
].join("\n");

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A time the person wrote: ISO date/time, or "15m" / "2h" / "1d" ago. Null when unreadable. */
export function parseWhen(text: string, now: number): number | null {
  const ago = /^(\d+)\s*([mhd])$/.exec(text.trim());
  if (ago) return now - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS];
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null;
  const t = Date.parse(text.trim());
  return Number.isFinite(t) ? t : null;
}

/** What `undo` was asked: one entry, a selector for `POST /ledger/undo`, the list, or a usage error. */
export type UndoArgs =
  | { kind: "one"; ledgerId: string }
  | { kind: "many"; request: UndoRequest; currentSession: boolean }
  | { kind: "list" }
  | { kind: "usage"; message: string };

/**
 * Reads `undo`'s arguments; one selector at a time, times validated, `--until` not before `--since`.
 *
 * @example parseUndoArgs(["--since", "15m"], now) // { kind: "many", request: { since: now - 900000 } }
 */
export function parseUndoArgs(args: string[], now: number): UndoArgs {
  if (args.length === 0) return { kind: "list" };
  if (!args[0]!.startsWith("--")) {
    if (args.length > 1) return { kind: "usage", message: "give one ledger id" };
    return { kind: "one", ledgerId: args[0]! };
  }
  const flags = new Map<string, string | null>();
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (!["--run", "--session", "--since", "--until"].includes(flag))
      return { kind: "usage", message: `unknown option ${flag}` };
    if (flags.has(flag)) return { kind: "usage", message: `${flag} given twice` };
    const value = args[i + 1] !== undefined && !args[i + 1]!.startsWith("--") ? args[++i]! : null;
    flags.set(flag, value);
  }
  const chosen = ["--run", "--session", "--since"].filter((f) => flags.has(f));
  if (chosen.length !== 1) return { kind: "usage", message: "give exactly one of --run, --session, --since" };
  if (flags.has("--until") && !flags.has("--since"))
    return { kind: "usage", message: "--until goes with --since" };
  if (flags.has("--run")) {
    const runId = flags.get("--run");
    return runId
      ? { kind: "many", request: { runId }, currentSession: false }
      : { kind: "usage", message: "--run needs a run id" };
  }
  if (flags.has("--session")) {
    const sessionId = flags.get("--session");
    return sessionId
      ? { kind: "many", request: { sessionId }, currentSession: false }
      : { kind: "many", request: { sessionId: "current" }, currentSession: true };
  }
  const sinceText = flags.get("--since");
  const since = sinceText ? parseWhen(sinceText, now) : null;
  if (since === null)
    return { kind: "usage", message: `--since: cannot read "${sinceText ?? ""}" as a time` };
  let until: number | undefined;
  if (flags.has("--until")) {
    const untilText = flags.get("--until");
    const t = untilText ? parseWhen(untilText, now) : null;
    if (t === null) return { kind: "usage", message: `--until: cannot read "${untilText ?? ""}" as a time` };
    until = t;
  }
  const request = UndoRequest.safeParse({ since, ...(until !== undefined ? { until } : {}) });
  if (!request.success)
    return { kind: "usage", message: request.error.issues[0]?.message ?? "bad time window" };
  return { kind: "many", request: request.data, currentSession: false };
}

const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

function line(e: LedgerItem, current: string | undefined): string {
  const what = e.subject ? `  “${e.subject.slice(0, 50)}” — ${(e.from ?? "").slice(0, 40)}` : "";
  const session = e.sessionId
    ? `  session ${e.sessionId.slice(0, 8)}${e.sessionId === current ? " (this run)" : ""}`
    : "";
  return `${e.id}  ${e.action.padEnd(11)} ${e.status.padEnd(9)} ${at(e.createdAt)}${what}${session}\n`;
}

/** `scouts-agent undo`: one action, a run, a session (this run of the agent by default) or a time window. */
export const undoCommand: CliCommand = {
  name: "undo",
  usage: "undo <ledgerId> | --run <id> | --session [id] | --since <when> [--until <when>]",
  summary: "undo an action, a run, this session (since the agent started) or a time window",
  async run(args, io) {
    const parsed = parseUndoArgs(args, Date.now());
    if (parsed.kind === "usage") {
      io.stderr.write(`${parsed.message}\n${USAGE}\n`);
      return 2;
    }
    const client = await agentClient(io);
    if (parsed.kind === "list") {
      const [{ items }, status] = await Promise.all([
        client.get<{ items: LedgerItem[] }>("/ledger?limit=10"),
        client.get<Status>("/status"),
      ]);
      for (const e of items) io.stdout.write(line(e, status.session?.id));
      io.stderr.write(`${USAGE}\n`);
      return 2;
    }
    let res: UndoResponse;
    if (parsed.kind === "one")
      res = await client.post<UndoResponse>(`/ledger/${encodeURIComponent(parsed.ledgerId)}/undo`, {});
    else {
      let request = parsed.request;
      if (parsed.currentSession) {
        const { session } = await client.get<Status>("/status");
        if (!session) throw new Error("this agent does not report its session: give the session id");
        io.stdout.write(`this session: ${session.id} (agent started ${at(session.startedAt)})\n`);
        request = { sessionId: session.id };
      }
      res = await client.post<UndoResponse>("/ledger/undo", request);
    }
    io.stdout.write(
      `undone: ${res.undone.length}${res.skipped.length ? `, skipped: ${res.skipped.map((s) => `${s.id} (${s.reason})`).join(", ")}` : ""}\n`,
    );
    return res.undone.length > 0 || res.skipped.length === 0 ? 0 : 1;
  },
};
