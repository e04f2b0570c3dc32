import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema/index.ts";

export type AgentDb = LibSQLDatabase<typeof schema>;

const migrationsDir = path.join(import.meta.dirname, "..", "migrations");

/**
 * Applies every `local-agent/migrations/NNNN_*.sql` not applied yet, in order, recording each in
 * `_agent_migrations` (FOLDERS adds 0002).
 */
export async function migrateAgentDb(client: Client): Promise<string[]> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS _agent_migrations (name text PRIMARY KEY, applied_at integer NOT NULL)",
  );
  const done = new Set(
    (await client.execute("SELECT name FROM _agent_migrations")).rows.map((r) => String(r.name)),
  );
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    await client.executeMultiple(await readFile(path.join(migrationsDir, file), "utf8"));
    await client.execute({
      sql: "INSERT INTO _agent_migrations (name, applied_at) VALUES (?, ?)",
      args: [file, Date.now()],
    });
    applied.push(file);
  }
  return applied;
}

/**
 * Opens (creating if needed) the agent's libSQL file and migrates it.
 *
 * @example const { db } = await openAgentDb("file:/home/me/.scouts/agent.db")
 */
export async function openAgentDb(url: string): Promise<{ db: AgentDb; client: Client }> {
  const client = createClient({ url });
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA busy_timeout = 5000");
  // WAL + NORMAL stays crash-safe (a power cut may lose the last commits, never corrupt).
  await client.execute("PRAGMA synchronous = NORMAL");
  await migrateAgentDb(client);
  return { db: drizzle(client, { schema }), client };
}
