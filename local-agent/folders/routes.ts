import { CoreError, type CoreErrorCode, isCoreError } from "@scouts/core/errors";
import {
  CreateProjectRequest,
  FilesQuery,
  LinkFolderRequest,
  ReadFileRequest,
  type ScanProgressEvent,
  type ScanResponse,
  UpdateProjectRequest,
} from "@scouts/core/folders/api";
import { parseInput } from "@scouts/core/validate";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FoldersCtx } from "./context.ts";
import { listManifestFiles } from "./files-repo.ts";
import { multiProjectManifestBlock, readManifest } from "./manifest.ts";
import {
  createProject,
  deleteProject,
  linkFolder,
  requireProject,
  unlinkFolder,
  updateProject,
} from "./projects.ts";
import { getFolder, listProjects, projectView, scanStateOf } from "./projects-repo.ts";
import { readProjectFolderFile } from "./read-file.ts";
import { startScan } from "./scanner.ts";

const statusOf: Partial<Record<CoreErrorCode, ContentfulStatusCode>> = {
  bad_input: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
};

async function json(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new CoreError("bad_input", "the request body is not JSON");
  }
}

/** Starts a scan in the background; a scan already running is joined, never doubled. */
async function kickScan(ctx: FoldersCtx, projectId: string): Promise<ScanResponse> {
  const { scan, alreadyRunning } = startScan({ ctx, input: { projectId } });
  scan.catch(() => {});
  const folder = await getFolder(ctx.db, projectId);
  if (!folder) throw new CoreError("conflict", "this project has no linked folder");
  const state = scanStateOf(folder);
  // The scan may not have taken its lease yet: report the scan this call started or joined.
  const shown =
    state.status === "scanning"
      ? state
      : { ...state, status: "scanning" as const, processed: 0, total: 0, error: null };
  return { started: !alreadyRunning, alreadyRunning, scan: ctx.running.has(projectId) ? shown : state };
}

/**
 * The `/local/v1/projects` sub-app (the agent mounts it behind its auth middleware):
 * projects, link/unlink, scans with SSE progress, manifest, files and `read`.
 * @example app.route("/local/v1/projects", createProjectsRoutes(ctx))
 */
export function createProjectsRoutes(ctx: FoldersCtx) {
  const app = new Hono();
  app.onError((err, c) => {
    if (isCoreError(err)) {
      return c.json(
        { error: { code: err.code, message: err.message, details: err.details } },
        statusOf[err.code] ?? 500,
      );
    }
    ctx.logger.log("error", "folders.route.failed", { name: err.name });
    return c.json({ error: { code: "internal", message: "internal error" } }, 500);
  });

  app.get("/", async (c) => c.json({ items: await listProjects(ctx.db) }));

  app.post("/", async (c) => {
    const body = parseInput(CreateProjectRequest, await json(c), "project");
    return c.json(await createProject({ ctx, input: body }), 201);
  });

  app.get("/manifest-block", async (c) => {
    const names = (c.req.query("projects") ?? "").split(",").filter(Boolean);
    if (names.length === 0) throw new CoreError("bad_input", "projects: name at least one project");
    return c.json({ block: await multiProjectManifestBlock({ ctx, input: { projects: names } }) });
  });

  app.get("/:project", async (c) => {
    const p = await requireProject(ctx, c.req.param("project"));
    return c.json(await projectView(ctx.db, p.id));
  });

  app.patch("/:project", async (c) => {
    const edit = parseInput(UpdateProjectRequest, await json(c), "project edit");
    return c.json(await updateProject({ ctx, input: { project: c.req.param("project"), edit } }));
  });

  app.delete("/:project", async (c) => {
    await deleteProject({ ctx, input: { project: c.req.param("project") } });
    return c.json({ deleted: true });
  });

  app.put("/:project/folder", async (c) => {
    const body = parseInput(LinkFolderRequest, await json(c), "folder link");
    const project = await linkFolder({
      ctx,
      input: { project: c.req.param("project"), path: body.path, tier: body.tier ?? ctx.tier },
    });
    if (body.scan !== false) await kickScan(ctx, project.id);
    return c.json(await projectView(ctx.db, project.id));
  });

  app.delete("/:project/folder", async (c) =>
    c.json(await unlinkFolder({ ctx, input: { project: c.req.param("project") } })),
  );

  app.post("/:project/scan", async (c) => {
    const p = await requireProject(ctx, c.req.param("project"));
    return c.json(await kickScan(ctx, p.id), 202);
  });

  app.get("/:project/scan", async (c) => {
    const p = await requireProject(ctx, c.req.param("project"));
    const folder = await getFolder(ctx.db, p.id);
    if (!folder) throw new CoreError("conflict", `project "${p.name}" has no linked folder`);
    return c.json(scanStateOf(folder));
  });

  app.get("/:project/progress", async (c) => {
    const p = await requireProject(ctx, c.req.param("project"));
    const folder = await getFolder(ctx.db, p.id);
    if (!folder) throw new CoreError("conflict", `project "${p.name}" has no linked folder`);
    return streamSSE(c, async (stream) => {
      const queue: ScanProgressEvent[] = [];
      let wake: (() => void) | null = null;
      const off = ctx.progress.subscribe((e) => {
        if (e.projectId !== p.id) return;
        queue.push(e);
        wake?.();
      });
      stream.onAbort(() => {
        off();
        wake?.();
      });
      const s = scanStateOf(folder);
      const phase = s.status === "scanning" ? "indexing" : s.status === "failed" ? "failed" : "done";
      await stream.writeSSE({
        event: "scan.progress",
        data: JSON.stringify({
          projectId: p.id,
          phase,
          processed: s.processed,
          total: s.total,
          error: s.error,
        }),
      });
      while (!stream.aborted) {
        const next = queue.shift();
        if (next) {
          await stream.writeSSE({ event: "scan.progress", data: JSON.stringify(next) });
          continue;
        }
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 15_000);
        });
        wake = null;
        if (!queue.length && !stream.aborted) await stream.write(": keep-alive\n\n");
      }
      off();
    });
  });

  app.get("/:project/manifest", async (c) => {
    const { files: _files, ...rest } = await readManifest({
      ctx,
      input: {
        project: c.req.param("project"),
        wait: c.req.query("wait") === "true",
        maxTokens: c.req.query("maxTokens") ? Number(c.req.query("maxTokens")) : undefined,
      },
    });
    return c.json(rest);
  });

  app.get("/:project/files", async (c) => {
    const p = await requireProject(ctx, c.req.param("project"));
    const q = parseInput(FilesQuery, c.req.query(), "files query");
    return c.json(await listManifestFiles(ctx.db, p.id, q));
  });

  app.get("/:project/read", async (c) => {
    const relativePath = c.req.query("path");
    if (relativePath === undefined) throw new CoreError("bad_input", "path: required");
    return c.json(
      await readProjectFolderFile({ ctx, input: { project: c.req.param("project"), relativePath } }),
    );
  });

  app.post("/:project/read", async (c) => {
    const body = parseInput(ReadFileRequest, await json(c), "read request");
    return c.json(
      await readProjectFolderFile({
        ctx,
        input: { project: c.req.param("project"), relativePath: body.relativePath },
      }),
    );
  });

  return app;
}
