import { useCallback, useEffect, useState } from "react";
import type { AutomationSummary, AutomationsApi, DailyUsage } from "./automations-api.ts";
import { McpPanel } from "./mcp-panel.tsx";
import { AutomationComposer } from "./nl-new.tsx";
import { RunHistory } from "./runs-page.tsx";

/** One row of the list: name, goal, state and actions. */
export function AutomationRow(props: {
  automation: AutomationSummary;
  onToggle: (enabled: boolean) => void;
  onOpen: () => void;
  onRun: () => void;
}) {
  const a = props.automation;
  return (
    <li>
      <button type="button" onClick={props.onOpen}>
        {a.name}
      </button>{" "}
      <span>v{a.version}</span> {a.goal && <span>— {a.goal}</span>}{" "}
      <span>{a.lastFiredAt ? `last ran ${new Date(a.lastFiredAt).toLocaleString()}` : "never ran"}</span>
      <label>
        <input type="checkbox" checked={a.enabled} onChange={(e) => props.onToggle(e.target.checked)} />{" "}
        enabled
      </label>
      <button type="button" onClick={props.onRun}>
        Run now
      </button>
    </li>
  );
}

/** Today's runs and spend against the daily caps; past a cap, new runs wait for the next UTC day. */
export function DailyUsageLine(props: { usage: DailyUsage }) {
  const u = props.usage;
  const full = u.runsToday >= u.limits.runs || u.spendTodayUsd >= u.limits.spendUsd;
  return (
    <p role={full ? "alert" : "status"}>
      Today: {u.runsToday} of {u.limits.runs} runs · ${u.spendTodayUsd.toFixed(2)} of $
      {u.limits.spendUsd.toFixed(2)} spent{full ? " — limit reached: new runs start again" : " (resets"} at{" "}
      {new Date(u.resetsAt).toISOString().slice(11, 16)} UTC{full ? "" : ")"}
    </p>
  );
}

/** Webhook token rotate/revoke and delete, for an opened automation; deleting asks twice. */
export function AutomationControls(props: {
  hasWebhook: boolean;
  onRotate: () => void;
  onRevoke: () => void;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <fieldset aria-label="automation controls">
      {props.hasWebhook && (
        <>
          <button type="button" onClick={props.onRotate}>
            Rotate webhook token
          </button>{" "}
          <button type="button" onClick={props.onRevoke}>
            Revoke webhook token
          </button>{" "}
        </>
      )}
      {confirming ? (
        <>
          <span>Delete this automation and its run history?</span>{" "}
          <button type="button" onClick={props.onDelete}>
            Yes, delete
          </button>{" "}
          <button type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Delete automation
        </button>
      )}
    </fieldset>
  );
}

/**
 * The automations screen: the list, a "new automation" composer (natural language + form), and
 * for an opened automation its NL edit and run history.
 */
export function AutomationsPage(props: { api: AutomationsApi }) {
  const { api } = props;
  const [list, setList] = useState<AutomationSummary[]>([]);
  const [mode, setMode] = useState<{ kind: "list" } | { kind: "new" } | { kind: "open"; id: string }>({
    kind: "list",
  });
  const [token, setToken] = useState<string | null>(null);
  const [opened, setOpened] = useState<Awaited<ReturnType<AutomationsApi["get"]>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [usage, setUsage] = useState<DailyUsage | null>(null);
  const refresh = useCallback(() => {
    void api.usage().then(setUsage, () => setUsage(null));
    return api.list().then(setList, (e: Error) => setError(e.message));
  }, [api]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    if (mode.kind === "open") api.get(mode.id).then(setOpened, (e: Error) => setError(e.message));
  }, [api, mode]);
  const saved = (id: string, webhookToken?: string) => {
    setToken(webhookToken ?? null);
    setMode({ kind: "open", id });
    void refresh();
  };
  return (
    <section aria-label="automations">
      <h1>Automations</h1>
      {error && <p role="alert">{error}</p>}
      {token && (
        <p role="status">
          Webhook token (shown once, copy it now): <code>{token}</code>
        </p>
      )}
      {mode.kind !== "list" && (
        <button type="button" onClick={() => setMode({ kind: "list" })}>
          Back to the list
        </button>
      )}
      {mode.kind === "list" && (
        <>
          {usage && <DailyUsageLine usage={usage} />}
          <button type="button" onClick={() => setMode({ kind: "new" })}>
            New automation
          </button>
          {list.length === 0 ? (
            <p>No automations yet.</p>
          ) : (
            <ul>
              {list.map((a) => (
                <AutomationRow
                  key={a.id}
                  automation={a}
                  onOpen={() => setMode({ kind: "open", id: a.id })}
                  onToggle={(enabled) => void api.setEnabled(a.id, enabled).then(refresh)}
                  onRun={() => void api.runNow(a.id).catch((e: Error) => setError(e.message))}
                />
              ))}
            </ul>
          )}
          <McpPanel api={api} />
        </>
      )}
      {mode.kind === "new" && <AutomationComposer api={api} onSaved={saved} />}
      {mode.kind === "open" && opened && (
        <>
          <AutomationComposer
            key={`${opened.automation.id}-${opened.automation.version}`}
            api={api}
            existing={{
              id: opened.automation.id,
              version: opened.automation.version,
              definition: opened.automation.definition,
            }}
            onSaved={saved}
          />
          <AutomationControls
            hasWebhook={opened.automation.definition.triggers.some((t) => t.type === "webhook")}
            onRotate={() =>
              void api.rotateToken(opened.automation.id).then(
                (r) => setToken(r.webhookToken),
                (e: Error) => setError(e.message),
              )
            }
            onRevoke={() =>
              void api.rotateToken(opened.automation.id, true).then(
                () => setError("Webhook token revoked: fires are refused until you rotate a new one."),
                (e: Error) => setError(e.message),
              )
            }
            onDelete={() =>
              void api.remove(opened.automation.id).then(
                () => {
                  setMode({ kind: "list" });
                  setOpened(null);
                  void refresh();
                },
                (e: Error) => setError(e.message),
              )
            }
          />
          <RunHistory api={api} automationId={opened.automation.id} />
        </>
      )}
    </section>
  );
}
