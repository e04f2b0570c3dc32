import { createScheduledHandler } from "../cron/index.ts";
import { DeviceHub as DeployedDeviceHub } from "../device-hub/device-hub.ts";
import type { Env } from "../env.ts";
import { createQueueHandler } from "../queue-consumer/index.ts";
import { createApp } from "../webhooks/app.ts";
import { testOverrides } from "./overrides.ts";

export { AutomationRunWorkflow } from "../queue-consumer/automation/run-workflow.ts";
/**
 * The Worker as the vitest workers project runs it (`main` in vitest.workers.config.ts; never in
 * wrangler.toml): the production handlers and Durable Objects, built with `testOverrides`.
 */
export { QuotaGate } from "../quota-gate/quota-gate.ts";

export class DeviceHub extends DeployedDeviceHub {
  protected override readonly overrides = testOverrides;
}

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: createScheduledHandler(testOverrides),
  queue: createQueueHandler(testOverrides),
} satisfies ExportedHandler<Env>;
