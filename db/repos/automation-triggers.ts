import type { AutomationRecord } from "@scouts/core/automation/executor/types";
import type { Filter } from "@scouts/core/automation/filter/types";
import type { AutomationRepo } from "@scouts/core/automation/manage/ports";
import type { TriggerStore } from "@scouts/core/automation/triggers/ports";
import { eq, sql } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { automations } from "../schema/automations.ts";
import {
  advanceSchedules,
  automationFromRow,
  claimIdempotencyKey,
  eventTriggers,
  getAutomation,
  insertAutomation,
  releaseIdempotencyKey,
  setWebhookTokenHash,
  updateAutomationDefinition,
  webhookTrigger,
} from "./automations.ts";

interface DueRow {
  tid: string;
  cron: string;
  timezone: string;
  due: number;
  id: string;
  user_id: string;
  name: string;
  version: number;
  definition: string;
  concurrency: AutomationRecord["concurrency"];
  last_fired_at: number | null;
}

/**
 * The dispatch verbs' TriggerStore over drizzle.
 * @example const triggers = createTriggerStore(createD1Db(env.DB));
 */
export function createTriggerStore(db: ScoutsDb): TriggerStore {
  return {
    async dueSchedules(now, limit) {
      // Raw columns: a tick reads thousands of rows and drizzle's join mapping is the slow part.
      const rows = await db.all<DueRow>(sql`SELECT t.id AS tid, t.cron, t.timezone, t.next_fire_at AS due,
          a.id, a.user_id, a.name, a.version, a.definition, a.concurrency, a.last_fired_at
        FROM automation_triggers t JOIN automations a ON a.id = t.automation_id
        WHERE t.type = 'schedule' AND t.enabled = 1 AND t.next_fire_at IS NOT NULL AND t.next_fire_at <= ${now}
          AND a.enabled = 1
        LIMIT ${limit}`);
      return rows.map((r) => ({
        triggerId: r.tid,
        cron: r.cron,
        timezone: r.timezone,
        nextFireAt: r.due,
        automation: {
          id: r.id,
          userId: r.user_id,
          name: r.name,
          enabled: true,
          version: r.version,
          definition: JSON.parse(r.definition),
          concurrency: r.concurrency,
          lastFiredAt: r.last_fired_at,
        },
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
