import { Hono, type MiddlewareHandler } from "hono";
import { requireUser as defaultRequireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { workspaceScanRoutes } from "./scan.routes.ts";
import { spacesRoutes } from "./spaces.routes.ts";
import { workspacesRoutes } from "./workspaces.routes.ts";

/**
 * Spaces and the workspace directory: `/api/v1/spaces/**` and `/api/v1/workspaces/**`, all
 * behind `requireUser` (session cookie or device token).
 * @example app.route("/", workspaceDirectoryRoutes());
 */
export function workspaceDirectoryRoutes(requireUser: () => MiddlewareHandler<AppEnv> = defaultRequireUser) {
  return new Hono<AppEnv>()
    .route("/", spacesRoutes(requireUser))
    .route("/", workspaceScanRoutes(requireUser))
    .route("/", workspacesRoutes(requireUser));
}
