import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema/index.ts";

export { schema };

/** The cloud store, whichever SQLite it runs on (D1 in Workers, libSQL elsewhere). */
export type ScoutsDb = BaseSQLiteDatabase<"async", unknown, typeof schema>;
