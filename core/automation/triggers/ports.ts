import type { AutomationRecord } from "../executor/types.ts";
import type { Filter } from "../filter/types.ts";

export interface DueSchedule {
  triggerId: string;
  cron: string;
  timezone: string;
  nextFireAt: number;
  automation: AutomationRecord;
}

export interface EventTriggerMatch {
  triggerId: string;
  filter: Filter | null;
  automation: AutomationRecord;
}

export interface WebhookTrigger {
  triggerId: string;
  automationId: string;
  userId: string;
  tokenHash: string | null;
}

/** Trigger persistence the dispatch verbs use (implemented over drizzle in db/repos). */
export interface TriggerStore {
  dueSchedules(now: number, limit: number): Promise<DueSchedule[]>;
  advanceSchedules(moves: { id: string; expected: number; next: number }[]): Promise<Set<string>>;
  eventTriggers(userId: string, eventType: string): Promise<EventTriggerMatch[]>;
  webhookTrigger(automationId: string): Promise<WebhookTrigger | null>;
  automation(automationId: string): Promise<AutomationRecord | null>;
  claimIdempotencyKey(input: {
    triggerId: string;
    key: string;
    runId: string;
    now: number;
  }): Promise<string | null>;
  releaseIdempotencyKey(triggerId: string, key: string): Promise<void>;
}
