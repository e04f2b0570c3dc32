import { lstat } from "node:fs/promises";
import path from "node:path";
import { CoreError } from "@scouts/core/errors";
import type { ManifestFile, ManifestResponse } from "@scouts/core/folders/api";
import { formatManifestBlock, formatMultiProjectManifestBlock } from "@scouts/core/folders/manifest-block";
import { allManifestFiles } from "./files-repo.ts";
import { requireProject } from "./projects.ts";
import { getFolder, scanStateOf } from "./projects-repo.ts";
import { type ScanCtx, startScan } from "./scanner.ts";

/** How many of the most recent tracked files a manifest read re-`stat`s to detect staleness. */
export const staleCheckLimit = 2_000;

/** True when any of the most recent tracked files changed or vanished since the manifest row. */
export async function manifestIsStale(folderPath: string, files: readonly ManifestFile[]): Promise<boolean> {
  const sample = files.slice(0, staleCheckLimit);
  const stats = await Promise.all(
    sample.map((f) => lstat(path.join(folderPath, f.relativePath)).catch(() => null)),
  );
  return sample.some((f, i) => {
    const st = stats[i];
    return !st || st.mtimeMs !== f.mtimeMs || st.size !== f.size;
  });
}

/**
 * Reads a project's manifest and its prompt block. A stale tracked mtime starts a rescan; with
 * `wait` the answer reflects that rescan, otherwise it returns at once marked `stale`.
 * @example await readManifest({ ctx, input: { project: "Website", wait: false } })
 */
export async function readManifest({
  ctx,
  input,
}: {
  ctx: ScanCtx;
  input: { project: string; wait?: boolean; maxTokens?: number };
}): Promise<ManifestResponse & { files: ManifestFile[] }> {
  const project = await requireProject(ctx, input.project);
  const folder = await getFolder(ctx.db, project.id);
  if (!folder) throw new CoreError("conflict", `project "${project.name}" has no linked folder`);
  let files = await allManifestFiles(ctx.db, project.id);
  const stale = scanStateOf(folder).status !== "scanning" && (await manifestIsStale(folder.path, files));
  if (stale) {
    const { scan } = startScan({ ctx, input: { projectId: project.id } });
    if (input.wait) {
      await scan;
      files = await allManifestFiles(ctx.db, project.id);
    } else {
      scan.catch(() => {});
    }
  }
  const current = (await getFolder(ctx.db, project.id)) ?? folder;
  return {
    projectId: project.id,
    block: formatManifestBlock({ files, maxTokens: input.maxTokens }),
    fileCount: files.filter((f) => f.status !== "error").length,
    stale,
    scan: scanStateOf(current),
    files,
  };
}

/**
 * The multi-project block for prompts with several projects in context: top 5 files each.
 * @example await multiProjectManifestBlock({ ctx, input: { projects: ["Website", "Thesis"] } })
 */
export async function multiProjectManifestBlock({
  ctx,
  input,
}: {
  ctx: ScanCtx;
  input: { projects: string[]; maxTokens?: number };
}): Promise<string> {
  const sections = [];
  for (const name of input.projects) {
    const p = await requireProject(ctx, name);
    sections.push({ name: p.name, files: await allManifestFiles(ctx.db, p.id) });
  }
  return formatMultiProjectManifestBlock({ projects: sections, maxTokens: input.maxTokens });
}

/**
 * The project block for a prompt (brief, `agent_task`): one project in context gets its full
 * capped manifest under a heading; several get the multi-project variant (top 5 files each).
 * Projects without a linked folder are left out; no project → "".
 * @example await manifestBlockForContext({ ctx, input: { projects: ["Website"] } })
 */
export async function manifestBlockForContext({
  ctx,
  input,
}: {
  ctx: ScanCtx;
  input: { projects: string[]; maxTokens?: number };
}): Promise<string> {
  const linked: { name: string; files: ManifestFile[] }[] = [];
  for (const name of input.projects) {
    const p = await requireProject(ctx, name);
    if (await getFolder(ctx.db, p.id))
      linked.push({ name: p.name, files: await allManifestFiles(ctx.db, p.id) });
  }
  if (linked.length === 0) return "";
  if (linked.length === 1) {
    const only = linked[0]!;
    const heading = `## ${only.name}`;
    return `${heading}\n${formatManifestBlock({ files: only.files, maxTokens: (input.maxTokens ?? 3_000) - 10 }) || "(no indexed files)"}`;
  }
  return formatMultiProjectManifestBlock({ projects: linked, maxTokens: input.maxTokens });
}
