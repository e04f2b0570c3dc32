import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useConnection } from "./connection.tsx";
import { NoticeBanner } from "./notices.tsx";
import { PairAgent } from "./pair-agent.tsx";
import { controlNotice, useSourceStatus } from "./status.tsx";
import { UndoToast } from "./undo.tsx";

const NAV = [
  ["/brief", "Brief"],
  ["/suggestions", "Suggestions"],
  ["/screener", "Screener"],
  ["/screened", "Screened"],
  ["/ask", "Ask"],
  ["/tasks", "Tasks"],
  ["/activity", "Activity"],
  ["/cleanup", "Clean up"],
  ["/scouts", "Scouts"],
  ["/accounts", "Accounts"],
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
  unpaired: "Agent not paired",
  offline: "Offline",
} as const;

/** What still works while the browser is offline, by connection. */
const OFFLINE_TEXT: Record<keyof typeof MODE_TEXT, string> = {
  connecting: "You are offline — showing the last synced suggestions.",
  agent: "You are offline — your local agent still answers; what needs the cloud waits for it.",
  device:
    "You are offline — this browser works from its own copy; actions are sent once you are back online.",
  unpaired: "You are offline — showing the last synced suggestions.",
  offline: "You are offline — showing the last synced suggestions.",
};

/** App frame: skip link, header with connection state, nav, and the routed screen. */
export function Layout() {
  const { mode, online, note, retry, unpairedAgent, skipAgent } = useConnection();
  // An agent (on this machine) and this browser's own device keep working without a network.
  const working = mode === "device" || mode === "agent";
  const shown = online || working ? mode : "offline";
  // main.tsx fires "scouts:update" (detail: activate + reload) when a new service worker waits.
  const [update, setUpdate] = useState<(() => void) | null>(null);
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (r) => r.location.pathname });
  // On a phone the nav scrolls sideways: bring the current screen's link into it (never the page).
  useEffect(() => {
    void pathname;
    const bar = nav.current;
    const link = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !link) return;
    const b = bar.getBoundingClientRect();
    const l = link.getBoundingClientRect();
    if (l.left < b.left || l.right > b.right) bar.scrollLeft += l.left - b.left - (b.width - l.width) / 2;
  }, [pathname]);
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
          {!online && working ? " · offline" : ""}
        </span>
      </header>
      <nav className="nav" aria-label="Main" ref={nav}>
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
      <ControlBanner />
      <NoticeBanner />
      {shown !== "unpaired" && (shown === "offline" || note) && (
        <div className={`banner ${shown === "offline" ? "banner-offline" : ""}`}>
          <span>
            {!online
              ? OFFLINE_TEXT[mode]
              : (note ?? "No agent or device connection — showing the last synced suggestions.")}
          </span>
          {online && mode === "offline" && <Link to="/scouts">Set up this browser</Link>}
          {online && unpairedAgent && (
            <button type="button" onClick={() => skipAgent(false)}>
              Pair with your agent
            </button>
          )}
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
        {shown === "unpaired" && <PairAgent />}
        <Outlet />
      </main>
      <UndoToast />
    </>
  );
}

/** Persistent while something stops or limits the assistant: kill switch, pause, master switch, travel. */
function ControlBanner() {
  const { status } = useSourceStatus();
  const [now, setNow] = useState(Date.now());
  const travelUntil = status?.control.travelUntil ?? null;
  // Travel ends by itself: redraw when it does (timers cap at ~24 days; a reload covers longer).
  useEffect(() => {
    if (travelUntil === null || travelUntil <= Date.now()) return;
    const t = setTimeout(() => setNow(Date.now()), Math.min(travelUntil - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(t);
  }, [travelUntil]);
  const notice = status ? controlNotice(status, Math.max(now, Date.now())) : null;
  return (
    <div
      role="status"
      aria-label="Assistant state"
      className={notice ? `banner control-${notice.kind}` : "sr-only"}
    >
      {notice && (
        <>
          <span>{notice.text}</span>
          <Link to="/settings" hash="controls">
            Controls
          </Link>
        </>
      )}
    </div>
  );
}
