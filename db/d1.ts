import { drizzle } from "drizzle-orm/d1";
import type { ScoutsDb } from "./index.ts";
import * as schema from "./schema/index.ts";

/**
 * The cloud store on a D1 binding.
 * @example const db = createD1Db(env.DB);
 */
export function createD1Db(d1: D1Database): ScoutsDb {
  return drizzle(d1, { schema }) as unknown as ScoutsDb;
}
