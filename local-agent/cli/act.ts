import type { ActionResponse, Suggestion } from "@scouts/core/protocol/local-api";
import { IMAP_ACTIONS } from "../accounts/imap-actions.ts";
import { JMAP_ACTIONS } from "../accounts/jmap-actions.ts";
import { agentClient } from "./client.ts";
import type { CliCommand } from "./registry.ts";

const USAGE = [
  "usage: scouts-agent act <suggestionId>                 (lists what this suggestion offers)",
  "       scouts-agent act <suggestionId> <action> [--folder F] [--until <when>] [--label L] [--yes]",
  "  move needs --folder (IMAP/JMAP accounts); snooze needs --until: an ISO date/time or a time ahead (2h, 1d)",
].join("\n");

/** The actions each kind of suggestion offers: mail accounts run theirs on their own server. */
export function actionsFor(source: string): readonly string[] {
  if (source === "imap") return IMAP_ACTIONS;
  if (source === "jmap") return JMAP_ACTIONS;
  return ["archive", "trash", "mark_read", "label", "snooze"];
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** A wake-up time: ISO date/time, or "90m" / "2h" / "1d" from now. Null when unreadable or past. */
export function parseUntil(text: string, now: number): number | null {
  const ahead = /^(\d+)\s*([mhd])$/.exec(text.trim());
  const t = ahead
    ? now + Number(ahead[1]) * UNIT_MS[ahead[2] as keyof typeof UNIT_MS]
    : /^\d{4}-\d{2}-\d{2}/.test(text.trim())
      ? Date.parse(text.trim())
      : Number.NaN;
  return Number.isFinite(t) && t > now ? t : null;
}

/** Reads `act`'s options into an action request, or a usage message. */
export function parseActArgs(
  args: string[],
  now: number,
): { id: string; action: string | null; request: Record<string, unknown> } | { usage: string } {
  const [id, action, ...rest] = args;
  if (!id || id.startsWith("--")) return { usage: "give a suggestion id" };
  if (action?.startsWith("--")) return { usage: `give the action before ${action}` };
  const request: Record<string, unknown> = {};
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    if (flag === "--yes") {
      request.confirmed = true;
      continue;
    }
    const value = rest[i + 1];
    if (!["--folder", "--until", "--label"].includes(flag)) return { usage: `unknown option ${flag}` };
    if (value === undefined || value.startsWith("--")) return { usage: `${flag} needs a value` };
    i++;
    if (flag === "--until") {
      const until = parseUntil(value, now);
      if (until === null) return { usage: `--until: "${value}" is not a time ahead` };
      request.until = until;
    } else request[flag.slice(2)] = value;
  }
  return { id, action: action ?? null, request };
}

/** `scouts-agent act`: one mailbox action on a suggestion, through the running agent (ledger, undo). */
export const actCommand: CliCommand = {
  name: "act",
  usage: "act <suggestionId> [<action> --folder F --until T]",
  summary: "run an action on a suggestion (move, snooze, archive, …), with undo",
  async run(args, io) {
    const parsed = parseActArgs(args, Date.now());
    if ("usage" in parsed) {
      io.stderr.write(`${parsed.usage}\n${USAGE}\n`);
      return 2;
    }
    const client = await agentClient(io);
    const s = await client.get<Suggestion>(`/suggestions/${encodeURIComponent(parsed.id)}`);
    const offered = actionsFor(s.source);
    if (!parsed.action) {
      io.stdout.write(`${offered.join("\n")}\n`);
      return 0;
    }
    if (!offered.includes(parsed.action)) {
      io.stderr.write(`${parsed.action} is not offered for ${s.source} (${offered.join(", ")})\n`);
      return 2;
    }
    const res = await client.post<ActionResponse>(`/suggestions/${encodeURIComponent(parsed.id)}/actions`, {
      action: parsed.action,
      ...parsed.request,
    });
    if (res.status === "applied" || res.status === "queued") {
      io.stdout.write(`${res.status}: ${parsed.action} (undo: scouts-agent undo ${res.ledgerId})\n`);
      return 0;
    }
    io.stderr.write(
      `${res.status}: ${res.message}${res.status === "needs_confirmation" ? " (add --yes)" : ""}\n`,
    );
    return 1;
  },
};
