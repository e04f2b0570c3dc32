import { createContext, useContext } from "react";
import type { WorkspacesApi } from "../workspaces/workspaces-api.ts";

/**
 * The workspace directory the automation form picks Slack destinations from (the same cloud
 * connection as the automations API); null where no directory is reachable (then a text field).
 */
export const PlacesContext = createContext<Pick<WorkspacesApi, "list"> | null>(null);

export const usePlaces = () => useContext(PlacesContext);
