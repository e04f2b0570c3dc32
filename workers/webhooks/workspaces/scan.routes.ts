import { CoreError } from "@scouts/core/errors";
import { harvestWorkspaces } from "@scouts/core/workspaces/harvest";
import { scanSourceOf, scanWorkspaces } from "@scouts/core/workspaces/scan";
import { findScoutForUser } from "@scouts/db/repos/scouts";
import {
  closeScanSession,
  createScanSession,
  findScanSession,
  sweepExpiredScans,
} from "@scouts/db/repos/workspace-scans";
import { createWorkspaceStore } from "@scouts/db/repos/workspaces";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { connectorForScout } from "../../shared/scout-connector.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";
import { resolveSpace } from "./access.ts";

const StartScan = z.strictObject({
  scoutId: z.string().min(1).max(128),
  spaceId: z.string().min(1).max(128).optional(),
});
const AcceptScan = z.strictObject({ workspaceKeys: z.array(z.string().min(1).max(300)).min(1).max(500) });

function itemView(item: {
  workspaceKey: string;
  kind: string;
  displayName: string | null;
  memberCount: number | null;
  archived: boolean;
}) {
  return {
    workspaceKey: item.workspaceKey,
    kind: item.kind,
    displayName: item.displayName,
    memberCount: item.memberCount,
    archived: item.archived,
  };
}

/**
 * The onboarding scan: `POST /api/v1/workspaces/scan` lists candidate places from one of the
 * caller's scouts into a session only that caller can read (15 minutes); `GET …/scan/:id` shows
 * them; `POST …/scan/:id/accept` keeps the chosen ones in the space; `DELETE …/scan/:id` drops it.
 */
export function workspaceScanRoutes(requireUser: () => MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use("/api/v1/workspaces/scan", requireUser())
    .use("/api/v1/workspaces/scan/*", requireUser())
    .post("/api/v1/workspaces/scan", async (c) => {
      const input = await readJson(c, StartScan, "workspace scan");
      const { db, clock, config, fetch, logger } = c.var.services;
      const userId = c.var.auth.userId;
      const { spaceId } = await resolveSpace(db, { userId, spaceId: input.spaceId, now: clock.now() });
      if (!(await findScoutForUser(db, { userId, scoutId: input.scoutId })))
        throw new CoreError("not_found", "no such scout");
      await sweepExpiredScans(db, clock.now());
      const connector = await connectorForScout({
        env: c.env,
        config,
        db,
        scoutId: input.scoutId,
        fetch,
        clock,
        logger,
      });
      const { items, expiresAt } = await scanWorkspaces({
        ctx: { source: scanSourceOf(connector), clock },
        input: {},
      });
      const sessionId = crypto.randomUUID();
      await createScanSession(db, {
        id: sessionId,
        spaceId,
        userId,
        scoutId: input.scoutId,
        now: clock.now(),
        expiresAt,
        items,
      });
      logger.log("info", "workspace.scan_started", { sessionId, spaceId, items: items.length });
      const session = await findScanSession(db, { id: sessionId, userId, now: clock.now() });
      return c.json({ sessionId, spaceId, expiresAt, items: (session?.items ?? []).map(itemView) }, 201);
    })
    .get("/api/v1/workspaces/scan/:sessionId", async (c) => {
      const { db, clock } = c.var.services;
      const found = await findScanSession(db, {
        id: c.req.param("sessionId"),
        userId: c.var.auth.userId,
        now: clock.now(),
      });
      if (!found) throw new CoreError("not_found", "no such scan (it may have expired)");
      const { session, items } = found;
      return c.json({
        sessionId: session.id,
        spaceId: session.spaceId,
        expiresAt: session.expiresAt,
        items: items.map(itemView),
      });
    })
    .post("/api/v1/workspaces/scan/:sessionId/accept", async (c) => {
      const { workspaceKeys } = await readJson(c, AcceptScan, "scan selection");
      const { db, clock, logger } = c.var.services;
      const userId = c.var.auth.userId;
      const found = await findScanSession(db, { id: c.req.param("sessionId"), userId, now: clock.now() });
      if (!found) throw new CoreError("not_found", "no such scan (it may have expired)");
      // Membership may have ended since the scan started.
      await resolveSpace(db, { userId, spaceId: found.session.spaceId, now: clock.now() });
      const wanted = new Set(workspaceKeys);
      const chosen = found.items.filter((i) => wanted.has(i.workspaceKey));
      const harvested = chosen.map((i) => ({
        workspaceKey: i.workspaceKey,
        kind: i.kind,
        ...(i.displayName ? { displayName: i.displayName } : {}),
        metadata: { archived: i.archived, ...(i.memberCount === null ? {} : { memberCount: i.memberCount }) },
      }));
      const result = await harvestWorkspaces({
        ctx: { store: createWorkspaceStore(db), clock, logger },
        input: { spaceId: found.session.spaceId, harvested, tags: ["scan"] },
      });
      await closeScanSession(db, found.session.id);
      return c.json({ spaceId: found.session.spaceId, kept: chosen.length, ...result });
    })
    .delete("/api/v1/workspaces/scan/:sessionId", async (c) => {
      const { db, clock } = c.var.services;
      const found = await findScanSession(db, {
        id: c.req.param("sessionId"),
        userId: c.var.auth.userId,
        now: clock.now(),
      });
      if (!found) throw new CoreError("not_found", "no such scan (it may have expired)");
      await closeScanSession(db, found.session.id);
      return c.body(null, 204);
    });
}
