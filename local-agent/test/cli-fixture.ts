import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@scouts/core/ports";
import { startAgent } from "../agent.ts";
import type { CliIo } from "../cli/registry.ts";
import { readAgentConfig } from "../config.ts";

/**
 * A real agent in a fresh owner-only home (no cloud, no stage 2) for CLI tests, and `io()` for
 * `runCli` that captures what it writes.
 *
 * @example const fx = await startCliAgent("scouts-cli-"); await runCli(["status"], fx.io().io);
 */
export async function startCliAgent(prefix: string) {
  const home = await mkdtemp(path.join(tmpdir(), prefix));
  const config = readAgentConfig({
    SCOUTS_HOME: home,
    SCOUTS_AGENT_PORT: "0",
    SCOUTS_CLOUD_URL: "http://127.0.0.1:9",
  });
  const agent = await startAgent(config, { logger: silentLogger, stage2: null, connect: false });
  return {
    home,
    agent,
    io() {
      const out = { stdout: "", stderr: "" };
      const io: CliIo = {
        stdout: { write: (s: string) => (out.stdout += s) },
        stderr: { write: (s: string) => (out.stderr += s) },
        env: { SCOUTS_HOME: home },
        cwd: home,
      };
      return { out, io };
    },
    async close() {
      await agent.stop();
      await rm(home, { recursive: true, force: true });
    },
  };
}
export type CliAgent = Awaited<ReturnType<typeof startCliAgent>>;
