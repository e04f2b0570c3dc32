import type { RunRecord, StepRecord } from "@scouts/core/automation/executor/types";
import { useEffect, useState } from "react";
import type { AutomationsApi, RunSummary } from "./automations-api.ts";

const POLL_MS = 3000;

function duration(start: number | null, end: number | null): string {
  if (start === null) return "—";
  return `${(((end ?? Date.now()) - start) / 1000).toFixed(1)} s`;
}

/** One run's steps: status, attempts, timing, output or error. */
export function StepTable(props: { steps: StepRecord[] }) {
  return (
    <table aria-label="steps">
      <thead>
        <tr>
          <th>Step</th>
          <th>Status</th>
          <th>Attempts</th>
          <th>Time</th>
          <th>Result</th>
        </tr>
      </thead>
      <tbody>
        {props.steps.map((s) => (
          <tr key={`${s.phase}-${s.stepId}`}>
            <td>
              {s.phase === "on_failure" ? "on failure: " : ""}
              {s.stepId}
            </td>
            <td>{s.status}</td>
            <td>{s.attempts}</td>
            <td>{duration(s.startedAt, s.finishedAt)}</td>
            <td>
              <code>
                {s.error
                  ? `${s.error.code}: ${s.error.message}`
                  : JSON.stringify(s.output ?? null).slice(0, 300)}
              </code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface AwaitingApproval {
  awaiting: "approval";
  title: string;
  expires_at: number;
  on_timeout: "deny" | "approve";
}

function awaiting(s: StepRecord): AwaitingApproval | null {
  const o = s.output as Partial<AwaitingApproval> | null;
  return s.status === "running" && o?.awaiting === "approval" ? (o as AwaitingApproval) : null;
}

/** The run's step waiting for its owner: what it asks, until when, and what happens then. */
export function ApprovalPanel(props: {
  runId: string;
  steps: StepRecord[];
  answer: (runId: string, stepId: string, approved: boolean) => Promise<unknown>;
}) {
  const [sent, setSent] = useState<"approved" | "denied" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const step = props.steps.find((s) => awaiting(s));
  const ask = step ? awaiting(step) : null;
  if (!step || !ask) return null;
  const reply = (approved: boolean) => {
    setError(null);
    props
      .answer(props.runId, step.stepId, approved)
      .then(() => setSent(approved ? "approved" : "denied"))
      .catch((e: Error) => setError(e.message));
  };
  return (
    <section aria-label="approval needed" className="card">
      <h3>Approval needed</h3>
      <p>{ask.title}</p>
      <p>
        Expires {new Date(ask.expires_at).toLocaleString()}; then it is{" "}
        {ask.on_timeout === "approve" ? "approved" : "denied"} on its own.
      </p>
      {sent ? (
        <p role="status">You {sent} it; the run goes on.</p>
      ) : (
        <p>
          <button type="button" onClick={() => reply(true)}>
            Approve
          </button>{" "}
          <button type="button" onClick={() => reply(false)}>
            Deny
          </button>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

/**
 * Run history of one automation, refreshed every few seconds while runs are pending or running;
 * selecting a run shows its steps (also refreshed live).
 */
export function RunHistory(props: { api: AutomationsApi; automationId: string }) {
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [detail, setDetail] = useState<{ run: RunRecord; steps: StepRecord[] } | null>(null);
  useEffect(() => {
    let alive = true;
    const load = async () => {
      const list = await props.api.runs(props.automationId).catch(() => null);
      if (!alive || !list) return;
      setRuns(list);
      if (selected) setDetail(await props.api.run(selected).catch(() => null));
    };
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [props.api, props.automationId, selected]);
  return (
    <section aria-label="run history">
      <ul>
        {runs.map((r) => (
          <li key={r.id}>
            <button type="button" aria-pressed={selected === r.id} onClick={() => setSelected(r.id)}>
              {new Date(r.createdAt).toLocaleString()} · {r.triggerType} · v{r.version} · {r.status}
              {r.error ? ` (${r.error.code})` : ""}
            </button>
          </li>
        ))}
      </ul>
      {detail && (
        <div>
          <p>
            Run {detail.run.id}: {detail.run.status}, ${detail.run.costUsd.toFixed(4)}
            {(detail.run.status === "pending" || detail.run.status === "running") && (
              <button type="button" onClick={() => void props.api.cancel(detail.run.id)}>
                Cancel
              </button>
            )}
          </p>
          <ApprovalPanel
            key={detail.run.id}
            runId={detail.run.id}
            steps={detail.steps}
            answer={props.api.answerApproval}
          />
          <StepTable steps={detail.steps} />
        </div>
      )}
    </section>
  );
}
