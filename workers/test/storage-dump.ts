import { env, runInDurableObject } from "cloudflare:test";
import { vi } from "vitest";

/**
 * Everything printed to the console from now on (the Durable Objects share the test's isolate),
 * appended to `into`; `vi.restoreAllMocks()` ends it. For canary checks of what reached logs.
 */
export function captureConsole(into: string[] = []): string[] {
  for (const level of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      into.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  return into;
}

/** Every row of every D1 table as text, for canary checks that nothing was stored. */
export async function dumpD1(): Promise<string> {
  const tables = await env.DB.prepare("select name from sqlite_master where type = 'table'").all<{
    name: string;
  }>();
  const out: string[] = [];
  for (const { name } of tables.results) {
    if (name.startsWith("_cf_") || name === "sqlite_sequence") continue;
    out.push(name, JSON.stringify((await env.DB.prepare(`select * from "${name}"`).all()).results));
  }
  return out.join("\n");
}

/** A Durable Object's whole storage as text: its key-value entries and every SQL table's rows. */
export async function dumpDurableObject(stub: DurableObjectStub): Promise<string> {
  return runInDurableObject(stub, async (_instance, state) => {
    const kv = JSON.stringify([...(await state.storage.list()).entries()]);
    const tables = state.storage.sql.exec("select name from sqlite_master where type = 'table'").toArray();
    const rows = tables.map((t) => {
      try {
        return JSON.stringify(state.storage.sql.exec(`select * from "${String(t.name)}"`).toArray());
      } catch (e) {
        return `unreadable ${String(t.name)}: ${String(e)}`;
      }
    });
    return [kv, ...rows].join("\n");
  });
}

/** The user's DeviceHub storage as text. */
export const dumpHub = (userId: string) =>
  dumpDurableObject(env.DEVICE_HUB.get(env.DEVICE_HUB.idFromName(userId)));

/** A Gmail mailbox's quota gate storage as text (it must hold counters only). */
export const dumpQuotaGate = (mailbox: string) =>
  dumpDurableObject(env.QUOTA_GATE.get(env.QUOTA_GATE.idFromName(`gmail:${mailbox}`)));
