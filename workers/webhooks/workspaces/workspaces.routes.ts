import { CoreError } from "@scouts/core/errors";
import { harvestWorkspaces } from "@scouts/core/workspaces/harvest";
import { WorkspaceKind } from "@scouts/core/workspaces/types";
import { parseWorkspaceKey } from "@scouts/core/workspaces/workspace-key";
import {
  createWorkspaceStore,
  deleteWorkspace,
  findWorkspace,
  listWorkspaces,
} from "@scouts/db/repos/workspaces";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { parseWith, readJson } from "../read-json.ts";
import { resolveSpace } from "./access.ts";
import { workspaceView } from "./view.ts";

const ListQuery = z.strictObject({
  spaceId: z.string().min(1).max(128).optional(),
  kind: WorkspaceKind.optional(),
});

const ManualUpsert = z.strictObject({
  spaceId: z.string().min(1).max(128).optional(),
  workspaceKey: z.string().min(1).max(300),
  kind: WorkspaceKind.optional(),
  displayName: z.string().trim().min(1).max(200).optional(),
  memberCount: z.int().min(0).max(10_000_000).optional(),
  archived: z.boolean().optional(),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(40)
        .regex(/^[a-z0-9][a-z0-9_-]*$/),
    )
    .max(16)
    .optional(),
});

/**
 * `/api/v1/workspaces`: the directory of a space (filter by kind), a rare manual upsert that
 * goes through the same merge rules (a kind change is a 409), and delete.
 */
export function workspacesRoutes(requireUser: () => MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use("/api/v1/workspaces", requireUser())
    .use("/api/v1/workspaces/*", requireUser())
    .get("/api/v1/workspaces", async (c) => {
      const query = parseWith(ListQuery, c.req.query(), "workspace query");
      const { db, clock } = c.var.services;
      const { spaceId } = await resolveSpace(db, {
        userId: c.var.auth.userId,
        spaceId: query.spaceId,
        now: clock.now(),
      });
      const rows = await listWorkspaces(db, { spaceId, kind: query.kind });
      return c.json({ spaceId, workspaces: rows.map(workspaceView) });
    })
    .put("/api/v1/workspaces", async (c) => {
      const input = await readJson(c, ManualUpsert, "workspace");
      const { db, clock, logger } = c.var.services;
      const { spaceId } = await resolveSpace(db, {
        userId: c.var.auth.userId,
        spaceId: input.spaceId,
        now: clock.now(),
      });
      const parsed = parseWorkspaceKey(input.workspaceKey);
      if (input.kind && input.kind !== parsed.kind) {
        throw new CoreError("bad_input", `a ${parsed.key} key is a ${parsed.kind}, not a ${input.kind}`);
      }
      const metadata: { memberCount?: number; archived?: boolean } = {};
      if (input.memberCount !== undefined) metadata.memberCount = input.memberCount;
      if (input.archived !== undefined) metadata.archived = input.archived;
      const store = createWorkspaceStore(db);
      const result = await harvestWorkspaces({
        ctx: { store, clock, logger },
        input: {
          spaceId,
          harvested: [
            {
              workspaceKey: parsed.key,
              kind: parsed.kind,
              metadata,
              ...(input.displayName ? { displayName: input.displayName } : {}),
            },
          ],
          tags: ["manual", ...(input.tags ?? [])],
        },
      });
      if (result.rejected)
        throw new CoreError("conflict", "this workspace is stored with another kind; a kind never changes");
      const row = (await listWorkspaces(db, { spaceId })).find((w) => w.workspaceKey === parsed.key)!;
      return c.json({ workspace: workspaceView(row) }, result.created ? 201 : 200);
    })
    .delete("/api/v1/workspaces/:id", async (c) => {
      const { db, clock } = c.var.services;
      const spaceId = c.req.query("spaceId");
      const { spaceId: space } = await resolveSpace(db, {
        userId: c.var.auth.userId,
        spaceId,
        now: clock.now(),
      });
      const id = c.req.param("id");
      if (
        !(await findWorkspace(db, { spaceId: space, id })) ||
        !(await deleteWorkspace(db, { spaceId: space, id }))
      ) {
        throw new CoreError("not_found", "no such workspace in this space");
      }
      return c.body(null, 204);
    });
}
