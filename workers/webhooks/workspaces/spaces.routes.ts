import { CoreError } from "@scouts/core/errors";
import {
  addSpaceMember,
  createSharedSpace,
  deleteSpace,
  ensurePersonalSpace,
  listSpacesForUser,
  removeSpaceMember,
} from "@scouts/db/repos/spaces";
import { findUserByEmail } from "@scouts/db/repos/users";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";
import { requireOwner, resolveSpace } from "./access.ts";

const NewSpace = z.strictObject({ name: z.string().trim().min(1).max(80) });
const NewMember = z.strictObject({ email: z.email().max(320) });

/**
 * `/api/v1/spaces`: list mine (the personal space is created on first use), create a shared
 * space, add/remove members (owner only), delete a space with its whole directory (owner only).
 */
export function spacesRoutes(requireUser: () => MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use("/api/v1/spaces", requireUser())
    .use("/api/v1/spaces/*", requireUser())
    .get("/api/v1/spaces", async (c) => {
      const { db, clock } = c.var.services;
      await ensurePersonalSpace(db, { userId: c.var.auth.userId, now: clock.now() });
      return c.json({ spaces: await listSpacesForUser(db, c.var.auth.userId) });
    })
    .post("/api/v1/spaces", async (c) => {
      const { name } = await readJson(c, NewSpace, "space");
      const { db, clock } = c.var.services;
      const space = await createSharedSpace(db, {
        id: crypto.randomUUID(),
        ownerUserId: c.var.auth.userId,
        name,
        now: clock.now(),
      });
      return c.json({ space: { ...space, role: "owner" } }, 201);
    })
    .post("/api/v1/spaces/:id/members", async (c) => {
      const { email } = await readJson(c, NewMember, "space member");
      const { db, clock } = c.var.services;
      const { spaceId, role } = await resolveSpace(db, {
        userId: c.var.auth.userId,
        spaceId: c.req.param("id"),
        now: clock.now(),
      });
      requireOwner(role, "add members");
      const member = await findUserByEmail(db, email);
      if (!member) throw new CoreError("not_found", "no Scouts user with that email");
      await addSpaceMember(db, { spaceId, userId: member.id, now: clock.now() });
      return c.json({ spaceId, userId: member.id, role: "member" }, 201);
    })
    .delete("/api/v1/spaces/:id/members/:userId", async (c) => {
      const { db, clock } = c.var.services;
      const { spaceId, role } = await resolveSpace(db, {
        userId: c.var.auth.userId,
        spaceId: c.req.param("id"),
        now: clock.now(),
      });
      const target = c.req.param("userId");
      // Members may leave; only the owner removes others.
      if (target !== c.var.auth.userId) requireOwner(role, "remove members");
      await removeSpaceMember(db, { spaceId, userId: target });
      return c.body(null, 204);
    })
    .delete("/api/v1/spaces/:id", async (c) => {
      const { db, clock } = c.var.services;
      const { spaceId, role } = await resolveSpace(db, {
        userId: c.var.auth.userId,
        spaceId: c.req.param("id"),
        now: clock.now(),
      });
      requireOwner(role, "delete it");
      await deleteSpace(db, spaceId);
      return c.body(null, 204);
    });
}
