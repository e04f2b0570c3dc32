import { Hono } from "hono";
import type { Env } from "../env.ts";

export type AppEnv = { Bindings: Env };

/** The Worker's HTTP surface: webhooks, OAuth, the REST API and the device WebSocket upgrade. */
export function createApp() {
  const app = new Hono<AppEnv>();
  app.get("/health", (c) => c.json({ ok: true, service: "scouts" }));
  return app;
}

export type App = ReturnType<typeof createApp>;
