import { localDay, travelEnd } from "@scouts/core/assistant/control";
import type {
  AskResponse,
  Brief,
  CloudScouts,
  DiscoverResponse,
  Status,
  Suggestion,
} from "@scouts/core/protocol/local-api";
import { offlineSuggestions, runAccountsCli, suggestionJson } from "../accounts/cli.ts";
import { actCommand } from "./act.ts";
import { agentClient } from "./client.ts";
import type { CliCommand, CliIo } from "./registry.ts";
import { undoCommand } from "./undo.ts";

function printStatus(io: CliIo, s: Status): void {
  const c = s.control;
  const state = c.killed ? "KILLED" : c.paused ? "paused" : "running";
  io.stdout.write(
    [
      `agent ${s.agentVersion}: ${state}${c.travelUntil && c.travelUntil > s.now ? `, travel mode until ${localDay(c.travelUntil)}` : ""}`,
      `device: ${s.deviceId ?? "not paired"}  cloud: ${s.cloud.url} (${s.cloud.connected ? "connected" : `offline${s.cloud.lastError ? `: ${s.cloud.lastError}` : ""}`})`,
      `suggestions: ${s.suggestions.total} (${s.suggestions.new} new, ${s.suggestions.unprocessed} unprocessed)  outbox: ${s.outbox.pending} pending`,
      `stage 2: ${s.stage2.available ? s.stage2.runner : "model not available"}  language model: ${s.llm.configured ? "configured" : "off"}`,
      // Older agents send no notices.
      ...(s.notices ?? []).map((n) => `notice: ${n.message}`),
      ...(s.mailAccounts ?? []).map(
        (a) =>
          `account ${a.id} (${a.label}): ${a.state}${a.owed > 0 ? `, ${a.owed} owed` : ""}, last change ${a.lastChangeAt ? new Date(a.lastChangeAt).toISOString() : "never"}${a.lastError ? `, last error: ${a.lastError}` : ""}`,
      ),
      "",
    ].join("\n"),
  );
}

function printCloudScouts(io: CliIo, c: CloudScouts): void {
  if (!c.reachable) return void io.stdout.write("cloud scouts: cloud not reachable\n");
  const ago = (at: number | null) =>
    at ? `${Math.max(0, Math.round((Date.now() - at) / 60_000))} min ago` : "never";
  for (const s of c.scouts) {
    const owed = s.owed.count
      ? `${s.owed.count} owed, retrying${s.owed.lastError ? ` (last error ${s.owed.lastError})` : ""}`
      : "nothing owed";
    const name = `${s.sourceType}${s.accountRef ? ` ${s.accountRef}` : ""}`;
    io.stdout.write(
      `scout ${name}: ${s.needsReauth ? "needs re-authorization; " : ""}last sync ${ago(s.lastRunAt)}; ${owed}\n`,
    );
  }
}

const control = (name: "pause" | "resume" | "kill", summary: string): CliCommand => ({
  name,
  usage: name,
  summary,
  async run(_args, io) {
    printStatus(io, await (await agentClient(io)).post<Status>("/control", { command: name }));
    return 0;
  },
});

/** The agent's own subcommands (the service itself is `run`). */
export const agentCommands: CliCommand[] = [
  {
    name: "run",
    usage: "run [--log-file PATH]",
    summary: "start the agent service in the foreground",
    async run(args) {
      if (args[0] === "--log-file") {
        if (!args[1]) throw new Error("run: --log-file needs a path");
        const { teeOutputToLog } = await import("../service/rotating-log.ts");
        teeOutputToLog(args[1]);
      } else if (args.length > 0)
        throw new Error(`run: unexpected ${args[0]} (usage: run [--log-file PATH])`);
      const { main } = await import("../main.ts");
      await main();
      return 0;
    },
  },
  {
    name: "status",
    usage: "status",
    summary: "connection, control state, counts",
    async run(_args, io) {
      const client = await agentClient(io);
      const status = await client.get<Status>("/status");
      printStatus(io, status);
      if (status.paired) printCloudScouts(io, await client.get<CloudScouts>("/cloud-scouts"));
      return 0;
    },
  },
  {
    name: "pair",
    usage: "pair",
    summary: "print a one-time code to pair the PWA with this agent",
    async run(_args, io) {
      const { code } = await (await agentClient(io)).post<{ code: string }>("/pairing-codes", {});
      io.stdout.write(`pairing code: ${code} (valid 10 minutes, once)\n`);
      return 0;
    },
  },
  {
    name: "connect",
    usage: "connect <code>",
    summary: "pair this agent with your Scouts account (code from the app's Settings)",
    async run(args, io) {
      if (!args[0]) {
        io.stderr.write("usage: scouts-agent connect <code>\n");
        return 2;
      }
      printStatus(io, await (await agentClient(io)).post<Status>("/cloud/pair", { code: args[0] }));
      return 0;
    },
  },
  control("pause", "pause all assistant activity"),
  control("resume", "resume (also lifts the kill switch)"),
  control("kill", "stop everything now and cancel pending actions"),
  {
    name: "travel",
    usage: "travel --until <YYYY-MM-DD>|off",
    summary: "no proactive actions above L2 until the date",
    async run(args, io) {
      const i = args.indexOf("--until");
      const value = i >= 0 ? args[i + 1] : args[0];
      const end = value === "off" ? { until: null } : travelEnd(value ?? "", Date.now());
      if (!("until" in end)) {
        const why =
          end.problem === "not_after_today"
            ? "Pick a day after today."
            : "Pick the day you are back (YYYY-MM-DD).";
        io.stderr.write(`${why}\nusage: scouts-agent travel --until 2026-12-01 (or: travel off)\n`);
        return 2;
      }
      const { until } = end;
      printStatus(io, await (await agentClient(io)).post<Status>("/control", { command: "travel", until }));
      return 0;
    },
  },
  {
    name: "suggestions",
    usage: "suggestions [--status new] [--limit N] [query]",
    summary: "list suggestions (newest first)",
    async run(args, io) {
      const params = new URLSearchParams({ limit: "20" });
      const rest: string[] = [];
      const json = args.includes("--json");
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!;
        if (a === "--json") continue;
        if (a === "--status" || a === "--limit" || a === "--bucket") params.set(a.slice(2), args[++i] ?? "");
        else rest.push(a);
      }
      if (rest.length) params.set("q", rest.join(" "));
      let page: { items: Suggestion[]; total: number };
      try {
        page = await (await agentClient(io)).get<{ items: Suggestion[]; total: number }>(
          `/suggestions?${params}`,
        );
      } catch (e) {
        // Scripts (`--json`) also work with no agent running: read the store directly.
        if (!json || !/not running/.test(String(e))) throw e;
        const items = await offlineSuggestions(io, Number(params.get("limit")) || 20);
        page = { items, total: items.length };
      }
      if (json) {
        for (const s of page.items) io.stdout.write(`${suggestionJson(s)}\n`);
        return 0;
      }
      for (const s of page.items)
        io.stdout.write(
          `${s.id.slice(0, 8)}  ${(s.bucket ?? s.category).padEnd(13)} ${s.status.padEnd(9)} ${s.from.slice(0, 30).padEnd(30)} ${s.subject.slice(0, 60)}\n`,
        );
      io.stdout.write(`${page.items.length} of ${page.total}\n`);
      return 0;
    },
  },
  {
    name: "ask",
    usage: "ask <question>",
    summary: 'ask about your mail ("what\'s urgent today?")',
    async run(args, io) {
      if (args.length === 0) {
        io.stderr.write("usage: scouts-agent ask what's urgent today?\n");
        return 2;
      }
      const r = await (await agentClient(io)).post<AskResponse>("/ask", { question: args.join(" ") });
      io.stdout.write(
        `${r.answer}\n${r.links.map((l) => `  ${l.suggestionId.slice(0, 8)}  ${l.label}`).join("\n")}\n`,
      );
      return 0;
    },
  },
  {
    name: "brief",
    usage: "brief [morning|evening]",
    summary: "print the digest as markdown",
    async run(args, io) {
      const period = args[0] === "evening" ? "evening" : "morning";
      io.stdout.write(`${(await (await agentClient(io)).get<Brief>(`/brief?period=${period}`)).markdown}\n`);
      return 0;
    },
  },
  {
    name: "accounts",
    usage: "accounts [discover|find|add|list|test|sync|remove]",
    summary: "find my accounts (only an MX lookup leaves the device); add and sync IMAP accounts",
    async run(args, io) {
      if (args[0] && args[0] !== "discover") return runAccountsCli(args, io);
      const { accounts } = await (await agentClient(io)).get<DiscoverResponse>("/accounts/discover");
      for (const a of accounts)
        io.stdout.write(
          `${a.address}  ${a.provider}\n${a.evidence.map((e) => `    ${e.source}: ${e.detail}`).join("\n")}\n`,
        );
      if (accounts.length === 0) io.stdout.write("no accounts found\n");
      return 0;
    },
  },
  undoCommand,
  actCommand,
];
