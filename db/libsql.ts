import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import type { ScoutsDb } from "./index.ts";
import * as schema from "./schema/index.ts";

/**
 * The cloud store on a libSQL/Turso URL (`libsql://`, `https://`), usable inside workerd.
 * @example const db = createLibsqlDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_TOKEN });
 */
export function createLibsqlDb(opts: { url: string; authToken?: string }): ScoutsDb {
  return drizzle(createClient(opts), { schema }) as unknown as ScoutsDb;
}
