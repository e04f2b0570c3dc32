import { createClient } from "@libsql/client";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { expect, it } from "vitest";
import { migrateAgentDb } from "../../local-agent/db/open.ts";
import { projectFolderFiles, projectFolders, projects } from "../../local-agent/folders/schema.ts";

it.each([projects, projectFolders, projectFolderFiles].map((t) => [getTableConfig(t).name, t] as const))(
  "local migration 0002 matches the drizzle table %s",
  async (name, table) => {
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
    const indexes = (await client.execute(`PRAGMA index_list(${name})`)).rows.map((r) => String(r.name));
    if (name === "project_folder_files") expect(indexes).toContain("project_folder_files_path_uq");
    client.close();
  },
);
