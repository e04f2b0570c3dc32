import { homedir, hostname } from "node:os";
import path from "node:path";
import { localEndpointProblem } from "@scouts/core/assistant/local-endpoint";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0"])
  .default("false")
  .transform((v) => v === "true" || v === "1");

const AgentConfigSchema = z.object({
  SCOUTS_HOME: z.string().min(1).optional(),
  SCOUTS_CLOUD_URL: z.url().default("http://127.0.0.1:8787"),
  SCOUTS_AGENT_PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  SCOUTS_DEV_PAIR: flag,
  /** Comma-separated origins allowed by CORS. */
  SCOUTS_PWA_ORIGIN: z.string().default("http://127.0.0.1:5173"),
  SCOUTS_DEV_EMAIL: z.email().default("dev@scouts.local"),
  SCOUTS_DEVICE_NAME: z.string().max(100).optional(),
  /** Optional local OpenAI-compatible endpoint (drafts, phrasing Ask): this machine only. */
  SCOUTS_LLM_BASE_URL: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : localEndpointProblem(v);
      if (problem)
        ctx.addIssue({
          code: "custom",
          message: `the language model must be on this machine (127.0.0.1, [::1] or localhost): ${problem}`,
        });
    }),
  SCOUTS_LLM_MODEL: z.string().optional(),
  /** The local mailbox's receiving server (its Authentication-Results authserv-id, e.g. mx.example.net). */
  SCOUTS_MAIL_AUTHSERV_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, "a host name such as mx.example.net")
    .max(253)
    .optional(),
  SCOUTS_LLM_API_KEY: z.string().optional(),
  /**
   * Tests only: one loopback origin (`http://127.0.0.1:PORT`) whose images load as if public.
   * Refused unless SCOUTS_DEV_PAIR is on (below), so a real install cannot carry it.
   */
  SCOUTS_TEST_IMAGE_ORIGIN: z
    .string()
    .regex(/^http:\/\/127\.0\.0\.1:[1-9]\d{0,4}$/, "exactly http://127.0.0.1:PORT")
    .optional(),
});

export interface AgentConfig {
  home: string;
  cloudUrl: string;
  port: number;
  devPair: boolean;
  pwaOrigins: string[];
  devEmail: string;
  deviceName: string;
  llm: { baseUrl: string; model: string; apiKey: string | null } | null;
  mailAuthservId: string | null;
  /** Tests only (dev pairing): the loopback origin whose images load as if public. */
  testImageOrigin: string | null;
}

/**
 * Reads the agent's configuration once from the environment; a bad value fails naming it.
 *
 * @example readAgentConfig({ SCOUTS_HOME: "/tmp/s", SCOUTS_AGENT_PORT: "0" }).port // 0
 */
export function readAgentConfig(env: Record<string, string | undefined>): AgentConfig {
  const r = AgentConfigSchema.safeParse(env);
  if (!r.success) {
    const what = r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid agent configuration: ${what}`);
  }
  const c = r.data;
  if (c.SCOUTS_TEST_IMAGE_ORIGIN && !c.SCOUTS_DEV_PAIR)
    throw new Error(
      "invalid agent configuration: SCOUTS_TEST_IMAGE_ORIGIN: a test-only setting: allowed only with SCOUTS_DEV_PAIR=true",
    );
  return {
    home: path.resolve(c.SCOUTS_HOME ?? path.join(homedir(), ".scouts")),
    cloudUrl: c.SCOUTS_CLOUD_URL.replace(/\/$/, ""),
    port: c.SCOUTS_AGENT_PORT,
    devPair: c.SCOUTS_DEV_PAIR,
    pwaOrigins: c.SCOUTS_PWA_ORIGIN.split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    devEmail: c.SCOUTS_DEV_EMAIL,
    deviceName: c.SCOUTS_DEVICE_NAME ?? `agent@${hostname()}`,
    llm: c.SCOUTS_LLM_BASE_URL
      ? {
          baseUrl: c.SCOUTS_LLM_BASE_URL,
          model: c.SCOUTS_LLM_MODEL ?? "local",
          apiKey: c.SCOUTS_LLM_API_KEY ?? null,
        }
      : null,
    mailAuthservId: c.SCOUTS_MAIL_AUTHSERV_ID?.toLowerCase() ?? null,
    testImageOrigin: c.SCOUTS_TEST_IMAGE_ORIGIN ?? null,
  };
}
