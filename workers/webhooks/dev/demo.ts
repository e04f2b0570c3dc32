import { emitDemoItems } from "@scouts/core/connectors/demo/emit-demo-items";
import { Hono } from "hono";
import { z } from "zod";
import { ensureDemoScout } from "../../shared/accounts.ts";
import { createDemoFeedStore } from "../../shared/demo-feed.ts";
import { queueSender } from "../../shared/pipeline-deps.ts";
import { devOnly } from "../auth/dev-only.ts";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";

const EmitInput = z.object({ count: z.number().int().min(1).max(500).default(1) });

/**
 * `POST /api/v1/dev/demo/emit {count}` (dev only, PIPELINE): the caller's demo scout produces
 * `count` synthetic items now and syncs them through the real queue, triage and DeviceHub.
 */
export function demoRoutes() {
  return new Hono<AppEnv>().post("/api/v1/dev/demo/emit", devOnly(), requireUser(), async (c) => {
    const { count } = await readJson(c, EmitInput, "demo emit request");
    const { db, clock } = c.var.services;
    const scout = await ensureDemoScout(db, { userId: c.var.auth.userId, now: clock.now() });
    const { head } = await emitDemoItems({
      ctx: { feed: createDemoFeedStore(db, clock), jobs: queueSender(c.env.JOBS) },
      input: { scoutId: scout.id, count },
    });
    return c.json({ scoutId: scout.id, emitted: count, head }, 202);
  });
}
