import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { AskPage } from "./ask-page.tsx";
import { EntitiesPage } from "./entities-page.tsx";
import { SuggestionDetailPage } from "./suggestion-page.tsx";

/**
 * The assistant's screens under the shell's root: `/ask` (Ask box), `/tasks` (entities made from
 * suggestions) and `/suggestion/$id` (what Ask answers and entities link to).
 * @example rootRoute.addChildren([...createAssistRoutes(rootRoute)])
 */
export function createAssistRoutes<P extends AnyRoute>(parent: P) {
  const at = <T extends string>(path: T, component: () => React.ReactNode) =>
    createRoute({ getParentRoute: () => parent, path, component });
  return [
    at("/ask", AskPage),
    at("/tasks", EntitiesPage),
    at("/suggestion/$id", SuggestionDetailPage),
  ] as const;
}
