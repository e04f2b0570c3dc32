import type { PipelineOverrides } from "../shared/pipeline-deps.ts";

/**
 * Ports the test entry (`entry.ts`) hands to the real queue, cron and DeviceHub handlers, which
 * the runtime calls without extra arguments. Tests set them in `beforeEach` and clear them with
 * `resetTestOverrides()`. Lives under `workers/test`, which no production module imports.
 */
export const testOverrides: PipelineOverrides = {};

export function resetTestOverrides(): void {
  for (const k of Object.keys(testOverrides)) delete testOverrides[k as keyof PipelineOverrides];
}
