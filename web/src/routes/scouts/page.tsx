import { healedNotices } from "@scouts/core/device/notices";
import { useEffect, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { reauthLink } from "../../app/notices.tsx";
import { Empty, ErrorState } from "../../app/states.tsx";
import { useSourceStatus } from "../../app/status.tsx";
import { ago, useAsync } from "../../lib/use-async.ts";
import { CloudError, cloud, Me, type ScoutPatch } from "./cloud.ts";
import { LocalScouts } from "./local-scouts.tsx";

const PROVIDER: Record<string, string> = { gmail: "Gmail", slack: "Slack", demo: "Demo" };

/** Connected sources: connect Gmail/Slack, per-scout switches, health and re-auth. */
export function ScoutsPage() {
  const { source, online } = useConnection();
  const { status, setStatus } = useSourceStatus();
  // A new re-authorization notice reads the scouts again (they show it too); each answer notes
  // which notices were active when it was asked for, so an older answer never clears a newer one.
  const reauthIds = (status?.notices ?? [])
    .filter((n) => n.kind === "needs_reauth")
    .map((n) => n.id)
    .join(" ");
  const { state, reload } = useAsync(
    async () => ({ ...(await cloud("/api/v1/me", {}, Me)), askedWith: reauthIds.split(" ") }),
    [reauthIds],
  );
  const [notice, setNotice] = useState("");
  // Back from re-authorizing: the device's notice for a scout the cloud now reports healthy goes.
  useEffect(() => {
    if (state.status !== "ready" || !source || !status) return;
    const asked = status.notices.filter((n) => state.data.askedWith.includes(n.id));
    for (const id of healedNotices(asked, state.data)) source.dismissNotice(id).then(setStatus, () => {});
  }, [state, source, status, setStatus]);
  const patch = async (id: string, p: ScoutPatch) => {
    try {
      await cloud(`/api/v1/scouts/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify(p) });
      setNotice("Saved.");
      reload();
    } catch (e) {
      setNotice(`Not saved: ${(e as Error).message}`);
    }
  };
  const signedOut =
    state.status === "error" && state.error instanceof CloudError && state.error.status === 401;
  return (
    <section aria-labelledby="scouts-title">
      <h1 id="scouts-title">Scouts</h1>
      <div className="toolbar">
        <a className="button" href="/oauth/google/start">
          Connect Gmail
        </a>
        <a className="button" href="/oauth/slack/start">
          Connect Slack
        </a>
      </div>
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {signedOut && <SignIn onDone={reload} />}
      {state.status === "error" && !signedOut && !online && (
        <div className="state offline" role="status">
          <p className="state-title">Offline</p>
          <p>Your scouts' health and switches come from the cloud: they show again once you are online.</p>
        </div>
      )}
      {state.status === "error" && !signedOut && online && <ErrorState error={state.error} retry={reload} />}
      {state.status === "loading" && !state.data && <p role="status">Loading scouts…</p>}
      {state.data && state.data.scouts.length === 0 && (
        <Empty title="No scouts yet">
          <p>Connect Gmail or Slack to start.</p>
        </Empty>
      )}
      {state.data && <UseAsDevice />}
      <ul className="scouts">
        {state.data?.scouts.map((s) => {
          const name = `${PROVIDER[s.sourceType] ?? s.sourceType}${s.accountRef ? ` · ${s.accountRef}` : ""}`;
          const reauth = reauthLink(s.sourceType);
          return (
            <li key={s.id} className="scout">
              <h2>{name}</h2>
              <p className={s.needsReauth ? "health bad" : s.pausedReason ? "health warn" : "health ok"}>
                {s.needsReauth
                  ? "Needs re-authorization: access was revoked or expired."
                  : s.pausedReason
                    ? `Paused: ${s.pausedReason.replaceAll("_", " ")}`
                    : s.lastRun
                      ? `Healthy · last run ${s.lastRun.outcome} ${ago(s.lastRun.at)}`
                      : "Healthy · no runs yet"}
              </p>
              <p className={s.owed?.count ? "sync-state warn" : "sync-state"}>
                {`Last sync ${s.lastRunAt ? ago(s.lastRunAt) : "never"}`}
                {s.owed?.count
                  ? ` · ${s.owed.count} ${s.owed.count === 1 ? "item" : "items"} owed, retrying` +
                    (s.owed.lastError
                      ? ` (last error ${s.owed.lastError.replaceAll("_", " ")}${s.owed.lastErrorAt ? ` ${ago(s.owed.lastErrorAt)}` : ""})`
                      : "")
                  : " · nothing owed"}
              </p>
              {s.needsReauth && reauth && (
                <a className="button primary" href={reauth.href}>
                  {reauth.label}
                </a>
              )}
              <label className="switch">
                <input
                  type="checkbox"
                  checked={s.enabled}
                  onChange={(e) => patch(s.id, { enabled: e.target.checked })}
                />
                Enabled
              </label>
              <label className="switch">
                <input
                  type="checkbox"
                  checked={s.autoTrashSpam}
                  onChange={(e) => patch(s.id, { autoTrashSpam: e.target.checked })}
                />
                Move spam to trash automatically
              </label>
              <label className="field">
                Pause after this many days without a device
                <input
                  type="number"
                  min={1}
                  max={365}
                  defaultValue={s.deviceInactivityPauseDays}
                  onBlur={(e) => {
                    const n = Number(e.target.value);
                    if (n !== s.deviceInactivityPauseDays) void patch(s.id, { deviceInactivityPauseDays: n });
                  }}
                />
              </label>
            </li>
          );
        })}
      </ul>
      <LocalScouts />
    </section>
  );
}

/** Signed out: Google sign-in, plus the dev-only email sign-in a local stack accepts. */
function SignIn(props: { onDone: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  return (
    <section className="state" aria-label="Sign in">
      <p className="state-title">Sign in to see your scouts</p>
      <a className="button primary" href="/oauth/google/start">
        Sign in with Google
      </a>
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await cloud("/api/v1/dev/signin", { method: "POST", body: JSON.stringify({ email }) });
            props.onDone();
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      >
        <label>
          Local development sign-in (email)
          <input
            type="email"
            value={email}
            placeholder="dev@scouts.local"
            aria-describedby="dev-signin-hint"
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </label>
        <span id="dev-signin-hint" className="hint">
          <code>npm start</code> pairs its agent and demo scout as dev@scouts.local (the agent's{" "}
          <code>SCOUTS_DEV_EMAIL</code>): sign in with that address to see them.
        </span>
        <button type="submit">Sign in</button>
        {error && <p role="alert">{error}</p>}
      </form>
    </section>
  );
}

/**
 * Without a local agent (a phone), this browser can be the device: a pairing code from the
 * signed-in session, then a reload with `#pair=` so the shell starts device mode paired.
 */
function UseAsDevice() {
  const { mode } = useConnection();
  const [error, setError] = useState("");
  if (mode === "agent") return null;
  return (
    <div className="toolbar">
      <button
        type="button"
        className="primary"
        onClick={async () => {
          try {
            const { code } = await cloud<{ code: string }>("/api/v1/devices/pairing-codes", {
              method: "POST",
              body: "{}",
            });
            location.assign(`/suggestions#pair=${encodeURIComponent(code)}`);
            location.reload();
          } catch (e) {
            setError((e as Error).message);
          }
        }}
      >
        Use this browser as my device
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
