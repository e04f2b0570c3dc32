import { z } from "zod";

/** Bindings declared in wrangler.toml. Secrets and vars are parsed once per isolate by `readConfig`. */
export interface Env {
  DB: D1Database;
  JOBS: Queue;
  DLQ: Queue;
  AUTOMATION_FAST: Queue;
  AUTOMATION_MEDIUM: Queue;
  AUTOMATION_LONG: Queue;
  /** One Workflows instance per automation run (instance id = run id). */
  AUTOMATION_RUNS: Workflow<{ runId: string }>;
  ARTIFACTS: R2Bucket;
  DEVICE_HUB: DurableObjectNamespace;
  /** One QuotaGate per Gmail mailbox: the per-user budget every isolate shares. */
  QUOTA_GATE: DurableObjectNamespace;
  PAIRING_LIMITER: RateLimit;
  AUTOMATION_FIRE_LIMITER: RateLimit;
  AUTOMATION_AUTHOR_LIMITER: RateLimit;
  [key: string]: unknown;
}

// Unset and empty vars both mean "not configured": wrangler turns `FOO=` into "".
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalSecret = z.preprocess(blankToUndefined, z.string().min(8).optional());
const optionalText = z.preprocess(blankToUndefined, z.string().min(1).optional());
const urlWithDefault = (fallback: string) => z.preprocess(blankToUndefined, z.url().default(fallback));

/** `{"<version>":"<base64 32-byte key>"}`; the highest version encrypts, all versions decrypt. */
const TokenKeys = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be JSON like {"1":"<base64 key>"}' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .record(
          z.string().regex(/^[1-9]\d{0,5}$/, "key versions are positive integers"),
          z.base64().refine((k) => atob(k).length === 32, "each key must be 32 bytes of base64"),
        )
        .refine((r) => Object.keys(r).length > 0, "needs at least one key"),
    )
    .optional(),
);

const ConfigSchema = z.object({
  SCOUTS_ENV: z.enum(["production", "development", "test"]).default("production"),
  SCOUTS_DEV_MODE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  TOKEN_KEYS: TokenKeys,
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32).optional()),
  PUBLIC_URL: z.preprocess(blankToUndefined, z.url().optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalSecret,
  GOOGLE_AUTH_URL: urlWithDefault("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: urlWithDefault("https://oauth2.googleapis.com/token"),
  /** Where sign-in reads the account's `sub`, email and `email_verified`. */
  GOOGLE_USERINFO_URL: urlWithDefault("https://www.googleapis.com/oauth2/v3/userinfo"),
  GMAIL_API_BASE: urlWithDefault("https://gmail.googleapis.com"),
  GOOGLE_JWKS_URL: urlWithDefault("https://www.googleapis.com/oauth2/v3/certs"),
  PUBSUB_AUDIENCE: optionalText,
  PUBSUB_SERVICE_ACCOUNT: z.preprocess(blankToUndefined, z.email().optional()),
  GMAIL_PUBSUB_TOPIC: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^projects\/[^/]+\/topics\/[^/]+$/, "must look like projects/<project>/topics/<topic>")
      .optional(),
  ),
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalSecret,
  SLACK_SIGNING_SECRET: optionalSecret,
  SLACK_API_BASE: urlWithDefault("https://slack.com/api"),
  LLM_BASE_URL: z.preprocess(blankToUndefined, z.url().optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  /** The operator view's key (GET /api/v1/operator/overview); unset, the view does not exist. */
  OPERATOR_TOKEN: z.preprocess(blankToUndefined, z.string().min(32, "use at least 32 characters").optional()),
});

export type Config = z.infer<typeof ConfigSchema>;

const parsed = new WeakMap<object, Config>();

/** Parses vars and secrets once per isolate; a bad value fails loudly, naming the variable. */
export function readConfig(env: Env): Config {
  const hit = parsed.get(env);
  if (hit) return hit;
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const what = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid Worker configuration: ${what}`);
  }
  parsed.set(env, result.data);
  return result.data;
}
