import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { ReadPage } from "./page.tsx";

/**
 * `/read/$id`: one suggestion's message, opened from its card.
 * @example rootRoute.addChildren([createReadRoute(rootRoute)])
 */
export function createReadRoute(rootRoute: AnyRoute) {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: "/read/$id",
    component: function ReadScreen() {
      const { id } = route.useParams();
      return <ReadPage id={id} />;
    },
  });
  return route;
}
