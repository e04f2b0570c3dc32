import type { Client } from "@libsql/client";
import type { Logger } from "@scouts/core/ports";
import { createFoldersContext, type FoldersCtx, readFoldersConfig } from "./context.ts";
import { foldersDbFromClient } from "./db.ts";
import { startFolderMaintenance } from "./maintenance.ts";
import { createProjectsRoutes } from "./routes.ts";

/**
 * Project folders inside the agent service: the `/local/v1/projects` routes over the agent's own
 * (already migrated) libSQL client, and the background loop for daily and interrupted rescans.
 * @example const folders = startFoldersFeature({ client, env: process.env, logger }); app.route("/projects", folders.routes)
 */
export function startFoldersFeature(opts: {
  client: Client;
  env: Record<string, string | undefined>;
  logger: Logger;
  maintenance?: boolean;
}): { ctx: FoldersCtx; routes: ReturnType<typeof createProjectsRoutes>; stop: () => Promise<void> } {
  const shutdown = new AbortController();
  const ctx = createFoldersContext({
    db: foldersDbFromClient(opts.client),
    config: readFoldersConfig(opts.env),
    logger: opts.logger,
    overrides: { signal: shutdown.signal },
  });
  const stopLoop =
    opts.maintenance === false ? () => {} : startFolderMaintenance({ ctx, logger: opts.logger });
  return {
    ctx,
    routes: createProjectsRoutes(ctx),
    async stop() {
      stopLoop();
      shutdown.abort();
      // Running scans commit their current batch and stop; the next start resumes from the delta.
      await Promise.allSettled([...ctx.running.values()]);
    },
  };
}
