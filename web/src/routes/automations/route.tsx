import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { useMemo } from "react";
import { CloudSignInGate } from "../../app/cloud-gate.tsx";
import { workspacesApi } from "../workspaces/workspaces-api.ts";
import { automationsApi, type CloudConnection } from "./automations-api.ts";
import { AutomationsPage } from "./list-page.tsx";
import { PlacesContext } from "./places-context.ts";

export { automationsApi, type CloudConnection } from "./automations-api.ts";

/** The automations screen for whatever cloud connection the shell provides. */
export function AutomationsScreen(props: { useCloud: () => CloudConnection | null }) {
  const cloud = props.useCloud();
  const baseUrl = cloud?.baseUrl;
  const token = cloud?.token;
  const api = useMemo(
    () => (baseUrl ? automationsApi(token ? { baseUrl, token } : { baseUrl }) : null),
    [baseUrl, token],
  );
  const places = useMemo(
    () => (baseUrl ? workspacesApi(token ? { baseUrl, token } : { baseUrl }) : null),
    [baseUrl, token],
  );
  if (!api) return <p role="status">Sign in to build automations.</p>;
  const page = (
    <PlacesContext.Provider value={places}>
      <AutomationsPage api={api} />
    </PlacesContext.Provider>
  );
  // A device token is its own credential; without one the session cookie must be there.
  if (token) return page;
  return (
    <CloudSignInGate title="Automations" what="your automations">
      {page}
    </CloudSignInGate>
  );
}

/**
 * The `/automations` route under the PWA shell's root. `useCloud` is the shell's hook for the
 * cloud API (base URL and the paired device token, or null while signed out).
 * @example rootRoute.addChildren([createAutomationsRoute(rootRoute, useCloudConnection)])
 */
export function createAutomationsRoute<P extends AnyRoute>(
  parent: P,
  useCloud: () => CloudConnection | null,
) {
  return createRoute({
    getParentRoute: () => parent,
    path: "/automations",
    component: () => <AutomationsScreen useCloud={useCloud} />,
  });
}
