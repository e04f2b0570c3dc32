import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { ScoutsDb } from "./index.ts";
import * as schema from "./schema/index.ts";

const migrationsDir = path.join(import.meta.dirname, "migrations");

/** Applies every committed cloud migration, in order, to a libSQL client (Node only). */
export async function applyMigrations(client: Client): Promise<void> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
  for (const file of files) {
    await client.executeMultiple(await readFile(path.join(migrationsDir, file), "utf8"));
  }
}

/** The cloud schema on a local libSQL file or `:memory:` (Node: tests, tools, benches). */
export async function createFileDb(url: string): Promise<{ db: ScoutsDb; client: Client }> {
  const client = createClient({ url });
  await applyMigrations(client);
  return { db: drizzle(client, { schema }) as unknown as ScoutsDb, client };
}
