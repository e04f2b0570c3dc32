import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema.ts";

export type FoldersDb = LibSQLDatabase<typeof schema> & { $client: Client };

const ownMigration = path.join(import.meta.dirname, "..", "migrations", "0002_folders.sql");

/**
 * Opens the agent's libSQL file and makes sure the folder tables exist. The statements are
 * idempotent (`IF NOT EXISTS`), so this stays safe beside the agent's own migration runner.
 * @example const { db, client } = await openFoldersDb("file:/home/me/.scouts/agent.db")
 */
export async function openFoldersDb(url: string): Promise<{ db: FoldersDb; client: Client }> {
  if (url.startsWith("file:")) mkdirSync(path.dirname(url.slice(5)), { recursive: true });
  const client = createClient({ url });
  if (url.startsWith("file:")) {
    // WAL lets the CLI read while the agent scans; busy_timeout waits instead of failing.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  await client.executeMultiple(await readFile(ownMigration, "utf8"));
  return { db: drizzle(client, { schema }), client };
}

/** `$SCOUTS_HOME` (default `~/.scouts`) and the agent's database URL inside it. */
export function agentHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.SCOUTS_HOME || path.join(env.HOME || env.USERPROFILE || ".", ".scouts");
}

export function agentDbUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `file:${path.join(agentHome(env), "agent.db")}`;
}
