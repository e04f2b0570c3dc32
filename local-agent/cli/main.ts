import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { folderCommands } from "../folders/cli.ts";
import { serviceCommand } from "../service/service.ts";
import { agentCommands } from "./commands.ts";
import { type CliIo, createRegistry } from "./registry.ts";

/** Every `scouts-agent` subcommand: the agent's own, then other features' (FOLDERS). */
export const registry = createRegistry();
registry.add(...agentCommands);
registry.add(...folderCommands);
registry.add(serviceCommand);

/**
 * Dispatches one subcommand (`npm run -s agent -- status`, or the `scouts-agent` bin).
 *
 * @example await runCli(["travel", "--until", "2026-12-01"], io) // 0
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  const cmd = name ? registry.get(name) : undefined;
  if (!cmd) {
    io.stderr.write(registry.help());
    return name && name !== "help" && name !== "--help" ? 2 : 0;
  }
  try {
    return await cmd.run(args, io);
  } catch (e) {
    io.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

const isMain =
  process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
  if (process.argv[2] !== "run") process.exitCode = code;
}
