import type { AutomationRecord } from "../executor/types.ts";
import type { AutomationDefinition } from "../schema/definition-types.ts";

export interface TriggerRowInput {
  id: string;
  position: number;
  type: "schedule" | "webhook" | "event";
  eventType?: string | null;
  cron?: string | null;
  timezone?: string | null;
  nextFireAt?: number | null;
}

/** Automation persistence for the save/edit/token verbs. */
export interface AutomationRepo {
  insert(input: {
    id: string;
    userId: string;
    definition: AutomationDefinition;
    triggers: TriggerRowInput[];
    now: number;
  }): Promise<AutomationRecord>;
  update(input: {
    id: string;
    userId: string;
    expectedVersion: number;
    definition: AutomationDefinition;
    triggers: TriggerRowInput[];
    now: number;
  }): Promise<AutomationRecord | null>;
  get(userId: string, id: string): Promise<AutomationRecord | null>;
  webhookTrigger(automationId: string): Promise<{ triggerId: string; tokenHash: string | null } | null>;
  setWebhookTokenHash(triggerId: string, hash: string | null, now: number): Promise<void>;
}
