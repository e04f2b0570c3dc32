import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useAsync } from "../lib/use-async.ts";
import { CloudError, cloud } from "../routes/scouts/cloud.ts";

/**
 * Screens that read the cloud with the session cookie (automations, workspaces): signed out, they
 * say so and where to sign in, instead of the Worker's "sign in or send a device token" on every
 * panel. Any other answer (signed in, offline, an outage) shows the screen, which says its own error.
 */
export function CloudSignInGate(props: { title: string; what: string; children: ReactNode }) {
  const { state, reload } = useAsync(() => cloud("/api/v1/me"), []);
  if (state.status === "loading" && state.data === undefined)
    return (
      <section aria-label={props.title}>
        <h1>{props.title}</h1>
        <p role="status">Loading…</p>
      </section>
    );
  const signedOut =
    state.status === "error" && state.error instanceof CloudError && state.error.status === 401;
  if (!signedOut) return <>{props.children}</>;
  return (
    <section aria-label={props.title}>
      <h1>{props.title}</h1>
      <div className="state" role="status">
        <p className="state-title">Sign in to see {props.what}</p>
        <p>
          {props.title} live in your Scouts account in the cloud. Sign in on the{" "}
          <Link to="/scouts">Scouts</Link> screen, then come back.
        </p>
        <button type="button" onClick={reload}>
          I have signed in
        </button>
      </div>
    </section>
  );
}
