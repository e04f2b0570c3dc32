import type { FolderTier } from "@scouts/core/folders/kinds";
import { type Logger, randomId, silentLogger, systemClock } from "@scouts/core/ports";
import { z } from "zod";
import type { FoldersDb } from "./db.ts";
import { createLlmTextSummarizer } from "./llm-summarizer.ts";
import { ScanProgressHub } from "./progress.ts";
import type { ProjectsCtx } from "./projects.ts";
import type { ScanCtx } from "./scanner.ts";
import { createLocalSummarizer } from "./summarize.ts";

/** Folder settings from the environment; the summary model defaults to the agent's local LLM. */
export const FoldersConfig = z.object({
  SCOUTS_FOLDERS_TIER: z.enum(["free", "pro", "unlimited"]).default("pro"),
  SCOUTS_SUMMARY_LLM_URL: z.url().optional(),
  SCOUTS_SUMMARY_LLM_MODEL: z.string().min(1).optional(),
  SCOUTS_SUMMARY_LLM_KEY: z.string().optional(),
  SCOUTS_LLM_BASE_URL: z.url().optional(),
  SCOUTS_LLM_MODEL: z.string().optional(),
  SCOUTS_LLM_API_KEY: z.string().optional(),
});

/** Reads the folder settings once (composition root / CLI). */
export function readFoldersConfig(env: Record<string, string | undefined> = process.env): FoldersConfig {
  const r = FoldersConfig.safeParse(env);
  if (!r.success) {
    throw new Error(
      `invalid folders configuration: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  return r.data;
}

const loopback = (url: string) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
export type FoldersConfig = z.infer<typeof FoldersConfig>;

export type FoldersCtx = ScanCtx & ProjectsCtx & { tier: FolderTier };

/**
 * Everything the folder verbs need, wired once by the agent (or the CLI): db, clock, the
 * summarizer (built-in, or the configured local model), the progress hub and the scan registry.
 * @example const ctx = createFoldersContext({ db, config: FoldersConfig.parse(process.env) })
 */
export function createFoldersContext(opts: {
  db: FoldersDb;
  config?: FoldersConfig;
  logger?: Logger;
  overrides?: Partial<FoldersCtx>;
}): FoldersCtx {
  const config = opts.config ?? FoldersConfig.parse({});
  const baseUrl = config.SCOUTS_SUMMARY_LLM_URL ?? config.SCOUTS_LLM_BASE_URL;
  const model = config.SCOUTS_SUMMARY_LLM_MODEL ?? config.SCOUTS_LLM_MODEL ?? "local";
  // Only a model on this device may see file content; a remote endpoint is never used for it.
  const llm =
    baseUrl && loopback(baseUrl)
      ? createLlmTextSummarizer({
          fetch: globalThis.fetch,
          baseUrl,
          model,
          apiKey: config.SCOUTS_SUMMARY_LLM_KEY ?? config.SCOUTS_LLM_API_KEY,
        })
      : undefined;
  return {
    db: opts.db,
    clock: systemClock,
    logger: opts.logger ?? silentLogger,
    newId: randomId,
    summarize: createLocalSummarizer({ llm }),
    progress: new ScanProgressHub(),
    running: new Map(),
    tier: config.SCOUTS_FOLDERS_TIER,
    ...opts.overrides,
  };
}
