import type { ManifestFile } from "@scouts/core/folders/api";
import { formatMultiProjectManifestBlock } from "@scouts/core/folders/manifest-block";
import { allManifestFiles } from "./files-repo.ts";
import { manifestBlockForContext } from "./manifest.ts";
import { findProject, getFolder } from "./projects-repo.ts";
import type { ScanCtx } from "./scanner.ts";

/** Manifest blocks the agent's Ask and brief put in front of the person or the local model. */
export interface ProjectBlocks {
  /** Ask: one project's capped manifest, or top 5 each for several; an unknown name is `not_found`. */
  forContext(projects: string[]): Promise<string>;
  /** Brief: top 5 files per linked project; unknown or unlinked ids are left out; none → "". */
  topFive(projectIds: string[]): Promise<string>;
}

/**
 * Binds the folder verbs to the agent's folder context (wired once by the composition root).
 * @example agentCtx.projectBlocks = projectBlocks(folders.ctx)
 */
export function projectBlocks(ctx: ScanCtx): ProjectBlocks {
  return {
    forContext: (projects) => manifestBlockForContext({ ctx, input: { projects } }),
    async topFive(projectIds) {
      const linked: { name: string; files: ManifestFile[] }[] = [];
      for (const id of new Set(projectIds)) {
        const p = await findProject(ctx.db, id);
        if (p && (await getFolder(ctx.db, p.id)))
          linked.push({ name: p.name, files: await allManifestFiles(ctx.db, p.id) });
      }
      return linked.length ? formatMultiProjectManifestBlock({ projects: linked }) : "";
    },
  };
}
