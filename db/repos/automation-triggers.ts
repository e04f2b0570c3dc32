import type { Filter } from "@scouts/core/automation/filter/types";
import type { AutomationRepo } from "@scouts/core/automation/manage/ports";
import type { TriggerStore } from "@scouts/core/automation/triggers/ports";
import { eq } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { automations } from "../schema/automations.ts";
import {
  advanceSchedules,
  automationFromRow,
  claimIdempotencyKey,
  dueSchedules,
  eventTriggers,
  getAutomation,
  insertAutomation,
  releaseIdempotencyKey,
  setWebhookTokenHash,
  updateAutomationDefinition,
  webhookTrigger,
} from "./automations.ts";

/**
 * The dispatch verbs' TriggerStore over drizzle.
 * @example const triggers = createTriggerStore(createD1Db(env.DB));
 */
export function createTriggerStore(db: ScoutsDb): TriggerStore {
  return {
    async dueSchedules(now, limit) {
      const rows = await dueSchedules(db, now, limit);
      return rows.map((r) => ({
        triggerId: r.trigger.id,
        cron: r.trigger.cron ?? "",
        timezone: r.trigger.timezone ?? "UTC",
        nextFireAt: r.trigger.nextFireAt ?? now,
        automation: r.automation,
      }));
    },
    advanceSchedules: (moves) => advanceSchedules(db, moves),
    async eventTriggers(userId, eventType) {
      const rows = await eventTriggers(db, userId, eventType);
      return rows.map((r) => {
        const spec = r.automation.definition.triggers[r.trigger.position];
        const filter = spec?.type === "event" && spec.filter ? (spec.filter as Filter) : null;
        return { triggerId: r.trigger.id, filter, automation: r.automation };
      });
    },
    async webhookTrigger(automationId) {
      const t = await webhookTrigger(db, automationId);
      return t
        ? { triggerId: t.id, automationId: t.automationId, userId: t.userId, tokenHash: t.tokenHash }
        : null;
    },
    async automation(id) {
      const row = await db.select().from(automations).where(eq(automations.id, id)).get();
      return row ? automationFromRow(row) : null;
    },
    claimIdempotencyKey: (input) => claimIdempotencyKey(db, input),
    releaseIdempotencyKey: (triggerId, key) => releaseIdempotencyKey(db, triggerId, key),
  };
}

/**
 * The save/edit verbs' AutomationRepo over drizzle.
 * @example const repo = createAutomationRepo(db);
 */
export function createAutomationRepo(db: ScoutsDb): AutomationRepo {
  return {
    insert: (input) => insertAutomation(db, input),
    update: (input) => updateAutomationDefinition(db, input),
    get: (userId, id) => getAutomation(db, userId, id),
    async webhookTrigger(automationId) {
      const t = await webhookTrigger(db, automationId);
      return t ? { triggerId: t.id, tokenHash: t.tokenHash } : null;
    },
    setWebhookTokenHash: (triggerId, hash, now) => setWebhookTokenHash(db, triggerId, hash, now),
  };
}
