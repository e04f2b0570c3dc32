import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { ScreenedPage } from "./screened-page.tsx";
import { ScreenerPage } from "./screener-page.tsx";

/**
 * `/screened` (what stage 1 set aside, with "Not spam") and `/screener` (first-time senders).
 * @example rootRoute.addChildren([...createScreenerRoutes(rootRoute)])
 */
export function createScreenerRoutes(rootRoute: AnyRoute) {
  return [
    createRoute({ getParentRoute: () => rootRoute, path: "/screened", component: ScreenedPage }),
    createRoute({ getParentRoute: () => rootRoute, path: "/screener", component: ScreenerPage }),
  ];
}
