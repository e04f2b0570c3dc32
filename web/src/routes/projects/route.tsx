import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { useMemo } from "react";
import { useConnection } from "../../app/connection.tsx";
import { DeviceProjectsPage } from "./device-projects-page.tsx";
import { type AgentConnection, projectsApi } from "./projects-api.ts";
import { ProjectsPage } from "./projects-page.tsx";

/** The shell's hook for the paired local agent; set once by `createProjectsRoute`. */
let useAgentConnection: () => AgentConnection | null = () => null;

/**
 * The `/projects` screen: the projects page once this browser is paired with the agent; on a
 * browser-only device, the projects the agent synced here (metadata; files stay on the agent).
 */
export function ProjectsScreen() {
  const agent = useAgentConnection();
  const { mode, source } = useConnection();
  const baseUrl = agent?.baseUrl;
  const token = agent?.token;
  // Keyed on the strings: a fresh connection object each render must not refetch everything.
  const api = useMemo(() => (baseUrl && token ? projectsApi({ baseUrl, token }) : null), [baseUrl, token]);
  if (!api && mode === "device" && source?.syncedProjects) return <DeviceProjectsPage source={source} />;
  if (!api)
    return (
      <section aria-labelledby="projects-title">
        <h1 id="projects-title">Projects</h1>
        <p role="status">Pair this browser with your local agent to see project folders.</p>
      </section>
    );
  return <ProjectsPage api={api} />;
}

/**
 * The `/projects` route under the PWA shell's root. `useAgent` is the shell's hook for the
 * paired local agent (base URL + token), or null while unpaired.
 * @example rootRoute.addChildren([createProjectsRoute(rootRoute, useAgentConnection)])
 */
export function createProjectsRoute<P extends AnyRoute>(parent: P, useAgent: () => AgentConnection | null) {
  useAgentConnection = useAgent;
  return createRoute({ getParentRoute: () => parent, path: "/projects", component: ProjectsScreen });
}
