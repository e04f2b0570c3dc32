import { harvestMcpTools } from "@scouts/core/automation/mcp/harvest";
import { CoreError } from "@scouts/core/errors";
import {
  deleteMcpConnection,
  insertMcpConnection,
  listMcpConnections,
  listMcpTools,
  setMcpToolOverride,
} from "@scouts/db/repos/automation-mcp";
import { Hono } from "hono";
import { z } from "zod";
import { readConfig } from "../../env.ts";
import { createAutomationCtx } from "../../shared/automation-deps.ts";
import { tokenKeyring } from "../../shared/token-store.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../read-json.ts";

const SideEffect = z.enum([
  "READ",
  "WRITE",
  "EXTERNAL_WRITE",
  "COST_INCURRING",
  "USER_VISIBLE",
  "IRREVERSIBLE",
]);
const NewConnection = z.strictObject({
  name: z.string().min(1).max(60),
  url: z.url(),
  credential: z.string().min(1).max(4000).optional(),
});
const ToolPatch = z.strictObject({ sideEffects: z.array(SideEffect).min(1).max(6).nullable() });

/** `/api/v1/automations/mcp/**`: connect MCP servers, harvest their tools, override side effects. */
export function mcpRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/connections", async (c) =>
    c.json({ connections: await listMcpConnections(c.var.services.db, c.var.auth.userId) }),
  );
  app.post("/connections", async (c) => {
    const body = await readJson(c, NewConnection, "MCP connection");
    const config = readConfig(c.env);
    const url = new URL(body.url);
    if (config.SCOUTS_ENV === "production" && url.protocol !== "https:") {
      throw new CoreError("bad_input", "MCP servers must be reached over https");
    }
    const ctx = createAutomationCtx(c.env);
    const id = ctx.ids();
    await insertMcpConnection(
      ctx.db,
      () => (config.TOKEN_KEYS ? tokenKeyring(config) : Promise.resolve(null)),
      {
        id,
        userId: c.var.auth.userId,
        name: body.name,
        url: body.url,
        credential: body.credential ?? null,
        now: ctx.clock.now(),
      },
    );
    const harvested = await harvestMcpTools({
      ctx,
      input: { userId: c.var.auth.userId, connectionId: id },
    }).catch((e) => ({
      error: (e as Error).message,
    }));
    return c.json({ id, ...harvested }, 201);
  });
  app.post("/connections/:id/harvest", async (c) => {
    const ctx = createAutomationCtx(c.env);
    return c.json(
      await harvestMcpTools({ ctx, input: { userId: c.var.auth.userId, connectionId: c.req.param("id") } }),
    );
  });
  app.delete("/connections/:id", async (c) => {
    if (!(await deleteMcpConnection(c.var.services.db, c.var.auth.userId, c.req.param("id")))) {
      throw new CoreError("not_found", "MCP connection not found");
    }
    return c.json({ ok: true });
  });
  app.get("/tools", async (c) => {
    const tools = await listMcpTools(c.var.services.db, c.var.auth.userId);
    return c.json({ tools: tools.map(({ userId: _u, ...t }) => t) });
  });
  app.patch("/tools/:id", async (c) => {
    const body = await readJson(c, ToolPatch, "tool override");
    if (
      !(await setMcpToolOverride(c.var.services.db, c.var.auth.userId, c.req.param("id"), body.sideEffects))
    ) {
      throw new CoreError("not_found", "tool not found");
    }
    return c.json({ ok: true });
  });
  return app;
}
