import type { DeviceNotice } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useConnection } from "./connection.tsx";
import { useSourceStatus } from "./status.tsx";

/**
 * Where a connection is re-authorized (a provider from a notice, or a scout's source type): the
 * provider's OAuth start, coming back to Scouts so the page sees it healthy. Null for others.
 *
 * @example reauthLink("google") // { label: "Re-authorize Gmail", href: "/oauth/google/start?returnTo=%2Fscouts" }
 */
export function reauthLink(provider: string | null): { label: string; href: string } | null {
  const back = `returnTo=${encodeURIComponent("/scouts")}`;
  if (provider === "google" || provider === "gmail")
    return { label: "Re-authorize Gmail", href: `/oauth/google/start?${back}` };
  if (provider === "slack") return { label: "Re-authorize Slack", href: `/oauth/slack/start?${back}` };
  return null;
}

/**
 * The cloud's notices the device keeps (a connection that needs re-authorization first), until
 * the person dismisses one or the cloud reports the connection healthy again.
 */
export function NoticeBanner() {
  const { source } = useConnection();
  const { status, setStatus } = useSourceStatus();
  const [error, setError] = useState("");
  const notices = status?.notices ?? [];
  if (!source || notices.length === 0) return null;
  const dismiss = async (n: DeviceNotice) => {
    try {
      setStatus(await source.dismissNotice(n.id));
      setError("");
    } catch (e) {
      setError(`Could not dismiss: ${(e as Error).message}`);
    }
  };
  return (
    <section className="notices" aria-label="Notices">
      {notices.map((n) => {
        const reauth = n.kind === "needs_reauth" ? reauthLink(n.provider) : null;
        return (
          // Something stopped working and needs the person: an alert; the rest are for information.
          <div key={n.id} className={`banner notice-${n.kind}`} role={n.kind === "info" ? "status" : "alert"}>
            <span id={`notice-${n.id}`}>{n.message}</span>
            <span className="notice-actions">
              {reauth && (
                <a className="button primary" href={reauth.href}>
                  {reauth.label}
                </a>
              )}
              {n.kind !== "info" && !reauth && <Link to="/scouts">Open Scouts</Link>}
              <button type="button" aria-describedby={`notice-${n.id}`} onClick={() => void dismiss(n)}>
                Dismiss
              </button>
            </span>
          </div>
        );
      })}
      {error && (
        <p className="banner notice-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
