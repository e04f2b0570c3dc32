/** Where a command writes and what it reads (tests pass their own). */
export interface CliIo {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** One `scouts-agent` subcommand; returns the exit code (0 ok, 1 failed/refused, 2 usage). */
export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/**
 * The subcommand registry: the agent's own commands plus those other features register
 * (FOLDERS: link, scan, manifest, read).
 *
 * @example const registry = createRegistry(); registry.add(...folderCommands);
 */
export function createRegistry() {
  const commands = new Map<string, CliCommand>();
  return {
    add(...cmds: CliCommand[]) {
      for (const c of cmds) commands.set(c.name, c);
    },
    get: (name: string) => commands.get(name),
    list: () => [...commands.values()],
    help(): string {
      const rows = [...commands.values()].map((c) => `  ${c.usage.padEnd(34)} ${c.summary}`);
      return `usage: scouts-agent <command>\n\n${rows.join("\n")}\n`;
    },
  };
}
export type Registry = ReturnType<typeof createRegistry>;
