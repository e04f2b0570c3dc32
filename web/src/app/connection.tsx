import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { agentSource, type SuggestionSource } from "../data/source.ts";
import { type AgentConnection, discoverAgent } from "./discover.ts";
import { StatusProvider } from "./status.tsx";

/**
 * agent: the paired loopback agent; device: this browser is the device; unpaired: an agent
 * answers on loopback but this app holds no token for it (the pairing form shows); offline: only
 * the cache (no agent, and this browser was never paired as a device).
 */
export type ConnectionMode = "connecting" | "agent" | "device" | "unpaired" | "offline";

export interface Connection {
  mode: ConnectionMode;
  source: SuggestionSource | null;
  agent: AgentConnection | null;
  /** An agent that answered but is not paired with this app (also set when the person skipped it). */
  unpairedAgent: { baseUrl: string } | null;
  /** Why we fell back, in words (shown in the status bar). */
  note: string | null;
  online: boolean;
  retry: () => void;
  /** Unpaired: carry on with this browser as the device for this session, or go back to pairing. */
  skipAgent: (skip: boolean) => void;
}

type ConnectState = Omit<Connection, "online" | "retry" | "skipAgent">;
const SKIP_KEY = "scouts.agent.skip";

const ConnectionContext = createContext<Connection | null>(null);

/** PWA-DEVICE's browser device, globbed so the shell still builds (and stays small) without it. */
const deviceModules = import.meta.glob<{
  startBrowserDevice: (opts: {
    baseUrl?: string;
    pair?: { code: string } | { devEmail: string };
    name?: string;
  }) => Promise<{ source: SuggestionSource }>;
}>("../device/device.ts");

/** `#pair=CODE` (or `#devEmail=` on a local dev stack) pairs this browser as a device once. */
const initialHash = typeof location === "undefined" ? "" : location.hash;
function pairingFromHash(): { code: string } | { devEmail: string } | undefined {
  const hash = new URLSearchParams(initialHash.slice(1));
  const code = hash.get("pair");
  const devEmail = hash.get("devEmail");
  return code ? { code } : devEmail ? { devEmail } : undefined;
}

async function connect(): Promise<ConnectState> {
  const found = await discoverAgent();
  if (found.kind === "paired") {
    const { agent } = found;
    const source = agentSource({ baseUrl: agent.baseUrl, token: () => agent.token });
    return { mode: "agent", source, agent, unpairedAgent: null, note: null };
  }
  const unpairedAgent = found.kind === "unpaired" ? { baseUrl: found.baseUrl } : null;
  if (unpairedAgent && sessionStorage.getItem(SKIP_KEY) !== "1")
    return {
      mode: "unpaired",
      source: null,
      agent: null,
      unpairedAgent,
      note: "Your local agent is running, but this app is not paired with it yet.",
    };
  const device = await connectDevice();
  if (!unpairedAgent) return { ...device, unpairedAgent };
  const note =
    device.mode === "device"
      ? "Your local agent is not paired with this app: this browser is the device."
      : "Your local agent is not paired with this app, and this browser is not set up as a device.";
  return { ...device, unpairedAgent, note };
}

async function connectDevice(): Promise<Omit<ConnectState, "unpairedAgent">> {
  const load = Object.values(deviceModules)[0];
  if (!load)
    return {
      mode: "offline",
      source: null,
      agent: null,
      note: "No agent reachable: showing the last synced copy.",
    };
  // Offline, a browser paired before is still the device: its IndexedDB lists, Ask answers from
  // it and actions queue in its outbox. Only pairing needs the network.
  const online = navigator.onLine;
  const pair = online ? pairingFromHash() : undefined;
  try {
    const device = await (await load()).startBrowserDevice({
      baseUrl: "",
      name: "Browser",
      ...(pair ? { pair } : {}),
    });
    // The one-time pairing code must not linger in the address bar or history.
    if (pair && location.hash) history.replaceState(null, "", location.pathname + location.search);
    return {
      mode: "device",
      source: device.source,
      agent: null,
      note: online
        ? "No local agent found: this browser is the device."
        : "Offline: this browser works from its own copy; actions are sent once you are back online.",
    };
  } catch (e) {
    return {
      mode: "offline",
      source: null,
      agent: null,
      note: online
        ? `No local agent, and ${(e as Error).message ?? String(e)}.`
        : "No agent reachable: showing the last synced copy.",
    };
  }
}

/** Finds the agent (else device mode, else offline with the IndexedDB cache) and shares it. */
export function ConnectionProvider(props: { children: ReactNode }) {
  const [state, setState] = useState<ConnectState>({
    mode: "connecting",
    source: null,
    agent: null,
    unpairedAgent: null,
    note: null,
  });
  const [online, setOnline] = useState(navigator.onLine);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const skipAgent = useCallback((skip: boolean) => {
    if (skip) sessionStorage.setItem(SKIP_KEY, "1");
    else sessionStorage.removeItem(SKIP_KEY);
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    void attempt;
    connect().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [attempt]);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      retry();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [retry]);
  return (
    <ConnectionContext.Provider value={{ ...state, online, retry, skipAgent }}>
      <StatusProvider source={state.source}>{props.children}</StatusProvider>
    </ConnectionContext.Provider>
  );
}

/** The current connection; every screen reads its source from here. */
export function useConnection(): Connection {
  const c = useContext(ConnectionContext);
  if (!c) throw new Error("useConnection outside ConnectionProvider");
  return c;
}

/** For the projects route: the paired agent, or null. */
export function useAgentConnection(): AgentConnection | null {
  return useConnection().agent;
}

/** For automations/workspaces: the Worker on our own origin (proxied /api, session cookie). */
export function useCloudConnection(): { baseUrl: string } | null {
  return { baseUrl: location.origin };
}
