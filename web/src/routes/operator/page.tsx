import type { OperatorOverview } from "@scouts/db/repos/operator";
import { useState } from "react";
import { ErrorState } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";

const KEY = "scouts.operatorToken";

async function loadOverview(token: string): Promise<OperatorOverview | null> {
  if (!token) return null;
  const res = await fetch("/api/v1/operator/overview", { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json().catch(() => ({}))) as OperatorOverview & { error?: { message: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `the Worker answered ${res.status}`);
  return body;
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

/**
 * The operator's view of the service (not a person's mail): queue backlog, dead letters, scouts
 * needing re-authorisation, watch expiries and error rates, as ids and counts. The operator key
 * is kept for this tab only (sessionStorage).
 */
export function OperatorPage() {
  const [token, setToken] = useState(() => sessionStorage.getItem(KEY) ?? "");
  const [draft, setDraft] = useState("");
  const { state, reload } = useAsync(() => loadOverview(token), [token]);
  const o = state.data;
  return (
    <section aria-labelledby="operator-title">
      <div className="page-head">
        <h1 id="operator-title">Operator</h1>
        {token && (
          <button type="button" onClick={reload}>
            Refresh
          </button>
        )}
      </div>
      {!token && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            sessionStorage.setItem(KEY, draft);
            setToken(draft);
          }}
        >
          <p>
            The service's health for whoever runs this deployment. Enter the operator key (OPERATOR_TOKEN).
          </p>
          <label>
            Operator key
            <input
              type="password"
              autoComplete="off"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <button type="submit">Open</button>
        </form>
      )}
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {o && (
        <>
          <p className="lead">As of {new Date(o.at).toLocaleString()}</p>
          <h2>Triage queue</h2>
          <dl className="stats">
            <dt>Queued</dt>
            <dd>{o.triageQueue.queued}</dd>
            <dt>Delivered, not acknowledged</dt>
            <dd>{o.triageQueue.delivered}</dd>
            <dt>Oldest queued</dt>
            <dd>
              {o.triageQueue.oldestQueuedAgeSeconds === null
                ? "—"
                : `${o.triageQueue.oldestQueuedAgeSeconds} s`}
            </dd>
            <dt>Dead letters (24 h)</dt>
            <dd>{o.deadLetters.lastDay}</dd>
          </dl>
          <h2>Connections</h2>
          <dl className="stats">
            <dt>Needing re-authorization</dt>
            <dd>{o.reauth.count}</dd>
            <dt>Watches expired</dt>
            <dd>{o.watches.expired}</dd>
            <dt>Watches expiring within 48 h</dt>
            <dd>{o.watches.expiringWithin48h}</dd>
            <dt>Automation runs running over an hour</dt>
            <dd>{o.automations.runningOverAnHour}</dd>
          </dl>
          <h2>Errors</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Window</th>
                <th scope="col">Runs</th>
                <th scope="col">Errors</th>
                <th scope="col">Rate</th>
                <th scope="col">By outcome</th>
              </tr>
            </thead>
            <tbody>
              {(["lastHour", "lastDay"] as const).map((w) => (
                <tr key={w}>
                  <th scope="row">{w === "lastHour" ? "Last hour" : "Last day"}</th>
                  <td>{o.errors[w].runs}</td>
                  <td>{o.errors[w].errors}</td>
                  <td>{pct(o.errors[w].errorRate)}</td>
                  <td>
                    {Object.entries(o.errors[w].byOutcome)
                      .map(([k, n]) => `${k} ${n}`)
                      .join(", ") || "none"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {o.reauth.scoutIds.length > 0 && (
            <>
              <h2>Scouts needing re-authorization</h2>
              <ul>
                {o.reauth.scoutIds.map((id) => (
                  <li key={id}>
                    <code>{id}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            onClick={() => {
              sessionStorage.removeItem(KEY);
              setToken("");
            }}
          >
            Forget the key
          </button>
        </>
      )}
    </section>
  );
}
