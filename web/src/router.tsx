/**
 * How a feature adds its screen: in `web/src/routes/<feature>/route.tsx` export a factory
 * `createXRoute(rootRoute, useConnection)` returning `createRoute({ getParentRoute: () => rootRoute,
 * path: "/x", component })`, then add ONE line to `routeTree` below:
 * `createXRoute(rootRoute, useCloudConnection),` (cloud API) or `useAgentConnection` (loopback agent).
 * The nav in `app/layout.tsx` lists the shell's screens plus the automations/projects/workspaces slots.
 */
import { createRootRoute, createRoute, createRouter, redirect } from "@tanstack/react-router";
import { useAgentConnection, useCloudConnection } from "./app/connection.tsx";
import { Layout } from "./app/layout.tsx";
import { createAccountsRoute } from "./routes/accounts/route.tsx";
import { ActivityPage } from "./routes/activity/page.tsx";
import { createAssistRoutes } from "./routes/assist/route.tsx";
import { createAutomationsRoute } from "./routes/automations/route.tsx";
import { BriefPage } from "./routes/brief/page.tsx";
import { createCleanupRoute } from "./routes/cleanup/route.tsx";
import { OperatorPage } from "./routes/operator/page.tsx";
import { PoliciesPage } from "./routes/policies/page.tsx";
import { createProjectsRoute } from "./routes/projects/route.tsx";
import { createReadRoute } from "./routes/read/route.tsx";
import { ScoutsPage } from "./routes/scouts/page.tsx";
import { createScreenerRoutes } from "./routes/screener/route.tsx";
import { SettingsPage } from "./routes/settings/page.tsx";
import { SuggestionsPage } from "./routes/suggestions/page.tsx";
import { createWorkspacesRoute } from "./routes/workspaces/route.tsx";

/** The PWA's code-based route tree: the shell's screens plus the three feature routes. */
export const rootRoute = createRootRoute({ component: Layout });

const page = <P extends string>(path: P, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/suggestions" });
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  page("/brief", BriefPage),
  page("/suggestions", SuggestionsPage),
  page("/activity", ActivityPage),
  page("/scouts", ScoutsPage),
  page("/policies", PoliciesPage),
  page("/settings", SettingsPage),
  // Not in the nav: the deployment's operator opens /operator with the operator key.
  page("/operator", OperatorPage),
  createAutomationsRoute(rootRoute, useCloudConnection),
  createProjectsRoute(rootRoute, useAgentConnection),
  createAccountsRoute(rootRoute, useAgentConnection),
  createWorkspacesRoute(rootRoute, useCloudConnection),
  ...createAssistRoutes(rootRoute),
  createReadRoute(rootRoute),
  createCleanupRoute(rootRoute),
  ...createScreenerRoutes(rootRoute),
]);

export const router = createRouter({ routeTree, defaultPreload: false });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
