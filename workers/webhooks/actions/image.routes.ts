import { CoreError } from "@scouts/core/errors";
import { randomId } from "@scouts/core/ports";
import { Hono } from "hono";
import { connectorForScout } from "../../shared/scout-connector.ts";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { cloudMessageImage } from "./image-service.ts";

/**
 * `GET /api/v1/items/:proposalId/image?url=`: one remote image of the item's message for a browser
 * device ("Load images" without an agent), fetched now and never stored. User-scoped.
 */
export function imageRoutes() {
  return new Hono<AppEnv>().get("/api/v1/items/:proposalId/image", requireUser(), async (c) => {
    const url = c.req.query("url");
    if (!url) throw new CoreError("bad_input", "url: the image address is missing");
    const { db, clock, config, fetch, logger } = c.var.services;
    c.header("cache-control", "no-store");
    return c.json(
      await cloudMessageImage(
        {
          db,
          clock,
          ids: randomId,
          fetch,
          connectorFor: (scoutId) =>
            connectorForScout({ env: c.env, config, db, scoutId, fetch, clock, logger }),
        },
        { userId: c.var.auth.userId, proposalId: c.req.param("proposalId"), url },
      ),
    );
  });
}
