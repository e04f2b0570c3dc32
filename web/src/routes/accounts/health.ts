import type { MailAccountWithHealth, MailSyncProgress } from "@scouts/core/protocol/mail-accounts";

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

const count = (n: number) => n.toLocaleString("en-US");

/**
 * A sync pass in words ("Syncing 1,200 of 10,000 in INBOX", "Paused at 1,200 of 10,000"), or null
 * when no pass is under way. `total` is what the pass found to read in that folder.
 */
export function progressText(p: MailSyncProgress | null): string | null {
  if (!p) return null;
  const where = p.folder ? ` in ${p.folder}` : "";
  if (p.paused)
    return p.total > 0 ? `Paused at ${count(p.done)} of ${count(p.total)}${where}` : "Sync paused";
  return `Syncing ${count(p.done)} of ${count(p.total)}${where}`;
}
