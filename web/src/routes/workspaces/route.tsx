import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { useMemo } from "react";
import { CloudSignInGate } from "../../app/cloud-gate.tsx";
import { DirectoryPage } from "./directory-page.tsx";
import { type CloudConnection, workspacesApi } from "./workspaces-api.ts";

export { WorkspacePicker } from "./workspace-picker.tsx";
export { type CloudConnection, workspacesApi } from "./workspaces-api.ts";

/** The directory screen for whatever cloud connection the shell provides. */
export function WorkspacesScreen(props: { useCloud: () => CloudConnection | null }) {
  const cloud = props.useCloud();
  const baseUrl = cloud?.baseUrl;
  const token = cloud?.token;
  // Keyed on the strings: a fresh connection object each render must not refetch everything.
  const api = useMemo(
    () => (baseUrl ? workspacesApi(token ? { baseUrl, token } : { baseUrl }) : null),
    [baseUrl, token],
  );
  if (!api)
    return (
      <section aria-label="Workspaces">
        <h1>Workspaces</h1>
        <p role="status">Sign in to see the workspaces your scouts have heard from.</p>
      </section>
    );
  if (token) return <DirectoryPage api={api} />;
  return (
    <CloudSignInGate title="Workspaces" what="the workspaces your scouts have heard from">
      <DirectoryPage api={api} />
    </CloudSignInGate>
  );
}

/**
 * The `/workspaces` route under the PWA shell's root. `useCloud` is the shell's hook for the
 * cloud API (base URL and the paired device token, or null while signed out).
 * @example rootRoute.addChildren([createWorkspacesRoute(rootRoute, useCloudConnection)])
 */
export function createWorkspacesRoute<P extends AnyRoute>(parent: P, useCloud: () => CloudConnection | null) {
  return createRoute({
    getParentRoute: () => parent,
    path: "/workspaces",
    component: () => <WorkspacesScreen useCloud={useCloud} />,
  });
}
