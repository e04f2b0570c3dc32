import { startAgent } from "./agent.ts";
import { readAgentConfig } from "./config.ts";

/** The long-lived agent service: `node local-agent/main.ts` (or `scouts-agent run`). */
export async function main(): Promise<void> {
  const config = readAgentConfig(process.env);
  const agent = await startAgent(config);
  console.log(`scouts-agent listening on ${agent.url} (data in ${config.home})`);
  console.log(`pairing code for the PWA: ${agent.newPairingCode()} (valid 10 minutes)`);
  const shutdown = () => {
    void agent.stop().finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

if (import.meta.main) await main();
