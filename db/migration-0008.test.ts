import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "./file.ts";

async function migrated() {
  const client = createClient({ url: ":memory:" });
  await applyMigrations(client);
  await client.execute("insert into users (id, email, created_at) values ('u1', 'a@x.test', 1)");
  await client.execute(
    "insert into scouts (id, user_id, kind, source_type, created_at) values ('s1', 'u1', 'cloud', 'gmail', 1)",
  );
  return client;
}

const ledgerRow = (id: string, actor: string) =>
  `insert into ledger_actions (id, user_id, scout_id, action, target_ref, actor, created_at)
   values ('${id}', 'u1', 's1', 'trash', 'msg-1', '${actor}', 1)`;

describe("migration 0008", () => {
  it("a scout records one action on an item once; people may act on it again (after an undo)", async () => {
    const db = await migrated();
    await db.execute(ledgerRow("l1", "scout:stage1"));
    await expect(db.execute(ledgerRow("l2", "scout:stage1"))).rejects.toThrow(/UNIQUE/);
    await db.execute(ledgerRow("l3", "device:agent"));
    await db.execute(ledgerRow("l4", "device:agent"));
  });

  it("addresses are contact data: two Google accounts may share one; dev accounts stay unique by address", async () => {
    const db = await migrated();
    await db.execute(
      "insert into users (id, email, google_sub, created_at) values ('g1', 'r@x.test', 'sub-1', 1)",
    );
    await db.execute(
      "insert into users (id, email, google_sub, created_at) values ('g2', 'r@x.test', 'sub-2', 2)",
    );
    await expect(
      db.execute(
        "insert into users (id, email, google_sub, created_at) values ('g3', 'q@x.test', 'sub-1', 3)",
      ),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      db.execute("insert into users (id, email, created_at) values ('d2', 'a@x.test', 4)"),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("one Scouts connection per Slack person on a team", async () => {
    const db = await migrated();
    const conn = (id: string, person: string) =>
      db.execute(`insert into scout_connections (id, scout_id, user_id, provider, account_ref, provider_user_id, updated_at)
        values ('${id}', 's${id}', 'u1', 'slack', 'T1', '${person}', 1)`);
    for (const id of ["c1", "c2", "c3"])
      await db.execute(
        `insert into scouts (id, user_id, kind, source_type, created_at) values ('s${id}', 'u1', 'cloud', 'slack', 1)`,
      );
    await conn("c1", "U1");
    await conn("c2", "U2");
    await expect(conn("c3", "U1")).rejects.toThrow(/UNIQUE/);
  });
});
