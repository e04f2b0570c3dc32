import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { CleanupPage } from "./page.tsx";

/**
 * `/cleanup`: senders by volume and read rate, with one-step unsubscribe and archive.
 * @example rootRoute.addChildren([createCleanupRoute(rootRoute)])
 */
export function createCleanupRoute(rootRoute: AnyRoute) {
  return createRoute({ getParentRoute: () => rootRoute, path: "/cleanup", component: CleanupPage });
}
