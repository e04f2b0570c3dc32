import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrateAgentDb } from "../db/open.ts";
import * as schema from "./schema.ts";

export type FoldersDb = LibSQLDatabase<typeof schema> & { $client: Client };

/**
 * The folder tables over an already-open, already-migrated agent client (the agent wires this).
 * @example const db = foldersDbFromClient(client)
 */
export function foldersDbFromClient(client: Client): FoldersDb {
  return drizzle(client, { schema });
}

/**
 * Opens the agent's libSQL file on its own (CLI, tests, bench) and runs the agent's migration
 * runner, which applies `local-agent/migrations/0002_folders.sql` with the rest.
 * @example const { db, client } = await openFoldersDb("file:/home/me/.scouts/agent.db")
 */
export async function openFoldersDb(url: string): Promise<{ db: FoldersDb; client: Client }> {
  if (url.startsWith("file:")) mkdirSync(path.dirname(url.slice(5)), { recursive: true });
  const client = createClient({ url });
  if (url.startsWith("file:")) {
    // WAL lets the CLI read while the agent scans; busy_timeout waits instead of failing.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
  }
  await migrateAgentDb(client);
  return { db: foldersDbFromClient(client), client };
}
