import type { MailAccountWithHealth } from "@scouts/core/protocol/mail-accounts";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AccountsApi } from "./accounts-api.ts";
import { AddAccount } from "./add-account.tsx";
import { healthText, progressText } from "./health.ts";
import "./accounts.css";

const when = (ms: number | null) => (ms === null ? "never" : new Date(ms).toLocaleString());

/** The accounts list with each one's health, Test and Remove (confirmed), and the Add account flow. */
export function AccountsPage({ api }: { api: AccountsApi }) {
  const [accounts, setAccounts] = useState<MailAccountWithHealth[] | null>(null);
  const [error, setError] = useState("");
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const refresh = useCallback(async () => {
    try {
      setAccounts(await api.list());
      setError("");
    } catch (e) {
      setError(`The agent did not list the accounts: ${(e as Error).message}`);
    }
  }, [api]);
  useEffect(() => {
    void refresh();
    // Health changes on its own (a drop, new mail): the list follows the watcher every few seconds.
    const timer = setInterval(() => void refresh(), 4000);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <section aria-labelledby="accounts-title">
      <div className="page-head">
        <h1 id="accounts-title" ref={heading} tabIndex={-1}>
          Accounts
        </h1>
        {!adding && (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add account
          </button>
        )}
      </div>
      <p className="lead">
        Mail accounts your local agent reads itself. Their passwords are kept encrypted by the agent on this
        computer; this browser never stores them.
      </p>
      {adding && (
        <AddAccount
          api={api}
          onDone={(added) => {
            setAdding(false);
            if (added) setNotice(`Added ${added.label}. Its mail is being read now.`);
            void refresh();
            heading.current?.focus();
          }}
        />
      )}
      <p role="status" className="muted">
        {notice}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {accounts && accounts.length === 0 && !adding && <p>No accounts yet.</p>}
      {accounts && accounts.length > 0 && (
        <ul className="cards" aria-label="Mail accounts">
          {accounts.map((a) => (
            <AccountCard
              key={a.id}
              api={api}
              account={a}
              onRemoved={() => {
                setNotice(`Removed ${a.label}.`);
                void refresh();
                heading.current?.focus();
              }}
              onChanged={() => void refresh()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export function AccountCard(props: {
  api: AccountsApi;
  account: MailAccountWithHealth;
  onRemoved: () => void;
  onChanged: () => void;
}) {
  const { api, account: a } = props;
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState("");
  const [busy, setBusy] = useState(false);
  const health = healthText(a);
  const progress = progressText(a.progress);
  const lastError = a.health?.lastError ?? a.lastError;
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      setResult((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const titleId = `account-${a.id}`;
  return (
    <li className="card account" aria-labelledby={titleId}>
      <div className="page-head">
        <h2 id={titleId} className="account-title">
          {a.label}
        </h2>
        <span className={`badge health-${health.tone}`}>{health.text}</span>
      </div>
      {progress && (
        <div className="toolbar">
          <p className="muted">{progress}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if (a.progress?.paused) await api.resume(a.id);
                else await api.pause(a.id);
                props.onChanged();
              })
            }
          >
            {a.progress?.paused ? "Resume" : "Pause"}
          </button>
        </div>
      )}
      <dl className="account-facts">
        <dt>Server</dt>
        <dd>
          {a.kind.toUpperCase()} · {a.server} · {a.username}
        </dd>
        <dt>Folders</dt>
        <dd>{a.folders.join(", ")}</dd>
        <dt>Last change seen</dt>
        <dd>{when(a.health?.lastChangeAt ?? a.lastChangeAt)}</dd>
        <dt>Items owed</dt>
        <dd>{a.health?.owed ?? 0}</dd>
        {lastError && (
          <>
            <dt>Last error</dt>
            <dd>{lastError}</dd>
          </>
        )}
      </dl>
      <div className="toolbar">
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              setResult("Testing…");
              const t = await api.test(a.id);
              setResult(
                `Signed in: ${t.folders.map((f) => `${f.name} has ${f.messages} message${f.messages === 1 ? "" : "s"}`).join(", ")}.`,
              );
            })
          }
        >
          Test
        </button>
        {!confirming && (
          <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Remove
          </button>
        )}
      </div>
      {confirming && (
        <fieldset className="toolbar confirm">
          <legend>Remove {a.label}? Its saved password is deleted; the mail on the server stays.</legend>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await api.remove(a.id);
                props.onRemoved();
              })
            }
          >
            Yes, remove
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      )}
      <p role="status" className="muted">
        {result}
      </p>
    </li>
  );
}
