import { isCoreError } from "@scouts/core/errors";
import { PairingCodeInput } from "@scouts/core/protocol/local-api";
import { localApiClient } from "@scouts/core/protocol/local-client";

export interface AgentConnection {
  baseUrl: string;
  token: string;
}

/** What discovery found: a paired agent, an agent that answers but has not paired this app, or none. */
export type Discovery =
  | { kind: "paired"; agent: AgentConnection }
  | { kind: "unpaired"; baseUrl: string }
  | { kind: "none" };

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
 * An agent that answers but accepts neither is "unpaired": the shell asks for a pairing code.
 * "none" when nothing answers within ~8 s (a busy agent classifying a burst can be slow), so the
 * shell can fall back to device mode.
 */
export async function discoverAgent(): Promise<Discovery> {
  const saved = remembered();
  const baseUrl = saved.baseUrl ?? DEFAULT_AGENT;
  let token = saved.token ?? null;
  const client = localApiClient({ fetch: timeoutFetch(8000), baseUrl, token: () => token });
  for (let tries = 0; tries < 2; tries++) {
    if (!token) {
      try {
        token = (await client.devToken()).token;
      } catch (e) {
        // An answer (dev pairing off) means an agent is there; a network error means none is.
        return isCoreError(e) ? { kind: "unpaired", baseUrl } : { kind: "none" };
      }
    }
    try {
      await client.status();
      localStorage.setItem(KEY, JSON.stringify({ baseUrl, token }));
      return { kind: "paired", agent: { baseUrl, token } };
    } catch (e) {
      // A stale token: forget it and try the dev token once; anything else means no agent.
      if ((e as { code?: string }).code !== "unauthenticated") return { kind: "none" };
      token = null;
      localStorage.setItem(KEY, JSON.stringify({ baseUrl }));
    }
  }
  return { kind: "unpaired", baseUrl };
}

/**
 * Redeems a code from `scouts-agent pair` at the agent and remembers the token. Rejects with a
 * sentence to show the person: a malformed, unknown or expired code, or an agent that went away.
 *
 * @example await pairWithAgent({ baseUrl: "http://127.0.0.1:8788", code: "1234 5678" })
 */
export async function pairWithAgent(args: { baseUrl: string; code: string }): Promise<AgentConnection> {
  const parsed = PairingCodeInput.safeParse(args.code);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "enter the 8-digit code";
    throw new Error(`${message[0]?.toUpperCase()}${message.slice(1)}.`);
  }
  const client = localApiClient({ fetch: timeoutFetch(8000), baseUrl: args.baseUrl, token: () => null });
  let token: string;
  try {
    token = (await client.pair(parsed.data)).token;
  } catch (e) {
    if (!isCoreError(e)) throw new Error("The agent stopped answering. Is `scouts-agent run` still running?");
    const reason = (e.details as { reason?: string } | undefined)?.reason;
    if (reason === "expired")
      throw new Error(
        "That code has expired (codes last 10 minutes). Run `scouts-agent pair` for a new one.",
      );
    if (e.code === "unauthenticated")
      throw new Error(
        "That code is not one the agent issued, or it was already used. Check the digits, or run `scouts-agent pair` for a new one.",
      );
    throw new Error(`The agent refused the code: ${e.message}`);
  }
  const agent = { baseUrl: args.baseUrl, token };
  localStorage.setItem(KEY, JSON.stringify(agent));
  return agent;
}
