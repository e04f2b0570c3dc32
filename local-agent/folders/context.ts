import type { FolderTier } from "@scouts/core/folders/kinds";
import { type Logger, randomId, silentLogger, systemClock } from "@scouts/core/ports";
import { z } from "zod";
import type { FoldersDb } from "./db.ts";
import { createLlmTextSummarizer } from "./llm-summarizer.ts";
import { ScanProgressHub } from "./progress.ts";
import type { ProjectsCtx } from "./projects.ts";
import type { ScanCtx } from "./scanner.ts";
import { createLocalSummarizer } from "./summarize.ts";

export const FoldersConfig = z.object({
  SCOUTS_FOLDERS_TIER: z.enum(["free", "pro", "unlimited"]).default("pro"),
  SCOUTS_SUMMARY_LLM_URL: z.url().optional(),
  SCOUTS_SUMMARY_LLM_MODEL: z.string().min(1).optional(),
  SCOUTS_SUMMARY_LLM_KEY: z.string().optional(),
});
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
  const llm =
    config.SCOUTS_SUMMARY_LLM_URL && config.SCOUTS_SUMMARY_LLM_MODEL
      ? createLlmTextSummarizer({
          fetch: globalThis.fetch,
          baseUrl: config.SCOUTS_SUMMARY_LLM_URL,
          model: config.SCOUTS_SUMMARY_LLM_MODEL,
          apiKey: config.SCOUTS_SUMMARY_LLM_KEY,
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
