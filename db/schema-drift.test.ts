import { createClient } from "@libsql/client";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "./file.ts";
import * as schema from "./schema/index.ts";

const tables: SQLiteTable[] = Object.values(schema).filter(
  (v: unknown) => typeof v === "object" && v !== null && Symbol.for("drizzle:IsDrizzleTable") in v,
) as SQLiteTable[];

describe("committed migrations match the drizzle schema", () => {
  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))("%s", async (name, table) => {
    const client = createClient({ url: ":memory:" });
    await applyMigrations(client);
    const info = await client.execute(`PRAGMA table_info(${name})`);
    const migrated = info.rows.map((r) => String(r.name)).sort();
    const declared = getTableConfig(table)
      .columns.map((c) => c.name)
      .sort();
    expect(migrated).toEqual(declared);
  });

  it("finds every table", () => {
    expect(tables.length).toBeGreaterThanOrEqual(8);
  });
});
