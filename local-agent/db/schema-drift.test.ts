import { createClient } from "@libsql/client";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { migrateAgentDb } from "./open.ts";
import * as schema from "./schema/index.ts";

const tables = Object.values(schema).filter(
  (v: unknown) => typeof v === "object" && v !== null && Symbol.for("drizzle:IsDrizzleTable") in v,
) as SQLiteTable[];

describe("agent migrations match the agent's drizzle schema", () => {
  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))("%s", async (name, table) => {
    const client = createClient({ url: ":memory:" });
    await migrateAgentDb(client);
    const migrated = (await client.execute(`PRAGMA table_info(${name})`)).rows
      .map((r) => String(r.name))
      .sort();
    expect(migrated).toEqual(
      getTableConfig(table)
        .columns.map((c) => c.name)
        .sort(),
    );
  });

  it("applies each migration once", async () => {
    const client = createClient({ url: ":memory:" });
    const first = await migrateAgentDb(client);
    expect(first[0]).toBe("0001_agent.sql");
    expect(await migrateAgentDb(client)).toEqual([]);
  });
});
