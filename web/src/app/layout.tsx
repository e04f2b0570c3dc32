import { Link, Outlet } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useConnection } from "./connection.tsx";

const NAV = [
  ["/brief", "Brief"],
  ["/suggestions", "Suggestions"],
  ["/ask", "Ask"],
  ["/tasks", "Tasks"],
  ["/activity", "Activity"],
  ["/scouts", "Scouts"],
  ["/policies", "Policies"],
  ["/settings", "Settings"],
  ["/automations", "Automations"],
  ["/projects", "Projects"],
  ["/workspaces", "Workspaces"],
] as const;

const MODE_TEXT = {
  connecting: "Connecting…",
  agent: "Local agent",
  device: "This browser",
  offline: "Offline",
} as const;

/** App frame: skip link, header with connection state, nav, and the routed screen. */
export function Layout() {
  const { mode, online, note, retry } = useConnection();
  const shown = online ? mode : "offline";
  // main.tsx fires "scouts:update" (detail: activate + reload) when a new service worker waits.
  const [update, setUpdate] = useState<(() => void) | null>(null);
  useEffect(() => {
    const on = (e: Event) => setUpdate(() => (e as CustomEvent<() => void>).detail);
    window.addEventListener("scouts:update", on);
    return () => window.removeEventListener("scouts:update", on);
  }, []);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Scouts</span>
        <span className={`mode mode-${shown}`} role="status" aria-label="Connection">
          {MODE_TEXT[shown]}
        </span>
      </header>
      <nav className="nav" aria-label="Main">
        <ul>
          {NAV.map(([to, label]) => (
            <li key={to}>
              <Link to={to} activeProps={{ "aria-current": "page", className: "active" }}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {(shown === "offline" || note) && (
        <div className={`banner ${shown === "offline" ? "banner-offline" : ""}`}>
          <span>
            {!online
              ? "You are offline — showing the last synced suggestions."
              : (note ?? "No agent or device connection — showing the last synced suggestions.")}
          </span>
          {online && mode === "offline" && <Link to="/scouts">Set up this browser</Link>}
          {shown === "offline" && (
            <button type="button" onClick={retry}>
              Reconnect
            </button>
          )}
        </div>
      )}
      {update && (
        <div className="banner" role="status">
          <span>A new version of Scouts is ready.</span>
          <button type="button" onClick={update}>
            Reload
          </button>
        </div>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
