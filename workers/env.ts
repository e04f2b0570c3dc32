import { z } from "zod";

/** Bindings declared in wrangler.toml. Secrets and vars are parsed once per isolate by `readConfig`. */
export interface Env {
  DB: D1Database;
  JOBS: Queue;
  DLQ: Queue;
  AUTOMATION_FAST: Queue;
  AUTOMATION_MEDIUM: Queue;
  AUTOMATION_LONG: Queue;
  ARTIFACTS: R2Bucket;
  DEVICE_HUB: DurableObjectNamespace;
  [key: string]: unknown;
}

const ConfigSchema = z.object({
  SCOUTS_ENV: z.enum(["production", "development", "test"]).default("production"),
  SCOUTS_DEV_MODE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: { source: unknown; config: Config } | undefined;

/** Parses vars and secrets once per isolate; a bad value fails loudly, naming the variable. */
export function readConfig(env: Env): Config {
  if (cached?.source === env) return cached.config;
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const what = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid Worker configuration: ${what}`);
  }
  cached = { source: env, config: result.data };
  return result.data;
}
