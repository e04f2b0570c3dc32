import type { MailAccountWithHealth } from "@scouts/core/protocol/mail-accounts";

/** Health in the person's words: connected, needs re-auth, error (retrying), or not watched. */
export function healthText(a: MailAccountWithHealth): { text: string; tone: "ok" | "warn" | "bad" } {
  const h = a.health;
  if (!h) return { text: "Not watched", tone: "warn" };
  if (h.state === "needs_login") return { text: "Needs re-auth", tone: "bad" };
  if (h.state === "retrying") return { text: "Error, retrying", tone: "bad" };
  if (h.state === "disabled" || h.state === "stopped") return { text: "Stopped", tone: "warn" };
  if (h.state === "syncing") return { text: "Connected, syncing", tone: "ok" };
  return h.connected ? { text: "Connected", tone: "ok" } : { text: "Connecting", tone: "warn" };
}
