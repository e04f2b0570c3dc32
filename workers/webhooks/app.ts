import { Hono } from "hono";
import { actionsRoutes } from "./actions/actions.routes.ts";
import { imageRoutes } from "./actions/image.routes.ts";
import { automationsRoutes } from "./automations/automations.routes.ts";
import type { AppEnv, AppOptions } from "./context.ts";
import { devRoutes } from "./dev/dev.routes.ts";
import { devicesRoutes } from "./devices/devices.routes.ts";
import { handleError } from "./errors.ts";
import { gmailRoutes } from "./gmail/gmail.routes.ts";
import { googleOAuthRoutes } from "./oauth/google.routes.ts";
import { slackOAuthRoutes } from "./oauth/slack.routes.ts";
import { operatorRoutes } from "./operator/operator.routes.ts";
import { scoutsRoutes } from "./scouts/scouts.routes.ts";
import { provideServices } from "./services.ts";
import { sessionRoutes } from "./session/session.routes.ts";
import { slackRoutes } from "./slack/slack.routes.ts";
import { slackRelayRoutes } from "./slack-relay/slack-relay.routes.ts";
import { workspaceDirectoryRoutes } from "./workspaces/index.ts";

export type { AppEnv, AppOptions } from "./context.ts";

/**
 * The Worker's HTTP surface: webhooks, OAuth, the REST API and the device WebSocket upgrade.
 * Each feature mounts its router with one `app.route` line.
 * @example const app = createApp({ fetch: fakeGoogle.fetch }); await app.fetch(request, env, ctx);
 */
export function createApp(options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound((c) => c.json({ error: { code: "not_found", message: "no such route" } }, 404));
  app.use(provideServices(options));
  app.get("/health", (c) => c.json({ ok: true, service: "scouts" }));
  app.route("/", devRoutes());
  app.route("/", devicesRoutes());
  app.route("/", scoutsRoutes());
  app.route("/", sessionRoutes());
  app.route("/", actionsRoutes());
  app.route("/", imageRoutes());
  app.route("/", operatorRoutes());
  app.route("/", gmailRoutes());
  app.route("/", googleOAuthRoutes());
  app.route("/", slackRoutes());
  app.route("/", slackOAuthRoutes());
  app.route("/", slackRelayRoutes());
  app.route("/api/v1/automations", automationsRoutes());
  app.route("/", workspaceDirectoryRoutes());
  return app;
}

export type App = ReturnType<typeof createApp>;
