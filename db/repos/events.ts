import type { DomainEvent, EventStore } from "@scouts/core/events/types";
import { eq, lt } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { domainEvents } from "../schema/events.ts";

/**
 * The domain_events table behind core/events; nothing else reads or writes it.
 * @example const ctx = { eventStore: createEventStore(db), clock, ids, dispatch };
 */
export function createEventStore(db: ScoutsDb): EventStore {
  return {
    async insert(e) {
      await db.insert(domainEvents).values(e).onConflictDoNothing();
    },
    async get(id) {
      const row = await db.select().from(domainEvents).where(eq(domainEvents.id, id)).get();
      return row ? ({ ...row, payload: row.payload as DomainEvent["payload"] } satisfies DomainEvent) : null;
    },
    async deleteOlderThan(cutoff) {
      const rows = await db
        .delete(domainEvents)
        .where(lt(domainEvents.createdAt, cutoff))
        .returning({ id: domainEvents.id });
      return rows.length;
    },
  };
}
