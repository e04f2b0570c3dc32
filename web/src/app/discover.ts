import { localApiClient } from "@scouts/core/protocol/local-client";

export interface AgentConnection {
  baseUrl: string;
  token: string;
}

const KEY = "scouts.agent";
// Captured at module load: the router's index redirect rewrites the URL (and drops the hash) early.
let initialHash = typeof location === "undefined" ? "" : location.hash;
const DEFAULT_AGENT = import.meta.env.SCOUTS_PUBLIC_AGENT_URL ?? "http://127.0.0.1:8788";

/** Reads `#agent=…&token=…` (a pairing link) once, then remembers it in localStorage. */
function remembered(): Partial<AgentConnection> {
  const hash = new URLSearchParams(initialHash.slice(1));
  const fromHash = { baseUrl: hash.get("agent") ?? undefined, token: hash.get("token") ?? undefined };
  if (fromHash.baseUrl || fromHash.token) {
    localStorage.setItem(KEY, JSON.stringify(fromHash));
    initialHash = "";
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    return fromHash;
  }
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<AgentConnection>;
  } catch {
    return {};
  }
}

function timeoutFetch(ms: number): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(ms) });
}

/**
 * Finds the local agent: the remembered pairing, else (dev agents only) a loopback dev token.
 * Returns null when none answers within ~8 s (a busy agent classifying a burst can be slow), so the shell can fall back to device mode.
 */
export async function discoverAgent(): Promise<AgentConnection | null> {
  const saved = remembered();
  const baseUrl = saved.baseUrl ?? DEFAULT_AGENT;
  let token = saved.token ?? null;
  const client = localApiClient({ fetch: timeoutFetch(8000), baseUrl, token: () => token });
  for (let tries = 0; tries < 2; tries++) {
    if (!token) {
      try {
        token = (await client.devToken()).token;
      } catch {
        return null;
      }
    }
    try {
      await client.status();
      localStorage.setItem(KEY, JSON.stringify({ baseUrl, token }));
      return { baseUrl, token };
    } catch (e) {
      // A stale token: forget it and try the dev token once; anything else means no agent.
      if ((e as { code?: string }).code !== "unauthenticated") return null;
      token = null;
    }
  }
  return null;
}
