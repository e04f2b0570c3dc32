import { handleScheduled } from "./cron/index.ts";
import type { Env } from "./env.ts";
import { handleQueue } from "./queue-consumer/index.ts";
import { createApp } from "./webhooks/app.ts";

export { DeviceHub } from "./device-hub/device-hub.ts";
export { AutomationRunWorkflow } from "./queue-consumer/automation/run-workflow.ts";
export { QuotaGate } from "./quota-gate/quota-gate.ts";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: handleScheduled,
  queue: handleQueue,
} satisfies ExportedHandler<Env>;
